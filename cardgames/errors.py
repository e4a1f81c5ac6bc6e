"""The exception hierarchy shared by every part of the library.

Every error the library raises on purpose derives from :class:`CardgamesError`, so an application
can catch them all in one place. The three concrete kinds also derive from :class:`ValueError`:
they all mean "this input was not acceptable".

>>> from cardgames import Card, NotationError
>>> try:
...     Card.parse('ZZ')
... except NotationError as error:
...     print(error)
invalid card 'ZZ': expected a rank (A 2-9 T J Q K, or 10) then a suit (S H D C), or X1, X2, TLR
"""

from __future__ import annotations

__all__ = ["AnalysisError", "CardgamesError", "IllegalMoveError", "NotationError", "RulesError"]


class CardgamesError(Exception):
    """Root of every error raised by :mod:`cardgames`."""


class NotationError(CardgamesError, ValueError):
    """A written form (a card, a hand, a position, a record) could not be read.

    The message quotes the text that was given and says what form was expected.
    """


class IllegalMoveError(CardgamesError, ValueError):
    """A move was offered that the rules do not allow in the current state.

    The message names the move and the rule it breaks. The state it was offered to is unchanged.
    """


class RulesError(CardgamesError, ValueError):
    """A rules configuration is impossible or inconsistent (for example, seven players)."""


class AnalysisError(CardgamesError, ValueError):
    """The solver was asked about something it cannot analyse (for example a Tarot deal still in
    its discard phase, or a finished game with no move to score)."""
