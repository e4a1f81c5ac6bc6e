"""Environment steps per second with random legal actions, ours side by side with RLCard's UNO
and OpenSpiel's ``crazy_eights`` in one run, on the same machine at the same moment; the
table of the targets of the learning environments (docs/environments.rst, "Speed").

Every rate is CPU time of this process (``time.process_time``), so that other work on the
machine slows every row alike; read the ratios. A step is one action of a player (dealing is
not counted as a step, but its time is). The rows:

* **PettingZoo**: our AEC environments, and RLCard's ``rlcard.make("uno")``, each loop doing
  what a learner's loop does on every step: read the acting player's observation and legal
  actions, pick one of the legal actions at random, apply it, start a new episode when one
  ends (ours: ``env.last()`` and ``env.step``; RLCard: ``env.step``, which returns the next
  player's state);
* **OpenSpiel**: ``crazy_eights`` (C++) with ``state.observation_tensor()``,
  ``state.legal_actions()`` and ``state.apply_action`` on every step, chance outcomes
  sampled as OpenSpiel's examples do; with ``--openspiel-ours`` our games through OpenSpiel;
* **raw step**: our fast step alone (:class:`cardgames.action_space.StepEngine`): an action
  id in, the legal ids, the mask and the acting seat's observation (numpy views of the
  engine's buffers) out;
* **vectorised**: :class:`cardgames.env.vector.VectorEnv` of 64 games, each step a batch of
  observations, masks, rewards and done flags, the random actions drawn from each game's legal
  ids;
* **engine**: the game on the library's objects, ``state.legal_moves()`` and
  ``state.play(move)`` (ours with the deal), against RLCard's raw UNO game
  (``get_legal_actions`` and ``step``).

RLCard is not a dependency of this project: install it where the benchmark runs
(``pip install rlcard``); without it, and without OpenSpiel or PettingZoo, the row says so::

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
"""Runs for about the given CPU seconds from a seed: (steps, episodes)."""

VECTOR_GAMES = 64


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


def rlcard_game_loop() -> Loop:
    def run(seconds: float, seed: int) -> tuple[int, int]:
        import numpy as np

        uno = importlib.import_module("rlcard.games.uno.game")
        game = uno.UnoGame(num_players=2)
        game.np_random = np.random.RandomState(seed)
        rng = random.Random(seed)
        steps = episodes = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[rng.randrange(len(legal))])
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


def raw_loop(rules: Any) -> Loop:
    def run(seconds: float, seed: int) -> tuple[int, int]:
        import numpy as np

        from cardgames.action_space import new_buffers
        from cardgames.env.games import EnvGame

        game = EnvGame(rules)
        players, size = game.players, game.observation_size
        observations, mask = new_buffers(1, players, size, game.action_count)
        engine = game.engine(observations, mask)
        views = np.frombuffer(observations, np.float32).reshape(players, size)
        mask_view = np.frombuffer(mask, np.int8)
        rng = random.Random(seed)
        steps = episodes = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            engine.reset(*game.draw(rng))
            while not engine.over():
                seat = engine.actor()
                engine.sync(seat)
                _observation, _mask = views[seat], mask_view
                legal = engine.legal()
                engine.step(legal[rng.randrange(len(legal))])
                steps += 1
            engine.returns()
            episodes += 1
        return steps, episodes

    return run


def vector_loop(rules: Any) -> Loop:
    def run(seconds: float, seed: int) -> tuple[int, int]:
        from cardgames.env.vector import VectorEnv

        batch = VectorEnv(rules, VECTOR_GAMES, seed=seed)
        batch.reset()
        rng = random.Random(seed)
        steps = episodes = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            _obs, _masks, _to_move, _rewards, done = batch.step(batch.random_actions(rng))
            steps += VECTOR_GAMES
            episodes += int(done.sum())
        return steps, episodes

    return run


def library_loop(make_rules: Callable[[], Any]) -> Loop:
    def run(seconds: float, seed: int) -> tuple[int, int]:
        from cardgames import games

        rules = make_rules()
        game = games.of(rules)
        players = game.players(rules)
        rng = random.Random(seed)
        steps = episodes = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.deal(rules, rng.getrandbits(64), rng.randrange(players))
            while not state.is_over:
                moves = state.legal_moves()
                state = state.play(moves[rng.randrange(len(moves))])
                steps += 1
            episodes += 1
        return steps, episodes

    return run


Row = tuple[str, str, Callable[[], Loop]]
"""(kind, name, loop maker)."""


def rows(args: argparse.Namespace) -> list[Row]:
    from cardgames import tailor, tarot

    tailor_rules = tailor.Rules(players=args.tailor_players)
    trad = tarot.Rules.preset("traditional-3")
    french = tarot.Rules.preset("french-4")
    p = args.tailor_players

    def ours_aec(rules: Any) -> Callable[[], Loop]:
        def make() -> Loop:
            from cardgames.env import pettingzoo

            return pettingzoo_loop(lambda: pettingzoo.game_env(rules))

        return make

    def spiel(name: str) -> Callable[[], Loop]:
        def make() -> Loop:
            import pyspiel

            if name.startswith("cardgames"):
                import cardgames.env.openspiel  # noqa: F401  (registers the games)
            return openspiel_loop(lambda: pyspiel.load_game(name))

        return make

    table: list[Row] = [
        ("pettingzoo", f"Chase the Tailor, {p}p (our PettingZoo AEC)", ours_aec(tailor_rules)),
        ("pettingzoo", "Tarot, traditional-3 (our PettingZoo AEC)", ours_aec(trad)),
        ("pettingzoo", "Tarot, french-4 (our PettingZoo AEC)", ours_aec(french)),
        ("uno-env", "UNO, 2p (RLCard rlcard.make('uno'))", lambda: rlcard_loop("uno")),
        ("crazy", "crazy_eights, 5p (OpenSpiel, C++)", spiel("crazy_eights")),
        ("raw", f"Chase the Tailor, {p}p (our raw step)", lambda: raw_loop(tailor_rules)),
        ("raw", "Tarot, traditional-3 (our raw step)", lambda: raw_loop(trad)),
        ("raw", "Tarot, french-4 (our raw step)", lambda: raw_loop(french)),
        (
            "vector",
            f"Chase the Tailor, {p}p (our VectorEnv, {VECTOR_GAMES} games)",
            lambda: vector_loop(tailor_rules),
        ),
        (
            "vector",
            f"Tarot, traditional-3 (our VectorEnv, {VECTOR_GAMES} games)",
            lambda: vector_loop(trad),
        ),
        (
            "engine",
            f"Chase the Tailor, {p}p (legal_moves + play, with the deal)",
            lambda: library_loop(lambda: tailor_rules),
        ),
        ("uno-game", "UNO, 2p (RLCard raw UnoGame)", rlcard_game_loop),
    ]
    if args.openspiel_ours:
        table += [
            (
                "spiel",
                f"Chase the Tailor, {p}p (ours through OpenSpiel)",
                spiel(f"cardgames_tailor(players={p})"),
            ),
            (
                "spiel",
                "Tarot, traditional-3 (ours through OpenSpiel)",
                spiel("cardgames_tarot_trad"),
            ),
        ]
    return table


# Each kind of row is measured against: (the kind it is compared with, the target's words).
TARGETS: dict[str, tuple[str, str]] = {
    "pettingzoo": ("uno-env", ">= 1.5x RLCard UNO env"),
    "vector": ("crazy", ">= 1x crazy_eights"),
    "engine": ("uno-game", ">= 1x RLCard UNO game"),
}
RAW_TARGET = 100_000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tailor-players", type=int, default=3)
    parser.add_argument("--openspiel-ours", action="store_true", help="our games via OpenSpiel too")
    parser.add_argument("--only", default=None, help="measure only the rows of these kinds (a,b)")
    args = parser.parse_args(argv)
    from cardgames._compiled import backend

    print(f"backend: {backend()}; rates in CPU time of this process")
    print(f"{'environment':<60} {'steps/s':>9} {'episodes':>8}  target")
    rates: dict[str, float] = {}
    measured: list[tuple[str, str, float | None, int]] = []
    kinds = None if args.only is None else set(args.only.split(","))
    for kind, name, make in rows(args):
        if kinds is not None and kind not in kinds:
            continue
        try:
            loop = make()
            start = time.process_time()
            steps, episodes = loop(args.seconds, args.seed)
            rate = steps / (time.process_time() - start)
        except ImportError as error:
            print(f"{name:<60} {'skipped':>9} ({error.name} is not installed)")
            continue
        rates.setdefault(kind, rate)
        measured.append((kind, name, rate, episodes))
        print(f"{name:<60} {rate:>9,.0f} {episodes:>8}  {verdict(kind, rate, rates)}", flush=True)
    print()
    print("against the targets (ratios of rates measured above):")
    for kind, name, rate, _ in measured:
        if rate is not None and (kind in TARGETS or kind == "raw"):
            print(f"  {name:<58} {verdict(kind, rate, rates)}")
    return 0


def verdict(kind: str, rate: float, rates: dict[str, float]) -> str:
    """The row's ratio to what its target compares it with, when that is measured."""
    if kind == "raw":
        return f"{rate / RAW_TARGET:.2f}x of 100,000/s"
    if kind not in TARGETS:
        return ""
    other, words = TARGETS[kind]
    if other not in rates:
        return f"({words}: not measured yet)"
    return f"{rate / rates[other]:.2f}x ({words})"


if __name__ == "__main__":
    raise SystemExit(main())
