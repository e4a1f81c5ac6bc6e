"""``cardgames analyse`` and ``cardgames review``: the solver on the command line.

* ``cardgames analyse`` analyses the embedded sample position (what ``make demo`` runs);
* ``cardgames analyse tarot [--rules R] [--players P] [--seed S] [--tricks-left K]`` a seeded
  Tarot position with ``K`` whole tricks to go, or ``--position TEXT`` one in the Tarot notation;
* ``cardgames analyse tailor [--players P] [--seed S] [--chase] [--cards-left N]`` a seeded
  Chase the Tailor round played on until a hand holds ``N`` cards, or ``--position TEXT``;
* ``cardgames analyse FILE [--after N] [--deal D]`` the position after move ``N`` of a saved
  record (0: the start; default: after its last move);
* ``cardgames review FILE [--time-limit S]`` judges every move of a saved record with
  :func:`cardgames.solver.review` and prints :meth:`cardgames.solver.Review.to_unicode`
  line by line as the moves are judged.

French Tarot (``--rules french``): the solver analyses the play of the cards, so a position
must be in the play phase, after the bidding, the call, the taker's discard and the
announcement (an AnalysisError says so otherwise); ``review`` lists those moves, and the
poignées, in order without judging them and judges the cards played.

Options may come before or after the game or file. The defaults are the ones ``deal`` and
``play`` use (Tarot: traditional rules, three players; Chase the Tailor: four players; seed 1).
``--json`` prints :meth:`cardgames.solver.Analysis.to_dict` (for ``review``, every
:meth:`cardgames.solver.PlayStep.to_dict` and the summary) as one line of JSON, as every
``--json`` of the command line does. An analysis that runs for more than
a second reports its progress on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import threading
import time
from typing import Any

from cardgames._cli_options import TargetOptions, add_game_options
from cardgames._cli_records import GAME_NAMES, position_after, read_record
from cardgames.errors import AnalysisError
from cardgames.search.results import SearchProgress
from cardgames.solver.play_review import (
    PlayerSummary,
    _move_width,
    review_heading,
    review_line,
    summarise,
)

__all__ = [
    "REVIEW_SECONDS",
    "add_parser",
    "format_analysis",
    "run",
]
_REEXPORTED = (PlayerSummary, summarise)  # their home is cardgames.solver.play_review

REVIEW_SECONDS = 2.0
"""The time limit of ``review`` for each move when neither limit is given: the first moves of
a whole deal cannot be solved exactly in reasonable time, so they are judged with bounds
(shown ``a..b``) and left out of the summary, while the later ones are solved exactly."""

_TARGETS = {
    "sample": "the built-in sample",
    "tarot": "Tarot",
    "tailor": "Chase the Tailor",
    "record": "a record FILE",
}
# Options that build a position, which --position gives whole.
_BUILDING = ("--rules", "--players", "--seed", "--dealer", "--first-player", "--chase")
_BUILDING_MORE = ("--tricks-left", "--cards-left")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``analyse`` and ``review`` to the top-level ``subparsers``."""
    _add_analyse(subparsers)
    _add_review(subparsers)


def run(args: argparse.Namespace) -> int:
    """Run ``analyse`` or ``review``; returns the exit status."""
    status: int = args.run(args)
    return status


def _add_common(
    options: TargetOptions,
    targets: tuple[str, ...],
    *,
    perspective: bool,
    seconds: float | None = None,
) -> None:
    every: dict[str, object] = dict.fromkeys(targets)
    if perspective:
        options.add(
            "--perspective",
            type=int,
            defaults=every,
            help="the seat whose side the values are for (default: the player to move)",
        )
    options.add(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        defaults=every,
        help="seconds allowed for each analysis (default: "
        + ("no limit" if seconds is None else f"{seconds:g} unless --node-limit is given")
        + ")",
    )
    options.add(
        "--node-limit",
        type=int,
        metavar="NODES",
        defaults=every,
        help="search nodes allowed for each analysis (default: no limit)",
    )
    options.add(
        "--json", action="store_true", defaults=dict.fromkeys(targets, False), help="print JSON"
    )


def _add_analyse(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "analyse",
        help="perfect-information analysis of a position (default: a built-in sample)",
        description=(
            "Score every legal move of a position with all cards visible. With no game or file "
            "given, analyse the built-in sample: a three-player traditional Tarot deal with nine "
            "tricks left."
        ),
    )
    parser.add_argument(
        "target",
        nargs="?",
        metavar="GAME|FILE",
        help="tarot, tailor, or a saved record file (default: the built-in sample; write a "
        "file called tarot or tailor as ./tarot)",
    )
    options = TargetOptions(parser, _TARGETS)
    add_game_options(options, tarot="tarot", tailor="tailor", first_player=False)
    options.add(
        "--tricks-left", type=int, defaults={"tarot": 8}, help="whole tricks to go in the position"
    )
    options.add(
        "--cards-left",
        type=int,
        defaults={"tailor": 3},
        help="play on at random until a hand holds this many cards",
    )
    options.add(
        "--position",
        metavar="TEXT",
        defaults={"tarot": None, "tailor": None},
        help="a whole position in the game's notation (instead of a seeded one)",
    )
    options.add(
        "--horizon",
        type=int,
        defaults={"tailor": None, "record": None},
        help="moves to search ahead (default: the solver's)",
    )
    options.add(
        "--after",
        type=int,
        metavar="N",
        defaults={"record": None},
        help="analyse the position after move N (0: the start; default: after the last move)",
    )
    options.add(
        "--deal",
        type=int,
        metavar="D",
        defaults={"record": 1},
        help="the deal (or round) of the record, counted from 1",
    )
    _add_common(options, tuple(_TARGETS), perspective=True)

    def run_analyse(args: argparse.Namespace) -> int:
        target = args.target
        if target is None:
            target = "sample"
        elif target not in GAME_NAMES:
            target, args.file = "record", target
        given = options.given(args)
        hint = "; name the game first: cardgames analyse tarot ..." if target == "sample" else ""
        options.resolve(args, target, hint)
        if args.position is not None:
            clash = [flag for flag in (*_BUILDING, *_BUILDING_MORE) if flag in given]
            if clash:
                options.error(f"{clash[0]} does not apply with --position (the text gives it all)")
        return {
            "sample": _run_sample,
            "tarot": _run_tarot,
            "tailor": _run_tailor,
            "record": _run_record,
        }[target](args)

    parser.set_defaults(run=run_analyse)


def _add_review(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    parser.add_argument("file", metavar="FILE", help="a saved record of either game")
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
    _add_common(options, ("record",), perspective=False, seconds=REVIEW_SECONDS)

    def run_review(args: argparse.Namespace) -> int:
        given = options.given(args)
        options.resolve(args, "record")
        if "--time-limit" not in given and "--node-limit" not in given:
            args.time_limit = REVIEW_SECONDS
        return _run_review(args)

    parser.set_defaults(run=run_review)


def _limit(args: argparse.Namespace) -> Any:
    from cardgames.solver import Limit

    if args.time_limit is None and args.node_limit is None:
        return None
    return Limit(nodes=args.node_limit, time=args.time_limit)


class _Progress:
    """Reports on standard error, once a second, while an analysis runs past its first second.

    A background thread does the reporting, so even a single long search shows signs of life;
    the Tarot solver also tells it the moves scored, the nodes searched and the bounds on
    the value proved so far.
    """

    def __init__(self, interval: float = 1.0) -> None:
        self.interval = interval
        self.started = time.perf_counter()
        self.status = ""
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self._tick, daemon=True)

    def __call__(self, report: SearchProgress) -> None:
        self.status = f", {report.to_unicode()}"

    def __enter__(self) -> _Progress:
        self.thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.finished.set()
        self.thread.join()

    def _tick(self) -> None:
        while not self.finished.wait(self.interval):
            elapsed = time.perf_counter() - self.started
            print(f"  ... analysing: {elapsed:.0f} s{self.status}", file=sys.stderr, flush=True)


def _run_sample(args: argparse.Namespace) -> int:
    from cardgames import tarot
    from cardgames.solver.sample import SAMPLE_POSITION

    state = tarot.State.parse(SAMPLE_POSITION)
    return _print(state, _analyse(state, args), args, "the built-in sample")


def _run_tarot(args: argparse.Namespace) -> int:
    from cardgames import tarot
    from cardgames.tarot.cli import rules_from_args
    from cardgames.tarot.positions import random_position

    if args.position is not None:
        state = tarot.State.parse(args.position)
        title = "the given position"
    else:
        rules = rules_from_args(args)
        state = random_position(
            rules, seed=args.seed, tricks_left=args.tricks_left, dealer=args.dealer
        )
        title = f"seed {args.seed}, {args.tricks_left} tricks left"
    _check_play_phase(state, "give the position after the dealer's discard")
    return _print(state, _analyse(state, args), args, title)


def _run_tailor(args: argparse.Namespace) -> int:
    from cardgames import tailor
    from cardgames.tailor.cli import rules_from_args
    from cardgames.tailor.positions import random_position

    if args.position is not None:
        state = tailor.State.parse(args.position)
        title = "the given position"
    else:
        state = random_position(rules_from_args(args), seed=args.seed, cards_left=args.cards_left)
        title = f"seed {args.seed}, near the end of the round"
    return _print(state, _analyse(state, args), args, title)


def _run_record(args: argparse.Namespace) -> int:
    record = read_record(args.file)
    if args.horizon is not None and record.game != "tailor":
        raise AnalysisError(
            "--horizon applies to Chase the Tailor only, and this is a Tarot record"
        )
    played = record.deal(args.deal)
    number, state = position_after(played, args.after)
    deal = f", deal {args.deal}" if len(record.deals) > 1 else ""
    title = f"{args.file}{deal} after move {number} of {len(played.moves)}"
    return _print(state, _analyse(state, args), args, title)


def _check_play_phase(state: Any, advice: str) -> None:
    from cardgames import tarot
    from cardgames._cli_records import before_the_play

    problem = before_the_play(state)
    if isinstance(state, tarot.State) and state.rules.bidding and problem is not None:
        raise AnalysisError(
            f"the position is {problem}: the solver analyses the play of the cards, so the "
            "position must be in the play phase (after the bidding, the call, the taker's "
            "discard and the announcement; give such a position, or fewer --tricks-left)"
        )
    if isinstance(state, tarot.State) and state.phase is tarot.Phase.DISCARD:
        left = state.discard_remaining
        raise AnalysisError(
            f"the position is still in the discard phase: the dealer, seat {state.dealer}, has "
            f"{left} card{'s' if left != 1 else ''} to set aside before the play of the cards, "
            f"which is what the solver analyses ({advice})"
        )


def _analyse(state: Any, args: argparse.Namespace) -> Any:
    from cardgames import solver, tailor
    from cardgames.solver.tailor import analyse_tailor

    with _Progress() as progress:
        if isinstance(state, tailor.State):
            return analyse_tailor(
                state,
                perspective=args.perspective,
                limit=_limit(args),
                horizon=getattr(args, "horizon", None),
            )
        return solver.analyse(
            state, perspective=args.perspective, limit=_limit(args), progress=progress
        )


def _run_review(args: argparse.Namespace) -> int:
    from cardgames.solver import review

    record = read_record(args.file)
    played = record.deal(args.deal)
    total = len(played.moves)
    if not 0 <= args.after <= total:
        raise AnalysisError(
            f"invalid --after {args.after}: the record has {total} moves (choose 0 to {total})"
        )
    limit = _limit(args)  # a bad limit is refused before anything is printed
    deal = f", deal {args.deal}" if len(record.deals) > 1 else ""
    width = _move_width(played.start)
    if not args.json:
        print(f"Review of {record.title}{deal}: {total} moves")
        for line in review_heading(played.start, played.discard_moves()):
            print(line)

    def show(item: Any) -> None:
        if not args.json:
            print(review_line(item, width), flush=True)

    with _Progress():
        result = review(played.start, played.moves, limit=limit, after=args.after, on_item=show)
    if args.json:
        report = {"file": args.file, "deal": args.deal, **result.to_dict()}
        print(json.dumps(report))
        return 0
    print(result.summary_text())
    return 0


def _print(state: Any, analysis: Any, args: argparse.Namespace, title: str) -> int:
    if args.json:
        print(json.dumps(analysis.to_dict()))
    else:
        print(format_analysis(state, analysis, title))
    return 0


def format_analysis(state: Any, analysis: Any, title: str = "") -> str:
    """A readable report of an analysis: what was analysed, the position as a picture
    (:func:`cardgames.tarot.render.state_to_unicode` or
    :func:`cardgames.tailor.render.state_to_unicode`), a line on how the cards are written and
    one on what the values mean, every move's value, the best line and the search's size."""
    from cardgames import tarot
    from cardgames.tailor import render as tailor_render
    from cardgames.tarot import render as tarot_render

    if isinstance(state, tarot.State):
        picture = tarot_render.state_to_unicode(state)
        legend = [tarot_render.NOTATION_LEGEND, tarot_render.values_legend(analysis, state)]
        table = tarot_render.analysis_to_unicode(analysis, state)
    else:
        picture = tailor_render.state_to_unicode(state)
        legend = [tailor_render.NOTATION_LEGEND, tailor_render.values_legend(analysis)]
        table = tailor_render.analysis_to_unicode(analysis)
    status = "exact" if analysis.exact else f"not exact ({analysis.bound})"
    horizon = f", horizon {analysis.horizon} moves" if analysis.horizon is not None else ""
    lines = [f"Analysis of {title}." if title else "Analysis.", "", picture, ""]
    lines.extend(line for text in legend for line in textwrap.wrap(text, width=88))
    lines.extend(["", table])
    lines.append(
        f"Searched {analysis.nodes} nodes in {analysis.elapsed:.2f} s ({status}{horizon})."
    )
    return "\n".join(lines)
