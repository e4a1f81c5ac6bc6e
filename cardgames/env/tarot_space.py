"""Tarot's action ids and observation vector, now in the game's own package
(:mod:`cardgames.tarot.actions`, where the tables are); every name stays importable from here.

>>> from cardgames.tarot import Rules
>>> action_count(Rules.french(players=5)), str(move_of_id(84, Rules.french(players=5)))
(144, 'slam')
"""

from __future__ import annotations

from cardgames.tarot.actions import (
    ANNOUNCE_BASE,
    BID_BASE,
    CALL_BASE,
    GAME,
    POIGNEE_BASE,
    action_count,
    action_id,
    checked_move,
    legal_ids,
    move_of_id,
    observation_layout,
    observation_size,
    sparse_observation,
)

__all__ = [
    "ANNOUNCE_BASE",
    "BID_BASE",
    "CALL_BASE",
    "GAME",
    "POIGNEE_BASE",
    "action_count",
    "action_id",
    "checked_move",
    "legal_ids",
    "move_of_id",
    "observation_layout",
    "observation_size",
    "sparse_observation",
]
