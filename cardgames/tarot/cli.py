"""The ``tarot`` part of the command line: ``cardgames deal tarot`` and ``cardgames play tarot``.

``--rules`` takes ``simplified`` or ``traditional`` (with ``--players``), or a full rules text
such as ``simplified-4,magician_bonus=0`` (see :meth:`cardgames.tarot.rules.Rules.parse`).

>>> from cardgames.cli import main
>>> main(['deal', 'tarot', '--rules', 'traditional', '--players', '3', '--seed', '7'])
Tarot traditional-3, seed 7, dealer 0
...
0
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from cardgames.deck import make_rng
from cardgames.errors import RulesError
from cardgames.tarot.game import Game, random_player
from cardgames.tarot.records import dumps
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import State, deal
from cardgames.validation import quote

__all__ = ["configure_deal", "configure_play", "rules_from_args", "run_deal", "run_play"]


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        default="simplified",
        help="simplified or traditional (with --players), or a rules text such as "
        "'simplified-4,magician_bonus=0' (default simplified)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of players (default 4 for simplified, 3 for traditional)",
    )
    parser.add_argument("--seed", type=int, default=1, help="shuffle seed (default 1)")
    parser.add_argument("--dealer", type=int, default=0, help="the dealer's seat (default 0)")
    parser.add_argument("--json", action="store_true", help="print a JSON record instead")


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules named by ``--rules`` and ``--players``.

    :raises RulesError: for an impossible combination.
    :raises NotationError: for an unreadable rules text.
    """
    name = str(args.rules).strip().lower()
    if name in ("simplified", "traditional"):
        players = args.players if args.players is not None else (4 if name == "simplified" else 3)
        return Rules.simplified(players) if name == "simplified" else Rules.traditional(players)
    rules = Rules.parse(args.rules)
    if args.players is not None and args.players != rules.players:
        raise RulesError(f"--players {args.players} disagrees with --rules {quote(args.rules)}")
    return rules


def configure_deal(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``cardgames deal tarot``."""
    _add_common(parser)


def configure_play(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``cardgames play tarot``."""
    _add_common(parser)
    parser.add_argument(
        "--game",
        action="store_true",
        help="play a whole game (every player deals once) instead of one deal",
    )


def _number(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{value} (~{float(value):.2f})"


def run_deal(args: argparse.Namespace) -> int:
    """Deal and show the hands (or a JSON record with ``--json``)."""
    rules = rules_from_args(args)
    state = deal(rules, seed=args.seed, dealer=args.dealer)
    if args.json:
        print(dumps(state))
        return 0
    print(f"Tarot {rules}, seed {args.seed}, dealer {state.dealer}")
    for player, hand in enumerate(state.initial.hands):
        print(f"  player {player}: {hand.to_unicode()}")
    print(f"  talon: {state.initial.talon.to_unicode()}")
    print(f"position: {state.position()}")
    return 0


def _show_deal(state: State) -> None:
    print(f"Tarot {state.rules}, dealer {state.dealer}")
    if state.discard:
        print(f"  discard: {state.discard.to_unicode()}")
    for number, trick in enumerate(state.tricks, start=1):
        cards = " ".join(
            f"{player}:{card.to_unicode()}"
            for player, card in zip(trick.players, trick.cards, strict=True)
        )
        print(f"  trick {number:2}: {cards}  -> player {trick.winner}")
    print("  points:  " + ", ".join(_number(points) for points in state.points()))
    print("  payoffs: " + ", ".join(_number(payoff) for payoff in state.payoffs()))


def run_play(args: argparse.Namespace) -> int:
    """Deal and play out with random legal moves (one deal, or a whole game with ``--game``)."""
    rules = rules_from_args(args)
    if args.game:
        game = Game(rules=rules, seed=args.seed, first_dealer=args.dealer)
        game = game.play_out(random_player(args.seed))
        if args.json:
            print(dumps(game))
            return 0
        for state in game.deals:
            _show_deal(state)
        print("totals: " + ", ".join(_number(total) for total in game.totals()))
        return 0
    rng = make_rng(args.seed)
    state = deal(rules, seed=rng, dealer=args.dealer)
    choose = random_player(rng)
    while not state.is_over:
        state = state.play(choose(state))
    if args.json:
        print(dumps(state))
        return 0
    _show_deal(state)
    return 0
