"""Bridge double dummy at scale: our answers against DDS's (through ``endplay``), a correctness
run rather than a timing.

Usage::

    python benchmarks/bridge_exact.py [--tables 1000] [--leads 1000] [--seed 29]

Two parts, both seeded:

1. ``--tables``: the double-dummy table of whole deals (``bridge.random_deal(seed * 100_000 +
   i)``), our :func:`cardgames.solver.dd_table` against DDS's ``calc_dd_table``, cell by cell
   (20 cells a deal).
2. ``--leads``: whole deals with a random contract (``bridge.random_position(rng, 0)`` from
   ``random.Random(seed)``), at the opening lead: every card the leader may play, scored by our
   :func:`cardgames.solver.analyse` and by DDS's ``solve_board`` with every card scored.

Every disagreement is printed; the last lines count deals, cells, positions, cards and
disagreements, and the exit status is 1 if there was any. Progress goes to standard error.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from bridge_dds import check_cards, dds_table, search_name

from cardgames import bridge, solver
from cardgames.bridge import Seat, Strain

try:
    import endplay._dds as dds_core
except ImportError:  # pragma: no cover - the dev extra installs it
    sys.exit("this benchmark needs endplay: pip install endplay (or the project's dev extra)")


def check_tables(count: int, seed: int) -> int:
    wrong = 0
    start = time.perf_counter()
    for number in range(count):
        deal = bridge.random_deal(seed * 100_000 + number)
        ours = solver.dd_table(deal)
        theirs = dds_table(deal)
        for seat in Seat:
            for strain in Strain:
                if ours.tricks[seat][strain] != theirs[seat][strain]:
                    wrong += 1
                    print(
                        f"table mismatch: {deal.pbn()} {seat} {strain}: "
                        f"ours {ours.tricks[seat][strain]}, DDS {theirs[seat][strain]}",
                        flush=True,
                    )
        if (number + 1) % 50 == 0:
            elapsed = time.perf_counter() - start
            print(
                f"tables: {number + 1} done, {wrong} disagreements, {elapsed:.0f} s",
                file=sys.stderr,
            )
    print(f"dd_table: {count} whole deals, {20 * count} cells, {wrong} disagreements", flush=True)
    return wrong


def check_leads(count: int, seed: int) -> int:
    rng = random.Random(seed)
    wrong = cards = 0
    start = time.perf_counter()
    for number in range(count):
        state = bridge.random_position(rng, 0)
        wrong += check_cards(state)
        cards += len(state.legal_moves())
        if (number + 1) % 50 == 0:
            elapsed = time.perf_counter() - start
            print(
                f"leads: {number + 1} done, {wrong} disagreements, {elapsed:.0f} s", file=sys.stderr
            )
    print(
        f"opening leads: {count} whole deals, {cards} cards scored, {wrong} disagreements",
        flush=True,
    )
    return wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--leads", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    dds_core.SetMaxThreads(1)
    print(f"bridge search: {search_name()}; DDS on one thread", flush=True)
    wrong = check_tables(args.tables, args.seed)
    wrong += check_leads(args.leads, args.seed)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
