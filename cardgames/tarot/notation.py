"""A compact text notation for Tarot deals and positions, modelled on bridge's PBN deal string.

**Holdings.** A set of cards (a hand, the talon, the discard) is written as five fields
separated by dots, PBN fashion: spades, hearts, diamonds, clubs, then trumps. A suit field
lists its ranks from King down, one character each: ``K Q N J T 9 8 7 6 5 4 3 2 1`` (``N`` is
the Knight, ``T`` the 10; on input ``10``, ``A`` for 1 and ``C`` for the Knight are accepted
too, in any case and order). The trump field lists trump numbers from 21 down separated by
commas, with ``EX`` for the Excuse at its end. An empty field is empty; a wholly empty set is
``-``. So ``KN7..T1..21,5,EX`` holds the King, Knight and 7 of spades, the 10 and 1 of
diamonds, trumps 21 and 5 and the Excuse.

**Deal.** ``RULES DEALER:HAND0/HAND1/.../TALON``: the rules in the form of
:meth:`cardgames.tarot.rules.Rules.parse` (``simplified-4``, ``traditional-3``, or a preset with
``,field=value`` overrides), the dealer's seat, then every hand *by seat* (seat 0 first,
whoever deals) and last the talon (``-`` when there is none). Unlike PBN the prefix names the
dealer, not the first hand listed.

**Position.** The deal as it was dealt (before the dealer took the talon), then optionally
``X:DISCARD`` (a holding: the cards the dealer has discarded so far) and ``P:PLAY`` (the cards
played so far, in order, in card notation, ``,`` between cards and ``/`` between tricks; the last
trick may be incomplete). Replaying the discard (in card order) and the play from the deal
rebuilds the state, so a position says everything about the state, including who won each
trick and where the Excuse went. The play can only start once the discard is complete.

>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.simplified(players=4), seed=5)
>>> for _ in range(3):  # two discards, then the opening lead
...     state = state.play(state.legal_moves()[0])
>>> text = state.position()
>>> text.split()[0], text.split()[2][:2], text.split()[3]
('simplified-4', 'X:', 'P:1S')
>>> parse_position(text) == state
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.tarot.cards import TarotCard, TarotCardSet, _check_card_set
from cardgames.tarot.rules import Rules
from cardgames.validation import quote

if TYPE_CHECKING:
    from cardgames.tarot.state import Deal, State

__all__ = [
    "format_deal",
    "format_holding",
    "format_position",
    "parse_deal",
    "parse_holding",
    "parse_position",
]

_RANK_CHARS: Final = "123456789TJNQK"  # rank 1 .. 14
_RANK_BY_CHAR: Final = {
    **{char: rank for rank, char in enumerate(_RANK_CHARS, start=1)},
    "A": 1,
    "C": 12,
}
_MAX_TEXT: Final = 10_000


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
                found = _RANK_BY_CHAR.get(char.upper())
                if found is None:
                    raise NotationError(
                        f"invalid Tarot holding {quote(text)}: {quote(char)} is not a rank "
                        "(expected K Q N J T 9-1)"
                    )
                rank, position = found, position + 1
            add(suit * 14 + rank - 1, f"rank {_RANK_CHARS[rank - 1]} of suit {'SHDC'[suit]}")
    if fields[4]:
        for word in fields[4].split(","):
            if word.upper() == "EX":
                add(77, "the Excuse")
            elif len(word) <= 2 and word.isascii() and word.isdigit() and 1 <= int(word) <= 21:
                add(55 + int(word), f"trump {word}")
            else:
                raise NotationError(
                    f"invalid Tarot holding {quote(text)}: {quote(word, 40)} is not a trump "
                    f"(expected 1-21 or EX)"
                )
    return TarotCardSet(mask)


def format_deal(game: Deal) -> str:
    """Write a deal: ``RULES DEALER:HAND0/.../TALON`` (see the module description).

    :raises NotationError: if ``game`` is not a :class:`cardgames.tarot.state.Deal`.
    """
    from cardgames.tarot.state import Deal

    if not isinstance(game, Deal):
        raise NotationError(f"cannot write {quote(game)} as a Tarot deal: expected a Deal")
    holdings = [format_holding(hand) for hand in game.hands] + [format_holding(game.talon)]
    return f"{game.rules} {game.dealer}:{'/'.join(holdings)}"


def _check_text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise NotationError(f"invalid Tarot {what} {quote(text)}: expected a string")
    if len(text) > _MAX_TEXT:
        raise NotationError(f"invalid Tarot {what} {quote(text[:40])}...: text too long")
    return text


def _parse_deal_words(text: str, rules_text: str, body: str) -> Deal:
    from cardgames.tarot.state import Deal

    rules = Rules.parse(rules_text)
    dealer_text, colon, hands_text = body.partition(":")
    if not colon or not dealer_text.isascii() or not dealer_text.isdigit() or len(dealer_text) > 1:
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
    try:
        return Deal(rules=rules, dealer=dealer, hands=tuple(holdings[:-1]), talon=holdings[-1])
    except RulesError as error:
        raise NotationError(f"invalid Tarot deal {quote(text)}: {error}") from None


def parse_deal(text: str) -> Deal:
    """Read a deal written by :func:`format_deal`.

    >>> from cardgames.tarot import Deal, Rules
    >>> game = Deal.random(Rules.simplified(players=3), seed=2)
    >>> parse_deal(format_deal(game)) == game
    True

    :raises NotationError: if the text is not a valid deal.
    """
    text = _check_text(text, "deal")
    words = text.split()
    if len(words) != 2:
        raise NotationError(
            f"invalid Tarot deal {quote(text)}: expected two words, RULES DEALER:HAND/.../TALON"
        )
    return _parse_deal_words(text, words[0], words[1])


def format_position(state: State) -> str:
    """Write a position: the deal, then ``X:`` the discard so far and ``P:`` the play so far
    (each left out while empty).

    :raises NotationError: if ``state`` is not a :class:`cardgames.tarot.state.State`.
    """
    from cardgames.tarot.state import State

    if not isinstance(state, State):
        raise NotationError(f"cannot write {quote(state)} as a Tarot position: expected a State")
    parts = [format_deal(state.initial)]
    if state.discard:
        parts.append("X:" + format_holding(state.discard))
    tricks = [str(trick) for trick in state.tricks]
    if state.trick.cards:
        tricks.append(str(state.trick))
    if tricks:
        parts.append("P:" + "/".join(tricks))
    return " ".join(parts)


def parse_position(text: str) -> State:
    """Read a position written by :func:`format_position` (a bare deal is the position at its
    start), replaying the discard and the play to rebuild the state.

    >>> from cardgames.tarot import Rules, deal
    >>> state = deal(Rules.traditional(players=3), seed=4)
    >>> parse_position(state.position()) == state
    True

    :raises NotationError: if the text is not a valid position, including any illegal move.
    """
    text = _check_text(text, "position")
    words = text.split()
    if len(words) < 2:
        raise NotationError(
            f"invalid Tarot position {quote(text)}: expected RULES DEALER:HAND/.../TALON "
            "[X:DISCARD] [P:PLAY]"
        )
    game = _parse_deal_words(text, words[0], words[1])
    discard = TarotCardSet()
    play: list[str] = []
    rest = words[2:]
    if rest and rest[0][:2].upper() == "X:":
        try:
            discard = parse_holding(rest[0][2:])
        except NotationError as error:
            raise NotationError(f"invalid Tarot position {quote(text)}: discard: {error}") from None
        rest = rest[1:]
    if rest and rest[0][:2].upper() == "P:":
        play = rest[0][2:].split("/")
        rest = rest[1:]
    if rest:
        raise NotationError(
            f"invalid Tarot position {quote(text)}: unexpected {quote(rest[0])} (expected "
            f"X:DISCARD "
            "then P:PLAY)"
        )
    state = game.start()
    if len(discard) > game.rules.talon_size:
        raise NotationError(
            f"invalid Tarot position {quote(text)}: a discard of {len(discard)} cards, but "
            f"these rules "
            f"discard {game.rules.talon_size}"
        )
    if play and len(discard) != game.rules.talon_size:
        raise NotationError(
            f"invalid Tarot position {quote(text)}: the play starts before the discard of "
            f"{game.rules.talon_size} cards is complete"
        )
    from cardgames.tarot.state import Move

    try:
        for card in discard:
            state = state.play(Move(card))
        for number, trick in enumerate(play):
            words_in_trick = trick.split(",")
            last = number == len(play) - 1
            if len(words_in_trick) > game.rules.players or (
                not last and len(words_in_trick) != game.rules.players
            ):
                raise NotationError(
                    f"trick {quote(trick)} should hold {game.rules.players} cards "
                    "(only the last may be shorter)"
                )
            for word in words_in_trick:
                state = state.play(Move(TarotCard.parse(word)))
    except (NotationError, IllegalMoveError) as error:
        raise NotationError(f"invalid Tarot position {quote(text)}: {error}") from None
    return state
