"""The Chase the Tailor analysis, under the module name it has always had.

The code lives in the game's own package, :mod:`cardgames.tailor.analysis`, and reaches the
solver through the game's descriptor (:mod:`cardgames.games`); this module only offers the same
names.
"""

from __future__ import annotations

from cardgames.tailor.analysis import (
    DEFAULT_HORIZON,
    TAILOR_OBJECTIVE,
    analyse_tailor,
    reference_model_value,
    reference_tailor_value,
    tailor_value,
)

__all__ = [
    "DEFAULT_HORIZON",
    "TAILOR_OBJECTIVE",
    "analyse_tailor",
    "reference_model_value",
    "reference_tailor_value",
    "tailor_value",
]
