"""Seeded positions made to order: cardgames.tarot.positions.random_position."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from param_ids import stable_id
from tarot_helpers import PRESETS

from cardgames.deck import random_below
from cardgames.errors import AnalysisError, RulesError
from cardgames.solver.sample import SAMPLE_POSITION
from cardgames.tarot import Phase, Rules, State, deal
from cardgames.tarot.positions import random_position


def _reference(rules: Rules, seed: int, tricks_left: int, dealer: int) -> State:
    # The procedure as documented, written out again: a seeded deal, then uniform legal moves
    # drawn with random_below from random.Random(seed) up to the trick boundary.
    rng = random.Random(seed)
    state = deal(rules, seed, dealer)
    while state.phase is Phase.DISCARD or len(state.tricks) < rules.tricks_per_deal - tricks_left:
        moves = state.legal_moves()
        state = state.play(moves[random_below(rng, len(moves))])
    return state


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(PRESETS), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_random_position_follows_its_documented_procedure(
    rules: Rules, seed: int, data: st.DataObject
) -> None:
    tricks_left = data.draw(st.integers(1, rules.tricks_per_deal))
    dealer = data.draw(st.integers(0, rules.players - 1))
    state = random_position(rules, seed=seed, tricks_left=tricks_left, dealer=dealer)
    assert state == _reference(rules, seed, tricks_left, dealer)
    assert state.phase is Phase.PLAY and not state.trick.cards and state.dealer == dealer
    assert rules.tricks_per_deal - len(state.tricks) == tricks_left
    assert {len(hand) for hand in state.hands} == {tricks_left}


def test_pinned_positions_do_not_move() -> None:
    # The solver's sample position was written from random_position(traditional-3, seed=1,
    # tricks_left=9): a change in the deal, the shuffle or the random moves would move every
    # seeded benchmark.
    state = random_position(Rules.traditional(players=3), seed=1, tricks_left=9)
    assert state == State.parse(SAMPLE_POSITION)


def test_a_position_keeps_its_way_back_to_the_deal() -> None:
    state = random_position(Rules.simplified(players=4), seed=5, tricks_left=4)
    assert len(state.history()) == 2 + 4 * (19 - 4)
    back = state
    for _ in range(10):
        previous = back.previous
        assert previous is not None and previous.history() == back.history()[:-1]
        back = previous


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"rules": None}, RulesError),
        ({"rules": "traditional-3"}, RulesError),
        ({"seed": "1"}, RulesError),
        ({"seed": -1}, RulesError),
        ({"seed": 2**64}, RulesError),
        ({"seed": True}, RulesError),
        ({"seed": random.Random(1)}, RulesError),
        ({"dealer": 3}, RulesError),
        ({"dealer": True}, RulesError),
        ({"tricks_left": 0}, RulesError),
        ({"tricks_left": 26}, RulesError),
        ({"tricks_left": "3"}, RulesError),
        ({"tricks_left": True}, RulesError),
        ({"tricks_left": 10**5000}, RulesError),
    ],
    ids=stable_id,
)
def test_random_position_validates_every_argument(
    arguments: dict[str, Any], error: type[Exception]
) -> None:
    given: dict[str, Any] = {
        "rules": Rules.traditional(players=3),
        "seed": 1,
        "tricks_left": 2,
        "dealer": 0,
        **arguments,
    }
    with pytest.raises(error) as raised:
        random_position(**given)
    assert not isinstance(raised.value, AnalysisError)


def test_random_position_takes_its_settings_by_keyword() -> None:
    with pytest.raises(TypeError):
        random_position(Rules.traditional(players=3), 1, 2)  # type: ignore[call-arg]
