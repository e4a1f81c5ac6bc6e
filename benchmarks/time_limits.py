"""Do the solver's and the PIMC bot's time limits hold? Wall-clock time around each call.

Usage::

    python benchmarks/time_limits.py [--limits 0.5 2 8] [--positions 2] [--seed 1]
        [--pimc-worlds 3000] [--pimc-cap 0.02]

Position ``i`` (counting from 0) is
``tarot.random_position(tarot.Rules.french(players=4), seed=seed + i, tricks_left=17)``:
early enough in a deal that no limit below a minute finishes the search. For each position
and each limit ``T`` the script times ``solver.analyse(state, limit=Limit(time=T))`` with
:func:`time.perf_counter` around the call and prints the wall time, the analysis'
``elapsed``, the overrun (wall time minus ``T``) and the nodes searched. Then it times one
decision of ``PIMCBot(worlds=W, time_per_move=C)`` for the seat to move in the first
position (from its view), against its cap. The solver backend in use is printed first: run it
with the compiled package's interpreter to measure the compiled backend.
"""

from __future__ import annotations

import argparse
import random
import time

from cardgames import solver, tarot
from cardgames.bots import PIMCBot
from cardgames.tarot.view import view_of


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limits", type=float, nargs="+", default=[0.5, 2.0, 8.0])
    parser.add_argument("--positions", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pimc-worlds", type=int, default=3000)
    parser.add_argument("--pimc-cap", type=float, default=0.02)
    args = parser.parse_args(argv)
    rules = tarot.Rules.french(players=4)
    print(f"{rules}, solver backend {solver.backend()}")
    print(f"{'seed':>5} {'limit':>6} {'wall':>8} {'elapsed':>8} {'overrun':>8} {'nodes':>9}")
    states = [
        tarot.random_position(rules, seed=args.seed + i, tricks_left=17)
        for i in range(args.positions)
    ]
    for i, state in enumerate(states):
        for seconds in args.limits:
            start = time.perf_counter()
            analysis = solver.analyse(state, limit=solver.Limit(time=seconds))
            wall = time.perf_counter() - start
            print(
                f"{args.seed + i:>5} {seconds:>6g} {wall:>8.3f} {analysis.elapsed:>8.3f} "
                f"{wall - seconds:>+8.3f} {analysis.nodes:>9}"
            )
    state = states[0]
    bot = PIMCBot(worlds=args.pimc_worlds, time_per_move=args.pimc_cap)
    view = view_of(state, state.to_move)
    start = time.perf_counter()
    bot.choose(view, random.Random(args.seed))
    wall = time.perf_counter() - start
    print(
        f"PIMCBot(worlds={args.pimc_worlds}, time_per_move={args.pimc_cap:g}): one decision "
        f"took {wall:.3f} s (overrun {wall - args.pimc_cap:+.3f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
