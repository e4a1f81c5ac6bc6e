"""A bridge deal: four hands of the 52-card pack, read and written in PBN's Deal notation.

PBN (the Portable Bridge Notation) writes a deal as the seat of the first hand, a colon, and
the four hands clockwise from that seat, separated by spaces. A hand is its spades, hearts,
diamonds and clubs separated by dots, each suit's ranks from the ace down with ``T`` for the ten;
a void is an empty suit. A hand written ``-`` is not given: when the three others hold 13 cards
each it is the rest of the pack.

A deal here may also be an ending: four hands of the same size, fewer than 13 cards each (a
double-dummy problem, or what is left after some tricks).

>>> deal = Deal.parse('N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876')
>>> str(deal.hand(Seat.EAST))
'9S TS JS 6H 7H 8H 2D 3D 4D 5D AC QC KC'
>>> deal.pbn(Seat.EAST)
'E:JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876 AKQ.JT9.876.5432'
>>> Deal.parse(deal.pbn(Seat.WEST)) == deal
True
>>> random_deal(7) == random_deal(7), len(random_deal(7).hand(Seat.SOUTH))
(True, 13)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Any, Final

import attrs

from cardgames.bridge.rules import Seat, card_strength
from cardgames.cards import STANDARD_PACK_SIZE, Card
from cardgames.cardset import CardSet, iter_bits
from cardgames.errors import NotationError
from cardgames.validation import ascii_upper, make_rng, quote, strict_arguments

__all__ = ["FULL_PACK", "Deal", "format_hand", "parse_hand", "random_deal"]

FULL_PACK: Final = (1 << STANDARD_PACK_SIZE) - 1
"""The mask of the 52 suited cards."""

_RANKS: Final = "AKQJT98765432"
# A card's index within its suit (ace 0, two 1, ..., king 12) for each rank letter.
_INDEX_OF: Final = {letter: (13 - i) % 13 for i, letter in enumerate(_RANKS)}


def parse_hand(text: str) -> CardSet:
    """Read one hand in PBN form: ``spades.hearts.diamonds.clubs``, each suit's ranks as
    letters (``AKQJT98765432``, any order and case), a void left empty.

    >>> parse_hand('AK..QT2.-')
    Traceback (most recent call last):
    ...
    cardgames.errors.NotationError: invalid hand 'AK..QT2.-': ...
    >>> parse_hand('AK..QT2.')
    CardSet.parse('AS KS 2D TD QD')

    :raises NotationError: unless the hand has four suits of valid, distinct ranks.
    """
    if not isinstance(text, str):
        raise NotationError(
            f"invalid hand {quote(text)}: expected a string such as 'AK.QJ.T98.765'"
        )
    suits = text.split(".")
    if len(suits) != 4:
        raise NotationError(
            f"invalid hand {quote(text)}: expected four suits separated by dots "
            "(spades.hearts.diamonds.clubs), such as 'AK.QJ.T98.765'"
        )
    mask = 0
    for suit, ranks in enumerate(suits):
        for letter in ascii_upper(ranks):
            index = _INDEX_OF.get(letter)
            if index is None:
                raise NotationError(
                    f"invalid hand {quote(text)}: {letter!r} is not a rank; expected the letters "
                    "AKQJT98765432 in each suit"
                )
            bit = 1 << (suit * 13 + index)
            if mask & bit:
                card = Card.from_index(suit * 13 + index)
                raise NotationError(f"invalid hand {quote(text)}: {card} is given twice")
            mask |= bit
    return CardSet(mask)


def format_hand(cards: CardSet) -> str:
    """The PBN form of a hand of suited cards, each suit from the ace down.

    >>> format_hand(CardSet.parse('2C AS TS KD'))
    'AT..K.2'

    :raises NotationError: unless ``cards`` is a :class:`~cardgames.cardset.CardSet` of suited
        cards (a Joker or the Tailor has no place in a bridge hand).
    """
    if type(cards) is not CardSet or cards.mask & ~FULL_PACK:
        raise NotationError(
            f"invalid hand {quote(cards)}: expected a CardSet of the 52 suited cards"
        )
    suits: list[list[Card]] = [[], [], [], []]
    for index in iter_bits(cards.mask):
        suits[index // 13].append(Card.from_index(index))
    return ".".join(
        "".join(_RANKS[12 - card_strength(card)] for card in sorted(suit, key=card_strength)[::-1])
        for suit in suits
    )


def _to_hands(value: Any) -> tuple[CardSet, CardSet, CardSet, CardSet]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise NotationError(f"invalid hands {quote(value)}: expected four CardSets, N E S W")
    # A fifth item is enough to refuse: an endless iterable is not followed any further.
    hands = tuple(itertools.islice(value, 5))
    if len(hands) != 4 or not all(isinstance(hand, CardSet) for hand in hands):
        raise NotationError(f"invalid hands {quote(value)}: expected four CardSets, N E S W")
    return (hands[0], hands[1], hands[2], hands[3])


def _check_hands(instance: Deal, attribute: Any, hands: Any) -> None:
    seen = 0
    for seat, hand in zip(Seat, hands, strict=True):
        if hand.mask & ~FULL_PACK:
            raise NotationError(
                f"invalid hand {hand} for {seat}: bridge uses the 52 suited cards only"
            )
        if seen & hand.mask:
            twice = CardSet(seen & hand.mask)
            raise NotationError(f"invalid deal: {twice} in more than one hand")
        seen |= hand.mask
    sizes = {len(hand) for hand in hands}
    if len(sizes) != 1 or 0 in sizes:
        raise NotationError(
            "invalid deal: the four hands hold "
            + ", ".join(f"{seat} {len(hand)}" for seat, hand in zip(Seat, hands, strict=True))
            + " cards; expected the same number, 1 to 13, in each"
        )


@strict_arguments
@attrs.frozen(repr=False)
class Deal:
    """Four hands, North, East, South, West: the whole pack of 52 cards, 13 each, or an
    ending of fewer cards, the same number in each hand.

    :param hands: four :class:`~cardgames.cardset.CardSet` of suited cards, by seat.
    :raises NotationError: if a card is in two hands, is not a suited card, or the hands are of
        different sizes.
    """

    hands: tuple[CardSet, CardSet, CardSet, CardSet] = attrs.field(
        converter=_to_hands, validator=_check_hands
    )
    """The hands by seat (North, East, South, West)."""

    @property
    def cards_each(self) -> int:
        """The number of cards in each hand (13 for a full deal)."""
        return len(self.hands[0])

    def hand(self, seat: Seat | int) -> CardSet:
        """The hand of ``seat``."""
        return self.hands[Seat.of(seat, NotationError)]

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a PBN Deal tag value: ``<seat>:<hand> <hand> <hand> <hand>``, the hands
        clockwise from the seat named (see the module's description). One hand may be ``-``
        when the other three hold 13 cards each.

        :raises NotationError: quoting ``text`` and saying what was expected.
        """
        if not isinstance(text, str):
            raise NotationError(f"invalid deal {quote(text)}: expected a PBN deal string")
        first, colon, rest = text.strip().partition(":")
        if not colon or ascii_upper(first.strip()) not in ("N", "E", "S", "W"):
            raise NotationError(
                f"invalid deal {quote(text)}: expected the first seat (N, E, S or W), a colon and "
                "four hands, such as 'N:AKQ.JT9.876.5432 ...'"
            )
        start = Seat.parse(first)
        words = rest.split()
        if len(words) != 4:
            raise NotationError(
                f"invalid deal {quote(text)}: expected four hands separated by spaces, "
                f"found {len(words)}"
            )
        hands: list[CardSet | None] = [None] * 4
        for offset, word in enumerate(words):
            seat = (start + offset) % 4
            if word == "-":
                continue
            try:
                hands[seat] = parse_hand(word)
            except NotationError as error:
                raise NotationError(f"invalid deal {quote(text)}: {error}") from None
        missing = [seat for seat in range(4) if hands[seat] is None]
        if missing:
            given = [hand for hand in hands if hand is not None]
            if len(missing) > 1 or any(len(hand) != 13 for hand in given):
                raise NotationError(
                    f"invalid deal {quote(text)}: a hand may be left out ('-') only when the "
                    "three others hold 13 cards each"
                )
            taken = 0
            for hand in given:
                taken |= hand.mask
            hands[missing[0]] = CardSet(FULL_PACK & ~taken)
        try:
            return cls(tuple(hand for hand in hands if hand is not None))
        except NotationError as error:
            raise NotationError(f"invalid deal {quote(text)}: {error}") from None

    def pbn(self, first: Seat | int = Seat.NORTH) -> str:
        """The PBN form, the hands clockwise from ``first``."""
        start = Seat.of(first, NotationError)
        hands = (format_hand(self.hands[(start + offset) % 4]) for offset in range(4))
        return f"{start}:" + " ".join(hands)

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"Deal.parse({self.pbn()!r})"

    def to_unicode(self) -> str:
        """The deal as a text diagram, North at the top, West left, East right, South below.

        >>> print(Deal.parse('N:A.K.Q.J K.Q.J.A Q.J.A.K J.A.K.Q').to_unicode())
                 ♠ A
                 ♥ K
                 ♦ Q
                 ♣ J
        ♠ J               ♠ K
        ♥ A               ♥ Q
        ♦ K               ♦ J
        ♣ Q               ♣ A
                 ♠ Q
                 ♥ J
                 ♦ A
                 ♣ K
        """
        columns = [_hand_lines(hand) for hand in self.hands]
        width = max(9, max(len(line) for line in columns[3]) + 1)
        lines = [" " * width + line for line in columns[0]]
        lines += [
            (west.ljust(2 * width) + east).rstrip()
            for west, east in zip(columns[3], columns[1], strict=True)
        ]
        lines += [" " * width + line for line in columns[2]]
        return "\n".join(lines)


def _hand_lines(hand: CardSet) -> list[str]:
    suits = format_hand(hand).split(".")
    return [
        f"{symbol} {' '.join('10' if r == 'T' else r for r in ranks) or '-'}"
        for symbol, ranks in zip("♠♥♦♣", suits, strict=True)
    ]


def random_deal(seed: int | random.Random) -> Deal:
    """A deal of the whole pack, 13 cards each, shuffled by ``seed`` (an int, or a
    :class:`random.Random` which is advanced).

    :raises RulesError: for a bad seed.
    """
    rng = make_rng(seed, "seed")
    indices = list(range(STANDARD_PACK_SIZE))
    rng.shuffle(indices)
    hands = []
    for seat in range(4):
        mask = 0
        for index in indices[seat * 13 : seat * 13 + 13]:
            mask |= 1 << index
        hands.append(CardSet(mask))
    return Deal(tuple(hands))
