"""Ordered, immutable decks: build a pack, shuffle it reproducibly, deal it out.

A deck holds the cards of one pack. The core knows its own 55-card pack (:meth:`Deck.standard`,
:meth:`Deck.tailor`); a game with a pack of its own registers that pack's card-set type with
:func:`register_card_set` and builds its decks on :class:`Deck` (Tarot's is
``cardgames.tarot.cards.tarot_deck()``).

Shuffling is a Fisher-Yates shuffle whose random indices come from
:meth:`random.Random.getrandbits` by rejection sampling (see :func:`shuffle_order`). The Mersenne
Twister seeded with an int produces the same bits on every platform and Python version, so the
same seed gives the same order everywhere, independently of how :meth:`random.Random.shuffle`
may change between Python releases.

>>> deck = Deck.tailor()
>>> len(deck), deck[0], deck[-1]
(55, Card.parse('AS'), Card.parse('TLR'))
>>> deck.shuffled(7) == deck.shuffled(7), deck.shuffled(7) == deck.shuffled(8)
(True, False)
>>> hands, rest = Deck.standard().deal(4, 5)
>>> [len(hand) for hand in hands], len(rest)
([5, 5, 5, 5], 32)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, Generic, TypeVar, overload

import attrs

from cardgames.cards import STANDARD_PACK_SIZE, Card
from cardgames.cardset import BaseCardSet, CardLike, CardSet
from cardgames.errors import NotationError, RulesError
from cardgames.validation import as_tuple, check_int, make_rng, quote, strict_arguments

__all__ = [
    "MAX_HANDS",
    "MAX_SHUFFLE",
    "Deck",
    "RandomSource",
    "make_rng",
    "random_below",
    "register_card_set",
    "shuffle_order",
]

C = TypeVar("C", bound=CardLike)

MAX_SHUFFLE: Final = 1 << 20
"""The longest sequence :func:`shuffle_order` shuffles (decks hold at most 78 cards)."""
MAX_HANDS: Final = 78
"""The most hands :meth:`Deck.deal` makes: one card each from the largest pack."""

RandomSource = int | random.Random
"""Where randomness comes from: an int seed (0 to ``2**64 - 1``), or a :class:`random.Random`
the caller owns. :func:`make_rng` turns either into a generator and rejects anything else with
a :class:`~cardgames.errors.RulesError`."""


def random_below(rng: int | random.Random, n: int) -> int:
    """A uniform int in ``range(n)``, drawn from raw bits by rejection sampling.

    Only :meth:`random.Random.getrandbits` is used, whose output for a seeded generator is
    fixed, so the draw is the same on every machine and Python version. Every random choice in
    the library goes through here.

    >>> random_below(random.Random(1), 10) == random_below(random.Random(1), 10)
    True

    :param rng: a :class:`random.Random` (advanced) or an int seed.
    :raises RulesError: (a :class:`ValueError`) if ``rng`` is not a :class:`random.Random` or
        a seed, or ``n`` is not a positive int.
    """
    if not isinstance(rng, random.Random):
        rng = make_rng(rng, "random generator")
    if type(n) is not int or n < 1:
        check_int(n, "range size", low=1, expected="a positive int (cannot draw from nothing)")
    bits = n.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < n:
            return value


def shuffle_order(n: int, source: RandomSource) -> list[int]:
    """A reproducible permutation of ``range(n)`` (Fisher-Yates, last position first).

    >>> shuffle_order(5, 1) == shuffle_order(5, 1)
    True
    >>> sorted(shuffle_order(5, 1))
    [0, 1, 2, 3, 4]

    :raises RulesError: if ``n`` is not an int from 0 to :data:`MAX_SHUFFLE` or ``source`` is
        not a random source.
    """
    check_int(n, "shuffle size", low=0, high=MAX_SHUFFLE)
    rng = make_rng(source)
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = random_below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


_SET_TYPES: dict[type[Any], type[BaseCardSet[Any]]] = {}
# The card-set type of each pack a deck may hold, by card class. The core registers its own
# 55-card pack below; each game registers its pack where it defines it, so the core never
# imports a game.


def register_card_set(set_type: type[BaseCardSet[Any]]) -> None:
    """Let decks hold the cards of ``set_type``'s pack: :meth:`Deck.deal` and
    :meth:`Deck.to_set` then make card sets of this type, and :meth:`Deck.parse` reads the
    pack's cards given its card class. The core's :class:`~cardgames.cardset.CardSet` is
    registered here; a game registers its own card-set type where it defines it (Tarot's in
    ``cardgames.tarot.cards``). Registering a type again does nothing.

    :raises RulesError: if ``set_type`` is not a subclass of
        :class:`~cardgames.cardset.BaseCardSet` with a pack of cards, or its card class
        already belongs to another card-set type.
    """
    cards = getattr(set_type, "_CARDS", ()) if isinstance(set_type, type) else ()
    if not isinstance(set_type, type) or not issubclass(set_type, BaseCardSet) or not cards:
        raise RulesError(
            f"invalid card-set type {quote(set_type)}: expected a subclass of BaseCardSet "
            "naming its pack"
        )
    card_type = type(cards[0])
    known = _SET_TYPES.setdefault(card_type, set_type)
    if known is not set_type:
        raise RulesError(
            f"invalid card-set type {quote(set_type)}: {card_type.__name__} cards already "
            f"belong to {known.__name__}"
        )


register_card_set(CardSet)


def _set_type_for(card: object) -> type[BaseCardSet[Any]]:
    set_type = _SET_TYPES.get(type(card))
    if set_type is None:
        raise NotationError(f"invalid card {quote(card)}: expected a card of a known pack")
    return set_type


def _deck_cards(cards: Iterable[C]) -> tuple[C, ...]:
    return as_tuple(cards, "deck", error=NotationError)


@strict_arguments
@attrs.frozen(repr=False)
class Deck(Sequence[C], Generic[C]):
    """An immutable sequence of distinct cards; index 0 is the top of the deck.

    >>> deck = Deck.parse('AS KH X1')
    >>> deck
    Deck.parse('AS KH X1')
    >>> list(deck.shuffled(2))
    [Card.parse('KH'), Card.parse('X1'), Card.parse('AS')]
    """

    cards: tuple[C, ...] = attrs.field(converter=_deck_cards)

    @cards.validator
    def _check_cards(self, attribute: attrs.Attribute[tuple[C, ...]], cards: tuple[C, ...]) -> None:
        if cards and len({type(card) for card in cards}) != 1:
            raise NotationError(f"invalid deck {quote(cards)}: a deck holds cards of one pack only")
        if cards:
            set_type = _set_type_for(cards[0])
            for card in cards:
                set_type._check_card(card)
        if len({card.index for card in cards}) != len(cards):
            raise NotationError(f"a deck holds each card once; got {' '.join(map(str, cards))}")

    @classmethod
    def standard(cls) -> Deck[Card]:
        """The plain 52-card pack in canonical order."""
        return Deck(Card.all()[:STANDARD_PACK_SIZE])

    @classmethod
    def tailor(cls) -> Deck[Card]:
        """The 55-card Chase the Tailor pack (52, two Jokers, the Tailor) in canonical order."""
        return Deck(Card.all())

    @classmethod
    def parse(cls, text: str, *, card_type: type[Any] = Card) -> Deck[Any]:
        """Read a deck written as its cards, top first, separated by white space; ``-`` (or
        nothing) is the empty deck, as ``str`` writes it.

        >>> Deck.parse('-') == Deck([]), str(Deck([]))
        (True, '-')

        :param card_type: the card class of the pack: :class:`~cardgames.cards.Card` (the
            default), or a game's own such as ``cardgames.tarot.TarotCard`` (any card class
            whose card set is registered, see :func:`register_card_set`).
        :raises NotationError: if a card is unreadable or repeated, or ``card_type`` is not
            such a class.
        """
        if not isinstance(text, str):
            raise NotationError(f"invalid deck {quote(text)}: expected a string")
        set_type = _SET_TYPES.get(card_type) if isinstance(card_type, type) else None
        if set_type is None:
            raise NotationError(
                f"invalid deck card type {quote(card_type)}: expected a card class of a known "
                "pack, such as Card or TarotCard"
            )
        words = text.split()
        if words == ["-"]:
            return Deck(())
        cards = []
        for word in words:
            try:
                cards.append(set_type._parse_card(word))
            except NotationError as error:
                raise NotationError(f"invalid deck {quote(text)}: {error}") from None
        if len(set(cards)) != len(cards):
            raise NotationError(f"invalid deck {quote(text)}: a card appears twice")
        return Deck(cards)

    @overload
    def __getitem__(self, index: int) -> C: ...
    @overload
    def __getitem__(self, index: slice) -> Deck[C]: ...
    def __getitem__(self, index: int | slice) -> C | Deck[C]:
        if isinstance(index, slice):
            return Deck(self.cards[index])
        return self.cards[index]

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[C]:
        return iter(self.cards)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards) or "-"

    def __repr__(self) -> str:
        suffix = ""
        if self.cards and not isinstance(self.cards[0], Card):
            suffix = f", card_type={type(self.cards[0]).__name__}"
        return f"Deck.parse({str(self)!r}{suffix})"

    def shuffled(self, source: RandomSource) -> Deck[C]:
        """A new deck with the cards in a random order drawn from ``source``.

        :param source: an int seed (same seed, same order, on every machine) or a
            :class:`random.Random`, which is advanced.
        """
        order = shuffle_order(len(self.cards), source)
        return Deck(self.cards[i] for i in order)

    def deal(
        self, players: int, cards_each: int | None = None, *, packet: int = 1
    ) -> tuple[tuple[BaseCardSet[C], ...], Deck[C]]:
        """Deal from the top in packets, round the players in order 0, 1, ..., then again.

        :param players: how many hands to make, 1 to :data:`MAX_HANDS`.
        :param cards_each: cards per hand; by default as many as the deck allows evenly.
        :param packet: cards given to a player at a time.
        :returns: the hands (card sets, in dealing order) and the undealt rest of the deck.
        :raises RulesError: if the deck is too small or an argument is not an int in range.
        """
        check_int(players, "players", low=1, high=MAX_HANDS)
        check_int(packet, "packet", low=1)
        if cards_each is None:
            cards_each = len(self.cards) // players
        check_int(cards_each, "cards_each", low=0)
        if players * cards_each > len(self.cards):
            raise RulesError(
                f"cannot deal {players} hands of {cards_each} from a deck of {len(self.cards)}"
            )
        masks = [0] * players
        position = 0
        while position < players * cards_each:
            for player in range(players):
                take = min(packet, cards_each - bin(masks[player]).count("1"))
                for card in self.cards[position : position + take]:
                    masks[player] |= 1 << card.index
                position += take
        set_type: type[BaseCardSet[Any]] = _set_type_for(self.cards[0]) if self.cards else CardSet
        hands: tuple[BaseCardSet[C], ...] = tuple(set_type(mask) for mask in masks)
        return hands, Deck(self.cards[position:])

    def to_set(self) -> BaseCardSet[C]:
        """The deck's cards as an unordered card set."""
        set_type: type[BaseCardSet[Any]] = _set_type_for(self.cards[0]) if self.cards else CardSet
        result: BaseCardSet[C] = set_type.from_cards(self.cards)
        return result

    @classmethod
    def from_iterable(cls, cards: Iterable[C]) -> Deck[C]:
        """A deck of ``cards`` in the given order."""
        return Deck(cards)
