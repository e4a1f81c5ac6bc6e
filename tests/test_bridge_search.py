"""The bridge search's parts: the bounds found without a search against the true values, the
pruning and the table against the plain reference search, and the C core against the Python
search, node for node."""

from __future__ import annotations

import random

import pytest

from cardgames import bridge, solver
from cardgames.bridge import State
from cardgames.bridge.search import BridgeSearch
from cardgames.bridge.search_bounds import (
    guarded_trump,
    lead_loser,
    quick_tricks,
    second_hand_tricks,
    sure_trumps,
)
from cardgames.bridge.search_model import BridgeModel
from cardgames.bridge.search_native import NativeSearch, native_available, new_search
from cardgames.bridge.search_table import BridgeTable
from cardgames.search.engine import (
    LimitReached,
    principal_variation,
    reference_value,
    refine,
    score_moves,
)
from cardgames.solver.bridge import reference_bridge_value

try:
    from cardgames.bridge import _ddcore
except ImportError:  # pragma: no cover - the C core is optional
    _ddcore = None  # type: ignore[assignment]

needs_core = pytest.mark.skipif(_ddcore is None, reason="the C core was not built")


def _endings(count: int, seed: int, tricks_left: tuple[int, ...], cards: bool) -> list[State]:
    rng = random.Random(seed)
    return [
        bridge.random_position(rng, 13 - rng.choice(tricks_left), rng.randrange(4) if cards else 0)
        for _ in range(count)
    ]


def _future(state: State) -> tuple[BridgeModel, list[int], int]:
    """The model, the position and the declaring side's tricks still to come."""
    model = BridgeModel.for_state(state)
    root = model.encode(state)
    return model, root, reference_value(model, root) - state.declarer_tricks


def test_bounds_at_a_trick_start_hold() -> None:
    for state in _endings(120, 1, (1, 2, 3, 4), cards=False):
        model, root, future = _future(state)
        hands, leader, trump = root[:4], root[4], model.trump
        left = state.tricks_left
        # The tricks of the side on lead, and of the other side.
        ours = future if model.maximising(root) else left - future
        theirs = left - ours
        quick, _ = quick_tricks(hands, leader, trump)
        assert quick <= ours, str(state)
        assert sure_trumps(hands, leader, trump)[0] <= ours, str(state)
        assert sure_trumps(hands, (leader + 1) & 3, trump)[0] <= theirs, str(state)
        if lead_loser(hands, leader, trump):
            assert theirs >= 1, str(state)
        if guarded_trump(hands, leader, trump):
            assert theirs >= 1, str(state)


def test_second_hand_tricks_hold() -> None:
    for state in _endings(120, 2, (1, 2, 3, 4), cards=False):
        state = state.play(random.Random(str(state)).choice(state.legal_moves()))
        model, root, future = _future(state)
        seat = int(state.to_move)
        left = state.tricks_left
        ours = future if model.maximising(root) else left - future
        sure, _ = second_hand_tricks(root[:4], seat, root[6], model.trump)
        assert sure <= ours, str(state)


def test_quick_tricks_stop_at_what_is_needed() -> None:
    # North cashes A K Q of spades at no trump; one trick needed relies on the ace alone.
    hands = [7 << 10, 7, 7 << 3, 7 << 6]
    assert quick_tricks(hands, 0, 4) == (3, 7 << 10)
    assert quick_tricks(hands, 0, 4, need=1) == (1, 1 << 12)


def test_top_trumps_and_a_lost_lead_are_not_added() -> None:
    # Two tricks left at clubs, East on lead with the 10 2 of trumps, South the 5: West's
    # ace of hearts and East's top trump must not count as two tricks for East-West.
    state = State.parse(
        "C by W; N:AJ965.T863.53.A3 KT32.K7.A9.KJT92 874.Q94.T872.654 Q.AJ52.KQJ64.Q87; "
        "8H 7H QH 2H 7D JD 3D 9D JH 3H KH 9H KC 4C QC 3C 2S 8S QS 9S 6D 5D AD 8D 9C 6C 8C "
        "AC AS TS 4S 7C QD 5S 3S TD KD TH JC 2D KS 7S 4D 6S"
    )
    analysis = solver.analyse(state)
    for entry in analysis.move_values:
        assert entry.value == reference_bridge_value(state.play(entry.move), 1)


@pytest.mark.parametrize("seed", range(3))
def test_search_equals_the_reference_on_every_card(seed: int) -> None:
    for state in _endings(40, 10 + seed, (1, 2, 3, 4, 5), cards=True):
        model = BridgeModel.for_state(state)
        root = model.encode(state)
        bounds, stopped = score_moves(model, BridgeSearch(model), root)
        assert not stopped
        for move, (low, high) in bounds.items():
            assert low == high == reference_value(model, model.child(root, move)), str(state)


def test_a_table_shared_by_both_sides_gives_each_its_own_value() -> None:
    for state in _endings(15, 20, (3, 4), cards=False):
        deal = bridge.Deal(state.hands)
        table = BridgeTable()
        for declarer in bridge.Seat:
            contract = bridge.Contract(declarer, state.contract.strain)
            opening = State(deal, contract)
            model = BridgeModel.for_state(opening)
            root = model.encode(opening)
            value, _ = refine(BridgeSearch(model, table), root, *model.future_bounds(root))
            assert value == reference_value(model, root), str(opening)


def _run(search: BridgeSearch | NativeSearch, model: BridgeModel, root: list[int]) -> object:
    bounds, stopped = score_moves(model, search, root)
    line: list[int] = []
    if not stopped:
        pick = max if model.maximising(root) else min
        line = principal_variation(model, search, root, pick(low for low, _ in bounds.values()))
    return bounds, stopped, search.nodes, search.tricks, line


@needs_core
@pytest.mark.parametrize("tricks_left", [3, 6, 8])
def test_the_c_core_searches_exactly_as_the_python_search(tricks_left: int) -> None:
    rng = random.Random(tricks_left)
    for _ in range(12 if tricks_left < 8 else 4):
        state = bridge.random_position(rng, 13 - tricks_left, rng.randrange(4))
        model = BridgeModel.for_state(state)
        root = model.encode(state)
        python = _run(BridgeSearch(model), model, root)
        native = _run(NativeSearch(model), model, root)
        assert python == native, str(state)


@needs_core
def test_the_c_core_stops_where_the_python_search_stops() -> None:
    state = bridge.random_position(7, tricks_played=5)
    model = BridgeModel.for_state(state)
    root = model.encode(state)
    results = []
    for search in (BridgeSearch(model), NativeSearch(model)):
        search.node_limit = 777
        try:
            refine(search, root, *model.future_bounds(root))
        except LimitReached as reached:
            results.append((reached.args, search.nodes))
    assert len(results) == 2 and results[0] == results[1]
    assert results[0][1] == 777


@needs_core
def test_the_c_core_shares_a_table_as_the_python_search_does() -> None:
    state = bridge.random_position(8, tricks_played=6)
    deal = bridge.Deal(state.hands)
    counts = []
    for make_table, make_search in (
        (BridgeTable, BridgeSearch),
        (_ddcore.Table, NativeSearch),
    ):
        table = make_table()
        values = []
        for declarer in bridge.Seat:
            opening = State(deal, bridge.Contract(declarer, bridge.Strain.HEARTS))
            model = BridgeModel.for_state(opening)
            root = model.encode(opening)
            search = make_search(model, table)  # type: ignore[arg-type]
            values.append((refine(search, root, *model.future_bounds(root)), search.nodes))
        counts.append((values, len(table)))
    assert counts[0] == counts[1]


def test_new_search_follows_the_switch() -> None:
    state = bridge.random_position(9, tricks_played=10)
    search = new_search(BridgeModel.for_state(state))
    assert isinstance(search, NativeSearch) == native_available()
