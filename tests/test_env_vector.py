"""The vectorised environment (cardgames.env.vector): every game of the batch plays exactly the
deals and observations of a single PettingZoo environment seeded alike, finished games start
again in the same step, and bad batches are refused."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from cardgames import tailor, tarot  # noqa: E402
from cardgames.env.pettingzoo import game_env  # noqa: E402
from cardgames.env.vector import VectorEnv  # noqa: E402
from cardgames.errors import IllegalMoveError, RulesError  # noqa: E402

RULES: dict[str, Any] = {
    "tailor-3": tailor.Rules(players=3),
    "tailor-4-chase": tailor.Rules(players=4, chase_mode=True),
    "traditional-3": tarot.Rules.traditional(players=3),
    "french-4": tarot.Rules.french(players=4),
}


def pick(mask: Any, rng: random.Random) -> int:
    legal = np.flatnonzero(mask).tolist()
    return int(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", list(RULES))
def test_each_game_plays_as_a_single_environment_seeded_alike(name: str) -> None:
    rules = RULES[name]
    games, steps, seed = 3, 260, 40
    batch = VectorEnv(rules, games, seed=seed)
    observations, masks, to_move = batch.reset()
    choosers = [random.Random(100 + number) for number in range(games)]
    record: list[list[tuple[Any, ...]]] = [[] for _ in range(games)]
    for _ in range(steps):
        actions = [pick(masks[number], choosers[number]) for number in range(games)]
        for number in range(games):
            record[number].append(
                (observations[number].copy(), masks[number].copy(), int(to_move[number]))
            )
        observations, masks, to_move, rewards, terminated = batch.step(actions)
        for number in range(games):
            if terminated[number]:
                record[number].append(("end", rewards[number].tolist()))
    ends = 0
    for number in range(games):
        env = game_env(rules)
        env.reset(seed=seed + number)
        chooser = random.Random(100 + number)
        for entry in record[number]:
            if isinstance(entry[0], str):
                ends += 1
                payoffs = [env.rewards[agent] for agent in env.possible_agents]
                assert payoffs == pytest.approx(entry[1])
                env.reset()
                continue
            observation, mask, seat = entry
            agent = env.agent_selection
            assert agent == f"player_{seat}"
            seen = env.observe(agent)
            assert np.array_equal(seen["observation"], observation)
            assert np.array_equal(seen["action_mask"], mask)
            env.step(pick(mask, chooser))
    assert ends >= 2  # the batch started new deals on its own


def test_games_are_seeded_one_by_one() -> None:
    rules = tailor.Rules(players=2)
    first = VectorEnv(rules, 3, seed=[5, 6, 7]).reset()[0]
    again = VectorEnv(rules, 3, seed=5).reset()[0]
    assert np.array_equal(first, again)
    alone = VectorEnv(rules, 1, seed=6).reset()[0]
    assert np.array_equal(alone[0], first[1])
    assert not np.array_equal(first[0], first[1])


def test_bad_batches_are_refused() -> None:
    rules = tailor.Rules(players=3)
    batch = VectorEnv(rules, 2, seed=1)
    with pytest.raises(RulesError, match="reset"):
        batch.step([0, 0])
    _, masks, _ = batch.reset()
    with pytest.raises(RulesError, match="one action id per game"):
        batch.step([0])
    illegal = int(np.flatnonzero(masks[1] == 0)[0])
    legal = int(np.flatnonzero(masks[0])[0])
    with pytest.raises(
        IllegalMoveError, match=f"game 1: illegal Chase the Tailor action id {illegal}"
    ):
        batch.step([legal, illegal])
    with pytest.raises(IllegalMoveError, match="expected an int from 0 to 993"):
        batch.step([5000, 0])
    with pytest.raises(RulesError, match="num_envs"):
        VectorEnv(rules, 0)
    with pytest.raises(RulesError, match="one per game"):
        VectorEnv(rules, 2, seed=[1])
    with pytest.raises(RulesError, match="invalid rules"):
        VectorEnv("tailor", 2)
