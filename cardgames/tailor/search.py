"""The search model of a Chase the Tailor round: plain ints and lists, one list per position.

:class:`TailorModel` implements the engine's :class:`~cardgames.search.engine.SearchModel` for
one round, one perspective (the seat analysed) and one horizon; :class:`TailorSearch` is its
fast :class:`~cardgames.search.engine.ZeroWindowSearch`. Nothing here builds a library object
per node: a position is a ``list[int]``, a move an ``int``, and the rules are applied to them
directly. The functions of the rules module (:func:`~cardgames.tailor.can_follow`,
:func:`~cardgames.tailor.hand_value`, :func:`~cardgames.tailor.derive_seed`) and of the deck
(:func:`~cardgames.deck.shuffle_order`) build the tables and the reshuffles, so the model
follows :meth:`State.play <cardgames.tailor.State.play>` exactly; the tests check it move by
move along random rounds.

**A position** (see :meth:`TailorModel.encode`) is laid out as:

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

**A move** is an int (see :func:`move_code` and :meth:`TailorModel.move_of`):

* ``0``-``51``: play that suited card;
* ``52``-``55``: a Joker, ``52 + 2 * joker + effect`` (``joker`` 0 for ``X1``, 1 for
  ``X2``; ``effect`` 0 skip, 1 reverse);
* ``56`` draw, ``57`` pass;
* ``64 + 8 * call + victim``: the Tailor calling the suited card ``call`` with a victim seat;
* ``512 + first + 64 * rest``: a dump starting with the card ``first``; ``rest`` holds the
  number of further cards minus one in its two low bits, then the suit of each further card
  (two bits each, in the order laid); every card of a dump has the rank of ``first``.

>>> from cardgames.tailor import Rules, deal
>>> state = deal(Rules(players=3), seed=13)
>>> model = TailorModel.for_state(state, perspective=0)
>>> root = model.encode(state, horizon=4)
>>> [str(model.move_of(code)) for code in model.legal(root)]
['7D', 'QD', '2C']
>>> child = model.child(root, model.legal(root)[0])
>>> child == model.encode(state.play(model.move_of(model.legal(root)[0])), horizon=3)
True
"""

from __future__ import annotations

import itertools
import time
from typing import Final, final

from cardgames.cards import STANDARD_PACK_SIZE, TAILOR_PACK_SIZE, Card, Rank, Suit
from cardgames.deck import shuffle_order
from cardgames.errors import AnalysisError
from cardgames.search.engine import LimitReached, refine
from cardgames.tailor.moves import Draw, Dump, JokerEffect, Move, Pass, Play, PlayJoker, PlayTailor
from cardgames.tailor.rules import Call, Rules, can_follow, derive_seed, hand_value
from cardgames.tailor.state import State

__all__ = [
    "CHASE",
    "DIRECTION",
    "DRAW",
    "DRAWN",
    "DUMP_BASE",
    "HANDS",
    "JOKER_BASE",
    "PASS",
    "PASSES",
    "PILE_AT",
    "RESHUFFLES",
    "SCORE",
    "TAILOR_BASE",
    "TOGO",
    "TOP",
    "TO_MOVE",
    "TURNS",
    "TailorModel",
    "TailorSearch",
    "move_code",
    "points",
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

_JOKER_1: Final = 52
_JOKER_2: Final = 53
_TAILOR: Final = 54
_TAILOR_BIT: Final = 1 << 54
_JOKERS_BITS: Final = 3 << 52
_SUITED: Final = (1 << STANDARD_PACK_SIZE) - 1
_CARDS: Final = Card.all()
_VALUES: Final[list[int]] = [hand_value(card) for card in _CARDS]
_PACK_POINTS: Final = sum(_VALUES)
_MAX_CARD_POINTS: Final = max(_VALUES)

_FOLLOW: Final[list[int]] = [
    sum(
        1 << index
        for index in range(STANDARD_PACK_SIZE)
        if can_follow(_CARDS[index], _CARDS[target])
    )
    for target in range(STANDARD_PACK_SIZE)
]
"""For each suited target, the suited cards that may follow it (from the rule function)."""

_RANK_MASKS: Final[list[int]] = [
    sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13)
]

_BYTE_POINTS: Final[list[list[int]]] = [
    [
        sum(
            _VALUES[shift + bit]
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
_MAX_DRAWS_PER_MOVE: Final = 4
_MAX_DRAWS_PER_MOVE_UNDER_CALL: Final = 2

_INFINITY: Final = 1 << 40
_CACHE_SIZE: Final = 4096
"""Entries kept in the model's cache of dump classes before it is emptied."""
_NO_TIME: Final = float("inf")
_KEY_SHIFT: Final = 16
"""Move ordering sorts ints ``(2000 - score) << _KEY_SHIFT | code``."""
_CODE_MASK: Final = (1 << _KEY_SHIFT) - 1
_OUT_RANK: Final = 2000 - 1000
"""``key >> _KEY_SHIFT`` of a move that goes out."""

# Extras appended to a table key, after a tag saying which are present.
_KEY_TURNS: Final = 1
_KEY_STOCK: Final = 2
_KEY_PILE: Final = 4


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
        return JOKER_BASE + 2 * (move.card.index - _JOKER_1) + effect
    if isinstance(move, Draw):
        return DRAW
    if isinstance(move, Pass):
        return PASS
    if isinstance(move, PlayTailor):
        return TAILOR_BASE + 8 * move.call.card.index + move.victim
    indices = [card.index for card in move.cards]
    return _dump_code(indices)


def _dump_code(indices: list[int]) -> int:
    rest = len(indices) - 2
    for place in range(1, len(indices)):
        rest |= (indices[place] // 13) << (2 * place)
    return DUMP_BASE + indices[0] + 64 * rest


def _dump_cards(code: int) -> list[int]:
    """The card indices of a dump's code, in the order laid."""
    first = (code - DUMP_BASE) & 63
    rest = (code - DUMP_BASE) >> 6
    rank = first % 13
    cards = [first]
    for place in range(1, (rest & 3) + 2):
        cards.append((rest >> (2 * place) & 3) * 13 + rank)
    return cards


def _bits(mask: int) -> list[int]:
    result: list[int] = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


_SIMPLE_MOVES: Final[list[Move]] = [
    *(Play(card) for card in _CARDS[:STANDARD_PACK_SIZE]),
    *(PlayJoker(_CARDS[joker], effect) for joker in (52, 53) for effect in JokerEffect),
    Draw(),
    Pass(),
]
"""The moves of the codes 0 to ``PASS``, by code."""

_VICTIMS: Final[dict[tuple[int, bool], list[list[int]]]] = {}


def _victims(players: int, caller_too: bool) -> list[list[int]]:
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


@final
class TailorModel:
    """The game tree of one Chase the Tailor round for one perspective, on int positions.

    Build it with :meth:`for_state` and turn states into positions with :meth:`encode`; the
    engine's functions (:func:`~cardgames.search.engine.reference_value`,
    :func:`~cardgames.search.engine.score_moves`, ...) then work on it. Values are
    :func:`~cardgames.solver.tailor.tailor_value` times ``players - 1``: the perspective
    maximises them, every other seat minimises them (paranoid), and a position is a leaf when
    the round is over or the horizon is reached (``TOGO`` is 0).

    :param rules: the variant.
    :param perspective: the seat analysed.
    :param seed: the round's seed (every reshuffle is derived from it).
    :param reshuffles: the reshuffle count of the root, so that :class:`TailorSearch` knows
        when the stock is still the root's.

    >>> from cardgames.search.engine import reference_value
    >>> from cardgames.solver.tailor import reference_tailor_value
    >>> from cardgames.tailor import random_position
    >>> state = random_position(Rules(players=3), seed=4)
    >>> model = TailorModel.for_state(state, state.to_move)
    >>> value = reference_value(model, model.encode(state, horizon=3))
    >>> value == reference_tailor_value(state, state.to_move, 3) * 2
    True
    """

    def __init__(self, rules: Rules, perspective: int, seed: int, reshuffles: int = 0) -> None:
        players = rules.players
        if isinstance(perspective, bool) or not isinstance(perspective, int):
            raise AnalysisError(f"invalid perspective {perspective!r}: expected a seat number")
        if not 0 <= perspective < players:
            raise AnalysisError(
                f"invalid perspective {perspective!r}: expected a seat from 0 to {players - 1}"
            )
        self.rules: Final = rules
        self.players: Final = players
        self.perspective: Final = perspective
        self.seed: Final = seed
        self.root_reshuffles: Final = reshuffles
        self.stock_from: Final = HANDS + players
        self.weights: Final[list[int]] = [
            1 - players if seat == perspective else 1 for seat in range(players)
        ]
        self.chase_mode: Final = rules.chase_mode
        self.after_joker_any: Final = rules.after_joker == "any"
        self.voluntary_draw: Final = rules.voluntary_draw
        self.must_play_drawn: Final = rules.must_play_drawn
        self.drawn_card_dumps: Final = rules.drawn_card_dumps
        self.dump_whole_rank: Final = rules.dump_whole_rank
        self.final_tailor_penalty: Final = rules.final_tailor_penalty
        self.reverse_skips: Final = players == 2 and rules.two_player_reverse_skips
        self.skipped_player_draws_chase: Final = rules.skipped_player_draws_chase
        self.tailor_breaks_chase: Final = rules.tailor_breaks_chase
        self.max_turns: Final = rules.max_turns
        self.victims: Final = _victims(players, rules.victim_may_be_caller)
        self._orders: dict[int, list[int]] = {}
        self._dump_keys: dict[tuple[int, int, bool], list[int]] = {}
        self._moves: dict[int, Move] = {}

    @classmethod
    def for_state(cls, state: State, perspective: int) -> TailorModel:
        """The model of ``state``'s round for ``perspective``.

        >>> from cardgames.tailor import Rules, deal
        >>> TailorModel.for_state(deal(Rules(players=2), seed=3), 1).perspective
        1
        """
        return cls(state.rules, perspective, state.seed, state.reshuffles)

    # -- positions -----------------------------------------------------------------------------

    def encode(self, state: State, horizon: int) -> list[int]:
        """The position of ``state`` with ``horizon`` moves left to search.

        :raises AnalysisError: if the state belongs to another round (rules or seed).

        >>> from cardgames.tailor import Rules, deal
        >>> state = deal(Rules(players=2), seed=3)
        >>> position = TailorModel.for_state(state, 0).encode(state, horizon=5)
        >>> position[TOGO], len(position) - HANDS - 2 == 55 - 14
        (5, True)
        """
        if state.rules != self.rules or state.seed != self.seed:
            raise AnalysisError("the state belongs to another round than the model's")
        top = state.top
        target = -1 if top is None else (top.card.index if isinstance(top, Call) else top.index)
        hands = [hand.mask for hand in state.hands]
        score = 0
        for seat in range(self.players):
            score += self.weights[seat] * points(hands[seat])
        position = [
            state.turns,
            state.reshuffles,
            score,
            state.to_move,
            target,
            state.direction,
            int(state.chase_active),
            -1 if state.drawn is None else state.drawn.index,
            state.passes,
            self.stock_from + len(state.stock),
            horizon,
        ]
        position.extend(hands)
        position.extend([card.index for card in state.stock])
        position.extend([card.index for card in state.pile])
        return position

    def move_of(self, code: int) -> Move:
        """The library's move for a move code.

        >>> from cardgames.tailor import Rules
        >>> model = TailorModel(Rules(players=3), 0, seed=0)
        >>> [str(model.move_of(code)) for code in (0, 52, 57, 64 + 8 * 11 + 2, 512 + 6 + 64 * 4)]
        ['AS', 'X1 skip', 'pass', 'TLR QS>2', 'dump 7S 7H']
        """
        move = self._moves.get(code)
        if move is None:
            move = self._moves[code] = self._make_move(code)
        return move

    def _make_move(self, code: int) -> Move:
        if code <= PASS:
            return _SIMPLE_MOVES[code]
        if code < DUMP_BASE:
            call = (code - TAILOR_BASE) >> 3
            return PlayTailor(Suit(call // 13), Rank(call % 13 + 1), (code - TAILOR_BASE) & 7)
        return Dump(tuple(_CARDS[index] for index in _dump_cards(code)))

    def round_over(self, position: list[int]) -> bool:
        """Whether the round has ended at ``position`` (someone out, or a stalemate)."""
        if position[PASSES] >= self.players or position[TURNS] >= self.max_turns:
            return True
        return 0 in position[HANDS : self.stock_from]

    # -- the SearchModel protocol ----------------------------------------------------------------

    def is_over(self, position: list[int]) -> bool:
        """The round is over or the horizon is reached."""
        return position[TOGO] <= 0 or self.round_over(position)

    def maximising(self, position: list[int]) -> bool:
        """The perspective maximises; every other seat minimises (paranoid)."""
        return position[TO_MOVE] == self.perspective

    def banked(self, position: list[int]) -> int:
        """The scaled value at a leaf; 0 before (nothing is banked until the search stops)."""
        return position[SCORE] if self.is_over(position) else 0

    def future_bounds(self, position: list[int]) -> tuple[int, int]:
        """Bounds on the leaf value: in ``TOGO`` moves a hand can at worst empty, and the cards
        drawn (at most four a move, none worth more than the Tailor) go to some hand."""
        if self.is_over(position):
            return 0, 0
        mine = 0
        others = 0
        for seat in range(self.players):
            if seat == self.perspective:
                mine = points(position[HANDS + seat])
            else:
                others += points(position[HANDS + seat])
        gain = _MAX_DRAWS_PER_MOVE * _MAX_CARD_POINTS * position[TOGO]
        low = (1 - self.players) * min(_PACK_POINTS, mine + gain)
        high = min(_PACK_POINTS, others + gain)
        return low, high

    def legal(self, position: list[int]) -> list[int]:
        """Every legal move of the round (the horizon aside), in the order of
        :meth:`State.legal_moves() <cardgames.tailor.State.legal_moves>`."""
        if self.round_over(position):
            return []
        seat = position[TO_MOVE]
        hand = position[HANDS + seat]
        drawn = position[DRAWN]
        moves: list[int] = []
        if drawn >= 0:
            if drawn == _TAILOR:
                self._add_calls(moves, seat)
            elif drawn >= _JOKER_1:
                moves.append(JOKER_BASE + 2 * (drawn - _JOKER_1))
                moves.append(JOKER_BASE + 2 * (drawn - _JOKER_1) + 1)
            else:
                moves.append(drawn)
                if self.drawn_card_dumps:
                    for order in sorted(self._dump_orders(drawn, hand)):
                        moves.append(_dump_code(order))
            if not self.must_play_drawn:
                moves.append(PASS)
            return moves
        playable = self._playable(position, hand)
        moves.extend(_bits(playable))
        orders: list[list[int]] = []
        for first in _bits(playable):
            orders.extend(self._dump_orders(first, hand))
        orders.sort()
        for order in orders:
            moves.append(_dump_code(order))
        if hand & 1 << _JOKER_1:
            moves.append(JOKER_BASE)
            moves.append(JOKER_BASE + 1)
        if hand & 1 << _JOKER_2:
            moves.append(JOKER_BASE + 2)
            moves.append(JOKER_BASE + 3)
        if hand & _TAILOR_BIT:
            self._add_calls(moves, seat)
        if self.voluntary_draw or not playable:
            moves.append(DRAW if self._can_draw(position) else PASS)
        return moves

    def distinct(self, position: list[int]) -> dict[int, int]:
        """Each legal move mapped to the first legal move of its class of equivalent moves.

        The classes (each proven to be worth the same to every seat, within the horizon):

        * Tailor calls with the same victim whose follow masks agree on every suited card the
          call can be compared with before the horizon (see :meth:`call_relevant`);
        * dumps of the same cards ending on the same card, when no reshuffle can happen before
          the horizon (the order of the cards under the top then never matters);
        * the same effect with either Joker (exchanging the Jokers' names maps one line of play
          onto the other).

        >>> from cardgames.tailor import give_tailor, random_position
        >>> state = give_tailor(random_position(Rules(players=3), seed=1), 1)
        >>> model = TailorModel.for_state(state, state.to_move)
        >>> roots = [model.encode(state, horizon) for horizon in (1, 2)]
        >>> [(len(model.legal(root)), len(set(model.distinct(root).values()))) for root in roots]
        [(105, 3), (105, 63)]
        """
        result: dict[int, int] = {}
        keys: dict[int, int] = {}
        relevant: dict[int, int] = {}
        dumps_merge = self._dumps_merge(position)
        for move in self.legal(position):
            key = -1
            if TAILOR_BASE <= move < DUMP_BASE:
                victim = (move - TAILOR_BASE) & 7
                if victim not in relevant:
                    relevant[victim] = self.call_relevant(position, victim)
                mask = relevant[victim]
                if mask >= 0:
                    call = (move - TAILOR_BASE) >> 3
                    key = 1 << 62 | victim << 55 | _FOLLOW[call] & mask
            elif move >= DUMP_BASE:
                if dumps_merge:
                    cards = _dump_cards(move)
                    mask = 0
                    for card in cards:
                        mask |= 1 << card
                    key = 1 << 61 | cards[-1] << 55 | mask
            elif JOKER_BASE <= move < DRAW:
                key = 1 << 60 | (move - JOKER_BASE) % 2
            if key < 0:
                result[move] = move
            elif key in keys:
                result[move] = keys[key]
            else:
                keys[key] = move
                result[move] = move
        return result

    def child(self, position: list[int], move: int) -> list[int]:
        """The position after ``move`` (a legal move); ``position`` is left as it was."""
        after = position.copy()
        self.apply(after, move)
        return after

    # -- playing ---------------------------------------------------------------------------------

    def apply(self, p: list[int], move: int) -> bool:
        """Play the legal ``move`` on ``p`` in place, as :meth:`State.play
        <cardgames.tailor.State.play>` would; returns whether the round is over after it."""
        seat = p[TO_MOVE]
        if move < JOKER_BASE:  # the most common move, on its own: a single suited card
            at = HANDS + seat
            hand = p[at] ^ 1 << move
            p[at] = hand
            p[SCORE] -= self.weights[seat] * _VALUES[move]
            p.append(move)
            p[TOP] = move
            turns = p[TURNS] + 1
            p[TURNS] = turns
            p[PASSES] = 0
            p[DRAWN] = -1
            p[TOGO] -= 1
            if not hand:
                return True
            to_move = (seat + p[DIRECTION]) % self.players
            p[TO_MOVE] = to_move
            if turns >= self.max_turns:
                return True
            if p[CHASE]:
                self.draw(p, to_move)
            return False
        players = self.players
        at = HANDS + seat
        direction = p[DIRECTION]
        chase = p[CHASE]
        passes = 0
        drawn = -1
        step = 1
        if move < DRAW:
            joker = _JOKER_1 + ((move - JOKER_BASE) >> 1)
            p[at] ^= 1 << joker
            p[SCORE] -= self.weights[seat] * _VALUES[joker]
            p.append(joker)
            if self.after_joker_any:
                p[TOP] = -1
            breaking = chase
            chase = 0
            if (move - JOKER_BASE) & 1 == 0:
                step = 2
                if breaking and self.skipped_player_draws_chase and p[at]:
                    self.draw(p, (seat + direction) % players)
            else:
                direction = -direction
                if self.reverse_skips:
                    step = 2
        elif move == DRAW:
            card = self.draw(p, seat)
            if card >= 0 and (
                card >= STANDARD_PACK_SIZE or p[TOP] < 0 or _FOLLOW[p[TOP]] >> card & 1
            ):
                drawn = card
                step = 0
        elif move == PASS:
            passes = p[PASSES] + 1 if p[DRAWN] < 0 else 0
        elif move < DUMP_BASE:
            p[at] ^= _TAILOR_BIT
            p[SCORE] -= self.weights[seat] * _VALUES[_TAILOR]
            p.append(_TAILOR)
            p[TOP] = (move - TAILOR_BASE) >> 3
            if self.chase_mode:
                chase = 0 if chase and self.tailor_breaks_chase else 1
            if p[at] or self.final_tailor_penalty:
                victim = (move - TAILOR_BASE) & 7
                if self.draw(p, victim) >= 0 and self.draw(p, victim) >= 0:
                    self.draw(p, victim)
        else:
            weight = self.weights[seat]
            for card in _dump_cards(move):
                p[at] ^= 1 << card
                p[SCORE] -= weight * _VALUES[card]
                p.append(card)
                p[TOP] = card
        turns = p[TURNS] + 1
        p[TURNS] = turns
        p[PASSES] = passes
        p[DRAWN] = drawn
        p[DIRECTION] = direction
        p[CHASE] = chase
        p[TOGO] -= 1
        if not p[at]:
            p[TO_MOVE] = seat
            return True
        to_move = (seat + step * direction) % players
        p[TO_MOVE] = to_move
        if chase and step and passes < players and turns < self.max_turns:
            self.draw(p, to_move)
        return passes >= players or turns >= self.max_turns

    def leaf_score(self, p: list[int], move: int) -> int:
        """``2 * score + over`` of the child of ``move``: its ``SCORE`` and whether the round is
        over there, worked out without building the child for a single card or a draw
        (whose draws come from the stock as it is); :meth:`apply` on a copy otherwise.

        >>> from cardgames.tailor import Rules, deal
        >>> state = deal(Rules(players=3), seed=13)
        >>> model = TailorModel.for_state(state, 0)
        >>> root = model.encode(state, horizon=1)
        >>> [model.leaf_score(root, move) >> 1 == model.child(root, move)[SCORE]
        ...  for move in model.legal(root)]
        [True, True, True]
        """
        seat = p[TO_MOVE]
        if move < JOKER_BASE:
            score = p[SCORE] - self.weights[seat] * _VALUES[move]
            if p[HANDS + seat] == 1 << move or p[TURNS] + 1 >= self.max_turns:
                return 2 * score + 1
            if p[CHASE]:
                start = self.stock_from
                if p[PILE_AT] == start:
                    return self._leaf_by_apply(p, move)
                score += self.weights[(seat + p[DIRECTION]) % self.players] * _VALUES[p[start]]
            return 2 * score
        if move == DRAW:
            start = self.stock_from
            if p[PILE_AT] - start < 2:
                return self._leaf_by_apply(p, move)
            card = p[start]
            score = p[SCORE] + self.weights[seat] * _VALUES[card]
            over = 1 if p[TURNS] + 1 >= self.max_turns else 0
            target = p[TOP]
            if card >= STANDARD_PACK_SIZE or target < 0 or _FOLLOW[target] >> card & 1:
                return 2 * score + over  # the drawn card waits to be played
            if p[CHASE] and not over:
                next_seat = (seat + p[DIRECTION]) % self.players
                score += self.weights[next_seat] * _VALUES[p[start + 1]]
            return 2 * score + over
        return self._leaf_by_apply(p, move)

    def _leaf_by_apply(self, p: list[int], move: int) -> int:
        child = p.copy()
        over = self.apply(child, move)
        return 2 * child[SCORE] + (1 if over else 0)

    def draw(self, p: list[int], seat: int) -> int:
        """Move the next stock card to ``seat``'s hand (reshuffling the pile under its top
        card into a new stock first when the stock is empty); the card, or -1 if nothing is
        left to draw."""
        start = self.stock_from
        pile_at = p[PILE_AT]
        if pile_at == start:
            if len(p) - pile_at <= 1:
                return -1
            self._reshuffle(p)
            pile_at = p[PILE_AT]
        card = p[start]
        del p[start]
        p[PILE_AT] = pile_at - 1
        p[HANDS + seat] |= 1 << card
        p[SCORE] += self.weights[seat] * _VALUES[card]
        return card

    def _reshuffle(self, p: list[int]) -> None:
        start = self.stock_from
        under = p[start:-1]
        count = p[RESHUFFLES] + 1
        order = self._order(len(under), count)
        top = p[-1]
        del p[start:]
        for index in order:
            p.append(under[index])
        p.append(top)
        p[PILE_AT] = start + len(under)
        p[RESHUFFLES] = count

    def _order(self, size: int, count: int) -> list[int]:
        """The permutation of reshuffle ``count`` of ``size`` cards (cached)."""
        key = count << 6 | size
        order = self._orders.get(key)
        if order is None:
            order = shuffle_order(size, derive_seed(self.seed, "reshuffle", count))
            self._orders[key] = order
        return order

    # -- the rules of a turn -----------------------------------------------------------------

    def _playable(self, position: list[int], hand: int) -> int:
        target = position[TOP]
        return hand & (_SUITED if target < 0 else _FOLLOW[target])

    def _can_draw(self, position: list[int]) -> bool:
        pile_at = position[PILE_AT]
        return pile_at > self.stock_from or len(position) - pile_at > 1

    def _add_calls(self, moves: list[int], seat: int) -> None:
        victims = self.victims[seat]
        for call in range(STANDARD_PACK_SIZE):
            for victim in victims:
                moves.append(TAILOR_BASE + 8 * call + victim)

    def _dump_orders(self, first: int, hand: int) -> list[list[int]]:
        """Every dump starting with ``first`` (the rest in every order), as card lists."""
        rest_mask = hand & _RANK_MASKS[first % 13] & ~(1 << first)
        if not rest_mask:
            return []
        if not rest_mask & (rest_mask - 1):  # a pair: one dump
            return [[first, rest_mask.bit_length() - 1]]
        others = _bits(rest_mask)
        lengths = [len(others)] if self.dump_whole_rank else list(range(1, len(others) + 1))
        result: list[list[int]] = []
        for length in lengths:
            for rest in itertools.permutations(others, length):
                order = [first]
                order.extend(rest)
                result.append(order)
        return result

    def _dumps_merge(self, position: list[int]) -> bool:
        """No reshuffle can happen before the horizon, whatever is played: the dump itself
        draws at most the next player's chase card, every later move at most four cards."""
        stock = position[PILE_AT] - self.stock_from
        return stock >= 1 + _MAX_DRAWS_PER_MOVE * (position[TOGO] - 1)

    def call_relevant(self, position: list[int], victim: int) -> int:
        """The suited cards a Tailor call with ``victim`` can be compared with before the
        horizon, or -1 when calls must not be merged.

        A call is read only while it stands, and only through which suited cards may follow
        it: the cards the players to move hold and the cards they draw. Everything else about
        the children of two calls with one victim is the same, so calls whose follow masks
        agree on these cards are worth the same. While a call stands a move draws at most two
        cards, so with ``k`` moves left after the call only the first ``2 * k`` stock cards can
        turn up; a shorter stock could be reshuffled, bringing any card of the pile back
        (then -1). With one move left only the next player's hand and the first stock card
        count; with none left, or the round over, a call cannot matter at all (0).
        """
        if position[TOGO] <= 1:
            return 0
        child = self.child(position, TAILOR_BASE + victim)
        to_go = child[TOGO]
        if to_go <= 0 or self.round_over(child):
            return 0
        reach = _MAX_DRAWS_PER_MOVE_UNDER_CALL * to_go
        start = self.stock_from
        if child[PILE_AT] - start < reach:
            return -1
        if to_go == 1:
            relevant = child[HANDS + child[TO_MOVE]] | 1 << child[start]
        else:
            relevant = 0
            for other in range(self.players):
                relevant |= child[HANDS + other]
            for index in range(start, start + reach):
                relevant |= 1 << child[index]
        return relevant & _SUITED

    # -- what the fast search needs ------------------------------------------------------------

    def ordered(self, position: list[int], first: int, last: bool = False) -> list[int]:
        """One move of each class of :meth:`distinct`, best-looking first: going out, then the
        biggest cards shed; Jokers, the Tailor and draws last; ``first`` (if it is one of them)
        before everything.

        With ``last`` (the children are leaves: one move to the horizon) the plays and dumps
        that do not go out are cut down to the one that sheds the most points: every one of
        them leads to the same draws (at most the next player's chase card, from a stock that
        is not empty), so the one shedding most is at least as good for the mover, whoever
        that is (this is dominance, not equivalence, so :meth:`distinct` does not do it).
        """
        seat = position[TO_MOVE]
        hand = position[HANDS + seat]
        drawn = position[DRAWN]
        if drawn < 0:
            target = position[TOP]
            playable = hand & (_SUITED if target < 0 else _FOLLOW[target])
            if not playable and not hand & ~_SUITED:  # nothing but a draw (or a pass)
                return [DRAW if self._can_draw(position) else PASS]
        keys: list[int] = []
        if drawn >= 0:
            if drawn == _TAILOR:
                self._add_call_classes(position, seat, hand, keys)
            elif drawn >= _JOKER_1:
                score = 1000 if hand == 1 << drawn else 10
                keys.append((2000 - score) << _KEY_SHIFT | (JOKER_BASE + 2 * (drawn - _JOKER_1)))
                keys.append(
                    (2000 - score) << _KEY_SHIFT | (JOKER_BASE + 2 * (drawn - _JOKER_1) + 1)
                )
            else:
                score = 1000 if hand == 1 << drawn else 20 + _VALUES[drawn]
                keys.append((2000 - score) << _KEY_SHIFT | drawn)
                if self.drawn_card_dumps and hand & _RANK_MASKS[drawn % 13] != 1 << drawn:
                    self._add_dump_classes(position, hand, [drawn], keys)
            if not self.must_play_drawn:
                keys.append(2000 << _KEY_SHIFT | PASS)
        else:
            firsts: list[int] = []
            mask = playable
            while mask:
                low = mask & -mask
                mask ^= low
                card = low.bit_length() - 1
                score = 1000 if hand == low else 20 + _VALUES[card]
                keys.append((2000 - score) << _KEY_SHIFT | card)
                if hand & _RANK_MASKS[card % 13] != low:
                    firsts.append(card)
            if firsts:
                self._add_dump_classes(position, hand, firsts, keys)
            if hand & _JOKERS_BITS:
                joker = _JOKER_1 if hand & 1 << _JOKER_1 else _JOKER_2
                score = 1000 if hand == 1 << joker else 10
                keys.append((2000 - score) << _KEY_SHIFT | (JOKER_BASE + 2 * (joker - _JOKER_1)))
                keys.append(
                    (2000 - score) << _KEY_SHIFT | (JOKER_BASE + 2 * (joker - _JOKER_1) + 1)
                )
            if hand & _TAILOR_BIT:
                self._add_call_classes(position, seat, hand, keys)
            if self.voluntary_draw or not playable:
                keys.append(2000 << _KEY_SHIFT | (DRAW if self._can_draw(position) else PASS))
        if len(keys) == 1:
            return [keys[0] & _CODE_MASK]
        if first >= 0 and not last:
            for index in range(len(keys)):
                if keys[index] & _CODE_MASK == first:
                    keys[index] = first
        keys.sort()
        if last and (position[CHASE] == 0 or position[PILE_AT] > self.stock_from):
            return self._dominant(keys)
        return [key & _CODE_MASK for key in keys]

    def forced(self, position: list[int]) -> int:
        """The only legal move when there is just one (the common cases: a draw or a pass
        with nothing to play, the one card that can follow, the play of a drawn card that must
        be played), else -1.

        >>> from cardgames.tailor import random_position
        >>> state = random_position(Rules(players=3), seed=3)
        >>> model = TailorModel.for_state(state, 0)
        >>> [str(move) for move in state.legal_moves()], model.forced(model.encode(state, 2))
        (['2S'], 1)
        """
        seat = position[TO_MOVE]
        hand = position[HANDS + seat]
        drawn = position[DRAWN]
        if drawn >= 0:
            if (
                self.must_play_drawn
                and drawn < _JOKER_1
                and not (self.drawn_card_dumps and hand & _RANK_MASKS[drawn % 13] != 1 << drawn)
            ):
                return drawn
            return -1
        if hand & ~_SUITED:
            return -1
        target = position[TOP]
        playable = hand & (_SUITED if target < 0 else _FOLLOW[target])
        if not playable:
            return DRAW if self._can_draw(position) else PASS
        if self.voluntary_draw or playable & (playable - 1):
            return -1
        card = playable.bit_length() - 1
        return card if hand & _RANK_MASKS[card % 13] == playable else -1

    def last_moves(self, position: list[int]) -> list[int]:
        """The moves :meth:`ordered` gives with ``last``, faster in the common case of a hand of
        suited cards of different ranks (no dump possible), where the plays are cut down to
        the one shedding most without sorting anything."""
        hand = position[HANDS + position[TO_MOVE]]
        if position[DRAWN] >= 0 or hand & ~_SUITED:
            return self.ordered(position, -1, True)
        target = position[TOP]
        playable = hand & (_SUITED if target < 0 else _FOLLOW[target])
        if not playable:
            return [DRAW if self._can_draw(position) else PASS]
        if position[CHASE] and position[PILE_AT] == self.stock_from:
            return self.ordered(position, -1, True)
        best = -1
        most = -1
        mask = playable
        while mask:
            low = mask & -mask
            mask ^= low
            card = low.bit_length() - 1
            if hand & _RANK_MASKS[card % 13] != low:
                return self.ordered(position, -1, True)
            if _VALUES[card] > most:
                most = _VALUES[card]
                best = card
        if self.voluntary_draw:
            return [best, DRAW if self._can_draw(position) else PASS]
        return [best]

    def _dominant(self, keys: list[int]) -> list[int]:
        """The sorted ``keys`` as moves, with the plays and dumps that do not go out after the
        first of them left out (see :meth:`ordered`)."""
        result: list[int] = []
        shed = False
        for key in keys:
            code = key & _CODE_MASK
            if (code < JOKER_BASE or code >= DUMP_BASE) and key >> _KEY_SHIFT != _OUT_RANK:
                if shed:
                    continue
                shed = True
            result.append(code)
        return result

    def _add_dump_classes(
        self, position: list[int], hand: int, firsts: list[int], keys: list[int]
    ) -> None:
        merge = self._dumps_merge(position)
        firsts_mask = 0
        for first in firsts:
            firsts_mask |= 1 << first
        cache_key = (hand, firsts_mask, merge)
        known = self._dump_keys.get(cache_key)
        if known is not None:
            keys.extend(known)
            return
        start = len(keys)
        orders: list[list[int]] = []
        for first in firsts:
            orders.extend(self._dump_orders(first, hand))
        orders.sort()
        seen: set[int] = set()
        for order in orders:
            mask = 0
            value = 0
            for card in order:
                mask |= 1 << card
                value += _VALUES[card]
            if merge:
                key = order[-1] << 55 | mask
                if key in seen:
                    continue
                seen.add(key)
            score = 1000 if hand == mask else 20 + value
            keys.append((2000 - score) << _KEY_SHIFT | _dump_code(order))
        if len(self._dump_keys) >= _CACHE_SIZE:
            self._dump_keys.clear()
        self._dump_keys[cache_key] = keys[start:]

    def _add_call_classes(self, position: list[int], seat: int, hand: int, keys: list[int]) -> None:
        out = hand == _TAILOR_BIT
        for victim in self.victims[seat]:
            score = 1000 if out else 5
            if not out and seat != self.perspective and victim == self.perspective:
                score = 6
            rank = (2000 - score) << _KEY_SHIFT
            relevant = self.call_relevant(position, victim)
            if relevant == 0:
                keys.append(rank | TAILOR_BASE + victim)
                continue
            seen: set[int] = set()
            for call in range(STANDARD_PACK_SIZE):
                if relevant > 0:
                    key = _FOLLOW[call] & relevant
                    if key in seen:
                        continue
                    seen.add(key)
                keys.append(rank | TAILOR_BASE + 8 * call + victim)


@final
class TailorSearch:
    """The fast zero-window searcher over a :class:`TailorModel`.

    A fail-soft alpha-beta on a zero window (:meth:`probe`), with a table of lower and upper
    bounds and the best move, keyed compactly (see :meth:`key`), and the move ordering of
    :meth:`TailorModel.ordered`. Every position visited counts as a node, a leaf included;
    the count is checked against ``node_limit`` before it grows, so it never passes the
    limit. ``horizon_reached`` is set as soon as a leaf is reached with the round still running:
    while it stays False every value found is the round's true value.

    >>> from cardgames.search.engine import refine
    >>> from cardgames.solver.tailor import reference_tailor_value
    >>> from cardgames.tailor import random_position
    >>> state = random_position(Rules(players=3), seed=4)
    >>> model = TailorModel.for_state(state, state.to_move)
    >>> root = model.encode(state, horizon=3)
    >>> search = TailorSearch(model)
    >>> low, high = refine(search, root, *model.future_bounds(root))
    >>> low == high == reference_tailor_value(state, state.to_move, 3) * 2
    True

    :param model: the round's model.
    """

    def __init__(self, model: TailorModel) -> None:
        self.model: Final = model
        self.table: dict[tuple[int, ...], list[int]] = {}
        self.nodes = 0
        self.node_limit: int | None = None
        self.deadline: float | None = None
        self.horizon_reached = False
        self._limit = 0
        self._until = _NO_TIME
        self._timed = False
        self._stock_from: Final = model.stock_from
        self._max_turns: Final = model.max_turns
        self._root_reshuffles: Final = model.root_reshuffles

    # -- the ZeroWindowSearch protocol ---------------------------------------------------------

    def probe(self, position: list[int], target: int) -> int:
        """Fail-soft test of the leaf value still to come against ``target``.

        :raises LimitReached: when the node or time budget is spent.
        """
        if self.model.is_over(position):
            return 0
        self.arm()
        return self._search(position, target)

    def arm(self) -> None:
        """Read ``node_limit`` and ``deadline`` for the searches that follow (:meth:`probe`
        does it itself; :meth:`leaf_value` and :meth:`principal_variation` do not)."""
        limit = self.node_limit
        self._limit = (1 << 62) if limit is None else limit
        deadline = self.deadline
        self._timed = deadline is not None
        self._until = _NO_TIME if deadline is None else deadline

    def tighten(self, position: list[int], low: int, high: int) -> tuple[int, int]:
        """``[low, high]`` narrowed by the table's bounds for ``position``."""
        entry = self.table.get(self.key(position))
        if entry is None:
            return low, high
        return max(low, entry[0]), min(high, entry[1])

    def hint(self, position: list[int]) -> int:
        """The table's best move at ``position``, or -1."""
        entry = self.table.get(self.key(position))
        return -1 if entry is None else entry[2]

    # -- beyond the protocol ---------------------------------------------------------------

    def exact_value(self, position: list[int], low: int, high: int, guess: int) -> int:
        """The value still to come at ``position``, known to lie in ``[low, high]``, by
        MTD(f) from ``guess``: the zero-window tests of
        :func:`~cardgames.search.engine.refine`, each free to use all that is left of the
        budget (``refine`` gives a test a quarter of it, so that a search stopped early
        still narrows its bounds; an analysis that keeps only complete depths has no use for
        that).

        :raises LimitReached: when the budget is spent.

        >>> from cardgames.search.engine import reference_value
        >>> from cardgames.tailor import random_position
        >>> state = random_position(Rules(players=4), seed=2)
        >>> model = TailorModel.for_state(state, 1)
        >>> root = model.encode(state, horizon=4)
        >>> value = TailorSearch(model).exact_value(root, *model.future_bounds(root), guess=0)
        >>> value == reference_value(model, root)
        True
        """
        bounds = refine(self, position, low, high, max(low, min(high, guess)), share_budget=False)
        return bounds[0]

    def leaf_value(self, position: list[int], move: int) -> int:
        """The value of ``move`` at a position one move from the horizon (its child is a
        leaf), counted as one node.

        :raises LimitReached: when the budget is spent.
        """
        self._tick()
        child = position.copy()
        if not self.model.apply(child, move):
            self.horizon_reached = True
        return child[SCORE]

    def principal_variation(self, position: list[int], value: int, exact: bool) -> list[int]:
        """A line of moves from ``position`` keeping its value at ``value`` (banked value
        included), to the end of the round or the horizon.

        Each step tests the candidates with zero-window probes (the table's move first).
        With ``exact`` (the value was found with no horizon cut-off) a candidate whose test
        reached no horizon leaf is preferred, so that the line ends with the round, as the
        proof of the value does; the engine's own
        :func:`~cardgames.search.engine.principal_variation` knows nothing of horizons and
        could stop a line at one. Call :meth:`arm` first.

        :raises LimitReached: when the budget is spent.

        >>> from cardgames.tailor import random_position
        >>> state = random_position(Rules(players=2), seed=5, cards_left=2)
        >>> model = TailorModel.for_state(state, 0)
        >>> root = model.encode(state, horizon=6)
        >>> search = TailorSearch(model)
        >>> value = search.exact_value(root, *model.future_bounds(root), guess=0)
        >>> search.arm()
        >>> end = root
        >>> for move in search.principal_variation(root, value, not search.horizon_reached):
        ...     end = model.child(end, move)
        >>> model.is_over(end) and end[SCORE] == value
        True
        """
        model = self.model
        line: list[int] = []
        p = position
        while not model.is_over(p):
            forced = model.forced(p)
            if forced >= 0:  # the only move keeps the value
                p = p.copy()
                model.apply(p, forced)
                line.append(forced)
                continue
            maximising = model.maximising(p)
            chosen = -1
            chosen_child = p
            # The table's move first; the other moves only if it does not do.
            hint = self.hint(p) if p[TOGO] > 1 else -1
            moves = [hint] if hint >= 0 else self._pv_moves(p, -1)
            index = 0
            while index < len(moves):
                move = moves[index]
                index += 1
                child = p.copy()
                over = model.apply(child, move)
                if over or child[TOGO] <= 0:
                    keeps = child[SCORE] == value
                    clean = over
                else:
                    reached = self.horizon_reached
                    self.horizon_reached = False
                    if maximising:
                        keeps = self._search(child, value) >= value
                    else:
                        keeps = self._search(child, value + 1) <= value
                    clean = not self.horizon_reached
                    self.horizon_reached = reached or self.horizon_reached
                if keeps and (chosen < 0 or clean or not exact):
                    chosen = move
                    chosen_child = child
                    if clean or not exact:
                        break
                if index == len(moves) and hint >= 0:
                    moves = self._pv_moves(p, hint)
                    index = 0
                    hint = -1
            if chosen < 0:  # cannot happen when ``value`` is the position's value
                break
            line.append(chosen)
            p = chosen_child
        return line

    def _pv_moves(self, p: list[int], tried: int) -> list[int]:
        """The candidates of a step of the principal variation, but ``tried``."""
        model = self.model
        moves = model.last_moves(p) if p[TOGO] == 1 else model.ordered(p, -1)
        return [move for move in moves if move != tried]

    # -- the search --------------------------------------------------------------------------

    def key(self, p: list[int]) -> tuple[int, ...]:
        """What the future of ``p`` depends on: the seat to move, what to follow, direction,
        chase, drawn card, passes, stock size, moves to go and the hands; and only when they
        can matter before the horizon, the turn count (a stalemate by ``max_turns`` is near),
        the stock's cards (a reshuffle since the root made it differ from the root's) and the
        pile with the reshuffle count (a reshuffle can happen).

        >>> from cardgames.tailor import deal
        >>> state = deal(Rules(players=2), seed=3)
        >>> model = TailorModel.for_state(state, 0)
        >>> search = TailorSearch(model)
        >>> search.key(model.encode(state, 4)) == search.key(model.encode(state, 4))
        True
        >>> search.key(model.encode(state, 4)) == search.key(model.encode(state, 5))
        False
        """
        start = self._stock_from
        togo = p[TOGO]
        pile_at = p[PILE_AT]
        if (
            pile_at - start >= _MAX_DRAWS_PER_MOVE * togo
            and p[TURNS] + togo < self._max_turns
            and p[RESHUFFLES] == self._root_reshuffles
        ):
            return tuple(p[KEY_FROM:start])
        base = tuple(p[KEY_FROM:start])
        tag = 0
        if p[TURNS] + togo >= self._max_turns:
            tag = _KEY_TURNS
        if p[RESHUFFLES] != self._root_reshuffles:
            tag |= _KEY_STOCK
        if pile_at - start < _MAX_DRAWS_PER_MOVE * togo:
            tag |= _KEY_PILE
        extra = [tag]
        if tag & _KEY_TURNS:
            extra.append(p[TURNS])
        if tag & _KEY_STOCK:
            extra.extend(p[start:pile_at])
        if tag & _KEY_PILE:
            extra.append(p[RESHUFFLES])
            extra.extend(p[pile_at:])
        return base + tuple(extra)

    def _tick(self) -> None:
        if self.nodes >= self._limit:
            raise LimitReached
        if self._timed and time.perf_counter() > self._until:
            raise LimitReached
        self.nodes += 1

    def _search(self, p: list[int], target: int) -> int:
        """The fail-soft zero-window search of ``p`` (not a leaf) against ``target``."""
        if self.nodes >= self._limit or (self._timed and time.perf_counter() > self._until):
            raise LimitReached
        self.nodes += 1
        model = self.model
        togo = p[TOGO]
        maximising = p[TO_MOVE] == model.perspective
        best = -_INFINITY if maximising else _INFINITY
        if togo == 1:
            # The children are leaves: no table, and dominated plays left out.
            for move in model.last_moves(p):
                if self.nodes >= self._limit or (self._timed and time.perf_counter() > self._until):
                    raise LimitReached
                self.nodes += 1
                value = model.leaf_score(p, move)
                if not value & 1:
                    self.horizon_reached = True
                value >>= 1
                if maximising:
                    if value > best:
                        best = value
                        if best >= target:
                            return best
                elif value < best:
                    best = value
                    if best < target:
                        return best
            return best
        forced = model.forced(p)
        if forced >= 0:  # one move: nothing to order, nothing worth a table entry
            # Follow the chain of forced moves on one copy.
            child = p.copy()
            while True:
                over = model.apply(child, forced)
                if not over and child[TOGO] == 1:
                    return self._search(child, target)
                if self.nodes >= self._limit or (self._timed and time.perf_counter() > self._until):
                    raise LimitReached
                self.nodes += 1
                if over:
                    return child[SCORE]
                forced = model.forced(child)
                if forced < 0:
                    self.nodes -= 1  # counted again by the search of ``child``
                    return self._search(child, target)
        key = self.key(p)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            if entry[0] >= target:
                return entry[0]
            if entry[1] < target:
                return entry[1]
            first = entry[2]
        best_move = -1
        for move in model.ordered(p, first):
            child = p.copy()
            if model.apply(child, move):
                if self.nodes >= self._limit or (self._timed and time.perf_counter() > self._until):
                    raise LimitReached
                self.nodes += 1
                value = child[SCORE]
            else:
                value = self._search(child, target)
            if maximising:
                if value > best:
                    best = value
                    best_move = move
                    if best >= target:
                        break
            elif value < best:
                best = value
                best_move = move
                if best < target:
                    break
        if entry is None:
            entry = [-_INFINITY, _INFINITY, best_move]
            self.table[key] = entry
        if best >= target:
            entry[0] = best
        else:
            entry[1] = best
        entry[2] = best_move
        return best
