"""Chase the Tailor's action space for the learning environments: :class:`TailorActions`, what
the descriptor's ``actions`` gives :mod:`cardgames.env` for a rule set (the numbering and the
observations of :mod:`cardgames.tailor.actions`, the round as the environments play it, and the
fast step of :mod:`cardgames.tailor.env_step`).
"""

from __future__ import annotations

import array
from typing import Final

import attrs

from cardgames.action_space import EnvPreset, Layout, Sparse
from cardgames.cards import TAILOR_PACK_SIZE, Card
from cardgames.errors import RulesError
from cardgames.tailor.actions import (
    GAME,
    action_count,
    action_id,
    legal_ids,
    move_of_id,
    observation_layout,
    sparse_observation,
    state_sparse_observation,
)
from cardgames.tailor.env_step import TailorEngine
from cardgames.tailor.moves import Move
from cardgames.tailor.rules import Rules, hand_points
from cardgames.tailor.state import State
from cardgames.tailor.turns import apply_move
from cardgames.tailor.view import View
from cardgames.validation import check_seat, quote, strict_arguments

__all__ = ["PRESETS", "TailorActions"]


def _rules_for(players: int) -> Rules:
    return Rules(players=players)


PRESETS: Final = (EnvPreset("tailor", "Chase the Tailor (cardgames)", 2, 6, 3, _rules_for),)
"""The family of rule sets environment frameworks register (OpenSpiel's ``cardgames_tailor``)."""
_PACK_POINTS: Final = hand_points(Card(index) for index in range(TAILOR_PACK_SIZE))


def _checked_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise RulesError(
            f"invalid Chase the Tailor rules {quote(rules)}: expected a cardgames.tailor.Rules"
        )
    return rules


@strict_arguments
@attrs.frozen
class TailorActions:
    """Chase the Tailor's :class:`~cardgames.action_space.ActionSpace` under ``rules``: the
    ids of the table above, the masks (worked out from the hand's mask), the observations
    (read from the position now) and the round as the environments play it.

    >>> from cardgames import tailor
    >>> space = TailorActions(tailor.Rules(players=3))
    >>> space.size, space.legal_ids(tailor.deal(space.rules, seed=13)), space.bounds()
    (994, (32, 37, 40), (-395.0, 0.0))

    :raises RulesError: if ``rules`` is not a :class:`~cardgames.tailor.Rules`.
    """

    rules: Rules = attrs.field(converter=_checked_rules)

    @property
    def title(self) -> str:
        """``"Chase the Tailor"``."""
        return GAME

    @property
    def size(self) -> int:
        """:func:`~cardgames.tailor.actions.action_count` of the rules."""
        return action_count(self.rules)

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def state_type(self) -> type[State]:
        """:class:`~cardgames.tailor.State`."""
        return State

    @property
    def view_type(self) -> type[View]:
        """:class:`~cardgames.tailor.View`."""
        return View

    def action_id(self, move: object) -> int:
        """:func:`action_id` under the rules."""
        return action_id(move, self.rules)

    def move(self, action_id: object) -> Move:
        """:func:`~cardgames.tailor.actions.move_of_id` under the rules."""
        return move_of_id(action_id, self.rules)

    def legal_ids(self, position: State | View) -> tuple[int, ...]:
        """:func:`legal_ids`."""
        return legal_ids(position)

    def layout(self) -> Layout:
        """:func:`~cardgames.tailor.actions.observation_layout` of the rules."""
        return observation_layout(self.rules)

    def sparse_view(self, view: View) -> Sparse:
        """:func:`~cardgames.tailor.actions.sparse_observation` of what the view's seat sees now."""
        return sparse_observation(view.rules, view.seat, view.now)

    def sparse_state(self, state: State, seat: int) -> Sparse:
        """:func:`~cardgames.tailor.actions.state_sparse_observation` (quicker than building
        the view, which replays the round).

        :raises RulesError: if ``seat`` is not a seat of the table.
        """
        check_seat(seat, self.rules.players, "seat")
        return state_sparse_observation(state, seat)

    def actor(self, state: State) -> int:
        """The seat to move."""
        return state.to_move

    def is_over(self, state: State) -> bool:
        """``state.is_over``."""
        return state.is_over

    def play(self, state: State, move: Move) -> State:
        """The state after the legal ``move``, without the state's own check of it."""
        return apply_move(state, move)

    def returns(self, state: State) -> tuple[float, ...]:
        """The round's payoffs (:meth:`~cardgames.tailor.State.payoffs`) once over."""
        if not state.is_over:
            return (0.0,) * self.rules.players
        return tuple(float(payoff) for payoff in state.payoffs())

    def preset(self) -> EnvPreset:
        """The one family, ``tailor``."""
        return PRESETS[0]

    def presets(self) -> tuple[EnvPreset, ...]:
        """:data:`PRESETS`."""
        return PRESETS

    def bounds(self) -> tuple[float, float]:
        """0 for going out; at worst minus the whole pack."""
        return (-float(_PACK_POINTS), 0.0)

    @property
    def zero_sum(self) -> bool:
        """False: whoever goes out scores 0, the others lose their hands."""
        return False

    @property
    def max_moves(self) -> int:
        """``Rules.max_turns``: a round stops there."""
        return self.rules.max_turns

    def engine(
        self, observations: array.array[float] | None, mask: bytearray, slot: int
    ) -> TailorEngine:
        """The fast step (:class:`~cardgames.tailor.env_step.TailorEngine`)."""
        return TailorEngine(self.rules, observations, mask, slot)
