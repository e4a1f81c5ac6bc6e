"""The Chase the Tailor rules of thumb that the bots use, under the module name they have always
had. The code lives in the game's own package, :mod:`cardgames.tailor.heuristics`, and reaches
the bots through the game's descriptor (:mod:`cardgames.games`).
"""

from __future__ import annotations

from cardgames.tailor.heuristics import (
    choose_move,
    follow_mask,
)

__all__ = [
    "choose_move",
    "follow_mask",
]
