"""The game-agnostic search engine: exact values from zero-window tests, under a budget.

A game plugs in through two small protocols:

* a :class:`SearchModel` describes the game tree over compact positions (plain ints and lists,
  no library objects): the legal moves as ints, the child of a move, who maximises, the value
  already banked, cheap bounds on what is still to come, and which moves are equivalent;
* a :class:`ZeroWindowSearch` is the game's fast searcher: a fail-soft zero-window test
  ("can the maximising side still get at least ``target``?") with its own transposition table
  and node counter.

On top of these the engine offers, once for every game:

* :func:`refine` — MTD(f): zero-window tests driven to the exact value, each starting from the
  bound the last one returned, sharing the searcher's table; under a limit it keeps narrowing
  the bounds and returns them when the budget runs out;
* :func:`score_moves` — every distinct legal move of a root position valued (the budget shared
  equally among them), the heart of an analysis;
* :func:`principal_variation` — one line of best play achieving a known value;
* :func:`reference_value` — the plain alpha-beta (no table, no ordering, no merging) that the
  fast searchers are tested against.

All values are ints on the model's own scale (the Tarot model scales card points so that they
are whole; the Chase the Tailor model multiplies by ``players - 1``); the caller converts.

>>> model = CountdownModel()
>>> reference_value(model, [5, 0])  # first player takes 1 or 2 from 5; taking the last wins
1
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Final, Generic, Literal, Protocol, TypeVar, final

from cardgames.search.stats import CutStats

__all__ = [
    "NO_NODE_LIMIT",
    "Approach",
    "BoundsTable",
    "CountdownModel",
    "LimitReached",
    "Reference",
    "SearchModel",
    "SimpleSearch",
    "ZeroWindowSearch",
    "principal_variation",
    "reference_value",
    "refine",
    "score_moves",
]

NO_NODE_LIMIT: Final = 1 << 62
"""A node limit that is never reached."""

_INFINITY: Final = 1 << 60

Approach = Literal["both", "above", "below"]
"""From which side :func:`refine` closes in on a value: ``"both"`` (plain MTD(f)), or
``"above"``/``"below"`` when the probes that fail low (upper bounds) or fail high (lower
bounds) are the cheap ones, so that the driver never strides past a returned bound towards
the expensive side."""

P = TypeVar("P")
P_contra = TypeVar("P_contra", contravariant=True)


class LimitReached(Exception):
    """A search's node or time budget is spent. Raised by :func:`refine` with the bounds
    reached so far as ``args == (low, high)``."""


class SearchModel(Protocol[P]):
    """The game tree a search walks, over compact positions of type ``P``.

    Values count for the maximising side. ``banked(position)`` is what that side has already
    secured; the value of a position is ``banked + future``, where ``future`` is what is still to
    come under best play, and :meth:`future_bounds` bounds it cheaply.
    """

    def legal(self, position: P) -> list[int]:
        """Every legal move of the player to move, as ints, in a fixed order."""
        ...

    def distinct(self, position: P) -> dict[int, int]:
        """Each legal move mapped to the move that stands for its class of equivalent moves
        (moves of one class are worth exactly the same)."""
        ...

    def child(self, position: P, move: int) -> P:
        """The position after ``move``; ``position`` itself is not changed."""
        ...

    def is_over(self, position: P) -> bool:
        """Whether no move is left (the deal is over, or a horizon is reached)."""
        ...

    def maximising(self, position: P) -> bool:
        """Whether the player to move plays for the maximising side."""
        ...

    def banked(self, position: P) -> int:
        """The value the maximising side has secured at ``position``."""
        ...

    def future_bounds(self, position: P) -> tuple[int, int]:
        """Cheap lower and upper bounds on the value still to come."""
        ...


class ZeroWindowSearch(Protocol[P_contra]):
    """A game's fast searcher: one instance keeps its table across every test it is asked.

    ``node_limit`` and ``deadline`` (a :func:`time.perf_counter` time) are read at the start of
    each :meth:`probe` and may be changed between probes; ``nodes`` counts the nodes searched
    and must never pass ``node_limit``.
    """

    nodes: int
    node_limit: int | None
    deadline: float | None

    def probe(self, position: P_contra, target: int) -> int:
        """A fail-soft zero-window search of the value still to come: a result of at least
        ``target`` is a lower bound, one below it an upper bound.

        :raises LimitReached: when the budget is spent.
        """
        ...

    def tighten(self, position: P_contra, low: int, high: int) -> tuple[int, int]:
        """``[low, high]``, narrowed by whatever the table knows about ``position``."""
        ...

    def hint(self, position: P_contra) -> int:
        """The move the table remembers as best at ``position`` (-1: none)."""
        ...


def refine(
    search: ZeroWindowSearch[P],
    position: P,
    low: int,
    high: int,
    guess: int | None = None,
    *,
    share_budget: bool = True,
    report: Callable[[int, int, int], None] | None = None,
    approach: Approach = "both",
) -> tuple[int, int]:
    """Narrow ``[low, high]`` (bounds on the value still to come at ``position``) to the true
    value by MTD(f): zero-window probes that start at ``guess`` and move to the bound each probe
    returns. Returns the final, equal bounds.

    Probes that keep moving the same way take growing strides. With ``approach="above"`` the
    strides go up only: a probe that fails low moves the next one to the bound it returned,
    never below, so that the value is reached from above and only the last probes have to
    prove a lower bound (the right choice when those proofs cost the most, as for a lone
    player against two; the guess should then err high). ``"below"`` is the mirror image.

    Under a node or time limit each probe may spend only a quarter of what is left; a probe
    that runs out is dropped for two easier ones halfway to each end of the interval, so that a
    search stopped early still narrows the bounds. With ``share_budget=False`` every probe may
    use all that is left (for a caller that keeps only complete answers).

    ``report``, if given, is called after every probe that narrows the bounds with the new
    ``low``, ``high`` and the nodes searched so far.

    >>> model = CountdownModel()
    >>> refine(SimpleSearch(model, key=tuple), [9, 0], 0, 1)  # nine left: the mover loses
    (0, 0)

    :raises LimitReached: with ``args == (low, high)`` reached so far.
    """
    node_limit, deadline = search.node_limit, search.deadline
    limited = share_budget and (node_limit is not None or deadline is not None)
    current = guess if guess is not None and low <= guess <= high else (low + high + 1) // 2
    streak = 0
    direction = 0
    pending: list[int] = []
    try:
        while low < high:
            if pending:
                current = pending.pop()
                if not low <= current <= high:
                    continue
            target = max(low + 1, min(high, current + 1 if current == low else current))
            if limited:
                if node_limit is not None:
                    share = max(1, (node_limit - search.nodes) // 4)
                    search.node_limit = min(node_limit, search.nodes + share)
                if deadline is not None:
                    now = time.perf_counter()
                    search.deadline = now + (deadline - now) / 4
            try:
                current = search.probe(position, target)
            except LimitReached:
                out_of_nodes = node_limit is not None and search.nodes >= node_limit
                if out_of_nodes or (deadline is not None and time.perf_counter() > deadline):
                    raise LimitReached(*search.tighten(position, low, high)) from None
                pending += [(target + high + 1) // 2, (low + target) // 2]
                streak = direction = 0
                continue
            moved = 1 if current >= target else -1
            if moved > 0:
                low = current
            else:
                high = current
            if report is not None:
                report(low, high, search.nodes)
            # MTD(f) creeps one step at a time when the guess was far off: probes that keep
            # moving the same way take growing strides instead.
            streak = streak + 1 if moved == direction else 0
            direction = moved
            if streak and not (
                (approach == "above" and moved < 0) or (approach == "below" and moved > 0)
            ):
                current += moved * (1 << streak)
            current = max(low, min(high, current))
    finally:
        search.node_limit, search.deadline = node_limit, deadline
    return low, high


@final
class BoundsTable:
    """A transposition table of bounds ``[low, high, move]`` that ages: it holds at most
    about twice ``capacity`` entries.

    New entries go to the current generation. When that holds ``capacity`` entries it
    becomes the old one and the generation before is dropped; an entry looked up in the old
    generation moves back into the current one, so entries still in use survive while those
    of parts of the tree left behind go. (DDS keeps a fixed number of entries per pattern
    and drops the oldest; a dict has no room to manage, so here whole generations age.)

    >>> table = BoundsTable(capacity=2)
    >>> table.put((1,), [0, 5, -1]); table.put((2,), [1, 4, -1])  # the second fills it
    >>> table.get((1,)), table.generations  # (1,) moves back from the old generation
    ([0, 5, -1], 1)
    >>> table.put((3,), [2, 2, -1]); table.get((2,)) is None  # (2,) aged out with it
    True

    :param capacity: entries per generation (at least 1); :data:`NO_NODE_LIMIT` for a
        table that never ages.
    """

    __slots__ = ("capacity", "current", "generations", "old")

    def __init__(self, capacity: int = NO_NODE_LIMIT) -> None:
        self.capacity: int = max(1, capacity)
        self.current: dict[Hashable, list[int]] = {}
        self.old: dict[Hashable, list[int]] = {}
        self.generations: int = 0

    def get(self, key: Hashable) -> list[int] | None:
        """The entry of ``key``, or None."""
        entry = self.current.get(key)
        if entry is None and self.old:
            entry = self.old.pop(key, None)
            if entry is not None:
                self.put(key, entry)
        return entry

    def put(self, key: Hashable, entry: list[int]) -> None:
        """File ``entry`` under ``key`` (in the current generation)."""
        current = self.current
        current[key] = entry
        if len(current) >= self.capacity:
            self.old = current
            self.current = {}
            self.generations += 1

    def __len__(self) -> int:
        return len(self.current) + len(self.old)

    def items(self) -> list[tuple[Hashable, list[int]]]:
        """Every key and entry, the old generation first."""
        return [*self.old.items(), *self.current.items()]

    def clear(self) -> None:
        """Drop every entry."""
        self.current = {}
        self.old = {}


Progress = Callable[[int, int, int, int, int], None]
"""A progress callback of :func:`score_moves`: moves scored, moves to score, nodes searched,
and a lower and an upper bound on the root's value (banked value included) from what is known
so far."""


@final
class _Reporter:
    """What :func:`score_moves` knows while it runs: bounds on every move (the cheap ones
    for the moves not yet searched), passed on as bounds on the root's value."""

    def __init__(self, progress: Progress, maximising: bool, total: int) -> None:
        self.progress = progress
        self.maximising = maximising
        self.total = total
        self.scored = 0
        self.bounds: dict[int, tuple[int, int]] = {}
        self.move = -1
        self.banked = 0

    def probed(self, low: int, high: int, nodes: int) -> None:
        """A probe of the move being scored narrowed its bounds (on the value to come)."""
        self.bounds[self.move] = (self.banked + low, self.banked + high)
        self.send(nodes)

    def send(self, nodes: int) -> None:
        lows = [low for low, _ in self.bounds.values()]
        highs = [high for _, high in self.bounds.values()]
        if self.maximising:
            self.progress(self.scored, self.total, nodes, max(lows), max(highs))
        else:
            self.progress(self.scored, self.total, nodes, min(lows), min(highs))


def score_moves(
    model: SearchModel[P],
    search: ZeroWindowSearch[P],
    root: P,
    guess: int | None = None,
    progress: Progress | None = None,
    approach: Approach = "both",
    margin: int = 0,
) -> tuple[dict[int, tuple[int, int]], bool]:
    """Bounds on the value of every distinct legal move of ``root`` (banked value included),
    and whether a limit stopped any of them.

    The moves are scored highest first; the first starts from ``guess`` (a value for the
    whole position), each later one from the value of the move before it, since neighbouring
    moves tend to be worth about the same. Under a limit every move still to score gets an
    equal share of what is left of the budget, so that each ends with bounds of its own rather
    than the first taking everything; a move left with no node at all keeps the cheap bounds of
    :meth:`SearchModel.future_bounds`. The result maps each representative move (see
    :meth:`SearchModel.distinct`) to its bounds.

    ``progress``, if given, is called after each move is scored and after each probe that
    narrows a move's bounds, with the moves scored, the moves to score, the nodes searched
    and a lower and an upper bound on the value of ``root`` from all that is known so far.

    ``approach`` is passed to :func:`refine`; with ``"above"`` (``"below"``) each later move
    starts ``margin`` above (below) the value of the move before it.

    >>> model = CountdownModel()
    >>> score_moves(model, SimpleSearch(model, key=tuple), [4, 0])  # take 1, leaving 3
    ({2: (0, 0), 1: (1, 1)}, False)
    """
    classes = model.distinct(root)
    order = sorted(set(classes.values()), reverse=True)
    bounds: dict[int, tuple[int, int]] = {}
    stopped = False
    node_limit, deadline = search.node_limit, search.deadline
    reporter: _Reporter | None = None
    if progress is not None:
        reporter = _Reporter(progress, model.maximising(root), len(order))
        for move in order:
            child = model.child(root, move)
            banked = model.banked(child)
            low, high = model.future_bounds(child)
            reporter.bounds[move] = (banked + low, banked + high)
    for done, move in enumerate(order):
        child = model.child(root, move)
        banked = model.banked(child)
        low, high = model.future_bounds(child)
        if reporter is not None:
            reporter.move, reporter.banked = move, banked
        to_score = len(order) - done
        if node_limit is not None:
            search.node_limit = search.nodes + (node_limit - search.nodes) // to_score
        if deadline is not None:
            search.deadline = time.perf_counter() + (deadline - time.perf_counter()) / to_score
        try:
            if search.node_limit == search.nodes:
                raise LimitReached(low, high)  # no node left for this move
            low, high = refine(
                search,
                child,
                low,
                high,
                None if guess is None else guess - banked,
                report=None if reporter is None else reporter.probed,
                approach=approach,
            )
        except LimitReached as reached:
            low, high = reached.args
            stopped = True
        finally:
            search.node_limit, search.deadline = node_limit, deadline
        bounds[move] = (banked + low, banked + high)
        guess = banked + low
        if approach == "above":
            guess += margin
        elif approach == "below":
            guess -= margin
        if reporter is not None:
            reporter.bounds[move] = bounds[move]
            reporter.scored = len(bounds)
            reporter.send(search.nodes)
    return bounds, stopped


def principal_variation(
    model: SearchModel[P], search: ZeroWindowSearch[P], position: P, value: int
) -> list[int]:
    """A line of best play from ``position`` to the end, achieving ``value`` (the exact value
    of ``position``, banked value included).

    At each step the candidates are tested with zero-window probes (the table's move first);
    the last candidate needs no test, since some move always keeps the value.

    >>> model = CountdownModel()
    >>> principal_variation(model, SimpleSearch(model, key=tuple), [4, 0], 1)
    [1, 2, 1]

    :raises LimitReached: if the budget runs out on the way.
    """
    line = []
    while not model.is_over(position):
        maximising = model.maximising(position)
        candidates = sorted(set(model.distinct(position).values()), reverse=True)
        hint = search.hint(position)
        if hint in candidates:
            candidates.remove(hint)
            candidates.insert(0, hint)
        chosen = candidates[-1]
        child = None
        for move in candidates[:-1]:
            child = model.child(position, move)
            needed = value - model.banked(child)
            if maximising:
                if search.probe(child, needed) >= needed:
                    chosen = move
                    break
            elif search.probe(child, needed + 1) < needed + 1:
                chosen = move
                break
            child = None
        line.append(chosen)
        position = child if child is not None else model.child(position, chosen)
    return line


def reference_value(model: SearchModel[P], position: P) -> int:
    """The value of ``position`` (banked value included) by plain alpha-beta: every legal move
    in the model's order, no table, no merging, no bounds. Slow; small endgames only.

    >>> reference_value(CountdownModel(), [4, 0])  # a multiple of 3 left to the opponent
    1
    """
    return Reference(model).value(position)


@final
class Reference(Generic[P]):
    """The plain alpha-beta of :func:`reference_value`, counting its nodes.

    >>> reference = Reference(CountdownModel())
    >>> reference.value([5, 0]), reference.nodes
    (1, 19)
    """

    def __init__(self, model: SearchModel[P]) -> None:
        self.model = model
        self.nodes = 0

    def value(self, position: P) -> int:
        """The value of ``position``, banked value included."""
        return self._alpha_beta(position, -_INFINITY, _INFINITY)

    def _alpha_beta(self, position: P, alpha: int, beta: int) -> int:
        self.nodes += 1
        model = self.model
        if model.is_over(position):
            return model.banked(position)
        maximising = model.maximising(position)
        best = -_INFINITY if maximising else _INFINITY
        for move in model.legal(position):
            score = self._alpha_beta(model.child(position, move), alpha, beta)
            if maximising:
                best = max(best, score)
                alpha = max(alpha, score)
            else:
                best = min(best, score)
                beta = min(beta, score)
            if alpha >= beta:
                break
        return best


@final
class SimpleSearch(Generic[P]):
    """A plain but complete :class:`ZeroWindowSearch` for any :class:`SearchModel`: fail-soft
    zero-window alpha-beta with a table of bounds keyed by ``key(position)``, the table's
    move tried first. A new game can start with it and replace it by a specialised searcher
    once it works; the engine's tests use it.

    >>> model = CountdownModel()
    >>> search = SimpleSearch(model, key=tuple)
    >>> refine(search, [7, 0], *model.future_bounds([7, 0]))
    (1, 1)

    :param model: the game tree.
    :param key: a hashable summary of a position for the table.
    :param stats: if given, counts where the nodes go and where the cut-offs happen, by the
        depth below the probed position (place always 0; see
        :class:`~cardgames.search.stats.CutStats`).
    :param table_capacity: entries per generation of the table (see :class:`BoundsTable`).
    """

    def __init__(
        self,
        model: SearchModel[P],
        key: Callable[[P], Hashable],
        stats: CutStats | None = None,
        table_capacity: int = NO_NODE_LIMIT,
    ) -> None:
        self.model = model
        self.key = key
        self.stats = stats
        self.table = BoundsTable(table_capacity)
        self.nodes = 0
        self.node_limit: int | None = None
        self.deadline: float | None = None

    def probe(self, position: P, target: int) -> int:
        return self._search(position, target, 0)

    def _search(self, position: P, target: int, depth: int) -> int:
        model = self.model
        if model.is_over(position):
            return 0
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise LimitReached
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise LimitReached
        self.nodes += 1
        stats = self.stats
        if stats is not None:
            stats.node(depth, 0)
        key = self.key(position)
        entry = self.table.get(key)
        outcome = "stored"
        if entry is None:
            low, high = model.future_bounds(position)
            entry = [low, high, -1]
            self.table.put(key, entry)
            outcome = "fresh"
        if stats is not None:
            decided = entry[0] >= target or entry[1] < target
            stats.table_outcome(depth, outcome + (" decided" if decided else " searched"))
        if entry[0] >= target:
            return entry[0]
        if entry[1] < target:
            return entry[1]
        banked = model.banked(position)
        maximising = model.maximising(position)
        moves = sorted(set(model.distinct(position).values()))
        if entry[2] in moves:
            moves.remove(entry[2])
            moves.insert(0, entry[2])
        best = -_INFINITY if maximising else _INFINITY
        best_move = -1
        tried = 0
        cut = False
        for move in moves:
            tried += 1
            child = model.child(position, move)
            gained = model.banked(child) - banked
            value = gained + self._search(child, target - gained, depth + 1)
            if (maximising and value > best) or (not maximising and value < best):
                best, best_move = value, move
            if (maximising and best >= target) or (not maximising and best < target):
                cut = True
                break
        if stats is not None:
            if cut:
                stats.cut(depth, 0, tried)
            else:
                stats.exhausted(depth, 0, tried)
        if best >= target:
            entry[0] = best
        else:
            entry[1] = best
        entry[2] = best_move
        return best

    def tighten(self, position: P, low: int, high: int) -> tuple[int, int]:
        entry = self.table.get(self.key(position))
        if entry is None:
            return low, high
        return max(low, entry[0]), min(high, entry[1])

    def hint(self, position: P) -> int:
        entry = self.table.get(self.key(position))
        return -1 if entry is None else entry[2]


@final
class CountdownModel:
    """The smallest :class:`SearchModel`, for the examples and the engine's own tests: a
    counter starts at ``n``; the player to move takes 1 or 2; whoever takes the last one
    scores 1 for the maximising side (seat 0) or 0 for it. A position is
    ``[counter, seat to move]``."""

    def legal(self, position: list[int]) -> list[int]:
        """Take 1, or 2 when at least two are left."""
        return [take for take in (1, 2) if take <= position[0]]

    def distinct(self, position: list[int]) -> dict[int, int]:
        """No two moves are alike."""
        return {move: move for move in self.legal(position)}

    def child(self, position: list[int], move: int) -> list[int]:
        """Take ``move`` and pass the turn."""
        return [position[0] - move, 1 - position[1]]

    def is_over(self, position: list[int]) -> bool:
        """Nothing left to take."""
        return position[0] == 0

    def maximising(self, position: list[int]) -> bool:
        """Seat 0 maximises."""
        return position[1] == 0

    def banked(self, position: list[int]) -> int:
        """1 once seat 0 has taken the last one (the game is over with seat 1 to move)."""
        return int(position[0] == 0 and position[1] == 1)

    def future_bounds(self, position: list[int]) -> tuple[int, int]:
        """0 or 1 is still to come while the game runs."""
        return (0, 0) if self.is_over(position) else (0, 1)
