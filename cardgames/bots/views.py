"""What the bots read from a view: its legal moves, checked to be a view of a game whose seat
is to move (a bot is never handed a state), and the raw forms the Tarot heuristics take
(:mod:`cardgames.tarot.bot_play`, re-exported here under their old names)."""

from __future__ import annotations

from typing import Any

from cardgames import games
from cardgames.errors import RulesError
from cardgames.tarot.bot_play import tarot_sides, tarot_unseen, tarot_voids
from cardgames.validation import quote

__all__ = ["legal_moves_of", "tarot_sides", "tarot_unseen", "tarot_voids"]


def legal_moves_of(view: Any) -> tuple[Any, ...]:
    """The view's legal moves.

    :raises RulesError: if ``view`` is not a view of a game (a state is refused: a bot
        sees only what its seat may know), or it is not the seat's turn (in bridge: the seat
        does not choose the next card).

    >>> from cardgames import tarot
    >>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=1)
    >>> legal_moves_of(state.view(state.to_move)) == state.legal_moves()
    True
    """
    game = games.find(view)
    if game is None or not isinstance(view, game.view_type):
        raise RulesError(
            f"invalid view {quote(view)}: expected what one seat of a game knows, such as a "
            "cardgames.tarot.View (a bot is never handed a State)"
        )
    moves: tuple[Any, ...] = view.legal_moves()
    if not moves:
        raise RulesError(
            f"no move to choose: seat {view.seat} is not to move in this view (or it is over)"
        )
    return moves
