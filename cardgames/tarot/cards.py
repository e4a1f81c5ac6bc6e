"""The 78 cards of the French-suited Tarot pack.

Four suits of fourteen cards (King, Queen, Knight, Jack, 10 down to 1), twenty-one trumps and
the Excuse. Each card has an :attr:`TarotCard.index` that is its bit in a
:class:`TarotCardSet` mask:

* ``suit * 14 + (rank - 1)`` for suit cards (0-55), suits in the canonical order spades, hearts,
  diamonds, clubs and ranks 1 to King within a suit;
* ``55 + n`` for trump ``n`` (56-76);
* 77 for the Excuse.

Written forms: rank then suit for suit cards (``KH``, ``NH`` for the Knight, ``10S``, ``1C``),
``nT`` for trump ``n`` (``21T``, ``1T``) and ``EX`` for the Excuse.

>>> TarotCard.parse('NH'), TarotCard.parse('21T'), EXCUSE
(TarotCard.parse('NH'), TarotCard.parse('21T'), TarotCard.parse('EX'))
>>> TarotCard.parse('KN♥').to_unicode()
'N♥'
>>> TarotCardSet.parse('21T KS EX 1T')
TarotCardSet.parse('KS 1T 21T EX')
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, ClassVar, Final

import attrs

from cardgames.cards import Suit
from cardgames.cardset import BaseCardSet
from cardgames.deck import Deck, register_card_set
from cardgames.errors import CardgamesError, NotationError
from cardgames.validation import as_tuple, ascii_upper, check_int, quote

__all__ = [
    "EXCUSE",
    "TAROT_PACK_SIZE",
    "TRUMP_COUNT",
    "TarotCard",
    "TarotCardSet",
    "TarotRank",
    "tarot_deck",
    "trump",
]

TAROT_PACK_SIZE: Final = 78
"""Number of cards in the Tarot pack."""
TRUMP_COUNT: Final = 21
"""Number of trumps (the Excuse is not one of them)."""
SUIT_SIZE: Final = 14
FIRST_TRUMP_INDEX: Final = 56
EXCUSE_INDEX: Final = 77


@enum.unique
class TarotRank(enum.IntEnum):
    """The fourteen ranks of a Tarot suit, numbered 1 (the lowest numeral) to 14 (King).

    The value is a label, not a strength: how the numerals rank against each other depends on
    the rule set (see :mod:`cardgames.tarot`).

    >>> TarotRank.parse('Kn'), TarotRank.parse('c'), TarotRank.parse('A')
    (<TarotRank.KNIGHT: 12>, <TarotRank.KNIGHT: 12>, <TarotRank.ONE: 1>)
    >>> str(TarotRank.KNIGHT), str(TarotRank.TEN)
    ('N', '10')
    """

    ONE = 1
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
    KNIGHT = 12
    QUEEN = 13
    KING = 14

    @classmethod
    def parse(cls, text: str) -> TarotRank:
        """Read a rank: ``1``-``10``, ``J``, ``N`` (Knight; ``KN`` and ``C`` accepted), ``Q``,
        ``K``; ``A`` and ``T`` are accepted for 1 and 10. Any case.

        :raises NotationError: for anything else.
        """
        rank = _RANK_BY_TEXT.get(ascii_upper(text)) if isinstance(text, str) else None
        if rank is None:
            raise NotationError(
                f"invalid Tarot rank {quote(text)}: expected 1-10, J, N (Knight), Q or K"
            )
        return rank

    def __str__(self) -> str:
        return _RANK_TEXT[self - 1]

    @property
    def is_court(self) -> bool:
        """True for Jack, Knight, Queen and King."""
        return self >= TarotRank.JACK


_RANK_TEXT: Final = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
_RANK_BY_TEXT: Final = {
    **{text: TarotRank(i + 1) for i, text in enumerate(_RANK_TEXT)},
    "A": TarotRank.ONE,
    "T": TarotRank.TEN,
    "KN": TarotRank.KNIGHT,
    "C": TarotRank.KNIGHT,
}


def _card_index(value: object) -> int:
    return check_int(
        value, "Tarot card index", low=0, high=TAROT_PACK_SIZE - 1, error=NotationError
    )


def _check_index(instance: TarotCard, attribute: attrs.Attribute[int], value: int) -> None:
    _card_index(value)


@attrs.frozen(order=True, repr=False)
class TarotCard:
    """One card of the 78-card Tarot pack, identified by its :attr:`index`.

    Cards sort by index: spades, hearts, diamonds, clubs (1 to King in each), trumps 1 to 21,
    then the Excuse.

    >>> card = TarotCard.of(TarotRank.QUEEN, Suit.CLUBS)
    >>> card, card.suit, card.rank, card.is_trump
    (TarotCard.parse('QC'), <Suit.CLUBS: 3>, <TarotRank.QUEEN: 13>, False)
    >>> trump(21).trump_number, EXCUSE.is_excuse, EXCUSE.is_trump
    (21, True, False)
    """

    index: int = attrs.field(validator=_check_index)
    """Position of the card in the canonical order, 0-77; also its bit in a card-set mask.

    :raises NotationError: for anything but an int from 0 to 77 (a bool is not an index)."""

    _ALL: ClassVar[tuple[TarotCard, ...]]

    @classmethod
    def of(cls, rank: TarotRank, suit: Suit) -> TarotCard:
        """The suit card of this rank and suit.

        :raises NotationError: if ``rank`` is not a :class:`TarotRank` or ``suit`` not a
            :class:`cardgames.cards.Suit`.
        """
        if not isinstance(rank, TarotRank) or not isinstance(suit, Suit):
            raise NotationError(
                f"invalid Tarot card rank {quote(rank)} and suit {quote(suit)}: expected a "
                "TarotRank and a Suit"
            )
        return cls._ALL[suit * SUIT_SIZE + rank - 1]

    @classmethod
    def trump(cls, number: int) -> TarotCard:
        """Trump ``number`` (1-21).

        :raises NotationError: if there is no such trump (a bool is not a number).
        """
        check_int(number, "trump number", low=1, high=TRUMP_COUNT, error=NotationError)
        return cls._ALL[FIRST_TRUMP_INDEX + number - 1]

    @classmethod
    def from_index(cls, index: int) -> TarotCard:
        """The card with this index (0-77).

        :raises NotationError: if the index is not an int from 0 to 77.
        """
        return cls._ALL[_card_index(index)]

    @classmethod
    def all(cls) -> tuple[TarotCard, ...]:
        """All 78 cards in canonical order."""
        return cls._ALL

    @classmethod
    def parse(cls, text: str) -> TarotCard:
        """Read a Tarot card.

        Suit cards are a rank (see :meth:`TarotRank.parse`) followed by a suit letter or symbol;
        trump ``n`` is ``nT`` (``1T`` to ``21T``); the Excuse is ``EX``. Any case.

        :raises NotationError: if ``text`` is not a Tarot card.
        """
        card = _CARD_BY_TEXT.get(ascii_upper(text)) if isinstance(text, str) else None
        if card is None:
            raise NotationError(
                f"invalid Tarot card {quote(text)}: expected a rank (1-10, J, N, Q, K) then a suit "
                "(S H D C), a trump 1T-21T, or EX"
            )
        return card

    @property
    def suit(self) -> Suit | None:
        """The suit, or None for a trump or the Excuse."""
        return Suit(self.index // SUIT_SIZE) if self.index < FIRST_TRUMP_INDEX else None

    @property
    def rank(self) -> TarotRank | None:
        """The suit rank, or None for a trump or the Excuse."""
        return TarotRank(self.index % SUIT_SIZE + 1) if self.index < FIRST_TRUMP_INDEX else None

    @property
    def is_trump(self) -> bool:
        """True for trumps 1-21 (not the Excuse)."""
        return FIRST_TRUMP_INDEX <= self.index < EXCUSE_INDEX

    @property
    def trump_number(self) -> int | None:
        """The trump's number (1-21), or None for any other card."""
        return self.index - FIRST_TRUMP_INDEX + 1 if self.is_trump else None

    @property
    def is_excuse(self) -> bool:
        """True for the Excuse (the Fool)."""
        return self.index == EXCUSE_INDEX

    @property
    def mask(self) -> int:
        """The card's bit, ``1 << index``."""
        return 1 << self.index

    def __str__(self) -> str:
        return _CARD_TEXT[self.index]

    def __repr__(self) -> str:
        return f"TarotCard.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Callable[[int], TarotCard], tuple[int]]:
        # Pickled as its index and read back as the one shared card of that index: a fraction
        # of the cost of attrs' field-by-field state, and unpickled cards stay canonical.
        return (_unpickle_card, (self.index,))

    def to_unicode(self) -> str:
        """Suit cards with a suit symbol (``N♥``); trumps and the Excuse as written (``21T``).

        >>> TarotCard.parse('10D').to_unicode(), trump(1).to_unicode()
        ('10♦', '1T')
        """
        if self.index >= FIRST_TRUMP_INDEX:
            return str(self)
        return _RANK_TEXT[self.index % SUIT_SIZE] + "♠♥♦♣"[self.index // SUIT_SIZE]


def _unpickle_card(index: int) -> TarotCard:
    """The card a pickle names by its index (see ``TarotCard.__reduce__``)."""
    # No check of the index: a pickle is the library's own output (and one from elsewhere
    # could run any code anyway), and the check would cost more than the look-up.
    return TarotCard._ALL[index]


def _card_text(index: int) -> str:
    if index == EXCUSE_INDEX:
        return "EX"
    if index >= FIRST_TRUMP_INDEX:
        return f"{index - FIRST_TRUMP_INDEX + 1}T"
    return _RANK_TEXT[index % SUIT_SIZE] + "SHDC"[index // SUIT_SIZE]


_CARD_TEXT: Final = tuple(_card_text(i) for i in range(TAROT_PACK_SIZE))
TarotCard._ALL = tuple(TarotCard(i) for i in range(TAROT_PACK_SIZE))
_CARD_BY_TEXT: Final[dict[str, TarotCard]] = {str(card): card for card in TarotCard._ALL}
for _index in range(FIRST_TRUMP_INDEX):
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        if _rank == _index % SUIT_SIZE + 1:
            _suit = Suit(_index // SUIT_SIZE)
            for _suit_text in (str(_suit), _suit.to_unicode()):
                _CARD_BY_TEXT[_rank_text + _suit_text] = TarotCard._ALL[_index]
del _index, _rank_text, _rank, _suit, _suit_text

EXCUSE: Final = TarotCard._ALL[EXCUSE_INDEX]
"""The Excuse (the Fool), written ``EX``."""


def trump(number: int) -> TarotCard:
    """Trump ``number`` (1-21); shorthand for :meth:`TarotCard.trump`.

    >>> trump(21)
    TarotCard.parse('21T')
    """
    return TarotCard.trump(number)


@attrs.frozen(eq=False, repr=False)
class TarotCardSet(BaseCardSet[TarotCard]):
    """An immutable set of Tarot cards over a 78-bit mask.

    >>> hand = TarotCardSet.parse('KS 21T EX')
    >>> len(hand), trump(21) in hand, str(hand - TarotCardSet.parse('EX'))
    (3, True, 'KS 21T')
    """

    _CARDS: ClassVar[tuple[Any, ...]] = TarotCard.all()
    _PACK_NAME: ClassVar[str] = "78-card Tarot"

    @classmethod
    def _parse_card(cls, text: str) -> TarotCard:
        return TarotCard.parse(text)


register_card_set(TarotCardSet)


def tarot_deck() -> Deck[TarotCard]:
    """The 78-card pack as a :class:`cardgames.deck.Deck`, in canonical order (the order of
    :meth:`TarotCard.all`); shuffle it with :meth:`cardgames.deck.Deck.shuffled`. Its
    :meth:`cardgames.deck.Deck.deal` and :meth:`cardgames.deck.Deck.to_set` give
    :class:`TarotCardSet` values.

    >>> deck = tarot_deck()
    >>> len(deck), deck[0], deck[-1]
    (78, TarotCard.parse('1S'), TarotCard.parse('EX'))
    >>> deck.to_set() == TarotCardSet.full(), deck.shuffled(3) == tarot_deck().shuffled(3)
    (True, True)
    """
    return Deck(TarotCard.all())


def _check_card(
    value: object, what: str = "card", *, error: type[CardgamesError] = NotationError
) -> TarotCard:
    # ``value`` if it is a Tarot card; a card of the 55-card pack has an index too, which would
    # silently stand for a different card here.
    if isinstance(value, TarotCard):
        return value
    raise error(f"invalid Tarot {what} {quote(value)}: expected a TarotCard")


def _check_cards(
    values: object, what: str = "cards", *, error: type[CardgamesError] = NotationError
) -> tuple[TarotCard, ...]:
    # ``values`` as a tuple of Tarot cards (any iterable but a string).
    cards = as_tuple(values, f"Tarot {what}", error=error)
    for card in cards:
        if not isinstance(card, TarotCard):
            raise error(f"invalid Tarot {what} {quote(values)}: {quote(card)} is not a TarotCard")
    return cards


def _check_card_set(
    value: object, what: str = "card set", *, error: type[CardgamesError] = NotationError
) -> TarotCardSet:
    # ``value`` if it is a TarotCardSet (not a CardSet of the 55-card pack, nor a raw mask).
    if isinstance(value, TarotCardSet):
        return value
    raise error(f"invalid Tarot {what} {quote(value)}: expected a TarotCardSet")
