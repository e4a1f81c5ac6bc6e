"""``cardgames review``: every move of a saved record judged by the solver.

``cardgames review FILE [--time-limit S]`` judges every move of a saved record with
:func:`cardgames.solver.review` and prints :meth:`cardgames.solver.Review.to_unicode` line by
line as the moves are judged: whose values they are, then each move with a best move beside it
and its grade (inaccuracy, mistake or blunder, by the game's
:meth:`~cardgames.games.GameAnalysis.loss_grades`). ``--html PAGE`` also writes the review page
(:meth:`cardgames.solver.Review.to_html`), one HTML file to open in a browser. In French Tarot
the bidding, the call, the taker's discard, the announcement and the poignées are listed in
order without being judged, and the cards played are judged. ``--json`` prints every
:meth:`cardgames.solver.PlayStep.to_dict` and the summary as one line of JSON. A review that
runs for more than a second reports its progress on standard error.

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
import os
from typing import Any

from cardgames import games
from cardgames.cli._progress import _Progress
from cardgames.cli._records import read_record
from cardgames.cli.options import TargetOptions, add_limit_options, limit_from_args
from cardgames.errors import AnalysisError
from cardgames.solver.play_review import _move_width, review_heading, review_line, review_sides
from cardgames.validation import quote

__all__ = ["REVIEW_SECONDS", "add_parser", "check_page_path", "run", "write_page"]

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
    options.add(
        "--html",
        metavar="PAGE",
        defaults={"record": None},
        help="also write the review page to PAGE: one HTML file to open in a browser, with the "
        "table at every moment, every legal card's value and loss, a graph and the grades",
    )

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
    if args.html is not None:
        check_page_path(args.html)
    deal = f", deal {args.deal}" if len(record.deals) > 1 else ""
    width = _move_width(played.start, played.moves)
    game = games.of(played.start)
    grades = game.analysis.loss_grades(played.start)
    if not args.json:
        print(f"Review of {record.title}{deal}: {total} moves")
        sides = review_sides(played.start, played.moves, args.after)
        heading = review_heading(played.start, played.discard_moves(), args.estimates, sides, width)
        for line in heading:
            print(line)

    def show(item: Any) -> None:
        if not args.json:
            print(review_line(item, width, game.move_text, grades), flush=True)

    with _Progress():
        result = review(
            played.start,
            played.moves,
            limit=limit,
            after=args.after,
            on_item=show,
            estimates=args.estimates,
        )
    if args.html is not None:
        title = f"Review of {record.title}{deal}: {total} moves"
        write_page(args.html, result.to_html(title=title))
    if args.json:
        report = {"file": args.file, "deal": args.deal, **result.to_dict()}
        print(json.dumps(report))
        return 0
    print(result.summary_text())
    if args.html is not None:
        print(f"review page written to {args.html}")
    return 0


def check_page_path(path: str) -> None:
    """Check, before the review runs, that a page can be written to ``path``: a file name
    whose folder exists and is writable (nothing is created yet).

    :raises AnalysisError: quoting the path and saying what is wrong.
    """
    where = quote(path)
    if not path.strip():
        raise AnalysisError("invalid --html '': expected a file name")
    if os.path.isdir(path):
        raise AnalysisError(f"cannot write the review page to {where}: it is a directory")
    folder = os.path.dirname(path) or os.curdir
    if not os.path.isdir(folder):
        raise AnalysisError(
            f"cannot write the review page to {where}: no directory {quote(folder)}"
        )
    if not os.access(folder, os.W_OK | os.X_OK) or (
        os.path.exists(path) and not os.access(path, os.W_OK)
    ):
        raise AnalysisError(f"cannot write the review page to {where}: not writable")


def write_page(path: str, page: str) -> None:
    """Write a review page to ``path``.

    :raises AnalysisError: if the file cannot be written (quoting the path and the reason).
    """
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(page)
    except OSError as error:
        raise AnalysisError(
            f"cannot write the review page to {quote(path)}: {error.strerror}"
        ) from None


def run(args: argparse.Namespace) -> int:
    """Run ``review``; returns the exit status."""
    status: int = args.run(args)
    return status
