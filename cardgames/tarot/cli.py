"""The ``tarot`` part of the command line: ``cardgames deal tarot`` and ``cardgames play tarot``.

``--rules`` takes ``simplified`` or ``traditional`` (with ``--players``: 3 for traditional
rules and 4 for simplified unless given), or a full rules text such as
``simplified-4,magician_bonus=0`` (see :meth:`cardgames.tarot.rules.Rules.parse`). The default
is traditional rules for three players, seed 1, dealer 0.

>>> from cardgames.cli import main
>>> main(['deal', 'tarot', '--seed', '7'])
Tarot traditional-3, seed 7, dealer 0
...
0
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from cardgames.deck import make_rng
from cardgames.errors import RulesError
from cardgames.tarot.game import Game, random_strategy
from cardgames.tarot.records import dumps
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Phase, State, Trick, deal
from cardgames.validation import quote

__all__ = ["format_deal", "rules_from_args", "run_deal", "run_play"]


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules named by ``--rules`` and ``--players`` (None: the preset's usual number).

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


def format_deal(state: State, *, hands: bool = False) -> str:
    """A deal, trick by trick with each card's seat, and its result (or who is to move).

    :param hands: show each seat's hand as dealt first.
    """
    lines = [f"Tarot {state.rules}, dealer {state.dealer}"]
    if hands:
        for seat, hand in enumerate(state.initial.hands):
            lines.append(f"  seat {seat} was dealt: {hand.to_unicode()}")
        lines.append(f"  talon: {state.initial.talon.to_unicode()}")
    if state.discard:
        lines.append(f"  discard: {state.discard.to_unicode()}")
    for number, trick in enumerate(state.tricks, start=1):
        lines.append(f"  trick {number:2}: {_cards(trick)}  -> seat {trick.winner}")
    if state.trick.cards:
        lines.append(f"  trick {len(state.tricks) + 1:2}: {_cards(state.trick)}  (in progress)")
    if state.is_over:
        lines.append("  points:  " + ", ".join(_number(points) for points in state.points()))
        lines.append("  payoffs: " + ", ".join(_number(payoff) for payoff in state.payoffs()))
    else:
        action = "to discard" if state.phase is Phase.DISCARD else "to play"
        lines.append(f"  not finished: seat {state.to_move} {action}")
    return "\n".join(lines)


def _cards(trick: Trick) -> str:
    return " ".join(
        f"{seat}:{card.to_unicode()}" for seat, card in zip(trick.players, trick.cards, strict=True)
    )


def run_play(args: argparse.Namespace) -> int:
    """Deal and play out with random legal moves (one deal, or a whole game with ``--game``)."""
    rules = rules_from_args(args)
    if args.game:
        game = Game(rules=rules, seed=args.seed, first_dealer=args.dealer)
        game = game.play_out(random_strategy(args.seed))
        if args.json:
            print(dumps(game))
            return 0
        for state in game.deals:
            print(format_deal(state))
        print("totals: " + ", ".join(_number(total) for total in game.totals))
        return 0
    rng = make_rng(args.seed)
    state = deal(rules, seed=rng, dealer=args.dealer)
    choose = random_strategy(rng)
    while not state.is_over:
        state = state.play(choose(state))
    if args.json:
        print(dumps(state))
        return 0
    print(format_deal(state))
    return 0
