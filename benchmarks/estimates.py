"""How far to trust ``solver.analyse(..., limit, estimates=True)``: on seeded positions whose
exact values can still be computed, compare each card's estimate and proved bounds with the
exact value.

Usage::

    python benchmarks/estimates.py --tricks-left 10 --positions 10 --seed 1000 --time 0.5

Position ``i`` is ``tarot.random_position(rules, seed=seed + i, tricks_left=K)``. For each, the
analysis with estimates under ``--time`` seconds (or ``--nodes``) is compared with the exact
analysis (no limit): the mean and worst absolute error of the position's value and of every
card's value, how many cards the exact search settled within the limit, whether every proved
bound holds (it must), and how often the estimate's best card is an exact best card (and what
choosing it cost when it is not). For comparison it also gives the error of a one-trick
horizon search alone (``analyse(state, horizon=1)``: what a position gets when the exact search
settles nothing, as at a deal's first trick). Times are those of the analysis with estimates;
the other analyses are not timed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from fractions import Fraction

from cardgames import solver, tarot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="traditional")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tricks-left", type=int, default=10)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--time", type=float, default=None, help="seconds per analysis")
    parser.add_argument("--nodes", type=int, default=None, help="nodes per analysis")
    args = parser.parse_args()
    if args.time is None and args.nodes is None:
        args.time = 0.5
    rules = tarot.Rules.preset(f"{args.rules}-{args.players}")
    limit = solver.Limit(nodes=args.nodes, time=args.time)
    value_errors: list[Fraction] = []
    horizon_errors: list[Fraction] = []
    card_errors: list[Fraction] = []
    settled = cards = 0
    same_best = 0
    choice_costs: list[Fraction] = []
    horizons: list[int] = []
    times: list[float] = []
    for i in range(args.positions):
        state = tarot.random_position(rules, seed=args.seed + i, tricks_left=args.tricks_left)
        started = time.perf_counter()
        quick = solver.analyse(state, limit=limit, estimates=True)
        times.append(time.perf_counter() - started)
        exact = solver.analyse(state)
        horizon_errors.append(abs(solver.analyse(state, horizon=1).value - exact.value))
        horizons.append(quick.horizon or 0)
        value_errors.append(abs(quick.value - exact.value))
        for entry, true in zip(quick.move_values, exact.move_values, strict=True):
            if not entry.lower <= true.value <= entry.upper:
                raise SystemExit(f"seed {args.seed + i}: a proved bound does not hold")
            card_errors.append(abs(entry.value - true.value))
            settled += entry.exact
            cards += 1
        chosen = quick.best_moves[0]
        if chosen in exact.best_moves:
            same_best += 1
        else:
            choice_costs.append(exact.value - exact.value_of(chosen))

    def points(values: list[Fraction]) -> str:
        mean = float(sum(values, Fraction(0)) / len(values))
        median = float(statistics.median(values))
        return f"mean {mean:.2f}, median {median:.2f}, worst {float(max(values)):.2f}"

    print(
        f"{args.positions} positions, {rules.name}, {args.tricks_left} tricks left, "
        f"seeds {args.seed}..{args.seed + args.positions - 1}, limit {limit}"
    )
    print(f"  position value error: {points(value_errors)}")
    print(f"  card value error:     {points(card_errors)}")
    print(f"  one-trick horizon alone, position value error: {points(horizon_errors)}")
    print(f"  cards settled exactly within the limit: {settled} of {cards}")
    print(f"  every proved bound holds; horizons used: {sorted(set(horizons))}")
    print(
        f"  best card an exact best: {same_best} of {args.positions}"
        + (
            f" (otherwise it cost {float(statistics.mean(choice_costs)):.2f} on average)"
            if choice_costs
            else ""
        )
    )
    print(f"  time per analysis: median {statistics.median(times):.3f} s, max {max(times):.3f} s")


if __name__ == "__main__":
    main()
