"""Fast exact search of a Tarot position: zero-window tests over a compact model.

The question asked is always yes/no: "can the analysed side still win at least ``target``
scaled points from here?" (:meth:`TarotSearch.test`). Exact values come from a series of such
tests, each starting from the bound the last one returned (MTD(f), :meth:`TarotSearch.refine`),
with one transposition table kept across all of them.

Techniques, all in pure Python on ints:

* the table is consulted at trick boundaries only, keyed on the hands, the leader and a few
  flag bits (and again with one-point cards renumbered by rank among those in play), and holds
  a lower and an upper bound on the points still to come, plus the lead that last decided the
  question; the last card of a trick looks up every trick it can complete before searching
  any of them (an enhanced transposition cut-off);
* cards of one hand that are neighbours among the cards still in play and both worth one point
  are the same move, so only one of them is searched; so are cards of equal points in "dead"
  suits, whose remaining cards are all in one hand (the table key keeps only their points);
* moves are ordered: the table's lead first; followers try to win a trick the other side is
  winning (cheapest winner first) and smear points on a trick their side is winning,
  discarding cheap cards otherwise; and the card that last decided a node with the same
  candidates (the same legal cards, winning card and place in the trick) is tried first;
* bounds cut a question off before any card is tried: the points still in play, the tricks
  each side's trumps make sure of, what the leader can cash at once, and what settling the
  Excuse is already sure to bring (once its holder's side has won a trick, the holder keeps
  it for at most the least card won so far).

Under overtrumping (French Tarot) a player who has to play a trump must beat the trick's
winning trump when able; the legal cards say so, and every shortcut above stays on, each being
as sound as with free trumping: the sure tricks count who holds which trumps over any play of
the cards, cashing leads only cards nobody can beat or trump, and the cards merged as one move
beat and lose to exactly the same cards, so one may be played where the other may. One rule
does need a guard: the Excuse led to the last trick by a side that has won every earlier trick
wins it (``excuse_slam``), beating every trump, so the sure-trick bound is left out while that
can still happen. ``TarotSearch(model, shortcuts=False)`` leaves out every bound and merge that
rests on such an argument, for measuring what they are worth.

:class:`ReferenceSearch` is the plain alpha-beta over the same model (no table, no move merging,
no ordering) used to check this one.

The recursive search is a set of private methods of :class:`TarotSearch` sharing the rule tables
and the state of the probe under way (the hands as they are played, the Excuse's holder, the
budget) as attributes: compiled by mypyc, they are struct fields and direct calls. The bounds
of a trick start (:mod:`cardgames.tarot.search_bounds`), the choice and order of the moves
(:mod:`cardgames.tarot.search_order`) and the searcher's own numbering of the cards and its
table keys (:mod:`cardgames.tarot.search_numbering`) are plain functions of their own modules,
compiled with this one (mypyc calls them directly).
"""

from __future__ import annotations

import gc
from time import perf_counter
from typing import Final, final

from cardgames.search.engine import Approach, BoundsTable, LimitReached, Reference, refine
from cardgames.search.stats import CutStats
from cardgames.tarot.search_bounds import last_trick, trick_start_bounds
from cardgames.tarot.search_core import NATIVE_CORE, Core, new_core, run_in_c
from cardgames.tarot.search_model import (
    NO_MIN,
    TRUMPS_PLAYED,
    Position,
    TarotModel,
    advance,
    close_trick,
    future_bounds,
    legal_mask,
    score_cards,
    score_trick,
    slam_excuse,
    to_move,
    trick_state,
)
from cardgames.tarot.search_numbering import (
    Numbering,
    ascending_bits,
    canonical_key,
    table_key,
)
from cardgames.tarot.search_order import (
    after_card,
    candidates,
    dead_suits,
    promote,
    reduce_hands,
)

__all__ = [
    "NATIVE_CORE",
    "ReferenceSearch",
    "TarotSearch",
    "TarotTree",
    "advance",
    "close_trick",
    "future_bounds",
    "legal_mask",
    "score_cards",
    "slam_excuse",
    "to_move",
]

INFINITY: Final = 1 << 30
NO_LIMIT: Final = (1 << 62) - 1
"""The node budget of a search without a limit (the largest int mypyc keeps unboxed)."""


TABLE_CAPACITY: Final = 1 << 21
"""Positions per generation of each of the searcher's tables (see
:class:`~cardgames.search.engine.BoundsTable`): about 2 million, a few hundred bytes each."""


class _Search:
    """The search proper, in Python: the recursion of :class:`TarotSearch` over the probe
    under way, with the rule tables and the tables of bounds as attributes (native struct
    fields when compiled by mypyc). Every method here belongs to the probe started by
    :meth:`TarotSearch._start`."""

    __slots__ = (
        "_cut",
        "_dead_codes",
        "_hands",
        "_holder",
        "_holder_team",
        "_limit",
        "_max_seats",
        "_maximiser",
        "_n",
        "_next_seat",
        "_num",
        "_overtrump",
        "_restricted",
        "_shortcuts",
        "_slam_watch",
        "_stats",
        "_stop_at",
        "_timed",
        "canonical_table",
        "deadline",
        "free_trumps",
        "model",
        "move_cache",
        "node_limit",
        "nodes",
        "table",
    )

    def __init__(
        self,
        model: TarotModel,
        node_limit: int | None,
        deadline: float | None,
        shortcuts: bool,
        stats: CutStats | None,
        table_capacity: int,
    ) -> None:
        self.model: TarotModel = model
        self._stats: CutStats | None = stats
        self.table: BoundsTable = BoundsTable(table_capacity)
        self.canonical_table: BoundsTable = BoundsTable(table_capacity)
        self.move_cache: dict[int, list[int]] = {}
        self.free_trumps: dict[int, tuple[int, int]] = {}
        self.nodes: int = 0
        self.node_limit: int | None = node_limit
        self.deadline: float | None = deadline
        # Rule tables that do not depend on the card numbering.
        n = model.players
        self._n: int = n
        self._next_seat: list[int] = model.next
        self._maximiser: list[bool] = model.maximiser
        self._restricted: bool = model.lead_restricted
        self._overtrump: bool = model.overtrump
        self._shortcuts: bool = shortcuts
        self._max_seats: list[int] = [seat for seat in range(n) if model.maximiser[seat]]
        # The card numbering (widened by _start): no card yet.
        self._num: Numbering = Numbering(model, 0)
        # A cache in the numbering: the points code of a set of dead-suit cards (see
        # canonical_key).
        self._dead_codes: dict[int, int] = {}
        # The probe under way (see _start).
        self._hands: list[int] = [0] * n
        self._holder: int = -1
        self._holder_team: int = -1
        self._slam_watch: bool = False
        self._limit: int = NO_LIMIT
        self._timed: bool = False
        self._stop_at: float = 0.0
        self._cut: int = -1

    def _run(self, position: Position, target: int) -> int:
        hands = self._hands
        if not position.trick:
            leader, flags, left = position.leader, position.flags, position.tricks_left
            if left == 0:
                return 0
            if left == 1:
                return last_trick(self.model, self._num, hands, leader, flags, self._holder)
            key = table_key(hands, leader | flags << 3)
            entry = self.table.get(key)
            if entry is not None:
                if entry[0] >= target:
                    return entry[0]
                if entry[1] < target:
                    return entry[1]
            return self._trick_start(leader, left, flags, target, key, entry)
        model = self.model
        num = self._num
        to_compact = num.to_compact
        led, win, win_player, points, exc, least = trick_state(model, position)
        remaining = 0
        for hand in hands:
            remaining |= hand
        for bit in position.trick:
            remaining |= 1 << to_compact[bit]
        shortcuts = self._shortcuts
        dead = dead_suits(num, hands, remaining) if shortcuts else 0
        return self._node(
            to_move(model, position), len(position.trick), led,
            to_compact[win] if win >= 0 else -1, win_player, points, exc, least,
            reduce_hands(num, hands, remaining, dead, shortcuts), position.flags,
            position.tricks_left, target, -1,
        )  # fmt: skip

    def _trick_start(
        self,
        leader: int,
        left: int,
        flags: int,
        target: int,
        key: tuple[int, ...],
        entry: list[int] | None,
    ) -> int:
        # The caller has looked ``key`` up already (``entry``) and found no bound that decides.
        # Checked before counting, so that a search never reports more nodes than its limit.
        nodes = self.nodes
        if nodes >= self._limit or (self._timed and perf_counter() > self._stop_at):
            raise LimitReached
        self.nodes = nodes + 1
        hands = self._hands
        num = self._num
        remaining = 0
        for hand in hands:
            remaining |= hand
        shortcuts = self._shortcuts
        dead = dead_suits(num, hands, remaining) if shortcuts else 0
        if entry is None:
            # Look the position up again under its canonical key (see canonical_key).
            canonical = canonical_key(
                num, hands, remaining, dead, shortcuts, leader | flags << 3, self._dead_codes,
            )  # fmt: skip
            entry = self.canonical_table.get(canonical)
            if entry is not None:
                self.table.put(key, entry)
                outcome = "canonical"
            else:
                entry = self._new_entry(leader, flags, remaining, canonical)
                self.table.put(key, entry)
                outcome = "fresh"
        else:
            outcome = "stored"
        stats = self._stats
        if stats is not None:
            stats.node(left, 0)
            decided = entry[0] >= target or entry[1] < target
            stats.table_outcome(left, outcome + (" decided" if decided else " searched"))
        if entry[0] >= target:
            return entry[0]
        if entry[1] < target:
            return entry[1]
        # The stored lead is an internal bit (the numbering may change, the entry stays).
        first = entry[2]
        result = self._node(
            leader, 0, -1, -1, -1, 0, -1, NO_MIN,
            reduce_hands(num, hands, remaining, dead, shortcuts),
            flags, left, target, num.to_compact[first] if first >= 0 else -1,
        )  # fmt: skip
        if result >= target:
            entry[0] = result
        else:
            entry[1] = result
        cut = self._cut
        entry[2] = num.to_internal[cut] if cut >= 0 else -1
        return result

    def _new_entry(
        self, leader: int, flags: int, remaining: int, canonical: tuple[int, ...]
    ) -> list[int]:
        # A fresh table entry (see trick_start_bounds), filed under the canonical key here.
        entry = trick_start_bounds(
            self.model, self._num, self._hands, leader, flags, remaining, self._holder,
            self._slam_watch, self._shortcuts, self._max_seats, self.free_trumps,
        )  # fmt: skip
        self.canonical_table.put(canonical, entry)
        return entry

    def _node(
        self,
        player: int,
        index: int,
        led: int,
        win: int,
        win_player: int,
        points: int,
        exc: int,
        least: int,
        reduced: list[int],
        flags: int,
        left: int,
        target: int,
        first: int,
    ) -> int:
        if index:
            # Checked before counting, so that a search never reports more nodes than its limit.
            nodes = self.nodes
            if nodes >= self._limit or (self._timed and perf_counter() > self._stop_at):
                raise LimitReached
            self.nodes = nodes + 1
            if self._stats is not None:
                self._stats.node(left, index)
        hands = self._hands
        num = self._num
        real_hand = hands[player]
        maximiser = self._maximiser
        is_max = maximiser[player]
        last_card = index == self._n - 1
        moves, move_key = candidates(
            num, self.move_cache, reduced[player], led, win, flags, self._restricted,
            self._overtrump, maximiser[win_player] == is_max, index, first,
        )  # fmt: skip
        best = -INFINITY if is_max else INFINITY
        best_bit = -1
        following = self._next_seat[player]
        # At the last card, tricks the table does not decide wait until every card has been
        # looked up (enhanced transposition cut-off): (card, gained, key, entry, winner, flags).
        deferred: list[tuple[int, int, tuple[int, ...], list[int] | None, int, int]] = []
        decided = False
        for bit in moves:
            new_led, new_win, new_player, new_points, new_exc, new_least, new_flags = after_card(
                num, bit, player, led, win, win_player, points, exc, least, flags
            )
            hands[player] = real_hand ^ (1 << bit)
            if not last_card:
                result = self._node(
                    following, index + 1, new_led, new_win, new_player, new_points, new_exc,
                    new_least, reduced, new_flags, left, target, -1,
                )  # fmt: skip
            else:
                # The card completes the trick: score it, then look at what is still to come.
                new_player, new_flags, gained = score_trick(
                    self.model, new_flags, self._holder, self._holder_team, self._slam_watch,
                    new_player, new_exc, new_least, new_points, new_win == num.magician_bit,
                    left, following,
                )  # fmt: skip
                if left == 1:
                    result = gained + self.model.settle(new_flags, self._holder)
                elif left == 2:
                    result = gained + last_trick(
                        self.model, num, hands, new_player, new_flags, self._holder
                    )
                else:
                    # Probe the table here: most lookups decide at once, without a call.
                    needed = target - gained
                    key = table_key(hands, new_player | new_flags << 3)
                    entry = self.table.get(key)
                    if entry is not None and entry[0] >= needed:
                        result = gained + entry[0]
                    elif entry is not None and entry[1] < needed:
                        result = gained + entry[1]
                    else:
                        deferred.append((bit, gained, key, entry, new_player, new_flags))
                        hands[player] = real_hand
                        continue
            hands[player] = real_hand
            if is_max:
                if result > best:
                    best = result
                    best_bit = bit
                    if result >= target:
                        decided = True
                        break
            elif result < best:
                best = result
                best_bit = bit
                if result < target:
                    decided = True
                    break
        if deferred and not decided:
            table = self.table
            for bit, gained, key, entry, new_player, new_flags in deferred:
                needed = target - gained
                if entry is None:
                    entry = table.get(key)
                if entry is not None and entry[0] >= needed:
                    result = gained + entry[0]
                elif entry is not None and entry[1] < needed:
                    result = gained + entry[1]
                else:
                    hands[player] = real_hand ^ (1 << bit)
                    result = gained + self._trick_start(
                        new_player, left - 1, new_flags, needed, key, entry
                    )
                    hands[player] = real_hand
                if is_max:
                    if result > best:
                        best = result
                        best_bit = bit
                        if result >= target:
                            break
                elif result < best:
                    best = result
                    best_bit = bit
                    if result < target:
                        break
        if index == 0:
            self._cut = best_bit
        stats = self._stats
        if stats is not None:
            if best >= target if is_max else best < target:
                stats.cut(left, index, moves.index(best_bit) + 1)
            else:
                stats.exhausted(left, index, len(moves))
        if move_key >= 0 and best_bit != moves[0] and (best >= target if is_max else best < target):
            promote(self.move_cache, move_key, moves, best_bit)
        return best


@final
class TarotSearch(_Search):
    """The fast searcher. One instance keeps its table across every question it is asked.

    >>> from cardgames import tarot
    >>> from cardgames.tarot.analysis import build_model, root_position
    >>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=3, tricks_left=4)
    >>> model = build_model(state.rules, state.to_move)
    >>> position, _ = root_position(state, model)
    >>> future = TarotSearch(model).value(position)
    >>> future == ReferenceSearch(model).value(position)
    True
    >>> TarotSearch(model).test(position, future), TarotSearch(model).test(position, future + 1)
    (True, False)

    The keys of ``table`` are in the searcher's numbering of the cards; the leads it stores
    (:meth:`hint`) are internal bits.

    :param model: the rule and side tables.
    :param shortcuts: False leaves out the cashing bound, the sure trump tricks, the merging
        of equal cards and dead suits and the renumbering of low cards in the table key (the
        values are the same, the search usually larger).
    :param node_limit: stop (raising :class:`~cardgames.search.engine.LimitReached`) after
        this many nodes.
    :param deadline: stop when :func:`time.perf_counter` passes this.
    :param stats: if given, counts where the nodes go and where the cut-offs happen (see
        :class:`~cardgames.search.stats.CutStats`; the depth is the tricks left).
    :param table_capacity: positions per generation of each table (see
        :class:`~cardgames.search.engine.BoundsTable`); the tables age beyond that.
    """

    __slots__ = ("_core",)

    def __init__(
        self,
        model: TarotModel,
        *,
        node_limit: int | None = None,
        deadline: float | None = None,
        shortcuts: bool = True,
        stats: CutStats | None = None,
        table_capacity: int = TABLE_CAPACITY,
    ) -> None:
        super().__init__(model, node_limit, deadline, shortcuts, stats, table_capacity)
        # The inner loop in C when it is built (it keeps the tables itself), unless counting.
        self._core: Core | None = (
            None if stats is not None else new_core(model, shortcuts, table_capacity)
        )

    def test(self, position: Position, target: int) -> bool:
        """Whether the analysed side can win at least ``target`` more scaled points."""
        return self.probe(position, target) >= target

    def hint(self, position: Position) -> int:
        """The lead the table remembers as best at a trick boundary (-1: none)."""
        entry = self._stored(position)
        return entry[2] if entry is not None else -1

    def probe(self, position: Position, target: int) -> int:
        """A fail-soft zero-window search: at least ``target`` means a lower bound, less an
        upper bound on the scaled points still to come."""
        self._start(position)
        # The table's entries are lists, which the cyclic garbage collector would walk over
        # again and again as the table grows; the search makes no reference cycles, so the
        # collector rests while a probe runs.
        collecting = gc.isenabled()
        if collecting:
            gc.disable()
        try:
            core = self._core
            if core is None:
                return self._run(position, target)
            try:
                return run_in_c(
                    core, self.model, self._num, self._hands, position, target, self._holder,
                    self._holder_team, self._slam_watch, self.nodes, self._limit,
                    self._stop_at if self._timed else -1.0,
                )  # fmt: skip
            finally:
                # The C loop counts from the nodes it is given (not when nothing was asked).
                self.nodes = max(self.nodes, core.nodes)
        finally:
            if collecting:
                gc.enable()

    def table_sizes(self) -> tuple[int, int, int]:
        """The positions in the table, those in the table of canonical keys, and how many
        times the table has aged (see :class:`~cardgames.search.engine.BoundsTable`).

        >>> from cardgames import tarot
        >>> from cardgames.tarot.analysis import build_model, root_position
        >>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=3,
        ...     tricks_left=4)
        >>> model = build_model(state.rules, state.to_move)
        >>> search = TarotSearch(model)
        >>> search.table_sizes()
        (0, 0, 0)
        >>> _ = search.value(root_position(state, model)[0])
        >>> exact, canonical, _ = search.table_sizes()
        >>> 0 < canonical <= exact
        True
        """
        if self._core is not None:
            return self._core.sizes()
        return len(self.table), len(self.canonical_table), self.table.generations

    def value(self, position: Position, guess: int | None = None) -> int:
        """The exact scaled points still to come for the analysed side (see :meth:`refine`)."""
        low, high = future_bounds(self.model, position)
        return self.refine(position, low, high, guess)[0]

    def refine(
        self,
        position: Position,
        low: int,
        high: int,
        guess: int | None = None,
        approach: Approach = "both",
    ) -> tuple[int, int]:
        """Narrow ``[low, high]`` to the true value with the engine's MTD(f) driver
        (:func:`cardgames.search.engine.refine`, where ``approach`` is explained), keeping
        this searcher's table throughout.

        :raises LimitReached: with ``args == (low, high)`` reached so far.
        """
        return refine(self, position, low, high, guess, approach=approach)

    def tighten(self, position: Position, low: int, high: int) -> tuple[int, int]:
        """``[low, high]`` narrowed by the bounds the table holds for ``position`` (at a trick
        boundary)."""
        entry = self._stored(position)
        if entry is None:
            return low, high
        return max(low, entry[0]), min(high, entry[1])

    def _stored(self, position: Position) -> list[int] | None:
        """The table entry of a position at a trick boundary, if there is one."""
        if position.trick:
            return None
        cards = 0
        for hand in position.hands:
            cards |= hand
        num = self._num
        if cards & ~num.universe:
            return None  # a card never searched: the position cannot be in the table
        last = position.leader | position.flags << 3
        hands = [num.compact(hand) for hand in position.hands]
        if self._core is not None:
            found = self._core.get(hands, last)
            return None if found is None else list(found)
        return self.table.get(table_key(hands, last))

    # The search proper. Every method below belongs to the probe started by _start.

    def _start(self, position: Position) -> None:
        """Set up the probe state for a search from ``position``."""
        cards = 0
        for hand in position.hands:
            cards |= hand
        for bit in position.trick:
            cards |= 1 << bit
        old = self._num
        if cards & ~old.universe:
            # Number the cards afresh and re-key the tables; the move lists and point caches
            # start again (the free-trump cache holds bit patterns, still valid).
            num = self._num = Numbering(self.model, old.universe | cards)
            self.move_cache.clear()
            self._dead_codes.clear()
            if len(self.table) or len(self.canonical_table):
                self.table = num.rekey(self.table, old)
                self.canonical_table = num.rekey_canonical(self.canonical_table, old)
            core = self._core
            if core is not None:
                exact = [(num.rekey_key(key, old), entry) for key, entry in core.export(False)]
                canonical = [
                    (num.rekey_canonical_key(key, old), entry) for key, entry in core.export(True)
                ]
                core.set_numbering(
                    num.bits, num.weight, num.suit_of, num.to_internal, num.to_compact,
                    num.suit_masks, num.blank, num.trump_base, num.excuse_bit,
                    num.magician_bit, num.world_bit, [weight for weight, _ in num.weight_classes],
                    [mask for _, mask in num.weight_classes], [start for start, _ in num.blocks],
                    [mask for _, mask in num.blocks], num.own_side_bit,
                )  # fmt: skip
                if exact or canonical:
                    core.replace(exact, canonical)
        num = self._num
        holder = position.excuse_player
        self._hands = [num.compact(hand) for hand in position.hands]
        self._holder = holder
        self._holder_team = self.model.teams[holder] if holder >= 0 else -1
        self._slam_watch = self.model.excuse_slam and holder >= 0
        self._limit = self.node_limit if self.node_limit is not None else NO_LIMIT
        self._timed = self.deadline is not None
        self._stop_at = self.deadline if self.deadline is not None else 0.0
        self._cut = -1


@final
class ReferenceSearch:
    """Plain alpha-beta over the same model: every legal card, natural order, no table (the
    engine's :class:`~cardgames.search.engine.Reference` walking :class:`TarotTree`).

    It exists to check :class:`TarotSearch`; it answers the same question with none of the
    speed-ups (see the example there).
    """

    def __init__(self, model: TarotModel) -> None:
        self.model = model
        self._reference = Reference(TarotTree(model))

    @property
    def nodes(self) -> int:
        """Nodes searched so far."""
        return self._reference.nodes

    def value(self, position: Position) -> int:
        """The exact scaled points still to come for the analysed side."""
        return self._reference.value(position) - position.secured


def representatives(model: TarotModel, position: Position, legal: int) -> dict[int, int]:
    """Map each legal card to the card that stands for its class of equivalent plays."""
    remaining = 0
    for hand in position.hands:
        remaining |= hand
    for bit in position.trick:
        remaining |= 1 << bit
    result: dict[int, int] = {}
    previous = -1
    for bit in range(78):
        if not legal >> bit & 1:
            continue
        if (
            previous >= 0
            and model.value[bit] == 1
            and model.value[previous] == 1
            and model.suit[bit] == model.suit[previous]
            and not remaining & ((1 << bit) - (2 << previous))
        ):
            result[bit] = result[previous]
        else:
            result[bit] = bit
        previous = bit
    return result


def root_legal(model: TarotModel, position: Position) -> int:
    """The legal cards (internal mask) of the player to move."""
    led, win = trick_state(model, position)[:2]
    player = to_move(model, position)
    return legal_mask(model, position.hands[player], led, bool(position.flags & TRUMPS_PLAYED), win)


@final
class TarotTree:
    """The Tarot game tree as the engine's :class:`~cardgames.search.engine.SearchModel`:
    what :func:`~cardgames.search.engine.score_moves`,
    :func:`~cardgames.search.engine.principal_variation` and
    :func:`~cardgames.search.engine.reference_value` walk, one position at a time (the fast
    :class:`TarotSearch` has its own inner loop).

    Moves are the model's internal card bits; the value is the analysed side's scaled points.

    >>> from cardgames import tarot
    >>> from cardgames.search.engine import reference_value
    >>> from cardgames.tarot.analysis import build_model, root_position
    >>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=3, tricks_left=2)
    >>> model = build_model(state.rules, state.to_move)
    >>> position, _ = root_position(state, model)
    >>> tree = TarotTree(model)
    >>> reference_value(tree, position) - position.secured == ReferenceSearch(model).value(position)
    True
    """

    def __init__(self, model: TarotModel) -> None:
        self.model = model

    def legal(self, position: Position) -> list[int]:
        """The legal cards of the player to move, lowest bit first."""
        return ascending_bits(root_legal(self.model, position))

    def distinct(self, position: Position) -> dict[int, int]:
        """Each legal card mapped to the card standing for its class of equivalent plays."""
        return representatives(self.model, position, root_legal(self.model, position))

    def child(self, position: Position, move: int) -> Position:
        """The position after the card ``move``."""
        return advance(self.model, position, move)

    def is_over(self, position: Position) -> bool:
        """Whether every trick has been played."""
        return position.tricks_left == 0

    def maximising(self, position: Position) -> bool:
        """Whether the player to move plays for the analysed side."""
        return self.model.maximiser[to_move(self.model, position)]

    def banked(self, position: Position) -> int:
        """The scaled points the analysed side has won so far."""
        return position.secured

    def future_bounds(self, position: Position) -> tuple[int, int]:
        """Cheap bounds on the scaled points still to come."""
        return future_bounds(self.model, position)
