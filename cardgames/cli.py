"""The ``cardgames`` command line (also ``python -m cardgames``).

Subcommands:

* ``cardgames packs`` shows the packs and a seeded shuffle and deal;
* ``cardgames deal GAME ...`` and ``cardgames play GAME ...`` deal, or play out with random legal
  moves, a game of Tarot (``tarot``; ``--rules french`` for French Tarot, with ``--players``
  3, 4 or 5) or Chase the Tailor (``tailor``); ``play`` also lets you take a seat against
  bots (``--human SEAT``) or watch bots play a deal (``--bots`` alone);
* ``cardgames analyse [GAME | FILE] ...`` runs the perfect-information solver on a position: the
  built-in sample, a seeded or given position of either game, or a position of a saved record;
* ``cardgames show FILE`` prints a saved record, trick by trick or turn by turn (a whole
  game or match ends with its totals and winners);
* ``cardgames review FILE`` judges every move of a saved record with the solver.

Options may come before or after the game name, and even before the subcommand
(``cardgames --seed 3 deal tailor`` is ``cardgames deal tailor --seed 3``); an option that
does not apply to the game is an error. The defaults are the same in every subcommand: Tarot
deals are traditional rules for three players, Chase the Tailor rounds have four players, and
every seed is 1.

More subcommands plug in through :data:`COMMAND_MODULES`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, Final, Protocol

import cardgames
from cardgames._cli_options import TargetOptions, add_game_options
from cardgames._cli_records import GAME_NAMES, read_record
from cardgames._compiled import backend
from cardgames.deck import Deck

__all__ = ["COMMAND_MODULES", "GAMES", "build_parser", "main"]

GAMES = GAME_NAMES
"""The games on the command line: the name to type and the game's name."""

COMMAND_MODULES: tuple[str, ...] = (
    "cardgames.solver.cli",  # analyse, review
    "cardgames.solver.batch_cli",  # batch
    "cardgames.arena_cli",  # arena
)
"""Modules that each add subcommands.

Each module has ``add_parser(subparsers) -> None``, which adds its subcommand(s) to the
top-level ``subparsers`` (an ``argparse`` subparsers action), and ``run(args) -> int``, which
runs a parsed command line and returns the exit status. Adding a subcommand is one more line
here; :func:`main` calls the ``run`` of the module that added the chosen subcommand unless the
subcommand's parser sets a ``run`` default of its own.
"""


class _CommandModule(Protocol):
    def add_parser(self, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        """Add the module's subcommands."""

    def run(self, args: argparse.Namespace) -> int:
        """Run a parsed command line; returns the exit status."""


def _run_show(args: argparse.Namespace) -> int:
    from cardgames import tailor, tarot
    from cardgames._cli_results import totals_lines
    from cardgames.tailor.cli import format_round
    from cardgames.tarot.cli import format_deal

    record = read_record(args.file)
    print(record.title)
    for key, value in record.tags:
        print(f"  {key}: {value}")
    for number, played in enumerate(record.deals, start=1):
        if len(record.deals) > 1:
            print(f"{'Deal' if record.game == 'tarot' else 'Round'} {number}:")
        final = played.states()[-1]
        if isinstance(final, tarot.State):
            print(format_deal(final, hands=True))
        else:
            assert isinstance(played.start, tailor.State)
            print(format_round(played.start, played.moves))  # type: ignore[arg-type]
    if record.totals is not None:
        for line in totals_lines(record.totals, over=record.series_over):
            print(line)
    return 0


def _run_packs(args: argparse.Namespace) -> int:
    from cardgames.tarot.cards import tarot_deck

    packs: tuple[tuple[str, Deck[Any]], ...] = (
        ("Chase the Tailor", Deck.tailor()),
        ("Tarot", tarot_deck()),
    )
    for name, deck in packs:
        print(f"{name} pack ({len(deck)} cards):")
        print(f"  {deck.to_set().to_unicode()}")
    deck = Deck.tailor().shuffled(args.seed)
    hands, rest = deck.deal(args.players, 7)
    print(f"\nChase the Tailor pack shuffled with seed {args.seed}, {args.players} hands of 7:")
    for seat, hand in enumerate(hands):
        print(f"  seat {seat}: {hand.to_unicode()}")
    print(f"  stock ({len(rest)} cards), top first: {rest}")
    return 0


def _game_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], verb: str, summary: str
) -> None:
    parser = commands.add_parser(verb, help=summary, description=summary[0].upper() + summary[1:])
    parser.add_argument(
        "target",
        choices=GAMES,
        metavar="GAME",
        help="the game: tarot or tailor (Chase the Tailor)",
    )
    options = TargetOptions(parser, GAMES)
    add_game_options(options, tarot="tarot", tailor="tailor", human=verb == "play")
    if verb == "play":
        options.add(
            "--game",
            action="store_true",
            defaults={"tarot": False},
            help="play a whole game (every player deals once) instead of one deal",
        )
        options.add(
            "--rounds",
            type=int,
            defaults={"tailor": 1},
            help="rounds to play; more than 1 plays a match",
        )
    options.add(
        "--json",
        action="store_true",
        defaults={"tarot": False, "tailor": False},
        help="print JSON (a record) instead of text",
    )

    def run(args: argparse.Namespace) -> int:
        options.resolve(args, args.target)
        module = importlib.import_module(f"cardgames.{args.target}.cli")
        status: int = getattr(module, f"run_{verb}")(args)
        return status

    parser.set_defaults(run=run)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the whole command line."""
    parser = argparse.ArgumentParser(
        prog="cardgames",
        description="Card-game engines (Tarot, Chase the Tailor) and a perfect-information solver.",
        epilog=(
            "Run 'cardgames COMMAND --help' for a command's options. A command's options may "
            "come before or after it: 'cardgames --seed 3 deal tailor' is 'cardgames deal "
            "tailor --seed 3'."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"cardgames {cardgames.__version__} (solver backend: {backend()})",
        help="show the version and the solver backend, then exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", help="the subcommands:")

    packs = commands.add_parser(
        "packs",
        help="show the packs and a seeded shuffle and deal",
        description="Show both packs, then a seeded shuffle of the Chase the Tailor pack, dealt.",
    )
    packs.add_argument("--seed", type=int, default=1, help="shuffle seed (default 1)")
    packs.add_argument(
        "--players", type=int, default=4, choices=range(2, 7), help="hands to deal (default 4)"
    )
    packs.set_defaults(run=_run_packs)

    show = commands.add_parser(
        "show",
        help="print a saved record of either game",
        description=(
            'Print a saved record (Tarot or Chase the Tailor, told by its "game" field): the '
            "hands dealt, then each trick with the seat of every card (Tarot) or each turn "
            "with the seat that moved (Chase the Tailor), and the result; for a whole Tarot "
            "game or Chase the Tailor match, then the series totals (higher is better) and "
            "the winners. A French Tarot deal shows the bids, the contract and taker, the "
            "called card, the dog, the discard, the announcement and the poignées before its "
            "tricks, and ends with its score."
        ),
    )
    show.add_argument("file", metavar="FILE", help="a record written by --json or dumps()")
    show.set_defaults(run=_run_show)

    _game_command(commands, "deal", "deal a game and show the hands")
    _game_command(
        commands,
        "play",
        "deal and play out a game with random legal moves, play it yourself against bots "
        "(--human), or watch bots play it (--bots)",
    )

    for name in COMMAND_MODULES:
        module: _CommandModule = importlib.import_module(name)
        before = set(commands.choices)
        module.add_parser(commands)
        for command in set(commands.choices) - before:
            added = commands.choices[command]
            if added.get_default("run") is None:
                added.set_defaults(run=module.run)
    return parser


_TOP_LEVEL_OPTIONS: Final = frozenset({"-h", "--help", "--version"})


def _command_first(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """``argv`` with the options given before the subcommand moved to just after it, where
    the subcommand's parser reads them (``--seed 3 deal tailor`` -> ``deal --seed 3 tailor``).

    Only the command line's own options (``--help``, ``--version``) belong before a
    subcommand; anything else that starts the line is taken as the subcommand's.
    """
    argv = list(argv)
    if not argv or not argv[0].startswith("-") or argv[0] in _TOP_LEVEL_OPTIONS:
        return argv
    commands = _command_names(parser)
    for index, token in enumerate(argv):
        if token == "--":
            break
        if token in commands:
            return [token, *argv[:index], *argv[index + 1 :]]
    parser.error(
        f"no subcommand after {' '.join(argv)!r}: options go with a subcommand, before or "
        f"after it, such as 'cardgames deal tailor --seed 3' (choose a COMMAND from "
        f"{', '.join(sorted(commands))})"
    )


def _command_names(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (argparse exits with status 2 on a bad
    command line)."""
    parser = build_parser()
    args = parser.parse_args(_command_first(parser, sys.argv[1:] if argv is None else argv))
    run = getattr(args, "run", None)
    if run is None:
        parser.print_help()
        return 0
    try:
        status: int = run(args)
        sys.stdout.flush()
    except cardgames.CardgamesError as error:
        print(f"cardgames: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Ctrl-C during a long analysis: a one-line notice rather than a traceback.
        print("cardgames: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``cardgames play ... | head``): stop quietly, as Unix tools
        # do. Python would otherwise report the failed flush of stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status
