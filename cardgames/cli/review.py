"""``cardgames review``: every move of a saved record judged by the solver.

``cardgames review FILE [--time-limit S]`` judges every move of a saved record with
:func:`cardgames.solver.review` and prints :meth:`cardgames.solver.Review.to_unicode` line by
line as the moves are judged. In French Tarot the bidding, the call, the taker's discard, the
announcement and the poignées are listed in order without being judged, and the cards played
are judged. ``--json`` prints every :meth:`cardgames.solver.PlayStep.to_dict` and the summary
as one line of JSON. A review that runs for more than a second reports its progress on
standard error.

Tarot moves are judged with estimates (``--estimates``, the default; see
:func:`cardgames.solver.review`): a move the exact search does not settle within the limit is
valued by a short horizon search within the bounds the exact search proved, its values and
loss marked ``≈`` (and ``"exact": false`` in JSON), and the summary counts both kinds and says
how many of each. ``--no-estimates`` shows such moves as bounds ``a..b`` and leaves them out of
the summary.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardgames.cli._progress import _Progress
from cardgames.cli._records import read_record
from cardgames.cli.options import TargetOptions, add_limit_options, limit_from_args
from cardgames.errors import AnalysisError
from cardgames.solver.play_review import _move_width, review_heading, review_line

__all__ = ["REVIEW_SECONDS", "add_parser", "run"]

REVIEW_SECONDS = 2.0
"""The time limit of ``review`` for each move when neither limit is given: the first moves of
a whole deal cannot be solved exactly in reasonable time, so they are judged by estimates
(shown ``≈``; with ``--no-estimates``, by bounds ``a..b`` left out of the summary), while the
later ones are solved exactly."""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``review`` to the top-level ``subparsers``."""
    parser = subparsers.add_parser(
        "review",
        help="judge every move of a saved record with the solver",
        description=(
            "Analyse the position before each move of a saved record and print what each move "
            "cost its side (the best move's value minus the played move's), then a summary per "
            "seat. Tarot discards are not judged: the review starts with the first card played. "
            "In French Tarot the bids, the call, the taker's discard, the announcement and "
            "poignées are listed in order, not judged; only the cards played are."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="a saved record of any game")
    options = TargetOptions(parser, {"record": "a record FILE"})
    options.add(
        "--after",
        type=int,
        metavar="N",
        defaults={"record": 0},
        help="judge only the moves after move N",
    )
    options.add(
        "--deal",
        type=int,
        metavar="D",
        defaults={"record": 1},
        help="the deal (or round) of the record, counted from 1",
    )
    add_limit_options(options, ("record",), seconds=REVIEW_SECONDS)
    options.add(
        "--estimates",
        action=argparse.BooleanOptionalAction,
        defaults={"record": True},
        help="Tarot: judge a move the exact search does not settle within the limit by an "
        "estimate within the bounds it proved, marked ≈ (--no-estimates: show its bounds and "
        "leave it out of the summary)",
    )
    options.add("--json", action="store_true", defaults={"record": False}, help="print JSON")

    def run_review(args: argparse.Namespace) -> int:
        given = options.given(args)
        options.resolve(args, "record")
        if "--time-limit" not in given and "--node-limit" not in given:
            args.time_limit = REVIEW_SECONDS
        return _run_review(args)

    parser.set_defaults(run=run_review)


def _run_review(args: argparse.Namespace) -> int:
    from cardgames.solver import review

    record = read_record(args.file)
    played = record.deal(args.deal)
    total = len(played.moves)
    if not 0 <= args.after <= total:
        raise AnalysisError(
            f"invalid --after {args.after}: the record has {total} moves (choose 0 to {total})"
        )
    limit = limit_from_args(args)  # a bad limit is refused before anything is printed
    deal = f", deal {args.deal}" if len(record.deals) > 1 else ""
    width = _move_width(played.start)
    if not args.json:
        print(f"Review of {record.title}{deal}: {total} moves")
        for line in review_heading(played.start, played.discard_moves(), args.estimates):
            print(line)

    def show(item: Any) -> None:
        if not args.json:
            print(review_line(item, width), flush=True)

    with _Progress():
        result = review(
            played.start,
            played.moves,
            limit=limit,
            after=args.after,
            on_item=show,
            estimates=args.estimates,
        )
    if args.json:
        report = {"file": args.file, "deal": args.deal, **result.to_dict()}
        print(json.dumps(report))
        return 0
    print(result.summary_text())
    return 0


def run(args: argparse.Namespace) -> int:
    """Run ``review``; returns the exit status."""
    status: int = args.run(args)
    return status
