"""Grading a move by what it lost: an inaccuracy, a mistake or a blunder, and an accuracy.

A review (:func:`cardgames.solver.review`) measures each move by its *loss*: the value of the
best move minus the value of the move played, for the side that moved, in the game's own
points (card points in Tarot, hand values in Chase the Tailor, tricks in bridge). Each game
says how large a loss has to be to earn each grade (its analysis'
:meth:`~cardgames.games.GameAnalysis.loss_grades`), since a point is not worth the same in
every game:

>>> from fractions import Fraction
>>> grades = LossGrades(inaccuracy=Fraction(2), mistake=Fraction(4), blunder=Fraction(8))
>>> [grades.grade(Fraction(n)) for n in (1, 2, 5, 9)]
[None, <Grade.INACCURACY: 'inaccuracy'>, <Grade.MISTAKE: 'mistake'>, <Grade.BLUNDER: 'blunder'>]

The *accuracy* of a move falls from 100 % for a move that lost nothing, in a straight line, to
0 at a blunder's loss; a seat's accuracy is the mean over its moves:

>>> [str(grades.accuracy(Fraction(n))) for n in (0, 2, 8, 20)]
['1', '3/4', '0', '0']

A loss is graded only as far as the search supports it (:meth:`LossGrades.supported_loss`):
an exact loss as it is; under a limit without estimates the smallest loss the bounds prove;
an estimated loss (a Tarot review early in the deal) less the estimates' usual error
(``estimate_margin``), and never below what the bounds prove. So a loss of ≈⅓ between two
estimates is no inaccuracy.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Any, Final

import attrs

from cardgames.errors import AnalysisError
from cardgames.render import format_points
from cardgames.search.results import PlayStep
from cardgames.validation import quote, strict_arguments

__all__ = ["GRADE_SYMBOLS", "Grade", "LossGrades"]


class Grade(enum.Enum):
    """How bad a move was, from the least to the worst."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """The annotation chess players know: ``?!``, ``?`` or ``??``.

        >>> Grade.BLUNDER.symbol
        '??'
        """
        return GRADE_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The grade's name in the plural (``"inaccuracies"``).

        >>> Grade.MISTAKE.plural
        'mistakes'
        """
        return "inaccuracies" if self is Grade.INACCURACY else self.value + "s"


GRADE_SYMBOLS: Final = {Grade.INACCURACY: "?!", Grade.MISTAKE: "?", Grade.BLUNDER: "??"}
"""The symbol of each grade."""


def _threshold(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, Fraction) or value <= 0:
        raise AnalysisError(
            f"invalid {attribute.name} {quote(value)}: expected a loss above 0 (an int or a "
            "Fraction)"
        )


def _margin(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, Fraction) or value < 0:
        raise AnalysisError(
            f"invalid estimate_margin {quote(value)}: expected 0 or more (an int or a Fraction)"
        )


def _fraction(value: object) -> object:
    # Whole numbers are taken as they are written; anything else is left for the validator.
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    return value


def _unit(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > 40:
        raise AnalysisError(f"invalid unit {quote(value)}: expected a short word ('points')")


@strict_arguments
@attrs.frozen(kw_only=True)
class LossGrades:
    """The losses that make a move an inaccuracy, a mistake and a blunder in one game.

    :param inaccuracy: the smallest loss graded an inaccuracy.
    :param mistake: the smallest loss graded a mistake (at least ``inaccuracy``; equal to it
        when every loss worth grading is a mistake, as a trick in bridge).
    :param blunder: the smallest loss graded a blunder (at least ``mistake``); a move's
        accuracy reaches 0 there.
    :param estimate_margin: how much an estimated loss is reduced before it is graded: the
        estimates' usual error (0 where every value is an estimate of the same kind, as in
        Chase the Tailor).
    :param unit: what the values count, in the plural (``"points"``, ``"tricks"``).
    :raises AnalysisError: for a threshold that is not above 0, thresholds out of order, or a
        negative margin.

    >>> LossGrades(inaccuracy=Fraction(3), mistake=Fraction(2), blunder=Fraction(8))
    Traceback (most recent call last):
    ...
    cardgames.errors.AnalysisError: invalid grades: expected inaccuracy <= mistake <= blunder,
    got 3, 2 and 8
    """

    inaccuracy: Fraction = attrs.field(converter=_fraction, validator=_threshold)
    mistake: Fraction = attrs.field(converter=_fraction, validator=_threshold)
    blunder: Fraction = attrs.field(converter=_fraction, validator=_threshold)
    estimate_margin: Fraction = attrs.field(
        default=Fraction(0), converter=_fraction, validator=_margin
    )
    unit: str = attrs.field(default="points", validator=_unit)

    def __attrs_post_init__(self) -> None:
        if not self.inaccuracy <= self.mistake <= self.blunder:
            raise AnalysisError(
                "invalid grades: expected inaccuracy <= mistake <= blunder, got "
                f"{format_points(self.inaccuracy)}, {format_points(self.mistake)} and "
                f"{format_points(self.blunder)}"
            )

    def grade(self, loss: Fraction) -> Grade | None:
        """The grade a loss earns, or None for a loss below an inaccuracy's."""
        if loss >= self.blunder:
            return Grade.BLUNDER
        if loss >= self.mistake:
            return Grade.MISTAKE
        if loss >= self.inaccuracy:
            return Grade.INACCURACY
        return None

    def accuracy(self, loss: Fraction) -> Fraction:
        """A move's accuracy, from 1 (it lost nothing) down to 0 (it lost a blunder's worth
        or more), in a straight line between."""
        if loss <= 0:
            return Fraction(1)
        return max(Fraction(0), 1 - loss / self.blunder)

    def supported_loss(self, step: PlayStep[Any]) -> Fraction:
        """The loss of ``step`` as far as its search supports it: the loss itself when both
        values are exact (or, at a horizon, the game's own estimates); under a limit, the
        smallest loss the bounds prove; for a Tarot estimate, the estimated loss less
        ``estimate_margin``, but never less than the bounds prove.

        >>> grades = LossGrades(inaccuracy=2, mistake=4, blunder=8, estimate_margin=2)
        >>> step = PlayStep(move='KH', player=0, before=Fraction(30), after=Fraction(29),
        ...                 loss=Fraction(1), exact=False, bound='estimate',
        ...                 before_lower=Fraction(10), before_upper=Fraction(70),
        ...                 after_lower=Fraction(5), after_upper=Fraction(70))
        >>> grades.supported_loss(step)
        Fraction(0, 1)
        """
        if step.exact:
            return step.loss
        proved = step.loss_bounds[0]
        if step.bound == "bounds":
            return proved
        return max(proved, step.loss - self.estimate_margin)

    def judge(self, step: PlayStep[Any]) -> Grade | None:
        """The grade of ``step`` (:meth:`grade` of its :meth:`supported_loss`)."""
        return self.grade(self.supported_loss(step))

    def to_unicode(self) -> str:
        """The thresholds in one line.

        >>> print(LossGrades(inaccuracy=2, mistake=4, blunder=8, estimate_margin=2))
        inaccuracy: 2 points lost or more, mistake: 4 or more, blunder: 8 or more (an
        estimated loss counts 2 less)
        >>> print(LossGrades(inaccuracy=1, mistake=1, blunder=2, unit='tricks'))
        mistake: 1 trick lost or more, blunder: 2 or more
        """
        parts: list[str] = []
        for grade, value in (
            (Grade.INACCURACY, self.inaccuracy),
            (Grade.MISTAKE, self.mistake),
            (Grade.BLUNDER, self.blunder),
        ):
            if grade is Grade.INACCURACY and self.inaccuracy == self.mistake:
                continue
            if grade is Grade.MISTAKE and self.mistake == self.blunder:
                continue
            if not parts:
                unit = self.unit[:-1] if value == 1 and self.unit.endswith("s") else self.unit
                parts.append(f"{grade.value}: {format_points(value)} {unit} lost or more")
            else:
                parts.append(f"{grade.value}: {format_points(value)} or more")
        text = ", ".join(parts)
        if self.estimate_margin:
            text += f" (an estimated loss counts {format_points(self.estimate_margin)} less)"
        return text

    def __str__(self) -> str:
        return self.to_unicode()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (fractions as ``"a/b"`` strings)."""

        def plain(value: Fraction) -> int | str:
            return value.numerator if value.denominator == 1 else str(value)

        return {
            "inaccuracy": plain(self.inaccuracy),
            "mistake": plain(self.mistake),
            "blunder": plain(self.blunder),
            "estimate_margin": plain(self.estimate_margin),
            "unit": self.unit,
        }
