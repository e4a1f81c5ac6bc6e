"""A Tarot analysis under a limit that gives every card an estimate and, beside it, what the
exact search proved: what :func:`cardgames.solver.analyse` returns with ``estimates=True``.

Early in a deal the exact search cannot finish in a few seconds: stopped by a limit, it leaves
bounds so wide (a card worth "between 9 and 60 points") that they do not tell the cards apart.
A search that looks a trick or two ahead and estimates the rest (:mod:`cardgames.tarot.horizon`)
answers in milliseconds, but only with a guess. :func:`analyse_with_estimates` does both, in
that order, within one limit:

1. a horizon search of one trick, then of two, three... while the next one is expected to fit
   in :data:`HORIZON_SHARE` of the limit (each trick more costs about :data:`DEEPEN_COST` times
   the one before); its values are the estimates;
2. the exact search with what is left of the limit; the bounds it proves are kept for each
   card.

Each card's value is then its estimate brought within its proved bounds (so a card the exact
search settled gets its exact value), the position's value is the best card's, and the result
says ``bound == "estimate"``: ``lower`` and ``upper`` proved, ``value`` an estimate, exact
where the bounds meet. If the exact search finishes, the result is simply the exact analysis
(``bound == "exact"``): an estimate is never used where the exact value is known.

A node limit is never exceeded: the horizon searches leave at least one node to the exact
search, which alone proves bounds. A limit of one node therefore leaves nothing to estimate
with, and the answer is the exact search's bounds alone (``bound == "bounds"``), as without
``estimates``.

>>> from cardgames import solver, tarot
>>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=3, tricks_left=24)
>>> analysis = analyse_with_estimates(state, limit=solver.Limit(nodes=2_000))
>>> analysis.bound, analysis.exact, analysis.horizon
('estimate', False, 1)
>>> all(entry.lower <= entry.value <= entry.upper for entry in analysis.move_values)
True
>>> analysis.lower <= analysis.value <= analysis.upper
True
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Final

import attrs

from cardgames.errors import AnalysisError
from cardgames.search.results import Limit, MoveValue
from cardgames.tarot.analysis import Progress, TarotAnalysis, analyse_tarot
from cardgames.tarot.horizon import Estimate
from cardgames.tarot.state import Move, State
from cardgames.validation import quote

__all__ = ["DEEPEN_COST", "HORIZON_SHARE", "analyse_with_estimates"]

HORIZON_SHARE: Final = 0.25
"""The share of a limit (time and nodes) that the horizon searches may use; the exact search
gets the rest, and whatever the horizon searches left unused."""

DEEPEN_COST: Final = 100
"""How many times the cost of a horizon search one trick deeper is expected to be (measured at
a deal's first trick, three-player traditional: one trick ahead takes some 150 nodes, two
some 20 000): a deeper search is started only if that much of what it took last fits in what
is left of :data:`HORIZON_SHARE`."""

_RESERVE: Final = 0.002
"""Seconds kept back from the exact search for putting the two answers together."""


def analyse_with_estimates(
    state: State,
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    progress: Progress | None = None,
    estimate: Estimate | None = None,
) -> TarotAnalysis:
    """Analyse a Tarot position within ``limit``: estimates from a horizon search, and the
    bounds the exact search proves in the time left (see the module's description).

    :param state: a Tarot state in its play phase.
    :param perspective: the seat whose side is analysed (as :func:`cardgames.solver.analyse`).
    :param limit: the budget of the whole call. Without one (or with neither nodes nor time)
        the exact search runs to the end and the result is exact.
    :param progress: passed to the exact search (see
        :func:`~cardgames.tarot.analysis.analyse_tarot`).
    :param estimate: how the horizon search values what is left at its cut (default: the one
        :func:`~cardgames.tarot.analysis.analyse_tarot` uses by default).
    :returns: a :class:`~cardgames.tarot.analysis.TarotAnalysis` (a
        :class:`~cardgames.tarot.analysis.FrenchAnalysis` for a French deal) with
        ``bound == "estimate"`` and ``horizon`` the tricks the estimates looked ahead, or the
        exact analysis when the exact search finished.
    :raises AnalysisError: as :func:`~cardgames.tarot.analysis.analyse_tarot`.
    """
    if limit is not None and not isinstance(limit, Limit):
        raise AnalysisError(f"invalid limit {quote(limit)}: expected a solver.Limit or None")
    if estimate is not None and not isinstance(estimate, Estimate):
        raise AnalysisError(f"invalid estimate {quote(estimate)}: expected a tarot Estimate")
    if limit is None or (limit.nodes is None and limit.time is None):
        return analyse_tarot(state, perspective=perspective, progress=progress)
    if limit.nodes == 1:  # no node to spare for an estimate: the bounds alone
        return analyse_tarot(state, perspective=perspective, limit=limit, progress=progress)
    started = time.perf_counter()
    quick, depth, nodes = _estimates(state, perspective, limit, estimate, started)
    if quick.exact:  # the horizon reached the end of the deal
        return attrs.evolve(quick, nodes=nodes, elapsed=time.perf_counter() - started)
    rest = _rest(limit, started, nodes)
    proved = analyse_tarot(state, perspective=perspective, limit=rest, progress=progress)
    nodes += proved.nodes
    if proved.exact:
        return attrs.evolve(proved, nodes=nodes, elapsed=time.perf_counter() - started)
    analysis = _combine(state, quick, proved, depth)
    return attrs.evolve(analysis, nodes=nodes, elapsed=time.perf_counter() - started)


def _estimates(
    state: State,
    perspective: int | None,
    limit: Limit,
    estimate: Estimate | None,
    started: float,
) -> tuple[TarotAnalysis, int, int]:
    """The deepest horizon analysis that fits in the horizon's share of ``limit``, its depth
    in tricks and the nodes every horizon search took."""
    time_share = None if limit.time is None else limit.time * HORIZON_SHARE
    # At least one node is left to the exact search, so that the two stay within the limit.
    node_share = (
        None
        if limit.nodes is None
        else min(max(1, int(limit.nodes * HORIZON_SHARE)), limit.nodes - 1)
    )
    tricks_left = len(state.hands[state.to_move])
    best: TarotAnalysis | None = None
    depth = nodes = 0
    last_time = last_nodes = 0.0
    while depth < tricks_left:
        time_left = None if time_share is None else time_share - (time.perf_counter() - started)
        nodes_left = None if node_share is None else node_share - nodes
        if best is not None and (
            (time_left is not None and last_time * DEEPEN_COST > time_left)
            or (nodes_left is not None and last_nodes * DEEPEN_COST > nodes_left)
        ):
            break
        budget = Limit(
            nodes=None if nodes_left is None else max(1, nodes_left),
            time=None if time_left is None else max(time_left, 1e-3),
        )
        begun = time.perf_counter()
        if estimate is None:  # analyse_tarot's own default
            analysis = analyse_tarot(
                state, perspective=perspective, limit=budget, horizon=depth + 1
            )
        else:
            analysis = analyse_tarot(
                state, perspective=perspective, limit=budget, horizon=depth + 1, estimate=estimate
            )
        last_time, last_nodes = time.perf_counter() - begun, analysis.nodes
        nodes += analysis.nodes
        # A horizon search that finished has a line to its horizon; one a limit stopped has
        # none, and only loose bounds behind its values: it stands only if nothing else does.
        finished = bool(analysis.pv) or analysis.exact
        if best is None or finished:
            best, depth = analysis, depth + 1
        if not finished or analysis.exact:
            break
    assert best is not None
    return best, depth, nodes


def _rest(limit: Limit, started: float, nodes: int) -> Limit:
    """What is left of ``limit`` for the exact search."""
    time_left = None
    if limit.time is not None:
        time_left = max(1e-3, limit.time - (time.perf_counter() - started) - _RESERVE)
    nodes_left = None if limit.nodes is None else max(1, limit.nodes - nodes)
    return Limit(nodes=nodes_left, time=time_left)


def _combine(
    state: State, quick: TarotAnalysis, proved: TarotAnalysis, depth: int
) -> TarotAnalysis:
    """The proved bounds of ``proved`` with the estimates of ``quick`` brought within them."""
    estimates = {entry.move: entry.value for entry in quick.move_values}
    move_values: list[MoveValue[Move]] = []
    for entry in proved.move_values:
        clamped = min(entry.upper, max(entry.lower, estimates[entry.move]))
        move_values.append(attrs.evolve(entry, value=clamped))
    pick = max if state.to_move in proved.side else min
    value: Fraction = pick(entry.value for entry in move_values)
    best = tuple(entry.move for entry in move_values if entry.value == value)
    pv = quick.pv if quick.pv and quick.pv[0] in best else best[:1]
    return attrs.evolve(
        proved,
        value=value,
        move_values=tuple(move_values),
        best_moves=best,
        pv=pv,
        exact=False,
        bound="estimate",
        horizon=depth,
        target=None,
    )
