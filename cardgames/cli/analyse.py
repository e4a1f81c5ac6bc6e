"""``cardgames analyse``: the perfect-information solver on one position.

* ``cardgames analyse`` analyses the embedded sample position (what ``make demo`` runs);
* ``cardgames analyse tarot [--rules R] [--players P] [--seed S] [--tricks-left K]`` a seeded
  Tarot position with ``K`` whole tricks to go, or ``--position TEXT`` one in the Tarot notation;
* ``cardgames analyse tailor [--players P] [--seed S] [--chase] [--cards-left N]`` a seeded
  Chase the Tailor round played on until a hand holds ``N`` cards, or ``--position TEXT``;
* ``cardgames analyse FILE [--after N] [--deal D]`` the position after move ``N`` of a saved
  record (0: the start; default: after its last move).

French Tarot (``--rules french``): the solver analyses the play of the cards, so a position
must be in the play phase, after the bidding, the call, the taker's discard and the
announcement (an AnalysisError says so otherwise).

Options may come before or after the game or file. The defaults are the ones ``deal`` and
``play`` use (Tarot: traditional rules, three players; Chase the Tailor: four players; seed 1).
Under a limit a Tarot analysis gives every card an estimate beside the bounds the exact
search proves (``solver.analyse(..., estimates=True)``), which is what a position early in a
deal needs, and marks one best card, the estimates' choice (``--no-estimates``: the bounds
alone). ``--json`` prints :meth:`cardgames.solver.Analysis.to_dict` as one line of JSON,
as every ``--json`` of the command line does. An analysis that runs for more than a second
reports its progress on standard error. ``cardgames review`` (:mod:`cardgames.cli.review`)
judges every move of a record the same way.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from typing import Any

import attrs

from cardgames import games
from cardgames.cli._progress import _Progress
from cardgames.cli._records import GAME_NAMES, position_after, read_record
from cardgames.cli.options import (
    TargetOptions,
    add_game_options,
    add_limit_options,
    limit_from_args,
    rules_from_args,
    tailor_rules_from_args,
    tarot_rules_from_args,
)
from cardgames.errors import AnalysisError

__all__ = ["add_parser", "format_analysis", "run"]

_TARGETS = {
    "sample": "the built-in sample",
    "tarot": "Tarot",
    "tailor": "Chase the Tailor",
    "game": "the other games",
    "record": "a record FILE",
}
# Options that build a position, which --position gives whole.
_BUILDING = ("--rules", "--players", "--seed", "--dealer", "--first-player", "--chase")
_BUILDING_MORE = ("--tricks-left", "--cards-left")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``analyse`` to the top-level ``subparsers``."""
    _add_analyse(subparsers)


def run(args: argparse.Namespace) -> int:
    """Run ``analyse``; returns the exit status."""
    status: int = args.run(args)
    return status


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
        help="a game (tarot, tailor, bridge...) or a saved record file (default: the built-in "
        "sample; write a file called tarot as ./tarot)",
    )
    options = TargetOptions(parser, _TARGETS)
    add_game_options(options, tarot="tarot", tailor="tailor", first_player=False, others="game")
    options.add(
        "--tricks-left",
        type=int,
        defaults={"tarot": 8, "game": None},
        help="whole tricks to go in the position (default for the other games: the game's)",
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
        defaults={"tarot": None, "tailor": None, "game": None},
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
    targets = tuple(_TARGETS)
    options.add(
        "--perspective",
        type=int,
        defaults=dict.fromkeys(targets),
        help="the seat whose side the values are for (default: the player to move)",
    )
    add_limit_options(options, targets)
    options.add(
        "--estimates",
        action=argparse.BooleanOptionalAction,
        defaults={"sample": True, "tarot": True, "record": True},
        help="Tarot under a limit (the default): an estimate for every card from a short "
        "look-ahead, beside the bounds the exact search proves in the rest of the limit "
        "(--no-estimates: the bounds alone)",
    )
    options.add(
        "--json", action="store_true", defaults=dict.fromkeys(targets, False), help="print JSON"
    )

    def run_analyse(args: argparse.Namespace) -> int:
        target = args.target
        if target is None:
            target = "sample"
        elif target not in GAME_NAMES:
            target, args.file = "record", target
        elif target not in ("tarot", "tailor"):  # the games with options of their own
            target, args.game = "game", target
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
            "game": _run_game,
            "record": _run_record,
        }[target](args)

    parser.set_defaults(run=run_analyse)


def _run_sample(args: argparse.Namespace) -> int:
    from cardgames import tarot
    from cardgames.solver.sample import SAMPLE_POSITION

    state = tarot.State.parse(SAMPLE_POSITION)
    return _print(state, _analyse(state, args), args, "the built-in sample")


def _run_tarot(args: argparse.Namespace) -> int:
    from cardgames import tarot
    from cardgames.tarot.positions import random_position

    if args.position is not None:
        state = tarot.State.parse(args.position)
        title = "the given position"
    else:
        rules = tarot_rules_from_args(args)
        state = random_position(
            rules, seed=args.seed, tricks_left=args.tricks_left, dealer=args.dealer
        )
        title = f"seed {args.seed}, {args.tricks_left} tricks left"
    _check_play_phase(
        state,
        "give the position after the dealer's discard, and under French rules after the "
        "bidding, the call and the announcement; or fewer --tricks-left",
    )
    return _print(state, _analyse(state, args), args, title)


def _run_tailor(args: argparse.Namespace) -> int:
    from cardgames import tailor
    from cardgames.tailor.positions import random_position

    if args.position is not None:
        state = tailor.State.parse(args.position)
        title = "the given position"
    else:
        state = random_position(
            tailor_rules_from_args(args), seed=args.seed, cards_left=args.cards_left
        )
        title = f"seed {args.seed}, near the end of the round"
    return _print(state, _analyse(state, args), args, title)


def _run_game(args: argparse.Namespace) -> int:
    game = games.named(args.game)
    if args.position is not None:
        state = game.parse_state(args.position)
        title = "the given position"
    else:
        rules = rules_from_args(args.game, args)
        state = game.random_position(rules, args.seed, args.tricks_left)
        title = f"{game.title}, seed {args.seed}"
    _check_play_phase(state, "give a position in the play of the cards")
    return _print(state, _analyse(state, args), args, title)


def _run_record(args: argparse.Namespace) -> int:
    record = read_record(args.file)
    game = games.named(record.game)
    if args.horizon is not None and not game.analysis.values_are_estimates():
        raise AnalysisError(
            f"--horizon applies to games searched to a horizon (Chase the Tailor), and this "
            f"is a {game.title} record"
        )
    played = record.deal(args.deal)
    number, state = position_after(played, args.after)
    deal = f", deal {args.deal}" if len(record.deals) > 1 else ""
    title = f"{args.file}{deal} after move {number} of {len(played.moves)}"
    return _print(state, _analyse(state, args), args, title)


def _check_play_phase(state: Any, advice: str) -> None:
    problem = games.of(state).analysis.pending(state)
    if problem is not None:
        raise AnalysisError(
            f"the position is {problem}: the solver analyses the play of the cards, so the "
            f"position must be in the play phase ({advice})"
        )


def _analyse(state: Any, args: argparse.Namespace) -> Any:
    from cardgames import solver

    with _Progress() as progress:
        return solver.analyse(
            state,
            perspective=args.perspective,
            limit=limit_from_args(args),
            progress=progress,
            horizon=getattr(args, "horizon", None),
            estimates=getattr(args, "estimates", None) is True,
        )


def _print(state: Any, analysis: Any, args: argparse.Namespace, title: str) -> int:
    if args.json:
        print(json.dumps(analysis.to_dict()))
    else:
        print(format_analysis(state, analysis, title))
    return 0


def format_analysis(state: Any, analysis: Any, title: str = "") -> str:
    """A readable report of an analysis: what was analysed, then the game's own text of the
    position and its analysis (:meth:`cardgames.games.GameDescriptor.analysis_text`: the
    table, how the cards are written, whose values they are, every move's value and the best
    line), and the search's size."""
    if analysis.bound == "estimate" and len(analysis.best_moves) > 1:
        # Estimates tie often; the one the look-ahead's line starts with is the one to play.
        pv = analysis.pv
        best = pv[0] if pv and pv[0] in analysis.best_moves else analysis.best_moves[0]
        analysis = attrs.evolve(analysis, best_moves=(best,))
    status = "exact" if analysis.exact else f"not exact ({analysis.bound})"
    horizon = f", horizon {analysis.horizon} moves" if analysis.horizon is not None else ""
    if analysis.bound == "estimate":
        ahead = analysis.horizon
        horizon = f", estimates looking {ahead} trick{'s' if ahead != 1 else ''} ahead"
    lines = [f"Analysis of {title}." if title else "Analysis.", ""]
    lines.append(games.of(state).analysis_text(state, analysis))
    if analysis.bound == "estimate":
        lines.extend(
            textwrap.wrap(
                "The limit stopped the exact search: values marked ≈ are estimates (within the "
                "bounds it proved), and 'best' is the estimates' choice.",
                width=88,
            )
        )
    lines.append(
        f"Searched {analysis.nodes} nodes in {analysis.elapsed:.2f} s ({status}{horizon})."
    )
    return "\n".join(lines)
