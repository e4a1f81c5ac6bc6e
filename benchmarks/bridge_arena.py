"""Duplicate bridge arenas: RuleBot against RandomBot, and PIMCBot against RuleBot, from one
fixed contract (3NT-style play: no trump by South, West leads).

Each deal is played twice, the partnerships swapped; the figure is the paired difference of
the two bots' payoffs per deal (their side's tricks minus 6.5), with its 95 % interval.

    PYTHONPATH=. python benchmarks/bridge_arena.py --deals 100 --worlds 6

Use the compiled build (``python setup.py build_ext --inplace``) for the PIMCBot arena: its
late double-dummy solves are the bulk of the work.
"""

from __future__ import annotations

import argparse
import time

from cardgames import arena, bots, bridge
from cardgames.bots.protocol import BridgeBot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=6)
    parser.add_argument("--contract", default="NT by S")
    parser.add_argument("--skip-pimc", action="store_true")
    parser.add_argument("--skip-rule", action="store_true")
    args = parser.parse_args()
    contract = bridge.Contract.parse(args.contract)
    pairs: list[tuple[BridgeBot, BridgeBot]] = []
    if not args.skip_rule:
        pairs.append((bots.RuleBot(), bots.RandomBot()))
    if not args.skip_pimc:
        pairs.append((bots.PIMCBot(worlds=args.worlds), bots.RuleBot()))
    for first, second in pairs:
        start = time.perf_counter()
        seated = [first, second, first, second]
        result = arena.run(contract, seated, deals=args.deals, seed=args.seed, progress=True)
        elapsed = time.perf_counter() - start
        print(result.table())
        print(f"({elapsed:.1f} s)\n", flush=True)


if __name__ == "__main__":
    main()
