"""Bridge double dummy: our solver cross-checked against DDS (through ``endplay``) and timed
beside it.

Usage::

    python benchmarks/bridge_dds.py [--deals 20] [--positions 20] [--seed 1]
        [--min-tricks-played 0] [--timing 5] [--timing-tricks 13 ...] [--tables 5]

Three parts, all seeded:

1. ``--deals``: our :func:`cardgames.solver.dd_table` against DDS's ``calc_dd_table``, all 20
   cells of each deal (``bridge.random_deal(seed * 100_000 + i)``).
2. ``--positions``: seeded mid-play positions (a random deal and contract played at random for
   0 to 12 tricks, from ``--min-tricks-played`` up, and 0 to 3 cards of the next trick):
   every legal card's value from :func:`cardgames.solver.analyse` against DDS's
   ``solve_board`` with every card scored.
3. ``--timing N``: for each number of tricks left given to ``--timing-tricks``, N seeded
   positions at the start of a trick (13: whole deals, a random contract each) solved by our
   :func:`cardgames.solver.solve` (value and best line) and by DDS's ``solve_board`` (one best
   card) side by side in this one process, DDS on one thread (``SetMaxThreads(1)``); then
   ``--tables`` whole-deal double-dummy tables by both. Times are CPU seconds
   (:func:`time.process_time`), so that other work on the machine counts less; the ratios
   are per position (ours / DDS), then summarised.

The summary is the table of issue 29: per tricks left, the median, 90th percentile and worst
ratio, our median and worst time, DDS's median, the median nodes (ours as cards searched and
tricks completed, DDS's as tricks), and how the median node counts grow per trick added between
the smallest and the largest number of tricks left timed.

Any disagreement is printed and makes the exit status 1. The first line says which bridge search
runs: the C core, the Python search compiled with mypyc (``--no-c``), or plain Python
(``CARDGAMES_PURE=1`` forces Python).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time

from cardgames import bridge, solver
from cardgames._compiled import backend
from cardgames.bridge import Deal, Seat, State, Strain, search_native
from cardgames.bridge.search_native import native_available
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


def search_name() -> str:
    """Which bridge search runs in this process."""
    if native_available():
        return "C core"
    return "compiled (mypyc)" if backend() == "compiled" else "Python"


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
        wrong += check_cards(state)
        cards += len(state.legal_moves())
    print(f"analyse: {count} positions, {cards} cards, {wrong} disagreements")
    return wrong


def check_cards(state: State) -> int:
    """Every legal card's value against DDS's; the number of disagreements."""
    analysis = solver.analyse(state)
    banked = state.tricks_of(state.to_move)
    theirs = {our_card(card): tricks for card, tricks in solve_board(dds_position(state))}
    wrong = 0
    for entry in analysis.move_values:
        if entry.value - banked != theirs.get(entry.move):
            wrong += 1
            print(
                f"card mismatch: {state}: {entry.move} ours {entry.value - banked}, "
                f"DDS {theirs.get(entry.move)}"
            )
    if set(theirs) != {entry.move for entry in analysis.move_values}:
        wrong += 1
        print(f"legal cards differ: {state}")
    return wrong


def timing_positions(tricks_left: int, count: int, seed: int) -> list[State]:
    """The seeded positions timed: whole deals with a random contract, or positions played at
    random to a trick's start with ``tricks_left`` tricks to go."""
    rng = random.Random(seed * 1000 + tricks_left)
    return [bridge.random_position(rng, 13 - tricks_left) for _ in range(count)]


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def time_solves(tricks_left: int, count: int, seed: int) -> dict[str, float]:
    rows = []
    wrong = 0
    for number, state in enumerate(timing_positions(tricks_left, count, seed)):
        board = dds_position(state)
        start = time.process_time()
        theirs = solve_board(board, SolveMode.OptimalOne)
        dds_seconds = time.process_time() - start
        start = time.process_time()
        solution = solver.solve(state)
        our_seconds = time.process_time() - start
        dds_value = state.tricks_of(state.to_move) + max(tricks for _, tricks in theirs)
        mark = ""
        if solution.value != dds_value:
            wrong += 1
            mark = f"  MISMATCH (DDS {dds_value})"
        ratio = our_seconds / max(dds_seconds, 1e-6)
        print(
            f"solve {tricks_left:>2} tricks, #{number:<3} {state.contract!s:8} ours "
            f"{our_seconds:8.4f} s {solution.nodes:>9} nodes, DDS {dds_seconds:7.4f} s "
            f"{theirs._data.nodes:>7} nodes, ratio {ratio:7.1f}{mark}"
        )
        rows.append((our_seconds, dds_seconds, ratio, solution.nodes, theirs._data.nodes))
    ratios = [row[2] for row in rows]
    return {
        "wrong": wrong,
        "median ratio": statistics.median(ratios),
        "p90 ratio": percentile(ratios, 0.9),
        "worst ratio": max(ratios),
        "our median": statistics.median(row[0] for row in rows),
        "our worst": max(row[0] for row in rows),
        "DDS median": statistics.median(row[1] for row in rows),
        "our nodes": statistics.median(row[3] for row in rows),
        "DDS nodes": statistics.median(row[4] for row in rows),
    }


def time_tables(count: int, seed: int) -> int:
    rows = []
    wrong = 0
    for number in range(count):
        deal = bridge.random_deal(seed * 100_000 + 50_000 + number)
        start = time.process_time()
        ours = solver.dd_table(deal)
        our_seconds = time.process_time() - start
        start = time.process_time()
        theirs = dds_table(deal)
        dds_seconds = time.process_time() - start
        same = all(
            ours.tricks[seat][strain] == theirs[seat][strain] for seat in Seat for strain in Strain
        )
        wrong += not same
        print(
            f"dd_table #{number:<3} ours {our_seconds:7.3f} s {ours.nodes:>9} nodes, DDS "
            f"{dds_seconds:6.3f} s, ratio {our_seconds / dds_seconds:6.1f}"
            + ("" if same else "  MISMATCH")
        )
        rows.append((our_seconds, dds_seconds))
    if rows:
        ours_median = statistics.median(row[0] for row in rows)
        worst = max(row[0] for row in rows)
        dds_median = statistics.median(row[1] for row in rows)
        ratio = statistics.median(row[0] / row[1] for row in rows)
        print(
            f"dd_table over {count} whole deals: median ours {ours_median:.3f} s (worst "
            f"{worst:.3f} s), DDS {dds_median:.3f} s, median ratio {ratio:.1f}"
        )
    return wrong


def summarise(results: dict[int, dict[str, float]]) -> None:
    print()
    print(
        "tricks left | median ratio | p90 ratio | worst ratio | our median | our worst | "
        "DDS median | median nodes, ours (cards) / DDS (tricks)"
    )
    for tricks_left, row in sorted(results.items()):
        print(
            f"{tricks_left:>11} | {row['median ratio']:12.1f} | {row['p90 ratio']:9.1f} | "
            f"{row['worst ratio']:11.1f} | {row['our median'] * 1000:8.1f} ms | "
            f"{row['our worst']:7.2f} s | {row['DDS median'] * 1000:7.2f} ms | "
            f"{row['our nodes']:,.0f} / {row['DDS nodes']:,.0f}"
        )
    if len(results) >= 2:
        first, last = min(results), max(results)
        steps = last - first
        for name, key in (("ours", "our nodes"), ("DDS", "DDS nodes")):
            growth = (results[last][key] / max(1.0, results[first][key])) ** (1 / steps)
            print(
                f"median nodes per trick added, {first} to {last} tricks left, {name}: "
                f"{growth:.2f}x"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--timing", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-tricks-played", type=int, default=0, choices=range(13))
    parser.add_argument(
        "--timing-tricks",
        type=int,
        nargs="+",
        default=[13],
        choices=range(2, 14),
        help="tricks left in the positions timed (13: whole deals)",
    )
    parser.add_argument("--tables", type=int, default=5, help="whole-deal tables timed")
    parser.add_argument(
        "--no-c",
        action="store_true",
        help="run the Python search (compiled with mypyc if it was built) instead of the C core",
    )
    args = parser.parse_args()
    if args.no_c:
        search_native._ddcore = None
    dds_core.SetMaxThreads(1)
    print(f"bridge search: {search_name()}; DDS on one thread; CPU seconds")
    solve_board(dds_position(bridge.random_position(0)), SolveMode.OptimalOne)  # DDS's set-up
    wrong = check_tables(args.deals, args.seed)
    wrong += check_positions(args.positions, args.seed, args.min_tricks_played)
    results = {}
    if args.timing:
        for tricks_left in args.timing_tricks:
            results[tricks_left] = time_solves(tricks_left, args.timing, args.seed)
            wrong += int(results[tricks_left]["wrong"])
    wrong += time_tables(args.tables, args.seed)
    if results:
        summarise(results)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
