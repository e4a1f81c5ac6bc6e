"""Observations and information states of cardgames.env: fixed length, values from 0 to 1,
never a hidden card (two worlds sampled from one view observe alike), and the documented
field tables kept in step with the layouts."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest

from cardgames import tailor, tarot
from cardgames.bridge import actions as bridge_actions
from cardgames.env import (
    information_state,
    observation_layout,
    observation_size,
    observe,
    observe_state,
)
from cardgames.errors import RulesError
from cardgames.tailor import actions as tailor_actions
from cardgames.tarot import actions as tarot_actions

TAROT_PRESETS = ["simplified-2", "simplified-5", "traditional-3", "traditional-4", "french-4"]


def tarot_states(rules: tarot.Rules, seed: int, every: int) -> list[tarot.State]:
    rng = random.Random(seed)
    state = tarot.deal(rules, seed=seed, dealer=seed % rules.players)
    states = []
    while not state.is_over:
        if len(state.history()) % every == 0:
            states.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    return [*states, state]


def tailor_states(rules: tailor.Rules, seed: int, every: int) -> list[tailor.State]:
    rng = random.Random(seed)
    state = tailor.deal(rules, seed=seed)
    states = []
    while not state.is_over:
        if state.turns % every == 0:
            states.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    return [*states, state]


def test_the_layouts_are_contiguous_and_sized_as_documented() -> None:
    sizes: dict[tarot.Rules | tailor.Rules, int] = {
        tarot.Rules.traditional(players=3): 743,
        tailor.Rules(players=2): 284,
        tailor.Rules(players=6): 292,
    }
    for rules, size in sizes.items():
        fields = observation_layout(rules)
        assert fields[0].offset == 0
        assert all(a.stop == b.offset for a, b in itertools.pairwise(fields))
        assert observation_size(rules) == size
    french = [field.name for field in observation_layout(tarot.Rules.french(players=5))]
    assert {"bids", "called", "poignee_cards", "talon"} <= set(french)
    plain = [field.name for field in observation_layout(tarot.Rules.simplified(players=6))]
    assert "bids" not in plain and "talon" not in plain


def documented_fields(text: str) -> list[str]:
    """The first column of the field tables (the rows that start with a lowercase name)."""
    names = re.findall(r"^([a-z_]+) {2,}\S", text, flags=re.MULTILINE)
    return [name for name in names if name not in ("ids", "field")]


def test_every_field_is_in_the_documented_tables_in_order() -> None:
    page = (Path(__file__).parent.parent / "docs" / "environments.rst").read_text("utf-8")
    tarot_fields = [field.name for field in observation_layout(tarot.Rules.french(players=5))]
    tailor_fields = [field.name for field in observation_layout(tailor.Rules())]
    # The tables live with each game's numbering (the env modules re-export it).
    assert documented_fields(tarot_actions.__doc__ or "") == tarot_fields
    assert documented_fields(tailor_actions.__doc__ or "") == tailor_fields
    bridge_fields = [field.name for field in bridge_actions.observation_layout()]
    assert documented_fields(bridge_actions.__doc__ or "") == bridge_fields
    assert documented_fields(page) == [*tarot_fields, *tailor_fields, *bridge_fields]


@pytest.mark.parametrize("preset", TAROT_PRESETS)
def test_tarot_observations_are_fixed_length_and_bounded(preset: str) -> None:
    rules = tarot.Rules.preset(preset)
    for state in tarot_states(rules, 5, 7):
        for seat in range(rules.players):
            vector = observe(state.view(seat))
            assert len(vector) == observation_size(rules)
            assert all(0.0 <= value <= 1.0 for value in vector)
            assert observe_state(state, seat) == vector
            hand = observation_layout(rules)[0]
            assert sum(vector[hand.offset : hand.stop]) == len(state.hands[seat])


@pytest.mark.parametrize("players", [2, 4, 6])
def test_tailor_observations_are_fixed_length_and_bounded(players: int) -> None:
    rules = tailor.Rules(players=players, chase_mode=players == 4, max_turns=120)
    for state in tailor_states(rules, 6, 10):
        for seat in range(players):
            vector = observe(state.view(seat))
            assert len(vector) == observation_size(rules)
            assert all(0.0 <= value <= 1.0 for value in vector)
            assert observe_state(state, seat) == vector
            assert sum(vector[:55]) == len(state.hands[seat])


def check_independent_of_hidden_cards(
    state: tarot.State | tailor.State, seat: int, rng: random.Random
) -> bool:
    """Two worlds sampled from one view observe alike; returns whether they differed in
    some hidden card (so that the test proves something)."""
    view = state.view(seat)
    first, second = view.sample(rng), view.sample(rng)
    assert observe(first.view(seat)) == observe(second.view(seat)) == observe(view)
    assert observe_state(first, seat) == observe_state(second, seat) == observe(view)
    assert information_state(first.view(seat)) == information_state(view)
    return first.hands != second.hands


@pytest.mark.parametrize("preset", ["traditional-3", "french-5", "simplified-4"])
def test_a_tarot_observation_never_depends_on_a_hidden_card(preset: str) -> None:
    rules = tarot.Rules.preset(preset)
    rng = random.Random(11)
    differed = 0
    for state in tarot_states(rules, 8, 9)[:-1]:
        differed += check_independent_of_hidden_cards(state, state.to_move, rng)
    assert differed >= 3


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_tailor_observation_never_depends_on_a_hidden_card(players: int) -> None:
    rules = tailor.Rules(players=players, chase_mode=players == 3, max_turns=80)
    rng = random.Random(12)
    differed = 0
    for state in tailor_states(rules, 9, 12)[:-1]:
        differed += check_independent_of_hidden_cards(state, state.to_move, rng)
    assert differed >= 2


def test_information_states_are_equal_exactly_when_the_views_are() -> None:
    for states in (
        tarot_states(tarot.Rules.french(players=3), 2, 11),
        tailor_states(tailor.Rules(players=3, max_turns=60), 2, 9),
    ):
        views = [state.view(seat) for state in states for seat in range(state.rules.players)]
        texts = [information_state(view) for view in views]
        for view, text in zip(views, texts, strict=True):
            assert type(view).parse(text) == view
        for a, text_a in zip(views, texts, strict=True):
            for b, text_b in zip(views, texts, strict=True):
                assert (text_a == text_b) == (a == b)


def test_observing_something_else_is_refused() -> None:
    state = tailor.deal(tailor.Rules(players=3), seed=1)
    with pytest.raises(RulesError, match=r"expected a cardgames\.tarot\.View"):
        observe(state)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"expected a cardgames\.tarot\.View"):
        information_state("view")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="seat"):
        observe_state(state, 3)
    with pytest.raises(RulesError, match=r"expected a cardgames\.tarot\.Rules"):
        observation_size(None)  # type: ignore[arg-type]
