"""Dealing Tarot: :class:`Deal` (who was dealt what), the pack shared out in packets round the
table, the talon (the dog) set aside, and cards pinned in place before a deal.

The functions here return bare masks (one per seat, and the talon's); :class:`Deal` wraps them
in card sets and checks the result. :class:`Deal` is imported from :mod:`cardgames.tarot.state`
too, whose functions its pickles name (registered with ``copyreg``), so that pickles keep
their bytes; the state module also gives :meth:`Deal.start` the way to start a deal.

>>> from cardgames.tarot import Rules, tarot_deck
>>> masks, talon = dealt_from_deck(Rules.french(players=4), tarot_deck(), dealer=0)
>>> [mask.bit_count() for mask in masks], talon.bit_count()
([18, 18, 18, 18], 6)
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

import attrs

from cardgames.cardset import iter_bits
from cardgames.deck import Deck, RandomSource, shuffle_order
from cardgames.errors import NotationError, RulesError
from cardgames.tarot._notation import DealParts, read_deal, write_deal
from cardgames.tarot._validate import _check_sets, _deal_problem
from cardgames.tarot.cards import (
    TAROT_PACK_SIZE,
    TarotCard,
    TarotCardSet,
    _check_card_set,
    _check_cards,
    tarot_deck,
)
from cardgames.tarot.rules import Rules, _check_rules
from cardgames.validation import as_tuple, check_seat, make_rng, quote, strict_arguments

if TYPE_CHECKING:
    from cardgames.tarot.state import State

__all__ = ["CardsLike", "Deal", "FixedCards", "dealt_at_random", "dealt_from_deck"]

CardsLike = TarotCardSet | Iterable[TarotCard] | str
"""Cards given by the caller: a card set, an iterable of cards, or a text that
``TarotCardSet.parse`` reads."""


class FixedCards(Protocol):
    """Cards pinned before a deal (see :meth:`Deal.random`): a mapping
    from a seat, or the key ``"talon"``, to :data:`CardsLike` cards.

    Typed by the mapping's ``items()`` so that a ``dict[int, TarotCardSet]`` and a
    ``dict[int | str, str]`` both fit (a ``Mapping`` type is invariant in its keys); at run
    time it must be a :class:`collections.abc.Mapping`.
    """

    def items(self) -> ItemsView[int | str, CardsLike]: ...


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
    :meth:`cardgames.tarot.deal.Deal.from_deck` describes.

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
    with the ``fixed`` cards pinned first, as :meth:`cardgames.tarot.deal.Deal.random`
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


def _hands(sets: Sequence[TarotCardSet]) -> tuple[TarotCardSet, ...]:
    return as_tuple(sets, "Tarot hands")


_STARTS: list[Callable[[Deal], State]] = []
# The state module's way to start a deal (State.from_deal), put here as it is imported (the
# package imports it always): the state imports this module, so this one cannot import it.


def _start_with(start: Callable[[Deal], State]) -> None:
    # Called once by cardgames.tarot.state.
    _STARTS[:] = [start]


@strict_arguments
@attrs.frozen(kw_only=True, repr=False)
class Deal:
    """Who was dealt what: the rules, the dealer, every hand (by seat) and the talon.

    The written form (:meth:`parse` / ``str``) is described in :mod:`cardgames.tarot.notation`.

    :param rules: the :class:`cardgames.tarot.rules.Rules`.
    :param dealer: the dealer's seat: an int from 0 to ``rules.players - 1`` (never a bool).
    :param hands: one :class:`cardgames.tarot.cards.TarotCardSet` per seat (any sequence; it
        is kept as a tuple).
    :param talon: the talon, a :class:`cardgames.tarot.cards.TarotCardSet`.
    :raises RulesError: if an argument is of the wrong type, the dealer is not a seat, or the
        hands and talon do not share out the 78 cards as the rules say.

    >>> from cardgames.tarot import Rules
    >>> game = Deal.random(Rules.traditional(players=3), seed=7, dealer=1)
    >>> [len(hand) for hand in game.hands], len(game.talon)
    ([25, 25, 25], 3)
    >>> Deal.parse(str(game)) == game
    True
    """

    rules: Rules
    dealer: int
    hands: tuple[TarotCardSet, ...] = attrs.field(converter=_hands)
    talon: TarotCardSet

    def __attrs_post_init__(self) -> None:
        rules = _check_rules(self.rules, "deal rules")
        check_seat(self.dealer, rules.players, "dealer")
        _check_sets(self.hands, "hand")
        _check_card_set(self.talon, "talon", error=RulesError)
        problem = _deal_problem(rules, [hand.mask for hand in self.hands], self.talon.mask)
        if problem is not None:
            raise RulesError(f"invalid Tarot deal for {rules}: {problem}")

    @classmethod
    def from_deck(cls, rules: Rules, deck: Deck[Any], dealer: int = 0) -> Deal:
        """Deal a 78-card deck from the top: packets of ``rules.deal_packet`` cards (fewer to
        finish a hand) round the table, starting with the player after the dealer in the
        direction of play; the last ``rules.talon_size`` cards are the talon, or, under
        ``rules.dog_card_by_card``, the talon's cards are set aside one at a time between
        packets, spread evenly through the deal (the i-th of d cards after packet
        ``i * P // (d + 1)`` of the P packets), never the first or the last card.

        >>> from cardgames.tarot import Rules, tarot_deck
        >>> game = Deal.from_deck(Rules.french(players=4), tarot_deck(), dealer=0)
        >>> game.talon  # after three packets of three the 10th card goes to the dog, ...
        TarotCardSet.parse('10S 6H 5D 1C KC 10T')


        :raises RulesError: if the rules are not a :class:`cardgames.tarot.rules.Rules`, the deck
            is not a :class:`cardgames.deck.Deck` of the whole Tarot pack or the dealer is not a
            seat.
        """
        masks, talon = dealt_from_deck(rules, deck, dealer)
        return cls(
            rules=rules,
            dealer=dealer,
            hands=tuple(TarotCardSet(mask) for mask in masks),
            talon=TarotCardSet(talon),
        )

    @classmethod
    def random(
        cls,
        rules: Rules,
        seed: RandomSource,
        dealer: int = 0,
        *,
        fixed: FixedCards | None = None,
    ) -> Deal:
        """Shuffle the pack with ``seed`` (see ``Deck.shuffled``) and deal it
        (:meth:`from_deck`); with ``fixed``, pin chosen cards first and deal the rest.

        :param seed: an int from 0 to ``2**64 - 1`` or a :class:`random.Random`.
        :param fixed: cards pinned in place before the deal, as a mapping from a seat (or
            ``"talon"``) to a :class:`cardgames.tarot.cards.TarotCardSet`, an iterable of
            :class:`cardgames.tarot.cards.TarotCard` or a text that
            ``TarotCardSet.parse`` reads (``'KS 21T EX'``). The other cards are shuffled with
            ``seed`` and dealt as :meth:`from_deck` deals, packets of
            :data:`~cardgames.tarot.state.DEAL_PACKET` round the table, each seat receiving
            only the cards it still lacks, the talon last. Same seed and same ``fixed``, same
            deal; an empty mapping deals as None.
        :raises RulesError: if the rules or the dealer are not valid, ``seed`` is neither
            (a negative seed is refused, not folded onto its absolute value), or ``fixed``
            is not such a mapping: a key that is not a seat nor ``"talon"``, cards that do
            not read, a card given twice, or more cards than the seat's hand (or the talon)
            holds.

        >>> from cardgames.tarot import Rules, TarotCardSet
        >>> rules = Rules.traditional(players=3)
        >>> game = Deal.random(rules, seed=3, fixed={0: 'KS KH 21T', 'talon': 'EX'})
        >>> TarotCardSet.parse('KS KH 21T') <= game.hands[0], str(game.talon).endswith('EX')
        (True, True)
        >>> Deal.random(rules, seed=3, fixed={}) == Deal.random(rules, seed=3)
        True
        """
        masks, talon = dealt_at_random(rules, seed, dealer, fixed)
        return cls(
            rules=rules,
            dealer=dealer,
            hands=tuple(TarotCardSet(mask) for mask in masks),
            talon=TarotCardSet(talon),
        )

    def start(self) -> State:
        """The state at the start of this deal (see
        :meth:`~cardgames.tarot.state.State.from_deal`)."""
        return _STARTS[0](self)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a deal in the notation of :mod:`cardgames.tarot.notation`.

        :raises NotationError: if the text is not a valid deal.
        """
        return cls._from_parts(text, read_deal(text))

    @classmethod
    def _from_parts(cls, text: str, parts: DealParts) -> Deal:
        rules, dealer, hands, talon = parts
        try:
            return cls(rules=rules, dealer=dealer, hands=hands, talon=talon)
        except RulesError as error:
            raise NotationError(f"invalid Tarot deal {quote(text)}: {error}") from None

    def __str__(self) -> str:
        return write_deal(self.rules, self.dealer, self.hands, self.talon)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"
