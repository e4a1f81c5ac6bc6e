"""What the bots read from a view, in the raw forms their heuristics take."""

from __future__ import annotations

from typing import Final, overload

from cardgames import tailor
from cardgames.bots.protocol import TarotMove
from cardgames.bridge.view import View as BridgeView
from cardgames.cards import Card
from cardgames.errors import RulesError
from cardgames.tailor.view import View as TailorView
from cardgames.tarot.view import View as TarotView
from cardgames.validation import quote

__all__ = ["legal_moves_of", "tarot_sides", "tarot_unseen", "tarot_voids"]

_FULL: Final = (1 << 78) - 1
_TRUMP_KIND: Final = 4


@overload
def legal_moves_of(view: TarotView) -> tuple[TarotMove, ...]: ...
@overload
def legal_moves_of(view: TailorView) -> tuple[tailor.Move, ...]: ...
@overload
def legal_moves_of(view: BridgeView) -> tuple[Card, ...]: ...
def legal_moves_of(
    view: TarotView | TailorView | BridgeView,
) -> tuple[TarotMove, ...] | tuple[tailor.Move, ...] | tuple[Card, ...]:
    """The view's legal moves.

    :raises RulesError: if ``view`` is not a view of a game (a state is refused: a bot
        sees only what its seat may know), or it is not the seat's turn (in bridge: the seat
        does not choose the next card).
    """
    if not isinstance(view, TarotView | TailorView | BridgeView):
        raise RulesError(
            f"invalid view {quote(view)}: expected a cardgames.tarot.View, "
            "cardgames.tailor.View or cardgames.bridge.view.View (a bot is never handed a State)"
        )
    moves = view.legal_moves()
    if not moves:
        raise RulesError(
            f"no move to choose: seat {view.seat} is not to move in this view (or it is over)"
        )
    return moves


def tarot_unseen(view: TarotView) -> int:
    """The mask of the cards the seat has not seen (:meth:`cardgames.tarot.view.View.unseen`:
    the other hands and a hidden discard)."""
    return view.unseen().mask


def tarot_voids(view: TarotView) -> tuple[int, ...]:
    """Per seat, the mask of the kinds it is known to lack (bit ``k`` for suit ``k``, bit 4
    for trumps), from the view's ``void_suits`` and ``out_of_trumps``."""
    masks = []
    for seat in range(view.rules.players):
        mask = 0
        for suit in view.void_suits[seat]:
            mask |= 1 << int(suit)
        if view.out_of_trumps[seat]:
            mask |= 1 << _TRUMP_KIND
        masks.append(mask)
    return tuple(masks)


def tarot_sides(view: TarotView) -> tuple[int, ...]:
    """Per seat, the side the view's seat knows it plays for, as the heuristics take it
    (:func:`cardgames.tarot.heuristics.choose_card_index`): under French rules 0 for the
    attack, 1 for the defence and -1 for a seat whose side is hidden from this one
    (:meth:`cardgames.tarot.view.View.side_of`); under the other rules ``rules.team_of``.

    >>> from cardgames import tarot
    >>> from cardgames.tarot.view import view_of
    >>> tarot_sides(view_of(tarot.deal(tarot.Rules.traditional(players=4), seed=1), 0))
    (0, 1, 0, 1)
    """
    rules = view.rules
    if not rules.bidding or view.taker is None:
        return tuple(rules.team_of(seat) for seat in range(rules.players))
    sides = []
    for seat in range(rules.players):
        side = view.side_of(seat)
        sides.append(-1 if side is None else side)
    return tuple(sides)
