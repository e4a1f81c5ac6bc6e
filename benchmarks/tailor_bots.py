"""Chase the Tailor: PIMCBot against a field of RuleBots, duplicate, in chunks.

Like ``benchmarks/french_bots.py``: each chunk of ``--chunk`` rounds (seeds ``--seed``,
``--seed + 1``, ...) appends its per-round figures (PIMC's payoff minus the mean of the other
seats, over the rotations) to a JSON-lines file, and ``report`` sums them up::

    python benchmarks/tailor_bots.py play --out tailor.jsonl --chunks 20 --chunk 25
    python benchmarks/tailor_bots.py report tailor.jsonl

``--bot`` takes the command-line form of ``cardgames arena`` (default ``pimc``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardgames import tailor
from cardgames.cli.options import parse_bot

sys.path.insert(0, str(Path(__file__).parent))
from french_bots import play_chunks, report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("play")
    run.add_argument("--bot", default="pimc")
    run.add_argument("--players", type=int, default=4)
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--chunks", type=int, default=20)
    run.add_argument("--chunk", type=int, default=25)
    run.add_argument("--out", required=True)
    show = commands.add_parser("report")
    show.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "report":
        report(args)
        return 0
    play_chunks(
        tailor.Rules(players=args.players),
        lambda: parse_bot(args.bot),
        args.out,
        seed=args.seed,
        chunks=args.chunks,
        chunk=args.chunk,
        bot=args.bot,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
