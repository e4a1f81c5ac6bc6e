"""The moves of a Tarot deal in order: the history that leads to a position, the way back
to the previous position, and the replay of a written position's moves.

The functions read a :class:`~cardgames.tarot.state.State` and play moves on it through its
own methods; the card moves are the state module's shared :class:`~cardgames.tarot.moves.Move`
objects, passed in as ``card_moves`` (indexed by card), so that this module does not import
the state.

>>> from cardgames.tarot import Rules, deal
>>> start = deal(Rules.simplified(players=3), seed=1)
>>> after = start.play(start.legal_moves()[0])
>>> previous(after) == start, is_played(after)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardgames.errors import IllegalMoveError, NotationError
from cardgames.tarot._notation import PositionParts, write_position
from cardgames.tarot.contracts import (
    _DECLARATIONS,
    NO_SLAM,
    SLAM,
    Announcement,
    AnyMove,
    Bid,
    Call,
    Declaration,
    parse_move,
)
from cardgames.tarot.moves import Move
from cardgames.tarot.phases import CALLS
from cardgames.validation import quote

if TYPE_CHECKING:
    from cardgames.tarot.state import Phase, State


def history(state: State, card_moves: Sequence[Move]) -> tuple[AnyMove, ...]:
    """The moves from the start of the deal to ``state`` (see
    :meth:`cardgames.tarot.state.State.history`)."""
    moves: list[AnyMove] = [*auction(state)]
    moves.extend(card_moves[card.index] for card in state.discard)
    if state.slam_announced is not None:
        moves.append(SLAM if state.slam_announced else NO_SLAM)
    for trick in played(state, card_moves):
        moves.extend(trick)
    return tuple(moves)


def auction(state: State) -> tuple[Bid | Call, ...]:
    """The bids, then the call if made."""
    if state.called is None:
        return state.bids
    return (*state.bids, CALLS[state.called.index])


def played(state: State, card_moves: Sequence[Move]) -> list[list[Move | Declaration]]:
    """The cards played trick by trick, with each poignée before its declarer's first card."""
    # The cards played trick by trick, with each poignée before its declarer's first card.
    declared = dict(state.poignees)
    tricks: list[list[Move | Declaration]] = []
    for trick in (*state.tricks, state.trick):
        moves: list[Move | Declaration] = []
        for seat, card in zip(trick.players, trick.cards, strict=True):
            if not tricks and seat in declared:
                moves.append(_DECLARATIONS[declared.pop(seat)])
            moves.append(card_moves[card.index])
        if not tricks:
            # a poignée declared by the seat to move, whose card is still to come
            moves.extend(_DECLARATIONS[level] for level in declared.values())
        tricks.append(moves)
    return tricks


def previous(state: State) -> State | None:
    """The state before the last move of the history, or None (see
    :attr:`cardgames.tarot.state.State.previous`).

    The way back is worked out from the position, not remembered: the deal is replayed up to
    the last move, so equal states have the same ``previous``. The discard is a set of cards,
    replayed in card order: while discarding, the previous state is the one without the
    highest card discarded so far, whichever order the dealer chose.

    >>> from cardgames.tarot import Rules, deal
    >>> start = deal(Rules.simplified(players=3), seed=1)
    >>> after = start.play(start.legal_moves()[0])
    >>> after.previous == start, start.previous
    (True, None)
    """
    moves = state.history()
    if not moves:
        return None
    position = state.initial.start()
    try:
        for move in moves[:-1]:
            position = position.play(move)
        reached = position.play(moves[-1])
    except IllegalMoveError:
        return None
    return position if reached == state else None


def is_played(state: State) -> bool:
    """Whether ``state`` is the one its deal and its history lead to: true of every state
    reached in play (and read from a position or record), false of a position made up for
    analysis, which no text or record can describe."""
    position = state.initial.start()
    try:
        for move in state.history():
            position = position.play(move)
    except IllegalMoveError:
        return False
    return position == state


def replay(text: str, start: State, parts: PositionParts, card_moves: Sequence[Move]) -> State:
    """The position ``text`` describes: its moves (``parts``, read by
    :func:`cardgames.tarot._notation.read_position`) played from ``start``.

    :raises NotationError: quoting ``text``, if a move is no move or illegal.
    """
    _, auction_words, discard, announcement, tricks = parts
    state = start
    try:
        for bid_text in auction_words:
            move = parse_move(bid_text)
            if not isinstance(move, Bid | Call):
                raise NotationError(f"{quote(bid_text)} is not a bid nor a call")
            state = state.play(move)
        for discarded in discard:
            state = state.play(card_moves[discarded.index])
        if announcement is not None:
            state = state.play(Announcement.parse(announcement))
        for trick in tricks:
            for word in trick:
                if isinstance(word, str):
                    state = state.play(Declaration.parse(word))
                else:
                    state = state.play(card_moves[word.index])
    except (IllegalMoveError, NotationError) as error:
        raise NotationError(f"invalid Tarot position {quote(text)}: {error}") from None
    return state


def position(state: State, card_moves: Sequence[Move]) -> str:
    """The position in the notation of :mod:`cardgames.tarot.notation` (see
    :meth:`~cardgames.tarot.state.State.position`)."""
    return write_position(
        str(state.initial),
        state.discard,
        played(state, card_moves),
        auction=auction(state),
        announcement=None
        if state.slam_announced is None
        else str(SLAM if state.slam_announced else NO_SLAM),
    )


def play_text(state: State, text: str) -> State:
    """``state.play`` of a move given by its written form: the error names the text as typed."""
    move = state.read_move(text)
    try:
        return state.play(move)
    except IllegalMoveError as error:
        written = str(move)
        if text.strip() == written:
            raise
        raise IllegalMoveError(f"{quote(text)} is the move {written!r}: {error}") from None


def read_move(state: State, text: str, call: Phase) -> AnyMove:
    """The move ``text`` names in ``state`` (see :meth:`~cardgames.tarot.state.State.read_move`):
    in the ``call`` phase a bare card is the call of that card.

    >>> from cardgames.tarot import Rules, deal
    >>> state = deal(Rules.french(players=5), seed=1)
    >>> state.read_move('garde'), state.read_move('ks')
    (Bid.parse('garde'), Move.parse('KS'))
    >>> for text in ('garde', 'pass', 'pass', 'pass', 'pass'):
    ...     state = state.play(text)
    >>> state.phase, state.read_move('ks')
    (<Phase.CALL: 'call'>, Call.parse('call-KS'))
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid Tarot move {quote(text)}: expected a text")
    move = parse_move(text)
    if state.phase is call and isinstance(move, Move):
        return CALLS.get(move.card.index, move)
    return move
