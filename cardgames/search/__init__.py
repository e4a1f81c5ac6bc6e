"""The search engine shared by every game: zero-window tests, MTD(f), limits, root scoring,
principal variations and the reference alpha-beta (see :mod:`cardgames.search.engine`).

This package knows no game. Each game implements the engine's protocols in its own package
(``cardgames.tarot.search``, ``cardgames.tailor.search``), and :mod:`cardgames.solver` puts the
public API on top.
"""

from __future__ import annotations

from cardgames.search.engine import (
    NO_NODE_LIMIT,
    BoundsTable,
    CountdownModel,
    LimitReached,
    Reference,
    SearchModel,
    SimpleSearch,
    ZeroWindowSearch,
    principal_variation,
    reference_value,
    refine,
    score_moves,
)
from cardgames.search.stats import CutStats

__all__ = [
    "NO_NODE_LIMIT",
    "BoundsTable",
    "CountdownModel",
    "CutStats",
    "LimitReached",
    "Reference",
    "SearchModel",
    "SimpleSearch",
    "ZeroWindowSearch",
    "principal_variation",
    "reference_value",
    "refine",
    "score_moves",
]
