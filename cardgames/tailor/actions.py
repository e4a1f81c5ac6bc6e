"""Chase the Tailor's action ids and observation vector: the functions behind the action space
that the descriptor gives the environments (:class:`cardgames.tailor.env_space.TailorActions`,
:mod:`cardgames.env`).

Every move that carries a choice is one id with the choice in it: a dump is its rank and the
order of its suits, a Joker its card and effect, the Tailor its called card and victim. The
space of a rule set has ``838 + 52 * players`` ids (942 at two players, 1150 at six):

==============================  ===============================================================
ids                             moves
==============================  ===============================================================
0-51                            play a suited card: its index (suit * 13 + rank - 1; spades,
                                hearts, diamonds, clubs; ace to king)
52                              draw
53                              pass
54-57                           X1 skip, X1 reverse, X2 skip, X2 reverse
58-837                          dump: ``58 + 60 * (rank - 1) + order``, ``order`` numbering the
                                sequences of 2, 3 or 4 distinct suits (12, 24 and 24 of them,
                                each group in lexicographic order of the suits)
838 + 52 * victim + card        the Tailor, calling the suited ``card`` (0-51), ``victim`` the
                                seat that picks up three
==============================  ===============================================================

Observations: "per seat offset" fields hold one block per seat, the viewing seat first and
then ``seat + 1``, ``seat + 2``... (by seat number, modulo the table), so that a policy sees
every seat from its own chair.

Chase the Tailor (``P`` players; ``280 + 2 P`` values):

=================  ========  ===============================================================
field              size      values
=================  ========  ===============================================================
hand               55        own hand, by card index (Jokers 52 and 53, the Tailor 54)
drawn              55        one-hot: own drawn card waiting to be played
pile               55        the cards on the pile
pile_top           55        one-hot: the card showing on the pile
target             53        one-hot: the suited card to follow, or (52) anything
called             1         1 when the card to follow was called with the Tailor
hand_sizes         P         per seat offset: cards held / 55
to_move            P         one-hot seat offset of the seat to move
clockwise          1         1 while play goes clockwise
chase              1         1 while a chase is on
drawn_pending      1         1 while the seat to move has a drawn card waiting
stock_size         1         cards in the stock / 55
passes             1         consecutive passes / players
turns              1         moves made / max_turns
=================  ========  ===============================================================

>>> from cardgames.tailor import Rules, deal
>>> rules = Rules(players=3)
>>> action_count(rules)
994
>>> state = deal(rules, seed=13)
>>> [(i, str(move_of_id(i, rules))) for i in legal_ids(state)]
[(32, '7D'), (37, 'QD'), (40, '2C')]
>>> [str(move_of_id(i, rules)) for i in (52, 55, 58, 58 + 60 * 6 + 59, 838 + 52 * 2 + 24)]
['draw', 'X1 reverse', 'dump AS AH', 'dump 7C 7D 7H 7S', 'TLR QH>2']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from cardgames.action_space import (
    Layout,
    add_bits,
    check_action_id,
    illegal_id,
    layout,
)
from cardgames.cards import STANDARD_PACK_SIZE, TAILOR_PACK_SIZE, Card, Rank, Suit
from cardgames.cardset import iter_bits
from cardgames.errors import IllegalMoveError
from cardgames.tailor.moves import Draw, Dump, JokerEffect, Move, Pass, Play, PlayJoker, PlayTailor
from cardgames.tailor.rules import Call, Rules
from cardgames.tailor.state import State
from cardgames.tailor.turns import ALL_SUITED, FOLLOW_MASKS, RANK_MASKS
from cardgames.tailor.view import Snapshot, View
from cardgames.validation import quote

__all__ = [
    "DRAW_ID",
    "DUMP_BASE",
    "JOKER_BASE",
    "PASS_ID",
    "TAILOR_BASE",
    "action_count",
    "action_id",
    "checked_move",
    "legal_ids",
    "move_of_id",
    "observation_layout",
    "observation_size",
    "sparse_observation",
    "state_legal_ids",
    "state_sparse_observation",
]

GAME: Final = "Chase the Tailor"
DRAW_ID: Final = 52
PASS_ID: Final = 53
JOKER_BASE: Final = 54
"""The id of X1 skip; X1 reverse, X2 skip and X2 reverse follow."""
DUMP_BASE: Final = 58
TAILOR_BASE: Final = 838
_ORDERS: Final = tuple(
    order for length in (2, 3, 4) for order in itertools.permutations(range(4), length)
)
_ORDER_IDS: Final = {order: number for number, order in enumerate(_ORDERS)}
_PER_RANK: Final = len(_ORDERS)  # 60
_JOKER_1: Final = 52
_TAILOR: Final = 54
_CARDS: Final = Card.all()
_PLAYS: Final = tuple(Play(card) for card in _CARDS[:STANDARD_PACK_SIZE])
_JOKER_MOVES: Final = tuple(
    PlayJoker(_CARDS[_JOKER_1 + joker], effect)
    for joker in range(2)
    for effect in (JokerEffect.SKIP, JokerEffect.REVERSE)
)
_JOKER_IDS: Final = {move: JOKER_BASE + number for number, move in enumerate(_JOKER_MOVES)}
_DUMPS: Final = tuple(
    Dump(tuple(_CARDS[suit * 13 + rank] for suit in order))
    for rank in range(13)
    for order in _ORDERS
)
_DRAW: Final = Draw()
_PASS: Final = Pass()


def action_count(rules: Rules) -> int:
    """How many action ids Chase the Tailor has under ``rules``: ``838 + 52 * players``."""
    return TAILOR_BASE + STANDARD_PACK_SIZE * rules.players


def action_id(move: object, rules: Rules) -> int:
    """The id of ``move`` under ``rules``.

    :raises IllegalMoveError: if ``move`` is not a Chase the Tailor move, or has no id: a dump
        that is not 2 to 4 distinct suited cards of one rank, a Tailor whose victim is not a
        seat of the table.
    """
    if isinstance(move, Play):
        return move.card.index
    if isinstance(move, Draw):
        return DRAW_ID
    if isinstance(move, Pass):
        return PASS_ID
    if isinstance(move, PlayJoker):
        return _JOKER_IDS[move]
    if isinstance(move, PlayTailor):
        if move.victim >= rules.players:
            raise IllegalMoveError(
                f"the move {str(move)!r} has no action id: its victim is not a seat of a table "
                f"of {rules.players}"
            )
        return TAILOR_BASE + STANDARD_PACK_SIZE * move.victim + move.call.card.index
    if isinstance(move, Dump):
        return _dump_id(move)
    raise IllegalMoveError(
        f"invalid Chase the Tailor move {quote(move)}: expected a Play, Dump, PlayTailor, "
        "PlayJoker, Draw or Pass"
    )


def _dump_id(move: Dump) -> int:
    cards = move.cards
    first = cards[0]
    order = tuple(card.index // 13 for card in cards)
    number = _ORDER_IDS.get(order)
    if number is None or any(card.is_special or card.rank != first.rank for card in cards):
        raise IllegalMoveError(
            f"the move {str(move)!r} has no action id: a dump lays 2 to 4 suited cards of one "
            "rank, each once"
        )
    return DUMP_BASE + _PER_RANK * (first.index % 13) + number


def move_of_id(action_id: object, rules: Rules) -> Move:
    """The move with id ``action_id`` under ``rules``, legal or not.

    :raises IllegalMoveError: if ``action_id`` is not an id of these rules.
    """
    number = check_action_id(action_id, action_count(rules), GAME)
    if number < DRAW_ID:
        return _PLAYS[number]
    if number == DRAW_ID:
        return _DRAW
    if number == PASS_ID:
        return _PASS
    if number < DUMP_BASE:
        return _JOKER_MOVES[number - JOKER_BASE]
    if number < TAILOR_BASE:
        return _DUMPS[number - DUMP_BASE]
    victim, card = divmod(number - TAILOR_BASE, STANDARD_PACK_SIZE)
    return PlayTailor(Suit(card // 13), Rank(card % 13 + 1), victim)


# -- legal ids, straight from the masks ---------------------------------------------------------


@lru_cache(maxsize=64)
def _tailor_ids(players: int, seat: int, self_victim: bool) -> tuple[int, ...]:
    return tuple(
        TAILOR_BASE + STANDARD_PACK_SIZE * victim + card
        for victim in range(players)
        if self_victim or victim != seat
        for card in range(STANDARD_PACK_SIZE)
    )


def _dump_ids(first: int, hand: int, whole_rank: bool) -> list[int]:
    rank = first % 13
    others = [index // 13 for index in iter_bits(hand & RANK_MASKS[rank]) if index != first]
    if not others:
        return []
    lengths = (len(others),) if whole_rank else range(1, len(others) + 1)
    base = DUMP_BASE + _PER_RANK * rank
    lead = first // 13
    return [
        base + _ORDER_IDS[(lead, *rest)]
        for length in lengths
        for rest in itertools.permutations(others, length)
    ]


def _legal_ids(
    rules: Rules,
    seat: int,
    hand: int,
    drawn: Card | None,
    top: Card | Call | None,
    can_draw: bool,
) -> list[int]:
    # The ids of turns.legal_moves, for the seat to move of a round that is not over.
    ids: list[int] = []
    if drawn is not None:
        index = drawn.index
        if index == _TAILOR:
            ids.extend(_tailor_ids(rules.players, seat, rules.victim_may_be_caller))
        elif index >= STANDARD_PACK_SIZE:
            base = JOKER_BASE + 2 * (index - _JOKER_1)
            ids += (base, base + 1)
        else:
            ids.append(index)
            if rules.drawn_card_dumps:
                ids.extend(_dump_ids(index, hand, rules.dump_whole_rank))
        if not rules.must_play_drawn:
            ids.append(PASS_ID)
        return ids
    target = -1 if top is None else top.card.index if isinstance(top, Call) else top.index
    follow = ALL_SUITED if target < 0 or target >= STANDARD_PACK_SIZE else FOLLOW_MASKS[target]
    playable = hand & follow
    whole_rank = rules.dump_whole_rank
    for index in iter_bits(playable):
        ids.append(index)
        ids.extend(_dump_ids(index, hand, whole_rank))
    if hand >> _JOKER_1 & 1:
        ids += (JOKER_BASE, JOKER_BASE + 1)
    if hand >> (_JOKER_1 + 1) & 1:
        ids += (JOKER_BASE + 2, JOKER_BASE + 3)
    if hand >> _TAILOR & 1:
        ids.extend(_tailor_ids(rules.players, seat, rules.victim_may_be_caller))
    if rules.voluntary_draw or not playable:
        ids.append(DRAW_ID if can_draw else PASS_ID)
    return ids


def state_legal_ids(state: State) -> list[int]:
    """The ids of ``state.legal_moves()``, unsorted, computed from the hand's mask."""
    if state.is_over:
        return []
    seat = state.to_move
    return _legal_ids(
        state.rules,
        seat,
        state.hands[seat].mask,
        state.drawn,
        state.top,
        bool(state.stock) or len(state.pile) > 1,
    )


def legal_ids(position: State | View) -> tuple[int, ...]:
    """The ids of the legal moves of a state, or of a view's seat (empty when it is not its
    turn), in increasing order."""
    if isinstance(position, State):
        return tuple(sorted(state_legal_ids(position)))
    if position.seat != position.to_move or position.is_over:
        return ()
    now = position.now
    ids = _legal_ids(
        position.rules,
        position.seat,
        now.hand.mask,
        now.drawn,
        now.top,
        bool(now.stock_size) or len(now.pile) > 1,
    )
    return tuple(sorted(ids))


def checked_move(action_id: object, position: State | View) -> Move:
    """The move of ``action_id`` if it is legal in ``position``.

    :raises IllegalMoveError: naming the id and the legal ones otherwise.
    """
    rules = position.rules
    number = check_action_id(action_id, action_count(rules), GAME)
    move = move_of_id(number, rules)
    legal = legal_ids(position)
    if number not in legal:
        raise illegal_id(number, str(move), legal, GAME)
    return move


# -- observations ------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def observation_layout(rules: Rules) -> Layout:
    """The fields of the observation vector under ``rules`` (see :mod:`cardgames.env`)."""
    players = rules.players
    n = TAILOR_PACK_SIZE
    return layout(
        [
            ("hand", n, "own hand, by card index"),
            ("drawn", n, "one-hot: own drawn card waiting to be played"),
            ("pile", n, "the cards on the pile"),
            ("pile_top", n, "one-hot: the card showing on the pile"),
            ("target", STANDARD_PACK_SIZE + 1, "one-hot: the suited card to follow, or anything"),
            ("called", 1, "1 when the card to follow was called with the Tailor"),
            ("hand_sizes", players, "per seat offset: cards held / 55"),
            ("to_move", players, "one-hot seat offset of the seat to move"),
            ("clockwise", 1, "1 while play goes clockwise"),
            ("chase", 1, "1 while a chase is on"),
            ("drawn_pending", 1, "1 while the seat to move has a drawn card waiting"),
            ("stock_size", 1, "cards in the stock / 55"),
            ("passes", 1, "consecutive passes / players"),
            ("turns", 1, "moves made / max_turns"),
        ]
    )


_LAST_OFFSETS: list[tuple[Rules, tuple[int, ...]]] = []


def _offsets(rules: Rules) -> tuple[int, ...]:
    # The fields' offsets, the last rule set's kept by identity: hashing the rules on every
    # step would cost more than building the observation.
    if _LAST_OFFSETS and _LAST_OFFSETS[0][0] is rules:
        return _LAST_OFFSETS[0][1]
    offsets = tuple(field.offset for field in observation_layout(rules))
    _LAST_OFFSETS[:] = [(rules, offsets)]
    return offsets


def observation_size(rules: Rules) -> int:
    """The length of the observation vector under ``rules``."""
    return observation_layout(rules)[-1].stop


def sparse_observation(
    rules: Rules, seat: int, now: Snapshot
) -> tuple[list[int], list[tuple[int, float]]]:
    """The observation of what ``seat`` sees now as the positions holding 1.0 and the other
    non-zero ``(position, value)`` pairs."""
    return _sparse(
        rules,
        seat,
        now.hand.mask,
        now.drawn,
        now.pile,
        now.top,
        now.hand_sizes,
        now.to_move,
        now.direction,
        now.chase_active,
        now.drawn_pending,
        now.stock_size,
        now.passes,
        now.turns,
    )


def state_sparse_observation(state: State, seat: int) -> tuple[list[int], list[tuple[int, float]]]:
    """:func:`sparse_observation` of what ``seat`` sees of ``state`` (its hand, and its drawn
    card only when it is to move), straight from the state."""
    drawn = state.drawn
    return _sparse(
        state.rules,
        seat,
        state.hands[seat].mask,
        drawn if state.to_move == seat else None,
        state.pile,
        state.top,
        [hand.mask.bit_count() for hand in state.hands],
        state.to_move,
        state.direction,
        state.chase_active,
        drawn is not None,
        len(state.stock),
        state.passes,
        state.turns,
    )


def _sparse(
    rules: Rules,
    seat: int,
    hand: int,
    drawn: Card | None,
    pile: Sequence[Card],
    top: Card | Call | None,
    hand_sizes: Sequence[int],
    to_move: int,
    direction: int,
    chase_active: bool,
    drawn_pending: bool,
    stock_size: int,
    passes: int,
    turns: int,
) -> tuple[list[int], list[tuple[int, float]]]:
    players = rules.players
    (
        hand_at,
        drawn_at,
        pile_at,
        top_at,
        target_at,
        called_at,
        sizes_at,
        to_move_at,
        clockwise_at,
        chase_at,
        pending_at,
        stock_at,
        passes_at,
        turns_at,
    ) = _offsets(rules)
    ones: list[int] = []
    add_bits(ones, hand_at, hand)
    if drawn is not None:
        ones.append(drawn_at + drawn.index)
    ones.extend(pile_at + card.index for card in pile)
    ones.append(top_at + pile[-1].index)
    if top is None:
        ones.append(target_at + STANDARD_PACK_SIZE)
    elif isinstance(top, Call):
        ones.append(target_at + top.card.index)
        ones.append(called_at)
    else:
        index = top.index
        ones.append(target_at + (index if index < STANDARD_PACK_SIZE else STANDARD_PACK_SIZE))
    values = [
        (sizes_at + (player - seat) % players, size / TAILOR_PACK_SIZE)
        for player, size in enumerate(hand_sizes)
        if size
    ]
    ones.append(to_move_at + (to_move - seat) % players)
    if direction > 0:
        ones.append(clockwise_at)
    if chase_active:
        ones.append(chase_at)
    if drawn_pending:
        ones.append(pending_at)
    if stock_size:
        values.append((stock_at, stock_size / TAILOR_PACK_SIZE))
    if passes:
        values.append((passes_at, min(passes / players, 1.0)))
    if turns:
        values.append((turns_at, min(turns / rules.max_turns, 1.0)))
    return ones, values
