"""The strong bot's figures, one command per target of the bots page (docs/bots.rst, "How
strong"): the tested bot against a field of RuleBots in a duplicate arena, the same deals for
the bot of a baseline build (another checkout, run in its own process), the paired difference,
a head-to-head arena against the baseline bot, the all-seeing bot's edge (three-player
traditional Tarot) and the CPU time per move::

    python benchmarks/strong_bots.py traditional --deals 300 --seed 9 --baseline ../base
    python benchmarks/strong_bots.py french --players 4 --deals 600 --seed 11 --baseline ../base
    python benchmarks/strong_bots.py french --players 3 --deals 300 --seed 12 --baseline ../base
    python benchmarks/strong_bots.py french --players 5 --deals 300 --seed 14 --baseline ../base
    python benchmarks/strong_bots.py tailor --deals 600 --seed 13 --baseline ../base
    python benchmarks/strong_bots.py bridge --deals 100 --seed 15 --baseline ../base

``--bot`` is the tested bot in the form of ``cardgames arena`` (default ``pimc``, the
library's defaults); ``--baseline-bot`` the baseline's (default ``pimc``, *its* defaults).
``--baseline`` is a checkout with a built ``.venv`` (``make lint`` there): its bot plays in a
subprocess of that checkout's Python, handed each view as JSON and a seed drawn from the
arena's random generator for that seat, so both runs are reproducible. Without it the steps
that need the baseline are skipped. ``--steps`` picks among ``field`` (tested bot against
RuleBots), ``seeing`` (the all-seeing bot against RuleBots, traditional only), ``baseline``
(the baseline bot against RuleBots, same deals) and ``h2h`` (the tested bot against copies of
the baseline bot).

A deal's figure is a bot's payoff minus the mean of the other entries', averaged over the
rotations (``benchmarks/bots.py``'s "against the field"); intervals are 95 %, the share of the
all-seeing edge has a bootstrap interval (2,000 resamples of the deals, seeded). CPU times are
the tested process's own (``time.process_time``), steady on a loaded machine.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cardgames import arena, bridge, games, tailor, tarot
from cardgames.bots import RuleBot
from cardgames.cli.options import parse_bot

sys.path.insert(0, str(Path(__file__).parent))
from all_seeing import AllSeeing, play_deal
from bots import field_scores

_SERVER = r"""
import json, random, sys, time
from cardgames import games
from cardgames.cli.options import parse_bot
bot = parse_bot(sys.argv[1])
for line in sys.stdin:
    request = json.loads(line)
    game = games.named(request["game"])
    view = game.view_type.from_dict(request["view"])
    start = time.process_time()
    move = bot.choose(view, random.Random(request["seed"]))
    cpu = time.process_time() - start
    print(json.dumps({"index": view.legal_moves().index(move), "cpu": cpu}), flush=True)
"""


class Timed:
    """A bot whose CPU time per decision is recorded (one process, serial arenas)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = str(getattr(bot, "name", "bot"))
        self.cpu: list[float] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        # Seeded as BaselineBot seeds its subprocess, so that a baseline bot identical to the
        # tested one makes the same moves.
        seeded = random.Random(rng.getrandbits(63))
        start = time.process_time()
        move = self.bot.choose(view, seeded)
        self.cpu.append(time.process_time() - start)
        return move


class BaselineBot:
    """The bot of another checkout, in a subprocess of that checkout's Python."""

    def __init__(self, checkout: str, spec: str, name: str = "baseline") -> None:
        python = Path(checkout) / ".venv" / "bin" / "python"
        self.process = subprocess.Popen(
            [str(python), "-c", _SERVER, spec],
            cwd=checkout,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.name = name
        self.cpu: list[float] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        request = {
            "game": games.of(view).name,
            "view": view.to_dict(),
            "seed": rng.getrandbits(63),
        }
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        self.cpu.append(answer["cpu"])
        return view.legal_moves()[answer["index"]]

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def summary(values: list[float]) -> str:
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return f"{mean:+.2f} over {count}"
    half = arena.Z_95 * statistics.stdev(values) / math.sqrt(count)
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] over {count}"


def cpu_line(label: str, cpu: list[float]) -> str:
    if not cpu:
        return f"{label}: no move timed"
    ordered = sorted(cpu)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{label} CPU per move: median {statistics.median(cpu) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, max {ordered[-1] * 1000:.0f} ms over {len(cpu)} moves"
    )


def share(tested: list[float], seeing: list[float], seed: int) -> str:
    """The tested bot's mean as a share of the all-seeing bot's, with a bootstrap interval
    over the deals (paired)."""
    count = len(tested)
    rng = random.Random(seed)
    ratios = []
    for _ in range(2000):
        picks = [rng.randrange(count) for _ in range(count)]
        top = math.fsum(seeing[at] for at in picks)
        if top > 0:
            ratios.append(math.fsum(tested[at] for at in picks) / top)
    ratios.sort()
    low = ratios[int(0.025 * len(ratios))]
    high = ratios[int(0.975 * len(ratios)) - 1]
    point = math.fsum(tested) / math.fsum(seeing)
    return f"{100 * point:.0f} % (bootstrap 95 % interval {100 * low:.0f}-{100 * high:.0f} %)"


def rules_for(args: argparse.Namespace) -> Any:
    if args.target == "traditional":
        return tarot.Rules.traditional(players=3)
    if args.target == "french":
        return tarot.Rules.french(players=args.players or 4)
    if args.target == "tailor":
        return tailor.Rules(players=args.players or 4)
    return bridge.Contract.parse(args.contract)


def seats(target: str, rules: Any, first: Any, other: Any) -> list[Any]:
    """The entries of an arena: bridge seats alternate partnerships, the other games put the
    tested bot in seat 0 and copies of ``other`` around it."""
    if target == "bridge":
        return [first, other, first, other]
    return [first] + [other] * (games.of(rules).players(rules) - 1)


def run_arena(
    args: argparse.Namespace, rules: Any, first: Any, other: Any, label: str
) -> list[float]:
    start = time.perf_counter()
    result = arena.run(
        rules, seats(args.target, rules, first, other), deals=args.deals, seed=args.seed
    )
    scores = field_scores(result)
    if args.target == "bridge":
        # Entries 0 and 2 are the same bot, on one side, 1 and 3 the other: the field figure
        # is then two thirds of the difference of the two sides' payoffs, which bridge quotes
        # (the arena's head-to-head figure, first minus second).
        scores = [1.5 * value for value in scores]
    print(f"{label}: {summary(scores)} deals ({time.perf_counter() - start:.0f} s)", flush=True)
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("target", choices=("traditional", "french", "tailor", "bridge"))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--contract", default="NT by S")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--baseline", default=None, help="a checkout with a built .venv")
    parser.add_argument("--baseline-bot", default="pimc")
    parser.add_argument("--steps", default="field,seeing,baseline,h2h")
    parser.add_argument("--save", default=None, help="write the per-deal figures here (JSON)")
    args = parser.parse_args(argv)
    steps = set(args.steps.split(","))
    rules = rules_for(args)
    print(f"$ python benchmarks/strong_bots.py {' '.join(sys.argv[1:] if argv is None else argv)}")
    figures: dict[str, list[float]] = {}
    tested = Timed(parse_bot(args.bot))
    if "field" in steps:
        figures["field"] = run_arena(args, rules, tested, RuleBot(), f"{args.bot} vs RuleBots")
        print(cpu_line(args.bot, tested.cpu), flush=True)
    if "seeing" in steps and args.target == "traditional":
        settings = {
            name: getattr(tested.bot, name)
            for name in ("exact_tricks", "estimate", "nodes", "lookahead", "objective")
        }
        from cardgames.bots import PIMCBot

        seeing = AllSeeing(PIMCBot(worlds=1, candidates=1, **settings))
        values = []
        for deal in range(args.deals):
            scores = play_deal(seeing, deal, args.seed, [], [])
            values.append(scores[0] - (scores[1] + scores[2]) / 2)
        figures["seeing"] = values
        print(f"all-seeing vs RuleBots: {summary(values)} deals", flush=True)
        if "field" in figures:
            print(f"share of the all-seeing edge: {share(figures['field'], values, args.seed)}")
    if args.baseline and "baseline" in steps:
        base = BaselineBot(args.baseline, args.baseline_bot)
        figures["baseline"] = run_arena(args, rules, base, RuleBot(), "baseline vs RuleBots")
        base.close()
        print(cpu_line("baseline", base.cpu), flush=True)
        if "field" in figures:
            paired = [a - b for a, b in zip(figures["field"], figures["baseline"], strict=True)]
            print(f"tested minus baseline, against RuleBots (paired): {summary(paired)} deals")
    if args.baseline and "h2h" in steps:
        base = BaselineBot(args.baseline, args.baseline_bot)
        figures["h2h"] = run_arena(args, rules, tested, base, "head to head: tested vs baseline")
        base.close()
    if args.save:
        Path(args.save).write_text(json.dumps({"args": vars(args), **figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
