"""Chase the Tailor: the command line and the example scripts."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from cardgames.cli import main
from cardgames.tailor import State, loads

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_deal_tailor_shows_hands_stock_and_top(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "tailor", "--players", "4", "--seed", "3")
    assert status == 0
    assert out.count("  player ") == 4 and "top card:" in out and "stock (26 cards)" in out
    assert run(capsys, "deal", "tailor", "--players", "4", "--seed", "3")[1] == out


def test_deal_tailor_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "tailor", "--players", "3", "--seed", "3", "--json")
    data = json.loads(out)
    assert status == 0 and len(data["hands"]) == 3 and len(data["stock"]) == 33
    assert State.parse(data["position"]).seed == 3 and data["rules"]["players"] == 3


def test_deal_tailor_bad_seat_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "deal", "tailor", "--players", "2", "--first-player", "5")
    assert status == 2 and "first_player" in err


def test_play_tailor_round(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "tailor", "--players", "4", "--seed", "3", "--chase")
    assert status == 0 and "player 0:" in out and "payoffs:" in out
    assert ("went out" in out) or ("stalemate" in out)
    assert run(capsys, "play", "tailor", "--players", "4", "--seed", "3", "--chase")[1] == out


def test_play_tailor_round_json_replays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "tailor", "--players", "3", "--seed", "4", "--json")
    data = json.loads(out)
    (round_data,) = data["rounds"]
    record = loads(json.dumps(round_data))
    final = record.replay()
    assert status == 0 and str(final) == round_data["final"]
    assert list(final.payoffs()) == round_data["payoffs"] == [-t for t in data["totals"]]


def test_play_tailor_match(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "tailor", "--players", "4", "--seed", "3", "--rounds", "5")
    status, out, _ = run(capsys, *argv)
    assert status == 0 and out.count("round ") == 5 and "totals:" in out and "winner" in out
    status, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert len(data["rounds"]) == 5 and len(data["totals"]) == 4 and data["winners"]
    assert min(data["totals"]) == data["totals"][data["winners"][0]]


def test_play_tailor_bad_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "play", "tailor", "--rounds", "0")
    assert status == 2 and "rounds" in err


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["tailor_round", "tailor_match"])
def test_examples_run_deterministically(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    module = _load(name)
    assert module.main(["5"]) == 0
    first = capsys.readouterr().out
    assert module.main(["5"]) == 0
    assert capsys.readouterr().out == first and first
    assert module.main([]) == 0
    assert capsys.readouterr().out
