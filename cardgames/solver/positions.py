"""Seeded test positions for the solver: benchmarks, the command line and the tests use them.

>>> from cardgames import tarot
>>> state = random_tarot_position(tarot.Rules.traditional(players=3), seed=1, tricks_left=5)
>>> [len(hand) for hand in state.hands], state.trick.cards
([5, 5, 5], ())
"""

from __future__ import annotations

import random

from cardgames.deck import random_below
from cardgames.errors import AnalysisError, RulesError
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Phase, State, deal
from cardgames.validation import check_int, check_seat, check_seed, quote

__all__ = ["random_tarot_position"]


def random_tarot_position(rules: Rules, seed: int, tricks_left: int, dealer: int = 0) -> State:
    """A Tarot position with ``tricks_left`` whole tricks still to play.

    The deal is :func:`cardgames.tarot.state.deal` with ``seed``; the discard and every card after
    it are chosen uniformly among the legal moves by ``random.Random(seed)`` (through
    :func:`cardgames.deck.random_below`); play stops at
    the first trick boundary with ``tricks_left`` tricks to go.

    :param rules: the :class:`cardgames.tarot.rules.Rules`.
    :param seed: an int from 0 to ``2**64 - 1``.
    :param tricks_left: an int from 1 to ``rules.tricks_per_deal``.
    :param dealer: the dealer's seat (an int, never a bool).
    :raises RulesError: if ``rules`` is not a Tarot rule set, ``seed`` not a seed or ``dealer``
        not a seat.
    :raises AnalysisError: if ``tricks_left`` is not an int between 1 and the tricks in a deal.
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"invalid Tarot rules {quote(rules)}: expected a cardgames.tarot.Rules")
    check_seed(seed)
    check_seat(dealer, rules.players, "dealer")
    check_int(tricks_left, "tricks_left", low=1, high=rules.tricks_per_deal, error=AnalysisError)
    rng = random.Random(seed)
    state = deal(rules, seed=seed, dealer=dealer)
    while state.phase is Phase.DISCARD or (
        rules.tricks_per_deal - len(state.tricks) > tricks_left or state.trick.cards
    ):
        moves = state.legal_moves()
        state = state.play(moves[random_below(rng, len(moves))])
    return state
