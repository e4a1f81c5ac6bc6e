"""Immutable sets of cards stored as one integer bitmask.

A card set holds a single int, :attr:`~BaseCardSet.mask`, with bit ``card.index`` set for each
card it contains. Union, intersection, difference, symmetric difference, size and membership are
single integer operations; no card objects are built except when iterating. The raw mask is
public so that tight loops (the solver) can work on ints directly.

:class:`CardSet` holds cards of the 55-card standard pack; the Tarot pack has its own
:class:`cardgames.tarot.cards.TarotCardSet` built on the same base.

>>> hand = CardSet.parse('AS KS QH X1')
>>> len(hand), Card.parse('KS') in hand
(4, True)
>>> hand - CardSet.parse('KS X1')
CardSet.parse('AS QH')
>>> CardSet.parse('AS') | CardSet.parse('2S') == CardSet.parse('2S AS')
True
>>> str(CardSet()), hand.mask == sum(card.mask for card in hand)
('-', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Set
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

import attrs

from cardgames.cards import TAILOR_PACK_SIZE, Card
from cardgames.errors import NotationError
from cardgames.validation import MAX_ITEMS, quote

__all__ = ["BaseCardSet", "CardLike", "CardSet", "iter_bits"]


class CardLike(Protocol):
    """What a card type must offer to be held in a card set."""

    @property
    def index(self) -> int: ...


C = TypeVar("C", bound=CardLike)


def iter_bits(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first.

    >>> list(iter_bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@attrs.frozen(eq=False, repr=False)
class BaseCardSet(Set[C], Generic[C]):
    """Shared implementation of the card-set types; use :class:`CardSet` or ``TarotCardSet``.

    Subclasses name the pack through the class attributes ``_CARDS`` (every card of the pack,
    indexed by card index) and ``_parse_card``.
    """

    mask: int = attrs.field(default=0)
    """The bitmask: bit ``i`` is set when the card of index ``i`` is in the set."""

    _CARDS: ClassVar[tuple[Any, ...]] = ()
    _PACK_NAME: ClassVar[str] = ""

    def __attrs_post_init__(self) -> None:
        if type(self.mask) is not int or self.mask < 0 or self.mask >> len(self._CARDS):
            raise NotationError(
                f"invalid {type(self).__name__} mask {quote(self.mask)}: expected an int with bits "
                f"only for the {len(self._CARDS)} cards of the {self._PACK_NAME} pack"
            )

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def from_cards(cls, cards: Iterable[C]) -> Self:
        """The set of the given cards (duplicates are absorbed, as in any set).

        :raises NotationError: if ``cards`` is not iterable, holds something other than a
            card of this set's pack, or runs on for more than
            :data:`~cardgames.validation.MAX_ITEMS` cards (an endless iterator).
        """
        if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
            raise NotationError(
                f"invalid {cls.__name__} cards {quote(cards)}: expected an iterable of cards "
                f"of the {cls._PACK_NAME} pack (use {cls.__name__}.parse for text)"
            )
        mask = 0
        for count, card in enumerate(cards, start=1):
            mask |= 1 << cls._check_card(card)
            if count > MAX_ITEMS:
                raise NotationError(
                    f"invalid {cls.__name__} cards {quote(cards)}: more than {MAX_ITEMS} cards"
                )
        return cls(mask)

    @classmethod
    def _check_card(cls, card: object) -> int:
        # The card's index, once it is known to be a card of this pack: a card of another
        # pack has an index too, which would silently stand for a different card here.
        index = getattr(card, "index", None)
        if (
            not isinstance(index, int)
            or not 0 <= index < len(cls._CARDS)
            or cls._CARDS[index] != card
        ):
            raise NotationError(
                f"invalid {cls.__name__} card {quote(card)}: expected a card of the "
                f"{cls._PACK_NAME} pack"
            )
        return index

    @classmethod
    def full(cls) -> Self:
        """The set of every card of the pack."""
        return cls((1 << len(cls._CARDS)) - 1)

    @classmethod
    def _parse_card(cls, text: str) -> C:
        raise NotImplementedError  # pragma: no cover - every concrete subclass overrides it

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a set written as its cards separated by white space; ``-`` (or nothing) is empty.

        The cards may come in any order and in any form their card type accepts; a card given
        twice is an error, since it usually means a typing mistake.

        :raises NotationError: if a card is unreadable or repeated.
        """
        if not isinstance(text, str):
            raise NotationError(f"invalid card set {quote(text)}: expected a string")
        words = text.split()
        if words == ["-"]:
            return cls()
        mask = 0
        for word in words:
            try:
                bit = 1 << cls._parse_card(word).index
            except NotationError as error:
                raise NotationError(f"invalid card set {quote(text)}: {error}") from None
            if mask & bit:
                raise NotationError(
                    f"invalid card set {quote(text)}: card {quote(word)} appears twice"
                )
            mask |= bit
        return cls(mask)

    @classmethod
    def _from_iterable(cls, it: Iterable[Any]) -> Self:  # type: ignore[override]
        return cls.from_cards(it)

    def __reduce__(self) -> tuple[Callable[[type[Self], int], Self], tuple[type[Self], int]]:
        # Pickled as the class and the mask: smaller and quicker to read back than attrs'
        # field-by-field state (a pickle is the library's own output of a checked set).
        return (_unpickle_card_set, (type(self), self.mask))

    # -- the Set protocol ------------------------------------------------------------------

    def __contains__(self, card: object) -> bool:
        index = getattr(card, "index", None)
        if not isinstance(index, int) or not 0 <= index < len(self._CARDS):
            return False
        return self._CARDS[index] == card and bool(self.mask >> index & 1)

    def __iter__(self) -> Iterator[C]:
        cards = self._CARDS
        return (cards[i] for i in iter_bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.mask))

    def _mask_of(self, other: object) -> int | None:
        if type(other) is type(self):
            return other.mask
        return None

    def __or__(self, other: Set[Any]) -> Self:
        mask = self._mask_of(other)
        return type(self)(self.mask | mask) if mask is not None else self | self.from_cards(other)

    def __and__(self, other: Set[Any]) -> Self:
        mask = self._mask_of(other)
        return (
            type(self)(self.mask & mask)
            if mask is not None
            else self & self.from_cards(card for card in other if card in self)
        )

    def __sub__(self, other: Set[Any]) -> Self:
        mask = self._mask_of(other)
        return (
            type(self)(self.mask & ~mask)
            if mask is not None
            else self - self.from_cards(card for card in other if card in self)
        )

    def __xor__(self, other: Set[Any]) -> Self:
        mask = self._mask_of(other)
        return type(self)(self.mask ^ mask) if mask is not None else self ^ self.from_cards(other)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __le__(self, other: Set[Any]) -> bool:
        mask = self._mask_of(other)
        return self.mask & ~mask == 0 if mask is not None else super().__le__(other)

    def __ge__(self, other: Set[Any]) -> bool:
        mask = self._mask_of(other)
        return mask & ~self.mask == 0 if mask is not None else super().__ge__(other)

    def __lt__(self, other: Set[Any]) -> bool:
        return self <= other and self != other

    def __gt__(self, other: Set[Any]) -> bool:
        return self >= other and self != other

    def isdisjoint(self, other: Iterable[Any]) -> bool:
        mask = self._mask_of(other)
        return self.mask & mask == 0 if mask is not None else super().isdisjoint(other)

    # -- conveniences ----------------------------------------------------------------------

    def add(self, card: C) -> Self:
        """A new set with ``card`` added (the set itself never changes).

        :raises NotationError: if ``card`` is not a card of this set's pack.
        """
        return type(self)(self.mask | 1 << self._check_card(card))

    def remove(self, card: C) -> Self:
        """A new set without ``card``.

        :raises NotationError: if ``card`` is not in the set.
        """
        if card not in self:
            raise NotationError(f"card {quote(card)} is not in {self}")
        return type(self)(self.mask & ~(1 << self._check_card(card)))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self) or "-"

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    def to_unicode(self) -> str:
        """The cards in their Unicode forms, separated by spaces (``-`` when empty)."""
        return " ".join(card.to_unicode() for card in self) or "-"  # type: ignore[attr-defined]

    def _repr_html_(self) -> str:
        """The cards as an SVG picture (:func:`cardgames.svg.hand`), which Jupyter shows."""
        from cardgames import svg

        return svg._in_html(svg.hand(self))


_S = TypeVar("_S", bound=BaseCardSet[Any])
_set_mask = BaseCardSet.__dict__["mask"].__set__  # round the frozen __setattr__


def _unpickle_card_set(kind: type[_S], mask: int) -> _S:
    """The card set a pickle holds (see ``BaseCardSet.__reduce__``), built without the
    constructor's check."""
    cards = object.__new__(kind)
    _set_mask(cards, mask)
    return cards


@attrs.frozen(eq=False, repr=False)
class CardSet(BaseCardSet[Card]):
    """An immutable set of cards of the 55-card standard pack.

    >>> CardSet.parse('QH TLR 10H')
    CardSet.parse('TH QH TLR')
    >>> CardSet.parse('QH TLR').to_unicode()
    'Q♥ ✂'
    """

    _CARDS: ClassVar[tuple[Any, ...]] = Card.all()
    _PACK_NAME: ClassVar[str] = "55-card standard"

    @classmethod
    def _parse_card(cls, text: str) -> Card:
        return Card.parse(text)


assert len(CardSet._CARDS) == TAILOR_PACK_SIZE
