"""OpenSpiel's IS-MCTS against PIMCBot and RuleBot: a duplicate arena of three-player
traditional Tarot (needs the ``openspiel`` extra).

Two steps. First the time budget: ``--calibrate K`` plays K deals serially with every bot
timed (CPU time of the process) and prints each bot's median and mean time per move, and the
numbers of IS-MCTS simulations that spend PIMCBot's mean time per move and ten times it (the
time of one simulation measured at ``--simulations``)::

    nice python benchmarks/openspiel_arena.py --calibrate 3 --simulations 40

Then the arena: one table of three entries, IS-MCTS (entry 0), PIMCBot (1) and RuleBot (2),
every deal played in the three rotations so that each bot holds each hand once; the arena's
head-to-head figures (paired by deal, with 95 % intervals) are IS-MCTS against PIMCBot and
IS-MCTS against RuleBot::

    nice python benchmarks/openspiel_arena.py --simulations 4 --deals 200 --jobs 2

A long arena can be played in parts with different seeds, each saved (``--save part.json``,
the arena's result as :meth:`cardgames.arena.ArenaResult.to_dict` writes it), and the parts
pooled (every deal of every part one unit, paired differences deal by deal)::

    nice python benchmarks/openspiel_arena.py --simulations 4 --deals 50 --seed 2 --save s2.json
    python benchmarks/openspiel_arena.py --combine s1.json s2.json s3.json s4.json

The figures of play are exactly reproducible from ``--seed`` (every bot, OpenSpiel's
included, draws from the arena's seeded ``random.Random``); the calibration's times are CPU
time, the arena's total wall-clock.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from cardgames import arena, bots, tarot
from cardgames.env.spiel_bots import ismcts


@attrs.define
class Timed:
    """Wraps a bot and records the seconds of every decision (serial arenas only)."""

    bot: Any
    seconds: list[float] = attrs.field(factory=list)

    @property
    def name(self) -> str:
        return str(getattr(self.bot, "name", "bot"))

    def choose(self, view: Any, rng: random.Random) -> Any:
        start = time.process_time()
        move = self.bot.choose(view, rng)
        self.seconds.append(time.process_time() - start)
        return move


def entries(simulations: int, uct_c: float) -> list[Any]:
    """IS-MCTS, PIMCBot (defaults), RuleBot."""
    return [ismcts(simulations=simulations, uct_c=uct_c), bots.PIMCBot(), bots.RuleBot()]


def calibrate(rules: tarot.Rules, args: argparse.Namespace) -> None:
    timed = [Timed(bot) for bot in entries(args.simulations, args.uct_c)]
    start = time.process_time()
    arena.run(rules, timed, deals=args.calibrate, seed=args.seed)
    print(f"calibration: {args.calibrate} deals in {time.process_time() - start:.0f} s of CPU")
    for bot in timed:
        seconds = bot.seconds
        print(
            f"  {bot.name}: median {statistics.median(seconds) * 1000:.1f} ms, mean "
            f"{statistics.mean(seconds) * 1000:.1f} ms, max {max(seconds) * 1000:.0f} ms "
            f"over {len(seconds)} moves"
        )
    per_simulation = statistics.mean(timed[0].seconds) / args.simulations
    pimc = statistics.mean(timed[1].seconds)
    for times in (1, 10):
        count = max(2, round(times * pimc / per_simulation))
        print(
            f"  IS-MCTS at {times}x PIMCBot's mean time per move ({times * pimc * 1000:.0f} ms): "
            f"about {count} simulations ({per_simulation * 1000:.2f} ms each)"
        )


def deal_scores(result: arena.ArenaResult) -> list[list[float]]:
    """Per deal, each entry's payoff averaged over the rotations."""
    entries = len(result.names)
    totals: dict[int, list[float]] = {}
    counts: dict[int, int] = {}
    for game in result.games:
        row = totals.setdefault(game.deal, [0.0] * entries)
        counts[game.deal] = counts.get(game.deal, 0) + 1
        for entry in range(entries):
            row[entry] += float(game.payoff_of(entry))
    return [[value / counts[deal] for value in totals[deal]] for deal in sorted(totals)]


def summary(values: list[float]) -> str:
    """Mean with its 95 % interval (normal approximation, as the arena's)."""
    mean = statistics.fmean(values)
    error = statistics.stdev(values) / math.sqrt(len(values))
    return (
        f"{mean:+.3f} per deal, 95% interval [{mean - 1.96 * error:+.3f}, "
        f"{mean + 1.96 * error:+.3f}] over {len(values)} deals"
    )


def combine(paths: list[str]) -> None:
    rows: list[list[float]] = []
    names: tuple[str, ...] = ()
    for path in paths:
        with open(path, encoding="utf-8") as file:
            result = arena.ArenaResult.from_dict(json.load(file))
        names = result.names
        rows.extend(deal_scores(result))
        print(f"{path}: seed {result.seed}, {result.deals} deals")
    for entry, name in enumerate(names):
        print(f"{name}: {summary([row[entry] for row in rows])}")
    for other in range(1, len(names)):
        diffs = [row[0] - row[other] for row in rows]
        won = sum(diff > 0 for diff in diffs)
        lost = sum(diff < 0 for diff in diffs)
        print(
            f"{names[0]} minus {names[other]}: {summary(diffs)} (won {won}, lost {lost}, "
            f"tied {len(diffs) - won - lost})"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulations", type=int, default=4, help="IS-MCTS simulations a move")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the arena")
    parser.add_argument("--calibrate", type=int, default=0, help="time K deals, no arena")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--save", default=None, help="write the arena's result to this file")
    parser.add_argument("--combine", nargs="+", default=None, help="pool saved results")
    args = parser.parse_args(argv)
    rules = tarot.Rules.traditional(players=3)
    print(
        f"$ python benchmarks/openspiel_arena.py {' '.join(sys.argv[1:] if argv is None else argv)}"
    )
    if args.combine:
        combine(args.combine)
        return 0
    if args.calibrate:
        calibrate(rules, args)
        return 0
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            result = arena.run(
                rules,
                entries(args.simulations, args.uct_c),
                deals=args.deals,
                seed=args.seed,
                executor=pool,
                progress=args.progress,
            )
    else:
        result = arena.run(
            rules,
            entries(args.simulations, args.uct_c),
            deals=args.deals,
            seed=args.seed,
            progress=args.progress,
        )
    print(result.table())
    for other in (1, 2):
        versus = result.comparison(0, other)
        interval = (
            "no interval from one deal"
            if versus.low is None or versus.high is None
            else f"95% interval [{versus.low:+.3f}, {versus.high:+.3f}]"
        )
        print(
            f"{result.names[0]} minus {result.names[other]}: {versus.mean:+.3f} per deal, "
            f"{interval} over {versus.deals} deals"
        )
    print(f"arena {time.perf_counter() - start:.0f} s of wall-clock time")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            json.dump(result.to_dict(), file)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
