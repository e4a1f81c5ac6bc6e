"""The Tarot rules of thumb that the bots use, under the module name they have always had. The code
lives in the game's own package, :mod:`cardgames.tarot.heuristics`, and reaches the bots through
the game's descriptor (:mod:`cardgames.games`).
"""

from __future__ import annotations

from cardgames.tarot.heuristics import (
    FRENCH_BID_THRESHOLDS,
    TRUMP_KIND,
    choose_card,
    choose_card_index,
    choose_discard,
    choose_discard_index,
    french_bid,
    french_bid_strength,
    french_call,
    french_poignee,
    french_slam,
)

__all__ = [
    "FRENCH_BID_THRESHOLDS",
    "TRUMP_KIND",
    "choose_card",
    "choose_card_index",
    "choose_discard",
    "choose_discard_index",
    "french_bid",
    "french_bid_strength",
    "french_call",
    "french_poignee",
    "french_slam",
]
