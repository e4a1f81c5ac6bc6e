"""Typed, immutable card-game engines with a perfect-information solver.

The core (this package) offers cards, card sets, decks and the error hierarchy; each game lives
in its own subpackage: ``cardgames.tarot`` and :mod:`cardgames.tailor`.

>>> import cardgames
>>> cardgames.Card.parse('QH') in cardgames.CardSet.parse('QH KS')
True
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from cardgames._compiled import install_pure_finder
from cardgames.cards import JOKER_1, JOKER_2, TAILOR, Card, Rank, Suit
from cardgames.cardset import BaseCardSet, CardSet
from cardgames.deck import Deck, RandomSource, make_rng
from cardgames.errors import (
    AnalysisError,
    CardgamesError,
    IllegalMoveError,
    NotationError,
    RulesError,
)

# Before anything imports the solver: CARDGAMES_PURE=1 loads its sources, not its native build.
install_pure_finder()

try:
    __version__ = version("cardgames")
except PackageNotFoundError:  # pragma: no cover - running from a bare source tree
    __version__ = "0+unknown"

__all__ = [
    "JOKER_1",
    "JOKER_2",
    "TAILOR",
    "AnalysisError",
    "BaseCardSet",
    "Card",
    "CardSet",
    "CardgamesError",
    "Deck",
    "IllegalMoveError",
    "NotationError",
    "RandomSource",
    "Rank",
    "RulesError",
    "Suit",
    "__version__",
    "make_rng",
]
