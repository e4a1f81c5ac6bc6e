"""How the command line shows a Chase the Tailor round: as text, and at the table of terminal play.

:func:`format_round` writes a round turn by turn (``cardgames show``); :func:`human_table` and
:func:`watch_table` tell :mod:`cardgames.cli.human` how to read and show the moves of a round
played at the terminal (``cardgames play tailor --human SEAT`` or ``--bots`` alone).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardgames.cli._results import numbers
from cardgames.cli.human import (
    Table,
)
from cardgames.tailor.moves import Move, parse_move
from cardgames.tailor.records import dumps, record_of
from cardgames.tailor.render import state_to_unicode
from cardgames.tailor.show import describe_move, events, format_round, outcome
from cardgames.tailor.state import State

__all__ = ["format_round", "human_table", "watch_table"]


def _describe(state: State, move: Move) -> str:
    return f"{state.turns + 1:4d}  seat {state.to_move}: {move}"


def _outcome(state: State) -> str:
    return outcome(state)


def _show_move(state: State, move: Move, own: bool) -> str:
    return describe_move(state, move, seen=own)


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
        events=events,
        result=_result(human),  # type: ignore[arg-type]
    )


def watch_table() -> Table[State, Move]:
    """How ``cardgames play tailor --bots NAMES`` (no ``--human``) shows the bots' round: every
    move told and the whole table (:func:`cardgames.tailor.render.state_to_unicode`) drawn."""
    return Table(
        game="Chase the Tailor",
        parse_move=parse_move,
        show_move=_show_move,
        events=events,
        result=_watch_result,
        full_picture=state_to_unicode,
    )
