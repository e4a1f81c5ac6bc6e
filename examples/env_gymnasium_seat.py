"""One seat of Tarot as a Gymnasium environment, against the library's RuleBot in the other
seats (needs ``cardgames[rl]``).

Run ``python examples/env_gymnasium_seat.py``; without the extra it says so and stops.
"""

from __future__ import annotations

import importlib.util
import sys


def main() -> int:
    """Play ten deals with a random masked policy and print the learner's payoffs."""
    if not all(importlib.util.find_spec(name) for name in ("numpy", "gymnasium")):
        print("skipped: this example needs the rl extra (pip install 'cardgames[rl]')")
        return 0
    import numpy as np

    from cardgames import tarot
    from cardgames.bots import RuleBot
    from cardgames.env.gymnasium import tarot_gym_env

    env = tarot_gym_env(tarot.Rules.traditional(players=3), seat=0, opponents=RuleBot())
    rng = np.random.default_rng(1)
    totals = []
    for deal in range(10):
        observation, _ = env.reset(seed=deal)
        terminated, reward = False, 0.0
        while not terminated:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, _, _ = env.step(action)
        totals.append(float(reward))
        print(f"deal {deal}: seat 0 scores {float(reward):+.0f}")
    print(f"average against RuleBot: {np.mean(totals):+.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
