"""The Tarot analysis, under the module name it has always had.

The code lives in the game's own package, :mod:`cardgames.tarot.analysis`, and reaches the
solver through the game's descriptor (:mod:`cardgames.games`); this module only offers the same
names.
"""

from __future__ import annotations

from cardgames.tarot.analysis import (
    REPORT_EVERY,
    TAROT_OBJECTIVE,
    ContractTarget,
    FrenchAnalysis,
    Progress,
    TarotAnalysis,
    analyse_tarot,
    build_model,
    reference_tarot_value,
    root_position,
    solve_tarot,
)

__all__ = [
    "REPORT_EVERY",
    "TAROT_OBJECTIVE",
    "ContractTarget",
    "FrenchAnalysis",
    "Progress",
    "TarotAnalysis",
    "analyse_tarot",
    "build_model",
    "reference_tarot_value",
    "root_position",
    "solve_tarot",
]
