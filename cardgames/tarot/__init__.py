"""Tarot: the 78-card pack, the simplified (2-6 players), traditional (3 players, or 4 in
partnerships) and French (3, 4 or 5 players, FFT rules) rule sets, counting and scoring,
notation, JSON records and whole games.

The narrative pages "Tarot rules as implemented" and "French Tarot as implemented" describe
every rule and choice.

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

from cardgames import games as _games
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
from cardgames.tarot.contracts import (
    Announcement,
    AnyMove,
    Bid,
    Call,
    Contract,
    Declaration,
    Poignee,
    parse_move,
    poignee_size,
    target,
)
from cardgames.tarot.descriptor import GAME
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
from cardgames.tarot.scoring import Score, score_deal
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
    strength_key,
)
from cardgames.tarot.view import View, view_of

__all__ = [
    "DEAL_PACKET",
    "EXCUSE",
    "GAME",
    "TAROT_PACK_SIZE",
    "TRUMP_COUNT",
    "Announcement",
    "AnyMove",
    "Bid",
    "Call",
    "CardsLike",
    "Contract",
    "Deal",
    "DealRecord",
    "Declaration",
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
    "Poignee",
    "Record",
    "Rules",
    "Score",
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
    "parse_move",
    "parse_position",
    "play_deal",
    "poignee_size",
    "random_position",
    "random_strategy",
    "record_of",
    "score_deal",
    "strength_key",
    "target",
    "tarot_deck",
    "trick_winner",
    "trump",
    "view_of",
]

_games.register(GAME)
