"""The int encoding of the Chase the Tailor search: the layout of a position, the move codes
and the card tables that :mod:`cardgames.tailor.search_model` plays on.

A position is a ``list[int]`` and a move an ``int``, so that nothing builds a library object
per node. The tables below are built from the functions of the rules module
(:func:`~cardgames.tailor.can_follow`, :func:`~cardgames.tailor.hand_value`), so that the model
follows the rules exactly.

**A position** (see :meth:`TailorModel.encode()
<cardgames.tailor.search_model.TailorModel.encode>`) is laid out as:

=====================  ===================================================================
index                  content
=====================  ===================================================================
``TURNS``              moves made in the round so far
``RESHUFFLES``         reshuffles so far (the next one is seeded from it)
``SCORE``              the scaled value of the hands as they are (kept up to date by every
                       move): ``sum(w[s] * points(hand[s]))``, ``w = 1 - players`` for the
                       perspective and ``1`` for the others
``TO_MOVE``            the seat to move
``TOP``                the suited card to follow (a card's index, a call's card index), or
                       ``-1`` when anything may be played; whether it came from a card or a
                       Tailor call changes nothing later, so it is not recorded
``DIRECTION``          ``1`` clockwise, ``-1`` anticlockwise
``CHASE``              ``1`` while a chase runs
``DRAWN``              the card just drawn and waiting to be played, or ``-1``
``PASSES``             consecutive bare passes
``PILE_AT``            the index in the list where the pile starts (so the stock has
                       ``PILE_AT - HANDS - players`` cards)
``TOGO``               moves still to search before the horizon
``HANDS + seat``       each hand as a 55-bit mask (bit ``i`` = card index ``i``)
then                   the stock, next card first, then the pile, bottom first (its last
                       entry is the card showing)
=====================  ===================================================================

The fields from ``TO_MOVE`` to the last hand are contiguous, so a table key is one slice.

**A move** is an int (see :func:`move_code` and :meth:`TailorModel.move_of()
<cardgames.tailor.search_model.TailorModel.move_of>`):

* ``0``-``51``: play that suited card;
* ``52``-``55``: a Joker, ``52 + 2 * joker + effect`` (``joker`` 0 for ``X1``, 1 for
  ``X2``; ``effect`` 0 skip, 1 reverse);
* ``56`` draw, ``57`` pass;
* ``64 + 8 * call + victim``: the Tailor calling the suited card ``call`` with a victim seat;
* ``512 + first + 64 * rest``: a dump starting with the card ``first``; ``rest`` holds the
  number of further cards minus one in its two low bits, then the suit of each further card
  (two bits each, in the order laid); every card of a dump has the rank of ``first``.
"""

from __future__ import annotations

from typing import Final

from cardgames.cards import STANDARD_PACK_SIZE, TAILOR_PACK_SIZE, Card
from cardgames.tailor.moves import Draw, JokerEffect, Move, Pass, Play, PlayJoker, PlayTailor
from cardgames.tailor.rules import can_follow, hand_value

__all__ = [
    "CARDS",
    "CHASE",
    "DIRECTION",
    "DRAW",
    "DRAWN",
    "DUMP_BASE",
    "FOLLOW",
    "HANDS",
    "JOKERS_BITS",
    "JOKER_1",
    "JOKER_2",
    "JOKER_BASE",
    "KEY_FROM",
    "MAX_CARD_POINTS",
    "MAX_DRAWS_PER_MOVE",
    "MAX_DRAWS_PER_MOVE_UNDER_CALL",
    "PACK_POINTS",
    "PASS",
    "PASSES",
    "PILE_AT",
    "RANK_MASKS",
    "RESHUFFLES",
    "SCORE",
    "SIMPLE_MOVES",
    "SUITED",
    "TAILOR",
    "TAILOR_BASE",
    "TAILOR_BIT",
    "TOGO",
    "TOP",
    "TO_MOVE",
    "TURNS",
    "VALUES",
    "bits",
    "dump_cards",
    "dump_code",
    "move_code",
    "points",
    "victim_lists",
]

# -- the layout of a position ------------------------------------------------------------------

TURNS: Final = 0
RESHUFFLES: Final = 1
SCORE: Final = 2
TO_MOVE: Final = 3
TOP: Final = 4
DIRECTION: Final = 5
CHASE: Final = 6
DRAWN: Final = 7
PASSES: Final = 8
PILE_AT: Final = 9
TOGO: Final = 10
HANDS: Final = 11
KEY_FROM: Final = TO_MOVE
"""The table key starts here and runs to the last hand."""

# -- move codes --------------------------------------------------------------------------------

JOKER_BASE: Final = 52
DRAW: Final = 56
PASS: Final = 57
TAILOR_BASE: Final = 64
DUMP_BASE: Final = 512

# -- cards -------------------------------------------------------------------------------------

JOKER_1: Final = 52
JOKER_2: Final = 53
TAILOR: Final = 54
TAILOR_BIT: Final = 1 << 54
JOKERS_BITS: Final = 3 << 52
SUITED: Final = (1 << STANDARD_PACK_SIZE) - 1
CARDS: Final = Card.all()
VALUES: Final[list[int]] = [hand_value(card) for card in CARDS]
PACK_POINTS: Final = sum(VALUES)
MAX_CARD_POINTS: Final = max(VALUES)

FOLLOW: Final[list[int]] = [
    sum(
        1 << index for index in range(STANDARD_PACK_SIZE) if can_follow(CARDS[index], CARDS[target])
    )
    for target in range(STANDARD_PACK_SIZE)
]
"""For each suited target, the suited cards that may follow it (from the rule function)."""

RANK_MASKS: Final[list[int]] = [
    sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13)
]

_BYTE_POINTS: Final[list[list[int]]] = [
    [
        sum(
            VALUES[shift + bit]
            for bit in range(8)
            if byte >> bit & 1 and shift + bit < TAILOR_PACK_SIZE
        )
        for byte in range(256)
    ]
    for shift in range(0, TAILOR_PACK_SIZE, 8)
]
"""Points of the cards of each byte of a mask: a hand is scored with seven lookups."""

# Cards one move can draw at most: the Tailor's victim takes three, then the next player may
# take a chase card. While a call stands (no card played on it) a move draws at most two: a
# draw, then the chase card of the next player (or the card of a skipped player).
MAX_DRAWS_PER_MOVE: Final = 4
MAX_DRAWS_PER_MOVE_UNDER_CALL: Final = 2


def points(mask: int) -> int:
    """The hand value of the cards of a mask (see :func:`~cardgames.tailor.hand_points`).

    >>> points(1 << 54 | 1 << 0)  # the Tailor and the ace of spades
    26
    """
    total = 0
    for table in _BYTE_POINTS:
        if not mask:
            break
        total += table[mask & 0xFF]
        mask >>= 8
    return total


def move_code(move: Move) -> int:
    """The int that stands for ``move`` in the model (the encoding is in the module's text).

    >>> from cardgames.tailor import parse_move
    >>> [move_code(parse_move(text)) for text in ('AS', 'X2 reverse', 'draw', 'TLR 2S>1')]
    [0, 55, 56, 73]
    >>> move_code(parse_move('dump 7S 7H'))  # 7S is card 6, then one more card, of suit 1
    774
    """
    if isinstance(move, Play):
        return move.card.index
    if isinstance(move, PlayJoker):
        effect = 0 if move.effect is JokerEffect.SKIP else 1
        return JOKER_BASE + 2 * (move.card.index - JOKER_1) + effect
    if isinstance(move, Draw):
        return DRAW
    if isinstance(move, Pass):
        return PASS
    if isinstance(move, PlayTailor):
        return TAILOR_BASE + 8 * move.call.card.index + move.victim
    indices = [card.index for card in move.cards]
    return dump_code(indices)


def dump_code(indices: list[int]) -> int:
    rest = len(indices) - 2
    for place in range(1, len(indices)):
        rest |= (indices[place] // 13) << (2 * place)
    return DUMP_BASE + indices[0] + 64 * rest


def dump_cards(code: int) -> list[int]:
    """The card indices of a dump's code, in the order laid."""
    first = (code - DUMP_BASE) & 63
    rest = (code - DUMP_BASE) >> 6
    rank = first % 13
    cards = [first]
    for place in range(1, (rest & 3) + 2):
        cards.append((rest >> (2 * place) & 3) * 13 + rank)
    return cards


def bits(mask: int) -> list[int]:
    result: list[int] = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


SIMPLE_MOVES: Final[list[Move]] = [
    *(Play(card) for card in CARDS[:STANDARD_PACK_SIZE]),
    *(PlayJoker(CARDS[joker], effect) for joker in (52, 53) for effect in JokerEffect),
    Draw(),
    Pass(),
]
"""The moves of the codes 0 to ``PASS``, by code."""

_VICTIMS: Final[dict[tuple[int, bool], list[list[int]]]] = {}


def victim_lists(players: int, caller_too: bool) -> list[list[int]]:
    """For each seat, the seats it may name as the Tailor's victim (shared, not to be changed)."""
    key = (players, caller_too)
    victims = _VICTIMS.get(key)
    if victims is None:
        victims = [
            [victim for victim in range(players) if caller_too or victim != seat]
            for seat in range(players)
        ]
        _VICTIMS[key] = victims
    return victims
