"""Perfect-information search of a Chase the Tailor round, to a turn horizon.

With every hand and the order of the stock known (a :class:`~cardgames.tailor.State` fixes the
whole future, reshuffles included), a round is a game tree. Its value for one seat, the
*perspective*, is measured by :func:`tailor_value`: that seat's payoff minus the mean payoff of
the other seats. With two players this is the difference of the payoffs, a zero-sum game. With
more, every other seat is assumed to play against the perspective (the *paranoid* reduction):
the perspective maximises the value and all the others minimise it.

Rounds can run for a long time (draws, reshuffles), so the search looks a fixed number of moves
ahead, the *horizon* (every move counts as one ply: a play, a dump, a draw, a pass, the play of a
drawn card). A position reached at the horizon with the round still running is scored with the
same formula on its provisional payoffs, :meth:`~cardgames.tailor.State.payoffs` (every seat
minus the value of its hand). Such a value is an estimate, not a guarantee; see
:func:`analyse_tailor` for how results say so.

:func:`analyse_tailor` is the fast search: the shared engine (:mod:`cardgames.search.engine`)
driving zero-window tests of :class:`~cardgames.tailor.search.TailorSearch` over the int model
:class:`~cardgames.tailor.search_model.TailorModel`. Two references check it:
:func:`reference_tailor_value`, the plain alpha-beta over real states played with
:meth:`~cardgames.tailor.State.play` (the check of the model against the rules), and
:func:`reference_model_value`, the engine's plain alpha-beta over the model.

>>> from cardgames import tailor
>>> state = tailor.random_position(tailor.Rules(players=3), seed=4)
>>> result = analyse_tailor(state, horizon=2)
>>> result.value == max(entry.value for entry in result.move_values)
True
>>> result.value == reference_tailor_value(state, state.to_move, 2)
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, TypeAlias

import attrs

from cardgames.errors import AnalysisError
from cardgames.search.clock import CallClock
from cardgames.search.engine import LimitReached, reference_value, score_moves
from cardgames.search.results import Analysis, Limit, MoveValue
from cardgames.tailor.moves import Move
from cardgames.tailor.search import TailorSearch
from cardgames.tailor.search_codes import SCORE, move_code, points
from cardgames.tailor.search_model import TailorModel
from cardgames.tailor.state import State
from cardgames.validation import quote

__all__ = [
    "DEFAULT_HORIZON",
    "TAILOR_OBJECTIVE",
    "analyse_tailor",
    "reference_model_value",
    "reference_tailor_value",
    "tailor_value",
]

DEFAULT_HORIZON: Final = 6
"""Moves (plies) searched ahead by default: a 4-player endgame answers in a few milliseconds
at this depth (see ``benchmarks/tailor_solver.py``)."""

TAILOR_OBJECTIVE: Final = (
    "the perspective's payoff minus the mean payoff of the other seats (0 for the seat that went "
    "out, minus the hand value otherwise); every other seat plays to minimise it (paranoid); a "
    "round still running at the horizon is scored on its provisional payoffs"
)
"""What :func:`analyse_tailor` measures, in words (the ``objective`` of its result)."""

Scaled: TypeAlias = int
"""A value times ``players - 1``: the search works on ints and divides once at the end."""

_INFINITY: Final = 1 << 30


def _scaled_value(state: State, perspective: int) -> Scaled:
    """:func:`tailor_value` times ``players - 1``, as an int.

    ``n * payoff[p] - sum(payoffs)`` equals ``(n - 1) * (payoff[p] - mean of the others)``.
    """
    payoffs = [-points(hand.mask) for hand in state.hands]  # 0 for an empty hand
    return len(payoffs) * payoffs[perspective] - sum(payoffs)


def _check_perspective(state: State, perspective: object) -> int:
    players = state.rules.players
    if isinstance(perspective, bool) or not isinstance(perspective, int):
        raise AnalysisError(f"invalid perspective {quote(perspective)}: expected a seat number")
    if not 0 <= perspective < players:
        raise AnalysisError(
            f"invalid perspective {quote(perspective)}: expected a seat from 0 to {players - 1}"
        )
    return perspective


def _check_horizon(horizon: object) -> int:
    if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1:
        raise AnalysisError(
            f"invalid horizon {quote(horizon)}: expected a positive number of moves"
        )
    return horizon


def tailor_value(state: State, perspective: int) -> Fraction:
    """The objective of the search, for ``perspective``, at ``state``.

    It is ``payoffs[perspective]`` minus the mean of the other seats' payoffs (see
    :meth:`~cardgames.tailor.State.payoffs`). With two players this is the payoff difference,
    so the game is zero-sum: the values of the two seats are opposite. With more players the
    other seats' payoffs enter only through their mean, so the paranoid search can treat them as
    one side that minimises the value.

    When the round is not over the same formula is applied to the *provisional* payoffs, every
    seat scoring minus the value of its hand: this is how a position cut off at the search
    horizon is evaluated.

    :param state: any position, finished or not.
    :param perspective: the seat whose value it is.
    :returns: an exact fraction (a multiple of ``1 / (players - 1)``).
    :raises AnalysisError: if ``perspective`` is not a seat.

    >>> from cardgames.tailor import Rules, deal
    >>> state = deal(Rules(players=3), seed=1)
    >>> state.payoffs(), tailor_value(state, 0)
    ((-53, -69, -57), Fraction(10, 1))
    """
    seat = _check_perspective(state, perspective)
    return Fraction(_scaled_value(state, seat), state.rules.players - 1)


def reference_tailor_value(state: State, perspective: int, horizon: int) -> Fraction:
    """The value of ``state`` for ``perspective`` by plain depth-limited alpha-beta.

    No transposition table, no move ordering, no merging of moves: every legal move of every
    node is played through :meth:`~cardgames.tailor.State.play`, in the engine's order. The
    perspective maximises :func:`tailor_value`, every other seat minimises it; after
    ``horizon`` moves, or when the round ends, a position is scored with
    :func:`tailor_value`. This is the definition :func:`analyse_tailor` is tested against, and
    since it plays real states it also checks the int model against the rules.

    :param state: the position (a finished round is simply scored).
    :param perspective: the seat analysed.
    :param horizon: moves to look ahead (``0`` scores the position as it is).
    :raises AnalysisError: for a bad perspective or horizon.

    >>> from cardgames.tailor import Rules, random_position
    >>> state = random_position(Rules(players=2), seed=3)
    >>> reference_tailor_value(state, 0, 2) == -reference_tailor_value(state, 1, 2)
    True
    """
    seat = _check_perspective(state, perspective)
    if horizon != 0:
        horizon = _check_horizon(horizon)

    def alpha_beta(node: State, depth: int, alpha: int, beta: int) -> int:
        if depth == 0 or node.is_over:
            return _scaled_value(node, seat)
        if node.to_move == seat:
            best = -_INFINITY
            for move in node.legal_moves():
                best = max(best, alpha_beta(node.play(move), depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        else:
            best = _INFINITY
            for move in node.legal_moves():
                best = min(best, alpha_beta(node.play(move), depth - 1, alpha, beta))
                beta = min(beta, best)
                if alpha >= beta:
                    break
        return best

    value = alpha_beta(state, horizon, -_INFINITY, _INFINITY)
    return Fraction(value, state.rules.players - 1)


def reference_model_value(state: State, perspective: int, horizon: int) -> Fraction:
    """The same value as :func:`reference_tailor_value`, by the engine's plain alpha-beta
    (:func:`~cardgames.search.engine.reference_value`) over the int model
    :class:`~cardgames.tailor.search_model.TailorModel`: every legal move in the engine's order, no
    table, no merging. It visits the same tree as :func:`reference_tailor_value`, several
    times faster; the pair separates a fault of the model from a fault of the fast search.

    :raises AnalysisError: for a bad perspective or horizon.

    >>> from cardgames.tailor import Rules, random_position
    >>> state = random_position(Rules(players=4), seed=6)
    >>> reference_model_value(state, 1, 3) == reference_tailor_value(state, 1, 3)
    True
    """
    seat = _check_perspective(state, perspective)
    if horizon != 0:
        horizon = _check_horizon(horizon)
    model = TailorModel.for_state(state, seat)
    value = reference_value(model, model.encode(state, horizon))
    return Fraction(value, state.rules.players - 1)


# -- the fast search -------------------------------------------------------------------------


def analyse_tailor(
    state: State,
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    horizon: int | None = None,
) -> Analysis[Move]:
    """Score every legal move of a Chase the Tailor position, looking ``horizon`` moves ahead.

    The value measured is :func:`tailor_value` (see :data:`TAILOR_OBJECTIVE`): the
    perspective maximises it, every other seat minimises it (with two players this is the
    zero-sum game on the payoff difference; with more it is the *paranoid* reduction). A
    position reached after ``horizon`` moves with the round still running is scored by the same
    formula on its provisional payoffs.

    The position is turned into the int model of :mod:`cardgames.tailor.search_model` and every
    distinct legal move is valued by the engine's :func:`~cardgames.search.engine.score_moves`:
    MTD(f), zero-window tests of :class:`~cardgames.tailor.search.TailorSearch` (a fail-soft
    alpha-beta with a table of bounds keyed on what the rest of the round depends on, and
    move ordering: the table's move, then moves that go out, then big cards; Jokers, the
    Tailor and draws last). Moves proven to be worth the same are searched once:

    * Tailor calls with the same victim whose follow masks agree on every suited card that is
      in a hand or in the stock (while no reshuffle can bring the pile back before the
      horizon; with no move left to search, every call of one victim);
    * dumps of the same cards ending on the same card, when no reshuffle can happen before the
      horizon (the order of the cards under the top then never matters);
    * the same effect with either Joker.

    With a ``limit`` the search deepens one move at a time (1, 2, ... ``horizon``) and checks
    the budget at every node: when it runs out, the call returns (within the time limit plus
    one node's work) the results of the deepest depth completed. Since only complete depths
    count, the moves are then valued one after the other by
    :meth:`TailorSearch.exact_value() <cardgames.tailor.search.TailorSearch.exact_value>`
    (the same zero-window tests, each free to use all that is left of the budget) rather than
    by ``score_moves``, which shares a budget out in advance for answers in bounds. Without a
    limit it searches the full horizon at once. In both cases the search stops early once a
    depth proves exact.

    How to read the result:

    * ``bound == "exact"``, ``exact`` True: no line searched was cut at the horizon, so the
      values are the true values of the round under perfect play (for any horizon from
      there on); ``pv`` ends with the end of the round.
    * ``bound == "horizon"``, ``exact`` False: some line was cut at the horizon, or a limit
      stopped the deepening. The values are exact *for the depth-limited game* of ``horizon``
      moves (the requested one, or the deepest completed under a limit) but only estimates of
      the round's outcome. ``lower`` and ``upper`` are then simply equal to ``value``: no
      guaranteed bounds are claimed.
    * ``horizon == 0``: the limit stopped even the first move's search; the moves scored
      before it stopped carry their one-move values, the others the position's own value by
      :func:`tailor_value`, and ``pv`` is empty.

    :param state: a position of a round that is not over.
    :param perspective: the seat analysed (default: the seat to move).
    :param limit: a node and/or time budget.
    :param horizon: moves to look ahead (default :data:`DEFAULT_HORIZON`).
    :returns: an :class:`~cardgames.solver.Analysis` with ``game == "tailor"``.
    :raises AnalysisError: if the round is over, or for a bad perspective or horizon.

    >>> from cardgames import tailor
    >>> state = tailor.random_position(tailor.Rules(players=2), seed=5, cards_left=2)
    >>> result = analyse_tailor(state, horizon=3)
    >>> len(result.move_values) == len(state.legal_moves()), result.bound in ('exact', 'horizon')
    (True, True)
    >>> end = state
    >>> for move in result.pv:
    ...     end = end.play(move)
    >>> result.exact is False or tailor_value(end, result.perspective) == result.value
    True
    """
    clock = CallClock(None if limit is None else limit.time)
    # The search's table is freed when _analyse_tailor returns, inside the time reported.
    analysis = _analyse_tailor(state, perspective, limit, horizon, clock)
    return attrs.evolve(analysis, elapsed=clock.stop())


def _analyse_tailor(
    state: State,
    perspective: int | None,
    limit: Limit | None,
    horizon: int | None,
    clock: CallClock,
) -> Analysis[Move]:
    """The body of :func:`analyse_tailor` (its ``elapsed`` is set by the caller)."""
    if not isinstance(state, State):
        raise AnalysisError(f"cannot analyse {quote(state)}: expected a Chase the Tailor State")
    if state.is_over:
        raise AnalysisError(
            f"cannot analyse position {str(state)!r}: the round is over, no move is left to score"
        )
    seat = state.to_move if perspective is None else _check_perspective(state, perspective)
    depth_wanted = DEFAULT_HORIZON if horizon is None else _check_horizon(horizon)
    players = state.rules.players
    moves = state.legal_moves()
    codes = [move_code(move) for move in moves]
    model = TailorModel.for_state(state, seat)
    search = TailorSearch(model)
    search.deadline = clock.deadline()
    if limit is not None:
        search.node_limit = limit.nodes
    maximising = state.to_move == seat
    static = 0  # the position's own value, from the first root encoded

    depth_done = 0
    values: list[Scaled] = []
    pv: list[int] = []
    exact = False
    guess: int | None = None
    partial: dict[int, Scaled] = {}
    classes: dict[int, int] = {}
    for depth in range(1 if limit is not None else depth_wanted, depth_wanted + 1):
        root = model.encode(state, depth)
        if guess is None:
            static = guess = root[SCORE]
        classes = model.distinct(root)
        search.table.clear()
        search.horizon_reached = False
        found: dict[int, Scaled] = partial if depth == 1 else {}
        try:
            if depth == 1:
                search.arm()
                for move in dict.fromkeys(classes.values()):
                    found[move] = search.leaf_value(root, move)
            elif limit is None:
                bounds, _ = score_moves(model, search, root, guess)
                for move, (low, _) in bounds.items():
                    found[move] = low
            else:
                # The engine's score_moves shares a limited budget out among the moves, and
                # each move's among its tests, which suits answers in bounds; a Tailor depth
                # counts only when it is complete, so here every move's tests may use all
                # that is left (and the first that runs out ends the depth).
                estimate = guess
                for move in sorted(set(classes.values()), reverse=True):
                    child = model.child(root, move)
                    banked = model.banked(child)
                    low, high = model.future_bounds(child)
                    estimate = banked + search.exact_value(child, low, high, estimate - banked)
                    found[move] = estimate
            best = (max if maximising else min)(found.values())
            cut = search.horizon_reached
            first = next(move for move in classes if found.get(move) == best)
            search.arm()
            line = [first]
            line += search.principal_variation(model.child(root, first), best, not cut)
        except LimitReached:
            break
        depth_done, guess, pv = depth, best, line
        values = [found[classes[code]] for code in codes]
        exact = not cut and _ends_round(model, root, line)
        if exact:
            break
    if depth_done == 0:
        values = [partial.get(classes.get(code, code), static) for code in codes]
    clock.searched()

    fractions: dict[Scaled, Fraction] = {}
    for scaled in values:
        if scaled not in fractions:
            fractions[scaled] = Fraction(scaled, players - 1)
    target = (max if maximising else min)(values)
    value = fractions[target]
    return Analysis(
        game="tailor",
        perspective=seat,
        side=(seat,),
        to_move=state.to_move,
        objective=TAILOR_OBJECTIVE,
        value=value,
        lower=value,
        upper=value,
        move_values=tuple(
            MoveValue(move=move, value=fractions[v], lower=fractions[v], upper=fractions[v])
            for move, v in zip(moves, values, strict=True)
        ),
        best_moves=tuple(move for move, v in zip(moves, values, strict=True) if v == target),
        pv=tuple(model.move_of(code) for code in pv),
        nodes=search.nodes,
        elapsed=0.0,  # set by analyse_tailor once the table is freed
        exact=exact,
        bound="exact" if exact else "horizon",
        horizon=depth_wanted if exact else depth_done,
    )


def _ends_round(model: TailorModel, position: list[int], line: list[int]) -> bool:
    """Whether playing ``line`` from ``position`` ends the round."""
    for move in line:
        position = model.child(position, move)
    return model.round_over(position)
