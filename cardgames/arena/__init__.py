"""Arenas: bots play many deals against each other, and the figures say how much better one is.

:func:`run` deals ``deals`` deals (Tarot) or rounds (Chase the Tailor) from one seed and lets
the bots play them, one bot per seat. With ``duplicate=True`` (the default) every deal is played
once for each rotation of the bots round the seats, so every bot holds every hand once and the
luck of the cards cancels out of the comparison.

The unit of the statistics is the deal: a bot's *score* on a deal is its payoff averaged over
the games it played on that deal (every rotation under duplicate). :class:`ArenaResult` gives,
per bot, the mean score with its standard error and a 95 % confidence interval, and for every
pair of bots the same figures for the paired difference of their scores, deal by deal, with
how many deals each won. Payoffs are each game's own: Tarot's
:meth:`cardgames.tarot.state.State.payoffs` (points above the table's average), Chase the Tailor's
:meth:`cardgames.tailor.State.payoffs` (0 for going out, minus the hand value left otherwise).

French Tarot (:meth:`cardgames.tarot.rules.Rules.french`) is played whole, bidding included:
the bots bid, call, discard, announce and declare as well as play the cards, and the payoffs
are the contract's score (:meth:`cardgames.tarot.state.State.score`). A deal on which every
seat passes is void: it counts as a game with payoff 0 for every seat, and so as a 0 for every
bot in the figures (it stays in the sample: which deals are void depends on the bots' bids as
much as on the cards).

Every random choice is derived from ``seed``: deal ``d`` is shuffled with
``derive_seed(seed, "deal", d)`` and the bot of entry ``e`` gets, in rotation ``r`` of that
deal, a :class:`random.Random` seeded with ``derive_seed(seed, "bot", d, r, e)``
(:func:`cardgames.tailor.derive_seed`, a SHA-256 of the parts). Deals are independent of each
other, so an ``executor`` that plays them in parallel gives exactly the serial result.

Where the deals are played
--------------------------

By default (``executor=None``) :func:`run` plays every deal in the calling process, one after
the other: a library call starts no processes it was not asked for, and bots written in an
interactive session (which a process pool could not pickle) work as they are. Given an
``executor``, the deals go through :func:`cardgames.solver.batch.batch_map`, the machinery of
:func:`cardgames.solver.batch.analyse_many`: in chunks sized by how long a deal takes, with a
bounded number of chunks out at a time, collected in deal order. It may be any
:class:`concurrent.futures.Executor` (a thread or process pool, the executor of a Dask client)
or the address of a Dask scheduler such as ``"tcp://10.0.0.5:8786"`` (connected to for the
arena's duration by :func:`cardgames.solver.batch.dask_executor`; this needs the
``distributed`` package, ``pip install cardgames[dask]``). A process pool or a cluster needs
bots it can pickle, as the library's are. The command line ``cardgames arena`` plays on every
available core unless told otherwise.

If a deal fails (a bot returns an illegal move, or raises), the arena stops with that error:
the first failing deal in deal order, as when playing serially. A bot's exception is raised as
it is, with a note naming the bot, its seat, the deal and the rotation; one that could not come
back from a worker process (it cannot be pickled) is replaced, wherever the deals are played,
by a :class:`BotError` that says the same and carries the bot's traceback as text.

``print(result)`` shows the figures as a table (:meth:`ArenaResult.table`); ``repr`` shows
every field.

>>> from cardgames import arena, bots, tailor
>>> result = arena.run(tailor.Rules(players=2), [bots.RuleBot(), bots.RandomBot()], deals=4,
...                    seed=1)
>>> [standing.games for standing in result.standings], len(result.games)
([8, 8], 8)
>>> arena.ArenaResult.from_dict(result.to_dict()) == result
True
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, Final, overload

from cardgames import games
from cardgames.arena import results
from cardgames.arena.play import BotError, _DealPlayer, _Failure, play_deal
from cardgames.arena.results import (
    AnyRules,
    ArenaGame,
    ArenaResult,
    Comparison,
    Game,
    Standing,
    players_of,
)
from cardgames.bots.protocol import bot_name, check_bot
from cardgames.errors import RulesError
from cardgames.solver.batch import BatchError, SerialExecutor, batch_map, dask_executor
from cardgames.validation import as_tuple, check_bool, check_int, check_seed, quote

if TYPE_CHECKING:  # the per-game overloads name the games' types
    from cardgames import bridge, tailor, tarot
    from cardgames.bots.protocol import BridgeBot, TailorBot, TarotBot

__all__ = [
    "MAX_DEALS",
    "Z_95",
    "ArenaGame",
    "ArenaResult",
    "BotError",
    "Comparison",
    "Standing",
    "play_deal",
    "run",
]

Z_95: Final = results.Z_95
"""The two-sided 95 % quantile of the normal distribution: an interval is mean ± ``Z_95`` ×
standard error."""
MAX_DEALS: Final = results.MAX_DEALS
"""The most deals one arena plays."""


def _check_run(
    rules: object, bots: object, deals: object, seed: object, duplicate: object
) -> tuple[AnyRules, tuple[Any, ...]]:
    game = games.find(rules)
    if game is None or not isinstance(rules, game.rules_type):
        raise RulesError(
            f"invalid arena rules {quote(rules)}: expected the rules of a game, such as a "
            "cardgames.tarot.rules.Rules, a cardgames.tailor.Rules or a cardgames.bridge.Contract"
        )
    seated = as_tuple(bots, "arena bots")
    players = players_of(rules)
    if len(seated) != players:
        raise RulesError(
            f"invalid arena bots: {len(seated)} given for {players} seats; expected one "
            "bot per seat"
        )
    for bot in seated:
        check_bot(bot)
    check_int(deals, "deals", low=1, high=MAX_DEALS)
    check_seed(seed)
    check_bool(duplicate, "duplicate")
    return rules, seated


@overload
def run(
    rules: tarot.Rules,
    bots: Sequence[TarotBot],
    *,
    deals: int = ...,
    seed: int = ...,
    duplicate: bool = ...,
    executor: Executor | str | None = ...,
    progress: bool = ...,
) -> ArenaResult: ...
@overload
def run(
    rules: tailor.Rules,
    bots: Sequence[TailorBot],
    *,
    deals: int = ...,
    seed: int = ...,
    duplicate: bool = ...,
    executor: Executor | str | None = ...,
    progress: bool = ...,
) -> ArenaResult: ...
@overload
def run(
    rules: bridge.Contract,
    bots: Sequence[BridgeBot],
    *,
    deals: int = ...,
    seed: int = ...,
    duplicate: bool = ...,
    executor: Executor | str | None = ...,
    progress: bool = ...,
) -> ArenaResult: ...
@overload
def run(
    rules: Any,
    bots: Sequence[Any],
    *,
    deals: int = ...,
    seed: int = ...,
    duplicate: bool = ...,
    executor: Executor | str | None = ...,
    progress: bool = ...,
) -> ArenaResult: ...
def run(
    rules: AnyRules,
    bots: Sequence[Any],
    *,
    deals: int = 100,
    seed: int = 0,
    duplicate: bool = True,
    executor: Executor | str | None = None,
    progress: bool = False,
) -> ArenaResult:
    """Let ``bots`` (one per seat, entry ``e`` at seat ``e`` in rotation 0) play ``deals``
    deals of ``rules``; see the module's description for the seeding and the figures.

    :param rules: the rules of any registered game: :class:`cardgames.tarot.rules.Rules`,
        :class:`cardgames.tailor.Rules`, or for bridge the
        :class:`cardgames.bridge.rules.Contract` every deal is played in.
    :param bots: one bot per seat; they are only ever handed views.
    :param deals: deals (rounds) to play, 1 to :data:`MAX_DEALS`.
    :param seed: the arena's seed, 0 to ``2**64 - 1``.
    :param duplicate: play each deal in every rotation of the bots over the seats.
    :param executor: where to play the deals: None (the default) plays them one after the
        other in this process; any :class:`concurrent.futures.Executor`, or a Dask scheduler
        address, plays them in parallel through :func:`cardgames.solver.batch.batch_map` (see
        the module's description). The result is the serial one either way.
    :param progress: show a progress bar with the rate and the time left (on standard error).
    :raises RulesError: for bad arguments, or a deal the executor could not play (a bot a
        process pool cannot pickle, a worker that died).
    :raises IllegalMoveError: if a bot returns an illegal move.
    :raises BotError: if a bot raises an exception that cannot be pickled (one that can is
        raised as it is, with a note saying which bot raised it where).
    :raises AnalysisError: if ``executor`` is a scheduler address and the ``distributed``
        package is missing or the scheduler cannot be reached.
    """
    rules, seated = _check_run(rules, bots, deals, seed, duplicate)
    _check_executor(executor)
    check_bool(progress, "progress")
    player = _DealPlayer(rules=rules, bots=seated, seed=seed, duplicate=duplicate)
    if isinstance(executor, str):
        with dask_executor(executor) as cluster:
            played = _play_all(player, deals, cluster, progress)
    else:
        played = _play_all(
            player, deals, SerialExecutor() if executor is None else executor, progress
        )
    games = [game for deal_games in played for game in deal_games]
    return ArenaResult(
        game=_game_of(rules),
        rules=str(rules),
        seed=seed,
        duplicate=duplicate,
        names=[bot_name(bot) for bot in seated],
        games=games,
    )


def _game_of(rules: AnyRules) -> Game:
    return games.of(rules).name


def _check_executor(executor: object) -> None:
    if executor is None or isinstance(executor, Executor):
        return
    if not isinstance(executor, str) or not executor.strip():
        raise RulesError(
            f"invalid executor {quote(executor)}: expected a concurrent.futures.Executor, a Dask "
            "scheduler address such as 'tcp://HOST:8786', or None"
        )


def _play_all(
    player: _DealPlayer, deals: int, executor: Executor, progress: bool
) -> list[tuple[ArenaGame, ...]]:
    results = batch_map(
        player, range(deals), executor=executor, progress=progress, total=deals, unit="deal"
    )
    played = []
    try:
        for result in results:
            if isinstance(result, _Failure):
                raise result.error
            if isinstance(result, BatchError):  # the whole chunk failed on its way
                hint = ""
                if "pickl" in f"{result.kind} {result.message}".lower():
                    hint = " (a process pool or a cluster needs bots it can pickle)"
                raise RulesError(
                    f"deal {result.index} could not be played on the {type(executor).__name__}: "
                    f"{result.kind}: {result.message}{hint}"
                )
            played.append(result)
    finally:
        results.close()  # a failure cancels the deals not yet started
    return played
