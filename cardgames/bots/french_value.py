"""The French Tarot score objective that the bots use, under the module name they have always had.
The code lives in the game's own package, :mod:`cardgames.tarot.french_value`, and reaches the
bots through the game's descriptor (:mod:`cardgames.games`).
"""

from __future__ import annotations

from cardgames.tarot.french_value import (
    EXACT_LINE_TRICKS,
    contract_total,
    final_payoff,
    payoff_share,
    points_payoff,
    points_payoffs,
    score_values,
    spread_for,
)

__all__ = [
    "EXACT_LINE_TRICKS",
    "contract_total",
    "final_payoff",
    "payoff_share",
    "points_payoff",
    "points_payoffs",
    "score_values",
    "spread_for",
]
