"""How the command line shows a Chase the Tailor round: as text, and at the table of terminal play.

:func:`format_round` writes a round turn by turn (``cardgames show``); :func:`human_table` and
:func:`watch_table` tell :mod:`cardgames.cli.human` how to read and show the moves of a round
played at the terminal (``cardgames play tailor --human SEAT`` or ``--bots`` alone).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardgames.cli._results import numbers
from cardgames.cli.human import (
    Table,
)
from cardgames.tailor.moves import Draw, Dump, Move, Pass, Play, PlayJoker, PlayTailor, parse_move
from cardgames.tailor.records import dumps, record_of
from cardgames.tailor.render import state_to_unicode
from cardgames.tailor.state import State

__all__ = ["format_round", "human_table", "watch_table"]


def _describe(state: State, move: Move) -> str:
    return f"{state.turns + 1:4d}  seat {state.to_move}: {move}"


def format_round(start: State, moves: Sequence[Move]) -> str:
    """A round, turn by turn with the seat that moved, and its result (or who is to move).

    :raises IllegalMoveError: at the first move that is not legal.
    """
    lines = [f"Chase the Tailor, {start.rules}, seed {start.seed}"]
    for seat, hand in enumerate(start.hands):
        lines.append(f"  seat {seat} was dealt: {hand.to_unicode()}")
    lines.append(f"  top card: {start.top_card.to_unicode()}")
    state = start
    for move in moves:
        lines.append(f"  {_describe(state, move)}")
        state = state.play(move)
    if state.is_over:
        lines.append(f"  {_outcome(state)}")
        lines.append(f"  payoffs: {numbers(state.payoffs())}")
    else:
        lines.append(f"  not finished: seat {state.to_move} to move")
    return "\n".join(lines)


def _outcome(state: State) -> str:
    if state.winner is not None:
        return f"seat {state.winner} went out after {state.turns} moves"
    return f"stalemate after {state.turns} moves"


def _show_move(state: State, move: Move, own: bool) -> str:
    # Every Chase the Tailor move is public (a draw does not show the card drawn).
    if isinstance(move, Play):
        return f"plays {move.card.to_unicode()}"
    if isinstance(move, Dump):
        return "dumps " + " ".join(card.to_unicode() for card in move.cards)
    if isinstance(move, PlayTailor):
        return f"plays the Tailor ({move}): seat {move.victim} is the victim"
    if isinstance(move, PlayJoker):
        return f"plays {move.card.to_unicode()} ({move.effect.value})"
    if isinstance(move, Draw):
        return "draws"
    assert isinstance(move, Pass)
    return "passes"


def _events(before: State, after: State) -> Sequence[str]:
    seat = before.to_move
    if not after.is_over and len(after.hands[seat]) == 1:
        return [f"seat {seat} has one card left"]
    return []


def _result(human: int) -> object:
    def result(state: State) -> str:
        return (
            f"{_outcome(state)}\npayoffs: {numbers(state.payoffs())}"
            f"\nyou (seat {human}): payoff {state.payoffs()[human]}"
        )

    return result


def _record_text(state: State, tags: Mapping[str, str]) -> str:
    return dumps(record_of(state, tags=tags), indent=2)


def _watch_result(state: State) -> str:
    return f"{_outcome(state)}\npayoffs: {numbers(state.payoffs())}"


def human_table(human: int) -> Table[State, Move]:
    """How ``cardgames play tailor --human SEAT`` reads and shows moves: every move is public
    (a draw does not show the card drawn), read with :func:`cardgames.tailor.moves.parse_move`."""
    return Table(
        game="Chase the Tailor",
        parse_move=parse_move,
        show_move=_show_move,
        events=_events,
        result=_result(human),  # type: ignore[arg-type]
    )


def watch_table() -> Table[State, Move]:
    """How ``cardgames play tailor --bots NAMES`` (no ``--human``) shows the bots' round: every
    move told and the whole table (:func:`cardgames.tailor.render.state_to_unicode`) drawn."""
    return Table(
        game="Chase the Tailor",
        parse_move=parse_move,
        show_move=_show_move,
        events=_events,
        result=_watch_result,
        full_picture=state_to_unicode,
    )
