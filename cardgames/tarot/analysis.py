"""Analysis of Tarot positions: from a :class:`cardgames.tarot.state.State` to an
:class:`~cardgames.search.results.Analysis`.

The value of a position is the number of card points the analysed side holds when the deal is
over, counted as :meth:`cardgames.tarot.state.State.team_points` counts them (won cards, the discard
for the dealer's side, the Excuse settled by the rules, the Magician's bonus), when every other
player plays against that side.

French Tarot (rules with ``bidding``) is analysed the same way, with three differences: the
sides are the taker's (the taker, and at five players the holder of the called card, known to
the solver) and the defence's, as the bidding made them; the default perspective is the
taker's side, whoever is to move; and the value is counted in exact half points, the dog
included for the side it counts for (the taker's discard in a prise or a garde, the unseen dog
in a garde sans; the defence's in a garde contre). The analysis is then a
:class:`FrenchAnalysis`, whose ``target`` says what the best line means
for the contract: the bouts the taker's side ends with, the points those bouts make it need,
and whether (and by how much) it gets them.

Every Tarot analysis is a :class:`TarotAnalysis` (``target`` None outside French Tarot), which
is the type :func:`cardgames.solver.analyse` gives a Tarot state: the rule family is not
known to a type checker, but ``analysis.target`` is, as ``ContractTarget | None``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from cardgames.cardset import iter_bits
from cardgames.errors import AnalysisError
from cardgames.search.clock import CallClock
from cardgames.search.engine import LimitReached, SimpleSearch, principal_variation, score_moves
from cardgames.search.results import Analysis, Limit, MoveValue, SearchProgress, Solution
from cardgames.tarot.cards import TarotCard
from cardgames.tarot.horizon import Estimate, HorizonTree, position_key
from cardgames.tarot.play import count_mask
from cardgames.tarot.rules import ExcuseRule, NumeralOrder, Rules
from cardgames.tarot.search import (
    ReferenceSearch,
    TarotSearch,
    TarotTree,
    future_bounds,
    to_move,
)
from cardgames.tarot.search_model import (
    E_WON,
    EX_PENDING,
    EX_SETTLED,
    EX_SHIFT,
    EXCUSE_BIT,
    MIN_SHIFT,
    NO_MIN,
    O_WON,
    TRUMPS_PLAYED,
    W_MAX,
    Position,
    TarotModel,
)
from cardgames.tarot.state import Move, Phase, State
from cardgames.validation import quote, strict_arguments

__all__ = [
    "REPORT_EVERY",
    "TAROT_OBJECTIVE",
    "ContractTarget",
    "FrenchAnalysis",
    "Progress",
    "TarotAnalysis",
    "analyse_tarot",
    "build_model",
    "reference_tarot_value",
    "root_position",
    "solve_tarot",
]

Progress = Callable[[SearchProgress], None]
"""A progress callback: called with a :class:`~cardgames.search.results.SearchProgress` (moves
scored, nodes searched, bounds on the value so far) after each distinct legal card is scored
and, while one is being searched, at most every :data:`REPORT_EVERY` seconds as the bounds
narrow."""

REPORT_EVERY: Final = 0.1
"""The shortest time, in seconds, between two reports to a progress callback while one card
is being searched."""

TAROT_OBJECTIVE = "card points of the side at the end of the deal (State.team_points)"


@strict_arguments
@attrs.frozen(kw_only=True)
class ContractTarget:
    """What a line of play to the end of a French deal means for the taker's contract.

    The solver's value is card points only; the points the taker's side needs depend on the
    bouts (trump 1, trump 21, the Excuse) it ends with, which the line decides too.

    :param side: the taker's side (the taker, with its partner at five players).
    :param points: the card points that side ends the line with (exact half points, the dog
        counted where it counts).
    :param bouts: the bouts it ends with, 0 to 3.
    :param needed: the points those bouts make it need: 56, 51, 41 or 36.

    >>> from fractions import Fraction
    >>> line = ContractTarget(side=(0,), points=Fraction(91, 2), bouts=2, needed=41)
    >>> line.made, line.margin
    (True, Fraction(9, 2))
    >>> line.to_unicode()
    'Contract: 45½ points with 2 bouts against 41 needed: made by 4½.'
    """

    side: tuple[int, ...]
    points: Fraction
    bouts: int
    needed: int

    @property
    def made(self) -> bool:
        """Whether the points reach what is needed (to the half point)."""
        return self.points >= self.needed

    @property
    def margin(self) -> Fraction:
        """By how much the contract is made (at least 0) or lost (above 0): ``|points -
        needed|``, exact (the score rounds it as ``Rules.round_margin`` says)."""
        return abs(self.points - self.needed)

    def to_unicode(self) -> str:
        """One line of text: points, bouts, what they need and the outcome."""
        bouts = "1 bout" if self.bouts == 1 else f"{self.bouts} bouts"
        outcome = "made" if self.made else "down"
        return (
            f"Contract: {_half_points(self.points)} points with {bouts} against "
            f"{self.needed} needed: {outcome} by {_half_points(self.margin)}."
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict; points as an int or a fraction string such as ``"91/2"``."""
        return {
            "side": list(self.side),
            "points": _jsonable(self.points),
            "bouts": self.bouts,
            "needed": self.needed,
            "made": self.made,
            "margin": _jsonable(self.margin),
        }


def _half_points(value: Fraction) -> str:
    from cardgames.render import format_points

    return format_points(value)


def _jsonable(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else str(value)


@strict_arguments
@attrs.frozen(kw_only=True)
class TarotAnalysis(Analysis[Move]):
    """An :class:`~cardgames.search.results.Analysis` of a Tarot position: what
    :func:`cardgames.solver.analyse` returns for every :class:`~cardgames.tarot.state.State`,
    so that a type checker knows ``target`` is there.

    :param target: in French Tarot, the :class:`ContractTarget` of the principal variation
        when it reaches the end of the deal; None in the other families, and when a limit or a
        horizon cut the line short. French analyses are :class:`FrenchAnalysis`.

    >>> from cardgames import solver, tarot
    >>> state = tarot.random_position(tarot.Rules.french(players=3), seed=3, tricks_left=2)
    >>> analysis = solver.analyse(state)
    >>> type(analysis).__name__, analysis.target is not None
    ('FrenchAnalysis', True)
    """

    target: ContractTarget | None = None

    def to_unicode(
        self,
        move_text: Callable[[Move], str] | None = None,
        stats: bool = False,
        pv_text: str | None = None,
    ) -> str:
        """The analysis as text (see :meth:`cardgames.search.results.Analysis.to_unicode`),
        with a line on the contract after the value when there is a ``target``."""
        text = super().to_unicode(move_text, stats, pv_text)
        if self.target is None:
            return text
        lines = text.split("\n")
        at = next(i for i, line in enumerate(lines) if line.startswith("Value: ")) + 1
        lines.insert(at, self.target.to_unicode())
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The analysis' dict, with ``"target"`` (:meth:`ContractTarget.to_dict`) when there
        is one."""
        data = super().to_dict()
        if self.target is not None:
            data["target"] = self.target.to_dict()
        return data

    def __reduce__(self) -> tuple[Callable[..., TarotAnalysis], tuple[object, ...]]:
        rebuild, args = super().__reduce__()
        return _unpickle_tarot, (type(self), rebuild, args, self.target)


@strict_arguments
@attrs.frozen(kw_only=True)
class FrenchAnalysis(TarotAnalysis):
    """A :class:`TarotAnalysis` of a French Tarot position (rules with ``bidding``), with
    what its best line means for the contract.

    :param target: the :class:`ContractTarget` of the principal variation, when it reaches
        the end of the deal (None when a limit or a horizon cut it short).
    """

    def to_dict(self) -> dict[str, Any]:
        """The analysis' dict with ``"target"``: the :meth:`ContractTarget.to_dict` or None."""
        data = super().to_dict()
        data.setdefault("target", None)
        return data


def _unpickle_tarot(
    kind: type[TarotAnalysis],
    rebuild: Callable[..., Analysis[Move]],
    args: tuple[object, ...],
    target: ContractTarget | None,
) -> TarotAnalysis:
    base = rebuild(*args)
    fields = {field.name: getattr(base, field.name) for field in attrs.fields(Analysis)}
    return kind(**fields, target=target)


def _typed(analysis: Analysis[Move], state: State) -> TarotAnalysis:
    """``analysis`` as a :class:`TarotAnalysis`; for a French state a :class:`FrenchAnalysis`
    with the contract target of its line."""
    fields = {field.name: getattr(analysis, field.name) for field in attrs.fields(Analysis)}
    if _taker(state) is None:
        return TarotAnalysis(**fields)
    final = state
    for move in analysis.pv:
        final = final.play(move)
    return FrenchAnalysis(**fields, target=_contract_target(final))


def _contract_target(final: State) -> ContractTarget | None:
    """The :class:`ContractTarget` of a finished French deal (from its score)."""
    score = final.score()
    if score is None:
        return None
    return ContractTarget(
        side=final.teams[0], points=score.points, bouts=score.bouts, needed=score.target
    )


def build_model(rules: Rules, perspective: int, teams: Sequence[int] | None = None) -> TarotModel:
    """The search tables for ``rules`` with ``perspective``'s side maximising.

    :param teams: the side of each seat, by seat (default: ``rules.team_of``). In French Tarot
        the bidding decides the sides, so pass the state's (see :func:`root_position`'s
        callers: the solver takes them from the state).

    >>> from cardgames import tarot
    >>> model = build_model(tarot.Rules.french(players=4), 2, teams=[1, 1, 0, 1])
    >>> model.maximiser, model.overtrump, model.weight[EXCUSE_BIT]
    ([False, False, True, False], True, 9)
    """
    if teams is None:
        teams = [rules.team_of(p) for p in range(rules.players)]
    team = teams[perspective]
    return TarotModel(
        players=rules.players,
        clockwise=rules.clockwise,
        traditional_order=rules.numeral_order is NumeralOrder.TRADITIONAL,
        lead_restricted=rules.trump_lead_restricted,
        exchange=rules.excuse_rule is ExcuseRule.EXCHANGE,
        group=rules.group_size,
        bonus=rules.magician_bonus,
        teams=list(teams),
        maximiser=[side == team for side in teams],
        overtrump=rules.overtrump,
        excuse_slam=rules.excuse_wins_slam,
    )


def _teams_of(state: State) -> list[int]:
    """The side of each seat (:meth:`cardgames.tarot.state.State.team_of`): in French Tarot as
    the bidding made them, else the rules' fixed ones."""
    return [state.team_of(seat) for seat in range(state.rules.players)]


def _taker(state: State) -> int | None:
    """The French taker, once the bidding has made one (None in the other families)."""
    return state.taker if state.rules.bidding else None


def root_position(state: State, model: TarotModel) -> tuple[Position, Fraction]:
    """The compact position of ``state`` and the discard points credited to the side."""
    hands = [model.hand_to_internal(hand.mask) for hand in state.hands]
    trick = [model.card_to_internal(card.index) for card in state.trick.cards]
    flags = TRUMPS_PLAYED if state.trumps_played else 0
    holder = -1
    for seat, hand in enumerate(state.hands):
        if hand.mask >> EXCUSE_BIT & 1:
            holder = seat
    for seat, card in zip(state.trick.players, state.trick.cards, strict=True):
        if card.index == EXCUSE_BIT:
            holder = seat
    if state.excuse_trick is not None:
        done = state.tricks[state.excuse_trick]
        holder = done.players[[card.index for card in done.cards].index(EXCUSE_BIT)]
        assert done.winner is not None
        flags |= EX_PENDING << EX_SHIFT
        if model.maximiser[done.winner]:
            flags |= W_MAX
    elif model.excuse_slam and holder >= 0:
        # The Excuse is still to be played: it may yet win the last trick of the deal if no
        # other side wins a trick before. A made-up position without the deal's earlier tricks
        # never reaches the deal's last trick (State.play counts them), so there it cannot.
        side = model.teams[holder]
        tricks = state.tricks
        if len(tricks) + len(state.hands[state.to_move]) != state.rules.tricks_per_deal or any(
            trick.winner is not None and model.teams[trick.winner] != side for trick in tricks
        ):
            flags |= O_WON
    if holder < 0:
        flags |= EX_SETTLED << EX_SHIFT
    least = NO_MIN
    secured = 0
    for seat, pile in enumerate(state.won):
        cards = pile.mask & ~(1 << EXCUSE_BIT)
        weights = [model.weight[model.card_to_internal(i)] for i in iter_bits(cards)]
        if model.maximiser[seat]:
            secured += sum(weights)
        if holder >= 0 and model.teams[seat] == model.teams[holder] and weights:
            flags |= E_WON
            if model.exchange:
                least = min(least, *weights)
    flags |= least << MIN_SHIFT
    discard = _set_aside_points(state, model)
    # The player to move has not played to the trick in progress: one card per trick left.
    tricks_left = len(state.hands[state.to_move])
    position = Position(hands, state.trick.leader, trick, tricks_left, flags, holder, secured)
    return position, discard


def _set_aside(state: State) -> tuple[int, int]:
    """The engine mask of the cards set aside that count for a side, and a seat of that side
    (as :meth:`cardgames.tarot.state.State.team_points` counts them): the discard and the seat
    that discarded (the dealer; in French Tarot the taker), or in a French garde sans or garde
    contre the unseen dog and the taker or a defender."""
    contract = state.contract if state.rules.bidding else None
    if contract is not None and not contract.dog_shown:
        side = state.teams[0 if contract.dog_to_taker else 1]
        return state.initial.talon.mask, side[0]
    return state.discard.mask, state.discarder


def _set_aside_points(state: State, model: TarotModel) -> Fraction:
    """The points of the cards set aside (see :func:`_set_aside`) for the analysed side."""
    mask, seat = _set_aside(state)
    if not model.maximiser[seat] or not mask:
        return Fraction(0)
    rules = state.rules
    group = mask.bit_count() if rules.discard_is_own_group else rules.group_size
    return count_mask(mask, group)


def _side(model: TarotModel) -> tuple[int, ...]:
    return tuple(seat for seat in range(model.players) if model.maximiser[seat])


def _even_share(model: TarotModel, position: Position) -> int:
    # A first guess for the search: the side's share, by head count, of what is left to win.
    return future_bounds(model, position)[1] * len(_side(model)) // model.players


_UNFINISHED = {
    Phase.BIDDING: "the bidding",
    Phase.CALL: "the call",
    Phase.DISCARD: "the discard",
    Phase.ANNOUNCE: "the announcement",
}


def _check(state: State, perspective: int | None) -> int:
    if not isinstance(state, State):
        raise AnalysisError(f"cannot analyse {quote(state)}: expected a cardgames.tarot.State")
    if state.phase is Phase.OVER:
        raise AnalysisError("cannot analyse a Tarot deal that is over: there is no move to score")
    if state.phase is not Phase.PLAY:
        raise AnalysisError(
            f"cannot analyse a Tarot deal in its {quote(state.phase.value)} phase: the solver "
            f"analyses the play of the cards (finish {_UNFINISHED[state.phase]} first)"
        )
    return _check_seat(state, perspective)


def _check_seat(state: State, perspective: int | None) -> int:
    if perspective is None:
        taker = _taker(state)
        return state.to_move if taker is None else taker
    if (
        not isinstance(perspective, int)
        or isinstance(perspective, bool)
        or not 0 <= perspective < state.rules.players
    ):
        raise AnalysisError(
            f"invalid perspective {quote(perspective)}: expected a seat from 0 to "
            f"{state.rules.players - 1}"
        )
    return perspective


def _clock(limit: object) -> tuple[Limit, CallClock]:
    """The checked limit (an empty one for None) and the clock of the call, started now."""
    if limit is not None and not isinstance(limit, Limit):
        raise AnalysisError(f"invalid limit {quote(limit)}: expected a solver.Limit or None")
    limit = limit or Limit()
    return limit, CallClock(limit.time)


class _Reporter:
    """Turns the engine's reports (see :func:`~cardgames.search.engine.score_moves`) into
    :class:`~cardgames.search.results.SearchProgress` reports in card points for ``progress``."""

    def __init__(self, progress: Progress, job: _Job) -> None:
        self.progress = progress
        self.job = job
        self.scored = 0
        self.last = job.clock.started

    def __call__(self, scored: int, total: int, nodes: int, low: int, high: int) -> None:
        now = time.perf_counter()
        if scored == self.scored and now - self.last < REPORT_EVERY:
            return
        self.scored, self.last = scored, now
        points = self.job.points
        report = SearchProgress(
            moves_scored=scored,
            moves=total,
            nodes=nodes,
            lower=points(low),
            upper=points(high),
            elapsed=now - self.job.clock.started,
        )
        self.progress(report)


class _Job:
    """What every analysis of one position needs: the model, the root, a searcher, a clock.

    The searcher's deadline is taken from the clock once the model and the root are built, so
    that it leaves room for the work after the search (:mod:`cardgames.search.clock`)."""

    def __init__(
        self, state: State, perspective: int | None, limit: Limit, clock: CallClock
    ) -> None:
        self.seat = _check(state, perspective)
        self.clock = clock
        self.rules = state.rules
        self.model = build_model(self.rules, self.seat, _teams_of(state))
        self.root, self.discard = root_position(state, self.model)
        self.searcher = TarotSearch(self.model, node_limit=limit.nodes, deadline=clock.deadline())

    def points(self, scaled: int) -> Fraction:
        """Card points for a scaled total of won cards (the discard added)."""
        return Fraction(scaled, self.rules.group_size) + self.discard


def analyse_tarot(
    state: State,
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    progress: Progress | None = None,
    horizon: int | None = None,
    estimate: Estimate = Estimate.LEARNED,
) -> TarotAnalysis:
    """Analyse a Tarot position in its play phase (see :func:`cardgames.solver.analyse`).

    :param progress: called with a :class:`~cardgames.search.results.SearchProgress` after
        each distinct legal card is scored and, in between, at most every
        :data:`REPORT_EVERY` seconds as a card's bounds narrow.
    :param horizon: look only this many whole tricks ahead (the trick in progress counts as
        the first) and value what is left with ``estimate`` (see
        :mod:`cardgames.tarot.horizon`). The result then has ``bound == "horizon"`` and
        ``exact`` False, its values are exact for that shortened game only, ``lower`` and
        ``upper`` equal ``value``, and ``pv`` stops at the horizon. None (the default), or a
        horizon reaching the end of the deal, searches exactly.
    :param estimate: how a horizon values the points still in play (by default the learned
        evaluation, :mod:`cardgames.tarot.evaluation`).

    :raises AnalysisError: for a deal still in its discard phase or already over, a seat that
        does not exist, or a horizon that is not a positive int.

    >>> from cardgames import tarot
    >>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=2, tricks_left=20)
    >>> quick = analyse_tarot(state, horizon=1)
    >>> quick.bound, quick.exact, len(quick.move_values) == len(state.legal_card_moves())
    ('horizon', False, True)
    """
    if progress is not None and not callable(progress):
        raise AnalysisError(f"invalid progress {quote(progress)}: expected a callable or None")
    checked, clock = _clock(limit)
    # The search's tables are freed when _analyse returns, inside the time the call reports.
    analysis = _analyse(state, perspective, checked, clock, progress, horizon, estimate)
    return attrs.evolve(analysis, elapsed=clock.stop())


def _analyse(
    state: State,
    perspective: int | None,
    limit: Limit,
    clock: CallClock,
    progress: Progress | None,
    horizon: int | None,
    estimate: Estimate,
) -> TarotAnalysis:
    """The body of :func:`analyse_tarot` (its ``elapsed`` is set by the caller)."""
    job = _Job(state, perspective, limit, clock)
    model, root, searcher, points = job.model, job.root, job.searcher, job.points
    if horizon is not None:
        _check_horizon(horizon)
        if horizon < root.tricks_left:
            return _analyse_to_horizon(state, job, horizon, estimate, progress)
    tree = TarotTree(model)
    classes = tree.distinct(root)
    # The first card starts from the side's even share of what is left.
    guess = root.secured + _even_share(model, root)
    reporter = None if progress is None else _Reporter(progress, job)
    bounds, stopped = score_moves(tree, searcher, root, guess, reporter)
    maximising = model.maximiser[to_move(model, root)]
    pick = max if maximising else min
    lower = pick(low for low, _ in bounds.values())
    upper = pick(high for _, high in bounds.values())
    moves = state.legal_card_moves()
    move_values = []
    best_moves = []
    for move in moves:
        low, high = bounds[classes[model.card_to_internal(move.card.index)]]
        move_values.append(
            MoveValue(move=move, value=points(low), lower=points(low), upper=points(high))
        )
        if low == lower:
            best_moves.append(move)
    pv: list[Move] = []
    if not stopped:
        try:
            pv = _principal_variation(searcher, model, root, lower)
        except LimitReached:
            stopped = True
    clock.searched()
    analysis = Analysis[Move](
        game="tarot",
        perspective=job.seat,
        side=_side(model),
        to_move=state.to_move,
        objective=TAROT_OBJECTIVE,
        value=points(lower),
        lower=points(lower),
        upper=points(upper),
        move_values=tuple(move_values),
        best_moves=tuple(best_moves),
        pv=tuple(pv),
        nodes=searcher.nodes,
        elapsed=0.0,  # set by the caller once the tables are freed
        exact=not stopped,
        bound="bounds" if stopped else "exact",
    )
    return _typed(analysis, state)


def _check_horizon(horizon: object) -> None:
    if not isinstance(horizon, int) or isinstance(horizon, bool) or horizon < 1:
        raise AnalysisError(
            f"invalid horizon {quote(horizon)}: expected a positive int (tricks to look ahead)"
        )


def _analyse_to_horizon(
    state: State, job: _Job, horizon: int, estimate: Estimate, progress: Progress | None
) -> TarotAnalysis:
    """Score every legal card in the game cut off after ``horizon`` tricks."""
    if not isinstance(estimate, Estimate):
        raise AnalysisError(f"invalid estimate {quote(estimate)}: expected a tarot Estimate")
    model, root = job.model, job.root
    tree = HorizonTree(model, root, horizon, estimate)
    search = SimpleSearch(tree, key=position_key)
    search.node_limit = job.searcher.node_limit
    search.deadline = job.searcher.deadline
    classes = tree.distinct(root)
    guess = root.secured + tree.future_estimate(root)
    reporter = None if progress is None else _Reporter(progress, job)
    bounds, stopped = score_moves(tree, search, root, guess, reporter)
    maximising = model.maximiser[to_move(model, root)]
    pick = max if maximising else min
    # Under a limit a card may keep loose bounds; its midpoint stands for it.
    values = {move: (low + high) // 2 for move, (low, high) in bounds.items()}
    best = pick(values.values())
    move_values = []
    best_moves = []
    for move in state.legal_card_moves():
        value = job.points(values[classes[model.card_to_internal(move.card.index)]])
        move_values.append(MoveValue(move=move, value=value, lower=value, upper=value))
        if value == job.points(best):
            best_moves.append(move)
    pv: list[Move] = []
    if not stopped:
        try:
            line = principal_variation(tree, search, root, best)
            pv = [Move(TarotCard.from_index(model.card_to_engine(bit))) for bit in line]
        except LimitReached:
            pass
    job.clock.searched()
    analysis = Analysis[Move](
        game="tarot",
        perspective=job.seat,
        side=_side(model),
        to_move=state.to_move,
        objective=TAROT_OBJECTIVE,
        value=job.points(best),
        lower=job.points(best),
        upper=job.points(best),
        move_values=tuple(move_values),
        best_moves=tuple(best_moves),
        pv=tuple(pv),
        nodes=search.nodes,
        elapsed=0.0,  # set by analyse_tarot once the tables are freed
        exact=False,
        bound="horizon",
        horizon=horizon,
    )
    return _typed(analysis, state)


def solve_tarot(
    state: State, *, perspective: int | None = None, limit: Limit | None = None
) -> Solution[Move]:
    """The value of a Tarot position and one best line (see :func:`cardgames.solver.solve`).

    :raises AnalysisError: as :func:`analyse_tarot`.
    """
    checked, clock = _clock(limit)
    solution = _solve(state, perspective, checked, clock)
    return attrs.evolve(solution, elapsed=clock.stop())


def _solve(state: State, perspective: int | None, limit: Limit, clock: CallClock) -> Solution[Move]:
    """The body of :func:`solve_tarot` (its ``elapsed`` is set by the caller)."""
    job = _Job(state, perspective, limit, clock)
    model, root, searcher = job.model, job.root, job.searcher
    low, high = future_bounds(model, root)
    stopped = False
    pv: list[Move] = []
    try:
        low, high = searcher.refine(root, low, high, guess=_even_share(model, root))
        pv = _principal_variation(searcher, model, root, root.secured + low)
    except LimitReached as reached:
        if reached.args:
            low, high = reached.args
        stopped = True
    clock.searched()

    def points(future: int) -> Fraction:
        return job.points(root.secured + future)

    return Solution[Move](
        game="tarot",
        perspective=job.seat,
        side=_side(model),
        to_move=state.to_move,
        value=points(low),
        lower=points(low),
        upper=points(high),
        best_move=pv[0] if pv else None,
        pv=tuple(pv),
        nodes=searcher.nodes,
        elapsed=0.0,  # set by solve_tarot once the tables are freed
        exact=not stopped,
        bound="bounds" if stopped else "exact",
    )


def _principal_variation(
    searcher: TarotSearch, model: TarotModel, position: Position, value: int
) -> list[Move]:
    """A line of best play from ``position`` to the end of the deal, achieving ``value``."""
    line = principal_variation(TarotTree(model), searcher, position, value)
    return [Move(TarotCard.from_index(model.card_to_engine(bit))) for bit in line]


def reference_tarot_value(state: State, perspective: int | None = None) -> Fraction:
    """The same value as :func:`analyse_tarot` by the plain reference search (slow: small
    endgames only). A finished deal's value is simply the side's points.

    :raises AnalysisError: as :func:`analyse_tarot`.
    """
    if isinstance(state, State) and state.is_over:
        seat = _check_seat(state, perspective)
        return state.team_points()[_teams_of(state)[seat]]
    seat = _check(state, perspective)
    model = build_model(state.rules, seat, _teams_of(state))
    root, discard = root_position(state, model)
    future = ReferenceSearch(model).value(root)
    return Fraction(root.secured + future, state.rules.group_size) + discard
