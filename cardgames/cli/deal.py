"""``cardgames deal GAME``: deal a game and show the hands.

``cardgames deal tarot`` shows a seeded Tarot deal (the hands, the talon or dog, the position
in the Tarot notation); ``cardgames deal tailor`` a seeded Chase the Tailor deal (the hands,
the card turned up, the stock, the seat to move). ``--json`` prints the deal's record on one
line instead, which ``cardgames show``, ``analyse`` and ``review`` read. The same arguments
always give the same output.

>>> from cardgames.cli import main
>>> main(['deal', 'tarot', '--seed', '7'])
Tarot traditional-3, seed 7, dealer 0
...
0
>>> main(['deal', 'tailor', '--players', '2', '--seed', '3'])
Chase the Tailor, 2 players, seed 3
  seat 0: ...
  seat 1: ...
top card: ...
stock (40 cards), top first: ...
seat 0 to move
0
"""

from __future__ import annotations

import argparse

from cardgames import games, tailor, tarot
from cardgames.cli.options import (
    add_game_command,
    rules_from_args,
    tailor_rules_from_args,
    tarot_rules_from_args,
)

__all__ = ["add_parser", "run", "run_game", "run_tailor", "run_tarot"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``deal`` to the top-level ``subparsers``."""
    add_game_command(
        subparsers,
        "deal",
        "deal a game and show the hands",
        {"tarot": run_tarot, "tailor": run_tailor, "game": run_game},
    )


def run(args: argparse.Namespace) -> int:
    """Run ``deal``; returns the exit status."""
    status: int = args.run(args)
    return status


def run_tarot(args: argparse.Namespace) -> int:
    """Deal and show the hands (or a JSON record with ``--json``)."""
    rules = tarot_rules_from_args(args)
    state = tarot.deal(rules, seed=args.seed, dealer=args.dealer)
    if args.json:
        print(tarot.dumps(state))
        return 0
    print(f"Tarot {rules}, seed {args.seed}, dealer {state.dealer}")
    for seat, hand in enumerate(state.initial.hands):
        print(f"  seat {seat}: {hand.to_unicode()}")
    print(f"  {_talon_name(rules)}: {state.initial.talon.to_unicode()}")
    if rules.bidding:
        print(f"  seat {state.to_move} bids first")
    print(f"position: {state.position()}")
    return 0


def _talon_name(rules: tarot.Rules) -> str:
    return "dog" if rules.bidding else "talon"


def run_tailor(args: argparse.Namespace) -> int:
    """Show the deal; returns the exit status.

    :raises RulesError: for an impossible seat or rules.
    """
    rules = tailor_rules_from_args(args)
    state = tailor.deal(rules, seed=args.seed, first_player=args.first_player)
    if args.json:
        print(tailor.dumps(state))
        return 0
    chase = ", Chase Mode" if rules.chase_mode else ""
    print(f"Chase the Tailor, {rules.players} players{chase}, seed {args.seed}")
    for seat, hand in enumerate(state.hands):
        print(f"  seat {seat}: {hand.to_unicode()}")
    print(f"top card: {state.top_card.to_unicode()}")
    print(f"stock ({len(state.stock)} cards), top first: {' '.join(map(str, state.stock))}")
    print(f"seat {state.to_move} to move")
    return 0


def run_game(args: argparse.Namespace) -> int:
    """Any other game (bridge, or one a program registered), through its descriptor: the
    table as text, or the deal's record with ``--json``."""
    game = games.named(args.target)
    rules = rules_from_args(args.target, args)
    state = game.deal(rules, args.seed, 0)
    if args.json:
        print(game.dumps(state, {}, None))
        return 0
    print(f"{game.title}, {rules}, seed {args.seed}")
    print(game.state_text(state))
    return 0
