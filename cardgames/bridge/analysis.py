"""Double-dummy analysis of bridge card play, and the double-dummy table of a deal.

With all four hands visible, the play of a bridge deal is a two-sided game: the declaring side
wants tricks, the defenders want to stop them. :func:`analyse_bridge` scores every card the
seat to move may play, :func:`solve_bridge` finds the value and one best line, and
:func:`dd_table` gives what each seat takes as declarer in each strain, the table DDS's
``CalcDDtable`` computes.

Values count the tricks of the analysed side in the whole deal: those it has already won plus
those it takes from here under best play by both sides.

The search is the shared engine (:mod:`cardgames.search.engine`) driving
:class:`~cardgames.bridge.search.BridgeSearch` over the int model
:class:`~cardgames.bridge.search_model.BridgeModel`, or the same search in C when it was built
(:func:`~cardgames.bridge.search_native.new_search`).

>>> from cardgames import bridge
>>> state = bridge.random_position(2, tricks_played=9)
>>> analysis = analyse_bridge(state)
>>> analysis.value == reference_bridge_value(state), analysis.exact
(True, True)
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Final

import attrs

from cardgames.bridge.deal import Deal
from cardgames.bridge.rules import Contract, Seat, Strain
from cardgames.bridge.search import BridgeSearch
from cardgames.bridge.search_model import BridgeModel, card_code
from cardgames.bridge.search_native import NativeSearch, new_search, new_table
from cardgames.bridge.state import State
from cardgames.cards import Card
from cardgames.errors import AnalysisError, NotationError
from cardgames.search.clock import CallClock
from cardgames.search.engine import (
    LimitReached,
    principal_variation,
    reference_value,
    refine,
    score_moves,
)
from cardgames.search.results import Analysis, Limit, MoveValue, Solution
from cardgames.validation import as_tuple, check_int, quote, strict_arguments

__all__ = [
    "BRIDGE_OBJECTIVE",
    "DDTable",
    "analyse_bridge",
    "dd_table",
    "reference_bridge_value",
    "solve_bridge",
]

BRIDGE_OBJECTIVE: Final = (
    "tricks won by the side in the whole deal (those already won included), every hand seen"
)
"""What a bridge analysis measures, in words (the ``objective`` of its result)."""

_STRAIN_ORDER: Final = (
    Strain.NO_TRUMP,
    Strain.SPADES,
    Strain.HEARTS,
    Strain.DIAMONDS,
    Strain.CLUBS,
)


def _check_state(state: object) -> State:
    if not isinstance(state, State):
        raise AnalysisError(f"cannot analyse {quote(state)}: expected a bridge State")
    if state.is_over:
        raise AnalysisError(
            f"cannot analyse position {str(state)!r}: the play is over, no card is left to score"
        )
    return state


def _check_perspective(state: State, perspective: object) -> Seat:
    if perspective is None:
        return state.to_move
    if (
        isinstance(perspective, bool)
        or not isinstance(perspective, int)
        or not 0 <= perspective < 4
    ):
        raise AnalysisError(
            f"invalid perspective {quote(perspective)}: expected a seat from 0 (North) to 3 (West)"
        )
    return Seat(perspective)


class _Job:
    """The model, root position and searcher of one analysis, and the conversion of the
    declaring side's tricks into the analysed side's."""

    def __init__(self, state: State, perspective: object, limit: object, clock: CallClock) -> None:
        if limit is not None and not isinstance(limit, Limit):
            raise AnalysisError(f"invalid limit {quote(limit)}: expected a solver.Limit or None")
        self.state = _check_state(state)
        self.seat = _check_perspective(self.state, perspective)
        self.model = BridgeModel.for_state(self.state)
        self.root = self.model.encode(self.state)
        self.search = new_search(self.model)
        self.search.deadline = clock.deadline()
        if limit is not None:
            self.search.node_limit = limit.nodes
        self.declaring = self.state.contract.is_declaring(self.seat)
        self.total = self.state.deal.cards_each

    @property
    def side(self) -> tuple[int, ...]:
        return tuple(sorted((int(self.seat), int(self.seat.partner))))

    def convert(self, low: int, high: int) -> tuple[Fraction, Fraction]:
        """Bounds on the declaring side's tricks as bounds on the analysed side's."""
        if self.declaring:
            return Fraction(low), Fraction(high)
        return Fraction(self.total - high), Fraction(self.total - low)

    def line(self, value: int) -> tuple[Card, ...]:
        """A best line achieving the declaring side's ``value`` (empty if a limit stops it)."""
        try:
            codes = principal_variation(self.model, self.search, self.root, value)
        except LimitReached:
            return ()
        return tuple(self.model.move_of(code) for code in codes)


def analyse_bridge(
    state: State, *, perspective: int | None = None, limit: Limit | None = None
) -> Analysis[Card]:
    """Score every card the seat to move may play, double dummy.

    :param state: a bridge state whose play is not over.
    :param perspective: the seat whose side is analysed (default: the seat to move); the
        values are that side's tricks in the whole deal.
    :param limit: a node and/or time budget; when it runs out the result has ``exact=False``
        and its values are bounds.
    :returns: an :class:`~cardgames.search.results.Analysis` with ``game == "bridge"``.
    :raises AnalysisError: if the play is over, or for a bad perspective or limit.
    """
    clock = CallClock(limit.time if isinstance(limit, Limit) else None)
    analysis = _analyse(state, perspective, limit, clock)
    return attrs.evolve(analysis, elapsed=clock.stop())


def _analyse(
    state: State, perspective: int | None, limit: Limit | None, clock: CallClock
) -> Analysis[Card]:
    job = _Job(state, perspective, limit, clock)
    model, root, search = job.model, job.root, job.search
    bounds, stopped = score_moves(model, search, root)
    classes = model.distinct(root)
    moves = job.state.legal_moves()
    declaring_to_move = model.maximising(root)
    raw = [bounds[classes[card_code(move)]] for move in moves]
    pick = max if declaring_to_move else min
    low, high = pick(b[0] for b in raw), pick(b[1] for b in raw)
    pv: tuple[Card, ...] = () if stopped else job.line(low)
    clock.searched()
    entries = []
    for move, (move_low, move_high) in zip(moves, raw, strict=True):
        lower, upper = job.convert(move_low, move_high)
        entries.append(MoveValue(move=move, value=lower, lower=lower, upper=upper))
    lower, upper = job.convert(low, high)
    return Analysis(
        game="bridge",
        perspective=int(job.seat),
        side=job.side,
        to_move=int(job.state.to_move),
        objective=BRIDGE_OBJECTIVE,
        value=lower,
        lower=lower,
        upper=upper,
        move_values=tuple(entries),
        best_moves=tuple(entry.move for entry in entries if entry.value == lower),
        pv=pv,
        nodes=search.nodes,
        elapsed=0.0,  # set by analyse_bridge once the table is freed
        exact=not stopped,
        bound="bounds" if stopped else "exact",
    )


def solve_bridge(
    state: State, *, perspective: int | None = None, limit: Limit | None = None
) -> Solution[Card]:
    """The double-dummy value of ``state`` for ``perspective``'s side and one best line,
    without scoring every card (see :func:`cardgames.solver.solve`).

    >>> from cardgames import bridge
    >>> state = bridge.random_position(2, tricks_played=9)
    >>> solve_bridge(state).value == analyse_bridge(state).value
    True

    :raises AnalysisError: as :func:`analyse_bridge`.
    """
    clock = CallClock(limit.time if isinstance(limit, Limit) else None)
    solution = _solve(state, perspective, limit, clock)
    return attrs.evolve(solution, elapsed=clock.stop())


def _solve(
    state: State, perspective: int | None, limit: Limit | None, clock: CallClock
) -> Solution[Card]:
    job = _Job(state, perspective, limit, clock)
    model, root, search = job.model, job.root, job.search
    banked = model.banked(root)
    low, high = model.future_bounds(root)
    stopped = False
    pv: tuple[Card, ...] = ()
    try:
        low, high = refine(search, root, low, high, (low + high) // 2)
    except LimitReached as reached:
        low, high = reached.args
        stopped = True
    if not stopped:
        pv = job.line(banked + low)
    clock.searched()
    lower, upper = job.convert(banked + low, banked + high)
    return Solution[Card](
        game="bridge",
        perspective=int(job.seat),
        side=job.side,
        to_move=int(job.state.to_move),
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


def reference_bridge_value(state: State, perspective: int | None = None) -> Fraction:
    """The same value as :func:`analyse_bridge`, by the engine's plain alpha-beta over the
    model (no table, no merging of cards, no quick tricks): slow, for small endings only.

    :raises AnalysisError: as :func:`analyse_bridge`.
    """
    checked = _check_state(state)
    seat = _check_perspective(checked, perspective)
    model = BridgeModel.for_state(checked)
    value = reference_value(model, model.encode(checked))
    if checked.contract.is_declaring(seat):
        return Fraction(value)
    return Fraction(checked.deal.cards_each - value)


# -- the double-dummy table --------------------------------------------------------------------

_MAX_TABLE_TEXT: Final = 1000
_CELL: Final = re.compile(r"([0-9]{1,2})(?:-([0-9]{1,2}))?", re.ASCII)


def _to_rows(value: object, what: str = "tricks") -> tuple[tuple[int, ...], ...]:
    expected = "expected four rows (N E S W) of five numbers (S H D C NT)"
    rows = as_tuple(value, what, error=AnalysisError, limit=4)
    try:
        rows = tuple(as_tuple(row, what, error=AnalysisError, limit=5) for row in rows)
    except AnalysisError:
        raise AnalysisError(f"invalid {what} {quote(value)}: {expected}") from None
    if len(rows) != 4 or any(len(row) != 5 for row in rows):
        raise AnalysisError(f"invalid {what} {quote(value)}: {expected}")
    for row in rows:
        for tricks in row:
            if type(tricks) is not int or not 0 <= tricks <= 13:
                raise AnalysisError(
                    f"invalid {what} {quote(value)}: expected whole numbers of tricks, 0 to 13"
                )
    return rows


def _to_upper(value: object) -> tuple[tuple[int, ...], ...] | None:
    return None if value is None else _to_rows(value, "upper")


def _check_nodes(_: object, __: object, value: object) -> None:
    check_int(value, "nodes", low=0, error=AnalysisError)


def _cell(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


@strict_arguments
@attrs.frozen(repr=False)
class DDTable:
    """The tricks each seat takes as declarer in each strain, double dummy: the 20 results of
    a deal (the opening lead from the declarer's left in each).

    ``tricks[declarer][strain]`` is indexed by :class:`~cardgames.bridge.rules.Seat` and
    :class:`~cardgames.bridge.rules.Strain` (spades 0 to clubs 3, no trump 4); :meth:`get`
    reads it by name. The text form is a small grid, no trump first as DDS prints it:

    >>> table = DDTable(((7, 6, 7, 6, 6), (6, 7, 6, 7, 6), (7, 6, 7, 6, 6), (6, 7, 6, 7, 6)))
    >>> print(table)
         NT  S  H  D  C
    N     6  7  6  7  6
    E     6  6  7  6  7
    S     6  7  6  7  6
    W     6  6  7  6  7
    >>> DDTable.parse(str(table)) == table, table.get('N', 'S')
    (True, 7)

    A table built under a limit (:func:`dd_table` with ``limit``) may hold bounds instead of
    some values: ``tricks`` are then the lower bounds and ``upper`` the upper ones, and the
    grid writes such a cell as ``low-high``.

    >>> rows = ((7, 6, 7, 6, 6),) * 4
    >>> bounded = DDTable(rows, upper=((7, 6, 9, 6, 6),) + rows[1:])
    >>> bounded.exact, bounded.bounds('N', 'D'), str(bounded).splitlines()[1]
    (False, (7, 9), 'N      6   7   6 7-9   6')
    """

    tricks: tuple[tuple[int, ...], ...] = attrs.field(converter=_to_rows)
    """Four rows (North, East, South, West) of five counts (spades, hearts, diamonds,
    clubs, no trump); lower bounds where :attr:`upper` says a cell is not exact."""
    nodes: int = attrs.field(default=0, eq=False, validator=_check_nodes)
    """Search nodes spent building the table (not part of its value)."""
    upper: tuple[tuple[int, ...], ...] | None = attrs.field(
        default=None, converter=_to_upper, kw_only=True
    )
    """Upper bounds in the same layout, or None when every cell is exact."""

    def __attrs_post_init__(self) -> None:
        upper = self.upper
        if upper is None:
            return
        for low_row, high_row in zip(self.tricks, upper, strict=True):
            for low, high in zip(low_row, high_row, strict=True):
                if high < low:
                    raise AnalysisError(
                        f"invalid upper {quote(upper)}: every upper bound must be at least "
                        f"the tricks {quote(self.tricks)}"
                    )
        if upper == self.tricks:
            object.__setattr__(self, "upper", None)

    @property
    def exact(self) -> bool:
        """Whether every cell is an exact value (no limit cut the search short)."""
        return self.upper is None

    def bounds(self, declarer: Seat | int | str, strain: Strain | int | str) -> tuple[int, int]:
        """The lowest and highest number of tricks ``declarer`` can take in ``strain`` as
        far as the table knows (equal when the cell is exact)."""
        seat = Seat.parse(declarer) if isinstance(declarer, str) else Seat.of(declarer)
        denomination = Strain.parse(strain) if isinstance(strain, str) else Strain.of(strain)
        low = self.tricks[seat][denomination]
        high = low if self.upper is None else self.upper[seat][denomination]
        return low, high

    def get(self, declarer: Seat | int | str, strain: Strain | int | str) -> int:
        """The tricks ``declarer`` takes in ``strain`` (each given as an enum, a number or a
        letter such as ``'N'`` and ``'NT'``).

        :raises AnalysisError: if a limit left that cell with bounds only (see
            :meth:`bounds`).
        """
        low, high = self.bounds(declarer, strain)
        if low != high:
            raise AnalysisError(
                f"the table does not know the tricks of {declarer!s} in {strain!s}: a limit "
                f"stopped the search between {low} and {high} (see DDTable.bounds)"
            )
        return low

    def __str__(self) -> str:
        cells = [[_cell(*self.bounds(seat, strain)) for strain in _STRAIN_ORDER] for seat in Seat]
        width = max(3, 1 + max(len(cell) for row in cells for cell in row))
        lines = ["    " + "".join(f"{strain!s:>{width}}" for strain in _STRAIN_ORDER)]
        for seat, row in zip(Seat, cells, strict=True):
            lines.append(f"{seat}   " + "".join(f"{cell:>{width}}" for cell in row))
        return "\n".join(lines)

    def __repr__(self) -> str:
        if self.upper is None:
            return f"DDTable({self.tricks!r})"
        return f"DDTable({self.tricks!r}, upper={self.upper!r})"

    @classmethod
    def parse(cls, text: str) -> DDTable:
        """Read the grid :func:`str` writes.

        :raises NotationError: if ``text`` is not such a grid.
        """
        if not isinstance(text, str) or len(text) > _MAX_TABLE_TEXT:
            raise NotationError(
                f"invalid table {quote(text)}: expected the text of a table (a header "
                f"'NT S H D C' and rows N E S W, at most {_MAX_TABLE_TEXT} characters)"
            )
        lines = text.strip().splitlines()
        header = lines[0].split() if lines else []
        rows = [line.split() for line in lines[1:]]
        expected = [str(strain) for strain in _STRAIN_ORDER]
        if header != expected or [row[:1] for row in rows] != [["N"], ["E"], ["S"], ["W"]]:
            raise NotationError(
                f"invalid table {quote(text)}: expected a header 'NT S H D C' and rows N E S W"
            )
        lows = []
        highs = []
        for row in rows:
            low_by_strain: dict[Strain, int] = {}
            high_by_strain: dict[Strain, int] = {}
            for strain, cell in zip(_STRAIN_ORDER, row[1:], strict=False):
                match = _CELL.fullmatch(cell)
                if match is not None:
                    low_by_strain[strain] = int(match.group(1))
                    high_by_strain[strain] = int(match.group(2) or match.group(1))
            if len(row) != 6 or len(low_by_strain) != 5:
                raise NotationError(f"invalid table {quote(text)}: bad row {' '.join(row)!r}")
            lows.append(tuple(low_by_strain[strain] for strain in Strain))
            highs.append(tuple(high_by_strain[strain] for strain in Strain))
        try:
            return cls(tuple(lows), upper=tuple(highs))
        except AnalysisError as error:
            raise NotationError(f"invalid table {quote(text)}: {error}") from None


def _check_progress(progress: object) -> Callable[[int], object] | None:
    if progress is None:
        return None
    if not callable(progress):
        raise AnalysisError(
            f"invalid progress {quote(progress)}: expected a function of the number of "
            "results done, or None"
        )
    return progress


_TABLE_ORDER: Final = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


class _TableSearch:
    """The searches of one double-dummy table: per strain one search table shared by a search
    for each side, and the bounds reached on each of the twenty results."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.cards = deal.cards_each
        self.searches: dict[Strain, list[BridgeSearch | NativeSearch]] = {}
        self.bounds = {
            (declarer, strain): (0, self.cards) for strain in Strain for declarer in Seat
        }

    @property
    def nodes(self) -> int:
        return sum(search.nodes for pair in self.searches.values() for search in pair)

    def search(
        self, declarer: Seat, strain: Strain, nodes: int | None, seconds: float | None
    ) -> None:
        """Search one result further, within ``nodes`` more nodes and ``seconds`` more
        seconds (None: no limit), starting from the bounds reached so far."""
        pair = self.searches.get(strain)
        if pair is None:
            table = new_table()
            pair = [new_search(BridgeModel(int(strain), side), table) for side in (0, 1)]
            self.searches[strain] = pair
        search = pair[int(declarer) & 1]
        model = search.model
        root = model.encode(State(self.deal, Contract(declarer, strain)))
        low, high = self.bounds[declarer, strain]
        search.node_limit = None if nodes is None else search.nodes + nodes
        search.deadline = None if seconds is None else time.perf_counter() + seconds
        try:
            if nodes is not None and nodes <= 0:
                raise LimitReached(low, high)  # no node left for this result
            low, high = refine(
                search, root, low, high, self._guess(declarer, strain), share_budget=False
            )
        except LimitReached as reached:
            low, high = max(low, reached.args[0]), min(high, reached.args[1])
        finally:
            search.node_limit = search.deadline = None
        self.bounds[declarer, strain] = (low, high)

    def _guess(self, declarer: Seat, strain: Strain) -> int | None:
        """Where the search of a result starts: partner's value if known, else the rest of
        the tricks of an opponent's (the values of a strain are close to that)."""
        for other, flip in (
            (declarer.partner, False),
            (declarer.next, True),
            (declarer.partner.next, True),
        ):
            low, high = self.bounds[other, strain]
            if low == high:
                return self.cards - low if flip else low
        return None

    def table(self) -> DDTable:
        lows = tuple(tuple(self.bounds[seat, strain][0] for strain in Strain) for seat in Seat)
        highs = tuple(tuple(self.bounds[seat, strain][1] for strain in Strain) for seat in Seat)
        return DDTable(lows, nodes=self.nodes, upper=highs)


def dd_table(
    deal: Deal,
    progress: Callable[[int], None] | None = None,
    *,
    limit: Limit | None = None,
) -> DDTable:
    """The double-dummy table of ``deal``: for each declarer and strain, the tricks the
    declaring side takes with the opening lead from the declarer's left.

    The four searches of one strain share one search table (its entries hold for either
    side), and each starts from a value found before it (partner's, or the rest of the tricks
    for the other side).

    Under a ``limit`` (nodes, seconds, or both, for the whole table) the twenty results are
    searched in turn, each with an equal share of what is left of the budget; a result whose
    share runs out keeps the bounds its search had reached, and once all twenty have had a
    turn, what is left goes round the unfinished ones again (their searches resume from their
    bounds and keep their tables) until the budget is spent. The node budget is never
    exceeded. A table with a result left unfinished is not :attr:`~DDTable.exact`: its cell
    reads ``low-high``, :meth:`DDTable.bounds` gives both ends and :meth:`DDTable.get` refuses
    it.

    :param deal: the deal (a full one or an ending, the same number of cards in each hand).
    :param progress: called after each of the twenty results has had its first turn, with the
        number done (1 to 20).
    :param limit: a node and/or time budget for the whole table.
    :raises AnalysisError: if ``deal`` is not a :class:`~cardgames.bridge.deal.Deal`, for a
        progress that is not callable, or a limit that is not a :class:`~cardgames.solver.Limit`.
    """
    if not isinstance(deal, Deal):
        raise AnalysisError(f"cannot build a table for {quote(deal)}: expected a bridge Deal")
    report = _check_progress(progress)
    if limit is not None and not isinstance(limit, Limit):
        raise AnalysisError(f"invalid limit {quote(limit)}: expected a solver.Limit or None")
    clock = CallClock(limit.time if limit is not None else None)
    deadline = clock.deadline()
    node_limit = limit.nodes if limit is not None else None
    work = _TableSearch(deal)
    cells = [(declarer, strain) for strain in Strain for declarer in _TABLE_ORDER]
    first = True
    while cells:
        for index, (declarer, strain) in enumerate(cells):
            turns = len(cells) - index
            nodes = None if node_limit is None else (node_limit - work.nodes) // turns
            seconds = None
            if deadline is not None:
                seconds = max(0.0, deadline - time.perf_counter()) / turns
            work.search(declarer, strain, nodes, seconds)
            if first and report is not None:
                report(index + 1)
        first = False
        cells = [cell for cell in cells if work.bounds[cell][0] < work.bounds[cell][1]]
        out_of_nodes = node_limit is not None and work.nodes >= node_limit
        out_of_time = deadline is not None and time.perf_counter() >= deadline
        if out_of_nodes or out_of_time:
            break
    clock.searched()
    result = work.table()
    clock.stop()
    return result
