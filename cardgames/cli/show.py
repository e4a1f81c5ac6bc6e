"""``cardgames show FILE``: print a saved record of any game.

Each deal (or round) is written out by its game (:meth:`cardgames.games.GameDescriptor.deal_text`):
a Tarot deal trick by trick with the seat of every card (a French deal with its bids, contract,
called card, dog, discard, announcement and poignées first, and its score at the end), a
Chase the Tailor round turn by turn with the seat that moved, a bridge deal trick by trick; a
whole game or match ends with its totals and winners.
"""

from __future__ import annotations

import argparse

from cardgames import games
from cardgames.cli._records import read_record
from cardgames.cli._results import totals_lines

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``show`` to the top-level ``subparsers``."""
    show = subparsers.add_parser(
        "show",
        help="print a saved record of any game",
        description=(
            'Print a saved record (of any game, told by its "game" field): the hands dealt, '
            "then each trick with the seat of every card (Tarot, bridge) or each turn with the "
            "seat that moved (Chase the Tailor), and the result; for a whole Tarot game or "
            "Chase the Tailor match, then the series totals (higher is better) and the winners. "
            "A French Tarot deal shows the bids, the contract and taker, the called card, the "
            "dog, the discard, the announcement and the poignées before its tricks, and ends "
            "with its score."
        ),
    )
    show.add_argument("file", metavar="FILE", help="a record written by --json or dumps()")
    show.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the record of ``args.file``; returns the exit status."""
    record = read_record(args.file)
    game = games.named(record.game)
    print(record.title)
    for key, value in record.tags:
        print(f"  {key}: {value}")
    for number, played in enumerate(record.deals, start=1):
        if len(record.deals) > 1:
            print(f"{game.deal_word.capitalize()} {number}:")
        print(game.deal_text(played.states()[-1]))
    if record.totals is not None:
        for line in totals_lines(record.totals, over=record.series_over):
            print(line)
    return 0
