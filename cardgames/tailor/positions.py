"""Chase the Tailor positions made to order: a seeded endgame, and the Tailor moved into a hand.

:func:`~cardgames.tailor.random_position` deals from a seed and plays seeded random moves
until some hand is small, which is how the examples, tests and benchmarks get endgames worth
analysing; :func:`~cardgames.tailor.give_tailor` moves the Tailor into a chosen hand to bring
its many calls into play. To
pin particular cards to seats in a fresh deal, use ``deal(..., fixed=...)``
(:func:`cardgames.tailor.deal`).

>>> from cardgames.tailor import Rules
>>> state = random_position(Rules(players=3), seed=4)
>>> min(len(hand) for hand in state.hands) <= 3, state.is_over, len(state.history()) > 0
(True, False, True)
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames.cards import TAILOR
from cardgames.cardset import CardSet
from cardgames.deck import random_below
from cardgames.errors import RulesError
from cardgames.tailor.deal import deal
from cardgames.tailor.rules import Rules, derive_seed
from cardgames.tailor.state import State
from cardgames.validation import check_seat, check_seed, make_rng, quote

__all__ = ["give_tailor", "random_position"]

ATTEMPTS: Final = 100
"""How many seeded deals :func:`~cardgames.tailor.random_position` tries before giving up."""


def random_position(rules: Rules, *, seed: int, cards_left: int = 3) -> State:
    """A position near the end of a round: a seeded deal played on by seeded random moves
    until some seat holds at most ``cards_left`` cards, with the round still running.

    If a round ends before that (a big dump, a stalemate), the next attempt deals again with
    the seed ``derive_seed(seed, "endgame", attempt)``; the same arguments always give the
    same position. After 100 deals that all ended first (rules whose rounds end too soon,
    such as a tiny ``Rules.max_turns``) it gives up with an error rather than trying for ever.
    The position keeps its way back to the deal (:meth:`State.history
    <cardgames.tailor.State.history>`).

    The random moves are those of ``random_strategy(deal_seed)``
    (:func:`cardgames.tailor.random_strategy`): a uniform choice among the legal moves.

    :param rules: the variant.
    :param seed: seeds the deal and the random moves (an int from 0 to ``2**64 - 1``).
    :param cards_left: stop when a hand is this small (an int, at least 1).
    :raises RulesError: if ``rules`` is not a :class:`~cardgames.tailor.Rules`, ``seed`` is
        not a seed or ``cards_left`` not a positive int, or when no such position came up in
        100 deals.

    >>> from cardgames.tailor import Rules
    >>> state = random_position(Rules(players=4), seed=1)
    >>> min(len(hand) for hand in state.hands) <= 3, state.is_over
    (True, False)
    >>> random_position(Rules(players=4), seed=1) == state
    True
    >>> random_position(Rules(players=2, max_turns=1), seed=1, cards_left=1)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: no position with a hand of at most 1 card came up in 100 ...
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"invalid rules {quote(rules)}: expected a tailor.Rules")
    check_seed(seed)
    if isinstance(cards_left, bool) or not isinstance(cards_left, int) or cards_left < 1:
        raise RulesError(f"invalid cards_left {quote(cards_left)}: expected a positive int")
    state = find_position(rules, seed, cards_left)
    if state is None:
        raise RulesError(no_position_message(rules, cards_left))
    return state


def find_position(rules: Rules, seed: int, cards_left: int) -> State | None:
    """The search behind :func:`~cardgames.tailor.random_position`, on checked arguments: None
    when every attempt ended first."""
    for attempt in range(ATTEMPTS):
        deal_seed = seed if attempt == 0 else derive_seed(seed, "endgame", attempt)
        state = deal(rules, seed=deal_seed)
        if min(len(hand) for hand in state.hands) <= cards_left:
            return state
        rng = make_rng(deal_seed)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.play(moves[random_below(rng, len(moves))])
            if state.is_over:
                break
            if min(len(hand) for hand in state.hands) <= cards_left:
                return state
    return None


def no_position_message(rules: Rules, cards_left: int) -> str:
    """Why :func:`find_position` found nothing."""
    cards = "card" if cards_left == 1 else "cards"
    return (
        f"no position with a hand of at most {cards_left} {cards} came up in {ATTEMPTS} seeded "
        f"deals of {rules}: every round ended first (is max_turns={rules.max_turns} too small?)"
    )


def give_tailor(state: State, seat: int) -> State | None:
    """``state`` with the Tailor moved into ``seat``'s hand, swapped with that hand's lowest card
    wherever the Tailor was (another hand, the stock, or under the top of the pile); None when
    the Tailor is the card showing on the pile. Used to build positions where the Tailor's many
    calls are in play. The result is a new position, without history (``state`` itself when
    the Tailor is already in that hand).

    :raises RulesError: if ``state`` is not a :class:`~cardgames.tailor.State` or ``seat`` is
        not one of its seats, or the hand is empty.

    >>> from cardgames.tailor import Rules
    >>> state = random_position(Rules(players=3), seed=1)
    >>> moved = give_tailor(state, state.to_move)
    >>> moved is not None and TAILOR in moved.hands[state.to_move]
    True
    """
    if not isinstance(state, State):
        raise RulesError(f"invalid state {quote(state)}: expected a tailor.State")
    check_seat(seat, state.rules.players)
    hands = list(state.hands)
    if TAILOR in hands[seat]:
        return state
    if not hands[seat]:
        raise RulesError(f"seat {seat} has no card to swap for the Tailor")
    card = next(iter(hands[seat]))
    pile, stock = list(state.pile), list(state.stock)
    holder = next((index for index, hand in enumerate(hands) if TAILOR in hand), None)
    if holder is not None:
        hands[holder] = CardSet(hands[holder].mask & ~(1 << TAILOR.index) | 1 << card.index)
    elif TAILOR in stock:
        stock[stock.index(TAILOR)] = card
    elif TAILOR in pile[:-1]:
        pile[pile.index(TAILOR)] = card
    else:
        return None
    hands[seat] = CardSet(hands[seat].mask & ~(1 << card.index) | 1 << TAILOR.index)
    return attrs.evolve(state, hands=tuple(hands), pile=tuple(pile), stock=tuple(stock))
