"""The ``tarot`` part of the command line: ``cardgames deal tarot`` and ``cardgames play tarot``.

``cardgames play tarot`` plays out with random legal moves, or, with ``--human SEAT``, lets you
play one deal from that seat against bots (``--bots``; see ``cardgames._cli_human``).

``--rules`` takes ``simplified`` or ``traditional`` (with ``--players``: 3 for traditional
rules and 4 for simplified unless given), or a full rules text such as
``simplified-4,magician_bonus=0`` (see :meth:`cardgames.tarot.rules.Rules.parse`). The default
is traditional rules for three players, seed 1, dealer 0. ``--json`` prints the record (the
deal, or the whole game with ``--game``) on one line instead of text.

>>> from cardgames.cli import main
>>> main(['deal', 'tarot', '--seed', '7'])
Tarot traditional-3, seed 7, dealer 0
...
0
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from fractions import Fraction

from cardgames._cli_human import Table, bots_only_with_human, check_human_args, run_human
from cardgames._cli_results import numbers, totals_lines
from cardgames.deck import make_rng
from cardgames.errors import RulesError
from cardgames.tarot.game import Game, random_strategy
from cardgames.tarot.records import dumps, record_of
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Move, Phase, State, Trick, deal
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
    for seat, hand in enumerate(state.initial.hands):
        print(f"  seat {seat}: {hand.to_unicode()}")
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
        lines.append(f"  points:  {numbers(state.points())}")
        lines.append(f"  payoffs: {numbers(state.payoffs())}")
    else:
        action = "to discard" if state.phase is Phase.DISCARD else "to play"
        lines.append(f"  not finished: seat {state.to_move} {action}")
    return "\n".join(lines)


def _cards(trick: Trick) -> str:
    return " ".join(
        f"{seat}:{card.to_unicode()}" for seat, card in zip(trick.players, trick.cards, strict=True)
    )


def _show_move(state: State, move: Move, own: bool) -> str:
    if state.phase is Phase.DISCARD:
        # the dealer's discard stays hidden from the others
        return f"discards {move.card.to_unicode()}" if own else "discards a card"
    return f"plays {move.card.to_unicode()}"


def _events(before: State, after: State) -> Sequence[str]:
    lines = []
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        lines.append(f"trick {len(after.tricks)}: {_cards(trick)}  -> won by seat {trick.winner}")
    if before.phase is Phase.DISCARD and after.phase is not Phase.DISCARD:
        lines.append(f"seat {before.dealer} has discarded; seat {after.to_move} leads")
    return lines


def _record_text(state: State, tags: Mapping[str, str]) -> str:
    return dumps(record_of(state, tags=tags), indent=2)


def _result(human: int) -> object:
    def result(state: State) -> str:
        return (
            f"{format_deal(state)}\n"
            f"you (seat {human}): {_number(state.points()[human])} points, payoff "
            f"{_number(state.payoffs()[human])}"
        )

    return result


def _run_human(args: argparse.Namespace, rules: Rules) -> int:
    check_human_args(args.human, game=args.game, rounds=1, json=args.json)
    state = deal(rules, seed=args.seed, dealer=args.dealer)
    human: int = args.human
    table: Table[State, Move] = Table(
        game="Tarot",
        parse_move=Move.parse,
        show_move=_show_move,
        events=_events,
        result=_result(human),  # type: ignore[arg-type]
    )
    return run_human(
        state,
        players=rules.players,
        human=human,
        bots=args.bots,
        seed=args.seed,
        table=table,
        view=State.view,
        heading=f"Tarot {rules}, seed {args.seed}, dealer {state.dealer}",
        record_text=_record_text,
        save=args.save,
    )


def run_play(args: argparse.Namespace) -> int:
    """Deal and play out with random legal moves (one deal, or a whole game with ``--game``);
    with ``--human SEAT``, one deal against bots with you at the prompt."""
    rules = rules_from_args(args)
    if getattr(args, "human", None) is not None:
        return _run_human(args, rules)
    bots_only_with_human(args)
    if args.game:
        game = Game(rules=rules, seed=args.seed, first_dealer=args.dealer)
        game = game.play_out(random_strategy(args.seed))
        if args.json:
            print(dumps(game))
            return 0
        for state in game.deals:
            print(format_deal(state))
        for line in totals_lines(game.totals, over=game.is_over):
            print(line)
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
