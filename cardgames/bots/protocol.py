"""The bot protocol of each game: what the arena and the games ask of a player that sees only
its view (the protocol itself, knowing no game, is :class:`cardgames.players.Bot`).

A bot is any object with a method ``choose(view, rng)`` returning one of
``view.legal_moves()``. It is handed the player's :class:`cardgames.tarot.view.View` or
:class:`cardgames.tailor.view.View` — never a state, so it cannot peek at hidden cards — and a
:class:`random.Random` that it must use for every random choice, so that the same seed always
gives the same moves.

>>> import random
>>> from cardgames import tarot
>>> from cardgames.tarot.view import View, view_of
>>> class FirstCard:
...     def choose(self, view: View, rng: random.Random) -> tarot.Move:
...         return view.legal_moves()[0]
>>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=1)
>>> view = view_of(state, state.to_move)
>>> FirstCard().choose(view, random.Random(0)) == state.legal_moves()[0]
True
"""

from __future__ import annotations

from typing import TypeAlias

from cardgames import tailor, tarot
from cardgames.bridge.view import View as BridgeView
from cardgames.cards import Card
from cardgames.players import Bot, bot_name, check_bot, check_rng
from cardgames.tailor.view import View as TailorView
from cardgames.tarot.contracts import Announcement, Bid, Call, Declaration
from cardgames.tarot.view import View as TarotView

__all__ = [
    "Bot",
    "BridgeBot",
    "TailorBot",
    "TarotBot",
    "TarotMove",
    "bot_name",
    "check_bot",
    "check_rng",
]

TarotMove: TypeAlias = tarot.Move | Bid | Call | Announcement | Declaration
"""Any Tarot move a bot may return: a card, or under French rules a bid, a call, the slam
announcement or a poignée (:data:`cardgames.tarot.contracts.AnyMove`, spelt out as a union of
the classes)."""
TarotBot: TypeAlias = Bot[TarotView, TarotMove]
"""A bot that plays Tarot: a card move, or under French rules any move
(:data:`cardgames.tarot.contracts.AnyMove`)."""
TailorBot: TypeAlias = Bot[TailorView, tailor.Move]
"""A bot that plays Chase the Tailor."""
BridgeBot: TypeAlias = Bot[BridgeView, Card]
"""A bot that plays bridge card play: handed :class:`cardgames.bridge.view.View` of the seat that
chooses the next card (the declarer for the dummy), it returns one of the view's legal cards."""
