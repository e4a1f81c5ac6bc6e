"""``cardgames packs``: show both packs, then a seeded shuffle and deal of one."""

from __future__ import annotations

import argparse
from typing import Any

from cardgames.deck import Deck
from cardgames.tarot.cards import tarot_deck

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``packs`` to the top-level ``subparsers``."""
    packs = subparsers.add_parser(
        "packs",
        help="show the packs and a seeded shuffle and deal",
        description="Show both packs, then a seeded shuffle of the Chase the Tailor pack, dealt.",
    )
    packs.add_argument("--seed", type=int, default=1, help="shuffle seed (default 1)")
    packs.add_argument(
        "--players", type=int, default=4, choices=range(2, 7), help="hands to deal (default 4)"
    )
    packs.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Show the packs and a seeded deal; returns the exit status."""
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
