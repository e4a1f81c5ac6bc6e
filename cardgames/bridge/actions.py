"""Bridge card play's action ids and observation vector: :class:`BridgeActions`, the action
space of a contract that the descriptor gives the environments (:mod:`cardgames.env`).

An id is a card: its index, ``13 * suit + rank - 1`` (spades, hearts, diamonds, clubs; the
ace 0 of its suit, the king 12), 52 ids in every contract. The seat that chooses a card is
the one to move, except that the declarer chooses the dummy's cards too (so the dummy's
agent never acts).

Observations, 556 values; "per seat offset" fields hold one block per seat, the observing
seat first, then ``seat + 1`` and so on round the table (North, East, South, West):

=================  ========  ===============================================================
field              size      values
=================  ========  ===============================================================
hand               52        own cards still held
dummy              52        the dummy's cards still held, once the dummy is face up
played             4 × 52    per seat offset: the cards that seat has played
trick              4 × 52    per seat offset: its card in the trick in progress
to_move            4         one-hot seat offset of the seat whose card comes next
choosing           1         1 when this seat chooses the next card (its own or the dummy's)
leader             4         one-hot seat offset of the trick's leader
declarer           4         one-hot seat offset of the declarer
strain             5         one-hot: spades, hearts, diamonds, clubs, no trump
declarer_tricks    1         tricks won by the declaring side / tricks in the deal
defender_tricks    1         tricks won by the defenders / tricks in the deal
void               4 × 4     per seat offset: known to hold no spade, heart, diamond, club
=================  ========  ===============================================================

>>> from cardgames import bridge
>>> state = bridge.State(bridge.random_deal(3), bridge.Contract.parse('S by N'))
>>> space = BridgeActions(state.contract)
>>> space.size, space.actor(state), len(space.legal_ids(state))
(52, 1, 13)
>>> space.layout()[-1].stop
556
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

import attrs

from cardgames.action_space import (
    EnvPreset,
    Layout,
    Sparse,
    add_bits,
    check_action_id,
    layout,
)
from cardgames.bridge.rules import Contract, Seat, Strain
from cardgames.bridge.state import State
from cardgames.bridge.view import View, controller, view_of
from cardgames.cards import STANDARD_PACK_SIZE, Card
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.validation import check_seat, quote, strict_arguments

__all__ = ["PRESETS", "BridgeActions", "observation_layout"]

GAME: Final = "Bridge"
_SEATS: Final = 4
_SUITS: Final = 4
_CARDS: Final = tuple(Card.from_index(index) for index in range(STANDARD_PACK_SIZE))


def _default_contract(players: int) -> Contract:
    return Contract(Seat.SOUTH, Strain.NO_TRUMP)


PRESETS: Final = (EnvPreset("bridge", "Bridge card play (cardgames)", 4, 4, 4, _default_contract),)
"""The family environment frameworks register (OpenSpiel's ``cardgames_bridge``: no trump,
South declaring; any other contract through ``openspiel_game``)."""


@lru_cache(maxsize=1)
def observation_layout() -> Layout:
    """The fields of the observation vector (the same for every contract)."""
    n = STANDARD_PACK_SIZE
    return layout(
        [
            ("hand", n, "own cards still held"),
            ("dummy", n, "the dummy's cards still held, once face up"),
            ("played", _SEATS * n, "per seat offset: the cards that seat has played"),
            ("trick", _SEATS * n, "per seat offset: its card in the trick in progress"),
            ("to_move", _SEATS, "one-hot seat offset of the seat whose card comes next"),
            ("choosing", 1, "1 when this seat chooses the next card"),
            ("leader", _SEATS, "one-hot seat offset of the trick's leader"),
            ("declarer", _SEATS, "one-hot seat offset of the declarer"),
            ("strain", 5, "one-hot: spades, hearts, diamonds, clubs, no trump"),
            ("declarer_tricks", 1, "tricks won by the declaring side / tricks in the deal"),
            ("defender_tricks", 1, "tricks won by the defenders / tricks in the deal"),
            ("void", _SEATS * _SUITS, "per seat offset: known void in each suit"),
        ]
    )


def _checked_contract(rules: object) -> Contract:
    if not isinstance(rules, Contract):
        raise RulesError(
            f"invalid bridge rules {quote(rules)}: expected a cardgames.bridge.Contract"
        )
    return rules


def _offsets() -> dict[str, int]:
    return {field.name: field.offset for field in observation_layout()}


@strict_arguments
@attrs.frozen
class BridgeActions:
    """Bridge's :class:`~cardgames.action_space.ActionSpace` in ``rules`` (the contract): 52
    card ids, the masks, and what a seat sees (its hand, the dummy once face up, every card
    played and the voids play has shown).

    :raises RulesError: if ``rules`` is not a :class:`~cardgames.bridge.rules.Contract`.
    """

    rules: Contract = attrs.field(converter=_checked_contract)

    @property
    def title(self) -> str:
        """``"Bridge"``."""
        return GAME

    @property
    def size(self) -> int:
        """52: one id per card."""
        return STANDARD_PACK_SIZE

    @property
    def players(self) -> int:
        """Four."""
        return _SEATS

    @property
    def state_type(self) -> type[State]:
        """:class:`~cardgames.bridge.state.State`."""
        return State

    @property
    def view_type(self) -> type[View]:
        """:class:`~cardgames.bridge.view.View`."""
        return View

    def action_id(self, move: object) -> int:
        """The card's index.

        :raises IllegalMoveError: if ``move`` is not a card of the 52-card pack.
        """
        if isinstance(move, Card) and move.index < STANDARD_PACK_SIZE:
            return move.index
        raise IllegalMoveError(
            f"invalid bridge move {quote(move)}: expected a Card of the 52-card pack"
        )

    def move(self, action_id: object) -> Card:
        """The card with index ``action_id``.

        >>> BridgeActions(Contract.parse('NT by S')).move(12)
        Card.parse('KS')

        :raises IllegalMoveError: if ``action_id`` is not an int from 0 to 51.
        """
        return _CARDS[check_action_id(action_id, STANDARD_PACK_SIZE, GAME)]

    def legal_ids(self, position: State | View) -> tuple[int, ...]:
        """The indices of the cards that may be chosen, increasing (a view's are empty unless
        its seat chooses the next card)."""
        return tuple(sorted(card.index for card in position.legal_moves()))

    def layout(self) -> Layout:
        """:func:`observation_layout`."""
        return observation_layout()

    def sparse_view(self, view: View) -> Sparse:
        """What ``view``'s seat sees, as the table above lays it out."""
        if not isinstance(view, View):
            raise RulesError(f"invalid view {quote(view)}: expected a cardgames.bridge.View")
        at = _offsets()
        contract = view.contract
        seat = int(view.seat)
        n = STANDARD_PACK_SIZE
        ones: list[int] = []
        values: list[tuple[int, float]] = []
        own = view.cards_left(seat)
        if own is not None:
            add_bits(ones, at["hand"], own.mask)
        dummy_seat = int(contract.declarer.partner)
        dummy = view.cards_left(dummy_seat) if view.dummy is not None else None
        if dummy is not None:
            add_bits(ones, at["dummy"], dummy.mask)
        played = view.played
        in_trick = len(played) % _SEATS
        for number, card in enumerate(played):
            k = (int(view.player_of(number)) - seat) % _SEATS
            ones.append(at["played"] + k * n + card.index)
            if number >= len(played) - in_trick:
                ones.append(at["trick"] + k * n + card.index)
        if not view.is_over:
            to_move = int(view.to_move)
            ones.append(at["to_move"] + (to_move - seat) % _SEATS)
            if int(controller(contract, to_move)) == seat:
                ones.append(at["choosing"])
            leader = int(view.player_of(len(played) - in_trick)) if in_trick else to_move
            ones.append(at["leader"] + (leader - seat) % _SEATS)
        ones.append(at["declarer"] + (int(contract.declarer) - seat) % _SEATS)
        ones.append(at["strain"] + int(contract.strain))
        each = view.cards_each
        if view.declarer_tricks:
            values.append((at["declarer_tricks"], view.declarer_tricks / each))
        if view.defender_tricks:
            values.append((at["defender_tricks"], view.defender_tricks / each))
        for other in range(_SEATS):
            k = (other - seat) % _SEATS
            for suit in sorted(view.voids(other)):
                ones.append(at["void"] + _SUITS * k + suit)
        return ones, values

    def sparse_state(self, state: State, seat: int) -> Sparse:
        """:meth:`sparse_view` of ``seat``'s view of ``state``.

        :raises RulesError: if ``seat`` is not a seat (0 to 3).
        """
        check_seat(seat, _SEATS, "seat")
        return self.sparse_view(view_of(state, seat))

    def actor(self, state: State) -> int:
        """The seat to move, or the declarer when the dummy is to move."""
        return int(controller(state.contract, state.to_move))

    def is_over(self, state: State) -> bool:
        """Whether every card has been played."""
        return state.is_over

    def play(self, state: State, move: Card) -> State:
        """``state.play(move)``."""
        return state.play(move)

    def returns(self, state: State) -> tuple[float, ...]:
        """Each seat's side's tricks once the deal is over (zeros before)."""
        if not state.is_over:
            return (0.0,) * _SEATS
        return tuple(float(tricks) for tricks in state.payoffs())

    def preset(self) -> EnvPreset:
        """The one family, ``bridge``."""
        return PRESETS[0]

    def presets(self) -> tuple[EnvPreset, ...]:
        """:data:`PRESETS`."""
        return PRESETS

    def bounds(self) -> tuple[float, float]:
        """From no trick to all thirteen."""
        return (0.0, 13.0)

    @property
    def zero_sum(self) -> bool:
        """False: both sides' tricks add up to the deal's, not to 0."""
        return False

    @property
    def max_moves(self) -> int:
        """52 cards."""
        return STANDARD_PACK_SIZE
