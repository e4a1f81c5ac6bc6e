"""The contract a deal is played in: the declarer, the strain and who leads first.

Bridge card play needs only three facts beyond the cards: which seat is the *declarer* (its
partnership is the *declaring side*, the other two seats the *defenders*), the *strain* (a trump
suit, or no trump) and who leads to the first trick, by default the declarer's left-hand
opponent. The auction that chose them is outside this package.

Seats go round the table clockwise: North, East, South, West; North and South are partners, as
are East and West.

>>> contract = Contract(Seat.SOUTH, Strain.HEARTS)
>>> str(contract), contract.leader
('H by S', <Seat.WEST: 3>)
>>> Contract.parse('nt by n, s leads')
Contract.parse('NT by N, S leads')
>>> trick_winner((Card.parse('KH'), Card.parse('AH'), Card.parse('2S'), Card.parse('3H')), 0)
2
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Any, Final

import attrs

from cardgames.cards import Card, Suit
from cardgames.errors import NotationError, RulesError
from cardgames.validation import as_tuple, ascii_upper, check_int, quote, strict_arguments

__all__ = [
    "NO_TRUMP",
    "Contract",
    "Seat",
    "Strain",
    "card_strength",
    "trick_winner",
]

NO_TRUMP: Final = 4
"""The number of the no-trump strain (the suits are 0-3, as :class:`~cardgames.cards.Suit`)."""
_SUITED: Final = 52


@enum.unique
class Seat(enum.IntEnum):
    """The four seats, clockwise from North. Partners sit opposite: ``seat % 2`` names the
    partnership (0 for North-South, 1 for East-West).

    >>> Seat.parse('e'), str(Seat.WEST), Seat.NORTH.next, Seat.EAST.partner
    (<Seat.EAST: 1>, 'W', <Seat.EAST: 1>, <Seat.WEST: 3>)
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat from its letter (``N E S W``, any case).

        :raises NotationError: for anything else.
        """
        if isinstance(text, str) and ascii_upper(text.strip()) in ("N", "E", "S", "W"):
            return Seat("NESW".index(ascii_upper(text.strip())))
        raise NotationError(f"invalid seat {quote(text)}: expected one of N E S W")

    @classmethod
    def of(cls, value: Seat | int, error: type[RulesError | NotationError] = RulesError) -> Seat:
        """``value`` as a seat: a seat, or its number 0-3 (a plain int, not a bool).

        :raises RulesError: (or ``error``) for anything else.
        """
        if isinstance(value, Seat):
            return value
        if type(value) is int and 0 <= value < 4:
            return Seat(value)
        raise error(f"invalid seat {quote(value)}: expected a Seat (or its number, 0 to 3)")

    def __str__(self) -> str:
        return "NESW"[self]

    @property
    def next(self) -> Seat:
        """The seat on this one's left, who plays next."""
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat((self + 2) % 4)


@enum.unique
class Strain(enum.IntEnum):
    """A trump suit or no trump. The four suits have the numbers of
    :class:`~cardgames.cards.Suit`; no trump is 4.

    >>> Strain.parse('NT'), Strain.parse('h'), str(Strain.NO_TRUMP), Strain.SPADES.suit
    (<Strain.NO_TRUMP: 4>, <Strain.HEARTS: 1>, 'NT', <Suit.SPADES: 0>)
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    NO_TRUMP = 4

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Read a strain: ``S H D C`` or ``NT`` (also ``N``), any case.

        :raises NotationError: for anything else.
        """
        key = ascii_upper(text.strip()) if isinstance(text, str) else None
        if key in ("S", "H", "D", "C"):
            return Strain("SHDC".index(key))
        if key in ("NT", "N"):
            return Strain.NO_TRUMP
        raise NotationError(f"invalid strain {quote(text)}: expected one of S H D C NT")

    @classmethod
    def of(cls, value: Strain | int) -> Strain:
        """``value`` as a strain: a strain, a :class:`~cardgames.cards.Suit`, or a number 0-4.

        :raises RulesError: for anything else.
        """
        if isinstance(value, Strain):
            return value
        if isinstance(value, Suit) or (type(value) is int and 0 <= value <= NO_TRUMP):
            return Strain(int(value))
        raise RulesError(
            f"invalid strain {quote(value)}: expected a Strain, a Suit or a number from 0 to 4"
        )

    def __str__(self) -> str:
        return ("S", "H", "D", "C", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for no trump."""
        return None if self is Strain.NO_TRUMP else Suit(int(self))


def _to_seat(value: Any) -> Seat:
    return Seat.of(value)


def _to_strain(value: Any) -> Strain:
    return Strain.of(value)


def _to_leader(value: Any) -> Seat | None:
    return None if value is None else Seat.of(value)


def _check_level(instance: Contract, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None:
        check_int(value, "contract level", low=1, high=7)


def _check_doubled(instance: Contract, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(value, "contract doubling", low=0, high=2)


@strict_arguments
@attrs.frozen(repr=False)
class Contract:
    """The declarer, the strain and the opening leader of a deal's play, with the level and
    doubling the auction reached when they are known.

    The play of the cards depends on the declarer, the strain and the leader only; the level
    (the tricks bid beyond six) and the doubling are kept so that a contract reads and writes
    as players know it (``'3NT by S'``, ``'4Sx by W'``, ``'6Hxx by N'``).

    :param declarer: the seat that plays the contract (a :class:`Seat` or 0-3).
    :param strain: the trump suit or no trump (a :class:`Strain`, a suit, or 0-4).
    :param leader: who leads to the first trick; by default the declarer's left-hand
        opponent (any seat may be given, for a double-dummy problem set in mid-play).
    :param level: the level bid, 1 to 7, or None when it does not matter.
    :param doubled: 0, 1 (doubled, ``x``) or 2 (redoubled, ``xx``).
    :raises RulesError: for a value that is not a seat, a strain, a level or a doubling.

    >>> Contract(0, 4), Contract(Seat.EAST, Strain.CLUBS).defenders
    (Contract.parse('NT by N'), (<Seat.SOUTH: 2>, <Seat.NORTH: 0>))
    >>> contract = Contract.parse('4Sx by W')
    >>> contract.level, contract.doubled, contract.trump, str(contract)
    (4, 1, 0, '4Sx by W')
    >>> Contract('N', 4)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid seat 'N': expected a Seat (or its number, 0 to 3)
    """

    declarer: Seat = attrs.field(converter=_to_seat)
    """The declarer."""
    strain: Strain = attrs.field(converter=_to_strain)
    """The trump suit, or no trump."""
    leader: Seat = attrs.field(default=None, converter=_to_leader)
    """Who leads to the first trick."""
    level: int | None = attrs.field(default=None, validator=_check_level)
    """The level bid, 1 to 7 (the tricks beyond six the declarer contracts to take), or None."""
    doubled: int = attrs.field(default=0, validator=_check_doubled)
    """0, 1 (doubled) or 2 (redoubled)."""

    def __attrs_post_init__(self) -> None:
        if self.leader is None:
            object.__setattr__(self, "leader", self.declarer.next)

    @property
    def trump(self) -> int:
        """The trump suit's number 0-3, or :data:`NO_TRUMP` (4)."""
        return int(self.strain)

    @property
    def declaring_side(self) -> tuple[Seat, Seat]:
        """The declarer and dummy (the declarer's partner)."""
        return (self.declarer, self.declarer.partner)

    @property
    def defenders(self) -> tuple[Seat, Seat]:
        """The declarer's left-hand opponent, then the right-hand one."""
        return (self.declarer.next, self.declarer.next.partner)

    def is_declaring(self, seat: int) -> bool:
        """Whether ``seat`` plays for the declaring side."""
        return seat % 2 == self.declarer % 2

    @property
    def needed(self) -> int | None:
        """The tricks the declaring side needs to make the contract (six plus the level), or
        None without a level."""
        return None if self.level is None else 6 + self.level

    def __str__(self) -> str:
        level = "" if self.level is None else str(self.level)
        text = f"{level}{self.strain}{'x' * self.doubled} by {self.declarer}"
        if self.leader != self.declarer.next:
            text += f", {self.leader} leads"
        return text

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read the written form: ``[<level>]<strain>[x|xx] by <declarer>``, optionally
        followed by ``, <seat> leads`` (any case), as :func:`str` writes it: ``'S by N'``,
        ``'3NT by S'``, ``'4Sx by W'``, ``'NT by E, S leads'``.

        :raises NotationError: if ``text`` is not of that form.
        """
        match = _CONTRACT.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise NotationError(
                f"invalid contract {quote(text)}: expected '[level]<strain>[x|xx] by <seat>' such "
                "as 'S by N', '3NT by S', '4Sx by W' or 'NT by E, S leads'"
            )
        strain = Strain.parse(match["strain"])
        declarer = Seat.parse(match["declarer"])
        leader = None if match["leader"] is None else Seat.parse(match["leader"])
        level = None if match["level"] is None else int(match["level"])
        return cls(declarer, strain, leader, level, len(match["doubled"]))


_CONTRACT: Final = re.compile(
    r"\s*(?P<level>[1-7])?(?P<strain>nt|[shdcn])(?P<doubled>x{0,2})"
    r"\s+by\s+(?P<declarer>[nesw])\s*"
    r"(?:,\s*(?P<leader>[nesw])\s+leads\s*)?",
    re.IGNORECASE | re.ASCII,
)


def card_strength(card: Card) -> int:
    """The card's strength within its suit: 0 for the two up to 12 for the ace.

    >>> card_strength(Card.parse('AS')), card_strength(Card.parse('2S'))
    (12, 0)

    :raises NotationError: unless ``card`` is one of the 52 suited cards (a Joker, the Tailor
        or a Tarot card has no bridge strength).
    """
    if type(card) is not Card or card.index >= _SUITED:
        raise NotationError(f"invalid card {quote(card)}: expected one of the 52 suited Cards")
    return (card.index % 13 + 12) % 13


def trick_winner(cards: Sequence[Card], trump: Strain | int) -> int:
    """The position (0 = the lead) of the card that wins a trick: the highest trump if any was
    played, otherwise the highest card of the suit led. Works on a trick in progress too (who
    is winning it so far).

    :param cards: the cards in the order played (the first one was led): 1 to 4 suited cards.
    :param trump: the trump suit (a :class:`Strain`, a :class:`~cardgames.cards.Suit` or its
        number 0-3), or no trump (:data:`NO_TRUMP`).
    :raises NotationError: unless ``cards`` is 1 to 4 distinct suited cards.
    :raises RulesError: unless ``trump`` is a strain.

    >>> trick_winner([Card.parse('KH'), Card.parse('2S')], Strain.SPADES)
    1
    >>> trick_winner([], NO_TRUMP)
    Traceback (most recent call last):
    ...
    cardgames.errors.NotationError: invalid trick []: expected 1 to 4 suited Cards, the lead first
    """
    trick = as_tuple(cards, "trick", error=NotationError, limit=4)
    for card in trick:
        card_strength(card)
    if not trick or len(set(trick)) != len(trick):
        raise NotationError(
            f"invalid trick {quote(cards)}: expected 1 to 4 suited Cards, the lead first"
        )
    return _trick_winner(trick, int(Strain.of(trump)))


def _trick_winner(cards: Sequence[Card], trump: int) -> int:
    # trick_winner on arguments already checked (the states' own tricks).
    best = 0
    for position in range(1, len(cards)):
        card, top = cards[position], cards[best]
        if card.suit == top.suit:
            if (card.index + 12) % 13 > (top.index + 12) % 13:
                best = position
        elif card.suit == trump:
            best = position
    return best
