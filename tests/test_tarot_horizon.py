"""The Tarot horizon search: a brute force over states agrees with it, a horizon reaching the
end is the exact analysis, the estimates are what their documentation says, and bad
arguments are refused."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardgames import AnalysisError, tarot
from cardgames.solver import Limit, analyse
from cardgames.solver.tarot import analyse_tarot, build_model, root_position
from cardgames.tarot.horizon import Estimate, HorizonTree

TRADITIONAL_3 = tarot.Rules.traditional(players=3)
PRESETS = (
    TRADITIONAL_3,
    tarot.Rules.traditional(players=4),
    tarot.Rules.simplified(players=2),
    tarot.Rules.simplified(players=5),
)


def leaf_value(state: tarot.State, seat: int, estimate: Estimate) -> Fraction:
    """What the horizon search credits at a cut-off: points banked plus the estimate."""
    model = build_model(state.rules, seat)
    position, discard = root_position(state, model)
    tree = HorizonTree(model, position, tricks=1, estimate=estimate)
    future = tree.future_estimate(position) if not state.is_over else 0
    return Fraction(position.secured + future, state.rules.group_size) + discard


def brute_force(
    state: tarot.State, seat: int, tricks: int, estimate: Estimate, finished: int = 0
) -> Fraction:
    """Minimax over states: stop after ``tricks`` completed tricks or at the end."""
    if state.is_over:
        return state.team_points()[state.rules.team_of(seat)]
    if finished == tricks and not state.trick.cards:
        return leaf_value(state, seat, estimate)
    side = state.rules.team_of(seat)
    values = []
    for move in state.legal_moves():
        child = state.play(move)
        done = finished + (1 if len(child.tricks) > len(state.tricks) else 0)
        values.append(brute_force(child, seat, tricks, estimate, done))
    mine = state.rules.team_of(state.to_move) == side
    return max(values) if mine else min(values)


@settings(max_examples=40, deadline=None)
@given(
    rules=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32),
    estimate=st.sampled_from(list(Estimate)),
)
@example(rules=tarot.Rules.simplified(players=2), seed=27330658, estimate=Estimate.STRENGTH)
def test_horizon_values_equal_a_brute_force_over_states(
    rules: tarot.Rules, seed: int, estimate: Estimate
) -> None:
    state = tarot.random_position(rules, seed=seed, tricks_left=3)
    analysis = analyse_tarot(state, horizon=1, estimate=estimate)
    assert analysis.bound == "horizon" and not analysis.exact
    for move_value in analysis.move_values:
        child = state.play(move_value.move)
        done = 1 if len(child.tricks) > len(state.tricks) else 0
        expected = brute_force(child, state.to_move, 1, estimate, done)
        assert move_value.value == move_value.lower == move_value.upper == expected
    assert analysis.value == max(value.value for value in analysis.move_values)
    assert len(analysis.pv) == state.rules.players


@settings(max_examples=10, deadline=None)
@given(rules=st.sampled_from(PRESETS), seed=st.integers(0, 2**32))
def test_a_horizon_reaching_the_end_is_the_exact_analysis(rules: tarot.Rules, seed: int) -> None:
    state = tarot.random_position(rules, seed=seed, tricks_left=2)
    exact = analyse(state)
    reaching = analyse(state, horizon=2)
    beyond = analyse(state, horizon=50)
    assert reaching.exact and beyond.exact
    assert reaching.move_values == exact.move_values == beyond.move_values


def test_share_estimate_is_the_side_head_count_share() -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=5, tricks_left=4)
    model = build_model(state.rules, state.to_move)
    position, _ = root_position(state, model)
    tree = HorizonTree(model, position, tricks=1, estimate=Estimate.SHARE)
    in_play = tree.future_bounds(position)[1]
    assert tree.future_estimate(position) == in_play // 3


def test_strength_estimate_follows_the_trumps_and_court_cards() -> None:
    # Seat 0 holds the only trumps and court cards: the strength estimate gives its side every
    # point still in play; the side with nothing gets nothing.
    rules = tarot.Rules.simplified(players=2)
    strong = tarot.TarotCardSet.parse("21T 20T KH")
    state = tarot.deal(rules, seed=1)
    while state.phase is not tarot.Phase.PLAY:
        state = state.play(state.legal_moves()[0])
    model = build_model(rules, 0)
    position, _ = root_position(state, model)
    position.hands = [model.hand_to_internal(strong.mask), 0]
    tree = HorizonTree(model, position, tricks=1, estimate=Estimate.STRENGTH)
    high = tree.future_bounds(position)[1]
    assert tree.future_estimate(position) == high
    weak_model = build_model(rules, 1)
    weak_tree = HorizonTree(weak_model, position, tricks=1, estimate=Estimate.STRENGTH)
    assert weak_tree.future_estimate(position) == 0


def test_horizon_respects_a_node_limit() -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=3, tricks_left=18)
    analysis = analyse_tarot(state, horizon=2, limit=Limit(nodes=500))
    assert analysis.nodes <= 500
    assert analysis.bound == "horizon" and len(analysis.move_values) == len(state.legal_moves())


@pytest.mark.parametrize("horizon", [0, -1, True, 1.5, "2"])
def test_a_bad_horizon_is_refused(horizon: object) -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=1, tricks_left=3)
    with pytest.raises(AnalysisError, match="invalid horizon"):
        analyse_tarot(state, horizon=horizon)  # type: ignore[arg-type]


def test_a_bad_estimate_is_refused() -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=1, tricks_left=3)
    with pytest.raises(AnalysisError, match="invalid estimate"):
        analyse_tarot(state, horizon=1, estimate="strength")  # type: ignore[arg-type]
