""":class:`RuleBot`: the play of a sensible casual player, from the heuristics of
:mod:`cardgames.bots.tarot_heuristics` and :mod:`cardgames.bots.tailor_heuristics`."""

from __future__ import annotations

import random
from typing import overload

import attrs

from cardgames import tailor, tarot
from cardgames.bots.bridge_heuristics import choose_card
from cardgames.bots.protocol import TarotMove, check_rng
from cardgames.bots.tailor_heuristics import choose_move
from cardgames.bots.tarot_heuristics import (
    choose_card_index,
    choose_discard_index,
    french_bid,
    french_call,
    french_poignee,
    french_slam,
)
from cardgames.bots.views import legal_moves_of, tarot_sides, tarot_unseen, tarot_voids
from cardgames.bridge.view import View as BridgeView
from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import RulesError
from cardgames.tailor.view import View as TailorView
from cardgames.tarot.cards import TarotCardSet
from cardgames.tarot.contracts import NO_SLAM, SLAM, Bid, Call, Declaration
from cardgames.tarot.view import View as TarotView
from cardgames.validation import strict_arguments

__all__ = ["RuleBot", "tailor_rule_move", "tarot_card_move", "tarot_rule_move"]


def tarot_rule_move(view: TarotView) -> TarotMove:
    """:class:`RuleBot`'s Tarot move for ``view`` (deterministic: no randomness is needed).

    Under French rules every phase has its rule (see :mod:`cardgames.bots.tarot_heuristics`):
    the bid by :func:`~cardgames.bots.tarot_heuristics.french_bid`, the call by
    :func:`~cardgames.bots.tarot_heuristics.french_call`, the slam by
    :func:`~cardgames.bots.tarot_heuristics.french_slam`, a poignée by
    :func:`~cardgames.bots.tarot_heuristics.french_poignee` (declared before the first card),
    the discard and the cards as under the other rules, with the sides as the seat knows
    them (:func:`cardgames.bots.views.tarot_sides`).

    :raises RulesError: if ``view`` is not a Tarot view whose seat is to move.
    """
    moves = legal_moves_of(view)
    if len(moves) == 1:
        return moves[0]
    rules = view.rules
    phase = view.phase
    if phase is tarot.Phase.BIDDING:
        return Bid(french_bid(view.hand, rules.players, view.contract))
    if phase is tarot.Phase.CALL:
        options = TarotCardSet.from_cards(move.card for move in moves if isinstance(move, Call))
        return Call(french_call(view.hand, options))
    if phase is tarot.Phase.ANNOUNCE:
        return SLAM if french_slam(view.hand, rules.players) else NO_SLAM
    levels = [move.poignee for move in moves if isinstance(move, Declaration)]
    if levels:
        level = french_poignee(levels)
        if level is not None:
            return Declaration(level)
    return tarot_card_move(view)


def tarot_card_move(view: TarotView) -> tarot.Move:
    """:class:`RuleBot`'s card for ``view``: the card to discard or to play (under French
    rules, a poignée it may declare left aside).

    :raises RulesError: if ``view`` is not a Tarot view whose seat is to move a card.
    """
    legal_moves_of(view)
    moves = view.legal_card_moves()
    if not moves:
        raise RulesError(f"no card to choose: seat {view.seat} has no card to play or discard")
    if len(moves) == 1:
        return moves[0]
    legal = 0
    for move in moves:
        legal |= move.card.mask
    rules = view.rules
    if view.phase is tarot.Phase.DISCARD:
        index = choose_discard_index(rules, view.hand.mask, legal)
    else:
        index = choose_card_index(
            rules,
            view.seat,
            view.hand.mask,
            [card.index for card in view.trick.cards],
            view.trick.players,
            legal,
            tarot_unseen(view),
            tarot_voids(view),
            tarot_sides(view),
        )
    return tarot.Move(tarot.TarotCard.from_index(index))


def tailor_rule_move(view: TailorView) -> tailor.Move:
    """:class:`RuleBot`'s Chase the Tailor move for ``view`` (deterministic).

    :raises RulesError: if ``view`` is not a Chase the Tailor view whose seat is to move.
    """
    moves = legal_moves_of(view)
    return choose_move(
        view.rules,
        view.seat,
        view.hand,
        moves,
        hand_sizes=view.hand_sizes,
        direction=view.direction,
        seen=CardSet.from_cards(view.pile),
    )


@strict_arguments
@attrs.frozen
class RuleBot:
    """Plays as a sensible casual player would (every game): the rules of thumb are described
    in :mod:`cardgames.bots.tarot_heuristics`, :mod:`cardgames.bots.tailor_heuristics` and
    :mod:`cardgames.bots.bridge_heuristics`.

    It is deterministic: the ``rng`` is accepted (the protocol) but not needed.

    >>> import random
    >>> from cardgames import tarot
    >>> from cardgames.tarot.view import view_of
    >>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=2)
    >>> move = RuleBot().choose(view_of(state, state.to_move), random.Random(0))
    >>> move in state.legal_moves()
    True
    """

    name: str = "rule"
    """The label the arena shows."""

    @overload
    def choose(self, view: TarotView, rng: int | random.Random) -> TarotMove: ...
    @overload
    def choose(self, view: TailorView, rng: int | random.Random) -> tailor.Move: ...
    @overload
    def choose(self, view: BridgeView, rng: int | random.Random) -> Card: ...
    def choose(
        self, view: TarotView | TailorView | BridgeView, rng: int | random.Random
    ) -> TarotMove | tailor.Move | Card:
        """The rule-of-thumb move for the view's seat.

        :param rng: a :class:`random.Random` or an int seed (not used: the rules decide).
        :raises RulesError: if ``view`` is not a view whose seat is to move, or ``rng`` is
            not a :class:`random.Random` or a seed.
        """
        check_rng(rng)
        if isinstance(view, TarotView):
            return tarot_rule_move(view)
        if isinstance(view, BridgeView):
            return choose_card(view)
        return tailor_rule_move(view)
