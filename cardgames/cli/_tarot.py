"""How the command line shows a Tarot deal: as text, and at the table of terminal play.

:func:`format_deal` writes a deal trick by trick (``cardgames play tarot`` and ``cardgames
show``); :func:`human_table` and :func:`watch_table` tell :mod:`cardgames.cli.human` how to read
and show the moves of a deal played at the terminal (``cardgames play tarot --human SEAT`` or
``--bots`` alone), the same for every rules family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Final

from cardgames.cli._results import numbers
from cardgames.cli.human import (
    Table,
)
from cardgames.render import format_points
from cardgames.tarot.contracts import Announcement, AnyMove, Bid, Call, Declaration, parse_move
from cardgames.tarot.records import dumps, record_of
from cardgames.tarot.render import contract_lines, move_to_unicode, state_to_unicode
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Move, Phase, State, Trick

__all__ = ["format_deal", "human_table", "watch_table"]


def _number(value: Fraction) -> str:
    return format_points(value)


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
    :meth:`cardgames.tarot.moves.Move.parse` otherwise; the cards of a discard may be typed
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
