"""The Gymnasium single-seat environment (extra ``rl``): Gymnasium's reset checks, the bots see
only their views, an episode ends with the learner's payoff, determinism by seed."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import (  # noqa: E402
    check_reset_options,
    check_reset_return_type,
    check_reset_seed_determinism,
    data_equivalence,
)
from gymnasium.utils.passive_env_checker import (  # noqa: E402
    env_reset_passive_checker,
    env_step_passive_checker,
)

from cardgames import tailor, tarot  # noqa: E402
from cardgames.bots import RandomBot, RuleBot  # noqa: E402
from cardgames.env import legal_ids  # noqa: E402
from cardgames.env.gymnasium import SeatEnv, tailor_gym_env, tarot_gym_env  # noqa: E402
from cardgames.errors import IllegalMoveError, RulesError  # noqa: E402


class SpyBot:
    """Plays randomly and records what it was handed."""

    def __init__(self) -> None:
        self.handed: list[Any] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        self.handed.append((view, rng))
        return RandomBot().choose(view, rng)


def first_legal(observation: dict[str, Any]) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


@pytest.mark.parametrize(
    "make",
    [
        lambda: tarot_gym_env(tarot.Rules.french(players=4), seat=2),
        lambda: tailor_gym_env(tailor.Rules(players=3, max_turns=150), seat=1),
    ],
)
def test_gymnasium_reset_and_step_checks_pass(make: Any) -> None:
    env = make()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_reset_return_type(env)
        check_reset_seed_determinism(env)
        check_reset_options(env)
        env_reset_passive_checker(env)
        observation, _ = env.reset(seed=4)
        env_step_passive_checker(env, first_legal(observation))


def test_the_bots_see_only_their_own_views() -> None:
    spies = [SpyBot(), SpyBot()]
    env = tailor_gym_env(tailor.Rules(players=3, max_turns=120), seat=0, opponents=spies)
    observation, _ = env.reset(seed=9)
    terminated = False
    while not terminated:
        observation, _, terminated, _, _ = env.step(first_legal(observation))
    for seat, spy in zip((1, 2), spies, strict=True):
        assert spy.handed
        for view, rng in spy.handed:
            assert isinstance(view, tailor.View) and view.seat == seat
            assert isinstance(rng, random.Random)


@pytest.mark.parametrize("rules", [tarot.Rules.traditional(players=3), tailor.Rules(players=4)])
def test_an_episode_ends_with_the_learner_payoff(rules: Any) -> None:
    make = tarot_gym_env if isinstance(rules, tarot.Rules) else tailor_gym_env
    env: SeatEnv = make(rules, seat=1, opponents=RuleBot())
    observation, _ = env.reset(seed=2)
    rng = np.random.default_rng(0)
    total, terminated = 0.0, False
    while not terminated:
        state = env.state_now
        assert state.to_move == 1
        mask = observation["action_mask"]
        assert tuple(np.flatnonzero(mask).tolist()) == legal_ids(state)
        observation, reward, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(mask)))
        )
        assert not truncated and observation in env.observation_space
        total += float(reward)
    assert total == float(env.state_now.payoffs()[1])
    assert not observation["action_mask"].any()
    with pytest.raises(RulesError, match="episode is over"):
        env.step(0)


def test_the_same_seed_gives_the_same_episode() -> None:
    def episode(seed: int) -> list[Any]:
        env = tarot_gym_env(tarot.Rules.french(players=3), seat=0, opponents=RandomBot())
        observation, _ = env.reset(seed=seed)
        seen: list[Any] = [observation]
        terminated = False
        while not terminated:
            observation, reward, terminated, _, _ = env.step(first_legal(observation))
            seen.append((observation, reward))
        return seen

    assert data_equivalence(episode(5), episode(5))
    assert not data_equivalence(episode(5), episode(6))


def test_bad_arguments_and_illegal_ids_are_refused() -> None:
    with pytest.raises(RulesError, match="seat"):
        tarot_gym_env(seat=3)
    with pytest.raises(RulesError, match="4 bots given for 2 other seats"):
        tarot_gym_env(opponents=[RandomBot()] * 4)
    with pytest.raises(RulesError, match="choose"):
        tailor_gym_env(opponents=object())  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="render mode"):
        tailor_gym_env(render_mode="human")
    env = tailor_gym_env(tailor.Rules(players=2), render_mode="ansi")
    with pytest.raises(RulesError, match="reset"):
        env.step(0)
    for seed in (-1, True, 2**64):
        with pytest.raises(RulesError, match="seed"):
            env.reset(seed=seed)
    observation, _ = env.reset(seed=1)
    before = env.state_now
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError, match=f"action id {illegal} "):
        env.step(illegal)
    assert env.state_now is before
    assert env.render() == before.to_unicode()
