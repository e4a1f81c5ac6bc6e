"""The bridge rules of thumb that the bots use, under the module name they have always had. The
code lives in the game's own package, :mod:`cardgames.bridge.heuristics`, and reaches the bots
through the game's descriptor (:mod:`cardgames.games`).
"""

from __future__ import annotations

from cardgames.bridge.heuristics import (
    choose_card,
    opening_lead,
)

__all__ = [
    "choose_card",
    "opening_lead",
]
