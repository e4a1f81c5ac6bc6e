"""Bridge double dummy: our solver cross-checked against DDS (through ``endplay``) and timed
beside it.

Usage::

    python benchmarks/bridge_dds.py [--deals 20] [--positions 20] [--timing 5] [--seed 1]
        [--min-tricks-played 0] [--skip-full] [--timing-tricks 13]

Three parts, all on seeded deals (``bridge.random_deal(seed * 100_000 + i)``):

1. ``--deals``: our :func:`cardgames.solver.dd_table` against DDS's ``calc_dd_table``, all 20
   cells of each deal.
2. ``--positions``: seeded mid-play positions (a random deal and contract played at random for
   0 to 12 tricks, from ``--min-tricks-played`` up, and 0 to 3 cards of the next trick):
   every legal card's value from :func:`cardgames.solver.analyse` against DDS's
   ``solve_board`` with every card scored.
3. ``--timing``: on full deals, one 13-trick solve (South declares no trump; our
   :func:`cardgames.solver.solve`, DDS's ``solve_board`` asked for one best card) and a whole
   double-dummy table, side by side in this one process, DDS on one thread
   (``SetMaxThreads(1)``): medians, the median of the per-deal ratios (ours / DDS) and our
   node counts. ``--timing-tricks N`` times solves of random positions with ``N`` tricks left
   instead (no table).

Any disagreement is printed and makes the exit status 1. The first line says whether the
bridge search runs compiled or as Python (build the compiled modules with
``python setup.py build_ext --inplace``; ``CARDGAMES_PURE=1`` forces Python).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from cardgames import bridge, solver
from cardgames.bridge import Contract, Deal, Seat, State, Strain
from cardgames.bridge import search as bridge_search
from cardgames.cards import Card

try:
    import endplay._dds as dds_core
    from endplay.dds import calc_dd_table, solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Card as DdsCard
    from endplay.types import Deal as DdsDeal
    from endplay.types import Denom, Player
except ImportError:  # pragma: no cover - the dev extra installs it
    sys.exit("this benchmark needs endplay: pip install endplay (or the project's dev extra)")

_DENOM = (Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt)
_PLAYER = (Player.north, Player.east, Player.south, Player.west)


def dds_table(deal: Deal) -> list[list[int]]:
    """DDS's table as ``[declarer][strain]`` (our seat and strain numbers)."""
    table = calc_dd_table(DdsDeal(deal.pbn()))
    return [[table[_PLAYER[seat], _DENOM[strain]] for strain in Strain] for seat in Seat]


def dds_position(state: State) -> DdsDeal:
    """The position of ``state`` as an endplay deal: the hands with the trick's cards given
    back, the leader and trump set, then the trick's cards played."""
    trick = state.trick
    hands = list(state.hands)
    seat = int(state.leader)
    for card in trick:
        hands[seat] = hands[seat].add(card)
        seat = (seat + 1) % 4
    deal = DdsDeal(Deal(tuple(hands)).pbn())
    deal.first = _PLAYER[state.leader]
    deal.trump = _DENOM[state.contract.strain]
    for card in trick:
        deal.play(DdsCard(str(card.suit) + str(card.rank)))
    return deal


def our_card(card: DdsCard) -> Card:
    """One of endplay's cards as ours."""
    return Card.parse(card.rank.name[1] + "SHDC"[int(card.suit)])


def check_tables(count: int, seed: int) -> int:
    wrong = 0
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
                        f"ours {ours.tricks[seat][strain]}, DDS {theirs[seat][strain]}"
                    )
    print(f"dd_table: {count} deals, {20 * count} cells, {wrong} disagreements")
    return wrong


def check_positions(count: int, seed: int, low: int) -> int:
    rng = random.Random(seed)
    wrong = cards = 0
    for _ in range(count):
        state = bridge.random_position(rng, rng.randint(low, 12), rng.randrange(4))
        analysis = solver.analyse(state)
        banked = state.tricks_of(state.to_move)
        theirs = {our_card(card): tricks for card, tricks in solve_board(dds_position(state))}
        for entry in analysis.move_values:
            cards += 1
            if entry.value - banked != theirs.get(entry.move):
                wrong += 1
                print(
                    f"card mismatch: {state}: {entry.move} ours {entry.value - banked}, "
                    f"DDS {theirs.get(entry.move)}"
                )
        if set(theirs) != {entry.move for entry in analysis.move_values}:
            wrong += 1
            print(f"legal cards differ: {state}")
    print(f"analyse: {count} positions, {cards} cards, {wrong} disagreements")
    return wrong


def time_full(count: int, seed: int, tables: bool, tricks_left: int) -> None:
    solves: list[tuple[float, float, int]] = []
    full: list[tuple[float, float, int]] = []
    rng = random.Random(seed)
    for number in range(count):
        deal = bridge.random_deal(seed * 100_000 + number)
        state = State(deal, Contract(Seat.SOUTH, Strain.NO_TRUMP))
        if tricks_left < 13:
            state = bridge.random_position(rng, 13 - tricks_left)
        board = dds_position(state)
        start = time.perf_counter()
        theirs = solve_board(board, SolveMode.OptimalOne)
        dds_seconds = time.perf_counter() - start
        start = time.perf_counter()
        solution = solver.solve(state)
        our_seconds = time.perf_counter() - start
        dds_value = state.tricks_of(state.to_move) + max(tricks for _, tricks in theirs)
        mark = "" if solution.value == dds_value else f"  MISMATCH (DDS {dds_value})"
        print(
            f"solve  deal {number}: ours {our_seconds:8.3f} s {solution.nodes:>10} nodes, "
            f"DDS {dds_seconds:7.4f} s, ratio {our_seconds / dds_seconds:8.1f}{mark}"
        )
        solves.append((our_seconds, dds_seconds, solution.nodes))
        if tables and tricks_left == 13:
            start = time.perf_counter()
            ours_table = solver.dd_table(deal)
            our_seconds = time.perf_counter() - start
            start = time.perf_counter()
            dds_table(deal)
            dds_seconds = time.perf_counter() - start
            print(
                f"table  deal {number}: ours {our_seconds:8.3f} s {ours_table.nodes:>10} nodes, "
                f"DDS {dds_seconds:7.4f} s, ratio {our_seconds / dds_seconds:8.1f}"
            )
            full.append((our_seconds, dds_seconds, ours_table.nodes))
    for name, rows in ((f"{tricks_left}-trick solve", solves), ("dd_table", full)):
        if not rows:
            continue
        ours_median = statistics.median(row[0] for row in rows)
        dds_median = statistics.median(row[1] for row in rows)
        ratio = statistics.median(row[0] / row[1] for row in rows)
        nodes = statistics.median(row[2] for row in rows)
        print(
            f"{name}: median ours {ours_median:.3f} s ({nodes:.0f} nodes), DDS {dds_median:.4f} s, "
            f"median per-deal ratio {ratio:.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--timing", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-tricks-played", type=int, default=0, choices=range(13))
    parser.add_argument("--skip-full", action="store_true", help="no dd_table in the timing")
    parser.add_argument(
        "--timing-tricks",
        type=int,
        default=13,
        choices=range(1, 14),
        help="time solves of random positions with this many tricks left (13: whole deals)",
    )
    args = parser.parse_args()
    dds_core.SetMaxThreads(1)
    compiled = bridge_search.__file__.endswith((".so", ".pyd"))
    print(f"bridge search: {'compiled' if compiled else 'Python'}; DDS on one thread")
    wrong = check_tables(args.deals, args.seed)
    wrong += check_positions(args.positions, args.seed, args.min_tricks_played)
    time_full(args.timing, args.seed, not args.skip_full, args.timing_tricks)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
