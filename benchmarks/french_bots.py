"""French Tarot: PIMCBot playing for the contract's score against PIMCBot playing for card
points, each against a field of RuleBots, on the same duplicate deals.

The deals are played in chunks (``--chunk`` deals seeded from ``--seed``, ``--seed + 1``, ...)
and each chunk's per-deal figures are appended to a JSON-lines file as soon as it is done,
so that a run stopped early still counts. Run one process per setting, then ``report``::

    python benchmarks/french_bots.py play --objective points --out base.jsonl --chunks 30
    python benchmarks/french_bots.py play --objective score --out score.jsonl --chunks 30
    python benchmarks/french_bots.py report base.jsonl score.jsonl

A deal's figure is the tested bot's payoff minus the mean payoff of the other seats, averaged
over the rotations of the duplicate arena (as ``benchmarks/bots.py`` counts "against the
field"). ``report`` prints each file's mean with its 95 % interval and the paired difference
on the deals both files hold.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from cardgames import arena, tarot
from cardgames.bots import PIMCBot, RuleBot

sys.path.insert(0, str(Path(__file__).parent))
from bots import Timed, field_scores


def summary(values: list[float]) -> str:
    """Mean and 95 % interval."""
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return f"{mean:+.2f} over {count} deal"
    half = arena.Z_95 * statistics.stdev(values) / math.sqrt(count)
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] over {count} deals"


def play_chunks(
    rules: Any, make_bot: Any, out: str, *, seed: int, chunks: int, chunk: int, **info: Any
) -> None:
    """Play ``chunks`` duplicate arenas of ``chunk`` deals each (seeds ``seed``, ``seed + 1``,
    ...) of ``make_bot()`` against RuleBots, appending each one's per-deal figures to ``out``."""
    for number in range(chunks):
        tested = Timed(make_bot())
        bots: list[Any] = [tested] + [RuleBot() for _ in range(rules.players - 1)]
        start = time.perf_counter()
        result = arena.run(rules, bots, deals=chunk, seed=seed + number)
        record = {
            "seed": seed + number,
            "deals": chunk,
            **info,
            "players": rules.players,
            "field": field_scores(result),
            "seconds": time.perf_counter() - start,
            "median_move": statistics.median(tested.seconds),
            "max_move": max(tested.seconds),
        }
        with open(out, "a", encoding="utf-8") as file:
            file.write(json.dumps(record) + "\n")


def play(args: argparse.Namespace) -> None:
    play_chunks(
        tarot.Rules.french(players=args.players),
        lambda: PIMCBot(objective=args.objective, worlds=args.worlds),
        args.out,
        seed=args.seed,
        chunks=args.chunks,
        chunk=args.chunk,
        objective=args.objective,
        worlds=args.worlds,
    )


def load(path: str) -> dict[tuple[int, int], float]:
    scores: dict[tuple[int, int], float] = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            record = json.loads(line)
            for number, value in enumerate(record["field"]):
                scores[(record["seed"], number)] = value
    return scores


def report(args: argparse.Namespace) -> None:
    runs = [load(path) for path in args.files]
    for path, scores in zip(args.files, runs, strict=True):
        print(f"{path}: against the field {summary(list(scores.values()))}")
    if len(runs) == 2:
        both = sorted(set(runs[0]) & set(runs[1]))
        paired = [runs[1][key] - runs[0][key] for key in both]
        print(f"{args.files[1]} minus {args.files[0]} (paired): {summary(paired)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("play")
    run.add_argument("--objective", choices=("score", "points"), default="score")
    run.add_argument("--players", type=int, default=4)
    run.add_argument("--worlds", type=int, default=12)
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--chunks", type=int, default=30)
    run.add_argument("--chunk", type=int, default=10)
    run.add_argument("--out", required=True)
    show = commands.add_parser("report")
    show.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args)
    else:
        report(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
