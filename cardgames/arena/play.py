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
from typing import Any

import attrs

from cardgames import games
from cardgames.arena.results import AnyRules, ArenaGame, rotations_of
from cardgames.bots.protocol import bot_name
from cardgames.errors import CardgamesError, IllegalMoveError
from cardgames.validation import derive_seed


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


def _play_game(
    game: games.AnyGame, bots: Sequence[Any], state: Any, rngs: Sequence[random.Random]
) -> Any:
    """Play ``state`` out, each move chosen by the bot of the seat that chooses it (bridge's
    declarer chooses the dummy's cards), handed that seat's view only."""
    while not state.is_over:
        seat = game.chooser(state)
        move = _choose(bots[seat], game.view(state, seat), rngs[seat], seat)
        state = _play(state, move, bots[seat], seat)
    return state


def _play(state: Any, move: Any, bot: object, seat: int) -> Any:
    try:
        return state.play(move)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"bot {bot_name(bot)!r} at seat {seat}: {error}") from None


def play_deal(
    rules: AnyRules,
    bots: Sequence[Any],
    seed: int,
    deal: int,
    duplicate: bool = True,
) -> tuple[ArenaGame, ...]:
    """Play deal number ``deal`` of the arena seeded with ``seed``: once per rotation of the
    bots with ``duplicate``, else once as they are seated. This is the unit of work
    :func:`run` hands to an executor (through a module-level class, so that process pools can
    pickle it).

    Each deal is dealt by the game's descriptor (:meth:`cardgames.games.GameDescriptor.deal`)
    from the arena's seed: Tarot deals are dealt by seat ``deal % players``, Chase the Tailor
    rounds started by it. Bridge deals are dealt at random
    (:func:`cardgames.bridge.deal.random_deal`) and played in the arena's contract; under
    duplicate each is played twice, the bots of rotation 0 swapping partnerships in rotation 1.
    A seat's payoff is its side's tricks minus half the tricks of the deal (+1/2 for the
    declaring side's seven tricks of thirteen, -1/2 for the defenders).

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
    rules: AnyRules, bots: Sequence[Any], seed: int, deal: int, duplicate: bool
) -> tuple[ArenaGame, ...]:
    game = games.of(rules)
    players = game.players(rules)
    deal_seed = derive_seed(seed, "deal", deal)
    starter = deal % players
    played = []
    for rotation in rotations_of(rules, duplicate):
        seats = tuple((seat - rotation) % players for seat in range(players))
        rngs = [random.Random(derive_seed(seed, "bot", deal, rotation, entry)) for entry in seats]
        try:
            start = game.deal(rules, deal_seed, starter)
            payoffs = game.scores(_play_game(game, [bots[entry] for entry in seats], start, rngs))
        except _BotCrash as crash:
            crash.deal, crash.rotation = deal, rotation
            raise
        played.append(ArenaGame(deal=deal, rotation=rotation, seats=seats, payoffs=payoffs))
    return tuple(played)


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
