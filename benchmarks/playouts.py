"""Engine throughput: random play-outs of seeded deals, in moves per second.

Each deal is dealt from its seed and played to the end by picking uniformly among
``state.legal_moves()`` with a generator seeded from the same seed, so every build plays exactly
the same moves. Prints one JSON line: the game, the number of deals and moves, and the seconds
spent playing (dealing included).

Usage::

    python benchmarks/playouts.py --game tarot --deals 200 [--rules traditional-3]
    python benchmarks/playouts.py --game tailor --deals 200 [--rules "players=6, chase=yes"]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

from cardgames import tailor, tarot


def play(game: str, preset: str, deals: int, seed: int) -> tuple[int, float]:
    """The moves played and the seconds taken by ``deals`` random play-outs."""
    moves = 0
    start = time.perf_counter()
    for number in range(seed, seed + deals):
        rng = random.Random(number)
        if game == "tarot":
            state: tarot.State | tailor.State = tarot.deal(tarot.Rules.parse(preset), seed=number)
        else:
            state = tailor.deal(tailor.Rules.parse(preset), seed=number)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))  # type: ignore[arg-type]
            moves += 1
    return moves, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=("tarot", "tailor"), default="tarot")
    parser.add_argument("--rules", help="rules text (default traditional-3, or players=4)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    preset = args.rules or ("traditional-3" if args.game == "tarot" else "players=4")
    moves, seconds = play(args.game, preset, args.deals, args.seed)
    summary = {"game": args.game, "rules": preset, "deals": args.deals, "moves": moves}
    summary |= {"seconds": seconds, "moves_per_second": moves / seconds}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
