"""The grammar of the Chase the Tailor position notation: text to constructor fields and back.

This module knows the sections and how each value is written, but not the
:class:`~cardgames.tailor.State` class, so that the state can use it for ``str()`` and
``State.parse`` without an import cycle; :mod:`cardgames.tailor.notation` describes the
notation and offers the public functions.

>>> fields = read_position(
...     'rules: players=2; hands: AS / 2S; top: 3S; pile: 3S; stock: -; direction: cw; '
...     'chase: off; to_move: 0; drawn: -; passes: 0; turns: 0; seed: 0; reshuffles: 0'
... )
>>> fields['top'], fields['hands'][1], fields['pile']
(Card.parse('3S'), CardSet.parse('2S'), (Card.parse('3S'),))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, TypedDict

from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import CardgamesError, NotationError, RulesError
from cardgames.tailor.rules import Call, Rules
from cardgames.validation import ascii_lower, quote

__all__ = [
    "SECTIONS",
    "PositionFields",
    "format_top",
    "parse_top",
    "read_position",
    "write_position",
]

SECTIONS: Final = (
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
"""The section names, in their written order."""

_INT: Final = re.compile(r"[0-9]{1,20}")


class PositionFields(TypedDict):
    """A position as the keyword arguments of the :class:`~cardgames.tailor.State`
    constructor."""

    rules: Rules
    hands: tuple[CardSet, ...]
    pile: tuple[Card, ...]
    stock: tuple[Card, ...]
    top: Card | Call | None
    direction: int
    to_move: int
    chase_active: bool
    drawn: Card | None
    passes: int
    turns: int
    seed: int
    reshuffles: int


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
    if ascii_lower(stripped).startswith("call"):
        return Call.parse(ascii_lower(stripped))
    card = Card.parse(stripped)
    if card.is_special:
        raise NotationError(f"invalid top {quote(text)}: expected '-', a suited card or 'call QH'")
    return card


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "-"


def write_position(fields: PositionFields) -> str:
    """The one-line notation of a position given by its fields (which must be valid).

    >>> text = (
    ...     'rules: players=2,chase_mode=yes; hands: AS / 2S; top: call 3S; pile: 3S TLR; '
    ...     'stock: -; direction: ccw; chase: on; to_move: 1; drawn: -; passes: 0; turns: 9; '
    ...     'seed: 5; reshuffles: 1'
    ... )
    >>> write_position(read_position(text)) == text
    True
    """
    drawn = fields["drawn"]
    values = (
        str(fields["rules"]),
        " / ".join(str(hand) for hand in fields["hands"]),
        format_top(fields["top"]),
        _cards_text(fields["pile"]),
        _cards_text(fields["stock"]),
        "cw" if fields["direction"] == 1 else "ccw",
        "on" if fields["chase_active"] else "off",
        str(fields["to_move"]),
        "-" if drawn is None else str(drawn),
        str(fields["passes"]),
        str(fields["turns"]),
        str(fields["seed"]),
        str(fields["reshuffles"]),
    )
    return "; ".join(f"{name}: {value}" for name, value in zip(SECTIONS, values, strict=True))


def read_position(text: str) -> PositionFields:
    """Read the sections of a position into the constructor's fields. Only the text is checked
    here; the :class:`~cardgames.tailor.State` constructor checks that the position is possible.

    :raises NotationError: if a section is missing, out of order or unreadable.
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid position {quote(text)}: expected a string")
    parts = text.split(";")
    if len(parts) != len(SECTIONS):
        raise NotationError(
            f"invalid position {quote(text)}: expected {len(SECTIONS)} sections "
            f"({', '.join(SECTIONS)}) separated by ';'"
        )
    values: dict[str, str] = {}
    for name, part in zip(SECTIONS, parts, strict=True):
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
        drawn = None if values["drawn"] == "-" else Card.parse(values["drawn"])
        to_move, passes, turns, seed, reshuffles = (
            _int(values[name], name)
            for name in ("to_move", "passes", "turns", "seed", "reshuffles")
        )
    except CardgamesError as error:
        raise NotationError(f"invalid position {quote(text)}: {error}") from None
    direction = {"cw": 1, "ccw": -1}.get(values["direction"])
    if direction is None:
        raise NotationError(f"invalid position {quote(text)}: direction must be cw or ccw")
    chase = {"on": True, "off": False}.get(values["chase"])
    if chase is None:
        raise NotationError(f"invalid position {quote(text)}: chase must be on or off")
    return PositionFields(
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
