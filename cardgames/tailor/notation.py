"""A one-line text notation for a Chase the Tailor position.

A position is thirteen ``name: value`` sections separated by ``;``, always in this order:

============  =================================================================================
section       value
============  =================================================================================
rules         the :class:`~cardgames.tailor.Rules` in their text form (``players=4,...``)
hands         every seat's cards, seat 0 first, separated by ``/`` (``-`` for an empty hand)
top           what must be followed: a card (``QH``), a Tailor call (``call QH``) or ``-`` (any)
pile          the discard pile, bottom first; the last card is the one showing
stock         the stock, the next card to be drawn first (``-`` when empty)
direction     ``cw`` (seat + 1 moves next) or ``ccw``
chase         ``on`` or ``off``
to_move       the seat to move
drawn         the card just drawn and waiting to be played, or ``-``
passes        consecutive bare passes
turns         moves made so far
seed          the seed of the reshuffles
reshuffles    reshuffles so far
============  =================================================================================

>>> from cardgames.tailor import Rules, deal
>>> text = format_position(deal(Rules(players=2), seed=4))
>>> text[:60]
'rules: players=2; hands: QH 6D 7D AC 2C X2 TLR / AS 9H JD QD'
>>> parse_position(text) == deal(Rules(players=2), seed=4)
True
>>> format_position(deal(Rules(players=3, chase_mode=True), seed=4))[:40]
'rules: players=3,chase_mode=yes; hands: '

The rules are written in the comma-separated form of :mod:`cardgames.rules_text`, so the
sections themselves are the only thing separated by ``;``. Reading is as strict as writing:
every section, in this order, each value in its one written form (the rules text also allows
spaces around its items).
"""

from __future__ import annotations

from cardgames.errors import RulesError
from cardgames.tailor._position_text import format_top, parse_top
from cardgames.tailor.state import State
from cardgames.validation import quote

__all__ = ["format_position", "format_top", "parse_position", "parse_top"]


def format_position(state: State) -> str:
    """The position notation of ``state`` (see the table above); the same as ``str(state)``.

    :raises RulesError: if ``state`` is not a :class:`~cardgames.tailor.State`.

    >>> from cardgames.tailor import Rules, deal
    >>> format_position(deal(Rules(players=2), seed=4)).split('; ')[2:]
    ['top: 4C', 'pile: 4C', 'stock: 8S KS JS ... 7H 3H', 'direction: cw', 'chase: off',
     'to_move: 0', 'drawn: -', 'passes: 0', 'turns: 0', 'seed: 4', 'reshuffles: 0']
    """
    if not isinstance(state, State):
        raise RulesError(f"invalid state {quote(state)}: expected a tailor.State")
    return str(state)


def parse_position(text: str) -> State:
    """Read a position; the result is checked for consistency (the same as
    :meth:`State.parse <cardgames.tailor.State.parse>`).

    :raises NotationError: if a section is missing or unreadable, or the position is impossible
        (cards missing or repeated, a seat or count out of range, a drawn card that cannot be
        played, ...: every check of the :class:`~cardgames.tailor.State` constructor). Numbers
        are whole numbers of at most 20 digits, so that every seed fits.

    >>> parse_position('rules: players=2')
    Traceback (most recent call last):
    ...
    cardgames.errors.NotationError: invalid position 'rules: players=2': expected 13 sections ...
    """
    return State.parse(text)
