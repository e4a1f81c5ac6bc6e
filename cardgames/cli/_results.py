"""How the command line writes results, the same way for every game: payoffs, points and
series totals as comma-separated exact numbers (``-9, 13, -4``; a fraction with its fraction
sign, ``25⅔``: see :func:`cardgames.render.format_points`), and the winners of a whole game or
match by seat.

>>> from fractions import Fraction
>>> numbers([Fraction(-9), Fraction(77, 3), -4])
'-9, 25⅔, -4'
>>> print('\\n'.join(totals_lines([Fraction(12), Fraction(-6), Fraction(-6)], over=True)))
totals: 12, -6, -6
winner: seat 0
>>> print('\\n'.join(totals_lines([0, -3, 0], over=True)))
totals: 0, -3, 0
tied winners: seat 0, seat 2
>>> print('\\n'.join(totals_lines([0, -3, 5], over=False)))
totals: 0, -3, 5
leading: seat 2
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from cardgames.render import number

__all__ = ["numbers", "totals_lines"]


def numbers(values: Sequence[Fraction | int]) -> str:
    """``values`` comma-separated, each as :func:`cardgames.render.format_points` writes it."""
    return ", ".join(number(value) for value in values)


def totals_lines(totals: Sequence[Fraction | int], *, over: bool) -> list[str]:
    """The ``totals:`` line of a series (higher is better in every game) and the line naming
    its winners (``leading:`` while the series is unfinished)."""
    best = max(totals)
    seats = ", ".join(f"seat {seat}" for seat, total in enumerate(totals) if total == best)
    if not over:
        label = "leading"
    elif "," in seats:
        label = "tied winners"
    else:
        label = "winner"
    return [f"totals: {numbers(totals)}", f"{label}: {seats}"]
