"""The players' seating under its earlier name: every name here now lives in the core
module :mod:`cardgames.players` (the bot protocol and the one way to seat players), which the
games import; this module re-exports them for code written against it.

>>> from cardgames import players, strategies
>>> strategies.seat_players is players.seat_players
True
"""

from __future__ import annotations

from cardgames.players import (
    DEFAULT_BOT_SEED,
    BotRandom,
    bot_rng,
    bot_seed,
    is_bot,
    seat_players,
    seat_strategies,
)

__all__ = [
    "DEFAULT_BOT_SEED",
    "BotRandom",
    "bot_rng",
    "bot_seed",
    "is_bot",
    "seat_players",
    "seat_strategies",
]
