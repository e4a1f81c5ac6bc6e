"""The rules of a Chase the Tailor turn played on the int positions of the search: the legal
moves, a move played in place, a draw (with its reshuffle) and the score of a leaf.

These functions read the round's settings from a
:class:`~cardgames.tailor.search_model.TailorModel` and play on positions laid out as
:mod:`cardgames.tailor.search_codes` says, exactly as :meth:`State.play
<cardgames.tailor.State.play>` plays on states; the model's methods and
:class:`~cardgames.tailor.search.TailorSearch` call them.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from cardgames.cards import STANDARD_PACK_SIZE
from cardgames.deck import shuffle_order
from cardgames.tailor.rules import derive_seed
from cardgames.tailor.search_codes import (
    CHASE,
    DIRECTION,
    DRAW,
    DRAWN,
    DUMP_BASE,
    FOLLOW,
    HANDS,
    JOKER_1,
    JOKER_2,
    JOKER_BASE,
    MAX_DRAWS_PER_MOVE,
    PASS,
    PASSES,
    PILE_AT,
    RANK_MASKS,
    RESHUFFLES,
    SCORE,
    SUITED,
    TAILOR,
    TAILOR_BASE,
    TAILOR_BIT,
    TO_MOVE,
    TOGO,
    TOP,
    TURNS,
    VALUES,
    bits,
    dump_cards,
    dump_code,
)

if TYPE_CHECKING:
    from cardgames.tailor.search_model import TailorModel

__all__ = [
    "apply_move",
    "can_draw",
    "draw_card",
    "dump_orders",
    "dumps_merge",
    "leaf_score",
    "legal_moves",
]


def legal_moves(model: TailorModel, position: list[int]) -> list[int]:
    """Every legal move of the round (the horizon aside), in the order of
    :meth:`State.legal_moves() <cardgames.tailor.State.legal_moves>`."""
    if model.round_over(position):
        return []
    seat = position[TO_MOVE]
    hand = position[HANDS + seat]
    drawn = position[DRAWN]
    moves: list[int] = []
    if drawn >= 0:
        if drawn == TAILOR:
            _add_calls(model, moves, seat)
        elif drawn >= JOKER_1:
            moves.append(JOKER_BASE + 2 * (drawn - JOKER_1))
            moves.append(JOKER_BASE + 2 * (drawn - JOKER_1) + 1)
        else:
            moves.append(drawn)
            if model.drawn_card_dumps:
                for order in sorted(dump_orders(model, drawn, hand)):
                    moves.append(dump_code(order))
        if not model.must_play_drawn:
            moves.append(PASS)
        return moves
    playable = _playable(model, position, hand)
    moves.extend(bits(playable))
    orders: list[list[int]] = []
    for first in bits(playable):
        orders.extend(dump_orders(model, first, hand))
    orders.sort()
    for order in orders:
        moves.append(dump_code(order))
    if hand & 1 << JOKER_1:
        moves.append(JOKER_BASE)
        moves.append(JOKER_BASE + 1)
    if hand & 1 << JOKER_2:
        moves.append(JOKER_BASE + 2)
        moves.append(JOKER_BASE + 3)
    if hand & TAILOR_BIT:
        _add_calls(model, moves, seat)
    if model.voluntary_draw or not playable:
        moves.append(DRAW if can_draw(model, position) else PASS)
    return moves


def apply_move(model: TailorModel, p: list[int], move: int) -> bool:
    """Play the legal ``move`` on ``p`` in place, as :meth:`State.play
    <cardgames.tailor.State.play>` would; returns whether the round is over after it."""
    seat = p[TO_MOVE]
    if move < JOKER_BASE:  # the most common move, on its own: a single suited card
        at = HANDS + seat
        hand = p[at] ^ 1 << move
        p[at] = hand
        p[SCORE] -= model.weights[seat] * VALUES[move]
        p.append(move)
        p[TOP] = move
        turns = p[TURNS] + 1
        p[TURNS] = turns
        p[PASSES] = 0
        p[DRAWN] = -1
        p[TOGO] -= 1
        if not hand:
            return True
        to_move = (seat + p[DIRECTION]) % model.players
        p[TO_MOVE] = to_move
        if turns >= model.max_turns:
            return True
        if p[CHASE]:
            draw_card(model, p, to_move)
        return False
    players = model.players
    at = HANDS + seat
    direction = p[DIRECTION]
    chase = p[CHASE]
    passes = 0
    drawn = -1
    step = 1
    if move < DRAW:
        joker = JOKER_1 + ((move - JOKER_BASE) >> 1)
        p[at] ^= 1 << joker
        p[SCORE] -= model.weights[seat] * VALUES[joker]
        p.append(joker)
        if model.after_joker_any:
            p[TOP] = -1
        breaking = chase
        chase = 0
        if (move - JOKER_BASE) & 1 == 0:
            step = 2
            if breaking and model.skipped_player_draws_chase and p[at]:
                draw_card(model, p, (seat + direction) % players)
        else:
            direction = -direction
            if model.reverse_skips:
                step = 2
    elif move == DRAW:
        card = draw_card(model, p, seat)
        if card >= 0 and (card >= STANDARD_PACK_SIZE or p[TOP] < 0 or FOLLOW[p[TOP]] >> card & 1):
            drawn = card
            step = 0
    elif move == PASS:
        passes = p[PASSES] + 1 if p[DRAWN] < 0 else 0
    elif move < DUMP_BASE:
        p[at] ^= TAILOR_BIT
        p[SCORE] -= model.weights[seat] * VALUES[TAILOR]
        p.append(TAILOR)
        p[TOP] = (move - TAILOR_BASE) >> 3
        if model.chase_mode:
            chase = 0 if chase and model.tailor_breaks_chase else 1
        if p[at] or model.final_tailor_penalty:
            victim = (move - TAILOR_BASE) & 7
            if draw_card(model, p, victim) >= 0 and draw_card(model, p, victim) >= 0:
                draw_card(model, p, victim)
    else:
        weight = model.weights[seat]
        for card in dump_cards(move):
            p[at] ^= 1 << card
            p[SCORE] -= weight * VALUES[card]
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
    if chase and step and passes < players and turns < model.max_turns:
        draw_card(model, p, to_move)
    return passes >= players or turns >= model.max_turns


def leaf_score(model: TailorModel, p: list[int], move: int) -> int:
    """``2 * score + over`` of the child of ``move``: its ``SCORE`` and whether the round is
    over there, worked out without building the child for a single card or a draw
    (whose draws come from the stock as it is);
    :meth:`~cardgames.tailor.search_model.TailorModel.apply` on a copy otherwise.

    >>> from cardgames.tailor import Rules, deal
    >>> from cardgames.tailor.search_model import TailorModel
    >>> state = deal(Rules(players=3), seed=13)
    >>> model = TailorModel.for_state(state, 0)
    >>> root = model.encode(state, horizon=1)
    >>> [model.leaf_score(root, move) >> 1 == model.child(root, move)[SCORE]
    ...  for move in model.legal(root)]
    [True, True, True]
    """
    seat = p[TO_MOVE]
    if move < JOKER_BASE:
        score = p[SCORE] - model.weights[seat] * VALUES[move]
        if p[HANDS + seat] == 1 << move or p[TURNS] + 1 >= model.max_turns:
            return 2 * score + 1
        if p[CHASE]:
            start = model.stock_from
            if p[PILE_AT] == start:
                return _leaf_by_apply(model, p, move)
            score += model.weights[(seat + p[DIRECTION]) % model.players] * VALUES[p[start]]
        return 2 * score
    if move == DRAW:
        start = model.stock_from
        if p[PILE_AT] - start < 2:
            return _leaf_by_apply(model, p, move)
        card = p[start]
        score = p[SCORE] + model.weights[seat] * VALUES[card]
        over = 1 if p[TURNS] + 1 >= model.max_turns else 0
        target = p[TOP]
        if card >= STANDARD_PACK_SIZE or target < 0 or FOLLOW[target] >> card & 1:
            return 2 * score + over  # the drawn card waits to be played
        if p[CHASE] and not over:
            next_seat = (seat + p[DIRECTION]) % model.players
            score += model.weights[next_seat] * VALUES[p[start + 1]]
        return 2 * score + over
    return _leaf_by_apply(model, p, move)


def _leaf_by_apply(model: TailorModel, p: list[int], move: int) -> int:
    child = p.copy()
    over = apply_move(model, child, move)
    return 2 * child[SCORE] + (1 if over else 0)


def draw_card(model: TailorModel, p: list[int], seat: int) -> int:
    """Move the next stock card to ``seat``'s hand (reshuffling the pile under its top
    card into a new stock first when the stock is empty); the card, or -1 if nothing is
    left to draw."""
    start = model.stock_from
    pile_at = p[PILE_AT]
    if pile_at == start:
        if len(p) - pile_at <= 1:
            return -1
        _reshuffle(model, p)
        pile_at = p[PILE_AT]
    card = p[start]
    del p[start]
    p[PILE_AT] = pile_at - 1
    p[HANDS + seat] |= 1 << card
    p[SCORE] += model.weights[seat] * VALUES[card]
    return card


def _reshuffle(model: TailorModel, p: list[int]) -> None:
    start = model.stock_from
    under = p[start:-1]
    count = p[RESHUFFLES] + 1
    order = _reshuffle_order(model, len(under), count)
    top = p[-1]
    del p[start:]
    for index in order:
        p.append(under[index])
    p.append(top)
    p[PILE_AT] = start + len(under)
    p[RESHUFFLES] = count


def _reshuffle_order(model: TailorModel, size: int, count: int) -> list[int]:
    """The permutation of reshuffle ``count`` of ``size`` cards (cached)."""
    key = count << 6 | size
    order = model._orders.get(key)
    if order is None:
        order = shuffle_order(size, derive_seed(model.seed, "reshuffle", count))
        model._orders[key] = order
    return order


def _playable(model: TailorModel, position: list[int], hand: int) -> int:
    target = position[TOP]
    return hand & (SUITED if target < 0 else FOLLOW[target])


def can_draw(model: TailorModel, position: list[int]) -> bool:
    pile_at = position[PILE_AT]
    return pile_at > model.stock_from or len(position) - pile_at > 1


def _add_calls(model: TailorModel, moves: list[int], seat: int) -> None:
    victims = model.victims[seat]
    for call in range(STANDARD_PACK_SIZE):
        for victim in victims:
            moves.append(TAILOR_BASE + 8 * call + victim)


def dump_orders(model: TailorModel, first: int, hand: int) -> list[list[int]]:
    """Every dump starting with ``first`` (the rest in every order), as card lists."""
    rest_mask = hand & RANK_MASKS[first % 13] & ~(1 << first)
    if not rest_mask:
        return []
    if not rest_mask & (rest_mask - 1):  # a pair: one dump
        return [[first, rest_mask.bit_length() - 1]]
    others = bits(rest_mask)
    lengths = [len(others)] if model.dump_whole_rank else list(range(1, len(others) + 1))
    result: list[list[int]] = []
    for length in lengths:
        for rest in itertools.permutations(others, length):
            order = [first]
            order.extend(rest)
            result.append(order)
    return result


def dumps_merge(model: TailorModel, position: list[int]) -> bool:
    """No reshuffle can happen before the horizon, whatever is played: the dump itself
    draws at most the next player's chase card, every later move at most four cards."""
    stock = position[PILE_AT] - model.stock_from
    return stock >= 1 + MAX_DRAWS_PER_MOVE * (position[TOGO] - 1)
