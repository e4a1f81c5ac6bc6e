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

:func:`analyse_tailor` is the fast search (fail-soft alpha-beta with a transposition table,
move ordering, iterative deepening under a limit and merging of provably equivalent moves);
:func:`reference_tailor_value` is the plain alpha-beta it is checked against.

>>> from cardgames import tailor
>>> state = random_endgame(tailor.Rules(players=3), seed=4)
>>> result = analyse_tailor(state, horizon=2)
>>> result.value == max(entry.value for entry in result.move_values)
True
>>> result.value == reference_tailor_value(state, state.to_move, 2)
True
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from fractions import Fraction
from typing import Final, TypeAlias

import attrs

from cardgames.cards import STANDARD_PACK_SIZE, TAILOR, TAILOR_PACK_SIZE, Card
from cardgames.cardset import CardSet
from cardgames.errors import AnalysisError
from cardgames.solver.api import Analysis, Limit, MoveValue
from cardgames.tailor.match import random_strategy
from cardgames.tailor.moves import Dump, Move, Play, PlayJoker, PlayTailor
from cardgames.tailor.rules import Rules, can_follow, derive_seed, hand_value
from cardgames.tailor.state import State, deal
from cardgames.validation import quote

__all__ = [
    "DEFAULT_HORIZON",
    "TAILOR_OBJECTIVE",
    "analyse_tailor",
    "give_tailor",
    "random_endgame",
    "reference_tailor_value",
    "tailor_value",
]

DEFAULT_HORIZON: Final = 6
"""Moves (plies) searched ahead by default: a 4-player endgame answers in a fraction of a
second at this depth (see ``benchmarks/tailor_solver.py``)."""

TAILOR_OBJECTIVE: Final = (
    "the perspective's payoff minus the mean payoff of the other seats (0 for the seat that went "
    "out, minus the hand value otherwise); every other seat plays to minimise it (paranoid); a "
    "round still running at the horizon is scored on its provisional payoffs"
)
"""What :func:`analyse_tailor` measures, in words (the ``objective`` of its result)."""

Scaled: TypeAlias = int
"""A value times ``players - 1``: the search works on ints and divides once at the end."""

_INFINITY: Final = 1 << 30
_SUITED: Final = (1 << STANDARD_PACK_SIZE) - 1
_CARDS: Final = Card.all()

# Points of the cards in each byte of a hand mask, so a hand is scored with seven lookups.
_BYTE_POINTS: Final = tuple(
    tuple(
        sum(
            hand_value(_CARDS[shift + bit])
            for bit in range(8)
            if byte >> bit & 1 and shift + bit < TAILOR_PACK_SIZE
        )
        for byte in range(256)
    )
    for shift in range(0, TAILOR_PACK_SIZE, 8)
)

# For each suited target card, the suited cards that may follow it (from the rule function).
_FOLLOW: Final = tuple(
    sum(
        1 << index
        for index in range(STANDARD_PACK_SIZE)
        if can_follow(_CARDS[index], _CARDS[target])
    )
    for target in range(STANDARD_PACK_SIZE)
)

# Cards a single move can draw at most: the Tailor's victim takes three, then the next player
# may take a chase card. While a call stands (no card played on it) a move draws at most two:
# a draw, then the chase card of the next player (or the card of a skipped player).
_MAX_DRAWS_PER_MOVE: Final = 4
_MAX_DRAWS_PER_MOVE_UNDER_CALL: Final = 2


def _points(mask: int) -> int:
    """The hand value of a card mask."""
    total = 0
    for table in _BYTE_POINTS:
        if not mask:
            break
        total += table[mask & 0xFF]
        mask >>= 8
    return total


def _scaled_value(state: State, perspective: int) -> Scaled:
    """:func:`tailor_value` times ``players - 1``, as an int.

    ``n * payoff[p] - sum(payoffs)`` equals ``(n - 1) * (payoff[p] - mean of the others)``.
    """
    payoffs = [-_points(hand.mask) for hand in state.hands]  # 0 for an empty hand
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
    :func:`tailor_value`. This is the definition :func:`analyse_tailor` is tested against.

    :param state: the position (a finished round is simply scored).
    :param perspective: the seat analysed.
    :param horizon: moves to look ahead (``0`` scores the position as it is).
    :raises AnalysisError: for a bad perspective or horizon.

    >>> from cardgames.tailor import Rules
    >>> state = random_endgame(Rules(players=2), seed=3)
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


# -- the fast search -------------------------------------------------------------------------


class _Stop(Exception):
    """The node or time budget is spent."""


@attrs.define(slots=True)
class _Group:
    """Legal moves proven to have the same value; ``move`` (the first of them) is searched."""

    move: Move
    members: list[Move]
    score: int
    child: State | None = None


@attrs.define(slots=True)
class _Entry:
    """A transposition-table entry: bounds on the value at ``depth`` moves to go.

    ``cut`` records whether a horizon cut-off contributed to the bounds. An entry without one
    holds bounds on the true value, valid for every depth from ``depth`` on (the leaves its
    search visited all ended the round, and alpha-beta's result does not depend on the leaves
    it did not visit).
    """

    depth: int
    lower: Scaled
    upper: Scaled
    move: Move | None
    cut: bool


def _move_score(move: Move, hand: int, to_move: int, perspective: int) -> int:
    """Ordering heuristic: going out first, then shedding big cards; specials and draws late."""
    if isinstance(move, Play):
        bit = 1 << move.card.index
        return 1000 if hand == bit else 20 + hand_value(move.card)
    if isinstance(move, Dump):
        mask = sum(1 << card.index for card in move.cards)
        return 1000 if hand == mask else 20 + sum(hand_value(card) for card in move.cards)
    if isinstance(move, PlayJoker):
        return 1000 if hand == 1 << move.card.index else 10
    if isinstance(move, PlayTailor):
        if hand == 1 << TAILOR.index:
            return 1000
        return 6 if to_move != perspective and move.victim == perspective else 5
    return 0


class _Search:
    """One analysis: the table, the counters and the budget."""

    def __init__(self, perspective: int, limit: Limit | None, start: float) -> None:
        self.perspective = perspective
        self.table: dict[tuple[object, ...], _Entry] = {}
        self.nodes = 0
        self.node_limit = _INFINITY if limit is None or limit.nodes is None else limit.nodes
        self.deadline = float("inf") if limit is None or limit.time is None else start + limit.time

    def tick(self) -> None:
        """Count a node and stop the search when the budget is spent."""
        # Checked before counting, so that a search never reports more nodes than its limit.
        if self.nodes >= self.node_limit or time.perf_counter() > self.deadline:
            raise _Stop
        self.nodes += 1

    # -- moves -------------------------------------------------------------------------------

    def groups(self, state: State, depth: int) -> list[_Group]:
        """The legal moves of ``state`` (``depth`` moves to go, including this one) merged into
        groups of equal value, each group once, in the engine's order of first members."""
        seat = state.to_move
        hand = state.hands[seat].mask
        to_go = depth - 1
        result: list[_Group] = []
        keyed: dict[object, _Group] = {}
        tailor_children: dict[int, tuple[State, int | None]] = {}
        for move in state.legal_moves():
            key: object = None
            base: State | None = None
            if isinstance(move, PlayTailor):
                known = tailor_children.get(move.victim)
                if known is None:
                    first_child = state.play(move)
                    known = (first_child, _tailor_relevant(first_child, to_go))
                    tailor_children[move.victim] = known
                base, relevant = known
                if relevant is not None:
                    key = ("tailor", move.victim, _FOLLOW[move.call.card.index] & relevant)
            elif isinstance(move, Dump):
                if len(state.stock) >= 1 + _MAX_DRAWS_PER_MOVE * to_go:
                    # No reshuffle can happen before the horizon (the dump itself draws at
                    # most the next player's chase card), so the order of the cards under the
                    # top never matters: only the cards laid and the last one do.
                    key = ("dump", frozenset(move.cards), move.cards[-1])
            elif isinstance(move, PlayJoker):
                # The two Jokers are interchangeable: swapping their names maps one line of
                # play onto the other, move for move and point for point.
                key = ("joker", move.effect)
            if key is not None:
                group = keyed.get(key)
                if group is not None:
                    group.members.append(move)
                    continue
            child = None
            if base is not None and isinstance(move, PlayTailor):
                child = base if base.top == move.call else attrs.evolve(base, top=move.call)
            group = _Group(move, [move], _move_score(move, hand, seat, self.perspective), child)
            if key is not None:
                keyed[key] = group
            result.append(group)
        return result

    def ordered(self, state: State, depth: int, first: Move | None) -> list[_Group]:
        groups = self.groups(state, depth)
        groups.sort(key=lambda group: -group.score)
        if first is not None:
            for index, group in enumerate(groups):
                if group.move == first:
                    if index:
                        groups.insert(0, groups.pop(index))
                    break
        return groups

    @staticmethod
    def child(state: State, group: _Group) -> State:
        if group.child is None:
            group.child = state.play(group.move)
        return group.child

    # -- alpha-beta --------------------------------------------------------------------------

    def search(self, state: State, depth: int, alpha: int, beta: int) -> tuple[Scaled, bool]:
        """Fail-soft alpha-beta: the value at ``depth`` moves to go, and whether a horizon
        cut-off was among the leaves it rests on."""
        self.tick()
        if state.is_over:
            return _scaled_value(state, self.perspective), False
        if depth == 0:
            return _scaled_value(state, self.perspective), True
        # One move from the horizon a lookup costs more than the search it could save.
        key = state.key() if depth > 1 else None
        entry = None if key is None else self.table.get(key)
        first: Move | None = None
        if entry is not None:
            if entry.depth == depth or (not entry.cut and entry.depth <= depth):
                if entry.lower >= beta or entry.lower == entry.upper:
                    return entry.lower, entry.cut
                if entry.upper <= alpha:
                    return entry.upper, entry.cut
            first = entry.move
        maximising = state.to_move == self.perspective
        best = -_INFINITY if maximising else _INFINITY
        best_move: Move | None = None
        cut = False
        low, high = alpha, beta
        for group in self.ordered(state, depth, first):
            value, below = self.search(self.child(state, group), depth - 1, low, high)
            cut = cut or below
            if maximising:
                if value > best:
                    best, best_move = value, group.move
                    low = max(low, value)
            elif value < best:
                best, best_move = value, group.move
                high = min(high, value)
            if low >= high:
                break
        if key is not None:
            self.store(key, depth, alpha, beta, best, best_move, cut)
        return best, cut

    def store(
        self,
        key: tuple[object, ...],
        depth: int,
        alpha: int,
        beta: int,
        value: Scaled,
        move: Move | None,
        cut: bool,
    ) -> None:
        lower = value if value > alpha else -_INFINITY
        upper = value if value < beta else _INFINITY
        old = self.table.get(key)
        if old is not None and (old.depth == depth or (not old.cut and old.depth <= depth)):
            lower = max(lower, old.lower)
            upper = min(upper, old.upper)
            cut = cut or old.cut
        self.table[key] = _Entry(depth, lower, upper, move, cut)

    # -- the root ----------------------------------------------------------------------------

    def root(
        self, state: State, depth: int, first: Move | None, values: dict[Move, Scaled]
    ) -> tuple[_Group, Scaled, bool]:
        """Search every root group exactly at ``depth``; write each legal move's value into
        ``values`` as it comes (so a search stopped in its first iteration can still report
        what it found). Returns the first best group, its value and whether any value rests on
        a horizon cut-off."""
        maximising = state.to_move == self.perspective
        best: tuple[_Group, Scaled] | None = None
        cut = False
        for group in self.ordered(state, depth, first):
            value, below = self.search(self.child(state, group), depth - 1, -_INFINITY, _INFINITY)
            cut = cut or below
            for move in group.members:
                values[move] = value
            if best is None or (value > best[1] if maximising else value < best[1]):
                best = (group, value)
        assert best is not None  # a running round always has a legal move
        return best[0], best[1], cut

    def principal_variation(
        self, state: State, depth: int, value: Scaled, exact: bool
    ) -> list[Move]:
        """A line of play that keeps the value at ``value`` down to the end or the horizon.

        At each step the children are tested with a window around ``value``; when the analysis
        is exact, a child whose proof needed no cut-off is preferred, so the line reaches the
        end of the round.
        """
        line: list[Move] = []
        while depth > 0 and not state.is_over:
            entry = self.table.get(state.key())
            chosen: _Group | None = None
            for group in self.ordered(state, depth, None if entry is None else entry.move):
                found, below = self.search(
                    self.child(state, group), depth - 1, value - 1, value + 1
                )
                if found == value:
                    if chosen is None:
                        chosen = group
                    if not exact or not below:
                        chosen = group
                        break
            if chosen is None:  # cannot happen when value is the node's value
                break
            line.append(chosen.move)
            state = self.child(state, chosen)
            depth -= 1
        return line


def _tailor_relevant(child: State, to_go: int) -> int | None:
    """The suited cards that a Tailor call leading to ``child`` can be compared with, in the
    ``to_go`` moves left to search; None when calls must not be merged.

    The call is read only while it stands (until a card or another Tailor is played on it), and
    only through which suited cards may follow it: the cards the players to move hold (which
    moves are legal, whether they may draw) and the cards they draw (whether a drawn card is
    played). Everything else about the children of two calls with the same victim is equal,
    so calls whose follow masks agree on the returned cards are worth the same. While the call
    stands a move draws at most two cards (a draw, then the next player's chase card or a
    skipped player's card), so only the first ``2 * to_go`` cards of the stock can turn up; if
    the stock is shorter, a reshuffle could bring back any card of the pile and nothing is
    merged. With one move left only the next player's hand and the first stock card matter;
    with none left (or the round over) the call cannot matter at all (0).
    """
    if child.is_over or to_go <= 0:
        return 0
    reach = _MAX_DRAWS_PER_MOVE_UNDER_CALL * to_go
    if len(child.stock) < reach:
        return None
    if to_go == 1:
        relevant = child.hands[child.to_move].mask | 1 << child.stock[0].index
    else:
        relevant = 0
        for hand in child.hands:
            relevant |= hand.mask
        for card in child.stock[:reach]:
            relevant |= 1 << card.index
    return relevant & _SUITED


def analyse_tailor(
    state: State,
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    horizon: int | None = None,
) -> Analysis:
    """Score every legal move of a Chase the Tailor position, looking ``horizon`` moves ahead.

    The value measured is :func:`tailor_value` (see :data:`TAILOR_OBJECTIVE`): the
    perspective maximises it, every other seat minimises it (with two players this is the
    zero-sum game on the payoff difference; with more it is the *paranoid* reduction). A
    position reached after ``horizon`` moves with the round still running is scored by the same
    formula on its provisional payoffs.

    The search is a fail-soft alpha-beta with a transposition table (keyed on
    :meth:`~cardgames.tailor.State.key`, holding a lower and an upper bound, the move that
    decided them and whether a horizon cut-off was involved), move ordering (the table's move,
    then moves that go out, then big cards; Jokers, the Tailor and draws last) and merging of
    moves proven to be worth the same:

    * Tailor calls with the same victim whose follow masks agree on every suited card that is
      in a hand or in the stock (while no reshuffle can bring the pile back before the
      horizon; with no move left to search, every call of one victim);
    * dumps of the same cards ending on the same card, when no reshuffle can happen before the
      horizon (the order of the cards under the top then never matters);
    * the same effect with either Joker.

    With a ``limit`` the search deepens one move at a time (1, 2, ... ``horizon``), keeping the
    table, and checks the budget at every node: when it runs out, the call returns (within the
    time limit plus one node's work) the results of the deepest depth completed. Without a
    limit it searches the full horizon at once: the shallower passes would only improve the
    move ordering, and measured, they cost more than they save. In both cases the search stops
    early once a depth proves exact.

    How to read the result:

    * ``bound == "exact"``, ``exact`` True: every line that mattered ended the round within
      the depth searched, so the values are the true values of the round under perfect play
      (for any horizon from there on); ``pv`` ends with the end of the round.
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
    >>> state = random_endgame(tailor.Rules(players=2), seed=5, cards_left=2)
    >>> result = analyse_tailor(state, horizon=3)
    >>> len(result.move_values) == len(state.legal_moves()), result.bound in ('exact', 'horizon')
    (True, True)
    >>> end = state
    >>> for move in result.pv:
    ...     end = end.play(move)
    >>> result.exact is False or tailor_value(end, result.perspective) == result.value
    True
    """
    start = time.perf_counter()
    if not isinstance(state, State):
        raise AnalysisError(f"cannot analyse {quote(state)}: expected a Chase the Tailor State")
    if state.is_over:
        raise AnalysisError(
            f"cannot analyse position {str(state)!r}: the round is over, no move is left to score"
        )
    seat = state.to_move if perspective is None else _check_perspective(state, perspective)
    depth_wanted = DEFAULT_HORIZON if horizon is None else _check_horizon(horizon)
    players = state.rules.players
    search = _Search(seat, limit, start)
    moves = state.legal_moves()
    maximising = state.to_move == seat

    depth_done = 0
    values: dict[Move, Scaled] = {}
    pv: list[Move] = []
    exact = False
    first: Move | None = None
    try:
        # Without a limit the intermediate depths would only serve move ordering, which costs
        # more than it saves here (about twice the nodes in our measurements): go straight to
        # the horizon. With a limit, deepen one move at a time so there is always an answer.
        for depth in range(1 if limit is not None else depth_wanted, depth_wanted + 1):
            found: dict[Move, Scaled] = {}
            if depth == 1:
                values = found  # partial results are kept only for the first iteration
            best_group, best_value, cut = search.root(state, depth, first, found)
            line = [best_group.move]
            line += search.principal_variation(
                search.child(state, best_group), depth - 1, best_value, not cut
            )
            depth_done, values, pv, exact = depth, found, line, not cut
            first = best_group.move
            if exact:
                break
    except _Stop:
        pass
    if depth_done == 0:
        static = _scaled_value(state, seat)
        values = {move: values.get(move, static) for move in moves}

    def fraction(value: Scaled) -> Fraction:
        return Fraction(value, players - 1)

    scored = [(move, values[move]) for move in moves]
    target = (max if maximising else min)(value for _, value in scored)
    value = fraction(target)
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
            MoveValue(move=move, value=fraction(v), lower=fraction(v), upper=fraction(v))
            for move, v in scored
        ),
        best_moves=tuple(move for move, v in scored if v == target),
        pv=tuple(pv),
        nodes=search.nodes,
        elapsed=time.perf_counter() - start,
        exact=exact,
        bound="exact" if exact else "horizon",
        horizon=depth_wanted if exact else depth_done,
    )


# -- positions for tests and benchmarks --------------------------------------------------------


def _random_moves(state: State, seed: int) -> Iterator[State]:
    choose = random_strategy(seed)
    while not state.is_over:
        state = state.play(choose(state))
        yield state


def random_endgame(rules: Rules, seed: int, cards_left: int = 3) -> State:
    """A position near the end of a round: a seeded deal played on by seeded random moves
    until some seat holds at most ``cards_left`` cards, with the round still running.

    If a round ends before that (a big dump, a stalemate), the next attempt deals again with
    the seed ``derive_seed(seed, "endgame", attempt)``; the same arguments always give the
    same position. After 100 deals that all ended first (rules whose rounds end too soon,
    such as a tiny ``Rules.max_turns``) it gives up with an
    :class:`~cardgames.errors.AnalysisError` rather than trying for ever.

    :param rules: the variant.
    :param seed: seeds the deal and the random moves (an int from 0 to ``2**64 - 1``).
    :param cards_left: stop when a hand is this small (at least 1).
    :raises RulesError: if ``rules`` is not a :class:`~cardgames.tailor.Rules` or ``seed`` is
        not a seed.
    :raises AnalysisError: if ``cards_left`` is not a positive int, or no such position came up
        in 100 deals.

    >>> from cardgames.tailor import Rules
    >>> state = random_endgame(Rules(players=4), seed=1)
    >>> min(len(hand) for hand in state.hands) <= 3, state.is_over
    (True, False)
    >>> random_endgame(Rules(players=4), seed=1) == state
    True
    >>> random_endgame(Rules(players=2, max_turns=1), seed=1, cards_left=1)
    Traceback (most recent call last):
    ...
    cardgames.errors.AnalysisError: no position with a hand of at most 1 card came up in 100 ...
    """
    from cardgames.errors import RulesError
    from cardgames.validation import check_seed

    attempts = 100
    if not isinstance(rules, Rules):
        raise RulesError(f"invalid rules {quote(rules)}: expected a tailor.Rules")
    check_seed(seed)
    if isinstance(cards_left, bool) or not isinstance(cards_left, int) or cards_left < 1:
        raise AnalysisError(f"invalid cards_left {quote(cards_left)}: expected a positive int")
    for attempt in range(attempts):
        deal_seed = seed if attempt == 0 else derive_seed(seed, "endgame", attempt)
        state = deal(rules, seed=deal_seed)
        if min(len(hand) for hand in state.hands) <= cards_left:
            return state
        for position in _random_moves(state, deal_seed):
            if position.is_over:
                break
            if min(len(hand) for hand in position.hands) <= cards_left:
                return position
    cards = "card" if cards_left == 1 else "cards"
    raise AnalysisError(
        f"no position with a hand of at most {cards_left} {cards} came up in {attempts} seeded "
        f"deals of {rules}: every round ended first (is max_turns={rules.max_turns} too small?)"
    )


def give_tailor(state: State, seat: int) -> State | None:
    """``state`` with the Tailor moved into ``seat``'s hand, swapped with that hand's lowest card
    wherever the Tailor was (another hand, the stock, or under the top of the pile); None when
    the Tailor is the card showing on the pile. Used to build positions where the Tailor's many
    calls are in play.

    >>> state = random_endgame(Rules(players=3), seed=1)
    >>> moved = give_tailor(state, state.to_move)
    >>> moved is not None and TAILOR in moved.hands[state.to_move]
    True
    """
    hands = list(state.hands)
    if TAILOR in hands[seat]:
        return state
    card = next(iter(hands[seat]))
    pile, stock = list(state.pile), list(state.stock)
    holder = next((index for index, hand in enumerate(hands) if TAILOR in hand), None)
    if holder is not None:
        hands[holder] = CardSet(hands[holder].mask & ~(1 << TAILOR.index) | 1 << card.index)
    elif TAILOR in stock:
        stock[stock.index(TAILOR)] = card
    elif TAILOR in pile[:-1]:
        pile[pile.index(TAILOR)] = card
    else:
        return None
    hands[seat] = CardSet(hands[seat].mask & ~(1 << card.index) | 1 << TAILOR.index)
    return attrs.evolve(state, hands=tuple(hands), pile=tuple(pile), stock=tuple(stock))
