"""The learned Tarot evaluation: deterministic, versioned with its provenance, within the bounds
of what is still in play, never used where the exact value is in reach, and the all-seeing
cheat of the benchmarks nowhere in the library's bots."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import pytest

import cardgames.bots
from cardgames import tarot
from cardgames.bots import PIMCBot
from cardgames.solver import analyse
from cardgames.solver.tarot import analyse_tarot, build_model, root_position
from cardgames.tarot import evaluation_weights
from cardgames.tarot.evaluation import FEATURES, Evaluation, fitted_for
from cardgames.tarot.horizon import Estimate, HorizonTree
from cardgames.tarot.search_model import future_bounds

TRADITIONAL_3 = tarot.Rules.traditional(players=3)
ROOT = Path(__file__).resolve().parent.parent


def position_of(state: tarot.State, seat: int) -> tuple[Evaluation, object]:
    model = build_model(state.rules, seat)
    position, _ = root_position(state, model)
    return Evaluation(model), position


@pytest.mark.parametrize("tricks_left", [1, 2, 9, 17, 24])
@pytest.mark.parametrize("seed", [3, 4])
def test_the_estimate_lies_within_the_points_still_in_play(seed: int, tricks_left: int) -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=seed, tricks_left=tricks_left)
    for seat in range(3):
        model = build_model(state.rules, seat)
        position, _ = root_position(state, model)
        value = Evaluation(model).estimate(position)
        assert isinstance(value, int)
        assert 0 <= value <= future_bounds(model, position)[1]


def test_the_estimate_lies_within_bounds_in_the_middle_of_a_trick() -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=8, tricks_left=12)
    state = state.play(state.legal_moves()[0])
    model = build_model(state.rules, 1)
    position, _ = root_position(state, model)
    assert position.trick
    assert 0 <= Evaluation(model).estimate(position) <= future_bounds(model, position)[1]


def test_the_estimate_is_deterministic() -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=5, tricks_left=9)
    model = build_model(state.rules, 2)
    position, _ = root_position(state, model)
    first = Evaluation(model).estimate(position)
    assert [Evaluation(build_model(state.rules, 2)).estimate(position) for _ in range(3)] == [
        first
    ] * 3
    once, again = (analyse_tarot(state, horizon=1, estimate=Estimate.LEARNED) for _ in range(2))
    assert (once.value, once.move_values) == (again.value, again.move_values)


def test_the_estimate_tells_a_strong_hand_from_a_weak_one() -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=11, tricks_left=9)
    model = build_model(state.rules, 0)
    position, _ = root_position(state, model)
    evaluation = Evaluation(model)
    hands = position.hands
    values = []
    for seat in range(3):  # seat 0 holds each of the three hands in turn
        swapped = position.copy()
        swapped.hands = [hands[seat], *[hands[other] for other in range(3) if other != seat]]
        values.append(evaluation.estimate(swapped))
    strength = [(hand >> 56).bit_count() for hand in hands]  # trumps and the Excuse
    assert values[strength.index(max(strength))] > values[strength.index(min(strength))]


def test_the_weights_are_versioned_with_their_provenance() -> None:
    doc = evaluation_weights.__doc__
    assert doc is not None
    assert "benchmarks/fit_evaluation.py" in doc
    assert "seeds" in doc and "positions" in doc and "ridge" in doc
    assert f"version {evaluation_weights.VERSION}" in doc
    count = len(FEATURES)
    assert len(evaluation_weights.LINEAR) == count
    assert len(evaluation_weights.QUADRATIC) == (count - 1) * count // 2
    assert all(isinstance(weight, int) for weight in evaluation_weights.QUADRATIC)


def test_the_weights_apply_to_three_player_games_counted_in_threes() -> None:
    assert fitted_for(build_model(TRADITIONAL_3, 0))
    assert not fitted_for(build_model(tarot.Rules.traditional(players=4), 0))
    assert not fitted_for(build_model(tarot.Rules.french(players=3), 0, teams=[0, 1, 1]))


def test_elsewhere_the_learned_estimate_is_the_strength_estimate() -> None:
    state = tarot.random_position(tarot.Rules.traditional(players=4), seed=6, tricks_left=6)
    model = build_model(state.rules, 0)
    position, _ = root_position(state, model)
    learned = HorizonTree(model, position, tricks=1, estimate=Estimate.LEARNED)
    strength = HorizonTree(model, position, tricks=1, estimate=Estimate.STRENGTH)
    assert learned.estimate is Estimate.STRENGTH
    assert learned.future_estimate(position) == strength.future_estimate(position)


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_horizon_reaching_the_end_is_exact_under_the_learned_estimate(seed: int) -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=seed, tricks_left=3)
    exact = analyse(state)
    for horizon in (3, 4, 40):
        reaching = analyse_tarot(state, horizon=horizon, estimate=Estimate.LEARNED)
        assert reaching.exact and reaching.bound == "exact"
        assert reaching.move_values == exact.move_values


def test_the_learned_estimate_is_only_used_at_the_cut() -> None:
    state = tarot.random_position(TRADITIONAL_3, seed=9, tricks_left=2)
    model = build_model(state.rules, 0)
    position, _ = root_position(state, model)
    tree = HorizonTree(model, position, tricks=5, estimate=Estimate.LEARNED)
    assert tree.stop_at == 0
    final = position
    while not tree.is_over(final):
        final = tree.child(final, tree.legal(final)[0])
    assert final.tricks_left == 0 and tree.banked(final) == final.secured


def test_pimc_takes_the_learned_estimate() -> None:
    import random

    state = tarot.random_position(TRADITIONAL_3, seed=12, tricks_left=10)
    view = state.view(state.to_move)
    bot = PIMCBot(worlds=2, estimate="learned")
    move = bot.choose(view, random.Random(3))
    assert move in state.legal_moves()
    assert move == bot.choose(view, random.Random(3))


def _names_in(source: str) -> set[str]:
    tree = ast.parse(source)
    return {
        node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef | ast.FunctionDef)
    }


def test_the_all_seeing_bot_lives_only_in_the_benchmarks() -> None:
    assert "AllSeeing" in _names_in((ROOT / "benchmarks/all_seeing.py").read_text("utf-8"))
    package = Path(cardgames.bots.__file__).parent
    modules = [info.name for info in pkgutil.iter_modules([str(package)])]
    assert modules, "cardgames.bots has modules"
    for name in modules:
        names = {n.lower() for n in _names_in((package / f"{name}.py").read_text("utf-8"))}
        assert not any("seeing" in n or "cheat" in n or "omniscient" in n for n in names), name
    exported = {name.lower() for name in cardgames.bots.__all__}
    assert not any("seeing" in name or "cheat" in name for name in exported)
    for path in (ROOT / "cardgames").rglob("*.py"):
        assert "AllSeeing" not in path.read_text("utf-8"), path
