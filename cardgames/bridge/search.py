"""The fast zero-window search of a bridge deal's play: :class:`BridgeSearch`.

It searches the int positions of :class:`~cardgames.bridge.search_model.BridgeModel` for the
engine's MTD(f) driver (:func:`~cardgames.search.engine.refine`). What it borrows from DDS, the
reference double-dummy solver (see the solver guide):

* the value searched is the tricks still to come for the declaring side, and every test asks
  whether that side can take at least ``target`` of them;
* at the start of every trick, *quick tricks*
  (:func:`~cardgames.bridge.search_model.quick_tricks`) give a lower bound for the side on lead
  (an upper bound when the defenders lead) that often answers the test without a search, and
  in a trump contract each side's top trumps (:func:`~cardgames.bridge.search_model.sure_trumps`)
  bound the value from both ends;
* the transposition table works on *relative ranks* (each suit's remaining cards renumbered
  from the lowest, so that the ten being the top spade left plays like the ace) and, in the
  manner of partition search, an entry holds for every position with the same suit lengths in
  each hand and the same owners of the cards whose ranks the answer relied on, and of every
  card above them (:func:`describe`, :func:`region_of`);
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
    NO_TRUMP,
    NONE,
    SUIT_BITS,
    TRICK,
    BridgeModel,
    follow_moves,
    lead_moves,
)
from cardgames.bridge.search_bounds import (
    guarded_trump,
    lead_loser,
    quick_tricks,
    second_hand_tricks,
    sure_trumps,
)
from cardgames.search.engine import LimitReached

__all__ = ["BridgeSearch", "describe", "region_of", "table_key"]

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


def describe(hands: list[int], leader: int) -> list[int]:
    """What the table needs to know of a trick's start: North's, East's and South's cards in
    relative ranks (each suit renumbered from its lowest remaining card, 13 bits a suit), and
    the shape, two ints: the leader with North's and East's suit lengths (4 bits each), then
    South's and West's.

    >>> a = describe([1 << 12, 1 << 11, 1 << 10, 1 << 9], 0)  # A K Q J of spades
    >>> a == describe([1 << 5, 1 << 3, 1 << 1, 1 << 0], 0)  # 7 5 3 2: the same play
    True
    """
    north, east, south, west = hands[0], hands[1], hands[2], hands[3]
    present = north | east | south | west
    key_north = key_east = key_south = 0
    for suit in range(4):
        shift = 13 * suit
        cards = (present >> shift) & SUIT_BITS
        if not cards:
            continue
        low = cards & 0x7F
        high = cards >> 7
        below = _POP[low]
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
    return [
        key_north,
        key_east,
        key_south,
        leader | _lengths(north) << 2 | _lengths(east) << 18,
        _lengths(south) | _lengths(west) << 16,
    ]


def table_key(hands: list[int], leader: int) -> tuple[int, int, int, int, int]:
    """:func:`describe` as a tuple: the exact key of a trick's start up to relative ranks."""
    code = describe(hands, leader)
    return (code[0], code[1], code[2], code[3], code[4])


def _lengths(hand: int) -> int:
    """A hand's four suit lengths, 4 bits each."""
    return (
        _POP[hand & SUIT_BITS]
        | _POP[(hand >> 13) & SUIT_BITS] << 4
        | _POP[(hand >> 26) & SUIT_BITS] << 8
        | _POP[hand >> 39] << 12
    )


def region_of(hands: list[int], relevant: int) -> int:
    """The relative-rank region a table entry depends on: in each suit, every remaining card
    from the lowest relevant card up (``relevant`` is a mask of search numbers), as bits of
    relative rank.

    >>> bin(region_of([0b1000, 0b0100, 0b0010, 0b0001], 0b0100))  # K of 4 cards: top 2 matter
    '0b1100'
    """
    present = hands[0] | hands[1] | hands[2] | hands[3]
    region = 0
    for suit in range(4):
        shift = 13 * suit
        wanted = (relevant >> shift) & SUIT_BITS
        if not wanted:
            continue
        cards = (present >> shift) & SUIT_BITS
        lowest = wanted & -wanted
        above = _POP[cards & ~(lowest - 1)]
        size = _POP[cards]
        region |= (((1 << above) - 1) << (size - above)) << shift
    return region


def _absolute_region(hands: list[int], region: int) -> int:
    """The cards (search numbers) of a relative region in ``hands``: each suit's top cards."""
    present = hands[0] | hands[1] | hands[2] | hands[3]
    out = 0
    for suit in range(4):
        shift = 13 * suit
        wanted = (region >> shift) & SUIT_BITS
        if not wanted:
            continue
        cards = (present >> shift) & SUIT_BITS
        drop = _POP[cards] - _POP[wanted]
        while drop > 0:
            cards &= cards - 1
            drop -= 1
        out |= cards << shift
    return out


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


# A table entry: the relative region it depends on, North's, East's and South's cards inside
# it, the bounds on the tricks still to come, and the best lead (relative, -1: none).
_REGION: Final = 0
_LOW: Final = 4
_HIGH: Final = 5
_BEST: Final = 6
_ENTRIES_PER_SHAPE: Final = 128


@final
class BridgeSearch:
    """The fast zero-window searcher over a
    :class:`~cardgames.bridge.search_model.BridgeModel`.

    A fail-soft alpha-beta on a zero window (:meth:`probe`) with make and unmake on four hand
    masks, quick-trick cut-offs, the move ordering described in the module, and a table of
    bounds in the manner of partition search: every search below a trick's start reports the
    cards whose ranks its answer relied on (the winners of tricks won by rank, the cards
    counted as quick tricks, what the table entries used relied on), and the entry stored
    holds for every position with the same suit lengths in each hand and the same owners of
    the cards from the lowest such card up. Every card played in the search counts as a node;
    the count is checked against ``node_limit`` before it grows.

    :param model: the deal's model (its strain and declaring side).
    """

    def __init__(self, model: BridgeModel) -> None:
        self.model: Final = model
        self.table: dict[tuple[int, int], list[list[int]]] = {}
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
        found = self._lookup(position[:4], position[LEADER])
        return max(low, found[0]), min(high, found[1])

    def hint(self, position: list[int]) -> int:
        """The card to try first at ``position``: the table's best lead at a trick's start,
        otherwise the first card of the search's own order."""
        if self.model.is_over(position):
            return -1
        self._load(position)
        hands = self._hands
        if position[COUNT]:
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
        best = self._lookup(hands, leader)[2]
        left = _count(hands[leader])
        return lead_moves(hands, leader, best, self._trump, self._killers[left])[0] & 63

    # -- the table -------------------------------------------------------------------------

    def _lookup(self, hands: list[int], leader: int) -> tuple[int, int, int]:
        """The bounds every matching entry allows, and a best lead, for a trick's start."""
        code = describe(hands, leader)
        entries = self.table.get((code[3], code[4]))
        low, high, best = 0, 13, -1
        if entries is None:
            return low, high, best
        for entry in entries:
            region = entry[_REGION]
            if (
                code[0] & region == entry[1]
                and code[1] & region == entry[2]
                and code[2] & region == entry[3]
            ):
                low = max(low, entry[_LOW])
                high = min(high, entry[_HIGH])
                if best < 0 and entry[_BEST] >= 0:
                    card = _absolute(hands, entry[_BEST])
                    if card >= 0 and hands[leader] >> card & 1:
                        best = card
        return low, high, best

    def _store(
        self, code: list[int], hands: list[int], relevant: int, low: int, high: int, best: int
    ) -> None:
        region = region_of(hands, relevant)
        north, east, south = code[0] & region, code[1] & region, code[2] & region
        shape = (code[3], code[4])
        entries = self.table.get(shape)
        if entries is None:
            self.table[shape] = [[region, north, east, south, low, high, best]]
            return
        for entry in entries:
            if (
                entry[_REGION] == region
                and entry[1] == north
                and entry[2] == east
                and entry[3] == south
            ):
                entry[_LOW] = max(entry[_LOW], low)
                entry[_HIGH] = min(entry[_HIGH], high)
                if best >= 0:
                    entry[_BEST] = best
                return
        if len(entries) >= _ENTRIES_PER_SHAPE:
            entries.pop(0)
        entries.append([region, north, east, south, low, high, best])

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
        """The tricks still to come at a trick's start, tested against ``target``; leaves in
        ``_relevant`` the cards whose ranks the answer relied on."""
        self._check()
        hands = self._hands
        leader = self._leader
        left = _count(hands[leader])
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
        loser = lead_loser(hands, leader, trump)
        if loser and sure == 0:
            # Not one more than the top trumps: they might fall on this very trick.
            sure, sure_cards = 1, loser
        if sure == 0 and (target == left if maximising else target == 1):
            guard = guarded_trump(hands, leader, trump)
            if guard:
                sure, sure_cards = 1, guard
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
        entries = self.table.get((code[3], code[4]))
        hint = -1
        if entries is not None:
            for entry in reversed(entries):
                region = entry[_REGION]
                if (
                    code[0] & region != entry[1]
                    or code[1] & region != entry[2]
                    or code[2] & region != entry[3]
                ):
                    continue
                if entry[_LOW] >= target:
                    self._relevant = _absolute_region(hands, region)
                    return entry[_LOW]
                if entry[_HIGH] < target:
                    self._relevant = _absolute_region(hands, region)
                    return entry[_HIGH]
                if hint < 0 and entry[_BEST] >= 0:
                    card = _absolute(hands, entry[_BEST])
                    if card >= 0 and hands[leader] >> card & 1:
                        hint = card
        best = -1 if maximising else 99
        best_move = -1
        hand = hands[leader]
        relevant = 0
        cut = False
        skip = 0
        for entry_code in lead_moves(hands, leader, hint, self._trump, self._killers[left]):
            card = entry_code & 63
            if skip >> card & 1:
                continue
            low_card = (entry_code >> 6) & 63
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
                cut = value >= target
            else:
                if value < best:
                    best, best_move = value, card
                cut = value < target
            if cut:
                relevant = self._relevant
                self._killers[left] = card
                break
            child = self._relevant
            relevant |= child
            skip |= _below_relevant(child, card, low_card)
            if skip >> card & 1 == 0 and low_card != NONE:
                relevant |= 1 << low_card
        if best >= target:
            low, high = best, left
        else:
            low, high = 0, best
        self._store(code, hands, relevant, low, high, _relative(hands, best_move))
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
            # Tricks still to play, this one included.
            left = _count(hand)
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
        cut = False
        skip = 0
        for entry_code in moves:
            card = entry_code & 63
            if skip >> card & 1:
                continue
            low_card = (entry_code >> 6) & 63
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
                cut = value >= target
            else:
                if value < best:
                    best = value
                cut = value < target
            if cut:
                relevant = self._relevant
                break
            child = self._relevant
            relevant |= child
            skip |= _below_relevant(child, card, low_card)
            if skip >> card & 1 == 0 and low_card != NONE:
                relevant |= 1 << low_card
        self._relevant = relevant
        return best


def _below_relevant(child: int, card: int, low_card: int) -> int:
    """The cards of ``card``'s suit below every card of that suit in ``child`` (what the
    search after ``card`` relied on), if ``card`` is among them: any card of the hand there
    plays exactly as ``card`` did (0 otherwise)."""
    shift = 13 * (card // 13)
    wanted = (child >> shift) & SUIT_BITS
    lowest = (wanted & -wanted).bit_length() - 1 if wanted else 13
    if card - shift >= lowest:
        return 0
    return ((1 << lowest) - 1) << shift
