"""The grammar of the Tarot notation on plain values: holdings, and the parts of a deal and
of a position as rules, seats, card sets and card words.

This module sits below :mod:`cardgames.tarot.state`, which builds deals and states from what it
reads; :mod:`cardgames.tarot.notation` is the public face and describes the notation. Keeping
the grammar here gives the imports one direction: ``notation`` imports ``state``, ``state``
imports this module, and this module imports neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames.errors import NotationError
from cardgames.tarot.cards import TarotCard, TarotCardSet, _check_card_set
from cardgames.tarot.rules import Rules
from cardgames.validation import ascii_lower, ascii_upper, is_ascii_digits, quote

__all__ = [
    "DealParts",
    "PositionParts",
    "check_text",
    "format_holding",
    "parse_holding",
    "read_deal",
    "read_position",
    "write_deal",
    "write_position",
]

_RANK_CHARS: Final = "123456789TJNQK"  # rank 1 .. 14
_RANK_BY_CHAR: Final = {
    **{char: rank for rank, char in enumerate(_RANK_CHARS, start=1)},
    "A": 1,
    "C": 12,
}


def format_holding(cards: TarotCardSet) -> str:
    """Write a set of cards as a PBN-style holding (``-`` when empty).

    >>> format_holding(TarotCardSet.parse('7S NS KS 1D 10D 21T 5T EX'))
    'KN7..T1..21,5,EX'
    >>> format_holding(TarotCardSet())
    '-'

    :raises NotationError: if ``cards`` is not a :class:`cardgames.tarot.cards.TarotCardSet`.
    """
    _check_card_set(cards, "holding")
    if not cards:
        return "-"
    mask = cards.mask
    fields = []
    for suit in range(4):
        fields.append(
            "".join(
                _RANK_CHARS[rank] for rank in range(13, -1, -1) if mask >> (suit * 14 + rank) & 1
            )
        )
    trumps = [str(n) for n in range(21, 0, -1) if mask >> (55 + n) & 1]
    if mask >> 77 & 1:
        trumps.append("EX")
    fields.append(",".join(trumps))
    return ".".join(fields)


def parse_holding(text: str) -> TarotCardSet:
    """Read a PBN-style holding (see the module description).

    >>> parse_holding('KN7..T1..21,5,EX') == TarotCardSet.parse('7S NS KS 1D 10D 21T 5T EX')
    True
    >>> parse_holding('..10a..')
    TarotCardSet.parse('1D 10D')

    :raises NotationError: if the text is not a holding or names a card twice.
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid Tarot holding {quote(text)}: expected a string")
    if text == "-":
        return TarotCardSet()
    fields = text.split(".")
    if len(fields) != 5:
        raise NotationError(
            f"invalid Tarot holding {quote(text)}: expected five fields separated by dots "
            "(spades.hearts.diamonds.clubs.trumps) or '-'"
        )
    mask = 0

    def add(index: int, what: str) -> None:
        nonlocal mask
        if mask >> index & 1:
            raise NotationError(f"invalid Tarot holding {quote(text)}: {what} appears twice")
        mask |= 1 << index

    for suit, field in enumerate(fields[:4]):
        position = 0
        while position < len(field):
            if field.startswith("10", position):
                rank, position = 10, position + 2
            else:
                # Upper-case one character at a time: some letters grow when upper-cased.
                char = field[position]
                found = _RANK_BY_CHAR.get(ascii_upper(char))
                if found is None:
                    raise NotationError(
                        f"invalid Tarot holding {quote(text)}: {quote(char)} is not a rank "
                        "(expected K Q N J T 9-1)"
                    )
                rank, position = found, position + 1
            add(suit * 14 + rank - 1, f"rank {_RANK_CHARS[rank - 1]} of suit {'SHDC'[suit]}")
    if fields[4]:
        for word in fields[4].split(","):
            if ascii_upper(word) == "EX":
                add(77, "the Excuse")
            elif len(word) <= 2 and is_ascii_digits(word) and 1 <= int(word) <= 21:
                add(55 + int(word), f"trump {word}")
            else:
                raise NotationError(
                    f"invalid Tarot holding {quote(text)}: {quote(word, 40)} is not a trump "
                    f"(expected 1-21 or EX)"
                )
    return TarotCardSet(mask)


_MAX_TEXT: Final = 10_000

DealParts = tuple[Rules, int, tuple[TarotCardSet, ...], TarotCardSet]
"""A deal as read: the rules, the dealer's seat, the hands by seat and the talon (not yet
checked against each other)."""
PositionParts = tuple[
    DealParts, tuple[str, ...], TarotCardSet, str | None, tuple[tuple[TarotCard | str, ...], ...]
]
"""The deal, the auction words (bids and the call), the discard, the announcement word and
the play trick by trick (cards, and poignée words before a card)."""

_DECLARATION_PREFIX: Final = "poignee-"
"""A position as read: the deal, the discard so far and the cards played, trick by trick."""


def check_text(text: object, what: str) -> str:
    """``text`` if it is a string of readable length.

    :raises NotationError: naming ``what`` (``deal``, ``position``) otherwise.
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid Tarot {what} {quote(text)}: expected a string")
    if len(text) > _MAX_TEXT:
        raise NotationError(f"invalid Tarot {what} {quote(text[:40])}...: text too long")
    return text


def write_deal(
    rules: Rules, dealer: int, hands: Sequence[TarotCardSet], talon: TarotCardSet
) -> str:
    """``RULES DEALER:HAND0/.../TALON``."""
    holdings = [format_holding(hand) for hand in hands] + [format_holding(talon)]
    return f"{rules} {dealer}:{'/'.join(holdings)}"


def _read_deal_words(text: str, rules_text: str, body: str) -> DealParts:
    rules = Rules.parse(rules_text)
    dealer_text, colon, hands_text = body.partition(":")
    if not colon or not is_ascii_digits(dealer_text) or len(dealer_text) > 1:
        raise NotationError(
            f"invalid Tarot deal {quote(text)}: expected DEALER:HAND/.../TALON after the rules"
        )
    dealer = int(dealer_text)
    fields = hands_text.split("/")
    if len(fields) != rules.players + 1:
        raise NotationError(
            f"invalid Tarot deal {quote(text)}: expected {rules.players} hands and the talon "
            f"separated by '/', got {len(fields)} fields"
        )
    try:
        holdings = [parse_holding(field) for field in fields]
    except NotationError as error:
        raise NotationError(f"invalid Tarot deal {quote(text)}: {error}") from None
    return rules, dealer, tuple(holdings[:-1]), holdings[-1]


def read_deal(text: object) -> DealParts:
    """Split a deal written by :func:`write_deal` into its parts.

    :raises NotationError: if the text is not two words, the rules and a readable deal body.
    """
    text = check_text(text, "deal")
    words = text.split()
    if len(words) != 2:
        raise NotationError(
            f"invalid Tarot deal {quote(text)}: expected two words, RULES DEALER:HAND/.../TALON"
        )
    return _read_deal_words(text, words[0], words[1])


def write_position(
    deal_text: str,
    discard: TarotCardSet,
    tricks: Sequence[Sequence[object]],
    auction: Sequence[object] = (),
    announcement: object | None = None,
) -> str:
    """The deal's text, then ``B:`` the auction, ``X:`` the discard, ``A:`` the announcement
    and ``P:`` the play (each left out while empty); ``tricks`` are the completed tricks then
    the trick in progress, if begun, their cards (and poignées) in order."""
    parts = [deal_text]
    if auction:
        parts.append("B:" + ",".join(str(word) for word in auction))
    if discard:
        parts.append("X:" + format_holding(discard))
    if announcement is not None:
        parts.append(f"A:{announcement}")
    played = [",".join(str(card) for card in trick) for trick in tricks if trick]
    if played:
        parts.append("P:" + "/".join(played))
    return " ".join(parts)


def read_position(text: object) -> PositionParts:
    """Split a position written by :func:`write_position` into the deal, the auction words,
    the discard, the announcement word and the cards played trick by trick. Whether the moves
    are legal is for the replay to say.

    :raises NotationError: if the text is not a deal followed by an optional ``B:`` auction
        (only under bidding rules), an optional ``X:`` holding, an optional ``A:`` announcement
        and an optional ``P:`` play of readable cards, the discard is longer than the talon,
        play starts before the discard is complete, or a trick but the last is not full.
    """
    text = check_text(text, "position")
    words = text.split()
    if len(words) < 2:
        raise NotationError(
            f"invalid Tarot position {quote(text)}: expected RULES DEALER:HAND/.../TALON "
            "[X:DISCARD] [P:PLAY]"
        )
    parts = _read_deal_words(text, words[0], words[1])
    rules = parts[0]
    discard = TarotCardSet()
    play: list[str] = []
    rest = words[2:]
    auction: tuple[str, ...] = ()
    announcement: str | None = None
    if rest and ascii_upper(rest[0][:2]) == "B:":
        if not rules.bidding:
            raise NotationError(
                f"invalid Tarot position {quote(text)}: B: (an auction) needs bidding rules"
            )
        auction = tuple(rest[0][2:].split(","))
        rest = rest[1:]
    if rest and ascii_upper(rest[0][:2]) == "X:":
        try:
            discard = parse_holding(rest[0][2:])
        except NotationError as error:
            raise NotationError(f"invalid Tarot position {quote(text)}: discard: {error}") from None
        rest = rest[1:]
    if rest and ascii_upper(rest[0][:2]) == "A:":
        announcement = rest[0][2:]
        rest = rest[1:]
    if rest and ascii_upper(rest[0][:2]) == "P:":
        play = rest[0][2:].split("/")
        rest = rest[1:]
    if rest:
        raise NotationError(
            f"invalid Tarot position {quote(text)}: unexpected {quote(rest[0])} (expected "
            "B:AUCTION, X:DISCARD, A:ANNOUNCEMENT then P:PLAY)"
        )
    if len(discard) > rules.talon_size:
        raise NotationError(
            f"invalid Tarot position {quote(text)}: a discard of {len(discard)} cards, but "
            f"these rules discard {rules.talon_size}"
        )
    if play and len(discard) != rules.talon_size and not rules.bidding:
        raise NotationError(
            f"invalid Tarot position {quote(text)}: the play starts before the discard of "
            f"{rules.talon_size} cards is complete"
        )
    tricks: list[tuple[TarotCard | str, ...]] = []
    for number, trick in enumerate(play):
        words_in_trick = trick.split(",")
        declared = [w for w in words_in_trick if ascii_lower(w).startswith(_DECLARATION_PREFIX)]
        if declared and (number or not rules.bidding):
            raise NotationError(
                f"invalid Tarot position {quote(text)}: {quote(declared[0])} (a poignée is "
                "declared only in the first trick, under bidding rules)"
            )
        cards = len(words_in_trick) - len(declared)
        last = number == len(play) - 1
        if cards > rules.players or (not last and cards != rules.players):
            raise NotationError(
                f"invalid Tarot position {quote(text)}: trick {quote(trick)} should hold "
                f"{rules.players} cards (only the last may be shorter)"
            )
        try:
            tricks.append(
                tuple(
                    word if word in declared else TarotCard.parse(word) for word in words_in_trick
                )
            )
        except NotationError as error:
            raise NotationError(f"invalid Tarot position {quote(text)}: {error}") from None
    return parts, auction, discard, announcement, tuple(tricks)
