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

import random
from collections.abc import Callable

import attrs

from cardgames.deck import random_below
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tailor.moves import Move
from cardgames.tailor.records import GameRecord
from cardgames.tailor.rules import Rules, derive_seed
from cardgames.tailor.state import State, deal
from cardgames.validation import quote

__all__ = ["Match", "RoundResult", "Strategy", "play_round", "random_strategy"]

Strategy = Callable[[State], Move]
"""A player: picks a legal move for the state (it may look at ``state.to_move``)."""


def random_strategy(seed: int) -> Strategy:
    """A player choosing uniformly among the legal moves, reproducibly from ``seed``.

    The choice uses raw bits of a seeded :class:`random.Random`, so the same seed makes the same
    choices on every machine.

    >>> from cardgames.tailor import deal
    >>> state = deal(Rules(), seed=2)
    >>> random_strategy(9)(state) == random_strategy(9)(state)
    True
    """
    rng = random.Random(seed)

    def choose(state: State) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise IllegalMoveError("no move can be chosen: the round is over")
        return moves[random_below(rng, len(moves))]

    return choose


def play_round(state: State, strategy: Strategy) -> tuple[State, GameRecord]:
    """Play ``state`` to the end with ``strategy``; returns the final state and the record.

    ``state`` should be freshly dealt for the record to replay from the deal.

    >>> from cardgames.tailor import deal
    >>> final, record = play_round(deal(Rules(players=2), seed=5), random_strategy(5))
    >>> final.is_over, record.replay() == final
    (True, True)
    """
    moves: list[Move] = []
    start = state
    while not state.is_over:
        move = strategy(state)
        state = state.play(move)
        moves.append(move)
    return state, GameRecord.of(start, moves)


@attrs.frozen
class RoundResult:
    """How one round of a match ended.

    :param starter: the seat that moved first.
    :param winner: the seat that went out, or None after a stalemate.
    :param payoffs: each seat's payoff (0 or minus the hand left).
    """

    starter: int
    winner: int | None
    payoffs: tuple[int, ...]


@attrs.frozen(kw_only=True)
class Match:
    """A series of rounds (five by default) with running totals; lowest total wins.

    Play it with :meth:`play_out` and a strategy, or round by round: :meth:`next_deal`, play
    the state to its end by any means, then :meth:`record` the finished state.

    :param rules: the variant (also decides who starts later rounds:
        ``Rules.next_round_starter``).
    :param rounds: how many rounds.
    :param seed: the match seed; round ``n`` is dealt with :meth:`round_seed`.
    :param first_player: who starts the first round.
    :param results: the finished rounds.

    >>> match = Match(rules=Rules(players=2), rounds=1, seed=4)
    >>> final, _ = play_round(match.next_deal(), random_strategy(0))
    >>> match.record(final).is_over
    True
    """

    rules: Rules
    rounds: int = 5
    seed: int = 0
    first_player: int = 0
    results: tuple[RoundResult, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rounds, int) or self.rounds < 1:
            raise RulesError(f"invalid rounds {quote(self.rounds)}: expected a positive int")
        if not isinstance(self.first_player, int) or not (
            0 <= self.first_player < self.rules.players
        ):
            raise RulesError(f"invalid first_player {quote(self.first_player)}: expected a seat")

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
        """
        final, record = play_round(self.next_deal(), strategy)
        return self.record(final), record

    def play_out(self, strategy: Strategy) -> Match:
        """Play every remaining round with ``strategy``."""
        match = self
        while not match.is_over:
            match, _ = match.play_round(strategy)
        return match
