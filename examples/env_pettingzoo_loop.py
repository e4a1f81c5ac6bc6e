"""A training loop over the PettingZoo environment: REINFORCE with a linear softmax policy
shared by every seat of a three-player round of Chase the Tailor (needs ``cardgames[rl]``).

Run ``python examples/env_pettingzoo_loop.py``; without the extra it says so and stops. It
is a sketch of the plumbing (masked sampling, the payoff at the end, one update per seat),
too short to learn much.
"""

from __future__ import annotations

import importlib.util
import sys


def main() -> int:
    """Train for 45 rounds and print seat 0's average payoff every 15."""
    if not all(importlib.util.find_spec(name) for name in ("numpy", "pettingzoo")):
        print("skipped: this example needs the rl extra (pip install 'cardgames[rl]')")
        return 0
    import numpy as np

    from cardgames import tailor
    from cardgames.env.pettingzoo import tailor_env

    env = tailor_env(tailor.Rules(players=3))
    rng = np.random.default_rng(0)
    size = env.observation_space("player_0")["observation"].shape[0]
    count = env.action_space("player_0").n
    weights = np.zeros((size, count))  # the policy: softmax(observation @ weights) on legal ids
    payoffs: list[float] = []
    for episode in range(45):
        env.reset(seed=episode)
        moves: dict[str, list[tuple[np.ndarray, np.ndarray]]] = {a: [] for a in env.agents}
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:  # the round's payoff pushes each of its moves up or down
                for features, step in moves[agent]:
                    seen = features.nonzero()[0]  # only the rows of non-zero features change
                    weights[seen] += 0.01 * (reward / 50) * np.outer(features[seen], step)
                payoffs += [reward] if agent == "player_0" else []
                env.step(None)
                continue
            logits = np.where(
                observation["action_mask"], observation["observation"] @ weights, -np.inf
            )
            probs = np.exp(logits - logits.max())
            probs /= probs.sum()
            action = int(rng.choice(count, p=probs))
            probs[action] -= 1.0  # minus the gradient of log(probs[action]) in the logits
            moves[agent].append((observation["observation"], -probs))
            env.step(action)
        if (episode + 1) % 15 == 0:
            print(
                f"rounds {episode - 13:2d}-{episode + 1}: seat 0 averages "
                f"{np.mean(payoffs[-15:]):6.1f} points"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
