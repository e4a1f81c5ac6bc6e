"""Tarot's action space for the learning environments: :class:`TarotActions`, what the
descriptor's ``actions`` gives :mod:`cardgames.env` for a rule set (the numbering and the
observations of :mod:`cardgames.tarot.actions`, the deal as the environments play it, and the
fast step of :mod:`cardgames.tarot.env_step`).
"""

from __future__ import annotations

import array
from typing import Final

import attrs

from cardgames.action_space import EnvPreset, Layout, Sparse
from cardgames.errors import RulesError
from cardgames.tarot.actions import (
    GAME,
    action_count,
    action_id,
    legal_ids,
    move_of_id,
    observation_layout,
    sparse_observation,
)
from cardgames.tarot.cards import TAROT_PACK_SIZE
from cardgames.tarot.contracts import AnyMove
from cardgames.tarot.env_step import TarotEngine
from cardgames.tarot.rules import NumeralOrder, Rules
from cardgames.tarot.state import State
from cardgames.tarot.view import View, view_of
from cardgames.validation import check_seat, quote, strict_arguments

__all__ = ["PRESETS", "TarotActions"]

# -- the action space of a rule set ---------------------------------------------------------------

PRESETS: Final = (
    EnvPreset("tarot", "Tarot (simplified, cardgames)", 2, 6, 4, Rules.simplified),
    EnvPreset("tarot_trad", "Tarot (traditional, cardgames)", 3, 4, 3, Rules.traditional),
    EnvPreset("tarot_french", "French Tarot (cardgames)", 3, 5, 4, Rules.french),
)
"""The families of rule sets environment frameworks register (OpenSpiel's ``cardgames_tarot``,
``cardgames_tarot_trad`` and ``cardgames_tarot_french``)."""
_MOVES_BOUND: Final = TAROT_PACK_SIZE + 60
"""More than a Tarot deal's moves: 78 cards, the bids, the call, the discard, announcements
and poignées."""
_FRENCH_SEAT_BOUND: Final = 1300
"""More than a French defender can lose on one deal: (25 + 100) x 6 for the contract, 10 x 6
for the petit au bout, 40 for a triple poignée, 400 for an announced slam."""


def _checked_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise RulesError(f"invalid Tarot rules {quote(rules)}: expected a cardgames.tarot.Rules")
    return rules


@strict_arguments
@attrs.frozen
class TarotActions:
    """Tarot's :class:`~cardgames.action_space.ActionSpace` under ``rules``: the ids of the
    table above, the masks, the observations, and the deal as the environments play it.

    >>> from cardgames import tarot
    >>> space = TarotActions(tarot.Rules.french(players=4))
    >>> space.size, space.legal_ids(tarot.deal(space.rules, seed=4)), space.preset().name
    (88, (78, 79, 80, 81, 82), 'tarot_french')

    :raises RulesError: if ``rules`` is not a :class:`~cardgames.tarot.rules.Rules`.
    """

    rules: Rules = attrs.field(converter=_checked_rules)

    @property
    def title(self) -> str:
        """``"Tarot"``."""
        return GAME

    @property
    def size(self) -> int:
        """:func:`~cardgames.tarot.actions.action_count` of the rules."""
        return action_count(self.rules)

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def state_type(self) -> type[State]:
        """:class:`~cardgames.tarot.state.State`."""
        return State

    @property
    def view_type(self) -> type[View]:
        """:class:`~cardgames.tarot.view.View`."""
        return View

    def action_id(self, move: object) -> int:
        """:func:`action_id` under the rules."""
        return action_id(move, self.rules)

    def move(self, action_id: object) -> AnyMove:
        """:func:`~cardgames.tarot.actions.move_of_id` under the rules."""
        return move_of_id(action_id, self.rules)

    def legal_ids(self, position: State | View) -> tuple[int, ...]:
        """:func:`legal_ids`."""
        return legal_ids(position)

    def layout(self) -> Layout:
        """:func:`~cardgames.tarot.actions.observation_layout` of the rules."""
        return observation_layout(self.rules)

    def sparse_view(self, view: View) -> Sparse:
        """:func:`~cardgames.tarot.actions.sparse_observation`."""
        return sparse_observation(view)

    def sparse_state(self, state: State, seat: int) -> Sparse:
        """:func:`~cardgames.tarot.actions.sparse_observation` of ``state.view(seat)``.

        :raises RulesError: if ``seat`` is not a seat of the table.
        """
        check_seat(seat, self.rules.players, "seat")
        return sparse_observation(view_of(state, seat))

    def actor(self, state: State) -> int:
        """The seat to move."""
        return state.to_move

    def is_over(self, state: State) -> bool:
        """``state.is_over``."""
        return state.is_over

    def play(self, state: State, move: AnyMove) -> State:
        """``state.play(move)``."""
        return state.play(move)

    def returns(self, state: State) -> tuple[float, ...]:
        """The deal's payoffs (:meth:`~cardgames.tarot.state.State.payoffs`) once over."""
        if not state.is_over:
            return (0.0,) * self.rules.players
        return tuple(float(payoff) for payoff in state.payoffs())

    def preset(self) -> EnvPreset:
        """The preset family the rules are, or else the nearest: French with bidding,
        traditional for three or four players in the traditional numeral order, simplified
        otherwise."""
        rules = self.rules
        for preset in PRESETS:
            if preset.low <= rules.players <= preset.high and preset.make(rules.players) == rules:
                return preset
        if rules.bidding:
            return PRESETS[2]
        if rules.players in (3, 4) and rules.numeral_order is NumeralOrder.TRADITIONAL:
            return PRESETS[1]
        return PRESETS[0]

    def presets(self) -> tuple[EnvPreset, ...]:
        """:data:`PRESETS`."""
        return PRESETS

    def bounds(self) -> tuple[float, float]:
        """The card points (and the Magician's bonus) either way; under French rules more than
        a contract's score can reach."""
        rules = self.rules
        if rules.bidding:
            bound = float(_FRENCH_SEAT_BOUND * (rules.players - 1))
        else:
            bound = float(rules.pack_total + rules.magician_bonus)
        return (-bound, bound)

    @property
    def zero_sum(self) -> bool:
        """True: the payoffs of a deal add up to 0."""
        return True

    @property
    def max_moves(self) -> int:
        """More moves than a deal takes."""
        return _MOVES_BOUND

    def engine(
        self, observations: array.array[float] | None, mask: bytearray, slot: int
    ) -> TarotEngine:
        """The fast step (:class:`~cardgames.tarot.env_step.TarotEngine`)."""
        return TarotEngine(self.rules, observations, mask, slot)
