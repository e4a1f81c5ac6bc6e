"""The transposition table of :mod:`cardgames.bridge.search`: :class:`BridgeTable`.

It holds bounds on the tricks still to come at the start of a trick, in the manner of
partition search. A search that ends at a trick's start reports the cards whose ranks its
answer relied on; the entry stored covers every position with the same leader, the same suit
lengths in each hand, and the same owners of those cards and of every card above them in their
suits. Ranks are relative (each suit's remaining cards renumbered from the lowest), so that an
entry made when the ten was the top spade left serves later positions where it is the ace:
:func:`describe` gives a position's relative cards, :func:`region_of` turns the cards relied on
into the relative region an entry depends on.

The bounds are on North-South's tricks, so that one table serves both sides as declarer (the
searches of a double-dummy table share one per strain). Each suit-length pattern keeps at most
:data:`ENTRIES_PER_SHAPE` entries, newest first; a new one pushes out the oldest.

>>> table = BridgeTable()
>>> hands = [1 << 12, 1 << 11, 1 << 10, 1 << 9]  # one spade each: North's ace wins the trick
>>> table.store(hands, 0, 1 << 12, 1, 1, 12)
>>> table.bounds([1 << 5, 1 << 3, 1 << 1, 1 << 0], 0)  # the same play with the 7 5 3 2
(1, 1, 5)
"""

from __future__ import annotations

from typing import Final, final

from cardgames.bridge.search_bounds import SUIT_BITS

__all__ = [
    "ENTRIES_PER_SHAPE",
    "BridgeTable",
    "absolute",
    "absolute_region",
    "describe",
    "hand_size",
    "region_of",
    "relative",
    "table_key",
]

ENTRIES_PER_SHAPE: Final = 128
"""The most entries one suit-length pattern keeps (128 against 24 cut a tenth of the nodes of
whole deals; more hardly helps)."""

# An entry: the relative region it depends on, North's, East's and South's cards inside it, the
# bounds on North-South's tricks still to come, and the best lead (relative, -1: none).
REGION: Final = 0
LOW: Final = 4
HIGH: Final = 5
BEST: Final = 6


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


def hand_size(mask: int) -> int:
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


def absolute_region(hands: list[int], region: int) -> int:
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


def relative(hands: list[int], card: int) -> int:
    """A card as its suit and its rank among the suit's remaining cards (counted from the
    lowest), the form the table keeps a best move in."""
    suit = card // 13
    shift = 13 * suit
    present = ((hands[0] | hands[1] | hands[2] | hands[3]) >> shift) & SUIT_BITS
    below = present & ((1 << (card - shift)) - 1)
    return suit * 13 + _POP[below]


def absolute(hands: list[int], code: int) -> int:
    """The card a relative code (see :func:`relative`) names in ``hands``."""
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
class BridgeTable:
    """The entries, by suit-length pattern (the last two ints of :func:`describe`)."""

    def __init__(self) -> None:
        self.shapes: dict[tuple[int, int], list[list[int]]] = {}

    def __len__(self) -> int:
        return sum(len(entries) for entries in self.shapes.values())

    def bounds(self, hands: list[int], leader: int) -> tuple[int, int, int]:
        """The bounds on North-South's tricks still to come that the matching entries
        allow, at a trick's start, and the best lead the oldest of them keeps (-1: none)."""
        code = describe(hands, leader)
        entries = self.shapes.get((code[3], code[4]))
        low, high, best = 0, hand_size(hands[leader]), -1
        if entries is None:
            return low, high, best
        for entry in entries:
            region = entry[REGION]
            if (
                code[0] & region == entry[1]
                and code[1] & region == entry[2]
                and code[2] & region == entry[3]
            ):
                low = max(low, entry[LOW])
                high = min(high, entry[HIGH])
                if best < 0 and entry[BEST] >= 0:
                    card = absolute(hands, entry[BEST])
                    if card >= 0 and hands[leader] >> card & 1:
                        best = card
        return low, high, best

    def store(
        self, hands: list[int], leader: int, relevant: int, low: int, high: int, best: int
    ) -> None:
        """Keep bounds on North-South's tricks still to come at the trick's start ``hands``
        (``leader`` to lead), which hold wherever the cards of ``relevant`` and those above
        them have the same owners, with the best lead ``best`` (a card, -1: none)."""
        self.store_code(describe(hands, leader), hands, relevant, low, high, best)

    def store_code(
        self, code: list[int], hands: list[int], relevant: int, low: int, high: int, best: int
    ) -> None:
        """:meth:`store` for a position already described (``code``)."""
        region = region_of(hands, relevant)
        north, east, south = code[0] & region, code[1] & region, code[2] & region
        best_code = relative(hands, best) if best >= 0 else -1
        shape = (code[3], code[4])
        entries = self.shapes.get(shape)
        if entries is None:
            self.shapes[shape] = [[region, north, east, south, low, high, best_code]]
            return
        for entry in entries:
            if (
                entry[REGION] == region
                and entry[1] == north
                and entry[2] == east
                and entry[3] == south
            ):
                entry[LOW] = max(entry[LOW], low)
                entry[HIGH] = min(entry[HIGH], high)
                if best_code >= 0:
                    entry[BEST] = best_code
                return
        if len(entries) >= ENTRIES_PER_SHAPE:
            entries.pop(0)
        entries.append([region, north, east, south, low, high, best_code])
