"""``cardgames bridge ACTION``: bridge card play on the command line.

* ``cardgames bridge deal [--seed N] [--contract C] [--json]`` deals a seeded hand and shows it
  as a diagram with its PBN (``--json``: its record, with no card played);
* ``cardgames bridge play [--seed N] [--contract C] [--bots NAMES] [--json]`` lets bots play
  a seeded hand out (``random``, ``rule`` or ``pimc``, one name or one per seat N E S W; the
  declarer plays the dummy's cards) and shows the tricks; with ``--human SEAT`` (a seat's
  letter or number) you play that seat against the bots at the terminal, as in ``cardgames
  play tarot --human`` (the declarer's seat plays the dummy's cards too; ``hint``, ``undo``,
  ``--save FILE``);
* ``cardgames bridge show FILE`` prints a saved bridge record trick by trick;
* ``cardgames bridge analyse POSITION [--contract C] [--after N] [--nodes N] [--time-limit S]
  [--json]`` scores every card of a position double dummy: ``POSITION`` is a position's
  written form (``'S by N; N:AKQ.JT9.876.5432 ...; 2H AH'``), a PBN deal (played from its
  start in ``--contract``) or a bridge record file (its last position, or the position after
  card ``--after N``).

The contract is written ``[level]<strain>[x|xx] by <seat>`` (``'NT by S'``, ``'4Sx by W'``,
``'H by E, S leads'``); the default is ``NT by S``. The level and doubling are kept in the
record; the play does not depend on them.

>>> from cardgames.cli import main
>>> main(['bridge', 'deal', '--seed', '2'])
Bridge, seed 2, NT by S
...
PBN: N:...
0
"""

from __future__ import annotations

import argparse
import json
import os
import random
from pathlib import Path

from cardgames import bridge, solver
from cardgames.bots import PIMCBot, RandomBot, RuleBot
from cardgames.bridge.render import analysis_to_unicode, card_to_unicode, state_to_unicode
from cardgames.bridge.view import controller, view_of
from cardgames.cli.human import game_table, run_human
from cardgames.errors import AnalysisError, NotationError, RulesError
from cardgames.validation import derive_seed, is_ascii_digits, quote

__all__ = ["add_parser", "run"]

_BOTS = {"random": RandomBot, "rule": RuleBot, "pimc": PIMCBot}
_MAX_BYTES = 10_000_000


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``bridge`` to the top-level ``subparsers``."""
    parser = subparsers.add_parser(
        "bridge",
        help="bridge card play: deal, play with bots, show a record, analyse double dummy",
        description="Bridge card play from a fixed contract (no auction).",
    )
    actions = parser.add_subparsers(
        dest="action",
        metavar="ACTION",
        required=True,
        help="deal, play, show or analyse (see 'cardgames bridge ACTION --help')",
    )
    deal = actions.add_parser("deal", help="deal a seeded hand and show it")
    _common(deal)
    deal.add_argument("--json", action="store_true", help="print the record as JSON")
    deal.set_defaults(run=run_deal)
    play = actions.add_parser("play", help="let bots play a seeded hand out")
    _common(play)
    play.add_argument(
        "--bots",
        default="rule",
        metavar="NAMES",
        help="random, rule or pimc: one name for every seat, or four separated by commas "
        "(N,E,S,W); default rule",
    )
    play.add_argument("--json", action="store_true", help="print the record as JSON")
    play.add_argument(
        "--human",
        default=None,
        metavar="SEAT",
        help="play this seat yourself (N, E, S, W or 0-3) against --bots at the terminal",
    )
    play.add_argument(
        "--save", default=None, metavar="FILE", help="with --human: write the deal's record here"
    )
    play.set_defaults(run=run_play)
    show = actions.add_parser("show", help="print a saved bridge record trick by trick")
    show.add_argument("file", metavar="FILE", help="a record written by --json or dumps()")
    show.set_defaults(run=run_show)
    analyse = actions.add_parser("analyse", help="score every card of a position double dummy")
    analyse.add_argument(
        "position",
        metavar="POSITION",
        help="a position ('S by N; <PBN>; <cards>'), a PBN deal, or a bridge record file",
    )
    analyse.add_argument("--contract", default=None, help="the contract for a PBN deal")
    analyse.add_argument(
        "--nodes", type=int, default=None, help="a node budget (bounds if it runs out)"
    )
    analyse.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="a time budget (bounds if it runs out)",
    )
    analyse.add_argument(
        "--after",
        type=int,
        default=None,
        metavar="N",
        help="of a record file: the position after card N (0: the start; default: the last)",
    )
    analyse.add_argument("--json", action="store_true", help="print the analysis as JSON")
    analyse.set_defaults(run=run_analyse)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")
    parser.add_argument(
        "--contract", default="NT by S", help="the contract, such as 'S by N' (default NT by S)"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``bridge``; returns the exit status."""
    status: int = args.run(args)
    return status


def _start(args: argparse.Namespace) -> bridge.State:
    return bridge.State(bridge.random_deal(args.seed), bridge.Contract.parse(args.contract))


def run_deal(args: argparse.Namespace) -> int:
    """Show a seeded deal (or its record with ``--json``)."""
    state = _start(args)
    if args.json:
        print(bridge.dumps(state))
        return 0
    print(f"Bridge, seed {args.seed}, {state.contract}")
    print(state.deal.to_unicode())
    print(f"PBN: {state.deal.pbn()}")
    return 0


def _bots(text: str) -> list[RandomBot | RuleBot | PIMCBot]:
    names = [name.strip() for name in text.split(",")]
    if len(names) == 1:
        names *= 4
    if len(names) != 4 or any(name not in _BOTS for name in names):
        raise RulesError(
            f"invalid --bots {quote(text)}: expected random, rule or pimc, one name or four "
            "separated by commas"
        )
    return [_BOTS[name]() for name in names]


def _human_seat(text: str) -> int:
    try:
        return int(bridge.Seat.parse(text)) if not is_ascii_digits(text) else int(text)
    except NotationError:
        raise RulesError(f"invalid --human {quote(text)}: expected N, E, S, W or 0-3") from None


def run_play(args: argparse.Namespace) -> int:
    """Let bots play a seeded deal out and show the tricks (or the record with ``--json``);
    with ``--human``, play a seat at the terminal (:func:`cardgames.cli.human.run_human`)."""
    state = _start(args)
    if args.human is not None:
        if args.json:
            raise RulesError("--json does not go with --human (use --save FILE)")
        human = _human_seat(args.human)
        names = [name.strip() for name in args.bots.split(",")]
        others = ",".join(names * 3 if len(names) == 1 else names)
        return run_human(
            state,
            players=4,
            human=human,
            bots=others,
            seed=args.seed,
            table=game_table(state, human),
            view=bridge.view_of,
            heading=f"Bridge, seed {args.seed}, {state.contract}",
            record_text=lambda final, tags: bridge.dumps(final, tags=tags, indent=2),
            save=args.save,
        )
    if args.save is not None:
        raise RulesError("--save goes with --human")
    players = _bots(args.bots)
    rngs = [random.Random(derive_seed(args.seed, "bridge-bot", seat)) for seat in range(4)]
    while not state.is_over:
        seat = controller(state.contract, state.to_move)
        state = state.play(players[seat].choose(view_of(state, seat), rngs[seat]))
    if args.json:
        print(bridge.dumps(state))
        return 0
    print(f"Bridge, seed {args.seed}, {state.contract}")
    print(state.deal.to_unicode())
    for line in _tricks(state):
        print(line)
    return 0


def _tricks(state: bridge.State) -> list[str]:
    """One line per trick (the seat and card of each play, the winner), then the result."""
    lines = []
    replay = bridge.State(state.deal, state.contract)
    for start in range(0, len(state.played), 4):
        leader = replay.to_move
        cards = state.played[start : start + 4]
        for card in cards:
            replay = replay.play(card)
        plays = "  ".join(
            f"{bridge.Seat((leader + at) % 4)} {card_to_unicode(card)}"
            for at, card in enumerate(cards)
        )
        won = f"  won by {replay.to_move}" if len(cards) == 4 else ""
        lines.append(f"{start // 4 + 1:>2}. {plays}{won}")
    if state.is_over:
        lines.append(f"Declarer {state.declarer_tricks} tricks, defenders {state.defender_tricks}")
    return lines


def _read(path: str) -> bridge.Record:
    file = Path(path)
    try:
        if file.stat().st_size > _MAX_BYTES:
            raise NotationError(f"record file {quote(path)} is too large")
        text = file.read_bytes()
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the name
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise NotationError(f"cannot read {quote(path)}: {reason}") from None
    return bridge.loads(text)


def run_show(args: argparse.Namespace) -> int:
    """Print a saved bridge record."""
    record = _read(args.file)
    print(f"Bridge, {record.rules} ({args.file})")
    for name, text in record.tags.items():
        print(f"  {name}: {text}")
    for number, played in enumerate(record.deals, start=1):
        if len(record.deals) > 1:
            print(f"Deal {number}:")
        final = played.replay()
        print(final.deal.to_unicode())
        for line in _tricks(final):
            print(line)
    return 0


def _position(args: argparse.Namespace) -> bridge.State:
    text: str = args.position
    if args.after is not None and (";" in text or (":" in text and not os.path.exists(text))):
        raise RulesError("--after goes with a record file")
    if ";" in text:
        if args.contract is not None:
            raise RulesError("--contract goes with a PBN deal, not a position (it names one)")
        return bridge.State.parse(text)
    # os.path.exists is False for a text no file can have (too long a name, a NUL byte),
    # where Path.exists raises.
    if ":" in text and not os.path.exists(text):
        if args.contract is None:
            raise RulesError(f"a PBN deal needs --contract (such as 'NT by S'): {quote(text)}")
        return bridge.State(bridge.Deal.parse(text), bridge.Contract.parse(args.contract))
    record = _read(text)
    if len(record.deals) != 1:
        raise NotationError(f"record {quote(text)} holds {len(record.deals)} deals, not one")
    states = record.states()
    if args.after is None:
        return states[-1]
    after: int = args.after
    if not 0 <= after < len(states):
        raise AnalysisError(
            f"invalid --after {args.after}: the record has {len(states) - 1} cards (choose 0, "
            f"the start, to {len(states) - 1})"
        )
    return states[after]


def run_analyse(args: argparse.Namespace) -> int:
    """Analyse a position double dummy (as text, or the analysis's JSON with ``--json``)."""
    state = _position(args)
    if state.is_over:
        raise AnalysisError(f"cannot analyse {quote(str(state))}: the play is over")
    limit = None
    if args.nodes is not None or args.time_limit is not None:
        limit = solver.Limit(nodes=args.nodes, time=args.time_limit)
    analysis = solver.analyse(state, limit=limit)
    if args.json:
        print(json.dumps(analysis.to_dict()))
        return 0
    print(state_to_unicode(state))
    print()
    print(analysis_to_unicode(analysis, state))
    return 0
