"""The ``cardgames`` command line (also ``python -m cardgames``).

Subcommands:

* ``cardgames packs`` shows the packs and a seeded shuffle and deal;
* ``cardgames deal GAME ...`` and ``cardgames play GAME ...`` deal, or play out with random legal
  moves, a game of Tarot (``tarot``; ``--rules french`` for French Tarot, with ``--players``
  3, 4 or 5) or Chase the Tailor (``tailor``); ``play`` also lets you take a seat against
  bots (``--human SEAT``) or watch bots play a deal (``--bots`` alone);
* ``cardgames analyse [GAME | FILE] ...`` runs the perfect-information solver on a position: the
  built-in sample, a seeded or given position of any game, or a position of a saved record;
* ``cardgames show FILE`` prints a saved record, trick by trick or turn by turn (a whole
  game or match ends with its totals and winners);
* ``cardgames review FILE`` judges every move of a saved record with the solver
  (``--html PAGE`` also writes its review page);
* ``cardgames serve`` starts a local web page to play a deal against the bots in a browser
  and see its review (:mod:`cardgames.cli.serve`);
* ``cardgames bridge deal|play|show|analyse`` does the same for bridge card play
  (:mod:`cardgames.cli.bridge`).

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
from typing import Final, Protocol

import cardgames
from cardgames._compiled import backend
from cardgames.cli._numbers import ArgumentParser
from cardgames.cli._records import GAME_NAMES

__all__ = ["COMMAND_MODULES", "GAMES", "build_parser", "main"]

GAMES = GAME_NAMES
"""The games on the command line: the name to type and the game's name."""

COMMAND_MODULES: tuple[str, ...] = (
    "cardgames.cli.packs",
    "cardgames.cli.show",
    "cardgames.cli.deal",
    "cardgames.cli.play",
    "cardgames.cli.analyse",
    "cardgames.cli.review",
    "cardgames.cli.serve",
    "cardgames.cli.batch",
    "cardgames.cli.arena",
    "cardgames.cli.bridge",
)
"""The modules of the subcommands, in the order ``cardgames --help`` lists them.

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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the whole command line."""
    # Reads numbers in ASCII digits only, as do its subcommands (made of the same class).
    parser: argparse.ArgumentParser = ArgumentParser(
        prog="cardgames",
        description=(
            "Card-game engines (Tarot, Chase the Tailor, bridge card play) and a "
            "perfect-information solver."
        ),
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
