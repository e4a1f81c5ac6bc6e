"""The bridge search model and the solver front end: checked against the plain reference
alpha-beta on small endings, card by card."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from fractions import Fraction

import pytest
from hang_guard import WALL_SECONDS

from cardgames import bridge, solver
from cardgames.bridge import Contract, Deal, Seat, State, Strain
from cardgames.bridge.search import BridgeSearch
from cardgames.bridge.search_bounds import quick_tricks
from cardgames.bridge.search_model import BridgeModel, card_code, code_card
from cardgames.bridge.search_table import table_key
from cardgames.cards import Card
from cardgames.errors import AnalysisError, IllegalMoveError, NotationError
from cardgames.search.engine import reference_value, score_moves
from cardgames.solver.bridge import DDTable, reference_bridge_value


def _endings(count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        tricks = rng.choice((9, 10, 11))
        states.append(bridge.random_position(rng, tricks_played=tricks, cards=rng.randrange(4)))
    return states


def test_card_codes_round_trip() -> None:
    for index in range(52):
        card = Card.from_index(index)
        assert code_card(card_code(card)) == card
    assert card_code(Card.parse("AS")) > card_code(Card.parse("KS")) > card_code(Card.parse("2S"))


def test_model_follows_the_state() -> None:
    rng = random.Random(2)
    state = bridge.random_position(rng, tricks_played=8)
    model = BridgeModel.for_state(state)
    position = model.encode(state)
    while not state.is_over:
        legal = sorted(model.move_of(code) for code in model.legal(position))
        assert legal == sorted(state.legal_moves())
        card = rng.choice(state.legal_moves())
        position = model.child(position, card_code(card))
        state = state.play(card)
        assert position == model.encode(state)
        assert model.banked(position) == state.declarer_tricks
    assert model.is_over(position)


def test_fast_search_equals_reference_on_every_card() -> None:
    for state in _endings(25, seed=7):
        model = BridgeModel.for_state(state)
        root = model.encode(state)
        bounds, stopped = score_moves(model, BridgeSearch(model), root)
        assert not stopped
        for move, (low, high) in bounds.items():
            assert low == high == reference_value(model, model.child(root, move)), str(state)


def test_merged_cards_are_worth_the_same() -> None:
    for state in _endings(10, seed=8):
        model = BridgeModel.for_state(state)
        root = model.encode(state)
        for move, representative in model.distinct(root).items():
            assert reference_value(model, model.child(root, move)) == reference_value(
                model, model.child(root, representative)
            )


def test_quick_tricks_are_a_lower_bound() -> None:
    rng = random.Random(9)
    for _ in range(30):
        state = bridge.random_position(rng, tricks_played=rng.choice((9, 10, 11)))
        model = BridgeModel.for_state(state)
        root = model.encode(state)
        leader = int(state.leader)
        quick = quick_tricks(root[:4], leader, state.contract.trump)[0]
        future = reference_value(model, root) - state.declarer_tricks
        if model.maximising(root):
            assert future >= quick
        else:
            assert state.tricks_left - future >= quick


def test_table_key_ignores_the_cards_already_played() -> None:
    # A K Q J of spades against 5 4 3 2: the same play.
    high = [1 << 12, 1 << 11, 1 << 10, 1 << 9]
    low = [1 << 3, 1 << 2, 1 << 1, 1 << 0]
    assert table_key(high, 1) == table_key(low, 1)
    assert table_key(high, 1) != table_key(low, 2)
    assert table_key(high, 1) != table_key([1 << 11, 1 << 12, 1 << 10, 1 << 9], 1)


def test_analyse_values_and_line() -> None:
    for state in _endings(8, seed=10):
        for perspective in (None, 0, 1):
            analysis = solver.analyse(state, perspective=perspective)
            seat = state.to_move if perspective is None else perspective
            assert analysis.game == "bridge" and analysis.exact
            assert analysis.value == reference_bridge_value(state, seat)
            assert {entry.move for entry in analysis.move_values} == set(state.legal_moves())
            assert analysis.best_moves and analysis.pv[0] in analysis.best_moves
            end = state
            for card in analysis.pv:
                end = end.play(card)
            assert end.is_over
            assert end.tricks_of(seat) == analysis.value


def test_defenders_value_is_the_rest_of_the_tricks() -> None:
    state = _endings(1, seed=11)[0]
    declarer = solver.analyse(state, perspective=int(state.contract.declarer)).value
    defender = solver.analyse(state, perspective=int(state.contract.declarer.next)).value
    assert declarer + defender == 13


def test_solve_matches_analyse() -> None:
    for state in _endings(6, seed=12):
        solution = solver.solve(state)
        assert solution.exact and solution.value == solver.analyse(state).value
        assert solution.best_move == solution.pv[0]


def test_analyse_play_costs() -> None:
    state = bridge.random_position(13, tricks_played=10)
    best = solver.analyse(state).pv
    steps = solver.analyse_play(state, best[:4])
    assert [step.loss for step in steps] == [Fraction(0)] * 4
    worst = min(solver.analyse(state).move_values, key=lambda entry: entry.value)
    step = solver.analyse_play(state, [worst.move])[0]
    assert step.loss == solver.analyse(state).value - worst.value
    with pytest.raises(IllegalMoveError):
        solver.analyse_play(state, [Card.parse("AS")] * 2)


def test_limit_gives_bounds() -> None:
    state = bridge.random_position(14, tricks_played=6)
    analysis = solver.analyse(state, limit=solver.Limit(nodes=50))
    assert analysis.nodes <= 50
    exact = solver.analyse(state)
    for bounded, true in zip(analysis.move_values, exact.move_values, strict=True):
        assert bounded.lower <= true.value <= bounded.upper
    if not analysis.exact:
        assert analysis.bound == "bounds"


def test_errors() -> None:
    over = bridge.random_position(1, tricks_played=12, cards=3)
    over = over.play(over.legal_moves()[0])
    with pytest.raises(AnalysisError, match="over"):
        solver.analyse(over)
    state = bridge.random_position(1, tricks_played=11)
    for bad in (4, -1, True, "N"):
        with pytest.raises(AnalysisError, match="perspective"):
            solver.analyse(state, perspective=bad)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="horizon"):
        solver.analyse(state, horizon=3)
    with pytest.raises(AnalysisError, match="limit"):
        solver.solve(state, limit=5)  # type: ignore[call-overload]
    with pytest.raises(AnalysisError, match="bridge Deal"):
        solver.dd_table("N:...")  # type: ignore[arg-type]


def test_dd_table_of_an_ending_equals_the_reference() -> None:
    deal = Deal.parse("N:AK.Q.. Q.AK.. J.J.A. T.T..A")
    table = solver.dd_table(deal)
    for declarer in Seat:
        for strain in Strain:
            state = State(deal, Contract(declarer, strain))
            assert table.get(declarer, strain) == reference_bridge_value(state, declarer)
    assert table.nodes > 0
    assert DDTable.parse(str(table)) == table


def test_dd_table_text_errors() -> None:
    with pytest.raises(NotationError, match="invalid table"):
        DDTable.parse("NT S H D C\nN 1 2 3 4 5")
    with pytest.raises(NotationError, match="invalid table"):
        DDTable.parse(3)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="invalid tricks"):
        DDTable(((14, 0, 0, 0, 0),) * 4)
    with pytest.raises(AnalysisError, match="invalid tricks"):
        DDTable("abc")


_GRID = """     NT  S  H  D  C
N     6  7  6  7  6
E     6  6  7  6  7
S     6  7  6  7  6
W     6  6  7  6  7"""


def test_dd_table_refuses_an_endless_iterable() -> None:
    rows = ((7, 6, 7, 6, 6),) * 4
    with pytest.raises(AnalysisError, match="invalid tricks"):
        DDTable(itertools.repeat(rows[0]))
    with pytest.raises(AnalysisError, match="invalid tricks"):
        DDTable((itertools.count(),) * 4)
    with pytest.raises(AnalysisError, match="invalid upper"):
        DDTable(rows, upper=itertools.repeat(rows[0]))


def test_dd_table_checks_the_progress_callback_before_searching() -> None:
    deal = Deal.parse("N:AK.Q.. Q.AK.. J.J.A. T.T..A")
    with pytest.raises(AnalysisError, match="invalid progress 5"):
        solver.dd_table(deal, progress=5)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="invalid limit"):
        solver.dd_table(deal, limit=100)  # type: ignore[arg-type]


def test_dd_table_text_reads_ascii_digits_only() -> None:
    assert DDTable.parse(_GRID).get("N", "S") == 7
    with pytest.raises(NotationError, match="bad row"):
        DDTable.parse(_GRID.replace("N     6  7", "N     \u0663  7"))  # Arabic-Indic three
    with pytest.raises(NotationError, match="bad row"):
        DDTable.parse(_GRID.replace("N     6  7", "N     \uff16  7"))  # fullwidth six


def test_dd_table_nodes_are_a_count() -> None:
    rows = ((7, 6, 7, 6, 6),) * 4
    for bad in ("many", -5, True, 2.0):
        with pytest.raises(AnalysisError, match="invalid nodes"):
            DDTable(rows, nodes=bad)  # type: ignore[arg-type]
    assert DDTable(rows, nodes=12).nodes == 12


def test_dd_table_under_a_limit_keeps_bounds() -> None:
    deal = Deal(bridge.random_position(4, tricks_played=5).hands)
    exact = solver.dd_table(deal)
    assert exact.exact
    done: list[int] = []
    table = solver.dd_table(deal, done.append, limit=solver.Limit(nodes=300))
    assert done == list(range(1, 21))
    assert table.nodes <= 300
    assert not table.exact and table.upper is not None
    for declarer in Seat:
        for strain in Strain:
            low, high = table.bounds(declarer, strain)
            assert low <= exact.get(declarer, strain) <= high
            if low != high:
                with pytest.raises(AnalysisError, match="limit"):
                    table.get(declarer, strain)
    assert DDTable.parse(str(table)) == table
    assert "-" in str(table)
    timed = solver.dd_table(deal, limit=solver.Limit(time=0.001))
    for declarer in Seat:
        for strain in Strain:
            low, high = timed.bounds(declarer, strain)
            assert low <= exact.get(declarer, strain) <= high


def test_dd_table_bounds_must_be_ordered() -> None:
    rows = ((7, 6, 7, 6, 6),) * 4
    with pytest.raises(AnalysisError, match="invalid upper"):
        DDTable(rows, upper=((6, 6, 7, 6, 6), *rows[1:]))
    assert DDTable(rows, upper=rows) == DDTable(rows)
    assert DDTable(rows, upper=rows).exact


def test_dd_table_shares_a_table_between_the_sides_soundly() -> None:
    # The four searches of a strain share one table: each cell must still be what a search
    # of its own finds.
    for seed in range(3):
        deal = Deal(bridge.random_position(seed, tricks_played=6).hands)
        table = solver.dd_table(deal)
        for strain in Strain:
            for declarer in Seat:
                state = State(deal, Contract(declarer, strain))
                solution = solver.solve(state, perspective=int(declarer))
                assert table.get(declarer, strain) == solution.value


_BACKEND_SCRIPT = """
import json
from cardgames import bridge, solver
out = []
for seed in range(4):
    state = bridge.random_position(seed, tricks_played=8, cards=seed % 4)
    analysis = solver.analyse(state)
    limited = solver.analyse(state, limit=solver.Limit(nodes=60))
    out.append([str(analysis.value), analysis.nodes, [str(e.value) for e in analysis.move_values],
                limited.nodes, str(limited.lower), str(limited.upper)])
table = solver.dd_table(bridge.Deal(bridge.random_position(9, tricks_played=7).hands))
out.append([str(table), table.nodes])
print(json.dumps(out))
"""


def test_pure_python_gives_the_same_answers_with_the_same_nodes() -> None:
    # The installed search (the C core where it was built, else the compiled or pure Python
    # one) against pure Python in a second interpreter: the same values, the same nodes.
    here: list[list[object]] = []
    for seed in range(4):
        state = bridge.random_position(seed, tricks_played=8, cards=seed % 4)
        analysis = solver.analyse(state)
        limited = solver.analyse(state, limit=solver.Limit(nodes=60))
        values = [str(entry.value) for entry in analysis.move_values]
        here.append(
            [
                str(analysis.value),
                analysis.nodes,
                values,
                limited.nodes,
                str(limited.lower),
                str(limited.upper),
            ]
        )
    table = solver.dd_table(Deal(bridge.random_position(9, tricks_played=7).hands))
    here.append([str(table), table.nodes])
    done = subprocess.run(
        [sys.executable, "-c", _BACKEND_SCRIPT],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "CARDGAMES_PURE": "1"},
        timeout=WALL_SECONDS,
    )
    assert json.loads(done.stdout) == here


def test_quick_tricks_count_partners_winners_reached_with_a_low_card() -> None:
    # North leads at no trump with two deuces; South holds both aces: two sure tricks.
    state = State(Deal.parse("N:2.2.. K.K.. A.A.. Q.Q.."), Contract.parse("NT by N, N leads"))
    model = BridgeModel.for_state(state)
    root = model.encode(state)
    quick, cards = quick_tricks(root[:4], 0, 4)
    assert quick == 2
    assert [model.move_of(code) for code in range(52) if cards >> code & 1] == [
        Card.parse("AS"),
        Card.parse("AH"),
    ]
    assert reference_bridge_value(state) == 2
