"""Players: the bot protocol, and the one way every game seats its players and plays a deal.

Knows no game: the games (:mod:`cardgames.tarot.game`, :mod:`cardgames.tailor.match` and both
states' ``play_out``) give their own names for messages and call :func:`seat_players` and
:func:`play_to_end`.

The play functions of both games (:func:`cardgames.tarot.game.play_deal`,
:meth:`cardgames.tarot.game.Game.play_round`, :meth:`cardgames.tailor.Match.play_out`, ...)
take their players as one player for every seat, or a sequence of exactly one per seat. Each
player is either

* a **bot**: any object with a callable ``choose`` attribute, called as
  ``bot.choose(view, rng)`` (the protocol :class:`Bot`). It is only ever handed
  ``state.view(seat)`` for its own seat, never the state, and the :class:`random.Random` of
  its seat; or
* a **strategy**: any other callable, given the whole state (every hand) and returning the
  move to make.

An object that is both callable and has a ``choose`` method counts as a bot, so a bot cannot
peek by accident. :func:`seat_players` turns the players into one strategy per seat, wrapping
each bot so that it sees only its view.

Where the bots' randomness comes from: the play functions take ``rng``, a seed, a
:class:`random.Random` or None, and :func:`bot_seed` turns it into one base seed (None gives
:data:`DEFAULT_BOT_SEED`, so the same call plays the same game; a ``random.Random`` gives one
64-bit draw from it). The bot in ``seat`` of deal number ``deal`` (counting from 0 in a game or
match; :func:`~cardgames.tarot.game.play_deal` counts its deal as 0) then draws from its own
:func:`bot_rng`, ``random.Random(derive_seed(base, "bot", deal, seat))`` with
:func:`cardgames.validation.derive_seed`. So a bot's stream does not depend on who sits in
the other seats, and playing a game out gives the same deals as playing it round by round with
the same seed.

>>> first = lambda state: state
>>> seat_strategies(first, 3, 'Tarot') == (first, first, first)
True
>>> seat_strategies([first, first], 3, 'Tarot')
Traceback (most recent call last):
...
cardgames.errors.RulesError: invalid Tarot strategies: 2 given for 3 seats (give one strategy for
every seat, or one per seat)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Protocol, TypeAlias, TypeVar

import attrs

from cardgames.deck import RandomSource, random_below
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.validation import (
    SEED_LIMIT,
    as_tuple,
    check_int,
    derive_seed,
    make_rng,
    quote,
    strict_arguments,
)

__all__ = [
    "DEFAULT_BOT_SEED",
    "Bot",
    "BotRandom",
    "Playing",
    "Seating",
    "bot_name",
    "bot_rng",
    "bot_seed",
    "check_bot",
    "check_rng",
    "is_bot",
    "play_to_end",
    "random_choice",
    "seat_players",
    "seat_strategies",
]

_V_contra = TypeVar("_V_contra", contravariant=True)
_M_co = TypeVar("_M_co", covariant=True)


class Bot(Protocol[_V_contra, _M_co]):
    """A player of one game: ``Bot[tarot.view.View, tarot.Move]`` plays Tarot,
    ``Bot[tailor.view.View, tailor.Move]`` Chase the Tailor. The bots of :mod:`cardgames.bots`
    play both.

    A bot is any object with a method ``choose(view, rng)`` returning one of
    ``view.legal_moves()``. It is handed its seat's view, never a state, so it cannot peek at
    hidden cards, and a :class:`random.Random` that it must use for every random choice, so
    that the same seed always gives the same moves.
    """

    def choose(self, view: _V_contra, rng: random.Random) -> _M_co:
        """The move to make: one of ``view.legal_moves()``, for the seat ``view.seat``, which
        is the seat to move. Every random choice goes through ``rng``."""


def bot_name(bot: object) -> str:
    """A short label for a bot: its ``name`` attribute when it has a text one, else its class
    name.

    >>> from cardgames.bots import RuleBot
    >>> bot_name(RuleBot()), bot_name(object())
    ('rule', 'object')
    """
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


def check_bot(bot: object, what: str = "bot") -> None:
    """Raise unless ``bot`` has a callable ``choose``.

    :raises RulesError: naming the value and what was expected.
    """
    if not is_bot(bot):
        raise RulesError(
            f"invalid {what} {quote(bot)}: expected a bot with a choose(view, rng) method"
        )


def check_rng(rng: object) -> random.Random:
    """The generator a bot draws from: ``rng`` itself if it is a :class:`random.Random` (the
    caller's, advanced), or a new one seeded with ``rng`` if it is an int seed (0 to
    ``2**64 - 1``), so that ``bot.choose(view, 7)`` works as ``play_out(rng=7)`` does
    (:func:`cardgames.deck.make_rng`).

    >>> check_rng(7).random() == random.Random(7).random()
    True

    :raises RulesError: for anything else (a negative seed, a bool, a float, ...).
    """
    return make_rng(rng, "rng")  # type: ignore[arg-type]


S = TypeVar("S")
V = TypeVar("V")
M = TypeVar("M")

DEFAULT_BOT_SEED: Final = 0
"""The base seed of the bots' randomness when a play function is given ``rng=None``."""

BotRandom: TypeAlias = int | random.Random | None
"""What the play functions accept as ``rng``: a seed (an int from 0 to ``2**64 - 1``), a
:class:`random.Random` (advanced by one 64-bit draw), or None for :data:`DEFAULT_BOT_SEED`."""


def is_bot(player: object) -> bool:
    """True if ``player`` is a bot: it has a callable ``choose`` attribute.

    >>> from cardgames.bots import RandomBot
    >>> is_bot(RandomBot()), is_bot(lambda state: state)
    (True, False)
    """
    return callable(getattr(player, "choose", None))


def bot_seed(rng: BotRandom) -> int:
    """The base seed of the bots' randomness for a play function's ``rng``.

    :param rng: None (:data:`~cardgames.players.DEFAULT_BOT_SEED`), a seed, or a
        :class:`random.Random` (one 64-bit draw is taken from it).
    :raises RulesError: for anything else (a negative seed, a bool, a string...).

    >>> bot_seed(None), bot_seed(7), bot_seed(random.Random(1)) == random.Random(1).getrandbits(64)
    (0, 7, True)
    """
    if rng is None:
        return DEFAULT_BOT_SEED
    if isinstance(rng, random.Random):
        return rng.getrandbits(64)
    return check_int(
        rng,
        "rng",
        low=0,
        high=SEED_LIMIT - 1,
        expected="a seed (an int from 0 to 2**64 - 1), a random.Random or None",
    )


def bot_rng(seed: int, deal: int, seat: int) -> random.Random:
    """The generator of the bot in ``seat`` in deal number ``deal``, from the base ``seed``:
    ``random.Random(derive_seed(seed, "bot", deal, seat))``.

    :raises RulesError: for a bad seed, deal number or seat.

    >>> bot_rng(5, 0, 1).random() == bot_rng(5, 0, 1).random() != bot_rng(5, 0, 2).random()
    True
    """
    check_int(deal, "deal number", low=0)
    check_int(seat, "seat", low=0)
    return random.Random(derive_seed(seed, "bot", deal, seat))


def _items(
    players: object, count: int, game: str, single: Callable[[object], bool]
) -> tuple[object, ...]:
    if single(players):
        return (players,) * count
    if isinstance(players, str | bytes | Mapping) or not isinstance(players, Iterable):
        raise RulesError(
            f"invalid {game} strategy {quote(players)}: expected a strategy (a callable from a "
            "state to a move) or a bot (an object with a choose(view, rng) method), or a "
            "sequence of one per seat"
        )
    items = as_tuple(players, f"{game} strategies", limit=count + 1)
    if len(items) != count:
        raise RulesError(
            f"invalid {game} strategies: {len(items)} given for {count} seats (give one "
            "strategy for every seat, or one per seat)"
        )
    return items


def seat_strategies(
    strategies: Callable[[S], M] | Sequence[Callable[[S], M]], players: int, game: str
) -> tuple[Callable[[S], M], ...]:
    """One strategy per seat: ``strategies`` repeated if it is a single callable, else the
    sequence itself, which must hold exactly ``players`` callables (no bots: see
    :func:`seat_players`).

    :param game: the game's name, for messages.
    :raises RulesError: for a sequence of the wrong length, or anything that is not callable.
    """
    items = _items(strategies, players, game, callable)
    for seat, item in enumerate(items):
        if not callable(item):
            raise RulesError(
                f"invalid {game} strategy {quote(item)} for seat {seat}: expected a callable "
                "from a state to a move"
            )
    return items  # type: ignore[return-value]  # every item checked callable above


def _bot_strategy(
    bot: Bot[V, M], seat: int, rng: random.Random, view: Callable[[S, int], V]
) -> Callable[[S], M]:
    def choose(state: S) -> M:
        # The play loops call a seat's player only when that seat is to move.
        return bot.choose(view(state, seat), rng)

    return choose


def seat_players(
    players: Callable[[S], M] | Bot[V, M] | Sequence[Callable[[S], M] | Bot[V, M]],
    count: int,
    game: str,
    *,
    view: Callable[[S, int], V],
    seed: int = DEFAULT_BOT_SEED,
    deal: int = 0,
) -> tuple[Callable[[S], M], ...]:
    """One strategy per seat from strategies and bots (see the module doc for which is which):
    a strategy is kept as it is; a bot becomes a strategy that hands it ``view(state, seat)``
    and :func:`bot_rng` ``(seed, deal, seat)``.

    :param players: one player for every seat (a bot there gets a generator per seat), or a
        sequence of exactly ``count``.
    :param game: the game's name, for messages.
    :param view: how a seat's view is made from a state (``State.view``).
    :param seed: the base seed from :func:`bot_seed`.
    :param deal: the deal's number in its game or match.
    :raises RulesError: for a sequence of the wrong length, or a player that is neither.

    >>> from cardgames import tarot
    >>> from cardgames.bots import RandomBot
    >>> players = seat_players([RandomBot(), min], 2, 'Tarot', view=tarot.State.view)
    >>> players[1] is min, callable(players[0])
    (True, True)
    >>> seat_players([RandomBot(), 3], 2, 'Tarot', view=tarot.State.view)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid Tarot strategy 3 for seat 1: expected a strategy (a
    callable from a state to a move) or a bot (an object with a choose(view, rng) method)
    """
    items = _items(players, count, game, lambda item: is_bot(item) or callable(item))
    result: list[Callable[[S], M]] = []
    for seat, item in enumerate(items):
        if is_bot(item):
            bot: Bot[V, M] = item  # type: ignore[assignment]  # the protocol is structural
            result.append(_bot_strategy(bot, seat, bot_rng(seed, deal, seat), view))
        elif callable(item):
            result.append(item)
        else:
            raise RulesError(
                f"invalid {game} strategy {quote(item)} for seat {seat}: expected a strategy "
                "(a callable from a state to a move) or a bot (an object with a choose(view, "
                "rng) method)"
            )
    return tuple(result)


class Playing(Protocol):
    """What :func:`play_to_end` asks of a state: whether it is over, who is to move, and
    ``play``."""

    @property
    def is_over(self) -> bool:
        """True once the deal is finished."""

    @property
    def to_move(self) -> int:
        """The seat to move."""

    def play(self, move: Any) -> Any:
        """The state after ``move``."""


P = TypeVar("P", bound=Playing)


def play_to_end(
    state: P, players: Sequence[Callable[[P], object]], *, move: str, expected: str
) -> P:
    """Play ``state`` to the end of its deal, asking the strategy of the seat to move each
    time (one per seat, see :func:`seat_players`).

    :param move: what a move is called in messages (``"Tarot move"``).
    :param expected: what a player must return, for messages (``"a Move"``).
    :raises IllegalMoveError: if a player returns a written move (a string) rather than a
        move, or a move that the state refuses.
    """
    # Every deal of both games ends (a Chase the Tailor round has at most max_turns turns).
    while not state.is_over:
        seat = state.to_move
        choice = players[seat](state)
        if isinstance(choice, str):  # State.play reads text; a player must name a move
            raise IllegalMoveError(
                f"invalid {move} {quote(choice)} from seat {seat}: expected {expected} (a "
                "player returns moves, not their written form)"
            )
        state = state.play(choice)
    return state


class _Series(Protocol):
    @property
    def is_over(self) -> bool: ...

    @property
    def rules(self) -> Any: ...

    def record(self, state: Any) -> Any: ...


_G = TypeVar("_G", bound=_Series)


class _Rules(Protocol):
    @property
    def players(self) -> int:
        """How many seats."""


def _view(state: Any, seat: int) -> Any:
    return state.view(seat)


@strict_arguments
@attrs.frozen
class Seating:
    """One game's names for :func:`seat_players` and :func:`play_to_end`, so that its
    games, matches and ``play_out`` seat players and play deals the same way.

    :param game: the game's name in messages (``"Tarot"``).
    :param move: what a move is called in messages (``"Tarot move"``).
    :param expected: what a player must return, for messages (``"a Move"``).

    >>> from cardgames import tarot
    >>> from cardgames.bots import RandomBot
    >>> seating = Seating('Tarot', 'Tarot move', 'a Move')
    >>> state = tarot.deal(tarot.Rules.simplified(players=3), seed=1)
    >>> seating.play(state, seating.seat(RandomBot(), state.rules, 0, 0)).is_over
    True
    """

    game: str
    move: str
    expected: str

    def seat(
        self, players: Any, rules: _Rules, seed: int, deal: int
    ) -> tuple[Callable[[Any], Any], ...]:
        """One strategy per seat (:func:`seat_players`), a bot being shown
        ``state.view(seat)``.

        :param rules: the rules (only their ``players`` is read).
        :param seed: the base seed from :func:`bot_seed`.
        :param deal: the deal's number in its game or match.
        """
        return seat_players(players, rules.players, self.game, view=_view, seed=seed, deal=deal)

    def play(self, state: P, players: Sequence[Callable[[P], object]]) -> P:
        """``state`` played to the end (:func:`play_to_end`)."""
        return play_to_end(state, players, move=self.move, expected=self.expected)

    def play_series(
        self,
        series: _G,
        players: Any,
        rng: BotRandom,
        *,
        next_deal: Callable[[_G], Any],
        played: Callable[[_G], int],
    ) -> _G:
        """Play every remaining deal of ``series`` (a game or match: ``is_over``, ``rules``
        and ``record(state)``), seating the players again for each deal's number.

        :param next_deal: the series' next deal, ready to play.
        :param played: how many deals the series has finished.
        """
        seed = bot_seed(rng)
        seated = self.seat(players, series.rules, seed, played(series))
        while not series.is_over:
            series = series.record(self.play(next_deal(series), seated))
            if not series.is_over:
                seated = self.seat(players, series.rules, seed, played(series))
        return series


def random_choice(
    source: RandomSource, kind: type[P], *, what: str, expected: str, over: str
) -> Callable[[P], Any]:
    """A strategy choosing uniformly among the legal moves of a state of the class ``kind``,
    reproducibly from ``source`` (only raw bits of the generator are used, so the same seed
    makes the same choices on every machine).

    :param what: a state's name in messages (``"Tarot state"``).
    :param expected: what a state is, in messages (``"a tarot State"``).
    :param over: the message when there is no legal move.
    :raises RulesError: if ``source`` is neither a seed nor a :class:`random.Random`.
    """
    rng = make_rng(source)

    def choose(state: P) -> Any:
        if not isinstance(state, kind):
            raise RulesError(f"invalid {what} {quote(state)}: expected {expected}")
        moves = state.legal_moves()  # type: ignore[attr-defined]  # every game's State has it
        if not moves:
            raise IllegalMoveError(over)
        return moves[random_below(rng, len(moves))]

    return choose
