"""``cardgames bridge ACTION``: bridge card play on the command line.

* ``cardgames bridge deal [--seed N] [--contract C] [--json]`` deals a seeded hand and shows it
  as a diagram with its PBN (``--json``: its record, with no card played);
* ``cardgames bridge play [--seed N] [--contract C] [--bots NAMES] [--json]`` lets bots play
  a seeded hand out (``random``, ``rule`` or ``pimc``, one name or one per seat N E S W; the
  declarer plays the dummy's cards) and shows the tricks;
* ``cardgames bridge show FILE`` prints a saved bridge record trick by trick;
* ``cardgames bridge analyse POSITION [--contract C] [--nodes N]`` scores every card of a
  position double dummy: ``POSITION`` is a position's written form
  (``'S by N; N:AKQ.JT9.876.5432 ...; 2H AH'``), a PBN deal (played from its start in
  ``--contract``) or a bridge record file (its last position).

The contract is written ``<strain> by <seat>`` (``'NT by S'``, ``'H by E, S leads'``); the
default is ``NT by S``.

>>> from cardgames.cli import main
>>> main(['bridge', 'deal', '--seed', '2'])
Bridge, seed 2, NT by S
...
PBN: N:...
0
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path

from cardgames import bridge, solver
from cardgames.bots import PIMCBot, RandomBot, RuleBot
from cardgames.bridge.render import analysis_to_unicode, card_to_unicode, state_to_unicode
from cardgames.bridge.view import controller, view_of
from cardgames.errors import AnalysisError, NotationError, RulesError
from cardgames.validation import derive_seed, quote

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


def run_play(args: argparse.Namespace) -> int:
    """Let bots play a seeded deal out and show the tricks (or the record with ``--json``)."""
    state = _start(args)
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
    return record.replay()


def run_analyse(args: argparse.Namespace) -> int:
    """Analyse a position double dummy."""
    state = _position(args)
    if state.is_over:
        raise AnalysisError(f"cannot analyse {quote(str(state))}: the play is over")
    limit = None if args.nodes is None else solver.Limit(nodes=args.nodes)
    print(state_to_unicode(state))
    print()
    print(analysis_to_unicode(solver.analyse(state, limit=limit)))
    return 0
