"""``solver.analyse(..., limit, estimates=True)``: a Tarot analysis of a deal's first trick
within a limit, with an estimate for every card and the bounds the exact search proved.

Node limits keep these tests deterministic and cheap; one test uses a short time limit and
asserts only what the result holds, never how long it took."""

from __future__ import annotations

import json
import pickle
from fractions import Fraction

import pytest

from cardgames import solver, tailor, tarot
from cardgames.errors import AnalysisError
from cardgames.solver.tarot import FrenchAnalysis, TarotAnalysis, analyse_tarot
from cardgames.solver.tarot_estimates import DEEPEN_COST, HORIZON_SHARE, analyse_with_estimates
from cardgames.tarot.horizon import Estimate
from cardgames.tarot.render import move_to_unicode

TRADITIONAL = tarot.Rules.traditional(players=3)


def _first_trick(rules: tarot.Rules, seed: int) -> tarot.State:
    return tarot.random_position(rules, seed=seed, tricks_left=rules.tricks_per_deal)


def _check_consistent(analysis: TarotAnalysis, state: tarot.State) -> None:
    # Every card has an estimate within its proved bounds, the position's value is the best
    # card's for the side to move, and the best moves reach it.
    assert [entry.move for entry in analysis.move_values] == list(state.legal_card_moves())
    for entry in analysis.move_values:
        assert entry.lower <= entry.value <= entry.upper
    values = [entry.value for entry in analysis.move_values]
    pick = max if state.to_move in analysis.side else min
    assert analysis.value == pick(values)
    assert analysis.lower <= analysis.value <= analysis.upper
    assert analysis.best_moves
    assert all(analysis.value_of(move) == analysis.value for move in analysis.best_moves)
    assert analysis.pv[0] in analysis.best_moves


@pytest.mark.parametrize(
    "rules", [TRADITIONAL, tarot.Rules.french(players=4)], ids=["traditional-3", "french-4"]
)
def test_the_first_trick_gets_a_best_move_estimates_and_proved_bounds(rules: tarot.Rules) -> None:
    state = _first_trick(rules, seed=1)
    analysis = solver.analyse(state, limit=solver.Limit(nodes=3_000), estimates=True)
    assert isinstance(analysis, FrenchAnalysis if rules.bidding else TarotAnalysis)
    assert (analysis.bound, analysis.exact, analysis.horizon) == ("estimate", False, 1)
    assert analysis.nodes <= 3_000
    _check_consistent(analysis, state)
    # The proved bounds are those of the exact search alone: the cheap ones (nothing to the
    # whole pack) on some card at least, this early.
    total = rules.pack_total
    assert all(entry.lower >= 0 and entry.upper <= total for entry in analysis.move_values)
    assert any(not entry.exact for entry in analysis.move_values)


def test_a_time_limit_gives_the_same_kind_of_answer() -> None:
    state = _first_trick(TRADITIONAL, seed=2)
    analysis = solver.analyse(state, limit=solver.Limit(time=0.3), estimates=True)
    assert analysis.bound == "estimate" and analysis.horizon is not None
    _check_consistent(analysis, state)


def test_each_value_is_the_horizon_estimate_brought_within_the_proved_bounds() -> None:
    # White box: with this node limit the one-trick horizon search fits in its share and a
    # two-trick one does not, so the answer is the two searches' answers put together.
    state = _first_trick(TRADITIONAL, seed=3)
    limit = 2_000
    quick = analyse_tarot(state, horizon=1)
    assert quick.nodes <= limit * HORIZON_SHARE
    proved = analyse_tarot(state, limit=solver.Limit(nodes=limit - quick.nodes))
    assert proved.bound == "bounds"
    analysis = analyse_with_estimates(state, limit=solver.Limit(nodes=limit))
    assert analysis.nodes == quick.nodes + proved.nodes
    for entry, estimate, bounds in zip(
        analysis.move_values, quick.move_values, proved.move_values, strict=True
    ):
        assert (entry.lower, entry.upper) == (bounds.lower, bounds.upper)
        assert entry.value == min(bounds.upper, max(bounds.lower, estimate.value))
    assert (analysis.lower, analysis.upper) == (proved.lower, proved.upper)


def test_the_estimate_chosen_is_the_one_the_horizon_search_uses() -> None:
    state = _first_trick(TRADITIONAL, seed=3)
    for estimate in Estimate:
        quick = analyse_tarot(state, horizon=1, estimate=estimate)
        analysis = analyse_with_estimates(state, limit=solver.Limit(nodes=8_000), estimate=estimate)
        for entry, guess in zip(analysis.move_values, quick.move_values, strict=True):
            assert entry.value == min(entry.upper, max(entry.lower, guess.value))


def test_the_proved_bounds_hold_the_exact_values() -> None:
    state = tarot.random_position(TRADITIONAL, seed=5, tricks_left=7)
    exact = solver.analyse(state)
    analysis = solver.analyse(state, limit=solver.Limit(nodes=400), estimates=True)
    assert analysis.bound == "estimate"
    assert analysis.lower <= exact.value <= analysis.upper
    for entry, true in zip(analysis.move_values, exact.move_values, strict=True):
        assert entry.lower <= true.value <= entry.upper
        if entry.exact:
            assert entry.value == true.value


def test_a_search_that_finishes_gives_the_exact_analysis_and_no_estimate() -> None:
    state = tarot.random_position(TRADITIONAL, seed=4, tricks_left=3)
    exact = solver.analyse(state)
    for limit in (solver.Limit(nodes=1_000_000), solver.Limit(time=60), None):
        analysis = solver.analyse(state, limit=limit, estimates=True)
        assert (analysis.bound, analysis.exact, analysis.horizon) == ("exact", True, None)
        assert analysis.move_values == exact.move_values
        assert (analysis.value, analysis.pv) == (exact.value, exact.pv)


def test_the_last_trick_is_exact_at_once() -> None:
    state = tarot.random_position(TRADITIONAL, seed=6, tricks_left=1)
    analysis = solver.analyse(state, limit=solver.Limit(nodes=50), estimates=True)
    assert analysis.exact and analysis.value == solver.analyse(state).value


def test_a_larger_budget_looks_two_tricks_ahead() -> None:
    # Ten tricks left: a second trick is searched when DEEPEN_COST times the first one's nodes
    # fit in the quarter of the limit left to the horizon; the budget is worked out from the
    # searches themselves (their node counts move with the estimate and the move order), and
    # stays well short of what the exact search needs, so the answer is an estimate.
    state = tarot.random_position(TRADITIONAL, seed=3, tricks_left=10)
    one = analyse_tarot(state, horizon=1).nodes
    budget = round((one * (DEEPEN_COST + 1) + 1) / HORIZON_SHARE)
    assert budget < solver.analyse(state).nodes
    analysis = solver.analyse(state, limit=solver.Limit(nodes=budget), estimates=True)
    assert (analysis.bound, analysis.horizon) == ("estimate", 2)
    _check_consistent(analysis, state)
    two = analyse_tarot(state, horizon=2)
    for entry, guess in zip(analysis.move_values, two.move_values, strict=True):
        assert entry.value == min(entry.upper, max(entry.lower, guess.value))


def test_french_values_are_for_the_taker_whoever_is_to_move() -> None:
    rules = tarot.Rules.french(players=4)
    state = next(s for seed in range(1, 20) if (s := _first_trick(rules, seed)).to_move != s.taker)
    analysis = solver.analyse(state, limit=solver.Limit(nodes=3_000), estimates=True)
    assert analysis.perspective == state.taker and state.to_move not in analysis.side
    assert analysis.target is None  # no line reaches the end of the deal
    _check_consistent(analysis, state)  # the defence to move: the smallest value


def test_the_result_reads_and_travels() -> None:
    state = _first_trick(TRADITIONAL, seed=1)
    analysis = solver.analyse(state, limit=solver.Limit(nodes=2_000), estimates=True)
    data = json.loads(json.dumps(analysis.to_dict()))
    assert data["bound"] == "estimate" and data["exact"] is False and data["horizon"] == 1
    for entry, written in zip(analysis.move_values, data["move_values"], strict=True):
        low, value, high = (Fraction(written[key]) for key in ("lower", "value", "upper"))
        assert (low, value, high) == (entry.lower, entry.value, entry.upper)
    assert pickle.loads(pickle.dumps(analysis)) == analysis
    text = analysis.to_unicode()
    inexact = next(entry for entry in analysis.move_values if not entry.exact)
    shown = move_to_unicode(inexact.move)
    row = next(line for line in text.splitlines() if line.startswith(shown + " "))
    assert "≈" in row and ".." in row
    assert "an estimate; proved between" in text


def test_judged_steps_say_which_losses_are_exact() -> None:
    state = tarot.random_position(TRADITIONAL, seed=8, tricks_left=6)
    moves = solver.analyse(state).pv[:6]
    steps = solver.analyse_play(state, moves, limit=solver.Limit(nodes=300), estimates=True)
    exact = solver.analyse_play(state, moves)
    assert {step.bound for step in steps} <= {"exact", "estimate"}
    assert any(step.bound == "estimate" and not step.exact for step in steps)
    for step, true in zip(steps, exact, strict=True):
        assert step.before_lower <= true.before <= step.before_upper
        assert step.after_lower <= true.after <= step.after_upper
        low, high = step.loss_bounds
        assert low <= true.loss <= high
        if step.exact:
            assert (step.before, step.after, step.loss) == (true.before, true.after, true.loss)
        best, after, loss = step.value_texts()
        assert best.startswith("≈") == (step.before_lower != step.before_upper)
        assert after.startswith("≈") == (step.after_lower != step.after_upper)
        assert loss.startswith("≈") != step.exact


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: solver.analyse(s, estimates="yes"), "invalid estimates 'yes'"),  # type: ignore[call-overload]
        (lambda s: solver.analyse(s, estimates=True, horizon=2), "do not go together"),
        (
            lambda s: solver.analyse_play(s, s.legal_moves()[:1], estimates=1),  # type: ignore[call-overload]
            "invalid estimates 1",
        ),
        (lambda s: solver.review(s, s.legal_moves()[:1], estimates=None), "invalid estimates"),  # type: ignore[arg-type]
        (
            lambda s: analyse_with_estimates(s, limit=solver.Limit(nodes=9), estimate="share"),  # type: ignore[arg-type]
            "invalid estimate 'share'",
        ),
        (lambda s: analyse_with_estimates(s, limit=9), "invalid limit 9"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_are_refused(call: object, message: str) -> None:
    state = tarot.random_position(TRADITIONAL, seed=8, tricks_left=2)
    with pytest.raises(AnalysisError, match=message):
        call(state)  # type: ignore[operator]


def test_chase_the_tailor_is_estimated_already() -> None:
    state = tailor.random_position(tailor.Rules(players=3), seed=2, cards_left=2)
    plain = solver.analyse(state)
    estimated = solver.analyse(state, estimates=True)
    assert estimated.move_values == plain.move_values and estimated.bound == plain.bound


def test_a_tarot_horizon_analysis_says_how_many_tricks_it_looked_ahead() -> None:
    # Regression: the value line read "search cut at a horizon of None turns".
    state = tarot.random_position(TRADITIONAL, seed=2, tricks_left=10)
    analysis = solver.analyse(state, horizon=1)
    assert analysis.horizon == 1 and analysis.to_dict()["horizon"] == 1
    assert "(estimate: search cut at a horizon of 1 trick)" in analysis.to_unicode()
    assert "horizon of 2 tricks)" in solver.analyse(state, horizon=2).to_unicode()


@pytest.mark.parametrize("nodes", [1, 2, 3, 4, 5, 7, 9, 13, 40, 150])
def test_a_node_limit_is_never_exceeded(nodes: int) -> None:
    # Regression: Limit(nodes=1) gave the horizon search its one node and the exact search
    # another, and reported 2.
    for state in (_first_trick(TRADITIONAL, seed=7), _first_trick(tarot.Rules.french(4), 7)):
        analysis = solver.analyse(state, limit=solver.Limit(nodes=nodes), estimates=True)
        assert analysis.nodes <= nodes


def test_one_node_leaves_nothing_to_estimate_with() -> None:
    # The one node goes to the exact search, which alone proves bounds: the answer is that
    # search's, as without estimates.
    state = _first_trick(TRADITIONAL, seed=8)
    limit = solver.Limit(nodes=1)
    analysis = solver.analyse(state, limit=limit, estimates=True)
    assert (analysis.bound, analysis.nodes, analysis.horizon) == ("bounds", 1, None)
    without = solver.analyse(state, limit=limit)
    assert (analysis.move_values, analysis.lower, analysis.upper) == (
        without.move_values,
        without.lower,
        without.upper,
    )
