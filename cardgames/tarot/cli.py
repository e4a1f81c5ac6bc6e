"""The ``tarot`` part of the command line: ``cardgames deal tarot`` and ``cardgames play tarot``.

``cardgames play tarot`` plays out with random legal moves, or, with ``--human SEAT``, lets you
play one deal from that seat against bots (``--bots``; see ``cardgames._cli_human``), or with
``--bots`` alone lets you watch bots play one deal, trick by trick.

``--rules`` takes ``simplified``, ``traditional`` or ``french`` (with ``--players``: 3 for
traditional rules, 4 for simplified and for French rules unless given), or a full rules text
such as ``simplified-4,magician_bonus=0`` or ``french-5`` (see
:meth:`cardgames.tarot.rules.Rules.parse`). The default is traditional rules for three
players, seed 1, dealer 0. ``--json`` prints the record (the deal, or the whole game with
``--game``) on one line instead of text.

Under French rules a deal is played from the bidding on: the random players bid, call, discard
and announce too, and a human seat types ``pass``, ``garde``, ``call-KH``, ``slam``,
``no-slam``, ``poignee-single`` or a card (see :func:`cardgames.tarot.contracts.parse_move`).

>>> from cardgames.cli import main
>>> main(['deal', 'tarot', '--seed', '7'])
Tarot traditional-3, seed 7, dealer 0
...
0
>>> main(['play', 'tarot', '--rules', 'french', '--seed', '3'])
Tarot french-4, dealer 0
  bids: seat 3 garde-contre, seat 2 pass, seat 1 pass, seat 0 pass
...
0
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Final

from cardgames._cli_human import (
    Table,
    bots_only_with_human,
    check_human_args,
    run_human,
    run_watch,
)
from cardgames._cli_results import numbers, totals_lines
from cardgames.deck import make_rng
from cardgames.errors import RulesError
from cardgames.render import format_points
from cardgames.tarot.contracts import Announcement, AnyMove, Bid, Call, Declaration, parse_move
from cardgames.tarot.game import Game, random_strategy
from cardgames.tarot.records import dumps, record_of
from cardgames.tarot.render import contract_lines, move_to_unicode, state_to_unicode
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Move, Phase, State, Trick, deal
from cardgames.validation import quote

__all__ = [
    "FRENCH_PLAYERS",
    "format_deal",
    "rules_from_args",
    "run_deal",
    "run_play",
]

FRENCH_PLAYERS: Final = 4
"""The number of players ``--rules french`` means without ``--players``: the FFT's standard
game."""
_PRESETS: Final[dict[str, tuple[Callable[[int], Rules], int]]] = {
    "simplified": (Rules.simplified, 4),
    "traditional": (Rules.traditional, 3),
    "french": (Rules.french, FRENCH_PLAYERS),
}


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules named by ``--rules`` and ``--players`` (None: the preset's usual number).

    :raises RulesError: for an impossible combination.
    :raises NotationError: for an unreadable rules text.
    """
    name = str(args.rules).strip().lower()
    if name in _PRESETS:
        make, usual = _PRESETS[name]
        return make(args.players if args.players is not None else usual)
    rules = Rules.parse(args.rules)
    if args.players is not None and args.players != rules.players:
        raise RulesError(f"--players {args.players} disagrees with --rules {quote(args.rules)}")
    return rules


def _number(value: Fraction) -> str:
    return format_points(value)


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
    print(f"  {_talon_name(rules)}: {state.initial.talon.to_unicode()}")
    if rules.bidding:
        print(f"  seat {state.to_move} bids first")
    print(f"position: {state.position()}")
    return 0


def _talon_name(rules: Rules) -> str:
    return "dog" if rules.bidding else "talon"


def format_deal(state: State, *, hands: bool = False) -> str:
    """A deal, trick by trick with each card's seat, and its result (or who is to move).

    Under French rules the tricks follow the bidding, move by move: the bids, the contract and
    taker, the called card, the dog, the taker's discard, the slam announcement and the
    poignées (see :func:`cardgames.tarot.render.contract_lines`); a finished deal ends with its
    score (:meth:`cardgames.tarot.scoring.Score.to_unicode`).

    :param hands: show each seat's hand as dealt first.
    """
    rules = state.rules
    lines = [f"Tarot {rules}, dealer {state.dealer}"]
    if hands:
        for seat, hand in enumerate(state.initial.hands):
            lines.append(f"  seat {seat} was dealt: {hand.to_unicode()}")
        if not rules.bidding:
            lines.append(f"  talon: {state.initial.talon.to_unicode()}")
    if rules.bidding:
        lines.extend(f"  {line[0].lower()}{line[1:]}" for line in contract_lines(state))
    elif state.discard:
        lines.append(f"  discard: {state.discard.to_unicode()}")
    for number, trick in enumerate(state.tricks, start=1):
        lines.append(f"  trick {number:2}: {_cards(trick)}  -> seat {trick.winner}")
    if state.trick.cards:
        lines.append(f"  trick {len(state.tricks) + 1:2}: {_cards(state.trick)}  (in progress)")
    if state.is_over:
        lines.append(f"  points:  {numbers(state.points())}")
        lines.append(f"  payoffs: {numbers(state.payoffs())}")
        score = state.score()
        if score is not None:
            lines.append("  score:")
            lines.extend(f"    {line}" for line in score.to_unicode().splitlines())
    else:
        lines.append(f"  not finished: seat {state.to_move} {_ACTIONS[state.phase]}")
    return "\n".join(lines)


_ACTIONS: Final = {
    Phase.BIDDING: "to bid",
    Phase.CALL: "to call a card",
    Phase.DISCARD: "to discard",
    Phase.ANNOUNCE: "to announce",
    Phase.PLAY: "to play",
}


def _cards(trick: Trick) -> str:
    return " ".join(
        f"{seat}:{card.to_unicode()}" for seat, card in zip(trick.players, trick.cards, strict=True)
    )


def _show_move(state: State, move: AnyMove, own: bool) -> str:
    if state.phase is Phase.DISCARD:
        # the discard stays hidden from the others, but for a trump (shown when discarded)
        assert isinstance(move, Move)
        shown = own or (state.rules.bidding and move.card.is_trump)
        return f"discards {move.card.to_unicode()}" if shown else "discards a card"
    if isinstance(move, Bid):
        return "passes" if move.contract is None else f"bids {move.contract.value}"
    if isinstance(move, Call):
        return f"calls {move.card.to_unicode()}"
    if isinstance(move, Announcement):
        return "announces a slam" if move.slam else "announces no slam"
    if isinstance(move, Declaration):
        trumps = state.play(move).poignee_cards(state.to_move).to_unicode()
        return f"declares a {move.poignee.value} poignée: {trumps}"
    return f"plays {move_to_unicode(move)}"


def _events(before: State, after: State) -> Sequence[str]:
    lines = []
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        lines.append(f"trick {len(after.tricks)}: {_cards(trick)}  -> won by seat {trick.winner}")
    french = before.rules.bidding
    if french and before.phase is Phase.BIDDING and after.phase is not Phase.BIDDING:
        contract = after.contract
        if after.is_void or contract is None:
            lines.append("every seat passed: the deal is void")
        else:
            lines.append(f"seat {after.taker} takes with a {contract.value}")
            if not contract.dog_shown:
                side = "the taker" if contract.dog_to_taker else "the defence"
                lines.append(f"the dog stays face down and counts for {side}")
    if french and after.phase is Phase.DISCARD and before.phase is not Phase.DISCARD:
        lines.append(
            f"the dog is shown: {after.initial.talon.to_unicode()}; seat {after.taker} "
            "takes it and discards as many cards"
        )
    if before.phase is Phase.DISCARD and after.phase is not Phase.DISCARD:
        if french:
            lines.append(f"seat {before.discarder} has discarded")
        else:
            lines.append(f"seat {before.dealer} has discarded; seat {after.to_move} leads")
    if french and before.phase is Phase.ANNOUNCE:
        lines.append(f"seat {after.to_move} leads")
    return lines


def _record_text(state: State, tags: Mapping[str, str]) -> str:
    return dumps(record_of(state, tags=tags), indent=2)


def _result(human: int) -> Callable[[State], str]:
    def result(state: State) -> str:
        return (
            f"{format_deal(state)}\n"
            f"you (seat {human}): {_number(state.points()[human])} points, payoff "
            f"{_number(state.payoffs()[human])}"
        )

    return result


def _human_legal_moves(state: State, seat: int) -> tuple[AnyMove, ...]:
    # The moves of the seat to move: the state's, which depend only on what that seat knows
    # (its hand, the bidding, the cards played).
    return state.legal_moves() if seat == state.to_move and not state.is_over else ()


def _discards_left(state: State) -> int:
    # How many cards may be typed on one line: the rest of the discard while it is made.
    return state.discard_remaining if state.phase is Phase.DISCARD else 1


def _trick_over(before: State, after: State) -> bool:
    # A watcher sees the table again after every trick, and when the cards start.
    started = after.phase is Phase.PLAY and before.phase is not Phase.PLAY
    return started or len(after.tricks) > len(before.tricks)


def human_table(rules: Rules, human: int) -> Table[State, AnyMove]:
    """How ``cardgames play tarot --human SEAT`` reads and shows moves, the same for every
    rules family: the human's picture is :func:`cardgames.tarot.render.state_to_unicode` for
    the seat (its own hand, the others' card counts, the trick, and under French rules the
    bidding, the contract, the dog when shown, never the partner before the called card
    falls); moves are read with :func:`cardgames.tarot.contracts.parse_move` under French
    rules (a card, a bid, a call, ``slam``/``no-slam`` or a poignée) and
    :meth:`cardgames.tarot.state.Move.parse` otherwise; the cards of a discard may be typed
    on one line."""
    french = rules.bidding
    return Table(
        game="Tarot",
        parse_move=parse_move if french else Move.parse,
        show_move=_show_move,
        events=_events,
        result=_result(human),
        picture=state_to_unicode,
        legal_moves=_human_legal_moves,
        several=_discards_left,
    )


def watch_table(rules: Rules) -> Table[State, AnyMove]:
    """How ``cardgames play tarot --bots NAMES`` (no ``--human``) shows the bots' deal: every
    move told (the discard too), the whole table
    (:func:`cardgames.tarot.render.state_to_unicode`) drawn at the start, when the cards
    start and after every trick, and :func:`format_deal` at the end."""
    french = rules.bidding
    return Table(
        game="Tarot",
        parse_move=parse_move if french else Move.parse,
        show_move=_show_move,
        events=_events,
        result=format_deal,
        full_picture=state_to_unicode,
        redraw=_trick_over,
    )


def _run_human(args: argparse.Namespace, rules: Rules) -> int:
    check_human_args(args.human, game=args.game, rounds=1, json=args.json)
    state = deal(rules, seed=args.seed, dealer=args.dealer)
    human: int = args.human
    table = human_table(rules, human)
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


def _run_watch(args: argparse.Namespace, rules: Rules) -> int:
    check_human_args(None, game=args.game, rounds=1, json=args.json)
    state = deal(rules, seed=args.seed, dealer=args.dealer)
    return run_watch(
        state,
        players=rules.players,
        bots=args.bots,
        seed=args.seed,
        table=watch_table(rules),
        view=State.view,
        heading=f"Tarot {rules}, seed {args.seed}, dealer {state.dealer}",
        record_text=_record_text,
        save=args.save,
    )


def run_play(args: argparse.Namespace) -> int:
    """Deal and play out with random legal moves (one deal, or a whole game with ``--game``);
    with ``--human SEAT``, one deal against bots with you at the prompt; with ``--bots`` alone,
    one deal of bots told move by move."""
    rules = rules_from_args(args)
    if getattr(args, "human", None) is not None:
        return _run_human(args, rules)
    bots_only_with_human(args)
    if getattr(args, "bots", None) is not None:
        return _run_watch(args, rules)
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
