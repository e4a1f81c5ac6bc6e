"""Arenas: the seating rotations, the statistics (checked by hand), parallel runs equal to
serial ones, the JSON form, and the command line."""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import attrs
import pytest

from cardgames import arena, tailor, tarot
from cardgames.arena import Z_95, ArenaGame, ArenaResult
from cardgames.arena_cli import add_parser, parse_bot, parse_bots
from cardgames.arena_cli import run as run_cli
from cardgames.bots import PIMCBot, RandomBot, RuleBot, TailorBot, TarotBot
from cardgames.errors import IllegalMoveError, NotationError, RulesError


@attrs.frozen
class FirstMove:
    """Always the first legal move (a constant, picklable bot)."""

    name: str = "first"

    def choose(self, view: Any, rng: random.Random) -> Any:
        return view.legal_moves()[0]


@attrs.frozen
class Cheater:
    """Plays a move of the wrong game."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        return tailor.Draw()


def _result(games: list[ArenaGame], names: tuple[str, ...] = ("a", "b")) -> ArenaResult:
    return ArenaResult(
        game="tailor", rules="players=2", seed=0, duplicate=True, names=names, games=games
    )


def _game(deal: int, rotation: int, seats: tuple[int, ...], payoffs: tuple[int, ...]) -> ArenaGame:
    return ArenaGame(
        deal=deal, rotation=rotation, seats=seats, payoffs=[Fraction(p) for p in payoffs]
    )


# -- the statistics, by hand -----------------------------------------------------------------


def test_constant_scores_have_a_known_mean_and_no_error() -> None:
    games = [
        _game(deal, rotation, seats, (-3, 0) if seats == (0, 1) else (0, -3))
        for deal in range(4)
        for rotation, seats in enumerate(((0, 1), (1, 0)))
    ]
    result = _result(games)
    first, second = result.standings
    assert (first.mean, first.stderr, first.low, first.high) == (-3.0, 0.0, -3.0, -3.0)
    assert (second.mean, second.stderr, first.games, first.deals) == (0.0, 0.0, 8, 4)
    versus = result.comparison(0, 1)
    assert (versus.mean, versus.stderr, versus.wins, versus.losses, versus.ties) == (
        -3.0,
        0.0,
        0,
        4,
        0,
    )
    assert versus.significant


def test_scores_are_averaged_over_the_rotations_of_a_deal() -> None:
    # Deal 0: entry 0 scores -10 then -4 (mean -7), entry 1 scores 0 then -2 (mean -1).
    # Deal 1: entry 0 scores -1 and -1 (mean -1), entry 1 -5 and -3 (mean -4).
    games = [
        _game(0, 0, (0, 1), (-10, 0)),
        _game(0, 1, (1, 0), (-2, -4)),
        _game(1, 0, (0, 1), (-1, -5)),
        _game(1, 1, (1, 0), (-3, -1)),
    ]
    result = _result(games)
    first, second = result.standings
    assert first.mean == -4.0  # (-7 + -1) / 2
    # sample sd of (-7, -1) is sqrt(18); the standard error divides by sqrt(2): 3.
    assert first.stderr == pytest.approx(3.0)
    assert first.low == pytest.approx(-4.0 - Z_95 * 3.0)
    assert second.mean == -2.5 and second.stderr == pytest.approx(1.5)
    # Differences per deal: -7 - -1 = -6 and -1 - -4 = 3: mean -1.5, sd sqrt(40.5), se 4.5.
    versus = result.comparison(0, 1)
    assert versus.mean == -1.5 and versus.stderr == pytest.approx(4.5)
    assert (versus.wins, versus.losses, versus.ties) == (1, 1, 0)
    assert not versus.significant
    backwards = result.comparison(1, 0)
    assert backwards.mean == 1.5 and (backwards.wins, backwards.losses) == (1, 1)
    assert backwards.low == pytest.approx(-versus.high)  # type: ignore[operator]


def test_one_deal_has_no_standard_error() -> None:
    result = _result([_game(0, 0, (0, 1), (1, -1))])
    assert result.standings[0].stderr is None and result.standings[0].low is None
    assert "-" in result.table()


def test_results_refuse_inconsistent_games() -> None:
    with pytest.raises(RulesError):
        _result([])
    with pytest.raises(RulesError):
        _result([_game(0, 0, (0, 0), (1, -1))])
    with pytest.raises(RulesError):
        _result([_game(0, 0, (0, 1), (1, -1))]).comparison(0, 0)


# -- real arenas -----------------------------------------------------------------------------


def test_a_duplicate_tarot_arena_seats_every_bot_everywhere() -> None:
    rules = tarot.Rules.traditional(players=3)
    result = arena.run(rules, [FirstMove(), RuleBot(), RandomBot()], deals=2, seed=4)
    assert len(result.games) == 6 and result.deals == 2
    for deal in range(2):
        seatings = [game.seats for game in result.games if game.deal == deal]
        assert sorted(seatings) == sorted([(0, 1, 2), (2, 0, 1), (1, 2, 0)])
    for game in result.games:
        assert sum(game.payoffs) == 0  # Tarot payoffs are points above the table's average
    assert [standing.games for standing in result.standings] == [6, 6, 6]
    assert math.isclose(sum(standing.mean for standing in result.standings), 0, abs_tol=1e-9)
    assert [standing.name for standing in result.standings] == ["first", "rule", "random"]


def test_the_duplicate_games_of_a_deal_play_the_same_cards() -> None:
    # The same constant bot in every seat: every rotation plays the very same game.
    rules = tailor.Rules(players=3)
    result = arena.run(rules, [FirstMove()] * 3, deals=3, seed=2)
    for deal in range(3):
        payoffs = {game.payoffs for game in result.games if game.deal == deal}
        assert len(payoffs) == 1


def test_without_duplicate_each_deal_is_played_once() -> None:
    result = arena.run(
        tailor.Rules(players=4), [RuleBot(), RandomBot()] * 2, deals=5, seed=1, duplicate=False
    )
    assert len(result.games) == 5
    assert {game.seats for game in result.games} == {(0, 1, 2, 3)}


def test_the_same_seed_gives_the_same_arena() -> None:
    rules = tarot.Rules.simplified(players=4)
    bots: list[TarotBot] = [RandomBot(), RuleBot(), RandomBot(), RuleBot()]
    first = arena.run(rules, bots, deals=2, seed=9)
    assert arena.run(rules, bots, deals=2, seed=9) == first
    assert arena.run(rules, bots, deals=2, seed=10) != first


@pytest.mark.parametrize("pool", [ThreadPoolExecutor, ProcessPoolExecutor])
def test_an_executor_gives_the_serial_result(pool: Any) -> None:
    rules = tailor.Rules(players=3)
    bots: list[TailorBot] = [RandomBot(), RuleBot(), PIMCBot(worlds=2, nodes=100, horizon=2)]
    serial = arena.run(rules, bots, deals=2, seed=6)
    with pool(max_workers=2) as executor:
        parallel = arena.run(rules, bots, deals=2, seed=6, executor=executor)
    assert parallel == serial
    assert parallel.to_dict() == serial.to_dict()


def test_the_json_form_reads_back() -> None:
    rules = tarot.Rules.traditional(players=3)
    result = arena.run(rules, [RuleBot(), RandomBot(), RandomBot()], deals=2, seed=3)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["format"] == "cardgames-arena" and data["bots"] == ["rule", "random", "random"]
    again = ArenaResult.from_dict(data)
    assert again == result and again.standings == result.standings
    assert again.head_to_head == result.head_to_head


@pytest.mark.parametrize(
    "change",
    [
        {"format": "other"},
        {"version": 2},
        {"games": [{"deal": 0}]},
        {"seed": -1},
        {"bots": "rule"},
    ],
)
def test_a_bad_json_form_is_refused(change: dict[str, Any]) -> None:
    result = arena.run(tailor.Rules(players=2), [RuleBot(), RandomBot()], deals=1, seed=3)
    data = {**result.to_dict(), **change}
    with pytest.raises(NotationError):
        ArenaResult.from_dict(data)


def test_progress_shows_a_bar_on_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    arena.run(tailor.Rules(players=2), [RuleBot(), RandomBot()], deals=2, seed=1, progress=True)
    assert "arena" in capsys.readouterr().err


def test_an_illegal_move_names_the_bot() -> None:
    with pytest.raises(IllegalMoveError, match="bot 'Cheater' at seat"):
        arena.run(tarot.Rules.traditional(players=3), [Cheater(), RuleBot(), RuleBot()], deals=1)


@pytest.mark.parametrize(
    "arguments",
    [
        {"bots": [RuleBot(), RuleBot()]},
        {"bots": [RuleBot(), RuleBot(), object()]},
        {"deals": 0},
        {"seed": -1},
        {"duplicate": 1},
        {"executor": "pool"},
        {"rules": "traditional-3"},
    ],
)
def test_arena_arguments_are_checked(arguments: dict[str, Any]) -> None:
    options: dict[str, Any] = {
        "rules": tarot.Rules.traditional(players=3),
        "bots": [RuleBot(), RuleBot(), RuleBot()],
        "deals": 1,
        **arguments,
    }
    rules, bots = options.pop("rules"), options.pop("bots")
    with pytest.raises(RulesError):
        arena.run(rules, bots, **options)


# -- the command line ------------------------------------------------------------------------


def _parse(words: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cardgames")
    add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(words)


def test_the_command_line_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parse(
        [
            "arena",
            "tarot",
            "--players",
            "3",
            "--bots",
            "rule,random,random",
            "--deals",
            "2",
            "--json",
        ]
    )
    assert run_cli(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "traditional-3" and data["deals"] == 2
    assert ArenaResult.from_dict(data).names == ("rule", "random", "random")


def test_the_command_line_runs_jobs_in_processes(capsys: pytest.CaptureFixture[str]) -> None:
    words = [
        "arena",
        "tailor",
        "--chase",
        "--players",
        "3",
        "--bots",
        "rule,random,pimc:worlds=2:nodes=100:horizon=2",
        "--deals",
        "2",
        "--seed",
        "5",
    ]
    assert run_cli(_parse([*words, "--json"])) == 0
    serial = json.loads(capsys.readouterr().out)
    assert run_cli(_parse([*words, "--json", "--jobs", "2"])) == 0
    assert json.loads(capsys.readouterr().out) == serial
    assert serial["rules"] == "players=3 chase_mode=yes" or "chase_mode" in serial["rules"]
    assert run_cli(_parse(words)) == 0
    assert "head to head" in capsys.readouterr().out


@pytest.mark.parametrize(
    "text",
    [
        "nobody",
        "rule:worlds=3",
        "pimc:worlds",
        "pimc:worlds=x",
        "pimc:colour=red",
        "pimc:estimate=guess",
        "pimc:time_per_move=soon",
    ],
)
def test_bad_bot_names_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        parse_bot(text)


def test_the_bots_must_fill_the_table() -> None:
    with pytest.raises(RulesError, match="one bot per seat"):
        parse_bots("rule,rule", 3)
    bot = parse_bot("PIMC:worlds=3:time_per_move=0.5:exact_tricks=4:estimate=midpoint")
    assert bot == PIMCBot(worlds=3, time_per_move=0.5, exact_tricks=4, estimate="midpoint")


def test_the_command_line_refuses_chase_mode_for_tarot() -> None:
    with pytest.raises(RulesError):
        run_cli(_parse(["arena", "tarot", "--chase", "--bots", "rule,rule,rule", "--deals", "1"]))
