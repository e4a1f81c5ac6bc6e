"""The game-agnostic engine on its toy model: MTD(f), root scoring, principal variations,
limits and the reference alpha-beta, all against the game's known theory (the player to move
wins the countdown exactly when the counter is not a multiple of three)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.search import (
    BoundsTable,
    CountdownModel,
    LimitReached,
    SimpleSearch,
    principal_variation,
    reference_value,
    refine,
    score_moves,
)


def theory(counter: int, seat: int) -> int:
    """1 when seat 0 takes the last one under best play."""
    mover_wins = counter % 3 != 0
    return int(mover_wins == (seat == 0))


@given(st.integers(1, 40), st.integers(0, 1))
def test_refine_reaches_the_value_of_the_theory(counter: int, seat: int) -> None:
    model = CountdownModel()
    position = [counter, seat]
    search = SimpleSearch(model, key=tuple)
    low, high = refine(search, position, *model.future_bounds(position))
    assert low == high == theory(counter, seat)


@given(st.integers(1, 12), st.integers(0, 1))
def test_reference_agrees_with_the_theory(counter: int, seat: int) -> None:
    assert reference_value(CountdownModel(), [counter, seat]) == theory(counter, seat)


@given(st.integers(2, 30))
def test_score_moves_values_every_move(counter: int) -> None:
    model = CountdownModel()
    bounds, stopped = score_moves(model, SimpleSearch(model, key=tuple), [counter, 0])
    assert not stopped
    for take in (1, 2):
        assert bounds[take] == (theory(counter - take, 1),) * 2


@given(st.integers(1, 30), st.integers(0, 1))
def test_principal_variation_plays_out_to_the_value(counter: int, seat: int) -> None:
    model = CountdownModel()
    search = SimpleSearch(model, key=tuple)
    value = theory(counter, seat)
    position = [counter, seat]
    for move in principal_variation(model, search, position, value):
        assert move in model.legal(position)
        position = model.child(position, move)
    assert model.is_over(position) and model.banked(position) == value


@pytest.mark.parametrize("nodes", [1, 2, 3, 5, 8])
def test_a_limit_is_never_exceeded_and_bounds_stay_true(nodes: int) -> None:
    model = CountdownModel()
    search = SimpleSearch(model, key=tuple)
    search.node_limit = nodes
    bounds, _ = score_moves(model, search, [30, 0])
    assert search.nodes <= nodes
    for take, (low, high) in bounds.items():
        assert low <= theory(30 - take, 1) <= high


def test_refine_reports_its_bounds_when_stopped() -> None:
    model = CountdownModel()
    search = SimpleSearch(model, key=tuple)
    search.node_limit = 2
    with pytest.raises(LimitReached) as stopped:
        refine(search, [40, 0], 0, 1)
    low, high = stopped.value.args
    assert 0 <= low <= theory(40, 0) <= high <= 1


class HiddenValue:
    """A zero-window searcher of a position whose value is ``value``: each probe answers
    with the weakest fail-soft bound (the target itself, or one below it) and is recorded."""

    def __init__(self, value: int) -> None:
        self.value = value
        self.nodes = 0
        self.node_limit: int | None = None
        self.deadline: float | None = None
        self.probes: list[tuple[int, bool]] = []

    def probe(self, position: object, target: int) -> int:
        self.nodes += 1
        reached = self.value >= target
        self.probes.append((target, reached))
        return target if reached else target - 1

    def tighten(self, position: object, low: int, high: int) -> tuple[int, int]:
        return low, high

    def hint(self, position: object) -> int:
        return -1


@given(st.integers(0, 200), st.integers(0, 200))
def test_every_approach_reaches_the_value(value: int, guess: int) -> None:
    for approach in ("both", "above", "below"):
        search = HiddenValue(value)
        assert refine(search, None, 0, 200, guess, approach=approach) == (value, value)


@given(st.integers(0, 200), st.integers(0, 200))
def test_closing_in_from_above_proves_one_lower_bound_once_a_probe_fails_low(
    value: int, guess: int
) -> None:
    search = HiddenValue(value)
    refine(search, None, 0, 200, guess, approach="above")
    outcomes = [reached for _, reached in search.probes]
    if False in outcomes:
        assert outcomes[outcomes.index(False) :].count(True) <= 1


@given(st.integers(0, 200), st.integers(0, 200))
def test_closing_in_from_below_proves_one_upper_bound_once_a_probe_succeeds(
    value: int, guess: int
) -> None:
    search = HiddenValue(value)
    refine(search, None, 0, 200, guess, approach="below")
    outcomes = [reached for _, reached in search.probes]
    if True in outcomes:
        assert outcomes[outcomes.index(True) :].count(False) <= 1


def test_plain_mtd_strides_past_a_bound_that_closing_in_from_above_keeps() -> None:
    # From 100 down to a value of 10: plain MTD(f) takes growing strides downwards and
    # overshoots, proving several lower bounds; from above it walks down bound by bound.
    plain, above = HiddenValue(10), HiddenValue(10)
    refine(plain, None, 0, 200, 100)
    refine(above, None, 0, 200, 100, approach="above")
    assert sum(reached for _, reached in plain.probes) > 1
    assert sum(reached for _, reached in above.probes) == 1


def test_a_bounds_table_keeps_at_most_two_generations() -> None:
    table = BoundsTable(capacity=3)
    for key in range(10):
        table.put(key, [key, key, -1])
        assert len(table) <= 2 * 3
    assert table.generations == 3
    assert table.get(9) == [9, 9, -1] and table.get(0) is None


def test_an_entry_looked_up_in_the_old_generation_survives_the_next_one() -> None:
    table = BoundsTable(capacity=2)
    table.put("a", [0, 1, -1])
    table.put("b", [0, 1, -1])  # full: "a" and "b" become the old generation
    assert table.get("a") is not None  # "a" moves back into the current one
    table.put("c", [0, 1, -1])  # full again: "b" is dropped, "a" is kept
    assert table.get("a") is not None and table.get("b") is None


@settings(deadline=None)
@given(st.integers(1, 18), st.integers(0, 1), st.integers(2, 6))
def test_a_small_aging_table_changes_no_value(counter: int, seat: int, capacity: int) -> None:
    model = CountdownModel()
    search = SimpleSearch(model, key=tuple, table_capacity=capacity)
    low, high = refine(search, [counter, seat], *model.future_bounds([counter, seat]))
    assert low == high == theory(counter, seat)
    assert len(search.table) <= 2 * capacity
