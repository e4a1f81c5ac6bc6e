"""Dealing a round of Chase the Tailor: the shuffle, the hands (with cards pinned to seats on
request), the first card turned up and the stock.

>>> from cardgames.tailor import Rules
>>> state = deal(Rules(players=3), seed=13)
>>> [len(hand) for hand in state.hands], len(state.stock), state.top
([7, 7, 7], 33, Card.parse('AD'))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from cardgames.cards import TAILOR_PACK_SIZE, Card
from cardgames.cardset import CardSet
from cardgames.deck import Deck, RandomSource
from cardgames.errors import NotationError, RulesError
from cardgames.tailor._validate import FULL_PACK
from cardgames.tailor.rules import Rules
from cardgames.tailor.state import State
from cardgames.tailor.turns import shuffled_round_state
from cardgames.validation import SEED_LIMIT, as_tuple, check_int, check_seat, quote

__all__ = ["deal"]


def deal(
    rules: Rules,
    seed: RandomSource = 0,
    first_player: int = 0,
    deck: Deck[Card] | Sequence[Card] | None = None,
    *,
    fixed: Mapping[int, CardSet | Iterable[Card] | str] | None = None,
) -> State:
    """Shuffle (or take ``deck`` as it is), deal the hands and turn up the first card.

    Cards are dealt one at a time to seats 0, 1, ... from the top of the deck; the next card
    starts the pile and the rest is the stock. A Joker or the Tailor turned up is handled as
    ``Rules.special_start`` says; when every card left is a Joker or the Tailor, the first one
    turned stays up and anything may be played on it, even with ``special_start="bury"``.

    With ``fixed``, the pinned cards go to their seats first; the seeded shuffle of the other
    cards is then dealt one at a time round the seats as usual, passing over the hands already
    full, and the first card turned and the stock come from what is left. The same seed and
    pins always give the same deal, and ``fixed={}`` deals exactly as no pins.

    :param rules: the variant.
    :param seed: shuffles the pack (unless ``deck`` is given) and seeds every later reshuffle:
        an int from 0 to ``2**64 - 1`` (same seed, same deal everywhere), or a
        :class:`random.Random`, which is advanced by one ``getrandbits(64)`` draw that is then
        used as that int seed (so the state's ``seed`` field is always an
        int, and a generator ``rng`` deals as the int ``rng.getrandbits(64)`` would).
    :param first_player: the seat that moves first.
    :param deck: an explicit order of the 55 cards, top first.
    :param fixed: seat -> cards to put in that seat's hand (a :class:`~cardgames.cardset.CardSet`,
        an iterable of :class:`~cardgames.cards.Card`, or a string such as ``"TLR X1 QH"``); at
        most ``Rules.hand_size`` cards a seat, each card pinned at most once.
    :raises RulesError: for bad rules, seat, seed, deck or pins (naming the input), and for
        ``fixed`` together with ``deck``.

    >>> state = deal(Rules(players=2), seed=0, deck=Deck.tailor())
    >>> state.hands[0], state.top
    (CardSet.parse('AS 3S 5S 7S 9S JS KS'), Card.parse('2H'))
    >>> deal(Rules(players=6, hand_size=9), seed=0).top is None
    True
    >>> import random
    >>> deal(Rules(), seed=random.Random(3)) == deal(Rules(), seed=random.Random(3).getrandbits(64))
    True
    >>> pinned = deal(Rules(players=3), seed=5, fixed={1: 'TLR X1 QH'})
    >>> CardSet.parse('TLR X1 QH') <= pinned.hands[1], len(pinned.hands[1])
    (True, 7)
    >>> deal(Rules(players=3), seed=5, fixed={0: 'QH', 2: 'QH'})
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid fixed {0: 'QH', 2: 'QH'}: QH is pinned twice
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"invalid rules {quote(rules)}: expected a tailor.Rules")
    if isinstance(seed, random.Random):
        # One documented draw turns the generator into the int seed the State keeps for its
        # reshuffles; an int seed is used as it is, so int deals are unchanged.
        seed = seed.getrandbits(64)
    else:
        check_int(
            seed,
            "seed",
            low=0,
            high=SEED_LIMIT - 1,
            expected="an int seed from 0 to 2**64 - 1 or a random.Random",
        )
    check_seat(first_player, rules.players, "first_player")
    pins = None if fixed is None else _pins(fixed, rules)
    if deck is None and pins is None:
        # the common deal, on card indices in the compiled rules (the same cards as below)
        return shuffled_round_state(State, rules, seed, first_player)
    if deck is None:
        order = list(Deck.tailor().shuffled(seed))
    else:
        if pins is not None:
            raise RulesError(
                f"invalid fixed {quote(fixed)}: give either fixed cards or a whole deck order, "
                "not both"
            )
        if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
            raise RulesError(
                f"invalid deck {quote(deck)}: expected a sequence of the 55 cards, top first"
            )
        order = _as_cards(deck)
        if len(order) != TAILOR_PACK_SIZE or CardSet.from_cards(order).mask != FULL_PACK:
            raise RulesError(
                f"invalid deck {quote(deck)}: expected each of the 55 cards of the pack once"
            )
    if pins is None:
        dealt, rest = Deck(order).deal(rules.players, rules.hand_size)
        masks = [hand.mask for hand in dealt]
        stock = list(rest)
    else:
        masks, stock = _deal_around(order, pins, rules)
    first = stock.pop(0)
    if rules.special_start == "bury" and any(not card.is_special for card in stock):
        while first.is_special:
            stock.append(first)
            first = stock.pop(0)
    return State(
        rules=rules,
        hands=tuple(CardSet(mask) for mask in masks),
        pile=(first,),
        stock=tuple(stock),
        top=None if first.is_special else first,
        to_move=first_player,
        seed=seed,
    )


def _pins(fixed: object, rules: Rules) -> list[int]:
    """The mask of pinned cards for every seat, after checking ``fixed``."""
    if not isinstance(fixed, Mapping):
        raise RulesError(
            f"invalid fixed {quote(fixed)}: expected a mapping of seats to cards, such as "
            "{0: 'TLR X1'}"
        )
    if len(fixed) > rules.players:
        raise RulesError(
            f"invalid fixed {quote(fixed)}: more seats than the {rules.players} players"
        )
    masks = [0] * rules.players
    pinned = 0
    for seat, cards in fixed.items():
        check_seat(seat, rules.players, "fixed seat")
        mask = 0
        for card in _pinned_cards(cards, fixed):
            bit = 1 << card.index
            if (mask | pinned) & bit:
                raise RulesError(f"invalid fixed {quote(fixed)}: {card} is pinned twice")
            mask |= bit
        if mask.bit_count() > rules.hand_size:
            raise RulesError(
                f"invalid fixed {quote(fixed)}: {mask.bit_count()} cards for seat {seat}, more "
                f"than the hand size ({rules.hand_size})"
            )
        masks[seat] = mask
        pinned |= mask
    return masks


def _pinned_cards(cards: object, fixed: object) -> tuple[Card, ...]:
    """The cards of one seat's pin: a card set, a string in card-set notation, or cards."""
    if isinstance(cards, CardSet):
        return tuple(cards)
    if isinstance(cards, str):
        try:
            return tuple(CardSet.parse(cards))
        except NotationError as error:
            raise RulesError(f"invalid fixed {quote(fixed)}: {error}") from None
    if isinstance(cards, bytes | Mapping) or not isinstance(cards, Iterable):
        raise RulesError(
            f"invalid fixed {quote(fixed)}: the cards of a seat must be a CardSet, cards or a "
            f"string such as 'TLR X1', not {quote(cards)}"
        )
    result = as_tuple(cards, "fixed cards", limit=TAILOR_PACK_SIZE)
    for card in result:
        if not isinstance(card, Card):
            raise RulesError(
                f"invalid fixed {quote(fixed)}: {quote(card)} is not a card of the 55-card pack"
            )
    return result


def _deal_around(order: list[Card], pins: list[int], rules: Rules) -> tuple[list[int], list[Card]]:
    """Deal the unpinned cards of ``order`` one at a time round the seats, passing over full
    hands; the hand masks and the undealt rest, in order."""
    pinned = 0
    for mask in pins:
        pinned |= mask
    rest = [card for card in order if not pinned >> card.index & 1]
    masks = list(pins)
    wanted = rules.hand_size * rules.players - pinned.bit_count()
    position = 0
    while position < wanted:
        for seat in range(rules.players):
            if masks[seat].bit_count() < rules.hand_size:
                masks[seat] |= 1 << rest[position].index
                position += 1
    return masks, rest[position:]


def _as_cards(cards: Iterable[object]) -> list[Card]:
    result = []
    for card in cards:
        if not isinstance(card, Card):
            raise RulesError(f"invalid deck: {quote(card)} is not a card of the 55-card pack")
        result.append(card)
    return result
