"""Dealing Tarot: the pack shared out in packets round the table, the talon (the dog) set
aside, and cards pinned in place before a deal.

The functions here return bare masks (one per seat, and the talon's);
:class:`cardgames.tarot.state.Deal` wraps them in card sets and checks the result.

>>> from cardgames.tarot import Rules, tarot_deck
>>> masks, talon = dealt_from_deck(Rules.french(players=4), tarot_deck(), dealer=0)
>>> [mask.bit_count() for mask in masks], talon.bit_count()
([18, 18, 18, 18], 6)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from cardgames.cardset import iter_bits
from cardgames.deck import Deck, RandomSource, shuffle_order
from cardgames.errors import NotationError, RulesError
from cardgames.tarot.cards import TAROT_PACK_SIZE, TarotCard, TarotCardSet, _check_cards, tarot_deck
from cardgames.tarot.rules import Rules, _check_rules
from cardgames.validation import check_seat, make_rng, quote

if TYPE_CHECKING:
    from cardgames.tarot.state import FixedCards

__all__ = ["dealt_at_random", "dealt_from_deck"]


_TALON_KEY: Final = "talon"  # the key of ``fixed`` that pins cards in the talon


def _deal_packets(
    rules: Rules, dealer: int, cards: Sequence[int], room: Sequence[int]
) -> tuple[list[int], int]:
    # Deal card indices from the top in packets of rules.deal_packet round the table,
    # starting after the dealer, until every seat has received its ``room`` (fewer to finish
    # a hand); the cards left over are the talon. Under dog_card_by_card the talon's cards are
    # set aside one at a time instead, each after a packet spread evenly through the deal
    # (after packet i * P // (d + 1) of P packets for the i-th of d cards), so that neither
    # the first nor the last card dealt goes to it. Returns the masks by seat and the talon's.
    masks = [0] * rules.players
    wanted = list(room)
    order = []
    seat = dealer
    for _ in range(rules.players):
        seat = rules._next(seat)
        order.append(seat)
    packets: list[tuple[int, int]] = []  # (seat, cards) in dealing order
    while any(wanted):
        for seat in order:
            take = min(rules.deal_packet, wanted[seat])
            if take:
                packets.append((seat, take))
                wanted[seat] -= take
    to_talon = len(cards) - sum(room)
    aside: dict[int, int] = {}
    if rules.dog_card_by_card and packets:
        for i in range(1, to_talon + 1):
            after = max(1, i * len(packets) // (to_talon + 1))
            aside[after] = aside.get(after, 0) + 1
    talon = 0
    position = 0
    for number, (seat, take) in enumerate(packets, start=1):
        for index in cards[position : position + take]:
            masks[seat] |= 1 << index
        position += take
        for index in cards[position : position + aside.get(number, 0)]:
            talon |= 1 << index
        position += aside.get(number, 0)
    for index in cards[position:]:
        talon |= 1 << index
    return masks, talon


def _pinned_mask(rules: Rules, key: object, cards: object) -> int:
    # The mask of the cards pinned under ``key``, checked on their own.
    where = "the talon" if key == _TALON_KEY else f"seat {key}"
    room = rules.talon_size if key == _TALON_KEY else rules.hand_size
    if isinstance(cards, TarotCardSet):
        mask = cards.mask
    elif isinstance(cards, str):
        try:
            mask = TarotCardSet.parse(cards).mask
        except NotationError as error:
            raise RulesError(f"invalid fixed cards for {where} {quote(cards)}: {error}") from None
    else:
        given = _check_cards(cards, f"fixed cards for {where}", error=RulesError)
        mask = 0
        for card in given:
            if mask >> card.index & 1:
                raise RulesError(
                    f"invalid fixed cards for {where} {quote(cards)}: {card} is given twice"
                )
            mask |= 1 << card.index
    if mask.bit_count() > room:
        raise RulesError(
            f"invalid fixed cards for {where} {quote(cards)}: {mask.bit_count()} cards, but "
            f"{where} holds {room} under {rules}"
        )
    return mask


def _pinned_cards(rules: Rules, fixed: object) -> tuple[list[int], int]:
    # The pinned masks by seat and the talon's, checked together: no card in two places.
    if not isinstance(fixed, Mapping):
        raise RulesError(
            f"invalid fixed cards {quote(fixed)}: expected a mapping from a seat (or 'talon') "
            "to cards, such as {0: 'KS 21T'}"
        )
    pinned = [0] * rules.players
    talon = 0
    owner: dict[int, str] = {}
    for key, cards in fixed.items():
        if key == _TALON_KEY:
            mask = talon = _pinned_mask(rules, key, cards)
            name = "the talon"
        else:
            if type(key) is not int or not 0 <= key < rules.players:
                raise RulesError(
                    f"invalid fixed seat {quote(key)}: expected a seat from 0 to "
                    f"{rules.players - 1} or 'talon'"
                )
            seat = key
            mask = pinned[seat] = _pinned_mask(rules, seat, cards)
            name = f"seat {seat}"
        for index in iter_bits(mask):
            if index in owner:
                raise RulesError(
                    f"invalid fixed cards {quote(fixed)}: {TarotCard.from_index(index)} is "
                    f"given to {owner[index]} and to {name}"
                )
            owner[index] = name
    return pinned, talon


def dealt_from_deck(rules: Rules, deck: Deck[Any], dealer: int) -> tuple[list[int], int]:
    """The masks by seat and the talon's mask of ``deck`` dealt from the top as
    :meth:`cardgames.tarot.state.Deal.from_deck` describes.

    :raises RulesError: if the rules are not a :class:`cardgames.tarot.rules.Rules`, the deck
        is not a :class:`cardgames.deck.Deck` of the whole Tarot pack or the dealer is not a
        seat.
    """
    _check_rules(rules, "deal rules")
    check_seat(dealer, rules.players, "dealer")
    if (
        not isinstance(deck, Deck)
        or len(deck) != TAROT_PACK_SIZE
        or not all(isinstance(card, TarotCard) for card in deck)
    ):
        shown = f"{len(deck)} cards" if isinstance(deck, Deck) else quote(deck)
        raise RulesError(f"invalid Tarot deck {shown}: expected a Deck of the 78-card Tarot pack")
    room = [rules.hand_size] * rules.players
    return _deal_packets(rules, dealer, [card.index for card in deck], room)


def dealt_at_random(
    rules: Rules, seed: RandomSource, dealer: int, fixed: FixedCards | None
) -> tuple[list[int], int]:
    """The masks by seat and the talon's mask of the pack shuffled with ``seed`` and dealt,
    with the ``fixed`` cards pinned first, as :meth:`cardgames.tarot.state.Deal.random`
    describes.

    :raises RulesError: if the rules, the dealer, the seed or ``fixed`` are not valid.
    """
    _check_rules(rules, "deal rules")
    check_seat(dealer, rules.players, "dealer")
    rng = make_rng(seed, "seed")
    if fixed is None:
        return dealt_from_deck(rules, tarot_deck().shuffled(rng), dealer)
    pinned, pinned_talon = _pinned_cards(rules, fixed)
    taken = pinned_talon
    for mask in pinned:
        taken |= mask
    rest = [index for index in range(TAROT_PACK_SIZE) if not taken >> index & 1]
    order = shuffle_order(len(rest), rng)
    room = [rules.hand_size - mask.bit_count() for mask in pinned]
    masks, talon = _deal_packets(rules, dealer, [rest[i] for i in order], room)
    return (
        [mask | extra for mask, extra in zip(pinned, masks, strict=True)],
        talon | pinned_talon,
    )
