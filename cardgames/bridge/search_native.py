"""The bridge search's optional C core, and the choice between it and the Python search.

:mod:`cardgames.bridge.search` is the reference: a readable, strictly typed search that runs
as Python or compiled with mypyc. ``cardgames/bridge/_ddcore.c`` is the same search written
again in C, step for step (the same bounds, move order, table and node count), which
``setup.py`` builds when the machine has a C compiler. :func:`new_search` hands out the C
search when it was built, unless ``CARDGAMES_PURE=1`` asks for Python; without a compiler
everything runs in Python, only slower. The test suite checks that both give the same values
with the same node counts.

>>> from cardgames.bridge import random_position
>>> from cardgames.bridge.search_model import BridgeModel
>>> from cardgames.search.engine import refine
>>> state = random_position(3, tricks_played=9)
>>> model = BridgeModel.for_state(state)
>>> root = model.encode(state)
>>> python, either = BridgeSearch(model), new_search(model)
>>> refine(python, root, 0, 4) == refine(either, root, 0, 4), python.nodes == either.nodes
(True, True)
"""

from __future__ import annotations

from typing import Final, final

from cardgames._compiled import pure_requested
from cardgames.bridge.search import BridgeSearch
from cardgames.bridge.search_model import COUNT, LEADER, BridgeModel
from cardgames.bridge.search_table import BridgeTable, hand_size
from cardgames.errors import AnalysisError
from cardgames.search.engine import LimitReached

try:
    from cardgames.bridge import _ddcore
except ImportError:  # not built: no C compiler, or a pure install
    _ddcore = None  # type: ignore[assignment]

__all__ = ["NativeSearch", "native_available", "new_search", "new_table"]


def native_available() -> bool:
    """Whether the C search was built and is not turned off by ``CARDGAMES_PURE=1``.

    >>> native_available() in (True, False)
    True
    """
    return _ddcore is not None and not pure_requested()


@final
class NativeSearch:
    """The engine's :class:`~cardgames.search.engine.ZeroWindowSearch` over the C core: the
    same interface and results as :class:`~cardgames.bridge.search.BridgeSearch`.

    :param model: the deal's model (its strain and declaring side).
    :param table: a table of the C core to share (default: a new one).
    :raises RuntimeError: if the C core was not built.
    """

    def __init__(self, model: BridgeModel, table: _ddcore.Table | None = None) -> None:
        if _ddcore is None:
            raise RuntimeError("the bridge search's C core was not built")
        self.model: Final = model
        self.table: Final = _ddcore.Table() if table is None else table
        self._core: Final = _ddcore.Core(model.trump, model.side, self.table)
        self.node_limit: int | None = None
        self.deadline: float | None = None

    @property
    def nodes(self) -> int:
        """Nodes searched (every card played in the search)."""
        return self._core.nodes

    @nodes.setter
    def nodes(self, value: int) -> None:
        self._core.nodes = value

    @property
    def tricks(self) -> int:
        """Tricks completed in the search."""
        return self._core.tricks

    def probe(self, position: list[int], target: int) -> int:
        """As :meth:`BridgeSearch.probe <cardgames.bridge.search.BridgeSearch.probe>`.

        :raises LimitReached: when the node or time budget is spent.
        """
        limit = -1 if self.node_limit is None else self.node_limit
        deadline = -1.0 if self.deadline is None else self.deadline
        value = self._core.probe(position, target, limit, deadline)
        if value is None:
            raise LimitReached
        return value

    def tighten(self, position: list[int], low: int, high: int) -> tuple[int, int]:
        """As :meth:`BridgeSearch.tighten <cardgames.bridge.search.BridgeSearch.tighten>`."""
        if position[COUNT]:
            return low, high
        hands = position[:4]
        leader = position[LEADER]
        found_low, found_high, _ = self.table.bounds(hands, leader)
        if self.model.side:
            left = hand_size(hands[leader])
            found_low, found_high = left - found_high, left - found_low
        return max(low, found_low), min(high, found_high)

    def hint(self, position: list[int]) -> int:
        """As :meth:`BridgeSearch.hint <cardgames.bridge.search.BridgeSearch.hint>`."""
        return self._core.hint(position)


def new_table() -> BridgeTable | _ddcore.Table:
    """A table for :func:`new_search` (searches of one strain may share it)."""
    if native_available():
        return _ddcore.Table()
    return BridgeTable()


def new_search(
    model: BridgeModel, table: BridgeTable | _ddcore.Table | None = None
) -> BridgeSearch | NativeSearch:
    """The fastest search available for ``model``: the C core when it was built and
    ``CARDGAMES_PURE=1`` is not set, otherwise :class:`~cardgames.bridge.search.BridgeSearch`.

    :param table: a table from :func:`new_table` to share, or None for a new one.
    :raises AnalysisError: for a table of the other kind.
    """
    if native_available():
        if table is None or isinstance(table, _ddcore.Table):
            return NativeSearch(model, table)
    elif table is None or isinstance(table, BridgeTable):
        return BridgeSearch(model, table)
    raise AnalysisError(f"invalid table {table!r}: expected one from new_table()")
