"""The fast zero-window search of a bridge deal's play: :class:`BridgeSearch`.

It searches the int positions of :class:`~cardgames.bridge.search_model.BridgeModel` for the
engine's MTD(f) driver (:func:`~cardgames.search.engine.refine`). What it borrows from DDS, the
reference double-dummy solver (see the solver guide):

* the value searched is the tricks still to come for the declaring side, and every test asks
  whether that side can take at least ``target`` of them;
* at the start of every trick, *quick tricks*
  (:func:`~cardgames.bridge.search_model.quick_tricks`) give a lower bound for the side on lead
  (an upper bound when the defenders lead) that often answers the test without a search;
* the transposition table is keyed on *relative ranks*: each suit's remaining cards are
  renumbered from the lowest, so positions that differ only by cards already played (the ten
  being the top spade left, or the ace) share one entry;
* cards of one hand with no card of another hand, or of the trick, between them are one move;
* move ordering: the table's move first; on lead, sure winners, then low cards towards a
  partner who holds the top of the suit; when following, the cheapest card that wins the trick
  unless partner is already winning it, otherwise the lowest card.

Nothing here builds a library object per node; hands are ints of 52 bits.

>>> from cardgames.bridge import random_position
>>> from cardgames.bridge.search_model import BridgeModel
>>> from cardgames.search.engine import refine, reference_value
>>> state = random_position(5, tricks_played=10)
>>> model = BridgeModel.for_state(state)
>>> root = model.encode(state)
>>> low, high = refine(BridgeSearch(model), root, *model.future_bounds(root))
>>> low == high == reference_value(model, root) - state.declarer_tricks
True
"""

from __future__ import annotations

import time
from typing import Final, final

from cardgames.bridge.search_model import (
    COUNT,
    LEADER,
    SUIT_BITS,
    TRICK,
    BridgeModel,
    quick_tricks,
    representatives,
)
from cardgames.search.engine import LimitReached

__all__ = ["BridgeSearch", "table_key"]

_NO_TIME: Final = float("inf")


def _pext_table(bits: int) -> list[int]:
    """``table[(x << bits) | mask]``: the bits of ``x`` at the set positions of ``mask``,
    packed down (a software PEXT for ``bits``-bit words)."""
    table = [0] * (1 << (2 * bits))
    for x in range(1 << bits):
        for mask in range(1 << bits):
            out = 0
            place = 0
            for bit in range(bits):
                if mask >> bit & 1:
                    if x >> bit & 1:
                        out |= 1 << place
                    place += 1
            table[(x << bits) | mask] = out
    return table


_PEXT_LOW: Final = _pext_table(7)
_PEXT_HIGH: Final = _pext_table(6)
_POP: Final = [bin(mask).count("1") for mask in range(1 << 13)]


def _count(mask: int) -> int:
    """The number of cards of a 52-bit hand."""
    return (
        _POP[mask & SUIT_BITS]
        + _POP[(mask >> 13) & SUIT_BITS]
        + _POP[(mask >> 26) & SUIT_BITS]
        + _POP[mask >> 39]
    )


def table_key(hands: list[int], leader: int) -> tuple[int, int, int, int]:
    """The table key of a trick's start: North's, East's and South's cards in relative ranks
    (each suit renumbered from its lowest remaining card), and the leader with every suit's
    length.

    >>> a = table_key([1 << 12, 1 << 11, 1 << 10, 1 << 9], 0)  # A K Q J of spades
    >>> a == table_key([1 << 5, 1 << 3, 1 << 1, 1 << 0], 0)  # 7 5 3 2: the same play
    True
    """
    north, east, south = hands[0], hands[1], hands[2]
    present = north | east | south | hands[3]
    key_north = key_east = key_south = 0
    shape = leader
    for suit in range(4):
        shift = 13 * suit
        cards = (present >> shift) & SUIT_BITS
        if not cards:
            continue
        low = cards & 0x7F
        high = cards >> 7
        below = _POP[low]
        shape |= (below + _POP[high]) << (2 + 4 * suit)
        x = (north >> shift) & SUIT_BITS
        key_north |= (
            _PEXT_LOW[(x & 0x7F) << 7 | low] | _PEXT_HIGH[(x >> 7) << 6 | high] << below
        ) << shift
        x = (east >> shift) & SUIT_BITS
        key_east |= (
            _PEXT_LOW[(x & 0x7F) << 7 | low] | _PEXT_HIGH[(x >> 7) << 6 | high] << below
        ) << shift
        x = (south >> shift) & SUIT_BITS
        key_south |= (
            _PEXT_LOW[(x & 0x7F) << 7 | low] | _PEXT_HIGH[(x >> 7) << 6 | high] << below
        ) << shift
    return (key_north, key_east, key_south, shape)


def _relative(hands: list[int], card: int) -> int:
    """A card as its suit and its rank among the suit's remaining cards (counted from the
    lowest), the form the table keeps a best move in."""
    suit = card // 13
    shift = 13 * suit
    present = ((hands[0] | hands[1] | hands[2] | hands[3]) >> shift) & SUIT_BITS
    below = present & ((1 << (card - shift)) - 1)
    return suit * 13 + _POP[below]


def _absolute(hands: list[int], code: int) -> int:
    """The card a relative code (see :func:`_relative`) names in ``hands``."""
    suit = code // 13
    shift = 13 * suit
    present = ((hands[0] | hands[1] | hands[2] | hands[3]) >> shift) & SUIT_BITS
    rank = code - shift
    while present:
        low = present & -present
        if rank == 0:
            return shift + low.bit_length() - 1
        rank -= 1
        present ^= low
    return -1


@final
class BridgeSearch:
    """The fast zero-window searcher over a
    :class:`~cardgames.bridge.search_model.BridgeModel`.

    A fail-soft alpha-beta on a zero window (:meth:`probe`) with make and unmake on four hand
    masks, a table of lower and upper bounds and the best lead at the start of every trick
    (keyed by :func:`table_key`), quick-trick cut-offs and the move ordering described in
    the module. Every card played in the search counts as a node; the count is checked
    against ``node_limit`` before it grows.

    :param model: the deal's model (its strain and declaring side).
    """

    def __init__(self, model: BridgeModel) -> None:
        self.model: Final = model
        self.table: dict[tuple[int, int, int, int], list[int]] = {}
        self.nodes = 0
        self.node_limit: int | None = None
        self.deadline: float | None = None
        self._trump: Final = model.trump
        self._side: Final = model.side
        self._limit = 0
        self._until = _NO_TIME
        self._timed = False
        self._hands: list[int] = [0, 0, 0, 0]
        self._leader = 0
        self._count = 0
        self._lead_suit = 0
        self._win_card = 0
        self._win_seat = 0
        self._played = 0

    # -- the ZeroWindowSearch protocol ---------------------------------------------------

    def probe(self, position: list[int], target: int) -> int:
        """Fail-soft test of the declaring side's tricks still to come against ``target``.

        :raises LimitReached: when the node or time budget is spent.
        """
        limit = self.node_limit
        self._limit = (1 << 62) if limit is None else limit
        deadline = self.deadline
        self._timed = deadline is not None
        self._until = _NO_TIME if deadline is None else deadline
        if self.model.is_over(position):
            return 0
        self._load(position)
        if self._count == 0:
            return self._lead(target)
        return self._follow(target)

    def tighten(self, position: list[int], low: int, high: int) -> tuple[int, int]:
        """``[low, high]`` narrowed by the table's bounds for ``position`` (at a trick's
        start; elsewhere unchanged)."""
        if position[COUNT]:
            return low, high
        entry = self.table.get(table_key(position[:4], position[LEADER]))
        if entry is None:
            return low, high
        return max(low, entry[0]), min(high, entry[1])

    def hint(self, position: list[int]) -> int:
        """The table's best lead at ``position`` (a trick's start), or -1."""
        if position[COUNT]:
            return -1
        hands = position[:4]
        entry = self.table.get(table_key(hands, position[LEADER]))
        if entry is None or entry[2] < 0:
            return -1
        return _absolute(hands, entry[2])

    # -- the search ------------------------------------------------------------------------

    def _load(self, position: list[int]) -> None:
        hands = self._hands
        for seat in range(4):
            hands[seat] = position[seat]
        leader = position[LEADER]
        count = position[COUNT]
        self._leader = leader
        self._count = count
        self._played = 0
        if count:
            first = position[TRICK]
            self._lead_suit = first // 13
            win_card, win_seat = first, leader
            for slot in range(count):
                card = position[TRICK + slot]
                self._played |= 1 << card
                if (card // 13 == win_card // 13 and card > win_card) or (
                    card // 13 == self._trump and win_card // 13 != self._trump
                ):
                    win_card, win_seat = card, (leader + slot) & 3
            self._win_card = win_card
            self._win_seat = win_seat

    def _check(self) -> None:
        if self.nodes >= self._limit:
            raise LimitReached
        if self._timed and time.perf_counter() > self._until:
            raise LimitReached
        self.nodes += 1

    def _lead(self, target: int) -> int:
        """The tricks still to come at a trick's start, tested against ``target``."""
        self._check()
        hands = self._hands
        leader = self._leader
        left = _count(hands[leader])
        if left == 0 or target <= 0:
            return 0
        if target > left:
            return left
        maximising = (leader & 1) == self._side
        quick = quick_tricks(hands, leader, self._trump)
        if maximising:
            if quick >= target:
                return quick
            low, high = quick, left
        else:
            if left - quick < target:
                return left - quick
            low, high = 0, left - quick
        key = table_key(hands, leader)
        entry = self.table.get(key)
        hint = -1
        if entry is not None:
            if entry[0] >= target:
                return entry[0]
            if entry[1] < target:
                return entry[1]
            if entry[2] >= 0:
                hint = _absolute(hands, entry[2])
            low = max(low, entry[0])
            high = min(high, entry[1])
        else:
            entry = [low, high, -1]
            self.table[key] = entry
        best = -1 if maximising else 99
        best_move = -1
        hand = hands[leader]
        for card in self._lead_moves(leader, hint):
            bit = 1 << card
            hands[leader] = hand ^ bit
            self._lead_suit = card // 13
            self._win_card = card
            self._win_seat = leader
            self._count = 1
            self._played = bit
            value = self._follow(target)
            hands[leader] = hand
            self._count = 0
            self._played = 0
            if maximising:
                if value > best:
                    best, best_move = value, card
                    if best >= target:
                        break
            elif value < best:
                best, best_move = value, card
                if best < target:
                    break
        if best >= target:
            if best > entry[0]:
                entry[0] = best
        elif best < entry[1]:
            entry[1] = best
        if best_move >= 0:
            entry[2] = _relative(hands, best_move)
        return best

    def _follow(self, target: int) -> int:
        """The tricks still to come in the middle of a trick, tested against ``target``."""
        self._check()
        hands = self._hands
        count = self._count
        leader = self._leader
        seat = (leader + count) & 3
        hand = hands[seat]
        lead_suit = self._lead_suit
        win_card = self._win_card
        win_seat = self._win_seat
        played = self._played
        trump = self._trump
        side = self._side
        maximising = (seat & 1) == side
        follow = hand & (SUIT_BITS << (13 * lead_suit))
        moves = self._follow_moves(seat, follow if follow else hand)
        best = -1 if maximising else 99
        for card in moves:
            bit = 1 << card
            hands[seat] = hand ^ bit
            suit = card // 13
            if (suit == win_card // 13 and card > win_card) or (
                suit == trump and win_card // 13 != trump
            ):
                new_card, new_seat = card, seat
            else:
                new_card, new_seat = win_card, win_seat
            if count == 3:
                won = 1 if (new_seat & 1) == side else 0
                self._leader = new_seat
                self._count = 0
                self._played = 0
                value = won + self._lead(target - won)
                self._leader = leader
            else:
                self._count = count + 1
                self._win_card = new_card
                self._win_seat = new_seat
                self._played = played | bit
                value = self._follow(target)
            self._count = count
            self._lead_suit = lead_suit
            self._win_card = win_card
            self._win_seat = win_seat
            self._played = played
            hands[seat] = hand
            if maximising:
                if value > best:
                    best = value
                    if best >= target:
                        break
            elif value < best:
                best = value
                if best < target:
                    break
        return best

    # -- move ordering ---------------------------------------------------------------------

    def _lead_moves(self, leader: int, hint: int) -> list[int]:
        """The distinct leads, best first."""
        hands = self._hands
        me = hands[leader]
        partner = hands[(leader + 2) & 3]
        opponents = hands[(leader + 1) & 3] | hands[(leader + 3) & 3]
        trump = self._trump
        opponents_trump = trump < 4 and (opponents >> (13 * trump)) & SUIT_BITS != 0
        scored: list[int] = []
        for suit in range(4):
            shift = 13 * suit
            mine = (me >> shift) & SUIT_BITS
            if not mine:
                continue
            theirs = (opponents >> shift) & SUIT_BITS
            ours = (partner >> shift) & SUIT_BITS
            reps = representatives(mine, theirs | ours)
            top_theirs = theirs.bit_length()
            partner_tops = ours.bit_length() > top_theirs
            ruffable = (
                opponents_trump
                and suit != trump
                and (
                    (hands[(leader + 1) & 3] >> shift) & SUIT_BITS == 0
                    or (hands[(leader + 3) & 3] >> shift) & SUIT_BITS == 0
                )
            )
            while reps:
                strength = reps.bit_length() - 1
                reps ^= 1 << strength
                if strength >= top_theirs and not ruffable:
                    score = 60 + strength
                elif partner_tops and not ruffable:
                    score = 45 - strength
                else:
                    score = 30 - strength
                if suit == trump and score < 60:
                    score -= 12
                scored.append(score << 6 | (shift + strength))
        scored.sort(reverse=True)
        moves = [entry & 63 for entry in scored]
        if hint >= 0 and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        return moves

    def _follow_moves(self, seat: int, legal: int) -> list[int]:
        """The distinct cards ``seat`` may play to the trick, best first."""
        hands = self._hands
        others = self._played
        for other in range(4):
            if other != seat:
                others |= hands[other]
        win_card = self._win_card
        win_suit = win_card // 13
        trump = self._trump
        partner_winning = ((self._win_seat ^ seat) & 1) == 0
        scored: list[int] = []
        for suit in range(4):
            shift = 13 * suit
            mine = (legal >> shift) & SUIT_BITS
            if not mine:
                continue
            reps = representatives(mine, (others >> shift) & SUIT_BITS)
            while reps:
                strength = reps.bit_length() - 1
                reps ^= 1 << strength
                card = shift + strength
                beats = (suit == win_suit and card > win_card) or (
                    suit == trump and win_suit != trump
                )
                if partner_winning:
                    score = 20 - strength if beats else 50 - strength
                elif beats:
                    score = 60 - strength
                else:
                    score = 30 - strength
                scored.append(score << 6 | card)
        scored.sort(reverse=True)
        return [entry & 63 for entry in scored]
