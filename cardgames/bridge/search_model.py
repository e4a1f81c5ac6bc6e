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
    "NONE",
    "SUIT_BITS",
    "TRICK",
    "BridgeModel",
    "card_code",
    "code_card",
    "follow_moves",
    "lead_moves",
    "popcount",
    "quick_tricks",
    "sure_trumps",
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


def _top_cards(cards: int, count: int) -> int:
    """The ``count`` highest set bits of ``cards`` (one suit)."""
    out = 0
    while count > 0 and cards:
        bit = 1 << (cards.bit_length() - 1)
        out |= bit
        cards ^= bit
        count -= 1
    return out


def quick_tricks(hands: list[int], leader: int, trump: int) -> tuple[int, int]:
    """Tricks the side of ``leader``, on lead at the start of a trick, is sure to win, and the
    cards whose ranks that count relies on (a mask).

    With no trump: every card of the leader above all the other cards of its suit wins,
    whatever anyone does; or, if partner holds such cards and the leader can reach one of
    them with a low card of its suit, partner's. With trumps: the leader's top trumps, plus
    the top cards of one other suit cashed first, for as many rounds as each opponent follows
    suit or holds no trump and partner can follow or discard a plain card (and so never takes
    the lead away).

    >>> hands = [0b1100 << 13, 0b0011 << 13, 0b11 << 26, 0b11 << 39]
    >>> quick_tricks(hands, 0, NO_TRUMP)[0], quick_tricks(hands, 1, NO_TRUMP)[0]
    (2, 0)
    """
    me = hands[leader]
    partner = hands[(leader + 2) & 3]
    lho = hands[(leader + 1) & 3]
    rho = hands[(leader + 3) & 3]
    others = partner | lho | rho
    used = 0
    if trump == NO_TRUMP:
        total = 0
        theirs = me | lho | rho
        partner_total = 0
        partner_used = 0
        entry = False
        for suit in range(4):
            shift = 13 * suit
            mine = (me >> shift) & SUIT_BITS
            if mine:
                tops = mine >> ((others >> shift) & SUIT_BITS).bit_length()
                if tops:
                    count = popcount(tops)
                    total += count
                    used |= _top_cards(mine, count) << shift
            ours = (partner >> shift) & SUIT_BITS
            if ours:
                tops = ours >> ((theirs >> shift) & SUIT_BITS).bit_length()
                if tops:
                    count = popcount(tops)
                    partner_total += count
                    partner_used |= _top_cards(ours, count) << shift
                    if mine:
                        entry = True
        # Or the leader leads a low card to partner's top card of that suit, and partner
        # cashes every card of his above all the others'.
        if entry and partner_total > total:
            return partner_total, partner_used
        return total, used
    tshift = 13 * trump
    trump_mask = SUIT_BITS << tshift
    mine = (me >> tshift) & SUIT_BITS
    total = popcount(mine >> ((others >> tshift) & SUIT_BITS).bit_length()) if mine else 0
    if total:
        used = _top_cards(mine, total) << tshift
    lho_ruffs = lho & trump_mask != 0
    rho_ruffs = rho & trump_mask != 0
    plain = popcount(partner & ~trump_mask)
    best = 0
    best_used = 0
    for suit in range(4):
        if suit == trump:
            continue
        shift = 13 * suit
        mine = (me >> shift) & SUIT_BITS
        if not mine:
            continue
        count = popcount(mine >> ((others >> shift) & SUIT_BITS).bit_length())
        if lho_ruffs:
            count = min(count, popcount((lho >> shift) & SUIT_BITS))
        if rho_ruffs:
            count = min(count, popcount((rho >> shift) & SUIT_BITS))
        count = min(count, plain)
        if count > best:
            best = count
            best_used = _top_cards(mine, count) << shift
    return total + best, used | best_used


def sure_trumps(hands: list[int], seat: int, trump: int) -> tuple[int, int]:
    """Tricks the side of ``seat`` is sure to win with its trumps, whoever leads, and the
    cards that count relies on: one hand's trumps above every trump of the opponents each win
    the trick they are played to (two such cards of one hand never fall together).

    >>> sure_trumps([0b1100, 0b0010, 0b0001, 0], 0, 0)  # North's A K over East's Q
    (2, 12)
    """
    if trump == NO_TRUMP:
        return 0, 0
    shift = 13 * trump
    theirs = ((hands[(seat + 1) & 3] | hands[(seat + 3) & 3]) >> shift) & SUIT_BITS
    top = theirs.bit_length()
    mine = (hands[seat] >> shift) & SUIT_BITS
    partner = (hands[(seat + 2) & 3] >> shift) & SUIT_BITS
    count = popcount(mine >> top)
    other = popcount(partner >> top)
    if other > count:
        return other, _top_cards(partner, other) << shift
    if count == 0:
        return 0, 0
    return count, _top_cards(mine, count) << shift


NONE: Final = 63
"""In a move list entry ``low << 6 | card``: the card is alone in its class."""


P: list[int] = [0, 20, 17, 10, 15, 40, 30, 25, 10, 10, 7, 1]


def lead_moves(hands: list[int], leader: int, hint: int, trump: int, killer: int = -1) -> list[int]:
    """The distinct leads, best first, each as ``low << 6 | card`` where ``low`` is the
    lowest card of its class (63: the card is alone)."""
    me = hands[leader]
    partner = hands[(leader + 2) & 3]
    lho = hands[(leader + 1) & 3]
    rho = hands[(leader + 3) & 3]
    everyone = me | partner | lho | rho
    left = popcount(me)
    opponents = lho | rho
    tshift = 13 * trump
    lho_trumps = trump < 4 and (lho >> tshift) & SUIT_BITS != 0
    rho_trumps = trump < 4 and (rho >> tshift) & SUIT_BITS != 0
    partner_trumps = trump < 4 and (partner >> tshift) & SUIT_BITS != 0
    scored: list[int] = []
    for suit in range(4):
        shift = 13 * suit
        mine = (me >> shift) & SUIT_BITS
        if not mine:
            continue
        theirs = (opponents >> shift) & SUIT_BITS
        ours = (partner >> shift) & SUIT_BITS
        left_cards = (lho >> shift) & SUIT_BITS
        right_cards = (rho >> shift) & SUIT_BITS
        all_cards = (everyone >> shift) & SUIT_BITS
        others = theirs | ours
        top_theirs = theirs.bit_length()
        partner_tops = ours.bit_length() > top_theirs and ours.bit_length() > mine.bit_length()
        ruffable = suit != trump and (
            (lho_trumps and not left_cards) or (rho_trumps and not right_cards)
        )
        # The suit's weight: fewer cards for the opponents to choose from, fewer nodes.
        count_left = popcount(left_cards) if left_cards else left + 1
        count_right = popcount(right_cards) if right_cards else left + 1
        weight = -P[10] * (count_left + count_right) // P[11]
        if ruffable:
            weight -= P[1]
        if suit != trump and partner_trumps and not ours and right_cards:
            weight += P[2]
        top_card = all_cards.bit_length() - 1
        second = (all_cards ^ (1 << top_card)).bit_length() - 1 if top_card >= 0 else -1
        if (right_cards >> top_card & 1 or (second >= 0 and right_cards >> second & 1)) and popcount(right_cards) != 1:
            weight -= P[3]
        elif left_cards >> top_card & 1 and second >= 0 and ours >> second & 1 and popcount(ours) != 1:
            weight += P[4]
        upper = 1 << 13
        top = -1
        low = NONE
        rest = mine
        while True:
            strength = rest.bit_length() - 1 if rest else -1
            bit = 1 << strength if rest else 0
            if rest and top >= 0 and not others & (upper - (bit << 1)):
                low = strength  # the same class as the card above
            else:
                if top >= 0:
                    rank = popcount(all_cards & ((1 << top) - 1))
                    if top >= top_theirs and top > ours.bit_length() - 1 and not ruffable:
                        score = weight + P[5]
                    elif partner_tops and not ruffable:
                        score = weight + P[6] - rank
                    elif top == second and low != NONE:
                        score = weight + P[7]
                    else:
                        score = weight + P[8] - rank
                    if suit == trump and top < top_theirs:
                        score -= P[9]
                    scored.append(
                        (score + 512) << 12 | (NONE if low == NONE else shift + low) << 6 | (shift + top)
                    )
                if not rest:
                    break
                top = strength
                low = NONE
            upper = bit
            rest ^= bit
    scored.sort(reverse=True)
    moves = [entry & 0xFFF for entry in scored]
    if hint >= 0:
        for index, entry in enumerate(moves):
            if entry & 63 == hint:
                if index:
                    moves.insert(0, moves.pop(index))
                break
    if killer >= 0 and killer != hint:
        for index, entry in enumerate(moves):
            if entry & 63 == killer:
                if index:
                    moves.insert(0, moves.pop(index))
                break
    return moves


Q: list[int] = [70, 40, 30, 40, 1]


def follow_moves(
    hands: list[int],
    seat: int,
    legal: int,
    played: int,
    win_card: int,
    win_seat: int,
    trump: int,
    lead_suit: int = -1,
    later: int = 0,
) -> list[int]:
    """The distinct cards ``seat`` may play to the trick, best first, each as
    ``low << 6 | card`` (see :func:`lead_moves`); ``later`` hands play after it."""
    others = played
    for other in range(4):
        if other != seat:
            others |= hands[other]
    win_suit = win_card // 13
    scored: list[int] = []
    tshift = 13 * trump
    # The best card each later opponent can play: in the suit led, or else a trump.
    best_led = -1
    best_trump = -1
    for step in range(1, later + 1):
        other = (seat + step) & 3
        if ((other ^ seat) & 1) == 0:
            continue
        hand = hands[other]
        follow = (hand >> (13 * lead_suit)) & SUIT_BITS
        if follow:
            best_led = max(best_led, 13 * lead_suit + follow.bit_length() - 1)
        elif trump < 4:
            trumps = (hand >> tshift) & SUIT_BITS
            if trumps:
                best_trump = max(best_trump, tshift + trumps.bit_length() - 1)
    for suit in range(4):
        shift = 13 * suit
        mine = (legal >> shift) & SUIT_BITS
        if not mine:
            continue
        between = (others >> shift) & SUIT_BITS
        length = popcount(mine)
        upper = 1 << 13
        top = -1
        low = NONE
        rest = mine
        while True:
            strength = rest.bit_length() - 1 if rest else -1
            bit = 1 << strength if rest else 0
            if rest and top >= 0 and not between & (upper - (bit << 1)):
                low = strength
            else:
                if top >= 0:
                    card = shift + top
                    beats = (suit == win_suit and card > win_card) or (
                        suit == trump and win_suit != trump
                    )
                    new_card = card if beats else win_card
                    new_seat = seat if beats else win_seat
                    if ((new_seat ^ seat) & 1) == 0:
                        new_suit = new_card // 13
                        if new_suit == trump:
                            sure = best_trump < new_card and (lead_suit != trump or best_led < new_card)
                        else:
                            sure = best_trump < 0 and best_led < new_card
                        score = Q[0] - top if sure else Q[1] - top
                    else:
                        score = Q[2] - top
                    score += Q[4] * length
                    scored.append(
                        (score + 512) << 12 | (NONE if low == NONE else shift + low) << 6 | card
                    )
                if not rest:
                    break
                top = strength
                low = NONE
            upper = bit
            rest ^= bit
    scored.sort(reverse=True)
    return [entry & 0xFFF for entry in scored]


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
