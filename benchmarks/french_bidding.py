"""French bidding by simulation against RuleBot's count, card play aside: one seat bids by
:func:`cardgames.tarot.french_bidding.simulated_bid` and plays every other decision (the call,
the discard, the cards) by RuleBot's rules, against RuleBots, in a duplicate arena; the figure
is its payoff minus the mean of the others', per deal, with its 95 % interval::

    python benchmarks/french_bidding.py --players 4 --deals 150 --seed 401
    python benchmarks/french_bidding.py --players 3 --deals 150 --seed 402
    python benchmarks/french_bidding.py --players 5 --deals 150 --seed 403
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from cardgames import arena, tarot
from cardgames.bots import RuleBot
from cardgames.tarot.bot_play import tarot_rule_move
from cardgames.tarot.french_bidding import simulated_bid

sys.path.insert(0, str(Path(__file__).parent))
from bots import field_scores


class SimulatedBidder:
    """Bids by simulation, plays everything else as RuleBot; records the CPU time of a bid."""

    name = "simulated-bids"

    def __init__(self, worlds: int) -> None:
        self.worlds = worlds
        self.cpu: list[float] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        if view.phase is tarot.Phase.BIDDING and len(view.legal_moves()) > 1:
            start = time.process_time()
            move = simulated_bid(view, rng, worlds=self.worlds)
            self.cpu.append(time.process_time() - start)
            return move
        return tarot_rule_move(view)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=12)
    args = parser.parse_args(argv)
    rules = tarot.Rules.french(players=args.players)
    bot = SimulatedBidder(args.worlds)
    result = arena.run(
        rules, [bot] + [RuleBot()] * (args.players - 1), deals=args.deals, seed=args.seed
    )
    scores = field_scores(result)
    mean = sum(scores) / len(scores)
    half = arena.Z_95 * statistics.stdev(scores) / math.sqrt(len(scores))
    print(
        f"simulated bids ({args.worlds} worlds), {args.players} players: {mean:+.2f} "
        f"[{mean - half:+.2f}, {mean + half:+.2f}] over {len(scores)} deals; CPU per bid "
        f"median {statistics.median(bot.cpu) * 1000:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
