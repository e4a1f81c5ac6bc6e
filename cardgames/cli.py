"""The ``cardgames`` command line (also ``python -m cardgames``).

Subcommands:

* ``cardgames packs`` shows the packs and a seeded shuffle and deal;
* ``cardgames deal GAME ...`` and ``cardgames play GAME ...`` deal, or play out with random legal
  moves, a game of Tarot (``tarot``) or Chase the Tailor (``tailor``);
* ``cardgames analyse ...`` runs the perfect-information solver.

Each game contributes its own options through a module ``cardgames.<game>.cli`` exposing
``configure_deal``/``run_deal`` and ``configure_play``/``run_play``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

import cardgames
from cardgames._compiled import backend
from cardgames.deck import Deck

__all__ = ["build_parser", "main"]

GAMES = {"tarot": "Tarot (78-card pack)", "tailor": "Chase the Tailor (55-card pack)"}


def _game_module(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"cardgames.{game}.cli")
    except ModuleNotFoundError:  # pragma: no cover - every game ships its command module
        return None


def _run_packs(args: argparse.Namespace) -> int:
    for name, deck in (("Chase the Tailor", Deck.tailor()), ("Tarot", Deck.tarot())):
        print(f"{name} pack ({len(deck)} cards):")
        print(f"  {deck.to_set().to_unicode()}")
    deck = Deck.tailor().shuffled(args.seed)
    hands, rest = deck.deal(args.players, 7)
    print(f"\nChase the Tailor pack shuffled with seed {args.seed}, {args.players} hands of 7:")
    for player, hand in enumerate(hands):
        print(f"  player {player}: {hand.to_unicode()}")
    print(f"  stock ({len(rest)} cards), top first: {rest}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the whole command line."""
    parser = argparse.ArgumentParser(
        prog="cardgames",
        description="Card-game engines (Tarot, Chase the Tailor) and a perfect-information solver.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"cardgames {cardgames.__version__} (solver backend: {backend()})",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    packs = commands.add_parser("packs", help="show the packs and a seeded shuffle and deal")
    packs.add_argument("--seed", type=int, default=1, help="shuffle seed (default 1)")
    packs.add_argument("--players", type=int, default=4, choices=range(2, 7), help="hands to deal")
    packs.set_defaults(run=_run_packs)

    for verb, help_text in (
        ("deal", "deal a game and show the hands"),
        ("play", "deal and play out a game with random legal moves"),
    ):
        verb_parser = commands.add_parser(verb, help=help_text)
        games = verb_parser.add_subparsers(dest="game", metavar="GAME", required=True)
        for game, description in GAMES.items():
            module = _game_module(game)
            if module is None or not hasattr(module, f"configure_{verb}"):
                continue
            game_parser = games.add_parser(game, help=description)
            getattr(module, f"configure_{verb}")(game_parser)
            run: Callable[[argparse.Namespace], int] = getattr(module, f"run_{verb}")
            game_parser.set_defaults(run=run)

    from cardgames.solver.cli import configure as configure_analyse

    configure_analyse(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
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
    except BrokenPipeError:
        # The reader went away (``cardgames play ... | head``): stop quietly, as Unix tools
        # do. Python would otherwise report the failed flush of stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status
