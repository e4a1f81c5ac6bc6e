"""How strong the bots are, and which PIMC settings play best: duplicate arenas with timings.

Each run plays one bot (``--bot``, in the command-line form of ``cardgames arena``) against
copies of ``--against`` in a duplicate arena and prints the arena's table, the head-to-head
figure against the first opponent and the time the tested bot took per move (median and
maximum). Examples::

    python benchmarks/bots.py tarot --bot rule --against random --deals 50
    python benchmarks/bots.py tarot --bot pimc:worlds=8:estimate=rollout --deals 20
    python benchmarks/bots.py tailor --players 4 --bot pimc:worlds=8 --deals 50

Timings are wall-clock on whatever else the machine is doing; the figures of play are exactly
reproducible from ``--seed``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

import attrs

from cardgames import arena, tailor, tarot
from cardgames.arena_cli import parse_bot


@attrs.define
class Timed:
    """Wraps a bot and records the seconds of every decision (serial arenas only)."""

    bot: Any
    seconds: list[float] = attrs.field(factory=list)

    @property
    def name(self) -> str:
        return str(getattr(self.bot, "name", "bot"))

    def choose(self, view: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        move = self.bot.choose(view, rng)
        self.seconds.append(time.perf_counter() - start)
        return move


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=("tarot", "tailor"))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--against", default="rule")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules: tarot.Rules | tailor.Rules
    if args.game == "tarot":
        rules = tarot.Rules.traditional(players=args.players or 3)
    else:
        rules = tailor.Rules(players=args.players or 4)
    tested = Timed(parse_bot(args.bot))
    bots: list[Any] = [tested] + [parse_bot(args.against) for _ in range(rules.players - 1)]
    start = time.perf_counter()
    result = arena.run(rules, bots, deals=args.deals, seed=args.seed)
    elapsed = time.perf_counter() - start
    print(f"$ python benchmarks/bots.py {' '.join(sys.argv[1:] if argv is None else argv)}")
    print(result.table())
    versus = result.comparison(0, 1)
    print(
        f"{args.bot} vs {args.against}: {versus.mean:+.3f} per deal, 95% interval "
        f"[{versus.low:.3f}, {versus.high:.3f}] over {versus.deals} deals"
    )
    seconds = tested.seconds
    print(
        f"time per move of {args.bot}: median {statistics.median(seconds) * 1000:.1f} ms, "
        f"max {max(seconds) * 1000:.1f} ms over {len(seconds)} moves; arena {elapsed:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
