"""Where a search spends its nodes and where its cut-offs happen: a counting mode for the
game searchers, off unless asked for.

A searcher that supports it takes a :class:`CutStats` (``stats=CutStats()``) and reports to
it; without one it checks a single attribute per node and counts nothing, so the mode costs
nothing worth measuring when off. Counts are keyed by the node's *depth* (for a card game:
the tricks left) and its *place* in the turn (the seat's place in the trick, 0 for the
leader), which is what the move-ordering and bound heuristics of a card game depend on.

>>> stats = CutStats()
>>> stats.node(3, 0); stats.cut(3, 0, 1)
>>> stats.node(3, 0); stats.cut(3, 0, 2)
>>> stats.node(3, 1); stats.exhausted(3, 1, 4)
>>> stats.first_move_rate(0), stats.first_move_rate(1)
(0.5, 0.0)
>>> stats.table_outcome(3, "stored"); stats.table["stored"]
1
"""

from __future__ import annotations

from collections import Counter
from typing import final

__all__ = ["CutStats"]


@final
class CutStats:
    """Counters of a search, filled while it runs (see the module's example).

    * ``nodes[depth, place]``: nodes searched;
    * ``cuts[depth, place, k]``: nodes whose ``k``-th move tried (1: the first) made the
      cut-off;
    * ``exhausted[depth, place]``: nodes where every move was tried without a cut-off, and
      ``moves_tried[depth, place]`` the moves tried there;
    * ``table[outcome]`` and ``table_by_depth[depth, outcome]``: what a trick start (or a turn
      start) found in the table or its cheap bounds: for instance ``"stored"`` (a stored bound
      decided), ``"fresh"`` (the bounds of a new entry decided), ``"searched"``.
    """

    def __init__(self) -> None:
        self.nodes: Counter[tuple[int, int]] = Counter()
        self.cuts: Counter[tuple[int, int, int]] = Counter()
        self.exhausted_nodes: Counter[tuple[int, int]] = Counter()
        self.moves_tried: Counter[tuple[int, int]] = Counter()
        self.table: Counter[str] = Counter()
        self.table_by_depth: Counter[tuple[int, str]] = Counter()

    def node(self, depth: int, place: int) -> None:
        """A node was searched."""
        self.nodes[depth, place] += 1

    def cut(self, depth: int, place: int, tried: int) -> None:
        """The ``tried``-th move of a node made the cut-off."""
        self.cuts[depth, place, tried] += 1
        self.moves_tried[depth, place] += tried

    def exhausted(self, depth: int, place: int, tried: int) -> None:
        """Every one of the ``tried`` moves of a node was searched without a cut-off."""
        self.exhausted_nodes[depth, place] += 1
        self.moves_tried[depth, place] += tried

    def table_outcome(self, depth: int, outcome: str) -> None:
        """What a trick (or turn) start found: see the class's description."""
        self.table[outcome] += 1
        self.table_by_depth[depth, outcome] += 1

    def first_move_rate(self, place: int) -> float:
        """Of the nodes at ``place`` that were cut off, the share cut by their first move."""
        first = sum(count for (_, at, k), count in self.cuts.items() if at == place and k == 1)
        every = sum(count for (_, at, _), count in self.cuts.items() if at == place)
        return first / every if every else 0.0

    def report(self) -> str:
        """A plain-text table: for each depth and place, the nodes, the share cut off, the
        share cut by the first move and the moves tried per node; then the table outcomes.

        >>> stats = CutStats()
        >>> stats.node(2, 0); stats.cut(2, 0, 1)
        >>> print(stats.report().splitlines()[1])
            2      0         1   100.0 %   100.0 %    1.00
        """
        lines = [f"{'depth':>5} {'place':>6} {'nodes':>9} {'cut':>9} {'first':>9} {'tried':>7}"]
        for depth, place in sorted(self.nodes, key=lambda key: (-key[0], key[1])):
            nodes = self.nodes[depth, place]
            cut = sum(c for (d, p, _), c in self.cuts.items() if (d, p) == (depth, place))
            first = self.cuts[depth, place, 1]
            tried = self.moves_tried[depth, place]
            lines.append(
                f"{depth:>5} {place:>6} {nodes:>9} {100 * cut / nodes:>7.1f} % "
                f"{100 * first / max(cut, 1):>7.1f} % {tried / nodes:>7.2f}"
            )
        if self.table:
            outcomes = ", ".join(f"{name} {count}" for name, count in sorted(self.table.items()))
            lines.append(f"table: {outcomes}")
        return "\n".join(lines)
