"""Seeded test positions for the solver: benchmarks, the command line and the tests use them.

>>> from cardgames import tarot
>>> state = random_tarot_position(tarot.Rules.traditional(players=3), seed=1, tricks_left=5)
>>> [len(hand) for hand in state.hands], state.trick.cards
([5, 5, 5], ())
"""

from __future__ import annotations

import random

from cardgames.deck import random_below
from cardgames.errors import AnalysisError
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Phase, State, deal
from cardgames.validation import quote

__all__ = ["random_tarot_position"]


def random_tarot_position(rules: Rules, seed: int, tricks_left: int, dealer: int = 0) -> State:
    """A Tarot position with ``tricks_left`` whole tricks still to play.

    The deal is :func:`cardgames.tarot.state.deal` with ``seed``; the discard and every card after
    it are chosen uniformly among the legal moves by ``random.Random(seed)`` (through
    :func:`cardgames.deck.random_below`); play stops at
    the first trick boundary with ``tricks_left`` tricks to go.

    :raises AnalysisError: if ``tricks_left`` is not between 1 and the tricks in a deal.
    """
    if not 1 <= tricks_left <= rules.tricks_per_deal:
        raise AnalysisError(
            f"invalid tricks_left {quote(tricks_left)}: expected 1 to {rules.tricks_per_deal}"
        )
    rng = random.Random(seed)
    state = deal(rules, seed=seed, dealer=dealer)
    while state.phase is Phase.DISCARD or (
        rules.tricks_per_deal - len(state.tricks) > tricks_left or state.trick.cards
    ):
        moves = state.legal_moves()
        state = state.play(moves[random_below(rng, len(moves))])
    return state
