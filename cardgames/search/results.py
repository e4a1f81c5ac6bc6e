"""The solver's public vocabulary: search limits, the result of an analysis, and the protocol
that game states implement. The result types are generic in the game's move type: an analysis
of a Tarot position is an ``Analysis[tarot.Move]``, one of a Chase the Tailor position an
``Analysis[tailor.Move]``.

An analysis assumes perfect information: every hand (and, in Chase the Tailor, the order of the
stock) is visible to everyone. It answers two questions about a position: what is each legal
move worth to the analysed side, and which line of play leads to that value?
"""

from __future__ import annotations

import html
import math
import textwrap
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final, Generic, Literal, Protocol, Self, TypeVar

import attrs

from cardgames.errors import AnalysisError
from cardgames.render import format_bounds, format_points
from cardgames.search._numbers import NumberCode as _NumberCode
from cardgames.search._numbers import number as _number
from cardgames.search._numbers import number_code as _number_code
from cardgames.search._numbers import number_codes as _number_codes
from cardgames.search._text import analysis_summary, move_unicode, reads_as, side_text, value_text
from cardgames.validation import check_int, quote, quote_text, strict_arguments

__all__ = [
    "MAX_NODES",
    "MAX_SECONDS",
    "Analysis",
    "Bound",
    "GameState",
    "Limit",
    "MoveValue",
    "PlayStep",
    "SearchProgress",
    "Solution",
    "moves_text",
]

Bound = Literal["exact", "bounds", "horizon", "estimate"]
"""How far to trust an analysis' numbers.

``"exact"``
    the search finished: every value is the true value.
``"bounds"``
    a :class:`Limit` stopped the search: each value is a guaranteed lower bound (``lower``) and
    ``upper`` a guaranteed upper bound; ``value`` is the lower bound.
``"horizon"``
    the search was cut at a horizon: values are estimates (see the solver guide), not
    guarantees, and ``lower`` and ``upper`` equal ``value``.
``"estimate"``
    a Tarot analysis asked for ``estimates`` under a limit the exact search did not finish in:
    ``lower`` and ``upper`` are guaranteed bounds the exact search proved, ``value`` an
    estimate between them (a horizon search's), exact where the bounds meet.
"""

M = TypeVar("M")


class GameState(Protocol[M]):
    """What the solver needs from a game state; :class:`cardgames.tarot.state.State` and
    :class:`cardgames.tailor.State` both provide it."""

    @property
    def to_move(self) -> int:
        """The seat to move."""

    @property
    def is_over(self) -> bool:
        """Whether the deal or round has ended."""

    def legal_moves(self) -> tuple[M, ...]:
        """Every legal move, in the engine's documented order."""

    def play(self, move: M) -> Self:
        """The state after ``move``."""

    def payoffs(self) -> tuple[Fraction | int, ...]:
        """One number per seat."""


MAX_NODES: Final = (1 << 62) - 1
"""The largest node budget a :class:`Limit` accepts."""
MAX_SECONDS: Final = 10**9
"""The largest time budget a :class:`Limit` accepts (about 31 years)."""


def _check_limit(instance: Limit, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if attribute.name == "nodes":
        check_int(
            value,
            "limit nodes",
            low=1,
            high=MAX_NODES,
            error=AnalysisError,
            expected=f"a whole number of nodes from 1 to {MAX_NODES}",
        )
        return
    if type(value) not in (int, float) or not 0 < value <= MAX_SECONDS or not math.isfinite(value):
        raise AnalysisError(
            f"invalid limit time={quote(value)}: expected a positive, finite number of seconds "
            f"of at most {MAX_SECONDS}"
        )


@strict_arguments
@attrs.frozen
class Limit:
    """A budget for one analysis: a number of search nodes, a number of seconds, or both.

    The solver checks the budget at every node. A node budget is never exceeded: the
    analysis reports at most ``nodes`` nodes searched (``Analysis.nodes <= nodes``); a budget
    too small to search every legal move leaves the moves it could not reach with the trivial
    bounds (nothing more to win, everything left to win). A time budget covers the whole call,
    set-up, search and the freeing of the search's tables: the search, checking the clock at
    every node, stops early enough to leave room for the rest (see
    :mod:`cardgames.search.clock`), and the result's ``elapsed`` is measured around all of it.
    Only a limit too short for the set-up and the report (a few milliseconds) is overrun. A
    search stopped by a limit reports ``exact=False`` and bounds.

    >>> Limit(time=0.5)
    Limit(nodes=None, time=0.5)
    >>> Limit(nodes=0)
    Traceback (most recent call last):
    ...
    cardgames.errors.AnalysisError: invalid limit nodes 0: expected a whole number of nodes ...
    """

    nodes: int | None = attrs.field(default=None, validator=_check_limit)
    """Search nodes allowed, 1 to :data:`~cardgames.search.results.MAX_NODES` (None: no limit)."""
    time: float | None = attrs.field(default=None, validator=_check_limit)
    """Seconds allowed, measured with :func:`time.perf_counter`, above 0 and at most
    :data:`~cardgames.search.results.MAX_SECONDS` (None: no limit)."""


def _jsonable(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else str(value)


@strict_arguments
@attrs.frozen(kw_only=True)
class MoveValue(Generic[M]):
    """The value of one legal move for the analysed side.

    >>> from fractions import Fraction
    >>> entry = MoveValue(move='KH', value=Fraction(26), lower=Fraction(26), upper=Fraction(26))
    >>> entry.exact, entry.to_dict()
    (True, {'move': 'KH', 'value': 26, 'lower': 26, 'upper': 26})

    :param move: the move, as the engine's move object.
    :param value: its value (the lower bound when the search was stopped early, an estimate
        between the bounds under ``bound == "estimate"``).
    :param lower: a guaranteed lower bound (equal to ``value`` but for an estimate).
    :param upper: a guaranteed upper bound (equal to ``value`` when exact).
    """

    move: M
    value: Fraction
    lower: Fraction
    upper: Fraction

    @property
    def exact(self) -> bool:
        """Whether the value is exact (its bounds meet)."""
        return self.lower == self.upper

    def __reduce__(self) -> tuple[Callable[..., MoveValue[M]], tuple[object, ...]]:
        # The numbers as plain ints (see _number_code), read back quicker than Fractions.
        return (
            _unpickle_move_value,
            (
                self.move,
                _number_code(self.value),
                *_number_codes(self.lower, self.upper),
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: the move in its written form and the numbers (ints, or fraction
        strings such as ``"77/3"``)."""
        return {
            "move": str(self.move),
            "value": _jsonable(self.value),
            "lower": _jsonable(self.lower),
            "upper": _jsonable(self.upper),
        }


@strict_arguments
@attrs.frozen(kw_only=True)
class Analysis(Generic[M]):
    """The result of :func:`cardgames.solver.analyse`.

    >>> from cardgames import solver, tarot
    >>> state = tarot.random_position(tarot.Rules.simplified(players=4), seed=2, tricks_left=2)
    >>> analysis = solver.analyse(state)
    >>> analysis.game, analysis.exact, len(analysis.move_values) == len(state.legal_moves())
    ('tarot', True, True)
    >>> analysis.value_of(analysis.best_moves[0]) == analysis.value
    True

    :param game: ``"tarot"`` or ``"tailor"``.
    :param perspective: the seat whose side is analysed.
    :param side: every seat playing for that side (the perspective, or its partnership).
    :param to_move: the seat to move in the analysed position.
    :param objective: what ``value`` measures, in words.
    :param value: the position's value for the side (the best move's value for the side to
        move when that is the analysed side, the worst otherwise).
    :param lower: a guaranteed lower bound on ``value``.
    :param upper: a guaranteed upper bound on ``value``.
    :param move_values: every legal move with its value, in the engine's move order.
    :param best_moves: the moves that achieve ``value`` for the player to move.
    :param pv: the principal variation: one best line from this position to the end (or to the
        horizon).
    :param nodes: search nodes visited.
    :param elapsed: seconds spent.
    :param exact: False when a limit or a horizon cut the search; see ``bound``.
    :param bound: how to read the numbers (see :data:`cardgames.search.results.Bound`).
    :param horizon: for Chase the Tailor, the turn horizon searched; for a Tarot analysis cut
        at a horizon or with ``bound == "estimate"``, the tricks looked ahead (None otherwise).
    """

    game: str
    perspective: int
    side: tuple[int, ...]
    to_move: int
    objective: str
    value: Fraction
    lower: Fraction
    upper: Fraction
    move_values: tuple[MoveValue[M], ...]
    best_moves: tuple[M, ...]
    pv: tuple[M, ...]
    nodes: int
    elapsed: float
    exact: bool
    bound: Bound
    horizon: int | None = None

    def __reduce__(self) -> tuple[Callable[..., Analysis[M]], tuple[object, ...]]:
        # A batch sends analyses back from its workers by the thousand: the numbers travel as
        # plain ints (see _number_code) and the move values as flat tuples, a fraction of the
        # cost of the attrs state of every MoveValue and Fraction.
        entries = self.move_values
        return (
            _unpickle_analysis,
            (
                self.game,
                self.perspective,
                self.side,
                self.to_move,
                self.objective,
                _number_codes(
                    self.value,
                    self.lower,
                    self.upper,
                    *[number for e in entries for number in (e.value, e.lower, e.upper)],
                ),
                tuple([entry.move for entry in entries]),
                self.best_moves,
                self.pv,
                self.nodes,
                self.elapsed,
                self.exact,
                self.bound,
                self.horizon,
            ),
        )

    def value_of(self, move: M | str) -> Fraction:
        """The value of one legal move, given as a move or in its written form (read as the
        move type's own ``parse`` reads it, so ``'kd'`` finds ``KD``).

        :raises AnalysisError: if ``move`` is not one of the analysed moves.
        """
        for entry in self.move_values:
            if entry.move == move:
                return entry.value
        if isinstance(move, str):
            for entry in self.move_values:
                if reads_as(move, entry.move):
                    return entry.value
        raise AnalysisError(f"move {quote_text(move)} is not a legal move of the analysed position")

    def to_unicode(
        self,
        move_text: Callable[[M], str] | None = None,
        stats: bool = False,
        pv_text: str | None = None,
    ) -> str:
        """The analysis as a text picture: who is to move and for whom the values are, the
        move table (every legal move with its value, or its bounds ``lower..upper`` when the
        search stopped before it was exact, best moves marked), the position's value and the
        principal variation.

        :param move_text: how to show a move; by default its ``to_unicode()`` if it has one,
            else its card's (``K♥``), else its written form.
        :param stats: add the nodes searched and the time taken (which differ from run to run,
            so they are left out unless asked for).
        :param pv_text: the principal variation as it should be shown (a game's renderer,
            which knows the position, splits it into tricks); by default its moves in turn.

        >>> from cardgames import solver, tarot
        >>> rules = tarot.Rules.traditional(players=3)
        >>> state = tarot.random_position(rules, seed=2, tricks_left=2)
        >>> print(solver.analyse(state).to_unicode())
        Seat 2 to move; values for seat 2.
        Objective: card points of the side at the end of the deal (State.team_points).
        move  value
        4♠       29
        Q♥       33  best
        Value: 33 (exact)
        Best line: Q♥ 3♥ 2♠ 4♠ 2♣ 10♠
        """
        from cardgames.render import MoveRow, move_table, render

        show = move_text if move_text is not None else move_unicode
        best = set(self.best_moves)
        rows = [
            MoveRow(show(entry.move), value_text(entry, self.bound), entry.move in best)
            for entry in self.move_values
        ]
        lines = [f"Seat {self.to_move} to move; values for {side_text(self)}."]
        lines.extend(
            textwrap.wrap(f"Objective: {self.objective}.", width=78, subsequent_indent="  ")
        )
        lines.extend(move_table(rows))
        lines.append(f"Value: {analysis_summary(self)}")
        if pv_text is None:
            pv_text = " ".join(show(move) for move in self.pv)
        lines.append("Best line: " + (pv_text or "-"))
        if stats:
            lines.append(f"Searched {self.nodes} nodes in {self.elapsed:.2f} s.")
        return render(lines)

    def _repr_html_(self) -> str:
        """An HTML table of the move values (well-formed XML), for Jupyter."""
        best = set(self.best_moves)
        escape = html.escape
        rows = []
        for entry in self.move_values:
            mark = "best" if entry.move in best else ""
            style = ' style="font-weight:bold"' if mark else ""
            rows.append(
                f"<tr{style}><td>{escape(move_unicode(entry.move))}</td>"
                f'<td style="text-align:right">{escape(value_text(entry, self.bound))}</td>'
                f"<td>{mark}</td></tr>"
            )
        pv = " ".join(move_unicode(move) for move in self.pv) or "-"
        caption = f"Seat {self.to_move} to move; values for {side_text(self)}"
        return (
            '<table class="cardgames-analysis">'
            f"<caption>{escape(caption)}</caption>"
            "<thead><tr><th>move</th><th>value</th><th></th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody>"
            f'<tfoot><tr><td colspan="3">Value: {escape(analysis_summary(self))}</td></tr>'
            f'<tr><td colspan="3">Best line: {escape(pv)}</td></tr></tfoot>'
            "</table>"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of everything above; moves in their written form, fractions as
        strings such as ``"77/3"``."""
        return {
            "game": self.game,
            "perspective": self.perspective,
            "side": list(self.side),
            "to_move": self.to_move,
            "objective": self.objective,
            "value": _jsonable(self.value),
            "lower": _jsonable(self.lower),
            "upper": _jsonable(self.upper),
            "exact": self.exact,
            "bound": self.bound,
            "horizon": self.horizon,
            "move_values": [entry.to_dict() for entry in self.move_values],
            "best_moves": [str(move) for move in self.best_moves],
            "pv": [str(move) for move in self.pv],
            "nodes": self.nodes,
            "elapsed": round(self.elapsed, 6),
        }


@strict_arguments
@attrs.frozen(kw_only=True)
class Solution(Generic[M]):
    """The result of :func:`cardgames.solver.solve`: the value and one best line, without the
    value of every alternative (cheaper than a full :class:`Analysis`).

    :param game: ``"tarot"`` or ``"tailor"``.
    :param perspective: the seat whose side is analysed.
    :param side: every seat playing for that side.
    :param to_move: the seat to move.
    :param value: the position's value for the side (the lower bound when not exact).
    :param lower: a guaranteed lower bound.
    :param upper: a guaranteed upper bound.
    :param best_move: a move that achieves ``value`` (None if a limit stopped the search first).
    :param pv: a best line from this position (empty if a limit stopped the search).
    :param nodes: search nodes visited.
    :param elapsed: seconds spent.
    :param exact: False when a limit or a horizon cut the search.
    :param bound: how to read the numbers (see :data:`cardgames.search.results.Bound`).
    """

    game: str
    perspective: int
    side: tuple[int, ...]
    to_move: int
    value: Fraction
    lower: Fraction
    upper: Fraction
    best_move: M | None
    pv: tuple[M, ...]
    nodes: int
    elapsed: float
    exact: bool
    bound: Bound

    def __reduce__(self) -> tuple[Callable[..., Solution[M]], tuple[object, ...]]:
        # As Analysis.__reduce__: the numbers as plain ints.
        return (
            _unpickle_solution,
            (
                self.game,
                self.perspective,
                self.side,
                self.to_move,
                _number_codes(self.value, self.lower, self.upper),
                self.best_move,
                self.pv,
                self.nodes,
                self.elapsed,
                self.exact,
                self.bound,
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict, as :meth:`Analysis.to_dict`."""
        return {
            "game": self.game,
            "perspective": self.perspective,
            "side": list(self.side),
            "to_move": self.to_move,
            "value": _jsonable(self.value),
            "lower": _jsonable(self.lower),
            "upper": _jsonable(self.upper),
            "best_move": None if self.best_move is None else str(self.best_move),
            "pv": [str(move) for move in self.pv],
            "nodes": self.nodes,
            "elapsed": round(self.elapsed, 6),
            "exact": self.exact,
            "bound": self.bound,
        }


def _default_upper(name: str) -> Any:
    return attrs.Factory(lambda step: getattr(step, name), takes_self=True)


@strict_arguments
@attrs.frozen(kw_only=True)
class PlayStep(Generic[M]):
    """One move of a played sequence, judged by :func:`cardgames.solver.analyse_play`.

    Values are from the point of view of the side of the player who made the move. ``str()``
    (and :meth:`to_unicode`) of a step reads as a sentence:

    >>> from fractions import Fraction
    >>> step = PlayStep(move='7C', player=1, before=Fraction(44, 3), after=Fraction(7),
    ...                 loss=Fraction(23, 3), exact=True, number=58, best_move='8S')
    >>> print(step)
    move 58, seat 1: 7C worth 7; best 8S worth 14⅔; loss 7⅔

    :param move: the move played.
    :param player: the seat that played it.
    :param before: the position's value for that player's side before the move (the best move;
        a lower bound when the search was stopped by a limit).
    :param after: the value of the move actually played (a lower bound likewise).
    :param loss: ``before - after``: what the move cost (0 for a best move).
    :param exact: whether both values are exact.
    :param number: the move's number (from 1): in the sequence that
        :func:`~cardgames.solver.analyse_play` judged, or in the deal that
        :func:`~cardgames.solver.review` read (None: not known).
    :param best_move: a best move of the position (None: not known).
    :param before_upper: an upper bound on ``before`` (``before`` itself when exact).
    :param after_upper: an upper bound on ``after`` (``after`` itself when exact).
    :param bound: how to read the numbers, as an analysis' ``bound`` (default: ``"exact"``
        for an exact step, ``"bounds"`` otherwise). Under ``"estimate"`` ``before`` and
        ``after`` are estimates, one of them at least not proved (:meth:`judged` gives a step
        whose values were both proved ``"exact"``).
    :param before_lower: a proved lower bound on ``before`` (``before`` itself but for an
        estimate).
    :param after_lower: a proved lower bound on ``after`` likewise.
    """

    move: M
    player: int
    before: Fraction
    after: Fraction
    loss: Fraction
    exact: bool
    number: int | None = None
    best_move: M | None = None
    before_upper: Fraction = attrs.field(default=_default_upper("before"))
    after_upper: Fraction = attrs.field(default=_default_upper("after"))
    bound: Bound = attrs.field(
        default=attrs.Factory(lambda step: "exact" if step.exact else "bounds", takes_self=True)
    )
    before_lower: Fraction = attrs.field(default=_default_upper("before"))
    after_lower: Fraction = attrs.field(default=_default_upper("after"))

    @property
    def loss_bounds(self) -> tuple[Fraction, Fraction]:
        """Bounds on what the move really cost: ``(loss, loss)`` when the values are exact (or
        horizon estimates); otherwise from the proved bounds of both values (never below 0, as
        no move does better than the best)."""
        if self.bound not in ("bounds", "estimate"):
            return (self.loss, self.loss)
        low = max(Fraction(0), self.before_lower - self.after_upper)
        return (low, max(low, self.before_upper - self.after_lower))

    @property
    def is_mistake(self) -> bool:
        """Whether the move lost something: surely (its smallest possible loss is above 0), or
        by its estimate under ``bound == "estimate"``."""
        return self.loss > 0 if self.bound == "estimate" else self.loss_bounds[0] > 0

    def value_texts(self) -> tuple[str, str, str]:
        """The best value, the played move's value and the loss as a person reads them: exact
        numbers (``14⅔``), bounds under a limit (``13..20``), estimates at a horizon marked
        ``≈``, and under ``bound == "estimate"`` each value not proved exact."""
        if self.bound == "estimate":
            before, after = (
                self.before_lower == self.before_upper,
                self.after_lower == self.after_upper,
            )
            marks = ["" if known else "≈" for known in (before, after, self.exact)]
            return (
                marks[0] + format_points(self.before),
                marks[1] + format_points(self.after),
                marks[2] + format_points(self.loss),
            )
        if self.bound == "horizon":
            return tuple(  # type: ignore[return-value]
                "≈" + format_points(value) for value in (self.before, self.after, self.loss)
            )
        low, high = self.loss_bounds
        return (
            format_bounds(self.before, self.before_upper),
            format_bounds(self.after, self.after_upper),
            format_bounds(low, high),
        )

    def to_unicode(self, move_text: Callable[[M], str] | None = None) -> str:
        """The step as one line: its number and seat, the move played and its value, the best
        move and its value, and the loss.

        :param move_text: how to show a move (as in :meth:`Analysis.to_unicode`).
        """
        show = move_text if move_text is not None else move_unicode
        best, after, loss = self.value_texts()
        where = f"move {self.number}, " if self.number is not None else ""
        best_move = "" if self.best_move is None else show(self.best_move) + " "
        return (
            f"{where}seat {self.player}: {show(self.move)} worth {after}; "
            f"best {best_move}worth {best}; loss {loss}"
        )

    def __str__(self) -> str:
        return self.to_unicode()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "move": str(self.move),
            "player": self.player,
            "before": _jsonable(self.before),
            "after": _jsonable(self.after),
            "loss": _jsonable(self.loss),
            "exact": self.exact,
            "number": self.number,
            "best_move": None if self.best_move is None else str(self.best_move),
            "before_lower": _jsonable(self.before_lower),
            "before_upper": _jsonable(self.before_upper),
            "after_lower": _jsonable(self.after_lower),
            "after_upper": _jsonable(self.after_upper),
            "bound": self.bound,
        }

    @classmethod
    def judged(
        cls, analysis: Analysis[M], move: M, player: int, number: int | None = None
    ) -> PlayStep[M]:
        """The step of ``move`` played from the position ``analysis`` is of, analysed from
        the side of ``player``, the seat that played it.

        :raises AnalysisError: if ``move`` is not one of the analysed moves.
        """
        entry = next((e for e in analysis.move_values if e.move == move), None)
        if entry is None and isinstance(move, str):
            entry = next((e for e in analysis.move_values if reads_as(move, e.move)), None)
        if entry is None:
            raise AnalysisError(
                f"move {quote_text(move)} is not a legal move of the analysed position"
            )
        exact = analysis.exact or (
            analysis.bound == "estimate" and analysis.lower == analysis.upper and entry.exact
        )
        return cls(
            move=entry.move,
            player=player,
            before=analysis.value,
            after=entry.value,
            loss=analysis.value - entry.value,
            exact=exact,
            number=number,
            best_move=analysis.best_moves[0] if analysis.best_moves else None,
            before_upper=analysis.upper,
            after_upper=entry.upper,
            bound="exact" if exact else analysis.bound,  # both values proved: nothing estimated
            before_lower=analysis.lower,
            after_lower=entry.lower,
        )


@strict_arguments
@attrs.frozen(kw_only=True)
class SearchProgress:
    """What an analysis under way knows, as its ``progress`` callback is told (see
    :func:`cardgames.solver.analyse`).

    >>> from fractions import Fraction
    >>> report = SearchProgress(
    ...     moves_scored=2, moves=5, nodes=1_300_000, lower=Fraction(57), upper=Fraction(77),
    ...     elapsed=2.0,
    ... )
    >>> report.to_unicode()
    '2/5 moves scored, 1.3 M nodes, value 57..77'

    :param moves_scored: distinct legal moves whose search is over (exact, or stopped by a
        limit).
    :param moves: distinct legal moves to score.
    :param nodes: search nodes visited so far.
    :param lower: a guaranteed lower bound on the position's value for the analysed side,
        from what the search has proved so far (for a search cut at a horizon: on the value of
        the shortened game).
    :param upper: a guaranteed upper bound likewise.
    :param elapsed: seconds since the analysis started.
    """

    moves_scored: int
    moves: int
    nodes: int
    lower: Fraction
    upper: Fraction
    elapsed: float

    def to_unicode(self) -> str:
        """One line: moves scored, nodes (in thousands or millions when large) and the
        value's bounds (one number once they meet)."""
        nodes = self.nodes
        if nodes >= 1_000_000:
            count = f"{nodes / 1_000_000:.1f} M"
        elif nodes >= 10_000:
            count = f"{nodes / 1_000:.0f} k"
        else:
            count = str(nodes)
        value = str(self.lower) if self.lower == self.upper else f"{self.lower}..{self.upper}"
        return f"{self.moves_scored}/{self.moves} moves scored, {count} nodes, value {value}"


# -- pickling: the numbers travel as plain ints (see _number_code) ------------


def _unpickle_move_value(
    move: M, value: _NumberCode, lower: _NumberCode, upper: _NumberCode
) -> MoveValue[M]:
    """The move value a pickle holds (see ``MoveValue.__reduce__``)."""
    return MoveValue(
        move=move,
        value=_number(value),
        lower=_number(lower),
        upper=_number(upper),
    )


def _unpickle_analysis(
    game: str,
    perspective: int,
    side: tuple[int, ...],
    to_move: int,
    objective: str,
    numbers: tuple[_NumberCode, ...],
    moves: tuple[M, ...],
    best_moves: tuple[M, ...],
    pv: tuple[M, ...],
    nodes: int,
    elapsed: float,
    exact: bool,
    bound: Bound,
    horizon: int | None,
) -> Analysis[M]:
    """The analysis a pickle holds (see ``Analysis.__reduce__``)."""
    values = [_number(code) for code in numbers]
    return Analysis(
        game=game,
        perspective=perspective,
        side=side,
        to_move=to_move,
        objective=objective,
        value=values[0],
        lower=values[1],
        upper=values[2],
        move_values=tuple(
            [
                MoveValue(
                    move=move,
                    value=values[at],
                    lower=values[at + 1],
                    upper=values[at + 2],
                )
                for at, move in zip(range(3, len(values), 3), moves, strict=True)
            ]
        ),
        best_moves=best_moves,
        pv=pv,
        nodes=nodes,
        elapsed=elapsed,
        exact=exact,
        bound=bound,
        horizon=horizon,
    )


def _unpickle_solution(
    game: str,
    perspective: int,
    side: tuple[int, ...],
    to_move: int,
    numbers: tuple[_NumberCode, ...],
    best_move: M | None,
    pv: tuple[M, ...],
    nodes: int,
    elapsed: float,
    exact: bool,
    bound: Bound,
) -> Solution[M]:
    """The solution a pickle holds (see ``Solution.__reduce__``)."""
    value, lower, upper = (_number(code) for code in numbers)
    return Solution(
        game=game,
        perspective=perspective,
        side=side,
        to_move=to_move,
        value=value,
        lower=lower,
        upper=upper,
        best_move=best_move,
        pv=pv,
        nodes=nodes,
        elapsed=elapsed,
        exact=exact,
        bound=bound,
    )


def moves_text(moves: Sequence[Any]) -> str:
    """Moves in their written forms, separated by spaces."""
    return " ".join(str(move) for move in moves)
