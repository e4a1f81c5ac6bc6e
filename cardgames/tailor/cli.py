"""The ``cardgames deal tailor`` and ``cardgames play tailor`` commands.

``deal`` shows a seeded deal (hands, the card turned up, the stock); ``play`` plays it out with
seeded random players (:func:`~cardgames.tailor.random_strategy`), as one round or
(``--rounds N``) as a :class:`~cardgames.tailor.Match`. ``--json`` prints JSON instead of text:
for ``deal`` the hands, top, pile, stock and position notation; for ``play`` an object
``{"rounds": [...], "totals": [...], "winners": [...]}`` whose rounds are game records (see
:mod:`cardgames.tailor.records`) with ``winner``, ``payoffs`` and the ``final`` position added.
The same arguments always give the same output.

>>> from cardgames.cli import main
>>> main(['deal', 'tailor', '--players', '2', '--seed', '3'])
Chase the Tailor, 2 players, seed 3
  player 0: ...
  player 1: ...
top card: ...
stock (40 cards), top first: ...
player 0 to move
0
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardgames.tailor.match import Match, play_round, random_strategy
from cardgames.tailor.moves import Move
from cardgames.tailor.notation import format_top
from cardgames.tailor.records import GameRecord
from cardgames.tailor.rules import Rules, derive_seed
from cardgames.tailor.state import State, deal

__all__ = ["configure_deal", "configure_play", "run_deal", "run_play"]


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=int, default=4, choices=range(2, 7), help="2 to 6 (default 4)"
    )
    parser.add_argument("--seed", type=int, default=0, help="shuffle seed (default 0)")
    parser.add_argument("--chase", action="store_true", help="play with Chase Mode")
    parser.add_argument(
        "--first-player", type=int, default=0, help="seat that moves first (default 0)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def configure_deal(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``cardgames deal tailor``."""
    _common(parser)


def configure_play(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``cardgames play tailor``."""
    _common(parser)
    parser.add_argument(
        "--rounds", type=int, default=1, help="rounds to play; more than 1 plays a match"
    )


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(players=args.players, chase_mode=args.chase)


def _deal_dict(state: State) -> dict[str, Any]:
    return {
        "rules": state.rules.to_dict(),
        "seed": state.seed,
        "first_player": state.to_move,
        "hands": [str(hand) for hand in state.hands],
        "top": format_top(state.top),
        "pile": [str(card) for card in state.pile],
        "stock": [str(card) for card in state.stock],
        "position": str(state),
    }


def run_deal(args: argparse.Namespace) -> int:
    """Show the deal; returns the exit status.

    :raises RulesError: for an impossible seat or rules.
    """
    state = deal(_rules(args), seed=args.seed, first_player=args.first_player)
    if args.json:
        print(json.dumps(_deal_dict(state), indent=2))
        return 0
    chase = ", Chase Mode" if args.chase else ""
    print(f"Chase the Tailor, {args.players} players{chase}, seed {args.seed}")
    for seat, hand in enumerate(state.hands):
        print(f"  player {seat}: {hand.to_unicode()}")
    print(f"top card: {state.top_card.to_unicode()}")
    print(f"stock ({len(state.stock)} cards), top first: {' '.join(map(str, state.stock))}")
    print(f"player {state.to_move} to move")
    return 0


def _describe(state: State, move: Move) -> str:
    return f"{state.turns + 1:4d}  player {state.to_move}: {move}"


def _outcome(state: State) -> str:
    if state.winner is not None:
        return f"player {state.winner} went out after {state.turns} moves"
    return f"stalemate after {state.turns} moves"


def _round_dict(state: State, record: GameRecord) -> dict[str, Any]:
    return {
        **record.to_dict(),
        "winner": state.winner,
        "payoffs": list(state.payoffs()),
        "final": str(state),
    }


def run_play(args: argparse.Namespace) -> int:
    """Play out one round, or a match with ``--rounds``; returns the exit status.

    :raises RulesError: for an impossible seat, rules or number of rounds.
    """
    rules = _rules(args)
    strategy = random_strategy(derive_seed(args.seed, "players"))
    if args.rounds == 1:
        state = deal(rules, seed=args.seed, first_player=args.first_player)
        final, record = play_round(state, strategy)
        if args.json:
            totals = [-payoff for payoff in final.payoffs()]
            best = [seat for seat, total in enumerate(totals) if total == min(totals)]
            single = {"rounds": [_round_dict(final, record)], "totals": totals, "winners": best}
            print(json.dumps(single, indent=2))
            return 0
        print(f"Chase the Tailor, {args.players} players, seed {args.seed}: {rules}")
        for before, move in zip(record.states(), record.moves, strict=False):
            print(_describe(before, move))
        print(_outcome(final))
        print("payoffs: " + " ".join(str(payoff) for payoff in final.payoffs()))
        return 0
    match = Match(rules=rules, rounds=args.rounds, seed=args.seed, first_player=args.first_player)
    rounds: list[dict[str, Any]] = []
    lines: list[str] = []
    while not match.is_over:
        number = match.rounds_played + 1
        match, record = match.play_round(strategy)
        final = record.replay()
        rounds.append(_round_dict(final, record))
        lines.append(
            f"round {number}: player {record.first_player} started; {_outcome(final)}; "
            f"hand values {' '.join(str(-payoff) for payoff in final.payoffs())}"
        )
    if args.json:
        summary = {
            "rounds": rounds,
            "totals": list(match.totals),
            "winners": list(match.winners()),
        }
        print(json.dumps(summary, indent=2))
        return 0
    print(f"Chase the Tailor match, {args.players} players, {args.rounds} rounds, seed {args.seed}")
    for line in lines:
        print(line)
    print("totals: " + " ".join(f"player {seat} {t}" for seat, t in enumerate(match.totals)))
    winners = match.winners()
    label = "winner" if len(winners) == 1 else "tied winners"
    print(f"{label}: " + ", ".join(f"player {seat}" for seat in winners))
    return 0
