"""Tarot positions made to order: a seeded deal played on at random to a chosen number of
tricks from the end, which is how the examples, tests, benchmarks and the command line get
positions worth analysing. To pin particular cards to seats in a fresh deal instead, use
``deal(..., fixed=...)`` (:func:`cardgames.tarot.state.deal`).

>>> from cardgames.tarot import Rules
>>> state = random_position(Rules.traditional(players=3), seed=1, tricks_left=5)
>>> [len(hand) for hand in state.hands], state.trick.cards, len(state.history())
([5, 5, 5], (), 63)
"""

from __future__ import annotations

import random

from cardgames.deck import random_below
from cardgames.tarot.rules import Rules, _check_rules
from cardgames.tarot.state import Phase, State, deal
from cardgames.validation import check_int, check_seat, check_seed

__all__ = ["random_position"]


def random_position(rules: Rules, *, seed: int, tricks_left: int, dealer: int = 0) -> State:
    """A position at the start of a trick with ``tricks_left`` whole tricks still to play.

    The deal is :func:`cardgames.tarot.state.deal` with ``seed``; the discard and every card
    after it are chosen uniformly among the legal moves by ``random.Random(seed)`` (through
    :func:`cardgames.deck.random_below`), and play stops at the first trick boundary with
    ``tricks_left`` tricks to go. Under French rules the bids, the call, the announcement and
    any poignées are drawn the same way, except that the last bidder never passes when
    everyone else has, so that the deal is never void. The same arguments always give the
    same position, and the position keeps its way back to the deal
    (:meth:`cardgames.tarot.state.State.history`, :attr:`cardgames.tarot.state.State.previous`).

    :param rules: the :class:`cardgames.tarot.rules.Rules`.
    :param seed: an int from 0 to ``2**64 - 1``.
    :param tricks_left: an int from 1 to ``rules.tricks_per_deal`` (the whole deal, just
        after the discard).
    :param dealer: the dealer's seat (an int, never a bool).
    :raises RulesError: if ``rules`` is not a Tarot rule set, ``seed`` not a seed, ``dealer``
        not a seat, or ``tricks_left`` not an int from 1 to the tricks in a deal.

    >>> from cardgames.tarot import Rules
    >>> rules = Rules.simplified(players=4)
    >>> random_position(rules, seed=2, tricks_left=3) == random_position(
    ...     rules, seed=2, tricks_left=3
    ... )
    True
    >>> french = random_position(Rules.french(players=5), seed=3, tricks_left=4)
    >>> french.taker is not None, [len(hand) for hand in french.hands]
    (True, [4, 4, 4, 4, 4])
    >>> random_position(rules, seed=2, tricks_left=20)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid tricks_left 20: expected an int from 1 to 19
    """
    _check_rules(rules)
    check_seed(seed)
    check_seat(dealer, rules.players, "dealer")
    check_int(tricks_left, "tricks_left", low=1, high=rules.tricks_per_deal)
    rng = random.Random(seed)
    state = deal(rules, seed=seed, dealer=dealer)
    while state.phase is not Phase.PLAY or (
        rules.tricks_per_deal - len(state.tricks) > tricks_left or state.trick.cards
    ):
        moves = state.legal_moves()
        last_bid = state.phase is Phase.BIDDING and len(state.bids) == rules.players - 1
        if last_bid and state.contract is None:
            moves = moves[1:]  # the last bidder takes rather than void the deal
        state = state.play(moves[random_below(rng, len(moves))])
    return state
