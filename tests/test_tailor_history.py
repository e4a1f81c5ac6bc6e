"""Chase the Tailor: the way back from a state (``State.history()`` and ``State.previous``)."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tailor_helpers import any_states, random_playout

from cardgames.errors import RulesError
from cardgames.tailor import Draw, Move, Play, Rules, State, deal, parse_move


def _play_out(state: State, seed: int, draw_bias: float = 0.0) -> tuple[list[State], list[Move]]:
    """Every state and move of a seeded random play-out (drawing ``draw_bias`` of the time when
    a draw is legal)."""
    rng = random.Random(seed)
    states, moves = [state], []
    while not state.is_over:
        legal = state.legal_moves()
        draws = [move for move in legal if isinstance(move, Draw)]
        move = draws[0] if draws and rng.random() < draw_bias else legal[rng.randrange(len(legal))]
        state = state.play(move)
        states.append(state)
        moves.append(move)
    return states, moves


def test_a_fresh_deal_has_no_history() -> None:
    state = deal(Rules(players=3), seed=13)
    assert state.history() == () and state.previous is None


def test_history_by_hand() -> None:
    start = deal(Rules(players=3), seed=13)
    first = start.play(parse_move("7D"))
    second = first.play(parse_move("7H"))
    assert second.history() == (Play.parse("7D"), Play.parse("7H"))
    assert second.previous is first and first.previous is start
    assert first.history() == (Play.parse("7D"),)
    # playing on leaves the earlier states' histories alone
    assert start.history() == ()


@pytest.mark.parametrize("seed", range(6))
def test_history_is_every_move_and_replays_to_the_state(seed: int) -> None:
    rules = Rules(players=2 + seed % 5, chase_mode=seed % 2 == 1)
    states, moves = _play_out(deal(rules, seed=seed, first_player=seed % rules.players), seed)
    final = states[-1]
    assert final.history() == tuple(moves)
    assert len(final.history()) == final.turns
    replayed = states[0]
    for move in final.history():
        replayed = replayed.play(move)
    assert replayed == final
    walked = []
    state: State | None = final
    while state is not None:
        walked.append(state)
        state = state.previous
    assert walked[::-1] == states
    assert all(a is b for a, b in zip(walked[::-1], states, strict=True))


def test_history_does_not_change_equality_hash_key_or_notation() -> None:
    states, _ = _play_out(deal(Rules(players=4, chase_mode=True), seed=3), 3)
    for state in states[1::5]:
        parsed = State.parse(str(state))
        assert parsed.history() == () and parsed.previous is None
        assert parsed == state and hash(parsed) == hash(state)
        assert parsed.key() == state.key() and str(parsed) == str(state)
        assert repr(parsed) == repr(state)
        assert len({parsed, state}) == 1


def test_evolve_and_the_constructor_start_without_history_and_still_check() -> None:
    state = deal(Rules(players=3), seed=13).play(parse_move("7D"))
    same = attrs.evolve(state)
    assert same == state and same.previous is None and same.history() == ()
    built = State(**{field.name: getattr(state, field.name) for field in attrs.fields(State)})
    assert built == state and built.previous is None
    with pytest.raises(RulesError, match="invalid to_move"):
        attrs.evolve(state, to_move=5)
    with pytest.raises(RulesError, match="55 cards"):
        attrs.evolve(state, stock=state.stock[1:])


def test_history_is_not_a_constructor_argument() -> None:
    state = deal(Rules(players=3), seed=13)
    # Refused as any unknown keyword is, with the library's error (it was a bare TypeError).
    with pytest.raises(RulesError, match="unexpected keyword argument 'previous'"):
        State(previous=state, **{f.name: getattr(state, f.name) for f in attrs.fields(State)})  # type: ignore[call-arg]
    assert "previous" not in {field.name for field in attrs.fields(State)}


def test_pickle_and_copy_keep_the_history() -> None:
    states, moves = _play_out(deal(Rules(players=3, chase_mode=True), seed=8), 8)
    final = states[-1]
    for again in (
        pickle.loads(pickle.dumps(final)),
        copy.copy(final),
        copy.deepcopy(final),
    ):
        assert again == final and hash(again) == hash(again)
        assert again.history() == tuple(moves)
        assert again.previous == states[-2]
        assert again.previous is not None and again.previous.history() == tuple(moves[:-1])
    start = pickle.loads(pickle.dumps(states[0]))
    assert start == states[0] and start.previous is None


def test_a_long_history_pickles_without_deep_recursion() -> None:
    # Seed 1 with mostly draws runs for thousands of moves (more than the recursion limit).
    rules = Rules(players=6, voluntary_draw=True, max_turns=5000)
    states, moves = _play_out(deal(rules, seed=1), 1, draw_bias=0.7)
    final = states[-1]
    assert len(moves) > 2000
    again = pickle.loads(pickle.dumps(final))
    assert again == final and again.history() == tuple(moves)


@settings(max_examples=25, deadline=None)
@given(any_states(), st.integers(0, 2**32))
def test_history_from_a_position_built_by_hand(start: State, seed: int) -> None:
    states = random_playout(start, random.Random(seed))
    final = states[-1]
    assert len(final.history()) == len(states) - 1
    assert start.history() == () and start.previous is None
    replayed = start
    for move in final.history():
        replayed = replayed.play(move)
    assert replayed == final
    assert pickle.loads(pickle.dumps(final)).history() == final.history()
