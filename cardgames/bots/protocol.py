"""The bot protocol: what the arena and the games ask of a player that sees only its view.

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

import random
from typing import Protocol, TypeAlias, TypeVar

from cardgames import tailor, tarot
from cardgames.errors import RulesError
from cardgames.tailor.view import View as TailorView
from cardgames.tarot.contracts import Announcement, Bid, Call, Declaration
from cardgames.tarot.view import View as TarotView
from cardgames.validation import quote

__all__ = ["Bot", "TailorBot", "TarotBot", "TarotMove", "bot_name", "check_bot", "check_rng"]

_V_contra = TypeVar("_V_contra", contravariant=True)
_M_co = TypeVar("_M_co", covariant=True)


class Bot(Protocol[_V_contra, _M_co]):
    """A player of one game: ``Bot[tarot.view.View, tarot.Move]`` plays Tarot,
    ``Bot[tailor.view.View, tailor.Move]`` Chase the Tailor. The bots of :mod:`cardgames.bots`
    play both."""

    def choose(self, view: _V_contra, rng: random.Random) -> _M_co:
        """The move to make: one of ``view.legal_moves()``, for the seat ``view.seat``, which
        is the seat to move. Every random choice goes through ``rng``."""


TarotMove: TypeAlias = tarot.Move | Bid | Call | Announcement | Declaration
"""Any Tarot move a bot may return: a card, or under French rules a bid, a call, the slam
announcement or a poignée (:data:`cardgames.tarot.contracts.AnyMove`, spelt out as a union of
the classes)."""
TarotBot: TypeAlias = Bot[TarotView, TarotMove]
"""A bot that plays Tarot: a card move, or under French rules any move
(:data:`cardgames.tarot.contracts.AnyMove`)."""
TailorBot: TypeAlias = Bot[TailorView, tailor.Move]
"""A bot that plays Chase the Tailor."""


def bot_name(bot: object) -> str:
    """A short label for a bot: its ``name`` attribute when it has a text one, else its class
    name.

    >>> from cardgames.bots import RuleBot
    >>> bot_name(RuleBot()), bot_name(object())
    ('rule', 'object')
    """
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


def check_bot(bot: object, what: str = "bot") -> None:
    """Raise unless ``bot`` has a callable ``choose``.

    :raises RulesError: naming the value and what was expected.
    """
    if not callable(getattr(bot, "choose", None)):
        raise RulesError(
            f"invalid {what} {quote(bot)}: expected a bot with a choose(view, rng) method"
        )


def check_rng(rng: object) -> random.Random:
    """``rng`` if it is a :class:`random.Random`.

    :raises RulesError: for anything else (a seed must be turned into a generator first).
    """
    if not isinstance(rng, random.Random):
        raise RulesError(f"invalid rng {quote(rng)}: expected a random.Random")
    return rng
