"""The one written form of a rule set, shared by every game.

A rule set is written as comma-separated items: an optional preset name first (Tarot's
``traditional-3``), then ``field=value`` overrides, each field at most once. Spaces around the
items are ignored when reading and never written. Booleans are written ``yes`` and ``no``;
``true`` and ``false`` are read too, in any letter case. Each game's ``Rules.parse`` and
``str(rules)`` are built on these helpers, so both games read and write the same syntax.

>>> split_rules_text('traditional-3, clockwise=yes')
('traditional-3', (('clockwise', 'yes'),))
>>> split_rules_text('players=4,chase_mode=no')
(None, (('players', '4'), ('chase_mode', 'no')))
>>> join_rules_text(None, [('players', 4), ('chase_mode', True)])
'players=4,chase_mode=yes'
>>> parse_bool('TRUE'), parse_bool('no')
(True, False)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Final

from cardgames.errors import NotationError
from cardgames.validation import as_tuple, ascii_lower, quote

__all__ = [
    "format_rule_value",
    "join_rules_text",
    "parse_bool",
    "parse_rule_int",
    "split_rules_text",
]

_TRUE: Final = frozenset({"yes", "true"})
_FALSE: Final = frozenset({"no", "false"})
_NAME: Final = re.compile(r"[a-z][a-z0-9_]*")
_PRESET: Final = re.compile(r"[a-z][a-z0-9_-]*")
_INT: Final = re.compile(r"-?[0-9]{1,18}")
_INT_BOUND: Final = 10**18  # what _INT reads: at most 18 digits
_SEPARATORS: Final = re.compile(r"[,=]")
# Longer than any rule set ever written; keeps the splitting cheap on hostile input.
_MAX_TEXT: Final = 10_000


def split_rules_text(text: object) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """Split written rules into the preset name (or None) and the ``(field, value)`` pairs, in
    order. Only the syntax is checked here: each game checks the names and values.

    :raises NotationError: if ``text`` is not a string, is empty or too long, repeats a field,
        or has an item that is neither a preset name (first only) nor ``field=value``.
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid rules {quote(text)}: expected a string")
    if not text.strip() or len(text) > _MAX_TEXT:
        raise NotationError(
            f"invalid rules {quote(text)}: expected comma-separated items such as "
            "'players=4,chase_mode=yes' or 'traditional-3,magician_bonus=0'"
        )
    preset: str | None = None
    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    for position, raw in enumerate(text.split(",")):
        item = raw.strip()
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not sep:
            if position == 0 and _PRESET.fullmatch(item):
                preset = item
                continue
            raise NotationError(
                f"invalid rules {quote(text)}: expected field=value, got {quote(item)}"
            )
        if not _NAME.fullmatch(name) or not value or "=" in value:
            raise NotationError(
                f"invalid rules {quote(text)}: expected field=value, got {quote(item)}"
            )
        if name in seen:
            raise NotationError(f"invalid rules {quote(text)}: {name} is given twice")
        seen.add(name)
        pairs.append((name, value))
    return preset, tuple(pairs)


def parse_bool(text: str) -> bool:
    """Read a boolean rule value: ``yes``/``true`` or ``no``/``false``, in any letter case.

    :raises NotationError: for anything else (a value that is not a string included).
    """
    if isinstance(text, str):
        lowered = ascii_lower(text)
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
    raise NotationError(f"invalid boolean {quote(text)}: expected yes or no")


def parse_rule_int(text: str) -> int:
    """Read an integer rule value (at most 18 digits, optionally negative); the rule set's own
    constructor checks the range.

    :raises NotationError: if ``text`` is not such an integer (or not a string at all).
    """
    if not isinstance(text, str) or not _INT.fullmatch(text):
        raise NotationError(f"invalid number {quote(text)}: expected an integer")
    return int(text)


def format_rule_value(value: object) -> str:
    """The written form of one rule value: ``yes``/``no`` for booleans, an enum's value, and
    ``str()`` of an int or a string.

    :raises NotationError: for any other value, and for one whose written form would not read
        back as one value (an int of more than 18 digits; an empty string, or one with a comma,
        an ``=`` or spaces around it).
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, bool):  # an enum whose values are booleans
        return "yes" if value else "no"
    if isinstance(value, int):
        if -_INT_BOUND < value < _INT_BOUND:
            return str(int(value))
        raise NotationError(f"cannot write the rule value {quote(value)}: more than 18 digits")
    if isinstance(value, str):
        if value and value == value.strip() and not _SEPARATORS.search(value):
            return value
        raise NotationError(
            f"cannot write the rule value {quote(value)}: a written value is not empty and has "
            "no comma, '=' or spaces around it"
        )
    raise NotationError(
        f"cannot write the rule value {quote(value)}: expected a bool, an int, a string or an "
        "enum member"
    )


def join_rules_text(preset: str | None, pairs: Iterable[tuple[str, object]]) -> str:
    """Write a rule set: the preset name (if any), then each ``field=value``, joined by commas.

    :raises NotationError: if the text would not read back with :func:`split_rules_text`
        into the same preset and values: a preset or field name of the wrong form, a field
        given twice, a value :func:`format_rule_value` cannot write, nothing to write, or more
        than 10,000 characters.
    """
    if preset is not None and not (isinstance(preset, str) and _PRESET.fullmatch(preset)):
        raise NotationError(
            f"cannot write the rules preset {quote(preset)}: expected a name such as "
            "'traditional-3'"
        )
    items = [] if preset is None else [preset]
    seen: set[str] = set()
    for pair in as_tuple(pairs, "rules items", error=NotationError):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise NotationError(f"cannot write the rules item {quote(pair)}: expected a pair")
        name, value = pair
        if not isinstance(name, str) or not _NAME.fullmatch(name) or name in seen:
            raise NotationError(
                f"cannot write the rules field {quote(name)}: expected a new name such as 'players'"
            )
        seen.add(name)
        items.append(f"{name}={format_rule_value(value)}")
    text = ",".join(items)
    if not text or len(text) > _MAX_TEXT:
        raise NotationError(
            f"cannot write rules of {len(text)} characters: expected 1 to {_MAX_TEXT}"
        )
    return text
