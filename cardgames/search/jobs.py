"""An analysis from any game's search model, written once: what a game hands over
(:class:`SearchJob`: its model, its searcher, the root position and how its moves and values
read back) and the results built from it (:func:`analyse_job`, :func:`solve_job`,
:func:`reference_job`).

A game whose analysis needs nothing beyond the engine's (every legal move scored by
:func:`~cardgames.search.engine.score_moves`, the value driven home by
:func:`~cardgames.search.engine.refine`, a best line by
:func:`~cardgames.search.engine.principal_variation`) offers its analysis this way: a small
function from a state to a :class:`SearchJob`, and these three calls.

>>> from cardgames.search.engine import CountdownModel, SimpleSearch
>>> model = CountdownModel()
>>> job = SearchJob(
...     model=model, search=SimpleSearch(model, key=tuple), root=[4, 0], moves=(1, 2),
...     code_of=int, move_of=int, convert=lambda low, high: (Fraction(low), Fraction(high)),
...     perspective=0, side=(0,), to_move=0, game='countdown', objective='wins')
>>> analysis = analyse_job(job)
>>> analysis.value, analysis.best_moves, analysis.pv
(Fraction(1, 1), (1,), (1, 1, 2))
>>> solve_job(job).value == reference_job(job) == 1
True
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Generic, TypeVar

import attrs

from cardgames.search.engine import (
    LimitReached,
    SearchModel,
    ZeroWindowSearch,
    principal_variation,
    reference_value,
    refine,
    score_moves,
)
from cardgames.search.results import Analysis, MoveValue, Solution
from cardgames.validation import strict_arguments

__all__ = ["SearchJob", "analyse_job", "reference_job", "solve_job"]

P = TypeVar("P")
M = TypeVar("M")


@strict_arguments
@attrs.frozen(kw_only=True)
class SearchJob(Generic[P, M]):
    """One position of a game, ready for the engine.

    :param model: the game tree over compact positions.
    :param search: the zero-window searcher, with its node limit and deadline already set.
    :param root: the position analysed, in the model's form.
    :param moves: the legal moves of the root as the game's objects, in the game's order.
    :param code_of: a move's number in the model.
    :param move_of: the move of a number in the model.
    :param convert: bounds on the maximising side's total value as bounds on the value for
        the side analysed (for a minimiser, flipped and swapped).
    :param perspective: the seat whose side is analysed.
    :param side: the seats of that side.
    :param to_move: the seat to move at the root.
    :param game: the game's name, for the result.
    :param objective: what a value measures, in words.
    """

    model: SearchModel[P]
    search: ZeroWindowSearch[P]
    root: P
    moves: tuple[M, ...]
    code_of: Callable[[M], int]
    move_of: Callable[[int], M]
    convert: Callable[[int, int], tuple[Fraction, Fraction]]
    perspective: int
    side: tuple[int, ...]
    to_move: int
    game: str
    objective: str

    def line(self, value: int) -> tuple[M, ...]:
        """A best line achieving the maximising side's ``value`` (empty if a limit stops it)."""
        try:
            codes = principal_variation(self.model, self.search, self.root, value)
        except LimitReached:
            return ()
        return tuple(self.move_of(code) for code in codes)


def analyse_job(job: SearchJob[P, M]) -> Analysis[M]:
    """Every legal move of the job's root valued for the side analysed, and a best line
    (``elapsed`` is left 0: the caller's clock sets it)."""
    model, root, search = job.model, job.root, job.search
    bounds, stopped = score_moves(model, search, root)
    classes = model.distinct(root)
    raw = [bounds[classes[job.code_of(move)]] for move in job.moves]
    pick = max if model.maximising(root) else min
    low, high = pick(b[0] for b in raw), pick(b[1] for b in raw)
    pv = () if stopped else job.line(low)
    entries = []
    for move, (move_low, move_high) in zip(job.moves, raw, strict=True):
        lower, upper = job.convert(move_low, move_high)
        entries.append(MoveValue(move=move, value=lower, lower=lower, upper=upper))
    lower, upper = job.convert(low, high)
    return Analysis(
        game=job.game,
        perspective=job.perspective,
        side=job.side,
        to_move=job.to_move,
        objective=job.objective,
        value=lower,
        lower=lower,
        upper=upper,
        move_values=tuple(entries),
        best_moves=tuple(entry.move for entry in entries if entry.value == lower),
        pv=pv,
        nodes=search.nodes,
        elapsed=0.0,
        exact=not stopped,
        bound="bounds" if stopped else "exact",
    )


def solve_job(job: SearchJob[P, M]) -> Solution[M]:
    """The value of the job's root for the side analysed and one best line, without scoring
    every move (``elapsed`` is left 0: the caller's clock sets it)."""
    model, root, search = job.model, job.root, job.search
    banked = model.banked(root)
    low, high = model.future_bounds(root)
    stopped = False
    try:
        low, high = refine(search, root, low, high, (low + high) // 2)
    except LimitReached as reached:
        low, high = reached.args
        stopped = True
    pv = () if stopped else job.line(banked + low)
    lower, upper = job.convert(banked + low, banked + high)
    return Solution[M](
        game=job.game,
        perspective=job.perspective,
        side=job.side,
        to_move=job.to_move,
        value=lower,
        lower=lower,
        upper=upper,
        best_move=pv[0] if pv else None,
        pv=pv,
        nodes=search.nodes,
        elapsed=0.0,
        exact=not stopped,
        bound="bounds" if stopped else "exact",
    )


def reference_job(job: SearchJob[P, M]) -> Fraction:
    """The value of the job's root for the side analysed by the engine's plain alpha-beta
    (no table, no ordering, no merging): slow, for checking small endings."""
    value = reference_value(job.model, job.root)
    return job.convert(value, value)[0]
