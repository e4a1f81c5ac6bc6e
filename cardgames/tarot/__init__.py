"""Tarot: the 78-card pack and its games.

>>> from cardgames import tarot
>>> tarot.TarotCard.parse('21T').is_trump
True
"""

from __future__ import annotations

from cardgames.tarot.cards import (
    EXCUSE,
    TAROT_PACK_SIZE,
    TarotCard,
    TarotCardSet,
    TarotRank,
    trump,
)

__all__ = ["EXCUSE", "TAROT_PACK_SIZE", "TarotCard", "TarotCardSet", "TarotRank", "trump"]
