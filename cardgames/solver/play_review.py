"""Reviewing a played deal or round: every move judged by the solver, and a summary per seat.

:func:`review` is what ``cardgames review`` prints, as a value: each move of a deal (or
round) judged with :func:`cardgames.solver.analyse_play` (the moves that are not cards played
listed without a value), then one :class:`PlayerSummary` per seat: how many moves it made,
what they cost in total, how many were inaccuracies, mistakes and blunders by the game's
:class:`~cardgames.search.grades.LossGrades`, its accuracy and its worst move.
:meth:`Review.to_html` makes the review page (:mod:`cardgames.solver.review_page`).

>>> from cardgames import solver, tarot
>>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=8, tricks_left=2)
>>> result = solver.review(state, solver.analyse(state).pv)
>>> [summary.total_loss for summary in result.summaries]
[Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)]
>>> print(result.summaries[0].to_unicode())
seat 0: 2 moves, points lost 0, 0 inaccuracies, 0 mistakes, 0 blunders, accuracy 100%
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from cardgames import games
from cardgames.errors import AnalysisError, CardgamesError
from cardgames.render import format_points, text_width
from cardgames.search.grades import Grade, LossGrades
from cardgames.search.results import Analysis, Limit, PlayStep
from cardgames.solver.review_page import review_html
from cardgames.validation import quote, strict_arguments

__all__ = [
    "ESTIMATES_LEGEND",
    "REVIEW_LEGEND",
    "PlayerSummary",
    "Review",
    "Unjudged",
    "review",
    "review_heading",
    "review_line",
    "review_sides",
    "summarise",
]

REVIEW_LEGEND: Final = (
    "'best play' is a move the solver rates best there (the move played, when it was one), "
    "'best' the position's value with best play, 'move' the value of the move played, 'loss' "
    "the difference (0: a best move). "
    "'a..b' is a value known only between a and b (a time or node limit stopped the search); "
    "'≈' marks an estimate (in Chase the Tailor the search stops at a horizon)."
)
ESTIMATES_LEGEND: Final = (
    "'best play' is a move the solver rates best there (the move played, when it was one), "
    "'best' the position's value with best play, 'move' the value of the move played, 'loss' "
    "the difference (0: a best move). A "
    "number without a mark is exact. '≈' marks an estimate: the exact search did not settle "
    "the value in the time given, so a search a trick or two deep estimates it, within the "
    "bounds the exact search proved."
)
"""The paragraph that explains a review's columns."""

_VALUE_WIDTH: Final = 11
_LOSS_WIDTH: Final = 9


@strict_arguments
@attrs.frozen(kw_only=True)
class Unjudged:
    """A move a review lists without judging it: under French rules a bid, the call, the
    taker's discard, the announcement or a poignée (the solver values the play of the cards).

    :param number: the move's number in the deal, from 1.
    :param player: the seat that made it.
    :param move: the move.
    :param what: ``"bid"``, ``"call"``, ``"discard"``, ``"announcement"`` or
        ``"declaration"``.
    """

    number: int
    player: int
    move: Any
    what: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: the number, the seat, the move as written and what it is."""
        return {
            "number": self.number,
            "player": self.player,
            "move": str(self.move),
            "what": self.what,
        }


@strict_arguments
@attrs.frozen(kw_only=True)
class PlayerSummary:
    """How one seat played in a review.

    The moves judged exactly count, and those judged by an estimate (a Tarot review with
    estimates, or in Chase the Tailor every move); a move judged under a limit without an
    estimate has bounds, not a value, and does not count. Grades and accuracy are those of
    the game's :class:`~cardgames.search.grades.LossGrades`, from each move's loss as far as
    its search supports it (:meth:`~cardgames.search.grades.LossGrades.supported_loss`).

    :param seat: the seat.
    :param moves: the seat's moves that were judged.
    :param exact: how many of them count (judged exactly, or by estimates).
    :param total_loss: the sum of their losses (estimates included as they are).
    :param inaccuracies: how many of them are inaccuracies.
    :param mistakes: how many are mistakes.
    :param blunders: how many are blunders.
    :param accuracy: the mean accuracy of the moves that count, from 0 to 1 (None if none
        count).
    :param worst: the one that lost the most (the first of equals), None if none lost anything.
    :param estimated: how many of those that count were judged by a Tarot estimate (a step
        with ``bound == "estimate"`` not proved exact); the others were judged exactly.
    :param unit: what the values count (``"points"``, ``"tricks"``), for the text.
    """

    seat: int
    moves: int
    exact: int
    total_loss: Fraction
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0
    accuracy: Fraction | None = None
    worst: PlayStep[Any] | None = None
    estimated: int = 0
    unit: str = "points"

    def count(self, grade: Grade) -> int:
        """How many of the seat's moves earned ``grade``."""
        return {
            Grade.INACCURACY: self.inaccuracies,
            Grade.MISTAKE: self.mistakes,
            Grade.BLUNDER: self.blunders,
        }[grade]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (fractions as ``"a/b"`` strings; the accuracy as a share from 0
        to 1)."""
        return {
            "seat": self.seat,
            "moves": self.moves,
            "exact": self.exact,
            "total_loss": _jsonable(self.total_loss),
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
            "accuracy": None if self.accuracy is None else _jsonable(self.accuracy),
            "worst": None if self.worst is None else self.worst.to_dict(),
            "estimated": self.estimated,
        }

    def accuracy_text(self) -> str:
        """The accuracy as a whole percentage (``"67%"``), ``"-"`` when no move counts."""
        return "-" if self.accuracy is None else f"{float(self.accuracy) * 100:.0f}%"

    def to_unicode(self, move_text: Callable[[Any], str] | None = None) -> str:
        """The seat's line of a review's summary.

        >>> print(PlayerSummary(seat=2, moves=4, exact=3, total_loss=Fraction(23, 3),
        ...                     mistakes=1, accuracy=Fraction(2, 3)))
        seat 2: 3 moves, points lost 7⅔, 0 inaccuracies, 1 mistake, 0 blunders, accuracy 67%
        >>> print(PlayerSummary(seat=0, moves=5, exact=5, total_loss=Fraction(4), blunders=1,
        ...                     accuracy=Fraction(4, 5), estimated=3))
        seat 0: 5 moves (2 exact, 3 estimated), points lost ≈4, 0 inaccuracies, 0 mistakes,
        1 blunder, accuracy 80%
        """
        moves, mark = f"{self.exact} moves", ""
        if self.estimated:
            moves += f" ({self.exact - self.estimated} exact, {self.estimated} estimated)"
            mark = "≈"
        counts = ", ".join(
            f"{self.count(grade)} {grade.value if self.count(grade) == 1 else grade.plural}"
            for grade in Grade
        )
        line = (
            f"seat {self.seat}: {moves}, {self.unit} lost {mark}"
            f"{format_points(self.total_loss)}, {counts}, accuracy {self.accuracy_text()}"
        )
        worst = self.worst
        if worst is not None:
            show = move_text if move_text is not None else _move_text
            where = f"move {worst.number} " if worst.number is not None else ""
            best = "" if worst.best_move is None else f", best {show(worst.best_move)}"
            line += f"; worst {where}({show(worst.move)}, lost {worst.value_texts()[2]}{best})"
        return line

    def __str__(self) -> str:
        return self.to_unicode()


def summarise(
    steps: Iterable[PlayStep[Any]],
    players: int,
    grades: LossGrades,
    estimates: bool = False,
) -> tuple[PlayerSummary, ...]:
    """One :class:`PlayerSummary` per seat for judged moves ``steps``
    (:class:`cardgames.solver.PlayStep` objects), graded by ``grades`` (the game's
    :meth:`~cardgames.games.GameAnalysis.loss_grades`).

    :param estimates: count the steps that are not exact too (Chase the Tailor, whose search
        stops at a horizon, so that its values are estimates); otherwise only exact steps
        count, and the Tarot steps judged by an estimate (``bound == "estimate"``), which
        each summary counts apart as ``estimated``.

    >>> from cardgames.search.grades import LossGrades
    >>> grades = LossGrades(inaccuracy=1, mistake=2, blunder=4)
    >>> steps = [
    ...     PlayStep(move='a', player=0, before=Fraction(5), after=Fraction(5), loss=Fraction(0),
    ...              exact=True),
    ...     PlayStep(move='b', player=1, before=Fraction(3), after=Fraction(1), loss=Fraction(2),
    ...              exact=True),
    ...     PlayStep(move='c', player=0, before=Fraction(5), after=Fraction(4), loss=Fraction(1),
    ...              exact=False),
    ... ]
    >>> [(s.moves, s.exact, s.total_loss, s.mistakes, s.accuracy)
    ...  for s in summarise(steps, 2, grades)]
    [(2, 1, Fraction(0, 1), 0, Fraction(1, 1)), (1, 1, Fraction(2, 1), 1, Fraction(1, 2))]
    """
    steps = tuple(steps)
    summaries = []
    for seat in range(players):
        mine = [step for step in steps if step.player == seat]
        counted = [step for step in mine if step.exact or estimates or _estimated(step)]
        lost = [step for step in counted if step.loss > 0]
        judged = [grades.judge(step) for step in counted]
        accuracy = None
        if counted:
            total = sum((grades.accuracy(grades.supported_loss(step)) for step in counted), 0)
            accuracy = Fraction(total) / len(counted)
        summaries.append(
            PlayerSummary(
                seat=seat,
                moves=len(mine),
                exact=len(counted),
                total_loss=sum((step.loss for step in counted), Fraction(0)),
                inaccuracies=judged.count(Grade.INACCURACY),
                mistakes=judged.count(Grade.MISTAKE),
                blunders=judged.count(Grade.BLUNDER),
                accuracy=accuracy,
                worst=max(lost, key=lambda step: step.loss, default=None),
                estimated=sum(1 for step in counted if _estimated(step)),
                unit=grades.unit,
            )
        )
    return tuple(summaries)


@strict_arguments
@attrs.frozen(kw_only=True)
class Review:
    """The result of :func:`review`: every move listed in order, judged or not, the analysis
    each judgement came from, and the summary per seat.

    :param start: the position the deal (or round) started from.
    :param moves: every move of the deal, from ``start``.
    :param first: how many moves come before the first one listed (the ``after`` asked for,
        or the Tarot dealer's discard, which is never judged).
    :param discard: how many of the moves are the dealer's discard (traditional and
        simplified Tarot; 0 otherwise).
    :param items: each listed move in order: a :class:`~cardgames.solver.PlayStep` for a
        judged one, an :class:`Unjudged` for a French move that is not a card played.
    :param summaries: one :class:`PlayerSummary` per seat.
    :param tarot_estimates: whether the Tarot moves were judged with ``estimates=True`` (see
        :func:`review`).
    :param analyses: for each item, the :class:`~cardgames.search.results.Analysis` of the
        position it was played from (every legal move valued, from the side of the seat
        that moved), or None for a move not judged: what the review page shows at every
        moment, kept so that nothing is searched twice (left out of ``==``: two reviews of
        the same moves are equal though their searches took different times).
    :param sides: whose values they are, in words, for each seat
        (:meth:`~cardgames.games.GameAnalysis.side_words` at the first judged move; empty
        when no move is judged).
    """

    start: Any
    moves: tuple[Any, ...]
    first: int
    discard: int
    items: tuple[PlayStep[Any] | Unjudged, ...]
    summaries: tuple[PlayerSummary, ...]
    tarot_estimates: bool = False
    analyses: tuple[Analysis[Any] | None, ...] = attrs.field(default=(), eq=False)
    sides: tuple[str, ...] = ()

    @property
    def game(self) -> str:
        """The game's name (``"tarot"``, ``"tailor"``, ``"bridge"``, ...)."""
        return games.of(self.start).name

    @property
    def estimates(self) -> bool:
        """Whether the values are estimates (Chase the Tailor, searched to a horizon), which
        the summary counts; otherwise it counts only exactly judged moves."""
        return games.of(self.start).analysis.values_are_estimates()

    @property
    def grades(self) -> LossGrades:
        """How the game grades a loss (its analysis'
        :meth:`~cardgames.games.GameAnalysis.loss_grades`)."""
        return games.of(self.start).analysis.loss_grades(self.start)

    def grade_of(self, step: PlayStep[Any]) -> Grade | None:
        """The grade of one judged move: an inaccuracy, a mistake, a blunder or None
        (:meth:`~cardgames.search.grades.LossGrades.judge`)."""
        return self.grades.judge(step)

    @property
    def steps(self) -> tuple[PlayStep[Any], ...]:
        """The judged moves."""
        return tuple(item for item in self.items if isinstance(item, PlayStep))

    @property
    def not_judged(self) -> tuple[Unjudged, ...]:
        """The moves listed without a value."""
        return tuple(item for item in self.items if isinstance(item, Unjudged))

    @property
    def inexact(self) -> int:
        """How many judged moves the summary leaves out because a limit stopped their search
        (and no estimate stands in for their values)."""
        if self.estimates:
            return 0
        return sum(1 for step in self.steps if not step.exact and step.bound == "bounds")

    @property
    def judged_exactly(self) -> int:
        """How many moves were judged exactly (both values proved)."""
        return sum(1 for step in self.steps if step.exact)

    @property
    def judged_by_estimates(self) -> int:
        """How many moves were judged by an estimate: in a Tarot review with estimates, those
        the exact search did not settle in the time given; in Chase the Tailor, every move."""
        return sum(1 for step in self.steps if not step.exact and step.bound != "bounds")

    def heading_lines(self) -> list[str]:
        """The legend, whose values they are, the grades, the discard left out (if any) and
        the column heads."""
        width = _move_width(self.start, self.moves)
        return review_heading(self.start, self.discard, self.tarot_estimates, self.sides, width)

    def item_line(self, item: PlayStep[Any] | Unjudged) -> str:
        """One row of the table (see :func:`~cardgames.solver.play_review.review_line`)."""
        game = games.of(self.start)
        width = _move_width(self.start, self.moves)
        return review_line(item, width, game.move_text, self.grades)

    def summary_text(self) -> str:
        """The summary: a line per seat, and how many moves were left out for their bounds."""
        judged = "every move judged, by estimates" if self.estimates else "moves judged exactly"
        if self.tarot_estimates:
            exact, estimated = self.judged_exactly, self.judged_by_estimates
            judged = (
                f"{exact} move{'s' if exact != 1 else ''} judged exactly, {estimated} by "
                "estimates marked ≈"
            )
        lines = [
            f"Summary ({judged}; accuracy: 100% for a move that lost nothing, 0% for a blunder):"
        ]
        move_text = games.of(self.start).move_text
        lines.extend(f"  {summary.to_unicode(move_text)}" for summary in self.summaries)
        if self.inexact:
            lines.append(
                f"{self.inexact} move{'s' if self.inexact != 1 else ''} judged under a limit "
                "(shown as bounds a..b) left out; allow more time (--time-limit) to judge them "
                "exactly."
            )
        return "\n".join(lines)

    def to_unicode(self) -> str:
        """The whole review as ``cardgames review`` prints it (after its title line)."""
        lines = self.heading_lines()
        lines.extend(self.item_line(item) for item in self.items)
        lines.append(self.summary_text())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_unicode()

    def to_html(self, title: str | None = None) -> str:
        """The review as one self-contained HTML page: the table at every moment of the deal,
        every legal move valued, the value graph, the graded moves and the summary per seat
        (see :func:`cardgames.solver.review_page.review_html`).

        :param title: the page's heading (default: the game, its rules and the number of
            moves).
        """
        return review_html(self, title=title)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: the game, the first move judged, every step (with its grade and
        every legal move's value), the moves not judged, the grades, whose values they are
        and the summary (the ``--json`` of ``cardgames review`` adds the file and the deal).
        Every step has the same keys, exact or not."""
        judged = [step.number for step in self.steps if step.number is not None]
        grades = self.grades
        values: dict[int, Analysis[Any]] = {}
        for item, analysis in zip(self.items, self.analyses, strict=False):
            if isinstance(item, PlayStep) and analysis is not None and item.number is not None:
                values[item.number] = analysis
        steps = []
        for step in self.steps:
            grade = grades.judge(step)
            analysis = values.get(step.number) if step.number is not None else None
            steps.append(
                step.to_dict()
                | {
                    "grade": None if grade is None else grade.value,
                    "values": []
                    if analysis is None
                    else [entry.to_dict() for entry in analysis.move_values],
                }
            )
        return {
            "game": self.game,
            "first_judged": judged[0] if judged else self.first + 1,
            "sides": list(self.sides),
            "grades": grades.to_dict(),
            "steps": steps,
            "not_judged": [item.to_dict() for item in self.not_judged],
            "summary": [summary.to_dict() for summary in self.summaries],
            "estimates": self.tarot_estimates,
            "judged_exactly": self.judged_exactly,
            "judged_by_estimates": self.judged_by_estimates,
        }


def review_heading(
    start: Any,
    discard: int = 0,
    estimates: bool = False,
    sides: Sequence[str] = (),
    width: int = 8,
) -> list[str]:
    """The lines a review table starts with: the legend (wrapped; for a Tarot review with
    ``estimates``, :data:`ESTIMATES_LEGEND`), whose values they are (``sides``, one line per
    seat, from :func:`review_sides`), what makes an inaccuracy, a mistake and a blunder, the
    dealer's discard left out (when ``discard`` moves are), and the column heads (``width``:
    that of the move columns, as given to :func:`review_line`)."""
    import textwrap

    game = games.of(start)
    with_estimates = estimates and not game.analysis.values_are_estimates()
    lines = textwrap.wrap(ESTIMATES_LEGEND if with_estimates else REVIEW_LEGEND, width=88)
    if sides:
        lines.extend(
            textwrap.wrap(
                f"Each value is for the side of the seat that moved ({game.analysis.objective}):",
                width=88,
            )
        )
        lines.extend(f"  seat {seat}: {words}" for seat, words in enumerate(sides))
    grades = game.analysis.loss_grades(start)
    lines.extend(textwrap.wrap(f"Grades: {grades.to_unicode()}.", width=88))
    if discard:
        lines.append(f"  moves 1 to {discard}: the dealer's discard (not judged)")
    lines.append(
        f"  {'move':>4}  {'seat':>4}  {_left('played', width)}  {_left('best play', width)}  "
        f"{'best':>{_VALUE_WIDTH}}  {'move':>{_VALUE_WIDTH}}  {'loss':>{_LOSS_WIDTH}}"
    )
    return lines


def review_line(
    item: PlayStep[Any] | Unjudged,
    width: int = 8,
    move_text: Callable[[Any], str] | None = None,
    grades: LossGrades | None = None,
) -> str:
    """One row of a review table: the move's number and seat, the move played, a best move
    there (the move played itself when it was one), the best value, the move's value and the
    loss (bounds ``a..b`` under a limit, ``≈`` for estimates), and ``<- mistake`` (or
    inaccuracy, or blunder) when ``grades`` grade the move (as far as its search supports
    the loss: see :meth:`~cardgames.search.grades.LossGrades.supported_loss`). ``move_text``
    writes a move (the game's :meth:`~cardgames.games.GameDescriptor.move_text`; by default
    as the first game that knows the move writes it).

    >>> from cardgames.search.grades import LossGrades
    >>> step = PlayStep(move='7C', player=1, before=Fraction(44, 3), after=Fraction(7),
    ...                 loss=Fraction(23, 3), exact=True, number=58, best_move='8S')
    >>> print(review_line(step, grades=LossGrades(inaccuracy=2, mistake=4, blunder=8)))
        58     1  7C        8S                14⅔            7         7⅔  <- mistake
    """
    if move_text is None:
        move_text = _move_text
    if isinstance(item, Unjudged):
        return (
            f"  {item.number:>4}  {item.player:>4}  {_left(move_text(item.move), width)}  "
            f"{_left('-', width)}  {'-':>{_VALUE_WIDTH}}  {'-':>{_VALUE_WIDTH}}  "
            f"{'-':>{_LOSS_WIDTH}}  ({item.what}, not judged)"
        )
    best, after, loss = item.value_texts()
    grade = None if grades is None else grades.judge(item)
    flag = "" if grade is None else f"  <- {grade.value}"
    number = "" if item.number is None else str(item.number)
    best_move = "-" if item.best_move is None else move_text(item.best_move)
    return (
        f"  {number:>4}  {item.player:>4}  {_left(move_text(item.move), width)}  "
        f"{_left(best_move, width)}  {best:>{_VALUE_WIDTH}}  {after:>{_VALUE_WIDTH}}  "
        f"{loss:>{_LOSS_WIDTH}}{flag}"
    )


def review_sides(start: Any, moves: Sequence[Any], after: int = 0) -> tuple[str, ...]:
    """Whose values a review of ``moves`` from ``start`` (judged after move ``after``) gives,
    in words, for each seat: :meth:`~cardgames.games.GameAnalysis.side_words` at the first
    judged move (under French rules the sides are known once the bidding is over); empty when
    no move is judged.

    >>> from cardgames import tarot
    >>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=8, tricks_left=2)
    >>> review_sides(state, state.legal_moves()[:1])[0]
    'seat 0 alone against seats 1 and 2 together'
    """
    game = games.of(start)
    judge = game.analysis
    position = start
    first = max(after, judge.skipped(start))
    for number, move in enumerate(moves):
        if number >= first and judge.judged(position, move):
            players = game.players(game.rules_of(start))
            return tuple(judge.side_words(position, seat) for seat in range(players))
        position = position.play(move)
    return ()


def review(
    start: Any,
    moves: Sequence[Any] | None = None,
    *,
    limit: Limit | None = None,
    after: int = 0,
    deal: int = 1,
    on_item: Callable[[PlayStep[Any] | Unjudged], None] | None = None,
    estimates: bool = False,
) -> Review:
    """Judge every move of a deal (Tarot) or round (Chase the Tailor) with the solver.

    Each move is judged as :func:`cardgames.solver.analyse_play` judges it, from the side of
    the seat that made it, and the analysis it was judged by is kept
    (``Review.analyses``: every legal move's value at that moment). The Tarot dealer's
    discard is skipped (the solver analyses the play of the cards); under French rules the
    bids, the call, the taker's discard, the announcement and the poignées are listed as
    :class:`Unjudged`. A step's ``best_move`` is the move played when it was one of the best,
    else the one the analysis' best line starts with.

    :param start: the starting position (the state of a game: ``tarot.State``,
        ``tailor.State``, ``bridge.State``...), with ``moves``; or a record read with the
        game's ``loads`` (without ``moves``; ``deal`` chooses the deal of a record of several).
    :param moves: the moves played from ``start``.
    :param limit: the budget for each move's analysis (None: each solved exactly, which can
        take long for the first moves of a whole deal).
    :param after: judge only the moves after move ``after`` (0: every move).
    :param deal: the deal or round of a record, counted from 1.
    :param on_item: called with each step (or unjudged move) as soon as it is ready, for a
        report that shows progress.
    :param estimates: Tarot under a ``limit``: judge each move with
        ``solver.analyse(..., estimates=True)``, so that a move the exact search does not
        settle in time is judged by an estimate within the bounds it proved (its step has
        ``bound == "estimate"``) and counts in the summary, as an estimate, instead of being
        left out. Chase the Tailor is judged by estimates anyway.
    :raises AnalysisError: for ``after`` or ``deal`` out of range, or anything but a position
        with moves or a record.
    :raises IllegalMoveError: if a move is not legal where it is played.
    """
    state, moves = _played(start, moves, deal)
    total = len(moves)
    if type(after) is not int or not 0 <= after <= total:
        raise AnalysisError(
            f"invalid after {quote(after)}: the deal has {total} moves (choose 0 to {total})"
        )
    if limit is not None and not isinstance(limit, Limit):
        raise AnalysisError(f"invalid limit {quote(limit)}: expected a solver.Limit or None")
    if not isinstance(estimates, bool):
        raise AnalysisError(f"invalid estimates {quote(estimates)}: expected True or False")
    if on_item is not None and not callable(on_item):
        raise AnalysisError(f"invalid on_item {quote(on_item)}: expected a callable or None")
    game = games.of(state)
    judge = game.analysis
    tarot_estimates = estimates and not judge.values_are_estimates()
    discard = judge.skipped(state)
    first = max(after, discard)
    position: Any = state
    for move in moves[:first]:
        position = position.play(move)
    items: list[PlayStep[Any] | Unjudged] = []
    analyses: list[Analysis[Any] | None] = []
    for number, move in enumerate(moves[first:], start=first + 1):
        item: PlayStep[Any] | Unjudged
        following = position.play(move)  # raises IllegalMoveError with the rule broken
        analysis: Analysis[Any] | None = None
        if judge.judged(position, move):
            analysis = judge.analyse(
                position,
                perspective=position.to_move,
                limit=limit,
                progress=None,
                horizon=None,
                estimates=tarot_estimates,
            )
            item = PlayStep.judged(analysis, move, position.to_move, number)
            item = attrs.evolve(item, best_move=_best_move(analysis, item.move))
        else:
            item = Unjudged(
                number=number,
                player=game.chooser(position),
                move=move,
                what=judge.unjudged_kind(position),
            )
        items.append(item)
        analyses.append(analysis)
        if on_item is not None:
            on_item(item)
        position = following
    steps = [item for item in items if isinstance(item, PlayStep)]
    players = game.players(game.rules_of(state))
    grades = judge.loss_grades(state)
    return Review(
        start=state,
        moves=moves,
        first=first,
        discard=discard,
        items=tuple(items),
        summaries=summarise(steps, players, grades, judge.values_are_estimates()),
        tarot_estimates=tarot_estimates,
        analyses=tuple(analyses),
        sides=review_sides(state, moves, first),
    )


def _best_move(analysis: Analysis[Any], played: Any) -> Any:
    # The move played when it was one of the best, else the one the best line starts with
    # (estimates often tie), else the first best move.
    best = analysis.best_moves
    if played in best:
        return played
    if analysis.pv and analysis.pv[0] in best:
        return analysis.pv[0]
    return best[0] if best else None


def _estimated(step: PlayStep[Any]) -> bool:
    # Whether a step is judged by a Tarot estimate (not both of its values proved).
    return step.bound == "estimate" and not step.exact


def _played(start: Any, moves: Sequence[Any] | None, deal: int) -> tuple[Any, tuple[Any, ...]]:
    # The starting position and the moves, from a position and moves or from a record.
    game = games.find(start)
    if game is not None and isinstance(start, game.state_type):
        if moves is None or isinstance(moves, str) or not isinstance(moves, Iterable):
            raise AnalysisError(
                f"invalid moves {quote(moves)}: expected the sequence of moves played from the "
                "position"
            )
        return start, tuple(moves)
    if moves is not None:
        raise AnalysisError(
            f"invalid start {quote(start)}: expected the state of a game, with its moves"
        )
    deals = getattr(start, "deals", None)
    if deals is None and callable(getattr(start, "start", None)):
        deals = (start,)
    if not isinstance(deals, tuple) or not deals or not callable(getattr(deals[0], "start", None)):
        raise AnalysisError(
            f"cannot review {type(start).__name__!r}: expected the state of a game with its "
            "moves, or a record of a game"
        )
    if type(deal) is not int or not 1 <= deal <= len(deals):
        raise AnalysisError(
            f"invalid deal {quote(deal)}: the record has {len(deals)} deal"
            f"{'s' if len(deals) != 1 else ''} (choose 1 to {len(deals)})"
        )
    chosen = deals[deal - 1]
    return chosen.start(), tuple(chosen.moves)


def _move_width(start: Any, moves: Sequence[Any] = ()) -> int:
    # Wide enough for the moves played (a French garde-contre or call-K♣, a Tailor's dump).
    move_text = games.of(start).move_text
    widest = max((text_width(move_text(move)) for move in moves), default=0)
    return min(max(8, widest), 20)


def _move_text(move: Any) -> str:
    # A move in Unicode (K♥, ✂ Q♥>2) as the first game that knows it writes it, else its
    # written form (a summary holds moves, not the game they were made in).
    for game in games.registered():
        try:
            return game.move_text(move)
        except CardgamesError:
            continue
    return str(move)


def _left(text: str, width: int) -> str:
    return text + " " * max(0, width - text_width(text))


def _jsonable(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else str(value)
