"""Arenas: the seating rotations, the statistics (checked by hand), parallel runs equal to
serial ones, the JSON form, and the command line."""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import pickle
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import drop, set_at

from cardgames import arena, tailor, tarot
from cardgames.arena import Z_95, ArenaGame, ArenaResult
from cardgames.bots import PIMCBot, RandomBot, RuleBot, TailorBot, TarotBot
from cardgames.bots.protocol import Bot
from cardgames.cli import arena as arena_cli
from cardgames.cli.arena import add_parser
from cardgames.cli.arena import run as run_cli
from cardgames.cli.options import parse_bot, parse_bots
from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.solver import batch
from cardgames.solver.batch import SerialExecutor
from cardgames.tailor.view import View as TailorView


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


ONE_DEAL = [_game(0, 0, (0, 1), (0, -1)), _game(0, 1, (1, 0), (-2, 0))]


def test_one_deal_has_no_standard_error() -> None:
    result = _result(ONE_DEAL)
    assert result.standings[0].stderr is None and result.standings[0].low is None
    assert "-" in result.table()


def test_results_refuse_inconsistent_games() -> None:
    with pytest.raises(RulesError):
        _result([])
    with pytest.raises(RulesError):
        _result([_game(0, 0, (0, 0), (0, -1)), _game(0, 1, (1, 0), (-2, 0))])
    with pytest.raises(RulesError):
        _result(ONE_DEAL).comparison(0, 0)


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


EXECUTOR_RULES = tailor.Rules(players=3)
EXECUTOR_BOTS: list[TailorBot] = [RandomBot(), RuleBot(), PIMCBot(worlds=2, nodes=100, horizon=2)]


@pytest.fixture(scope="module")
def serial_arena() -> ArenaResult:
    return arena.run(EXECUTOR_RULES, EXECUTOR_BOTS, deals=3, seed=6)


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[Any]:
    import distributed

    LocalCluster: Any = distributed.LocalCluster  # the package has no type hints
    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
    ) as cluster:
        yield cluster


@pytest.mark.parametrize(
    "pool",
    [SerialExecutor, lambda: ThreadPoolExecutor(max_workers=2), lambda: batch.process_pool(2)],
    ids=["serial", "threads", "processes"],
)
def test_an_executor_gives_the_serial_result(
    pool: Callable[[], Executor], serial_arena: ArenaResult
) -> None:
    with pool() as executor:
        parallel = arena.run(EXECUTOR_RULES, EXECUTOR_BOTS, deals=3, seed=6, executor=executor)
    assert parallel == serial_arena
    assert parallel.to_dict() == serial_arena.to_dict()


def test_a_dask_cluster_gives_the_serial_result(
    dask_cluster: Any, serial_arena: ArenaResult
) -> None:
    import distributed

    Client: Any = distributed.Client
    # The scheduler's address: the arena connects (and disconnects) a client of its own.
    by_address = arena.run(
        EXECUTOR_RULES, EXECUTOR_BOTS, deals=3, seed=6, executor=dask_cluster.scheduler_address
    )
    assert by_address.to_dict() == serial_arena.to_dict()
    with Client(dask_cluster) as client:
        by_executor = arena.run(
            EXECUTOR_RULES, EXECUTOR_BOTS, deals=3, seed=6, executor=client.get_executor()
        )
    assert by_executor == serial_arena


def test_the_deals_go_through_batch_map(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    real = batch.batch_map

    def spy(function: Any, items: Any, **options: Any) -> Any:
        calls.append({"items": list(items), **options})
        return real(function, items, **options)

    monkeypatch.setattr("cardgames.arena.batch_map", spy)
    with ThreadPoolExecutor(max_workers=2) as executor:
        arena.run(tailor.Rules(players=2), [RuleBot(), RandomBot()], deals=5, executor=executor)
    [call] = calls
    assert call["items"] == [0, 1, 2, 3, 4] and call["executor"] is executor
    assert (call["total"], call["unit"], call["progress"]) == (5, "deal", False)


def test_no_executor_plays_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool was started without being asked for")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    monkeypatch.setattr(concurrent.futures, "ThreadPoolExecutor", no_pool)
    monkeypatch.setattr(batch, "process_pool", no_pool)
    result = arena.run(tailor.Rules(players=2), [RuleBot(), RandomBot()], deals=3, seed=2)
    assert result.deals == 3


class Unpicklable:
    """A bot a process pool cannot send: it holds a lambda."""

    def __init__(self) -> None:
        self.pick: Callable[[list[Any]], Any] = lambda moves: moves[0]

    def choose(self, view: Any, rng: random.Random) -> Any:
        return self.pick(list(view.legal_moves()))


@attrs.frozen
class Crasher:
    """Raises an error of its own on its first move."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        raise ZeroDivisionError("the bot divided by zero")


def test_a_bot_a_process_pool_cannot_pickle_is_a_rules_error() -> None:
    arena.run(  # it plays in this process
        tailor.Rules(players=2), [Unpicklable(), RuleBot()], deals=2
    )
    with (
        batch.process_pool(2) as pool,
        pytest.raises(RulesError, match="deal 0 could not be played on the ProcessPoolExecutor"),
    ):
        arena.run(tailor.Rules(players=2), [Unpicklable(), RuleBot()], deals=2, executor=pool)


@pytest.mark.parametrize("pool", [ThreadPoolExecutor, ProcessPoolExecutor])
def test_a_bot_error_in_a_pool_is_raised_as_it_is(pool: Any) -> None:
    with pool(max_workers=2) as executor:
        with pytest.raises(IllegalMoveError, match="bot 'Cheater' at seat"):
            arena.run(
                tarot.Rules.traditional(players=3),
                [Cheater(), RuleBot(), RuleBot()],
                deals=3,
                executor=executor,
            )
        with pytest.raises(ZeroDivisionError, match="divided by zero"):
            arena.run(tailor.Rules(players=2), [Crasher(), RuleBot()], deals=3, executor=executor)


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
    err = capsys.readouterr().err
    assert "2/2" in err and "deals/s" in err


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
        {"executor": 3},
        {"executor": "  "},
        {"executor": ThreadPoolExecutor},
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
            "--jobs",
            "1",
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
    assert run_cli(_parse([*words, "--json", "--jobs", "1"])) == 0
    serial = json.loads(capsys.readouterr().out)
    assert run_cli(_parse([*words, "--json", "--jobs", "2"])) == 0
    assert json.loads(capsys.readouterr().out) == serial
    assert serial["rules"] == "players=3 chase_mode=yes" or "chase_mode" in serial["rules"]
    assert run_cli(_parse([*words, "--jobs", "1"])) == 0
    assert "head to head" in capsys.readouterr().out


TAILOR_WORDS = ["arena", "tailor", "--players", "2", "--bots", "rule,random", "--seed", "4"]


def _pools(monkeypatch: pytest.MonkeyPatch, cpus: int) -> list[int]:
    """Make the command line see ``cpus`` cores and start thread pools; the sizes it asks for."""
    asked: list[int] = []

    def pool(workers: int) -> Executor:
        asked.append(workers)
        return ThreadPoolExecutor(max_workers=workers)

    monkeypatch.setattr(arena_cli, "available_cpus", lambda: cpus)
    monkeypatch.setattr(arena_cli, "process_pool", pool)
    return asked


@pytest.mark.parametrize(
    ("options", "cpus", "expected"),
    [
        ([], 3, [3]),  # by default every available core
        ([], 1, []),  # one core: no pool
        (["--jobs", "1"], 3, []),  # serial in this process
        (["--jobs", "2"], 1, [2]),
        (["--jobs", "9"], 1, [5]),  # no more processes than deals
    ],
)
def test_jobs_default_to_every_core_as_for_batch(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    cpus: int,
    expected: list[int],
) -> None:
    asked = _pools(monkeypatch, cpus)
    assert run_cli(_parse([*TAILOR_WORDS, "--deals", "5", "--json", *options])) == 0
    assert asked == expected
    played = json.loads(capsys.readouterr().out)
    serial = arena.run(tailor.Rules(players=2), [RuleBot(), RandomBot()], deals=5, seed=4)
    assert played == serial.to_dict()


def test_one_deal_starts_no_pool(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = _pools(monkeypatch, 4)
    assert run_cli(_parse([*TAILOR_WORDS, "--deals", "1"])) == 0
    assert asked == [] and "1 deals" in capsys.readouterr().out


def test_the_command_line_plays_on_a_dask_scheduler(
    dask_cluster: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = _pools(monkeypatch, 4)
    address = dask_cluster.scheduler_address
    words = [*TAILOR_WORDS, "--deals", "3", "--json"]
    assert run_cli(_parse([*words, "--scheduler", address])) == 0
    assert asked == []
    played = json.loads(capsys.readouterr().out)
    assert run_cli(_parse([*words, "--jobs", "1"])) == 0
    assert played == json.loads(capsys.readouterr().out)


def test_jobs_and_scheduler_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _parse([*TAILOR_WORDS, "--jobs", "2", "--scheduler", "tcp://127.0.0.1:8786"])
    assert "not allowed with argument" in capsys.readouterr().err
    with pytest.raises(RulesError, match="--jobs"):
        run_cli(_parse([*TAILOR_WORDS, "--jobs", "0"]))


def test_the_help_says_where_the_deals_are_played(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _parse(["arena", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--jobs N | --scheduler ADDRESS" in text
    assert "default: every available core; 1 plays them in this process" in text
    assert "Dask cluster of this scheduler, such as tcp://HOST:8786" in text


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


# -- what from_dict refuses: results run() can never produce ---------------------------------


def _played(duplicate: bool = True) -> dict[str, Any]:
    result = arena.run(
        tailor.Rules(players=3),
        [RuleBot(), RandomBot(), RuleBot()],
        deals=2,
        seed=5,
        duplicate=duplicate,
    )
    data: dict[str, Any] = json.loads(json.dumps(result.to_dict()))
    return data


def test_a_game_listed_twice_is_refused() -> None:
    data = _played()
    data["games"].insert(1, dict(data["games"][0]))
    with pytest.raises(NotationError, match=r"game 1 repeats deal 0, rotation 0"):
        ArenaResult.from_dict(data)


def test_a_rotation_beyond_the_table_is_refused() -> None:
    data = _played()
    data["games"][2]["rotation"] = 99
    with pytest.raises(NotationError, match=r"game 2 has rotation 99: expected 0 to 2"):
        ArenaResult.from_dict(data)


def test_rotations_of_a_result_that_is_not_duplicate_are_refused() -> None:
    data = _played()
    data["duplicate"] = False
    with pytest.raises(NotationError, match=r"rotation 1: expected rotation 0 only"):
        ArenaResult.from_dict(data)


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ("not rules", "invalid arena rules 'not rules' for tailor"),
        (
            "players=2",
            r"bot names \['rule', 'random', 'rule'\]: 3 given for the 2 seats of 'players=2'",
        ),
        ("players=3,chase_mode=no", "expected the written form 'players=3'"),
        ("traditional-3", "invalid arena rules 'traditional-3' for tailor"),
    ],
)
def test_rules_text_that_is_not_the_rules_played_is_refused(rules: str, expected: str) -> None:
    data = _played()
    data["rules"] = rules
    with pytest.raises(NotationError, match=expected):
        ArenaResult.from_dict(data)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (set_at(("games", 1, "deal"), 1), r"game 1 is deal 1, rotation 1: expected deal 0, rot"),
        (set_at(("games", 4, "seats"), [0, 1, 2]), r"game 4 has seats \[0, 1, 2\]: expected "),
        (set_at(("games", 0, "payoffs"), [0, -3]), r"game 0 has 2 payoffs: expected one per "),
        (set_at(("games", 0, "payoffs"), [0, 5, -3]), r"payoffs \['0', '5', '-3'\]: expected i"),
        (set_at(("games", 0, "payoffs"), [0, "-1/2", -3]), r"expected ints of at most 0"),
        (set_at(("games", 0, "payoffs"), [0, "-2/2", -3]), r"payoff '-2/2': expected an int or"),
        (set_at(("games", 0, "payoffs"), [0, -(10**10), -3]), r"at most 10\*\*9 either way"),
        (set_at(("games", 0, "payoffs"), [0, True, -3]), r"payoff True: expected an int or"),
        (drop(("games", 5)), r"deal 1 has 2 games: expected one per rotation, 3"),
        (set_at(("games",), []), r"needs at least one game"),
        (set_at(("bots",), ["rule", "random"]), r"2 given for the 3 seats of 'players=3'"),
        (set_at(("bots", 1), ""), r"bot name '': expected a non-empty text"),
        (set_at(("deals",), 3), r"deals 3: expected 2, the deals of the games"),
        (set_at(("standings", 1, "mean"), 0.0), r"standings item 1 \{.*\}: expected \{"),
        (set_at(("head_to_head", 2, "wins"), 9), r"head_to_head item 2 \{.*'wins': 9"),
        (drop(("head_to_head", 2)), r"head_to_head item 2 'nothing': expected"),
        (set_at(("extra",), 1), r"arena result with unknown \['extra'\]: expected the keys"),
        (drop(("games", 0, "seats")), r"game 0 with no \['seats'\]: expected the keys deal,"),
        (set_at(("version",), True), r"version True: expected format 'cardgames-arena', vers"),
        (set_at(("version",), 10**5000), r"version <int of 5001 digits>: expected version 1"),
        (set_at(("seed",), 2**64), r"seed 18446744073709551616: expected an int from 0 to 2"),
        (set_at(("game",), "poker"), r"arena game 'poker': expected one of tarot, tailor, bridge"),
    ],
)
def test_results_run_cannot_return_are_refused(
    change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    data = _played()
    change(data)
    with pytest.raises(NotationError, match=expected):
        ArenaResult.from_dict(data)


def test_a_result_that_is_not_duplicate_reads_back_and_keeps_to_rotation_0() -> None:
    data = _played(duplicate=False)
    assert ArenaResult.from_dict(data).to_dict() == data
    data["games"][1]["rotation"] = 1
    with pytest.raises(NotationError, match=r"rotation 1: expected rotation 0 only"):
        ArenaResult.from_dict(data)


def test_the_constructor_takes_only_what_run_returns() -> None:
    good = _result(ONE_DEAL)
    with pytest.raises(RulesError, match="game 2 has rotation 2: expected 0 to 1"):
        _result([*ONE_DEAL, _game(0, 2, (0, 1), (0, 0))])
    with pytest.raises(RulesError, match="invalid arena rules 'tarot' for tailor"):
        attrs.evolve(good, rules="tarot")
    with pytest.raises(RulesError, match="invalid arena seed -1"):
        attrs.evolve(good, seed=-1)
    with pytest.raises(RulesError, match="invalid duplicate 1: expected True or False"):
        attrs.evolve(good, duplicate=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid arena rotation -1"):
        _game(0, -1, (0, 1), (0, 0))
    with pytest.raises(RulesError, match=r"invalid arena payoff 0\.5: expected an int or a"):
        ArenaGame(deal=0, rotation=0, seats=(0, 1), payoffs=[0.5, 0])  # type: ignore[list-item]


def test_more_games_than_a_collection_usually_holds_are_taken() -> None:
    # An arena may hold up to MAX_DEALS deals of up to six games; more than 100,000 games
    # were refused (the default limit of a collection) after the whole arena was played.
    many: list[Any] = [None] * 100_001
    with pytest.raises(RulesError, match=r"invalid arena game 0 None: expected an ArenaGame"):
        ArenaResult(
            game="tailor", rules="players=2", seed=0, duplicate=True, names=["a", "b"], games=many
        )
    data = {**_played(), "games": many}
    with pytest.raises(NotationError, match=r"game 0 None: expected a dict"):
        ArenaResult.from_dict(data)


SMALL_RULES: list[tarot.Rules | tailor.Rules] = [
    tailor.Rules(players=2),
    tailor.Rules(players=3, chase_mode=True),
    tarot.Rules.traditional(players=3),
    tarot.Rules.french(players=3),
]
OTHER_RULES = {"tarot": "simplified-6", "tailor": "players=6"}


TAMPERINGS: dict[str, Callable[[dict[str, Any]], None]] = {
    "a game listed twice": lambda d: d["games"].insert(1, dict(d["games"][0])),
    "rotation 99": set_at(("games", 0, "rotation"), 99),
    "duplicate turned over": lambda d: d.update(duplicate=not d["duplicate"]),
    "rules that are not rules": set_at(("rules",), "not rules"),
    "rules of six players": lambda d: d.update(rules=OTHER_RULES[d["game"]]),
    "the other game": lambda d: d.update(game="tarot" if d["game"] == "tailor" else "tailor"),
    "deals counted from 1": lambda d: d.update(
        games=[{**game, "deal": game["deal"] + 1} for game in d["games"]]
    ),
    "the last game dropped": drop(("games", -1)),
    "seats reversed": lambda d: d["games"][0]["seats"].reverse(),
    "a payoff too many": lambda d: d["games"][0]["payoffs"].append(0),
    "a bot too many": lambda d: d["bots"].append("extra"),
    "a bot too few": drop(("bots", 0)),
    "one deal more": lambda d: d.update(deals=d["deals"] + 1),
    "a better mean": lambda d: d["standings"][0].update(mean=d["standings"][0]["mean"] + 1),
    "a win more": lambda d: d["head_to_head"][0].update(wins=d["head_to_head"][0]["wins"] + 1),
    "a fraction not in lowest terms": set_at(("games", 0, "payoffs", 0), "2/2"),
    "an extra key": set_at(("note",), "hello"),
    "a negative seed": set_at(("seed",), -1),
}


@st.composite
def small_arenas(draw: st.DrawFn) -> ArenaResult:
    rules = draw(st.sampled_from(SMALL_RULES))
    bots: list[Any] = draw(
        st.lists(
            st.sampled_from([RandomBot(), RuleBot()]),
            min_size=rules.players,
            max_size=rules.players,
        )
    )
    return arena.run(
        rules,
        bots,
        deals=draw(st.integers(1, 3)),
        seed=draw(st.integers(0, 2**64 - 1)),
        duplicate=draw(st.booleans()),
    )


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(result=small_arenas())
def test_real_results_read_back_and_tampered_ones_do_not(result: ArenaResult) -> None:
    text = json.dumps(result.to_dict())
    again = ArenaResult.from_dict(json.loads(text))
    assert again == result and str(again) == str(result)
    for name, tampering in TAMPERINGS.items():
        data = json.loads(text)
        tampering(data)
        with pytest.raises(NotationError):
            ArenaResult.from_dict(data)
            pytest.fail(f"{name}: read back")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


FUZZED = _played()
FUZZ_PATHS = _paths(FUZZED)


@settings(max_examples=300, deadline=None)
@given(path=st.sampled_from(FUZZ_PATHS), value=JSON_VALUES)
def test_any_change_to_the_json_is_refused_or_reads_back_the_same(
    path: tuple[Any, ...], value: Any
) -> None:
    data = json.loads(json.dumps(FUZZED))
    set_at(path, value)(data)
    try:
        result = ArenaResult.from_dict(data)
    except NotationError:
        return
    assert result.to_dict() == data  # only a change to an equal value is read


# -- a bot's exception that cannot travel back from a worker ----------------------------------


class Hooked(Exception):
    """An exception holding a function: it cannot be pickled."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.hook: Callable[[], None] = lambda: None


def _refuse() -> None:
    raise TypeError("this cannot be read back")


class Unreadable:
    """Pickles, but raises when it is read back."""

    def __reduce__(self) -> tuple[Callable[[], None], tuple[()]]:
        return (_refuse, ())


class Stubborn(Exception):
    """An exception that pickles but cannot be read back."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.part = Unreadable()


class Raiser(Bot[TailorView, tailor.Move]):
    """Raises on its first move an exception that cannot come back from a worker process."""

    name = "raiser"

    def __init__(self, kind: str = "hooked") -> None:
        self.kind = kind

    def choose(self, view: TailorView, rng: random.Random) -> tailor.Move:
        if self.kind == "hooked":
            raise Hooked("lost my way")
        raise Stubborn("lost my way")


@pytest.mark.parametrize(
    ("kind", "message"), [("hooked", "Hooked: lost my way"), ("stubborn", "Stubborn: lost my way")]
)
def test_a_bot_exception_that_cannot_be_pickled_is_reported_as_raised(
    kind: str, message: str
) -> None:
    # Seat 0 (RuleBot) moves first in deal 0; the raiser, entry 1, then raises at seat 1.
    bots: list[TailorBot] = [RuleBot(), Raiser(kind)]
    with ProcessPoolExecutor(max_workers=2) as pool, pytest.raises(arena.BotError) as caught:
        arena.run(tailor.Rules(players=2), bots, deals=3, executor=pool)
    error = caught.value
    assert str(error).startswith(f"bot 'raiser' at seat 1 raised {message}")
    assert str(error).endswith("in deal 0 (rotation 0)")
    assert "pickle" not in str(error)  # it was not the bots that could not be sent
    assert (error.kind, error.bot, error.seat, error.deal, error.rotation) == (
        kind.title(),
        "raiser",
        1,
        0,
        0,
    )
    assert "in choose" in error.details and "lost my way" in error.details
    assert any("The bot's traceback" in note for note in error.__notes__)


@pytest.mark.parametrize("pool", [SerialExecutor, ThreadPoolExecutor])
def test_the_same_bot_error_is_raised_in_this_process(pool: Any) -> None:
    with pool() as executor, pytest.raises(arena.BotError, match="raised Hooked") as caught:
        arena.run(tailor.Rules(players=2), [RuleBot(), Raiser()], deals=2, executor=executor)
    assert "in choose" in caught.value.details
    with pytest.raises(arena.BotError, match="at seat 1 raised Hooked: lost my way, in deal 0"):
        arena.run(tailor.Rules(players=2), [RuleBot(), Raiser()], deals=2)


def test_a_bot_error_travels_even_where_exceptions_pickle_their_cause(
    dask_cluster: Any,
) -> None:
    # Importing distributed makes every exception pickle its cause and context (tblib).
    with ProcessPoolExecutor(max_workers=2) as pool, pytest.raises(arena.BotError):
        arena.run(tailor.Rules(players=2), [RuleBot(), Raiser()], deals=2, executor=pool)


def test_a_bot_error_pickles() -> None:
    error = arena.BotError("Hooked", "lost", bot="b", seat=2, deal=5, rotation=1, details="tb")
    error.add_note("a note")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is arena.BotError and str(again) == str(error)
    assert (again.kind, again.message, again.bot, again.seat, again.deal, again.rotation) == (
        "Hooked",
        "lost",
        "b",
        2,
        5,
        1,
    )
    assert again.details == "tb" and again.__notes__ == ["a note"]


def test_play_deal_raises_the_bot_exception_itself_with_where() -> None:
    with pytest.raises(Hooked, match="lost my way") as caught:
        arena.play_deal(tailor.Rules(players=2), [RuleBot(), Raiser()], seed=0, deal=3)
    # Deal 3 of two players is started by seat 1: the raiser, in rotation 0.
    assert caught.value.__notes__ == ["raised by bot 'raiser' at seat 1, in deal 3 (rotation 0)"]
    assert caught.value.__cause__ is None


def test_a_picklable_bot_exception_from_a_pool_says_where_it_was_raised() -> None:
    with ProcessPoolExecutor(max_workers=2) as pool, pytest.raises(ZeroDivisionError) as caught:
        arena.run(tailor.Rules(players=2), [RuleBot(), Crasher()], deals=3, executor=pool)
    assert caught.value.__notes__ == ["raised by bot 'Crasher' at seat 1, in deal 0 (rotation 0)"]


# -- str(): the table -------------------------------------------------------------------------


def _cells(line: str) -> list[tuple[int, int, str]]:
    """The cells of a table line: a pair 'a - b', an interval '[x, y]', or a word."""
    pattern = r"\d+:\S+ - \d+:\S+|\[[^\]]*\]|95% interval|\S+"
    return [(m.start(), m.end(), m.group()) for m in re.finditer(pattern, line)]


def _check_aligned(lines: list[str], numbers: list[int]) -> None:
    """Every line has the same cells; the text cells start, the ``numbers`` cells end, in
    one place; and the commas of the intervals line up."""
    rows = [_cells(line) for line in lines]
    assert len({len(row) for row in rows}) == 1, lines
    for column in range(len(rows[0])):
        if column in numbers:
            assert len({row[column][1] for row in rows}) == 1, (column, lines)
        else:
            assert len({row[column][0] for row in rows}) == 1, (column, lines)
    commas = {line.index(",") for line in lines[1:] if "[" in line}
    assert len(commas) <= 1, lines


def test_str_is_the_table_with_aligned_columns() -> None:
    # Thirds and halves, negative means of different widths, names of different lengths.
    names = ("a", "a-much-longer-name", "bb")
    games = [
        _game(0, 0, (0, 1, 2), (0, -11, -3)),
        _game(0, 1, (2, 0, 1), (0, -2, -150)),
        _game(0, 2, (1, 2, 0), (-7, 0, -1)),
        _game(1, 0, (0, 1, 2), (-1, -1, -4)),
        _game(1, 1, (2, 0, 1), (-8, -2, 0)),
        _game(1, 2, (1, 2, 0), (0, -5, -3)),
    ]
    result = ArenaResult(
        game="tailor", rules="players=3", seed=1, duplicate=True, names=names, games=games
    )
    text = str(result)
    assert text == result.table() and f"{result}" == text
    lines = text.splitlines()
    assert lines[0] == (
        "tailor players=3: 2 deals, seed 1, duplicate; mean payoff (minus the hand left) per deal"
    )
    standings, pairs = lines[1:5], lines[6:10]
    assert lines[5] == "  head to head (first minus second, per deal):"
    _check_aligned(standings, numbers=[1, 2, 3])
    _check_aligned(pairs, numbers=[1, 2, 4, 5, 6])
    # Means of thirds with three decimals; every figure of a column alike.
    # Entry 1 scores (-11 - 150 - 7) / 3 = -56 and (-1 + 0 + 0) / 3: -28 1/6 a deal.
    assert _cells(standings[2])[2][2] == "-28.167"
    assert all(re.fullmatch(r"-?\d+\.\d{3}", _cells(row)[2][2]) for row in standings[1:])
    assert all(line == line.rstrip() for line in lines)


def test_whole_figures_show_as_whole_numbers() -> None:
    games = [
        _game(deal, rotation, seats, (-3, 0) if seats == (0, 1) else (0, -3))
        for deal in range(2)
        for rotation, seats in enumerate(((0, 1), (1, 0)))
    ]
    lines = str(_result(games, names=("one", "two"))).splitlines()
    assert [cell for _, _, cell in _cells(lines[2])] == ["0:one", "4", "-3", "0", "[-3, -3]"]
    assert [cell for _, _, cell in _cells(lines[3])] == ["1:two", "4", "0", "0", "[ 0,  0]"]
    assert [cell for _, _, cell in _cells(lines[6])] == [
        "0:one - 1:two",
        "-3",
        "0",
        "[-3, -3]",
        "0",
        "2",
        "0",
    ]


def test_repr_still_shows_every_field_and_evaluates_back() -> None:
    result = arena.run(tailor.Rules(players=2), [RuleBot(), RandomBot()], deals=2, seed=1)
    text = repr(result)
    assert text.startswith("ArenaResult(game='tailor', rules='players=2', seed=1, duplicate=True")
    assert text.count("ArenaGame(") == 4
    names = {"ArenaResult": ArenaResult, "ArenaGame": ArenaGame, "Fraction": Fraction}
    assert eval(text, names) == result


def test_the_command_line_prints_the_same_table() -> None:
    script = Path(sys.executable).with_name("cardgames")
    words = ["arena", "tailor", "--players", "3", "--bots", "rule,random,random", "--deals", "3"]
    printed = subprocess.run(
        [str(script), *words, "--seed", "4", "--jobs", "1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    bots: list[TailorBot] = [RuleBot(), RandomBot(), RandomBot()]
    result = arena.run(tailor.Rules(players=3), bots, deals=3, seed=4)
    assert printed == f"{result}\n"
    lines = printed.splitlines()
    _check_aligned(lines[1:5], numbers=[1, 2, 3])
    _check_aligned(lines[6:10], numbers=[1, 2, 4, 5, 6])
