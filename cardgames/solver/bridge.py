"""The bridge analysis and double-dummy table, under the module name it has always had.

The code lives in the game's own package, :mod:`cardgames.bridge.analysis`, and reaches the
solver through the game's descriptor (:mod:`cardgames.games`); this module only offers the same
names.
"""

from __future__ import annotations

from cardgames.bridge.analysis import (
    BRIDGE_OBJECTIVE,
    DDTable,
    analyse_bridge,
    dd_table,
    reference_bridge_value,
    solve_bridge,
)

__all__ = [
    "BRIDGE_OBJECTIVE",
    "DDTable",
    "analyse_bridge",
    "dd_table",
    "reference_bridge_value",
    "solve_bridge",
]
