"""How far the horizon search's estimates are from the exact value, side by side.

For every seeded position of the three-player traditional game (:func:`cardgames.tarot.
random_position` with ``--tricks-left`` tricks to go), the exact value of the player to move
is compared with ``analyse(state, horizon=H)`` under each estimate of
:class:`cardgames.tarot.horizon.Estimate`, on the same positions in one run. It prints, per
group of seeds, estimate and horizon, the mean, median and worst absolute error in card points
and the median time per call (wall-clock, and the process's CPU time, steadier on a busy
machine)::

    python benchmarks/estimate_error.py
    python benchmarks/estimate_error.py --horizons 1,2 --held-out 2000:2200

The two groups of seeds: ``--seeds`` (default 1000-1029, the issue's positions) and
``--held-out`` (default 2000-2199), both clear of the seeds the learned evaluation was fitted
on (see ``benchmarks/fit_evaluation.py``). The exact values take a while (about a second a
position compiled, at 10 tricks left); ``--cache FILE`` keeps them between runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

from cardgames import solver, tarot
from cardgames._compiled import backend
from cardgames.solver.tarot import analyse_tarot
from cardgames.tarot.horizon import Estimate

RULES = tarot.Rules.traditional(players=3)


def seed_range(text: str) -> range:
    first, stop = (int(part) for part in text.split(":"))
    return range(first, stop)


def exact_values(seeds: list[int], tricks_left: int, cache: Path | None) -> dict[int, Fraction]:
    known: dict[str, str] = {}
    if cache is not None and cache.exists():
        known = json.loads(cache.read_text(encoding="utf-8"))
    values = {}
    for seed in seeds:
        key = f"{tricks_left}:{seed}"
        if key not in known:
            state = tarot.random_position(RULES, seed=seed, tricks_left=tricks_left)
            known[key] = str(solver.solve(state).value)
            if cache is not None:
                cache.write_text(json.dumps(known), encoding="utf-8")
        values[seed] = Fraction(known[key])
    return values


def measure(
    seeds: list[int], exact: dict[int, Fraction], tricks_left: int, horizon: int, estimate: Estimate
) -> tuple[list[float], list[float], list[float]]:
    errors = []
    seconds = []
    cpu = []
    for seed in seeds:
        state = tarot.random_position(RULES, seed=seed, tricks_left=tricks_left)
        start, start_cpu = time.perf_counter(), time.process_time()
        analysis = analyse_tarot(state, horizon=horizon, estimate=estimate)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        errors.append(abs(float(analysis.value - exact[seed])))
    return errors, seconds, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1000:1030", help="FIRST:STOP (default 1000:1030)")
    parser.add_argument("--held-out", default="2000:2200", help="FIRST:STOP (default 2000:2200)")
    parser.add_argument("--tricks-left", type=int, default=10)
    parser.add_argument("--horizons", default="1", help="comma-separated (default 1)")
    parser.add_argument(
        "--estimates",
        default=",".join(estimate.value for estimate in Estimate),
        help="comma-separated names of tarot.horizon.Estimate (default: all)",
    )
    parser.add_argument("--cache", default=None, help="a JSON file keeping the exact values")
    args = parser.parse_args(argv)
    horizons = [int(part) for part in args.horizons.split(",")]
    estimates = [Estimate(name) for name in args.estimates.split(",")]
    cache = None if args.cache is None else Path(args.cache)
    print(
        f"$ python benchmarks/estimate_error.py {' '.join(sys.argv[1:] if argv is None else argv)}"
    )
    print(f"backend {backend()}; {args.tricks_left} tricks left; errors in card points")
    print(
        f"{'seeds':>11} {'estimate':>9} {'horizon':>7} {'mean':>6} {'median':>6} {'worst':>6} "
        f"{'ms/call':>8} {'cpu ms':>7}"
    )
    for group in (args.seeds, args.held_out):
        seeds = list(seed_range(group))
        exact = exact_values(seeds, args.tricks_left, cache)
        for horizon in horizons:
            for estimate in estimates:
                errors, seconds, cpu = measure(seeds, exact, args.tricks_left, horizon, estimate)
                print(
                    f"{group.replace(':', '-'):>11} {estimate.value:>9} {horizon:>7} "
                    f"{statistics.fmean(errors):6.2f} {statistics.median(errors):6.2f} "
                    f"{max(errors):6.2f} {statistics.median(seconds) * 1000:8.2f} "
                    f"{statistics.median(cpu) * 1000:7.2f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
