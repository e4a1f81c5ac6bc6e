"""The games' fast steps (cardgames.tarot.env_step, cardgames.tailor.env_step): on seeded random
games of every preset they give, step by step, the same legal ids, masks and observations of
every seat as the library's states do, masks equal to the legal moves, the same returns and
the same final state; and the compiled build and pure Python give identical trajectories."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import games, tailor, tarot
from cardgames.action_space import FastActionSpace, StepEngine, new_buffers
from cardgames.env.engine import LibraryEngine
from cardgames.errors import RulesError
from cardgames.tarot.rules import ExcuseRule

TAROT_PRESETS = [
    "simplified-2",
    "simplified-3",
    "simplified-4",
    "simplified-5",
    "simplified-6",
    "traditional-3",
    "traditional-4",
    "french-3",
    "french-4",
    "french-5",
]
TAILOR_RULES = {
    "tailor-2": tailor.Rules(players=2),
    "tailor-3": tailor.Rules(players=3),
    "tailor-6": tailor.Rules(players=6),
    "tailor-4-chase": tailor.Rules(players=4, chase_mode=True),
    "tailor-3-chase-breaks": tailor.Rules(
        players=3, chase_mode=True, tailor_breaks_chase=True, skipped_player_draws_chase=True
    ),
    "tailor-2-house": tailor.Rules(
        players=2,
        after_joker="any",
        special_start="open",
        voluntary_draw=True,
        must_play_drawn=False,
        drawn_card_dumps=True,
        two_player_reverse_skips=False,
    ),
    "tailor-3-whole-rank": tailor.Rules(
        players=3, dump_whole_rank=True, victim_may_be_caller=True, final_tailor_penalty=False
    ),
}
RULES: dict[str, Any] = {name: tarot.Rules.preset(name) for name in TAROT_PRESETS}
RULES.update(TAILOR_RULES)


def engines(rules: Any) -> tuple[Any, StepEngine[Any], LibraryEngine, Any, Any]:
    """The fast engine and the library engine of ``rules``, each with buffers of its own."""
    game = games.of(rules)
    space = game.actions(rules)
    assert isinstance(space, FastActionSpace)
    size = space.layout()[-1].stop
    fast_buffers = new_buffers(1, space.players, size, space.size)
    library_buffers = new_buffers(1, space.players, size, space.size)
    fast = space.engine(*fast_buffers, 0)
    library = LibraryEngine(game, space, *library_buffers, 0)
    return space, fast, library, fast_buffers, library_buffers


def agree(rules: Any, seed: int, episodes: int) -> int:
    """Play ``episodes`` seeded random deals on both engines, checking that they agree at every
    step; the number of steps played."""
    space, fast, library, (fast_obs, fast_mask), (lib_obs, lib_mask) = engines(rules)
    rng = random.Random(seed)
    steps = 0
    for _ in range(episodes):
        deal_seed, first = rng.getrandbits(64), rng.randrange(space.players)
        fast.reset(deal_seed, first)
        library.reset(deal_seed, first)
        while True:
            state = library.state()
            for seat in range(space.players):
                fast.sync(seat)
                library.sync(seat)
            assert fast.over() == space.is_over(state)
            legal = sorted(space.action_id(move) for move in state.legal_moves())
            if fast.over():
                legal = []
            assert sorted(fast.legal()) == legal
            assert [i for i in range(space.size) if fast_mask[i]] == legal
            assert fast_mask == lib_mask
            assert fast_obs == lib_obs
            if fast.over():
                assert fast.returns() == list(space.returns(state))
                assert fast.state() == state
                break
            assert fast.actor() == space.actor(state)
            if steps % 9 == 0:
                assert fast.state() == state
            action = legal[rng.randrange(len(legal))]
            fast.step(action)
            library.step(action)
            steps += 1
    return steps


@pytest.mark.parametrize("name", TAROT_PRESETS)
def test_the_tarot_step_agrees_with_the_library_at_every_step(name: str) -> None:
    assert agree(RULES[name], seed=11, episodes=3) > 150


@pytest.mark.parametrize("name", list(TAILOR_RULES))
def test_the_tailor_step_agrees_with_the_library_at_every_step(name: str) -> None:
    assert agree(RULES[name], seed=5, episodes=8) > 50


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), chase=st.booleans())
def test_any_tailor_round_agrees_with_the_library(seed: int, players: int, chase: bool) -> None:
    agree(tailor.Rules(players=players, chase_mode=chase, max_turns=150), seed, episodes=1)


@pytest.mark.parametrize("name", ["traditional-4", "french-5", "tailor-4-chase"])
def test_a_loaded_position_plays_on_as_the_library(name: str) -> None:
    rules = RULES[name]
    space, fast, library, (fast_obs, _), (lib_obs, _) = engines(rules)
    rng = random.Random(3)
    state = games.of(rules).deal(rules, 21, 1)
    for _ in range(30):  # into the play, past the French phases
        legal = space.legal_ids(state)
        state = space.play(state, space.move(legal[rng.randrange(len(legal))]))
    fast.load(state)
    library.load(state)
    for _ in range(20):
        for seat in range(space.players):
            library.sync(seat)
        assert fast_obs == lib_obs
        assert sorted(fast.legal()) == library.legal()
        if fast.over():
            break
        action = library.legal()[rng.randrange(len(library.legal()))]
        fast.step(action)
        library.step(action)
    assert fast.state() == library.state()


@pytest.mark.parametrize("name", ["traditional-3", "tailor-3"])
def test_a_copy_plays_on_alone(name: str) -> None:
    rules = RULES[name]
    space, fast, _, _, _ = engines(rules)
    fast.reset(99, 0)
    fast.step(fast.legal()[0])
    before = fast.state()
    twin = fast.copy()
    mask = bytearray(space.size)
    twin.move_to(None, mask, 0)
    twin.step(twin.legal()[0])
    assert fast.state() == before != twin.state()
    assert [i for i in range(space.size) if mask[i]] == sorted(twin.legal())


def test_a_state_of_other_rules_is_refused() -> None:
    _, fast, _, _, _ = engines(tailor.Rules(players=3))
    with pytest.raises(RulesError, match=r"expected a cardgames\.tailor\.State"):
        fast.load(tailor.deal(tailor.Rules(players=2), seed=1))
    _, tarot_fast, _, _, _ = engines(tarot.Rules.traditional(players=3))
    with pytest.raises(RulesError, match=r"expected a cardgames\.tarot\.State"):
        tarot_fast.load("3 players")


# -- both backends -------------------------------------------------------------------------

DIGEST = """
import hashlib, random, sys
from cardgames import games, tailor, tarot
from cardgames._compiled import backend
from cardgames.action_space import new_buffers

def digest(rules, seed, episodes):
    space = games.of(rules).actions(rules)
    size = space.layout()[-1].stop
    observations, mask = new_buffers(1, space.players, size, space.size)
    engine = space.engine(observations, mask, 0)
    rng = random.Random(seed)
    hashed = hashlib.sha256()
    for _ in range(episodes):
        engine.reset(rng.getrandbits(64), rng.randrange(space.players))
        while not engine.over():
            legal = sorted(engine.legal())
            hashed.update(repr((engine.actor(), legal)).encode())
            hashed.update(bytes(mask))
            hashed.update(observations.tobytes())
            engine.step(legal[rng.randrange(len(legal))])
        hashed.update(repr((engine.returns(), str(engine.state()))).encode())
    return hashed.hexdigest()

rules = [tarot.Rules.preset(name) for name in ("traditional-3", "french-4", "simplified-5")]
rules += [tailor.Rules(players=3), tailor.Rules(players=4, chase_mode=True)]
print(backend(), *(digest(one, 7, 3) for one in rules))
"""


def test_both_backends_give_identical_trajectories() -> None:
    here = subprocess.run(
        [sys.executable, "-c", DIGEST], capture_output=True, text=True, check=True
    ).stdout.split()
    pure = subprocess.run(
        [sys.executable, "-c", DIGEST],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "CARDGAMES_PURE": "1"},
    ).stdout.split()
    assert pure[0] == "python"
    assert len(here) == len(pure) == 6
    assert here[1:] == pure[1:]
    assert len(set(here[1:])) == 5
    assert hashlib.sha256(b"").hexdigest() not in here


HOUSE_RULES = [
    attrs.evolve(tarot.Rules.preset("traditional-3"), discard_is_own_group=True),
    attrs.evolve(
        tarot.Rules.preset("simplified-4"),
        excuse_rule=ExcuseRule.EXCHANGE,
        partnerships=True,
        group_size=4,
    ),
    attrs.evolve(
        tarot.Rules.preset("simplified-5"),
        excuse_rule=ExcuseRule.EXCHANGE,
        magician_bonus=100,
        dog_card_by_card=True,
        deal_packet=3,
    ),
]


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=str)
def test_house_rules_deal_and_score_as_the_library(rules: tarot.Rules) -> None:
    # The engine scores a deal without bidding on its ints: the Excuse settled, the discard,
    # the Magician's bonus, the sides; the deal itself from the seed as tarot.deal makes it.
    space = games.of(rules).actions(rules)
    assert isinstance(space, FastActionSpace)
    engine = space.engine(None, bytearray(space.size), 0)
    rng = random.Random(8)
    for _ in range(25):
        seed, dealer = rng.getrandbits(64), rng.randrange(rules.players)
        engine.reset(seed, dealer)
        assert engine.state() == tarot.deal(rules, seed=seed, dealer=dealer)
        while not engine.over():
            legal = engine.legal()
            engine.step(legal[rng.randrange(len(legal))])
        assert engine.returns() == [float(payoff) for payoff in engine.state().payoffs()]
