"""The fast zero-window search of a Chase the Tailor round: :class:`TailorSearch`.

It searches the int positions of :class:`~cardgames.tailor.search_model.TailorModel` (laid
out in :mod:`cardgames.tailor.search_codes`) for the engine's MTD(f) driver, with a
transposition table keyed on the part of a position that can still matter before the horizon.
Nothing here builds a library object per node.
"""

from __future__ import annotations

import time
from typing import Final, final

from cardgames.search.engine import LimitReached, refine
from cardgames.tailor.search_codes import (
    KEY_FROM,
    MAX_DRAWS_PER_MOVE,
    PILE_AT,
    RESHUFFLES,
    SCORE,
    TO_MOVE,
    TOGO,
    TURNS,
)
from cardgames.tailor.search_model import TailorModel, forced_move, last_moves, ordered_moves
from cardgames.tailor.search_turns import apply_move, leaf_score

__all__ = ["TailorSearch"]

_INFINITY: Final = 1 << 40
_NO_TIME: Final = float("inf")

# Extras appended to a table key, after a tag saying which are present.
_KEY_TURNS: Final = 1
_KEY_STOCK: Final = 2
_KEY_PILE: Final = 4


@final
class TailorSearch:
    """The fast zero-window searcher over a :class:`~cardgames.tailor.search_model.TailorModel`.

    A fail-soft alpha-beta on a zero window (:meth:`probe`), with a table of lower and upper
    bounds and the best move, keyed compactly (see :meth:`key`), and the move ordering of
    :meth:`~cardgames.tailor.search_model.TailorModel.ordered`. Every position visited counts
    as a node, a leaf included; the count is checked against ``node_limit`` before it grows,
    so it never passes the limit. ``horizon_reached`` is set as soon as a leaf is reached with
    the round still running: while it stays False every value found is the round's true value.

    >>> from cardgames.search.engine import refine
    >>> from cardgames.tailor.analysis import reference_tailor_value
    >>> from cardgames.tailor import Rules, random_position
    >>> state = random_position(Rules(players=3), seed=4)
    >>> model = TailorModel.for_state(state, state.to_move)
    >>> root = model.encode(state, horizon=3)
    >>> search = TailorSearch(model)
    >>> low, high = refine(search, root, *model.future_bounds(root))
    >>> low == high == reference_tailor_value(state, state.to_move, 3) * 2
    True

    :param model: the round's model.
    """

    def __init__(self, model: TailorModel) -> None:
        self.model: Final = model
        self.table: dict[tuple[int, ...], list[int]] = {}
        self.nodes = 0
        self.node_limit: int | None = None
        self.deadline: float | None = None
        self.horizon_reached = False
        self._limit = 0
        self._until = _NO_TIME
        self._timed = False
        self._stock_from: Final = model.stock_from
        self._max_turns: Final = model.max_turns
        self._root_reshuffles: Final = model.root_reshuffles

    # -- the ZeroWindowSearch protocol ---------------------------------------------------------

    def probe(self, position: list[int], target: int) -> int:
        """Fail-soft test of the leaf value still to come against ``target``.

        :raises LimitReached: when the node or time budget is spent.
        """
        if self.model.is_over(position):
            return 0
        self.arm()
        return self._search(position, target)

    def arm(self) -> None:
        """Read ``node_limit`` and ``deadline`` for the searches that follow (:meth:`probe`
        does it itself; :meth:`leaf_value` and :meth:`principal_variation` do not)."""
        limit = self.node_limit
        self._limit = (1 << 62) if limit is None else limit
        deadline = self.deadline
        self._timed = deadline is not None
        self._until = _NO_TIME if deadline is None else deadline

    def tighten(self, position: list[int], low: int, high: int) -> tuple[int, int]:
        """``[low, high]`` narrowed by the table's bounds for ``position``."""
        entry = self.table.get(self.key(position))
        if entry is None:
            return low, high
        return max(low, entry[0]), min(high, entry[1])

    def hint(self, position: list[int]) -> int:
        """The table's best move at ``position``, or -1."""
        entry = self.table.get(self.key(position))
        return -1 if entry is None else entry[2]

    # -- beyond the protocol ---------------------------------------------------------------

    def exact_value(self, position: list[int], low: int, high: int, guess: int) -> int:
        """The value still to come at ``position``, known to lie in ``[low, high]``, by
        MTD(f) from ``guess``: the zero-window tests of
        :func:`~cardgames.search.engine.refine`, each free to use all that is left of the
        budget (``refine`` gives a test a quarter of it, so that a search stopped early
        still narrows its bounds; an analysis that keeps only complete depths has no use for
        that).

        :raises LimitReached: when the budget is spent.

        >>> from cardgames.search.engine import reference_value
        >>> from cardgames.tailor import Rules, random_position
        >>> state = random_position(Rules(players=4), seed=2)
        >>> model = TailorModel.for_state(state, 1)
        >>> root = model.encode(state, horizon=4)
        >>> value = TailorSearch(model).exact_value(root, *model.future_bounds(root), guess=0)
        >>> value == reference_value(model, root)
        True
        """
        bounds = refine(self, position, low, high, max(low, min(high, guess)), share_budget=False)
        return bounds[0]

    def leaf_value(self, position: list[int], move: int) -> int:
        """The value of ``move`` at a position one move from the horizon (its child is a
        leaf), counted as one node.

        :raises LimitReached: when the budget is spent.
        """
        self._tick()
        child = position.copy()
        if not apply_move(self.model, child, move):
            self.horizon_reached = True
        return child[SCORE]

    def principal_variation(self, position: list[int], value: int, exact: bool) -> list[int]:
        """A line of moves from ``position`` keeping its value at ``value`` (banked value
        included), to the end of the round or the horizon.

        Each step tests the candidates with zero-window probes (the table's move first).
        With ``exact`` (the value was found with no horizon cut-off) a candidate whose test
        reached no horizon leaf is preferred, so that the line ends with the round, as the
        proof of the value does; the engine's own
        :func:`~cardgames.search.engine.principal_variation` knows nothing of horizons and
        could stop a line at one. Call :meth:`arm` first.

        :raises LimitReached: when the budget is spent.

        >>> from cardgames.tailor import Rules, random_position
        >>> state = random_position(Rules(players=2), seed=5, cards_left=2)
        >>> model = TailorModel.for_state(state, 0)
        >>> root = model.encode(state, horizon=6)
        >>> search = TailorSearch(model)
        >>> value = search.exact_value(root, *model.future_bounds(root), guess=0)
        >>> search.arm()
        >>> end = root
        >>> for move in search.principal_variation(root, value, not search.horizon_reached):
        ...     end = model.child(end, move)
        >>> model.is_over(end) and end[SCORE] == value
        True
        """
        model = self.model
        line: list[int] = []
        p = position
        while not model.is_over(p):
            forced = forced_move(model, p)
            if forced >= 0:  # the only move keeps the value
                p = p.copy()
                apply_move(model, p, forced)
                line.append(forced)
                continue
            maximising = model.maximising(p)
            chosen = -1
            chosen_child = p
            # The table's move first; the other moves only if it does not do.
            hint = self.hint(p) if p[TOGO] > 1 else -1
            moves = [hint] if hint >= 0 else self._pv_moves(p, -1)
            index = 0
            while index < len(moves):
                move = moves[index]
                index += 1
                child = p.copy()
                over = apply_move(model, child, move)
                if over or child[TOGO] <= 0:
                    keeps = child[SCORE] == value
                    clean = over
                else:
                    reached = self.horizon_reached
                    self.horizon_reached = False
                    if maximising:
                        keeps = self._search(child, value) >= value
                    else:
                        keeps = self._search(child, value + 1) <= value
                    clean = not self.horizon_reached
                    self.horizon_reached = reached or self.horizon_reached
                if keeps and (chosen < 0 or clean or not exact):
                    chosen = move
                    chosen_child = child
                    if clean or not exact:
                        break
                if index == len(moves) and hint >= 0:
                    moves = self._pv_moves(p, hint)
                    index = 0
                    hint = -1
            if chosen < 0:  # cannot happen when ``value`` is the position's value
                break
            line.append(chosen)
            p = chosen_child
        return line

    def _pv_moves(self, p: list[int], tried: int) -> list[int]:
        """The candidates of a step of the principal variation, but ``tried``."""
        model = self.model
        moves = last_moves(model, p) if p[TOGO] == 1 else ordered_moves(model, p, -1)
        return [move for move in moves if move != tried]

    # -- the search --------------------------------------------------------------------------

    def key(self, p: list[int]) -> tuple[int, ...]:
        """What the future of ``p`` depends on: the seat to move, what to follow, direction,
        chase, drawn card, passes, stock size, moves to go and the hands; and only when they
        can matter before the horizon, the turn count (a stalemate by ``max_turns`` is near),
        the stock's cards (a reshuffle since the root made it differ from the root's) and the
        pile with the reshuffle count (a reshuffle can happen).

        >>> from cardgames.tailor import Rules, deal
        >>> state = deal(Rules(players=2), seed=3)
        >>> model = TailorModel.for_state(state, 0)
        >>> search = TailorSearch(model)
        >>> search.key(model.encode(state, 4)) == search.key(model.encode(state, 4))
        True
        >>> search.key(model.encode(state, 4)) == search.key(model.encode(state, 5))
        False
        """
        start = self._stock_from
        togo = p[TOGO]
        pile_at = p[PILE_AT]
        if (
            pile_at - start >= MAX_DRAWS_PER_MOVE * togo
            and p[TURNS] + togo < self._max_turns
            and p[RESHUFFLES] == self._root_reshuffles
        ):
            return tuple(p[KEY_FROM:start])
        base = tuple(p[KEY_FROM:start])
        tag = 0
        if p[TURNS] + togo >= self._max_turns:
            tag = _KEY_TURNS
        if p[RESHUFFLES] != self._root_reshuffles:
            tag |= _KEY_STOCK
        if pile_at - start < MAX_DRAWS_PER_MOVE * togo:
            tag |= _KEY_PILE
        extra = [tag]
        if tag & _KEY_TURNS:
            extra.append(p[TURNS])
        if tag & _KEY_STOCK:
            extra.extend(p[start:pile_at])
        if tag & _KEY_PILE:
            extra.append(p[RESHUFFLES])
            extra.extend(p[pile_at:])
        return base + tuple(extra)

    def _tick(self) -> None:
        if self.nodes >= self._limit:
            raise LimitReached
        if self._timed and time.perf_counter() > self._until:
            raise LimitReached
        self.nodes += 1

    def _search(self, p: list[int], target: int) -> int:
        """The fail-soft zero-window search of ``p`` (not a leaf) against ``target``."""
        if self.nodes >= self._limit or (self._timed and time.perf_counter() > self._until):
            raise LimitReached
        self.nodes += 1
        model = self.model
        togo = p[TOGO]
        maximising = p[TO_MOVE] == model.perspective
        best = -_INFINITY if maximising else _INFINITY
        if togo == 1:
            # The children are leaves: no table, and dominated plays left out.
            for move in last_moves(model, p):
                if self.nodes >= self._limit or (self._timed and time.perf_counter() > self._until):
                    raise LimitReached
                self.nodes += 1
                value = leaf_score(model, p, move)
                if not value & 1:
                    self.horizon_reached = True
                value >>= 1
                if maximising:
                    if value > best:
                        best = value
                        if best >= target:
                            return best
                elif value < best:
                    best = value
                    if best < target:
                        return best
            return best
        forced = forced_move(model, p)
        if forced >= 0:  # one move: nothing to order, nothing worth a table entry
            # Follow the chain of forced moves on one copy.
            child = p.copy()
            while True:
                over = apply_move(model, child, forced)
                if not over and child[TOGO] == 1:
                    return self._search(child, target)
                if self.nodes >= self._limit or (self._timed and time.perf_counter() > self._until):
                    raise LimitReached
                self.nodes += 1
                if over:
                    return child[SCORE]
                forced = forced_move(model, child)
                if forced < 0:
                    self.nodes -= 1  # counted again by the search of ``child``
                    return self._search(child, target)
        key = self.key(p)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            if entry[0] >= target:
                return entry[0]
            if entry[1] < target:
                return entry[1]
            first = entry[2]
        best_move = -1
        for move in ordered_moves(model, p, first):
            child = p.copy()
            if apply_move(model, child, move):
                if self.nodes >= self._limit or (self._timed and time.perf_counter() > self._until):
                    raise LimitReached
                self.nodes += 1
                value = child[SCORE]
            else:
                value = self._search(child, target)
            if maximising:
                if value > best:
                    best = value
                    best_move = move
                    if best >= target:
                        break
            elif value < best:
                best = value
                best_move = move
                if best < target:
                    break
        if entry is None:
            entry = [-_INFINITY, _INFINITY, best_move]
            self.table[key] = entry
        if best >= target:
            entry[0] = best
        else:
            entry[1] = best
        entry[2] = best_move
        return best
