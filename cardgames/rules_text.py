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

import re
from collections.abc import Iterable
from typing import Final

from cardgames.errors import NotationError
from cardgames.validation import quote

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

    :raises NotationError: for anything else.
    """
    lowered = text.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise NotationError(f"invalid boolean {quote(text)}: expected yes or no")


def parse_rule_int(text: str) -> int:
    """Read an integer rule value (at most 18 digits, optionally negative); the rule set's own
    constructor checks the range.

    :raises NotationError: if ``text`` is not such an integer.
    """
    if not _INT.fullmatch(text):
        raise NotationError(f"invalid number {quote(text)}: expected an integer")
    return int(text)


def format_rule_value(value: object) -> str:
    """The written form of one rule value: ``yes``/``no`` for booleans, an enum's value, and
    ``str()`` otherwise."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    enum_value = getattr(value, "value", None)
    if enum_value is not None and not isinstance(value, int | str):
        return str(enum_value)
    return str(value)


def join_rules_text(preset: str | None, pairs: Iterable[tuple[str, object]]) -> str:
    """Write a rule set: the preset name (if any), then each ``field=value``, joined by commas."""
    items = [] if preset is None else [preset]
    items.extend(f"{name}={format_rule_value(value)}" for name, value in pairs)
    return ",".join(items)
