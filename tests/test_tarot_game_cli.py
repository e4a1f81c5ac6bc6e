"""The Tarot command line and the examples (games of several deals: tests/test_tarot_game.py)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from cardgames.cli import main
from cardgames.tarot import Game, Rules, State, deal, loads

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_deal_tarot_traditional(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("deal", "tarot", "--rules", "traditional", "--players", "3", "--seed", "7")
    status, out, _ = run(capsys, *args)
    assert status == 0 and "traditional-3" in out and "talon" in out
    assert run(capsys, *args)[1] == out  # deterministic
    position = out.splitlines()[-1].removeprefix("position: ")
    assert State.parse(position) == deal(Rules.traditional(players=3), seed=7)


def test_cli_deal_tarot_json_with_dealer(capsys: pytest.CaptureFixture[str]) -> None:
    # The default rules are traditional ones for three players, as in every subcommand.
    status, out, _ = run(capsys, "deal", "tarot", "--seed", "7", "--dealer", "2", "--json")
    assert status == 0
    (only,) = loads(out).deals
    assert only.replay() == deal(Rules.traditional(players=3), seed=7, dealer=2)


def test_cli_play_tarot_simplified(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("play", "tarot", "--rules", "simplified", "--players", "4", "--seed", "7")
    status, out, _ = run(capsys, *args)
    assert status == 0 and "trick 19" in out and "payoffs" in out
    assert run(capsys, *args)[1] == out
    status, text, _ = run(capsys, *args, "--json")
    (only,) = loads(text).deals
    assert only.is_over and only.replay().is_over
    record: dict[str, Any] = json.loads(text)
    assert record["rules"] == "simplified-4"


def test_cli_play_tarot_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "tarot", "--rules", "traditional", "--game", "--json")
    game = loads(out).game()
    assert status == 0 and isinstance(game, Game) and game.is_over
    status, out, _ = run(capsys, "play", "tarot", "--rules", "traditional-4", "--game")
    assert status == 0 and out.count("Tarot traditional-4") == 4 and "totals" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "tarot", "--players", "4", "--seed", "5", "--dealer", "1", "--json"],
        ["deal", "--players", "4", "--seed", "5", "--dealer", "1", "--json", "tarot"],
        ["deal", "--json", "--dealer", "1", "tarot", "--players", "4", "--seed", "5"],
    ],
)
def test_cli_deal_tarot_options_anywhere(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, *argv)
    (only,) = loads(out).deals
    assert status == 0
    assert only.start() == deal(Rules.traditional(players=4), seed=5, dealer=1)


def test_cli_tarot_defaults_are_the_same_in_every_subcommand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Regression: `deal tarot` used simplified-4 while `analyse tarot` used traditional-3.
    _, dealt, _ = run(capsys, "deal", "tarot")
    _, played, _ = run(capsys, "play", "tarot")
    _, analysed, _ = run(capsys, "analyse", "tarot", "--tricks-left", "1")
    assert dealt.startswith("Tarot traditional-3, seed 1, dealer 0")
    assert played.startswith("Tarot traditional-3, dealer 0")
    assert "Tarot traditional-3: trick 25 of 25" in analysed


def test_cli_tarot_option_of_the_other_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["deal", "--chase", "tarot"])
    assert exit_info.value.code == 2
    assert "--chase does not apply to Tarot" in capsys.readouterr().err


def test_cli_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "play", "tarot", "--rules", "traditional", "--players", "5")
    assert status == 2 and "3 or 4 players" in err
    status, _, err = run(capsys, "deal", "tarot", "--rules", "bogus")
    assert status == 2 and "bogus" in err
    status, _, err = run(capsys, "deal", "tarot", "--dealer", "9")
    assert status == 2 and "dealer" in err
    status, _, err = run(capsys, "deal", "tarot", "--rules", "traditional-4", "--players", "3")
    assert status == 2


def _example(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_random_game(capsys: pytest.CaptureFixture[str]) -> None:
    module = _example("tarot_random_game")
    assert module.main(["3"]) == 0
    out = capsys.readouterr().out
    assert out.count("Deal ") == 4 and "wins with" in out
    assert module.main(["3"]) == 0
    assert capsys.readouterr().out == out


def test_example_count(capsys: pytest.CaptureFixture[str]) -> None:
    module = _example("tarot_count")
    assert module.main(["2"]) == 0
    out = capsys.readouterr().out
    assert "In groups of 3" in out and "total:" in out
    assert module.main([]) == 0
