"""The moves of Chase the Tailor; each one records a complete decision of the player.

========================  ============================  =========================================
move                      written form                  meaning
========================  ============================  =========================================
:class:`Play`             ``QH``                        play one suited card
:class:`Dump`             ``dump 7S 7H 7D``             lay several cards of one rank, in order;
                                                        the last one becomes the top
:class:`PlayTailor`       ``TLR QH>2``                  play the Tailor, call queen of hearts,
                                                        player 2 picks up three
:class:`PlayJoker`        ``X1 skip`` / ``X2 reverse``  play a Joker with its effect
:class:`Draw`             ``draw``                      draw one card
:class:`Pass`             ``pass``                      end the turn without playing or drawing
========================  ============================  =========================================

Input is case-insensitive and accepts the lenient card forms of
:meth:`cardgames.cards.Card.parse`; output is always canonical. Every move's constructor checks
its arguments and raises :class:`~cardgames.errors.IllegalMoveError` for a malformed move (a
Joker given to :class:`Play`, a bool victim, ...), so every move has a written form that
:func:`~cardgames.tailor.parse_move` reads back as the same move. Whether a well-formed move is
legal in a position is decided by :meth:`State.check() <cardgames.tailor.State.check>`.

>>> parse_move('tlr qh>2')
PlayTailor(suit=<Suit.HEARTS: 1>, rank=<Rank.QUEEN: 12>, victim=2)
>>> str(parse_move('dump 7s 7h')), str(parse_move('X1 SKIP')), str(parse_move('10H'))
('dump 7S 7H', 'X1 skip', 'TH')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, NoReturn, TypeAlias, TypeVar

import attrs

from cardgames.cards import JOKER_1, JOKER_2, TAILOR, Card, Rank, Suit
from cardgames.errors import IllegalMoveError, NotationError
from cardgames.tailor.rules import MAX_PLAYERS, Call, to_rank, to_suit
from cardgames.validation import (
    as_tuple,
    ascii_lower,
    check_seat,
    is_ascii_digits,
    quote,
    strict_arguments,
)

if TYPE_CHECKING:
    from cardgames.tailor.state import State

__all__ = [
    "Draw",
    "Dump",
    "JokerEffect",
    "Move",
    "Pass",
    "Play",
    "PlayJoker",
    "PlayTailor",
    "parse_move",
    "read_move",
]


@enum.unique
class JokerEffect(enum.Enum):
    """What a Joker does: skip the next player or reverse the direction of play.

    >>> JokerEffect('skip'), str(JokerEffect.REVERSE)
    (<JokerEffect.SKIP: 'skip'>, 'reverse')
    """

    SKIP = "skip"
    REVERSE = "reverse"

    def __str__(self) -> str:
        return self.value


def _suited_card(value: Card) -> Card:
    if not isinstance(value, Card):
        raise IllegalMoveError(
            f"invalid Play card {quote(value)}: expected a suited Card of the 55-card pack"
        )
    if value.is_special:
        kind = "the Tailor" if value.is_tailor else "a Joker"
        raise IllegalMoveError(
            f"invalid Play card {value}: {value} is {kind}: play it with its call and victim "
            "(PlayTailor) or with its effect (PlayJoker)"
        )
    return value


@strict_arguments
@attrs.frozen
class Play:
    """Play one suited card onto the pile.

    :raises IllegalMoveError: unless ``card`` is a suited :class:`~cardgames.cards.Card`.

    >>> str(Play(Card.parse('QH'))), Play.parse('qh')
    ('QH', Play(card=Card.parse('QH')))
    """

    card: Card = attrs.field(converter=_suited_card)

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read the written form (a suited card); :raises NotationError: otherwise."""
        return _parse_as(cls, text)

    def __str__(self) -> str:
        return str(self.card)


def _card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise IllegalMoveError(f"invalid Dump cards {quote(cards)}: expected a sequence of cards")
    result = as_tuple(cards, "Dump cards", error=IllegalMoveError)
    for card in result:
        if not isinstance(card, Card):
            raise IllegalMoveError(
                f"invalid Dump cards {quote(cards)}: {quote(card)} is not a card of the 55-card "
                "pack"
            )
    if len(result) < 2:
        raise IllegalMoveError(f"invalid Dump cards {quote(cards)}: a dump lays at least two cards")
    return result


@strict_arguments
@attrs.frozen
class Dump:
    """Lay several cards of one rank at once, in the given order; the last is the new top.

    Whether the cards share a rank, are held and follow is checked when the dump is played.

    :raises IllegalMoveError: unless ``cards`` is a sequence of at least two cards.

    >>> move = Dump.parse('dump 7S 7H 7D')
    >>> move.cards[-1], str(move)
    (Card.parse('7D'), 'dump 7S 7H 7D')
    """

    cards: tuple[Card, ...] = attrs.field(converter=_card_tuple)

    @classmethod
    def parse(cls, text: str) -> Dump:
        """Read ``dump`` followed by the cards in order; :raises NotationError: otherwise."""
        return _parse_as(cls, text)

    def __str__(self) -> str:
        return "dump " + " ".join(str(card) for card in self.cards)


def trusted_dump(cards: tuple[Card, ...]) -> Dump:
    """A :class:`Dump` of ``cards`` that the rules found in a hand (at least two cards of one
    rank), built without the constructor's checks: legal-move lists make one for every order
    of every set of equal cards, and the checks cost more than the move.

    >>> cards = (Card.parse('7S'), Card.parse('7H'))
    >>> trusted_dump(cards) == Dump(cards)
    True
    """
    dump = object.__new__(Dump)
    object.__setattr__(dump, "cards", cards)
    return dump


def _move_suit(value: Suit | int) -> Suit:
    return to_suit(value, IllegalMoveError)


def _move_rank(value: Rank | int) -> Rank:
    return to_rank(value, IllegalMoveError)


def _victim(value: int) -> int:
    return check_seat(value, MAX_PLAYERS, "PlayTailor victim", error=IllegalMoveError)


@strict_arguments
@attrs.frozen
class PlayTailor:
    """Play the Tailor, calling a suit and rank for the next player, and naming a victim.

    :param suit: the called suit (a :class:`~cardgames.cards.Suit`; its number is converted).
    :param rank: the called rank (a :class:`~cardgames.cards.Rank`; its number is converted).
    :param victim: the seat of the player who picks up three cards: an int (not a bool) from 0
        to 5; whether that seat is at the table is checked when the move is played.
    :raises IllegalMoveError: for anything else.

    >>> move = PlayTailor(Suit.HEARTS, Rank.QUEEN, 2)
    >>> str(move), move.call
    ('TLR QH>2', Call.parse('call QH'))
    >>> PlayTailor(Suit.HEARTS, Rank.QUEEN, True)
    Traceback (most recent call last):
    ...
    cardgames.errors.IllegalMoveError: invalid PlayTailor victim True: expected an int from 0 to 5
    """

    suit: Suit = attrs.field(converter=_move_suit)
    rank: Rank = attrs.field(converter=_move_rank)
    victim: int = attrs.field(converter=_victim)

    @property
    def call(self) -> Call:
        """The called suit and rank as a :class:`~cardgames.tailor.Call`."""
        return Call(self.suit, self.rank)

    @classmethod
    def parse(cls, text: str) -> PlayTailor:
        """Read ``TLR`` then the called card, ``>`` and the victim's seat.

        :raises NotationError: otherwise.
        """
        return _parse_as(cls, text)

    def __str__(self) -> str:
        return f"TLR {Card.of(self.rank, self.suit)}>{self.victim}"


def _joker(value: Card) -> Card:
    if isinstance(value, Card) and value.is_joker:
        return value
    raise IllegalMoveError(
        f"invalid PlayJoker card {quote(value)}: {quote(value)} is not a Joker; expected X1 or "
        "X2 (a suited card is played as a card, not with skip or reverse)"
    )


def _effect(value: JokerEffect) -> JokerEffect:
    if isinstance(value, JokerEffect):
        return value
    raise IllegalMoveError(
        f"invalid PlayJoker effect {quote(value)}: expected JokerEffect.SKIP or JokerEffect.REVERSE"
    )


@strict_arguments
@attrs.frozen
class PlayJoker:
    """Play a Joker (``X1`` or ``X2``) with its chosen effect.

    :param card: :data:`~cardgames.cards.JOKER_1` or :data:`~cardgames.cards.JOKER_2`.
    :param effect: a :class:`JokerEffect`.
    :raises IllegalMoveError: for anything else.

    >>> str(PlayJoker(JOKER_2, JokerEffect.REVERSE)), PlayJoker.parse('x1 skip').effect
    ('X2 reverse', <JokerEffect.SKIP: 'skip'>)
    """

    card: Card = attrs.field(converter=_joker)
    effect: JokerEffect = attrs.field(converter=_effect)

    @classmethod
    def parse(cls, text: str) -> PlayJoker:
        """Read a Joker and ``skip`` or ``reverse``; :raises NotationError: otherwise."""
        return _parse_as(cls, text)

    def __str__(self) -> str:
        return f"{self.card} {self.effect}"


@strict_arguments
@attrs.frozen
class Draw:
    """Draw one card (from the stock, reshuffling the pile first when the stock is empty).

    >>> str(Draw()), Draw.parse('DRAW') == Draw()
    ('draw', True)
    """

    @classmethod
    def parse(cls, text: str) -> Draw:
        """Read ``draw``; :raises NotationError: otherwise."""
        return _parse_as(cls, text)

    def __str__(self) -> str:
        return "draw"


@strict_arguments
@attrs.frozen
class Pass:
    """End the turn without playing: declining a drawn card, or when nothing can be drawn.

    >>> str(Pass()), Pass.parse('pass')
    ('pass', Pass())
    """

    @classmethod
    def parse(cls, text: str) -> Pass:
        """Read ``pass``; :raises NotationError: otherwise."""
        return _parse_as(cls, text)

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = Play | Dump | PlayTailor | PlayJoker | Draw | Pass
"""Any Chase the Tailor move."""

_EXPECTED = (
    "expected a suited card (QH), 'dump' and cards of one rank, 'TLR' + called card + '>' + "
    "victim seat (TLR QH>2), a Joker and 'skip' or 'reverse' (X1 skip), 'draw' or 'pass'"
)


def parse_move(text: str) -> Move:
    """Read any move from its written form (see the table in :mod:`cardgames.tailor.moves`).

    :raises NotationError: if ``text`` is not a move.

    >>> parse_move('draw'), parse_move('X2 reverse')
    (Draw(), PlayJoker(card=Card.parse('X2'), effect=<JokerEffect.REVERSE: 'reverse'>))
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid move {quote(text)}: {_EXPECTED}")
    words = text.split()
    lowered = [ascii_lower(word) for word in words]
    try:
        if lowered == ["draw"]:
            return Draw()
        if lowered == ["pass"]:
            return Pass()
        if len(words) >= 3 and lowered[0] == "dump":
            return Dump(tuple(Card.parse(word) for word in words[1:]))
        if len(words) == 2 and lowered[0] == "tlr":
            called, sep, seat = words[1].partition(">")
            card = Card.parse(called)
            if sep and card.suit is not None and card.rank is not None and _is_seat(seat):
                return PlayTailor(card.suit, card.rank, int(seat))
        if len(words) == 2 and lowered[1] in ("skip", "reverse"):
            card = Card.parse(words[0])
            if card in (JOKER_1, JOKER_2):
                return PlayJoker(card, JokerEffect(lowered[1]))
        if len(words) == 1:
            card = Card.parse(words[0])
            if not card.is_special:
                return Play(card)
    except (NotationError, IllegalMoveError):
        pass
    raise NotationError(f"invalid move {quote(text)}: {_EXPECTED}")


def _is_seat(text: str) -> bool:
    return is_ascii_digits(text) and len(text) == 1


M = TypeVar("M", Play, Dump, PlayTailor, PlayJoker, Draw, Pass)


def _parse_as(cls: type[M], text: str) -> M:
    move = parse_move(text)
    if not isinstance(move, cls):
        raise NotationError(
            f"invalid {cls.__name__} move {quote(text)}: got a {type(move).__name__}"
        )
    return move


def read_move(state: State, text: str) -> Move:
    """The move ``text`` names in ``state`` (see :meth:`State.read_move()
    <cardgames.tailor.State.read_move>`).

    :raises NotationError: if ``text`` is no move, quoting it.
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid move {quote(text)}: expected a text")
    try:
        return parse_move(text)
    except NotationError as error:
        words = text.split()
        if len(words) >= 2 and all(_is_card_text(word) for word in words):
            try:
                return parse_move("dump " + text)
            except NotationError:
                raise error from None
        if len(words) == 1 and _is_card_text(words[0]):
            card = Card.parse(words[0])
            if card.is_special:
                _special_move(state, text, card, error)
        raise


def _special_move(state: State, text: str, card: Card, error: NotationError) -> NoReturn:
    # A Joker or the Tailor named alone: never one move (a Joker has two effects, the
    # Tailor a call and a victim), so say which moves with it are legal here.
    moves = [move for move in state.legal_moves() if _first_card(move) == card]
    if not moves:
        raise error from None
    shown = ", ".join(repr(str(move)) for move in moves[:4])
    more = f" and {len(moves) - 4} more" if len(moves) > 4 else ""
    raise NotationError(
        f"incomplete move {quote(text)}: {card} is played with "
        f"{'a call and a victim' if card.is_tailor else 'its effect'}; the legal moves "
        f"with it here are {shown}{more}"
    )


def _is_card_text(word: str) -> bool:
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


def _first_card(move: Move) -> Card | None:
    if isinstance(move, Play | PlayJoker):
        return move.card
    if isinstance(move, PlayTailor):
        return TAILOR
    if isinstance(move, Dump):
        return move.cards[0]
    return None
