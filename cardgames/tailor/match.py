"""Matches of several rounds, the strategies that play them, and a seeded random player.

A :class:`~cardgames.tailor.Match` deals each round from a seed derived from the match seed
(round 0 uses the match seed itself), keeps each finished round and adds up the results. Two
views of the same numbers: a seat's :attr:`~cardgames.tailor.Match.penalties` are the hand
values it was left holding (lowest wins), and its :attr:`~cardgames.tailor.Match.totals` are
the sum of its payoffs, which is minus the penalties, so that as in Tarot's
:class:`~cardgames.tarot.game.Game` a higher total is better. Equal
best totals are all winners.

A player is a strategy, any callable from a :class:`~cardgames.tailor.State` to one of its
legal moves, or a bot (:class:`cardgames.bots.protocol.Bot`: an object with
``choose(view, rng)``), which is only shown its seat's :class:`cardgames.tailor.view.View`.
Every play function takes one player for every seat, or a sequence of exactly one per seat,
and an ``rng`` that seeds the bots (see :mod:`cardgames.players` for how a bot is told from
a strategy and how each bot seat gets its own generator).
The records the play functions return are built on matches (:mod:`cardgames.tailor.records`
imports this module), so those functions ask the core's :func:`cardgames.records.record_deal`
for them, where the records module registers itself: the import runs one way.

>>> match = Match(rules=Rules(players=3), seed=1).play_out(random_strategy(1))
>>> match.is_over, match.rounds_played, len(match.totals)
(True, 5, 3)
>>> all(total <= 0 for total in match.totals), match.penalties == tuple(-t for t in match.totals)
(True, True)
>>> match.winners()[0] in range(3)
True
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

import attrs

from cardgames.deck import RandomSource
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.players import Bot, BotRandom, bot_seed, random_choice
from cardgames.records import record_deal
from cardgames.tailor._seating import SEATING, _play, _players
from cardgames.tailor.deal import deal
from cardgames.tailor.moves import Move
from cardgames.tailor.rules import MAX_PLAYERS, Rules, derive_seed
from cardgames.tailor.state import State
from cardgames.validation import (
    as_tuple,
    check_int,
    check_seat,
    check_seed,
    quote,
    strict_arguments,
)

if TYPE_CHECKING:
    from cardgames.tailor.records import Record
    from cardgames.tailor.view import View

__all__ = [
    "Match",
    "Player",
    "Players",
    "RoundResult",
    "Strategies",
    "Strategy",
    "play_deal",
    "random_strategy",
    "start_of",
]

Strategy: TypeAlias = Callable[[State], Move]
"""A player: picks a legal move for the state (it may look at ``state.to_move``)."""
Strategies: TypeAlias = Strategy | Sequence[Strategy]
"""One strategy for every seat, or a sequence of exactly one per seat."""
Player: TypeAlias = "Strategy | Bot[View, Move]"
"""A strategy (given the state) or a bot (given only its seat's view)."""
Players: TypeAlias = "Player | Sequence[Player]"
"""One player for every seat, or a sequence of exactly one per seat."""


def random_strategy(source: RandomSource) -> Strategy:
    """A player choosing uniformly among the legal moves, reproducibly from ``source``.

    The choice uses raw bits of a seeded :class:`random.Random`, so the same seed makes the same
    choices on every machine.

    :param source: a seed (an int from 0 to ``2**64 - 1``) or a :class:`random.Random`, which
        the strategy then advances as it plays.
    :raises RulesError: for anything else (a negative or huge seed, a bool, a string, ...).

    >>> from cardgames.tailor import deal
    >>> state = deal(Rules(), seed=2)
    >>> random_strategy(9)(state) == random_strategy(9)(state)
    True
    >>> import random
    >>> random_strategy(random.Random(9))(state) == random_strategy(9)(state)
    True
    """
    return random_choice(
        source,
        State,
        what="state",
        expected="a tailor.State",
        over="no move can be chosen: the round is over",
    )


def start_of(state: State) -> State:
    """The first state of the chain of plays that led to ``state`` (``state`` itself if it
    was not reached by :meth:`~cardgames.tailor.State.play`).

    >>> first = deal(Rules(players=2), seed=1)
    >>> start_of(first.play(first.legal_moves()[0])) is first
    True
    """
    while state.previous is not None:
        state = state.previous
    return state


def _check_state(state: object) -> State:
    if not isinstance(state, State):
        raise RulesError(f"invalid state {quote(state)}: expected a tailor.State")
    return state


def play_deal(state: State, strategies: Players, *, rng: BotRandom = None) -> tuple[State, Record]:
    """Play ``state`` to the end of its round; returns the final state and the round's record.

    The record starts where the chain of plays that led to ``state`` started (the deal, or a
    position built by hand or parsed), so it holds every move made. Every round ends
    (``Rules.max_turns`` caps it), so this always returns. The final state is
    :meth:`State.play_out() <cardgames.tailor.State.play_out>`'s with the same players and
    ``rng``; use that when the record is not wanted.

    :param strategies: one player (strategy or bot) for every seat, or a sequence of one per
        seat.
    :param rng: seeds the bots (a seed, a ``random.Random`` or None for a fixed default): the
        bot in seat ``s`` draws from :func:`cardgames.players.bot_rng` ``(base, 0, s)``.
    :raises RulesError: if ``state`` is not a state, ``strategies`` not a player or a
        sequence of one player per seat, or ``rng`` not a seed, a ``random.Random`` or None.
    :raises IllegalMoveError: if a player picks an illegal move.

    >>> from cardgames.tailor import deal
    >>> final, record = play_deal(deal(Rules(players=2), seed=5), random_strategy(5))
    >>> final.is_over, record.deals[0].replay() == final
    (True, True)
    """
    _check_state(state)
    players = _players(strategies, state.rules, bot_seed(rng), 0)
    final = _play(state, players)
    return final, record_deal("tailor", final)


def _to_payoffs(payoffs: Iterable[int]) -> tuple[int, ...]:
    if isinstance(payoffs, str | bytes | Mapping) or not isinstance(payoffs, Iterable):
        raise RulesError(f"invalid payoffs {quote(payoffs)}: expected a sequence of ints")
    result = as_tuple(payoffs, "payoffs")
    for payoff in result:
        check_int(payoff, "payoff", high=0, expected="an int of at most 0 (minus a hand value)")
    return result


def _check_starter(result: RoundResult, attribute: attrs.Attribute[int], value: object) -> None:
    check_seat(value, MAX_PLAYERS, "starter")


def _check_winner(
    result: RoundResult, attribute: attrs.Attribute[int | None], value: object
) -> None:
    if value is not None:
        check_seat(value, MAX_PLAYERS, "winner")


@strict_arguments
@attrs.frozen
class RoundResult:
    """How one round of a match ended.

    :param starter: the seat that moved first.
    :param winner: the seat that went out, or None after a stalemate.
    :param payoffs: each seat's payoff (0 or minus the hand left).
    :raises RulesError: for a seat that is not an int from 0 to 5 or a payoff above 0.

    >>> RoundResult(0, 1, [-12, 0, -30]).payoffs
    (-12, 0, -30)
    """

    starter: int = attrs.field(validator=_check_starter)
    winner: int | None = attrs.field(validator=_check_winner)
    payoffs: tuple[int, ...] = attrs.field(converter=_to_payoffs)


def _check_rules(match: Match, attribute: attrs.Attribute[Rules], value: object) -> None:
    if not isinstance(value, Rules):
        raise RulesError(f"invalid rules {quote(value)}: expected a tailor.Rules")


_MAX_ROUNDS: Final = 10_000
"""The most rounds a match can have (so that playing one out always ends in reasonable time)."""


def _check_rounds(match: Match, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(value, "rounds", low=1, high=_MAX_ROUNDS)


def _check_seed(match: Match, attribute: attrs.Attribute[int], value: object) -> None:
    check_seed(value)


def _to_deals(deals: Iterable[State]) -> tuple[State, ...]:
    if isinstance(deals, str | bytes | Mapping) or not isinstance(deals, Iterable):
        raise RulesError(f"invalid match deals {quote(deals)}: expected a sequence of states")
    return as_tuple(deals, "match deals", limit=_MAX_ROUNDS)


@strict_arguments
@attrs.frozen(kw_only=True)
class Match:
    """A series of rounds (five by default) with running totals; the highest total (the
    lowest penalty) wins.

    Play it with :meth:`play_out` or :meth:`play_round` and strategies, or round by round:
    :meth:`next_deal`, play the state to its end by any means, then :meth:`record` the
    finished state.

    :param rules: the variant (also decides who starts later rounds:
        ``Rules.next_round_starter``).
    :param rounds: how many rounds (1 to 10,000).
    :param seed: the match seed; round ``n`` is dealt with :meth:`round_seed`.
    :param first_player: who starts the first round.
    :param deals: the finished rounds so far (at most ``rounds``), each the final state of
        playing the round :meth:`next_deal` gave after the rounds before it (its
        :attr:`~cardgames.tailor.State.previous` chain leads back to that deal).
    :raises RulesError: for an argument of the wrong type or out of range, or a round that is
        not the match's.

    >>> match = Match(rules=Rules(players=2), rounds=1, seed=4)
    >>> final, _ = play_deal(match.next_deal(), random_strategy(0))
    >>> match.record(final).is_over
    True
    """

    rules: Rules = attrs.field(validator=_check_rules)
    rounds: int = attrs.field(default=5, validator=_check_rounds)
    seed: int = attrs.field(default=0, validator=_check_seed)
    first_player: int = 0
    deals: tuple[State, ...] = attrs.field(default=(), converter=_to_deals)

    def __attrs_post_init__(self) -> None:
        check_seat(self.first_player, self.rules.players, "first_player")
        if len(self.deals) > self.rounds:
            raise RulesError(
                f"invalid match: {len(self.deals)} rounds recorded in a match of {self.rounds}"
            )
        for number, state in enumerate(self.deals):
            try:
                self._check_round(number, state)
            except IllegalMoveError as error:
                raise RulesError(f"invalid match round {number}: {error}") from None

    def _check_round(self, number: int, state: object) -> None:
        if not isinstance(state, State):
            raise IllegalMoveError(
                f"invalid round {quote(state)}: expected a finished tailor.State"
            )
        if not state.is_over:
            raise IllegalMoveError("only a finished round can be recorded")
        if start_of(state) != self._deal(number):
            raise IllegalMoveError(
                "this round was not played from the match's next deal (start it with "
                "Match.next_deal())"
            )

    def _starter(self, number: int) -> int:
        if number == 0:
            return self.first_player
        last = self.deals[number - 1]
        if self.rules.next_round_starter == "winner" and last.winner is not None:
            return last.winner
        return (start_of(last).to_move + 1) % self.rules.players

    def _deal(self, number: int) -> State:
        return deal(self.rules, seed=self.round_seed(number), first_player=self._starter(number))

    @property
    def rounds_played(self) -> int:
        """How many rounds have been recorded."""
        return len(self.deals)

    @property
    def is_over(self) -> bool:
        """True once every round has been played."""
        return len(self.deals) >= self.rounds

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """How each finished round went: who started, who went out, the payoffs.

        >>> Match(rules=Rules(players=3)).results
        ()
        """
        return tuple(
            RoundResult(start_of(state).to_move, state.winner, state.payoffs())
            for state in self.deals
        )

    @property
    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's total after each finished round (see :attr:`totals`)."""
        totals = [0] * self.rules.players
        rows = []
        for state in self.deals:
            totals = [a + b for a, b in zip(totals, state.payoffs(), strict=True)]
            rows.append(tuple(totals))
        return tuple(rows)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total payoff over the rounds so far: minus the hand values it was left
        holding, so 0 at best and higher is better (the same sense as Tarot's
        :attr:`cardgames.tarot.game.Game.totals`).

        >>> Match(rules=Rules(players=3)).totals
        (0, 0, 0)
        """
        rows = self.running_totals
        return rows[-1] if rows else (0,) * self.rules.players

    @property
    def penalties(self) -> tuple[int, ...]:
        """Each seat's penalty points: the hand values it was left holding at the end of the
        rounds so far (minus :attr:`totals`); lower is better.

        >>> Match(rules=Rules(players=3)).penalties
        (0, 0, 0)
        """
        return tuple(-total for total in self.totals)

    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total, that is the lowest penalty (several when tied);
        the leaders while unfinished.

        >>> Match(rules=Rules(players=3)).winners()
        (0, 1, 2)
        """
        totals = self.totals
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    def round_seed(self, number: int) -> int:
        """The deal seed of round ``number`` (from 0): the match seed, then derived seeds.

        >>> match = Match(rules=Rules(), seed=3)
        >>> match.round_seed(0), match.round_seed(1) == match.round_seed(1) != 3
        (3, True)
        """
        check_int(number, "round number", low=0)
        return self.seed if number == 0 else derive_seed(self.seed, "round", number)

    def next_starter(self) -> int:
        """Who starts the next round.

        With ``next_round_starter="rotate"`` the seat after the previous starter; with
        ``"winner"`` whoever went out last round (the rotation after a stalemate).
        """
        return self._starter(len(self.deals))

    def next_deal(self) -> State:
        """The freshly dealt state of the next round.

        :raises IllegalMoveError: if the match is over.
        """
        if self.is_over:
            raise IllegalMoveError("the match is over: no round left to deal")
        return self._deal(len(self.deals))

    def record(self, state: State) -> Match:
        """The match with the finished round ``state`` added (this match is unchanged).

        :raises IllegalMoveError: if the match is over, the round is not finished, or it was
            not played from the round this match deals next (other rules, seed or starter,
            or a position built by hand or parsed, which has no way back to the deal).
        """
        if self.is_over:
            raise IllegalMoveError("the match is over: no more rounds can be recorded")
        self._check_round(len(self.deals), state)
        # Every earlier round was checked when this match was made: a copy with the new round
        # added skips checking them all again (a long match would cost quadratic time).
        match = copy.copy(self)
        object.__setattr__(match, "deals", (*self.deals, state))
        return match

    def play_round(self, strategies: Players, *, rng: BotRandom = None) -> tuple[Match, Record]:
        """Deal and play the next round; returns the new match and the round's record.

        :param strategies: one player (strategy or bot) for every seat, or a sequence of one
            per seat.
        :param rng: seeds the bots (a seed, a ``random.Random`` or None for a fixed default):
            in round number ``n`` the bot in seat ``s`` draws from
            :func:`cardgames.players.bot_rng` ``(base, n, s)``, so playing round by round
            with one seed gives the match :meth:`play_out` gives with it.
        :raises IllegalMoveError: if the match is over, or a player picks an illegal move.
        :raises RulesError: if ``strategies`` is not a player or a sequence of one player per
            seat, or ``rng`` is not a seed, a ``random.Random`` or None.

        >>> match = Match(rules=Rules(players=2), seed=4)
        >>> match, record = match.play_round([random_strategy(1), random_strategy(2)])
        >>> match.rounds_played, record.deals[0].replay() == match.deals[0]
        (1, True)
        """
        players = _players(strategies, self.rules, bot_seed(rng), self.rounds_played)
        match = self.record(_play(self.next_deal(), players))
        return match, record_deal("tailor", match.deals[-1])

    def play_out(self, strategies: Players, *, rng: BotRandom = None) -> Match:
        """Play every remaining round.

        :param strategies: one player (strategy or bot) for every seat, or a sequence of one
            per seat.
        :param rng: seeds the bots, as in :meth:`play_round` (each round's bots get the
            generators of its number).
        :raises RulesError: if ``strategies`` is not a player or a sequence of one player per
            seat, or ``rng`` is not a seed, a ``random.Random`` or None.
        :raises IllegalMoveError: if a player picks an illegal move.

        >>> from cardgames.bots import RandomBot, RuleBot
        >>> match = Match(rules=Rules(players=3), rounds=2, seed=2)
        >>> bots = [RuleBot(), RandomBot(), RuleBot()]
        >>> match.play_out(bots, rng=7) == match.play_out(bots, rng=7)
        True
        """
        return SEATING.play_series(
            self,
            strategies,
            rng,
            next_deal=lambda match: match.next_deal(),
            played=lambda match: match.rounds_played,
        )
