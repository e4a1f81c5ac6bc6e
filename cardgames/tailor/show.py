"""A Chase the Tailor round written out move by move, as ``cardgames show`` and terminal play
print it.

:func:`format_round` writes a round turn by turn with the seat that moved and its result;
:func:`describe_move` says what a move did in a few words; :func:`events` names what a move
brought about. The game's descriptor hands them to the command line, which knows no game.

>>> from cardgames import tailor
>>> start = tailor.deal(tailor.Rules(players=3), seed=13)
>>> print(format_round(start, ()).splitlines()[0])
Chase the Tailor, players=3, seed 13
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.render import number
from cardgames.tailor.moves import Draw, Dump, Move, Pass, Play, PlayJoker, PlayTailor
from cardgames.tailor.state import State

__all__ = ["describe_move", "events", "format_round", "outcome"]


def _numbers(values: Sequence[int]) -> str:
    return ", ".join(number(value) for value in values)


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
        lines.append(f"  {state.turns + 1:4d}  seat {state.to_move}: {move}")
        state = state.play(move)
    if state.is_over:
        lines.append(f"  {outcome(state)}")
        lines.append(f"  payoffs: {_numbers(state.payoffs())}")
    else:
        lines.append(f"  not finished: seat {state.to_move} to move")
    return "\n".join(lines)


def outcome(state: State) -> str:
    """How a finished round ended: who went out, or a stalemate."""
    if state.winner is not None:
        return f"seat {state.winner} went out after {state.turns} moves"
    return f"stalemate after {state.turns} moves"


def describe_move(state: State, move: Move, *, seen: bool) -> str:
    """What ``move``, made at ``state``, does, in a few words (every Chase the Tailor move is
    public; a draw does not show the card drawn, whoever looks)."""
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


def events(before: State, after: State) -> list[str]:
    """What the move from ``before`` to ``after`` brought about: a seat down to one card."""
    seat = before.to_move
    if not after.is_over and len(after.hands[seat]) == 1:
        return [f"seat {seat} has one card left"]
    return []
