"""Games of several deals, the command line and the examples."""

from __future__ import annotations

import importlib.util
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cardgames.cli import main
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tarot import Game, Rules, State, deal, loads, random_strategy

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_game_deal_passes_round_and_each_player_deals_once() -> None:
    for rules, first, order in (
        (Rules.traditional(players=3), 0, [0, 2, 1]),
        (Rules.traditional(players=4), 1, [1, 0, 3, 2]),
        (Rules.simplified(players=5), 3, [3, 4, 0, 1, 2]),
    ):
        game = Game(rules=rules, seed=2, first_dealer=first).play_out(random_strategy(2))
        assert game.is_over and len(game.deals) == rules.players
        assert [state.dealer for state in game.deals] == order
        assert game.next_dealer is None
        with pytest.raises(IllegalMoveError):
            game.start_next()


def test_game_keeps_running_totals_of_payoffs() -> None:
    game = Game(rules=Rules.traditional(players=3), seed=9).play_out(random_strategy(1))
    rows = game.running_totals
    assert len(rows) == 3
    expected = [Fraction(0)] * 3
    for state, row in zip(game.deals, rows, strict=True):
        expected = [a + b for a, b in zip(expected, state.payoffs(), strict=True)]
        assert list(row) == expected
        assert sum(row) == 0
    assert game.totals == rows[-1]


def test_game_is_reproducible_and_deals_differ() -> None:
    one = Game(rules=Rules.simplified(players=3), seed=4).play_out(random_strategy(4))
    two = Game(rules=Rules.simplified(players=3), seed=4).play_out(random_strategy(4))
    assert one == two
    hands = {state.initial.hands for state in one.deals}
    assert len(hands) == 3


def test_game_record_checks_the_deal() -> None:
    game = Game(rules=Rules.simplified(players=3), seed=4)
    stranger = deal(Rules.simplified(players=3), seed=99)
    with pytest.raises(IllegalMoveError, match="next deal"):
        game.record(stranger)
    with pytest.raises(IllegalMoveError, match="finished"):
        game.record(game.start_next())
    with pytest.raises(RulesError):
        Game(rules=Rules.simplified(players=3), seed=4, first_dealer=3)


def test_game_with_wrong_typed_arguments_raises_rules_error() -> None:
    rules = Rules.simplified(players=3)
    anything: Any
    for anything in (None, "simplified-3", 3):
        with pytest.raises(RulesError, match="rules"):
            Game(rules=anything, seed=1)
    for anything in ("1", None, 1.0, True, -1, 2**64, 10**5000):
        with pytest.raises(RulesError, match="seed"):
            Game(rules=rules, seed=anything)
    for anything in ("0", None, 0.0, True, -1, 3, 10**5000):
        with pytest.raises(RulesError, match="first_dealer"):
            Game(rules=rules, seed=1, first_dealer=anything)
    finished = Game(rules=rules, seed=1).play_out(random_strategy(1))
    for anything in (None, 5, "deals", [None], [finished.deals[1]], finished.deals * 2):
        with pytest.raises(RulesError):
            Game(rules=rules, seed=1, deals=anything)
    with pytest.raises(RulesError, match="not the game's deal 0"):
        Game(rules=rules, seed=1, deals=[finished.deals[0].initial.start()])


def test_game_keeps_a_tuple_of_its_deals() -> None:
    finished = Game(rules=Rules.simplified(players=3), seed=1).play_out(random_strategy(1))
    deals = list(finished.deals)
    game = Game(rules=finished.rules, seed=1, deals=deals)
    assert game == finished and isinstance(game.deals, tuple)
    hash(game)
    deals.clear()
    assert game == finished and game.is_over


def test_game_methods_validate_their_arguments() -> None:
    game = Game(rules=Rules.traditional(players=3), seed=5, first_dealer=1)
    assert [game.dealer_of(n) for n in range(3)] == [1, 0, 2]
    for number in ("1", None, True, -1, 3, 10**18, 10**5000):
        with pytest.raises(RulesError, match="deal number"):
            game.dealer_of(number)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="deal number"):
            game.deal_seed(number)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="callable"):
        game.play_out(None)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="expected a Move"):
        game.play_out(lambda state: "1S")  # type: ignore[arg-type]
    for item in (None, game, "state"):
        with pytest.raises(IllegalMoveError):
            game.record(item)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="expected a tarot State"):
        random_strategy(1)(None)  # type: ignore[arg-type]


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
