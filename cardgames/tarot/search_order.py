"""Which cards the fast Tarot search tries, in which order, and what each does to the trick
(compiled).

Cards of one hand that are neighbours among the cards still in play and both worth one point
are the same move, so only one of them is searched; so are cards of equal points in "dead"
suits, whose remaining cards are all in one hand (:func:`dead_suits`, :func:`reduce_hands`).
The moves left are ordered (:func:`ordered`): the table's lead first; followers try to win a
trick the other side is winning (cheapest winner first) and smear points on a trick their side
is winning, discarding cheap cards otherwise; :func:`candidates` puts the legal cards and their
order together, with a cache of the ordered lists, and :func:`promote` moves the card that
decided a node to the front of its cached list (a killer move for each situation). Every
function works on the searcher's numbering of the cards
(:class:`~cardgames.tarot.search_numbering.Numbering`).
"""

from __future__ import annotations

from cardgames.tarot.search_model import TRUMP_SUIT, TRUMPS_PLAYED
from cardgames.tarot.search_numbering import (
    MOVE_KEY_INDEX,
    Numbering,
    ascending_bits,
    descending_bits,
)

__all__ = ["after_card", "candidates", "dead_suits", "ordered", "promote", "reduce_hands"]


def dead_suits(num: Numbering, hands: list[int], remaining: int) -> int:
    """The plain suits (as one mask) whose cards still in play (``remaining``) are all in one
    hand."""
    # Nobody else can follow them or lead them, so such a card is led to a trick that the
    # others can only trump or discard on, or discarded itself: its suit and rank never matter
    # again, only its points.
    dead = 0
    for mask in num.plain_masks:
        in_suit = remaining & mask
        if in_suit:
            for hand in hands:
                if hand & in_suit:
                    if hand & in_suit == in_suit:
                        dead |= mask
                    break
    return dead


def reduce_hands(
    num: Numbering, hands: list[int], remaining: int, dead: int, shortcuts: bool
) -> list[int]:
    """The hands with every card dropped that plays as another card of the same hand: a
    one-point card whose next lower card in play, in the same suit, is also in that hand (the
    two are the same move for the rest of the trick), and cards of the ``dead`` suits (see
    :func:`dead_suits`) worth the same. A new list (the hands as they are without
    ``shortcuts``)."""
    if not shortcuts:
        return list(hands)
    weight_classes = num.weight_classes
    blank = num.blank
    suit_of = num.suit_of
    reduced = []
    for hand in hands:
        spare = hand & dead
        if spare & (spare - 1):
            for _, class_mask in weight_classes:
                alike = spare & class_mask
                if alike & (alike - 1):
                    hand ^= alike ^ (alike & -alike)
        blanks = hand & blank
        if blanks & (blanks - 1):
            previous = -1
            while blanks:
                low_bit = blanks & -blanks
                bit = low_bit.bit_length() - 1
                if (
                    previous >= 0
                    and suit_of[bit] == suit_of[previous]
                    and not remaining & (low_bit - (2 << previous))
                ):
                    hand ^= low_bit
                previous = bit
                blanks ^= low_bit
        reduced.append(hand)
    return reduced


def ordered(
    num: Numbering, legal: int, led: int, win: int, own_side: bool, first: int
) -> list[int]:
    """The ``legal`` cards, most promising first: ``first`` (the table's lead), then for a
    leader (``win`` -1) low cards first; a follower whose side is winning (``own_side``)
    smears its most valuable card that does not take over, one whose side is losing tries to
    take the trick (cheapest winner first) and else throws its cheapest card.
    """
    moves = []
    if first >= 0 and legal >> first & 1:
        moves.append(first)
        legal ^= 1 << first
    if win < 0:
        # Leading: low cards first (cheap leads refute or establish most often).
        return moves + ascending_bits(legal)
    trumps = num.trumps
    if win >= num.trump_base:
        winners = legal & trumps & ~((2 << win) - 1)
    else:
        winners = (legal & num.suit_masks[led] & ~((2 << win) - 1)) | (legal & trumps)
    losers = legal ^ winners
    if own_side:
        for _, class_mask in num.descending_classes:
            moves += descending_bits(losers & class_mask)
        if losers & num.excuse:
            moves.append(num.excuse_bit)
        return moves + ascending_bits(winners)
    moves += ascending_bits(winners)
    for _, class_mask in num.weight_classes:
        moves += ascending_bits(losers & class_mask)
    if losers & num.excuse:
        moves.append(num.excuse_bit)
    return moves


def candidates(
    num: Numbering,
    move_cache: dict[int, list[int]],
    hand: int,
    led: int,
    win: int,
    flags: int,
    restricted: bool,
    overtrump: bool,
    own_side: bool,
    index: int,
    first: int,
) -> tuple[list[int], int]:
    """The cards of ``hand`` (a reduced hand, see :func:`reduce_hands`) to try, in order (see
    :func:`ordered`), for the seat at place ``index`` in the trick, ``led`` being the suit to
    follow (-1: free) and ``win`` the winning card (-1: none), and the key the list is cached
    under (-1: not cached). ``restricted``: trumps may not be led before one has been played;
    ``overtrump``: a player who has to play a trump must beat a winning trump when able. The
    list may be shared: the caller must not change it (see :func:`promote`)."""
    if led < 0:
        if restricted and not flags & TRUMPS_PLAYED and hand & num.suited:
            legal = hand & ~num.trumps
        else:
            legal = hand
    else:
        legal = hand & num.suit_masks[led]
        if legal:
            if led == TRUMP_SUIT and overtrump:
                higher = legal & ~((2 << win) - 1)  # trumps led: win is the highest
                if higher:
                    legal = higher
            legal |= hand & num.excuse
        else:
            legal = hand & num.trumps
            if legal:
                if overtrump and win >= num.trump_base:
                    higher = legal & ~((2 << win) - 1)  # a trump is winning: beat it
                    if higher:
                        legal = higher
                legal |= hand & num.excuse
            else:
                legal = hand
    if legal & (legal - 1) == 0:
        return num.singles[legal.bit_length() - 1], -1
    if first >= 0:
        return ordered(num, legal, led, win, own_side, first), -1
    # Ordered candidate lists depend only on the legal cards, the winning card, whose side is
    # winning and the seat's place in the trick; many nodes share them.
    cache_key = legal | (win + 1 | index << MOVE_KEY_INDEX) << num.bits
    if own_side:
        cache_key |= num.own_side_bit
    known = move_cache.get(cache_key)
    if known is None:
        known = move_cache[cache_key] = ordered(num, legal, led, win, own_side, -1)
    return known, cache_key


def promote(move_cache: dict[int, list[int]], cache_key: int, moves: list[int], bit: int) -> None:
    """File under ``cache_key`` a copy of ``moves`` (the list cached there) with ``bit`` first:
    the card that last decided a node with these candidates is tried first at the next one
    (a killer move for each situation). A new list, so that a node still going through the
    old one is not disturbed.

    >>> cache = {7: [1, 2, 3]}
    >>> promote(cache, 7, cache[7], 3)
    >>> cache
    {7: [3, 1, 2]}
    """
    promoted = [bit]
    for move in moves:
        if move != bit:
            promoted.append(move)
    move_cache[cache_key] = promoted


def after_card(
    num: Numbering,
    bit: int,
    player: int,
    led: int,
    win: int,
    win_player: int,
    points: int,
    exc: int,
    least: int,
    flags: int,
) -> tuple[int, int, int, int, int, int, int]:
    """The trick after ``player`` plays ``bit``: the led suit, the winning card and seat, the
    scaled points, the seat that played the Excuse, the least card weight and the flags, each
    given as before the card."""
    if bit == num.excuse_bit:
        return led, win, win_player, points, player, least, flags
    card_weight = num.weight[bit]
    new_least = card_weight if card_weight < least else least
    suit = num.suit_of[bit]
    new_flags = flags | TRUMPS_PLAYED if suit == TRUMP_SUIT else flags
    if led < 0:
        return suit, bit, player, points + card_weight, exc, new_least, new_flags
    if (suit == led or suit == TRUMP_SUIT) and bit > win:
        return led, bit, player, points + card_weight, exc, new_least, new_flags
    return led, win, win_player, points + card_weight, exc, new_least, new_flags
