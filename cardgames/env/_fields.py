"""The pieces shared by both games' action spaces and observations: the :class:`Field` of an
observation layout, the check of an action id, and the error naming an id that is not legal.

>>> Field('hand', 0, 78, 'own hand').stop
78
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from cardgames.errors import IllegalMoveError
from cardgames.validation import quote, strict_arguments

__all__ = ["Field", "Layout", "add_bits", "check_action_id", "dense", "illegal_id", "layout"]

_SHOWN_IDS: Final = 60  # an error lists at most this many legal ids
_BYTE_BITS: Final = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))


@strict_arguments
@attrs.frozen
class Field:
    """One named stretch of an observation vector.

    :param name: the field's name (as in the documented tables).
    :param offset: the position of its first value.
    :param size: how many values it holds.
    :param meaning: what the values say, in a few words.
    """

    name: str
    offset: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        """The position just after its last value."""
        return self.offset + self.size


Layout = tuple[Field, ...]


def layout(parts: Iterable[tuple[str, int, str]]) -> Layout:
    """The fields ``(name, size, meaning)`` laid end to end from position 0."""
    fields = []
    offset = 0
    for name, size, meaning in parts:
        fields.append(Field(name, offset, size, meaning))
        offset += size
    return tuple(fields)


def add_bits(ones: list[int], base: int, mask: int) -> None:
    """Append ``base + i`` to ``ones`` for each set bit ``i`` of ``mask``, lowest first (a
    byte at a time: about three times quicker than one bit at a time on a hand's mask).

    >>> ones = []
    >>> add_bits(ones, 100, 0b1000000101)
    >>> ones
    [100, 102, 109]
    """
    while mask:
        byte = mask & 0xFF
        if byte:
            for bit in _BYTE_BITS[byte]:
                ones.append(base + bit)
        mask >>= 8
        base += 8


def dense(size: int, ones: Iterable[int], values: Iterable[tuple[int, float]]) -> tuple[float, ...]:
    """A vector of ``size`` zeros with 1.0 at each of ``ones`` and each ``(position, value)``."""
    vector = [0.0] * size
    for position in ones:
        vector[position] = 1.0
    for position, value in values:
        vector[position] = value
    return tuple(vector)


def check_action_id(action_id: object, size: int, game: str) -> int:
    """``action_id`` as an int from 0 to ``size - 1`` (anything with ``__index__``, such as a
    numpy integer, but never a bool).

    :raises IllegalMoveError: for anything else, quoting it.
    """
    if not isinstance(action_id, bool):
        try:
            number = operator.index(action_id)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= number < size:
                return number
    raise IllegalMoveError(
        f"invalid {game} action id {quote(action_id)}: expected an int from 0 to {size - 1}"
    )


def illegal_id(action_id: int, name: str, legal: Sequence[int], game: str) -> IllegalMoveError:
    """The error for ``action_id`` (the move ``name``), not among the ``legal`` ids."""
    if legal:
        shown = ", ".join(map(str, legal[:_SHOWN_IDS]))
        more = f" and {len(legal) - _SHOWN_IDS} more" if len(legal) > _SHOWN_IDS else ""
        expected = f"the legal ids here are {shown}{more}"
    else:
        expected = "this seat has no legal move here"
    return IllegalMoveError(f"illegal {game} action id {action_id} ({name}): {expected}")
