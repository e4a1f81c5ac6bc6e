"""Chase the Tailor: the command line and the example scripts."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from cardgames.cli import main
from cardgames.tailor import Rules, deal, loads

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_deal_tailor_shows_hands_stock_and_top(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "tailor", "--players", "4", "--seed", "3")
    assert status == 0
    assert out.count("  seat ") == 4 and "top card:" in out and "stock (26 cards)" in out
    assert run(capsys, "deal", "tailor", "--players", "4", "--seed", "3")[1] == out


def test_deal_tailor_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "tailor", "--players", "3", "--seed", "3", "--json")
    (only,) = loads(out).deals
    assert status == 0 and only.moves == ()
    assert only.start() == deal(Rules(players=3), seed=3)


def test_deal_tailor_defaults_match_the_other_subcommands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # One set of defaults: four players, seed 1, seat 0 first.
    status, out, _ = run(capsys, "deal", "tailor", "--json")
    (only,) = loads(out).deals
    assert status == 0 and only.start() == deal(Rules(players=4), seed=1, first_player=0)


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "tailor", "--seed", "5", "--players", "3", "--chase"],
        ["deal", "--seed", "5", "--players", "3", "--chase", "tailor"],
        ["deal", "--chase", "tailor", "--seed", "5", "--players", "3"],
        ["deal", "tailor", "--rules", "players=3,chase_mode=yes", "--seed", "5"],
    ],
)
def test_deal_tailor_options_anywhere(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *argv)
    assert status == 0 and out.startswith("Chase the Tailor, 3 players, Chase Mode, seed 5")


def test_rules_text_disagreeing_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "deal", "tailor", "--rules", "players=3", "--players", "4")
    assert status == 2 and "--players 4 disagrees" in err


def test_deal_tailor_bad_seat_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "deal", "tailor", "--players", "2", "--first-player", "5")
    assert status == 2 and "first_player" in err


def test_play_tailor_round(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "tailor", "--players", "4", "--seed", "3", "--chase")
    assert status == 0 and "seat 0:" in out and "payoffs:" in out
    assert ("went out" in out) or ("stalemate" in out)
    assert run(capsys, "play", "tailor", "--players", "4", "--seed", "3", "--chase")[1] == out


def test_play_tailor_round_json_replays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "tailor", "--players", "3", "--seed", "4", "--json")
    data = json.loads(out)
    (only,) = loads(out).deals
    final = only.replay()
    assert status == 0 and data["format"] == "cardgames-record" and data["game"] == "tailor"
    assert final.is_over and only.start() == deal(Rules(players=3), seed=4)
    assert run(capsys, "play", "--json", "tailor", "--seed", "4", "--players", "3")[1] == out


def test_play_tailor_match(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "tailor", "--players", "4", "--seed", "3", "--rounds", "5")
    status, out, _ = run(capsys, *argv)
    assert status == 0 and out.count("round ") == 5 and "totals:" in out and "winner" in out
    status, out, _ = run(capsys, *argv, "--json")
    match = loads(out).match()
    assert status == 0 and match.is_over and len(match.deals) == 5
    assert max(match.totals) == match.totals[match.winners()[0]]


def test_play_options_of_the_other_game_are_usage_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv, message in (
        (["play", "tailor", "--game"], "--game does not apply to Chase the Tailor"),
        (["play", "--rounds", "3", "tarot"], "--rounds does not apply to Tarot"),
        (["deal", "tailor", "--rounds", "3"], "unrecognized arguments: --rounds"),
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2 and message in capsys.readouterr().err


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
