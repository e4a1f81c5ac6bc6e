"""Learning environments: fixed action ids, legal-action masks and observation vectors for
both games, and (with the ``rl`` extra) PettingZoo and Gymnasium environments.

Everything here is pure Python; numpy, Gymnasium and PettingZoo are imported only by
:mod:`cardgames.env.arrays`, :mod:`cardgames.env.pettingzoo` and
:mod:`cardgames.env.gymnasium`. The page "Learning environments" of the documentation says
the same at more length.

Action ids
----------

Every move of a rule set has one stable id, from 0 to ``action_count(rules) - 1``; the same
move has the same id in every position, and :func:`action_of` and :func:`move_of` turn one
into the other. :func:`legal_mask` gives one bool per id. The numbering of each game is in
the table of :mod:`cardgames.env.tarot_space` and of :mod:`cardgames.env.tailor_space`.

Observations
------------

:func:`observe` turns a view into :func:`observation_size` floats from 0 to 1, field after
field as :func:`observation_layout` lists them (the tables of each game are in the same two
modules). Only what the seat knows goes in. The whole history a seat has seen is
:func:`information_state`, the view's written form.

>>> from cardgames import tarot
>>> rules = tarot.Rules.french(players=3)
>>> state = tarot.deal(rules, seed=4)
>>> view = state.view(state.to_move)
>>> action_count(rules), legal_ids(view), move_of(80, view)
(88, (78, 79, 80, 81, 82), Bid.parse('garde'))
>>> len(observe(view)) == observation_size(rules)
True
"""

from __future__ import annotations

from cardgames.env._fields import Field, Layout
from cardgames.env.core import (
    AnyRules,
    AnyView,
    GameMove,
    Position,
    action_count,
    action_name,
    action_of,
    information_state,
    legal_ids,
    legal_mask,
    move_of,
    observation_layout,
    observation_size,
    observe,
    observe_state,
)

__all__ = [
    "AnyRules",
    "AnyView",
    "Field",
    "GameMove",
    "Layout",
    "Position",
    "action_count",
    "action_name",
    "action_of",
    "information_state",
    "legal_ids",
    "legal_mask",
    "move_of",
    "observation_layout",
    "observation_size",
    "observe",
    "observe_state",
]
