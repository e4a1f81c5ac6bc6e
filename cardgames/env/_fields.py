"""The pieces shared by every game's action space and observations, now in the core
(:mod:`cardgames.action_space`); their names stay importable from here.

>>> Field('hand', 0, 78, 'own hand').stop
78
"""

from __future__ import annotations

from cardgames.action_space import (
    Field,
    Layout,
    add_bits,
    check_action_id,
    dense,
    illegal_id,
    layout,
)

__all__ = ["Field", "Layout", "add_bits", "check_action_id", "dense", "illegal_id", "layout"]
