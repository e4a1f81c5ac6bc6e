"""Time the Chase the Tailor solver on seeded random endgames.

Usage::

    python benchmarks/tailor_solver.py --players 4 --positions 10 --seed 1 [--horizon H]
        [--reference] [--chase] [--cards-left N] [--tailor]

For each position (``random_endgame(rules, seed * 1000 + i, cards_left)``) it prints the number
of legal moves, the nodes searched, the seconds taken and the value; then the medians. With
``--reference`` it also scores every legal move with the plain reference alpha-beta (what the
analysis reports), checks that the values agree, and prints the speed-up (reference seconds
over solver seconds, per position and the ratio of the totals). With ``--tailor`` the Tailor
is first moved into the hand of the player to move (swapped with that hand's first card), the
case where merging equivalent calls matters most.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from cardgames.solver.tailor_search import (
    DEFAULT_HORIZON,
    analyse_tailor,
    give_tailor,
    random_endgame,
    reference_tailor_value,
)
from cardgames.tailor import Rules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--horizon", type=int, default=DEFAULT_HORIZON)
    parser.add_argument("--cards-left", type=int, default=3)
    parser.add_argument("--chase", action="store_true", help="play with Chase Mode")
    parser.add_argument("--reference", action="store_true", help="compare with the reference")
    parser.add_argument("--tailor", action="store_true", help="give the Tailor to the mover")
    args = parser.parse_args(argv)
    rules = Rules(players=args.players, chase_mode=args.chase)
    print(
        f"players={args.players} chase={args.chase} horizon={args.horizon} "
        f"cards_left={args.cards_left} seed={args.seed} tailor={args.tailor}"
    )
    header = f"{'pos':>4} {'moves':>5} {'nodes':>8} {'seconds':>9} {'exact':>6} {'value':>8}"
    if args.reference:
        header += f" {'ref s':>9} {'speed-up':>8}"
    print(header)
    seconds: list[float] = []
    nodes: list[int] = []
    ref_seconds: list[float] = []
    mismatches = 0
    for index in range(args.positions):
        state = random_endgame(rules, args.seed * 1000 + index, cards_left=args.cards_left)
        if args.tailor:
            moved = give_tailor(state, state.to_move)
            state = state if moved is None else moved
        start = time.perf_counter()
        result = analyse_tailor(state, horizon=args.horizon)
        spent = time.perf_counter() - start
        seconds.append(spent)
        nodes.append(result.nodes)
        line = (
            f"{index:>4} {len(result.move_values):>5} {result.nodes:>8} {spent:>9.4f} "
            f"{result.exact!s:>6} {float(result.value):>8.2f}"
        )
        if args.reference:
            start = time.perf_counter()
            reference = [
                reference_tailor_value(state.play(entry.move), result.perspective, args.horizon - 1)
                for entry in result.move_values
            ]
            ref_spent = time.perf_counter() - start
            ref_seconds.append(ref_spent)
            if reference != [entry.value for entry in result.move_values]:
                mismatches += 1
                line += "  MISMATCH"
            line += f" {ref_spent:>9.4f} {ref_spent / spent:>8.1f}"
        print(line)
    print(
        f"median nodes {statistics.median(nodes):.0f}, median seconds "
        f"{statistics.median(seconds):.4f}, total seconds {sum(seconds):.3f}"
    )
    if args.reference:
        ratios = [ref / fast for ref, fast in zip(ref_seconds, seconds, strict=True)]
        print(
            f"reference: median seconds {statistics.median(ref_seconds):.4f}, total "
            f"{sum(ref_seconds):.3f}; speed-up median {statistics.median(ratios):.1f}x, "
            f"of totals {sum(ref_seconds) / sum(seconds):.1f}x; mismatches {mismatches}"
        )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
