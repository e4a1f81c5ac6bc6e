"""The Tarot analysis with estimates beside proved bounds, under the module name it has always had.

The code lives in the game's own package, :mod:`cardgames.tarot.estimates`, and reaches the
solver through the game's descriptor (:mod:`cardgames.games`); this module only offers the same
names.
"""

from __future__ import annotations

from cardgames.tarot.estimates import (
    DEEPEN_COST,
    HORIZON_SHARE,
    analyse_with_estimates,
)

__all__ = [
    "DEEPEN_COST",
    "HORIZON_SHARE",
    "analyse_with_estimates",
]
