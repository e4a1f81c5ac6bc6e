"""Perfect-information analysis of Tarot, Chase the Tailor and bridge positions.

:func:`analyse` scores every legal move of a position for one side when all cards are visible,
and gives a best line of play; :func:`analyse_play` replays a sequence of moves and says what
each one cost; :func:`review` judges a whole deal or round and sums it up per seat.

>>> from cardgames import solver, tarot
>>> state = tarot.State.parse(SAMPLE_POSITION)
>>> analysis = solver.analyse(state)
>>> analysis.exact, analysis.value == max(entry.value for entry in analysis.move_values)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar, overload

from cardgames import games
from cardgames._compiled import backend
from cardgames.bridge.analysis import DDTable, dd_table
from cardgames.errors import AnalysisError, IllegalMoveError
from cardgames.search.results import (
    MAX_NODES,
    MAX_SECONDS,
    Analysis,
    Bound,
    GameState,
    Limit,
    MoveValue,
    PlayStep,
    SearchProgress,
    Solution,
)
from cardgames.solver.batch import BatchError, Job, analyse_many, solve_many
from cardgames.solver.play_review import PlayerSummary, Review, Unjudged, review
from cardgames.solver.sample import SAMPLE_POSITION
from cardgames.tarot.analysis import ContractTarget, FrenchAnalysis, TarotAnalysis
from cardgames.validation import quote, quote_text

if TYPE_CHECKING:  # the per-game overloads name the games' types
    from cardgames import bridge, tailor, tarot
    from cardgames.cards import Card

__all__ = [
    "MAX_NODES",
    "MAX_SECONDS",
    "SAMPLE_POSITION",
    "Analysis",
    "BatchError",
    "Bound",
    "ContractTarget",
    "DDTable",
    "FrenchAnalysis",
    "GameState",
    "Job",
    "Limit",
    "MoveValue",
    "PlayStep",
    "PlayerSummary",
    "Progress",
    "Review",
    "SearchProgress",
    "Solution",
    "TarotAnalysis",
    "Unjudged",
    "analyse",
    "analyse_many",
    "analyse_play",
    "backend",
    "dd_table",
    "reference_value",
    "review",
    "solve",
    "solve_many",
]


M = TypeVar("M")


def _game_of(state: object) -> games.AnyGame:
    """The game of a position to analyse: a state of a registered game."""
    game = games.find(state)
    if game is None:
        known = games.registered()  # imports the library's games, which register themselves
        game = games.find(state)
        if game is None:
            titles = ", ".join(other.title for other in known)
            raise AnalysisError(
                f"cannot analyse {quote(state)}: expected the state of a game ({titles})"
            )
    if not isinstance(state, game.state_type):  # a view, a rule set...: not a position
        raise AnalysisError(
            f"cannot analyse {quote(state)}: expected a position (a {game.title} state), not "
            f"a {type(state).__name__}"
        )
    return game


Progress = Callable[[SearchProgress], None]
"""A progress callback, called with a :class:`~cardgames.search.results.SearchProgress`."""


@overload
def analyse(
    state: tarot.State,
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    progress: Progress | None = None,
    horizon: int | None = None,
    estimates: bool = False,
) -> TarotAnalysis: ...
@overload
def analyse(
    state: tailor.State,
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    progress: Progress | None = None,
    horizon: int | None = None,
    estimates: bool = False,
) -> Analysis[tailor.Move]: ...
@overload
def analyse(
    state: bridge.State,
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    progress: Progress | None = None,
    horizon: int | None = None,
    estimates: bool = False,
) -> Analysis[Card]: ...
@overload
def analyse(
    state: GameState[M],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    progress: Progress | None = None,
    horizon: int | None = None,
    estimates: bool = False,
) -> Analysis[M]: ...
def analyse(
    state: GameState[Any],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    progress: Progress | None = None,
    horizon: int | None = None,
    estimates: bool = False,
) -> Analysis[Any]:
    """Score every legal move of ``state`` for ``perspective``'s side, with all cards visible.

    :param state: a :class:`cardgames.tarot.state.State` in its play phase, a
        :class:`cardgames.tailor.State` whose round is not over, or a
        :class:`cardgames.bridge.state.State` whose play is not over (see
        :func:`~cardgames.bridge.analysis.analyse_bridge`).
    :param perspective: the seat whose side is analysed (default: the player to move). In the
        four-player partnership game and in bridge the side is the partnership.
    :param limit: a node and/or time budget; when it runs out the result has ``exact=False``
        and its values are bounds.
    :param progress: Tarot: called now and then with a
        :class:`~cardgames.search.results.SearchProgress`: the moves scored so far and to
        score, the nodes searched and bounds on the value from what is proved so far (the
        command line uses it to report long analyses); see
        :func:`~cardgames.tarot.analysis.analyse_tarot` for when.
    :param horizon: how far ahead to look: whole tricks in Tarot (the rest valued by an
        estimate, see :mod:`cardgames.tarot.horizon`; default: to the end of the deal, exactly),
        moves in Chase the Tailor (default
        :data:`~cardgames.tailor.analysis.DEFAULT_HORIZON`). A result cut by its horizon
        has ``bound == "horizon"``.
    :param estimates: Tarot under a ``limit``: give every card an estimate from a short
        horizon search first, then spend the rest of the limit on the exact search and keep
        the bounds it proves beside each estimate (see
        :mod:`cardgames.tarot.estimates`). Unless the exact search finishes (the
        result is then exact), the result has ``bound == "estimate"``: each ``MoveValue``'s
        ``lower`` and ``upper`` are proved, its ``value`` an estimate between them, exact
        where they meet. Not with ``horizon``. Chase the Tailor values are estimates beyond
        their horizon already, so it changes nothing there, nor for bridge, whose positions
        are searched exactly.
    :returns: the :class:`~cardgames.search.results.Analysis`: for a Tarot state a
        :class:`~cardgames.tarot.analysis.TarotAnalysis` (typed so, with its ``target``; a
        :class:`~cardgames.tarot.analysis.FrenchAnalysis` for a French deal), for a Chase the
        Tailor state an ``Analysis[tailor.Move]``.
    :raises AnalysisError: for a state the solver cannot analyse.
    """
    game = _game_of(state)
    _check_options(limit, progress)
    _check_estimates(estimates, horizon)
    return game.analysis.analyse(
        state,
        perspective=perspective,
        limit=limit,
        progress=progress,
        horizon=horizon,
        estimates=estimates,
    )


@overload
def solve(
    state: tarot.State, *, perspective: int | None = None, limit: Limit | None = None
) -> Solution[tarot.Move]: ...
@overload
def solve(
    state: tailor.State, *, perspective: int | None = None, limit: Limit | None = None
) -> Solution[tailor.Move]: ...
@overload
def solve(
    state: bridge.State, *, perspective: int | None = None, limit: Limit | None = None
) -> Solution[Card]: ...
@overload
def solve(
    state: GameState[M], *, perspective: int | None = None, limit: Limit | None = None
) -> Solution[M]: ...
def solve(
    state: GameState[Any],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
) -> Solution[Any]:
    """The value of ``state`` for ``perspective``'s side and one best line, without scoring
    every alternative: what a program choosing its move needs, at a fraction of the cost of
    :func:`analyse`.

    >>> from cardgames import solver, tarot
    >>> state = tarot.State.parse(SAMPLE_POSITION)
    >>> solution = solver.solve(state)
    >>> solution.value == solver.analyse(state).value, solution.best_move == solution.pv[0]
    (True, True)

    :raises AnalysisError: for a state the solver cannot analyse.
    """
    game = _game_of(state)
    _check_options(limit, None)
    return game.analysis.solve(state, perspective=perspective, limit=limit)


@overload
def analyse_play(
    state: tarot.State,
    moves: Iterable[tarot.AnyMove],
    *,
    limit: Limit | None = None,
    estimates: bool = False,
) -> tuple[PlayStep[tarot.Move], ...]: ...
@overload
def analyse_play(
    state: tailor.State,
    moves: Iterable[tailor.Move],
    *,
    limit: Limit | None = None,
    estimates: bool = False,
) -> tuple[PlayStep[tailor.Move], ...]: ...
@overload
def analyse_play(
    state: bridge.State,
    moves: Iterable[Card],
    *,
    limit: Limit | None = None,
    estimates: bool = False,
) -> tuple[PlayStep[Card], ...]: ...
@overload
def analyse_play(
    state: GameState[M],
    moves: Iterable[M],
    *,
    limit: Limit | None = None,
    estimates: bool = False,
) -> tuple[PlayStep[M], ...]: ...
def analyse_play(
    state: GameState[Any],
    moves: Iterable[Any],
    *,
    limit: Limit | None = None,
    estimates: bool = False,
) -> tuple[PlayStep[Any], ...]:
    """Judge a played sequence: each move's value against the best move at that point.

    Each position is analysed from the side of the player about to move, so ``loss`` is what
    that player's side gave away with the move (0 for a best move). The Tarot moves made
    before or beside the play of the cards (the dealer's or taker's discard, and the bids,
    call, announcement and poignées of French Tarot) are played through without a step of
    their own: the solver values the play of the cards, and a discard is judged by no search
    (what it sets aside counts for the discarder's side in every later step). So a whole
    deal's moves, from the start, can be judged; the steps are the cards played.

    >>> from cardgames import solver, tarot
    >>> state = tarot.State.parse(SAMPLE_POSITION)
    >>> steps = solver.analyse_play(state, solver.analyse(state).pv[:3])
    >>> [step.loss for step in steps]
    [Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)]

    :param limit: the budget for each position's analysis.
    :param estimates: analyse each position as :func:`analyse` does with ``estimates=True``:
        a step the exact search did not settle then has ``bound == "estimate"``, its values
        estimates within proved bounds, and ``exact`` True only where both were proved.
    :raises IllegalMoveError: if a move is not legal where it is played.
    :raises AnalysisError: if the sequence runs past the end of the deal or round.
    """
    game = _game_of(state)
    if isinstance(moves, str) or not isinstance(moves, Iterable):
        raise AnalysisError(f"invalid moves {quote(moves)}: expected a sequence of move objects")
    _check_options(limit, None)
    _check_estimates(estimates, None)
    steps = []
    for number, move in enumerate(moves, start=1):
        if state.is_over:
            raise AnalysisError(f"move {quote_text(move)} comes after the end of the game")
        if isinstance(move, str):  # State.play would read it; the analysis needs the move
            raise IllegalMoveError(f"invalid move {quote(move)}: expected a move object")
        following = state.play(move)  # raises IllegalMoveError with the rule broken
        if not game.analysis.judged(state, move) or game.analysis.skipped(state):
            state = following  # a bid, call, discard, announcement or poignée: no trick played
            continue
        analysis = analyse(state, perspective=state.to_move, limit=limit, estimates=estimates)
        steps.append(PlayStep.judged(analysis, move, state.to_move, number))
        state = following
    return tuple(steps)


def _check_estimates(estimates: object, horizon: object) -> None:
    if not isinstance(estimates, bool):
        raise AnalysisError(f"invalid estimates {quote(estimates)}: expected True or False")
    if estimates and horizon is not None:
        raise AnalysisError(
            f"estimates=True and horizon={quote(horizon)} do not go together: with estimates "
            "the analysis chooses its own horizon (leave horizon out)"
        )


def _check_options(limit: object, progress: object) -> None:
    if limit is not None and not isinstance(limit, Limit):
        raise AnalysisError(f"invalid limit {quote(limit)}: expected a solver.Limit or None")
    if progress is not None and not callable(progress):
        raise AnalysisError(f"invalid progress {quote(progress)}: expected a callable or None")


def reference_value(state: GameState[Any], perspective: int | None = None) -> Fraction:
    """The position's value by the plain reference search, for checking :func:`analyse`.

    It has no table, no move ordering and no merging of equivalent moves, so it is only
    practical for small endgames. Chase the Tailor positions are searched to the default
    horizon.

    :raises AnalysisError: for a state the solver cannot analyse.
    """
    return _game_of(state).analysis.reference_value(state, perspective)
