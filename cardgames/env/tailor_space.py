"""Chase the Tailor's action ids and observation vector, now in the game's own package
(:mod:`cardgames.tailor.actions`, where the tables are); every name stays importable from
here.

>>> from cardgames.tailor import Rules
>>> action_count(Rules(players=3)), str(move_of_id(DRAW_ID, Rules(players=3)))
(994, 'draw')
"""

from __future__ import annotations

from cardgames.tailor.actions import (
    DRAW_ID,
    DUMP_BASE,
    GAME,
    JOKER_BASE,
    PASS_ID,
    TAILOR_BASE,
    action_count,
    action_id,
    checked_move,
    legal_ids,
    move_of_id,
    observation_layout,
    observation_size,
    sparse_observation,
    state_legal_ids,
    state_sparse_observation,
)

__all__ = [
    "DRAW_ID",
    "DUMP_BASE",
    "GAME",
    "JOKER_BASE",
    "PASS_ID",
    "TAILOR_BASE",
    "action_count",
    "action_id",
    "checked_move",
    "legal_ids",
    "move_of_id",
    "observation_layout",
    "observation_size",
    "sparse_observation",
    "state_legal_ids",
    "state_sparse_observation",
]
