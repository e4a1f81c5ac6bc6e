"""Chase the Tailor: a shedding game for 2-6 players on the 55-card pack.

Deal a round with :func:`deal`, list the moves with :meth:`State.legal_moves` and play them with
:meth:`State.play`; :class:`Match` strings rounds together. ``docs/tailor.rst`` describes the
rules as implemented.

>>> from cardgames import tailor
>>> state = tailor.deal(tailor.Rules(players=3, chase_mode=True), seed=13)
>>> state.top, [str(move) for move in state.legal_moves()]
(Card.parse('AD'), ['7D', 'QD', '2C'])
>>> final, record = tailor.play_deal(state, tailor.random_strategy(1))
>>> final.is_over, tailor.loads(tailor.dumps(record)).replay() == final
(True, True)
"""

from __future__ import annotations

from cardgames import games as _games
from cardgames.cards import Card
from cardgames.tailor.deal import deal
from cardgames.tailor.descriptor import GAME
from cardgames.tailor.match import (
    Match,
    Player,
    Players,
    RoundResult,
    Strategies,
    Strategy,
    play_deal,
    random_strategy,
)
from cardgames.tailor.moves import (
    Draw,
    Dump,
    JokerEffect,
    Move,
    Pass,
    Play,
    PlayJoker,
    PlayTailor,
    parse_move,
)
from cardgames.tailor.notation import format_position, format_top, parse_position, parse_top
from cardgames.tailor.positions import give_tailor, random_position
from cardgames.tailor.records import DealRecord, Record, Series, dumps, loads, record_of
from cardgames.tailor.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Call,
    Rules,
    can_follow,
    derive_seed,
    hand_points,
    hand_value,
    ranks_adjacent,
)
from cardgames.tailor.state import State, strength_key
from cardgames.tailor.view import View, view_of

__all__ = [
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Call",
    "DealRecord",
    "Draw",
    "Dump",
    "JokerEffect",
    "Match",
    "Move",
    "Pass",
    "Play",
    "PlayJoker",
    "PlayTailor",
    "Player",
    "Players",
    "Record",
    "RoundResult",
    "Rules",
    "Series",
    "State",
    "Strategies",
    "Strategy",
    "View",
    "can_follow",
    "deal",
    "derive_seed",
    "dumps",
    "format_position",
    "format_top",
    "give_tailor",
    "hand_points",
    "hand_value",
    "loads",
    "parse_move",
    "parse_position",
    "parse_top",
    "play_deal",
    "random_position",
    "random_strategy",
    "ranks_adjacent",
    "record_of",
    "strength_key",
    "view_of",
]

_ = Card  # for the doctest above

_games.register(GAME)
