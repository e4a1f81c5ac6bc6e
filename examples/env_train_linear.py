"""A learning agent in numpy alone: a linear softmax policy trained by REINFORCE on the
vectorised environment (``cardgames.env.vector``), for Chase the Tailor and three-player
Tarot, seat 0 against uniformly random players; then the trained policy plays as a bot in a
duplicate arena against RandomBot and RuleBot (needs ``cardgames[rl]``).

Run ``python examples/env_train_linear.py`` for a tiny run (a few seconds: it shows the
plumbing, too short to learn much). The docs' learning curves come from the full run, on
one core (numpy's BLAS held to one thread)::

    OPENBLAS_NUM_THREADS=1 python -u examples/env_train_linear.py --full \
        --out docs/_static/env_training.json
    python benchmarks/env_training_plot.py docs/_static/env_training.json

The policy: ``logits = observation @ weights + bias`` over every action id, illegal ids
masked out, a move drawn from the softmax. After each batch of finished deals, every move of
seat 0 is pushed up or down by its deal's payoff less a running average (REINFORCE with a
baseline), with Adam steps. In the arena the trained bot plays the most likely legal move.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from typing import Any

FULL_STEPS = {"tailor": 3_000_000, "tarot": 3_000_000}
"""Environment steps (every seat's moves) of the full run, per game."""
TINY_STEPS = 3_000
GAMES = 64
"""Games stepped together by the full run (the tiny run steps 8)."""
EPISODES_PER_UPDATE = 32
LEARNING_RATE = 0.01


class LinearPolicy:
    """A linear softmax policy over the observation vector of one rule set."""

    def __init__(self, size: int, actions: int) -> None:
        import numpy as np

        self.weights = np.zeros((size, actions))
        self.bias = np.zeros(actions)
        self._moments = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self._squares = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self._updates = 0

    def probabilities(self, observations: Any, masks: Any) -> Any:
        """The softmax over the legal ids, one row per observation."""
        import numpy as np

        logits = observations @ self.weights + self.bias
        logits = np.where(masks > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        return weights / weights.sum(axis=1, keepdims=True)

    def update(self, features: Any, directions: Any, episodes: int) -> None:
        """One Adam step along ``features.T @ directions`` (the REINFORCE gradient)."""
        import numpy as np

        self._updates += 1
        gradients = [features.T @ directions / episodes, directions.sum(axis=0) / episodes]
        for param, grad, moment, square in zip(
            (self.weights, self.bias), gradients, self._moments, self._squares, strict=True
        ):
            moment *= 0.9
            moment += 0.1 * grad
            square *= 0.999
            square += 0.001 * grad * grad
            step = moment / (1 - 0.9**self._updates)
            scale = np.sqrt(square / (1 - 0.999**self._updates)) + 1e-8
            param += LEARNING_RATE * step / scale


def train(
    rules: Any, steps: int, games: int, seed: int, report: int
) -> tuple[LinearPolicy, list[Any]]:
    """Train seat 0 against random players for ``steps`` environment steps on ``games``
    games at once; the policy and the learning curve (steps, deals, seat 0's mean payoff over
    the last thousand deals)."""
    import numpy as np

    from cardgames.env.vector import VectorEnv

    batch = VectorEnv(rules, games, seed=seed)
    observations, masks, to_move = batch.reset()
    policy = LinearPolicy(observations.shape[1], masks.shape[1])
    rng = np.random.default_rng(seed)
    opponents = random.Random(seed)
    moves: list[list[tuple[Any, int, Any]]] = [[] for _ in range(games)]
    finished: list[tuple[list[tuple[Any, int, Any]], float]] = []
    payoffs: list[float] = []
    baseline, spread = 0.0, 1.0
    curve = []
    done_steps = 0
    while done_steps < steps:
        actions = batch.random_actions(opponents)
        rows = np.flatnonzero(to_move == 0)
        if rows.size:
            probs = policy.probabilities(observations[rows], masks[rows])
            draws = rng.random(rows.size)[:, None]
            chosen = np.minimum((probs.cumsum(axis=1) < draws).sum(axis=1), masks.shape[1] - 1)
            for k, row in enumerate(rows.tolist()):
                action = int(chosen[k])
                if not masks[row, action]:  # a rounding slip past the last legal id
                    action = int(np.flatnonzero(masks[row])[-1])
                actions[row] = action
                moves[row].append((observations[row], action, probs[k]))
        observations, masks, to_move, rewards, done = batch.step(actions)
        done_steps += games
        for row in np.flatnonzero(done).tolist():
            payoffs.append(float(rewards[row, 0]))
            finished.append((moves[row], float(rewards[row, 0])))
            moves[row] = []
        if len(finished) >= EPISODES_PER_UPDATE:
            returns = np.array([payoff for _, payoff in finished])
            baseline = 0.95 * baseline + 0.05 * float(returns.mean())
            spread = 0.95 * spread + 0.05 * float(returns.var())
            features, directions = [], []
            for played, payoff in finished:
                advantage = (payoff - baseline) / (spread**0.5 + 1e-6)
                for observation, action, prob in played:
                    direction = -prob  # the gradient of log(prob[action]) in the logits
                    direction[action] += 1.0
                    features.append(observation)
                    directions.append(advantage * direction)
            if features:
                policy.update(np.array(features), np.array(directions), len(finished))
            finished = []
        if done_steps % report < games and payoffs:
            recent = payoffs[-1000:]
            curve.append((done_steps, len(payoffs), sum(recent) / len(recent)))
    return policy, curve


def random_baseline(rules: Any, deals: int, games: int, seed: int) -> float:
    """Seat 0's mean payoff over ``deals`` deals when every seat plays uniformly at random
    (where the learner starts)."""
    from cardgames.env.vector import VectorEnv

    batch = VectorEnv(rules, games, seed=seed)
    batch.reset()
    players = random.Random(seed)
    payoffs: list[float] = []
    while len(payoffs) < deals:
        *_, rewards, done = batch.step(batch.random_actions(players))
        payoffs.extend(rewards[done, 0].tolist())
    return sum(payoffs[:deals]) / deals


class LinearBot:
    """The trained policy as a bot of the library: the most likely legal move of its view."""

    def __init__(self, policy: LinearPolicy, name: str = "linear") -> None:
        self.policy = policy
        self.name = name

    def choose(self, view: Any, rng: random.Random) -> Any:
        import numpy as np

        from cardgames import env

        legal = env.legal_ids(view)
        logits = np.asarray(env.observe(view)) @ self.policy.weights + self.policy.bias
        best = max(legal, key=lambda action: logits[action])
        return env.move_of(best, view)


def evaluate(rules: Any, policy: LinearPolicy, deals: int, seed: int) -> dict[str, Any]:
    """The trained bot in seat 0 of duplicate arenas against two RandomBots, then two
    RuleBots: its mean payoff less theirs, with the 95 % interval."""
    from cardgames import arena, bots

    figures = {}
    for label, other in (("random", bots.RandomBot()), ("rule", bots.RuleBot())):
        result = arena.run(rules, [LinearBot(policy), other, other], deals=deals, seed=seed)
        versus = result.comparison(0, 1)
        figures[label] = {
            "deals": versus.deals,
            "trained": result.standings[0].mean,
            "opponent": result.standings[1].mean,
            "difference": versus.mean,
            "low": versus.low,
            "high": versus.high,
        }
    return figures


def main(argv: list[str] | None = None) -> int:
    """Train on both games (tiny by default) and print the curve and the arena figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="the docs' full run")
    parser.add_argument("--out", default=None, help="write the run's figures (JSON) here")
    parser.add_argument("--deals", type=int, default=None, help="arena deals (full: 200)")
    args = parser.parse_args(argv)
    if not importlib.util.find_spec("numpy"):
        print("skipped: this example needs the rl extra (pip install 'cardgames[rl]')")
        return 0
    from cardgames import tailor, tarot

    games = {"tailor": tailor.Rules(players=3), "tarot": tarot.Rules.traditional(players=3)}
    deals = args.deals or (200 if args.full else 2)
    run: dict[str, Any] = {}
    for name, rules in games.items():
        steps = FULL_STEPS[name] if args.full else TINY_STEPS
        start = time.process_time()
        games_at_once = GAMES if args.full else 8
        baseline = random_baseline(rules, 5000 if args.full else 20, games_at_once, seed=2)
        policy, curve = train(
            rules, steps, games_at_once, seed=1, report=max(steps // 30, games_at_once)
        )
        seconds = time.process_time() - start
        figures = evaluate(rules, policy, deals, seed=7)
        run[name] = {"rules": str(rules), "steps": steps, "cpu_seconds": seconds}
        run[name]["random_baseline"] = baseline
        run[name].update(curve=curve, arena=figures)
        print(f"{name} ({rules}): {steps:,} steps, {curve[-1][1]:,} deals")
        print(f"  seat 0 playing at random averages {baseline:+7.2f}")
        for done_steps, _, mean in curve[:: max(len(curve) // 6, 1)]:
            print(f"  after {done_steps:>9,} steps seat 0 averages {mean:+7.2f}")
        for label, entry in figures.items():
            print(
                f"  arena, {entry['deals']} deals against {label}: {entry['difference']:+.2f} "
                f"per deal, 95% interval [{entry['low']:+.2f}, {entry['high']:+.2f}]"
            )
        if args.full:  # times vary from run to run: only the full run prints them
            print(f"  {seconds:.0f} s of CPU to train")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as file:
            json.dump(run, file, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
