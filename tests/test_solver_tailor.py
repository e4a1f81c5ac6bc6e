"""The Chase the Tailor solver: the fast search agrees with the plain reference alpha-beta over
real states (``reference_tailor_value``) and with the engine's reference over the int model
(``reference_model_value``)."""

from __future__ import annotations

import json
import random
import time
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tailor_helpers import make_state

from cardgames.errors import AnalysisError, RulesError
from cardgames.search.results import Analysis, Limit
from cardgames.solver.tailor import (
    TAILOR_OBJECTIVE,
    analyse_tailor,
    reference_model_value,
    reference_tailor_value,
    tailor_value,
)
from cardgames.tailor import (
    Move,
    PlayTailor,
    Rules,
    State,
    give_tailor,
    parse_move,
    random_position,
)

VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"after_joker": "any"},
    {"voluntary_draw": True},
    {"must_play_drawn": False},
    {"drawn_card_dumps": True, "dump_whole_rank": True},
    {"victim_may_be_caller": True, "final_tailor_penalty": False},
    {"skipped_player_draws_chase": True, "tailor_breaks_chase": True},
    {"two_player_reverse_skips": False, "special_start": "open"},
)


def assert_matches_reference(
    state: State, perspective: int, horizon: int, limit: Limit | None = None
) -> None:
    """Value, every move value and the principal variation agree with the reference."""
    result = analyse_tailor(state, perspective=perspective, horizon=horizon, limit=limit)
    assert result.value == reference_tailor_value(state, perspective, horizon)
    assert [entry.move for entry in result.move_values] == list(state.legal_moves())
    for entry in result.move_values:
        expected = reference_tailor_value(state.play(entry.move), perspective, horizon - 1)
        assert entry.value == expected, (str(state), str(entry.move))
        assert entry.lower == entry.value == entry.upper
    assert_well_formed(state, result)


def assert_well_formed(state: State, result: Analysis[Move]) -> None:
    """Best moves, value and principal variation are consistent with the move values."""
    values = [entry.value for entry in result.move_values]
    maximising = state.to_move == result.perspective
    assert result.value == (max(values) if maximising else min(values))
    assert result.best_moves == tuple(
        entry.move for entry in result.move_values if entry.value == result.value
    )
    end = state
    for move in result.pv:
        end = end.play(move)  # raises if the line is not legal
    if result.pv:
        assert result.pv[0] in result.best_moves
        assert tailor_value(end, result.perspective) == result.value
    if result.exact:
        assert result.bound == "exact" and end.is_over
    else:
        assert result.bound == "horizon"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("chase", [False, True])
def test_fast_values_equal_reference_on_random_endgames(players: int, chase: bool) -> None:
    rules = Rules(players=players, chase_mode=chase)
    for seed in range(100):
        state = random_position(rules, seed=seed, cards_left=1 + seed % 3)
        perspective = (state.to_move + seed) % players
        assert_matches_reference(state, perspective, horizon=2 + seed % 4)


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_fast_values_equal_reference_under_every_rule_variant(variant: int) -> None:
    for seed in range(40):
        rules = Rules(players=2 + seed % 5, chase_mode=seed % 2 == 0, **VARIANTS[variant])
        state = random_position(rules, seed=100 + seed, cards_left=2)
        assert_matches_reference(state, seed % rules.players, horizon=3)


def test_iterative_deepening_under_a_limit_gives_the_same_values() -> None:
    for seed in range(30):
        rules = Rules(players=2 + seed % 5, chase_mode=seed % 3 == 0)
        state = random_position(rules, seed=200 + seed, cards_left=1 + seed % 2)
        assert_matches_reference(state, state.to_move, horizon=4, limit=Limit(nodes=10**8))


def test_tailor_calls_with_equal_follow_sets_are_merged() -> None:
    # With one move to search, every call of one victim is worth the same: the leaves count
    # one node per victim (and per other move), not one per call.
    checked = 0
    for seed in range(40):
        players = 2 + seed % 5
        base = random_position(Rules(players=players, chase_mode=seed % 2 == 1), seed=300 + seed)
        state = give_tailor(base, base.to_move)
        if state is None or state.is_over or state.drawn is not None:
            continue
        moves = state.legal_moves()
        calls = [move for move in moves if isinstance(move, PlayTailor)]
        assert len(calls) == 52 * (players - 1)
        result = analyse_tailor(state, horizon=1)
        assert result.nodes <= len(moves) - len(calls) + players - 1
        checked += 1
    assert checked >= 20


def test_merged_tailor_calls_really_have_the_reference_values() -> None:
    checked = 0
    for seed in range(120):
        players = 2 + seed % 4
        rules = Rules(players=players, chase_mode=seed % 2 == 0, **VARIANTS[seed % len(VARIANTS)])
        base = random_position(rules, seed=400 + seed, cards_left=2)
        state = give_tailor(base, (base.to_move + seed) % players)
        if state is None or state.is_over:
            continue
        assert_matches_reference(state, seed % players, horizon=2 + seed % 2)
        checked += 1
    assert checked >= 90


def test_tailor_call_that_the_next_hand_cannot_follow_is_one_class() -> None:
    # Seat 1 holds 2C 3C and the stock starts AS 2S 3S 4S...: calling 9H or 9D gives seat 1
    # exactly the same options, so the two calls must be worth the same (merged), while a club
    # call lets seat 1 play.
    state = make_state(["TLR 9S", "2C 3C"], "KD")
    result = analyse_tailor(state, horizon=3)
    assert result.value_of(parse_move("TLR 9H>1")) == result.value_of(parse_move("TLR 9D>1"))
    for text in ("TLR 9H>1", "TLR 9D>1", "TLR 5C>1", "draw"):
        move = parse_move(text)
        expected = reference_tailor_value(state.play(move), 0, 2)
        assert result.value_of(move) == expected


def test_both_jokers_with_the_same_effect_are_worth_the_same() -> None:
    state = make_state(["X1 X2 5C 9D", "KS QS", "2H 7H"], "8C", rules=Rules(players=3))
    result = analyse_tailor(state, horizon=4)
    for effect in ("skip", "reverse"):
        first = result.value_of(parse_move(f"X1 {effect}"))
        assert first == result.value_of(parse_move(f"X2 {effect}"))
        assert first == reference_tailor_value(state.play(parse_move(f"X1 {effect}")), 0, 3)


def test_going_out_is_scored_exactly() -> None:
    state = make_state(["5H", "KS 2C"], "6H")
    result = analyse_tailor(state, horizon=1)
    assert result.exact and result.bound == "exact"
    assert result.value == 12 and [str(move) for move in result.pv] == ["5H"]
    assert result.objective == TAILOR_OBJECTIVE and result.side == (0,)


def test_two_player_values_are_antisymmetric() -> None:
    for seed in range(20):
        state = random_position(Rules(players=2, chase_mode=seed % 2 == 0), seed=500 + seed)
        mine = analyse_tailor(state, perspective=0, horizon=3)
        theirs = analyse_tailor(state, perspective=1, horizon=3)
        assert mine.value == -theirs.value
        assert [entry.value for entry in mine.move_values] == [
            -entry.value for entry in theirs.move_values
        ]
        assert mine.exact == theirs.exact


def test_tailor_value_is_payoff_minus_mean_of_the_others() -> None:
    state = make_state(["5H", "KS 2C", "TLR"], "6H", rules=Rules(players=3))
    assert tailor_value(state, 0) == -5 + Fraction(12 + 25, 2)
    final = state.play(parse_move("5H"))
    assert final.payoffs() == (0, -12, -25)
    assert tailor_value(final, 0) == Fraction(37, 2)
    assert tailor_value(final, 2) == -25 - Fraction(-12, 2)


def test_node_limit_returns_an_inexact_answer_quickly() -> None:
    base = random_position(Rules(players=4), seed=7)
    state = give_tailor(base, base.to_move)
    assert state is not None
    result = analyse_tailor(state, horizon=8, limit=Limit(nodes=50))
    assert not result.exact and result.bound == "horizon"
    assert result.nodes <= 50
    assert len(result.move_values) == len(state.legal_moves())
    assert result.value in [entry.value for entry in result.move_values]


def test_limit_hit_before_any_depth_still_answers() -> None:
    base = random_position(Rules(players=4), seed=8)
    state = give_tailor(base, base.to_move)
    assert state is not None
    result = analyse_tailor(state, horizon=5, limit=Limit(nodes=3))
    assert result.horizon == 0 and result.pv == () and not result.exact
    assert len(result.move_values) == len(state.legal_moves())


def test_time_limit_is_honoured() -> None:
    base = random_position(Rules(players=5, chase_mode=True), seed=9, cards_left=3)
    state = give_tailor(base, base.to_move)
    assert state is not None
    # No wall-clock bound (see the Tarot test of the same name): a limit over before the
    # search starts stops it at once; a short one keeps the CPU time short.
    over = analyse_tailor(state, horizon=40, limit=Limit(time=1e-6))
    assert not over.exact and over.nodes < 1_000
    assert_well_formed(state, over)
    cpu = time.process_time()
    result = analyse_tailor(state, horizon=40, limit=Limit(time=0.05))
    assert time.process_time() - cpu < 5.0
    assert not result.exact
    assert_well_formed(state, result)


def test_finished_round_raises_analysis_error() -> None:
    final = make_state(["5H", "KS 2C"], "6H").play(parse_move("5H"))
    assert final.is_over
    with pytest.raises(AnalysisError, match="the round is over"):
        analyse_tailor(final)


def test_bad_perspective_or_horizon_raises_analysis_error() -> None:
    state = random_position(Rules(players=3), seed=1)
    with pytest.raises(AnalysisError, match="invalid perspective 3"):
        analyse_tailor(state, perspective=3)
    with pytest.raises(AnalysisError, match="invalid horizon 0"):
        analyse_tailor(state, horizon=0)


def test_analysis_is_json_able() -> None:
    state = random_position(Rules(players=3), seed=2)
    result = analyse_tailor(state, horizon=2)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["game"] == "tailor" and data["horizon"] == 2
    assert len(data["move_values"]) == len(state.legal_moves())


def test_default_perspective_is_the_player_to_move() -> None:
    state = random_position(Rules(players=4), seed=3)
    result = analyse_tailor(state, horizon=2)
    assert result.perspective == result.to_move == state.to_move


def test_random_position_is_reproducible_and_near_the_end() -> None:
    for seed in range(10):
        rules = Rules(players=2 + seed % 5, chase_mode=seed % 2 == 0)
        state = random_position(rules, seed=seed, cards_left=2)
        assert state == random_position(rules, seed=seed, cards_left=2)
        assert not state.is_over and min(len(hand) for hand in state.hands) <= 2
    with pytest.raises(RulesError, match="invalid cards_left 0"):
        random_position(Rules(), seed=1, cards_left=0)


@settings(max_examples=300, deadline=None)
@given(
    players=st.integers(2, 6),
    chase=st.booleans(),
    seed=st.integers(0, 10**6),
    cards_left=st.integers(1, 3),
    horizon=st.integers(1, 4),
    tailor=st.booleans(),
)
def test_fast_search_matches_reference_on_random_positions(
    players: int, chase: bool, seed: int, cards_left: int, horizon: int, tailor: bool
) -> None:
    state = random_position(
        Rules(players=players, chase_mode=chase), seed=seed, cards_left=cards_left
    )
    if tailor:
        moved = give_tailor(state, random.Random(seed).randrange(players))
        if moved is None or moved.is_over:
            return
        state = moved
    assert_matches_reference(state, seed % players, horizon)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), nodes=st.integers(1, 400))
def test_any_node_limit_gives_a_well_formed_answer(seed: int, nodes: int) -> None:
    state = random_position(Rules(players=4, chase_mode=seed % 2 == 0), seed=seed)
    result = analyse_tailor(state, horizon=6, limit=Limit(nodes=nodes))
    assert result.nodes <= nodes + 1
    assert len(result.move_values) == len(state.legal_moves())
    assert_well_formed(state, result)
    if result.horizon:
        # whatever depth was completed, its values are that depth's reference values
        expected = reference_tailor_value(state, state.to_move, result.horizon)
        assert result.value == expected


@pytest.mark.parametrize("nodes", [1, 5, 50])
def test_a_node_limit_is_never_exceeded(nodes: int) -> None:
    base = random_position(Rules(players=4), seed=7)
    state = give_tailor(base, base.to_move)
    assert state is not None
    assert analyse_tailor(state, horizon=8, limit=Limit(nodes=nodes)).nodes <= nodes


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_both_references_agree(players: int) -> None:
    for seed in range(40):
        rules = Rules(players=players, chase_mode=seed % 2 == 0, **VARIANTS[seed % len(VARIANTS)])
        state = random_position(rules, seed=600 + seed, cards_left=1 + seed % 3)
        if seed % 3 == 0:
            state = give_tailor(state, state.to_move) or state
        perspective = seed % players
        horizon = 1 + seed % 4
        expected = reference_tailor_value(state, perspective, horizon)
        assert reference_model_value(state, perspective, horizon) == expected
    final = make_state(["5H", "KS 2C"], "6H").play(parse_move("5H"))
    assert reference_model_value(final, 0, 3) == reference_tailor_value(final, 0, 3) == 12


@pytest.mark.parametrize("horizon", [6, 7, 8])
def test_deeper_searches_equal_the_model_reference(horizon: int) -> None:
    # The model's reference is fast enough for horizons the state reference would take long on.
    for seed in range(12):
        players = 2 + seed % 5
        state = random_position(Rules(players=players, chase_mode=seed % 2 == 1), seed=800 + seed)
        perspective = (state.to_move + seed) % players
        result = analyse_tailor(state, perspective=perspective, horizon=horizon)
        assert result.value == reference_model_value(state, perspective, horizon)
        for entry in result.move_values:
            expected = reference_model_value(state.play(entry.move), perspective, horizon - 1)
            assert entry.value == expected, (str(state), str(entry.move))
        assert_well_formed(state, result)


def test_exact_results_hold_for_any_longer_horizon() -> None:
    checked = 0
    for seed in range(40):
        state = random_position(Rules(players=2 + seed % 3), seed=1100 + seed, cards_left=1)
        result = analyse_tailor(state, horizon=4)
        if not result.exact:
            continue
        longer = analyse_tailor(state, horizon=7)
        assert longer.exact and longer.value == result.value
        assert [entry.value for entry in longer.move_values] == [
            entry.value for entry in result.move_values
        ]
        checked += 1
    assert checked >= 5


def test_a_node_budget_that_suffices_completes_every_depth() -> None:
    # The whole budget serves each depth (it is not shared out among the moves in advance):
    # exactly the nodes an unbounded deepening spends are enough to reach the horizon.
    for seed in range(15):
        state = random_position(
            Rules(players=2 + seed % 5, chase_mode=seed % 2 == 0), seed=1200 + seed
        )
        free = analyse_tailor(state, horizon=6, limit=Limit(nodes=10**9))
        tight = analyse_tailor(state, horizon=6, limit=Limit(nodes=free.nodes))
        assert (tight.horizon, tight.nodes, tight.exact) == (free.horizon, free.nodes, free.exact)
        assert [entry.value for entry in tight.move_values] == [
            entry.value for entry in free.move_values
        ]
        if free.nodes > 1:  # one node fewer, and the last depth is not completed
            short = analyse_tailor(state, horizon=6, limit=Limit(nodes=free.nodes - 1))
            assert short.horizon is not None and free.horizon is not None
            assert short.horizon < free.horizon
