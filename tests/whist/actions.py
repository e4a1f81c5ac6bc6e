"""Whist's action ids and observations, for the learning environments.

An id is a card's index in the 52-card pack. An observation puts, end to end: the seat's
hand, the cards each seat has played and each seat's card in the trick in progress (one
block per seat, the observing seat's first), whose turn it is, the trump, each side's tricks
and the suits each seat has shown it lacks. The game offers no fast step, so the environments
run it on the library's states (:class:`cardgames.env.engine.LibraryEngine`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import attrs

from cardgames.action_space import EnvPreset, Layout, Sparse, add_bits, check_action_id, layout
from cardgames.cards import STANDARD_PACK_SIZE, Card
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.validation import check_seat, quote
from whist.game import SEATS, Rules, State, View, trick_winner

_CARDS: Final = tuple(Card.from_index(index) for index in range(STANDARD_PACK_SIZE))
_SUITS: Final = 4
_LAYOUT: Final = layout(
    [
        ("hand", STANDARD_PACK_SIZE, "own cards still held"),
        ("played", SEATS * STANDARD_PACK_SIZE, "per seat offset: the cards it has played"),
        ("trick", SEATS * STANDARD_PACK_SIZE, "per seat offset: its card in this trick"),
        ("to_move", SEATS, "one-hot seat offset of the seat to move"),
        ("trump", _SUITS + 1, "one-hot: spades, hearts, diamonds, clubs, no trump"),
        ("own_tricks", 1, "tricks won by the seat's side / cards each"),
        ("other_tricks", 1, "tricks won by the other side / cards each"),
        ("void", SEATS * _SUITS, "per seat offset: known to lack each suit"),
    ]
)
_AT: Final = {field.name: field.offset for field in _LAYOUT}


def _checked_rules(value: object) -> Rules:
    if not isinstance(value, Rules):
        raise RulesError(f"invalid whist rules {quote(value)}: expected whist Rules")
    return value


PRESETS: Final = (EnvPreset("whist", "Whist (cardgames tests)", 4, 4, 4, lambda _: Rules()),)


def _seat_of(number: int, played: tuple[Card, ...], trump: object) -> list[int]:
    # Who played each of the cards, replayed trick by trick (the first lead is seat 1's).
    seats: list[int] = []
    leader = 1
    for start in range(0, len(played), SEATS):
        trick = played[start : start + SEATS]
        seats.extend((leader + k) % SEATS for k in range(len(trick)))
        if len(trick) == SEATS:
            leader = (leader + trick_winner(trick, trump)) % SEATS  # type: ignore[arg-type]
    return seats[:number]


@attrs.frozen
class WhistActions:
    """Whist's :class:`~cardgames.action_space.ActionSpace` under ``rules``."""

    rules: Rules = attrs.field(converter=_checked_rules)

    @property
    def title(self) -> str:
        return "Whist"

    @property
    def size(self) -> int:
        return STANDARD_PACK_SIZE

    @property
    def players(self) -> int:
        return SEATS

    @property
    def state_type(self) -> type[State]:
        return State

    @property
    def view_type(self) -> type[View]:
        return View

    def action_id(self, move: object) -> int:
        if isinstance(move, Card) and move.index < STANDARD_PACK_SIZE:
            return move.index
        raise IllegalMoveError(f"invalid whist move {quote(move)}: expected a card")

    def move(self, action_id: object) -> Card:
        return _CARDS[check_action_id(action_id, STANDARD_PACK_SIZE, "Whist")]

    def legal_ids(self, position: State | View) -> tuple[int, ...]:
        return tuple(sorted(card.index for card in position.legal_moves()))

    def layout(self) -> Layout:
        return _LAYOUT

    def sparse_view(self, view: View) -> Sparse:
        seat = view.seat
        ones: list[int] = []
        values: list[tuple[int, float]] = []
        add_bits(ones, _AT["hand"], view.hand.mask)
        played = view.played
        seats = _seat_of(len(played), played, self.rules.trump)
        in_trick = len(played) % SEATS
        for number, card in enumerate(played):
            offset = (seats[number] - seat) % SEATS * STANDARD_PACK_SIZE
            ones.append(_AT["played"] + offset + card.index)
            if number >= len(played) - in_trick:
                ones.append(_AT["trick"] + offset + card.index)
        over = len(played) == SEATS * self.rules.cards_each
        if not over:
            to_move = self._to_move(played)
            ones.append(_AT["to_move"] + (to_move - seat) % SEATS)
        trump = self.rules.trump
        ones.append(_AT["trump"] + (_SUITS if trump is None else int(trump)))
        won = [0, 0]
        for start in range(0, len(played) - in_trick, SEATS):
            trick = played[start : start + SEATS]
            won[seats[start + trick_winner(trick, trump)] % 2] += 1
        for name, tricks in (("own_tricks", won[seat % 2]), ("other_tricks", won[1 - seat % 2])):
            if tricks:
                values.append((_AT[name], tricks / self.rules.cards_each))
        for other, suits in enumerate(view.voids()):
            for suit in suits:
                ones.append(_AT["void"] + (other - seat) % SEATS * _SUITS + int(suit))
        return ones, values

    def _to_move(self, played: tuple[Card, ...]) -> int:
        seats = _seat_of(len(played), played, self.rules.trump)
        in_trick = len(played) % SEATS
        if in_trick:
            return (seats[-in_trick] + in_trick) % SEATS
        if not played:
            return 1
        last = played[-SEATS:]
        return (seats[-SEATS] + trick_winner(last, self.rules.trump)) % SEATS

    def sparse_state(self, state: State, seat: int) -> Sparse:
        check_seat(seat, SEATS, "seat")
        return self.sparse_view(state.view(seat))

    def actor(self, state: State) -> int:
        return state.to_move

    def is_over(self, state: State) -> bool:
        return state.is_over

    def play(self, state: State, move: Card) -> State:
        return state.play(move)

    def returns(self, state: State) -> tuple[float, ...]:
        if not state.is_over:
            return (0.0,) * SEATS
        return tuple(float(Fraction(payoff)) for payoff in state.payoffs())

    def preset(self) -> EnvPreset:
        return PRESETS[0]

    def presets(self) -> tuple[EnvPreset, ...]:
        return PRESETS

    def bounds(self) -> tuple[float, float]:
        return (0.0, 13.0)

    @property
    def zero_sum(self) -> bool:
        return False

    @property
    def max_moves(self) -> int:
        return STANDARD_PACK_SIZE
