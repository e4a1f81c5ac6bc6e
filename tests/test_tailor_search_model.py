"""The int model of a Chase the Tailor round (``cardgames.tailor.search``) against the rules.

Along random rounds every position is encoded, its legal moves compared with
``State.legal_moves()`` and the child of every legal move with the encoding of
``State.play(move)``; the fast searcher is compared with both references.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tailor_helpers import make_state, rules_variants

from cardgames.cards import Card
from cardgames.errors import AnalysisError
from cardgames.search.engine import LimitReached, reference_value, refine
from cardgames.solver.tailor import reference_tailor_value
from cardgames.tailor import Draw, Rules, State, deal, give_tailor, parse_move, random_position
from cardgames.tailor.search import TailorSearch
from cardgames.tailor.search_codes import (
    DRAW,
    DUMP_BASE,
    PASS,
    SCORE,
    TAILOR_BASE,
    TOGO,
    move_code,
)
from cardgames.tailor.search_model import TailorModel

VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"after_joker": "any"},
    {"voluntary_draw": True},
    {"must_play_drawn": False},
    {"drawn_card_dumps": True, "dump_whole_rank": True},
    {"drawn_card_dumps": True},
    {"victim_may_be_caller": True, "final_tailor_penalty": False},
    {"skipped_player_draws_chase": True, "tailor_breaks_chase": True},
    {"two_player_reverse_skips": False, "special_start": "open"},
    {"max_turns": 30},
)


def check_position(model: TailorModel, state: State, horizon: int = 3) -> list[int]:
    """The model agrees with the rules at ``state``: legal moves, children, leaf scores."""
    position = model.encode(state, horizon)
    moves = state.legal_moves()
    codes = model.legal(position)
    assert codes == [move_code(move) for move in moves], str(state)
    assert [model.move_of(code) for code in codes] == list(moves)
    assert model.round_over(position) == state.is_over
    assert model.maximising(position) == (state.to_move == model.perspective)
    for code, move in zip(codes, moves, strict=True):
        after = state.play(move)
        child = model.child(position, code)
        assert child == model.encode(after, horizon - 1), (str(state), str(move))
        assert model.round_over(child) == after.is_over
        score = model.leaf_score(position, code)
        assert score >> 1 == child[SCORE] and (score & 1 == 1) == after.is_over
    return codes


def play_out(
    rules: Rules, seed: int, perspective: int, start: State | None = None, moves: int = 200
) -> int:
    """Check every position of a random round (up to ``moves`` moves); returns the
    reshuffles seen. Draws are preferred when legal, so that rounds run long and the pile is
    shuffled back."""
    rng = random.Random(seed)
    state = deal(rules, seed=seed) if start is None else start
    model = TailorModel.for_state(state, perspective)
    for _ in range(moves):
        codes = check_position(model, state)
        if not codes:
            assert state.is_over
            break
        code = DRAW if DRAW in codes and rng.random() < 0.7 else rng.choice(codes)
        state = state.play(model.move_of(code))
    return state.reshuffles


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("chase", [False, True])
def test_model_follows_the_rules_along_full_rounds(players: int, chase: bool) -> None:
    for seed in range(4):
        variant = VARIANTS[(players + seed) % len(VARIANTS)]
        rules = Rules(players=players, chase_mode=chase, **variant)
        play_out(rules, 1000 * players + seed, seed % players)
    # With voluntary draws (taken most of the time) the stock runs out and the pile is
    # shuffled back, again and again, until the cap on turns stops the round (a stalemate).
    rules = Rules(players=players, chase_mode=chase, voluntary_draw=True, max_turns=150)
    assert play_out(rules, 99 + players, 0) > 0


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_model_follows_the_rules_from_random_endgames(variant: int) -> None:
    for seed in range(12):
        rules = Rules(players=2 + seed % 5, chase_mode=seed % 2 == 0, **VARIANTS[variant])
        state = random_position(rules, seed=50 + seed, cards_left=1 + seed % 3)
        if seed % 3 == 0:
            state = give_tailor(state, state.to_move) or state
        play_out(rules, seed, seed % rules.players, start=state, moves=40)


@settings(max_examples=40, deadline=None)
@given(rules=rules_variants(max_turns=60), seed=st.integers(0, 2**64 - 1))
def test_model_follows_the_rules_under_any_variant(rules: Rules, seed: int) -> None:
    # Small max_turns values end rounds in stalemates; big ones run through reshuffles.
    play_out(rules, seed, seed % rules.players)


def test_stalemate_by_passes_is_a_leaf() -> None:
    # Nothing to draw (the pile is one card, the stock empty) and nothing to follow 9H with:
    # seat 0 passes, completing a cycle of passes.
    named = {Card.parse(text) for text in ("2C", "3C", "9H")}
    rest = " ".join(str(card) for card in Card.all() if card not in named)
    state = make_state(["2C 3C", rest], "9H", stock="", passes=1)
    model = TailorModel.for_state(state, 1)
    position = model.encode(state, horizon=5)
    assert model.legal(position) == [PASS]
    check_position(model, state)
    after = state.play(parse_move("pass"))
    child = model.child(position, PASS)
    assert after.is_stalemate and model.round_over(child) and model.is_over(child)
    assert model.banked(child) == child[SCORE] == model.encode(after, 4)[SCORE]


def test_a_draw_from_an_empty_stock_reshuffles_like_the_rules() -> None:
    state = make_state(["2C 3C", "5C 6C"], "9H", under="AS 4D KH 7S X1", stock="")
    model = TailorModel.for_state(state, 1)
    position = model.encode(state, horizon=2)
    after = state.play(Draw())
    assert after.reshuffles == 1
    assert model.child(position, DRAW) == model.encode(after, horizon=1)


def test_move_codes_round_trip() -> None:
    model = TailorModel(Rules(players=6), 0, seed=0)
    texts = ["AS", "KC", "X1 skip", "X1 reverse", "X2 skip", "X2 reverse", "draw", "pass"]
    texts += ["TLR AS>0", "TLR KC>5", "dump 7S 7H", "dump 7C 7S 7D 7H", "dump 2D 2C 2S"]
    for text in texts:
        move = parse_move(text)
        code = move_code(move)
        assert model.move_of(code) == move
    assert move_code(parse_move("TLR KC>5")) < DUMP_BASE <= move_code(parse_move("dump 7S 7H"))
    assert move_code(parse_move("TLR AS>0")) == TAILOR_BASE


def test_encode_refuses_a_state_of_another_round() -> None:
    state = deal(Rules(players=3), seed=1)
    model = TailorModel.for_state(state, 0)
    with pytest.raises(AnalysisError):
        model.encode(deal(Rules(players=3), seed=2), 3)
    with pytest.raises(AnalysisError):
        TailorModel(Rules(players=3), 3, seed=1)


def test_merged_moves_really_are_worth_the_same() -> None:
    checked = 0
    for seed in range(60):
        players = 2 + seed % 5
        rules = Rules(players=players, chase_mode=seed % 2 == 0, **VARIANTS[seed % len(VARIANTS)])
        state = random_position(rules, seed=700 + seed, cards_left=2)
        state = give_tailor(state, state.to_move) or state
        if state.is_over:
            continue
        model = TailorModel.for_state(state, (state.to_move + seed) % players)
        horizon = 2 + seed % 2
        position = model.encode(state, horizon)
        classes = model.distinct(position)
        assert list(classes) == model.legal(position)
        assert set(model.ordered(position, -1)) == set(classes.values())
        values: dict[int, int] = {}
        for move, representative in classes.items():
            value = reference_value(model, model.child(position, move))
            assert values.setdefault(representative, value) == value, model.move_of(move)
        checked += len(classes) - len(values)
    assert checked > 1000  # many moves were merged (Tailor calls above all)


def test_the_last_move_keeps_only_dominant_plays_without_changing_the_value() -> None:
    for seed in range(150):
        rules = Rules(players=2 + seed % 5, chase_mode=seed % 2 == 1)
        state = random_position(rules, seed=900 + seed, cards_left=1 + seed % 3)
        model = TailorModel.for_state(state, seed % rules.players)
        position = model.encode(state, horizon=1)
        every = [model.child(position, move)[SCORE] for move in model.legal(position)]
        kept = [model.leaf_score(position, move) >> 1 for move in model.last_moves(position)]
        best = max if model.maximising(position) else min
        assert best(kept) == best(every)


@pytest.mark.parametrize("horizon", [1, 2, 3, 4, 5])
def test_fast_search_equals_both_references(horizon: int) -> None:
    for seed in range(40 if horizon < 5 else 15):
        players = 2 + seed % 5
        rules = Rules(players=players, chase_mode=seed % 3 == 0, **VARIANTS[seed % len(VARIANTS)])
        state = random_position(rules, seed=2000 + 10 * horizon + seed, cards_left=1 + seed % 3)
        if seed % 4 == 0:
            state = give_tailor(state, (state.to_move + 1) % players) or state
        perspective = seed % players
        model = TailorModel.for_state(state, perspective)
        root = model.encode(state, horizon)
        expected = reference_tailor_value(state, perspective, horizon) * (players - 1)
        assert reference_value(model, root) == expected
        search = TailorSearch(model)
        low, high = refine(search, root, *model.future_bounds(root))
        assert low == high == expected
        for move in model.legal(root):
            child = model.child(root, move)
            value = model.banked(child) + refine(search, child, *model.future_bounds(child))[0]
            assert value == reference_value(model, child), str(model.move_of(move))


def test_principal_variation_replays_to_the_value() -> None:
    for seed in range(40):
        players = 2 + seed % 5
        state = random_position(Rules(players=players, chase_mode=seed % 2 == 0), seed=3000 + seed)
        model = TailorModel.for_state(state, state.to_move)
        root = model.encode(state, 4)
        search = TailorSearch(model)
        value, _ = refine(search, root, *model.future_bounds(root))
        exact = not search.horizon_reached
        search.arm()
        line = search.principal_variation(root, value, exact)
        end = state
        for code in line:
            end = end.play(model.move_of(code))
        position = root
        for code in line:
            position = model.child(position, code)
        assert model.is_over(position) and position[SCORE] == value
        assert position == model.encode(end, position[TOGO])
        if exact:
            assert end.is_over


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), nodes=st.integers(1, 300), players=st.integers(2, 6))
def test_a_node_limit_is_never_exceeded(seed: int, nodes: int, players: int) -> None:
    state = random_position(Rules(players=players, chase_mode=seed % 2 == 0), seed=seed)
    model = TailorModel.for_state(state, state.to_move)
    root = model.encode(state, 6)
    search = TailorSearch(model)
    search.node_limit = nodes
    with contextlib.suppress(LimitReached):
        refine(search, root, *model.future_bounds(root))
    assert search.nodes <= nodes


def test_an_expired_deadline_stops_at_once() -> None:
    state = random_position(Rules(players=4), seed=5)
    model = TailorModel.for_state(state, state.to_move)
    search = TailorSearch(model)
    search.deadline = 0.0
    with pytest.raises(LimitReached):
        search.probe(model.encode(state, 6), 0)
    assert search.nodes == 0


def test_horizon_flag_tells_exact_from_cut() -> None:
    # Seat 0 goes out with its only card: nothing is cut at the horizon.
    state = make_state(["5H", "KS 2C"], "6H")
    model = TailorModel.for_state(state, 0)
    search = TailorSearch(model)
    root = model.encode(state, 3)
    assert refine(search, root, *model.future_bounds(root)) == (12, 12)
    assert not search.horizon_reached
    # A long endgame cut after two moves.
    state = random_position(Rules(players=4), seed=11)
    model = TailorModel.for_state(state, 0)
    search = TailorSearch(model)
    root = model.encode(state, 2)
    refine(search, root, *model.future_bounds(root))
    assert search.horizon_reached
