"""Environment steps per second with random legal actions: our PettingZoo AEC environments
(Chase the Tailor and Tarot) side by side with RLCard's UNO and OpenSpiel's ``crazy_eights``
in one run, on the same machine at the same moment.

A step is one action of a player (chance nodes and dealing are not counted as steps, but their
time is). Every loop does what a learner's loop does on each step: reads the acting player's
observation and legal actions, picks one of the legal actions at random, applies it, and
starts a new episode when one ends:

* ours: ``env.last()`` (the observation dict with its action mask) and ``env.step``;
* RLCard (``rlcard.make("uno")``): ``env.step``, which returns the next player's state
  (observation and legal actions);
* OpenSpiel: ``state.observation_tensor()``, ``state.legal_actions()``,
  ``state.apply_action``, chance outcomes sampled as OpenSpiel's examples do;
* ours through OpenSpiel (``--openspiel-ours``): the same OpenSpiel loop over
  :mod:`cardgames.env.openspiel`.

RLCard is not a dependency of this project: install it where the benchmark runs
(``pip install rlcard``, or ``pip install --target DIR rlcard termcolor`` and put DIR on
``PYTHONPATH``); without it, and without OpenSpiel or PettingZoo, the row says so. Run::

    nice python benchmarks/env_speed.py --seconds 10
    CARDGAMES_PURE=1 nice python benchmarks/env_speed.py --seconds 10
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable
from typing import Any

Loop = Callable[[float, int], tuple[int, int]]
"""Runs for about the given seconds from a seed: (steps, episodes)."""


def pettingzoo_loop(make: Callable[[], Any]) -> Loop:
    def run(seconds: float, seed: int) -> tuple[int, int]:
        import numpy as np

        env = make()
        rng = random.Random(seed)
        steps = episodes = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            env.reset(seed=rng.getrandbits(32))
            for _agent in env.agent_iter():
                observation, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            episodes += 1
        return steps, episodes

    return run


def rlcard_loop(game: str) -> Loop:
    def run(seconds: float, seed: int) -> tuple[int, int]:
        rlcard = importlib.import_module("rlcard")  # not a dependency: untyped here
        env = rlcard.make(game, config={"seed": seed})
        rng = random.Random(seed)
        steps = episodes = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state, _player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[rng.randrange(len(legal))])
                steps += 1
            episodes += 1
        return steps, episodes

    return run


def openspiel_loop(load: Callable[[], Any]) -> Loop:
    def run(seconds: float, seed: int) -> tuple[int, int]:
        game = load()
        rng = random.Random(seed)
        steps = episodes = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                    continue
                state.observation_tensor()
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
            episodes += 1
        return steps, episodes

    return run


def loops(args: argparse.Namespace) -> list[tuple[str, Callable[[], Loop]]]:
    def ours_aec(game: str) -> Callable[[], Loop]:
        def make() -> Loop:
            from cardgames import tailor, tarot
            from cardgames.env import pettingzoo

            if game == "tailor":
                rules = tailor.Rules(players=args.tailor_players)
                return pettingzoo_loop(lambda: pettingzoo.tailor_env(rules))
            tarot_rules = tarot.Rules.preset(game)
            return pettingzoo_loop(lambda: pettingzoo.tarot_env(tarot_rules))

        return make

    def spiel(name: str) -> Callable[[], Loop]:
        def make() -> Loop:
            import pyspiel

            if name.startswith("cardgames"):
                import cardgames.env.openspiel  # noqa: F401  (registers the games)
            return openspiel_loop(lambda: pyspiel.load_game(name))

        return make

    rows: list[tuple[str, Callable[[], Loop]]] = [
        (
            f"cardgames Chase the Tailor, {args.tailor_players}p (PettingZoo AEC)",
            ours_aec("tailor"),
        ),
        ("cardgames Tarot traditional-3 (PettingZoo AEC)", ours_aec("traditional-3")),
        ("cardgames Tarot french-4 (PettingZoo AEC)", ours_aec("french-4")),
        ("RLCard UNO, 2p (rlcard.make('uno'))", lambda: rlcard_loop("uno")),
        ("OpenSpiel crazy_eights, 5p (C++)", spiel("crazy_eights")),
    ]
    if args.openspiel_ours:
        rows += [
            (
                f"cardgames Chase the Tailor, {args.tailor_players}p (OpenSpiel)",
                spiel(f"cardgames_tailor(players={args.tailor_players})"),
            ),
            ("cardgames Tarot traditional-3 (OpenSpiel)", spiel("cardgames_tarot_trad")),
        ]
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per environment")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tailor-players", type=int, default=3)
    parser.add_argument("--openspiel-ours", action="store_true", help="our games via OpenSpiel too")
    args = parser.parse_args(argv)
    print(f"{'environment':<58} {'steps/s':>9} {'steps':>8} {'episodes':>8}")
    for name, make in loops(args):
        try:
            loop = make()
            start = time.process_time()
            steps, episodes = loop(args.seconds, args.seed)
            rate = steps / (time.process_time() - start)
        except ImportError as error:
            print(f"{name:<58} {'skipped':>9} ({error.name} is not installed)")
            continue
        print(f"{name:<58} {rate:>9.0f} {steps:>8} {episodes:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
