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
the first failing deal in deal order, as when playing serially.

>>> from cardgames import arena, bots, tailor
>>> result = arena.run(tailor.Rules(players=2), [bots.RuleBot(), bots.RandomBot()], deals=4,
...                    seed=1)
>>> [standing.games for standing in result.standings], len(result.games)
([8, 8], 8)
>>> arena.ArenaResult.from_dict(result.to_dict()) == result
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from concurrent.futures import Executor
from fractions import Fraction
from typing import Any, Final, Literal, TypeAlias, cast, overload

import attrs

from cardgames import tailor, tarot
from cardgames.bots.protocol import TailorBot, TarotBot, TarotMove, bot_name, check_bot
from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.solver.batch import BatchError, SerialExecutor, batch_map, dask_executor
from cardgames.tailor.rules import derive_seed
from cardgames.tailor.view import view_of as tailor_view_of
from cardgames.tarot.view import view_of as tarot_view_of
from cardgames.validation import as_tuple, check_bool, check_int, check_seed, quote

__all__ = [
    "MAX_DEALS",
    "Z_95",
    "ArenaGame",
    "ArenaResult",
    "Comparison",
    "Standing",
    "play_deal",
    "run",
]

Z_95: Final = 1.959963984540054
"""The two-sided 95 % quantile of the normal distribution: an interval is mean ± ``Z_95`` ×
standard error."""
MAX_DEALS: Final = 10_000_000
"""The most deals one arena plays."""
FORMAT: Final = "cardgames-arena"
_MAX_NUMBER_TEXT: Final = 60  # longest payoff fraction read back

Game: TypeAlias = Literal["tarot", "tailor"]
AnyRules: TypeAlias = tarot.Rules | tailor.Rules


def _fractions(values: Sequence[Fraction]) -> tuple[Fraction, ...]:
    return tuple(Fraction(value) for value in as_tuple(values, "arena payoffs"))


def _ints(values: Sequence[int]) -> tuple[int, ...]:
    return as_tuple(values, "arena seats")


@attrs.frozen(kw_only=True)
class ArenaGame:
    """One game of an arena: a deal played with one seating of the bots.

    :param deal: the deal's number, from 0.
    :param rotation: the rotation of the bots (0 to ``players - 1``; always 0 without
        duplicate): the bot of entry ``e`` sits at seat ``(e + rotation) % players``.
    :param seats: for each seat, the entry (the position in the arena's list of bots) that
        played it.
    :param payoffs: each seat's payoff, as exact fractions.
    """

    deal: int
    rotation: int
    seats: tuple[int, ...] = attrs.field(converter=_ints)
    payoffs: tuple[Fraction, ...] = attrs.field(converter=_fractions)

    def payoff_of(self, entry: int) -> Fraction:
        """The payoff of the seat that entry ``entry`` played."""
        return self.payoffs[self.seats.index(entry)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict; payoffs as numbers or ``"a/b"`` strings."""
        return {
            "deal": self.deal,
            "rotation": self.rotation,
            "seats": list(self.seats),
            "payoffs": [_number(value) for value in self.payoffs],
        }


@attrs.frozen(kw_only=True)
class Standing:
    """One bot's figures: ``mean`` score per deal with its standard error and 95 % interval.

    :param entry: the bot's position in the arena's list of bots.
    :param name: its label.
    :param games: games it played.
    :param deals: deals it played (the sample size of the figures).
    :param mean: its mean score per deal.
    :param stderr: the standard error of the mean (None with fewer than two deals).
    :param low: the lower end of the 95 % confidence interval (None like ``stderr``).
    :param high: the upper end.
    """

    entry: int
    name: str
    games: int
    deals: int
    mean: float
    stderr: float | None
    low: float | None
    high: float | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the fields."""
        return attrs.asdict(self)


@attrs.frozen(kw_only=True)
class Comparison:
    """Head to head: the paired difference ``first`` minus ``second`` of the two bots'
    scores, deal by deal.

    :param first: the first bot's entry.
    :param second: the second bot's entry.
    :param deals: deals compared.
    :param mean: the mean difference (positive: ``first`` did better).
    :param stderr: its standard error (None with fewer than two deals).
    :param low: the lower end of the 95 % confidence interval of the mean difference.
    :param high: the upper end.
    :param wins: deals on which ``first`` scored more.
    :param losses: deals on which it scored less.
    :param ties: deals of equal scores.
    """

    first: int
    second: int
    deals: int
    mean: float
    stderr: float | None
    low: float | None
    high: float | None
    wins: int
    losses: int
    ties: int

    @property
    def significant(self) -> bool:
        """Whether the 95 % interval excludes zero."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the fields."""
        return attrs.asdict(self)


def _mean_and_error(values: Sequence[float]) -> tuple[float, float | None]:
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return mean, None
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def _interval(mean: float, stderr: float | None) -> tuple[float | None, float | None]:
    if stderr is None:
        return None, None
    return mean - Z_95 * stderr, mean + Z_95 * stderr


def _games(values: Sequence[ArenaGame]) -> tuple[ArenaGame, ...]:
    return as_tuple(values, "arena games")


def _names(values: Sequence[str]) -> tuple[str, ...]:
    return as_tuple(values, "arena bot names")


@attrs.frozen(kw_only=True)
class ArenaResult:
    """What :func:`run` returns: every game played and the figures drawn from them.

    Build one with :func:`run`, or with :meth:`from_dict` from :meth:`to_dict`'s output; the
    figures (``standings``, one :class:`Standing` per bot, and ``head_to_head``, one
    :class:`Comparison` per pair of bots) are computed from ``games``.

    :param game: ``"tarot"`` or ``"tailor"``.
    :param rules: the rules text (``str(rules)``).
    :param seed: the arena's seed.
    :param duplicate: whether every deal was played in every rotation.
    :param names: the bots' labels, by entry.
    :param games: every game, by deal then rotation.
    """

    game: Game
    rules: str
    seed: int
    duplicate: bool
    names: tuple[str, ...] = attrs.field(converter=_names)
    games: tuple[ArenaGame, ...] = attrs.field(converter=_games)
    standings: tuple[Standing, ...] = attrs.field(init=False, eq=False, repr=False)
    head_to_head: tuple[Comparison, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.game not in ("tarot", "tailor"):
            raise RulesError(f"invalid arena game {quote(self.game)}: expected tarot or tailor")
        if not self.games:
            raise RulesError("an arena result needs at least one game")
        entries = len(self.names)
        for game in self.games:
            if not isinstance(game, ArenaGame):
                raise RulesError(f"invalid arena game {quote(game)}: expected an ArenaGame")
            if sorted(game.seats) != list(range(entries)) or len(game.payoffs) != entries:
                raise RulesError(
                    f"invalid arena game {quote(game)}: expected each of the {entries} entries "
                    "at one seat and one payoff per seat"
                )
        scores = _deal_scores(self.games, entries)
        standings = []
        for entry in range(entries):
            values = [float(row[entry]) for row in scores]
            mean, stderr = _mean_and_error(values)
            low, high = _interval(mean, stderr)
            played = sum(1 for game in self.games if entry in game.seats)
            standings.append(
                Standing(
                    entry=entry,
                    name=self.names[entry],
                    games=played,
                    deals=len(values),
                    mean=mean,
                    stderr=stderr,
                    low=low,
                    high=high,
                )
            )
        comparisons = []
        for first in range(entries):
            for second in range(first + 1, entries):
                differences = [row[first] - row[second] for row in scores]
                mean, stderr = _mean_and_error([float(d) for d in differences])
                low, high = _interval(mean, stderr)
                comparisons.append(
                    Comparison(
                        first=first,
                        second=second,
                        deals=len(differences),
                        mean=mean,
                        stderr=stderr,
                        low=low,
                        high=high,
                        wins=sum(1 for d in differences if d > 0),
                        losses=sum(1 for d in differences if d < 0),
                        ties=sum(1 for d in differences if d == 0),
                    )
                )
        object.__setattr__(self, "standings", tuple(standings))
        object.__setattr__(self, "head_to_head", tuple(comparisons))

    @property
    def deals(self) -> int:
        """How many deals were played."""
        return len({game.deal for game in self.games})

    def comparison(self, first: int, second: int) -> Comparison:
        """The head-to-head figures of entry ``first`` against entry ``second`` (either order:
        the difference is ``first`` minus ``second``).

        :raises RulesError: if either is not an entry, or they are the same.
        """
        entries = len(self.names)
        check_int(first, "first entry", low=0, high=entries - 1)
        check_int(second, "second entry", low=0, high=entries - 1)
        if first == second:
            raise RulesError(f"cannot compare entry {first} with itself")
        for item in self.head_to_head:
            if (item.first, item.second) == (first, second):
                return item
        item = next(c for c in self.head_to_head if (c.first, c.second) == (second, first))
        low, high = item.low, item.high
        return attrs.evolve(
            item,
            first=first,
            second=second,
            mean=-item.mean,
            low=None if high is None else -high,
            high=None if low is None else -low,
            wins=item.losses,
            losses=item.wins,
        )

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-able data: the set-up, the figures and every game."""
        return {
            "format": FORMAT,
            "version": 1,
            "game": self.game,
            "rules": self.rules,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "deals": self.deals,
            "bots": list(self.names),
            "standings": [standing.to_dict() for standing in self.standings],
            "head_to_head": [item.to_dict() for item in self.head_to_head],
            "games": [game.to_dict() for game in self.games],
        }

    @classmethod
    def from_dict(cls, data: object) -> ArenaResult:
        """Read back :meth:`to_dict`'s output (the figures are recomputed from the games).

        :raises NotationError: for anything else.
        """
        try:
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise NotationError(f"expected a dict with format {FORMAT!r}")
            if data.get("version") != 1 or data.get("game") not in ("tarot", "tailor"):
                raise NotationError("expected version 1 of a tarot or tailor arena")
            games = []
            for item in data["games"]:
                games.append(
                    ArenaGame(
                        deal=check_int(item["deal"], "deal", low=0),
                        rotation=check_int(item["rotation"], "rotation", low=0),
                        seats=[check_int(seat, "seat entry", low=0) for seat in item["seats"]],
                        payoffs=[_read_number(value) for value in item["payoffs"]],
                    )
                )
            names = data["bots"]
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise NotationError("expected the bots as a list of names")
            rules = data["rules"]
            if not isinstance(rules, str):
                raise NotationError("expected the rules as a text")
            return cls(
                game=data["game"],
                rules=rules,
                seed=check_seed(data["seed"]),
                duplicate=check_bool(data["duplicate"], "duplicate"),
                names=names,
                games=games,
            )
        except (KeyError, TypeError, RulesError, NotationError, ValueError) as error:
            raise NotationError(f"invalid arena result {quote(data)}: {error}") from None

    def table(self) -> str:
        """The figures as a small text table (what the command line prints)."""
        unit = "payoff" if self.game == "tarot" else "payoff (minus the hand left)"
        lines = [
            f"{self.game} {self.rules}: {self.deals} deals, seed {self.seed}, "
            f"{'duplicate' if self.duplicate else 'not duplicate'}; mean {unit} per deal",
            f"  {'bot':<12} {'games':>6} {'mean':>9} {'s.e.':>7}   95% interval",
        ]
        for standing in self.standings:
            lines.append(
                f"  {_label(standing.entry, standing.name):<12} {standing.games:>6} "
                f"{standing.mean:>9.3f} {_float(standing.stderr):>7}   "
                f"{_range(standing.low, standing.high)}"
            )
        if self.head_to_head:
            lines.append("  head to head (first minus second, per deal):")
        for item in self.head_to_head:
            pair = f"{_label(item.first, self.names[item.first])} - "
            pair += _label(item.second, self.names[item.second])
            lines.append(
                f"    {pair:<24} {item.mean:>9.3f} {_float(item.stderr):>7}   "
                f"{_range(item.low, item.high)}   won {item.wins}, lost {item.losses}, "
                f"tied {item.ties}"
            )
        return "\n".join(lines)


def _label(entry: int, name: str) -> str:
    return f"{entry}:{name}"


def _float(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _range(low: float | None, high: float | None) -> str:
    if low is None or high is None:
        return "-"
    return f"[{low:.3f}, {high:.3f}]"


def _number(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else str(value)


def _read_number(value: object) -> Fraction:
    if type(value) is int:
        return Fraction(value)
    if isinstance(value, str):
        numerator, slash, denominator = value.partition("/")
        if (
            slash
            and len(value) <= _MAX_NUMBER_TEXT
            and numerator.removeprefix("-").isdigit()
            and denominator.isdigit()
            and int(denominator)
        ):
            return Fraction(int(numerator), int(denominator))
    raise NotationError(f"invalid payoff {quote(value)}: expected an int or an 'a/b' string")


def _deal_scores(games: Sequence[ArenaGame], entries: int) -> list[list[Fraction]]:
    """Per deal (in order), each entry's payoff averaged over that deal's games."""
    by_deal: dict[int, list[ArenaGame]] = {}
    for game in games:
        by_deal.setdefault(game.deal, []).append(game)
    rows = []
    for deal in sorted(by_deal):
        played = by_deal[deal]
        row = []
        for entry in range(entries):
            payoffs = [game.payoff_of(entry) for game in played if entry in game.seats]
            row.append(sum(payoffs, Fraction(0)) / len(payoffs) if payoffs else Fraction(0))
        rows.append(row)
    return rows


# -- playing -------------------------------------------------------------------------------


def _tarot_game(
    bots: Sequence[TarotBot], state: tarot.State, rngs: Sequence[random.Random]
) -> tarot.State:
    while not state.is_over:
        seat = state.to_move
        move = bots[seat].choose(tarot_view_of(state, seat), rngs[seat])
        state = _play(state, move, bots[seat], seat)
    return state


def _tailor_game(
    bots: Sequence[TailorBot], state: tailor.State, rngs: Sequence[random.Random]
) -> tailor.State:
    while not state.is_over:
        seat = state.to_move
        move = bots[seat].choose(tailor_view_of(state, seat), rngs[seat])
        state = _play(state, move, bots[seat], seat)
    return state


@overload
def _play(state: tarot.State, move: TarotMove, bot: object, seat: int) -> tarot.State: ...
@overload
def _play(state: tailor.State, move: tailor.Move, bot: object, seat: int) -> tailor.State: ...
def _play(state: Any, move: Any, bot: object, seat: int) -> Any:
    try:
        return state.play(move)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"bot {bot_name(bot)!r} at seat {seat}: {error}") from None


def _rotations(players: int, duplicate: bool) -> range:
    return range(players) if duplicate else range(1)


def play_deal(
    rules: AnyRules,
    bots: Sequence[TarotBot] | Sequence[TailorBot],
    seed: int,
    deal: int,
    duplicate: bool = True,
) -> tuple[ArenaGame, ...]:
    """Play deal number ``deal`` of the arena seeded with ``seed``: once per rotation of the
    bots with ``duplicate``, else once as they are seated. This is the unit of work
    :func:`run` hands to an executor (a module-level function, so that process pools can
    pickle it).

    Tarot deals are dealt by seat ``deal % players``, Chase the Tailor rounds started by it.

    :raises IllegalMoveError: if a bot returns an illegal move (naming the bot and its seat).
    """
    players = rules.players
    deal_seed = derive_seed(seed, "deal", deal)
    starter = deal % players
    games = []
    for rotation in _rotations(players, duplicate):
        seats = tuple((seat - rotation) % players for seat in range(players))
        rngs = [random.Random(derive_seed(seed, "bot", deal, rotation, entry)) for entry in seats]
        if isinstance(rules, tarot.Rules):
            tarot_bots = [cast("TarotBot", bots[entry]) for entry in seats]
            start = tarot.deal(rules, deal_seed, dealer=starter)
            payoffs: tuple[Fraction | int, ...] = _tarot_game(tarot_bots, start, rngs).payoffs()
        else:
            tailor_bots = [cast("TailorBot", bots[entry]) for entry in seats]
            first = tailor.deal(rules, seed=deal_seed, first_player=starter)
            payoffs = _tailor_game(tailor_bots, first, rngs).payoffs()
        games.append(
            ArenaGame(
                deal=deal,
                rotation=rotation,
                seats=seats,
                payoffs=[Fraction(value) for value in payoffs],
            )
        )
    return tuple(games)


def _check_run(
    rules: object, bots: object, deals: object, seed: object, duplicate: object
) -> tuple[AnyRules, tuple[Any, ...]]:
    if not isinstance(rules, tarot.Rules | tailor.Rules):
        raise RulesError(
            f"invalid arena rules {quote(rules)}: expected a cardgames.tarot.rules.Rules or a "
            "cardgames.tailor.Rules"
        )
    seated = as_tuple(bots, "arena bots")
    if len(seated) != rules.players:
        raise RulesError(
            f"invalid arena bots: {len(seated)} given for {rules.players} seats; expected one "
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
def run(
    rules: AnyRules,
    bots: Sequence[TarotBot] | Sequence[TailorBot],
    *,
    deals: int = 100,
    seed: int = 0,
    duplicate: bool = True,
    executor: Executor | str | None = None,
    progress: bool = False,
) -> ArenaResult:
    """Let ``bots`` (one per seat, entry ``e`` at seat ``e`` in rotation 0) play ``deals``
    deals of ``rules``; see the module's description for the seeding and the figures.

    :param rules: :class:`cardgames.tarot.rules.Rules` or :class:`cardgames.tailor.Rules`.
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
        game="tarot" if isinstance(rules, tarot.Rules) else "tailor",
        rules=str(rules),
        seed=seed,
        duplicate=duplicate,
        names=[bot_name(bot) for bot in seated],
        games=games,
    )


def _check_executor(executor: object) -> None:
    if executor is None or isinstance(executor, Executor):
        return
    if not isinstance(executor, str) or not executor.strip():
        raise RulesError(
            f"invalid executor {quote(executor)}: expected a concurrent.futures.Executor, a Dask "
            "scheduler address such as 'tcp://HOST:8786', or None"
        )


@attrs.frozen
class _Failure:
    """A deal that raised: the error travels back as a value, so that the arena re-raises the
    bot's own exception rather than batch_map's summary of it."""

    error: Exception


@attrs.frozen
class _DealPlayer:
    """The work :func:`run` hands to :func:`cardgames.solver.batch.batch_map`: a deal number
    in, its games out (a module-level class, so that process pools and clusters can pickle it)."""

    rules: AnyRules
    bots: tuple[Any, ...]
    seed: int
    duplicate: bool

    def __call__(self, deal: int) -> tuple[ArenaGame, ...] | _Failure:
        try:
            return play_deal(self.rules, self.bots, self.seed, deal, self.duplicate)
        except Exception as error:  # re-raised by the arena, in deal order
            return _Failure(error)


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
                raise RulesError(
                    f"deal {result.index} could not be played on the {type(executor).__name__}: "
                    f"{result.kind}: {result.message} (a process pool or a cluster needs bots "
                    "it can pickle)"
                )
            played.append(result)
    finally:
        results.close()  # a failure cancels the deals not yet started
    return played
