"""Bounds on a bridge position's tricks found without a search, for
:mod:`cardgames.bridge.search`.

Each function looks at the four hands (52-bit masks, as in
:mod:`cardgames.bridge.search_model`) at the start of a trick and returns a number of tricks one
side is sure of, together with the cards whose ranks that count relied on (a mask). Lengths of
suits are free: the search's table keys on them. A count must hold in every position with the
same suit lengths in each hand and the same owners of those cards and of every card above them
in their suits, since the search stores it that way.

>>> hands = [0b1100 << 13, 0b0011 << 13, 0b11 << 26, 0b11 << 39]  # North: the top two hearts
>>> quick_tricks(hands, 0, NO_TRUMP)[0], quick_tricks(hands, 1, NO_TRUMP)[0]
(2, 0)
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "NO_TRUMP",
    "SUIT_BITS",
    "cashing",
    "guarded_trump",
    "lead_loser",
    "popcount",
    "quick_tricks",
    "sure_trumps",
]

SUIT_BITS: Final = 0x1FFF
"""The thirteen bits of one suit."""
NO_TRUMP: Final = 4
"""The strain number of no trump."""

_POP: Final = [bin(mask).count("1") for mask in range(1 << 13)]


def popcount(mask: int) -> int:
    """The number of cards in one suit's 13 bits."""
    return _POP[mask]


def _top_cards(cards: int, count: int) -> int:
    """The ``count`` highest set bits of ``cards`` (one suit)."""
    out = 0
    while count > 0 and cards:
        bit = 1 << (cards.bit_length() - 1)
        out |= bit
        cards ^= bit
        count -= 1
    return out


def cashing(hands: list[int], hand: int, trump: int, need: int = 13) -> tuple[int, int]:
    """Tricks ``hand``, on lead, wins in a row by cashing cards above every other card of
    their suit (so that it keeps the lead and partner never overtakes), and the cards relied
    on. The count stops once it reaches ``need``, so that it relies on as few cards as it can.

    A suit whose winners outlast every other hand's length runs to its end. With trumps, the
    top trumps go first; if they draw the opponents' trumps, every suit is cashed as at no
    trump, otherwise only one other suit, for as many rounds as each opponent still holding
    trumps follows suit (a discard on one suit could make a void in the next). While partner
    holds trumps, the other suits' rounds are capped by partner's plain cards, so that partner
    is never forced to ruff and take the lead.

    >>> north = 0b1110000000001 << 13  # A K Q 2 of hearts
    >>> east = 0b10 << 13 | 0b1110  # the 3 of hearts, the 5 4 3 of spades
    >>> cashing([north, east, 0b1111 << 4, 0b1111 << 8], 0, NO_TRUMP)[0]  # the 2 wins too
    4
    """
    me = hands[hand]
    partner = hands[(hand + 2) & 3]
    lho = hands[(hand + 1) & 3]
    rho = hands[(hand + 3) & 3]
    others = partner | lho | rho
    used = 0
    trump_count = 0
    drawn = True
    partner_trumps_left = False
    lho_trumps = rho_trumps = 0
    if trump != NO_TRUMP:
        shift = 13 * trump
        mine = (me >> shift) & SUIT_BITS
        lho_trumps = _POP[(lho >> shift) & SUIT_BITS]
        rho_trumps = _POP[(rho >> shift) & SUIT_BITS]
        partner_trumps = _POP[(partner >> shift) & SUIT_BITS]
        if mine:
            top = _POP[mine >> ((others >> shift) & SUIT_BITS).bit_length()]
            if top >= need:
                return need, _top_cards(mine, need) << shift
            if top:
                used = _top_cards(mine, top) << shift
                trump_count = top
                if top >= lho_trumps and top >= rho_trumps and top >= partner_trumps:
                    trump_count = _POP[mine]
                    if trump_count >= need:
                        return trump_count, used
        drawn = trump_count >= lho_trumps and trump_count >= rho_trumps
        partner_trumps_left = partner_trumps > trump_count
        if trump_count:
            lho_trumps = max(0, lho_trumps - trump_count)
            rho_trumps = max(0, rho_trumps - trump_count)
    # Partner never has to ruff while he has a plain card to play instead.
    plain = 13
    if partner_trumps_left:
        plain = _POP[partner & SUIT_BITS] + _POP[(partner >> 13) & SUIT_BITS]
        plain += _POP[(partner >> 26) & SUIT_BITS] + _POP[partner >> 39]
        plain -= _POP[(partner >> (13 * trump)) & SUIT_BITS]
    total = trump_count
    side = 0
    best = best_mine = best_shift = 0
    for suit in range(4):
        if suit == trump:
            continue
        shift = 13 * suit
        mine = (me >> shift) & SUIT_BITS
        if not mine:
            continue
        top = _POP[mine >> ((others >> shift) & SUIT_BITS).bit_length()]
        if not top:
            continue
        lho_length = _POP[(lho >> shift) & SUIT_BITS]
        rho_length = _POP[(rho >> shift) & SUIT_BITS]
        if drawn:
            count = top
            if (
                top >= lho_length
                and top >= rho_length
                and top >= _POP[(partner >> shift) & SUIT_BITS]
            ):
                count = _POP[mine]
            count = min(count, plain - side)
            if count <= 0:
                break
            wanted = need - total - side
            if count >= wanted:
                # The winners alone do it where they are enough; a long suit needs them all.
                return need, used | _top_cards(mine, min(wanted, top)) << shift
            side += count
            used |= _top_cards(mine, top) << shift
        else:
            count = min(top, plain)
            if lho_trumps and lho_length < count:
                count = lho_length
            if rho_trumps and rho_length < count:
                count = rho_length
            if count > best:
                best, best_mine, best_shift = count, mine, shift
    if best:
        count = min(best, need - total)
        return total + count, used | _top_cards(best_mine, count) << best_shift
    return total + side, used


def quick_tricks(hands: list[int], leader: int, trump: int, need: int = 13) -> tuple[int, int]:
    """Tricks the side of ``leader``, on lead at the start of a trick, is sure to win, and the
    cards whose ranks that count relies on (the count stops once it reaches ``need``).

    The better of two plans: the leader cashes its own winners (:func:`cashing`); or the
    leader leads a card of a suit in which partner holds the top card, and partner, now on
    lead, cashes his (the entry must be safe from a ruff).

    >>> hands = [1 | 1 << 13, 1 << 1 | 1 << 14, 1 << 12 | 1 << 25, 1 << 2 | 1 << 15]
    >>> quick_tricks(hands, 0, NO_TRUMP)[0]  # North leads to South's two aces
    2
    """
    total, used = cashing(hands, leader, trump, need)
    if total >= need:
        return total, used
    me = hands[leader]
    partner_seat = (leader + 2) & 3
    partner = hands[partner_seat]
    lho = hands[(leader + 1) & 3]
    rho = hands[(leader + 3) & 3]
    # Plans that rely on no rank: a suit the opponents are out of wins every round both
    # partners can still lead it; and partner ruffs a lead he is out of when neither
    # opponent can overruff (each follows suit or holds no trump).
    tshift = 13 * trump
    lho_trumps = trump != NO_TRUMP and (lho >> tshift) & SUIT_BITS != 0
    rho_trumps = trump != NO_TRUMP and (rho >> tshift) & SUIT_BITS != 0
    partner_trumps = trump != NO_TRUMP and (partner >> tshift) & SUIT_BITS != 0
    for suit in range(4):
        shift = 13 * suit
        mine = (me >> shift) & SUIT_BITS
        if not mine:
            continue
        ours = (partner >> shift) & SUIT_BITS
        lho_cards = (lho >> shift) & SUIT_BITS
        rho_cards = (rho >> shift) & SUIT_BITS
        if not lho_cards and not rho_cards and ours:
            if suit == trump or not (lho_trumps or rho_trumps):
                rounds = min(_POP[mine], _POP[ours])
                if rounds > total:
                    total, used = rounds, 0
        elif (
            suit != trump
            and not ours
            and partner_trumps
            and (lho_cards or not lho_trumps)
            and (rho_cards or not rho_trumps)
            and total == 0
        ):
            total, used = 1, 0
    if total >= need:
        return total, used
    rest = me | lho | rho
    entry = -1
    for suit in range(4):
        shift = 13 * suit
        mine = (me >> shift) & SUIT_BITS
        ours = (partner >> shift) & SUIT_BITS
        if not mine or ours.bit_length() <= ((rest >> shift) & SUIT_BITS).bit_length():
            continue
        if trump != NO_TRUMP and suit != trump:
            tshift = 13 * trump
            if ((lho >> shift) & SUIT_BITS == 0 and (lho >> tshift) & SUIT_BITS) or (
                (rho >> shift) & SUIT_BITS == 0 and (rho >> tshift) & SUIT_BITS
            ):
                continue
        entry = shift + ours.bit_length() - 1
        break
    if entry < 0:
        return total, used
    partner_total, partner_used = cashing(hands, partner_seat, trump, need)
    if partner_total > total:
        return partner_total, partner_used | 1 << entry
    return total, used


def sure_trumps(hands: list[int], seat: int, trump: int, need: int = 13) -> tuple[int, int]:
    """Tricks the side of ``seat`` is sure to win with its trumps, whoever leads, and the
    cards that count relies on: one hand's trumps above every trump of the opponents each win
    the trick they are played to (two such cards of one hand never fall together). The count
    stops at ``need``.

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
    count = _POP[mine >> top]
    other = _POP[partner >> top]
    if other > count:
        count = min(other, need)
        return count, _top_cards(partner, count) << shift
    count = min(count, need)
    if count <= 0:
        return 0, 0
    return count, _top_cards(mine, count) << shift


def lead_loser(hands: list[int], leader: int, trump: int) -> int:
    """The cards that make the trick starting now a sure loser for the side of ``leader``
    (a mask of the top card of every suit the leader holds), or 0 when it is not one.

    It is one when, in every suit the leader can lead, an opponent holds the top card (he
    plays it, and it wins) and partner cannot ruff it (he follows suit or has no trump).

    >>> lead_loser([1, 1 << 12, 1 << 1, 1 << 2], 0, NO_TRUMP)  # East's ace over North's 2
    4096
    """
    me = hands[leader]
    partner = hands[(leader + 2) & 3]
    theirs = hands[(leader + 1) & 3] | hands[(leader + 3) & 3]
    partner_trumps = trump != NO_TRUMP and (partner >> (13 * trump)) & SUIT_BITS != 0
    cards = 0
    for suit in range(4):
        shift = 13 * suit
        mine = (me >> shift) & SUIT_BITS
        if not mine:
            continue
        opponents = (theirs >> shift) & SUIT_BITS
        ours = (partner >> shift) & SUIT_BITS
        if opponents.bit_length() <= (mine | ours).bit_length():
            return 0
        if partner_trumps and suit != trump and not ours:
            return 0
        cards |= 1 << (shift + opponents.bit_length() - 1)
    return cards


def guarded_trump(hands: list[int], leader: int, trump: int) -> int:
    """The trumps that make one trick sure for the side not on lead when the side on lead
    must win every trick (a mask), or 0.

    A hand of that side whose best trump is beaten only by trumps of the hand on its right,
    and which holds more trumps than there are above that one, wins a trick: while the side
    on lead wins every trick it leads every trick, so the hand on the right always plays
    before it; the hand drops a low trump under each higher one, and takes the trick with its
    best trump whenever trumps are played without one of them, or when it can ruff.

    >>> guarded_trump([1 << 12 | 1, 1 << 11 | 1 << 1, 1 << 2, 1 << 3], 0, 0)  # East's K 3
    6144
    """
    if trump == NO_TRUMP:
        return 0
    shift = 13 * trump
    for seat in ((leader + 1) & 3, (leader + 3) & 3):
        mine = (hands[seat] >> shift) & SUIT_BITS
        if not mine:
            continue
        best = mine.bit_length() - 1
        everyone = (hands[0] | hands[1] | hands[2] | hands[3]) >> shift & SUIT_BITS
        above = everyone >> (best + 1) << (best + 1)
        right = (hands[(seat + 3) & 3] >> shift) & SUIT_BITS
        if above & right == above and _POP[mine] > _POP[above]:
            return (above | 1 << best) << shift
    return 0


def second_hand_tricks(
    hands: list[int], seat: int, win_card: int, trump: int, need: int = 13
) -> tuple[int, int]:
    """Tricks the side of ``seat``, second to play to a trick led with ``win_card``, is sure
    to win from this trick on, and the cards relied on (the count stops at ``need``).

    The side wins this trick if one of its hands holds a card of the suit led above the card
    led and above all of the third hand's (who cannot ruff it), or if one of its hands can
    ruff and the third hand can neither follow nor overruff... that is, the third hand
    follows suit or holds no trump. At no trump the hand that wins it then cashes the cards
    it holds above every other card of their suits.

    >>> hands = [0, 1 << 12 | 1 << 11 | 1 << 25, 1 << 3, 1 << 4]  # East: A K of spades
    >>> second_hand_tricks(hands, 1, 2, 4)  # North led the 4: East wins it, then his K, his AH
    (3, 33560576)
    """
    suit = win_card // 13
    shift = 13 * suit
    partner = (seat + 2) & 3
    third = (seat + 1) & 3
    mine = (hands[seat] >> shift) & SUIT_BITS
    ours = (hands[partner] >> shift) & SUIT_BITS
    theirs = (hands[third] >> shift) & SUIT_BITS
    third_ruffs = (
        trump != NO_TRUMP
        and suit != trump
        and not theirs
        and (hands[third] >> (13 * trump)) & SUIT_BITS != 0
    )
    if third_ruffs:
        return 0, 0
    top = (mine | ours).bit_length() - 1
    if top > win_card - shift and top > theirs.bit_length() - 1:
        winner = seat if mine >> top & 1 else partner
        cards = 1 << (shift + top)
    elif trump != NO_TRUMP and suit != trump:
        tshift = 13 * trump
        if (not mine and (hands[seat] >> tshift) & SUIT_BITS) or (
            not ours and (hands[partner] >> tshift) & SUIT_BITS
        ):
            return 1, 0
        return 0, 0
    else:
        return 0, 0
    if need <= 1 or trump != NO_TRUMP:
        return 1, cards
    # At no trump the winner leads next and cashes what stays above everyone else's cards.
    count = 1
    me = hands[winner]
    others = hands[0] | hands[1] | hands[2] | hands[3]
    others ^= me
    for other_suit in range(4):
        other_shift = 13 * other_suit
        held = (me >> other_shift) & SUIT_BITS
        if not held:
            continue
        rest = (others >> other_shift) & SUIT_BITS
        if other_suit == suit:
            held ^= 1 << top  # the card that wins this trick
        winners = _POP[held >> rest.bit_length()]
        if winners:
            winners = min(winners, need - count)
            count += winners
            cards |= _top_cards(held, winners) << other_shift
            if count >= need:
                break
    return count, cards
