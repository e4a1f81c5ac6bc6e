"""Suits, ranks and the cards of the 55-card standard pack (52 cards, two Jokers, the Tailor).

Every card has a small integer :attr:`Card.index` that is also its bit in a
:class:`~cardgames.cardset.CardSet` mask:

* ``suit * 13 + (rank - 1)`` for the 52 suited cards (0-51), suits in the canonical order
  spades, hearts, diamonds, clubs and ranks ace to king within a suit;
* 52 and 53 for the two Jokers, 54 for the Tailor.

The written form is rank then suit (``QH``, ``TH``), ``X1``/``X2`` for the Jokers and ``TLR``
for the Tailor.

>>> Card.parse('QH')
Card.parse('QH')
>>> Card.parse('10h') == Card.parse('TH')
True
>>> Card.parse('QH').to_unicode()
'Q♥'
>>> sorted([Card.parse('TLR'), Card.parse('2C'), Card.parse('AS')])
[Card.parse('AS'), Card.parse('2C'), Card.parse('TLR')]
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import ClassVar, Final

import attrs

from cardgames.errors import NotationError
from cardgames.validation import ascii_upper, check_int, quote

__all__ = [
    "JOKER_1",
    "JOKER_2",
    "STANDARD_PACK_SIZE",
    "TAILOR",
    "TAILOR_PACK_SIZE",
    "Card",
    "Rank",
    "Suit",
]


@enum.unique
class Suit(enum.IntEnum):
    """The four French suits, in the library's canonical order (spades, hearts, diamonds, clubs).

    >>> Suit.parse('h')
    <Suit.HEARTS: 1>
    >>> str(Suit.CLUBS), Suit.CLUBS.to_unicode()
    ('C', '♣')
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (``S H D C``, any case) or its symbol (``♠♥♦♣``).

        :raises NotationError: for anything else.
        """
        suit = _SUIT_BY_TEXT.get(ascii_upper(text)) if isinstance(text, str) else None
        if suit is None:
            raise NotationError(f"invalid suit {quote(text)}: expected one of S H D C or ♠ ♥ ♦ ♣")
        return suit

    def __str__(self) -> str:
        return "SHDC"[self]

    def to_unicode(self) -> str:
        """The suit symbol: one of ``♠ ♥ ♦ ♣``."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_BY_TEXT: Final = {
    **{letter: Suit(i) for i, letter in enumerate("SHDC")},
    **{symbol: Suit(i) for i, symbol in enumerate("♠♥♦♣")},
}


@enum.unique
class Rank(enum.IntEnum):
    """The thirteen ranks of a standard suit; the value is the number a card counts as (A = 1).

    >>> Rank.parse('10') is Rank.parse('T') is Rank.TEN
    True
    >>> str(Rank.QUEEN), int(Rank.QUEEN)
    ('Q', 12)
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank: ``A 2-9 T J Q K`` (any case); ``10`` is accepted for ``T``.

        :raises NotationError: for anything else.
        """
        rank = _RANK_BY_TEXT.get(ascii_upper(text)) if isinstance(text, str) else None
        if rank is None:
            raise NotationError(
                f"invalid rank {quote(text)}: expected one of A 2-9 T J Q K (or 10)"
            )
        return rank

    def __str__(self) -> str:
        return _RANK_LETTERS[self - 1]

    def to_unicode(self) -> str:
        """The rank as printed on a card face: ``10`` rather than ``T``."""
        return "10" if self is Rank.TEN else str(self)


_RANK_LETTERS: Final = "A23456789TJQK"
_RANK_BY_TEXT: Final = {
    **{letter: Rank(i + 1) for i, letter in enumerate(_RANK_LETTERS)},
    "10": Rank.TEN,
}

STANDARD_PACK_SIZE: Final = 52
"""Number of suited cards: the plain 52-card pack."""

TAILOR_PACK_SIZE: Final = 55
"""Number of cards in the Chase the Tailor pack: 52, two Jokers and the Tailor."""

_JOKER_1_INDEX: Final = 52
_JOKER_2_INDEX: Final = 53
_TAILOR_INDEX: Final = 54
_SPECIAL_NAMES: Final = {_JOKER_1_INDEX: "X1", _JOKER_2_INDEX: "X2", _TAILOR_INDEX: "TLR"}
_SPECIAL_UNICODE: Final = {_JOKER_1_INDEX: "🃏1", _JOKER_2_INDEX: "🃏2", _TAILOR_INDEX: "✂"}


def _card_index(value: object) -> int:
    return check_int(value, "card index", low=0, high=TAILOR_PACK_SIZE - 1, error=NotationError)


def _check_index(instance: Card, attribute: attrs.Attribute[int], value: int) -> None:
    _card_index(value)


@attrs.frozen(order=True, repr=False)
class Card:
    """One card of the 55-card pack, identified by its :attr:`index`.

    Cards compare and sort by index, which is the canonical order: spades, hearts, diamonds,
    clubs (ace to king in each), then Joker 1, Joker 2 and the Tailor.

    >>> card = Card.of(Rank.KING, Suit.DIAMONDS)
    >>> card, card.index, card.suit, card.rank
    (Card.parse('KD'), 38, <Suit.DIAMONDS: 2>, <Rank.KING: 13>)
    >>> JOKER_1.is_joker, TAILOR.is_tailor, TAILOR.suit is None
    (True, True, True)
    """

    index: int = attrs.field(validator=_check_index)
    """Position of the card in the canonical order, 0-54; also its bit in a card-set mask."""

    _ALL: ClassVar[tuple[Card, ...]]

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The suited card of this rank and suit.

        :raises NotationError: if ``rank`` is not a :class:`Rank` or ``suit`` not a :class:`Suit`.
        """
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            raise NotationError(
                f"invalid card rank {quote(rank)} and suit {quote(suit)}: "
                "expected a Rank and a Suit"
            )
        return cls._ALL[suit * 13 + rank - 1]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index (0-54).

        :raises NotationError: if the index is not an int from 0 to 54 (a bool is not an
            index).
        """
        return cls._ALL[_card_index(index)]

    @classmethod
    def all(cls) -> tuple[Card, ...]:
        """All 55 cards in canonical order."""
        return cls._ALL

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its written form.

        Suited cards are a rank (``A 2-9 T J Q K``; ``10`` also accepted) followed by a suit
        (``S H D C``; the symbols ``♠♥♦♣`` also accepted), in any case. The Jokers are ``X1`` and
        ``X2``; the Tailor is ``TLR``.

        :raises NotationError: if ``text`` is not a card.
        """
        card = _CARD_BY_TEXT.get(ascii_upper(text)) if isinstance(text, str) else None
        if card is None:
            raise NotationError(
                f"invalid card {quote(text)}: expected a rank (A 2-9 T J Q K, or 10) then a suit "
                "(S H D C), or X1, X2, TLR"
            )
        return card

    @property
    def suit(self) -> Suit | None:
        """The suit, or None for a Joker or the Tailor."""
        return Suit(self.index // 13) if self.index < STANDARD_PACK_SIZE else None

    @property
    def rank(self) -> Rank | None:
        """The rank, or None for a Joker or the Tailor."""
        return Rank(self.index % 13 + 1) if self.index < STANDARD_PACK_SIZE else None

    @property
    def is_joker(self) -> bool:
        """True for either Joker."""
        return self.index in (_JOKER_1_INDEX, _JOKER_2_INDEX)

    @property
    def is_tailor(self) -> bool:
        """True for the Tailor."""
        return self.index == _TAILOR_INDEX

    @property
    def is_special(self) -> bool:
        """True for the Jokers and the Tailor: the cards with no suit or rank."""
        return self.index >= STANDARD_PACK_SIZE

    @property
    def mask(self) -> int:
        """The card's bit, ``1 << index``."""
        return 1 << self.index

    def __str__(self) -> str:
        return _CARD_TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        # Pickled as its index and read back as the one shared card of that index: a fraction
        # of the cost of attrs' field-by-field state, and unpickled cards stay canonical.
        return (_unpickle_card, (self.index,))

    def to_unicode(self) -> str:
        """The card with a suit symbol (``Q♥``, ``10♠``); Jokers ``🃏1``/``🃏2``, the Tailor ``✂``.

        >>> Card.parse('TS').to_unicode(), TAILOR.to_unicode()
        ('10♠', '✂')
        """
        if self.index >= STANDARD_PACK_SIZE:
            return _SPECIAL_UNICODE[self.index]
        rank, suit = self.rank, self.suit
        assert rank is not None and suit is not None
        return rank.to_unicode() + suit.to_unicode()


def _unpickle_card(index: int) -> Card:
    """The card a pickle names by its index (see ``Card.__reduce__``)."""
    # No check of the index: a pickle is the library's own output (and one from elsewhere
    # could run any code anyway), and the check would cost more than the look-up.
    return Card._ALL[index]


def _card_text(index: int) -> str:
    if index >= STANDARD_PACK_SIZE:
        return _SPECIAL_NAMES[index]
    return _RANK_LETTERS[index % 13] + "SHDC"[index // 13]


_CARD_TEXT: Final = tuple(_card_text(i) for i in range(TAILOR_PACK_SIZE))
Card._ALL = tuple(Card(i) for i in range(TAILOR_PACK_SIZE))
_CARD_BY_TEXT: Final[dict[str, Card]] = {}
for _card in Card._ALL:
    _CARD_BY_TEXT[str(_card)] = _card
    if _card.suit is not None:
        assert _card.rank is not None
        _CARD_BY_TEXT[_card.rank.to_unicode() + str(_card.suit)] = _card
        for _rank_text in {str(_card.rank), _card.rank.to_unicode()}:
            _CARD_BY_TEXT[_rank_text + _card.suit.to_unicode()] = _card
for _index, _symbol in _SPECIAL_UNICODE.items():
    _CARD_BY_TEXT[_symbol] = Card._ALL[_index]
del _card, _rank_text, _index, _symbol

JOKER_1: Final = Card._ALL[_JOKER_1_INDEX]
"""The first Joker (``X1``)."""
JOKER_2: Final = Card._ALL[_JOKER_2_INDEX]
"""The second Joker (``X2``)."""
TAILOR: Final = Card._ALL[_TAILOR_INDEX]
"""The Tailor (``TLR``)."""
