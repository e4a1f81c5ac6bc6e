"""Time the Tarot solver on seeded positions.

Usage::

    python benchmarks/solver.py --rules traditional --players 3 --tricks-left 8 \\
        --positions 25 --seed 1 [--reference]

Position ``i`` (counting from 0) comes from ``random_tarot_position(rules, seed + i, K)``: a
seeded deal and discard, then random legal play until ``K`` tricks remain, at a trick boundary.
By default each position gets a full :func:`cardgames.solver.analyse` (every legal card's exact
value and the principal variation); ``--solve`` times :func:`cardgames.solver.solve` instead (the
value and one best line). With ``--reference`` the same positions are also solved by the plain
reference search (the value only, so the ratio flatters the reference) and the speed-up is
shown.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from fractions import Fraction

from cardgames import solver, tarot
from cardgames.solver.positions import random_tarot_position
from cardgames.solver.tarot_analysis import build_model, root_position
from cardgames.solver.tarot_search import ReferenceSearch


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", choices=["simplified", "traditional"], default="traditional")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tricks-left", type=int, default=8)
    parser.add_argument("--positions", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reference", action="store_true", help="also run the reference search")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per analysis")
    parser.add_argument("--solve", action="store_true", help="time solve() instead of analyse()")
    args = parser.parse_args(argv)
    if args.rules == "simplified":
        rules = tarot.Rules.simplified(players=args.players)
    else:
        rules = tarot.Rules.traditional(players=args.players)
    limit = solver.Limit(time=args.time_limit) if args.time_limit else None
    mode = "solve" if args.solve else "analyse"
    print(f"{rules} K={args.tricks_left} positions={args.positions} seed={args.seed} {mode}")
    header = f"{'seed':>6} {'moves':>5} {'value':>7} {'exact':>5} {'nodes':>10} {'seconds':>9}"
    if args.reference:
        header += f" {'ref nodes':>11} {'ref s':>9} {'ratio':>8}"
    print(header)
    seconds, nodes, ratios = [], [], []
    for i in range(args.positions):
        state = random_tarot_position(rules, args.seed + i, args.tricks_left)
        started = time.perf_counter()
        if args.solve:
            result: solver.Analysis | solver.Solution = solver.solve(state, limit=limit)
            moves = 1
        else:
            result = solver.analyse(state, limit=limit)
            moves = len(result.move_values)
        elapsed = time.perf_counter() - started
        seconds.append(elapsed)
        nodes.append(result.nodes)
        value = str(result.value) if result.exact else f"{result.lower}..{result.upper}"
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
            value = Fraction(root.secured + future, rules.group_size) + discard
            assert value == result.value, (value, result.value)
            ratios.append(reference_elapsed / elapsed)
            line += (
                f" {reference.nodes:>11} {reference_elapsed:>9.3f}"
                f" {reference_elapsed / elapsed:>8.1f}"
            )
        print(line, flush=True)
    print(
        f"median: {statistics.median(seconds):.4f} s, {statistics.median(nodes):.0f} nodes; "
        f"mean {statistics.mean(seconds):.4f} s; max {max(seconds):.3f} s"
    )
    if ratios:
        print(f"median speed-up over the reference: {statistics.median(ratios):.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
