"""French Tarot solver: the search with and without its shortcuts, side by side.

Usage::

    python benchmarks/french_solver.py --players 4 --tricks-left 8 --positions 15 --seed 1

Position ``i`` (counting from 0) comes from
``tarot.random_position(tarot.Rules.french(players=P), seed=seed + i, tricks_left=K)``: a seeded
deal, random bids, call, discard and announcement, then random legal cards until ``K`` tricks
remain, at a trick boundary. Each position's exact value for the taker's side (the card points
still to come, :meth:`cardgames.tarot.search.TarotSearch.value`, which is what
:func:`cardgames.solver.solve` spends its time on; shown as the side's points at the end of
the deal) is searched twice, each time by a fresh
searcher: once with every shortcut, once with ``shortcuts=False``, which drops the bounds and
merges that rest on an argument about the rules (the cashing bound, the sure trump tricks,
cards merged as equal, dead suits, low cards renumbered in the table key). Under the French
rules a player must overtrump; the shortcuts stay on there because each still holds (see
:mod:`cardgames.tarot.search`), and this measures what keeping them is worth. The values must
agree; the script prints nodes and seconds of both, position by position, then the medians.
The order of the two runs alternates from one position to the next.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from fractions import Fraction

from cardgames import solver, tarot
from cardgames.solver.tarot import build_model, root_position
from cardgames.tarot.search import TarotSearch


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, choices=[3, 4, 5], default=4)
    parser.add_argument("--tricks-left", type=int, default=8)
    parser.add_argument("--positions", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = tarot.Rules.french(players=args.players)
    print(
        f"{rules} K={args.tricks_left} positions={args.positions} seed={args.seed}, "
        f"solver backend {solver.backend()}"
    )
    print(
        f"{'seed':>6} {'contract':>12} {'value':>6} {'nodes':>10} {'seconds':>8} "
        f"{'plain nodes':>12} {'plain s':>8} {'x nodes':>8} {'x time':>7}"
    )
    runs: dict[bool, tuple[list[int], list[float]]] = {True: ([], []), False: ([], [])}
    for i in range(args.positions):
        seed = args.seed + i
        state = tarot.random_position(rules, seed=seed, tricks_left=args.tricks_left)
        assert state.taker is not None and state.contract is not None
        teams = [state.team_of(seat) for seat in range(rules.players)]
        model = build_model(rules, state.taker, teams)
        root, aside = root_position(state, model)
        values = {}
        for shortcuts in (True, False) if i % 2 == 0 else (False, True):
            searcher = TarotSearch(model, shortcuts=shortcuts)
            started = time.perf_counter()
            values[shortcuts] = searcher.value(root.copy())
            runs[shortcuts][1].append(time.perf_counter() - started)
            runs[shortcuts][0].append(searcher.nodes)
        assert values[True] == values[False], (seed, values)
        nodes, seconds = runs[True][0][-1], runs[True][1][-1]
        plain_nodes, plain_seconds = runs[False][0][-1], runs[False][1][-1]
        points = Fraction(root.secured + values[True], rules.group_size) + aside
        print(
            f"{seed:>6} {state.contract.value:>12} {float(points):>6g} {nodes:>10} "
            f"{seconds:>8.3f} {plain_nodes:>12} {plain_seconds:>8.3f} "
            f"{plain_nodes / max(1, nodes):>8.1f} {plain_seconds / seconds:>7.1f}"
        )
    for label, shortcuts in (("with shortcuts", True), ("without", False)):
        nodes_list, seconds_list = runs[shortcuts]
        print(
            f"{label:>14}: median {statistics.median(nodes_list):.0f} nodes, "
            f"{statistics.median(seconds_list):.3f} s; mean {statistics.mean(seconds_list):.3f} s"
        )
    ratios = [p / s for s, p in zip(runs[True][1], runs[False][1], strict=True)]
    print(f"median time ratio without/with: {statistics.median(ratios):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
