"""Matches of several rounds, and a seeded random player.

A :class:`Match` deals each round from a seed derived from the match seed (round 0 uses the
match seed itself), records each finished round and keeps running totals: a player's total is
the sum of the hand values left at the end of each round (minus the sum of the payoffs).
Lowest total wins; equal lowest totals are all winners.

>>> match = Match(rules=Rules(players=3), seed=1).play_out(random_strategy(1))
>>> match.is_over, match.rounds_played, len(match.totals)
(True, 5, 3)
>>> all(total >= 0 for total in match.totals), match.winners()[0] in range(3)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final

import attrs

from cardgames.deck import RandomSource, random_below
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tailor.moves import Move
from cardgames.tailor.records import GameRecord
from cardgames.tailor.rules import MAX_PLAYERS, Rules, derive_seed
from cardgames.tailor.state import State, deal
from cardgames.validation import as_tuple, check_int, check_seat, check_seed, make_rng, quote

__all__ = ["Match", "RoundResult", "Strategy", "play_round", "random_strategy"]

Strategy = Callable[[State], Move]
"""A player: picks a legal move for the state (it may look at ``state.to_move``)."""


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
    rng = make_rng(source)

    def choose(state: State) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise IllegalMoveError("no move can be chosen: the round is over")
        return moves[random_below(rng, len(moves))]

    return choose


def _check_state(state: object) -> State:
    if not isinstance(state, State):
        raise RulesError(f"invalid state {quote(state)}: expected a tailor.State")
    return state


def _check_strategy(strategy: object) -> None:
    if not callable(strategy):
        raise RulesError(
            f"invalid strategy {quote(strategy)}: expected a function from a State to a move"
        )


def play_round(state: State, strategy: Strategy) -> tuple[State, GameRecord]:
    """Play ``state`` to the end with ``strategy``; returns the final state and the record.

    ``state`` should be freshly dealt for the record to replay from the deal. Every round
    ends (``Rules.max_turns`` caps it), so this always returns.

    :raises RulesError: if ``state`` is not a state or ``strategy`` cannot be called.
    :raises IllegalMoveError: if the strategy picks an illegal move.

    >>> from cardgames.tailor import deal
    >>> final, record = play_round(deal(Rules(players=2), seed=5), random_strategy(5))
    >>> final.is_over, record.replay() == final
    (True, True)
    """
    _check_state(state)
    _check_strategy(strategy)
    moves: list[Move] = []
    start = state
    while not state.is_over:
        move = strategy(state)
        state = state.play(move)
        moves.append(move)
    return state, GameRecord.of(start, moves)


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


def _to_results(results: Iterable[RoundResult]) -> tuple[RoundResult, ...]:
    if isinstance(results, str | bytes | Mapping) or not isinstance(results, Iterable):
        raise RulesError(f"invalid results {quote(results)}: expected a sequence of RoundResult")
    return as_tuple(results, "results", limit=_MAX_ROUNDS)


@attrs.frozen(kw_only=True)
class Match:
    """A series of rounds (five by default) with running totals; lowest total wins.

    Play it with :meth:`play_out` and a strategy, or round by round: :meth:`next_deal`, play
    the state to its end by any means, then :meth:`record` the finished state.

    :param rules: the variant (also decides who starts later rounds:
        ``Rules.next_round_starter``).
    :param rounds: how many rounds (1 to 10,000).
    :param seed: the match seed; round ``n`` is dealt with :meth:`round_seed`.
    :param first_player: who starts the first round.
    :param results: the finished rounds (at most ``rounds``), each with a payoff per seat.
    :raises RulesError: for an argument of the wrong type or out of range.

    >>> match = Match(rules=Rules(players=2), rounds=1, seed=4)
    >>> final, _ = play_round(match.next_deal(), random_strategy(0))
    >>> match.record(final).is_over
    True
    """

    rules: Rules = attrs.field(validator=_check_rules)
    rounds: int = attrs.field(default=5, validator=_check_rounds)
    seed: int = attrs.field(default=0, validator=_check_seed)
    first_player: int = 0
    results: tuple[RoundResult, ...] = attrs.field(default=(), converter=_to_results)

    def __attrs_post_init__(self) -> None:
        players = self.rules.players
        check_seat(self.first_player, players, "first_player")
        if len(self.results) > self.rounds:
            raise RulesError(
                f"invalid results: {len(self.results)} rounds recorded in a match of {self.rounds}"
            )
        for result in self.results:
            if not isinstance(result, RoundResult):
                raise RulesError(f"invalid result {quote(result)}: expected a RoundResult")
            check_seat(result.starter, players, "starter")
            if result.winner is not None:
                check_seat(result.winner, players, "winner")
            if len(result.payoffs) != players:
                raise RulesError(
                    f"invalid result {quote(result)}: expected {players} payoffs, one a seat"
                )

    @property
    def rounds_played(self) -> int:
        """How many rounds have been recorded."""
        return len(self.results)

    @property
    def is_over(self) -> bool:
        """True once every round has been played."""
        return len(self.results) >= self.rounds

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total: the hand values left at the end of the rounds so far.

        >>> Match(rules=Rules(players=3)).totals
        (0, 0, 0)
        """
        return tuple(
            -sum(result.payoffs[seat] for result in self.results)
            for seat in range(self.rules.players)
        )

    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total (several when tied); the leaders while unfinished.

        >>> Match(rules=Rules(players=3)).winners()
        (0, 1, 2)
        """
        totals = self.totals
        best = min(totals)
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
        if not self.results:
            return self.first_player
        last = self.results[-1]
        if self.rules.next_round_starter == "winner" and last.winner is not None:
            return last.winner
        return (last.starter + 1) % self.rules.players

    def next_deal(self) -> State:
        """The freshly dealt state of the next round.

        :raises IllegalMoveError: if the match is over.
        """
        if self.is_over:
            raise IllegalMoveError("the match is over: no round left to deal")
        return deal(
            self.rules, seed=self.round_seed(len(self.results)), first_player=self.next_starter()
        )

    def record(self, state: State) -> Match:
        """The match with the finished round ``state`` added (this match is unchanged).

        :raises IllegalMoveError: if the match is over, the round is not finished, or it is
            not a round this match dealt (other rules or seed).
        """
        if not isinstance(state, State):
            raise IllegalMoveError(
                f"invalid round {quote(state)}: expected a finished tailor.State"
            )
        if self.is_over:
            raise IllegalMoveError("the match is over: no more rounds can be recorded")
        if not state.is_over:
            raise IllegalMoveError("only a finished round can be recorded")
        if state.rules != self.rules or state.seed != self.round_seed(len(self.results)):
            raise IllegalMoveError("this round was not dealt by the match (rules or seed differ)")
        result = RoundResult(self.next_starter(), state.winner, state.payoffs())
        return attrs.evolve(self, results=(*self.results, result))

    def play_round(self, strategy: Strategy) -> tuple[Match, GameRecord]:
        """Deal and play the next round with ``strategy``; returns the new match and the record.

        :raises IllegalMoveError: if the match is over.
        :raises RulesError: if ``strategy`` cannot be called.
        """
        _check_strategy(strategy)
        final, record = play_round(self.next_deal(), strategy)
        return self.record(final), record

    def play_out(self, strategy: Strategy) -> Match:
        """Play every remaining round with ``strategy``.

        :raises RulesError: if ``strategy`` cannot be called.
        """
        _check_strategy(strategy)
        match = self
        while not match.is_over:
            match, _ = match.play_round(strategy)
        return match
