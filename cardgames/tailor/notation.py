"""A one-line text notation for a Chase the Tailor position.

A position is thirteen ``name: value`` sections separated by ``;``, always in this order:

============  =================================================================================
section       value
============  =================================================================================
rules         the :class:`~cardgames.tailor.Rules` in their ``name=value`` form
hands         every seat's cards, seat 0 first, separated by ``/`` (``-`` for an empty hand)
top           what must be followed: a card (``QH``), a Tailor call (``call QH``) or ``-`` (any)
pile          the discard pile, bottom first; the last card is the one showing
stock         the stock, the next card to be drawn first (``-`` when empty)
direction     ``cw`` (seat + 1 moves next) or ``ccw``
chase         ``on`` or ``off``
to_move       the seat to move
drawn         the card just drawn and waiting to be played, or ``-``
passes        consecutive bare passes
turns         moves made so far
seed          the seed of the reshuffles
reshuffles    reshuffles so far
============  =================================================================================

>>> from cardgames.tailor import Rules, deal
>>> text = format_position(deal(Rules(players=2), seed=4))
>>> text[:60]
'rules: players=2; hands: QH 6D 7D AC 2C X2 TLR / AS 9H JD QD'
>>> parse_position(text) == deal(Rules(players=2), seed=4)
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import CardgamesError, NotationError, RulesError
from cardgames.tailor.rules import Call, Rules
from cardgames.validation import quote

if TYPE_CHECKING:
    from cardgames.tailor.state import State

__all__ = ["format_position", "format_top", "parse_position", "parse_top"]

_SECTIONS: Final = (
    "rules",
    "hands",
    "top",
    "pile",
    "stock",
    "direction",
    "chase",
    "to_move",
    "drawn",
    "passes",
    "turns",
    "seed",
    "reshuffles",
)
_INT: Final = re.compile(r"[0-9]{1,20}")


def format_top(top: Card | Call | None) -> str:
    """The written form of what must be followed: ``QH``, ``call QH`` or ``-``.

    :raises RulesError: for anything but a suited card, a call or None.

    >>> format_top(None), format_top(Card.parse('QH')), format_top(Call.parse('call 2C'))
    ('-', 'QH', 'call 2C')
    """
    if top is None:
        return "-"
    if isinstance(top, Call) or (isinstance(top, Card) and not top.is_special):
        return str(top)
    raise RulesError(f"invalid top {quote(top)}: expected a suited Card, a Call or None")


def parse_top(text: str) -> Card | Call | None:
    """Read what must be followed (the reverse of :func:`format_top`).

    :raises NotationError: unless ``text`` is ``-``, a suited card, or ``call`` and a suited card.

    >>> parse_top('call 2c'), parse_top('-')
    (Call.parse('call 2C'), None)
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid top {quote(text)}: expected '-', a suited card or 'call QH'")
    stripped = text.strip()
    if stripped == "-":
        return None
    if stripped.lower().startswith("call"):
        return Call.parse(stripped.lower())
    card = Card.parse(stripped)
    if card.is_special:
        raise NotationError(f"invalid top {quote(text)}: expected '-', a suited card or 'call QH'")
    return card


def format_position(state: State) -> str:
    """The position notation of ``state`` (see the table above).

    :raises RulesError: if ``state`` is not a :class:`~cardgames.tailor.State`.

    >>> from cardgames.tailor import Rules, deal
    >>> format_position(deal(Rules(players=2), seed=4)).split('; ')[2:]
    ['top: 4C', 'pile: 4C', 'stock: 8S KS JS ... 7H 3H', 'direction: cw', 'chase: off',
     'to_move: 0', 'drawn: -', 'passes: 0', 'turns: 0', 'seed: 4', 'reshuffles: 0']
    """
    from cardgames.tailor.state import State

    if not isinstance(state, State):
        raise RulesError(f"invalid state {quote(state)}: expected a tailor.State")
    values = (
        str(state.rules),
        " / ".join(str(hand) for hand in state.hands),
        format_top(state.top),
        " ".join(str(card) for card in state.pile) or "-",
        " ".join(str(card) for card in state.stock) or "-",
        "cw" if state.direction == 1 else "ccw",
        "on" if state.chase_active else "off",
        str(state.to_move),
        "-" if state.drawn is None else str(state.drawn),
        str(state.passes),
        str(state.turns),
        str(state.seed),
        str(state.reshuffles),
    )
    return "; ".join(f"{name}: {value}" for name, value in zip(_SECTIONS, values, strict=True))


def parse_position(text: str) -> State:
    """Read a position; the result is checked for consistency.

    :raises NotationError: if a section is missing or unreadable, or the position is impossible
        (cards missing or repeated, a seat or count out of range, a drawn card that cannot be
        played, ...: every check of the :class:`~cardgames.tailor.State` constructor). Numbers
        are whole numbers of at most 20 digits, so that every seed fits.

    >>> parse_position('rules: players=2')
    Traceback (most recent call last):
    ...
    cardgames.errors.NotationError: invalid position 'rules: players=2': expected 13 sections ...
    """
    from cardgames.tailor.state import State

    if not isinstance(text, str):
        raise NotationError(f"invalid position {quote(text)}: expected a string")
    parts = text.split(";")
    if len(parts) != len(_SECTIONS):
        raise NotationError(
            f"invalid position {quote(text)}: expected {len(_SECTIONS)} sections "
            f"({', '.join(_SECTIONS)}) separated by ';'"
        )
    values: dict[str, str] = {}
    for name, part in zip(_SECTIONS, parts, strict=True):
        label, sep, value = part.partition(":")
        if not sep or label.strip() != name:
            raise NotationError(
                f"invalid position {quote(text)}: expected section {quote(name)} here"
            )
        values[name] = value.strip()
    try:
        rules = Rules.parse(values["rules"])
        hands = tuple(CardSet.parse(hand) for hand in values["hands"].split("/"))
        top = parse_top(values["top"])
        pile = _cards(values["pile"])
        stock = _cards(values["stock"])
        direction = {"cw": 1, "ccw": -1}.get(values["direction"])
        chase = {"on": True, "off": False}.get(values["chase"])
        drawn = None if values["drawn"] == "-" else Card.parse(values["drawn"])
        numbers = [_int(values[name], name) for name in _SECTIONS[7:8] + _SECTIONS[9:]]
    except CardgamesError as error:
        raise NotationError(f"invalid position {quote(text)}: {error}") from None
    to_move, passes, turns, seed, reshuffles = numbers
    if direction is None:
        raise NotationError(f"invalid position {quote(text)}: direction must be cw or ccw")
    if chase is None:
        raise NotationError(f"invalid position {quote(text)}: chase must be on or off")
    try:
        return State(
            rules=rules,
            hands=hands,
            pile=pile,
            stock=stock,
            top=top,
            direction=direction,
            to_move=to_move,
            chase_active=chase,
            drawn=drawn,
            passes=passes,
            turns=turns,
            seed=seed,
            reshuffles=reshuffles,
        )
    except CardgamesError as error:
        raise NotationError(f"invalid position {quote(text)}: {error}") from None


def _cards(text: str) -> tuple[Card, ...]:
    if text == "-":
        return ()
    return tuple(Card.parse(word) for word in text.split())


def _int(value: str, name: str) -> int:
    if not _INT.fullmatch(value):
        raise NotationError(
            f"{name} must be a whole number of at most 20 digits, not {quote(value, 40)}"
        )
    return int(value)
