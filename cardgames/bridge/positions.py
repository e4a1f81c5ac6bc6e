"""Positions made to order: a random deal played part of the way at random.

>>> state = random_position(3, tricks_played=5)
>>> state.tricks_played, state.trick
(5, ())
>>> random_position(3, tricks_played=5, cards=2).trick == random_position(3, 5, 2).trick
True
"""

from __future__ import annotations

import random

from cardgames.bridge.deal import random_deal
from cardgames.bridge.rules import Contract, Seat, Strain
from cardgames.bridge.state import State
from cardgames.errors import RulesError
from cardgames.validation import check_int, make_rng

__all__ = ["random_position"]


def random_position(
    seed: int | random.Random,
    tricks_played: int = 0,
    cards: int = 0,
    contract: Contract | None = None,
    *,
    tricks_left: int | None = None,
) -> State:
    """A random deal (:func:`~cardgames.bridge.deal.random_deal`) played at random for
    ``tricks_played`` tricks and ``cards`` more cards (0-3) of the next trick.

    >>> random_position(3, tricks_left=4).tricks_played  # as Tarot's random_position counts
    9

    :param seed: an int seed or a :class:`random.Random` (advanced).
    :param tricks_played: complete tricks played, 0 to 12.
    :param cards: cards of the trick in progress, 0 to 3.
    :param contract: the contract; by default one drawn at random (any declarer, any strain).
    :param tricks_left: instead of ``tricks_played``, the whole tricks still to play, 1 to 13
        (as :func:`cardgames.tarot.positions.random_position` takes it).
    :raises RulesError: for a bad seed or count, or both ``tricks_played`` and
        ``tricks_left``.
    """
    rng = make_rng(seed, "seed")
    if tricks_left is not None:
        if tricks_played:
            raise RulesError("give tricks_played or tricks_left, not both")
        tricks_played = 13 - check_int(tricks_left, "tricks left", low=1, high=13)
    check_int(tricks_played, "tricks played", low=0, high=12)
    check_int(cards, "cards of the trick in progress", low=0, high=3)
    if contract is None:
        contract = Contract(Seat(rng.randrange(4)), Strain(rng.randrange(5)))
    elif not isinstance(contract, Contract):
        raise RulesError(f"invalid contract {contract!r}: expected a bridge Contract")
    state = State(random_deal(rng), contract)
    for _ in range(4 * tricks_played + cards):
        state = state.play(rng.choice(state.legal_moves()))
    return state
