"""The order in which :mod:`cardgames.bridge.search` tries a hand's cards.

A zero-window search is as fast as its first move is good: a cut-off found by the first card
spares the others. Both functions list the distinct cards of the hand to play (cards of one
hand and suit with no card of another hand, or of the trick, between them are one move),
best first, each as ``low << 6 | card``: the highest card of its class and the lowest (63 when
the card is alone in its class). Cards are search numbers (``suit * 13 + strength``, see
:mod:`cardgames.bridge.search_model`), hands 52-bit masks.

On lead (:func:`lead_moves`) the weights follow DDS's observation that a suit in which the
opponents have few cards to choose from gives a small tree; they favour cashing a winner,
leading towards partner's winner, a ruff for partner, a lead through the opponent holding the
top card towards partner's second best, and disfavour suits the opponents can ruff or in which
the hand on the right sits over our honours. Following suit or discarding
(:func:`follow_moves`), the cheapest card that wins the trick for the side for sure comes
first, then the cheapest card that wins it for now, then the lowest cards.

>>> north = 1 << 12 | 1 << 11 | 1 << 13  # the A K of spades, the 2 of hearts
>>> hands = [north, 1 | 3 << 14, 2 | 3 << 16, 4 | 3 << 18]  # the others: a spade, two hearts
>>> [move & 63 for move in lead_moves(hands, 0, -1, 4, -1)]  # the A K as one move, first
[12, 13]
"""

from __future__ import annotations

from typing import Final

from cardgames.bridge.search_bounds import NO_TRUMP, SUIT_BITS, popcount

__all__ = ["NONE", "follow_moves", "lead_moves", "move_to_front"]

NONE: Final = 63
"""In a move ``low << 6 | card``: the card is alone in its class."""

# Lead weights (tuned on node counts of seeded positions, 8 to 13 tricks left).
_SUIT_WEIGHT: Final = 7  # per card the opponents may choose from (a void counts as many)
_RUFFABLE: Final = 20  # an opponent can ruff the suit
_PARTNER_RUFFS: Final = 17  # partner can ruff it and the hand on the right must follow
_RIGHT_HOLDS_TOP: Final = 10  # the hand on the right holds one of the suit's top two cards
_THROUGH_LEFT: Final = 15  # the left holds the top card, partner the second
_CASH: Final = 40  # the leader's card is the top one of the suit
_TO_PARTNER: Final = 30  # partner holds the top card
_FORCE_TOP: Final = 25  # the second best card with the third best below it
_OTHER: Final = 10  # any other lead
_LOW_TRUMP: Final = 10  # a trump below the opponents' best
# Follow weights.
_SURE_WIN: Final = 70  # the side wins the trick whatever the later hands play
_WIN_NOW: Final = 40  # the side wins the trick as it stands
_LOSE: Final = 30  # the side loses it as it stands
_LENGTH: Final = 1  # per card of the suit, so that discards come from long suits
_OFFSET: Final = 512  # keeps every weight positive inside a sort key


def move_to_front(moves: list[int], card: int) -> None:
    """Move the entry of ``card`` (if any) to the front of ``moves``, the others keeping
    their order."""
    for index in range(len(moves)):
        if moves[index] & 63 == card:
            if index:
                moves.insert(0, moves.pop(index))
            return


def lead_moves(hands: list[int], leader: int, hint: int, trump: int, killer: int) -> list[int]:
    """The distinct leads of ``leader``, best first: the last lead that made a cut-off at
    this depth (``killer``), then the table's best lead (``hint``), then by weight (-1: no
    such card)."""
    me = hands[leader]
    partner = hands[(leader + 2) & 3]
    lho = hands[(leader + 1) & 3]
    rho = hands[(leader + 3) & 3]
    everyone = me | partner | lho | rho
    void = popcount(me & SUIT_BITS) + popcount((me >> 13) & SUIT_BITS) + 1
    void += popcount((me >> 26) & SUIT_BITS) + popcount(me >> 39)
    opponents = lho | rho
    tshift = 13 * trump
    lho_trumps = trump != NO_TRUMP and (lho >> tshift) & SUIT_BITS != 0
    rho_trumps = trump != NO_TRUMP and (rho >> tshift) & SUIT_BITS != 0
    partner_trumps = trump != NO_TRUMP and (partner >> tshift) & SUIT_BITS != 0
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
        count_left = popcount(left_cards) if left_cards else void
        count_right = popcount(right_cards) if right_cards else void
        weight = -_SUIT_WEIGHT * (count_left + count_right)
        if ruffable:
            weight -= _RUFFABLE
        if suit != trump and partner_trumps and not ours and right_cards:
            weight += _PARTNER_RUFFS
        top_card = all_cards.bit_length() - 1
        second = (all_cards ^ (1 << top_card)).bit_length() - 1
        if (right_cards >> top_card & 1 or (second >= 0 and right_cards >> second & 1)) and (
            popcount(right_cards) != 1
        ):
            weight -= _RIGHT_HOLDS_TOP
        elif (
            left_cards >> top_card & 1
            and second >= 0
            and ours >> second & 1
            and popcount(ours) != 1
        ):
            weight += _THROUGH_LEFT
        # Walk the suit from the top, one class at a time.
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
                        score = weight + _CASH
                    elif partner_tops and not ruffable:
                        score = weight + _TO_PARTNER - rank
                    elif top == second and low != NONE:
                        score = weight + _FORCE_TOP
                    else:
                        score = weight + _OTHER - rank
                    if suit == trump and top < top_theirs:
                        score -= _LOW_TRUMP
                    low_card = NONE if low == NONE else shift + low
                    scored.append((score + _OFFSET) << 12 | low_card << 6 | (shift + top))
                if not rest:
                    break
                top = strength
                low = NONE
            upper = bit
            rest ^= bit
    scored.sort(reverse=True)
    moves = [entry & 0xFFF for entry in scored]
    if hint >= 0:
        move_to_front(moves, hint)
    if killer >= 0 and killer != hint:
        move_to_front(moves, killer)
    return moves


def follow_moves(
    hands: list[int],
    seat: int,
    legal: int,
    played: int,
    win_card: int,
    win_seat: int,
    trump: int,
    lead_suit: int,
    later: int,
) -> list[int]:
    """The distinct cards of ``legal`` that ``seat`` may play to the trick, best first.

    :param played: the cards already in the trick (a mask).
    :param win_card: the card winning the trick so far, played by ``win_seat``.
    :param later: how many hands play after ``seat`` to this trick.
    """
    others = played
    for other in range(4):
        if other != seat:
            others |= hands[other]
    win_suit = win_card // 13
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
        elif trump != NO_TRUMP:
            trumps = (hand >> tshift) & SUIT_BITS
            if trumps:
                best_trump = max(best_trump, tshift + trumps.bit_length() - 1)
    scored: list[int] = []
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
                        if new_card // 13 == trump:
                            sure = best_trump < new_card and (
                                lead_suit != trump or best_led < new_card
                            )
                        else:
                            sure = best_trump < 0 and best_led < new_card
                        score = (_SURE_WIN if sure else _WIN_NOW) - top
                    else:
                        score = _LOSE - top
                    score += _LENGTH * length
                    low_card = NONE if low == NONE else shift + low
                    scored.append((score + _OFFSET) << 12 | low_card << 6 | card)
                if not rest:
                    break
                top = strength
                low = NONE
            upper = bit
            rest ^= bit
    scored.sort(reverse=True)
    return [entry & 0xFFF for entry in scored]
