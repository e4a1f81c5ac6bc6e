"""Seeded test positions for the solver: benchmarks, the command line and the tests use them.

:func:`random_tarot_position` is now :func:`cardgames.tarot.positions.random_position`; this
module delegates to it (the same position for the same arguments) until its callers move.

>>> from cardgames import tarot
>>> state = random_tarot_position(tarot.Rules.traditional(players=3), seed=1, tricks_left=5)
>>> [len(hand) for hand in state.hands], state.trick.cards
([5, 5, 5], ())
"""

from __future__ import annotations

from cardgames.errors import AnalysisError
from cardgames.tarot.positions import random_position
from cardgames.tarot.rules import Rules, _check_rules
from cardgames.tarot.state import State
from cardgames.validation import check_int, check_seat, check_seed

__all__ = ["random_tarot_position"]


def random_tarot_position(rules: Rules, seed: int, tricks_left: int, dealer: int = 0) -> State:
    """A Tarot position with ``tricks_left`` whole tricks still to play: the same as
    :func:`cardgames.tarot.positions.random_position`, but reporting a bad ``tricks_left`` as
    :class:`~cardgames.errors.AnalysisError`.

    :param rules: the :class:`cardgames.tarot.rules.Rules`.
    :param seed: an int from 0 to ``2**64 - 1``.
    :param tricks_left: an int from 1 to ``rules.tricks_per_deal``.
    :param dealer: the dealer's seat (an int, never a bool).
    :raises RulesError: if ``rules`` is not a Tarot rule set, ``seed`` not a seed or ``dealer``
        not a seat.
    :raises AnalysisError: if ``tricks_left`` is not an int between 1 and the tricks in a deal.
    """
    _check_rules(rules)
    check_seed(seed)
    check_seat(dealer, rules.players, "dealer")
    check_int(tricks_left, "tricks_left", low=1, high=rules.tricks_per_deal, error=AnalysisError)
    return random_position(rules, seed=seed, tricks_left=tricks_left, dealer=dealer)
