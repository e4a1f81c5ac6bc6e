"""Arenas: the seating rotations, the statistics (checked by hand), parallel runs equal to
serial ones, the JSON form, and the command line."""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import random
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import attrs
import pytest

from cardgames import arena, arena_cli, tailor, tarot
from cardgames.arena import Z_95, ArenaGame, ArenaResult
from cardgames.arena_cli import add_parser, parse_bot, parse_bots
from cardgames.arena_cli import run as run_cli
from cardgames.bots import PIMCBot, RandomBot, RuleBot, TailorBot, TarotBot
from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.solver import batch
from cardgames.solver.batch import SerialExecutor


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
