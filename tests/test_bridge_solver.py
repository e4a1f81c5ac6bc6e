"""The bridge search model and the solver front end: checked against the plain reference
alpha-beta on small endings, card by card."""

from __future__ import annotations

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
from cardgames.bridge.search import BridgeSearch, table_key
from cardgames.bridge.search_model import BridgeModel, card_code, code_card, quick_tricks
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


_BACKEND_SCRIPT = """
import json
from cardgames import bridge, solver
out = []
for seed in range(4):
    state = bridge.random_position(seed, tricks_played=8, cards=seed % 4)
    analysis = solver.analyse(state)
    out.append([str(analysis.value), analysis.nodes, [str(e.value) for e in analysis.move_values]])
print(json.dumps(out))
"""


def test_pure_python_gives_the_same_answers_with_the_same_nodes() -> None:
    here = []
    for seed in range(4):
        state = bridge.random_position(seed, tricks_played=8, cards=seed % 4)
        analysis = solver.analyse(state)
        values = [str(entry.value) for entry in analysis.move_values]
        here.append([str(analysis.value), analysis.nodes, values])
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
