"""Tarot: the 78-card pack, the simplified (2-6 players) and traditional (3 players, or 4 in
partnerships) rule sets, counting and scoring, notation, JSON records and whole games.

The narrative page "Tarot rules as implemented" describes every rule and choice.

>>> from cardgames import tarot
>>> tarot.TarotCard.parse('21T').is_trump
True
>>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=7)
>>> while not state.is_over:
...     state = state.play(state.legal_moves()[0])
>>> sum(state.points()), sum(state.payoffs())
(Fraction(78, 1), Fraction(0, 1))
"""

from __future__ import annotations

from cardgames.tarot.cards import (
    EXCUSE,
    TAROT_PACK_SIZE,
    TRUMP_COUNT,
    TarotCard,
    TarotCardSet,
    TarotRank,
    tarot_deck,
    trump,
)
from cardgames.tarot.game import (
    Game,
    Player,
    Players,
    Strategies,
    Strategy,
    play_deal,
    random_strategy,
)
from cardgames.tarot.horizon import Estimate
from cardgames.tarot.notation import (
    format_deal,
    format_holding,
    format_position,
    parse_deal,
    parse_holding,
    parse_position,
)
from cardgames.tarot.play import (
    card_strength,
    card_value,
    count_points,
    led_suit,
    legal_cards,
    legal_discards,
    trick_winner,
)
from cardgames.tarot.positions import random_position
from cardgames.tarot.records import DealRecord, Record, Series, dumps, loads, record_of
from cardgames.tarot.rules import DiscardRule, ExcuseRule, NumeralOrder, Rules
from cardgames.tarot.state import (
    DEAL_PACKET,
    CardsLike,
    Deal,
    FixedCards,
    Move,
    Phase,
    State,
    Trick,
    deal,
)
from cardgames.tarot.view import View, view_of

__all__ = [
    "DEAL_PACKET",
    "EXCUSE",
    "TAROT_PACK_SIZE",
    "TRUMP_COUNT",
    "CardsLike",
    "Deal",
    "DealRecord",
    "DiscardRule",
    "Estimate",
    "ExcuseRule",
    "FixedCards",
    "Game",
    "Move",
    "NumeralOrder",
    "Phase",
    "Player",
    "Players",
    "Record",
    "Rules",
    "Series",
    "State",
    "Strategies",
    "Strategy",
    "TarotCard",
    "TarotCardSet",
    "TarotRank",
    "Trick",
    "View",
    "card_strength",
    "card_value",
    "count_points",
    "deal",
    "dumps",
    "format_deal",
    "format_holding",
    "format_position",
    "led_suit",
    "legal_cards",
    "legal_discards",
    "loads",
    "parse_deal",
    "parse_holding",
    "parse_position",
    "play_deal",
    "random_position",
    "random_strategy",
    "record_of",
    "tarot_deck",
    "trick_winner",
    "trump",
    "view_of",
]
