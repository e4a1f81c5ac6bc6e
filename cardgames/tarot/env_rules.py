"""The rules of a Tarot deal on plain ints, for the fast step (:mod:`cardgames.tarot.env_step`):
the shuffle and the deal of a seed, the cards that may be played or discarded, the winner of a
trick, and the payoffs of a finished deal without bidding, each exactly as the library's
functions on objects (:mod:`cardgames.tarot.play`, ``cardgames.tarot.points``) give them.
Compiled with the search (``cardgames._compiled``).

>>> from cardgames.tarot import Rules, deal
>>> rules = Rules.traditional(players=3)
>>> hands, talon = deal_packets(rules, 2, shuffled(7))
>>> start = deal(rules, seed=7, dealer=2).initial
>>> hands == [hand.mask for hand in start.hands], talon == start.talon.mask
(True, True)
"""

from __future__ import annotations

import random
from typing import Final

from cardgames._shuffle import shuffled_range
from cardgames.tarot.cards import TAROT_PACK_SIZE
from cardgames.tarot.play import HONOUR_MASK, KIND, TRUMP_MASK, VALUES
from cardgames.tarot.rules import Rules

__all__ = [
    "card_payoffs",
    "deal_packets",
    "led_kind",
    "legal_cards",
    "legal_discards",
    "mask_value",
    "seats_from",
    "shuffled",
    "winning_position",
]

_TRUMP: Final = 4
_EXCUSE: Final = 77
_TRUMP_LOW: Final = 56
_KINDS: Final[list[int]] = list(KIND)
_VALUES: Final[list[int]] = list(VALUES)


def shuffled(seed: int) -> list[int]:
    """The card indices in the order ``tarot_deck().shuffled(seed)`` puts them.

    >>> from cardgames.tarot import tarot_deck
    >>> shuffled(5) == [card.index for card in tarot_deck().shuffled(5)]
    True
    """
    return shuffled_range(TAROT_PACK_SIZE, random.Random(seed))


def led_kind(cards: list[int]) -> int:
    """The kind (suit 0-3, 4 trumps) the trick ``cards`` must follow, -1 while only the Excuse
    (or nothing) is in.

    >>> led_kind([77, 20]), led_kind([77])
    (1, -1)
    """
    for card in cards:
        if card != _EXCUSE:
            return _KINDS[card]
    return -1


def legal_cards(
    hand: int, trick: list[int], trumps_played: bool, restricted: bool, overtrump: bool
) -> int:
    """The cards of ``hand`` that may be played to ``trick``, as
    :func:`cardgames.tarot.play.legal_cards_mask` gives them.

    >>> legal_cards(1 << 3 | 1 << 60 | 1 << 77, [5], False, True, False) == 1 << 3 | 1 << 77
    True
    """
    kind = led_kind(trick)
    excuse = hand & (1 << _EXCUSE)
    if kind < 0:
        if restricted and not trumps_played:
            suits = hand & ~(TRUMP_MASK | 1 << _EXCUSE)
            if suits:
                return suits | excuse
        return hand
    if kind != _TRUMP:
        follow = hand & (((1 << 14) - 1) << (14 * kind))
        if follow:
            return follow | excuse
    trumps = hand & TRUMP_MASK
    if not trumps:
        return hand
    if overtrump:
        highest = -1
        for card in trick:
            if _TRUMP_LOW <= card < _EXCUSE and card > highest:
                highest = card
        if highest >= 0:
            higher = trumps & ~((1 << (highest + 1)) - 1)
            if higher:
                trumps = higher
    return trumps | excuse


def legal_discards(hand: int, remaining: int, traditional: bool) -> int:
    """The cards of ``hand`` the dealer may discard with ``remaining`` still to go, as
    :func:`cardgames.tarot.play.legal_discards_mask` gives them (``traditional``: the
    traditional discard rule).

    >>> legal_discards(1 << 3 | 1 << 60, 1, True) == 1 << 3
    True
    """
    if remaining <= 0:
        return 0
    allowed = hand & ~HONOUR_MASK
    if traditional:
        plain = allowed & ~TRUMP_MASK
        if plain.bit_count() >= remaining:
            return plain
    return allowed


def winning_position(cards: list[int], strengths: list[int]) -> int:
    """The position in ``cards`` (a complete trick) of the winning card.

    >>> from cardgames.tarot.play import STRENGTHS
    >>> from cardgames.tarot.rules import NumeralOrder
    >>> winning_position([14, 27, 57], list(STRENGTHS[NumeralOrder.ACES_LOW]))
    2
    """
    kind = led_kind(cards)
    best = -1
    position = 0
    for number, card in enumerate(cards):
        card_kind = _KINDS[card]
        if (card_kind == _TRUMP or card_kind == kind) and strengths[card] > best:
            best = strengths[card]
            position = number
    return position


def mask_value(mask: int) -> int:
    """The card values of the cards of ``mask`` added up.

    >>> mask_value(1 << 13 | 1 << 0)  # the King and the 1 of spades
    6
    """
    total = 0
    while mask:
        low = mask & -mask
        total += _VALUES[low.bit_length() - 1]
        mask ^= low
    return total


def seats_from(rules: Rules, leader: int) -> list[int]:
    """The seats in the order they play to a trick ``leader`` leads.

    >>> from cardgames.tarot import Rules
    >>> seats_from(Rules.traditional(players=3), 1)
    [1, 0, 2]
    """
    seats = [leader]
    for _ in range(rules.players - 1):
        seats.append(rules._next(seats[-1]))
    return seats


def card_payoffs(
    rules: Rules,
    won: list[int],
    discard: int,
    dealer: int,
    tricks: list[list[int]],
    excuse_trick: int,
) -> list[float]:
    """The payoffs of a finished deal without bidding, worked out on the ints exactly as
    ``cardgames.tarot.points.payoffs`` does (each side's card points, the Excuse settled,
    the discard to the dealer, the Magician's bonus, less the average), in exact integers
    scaled by the counting group and the number of sides until the one division of each.
    ``tricks`` holds each trick as ``[leader, winner, cards...]``; ``excuse_trick`` is -1 when
    the Excuse was never played."""
    group = rules.group_size
    won = _settled_piles(rules, list(won), tricks, excuse_trick)
    # card points scaled by the group: a pile of n cards worth v is (v * k - n * (k - 1)) / k
    scaled = [mask_value(pile) * group - pile.bit_count() * (group - 1) for pile in won]
    if discard:
        count = discard.bit_count()
        if rules.discard_is_own_group:
            scaled[dealer] += (mask_value(discard) - (count - 1)) * group
        else:
            scaled[dealer] += mask_value(discard) * group - count * (group - 1)
    last = tricks[-1]
    if rules.magician_bonus and last[2 + seats_from(rules, last[0]).index(last[1])] == _TRUMP_LOW:
        scaled[last[1]] += rules.magician_bonus * group
    sides = rules.teams
    side_points = [sum(scaled[seat] for seat in side) for side in sides]
    total = sum(side_points)
    payoffs = [0.0] * rules.players
    for number, side in enumerate(sides):
        value = (len(sides) * side_points[number] - total) / (len(sides) * group)
        for seat in side:
            payoffs[seat] = value
    return payoffs


def _settled_piles(
    rules: Rules, won: list[int], tricks: list[list[int]], excuse_trick: int
) -> list[int]:
    # The won piles with the Excuse settled under the rules (cardgames.tarot.points.piles).
    if excuse_trick < 0:
        return won
    row = tricks[excuse_trick]
    excuser = seats_from(rules, row[0])[row[2:].index(_EXCUSE)]
    winner = row[1]
    if rules.team_of(excuser) == rules.team_of(winner):
        return won
    side = [seat for seat in range(rules.players) if rules.team_of(seat) == rules.team_of(excuser)]
    excuse = 1 << _EXCUSE
    side_won_trick = any(won[seat] & ~excuse for seat in side)
    last = excuse_trick == len(tricks) - 1
    exchange = rules.excuse_rule.value == "exchange"
    if not side_won_trick or (last and exchange):
        won[excuser] &= ~excuse
        won[winner] |= excuse
    elif exchange:
        best_value = 99
        best_card = -1
        holder = -1
        for seat in side:
            cards = won[seat] & ~excuse
            while cards:
                low = cards & -cards
                cards ^= low
                card = low.bit_length() - 1
                if (_VALUES[card], card, seat) < (best_value, best_card, holder) or holder < 0:
                    best_value, best_card, holder = _VALUES[card], card, seat
        won[holder] &= ~(1 << best_card)
        won[winner] |= 1 << best_card
    return won


def deal_packets(rules: Rules, dealer: int, cards: list[int]) -> tuple[list[int], int]:
    """Each seat's hand and the talon, as masks, of ``cards`` (card indices, the top first)
    dealt as :meth:`cardgames.tarot.deal.Deal.from_deck` deals them: packets round the table
    from the seat after the dealer, the talon's cards set aside one at a time between packets
    under ``dog_card_by_card``, else the last ones."""
    players = rules.players
    masks = [0] * players
    wanted = [rules.hand_size] * players
    order: list[int] = []
    seat = dealer
    for _ in range(players):
        seat = rules._next(seat)
        order.append(seat)
    packets: list[int] = []  # seat, cards, seat, cards... in dealing order
    left = players * rules.hand_size
    while left:
        for seat in order:
            take = min(rules.deal_packet, wanted[seat])
            if take:
                packets.append(seat)
                packets.append(take)
                wanted[seat] -= take
                left -= take
    count = len(packets) // 2
    to_talon = len(cards) - players * rules.hand_size
    aside = [0] * (count + 1)
    if rules.dog_card_by_card and count:
        for i in range(1, to_talon + 1):
            aside[max(1, i * count // (to_talon + 1))] += 1
    talon = 0
    position = 0
    for number in range(count):
        seat = packets[2 * number]
        take = packets[2 * number + 1]
        for index in range(position, position + take):
            masks[seat] |= 1 << cards[index]
        position += take
        extra = aside[number + 1]
        for index in range(position, position + extra):
            talon |= 1 << cards[index]
        position += extra
    for index in range(position, len(cards)):
        talon |= 1 << cards[index]
    return masks, talon
