"""Bridge card play: a deal in PBN, a contract (declarer and strain) and the play of the cards.

The auction is not modelled: a :class:`~cardgames.bridge.state.State` starts from a
:class:`~cardgames.bridge.deal.Deal` and a :class:`~cardgames.bridge.rules.Contract`. The
solver (:mod:`cardgames.solver`) analyses bridge states double dummy and builds the
double-dummy table of a deal (:func:`cardgames.solver.dd_table`). ``docs/bridge.rst``
describes it all.

>>> from cardgames import bridge
>>> deal = bridge.random_deal(1)
>>> state = bridge.State(deal, bridge.Contract(bridge.Seat.NORTH, bridge.Strain.SPADES))
>>> state.to_move, len(state.legal_moves()) == 13
(<Seat.EAST: 1>, True)
"""

from __future__ import annotations

from cardgames import games as _games
from cardgames.bridge.deal import FULL_PACK, Deal, format_hand, parse_hand, random_deal
from cardgames.bridge.descriptor import GAME
from cardgames.bridge.positions import random_position
from cardgames.bridge.records import DealRecord, Record, dumps, loads, record_of
from cardgames.bridge.rules import NO_TRUMP, Contract, Seat, Strain, card_strength, trick_winner
from cardgames.bridge.state import State, legal_mask
from cardgames.bridge.view import View, controller, view_of

__all__ = [
    "FULL_PACK",
    "GAME",
    "NO_TRUMP",
    "Contract",
    "Deal",
    "DealRecord",
    "Record",
    "Seat",
    "State",
    "Strain",
    "View",
    "card_strength",
    "controller",
    "dumps",
    "format_hand",
    "legal_mask",
    "loads",
    "parse_hand",
    "random_deal",
    "random_position",
    "record_of",
    "trick_winner",
    "view_of",
]

_games.register(GAME)
