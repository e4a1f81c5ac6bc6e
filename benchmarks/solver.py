"""Time the Tarot solver on seeded positions.

Usage::

    python benchmarks/solver.py --rules traditional --players 3 --tricks-left 8 \\
        --positions 25 --seed 1 [--reference]

Position ``i`` (counting from 0) comes from
``tarot.random_position(rules, seed=seed + i, tricks_left=K)``: a
seeded deal and discard, then random legal play until ``K`` tricks remain, at a trick boundary.
By default each position gets a full :func:`cardgames.solver.analyse` (every legal card's exact
value and the principal variation); ``--solve`` times :func:`cardgames.solver.solve` instead (the
value and one best line). With ``--reference`` the same positions are also solved by the plain
reference search (the value only, so the ratio flatters the reference) and the speed-up is
shown; ``--independent`` times instead the independent table-driven alpha-beta of
``benchmarks/independent.py`` (the value only, checked equal).

``--horizon N`` analyses only N whole tricks ahead (:mod:`cardgames.tarot.horizon`), as the
PIMC bot does early in a deal.

``--compare-backends`` runs the same measurement twice, one after the other, in two
subprocesses: once on the installed (compiled, when built) solver and once with
``CARDGAMES_PURE=1``; it prints both medians, their ratio, microseconds per node and whether
the node counts agree position by position.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from fractions import Fraction

from cardgames import solver, tarot
from cardgames.solver.tarot import build_model, root_position
from cardgames.tarot.search import ReferenceSearch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from independent import independent_value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", choices=["simplified", "traditional"], default="traditional")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tricks-left", type=int, default=8)
    parser.add_argument("--positions", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reference", action="store_true", help="also run the reference search")
    parser.add_argument(
        "--independent",
        action="store_true",
        help="also run the independent table-driven alpha-beta of benchmarks/independent.py",
    )
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per analysis")
    parser.add_argument("--solve", action="store_true", help="time solve() instead of analyse()")
    parser.add_argument(
        "--horizon",
        type=int,
        default=None,
        help="analyse only this many whole tricks ahead (the Tarot horizon search)",
    )
    parser.add_argument(
        "--compare-backends",
        action="store_true",
        help="run the measurement on the compiled and on the pure-Python backend and compare",
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON summary instead of the table"
    )
    args = parser.parse_args(argv)
    if args.compare_backends:
        return compare_backends([a for a in (argv or sys.argv[1:]) if a != "--compare-backends"])
    if args.rules == "simplified":
        rules = tarot.Rules.simplified(players=args.players)
    else:
        rules = tarot.Rules.traditional(players=args.players)
    limit = solver.Limit(time=args.time_limit) if args.time_limit else None
    mode = "solve" if args.solve else "analyse"

    def say(text: str) -> None:
        if not args.json:
            print(text, flush=True)

    say(
        f"{rules} K={args.tricks_left} positions={args.positions} seed={args.seed} {mode}, "
        f"solver backend {solver.backend()}"
    )
    header = f"{'seed':>6} {'moves':>5} {'value':>7} {'exact':>5} {'nodes':>10} {'seconds':>9}"
    if args.reference or args.independent:
        header += f" {'ref nodes':>11} {'ref s':>9} {'ratio':>8}"
    say(header)
    seconds, nodes, ratios = [], [], []
    for i in range(args.positions):
        state = tarot.random_position(rules, seed=args.seed + i, tricks_left=args.tricks_left)
        started = time.perf_counter()
        if args.solve:
            result: solver.Analysis[tarot.Move] | solver.Solution[tarot.Move] = solver.solve(
                state, limit=limit
            )
            moves = 1
        else:
            result = solver.analyse(state, limit=limit, horizon=args.horizon)
            moves = len(result.move_values)
        elapsed = time.perf_counter() - started
        seconds.append(elapsed)
        nodes.append(result.nodes)
        exact_or_cut = result.exact or result.bound == "horizon"
        value = str(result.value) if exact_or_cut else f"{result.lower}..{result.upper}"
        line = (
            f"{args.seed + i:>6} {moves:>5} {value:>7} "
            f"{result.exact!s:>5} {result.nodes:>10} {elapsed:>9.4f}"
        )
        if args.reference:
            model = build_model(rules, state.to_move)
            root, discard = root_position(state, model)
            reference = ReferenceSearch(model)
            started = time.perf_counter()
            future = reference.value(root)
            reference_elapsed = time.perf_counter() - started
            reference_value = Fraction(root.secured + future, rules.group_size) + discard
            assert reference_value == result.value, (reference_value, result.value)
            ratios.append(reference_elapsed / elapsed)
            line += (
                f" {reference.nodes:>11} {reference_elapsed:>9.3f}"
                f" {reference_elapsed / elapsed:>8.1f}"
            )
        elif args.independent:
            started = time.perf_counter()
            other_value, other_nodes = independent_value(state)
            other_elapsed = time.perf_counter() - started
            assert other_value == result.value, (other_value, result.value)
            ratios.append(other_elapsed / elapsed)
            line += f" {other_nodes:>11} {other_elapsed:>9.3f} {other_elapsed / elapsed:>8.1f}"
        say(line)
    if args.json:
        summary = {"backend": solver.backend(), "seconds": seconds, "nodes": nodes}
        print(json.dumps(summary))
        return 0
    print(
        f"median: {statistics.median(seconds):.4f} s, {statistics.median(nodes):.0f} nodes; "
        f"mean {statistics.mean(seconds):.4f} s; max {max(seconds):.3f} s; "
        f"{per_node(seconds, nodes):.2f} us/node"
    )
    if ratios:
        against = "the independent alpha-beta" if args.independent else "the reference"
        print(f"median speed-up over {against}: {statistics.median(ratios):.1f}x")
    return 0


def per_node(seconds: list[float], nodes: list[int]) -> float:
    """Microseconds per node over the whole run."""
    return 1e6 * sum(seconds) / max(1, sum(nodes))


def compare_backends(argv: list[str]) -> int:
    """Run this script on both backends, one after the other, and compare."""
    runs = {}
    for label, pure in (("installed", False), ("python", True)):
        env = dict(os.environ)
        env.pop("CARDGAMES_PURE", None)
        if pure:
            env["CARDGAMES_PURE"] = "1"
        output = subprocess.run(
            [sys.executable, __file__, *argv, "--json"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        runs[label] = json.loads(output.strip().splitlines()[-1])
    fast, pure = runs["installed"], runs["python"]
    print(" ".join(argv))
    for run in (fast, pure):
        print(
            f"{run['backend']:>9}: median {statistics.median(run['seconds']):.4f} s, "
            f"mean {statistics.mean(run['seconds']):.4f} s, "
            f"median {statistics.median(run['nodes']):.0f} nodes, "
            f"{per_node(run['seconds'], run['nodes']):.2f} us/node"
        )
    ratios = [p / f for p, f in zip(pure["seconds"], fast["seconds"], strict=True)]
    agree = fast["nodes"] == pure["nodes"]
    print(
        f"ratio python/{fast['backend']}: medians "
        f"{statistics.median(pure['seconds']) / statistics.median(fast['seconds']):.2f}x, "
        f"median per position {statistics.median(ratios):.2f}x; "
        f"node counts {'identical' if agree else 'DIFFER'}"
    )
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
