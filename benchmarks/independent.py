"""An independent yardstick for the Tarot solver: a plain alpha-beta over the library's own
``tarot.State`` objects with a transposition table at trick boundaries and high cards first.

It shares nothing with the solver but the rules engine (``legal_moves``, ``play``,
``team_points``, ``key``): no compact model, no zero-window tests, no merging of equivalent
cards, no bounds. It answers the same question as :func:`cardgames.solver.solve` — the points
the analysed side ends the deal with when everyone else plays against it — so
``benchmarks/solver.py --independent`` can time both on the same positions and check that they
agree.

The table is keyed on :meth:`cardgames.tarot.State.key`, which includes the piles won so far,
and stores bounds on the *final* value; positions transpose when the same tricks were won in
another order.
"""

from __future__ import annotations

from fractions import Fraction

from cardgames import tarot
from cardgames.tarot.play import card_strength

INFINITY = Fraction(10**9)


class Independent:
    """One analysis: the table and a node count."""

    def __init__(self, state: tarot.State, perspective: int) -> None:
        rules = state.rules
        self.team = rules.team_of(perspective)
        self.side = [rules.team_of(seat) == self.team for seat in range(rules.players)]
        self.table: dict[object, tuple[Fraction, Fraction]] = {}
        self.nodes = 0
        self.rules = rules

    def value(self, state: tarot.State) -> Fraction:
        """The side's final card points under best play."""
        return self.search(state, -INFINITY, INFINITY)

    def search(self, state: tarot.State, alpha: Fraction, beta: Fraction) -> Fraction:
        self.nodes += 1
        if state.is_over:
            return state.team_points()[self.team]
        key = state.key() if not state.trick.cards else None
        if key is not None:
            low, high = self.table.get(key, (-INFINITY, INFINITY))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        original = alpha, beta
        maximising = self.side[state.to_move]
        moves = sorted(state.legal_moves(), key=lambda move: -card_strength(move.card, self.rules))
        best = -INFINITY if maximising else INFINITY
        for move in moves:
            score = self.search(state.play(move), alpha, beta)
            if maximising:
                best = max(best, score)
                alpha = max(alpha, best)
            else:
                best = min(best, score)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if key is not None:
            low, high = self.table.get(key, (-INFINITY, INFINITY))
            if best <= original[0]:
                high = min(high, best)
            elif best >= original[1]:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best


def independent_value(state: tarot.State, perspective: int | None = None) -> tuple[Fraction, int]:
    """The value of ``state`` for ``perspective``'s side (default: the player to move) and the
    nodes searched."""
    seat = state.to_move if perspective is None else perspective
    search = Independent(state, seat)
    return search.value(state), search.nodes
