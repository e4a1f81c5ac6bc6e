"""The compact forms of a Chase the Tailor state: its fields as a tuple or as the sections of
its notation, its key (the hashable summary of its future) and its pickled form, the chain of
its fields and moves, oldest first, so that a long history neither recurses once per move nor
loses the way back.

:meth:`State.__reduce__ <cardgames.tailor.State>` pickles ``state_chain(state)`` with the
rebuilding function ``cardgames.tailor.state._unpickle_state`` (which stays in the state's
module, so that pickles keep their bytes).

>>> import pickle
>>> from cardgames.tailor import Rules, deal
>>> state = deal(Rules(players=3), seed=13)
>>> after = state.play(state.legal_moves()[0])
>>> [(fields[6], str(move)) for fields, move in state_chain(after)]
[(0, 'None'), (1, '7D')]
>>> pickle.loads(pickle.dumps(after)).history() == after.history()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.tailor._position_text import PositionFields
from cardgames.tailor.rules import Call
from cardgames.tailor.turns import target_index

if TYPE_CHECKING:
    from cardgames.tailor.moves import Move
    from cardgames.tailor.state import State

__all__ = ["position_fields", "state_chain", "state_fields", "state_history", "state_key"]


def state_chain(state: State) -> tuple[tuple[tuple[object, ...], Move | None], ...]:
    """Each state from the first of ``state``'s chain to ``state`` itself: its fields (in the
    order ``State._trusted`` takes them) and the move that led to it (None for the first)."""
    chain: list[tuple[tuple[object, ...], Move | None]] = []
    current: State | None = state
    while current is not None:
        chain.append((current._fields(), current._last_move))
        current = current._previous
    chain.reverse()
    return tuple(chain)


def state_history(state: State) -> tuple[Move, ...]:
    """The moves from the first state of ``state``'s chain to ``state`` (see
    :meth:`State.history() <cardgames.tailor.State.history>`)."""
    moves: list[Move] = []
    while state._last_move is not None and state._previous is not None:
        moves.append(state._last_move)
        state = state._previous
    moves.reverse()
    return tuple(moves)


def state_fields(state: State) -> tuple[object, ...]:
    """The constructor's arguments of ``state``, in the order ``State._trusted`` takes them."""
    return (
        state.rules,
        state.hands,
        state.pile,
        state.stock,
        state.top,
        state.direction,
        state.to_move,
        state.chase_active,
        state.drawn,
        state.passes,
        state.turns,
        state.seed,
        state.reshuffles,
    )


def state_key(state: State) -> tuple[object, ...]:
    """What :meth:`State.key() <cardgames.tailor.State.key>` returns for ``state``."""
    return (
        tuple(hand.mask for hand in state.hands),
        tuple(card.index for card in state.pile),
        tuple(card.index for card in state.stock),
        target_index(state.top),
        isinstance(state.top, Call),
        state.direction,
        state.to_move,
        state.chase_active,
        -1 if state.drawn is None else state.drawn.index,
        state.passes,
        state.turns,
        state.seed,
        state.reshuffles,
    )


def position_fields(state: State) -> PositionFields:
    """The sections of ``state``'s notation, for
    :func:`~cardgames.tailor._position_text.write_position`."""
    return PositionFields(
        rules=state.rules,
        hands=state.hands,
        pile=state.pile,
        stock=state.stock,
        top=state.top,
        direction=state.direction,
        to_move=state.to_move,
        chase_active=state.chase_active,
        drawn=state.drawn,
        passes=state.passes,
        turns=state.turns,
        seed=state.seed,
        reshuffles=state.reshuffles,
    )
