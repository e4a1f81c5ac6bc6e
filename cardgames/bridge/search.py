"""The fast zero-window search of a bridge deal's play: :class:`BridgeSearch`.

It searches the int positions of :class:`~cardgames.bridge.search_model.BridgeModel` for the
engine's MTD(f) driver (:func:`~cardgames.search.engine.refine`). The value searched is the
tricks still to come for the declaring side, and every test asks whether that side can take at
least ``target`` of them. What it borrows from DDS, the reference double-dummy solver (see the
solver guide and ``docs/bridge.rst``):

* **bounds without a search** at the start of every trick (:mod:`~cardgames.bridge.search_bounds`):
  the tricks the side on lead can cash, the other side's top trumps, a lead into the
  opponents' top cards, a trump guarded behind the higher ones when every trick is needed; and
  after the lead, the tricks the second hand's side is sure of;
* a **transposition table in the manner of partition search**
  (:mod:`~cardgames.bridge.search_table`): every search below a trick's start reports the cards
  whose ranks its answer relied on, and the entry it leaves holds for every position with the
  same suit lengths and the same owners of those cards and every card above them;
* **rank-aware pruning of small cards**: once a card has been searched without a cut-off,
  every lower card of the same hand and suit below all the ranks that search relied on plays
  the same way and is skipped; cards with no card of another hand between them are one move;
* **move ordering** (:mod:`~cardgames.bridge.search_order`) with a killer lead per depth.

Positions are changed in place as cards are played and taken back; nothing here builds a
library object per node, and hands are ints of 52 bits.

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

from cardgames.bridge.search_bounds import (
    guarded_trump,
    lead_loser,
    quick_tricks,
    second_hand_tricks,
    sure_trumps,
)
from cardgames.bridge.search_model import COUNT, LEADER, NO_TRUMP, SUIT_BITS, TRICK, BridgeModel
from cardgames.bridge.search_order import NONE, follow_moves, lead_moves
from cardgames.bridge.search_table import (
    BEST,
    HIGH,
    LOW,
    REGION,
    BridgeTable,
    absolute,
    absolute_region,
    describe,
    hand_size,
)
from cardgames.search.engine import LimitReached

__all__ = ["BridgeSearch"]

_NO_TIME: Final = float("inf")
_NO_LIMIT: Final = 1 << 62
_CLOCK_EVERY: Final = 63  # the clock is read once every 64 nodes


@final
class BridgeSearch:
    """The fast zero-window searcher over a
    :class:`~cardgames.bridge.search_model.BridgeModel`.

    A fail-soft alpha-beta on a zero window (:meth:`probe`) over four hand masks changed in
    place. Every card played in the search counts as a node; the count is checked against
    ``node_limit`` before it grows, and ``tricks`` counts the tricks completed (DDS's measure
    of a search). The table may be shared with searches of the other side in the same strain
    (it keeps North-South's tricks).

    :param model: the deal's model (its strain and declaring side).
    :param table: the table to use (default: a new one).
    """

    def __init__(self, model: BridgeModel, table: BridgeTable | None = None) -> None:
        self.model: Final = model
        self.table: Final = BridgeTable() if table is None else table
        self.nodes = 0
        self.tricks = 0
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
        self._relevant = 0
        self._killers = [-1] * 14

    # -- the ZeroWindowSearch protocol ---------------------------------------------------

    def probe(self, position: list[int], target: int) -> int:
        """Fail-soft test of the declaring side's tricks still to come against ``target``.

        :raises LimitReached: when the node or time budget is spent.
        """
        limit = self.node_limit
        self._limit = _NO_LIMIT if limit is None else limit
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
        hands = position[:4]
        found_low, found_high, _ = self.table.bounds(hands, position[LEADER])
        if self._side:
            left = hand_size(hands[position[LEADER]])
            found_low, found_high = left - found_high, left - found_low
        return max(low, found_low), min(high, found_high)

    def hint(self, position: list[int]) -> int:
        """The card to try first at ``position``: the first of the search's own order (the
        table's best lead at a trick's start, unless a killer comes first)."""
        if self.model.is_over(position):
            return -1
        self._load(position)
        hands = self._hands
        if self._count:
            seat = (self._leader + self._count) & 3
            hand = hands[seat]
            follow = hand & (SUIT_BITS << (13 * self._lead_suit))
            moves = follow_moves(
                hands,
                seat,
                follow if follow else hand,
                self._played,
                self._win_card,
                self._win_seat,
                self._trump,
                self._lead_suit,
                3 - self._count,
            )
            return moves[0] & 63
        leader = self._leader
        best = self.table.bounds(hands, leader)[2]
        killer = self._killers[hand_size(hands[leader])]
        return lead_moves(hands, leader, best, self._trump, killer)[0] & 63

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
        nodes = self.nodes
        if nodes >= self._limit:
            raise LimitReached
        if self._timed and nodes & _CLOCK_EVERY == 0 and time.perf_counter() > self._until:
            raise LimitReached
        self.nodes = nodes + 1

    def _lead(self, target: int) -> int:
        """The tricks still to come at a trick's start, tested against ``target``; leaves in
        ``_relevant`` the cards whose ranks the answer relied on."""
        self._check()
        hands = self._hands
        leader = self._leader
        left = hand_size(hands[leader])
        self._relevant = 0
        if left == 0 or target <= 0:
            return 0
        if target > left:
            return left
        maximising = (leader & 1) == self._side
        trump = self._trump
        # What the side on lead must win for the test to succeed (maximising) or fail.
        need = target if maximising else left - target + 1
        quick, quick_cards = quick_tricks(hands, leader, trump, need)
        if maximising:
            if quick >= target:
                self._relevant = quick_cards
                return quick
        elif left - quick < target:
            self._relevant = quick_cards
            return left - quick
        # Top trumps win their tricks whoever leads, and a lead into the opponents' top cards
        # loses this trick: the other side's sure tricks bound the value from the other end.
        sure, sure_cards = sure_trumps(hands, (leader + 1) & 3, trump, left - need + 1)
        if sure == 0:
            # Not one more than the top trumps: they might fall on this very trick.
            sure_cards = lead_loser(hands, leader, trump)
            if sure_cards:
                sure = 1
            elif target == left if maximising else target == 1:
                sure_cards = guarded_trump(hands, leader, trump)
                if sure_cards:
                    sure = 1
        if sure:
            if maximising:
                if left - sure < target:
                    self._relevant = sure_cards
                    return left - sure
            elif sure >= target:
                self._relevant = sure_cards
                return sure
        if trump != NO_TRUMP:
            sure, sure_cards = sure_trumps(hands, leader, trump, need)
            if maximising:
                if sure >= target:
                    self._relevant = sure_cards
                    return sure
            elif left - sure < target:
                self._relevant = sure_cards
                return left - sure
        code = describe(hands, leader)
        shape = (code[3], code[4])
        entries = self.table.shapes.get(shape)
        flip = self._side == 1
        hint = -1
        if entries is not None:
            for index in range(len(entries) - 1, -1, -1):  # newest first
                entry = entries[index]
                region = entry[REGION]
                if (
                    code[0] & region != entry[1]
                    or code[1] & region != entry[2]
                    or code[2] & region != entry[3]
                ):
                    continue
                low = left - entry[HIGH] if flip else entry[LOW]
                if low >= target:
                    self._relevant = absolute_region(hands, region)
                    return low
                high = left - entry[LOW] if flip else entry[HIGH]
                if high < target:
                    self._relevant = absolute_region(hands, region)
                    return high
                if hint < 0 and entry[BEST] >= 0:
                    card = absolute(hands, entry[BEST])
                    if card >= 0 and hands[leader] >> card & 1:
                        hint = card
        best = -1 if maximising else 99
        best_move = -1
        hand = hands[leader]
        relevant = 0
        skip = 0
        for move in lead_moves(hands, leader, hint, trump, self._killers[left]):
            card = move & 63
            if skip >> card & 1:
                continue
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
                if value >= target:
                    relevant = self._relevant
                    self._killers[left] = card
                    break
            else:
                if value < best:
                    best, best_move = value, card
                if value < target:
                    relevant = self._relevant
                    self._killers[left] = card
                    break
            child = self._relevant
            relevant |= child
            skip |= _alike(child, card)
            low_card = (move >> 6) & 63
            if skip >> card & 1 == 0 and low_card != NONE:
                relevant |= 1 << low_card  # the class's cards are alike only where it stays whole
        if best >= target:
            low, high = best, left
        else:
            low, high = 0, best
        if flip:
            low, high = left - high, left - low
        self.table.store_code(code, hands, relevant, low, high, best_move)
        self._relevant = relevant
        return best

    def _follow(self, target: int) -> int:
        """The tricks still to come in the middle of a trick, tested against ``target``;
        leaves in ``_relevant`` the cards whose ranks the answer relied on."""
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
        if count == 1:
            left = hand_size(hand)  # tricks still to play, this one included
            need = target if maximising else left - target + 1
            sure, sure_cards = second_hand_tricks(hands, seat, win_card, trump, need)
            if sure:
                if maximising:
                    if sure >= target:
                        self._relevant = sure_cards
                        return sure
                elif left - sure < target:
                    self._relevant = sure_cards
                    return left - sure
        follow = hand & (SUIT_BITS << (13 * lead_suit))
        moves = follow_moves(
            hands,
            seat,
            follow if follow else hand,
            played,
            win_card,
            win_seat,
            trump,
            lead_suit,
            3 - count,
        )
        best = -1 if maximising else 99
        relevant = 0
        skip = 0
        for move in moves:
            card = move & 63
            if skip >> card & 1:
                continue
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
                self.tricks += 1
                won = 1 if (new_seat & 1) == side else 0
                win_suit_cards = ((played | bit) >> (13 * (new_card // 13))) & SUIT_BITS
                self._leader = new_seat
                self._count = 0
                self._played = 0
                value = won + self._lead(target - won)
                if win_suit_cards & (win_suit_cards - 1):
                    self._relevant |= 1 << new_card  # the trick was won by rank
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
                if value >= target:
                    relevant = self._relevant
                    break
            else:
                if value < best:
                    best = value
                if value < target:
                    relevant = self._relevant
                    break
            child = self._relevant
            relevant |= child
            skip |= _alike(child, card)
            low_card = (move >> 6) & 63
            if skip >> card & 1 == 0 and low_card != NONE:
                relevant |= 1 << low_card
        self._relevant = relevant
        return best


def _alike(child: int, card: int) -> int:
    """The cards of ``card``'s suit below every card of that suit the search after ``card``
    relied on (``child``), if ``card`` is one of them, else 0: any of them in the same hand
    plays exactly as ``card`` did, so the search skips them.

    >>> bin(_alike(1 << 9, 3))  # after the 5 of spades, with only the jack relied on
    '0b111111111'
    >>> _alike(1 << 2, 3)  # the 4 was relied on: the 5's rank mattered
    0
    """
    shift = 13 * (card // 13)
    wanted = (child >> shift) & SUIT_BITS
    lowest = (wanted & -wanted).bit_length() - 1 if wanted else 13
    if card - shift >= lowest:
        return 0
    return ((1 << lowest) - 1) << shift
