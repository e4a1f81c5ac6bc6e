"""The fast Tarot search's own numbering of the cards in play, and its table keys (compiled).

Inside :class:`~cardgames.tarot.search.TarotSearch` the cards are numbered afresh: the cards in
play in the positions asked about so far (the searcher's "universe") are bits 0, 1, ... in the
order of their internal bits. A late-game hand is then a small int (within 63 bits, which mypyc
keeps unboxed and CPython handles in one or two digits), and the order of the cards, so every
comparison and every move ordering, is unchanged. :class:`Numbering` holds one such numbering
with the rule tables rewritten in it; a position with a card outside the universe makes a
wider one, and the searcher's tables are re-keyed (:meth:`Numbering.rekey`,
:meth:`Numbering.rekey_canonical`).

:func:`canonical_key` is the second table key of a trick start: one-point cards renumbered by
rank among those still in play, dead-suit cards reduced to their points.
"""

from __future__ import annotations

from typing import Final, cast, final

from cardgames.search.engine import BoundsTable
from cardgames.tarot.search_model import (
    EXCUSE_BIT,
    MAGICIAN_BIT,
    SUITED_MASK,
    TRUMP_SUIT,
    TRUMPS_MASK,
    TarotModel,
)

__all__ = [
    "Numbering",
    "ascending_bits",
    "canonical_key",
    "descending_bits",
    "popcount",
    "squeeze",
    "squeeze_run",
    "table_key",
]

EXCUSE: Final = 1 << EXCUSE_BIT
WORLD_BIT: Final = 76
# Runs of one-point cards: the numerals of each suit (lowest ten bits of its block) and
# trumps 2 to 20, as (first bit, mask of the run shifted down to bit 0).
BLANK_BLOCKS: Final[tuple[tuple[int, int], ...]] = (
    (0, (1 << 10) - 1),
    (14, (1 << 10) - 1),
    (28, (1 << 10) - 1),
    (42, (1 << 10) - 1),
    (57, (1 << 19) - 1),
)
NO_CARD: Final = -2
"""The searcher's bit for a special card (Excuse, Magician, World) out of its universe."""
# A move-list cache key: the legal cards, then (above the universe's bits) the winning card
# plus one, the seat's place in the trick and whether its side is winning.
MOVE_KEY_INDEX: Final = 7
MOVE_KEY_OWN: Final = 10


def popcount(mask: int) -> int:
    """The number of set bits of ``mask`` (at least 0), as ``int.bit_count``; a compiled
    loop over the bits is several times cheaper than that method call for the few cards a
    mask of the search holds.

    >>> popcount(0b101100)
    3
    """
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def table_key(hands: list[int], last: int) -> tuple[int, ...]:
    """The hands followed by ``last`` as one tuple: a table key. (A tuple display of a fixed
    length is built in one step; unpacking a list into one goes through a list.)

    >>> table_key([1, 2, 4], 9)
    (1, 2, 4, 9)
    """
    n = len(hands)
    if n == 3:
        return (hands[0], hands[1], hands[2], last)
    if n == 4:
        return (hands[0], hands[1], hands[2], hands[3], last)
    if n == 5:
        return (hands[0], hands[1], hands[2], hands[3], hands[4], last)
    return (*hands, last)


def ascending_bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first.

    >>> ascending_bits(0b10110)
    [1, 2, 4]
    """
    bits = []
    while mask:
        low_bit = mask & -mask
        bits.append(low_bit.bit_length() - 1)
        mask ^= low_bit
    return bits


def descending_bits(mask: int) -> list[int]:
    """The set bits of ``mask``, highest first.

    >>> descending_bits(0b10110)
    [4, 2, 1]
    """
    bits = []
    while mask:
        bit = mask.bit_length() - 1
        bits.append(bit)
        mask ^= 1 << bit
    return bits


_CHUNK: Final = 5
_CHUNK_MASK: Final = (1 << _CHUNK) - 1


def _squeeze_slowly(bits: int, within: int) -> int:
    # squeeze, one bit at a time (for the tables below).
    out = 0
    rank_bit = 1
    while within:
        low_bit = within & -within
        within ^= low_bit
        if bits & low_bit:
            out |= rank_bit
        rank_bit <<= 1
    return out


# squeeze of every chunk of _CHUNK bits (index: within << _CHUNK | bits), and the number of
# cards of every such chunk.
_SQUEEZED: Final[list[int]] = [
    _squeeze_slowly(index & _CHUNK_MASK, index >> _CHUNK) for index in range(1 << 2 * _CHUNK)
]
_CHUNK_COUNT: Final[list[int]] = [bin(index).count("1") for index in range(1 << _CHUNK)]


def squeeze_run(bits: int, within: int) -> int:
    """:func:`squeeze` a few bits at a time, from tables: ``bits`` must lie within
    ``within``.

    >>> bin(squeeze_run(0b1000100, 0b1010110))
    '0b1010'
    """
    out = 0
    shift = 0
    while within:
        chunk = within & _CHUNK_MASK
        if chunk:
            out |= _SQUEEZED[chunk << _CHUNK | (bits & _CHUNK_MASK)] << shift
            shift += _CHUNK_COUNT[chunk]
        within >>= _CHUNK
        bits >>= _CHUNK
    return out


def squeeze(bits: int, within: int) -> int:
    """Renumber ``bits`` (a subset of ``within``) by rank inside ``within``: the i-th lowest
    bit of ``within`` becomes bit i.

    >>> bin(squeeze(0b1000100, 0b1010110))
    '0b1010'
    """
    out = 0
    rank_bit = 1
    while within:
        low_bit = within & -within
        within ^= low_bit
        if bits & low_bit:
            out |= rank_bit
        rank_bit <<= 1
    return out


@final
class Numbering:
    """The cards of ``universe`` (internal bits) numbered 0, 1, ... in the order of their
    internal bits, with the rule tables of ``model`` in that numbering.

    >>> model = TarotModel(players=3, clockwise=False, traditional_order=True,
    ...     lead_restricted=False, exchange=True, group=3, bonus=0, teams=[0, 1, 2],
    ...     maximiser=[True, False, False])
    >>> numbering = Numbering(model, (1 << 5) | (1 << 20) | (1 << 60))
    >>> numbering.bits, numbering.to_internal, bin(numbering.trumps)
    (3, [5, 20, 60], '0b100')
    >>> bin(numbering.compact((1 << 5) | (1 << 60)))
    '0b101'
    """

    __slots__ = (
        "bits",
        "blank",
        "blocks",
        "descending_classes",
        "excuse",
        "excuse_bit",
        "magician",
        "magician_bit",
        "own_side_bit",
        "plain_masks",
        "singles",
        "suit_masks",
        "suit_of",
        "suited",
        "to_compact",
        "to_internal",
        "trump_base",
        "trumps",
        "universe",
        "weight",
        "weight_classes",
        "world",
        "world_bit",
    )

    def __init__(self, model: TarotModel, universe: int) -> None:
        to_internal = ascending_bits(universe)
        to_compact = [-1] * (EXCUSE_BIT + 1)
        for compact_bit, bit in enumerate(to_internal):
            to_compact[bit] = compact_bit
        bits = len(to_internal)
        self.universe: int = universe
        self.bits: int = bits
        self.to_internal: list[int] = to_internal
        self.to_compact: list[int] = to_compact
        self.weight: list[int] = [model.weight[bit] for bit in to_internal]
        self.suit_of: list[int] = [model.suit[bit] for bit in to_internal]
        self.suit_masks: list[int] = [self.compact(mask & universe) for mask in model.suit_masks]
        self.plain_masks: list[int] = self.suit_masks[:TRUMP_SUIT]
        self.trumps: int = self.suit_masks[TRUMP_SUIT]
        self.suited: int = self.compact(universe & SUITED_MASK)
        trumps_in = universe & TRUMPS_MASK
        self.trump_base: int = (
            to_compact[(trumps_in & -trumps_in).bit_length() - 1] if trumps_in else bits
        )
        self.excuse_bit: int = to_compact[EXCUSE_BIT] if universe & EXCUSE else NO_CARD
        self.excuse: int = 1 << self.excuse_bit if universe & EXCUSE else 0
        in_universe = universe >> MAGICIAN_BIT & 1
        self.magician_bit: int = to_compact[MAGICIAN_BIT] if in_universe else NO_CARD
        self.magician: int = 1 << self.magician_bit if in_universe else 0
        self.world_bit: int = to_compact[WORLD_BIT] if universe >> WORLD_BIT & 1 else NO_CARD
        self.world: int = 1 << self.world_bit if universe >> WORLD_BIT & 1 else 0
        self.blank: int = self.compact(universe & model.blank_mask)
        self.weight_classes: list[tuple[int, int]] = [
            (weight, self.compact(universe & mask)) for weight, mask in model.weight_classes
        ]
        self.descending_classes: list[tuple[int, int]] = self.weight_classes[::-1]
        blocks = []
        for base, block in BLANK_BLOCKS:
            in_block = (universe >> base) & block
            if in_block:
                low_bit = in_block & -in_block
                start = to_compact[base + low_bit.bit_length() - 1]
                blocks.append((start, (1 << in_block.bit_count()) - 1))
            else:
                blocks.append((0, 0))
        self.blocks: list[tuple[int, int]] = blocks
        self.own_side_bit: int = 1 << (bits + MOVE_KEY_OWN)
        # The move list of a forced card (shared, never changed).
        self.singles: list[list[int]] = [[compact_bit] for compact_bit in range(bits)]

    def compact(self, mask: int) -> int:
        """This numbering of an internal mask of cards of the universe."""
        to_compact = self.to_compact
        out = 0
        while mask:
            low_bit = mask & -mask
            out |= 1 << to_compact[low_bit.bit_length() - 1]
            mask ^= low_bit
        return out

    def retarget(self, mask: int, old: Numbering) -> int:
        """A mask of cards in the ``old`` numbering, in this one."""
        to_compact = self.to_compact
        old_to_internal = old.to_internal
        out = 0
        while mask:
            low_bit = mask & -mask
            out |= 1 << to_compact[old_to_internal[low_bit.bit_length() - 1]]
            mask ^= low_bit
        return out

    def rekey(self, table: BoundsTable, old: Numbering) -> BoundsTable:
        """A transposition table keyed in the ``old`` numbering, keyed in this one."""
        rekeyed = BoundsTable(table.capacity)
        for key, entry in table.items():
            rekeyed.put(self.rekey_key(cast(tuple[int, ...], key), old), entry)
        return rekeyed

    def rekey_key(self, key: tuple[int, ...], old: Numbering) -> tuple[int, ...]:
        """A table key (hands, then the leader and flags) in the ``old`` numbering, in this
        one."""
        return table_key([self.retarget(hand, old) for hand in key[:-1]], key[-1])

    def rekey_canonical(self, canonical_table: BoundsTable, old: Numbering) -> BoundsTable:
        """A table of canonical keys (see :func:`canonical_key`) in the ``old`` numbering,
        keyed in this one."""
        rekeyed = BoundsTable(canonical_table.capacity)
        for key, entry in canonical_table.items():
            rekeyed.put(self.rekey_canonical_key(cast(tuple[int, ...], key), old), entry)
        return rekeyed

    def rekey_canonical_key(self, key: tuple[int, ...], old: Numbering) -> tuple[int, ...]:
        """A canonical key (see :func:`canonical_key`) in the ``old`` numbering, in this
        one."""
        # A canonical hand holds, below bit ``old.bits``, cards of the universe and, at the
        # first bit of each run of one-point cards, the ranks of its cards of that run among
        # those in play; above, the points code of its dead-suit cards.
        old_bits = old.bits
        hands = []
        for hand in key[:-1]:
            code = hand >> old_bits
            cards = hand & ((1 << old_bits) - 1)
            out = 0
            for (old_start, old_mask), (start, _) in zip(old.blocks, self.blocks, strict=True):
                if old_mask:
                    out |= ((cards >> old_start) & old_mask) << start
                    cards &= ~(old_mask << old_start)
            hands.append(out | self.retarget(cards, old) | code << self.bits)
        return table_key(hands, key[-1])


def canonical_key(
    num: Numbering,
    hands: list[int],
    remaining: int,
    dead: int,
    shortcuts: bool,
    leader_flags: int,
    dead_codes: dict[int, int],
) -> tuple[int, ...]:
    """The table key of a trick start with its one-point cards renumbered by rank among those
    still in play (``remaining``, the cards of ``hands``), so that positions that differ only
    in which low cards have gone share an entry (their values are equal), and the cards of the
    ``dead`` suits counted only by their points. ``leader_flags`` is the key's last item;
    ``dead_codes`` is the searcher's cache of the points codes of dead-suit cards.

    >>> model = TarotModel(players=3, clockwise=False, traditional_order=True,
    ...     lead_restricted=False, exchange=True, group=3, bonus=0, teams=[0, 1, 2],
    ...     maximiser=[True, False, False])
    >>> num = Numbering(model, 0b1111)  # the 1 to 4 of spades
    >>> canonical_key(num, [0b1000, 0b0010, 0], 0b1010, 0, True, 5, {})  # the 2 and 4 left
    (2, 1, 0, 5)
    """
    n = len(hands)
    compressed = list(hands)
    blocks: list[tuple[int, int]] = num.blocks if shortcuts else []
    for base, block in blocks:
        in_play = (remaining >> base) & block
        # The places of the run below its highest card in play that no card fills any more.
        gaps = ~in_play & ((1 << in_play.bit_length()) - 1)
        if not gaps:
            continue  # already in canonical form
        run = block << base
        lowest_gap = gaps & -gaps
        for seat in range(n):
            part = (hands[seat] >> base) & block
            if part > lowest_gap:  # else no card of the hand lies above a gap
                compressed[seat] = (compressed[seat] & ~run) | squeeze_run(part, in_play) << base
    if dead:
        # Cards of dead suits count only by their points.
        weight_classes = num.weight_classes
        for seat in range(n):
            spare = hands[seat] & dead
            if spare:
                code = dead_codes.get(spare)
                if code is None:
                    code = 0
                    for _, class_mask in weight_classes:
                        code = code << 6 | popcount(spare & class_mask)
                    dead_codes[spare] = code
                compressed[seat] = (compressed[seat] & ~dead) | code << num.bits
    return table_key(compressed, leader_flags)
