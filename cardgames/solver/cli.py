"""``cardgames analyse``: the solver on the command line.

* ``cardgames analyse`` analyses the embedded sample position (what ``make demo`` runs);
* ``cardgames analyse tarot --rules R --players P --seed S --tricks-left K`` a seeded position;
* ``cardgames analyse tarot --position TEXT`` a position in the Tarot notation;
* ``cardgames analyse tailor --players P --seed S [--chase] [--cards-left N]`` a seeded
  Chase the Tailor round near its end, or ``--position TEXT``.

``--json`` prints :meth:`cardgames.solver.Analysis.to_dict`. An analysis that runs for more than
a second reports its progress on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import Any

__all__ = ["configure", "format_analysis"]


def configure(commands: Any) -> None:
    """Add the ``analyse`` command to the top-level subcommand set ``commands``."""
    parser = commands.add_parser(
        "analyse",
        help="perfect-information analysis of a position (default: a built-in sample)",
        description=(
            "Score every legal move of a position with all cards visible. With no game given, "
            "analyse the built-in sample: a three-player traditional Tarot deal."
        ),
    )
    _add_common(parser)
    parser.set_defaults(run=_run_sample)
    games = parser.add_subparsers(dest="game", metavar="GAME")

    tarot_parser = games.add_parser("tarot", help="a Tarot position")
    tarot_parser.add_argument("--rules", default="traditional", help="simplified or traditional")
    tarot_parser.add_argument("--players", type=int, default=3)
    tarot_parser.add_argument("--seed", type=int, default=1)
    tarot_parser.add_argument("--dealer", type=int, default=0)
    tarot_parser.add_argument("--tricks-left", type=int, default=8, help="whole tricks to go")
    tarot_parser.add_argument("--position", help="a position in the Tarot notation")
    _add_common(tarot_parser)
    tarot_parser.set_defaults(run=_run_tarot)

    tailor_parser = games.add_parser("tailor", help="a Chase the Tailor position")
    tailor_parser.add_argument("--players", type=int, default=3)
    tailor_parser.add_argument("--seed", type=int, default=1)
    tailor_parser.add_argument("--chase", action="store_true", help="play with Chase Mode")
    tailor_parser.add_argument(
        "--cards-left", type=int, default=3, help="stop the random play when a hand is this small"
    )
    tailor_parser.add_argument("--horizon", type=int, default=None, help="moves to search")
    tailor_parser.add_argument("--position", help="a position in the Chase the Tailor notation")
    _add_common(tailor_parser)
    tailor_parser.set_defaults(run=_run_tailor)


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--perspective", type=int, default=None, help="seat to analyse for")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds allowed")
    parser.add_argument("--node-limit", type=int, default=None, help="search nodes allowed")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")


def _limit(args: argparse.Namespace) -> Any:
    from cardgames.solver import Limit

    if args.time_limit is None and args.node_limit is None:
        return None
    return Limit(nodes=args.node_limit, time=args.time_limit)


class _Progress:
    """Reports on standard error, once a second, while an analysis runs past its first second.

    A background thread does the reporting, so even a single long search shows signs of life;
    the Tarot solver also tells it how many moves it has scored.
    """

    def __init__(self, interval: float = 1.0) -> None:
        self.interval = interval
        self.started = time.perf_counter()
        self.status = ""
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self._tick, daemon=True)

    def __call__(self, done: int, total: int, nodes: int) -> None:
        self.status = f", {done}/{total} moves scored, {nodes} nodes"

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

    return _analyse_and_print(tarot.State.parse(SAMPLE_POSITION), args, "the built-in sample")


def _run_tarot(args: argparse.Namespace) -> int:
    from cardgames import tarot
    from cardgames.solver.positions import random_tarot_position

    if args.position is not None:
        state = tarot.State.parse(args.position)
        title = "the given position"
    else:
        rules = _tarot_rules(args.rules, args.players)
        state = random_tarot_position(rules, args.seed, args.tricks_left, dealer=args.dealer)
        title = f"seed {args.seed}, {args.tricks_left} tricks left"
    return _analyse_and_print(state, args, title)


def _tarot_rules(name: str, players: int) -> Any:
    from cardgames import tarot

    if name.lower() in ("simplified", "traditional"):
        return tarot.Rules.preset(f"{name.lower()}-{players}")
    return tarot.Rules.parse(name)


def _run_tailor(args: argparse.Namespace) -> int:
    from cardgames import tailor
    from cardgames.solver.tailor_search import analyse_tailor, random_endgame

    if args.position is not None:
        state = tailor.State.parse(args.position)
        title = "the given position"
    else:
        rules = tailor.Rules(players=args.players, chase_mode=args.chase)
        state = random_endgame(rules, args.seed, cards_left=args.cards_left)
        title = f"seed {args.seed}, near the end of the round"
    with _Progress():
        analysis = analyse_tailor(
            state, perspective=args.perspective, limit=_limit(args), horizon=args.horizon
        )
    return _print(state, analysis, args, title)


def _analyse_and_print(state: Any, args: argparse.Namespace, title: str) -> int:
    from cardgames import solver

    with _Progress() as progress:
        analysis = solver.analyse(
            state, perspective=args.perspective, limit=_limit(args), progress=progress
        )
    return _print(state, analysis, args, title)


def _print(state: Any, analysis: Any, args: argparse.Namespace, title: str) -> int:
    if args.json:
        print(json.dumps(analysis.to_dict(), indent=2))
    else:
        print(format_analysis(state, analysis, title))
    return 0


def format_analysis(state: Any, analysis: Any, title: str = "") -> str:
    """A readable report of an analysis: the position, every move's value, the best line."""
    lines = []
    if analysis.game == "tarot":
        rules = state.rules
        left = rules.tricks_per_deal - len(state.tricks)
        lines.append(f"Tarot, {rules}: {title}; {left} tricks left, dealer seat {state.dealer}.")
        for seat, hand in enumerate(state.hands):
            lines.append(f"  seat {seat}: {hand.to_unicode()}")
        if state.trick.cards:
            played = " ".join(card.to_unicode() for card in state.trick.cards)
            lines.append(f"  trick so far (led by seat {state.trick.leader}): {played}")
    else:
        lines.append(f"Chase the Tailor, {state.rules.players} players: {title}.")
        lines.append(f"  {state}")
    side = ", ".join(str(seat) for seat in analysis.side)
    lines.append(
        f"Seat {analysis.to_move} to move. Values for seat {analysis.perspective} "
        f"(side: {side}); objective: {analysis.objective}."
    )
    width = max(len(str(entry.move)) for entry in analysis.move_values)
    best = set(map(str, analysis.best_moves))
    lines.append(f"  {'move':<{width}}  value")
    for entry in analysis.move_values:
        text = _number(entry.value)
        if not entry.exact:
            text = f"{_number(entry.lower)}..{_number(entry.upper)}"
        marker = "  <- best" if str(entry.move) in best else ""
        lines.append(f"  {entry.move!s:<{width}}  {text}{marker}")
    value = _number(analysis.value)
    if not analysis.exact and analysis.bound == "bounds":
        value = f"between {_number(analysis.lower)} and {_number(analysis.upper)}"
    lines.append(f"Value: {value}")
    lines.append(f"Best line: {_line(state, analysis)}")
    status = "exact" if analysis.exact else f"not exact ({analysis.bound})"
    horizon = f", horizon {analysis.horizon} moves" if analysis.horizon is not None else ""
    lines.append(
        f"Searched {analysis.nodes} nodes in {analysis.elapsed:.2f} s ({status}{horizon})."
    )
    return "\n".join(lines)


def _line(state: Any, analysis: Any) -> str:
    moves = [str(move) for move in analysis.pv]
    if analysis.game != "tarot" or not moves:
        return " ".join(moves) or "-"
    # Tarot: show the tricks apart.
    size = state.rules.players
    first = size - len(state.trick.cards)
    groups = [moves[:first]] + [moves[i : i + size] for i in range(first, len(moves), size)]
    return " / ".join(" ".join(group) for group in groups if group)


def _number(value: Any) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"
