"""How the command line shows a Tarot deal: as text, and at the table of terminal play.

:func:`format_deal` writes a deal trick by trick (``cardgames play tarot`` and ``cardgames
show``); :func:`human_table` and :func:`watch_table` tell :mod:`cardgames.cli.human` how to read
and show the moves of a deal played at the terminal (``cardgames play tarot --human SEAT`` or
``--bots`` alone), the same for every rules family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from cardgames.cli.human import (
    Table,
)
from cardgames.render import format_points
from cardgames.tarot.contracts import AnyMove, parse_move
from cardgames.tarot.records import dumps, record_of
from cardgames.tarot.render import state_to_unicode
from cardgames.tarot.rules import Rules
from cardgames.tarot.show import describe_move, events, format_deal
from cardgames.tarot.state import Move, Phase, State


def _number(value: Fraction) -> str:
    return format_points(value)


def _show_move(state: State, move: AnyMove, own: bool) -> str:
    return describe_move(state, move, seen=own)


__all__ = ["format_deal", "human_table", "watch_table"]


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
        events=events,
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
        events=events,
        result=format_deal,
        full_picture=state_to_unicode,
        redraw=_trick_over,
    )
