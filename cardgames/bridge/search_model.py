"""The int model of bridge card play for the search engine: :class:`BridgeModel`, and the
small functions on card masks that the fast search (:mod:`cardgames.bridge.search`) shares.

Inside the search a card is a number ``suit * 13 + strength``: the suits in the order of
:class:`~cardgames.cards.Suit` (spades, hearts, diamonds, clubs) and the strength from 0 for
the two to 12 for the ace, so that within a suit a higher number beats a lower one, and a hand
is a mask of 52 bits (a native int in the compiled build). A position is a list of ints::

    [north, east, south, west, leader, cards in the trick, card 1, card 2, card 3, banked]

the four hands, the seat that led the trick in progress, how many cards it holds (0-3) and
which (-1 for none), and the tricks the declaring side has won so far. Its value is the number
of tricks the declaring side takes in all.

>>> from cardgames.bridge import Contract, Deal, Seat, State, Strain
>>> deal = Deal.parse('N:A.K.. K.A.. Q.Q.. J.J..')
>>> state = State(deal, Contract(Seat.SOUTH, Strain.NO_TRUMP))
>>> model = BridgeModel.for_state(state)
>>> root = model.encode(state)
>>> [str(model.move_of(code)) for code in model.legal(root)]
['JH', 'JS']
>>> model.child(root, model.legal(root)[0]) == model.encode(state.play('JH'))
True
"""

from __future__ import annotations

from typing import Final, final

from cardgames.bridge.state import State
from cardgames.cards import Card
from cardgames.errors import AnalysisError

__all__ = [
    "BANKED",
    "COUNT",
    "LEADER",
    "NO_TRUMP",
    "SUIT_BITS",
    "TRICK",
    "BridgeModel",
    "card_code",
    "code_card",
    "popcount",
    "trick_winner_code",
]

LEADER: Final = 4
"""Where a position holds the seat that led the trick in progress."""
COUNT: Final = 5
"""Where a position holds the number of cards in the trick in progress."""
TRICK: Final = 6
"""Where a position's trick cards start (three slots)."""
BANKED: Final = 9
"""Where a position holds the tricks the declaring side has won."""
SUIT_BITS: Final = 0x1FFF
"""The thirteen bits of one suit."""
NO_TRUMP: Final = 4
"""The strain number of no trump."""


def card_code(card: Card) -> int:
    """The search's number of a card: ``suit * 13 + strength`` (the two 0, the ace 12).

    >>> card_code(Card.parse('AS')), card_code(Card.parse('2C'))
    (12, 39)
    """
    index = card.index
    return index - index % 13 + (index % 13 + 12) % 13


def code_card(code: int) -> Card:
    """The card of a search number (the inverse of :func:`card_code`)."""
    return Card.from_index(code - code % 13 + (code % 13 + 1) % 13)


def _mask_code(mask: int) -> int:
    """A mask of card indices as a mask of search numbers."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << card_code(Card.from_index(low.bit_length() - 1))
        mask ^= low
    return out


def popcount(mask: int) -> int:
    """The number of set bits of a non-negative ``mask``."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def trick_winner_code(leader: int, cards: list[int], trump: int) -> int:
    """The seat that wins a complete trick of four search numbers led by ``leader``."""
    best = 0
    top = cards[0]
    for position in range(1, 4):
        card = cards[position]
        if card // 13 == top // 13:
            if card > top:
                best, top = position, card
        elif card // 13 == trump:
            best, top = position, card
    return (leader + best) & 3


@final
class BridgeModel:
    """The engine's :class:`~cardgames.search.engine.SearchModel` for one deal's play: the
    strain and the declaring side are fixed, the value is the declaring side's tricks.

    :param trump: the trump suit's number, or 4 for no trump.
    :param side: the declaring side (the declarer's seat modulo 2).
    """

    def __init__(self, trump: int, side: int) -> None:
        self.trump: Final = trump
        self.side: Final = side

    @classmethod
    def for_state(cls, state: State) -> BridgeModel:
        """The model for ``state``'s contract."""
        return cls(state.contract.trump, int(state.contract.declarer) & 1)

    def encode(self, state: State) -> list[int]:
        """The position of ``state``.

        :raises AnalysisError: if ``state`` is not a bridge state of this model's contract.
        """
        if not isinstance(state, State):
            raise AnalysisError(f"cannot encode {state!r}: expected a bridge State")
        if state.contract.trump != self.trump or int(state.contract.declarer) & 1 != self.side:
            raise AnalysisError(f"cannot encode {state}: it is not this model's contract")
        hands = [_mask_code(hand.mask) for hand in state.hands]
        trick = [card_code(card) for card in state.trick]
        slots = trick + [-1] * (3 - len(trick))
        return [*hands, int(state.leader), len(trick), *slots, state.declarer_tricks]

    def move_of(self, code: int) -> Card:
        """The card of a move."""
        return code_card(code)

    def to_move(self, position: list[int]) -> int:
        """The seat to move."""
        return (position[LEADER] + position[COUNT]) & 3

    def legal(self, position: list[int]) -> list[int]:
        """The cards the seat to move may play, highest number first."""
        seat = (position[LEADER] + position[COUNT]) & 3
        hand = position[seat]
        if position[COUNT]:
            suit = position[TRICK] // 13
            follow = hand & (SUIT_BITS << (13 * suit))
            if follow:
                hand = follow
        moves = []
        while hand:
            card = hand.bit_length() - 1
            moves.append(card)
            hand ^= 1 << card
        return moves

    def distinct(self, position: list[int]) -> dict[int, int]:
        """Each legal card mapped to the highest card of its run: cards of one hand and suit
        with no card between them in another hand or in the trick are worth the same."""
        seat = (position[LEADER] + position[COUNT]) & 3
        others = 0
        for other in range(4):
            if other != seat:
                others |= position[other]
        for slot in range(position[COUNT]):
            others |= 1 << position[TRICK + slot]
        classes: dict[int, int] = {}
        leader_card = -1
        for card in self.legal(position):
            suit = card // 13
            shift = 13 * suit
            if leader_card < 0 or leader_card // 13 != suit:
                leader_card = card
            else:
                between = (others >> shift) & SUIT_BITS
                low, high = card - shift, leader_card - shift
                if between & ((1 << high) - (2 << low)):
                    leader_card = card
            classes[card] = leader_card
        return classes

    def child(self, position: list[int], move: int) -> list[int]:
        """The position after the seat to move plays ``move``."""
        child = position.copy()
        count = position[COUNT]
        leader = position[LEADER]
        seat = (leader + count) & 3
        child[seat] = position[seat] & ~(1 << move)
        if count < 3:
            child[TRICK + count] = move
            child[COUNT] = count + 1
            return child
        cards = [position[TRICK], position[TRICK + 1], position[TRICK + 2], move]
        winner = trick_winner_code(leader, cards, self.trump)
        child[LEADER] = winner
        child[COUNT] = 0
        child[TRICK] = child[TRICK + 1] = child[TRICK + 2] = -1
        if winner & 1 == self.side:
            child[BANKED] += 1
        return child

    def is_over(self, position: list[int]) -> bool:
        """Whether every card has been played."""
        return position[COUNT] == 0 and (position[0] | position[1] | position[2] | position[3]) == 0

    def maximising(self, position: list[int]) -> bool:
        """Whether the seat to move plays for the declaring side."""
        return ((position[LEADER] + position[COUNT]) & 1) == self.side

    def banked(self, position: list[int]) -> int:
        """Tricks the declaring side has won."""
        return position[BANKED]

    def tricks_left(self, position: list[int]) -> int:
        """Tricks still to play, the one in progress included."""
        return popcount(position[position[LEADER]]) + (1 if position[COUNT] else 0)

    def future_bounds(self, position: list[int]) -> tuple[int, int]:
        """No trick, or every trick still to play."""
        return 0, self.tricks_left(position)
