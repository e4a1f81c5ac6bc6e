"""The pieces of text the solver's result types are written with
(:mod:`cardgames.search.results`): moves in Unicode, values exact, as bounds or as estimates.

>>> from fractions import Fraction
>>> from cardgames.search.results import MoveValue
>>> entry = MoveValue(move="KH", value=Fraction(26), lower=Fraction(20), upper=Fraction(40))
>>> value_text(entry, "estimate"), value_text(entry, "bounds")
('≈26 (20..40)', '20..40')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.errors import CardgamesError
from cardgames.render import format_bounds, format_points

if TYPE_CHECKING:
    from cardgames.search.results import Analysis, Bound, MoveValue

__all__ = ["analysis_summary", "move_unicode", "reads_as", "side_text", "value_text"]


def reads_as(text: str, move: object) -> bool:
    """Whether the move type's own parser reads ``text`` as ``move``; any failure means no."""
    parse = getattr(type(move), "parse", None)
    if parse is None:
        return False
    try:
        return bool(parse(text) == move)
    except CardgamesError:
        return False


def move_unicode(move: object) -> str:
    """A move in Unicode: its own ``to_unicode()``, else its card's (a Tarot move, a Chase the
    Tailor Play), else its written form."""
    for owner in (move, getattr(move, "card", None)):
        to_unicode = getattr(owner, "to_unicode", None)
        if callable(to_unicode):
            return str(to_unicode())
    return str(move)


def value_text(entry: MoveValue[Any], bound: Bound) -> str:
    """A move's value as the move table shows it: exact, ``≈`` an estimate (with its proved
    bounds), or bounds ``a..b``."""
    if entry.exact or bound == "horizon":
        return format_points(entry.value)
    if bound == "estimate":
        return f"≈{format_points(entry.value)} ({format_bounds(entry.lower, entry.upper)})"
    return format_bounds(entry.lower, entry.upper)


def side_text(analysis: Analysis[Any]) -> str:
    """The seat the values are for, with its side's seats when it has partners."""
    if len(analysis.side) > 1:
        seats = ", ".join(str(seat) for seat in analysis.side)
        return f"seat {analysis.perspective} (side: seats {seats})"
    return f"seat {analysis.perspective}"


def analysis_summary(analysis: Analysis[Any]) -> str:
    """The analysis' value, and how far to trust it, after ``Value:``."""
    value = format_points(analysis.value)
    if analysis.exact:
        return f"{value} (exact)"
    if analysis.bound == "estimate":
        low, high = format_points(analysis.lower), format_points(analysis.upper)
        return f"≈{value} (an estimate; proved between {low} and {high})"
    if analysis.bound == "horizon":
        if analysis.horizon is None:
            return f"{value} (estimate: search cut at a horizon)"
        unit = "tricks" if analysis.game == "tarot" else "turns"
        if analysis.game == "tarot" and analysis.horizon == 1:
            unit = "trick"
        return f"{value} (estimate: search cut at a horizon of {analysis.horizon} {unit})"
    return (
        f"between {format_points(analysis.lower)} and {format_points(analysis.upper)} "
        "(bounds: a limit stopped the search)"
    )
