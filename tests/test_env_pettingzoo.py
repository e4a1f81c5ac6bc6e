"""The PettingZoo AEC environments (extra ``rl``): PettingZoo's own API and seed tests, episodes
played to the end with rewards equal to the payoffs, determinism by seed, illegal ids refused
without a change."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardgames import bridge, tailor, tarot  # noqa: E402
from cardgames.env import legal_ids, observe  # noqa: E402
from cardgames.env.pettingzoo import (  # noqa: E402
    CardgamesAECEnv,
    bridge_env,
    game_env,
    tailor_env,
    tarot_env,
)
from cardgames.errors import IllegalMoveError, RulesError  # noqa: E402

# What api_test says of every environment with dict observations; the classic environments
# shipped with PettingZoo are exempted from these two by name.
EXPECTED_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}

MAKERS: dict[str, Callable[[], CardgamesAECEnv]] = {
    "traditional-3": lambda: tarot_env(tarot.Rules.traditional(players=3)),
    "french-5": lambda: tarot_env(tarot.Rules.french(players=5)),
    "tailor-3": lambda: tailor_env(tailor.Rules(players=3, max_turns=200)),
    "tailor-5-chase": lambda: tailor_env(tailor.Rules(players=5, chase_mode=True, max_turns=200)),
    "bridge-H-by-E": lambda: bridge_env(bridge.Contract.parse("H by E")),
}


@pytest.mark.parametrize("name", MAKERS)
def test_pettingzoo_api_and_seed_tests_pass(name: str) -> None:
    make = MAKERS[name]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=100)
        seed_test(make, num_cycles=100)
    assert {str(warning.message) for warning in caught} <= EXPECTED_WARNINGS


def play_episode(
    env: CardgamesAECEnv, seed: int, choose: Callable[[Any], int], check: bool = True
) -> list[Any]:
    """Play with ``choose(mask) -> id``; return what was seen, and (with ``check``) check on
    the way that the mask is the legal ids of the agent's view and the observation its
    view's."""
    env.reset(seed=seed)
    seen: list[Any] = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        assert not truncated
        seen.append((agent, observation["observation"].tolist(), reward))
        if terminated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        if check:
            seat = int(agent.split("_")[1])
            assert seat == env.state_now.to_move
            view = env.state_now.view(seat)
            assert tuple(np.flatnonzero(mask).tolist()) == legal_ids(view)
            assert observation["observation"].tolist() == pytest.approx(observe(view))
        env.step(choose(mask))
    return seen


@pytest.mark.parametrize("name", ["traditional-3", "tailor-3"])
def test_an_episode_ends_with_the_payoffs_as_rewards(name: str) -> None:
    env = MAKERS[name]()
    rng = np.random.default_rng(5)
    seen = play_episode(env, 7, lambda mask: int(rng.choice(np.flatnonzero(mask))))
    final = env.state_now
    assert final.is_over
    payoffs = [float(payoff) for payoff in final.payoffs()]
    rewards = {agent: reward for agent, _, reward in seen[-final.rules.players :]}
    assert rewards == {f"player_{seat}": payoffs[seat] for seat in range(final.rules.players)}
    assert env.agents == []


def test_the_same_seed_gives_the_same_episode() -> None:
    first_choice = lambda mask: int(np.flatnonzero(mask)[-1])  # noqa: E731
    for name in ("french-5", "tailor-5-chase"):
        one = play_episode(MAKERS[name](), 3, first_choice, check=False)
        two = play_episode(MAKERS[name](), 3, first_choice, check=False)
        other = play_episode(MAKERS[name](), 4, first_choice, check=False)
        assert one == two != other


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    env = MAKERS["tailor-3"]()
    env.reset(seed=1)
    before = env.state_now
    legal = legal_ids(before)
    illegal = next(i for i in range(100) if i not in legal)
    with pytest.raises(IllegalMoveError, match=f"action id {illegal} "):
        env.step(illegal)
    with pytest.raises(IllegalMoveError, match="expected an int"):
        env.step(1.5)  # type: ignore[arg-type]
    assert env.state_now is before
    env.step(np.int64(legal[0]))
    assert env.state_now is not before


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(RulesError, match=r"expected a cardgames\.tarot\.Rules"):
        tarot_env(tailor.Rules())  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"expected a cardgames\.tailor\.Rules"):
        tailor_env(tarot.Rules.traditional(players=3))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="render mode"):
        tailor_env(render_mode="human")
    env = tailor_env(render_mode="ansi")
    with pytest.raises(RulesError, match="reset"):
        env.observe("player_0")
    for call in (env.observe, env.action_space, env.observation_space):
        with pytest.raises(RulesError, match="invalid agent 'player_4': expected one of player_0"):
            call("player_4")
    with pytest.raises(RulesError, match="seed"):
        env.reset(seed=-1)
    env.reset(seed=2)
    assert env.render() == env.state_now.to_unicode()
    assert tailor_env().render() is None


def test_bridge_the_declarer_plays_the_dummy_and_each_side_scores_its_tricks() -> None:
    # Bridge has no fast step: its environment runs through the action space alone.
    env = bridge_env(bridge.Contract.parse("S by N"))
    env.reset(seed=4)
    for agent in env.agent_iter():
        observation, _, terminated, _, _ = env.last()
        if terminated:
            env.step(None)
            continue
        state = env.state_now
        seat = int(bridge.controller(state.contract, state.to_move))
        assert agent == f"player_{seat}" != "player_2"  # South, the dummy, never acts
        view = bridge.view_of(state, seat)
        assert tuple(np.flatnonzero(observation["action_mask"]).tolist()) == legal_ids(view)
        assert observation["observation"].tolist() == pytest.approx(observe(view))
        env.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    final = env.state_now
    assert final.is_over
    tricks = [float(final.tricks_of(seat)) for seat in range(4)]
    assert tricks[0] == tricks[2] and tricks[1] == tricks[3] and tricks[0] + tricks[1] == 13


def test_any_registered_game_gets_an_environment() -> None:
    env = game_env(bridge.Contract.parse("NT by W"))
    assert env.metadata["name"] == "cardgames_bridge_v0"
    assert env.action_spaces["player_0"].n == 52
    with pytest.raises(RulesError, match=r"expected a cardgames\.bridge\.Contract"):
        bridge_env(tarot.Rules.traditional(players=3))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"invalid rules 'chess'"):
        game_env("chess")
