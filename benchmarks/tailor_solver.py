"""Time the Chase the Tailor solver against its reference on seeded random endgames.

Usage::

    python benchmarks/tailor_solver.py [--players 4] [--positions 10] [--seed 1]
        [--horizon H] [--cards-left N] [--chase] [--tailor] [--repeat R] [--fast-only]

For each position (``tailor.random_position(rules, seed=seed * 1000 + i, cards_left=N)``) it runs
:func:`~cardgames.solver.tailor.analyse_tailor` (the fast search over the int model)
and scores every legal move with the plain reference alpha-beta over real states,
:func:`~cardgames.solver.tailor.reference_tailor_value` (what the analysis reports),
checks that the values agree, and prints the nodes and seconds of both; then the medians, the
speed-up (the median of the per-position ratios, and the ratio of the totals) and the time per
node. The reference's nodes are counted on the int model with the engine's
:func:`~cardgames.search.engine.reference_value`, which visits the very same tree; its time
is shown too (``model ref s``). Each timing is the best of ``--repeat`` runs, so that a busy
machine disturbs the figures less. ``--tailor`` first moves the Tailor into the hand of the
player to move, the case where merging equivalent calls matters most. The first line says
whether :mod:`cardgames.tailor.search_model` runs compiled or as Python.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from cardgames.search.engine import reference_value
from cardgames.solver.tailor import (
    DEFAULT_HORIZON,
    analyse_tailor,
    reference_tailor_value,
)
from cardgames.tailor import Rules, State, give_tailor, random_position
from cardgames.tailor import search_model as tailor_search_model
from cardgames.tailor.search_model import TailorModel


class CountingModel:
    """A :class:`~cardgames.tailor.search_model.TailorModel` that counts the children it makes."""

    def __init__(self, model: TailorModel) -> None:
        self.model = model
        self.nodes = 0

    def legal(self, position: list[int]) -> list[int]:
        return self.model.legal(position)

    def distinct(self, position: list[int]) -> dict[int, int]:
        return self.model.distinct(position)

    def child(self, position: list[int], move: int) -> list[int]:
        self.nodes += 1
        return self.model.child(position, move)

    def is_over(self, position: list[int]) -> bool:
        return self.model.is_over(position)

    def maximising(self, position: list[int]) -> bool:
        return self.model.maximising(position)

    def banked(self, position: list[int]) -> int:
        return self.model.banked(position)

    def future_bounds(self, position: list[int]) -> tuple[int, int]:
        return self.model.future_bounds(position)


def best_time(run: Callable[[], object], repeat: int) -> float:
    """The shortest of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def reference_nodes(state: State, perspective: int, horizon: int) -> int:
    """The nodes the reference visits scoring every legal move of ``state``."""
    model = TailorModel.for_state(state, perspective)
    counting = CountingModel(model)
    root = model.encode(state, horizon)
    for move in model.legal(root):
        reference_value(counting, counting.child(root, move))
    return counting.nodes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--horizon", type=int, default=DEFAULT_HORIZON)
    parser.add_argument("--cards-left", type=int, default=3)
    parser.add_argument("--chase", action="store_true", help="play with Chase Mode")
    parser.add_argument("--tailor", action="store_true", help="give the Tailor to the mover")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (best kept)")
    parser.add_argument("--fast-only", action="store_true", help="skip the references")
    parser.add_argument("--reference", action="store_true", help=argparse.SUPPRESS)  # default
    args = parser.parse_args(argv)
    rules = Rules(players=args.players, chase_mode=args.chase)
    compiled = not tailor_search_model.__file__.endswith(".py")
    compare = not args.fast_only
    print(
        f"players={args.players} chase={args.chase} horizon={args.horizon} "
        f"cards_left={args.cards_left} seed={args.seed} tailor={args.tailor} "
        f"repeat={args.repeat} model={'compiled' if compiled else 'python'}"
    )
    header = f"{'pos':>4} {'moves':>5} {'nodes':>8} {'seconds':>9} {'exact':>6} {'value':>8}"
    if compare:
        header += f" {'ref nodes':>9} {'ref s':>9} {'model ref s':>11} {'speed-up':>8}"
    print(header)
    seconds: list[float] = []
    nodes: list[int] = []
    ref_seconds: list[float] = []
    ref_nodes: list[int] = []
    model_seconds: list[float] = []
    mismatches = 0
    horizon = args.horizon
    for index in range(args.positions):
        state = random_position(rules, seed=args.seed * 1000 + index, cards_left=args.cards_left)
        if args.tailor:
            moved = give_tailor(state, state.to_move)
            state = state if moved is None else moved
        result = analyse_tailor(state, horizon=horizon)

        def analyse(state: State = state) -> None:
            analyse_tailor(state, horizon=horizon)

        spent = best_time(analyse, args.repeat)
        seconds.append(spent)
        nodes.append(result.nodes)
        line = (
            f"{index:>4} {len(result.move_values):>5} {result.nodes:>8} {spent:>9.4f} "
            f"{result.exact!s:>6} {float(result.value):>8.2f}"
        )
        if compare:
            seat = result.perspective
            reference = [
                reference_tailor_value(state.play(entry.move), seat, horizon - 1)
                for entry in result.move_values
            ]
            if reference != [entry.value for entry in result.move_values]:
                mismatches += 1
                line += "  MISMATCH"
            children = [state.play(entry.move) for entry in result.move_values]

            def score_all(children: list[State] = children, seat: int = seat) -> None:
                for child in children:
                    reference_tailor_value(child, seat, horizon - 1)

            def score_all_on_model(state: State = state, seat: int = seat) -> None:
                model = TailorModel.for_state(state, seat)
                root = model.encode(state, horizon)
                for move in model.legal(root):
                    reference_value(model, model.child(root, move))

            ref_spent = best_time(score_all, max(1, args.repeat // 2))
            model_spent = best_time(score_all_on_model, max(1, args.repeat // 2))
            counted = reference_nodes(state, seat, horizon)
            ref_seconds.append(ref_spent)
            model_seconds.append(model_spent)
            ref_nodes.append(counted)
            line += (
                f" {counted:>9} {ref_spent:>9.4f} {model_spent:>11.4f} {ref_spent / spent:>8.1f}"
            )
        print(line)
    per_node = sum(seconds) / max(1, sum(nodes)) * 1e6
    print(
        f"fast: median nodes {statistics.median(nodes):.0f}, median seconds "
        f"{statistics.median(seconds):.5f}, total seconds {sum(seconds):.4f}, "
        f"{per_node:.1f} us/node"
    )
    if compare:
        ratios = [ref / fast for ref, fast in zip(ref_seconds, seconds, strict=True)]
        ref_per_node = sum(ref_seconds) / max(1, sum(ref_nodes)) * 1e6
        print(
            f"reference: median nodes {statistics.median(ref_nodes):.0f}, median seconds "
            f"{statistics.median(ref_seconds):.5f}, total {sum(ref_seconds):.4f}, "
            f"{ref_per_node:.1f} us/node; model reference: median seconds "
            f"{statistics.median(model_seconds):.5f}, total {sum(model_seconds):.4f}"
        )
        print(
            f"speed-up over the reference: median {statistics.median(ratios):.1f}x, of totals "
            f"{sum(ref_seconds) / sum(seconds):.1f}x; mismatches {mismatches}"
        )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
