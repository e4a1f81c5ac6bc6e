"""A Tarot deal written out move by move, as ``cardgames show`` and terminal play print it.

:func:`format_deal` writes a deal trick by trick with the seat of every card and its result;
:func:`describe_move` says what a move did in a few words, as another seat saw it; and
:func:`events` names what a move brought about (a trick won, the contract settled, the dog
shown). The game's descriptor hands them to the command line, which knows no game.

>>> from cardgames import tarot
>>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=7)
>>> print(format_deal(state).splitlines()[0])
Tarot traditional-3, dealer 0
>>> describe_move(state, state.legal_moves()[0], seen=False)
'discards a card'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames.render import number
from cardgames.tarot.contracts import Announcement, AnyMove, Bid, Call, Declaration
from cardgames.tarot.render import contract_lines, move_to_unicode
from cardgames.tarot.state import Move, Phase, State, Trick

__all__ = ["describe_move", "events", "format_deal"]


def _numbers(values: Sequence[object]) -> str:
    return ", ".join(number(value) for value in values)  # type: ignore[arg-type]


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
    for trick_number, trick in enumerate(state.tricks, start=1):
        lines.append(f"  trick {trick_number:2}: {_cards(trick)}  -> seat {trick.winner}")
    if state.trick.cards:
        lines.append(f"  trick {len(state.tricks) + 1:2}: {_cards(state.trick)}  (in progress)")
    if state.is_over:
        lines.append(f"  points:  {_numbers(state.points())}")
        lines.append(f"  payoffs: {_numbers(state.payoffs())}")
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


def describe_move(state: State, move: AnyMove, *, seen: bool) -> str:
    """What ``move``, made at ``state``, does, in a few words: a discarded card stays hidden
    unless ``seen`` (the seat that made it is told) or it is a trump shown under French
    rules."""
    if state.phase is Phase.DISCARD:
        assert isinstance(move, Move)
        shown = seen or (state.rules.bidding and move.card.is_trump)
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


def events(before: State, after: State) -> list[str]:
    """What the move from ``before`` to ``after`` brought about: a trick won, the contract
    settled (or every seat passing), the dog shown, the discard made, the first lead."""
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
