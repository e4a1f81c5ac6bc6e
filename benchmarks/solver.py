"""Time the Tarot solver on seeded positions.

Usage::

    python benchmarks/solver.py --rules traditional --players 3 --tricks-left 8 \\
        --positions 25 --seed 1 [--reference]

Position ``i`` (counting from 0) comes from ``random_tarot_position(rules, seed + i, K)``: a
seeded deal and discard, then random legal play until ``K`` tricks remain, at a trick boundary.
Each position gets a full :func:`cardgames.solver.analyse` (every legal card's exact value and
the principal variation). With ``--reference`` the same positions are also solved by the plain
reference search (value only, so the ratio flatters the reference) and the speed-up is shown.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from cardgames import solver, tarot
from cardgames.solver.positions import random_tarot_position
from cardgames.solver.tarot_analysis import build_model, reference_tarot_value
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
    args = parser.parse_args(argv)
    if args.rules == "simplified":
        rules = tarot.Rules.simplified(players=args.players)
    else:
        rules = tarot.Rules.traditional(players=args.players)
    limit = solver.Limit(time=args.time_limit) if args.time_limit else None
    print(f"{rules} K={args.tricks_left} positions={args.positions} seed={args.seed}")
    header = f"{'seed':>6} {'moves':>5} {'value':>7} {'exact':>5} {'nodes':>10} {'seconds':>9}"
    if args.reference:
        header += f" {'ref nodes':>11} {'ref s':>9} {'ratio':>8}"
    print(header)
    seconds, nodes, ratios = [], [], []
    for i in range(args.positions):
        state = random_tarot_position(rules, args.seed + i, args.tricks_left)
        started = time.perf_counter()
        analysis = solver.analyse(state, limit=limit)
        elapsed = time.perf_counter() - started
        seconds.append(elapsed)
        nodes.append(analysis.nodes)
        line = (
            f"{args.seed + i:>6} {len(analysis.move_values):>5} {analysis.value!s:>7} "
            f"{analysis.exact!s:>5} {analysis.nodes:>10} {elapsed:>9.4f}"
        )
        if args.reference:
            reference = ReferenceSearch(build_model(rules, state.to_move))
            started = time.perf_counter()
            value = reference_tarot_value(state)
            reference_elapsed = time.perf_counter() - started
            assert value == analysis.value, (value, analysis.value)
            del reference
            ratios.append(reference_elapsed / elapsed)
            line += f" {'':>11} {reference_elapsed:>9.3f} {reference_elapsed / elapsed:>8.1f}"
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
