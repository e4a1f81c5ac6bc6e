"""Reviewing a played deal or round: every move judged by the solver, and a summary per seat.

:func:`review` is what ``cardgames review`` prints, as a value: each move of a deal (or
round) judged with :func:`cardgames.solver.analyse_play` (the moves that are not cards played
listed without a value), then one :class:`PlayerSummary` per seat: how many moves it made,
what they cost in total, how many lost something, its worst move.

>>> from cardgames import solver, tarot
>>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=8, tricks_left=2)
>>> result = solver.review(state, solver.analyse(state).pv)
>>> [summary.total_loss for summary in result.summaries]
[Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)]
>>> print(result.summaries[0].to_unicode())
seat 0: 2 moves, total loss 0, 0 mistakes, best-move rate 100%
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from cardgames import games
from cardgames.errors import AnalysisError, CardgamesError
from cardgames.render import format_points, text_width
from cardgames.search.results import Limit, PlayStep
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
    "summarise",
]

REVIEW_LEGEND: Final = (
    "Values are for the side of the seat that moved: 'best' is the position's value with best "
    "play, 'move' the value of the move played, 'loss' the difference (0: a best move). "
    "'a..b' is a value known only between a and b (a time or node limit stopped the search); "
    "'≈' marks an estimate (in Chase the Tailor the search stops at a horizon)."
)
ESTIMATES_LEGEND: Final = (
    "Values are for the side of the seat that moved: 'best' is the position's value with best "
    "play, 'move' the value of the move played, 'loss' the difference (0: a best move). A "
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
    estimate has bounds, not a value, and does not count.

    :param seat: the seat.
    :param moves: the seat's moves that were judged.
    :param exact: how many of them count (judged exactly, or by estimates).
    :param total_loss: the sum of their losses.
    :param mistakes: how many of them lost something (loss above 0).
    :param worst: the one that lost the most (the first of equals), None if none lost anything.
    :param estimated: how many of those that count were judged by a Tarot estimate (a step
        with ``bound == "estimate"`` not proved exact); the others were judged exactly.
    """

    seat: int
    moves: int
    exact: int
    total_loss: Fraction
    mistakes: int
    worst: PlayStep[Any] | None = None
    estimated: int = 0

    @property
    def best_rate(self) -> Fraction | None:
        """The share of the counted moves that lost nothing (None if there are none): the
        review's accuracy figure, 1 for a seat that always kept the best value."""
        return None if not self.exact else Fraction(self.exact - self.mistakes, self.exact)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (fractions as ``"a/b"`` strings)."""
        rate = self.best_rate
        return {
            "seat": self.seat,
            "moves": self.moves,
            "exact": self.exact,
            "total_loss": _jsonable(self.total_loss),
            "mistakes": self.mistakes,
            "best_rate": None if rate is None else _jsonable(rate),
            "worst": None if self.worst is None else self.worst.to_dict(),
            "estimated": self.estimated,
        }

    def to_unicode(self) -> str:
        """The seat's line of a review's summary.

        >>> print(PlayerSummary(seat=2, moves=4, exact=3, total_loss=Fraction(23, 3), mistakes=1))
        seat 2: 3 moves, total loss 7⅔, 1 mistake, best-move rate 67%
        >>> print(PlayerSummary(seat=0, moves=5, exact=5, total_loss=Fraction(4), mistakes=2,
        ...                     estimated=3))
        seat 0: 5 moves (2 exact, 3 estimated), total loss ≈4, 2 mistakes, best-move rate 60%
        """
        rate = self.best_rate
        shown = "-" if rate is None else f"{float(rate) * 100:.0f}%"
        plural = "" if self.mistakes == 1 else "s"
        moves, mark = f"{self.exact} moves", ""
        if self.estimated:
            moves += f" ({self.exact - self.estimated} exact, {self.estimated} estimated)"
            mark = "≈"
        line = (
            f"seat {self.seat}: {moves}, total loss {mark}{format_points(self.total_loss)}, "
            f"{self.mistakes} mistake{plural}, best-move rate {shown}"
        )
        worst = self.worst
        if worst is not None:
            where = f"move {worst.number} " if worst.number is not None else ""
            line += f"; worst {where}({_move_text(worst.move)}, lost {worst.value_texts()[2]})"
        return line

    def __str__(self) -> str:
        return self.to_unicode()


def summarise(
    steps: Iterable[PlayStep[Any]], players: int, estimates: bool = False
) -> tuple[PlayerSummary, ...]:
    """One :class:`PlayerSummary` per seat for judged moves ``steps``
    (:class:`cardgames.solver.PlayStep` objects).

    :param estimates: count the steps that are not exact too (Chase the Tailor, whose search
        stops at a horizon, so that its values are estimates); otherwise only exact steps
        count, and the Tarot steps judged by an estimate (``bound == "estimate"``), which
        each summary counts apart as ``estimated``.

    >>> steps = [
    ...     PlayStep(move='a', player=0, before=Fraction(5), after=Fraction(5), loss=Fraction(0),
    ...              exact=True),
    ...     PlayStep(move='b', player=1, before=Fraction(3), after=Fraction(1), loss=Fraction(2),
    ...              exact=True),
    ...     PlayStep(move='c', player=0, before=Fraction(5), after=Fraction(4), loss=Fraction(1),
    ...              exact=False),
    ... ]
    >>> [(s.moves, s.exact, s.total_loss, s.mistakes, s.best_rate) for s in summarise(steps, 2)]
    [(2, 1, Fraction(0, 1), 0, Fraction(1, 1)), (1, 1, Fraction(2, 1), 1, Fraction(0, 1))]
    """
    steps = tuple(steps)
    summaries = []
    for seat in range(players):
        mine = [step for step in steps if step.player == seat]
        counted = [step for step in mine if step.exact or estimates or _estimated(step)]
        lost = [step for step in counted if step.loss > 0]
        summaries.append(
            PlayerSummary(
                seat=seat,
                moves=len(mine),
                exact=len(counted),
                total_loss=sum((step.loss for step in counted), Fraction(0)),
                mistakes=len(lost),
                worst=max(lost, key=lambda step: step.loss, default=None),
                estimated=sum(1 for step in counted if _estimated(step)),
            )
        )
    return tuple(summaries)


@strict_arguments
@attrs.frozen(kw_only=True)
class Review:
    """The result of :func:`review`: every move listed in order, judged or not, and the
    summary per seat.

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
    """

    start: Any
    moves: tuple[Any, ...]
    first: int
    discard: int
    items: tuple[PlayStep[Any] | Unjudged, ...]
    summaries: tuple[PlayerSummary, ...]
    tarot_estimates: bool = False

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
        """The legend, the discard left out (if any) and the column heads."""
        return review_heading(self.start, self.discard, self.tarot_estimates)

    def item_line(self, item: PlayStep[Any] | Unjudged) -> str:
        """One row of the table (see :func:`~cardgames.solver.play_review.review_line`)."""
        return review_line(item, _move_width(self.start), games.of(self.start).move_text)

    def summary_text(self) -> str:
        """The summary: a line per seat, and how many moves were left out for their bounds."""
        judged = "every move judged, by estimates" if self.estimates else "moves judged exactly"
        if self.tarot_estimates:
            exact, estimated = self.judged_exactly, self.judged_by_estimates
            judged = (
                f"{exact} move{'s' if exact != 1 else ''} judged exactly, {estimated} by "
                "estimates marked ≈"
            )
        lines = [f"Summary ({judged}; best-move rate: the share of them that lost nothing):"]
        lines.extend(f"  {summary.to_unicode()}" for summary in self.summaries)
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

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: the game, the first move judged, every step, the moves not judged
        and the summary (the ``--json`` of ``cardgames review`` adds the file and the deal)."""
        judged = [step.number for step in self.steps if step.number is not None]
        return {
            "game": self.game,
            "first_judged": judged[0] if judged else self.first + 1,
            "steps": [step.to_dict() for step in self.steps],
            "not_judged": [item.to_dict() for item in self.not_judged],
            "summary": [summary.to_dict() for summary in self.summaries],
            "estimates": self.tarot_estimates,
            "judged_exactly": self.judged_exactly,
            "judged_by_estimates": self.judged_by_estimates,
        }


def review_heading(start: Any, discard: int = 0, estimates: bool = False) -> list[str]:
    """The lines a review table starts with: the legend (wrapped; for a Tarot review with
    ``estimates``, :data:`ESTIMATES_LEGEND`), the dealer's discard left out (when ``discard``
    moves are), and the column heads."""
    import textwrap

    with_estimates = estimates and not games.of(start).analysis.values_are_estimates()
    lines = textwrap.wrap(ESTIMATES_LEGEND if with_estimates else REVIEW_LEGEND, width=88)
    if discard:
        lines.append(f"  moves 1 to {discard}: the dealer's discard (not judged)")
    width = _move_width(start)
    lines.append(
        f"  {'move':>4}  {'seat':>4}  {_left('played', width)}  {'best':>{_VALUE_WIDTH}}  "
        f"{'move':>{_VALUE_WIDTH}}  {'loss':>{_LOSS_WIDTH}}"
    )
    return lines


def review_line(
    item: PlayStep[Any] | Unjudged, width: int = 8, move_text: Callable[[Any], str] | None = None
) -> str:
    """One row of a review table: the move's number and seat, the move played, the best value,
    the move's value and the loss (bounds ``a..b`` under a limit, ``≈`` for estimates), and
    ``<- mistake`` when the move lost something (surely, or by its estimate). ``move_text``
    writes a move (the game's :meth:`~cardgames.games.GameDescriptor.move_text`; by default
    as the first game that knows the move writes it).

    >>> step = PlayStep(move='7C', player=1, before=Fraction(44, 3), after=Fraction(7),
    ...                 loss=Fraction(23, 3), exact=True, number=58)
    >>> print(review_line(step))
        58     1  7C              14⅔            7         7⅔  <- mistake
    """
    if move_text is None:
        move_text = _move_text
    if isinstance(item, Unjudged):
        return (
            f"  {item.number:>4}  {item.player:>4}  {_left(move_text(item.move), width)}  "
            f"{'-':>{_VALUE_WIDTH}}  {'-':>{_VALUE_WIDTH}}  {'-':>{_LOSS_WIDTH}}  "
            f"({item.what}, not judged)"
        )
    best, after, loss = item.value_texts()
    flag = "  <- mistake" if item.is_mistake else ""
    number = "" if item.number is None else str(item.number)
    return (
        f"  {number:>4}  {item.player:>4}  {_left(move_text(item.move), width)}  "
        f"{best:>{_VALUE_WIDTH}}  {after:>{_VALUE_WIDTH}}  {loss:>{_LOSS_WIDTH}}{flag}"
    )


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
    the seat that made it. The Tarot dealer's discard is skipped (the solver analyses the
    play of the cards); under French rules the bids, the call, the taker's discard, the
    announcement and the poignées are listed as :class:`Unjudged`.

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
    from cardgames.solver import analyse_play

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
    game = games.of(state)
    judge = game.analysis
    tarot_estimates = estimates and not judge.values_are_estimates()
    discard = judge.skipped(state)
    first = max(after, discard)
    position: Any = state
    for move in moves[:first]:
        position = position.play(move)
    items: list[PlayStep[Any] | Unjudged] = []
    for number, move in enumerate(moves[first:], start=first + 1):
        item: PlayStep[Any] | Unjudged
        if judge.judged(position, move):
            (step,) = analyse_play(position, [move], limit=limit, estimates=tarot_estimates)
            item = attrs.evolve(step, number=number)
        else:
            item = Unjudged(
                number=number,
                player=game.chooser(position),
                move=move,
                what=judge.unjudged_kind(position),
            )
        items.append(item)
        if on_item is not None:
            on_item(item)
        position = position.play(move)
    steps = [item for item in items if isinstance(item, PlayStep)]
    players = game.players(game.rules_of(state))
    return Review(
        start=state,
        moves=moves,
        first=first,
        discard=discard,
        items=tuple(items),
        summaries=summarise(steps, players, judge.values_are_estimates()),
        tarot_estimates=tarot_estimates,
    )


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


def _move_width(start: Any) -> int:
    # French moves such as garde-contre and call-K♣ need a wider column.
    game = games.of(start)
    return 12 if getattr(game.rules_of(start), "bidding", False) else 8


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
