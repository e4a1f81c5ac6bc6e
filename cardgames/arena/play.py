"""Playing an arena's deals: one deal in every rotation of the bots, each bot handed only its
seat's view, and a bot's failure carried back from wherever the deal was played
(:class:`BotError`).

:func:`cardgames.arena.run` hands ``_DealPlayer`` to the executor; :func:`play_deal` is
the same work for one deal, raising a bot's own exception with a note saying where.
"""

from __future__ import annotations

import contextlib
import pickle
import random
import traceback
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, cast, overload

import attrs

from cardgames import bridge, tailor, tarot
from cardgames.arena.results import AnyRules, ArenaGame, _rotations, players_of
from cardgames.bots.protocol import BridgeBot, TailorBot, TarotBot, TarotMove, bot_name
from cardgames.bridge.view import controller
from cardgames.bridge.view import view_of as bridge_view_of
from cardgames.cards import Card
from cardgames.errors import CardgamesError, IllegalMoveError
from cardgames.tailor.rules import derive_seed
from cardgames.tailor.view import view_of as tailor_view_of
from cardgames.tarot.view import view_of as tarot_view_of


class BotError(CardgamesError):
    """A bot raised an exception that could not come back from where its deal was played.

    A process pool or a cluster sends each deal's result back pickled; a bot's exception that
    cannot be pickled (or read back) would be lost on the way, so :func:`run` raises this
    instead, with what there is to know: the exception's class name and message, which bot
    raised it where, and its traceback as text (in ``details``, and in the error's notes
    so that a printed traceback shows it). :func:`run` raises it in whatever executor the
    deals are played (in this process too), so that an arena fails the same way everywhere;
    an exception that can be pickled is raised as it is.

    >>> error = BotError("Hooked", "lost my way", bot="mine", seat=1, deal=3, rotation=0)
    >>> print(error)
    bot 'mine' at seat 1 raised Hooked: lost my way, in deal 3 (rotation 0)

    :param kind: the exception's class name.
    :param message: its message.
    :param bot: the bot's label (:func:`cardgames.bots.protocol.bot_name`).
    :param seat: the seat it played.
    :param deal: the deal's number.
    :param rotation: the rotation of the bots in that deal.
    :param details: the traceback, as text.
    """

    def __init__(
        self,
        kind: str,
        message: str,
        *,
        bot: str,
        seat: int,
        deal: int,
        rotation: int,
        details: str = "",
    ) -> None:
        super().__init__(
            f"bot {bot!r} at seat {seat} raised {kind}: {message}, in deal {deal} "
            f"(rotation {rotation})"
        )
        self.kind = kind
        self.message = message
        self.bot = bot
        self.seat = seat
        self.deal = deal
        self.rotation = rotation
        self.details = details

    def __reduce__(self) -> tuple[Any, ...]:
        # Keyword arguments do not survive the default pickling of an exception.
        return (_rebuild_bot_error, (self.kind, self.message, self._where()), self.__dict__)

    def _where(self) -> tuple[str, int, int, int, str]:
        return (self.bot, self.seat, self.deal, self.rotation, self.details)


def _rebuild_bot_error(kind: str, message: str, where: tuple[str, int, int, int, str]) -> BotError:
    bot, seat, deal, rotation, details = where
    return BotError(
        kind, message, bot=bot, seat=seat, deal=deal, rotation=rotation, details=details
    )


class _BotCrash(Exception):
    """Carries a bot's exception out of a deal with where it was raised. It never leaves the
    module: :func:`play_deal` re-raises the bot's own exception, :func:`run` that or a
    :class:`BotError`."""

    def __init__(self, error: Exception, bot: str, seat: int) -> None:
        super().__init__(bot, seat)
        self.error = error
        self.bot = bot
        self.seat = seat
        self.deal = 0
        self.rotation = 0

    def where(self) -> str:
        return (
            f"raised by bot {self.bot!r} at seat {self.seat}, in deal {self.deal} "
            f"(rotation {self.rotation})"
        )


def _choose(bot: Any, view: Any, rng: random.Random, seat: int) -> Any:
    try:
        return bot.choose(view, rng)
    except Exception as error:
        raise _BotCrash(error, bot_name(bot), seat) from error


def _add_note(error: BaseException, note: str) -> None:
    with contextlib.suppress(Exception):  # a class refusing new attributes keeps its text
        error.add_note(note)


def _round_trips(error: BaseException) -> bool:
    """Whether ``error`` survives the trip back from a worker process: pickled, then read."""
    try:
        pickle.loads(pickle.dumps(error, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:
        return False
    return True


def _text_of(error: BaseException) -> str:
    try:
        return str(error)
    except Exception:  # a broken __str__ of the bot's exception
        return f"<{type(error).__name__} whose message cannot be shown>"


def _bot_failure(crash: _BotCrash) -> Exception:
    """The exception :func:`run` raises for a bot's: the bot's own, noted with where it was
    raised, if it can come back from a worker; else a :class:`BotError` saying what it was."""
    error = crash.error
    _add_note(error, crash.where())
    if _round_trips(error):
        return error
    kind = type(error).__name__
    try:
        details = "".join(traceback.format_exception(error))
    except Exception:
        details = ""
    failure = BotError(
        kind,
        _text_of(error),
        bot=crash.bot,
        seat=crash.seat,
        deal=crash.deal,
        rotation=crash.rotation,
        details=details,
    )
    # No __cause__: some packages (distributed, through tblib) pickle an exception's cause
    # with it, and this one's is the exception that could not be pickled.
    _add_note(
        failure,
        f"({kind} cannot go from one process to another: it could not be pickled and read "
        "back, so the arena raises this error in its place, wherever the deals are played.)"
        + (f"\nThe bot's traceback:\n{details}" if details else ""),
    )
    return failure


def _tarot_game(
    bots: Sequence[TarotBot], state: tarot.State, rngs: Sequence[random.Random]
) -> tarot.State:
    while not state.is_over:
        seat = state.to_move
        move = _choose(bots[seat], tarot_view_of(state, seat), rngs[seat], seat)
        state = _play(state, move, bots[seat], seat)
    return state


def _tailor_game(
    bots: Sequence[TailorBot], state: tailor.State, rngs: Sequence[random.Random]
) -> tailor.State:
    while not state.is_over:
        seat = state.to_move
        move = _choose(bots[seat], tailor_view_of(state, seat), rngs[seat], seat)
        state = _play(state, move, bots[seat], seat)
    return state


def _bridge_game(
    bots: Sequence[BridgeBot], state: bridge.State, rngs: Sequence[random.Random]
) -> bridge.State:
    while not state.is_over:
        seat = controller(state.contract, state.to_move)  # the declarer plays the dummy's cards
        move = _choose(bots[seat], bridge_view_of(state, seat), rngs[seat], seat)
        state = _play(state, move, bots[seat], seat)
    return state


def _bridge_payoffs(state: bridge.State) -> tuple[Fraction, ...]:
    """Each seat's side's tricks minus half the tricks of the deal."""
    half = Fraction(state.deal.cards_each, 2)
    return tuple(state.tricks_of(seat) - half for seat in bridge.Seat)


@overload
def _play(state: tarot.State, move: TarotMove, bot: object, seat: int) -> tarot.State: ...
@overload
def _play(state: tailor.State, move: tailor.Move, bot: object, seat: int) -> tailor.State: ...
@overload
def _play(state: bridge.State, move: Card, bot: object, seat: int) -> bridge.State: ...
def _play(state: Any, move: Any, bot: object, seat: int) -> Any:
    try:
        return state.play(move)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"bot {bot_name(bot)!r} at seat {seat}: {error}") from None


def play_deal(
    rules: AnyRules,
    bots: Sequence[TarotBot] | Sequence[TailorBot] | Sequence[BridgeBot],
    seed: int,
    deal: int,
    duplicate: bool = True,
) -> tuple[ArenaGame, ...]:
    """Play deal number ``deal`` of the arena seeded with ``seed``: once per rotation of the
    bots with ``duplicate``, else once as they are seated. This is the unit of work
    :func:`run` hands to an executor (through a module-level class, so that process pools can
    pickle it).

    Tarot deals are dealt by seat ``deal % players``, Chase the Tailor rounds started by it.
    Bridge deals are dealt at random (:func:`cardgames.bridge.deal.random_deal`) and played in the
    arena's contract; under duplicate each is played twice, the bots of rotation 0 swapping
    partnerships in rotation 1. A seat's payoff is its side's tricks minus half the tricks of
    the deal (+1/2 for the declaring side's seven tricks of thirteen, -1/2 for the defenders).

    :raises IllegalMoveError: if a bot returns an illegal move (naming the bot and its seat).
    :raises Exception: whatever a bot raises, with a note naming the bot, its seat, the deal
        and the rotation.
    """
    try:
        return _play_rotations(rules, bots, seed, deal, duplicate)
    except _BotCrash as crash:
        error, where = crash.error, crash.where()
    # Raised outside the handler, so that the bot's exception keeps its own cause and context.
    _add_note(error, where)
    raise error


def _play_rotations(
    rules: AnyRules,
    bots: Sequence[TarotBot] | Sequence[TailorBot] | Sequence[BridgeBot],
    seed: int,
    deal: int,
    duplicate: bool,
) -> tuple[ArenaGame, ...]:
    players = players_of(rules)
    deal_seed = derive_seed(seed, "deal", deal)
    starter = deal % players
    games = []
    game = "tarot" if isinstance(rules, tarot.Rules) else "tailor"
    if isinstance(rules, bridge.Contract):
        game = "bridge"
    for rotation in _rotations(players, duplicate, game):
        seats = tuple((seat - rotation) % players for seat in range(players))
        rngs = [random.Random(derive_seed(seed, "bot", deal, rotation, entry)) for entry in seats]
        try:
            if isinstance(rules, tarot.Rules):
                tarot_bots = [cast("TarotBot", bots[entry]) for entry in seats]
                start = tarot.deal(rules, deal_seed, dealer=starter)
                payoffs: tuple[Fraction | int, ...] = _tarot_game(tarot_bots, start, rngs).payoffs()
            elif isinstance(rules, bridge.Contract):
                bridge_bots = [cast("BridgeBot", bots[entry]) for entry in seats]
                start_play = bridge.State(bridge.random_deal(deal_seed), rules)
                payoffs = _bridge_payoffs(_bridge_game(bridge_bots, start_play, rngs))
            else:
                tailor_bots = [cast("TailorBot", bots[entry]) for entry in seats]
                first = tailor.deal(rules, seed=deal_seed, first_player=starter)
                payoffs = _tailor_game(tailor_bots, first, rngs).payoffs()
        except _BotCrash as crash:
            crash.deal, crash.rotation = deal, rotation
            raise
        games.append(
            ArenaGame(
                deal=deal,
                rotation=rotation,
                seats=seats,
                payoffs=[Fraction(value) for value in payoffs],
            )
        )
    return tuple(games)


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
            return _play_rotations(self.rules, self.bots, self.seed, deal, self.duplicate)
        except _BotCrash as crash:  # the bot's exception if it can travel, else a BotError
            return _Failure(_bot_failure(crash))
        except Exception as error:  # re-raised by the arena, in deal order
            return _Failure(error)
