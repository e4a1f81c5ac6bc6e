"""How the solver's result types travel in a pickle: their numbers as plain ints.

A Fraction pickles as a call of Fraction(numerator, denominator), which normalises it again;
here a whole number travels as the int itself and any other as (numerator, denominator), and
whole numbers are read back through a cache of the Fractions made.

>>> from fractions import Fraction
>>> number_codes(Fraction(3), Fraction(7, 2))
(3, (7, 2))
>>> number((7, 2)), number(3)
(Fraction(7, 2), Fraction(3, 1))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

__all__ = ["NumberCode", "number", "number_code", "number_codes"]

NumberCode = int | tuple[int, int]
"""A number as it travels: a whole number as the int, any other as (numerator, denominator)."""
_WHOLE: dict[int, Fraction] = {}
_WHOLE_LIMIT: Final = 1 << 12  # whole numbers cached: -4096 to 4096, a few hundred in use


def number_code(value: Fraction) -> NumberCode:
    """``value`` as it travels."""
    if value.denominator == 1:
        return value.numerator
    return (value.numerator, value.denominator)


def number_codes(*values: Fraction) -> tuple[NumberCode, ...]:
    """Several numbers as they travel."""
    return tuple([number_code(value) for value in values])


def number(code: NumberCode) -> Fraction:
    """The Fraction a code stands for."""
    if type(code) is int:
        value = _WHOLE.get(code)
        if value is None:
            value = Fraction(code)
            if -_WHOLE_LIMIT <= code <= _WHOLE_LIMIT:
                _WHOLE[code] = value
        return value
    numerator, denominator = code  # type: ignore[misc]
    return Fraction(numerator, denominator)
