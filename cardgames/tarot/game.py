"""A game of Tarot: a series of deals in which the deal passes round the table until every
player has dealt once, with running totals of the payoffs; and the players that play it.

A player is a strategy, any callable from a :class:`~cardgames.tarot.state.State` to one of its
legal moves, or a bot (:class:`cardgames.bots.protocol.Bot`: an object with
``choose(view, rng)``), which is only shown its seat's :class:`cardgames.tarot.view.View`.
Every play function takes either one player, used by every seat, or a sequence of exactly one
per seat, and an ``rng`` that seeds the bots (see :mod:`cardgames.players` for how a bot is
told from a strategy and how each bot seat gets its own generator).

The records that :meth:`Game.play_round` and :func:`play_deal` return are built on games
(:mod:`cardgames.tarot.records` imports this module), so those two ask the core's
:func:`cardgames.records.record_deal` for them, where the records module registers itself:
the import runs one way.

>>> from cardgames.tarot import Rules
>>> game = Game(rules=Rules.traditional(players=3), seed=11).play_out(random_strategy(11))
>>> game.is_over, [state.dealer for state in game.deals]
(True, [0, 2, 1])
>>> sum(game.totals)
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

import attrs

from cardgames.deck import RandomSource, make_rng
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.players import Bot, BotRandom, bot_seed, random_choice
from cardgames.records import record_deal
from cardgames.tarot._seating import SEATING, _play, _players
from cardgames.tarot.contracts import AnyMove
from cardgames.tarot.rules import Rules, _check_rules
from cardgames.tarot.state import Deal, State
from cardgames.validation import (
    as_tuple,
    check_int,
    check_seat,
    check_seed,
    quote,
    strict_arguments,
)

if TYPE_CHECKING:
    from cardgames.tarot.records import Record
    from cardgames.tarot.view import View

__all__ = ["Game", "Player", "Players", "Strategies", "Strategy", "play_deal", "random_strategy"]

Strategy: TypeAlias = Callable[[State], AnyMove]
"""A player: given a state, the move to make (it must be one of ``state.legal_moves()``)."""
Strategies: TypeAlias = Strategy | Sequence[Strategy]
"""One strategy for every seat, or a sequence of exactly one per seat."""
Player: TypeAlias = "Strategy | Bot[View, AnyMove]"
"""A strategy (given the state) or a bot (given only its seat's view)."""
Players: TypeAlias = "Player | Sequence[Player]"
"""One player for every seat, or a sequence of exactly one per seat."""


def random_strategy(source: RandomSource) -> Strategy:
    """A strategy choosing uniformly among the legal moves, reproducibly from ``source``.

    The choice uses only raw bits of the generator, so the same seed makes the same choices
    on every machine and Python version.

    :param source: an int seed from 0 to ``2**64 - 1`` or a ``random.Random`` (which is
        advanced as moves are chosen).
    :raises RulesError: if ``source`` is neither (a negative seed is refused).

    >>> import random
    >>> from cardgames.tarot import Rules, deal
    >>> state = deal(Rules.simplified(players=3), seed=1)
    >>> random_strategy(5)(state) == random_strategy(random.Random(5))(state)
    True
    """
    return random_choice(
        source,
        State,
        what="Tarot state",
        expected="a tarot State",
        over="no legal move: the deal is over",
    )


def play_deal(state: State, strategies: Players, *, rng: BotRandom = None) -> tuple[State, Record]:
    """Play ``state`` to the end of its deal; returns the final state and its record.

    The final state is :meth:`State.play_out() <cardgames.tarot.state.State.play_out>`'s with
    the same players and ``rng``; use that when the record is not wanted (it also plays on
    from positions made up for analysis).

    :param state: a state reached by playing a deal (not a position made up with the
        :class:`~cardgames.tarot.state.State` constructor, which no record can describe).
    :param strategies: one player (strategy or bot) for every seat, or one per seat.
    :param rng: seeds the bots (a seed, a ``random.Random`` or None for a fixed default): the
        bot in seat ``s`` draws from :func:`cardgames.players.bot_rng` ``(base, 0, s)``.
    :raises RulesError: if ``state`` is not such a state, ``strategies`` is not a player or a
        sequence of one player per seat, or ``rng`` is not a seed, a ``random.Random`` or None.
    :raises IllegalMoveError: if a player returns an illegal move (or not a Move).

    >>> from cardgames.tarot import Rules, deal
    >>> final, record = play_deal(deal(Rules.simplified(players=3), seed=2), random_strategy(2))
    >>> final.is_over, record.deals[0].replay() == final
    (True, True)
    """
    if not isinstance(state, State):
        raise RulesError(f"invalid Tarot state {quote(state)}: expected a tarot State")
    players = _players(strategies, state.rules, bot_seed(rng), 0)
    if not state._is_played():
        raise RulesError(
            f"invalid Tarot state {quote(state)}: a position made up for analysis cannot be "
            "recorded (play it out with State.play_out instead)"
        )
    final = _play(state, players)
    return final, record_deal("tarot", final)


def _deals(deals: Sequence[State]) -> tuple[State, ...]:
    return as_tuple(deals, "Tarot game deals")


@strict_arguments
@attrs.frozen(kw_only=True)
class Game:
    """A game: ``rules.players`` deals, dealt in turn by ``first_dealer`` and then the next
    player in the direction of play each time. Deal ``i`` is shuffled with
    :meth:`deal_seed` ``(i)``, drawn from the game's ``seed``, so a game is reproducible.

    Under French rules the deal goes round counter-clockwise, to the dealer's right. A deal in
    which every seat passes is void: it is over at once, is recorded like any finished deal
    with zero payoffs, and the deal passes to the next dealer. The totals are the sums of the
    deals' payoffs (each French deal's :meth:`~cardgames.tarot.state.State.score`).

    :param rules: the rules of every deal.
    :param seed: the game's seed, an int from 0 to ``2**64 - 1``.
    :param first_dealer: who deals first, a seat (an int, never a bool).
    :param deals: the finished deals so far (add one with :meth:`record`); any sequence, kept as
        a tuple. Deal ``i`` must be a finished :class:`cardgames.tarot.state.State` of the deal
        :meth:`next_deal` gives after the deals before it, reached by playing that deal (not a
        position made up with the constructor, whose record could not be read back).
    :raises RulesError: if an argument is of the wrong type, ``first_dealer`` is not a seat,
        ``seed`` is out of range, or a deal is not the game's.

    >>> from cardgames.tarot import Rules
    >>> game = Game(rules=Rules.simplified(players=4), seed=3, first_dealer=1)
    >>> state = game.start_next()
    >>> state.dealer
    1
    >>> while not state.is_over:
    ...     state = state.play(state.legal_moves()[0])
    >>> game = game.record(state)
    >>> game.next_dealer, game.totals == state.payoffs()
    (2, True)
    >>> from cardgames.tarot.contracts import PASS
    >>> french = Game(rules=Rules.french(players=4), seed=3, first_dealer=1)
    >>> void = french.start_next()
    >>> while not void.is_over:
    ...     void = void.play(PASS)
    >>> french = french.record(void)
    >>> void.is_void, french.totals, french.next_dealer
    (True, (Fraction(0, 1), Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)), 0)
    """

    rules: Rules
    seed: int
    first_dealer: int = 0
    deals: tuple[State, ...] = attrs.field(default=(), converter=_deals)

    def __attrs_post_init__(self) -> None:
        rules = _check_rules(self.rules, "game rules")
        check_seed(self.seed, "game seed")
        check_seat(self.first_dealer, rules.players, "first_dealer")
        if len(self.deals) > self.deal_count:
            raise RulesError(
                f"invalid Tarot game: {len(self.deals)} deals, but a game of {rules.players} "
                f"players has {self.deal_count}"
            )
        for number, state in enumerate(self.deals):
            if not isinstance(state, State):
                raise RulesError(f"invalid Tarot game deal {quote(state)}: expected a tarot State")
            if not state.is_over or state.initial != self._deal(number) or not state._is_played():
                raise RulesError(
                    f"invalid Tarot game: deal {number} is not the game's deal {number} played "
                    "to the end"
                )

    @property
    def deal_count(self) -> int:
        """How many deals the whole game has: one per player."""
        return self.rules.players

    @property
    def is_over(self) -> bool:
        """True once every player has dealt."""
        return len(self.deals) >= self.deal_count

    def dealer_of(self, number: int) -> int:
        """The dealer of deal ``number`` (counting from 0).

        :raises RulesError: if ``number`` is not an int from 0 to ``deal_count - 1``.
        """
        self._check_number(number)
        step = 1 if self.rules.clockwise else -1
        return (self.first_dealer + step * number) % self.rules.players

    def _check_number(self, number: int) -> None:
        check_int(number, "deal number", low=0, high=self.deal_count - 1)

    @property
    def next_dealer(self) -> int | None:
        """The dealer of the next deal, or None once the game is over."""
        return None if self.is_over else self.dealer_of(len(self.deals))

    def deal_seed(self, number: int) -> int:
        """The shuffle seed of deal ``number``: the ``number``-th 64-bit draw from a generator
        seeded with the game's seed.

        :raises RulesError: if ``number`` is not an int from 0 to ``deal_count - 1``.
        """
        self._check_number(number)
        rng = make_rng(self.seed)
        value = 0
        for _ in range(number + 1):
            value = rng.getrandbits(64)
        return value

    def next_deal(self) -> Deal:
        """The next deal, as dealt.

        :raises IllegalMoveError: if the game is over.
        """
        if self.is_over:
            raise IllegalMoveError("the game is over: every player has dealt")
        return self._deal(len(self.deals))

    def _deal(self, number: int) -> Deal:
        return Deal.random(self.rules, self.deal_seed(number), self.dealer_of(number))

    def start_next(self) -> State:
        """The starting state of the next deal.

        :raises IllegalMoveError: if the game is over.
        """
        return self.next_deal().start()

    def record(self, state: State) -> Game:
        """The game with ``state``, a finished deal, added.

        :raises IllegalMoveError: if the game is over, the deal is not finished, or it is not the
            deal :meth:`next_deal` gives played to its end (a position made up with the
            :class:`~cardgames.tarot.state.State` constructor is not).
        """
        expected = self.next_deal()
        if not isinstance(state, State) or state.initial != expected:
            raise IllegalMoveError(
                "this state is not the game's next deal (start it with Game.start_next())"
            )
        if not state.is_over:
            raise IllegalMoveError("only a finished deal can be recorded")
        if not state._is_played():
            raise IllegalMoveError(
                "this state was not reached by playing the deal (a made-up position): its "
                "record could not be read back"
            )
        return attrs.evolve(self, deals=(*self.deals, state))

    def play_round(self, strategies: Players, *, rng: BotRandom = None) -> tuple[Game, Record]:
        """Deal and play the next deal; returns the game with it added and the deal's record.

        :param strategies: one player (strategy or bot) for every seat, or a sequence of one
            per seat.
        :param rng: seeds the bots (a seed, a ``random.Random`` or None for a fixed default):
            in deal number ``n`` the bot in seat ``s`` draws from
            :func:`cardgames.players.bot_rng` ``(base, n, s)``, so playing round by round
            with one seed gives the game :meth:`play_out` gives with it.
        :raises RulesError: if ``strategies`` is not a player or a sequence of one player per
            seat, or ``rng`` is not a seed, a ``random.Random`` or None.
        :raises IllegalMoveError: if the game is over, or a player returns an illegal move
            (or not a Move).

        >>> from cardgames.tarot import Rules
        >>> game = Game(rules=Rules.simplified(players=3), seed=4)
        >>> game, record = game.play_round([random_strategy(seat) for seat in range(3)])
        >>> len(game.deals), record.deals[0].replay() == game.deals[0]
        (1, True)
        """
        players = _players(strategies, self.rules, bot_seed(rng), len(self.deals))
        game = self.record(_play(self.start_next(), players))
        return game, record_deal("tarot", game.deals[-1])

    def play_out(self, strategies: Players, *, rng: BotRandom = None) -> Game:
        """Play every remaining deal to the end.

        :param strategies: one player (strategy or bot) for every seat, or a sequence of one
            per seat.
        :param rng: seeds the bots, as in :meth:`play_round` (each deal's bots get the
            generators of its number).
        :raises RulesError: if ``strategies`` is not a player or a sequence of one player per
            seat, or ``rng`` is not a seed, a ``random.Random`` or None.
        :raises IllegalMoveError: if a player returns an illegal move (or not a Move).

        >>> from cardgames.bots import RandomBot, RuleBot
        >>> from cardgames.tarot import Rules
        >>> game = Game(rules=Rules.simplified(players=3), seed=2)
        >>> bots = [RuleBot(), RandomBot(), RandomBot()]
        >>> game.play_out(bots, rng=7) == game.play_out(bots, rng=7)
        True
        >>> one, _ = game.play_round(bots, rng=7)
        >>> one.deals[0] == game.play_out(bots, rng=7).deals[0]
        True
        """
        return SEATING.play_series(
            self,
            strategies,
            rng,
            next_deal=lambda game: game.start_next(),
            played=lambda game: len(game.deals),
        )

    @property
    def running_totals(self) -> tuple[tuple[Fraction, ...], ...]:
        """Each seat's cumulative payoff after each finished deal (higher is better)."""
        totals = [Fraction(0)] * self.rules.players
        rows = []
        for state in self.deals:
            totals = [a + b for a, b in zip(totals, state.payoffs(), strict=True)]
            rows.append(tuple(totals))
        return tuple(rows)

    @property
    def totals(self) -> tuple[Fraction, ...]:
        """Each seat's total payoff over the finished deals (zeros before the first); higher
        is better, and the totals sum to zero."""
        rows = self.running_totals
        return rows[-1] if rows else (Fraction(0),) * self.rules.players
