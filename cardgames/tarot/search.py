"""Fast exact search of a Tarot position: zero-window tests over a compact model.

The question asked is always yes/no: "can the analysed side still win at least ``target``
scaled points from here?" (:meth:`TarotSearch.test`). Exact values come from a series of such
tests, each starting from the bound the last one returned (MTD(f), :meth:`TarotSearch.refine`),
with one transposition table kept across all of them.

Techniques, all in pure Python on ints:

* the table is consulted at trick boundaries only, keyed on the hands, the leader and a few
  flag bits (and again with one-point cards renumbered by rank among those in play), and holds
  a lower and an upper bound on the points still to come, plus the lead that last decided the
  question; the last card of a trick looks up every trick it can complete before searching
  any of them (an enhanced transposition cut-off);
* cards of one hand that are neighbours among the cards still in play and both worth one point
  are the same move, so only one of them is searched; so are cards of equal points in "dead"
  suits, whose remaining cards are all in one hand (the table key keeps only their points);
* moves are ordered: the table's lead first; followers try to win a trick the other side is
  winning (cheapest winner when last to play) and smear points on a trick their side is
  winning, discarding cheap cards otherwise;
* bounds cut a question off before any card is tried: the points still in play, the tricks
  each side's trumps make sure of, what the leader can cash at once, and what settling the
  Excuse is already sure to bring (once its holder's side has won a trick, the holder keeps
  it for at most the least card won so far).

Under overtrumping (French Tarot) a player who has to play a trump must beat the trick's
winning trump when able; the legal cards say so, and every shortcut above stays on, each being
as sound as with free trumping: the sure tricks count who holds which trumps over any play of
the cards, cashing leads only cards nobody can beat or trump, and the cards merged as one move
beat and lose to exactly the same cards, so one may be played where the other may. One rule
does need a guard: the Excuse led to the last trick by a side that has won every earlier trick
wins it (``excuse_slam``), beating every trump, so the sure-trick bound is left out while that
can still happen. ``TarotSearch(model, shortcuts=False)`` leaves out every bound and merge that
rests on such an argument, for measuring what they are worth.

:class:`ReferenceSearch` is the plain alpha-beta over the same model (no table, no move merging,
no ordering) used to check this one.
"""

from __future__ import annotations

from time import perf_counter
from typing import Final, final

from cardgames.search.engine import LimitReached, Reference, refine
from cardgames.tarot.search_model import (
    E_WON,
    EX_PENDING,
    EX_SETTLED,
    EX_SHIFT,
    EX_UNPLAYED,
    EXCUSE_BIT,
    MAGICIAN_BIT,
    MIN_SHIFT,
    NO_MIN,
    O_WON,
    SUITED_MASK,
    TRUMP_SUIT,
    TRUMPS_MASK,
    TRUMPS_PLAYED,
    W_MAX,
    Position,
    TarotModel,
)

__all__ = [
    "ReferenceSearch",
    "TarotSearch",
    "TarotTree",
    "advance",
    "close_trick",
    "legal_mask",
    "score_cards",
    "slam_excuse",
]

EXCUSE: Final = 1 << EXCUSE_BIT
EX_FIELD: Final = 3 << EX_SHIFT
LOW_FLAGS: Final = (1 << MIN_SHIFT) - 1
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
INFINITY: Final = 1 << 30
NO_CARD: Final = -2
"""The searcher's bit for a special card (Excuse, Magician, World) out of its universe."""
# A move-list cache key: the legal cards, then (above the universe's bits) the winning card
# plus one, the seat's place in the trick and whether its side is winning.
MOVE_KEY_INDEX: Final = 7
MOVE_KEY_OWN: Final = 10
NO_LIMIT: Final = (1 << 62) - 1
"""The node budget of a search without a limit (the largest int mypyc keeps unboxed)."""


def legal_mask(model: TarotModel, hand: int, led: int, trumps_played: bool, win: int = -1) -> int:
    """The cards of ``hand`` that may be played; ``led`` is the suit to follow (-1: free) and
    ``win`` the internal bit of the card winning the trick so far (-1: none), which matters
    only under overtrumping: a player who has to play a trump must then beat it when it is a
    trump and they can.

    >>> from cardgames.tarot.search_model import TRUMPS_MASK
    >>> model = TarotModel(players=3, clockwise=False, traditional_order=True,
    ...     lead_restricted=False, exchange=True, group=3, bonus=0, teams=[0, 1, 2],
    ...     maximiser=[True, False, False], overtrump=True)
    >>> spades_void = (1 << 20) | (1 << 58) | (1 << 62)  # a heart, trumps 3 and 7, no spade
    >>> legal_mask(model, spades_void, 0, True) & TRUMPS_MASK == (1 << 58) | (1 << 62)
    True
    >>> legal_mask(model, spades_void, 0, True, win=60) == 1 << 62  # must beat trump 5
    True
    >>> legal_mask(model, spades_void, 4, True, win=70) == (1 << 58) | (1 << 62)  # under 15
    True
    """
    if led < 0:
        if model.lead_restricted and not trumps_played and hand & SUITED_MASK:
            return hand & ~TRUMPS_MASK
        return hand
    follow = hand & model.suit_masks[led]
    if follow:
        if led == TRUMP_SUIT:
            follow = _overtrumps(model, follow, win)
        return follow | (hand & EXCUSE)
    trumps = hand & TRUMPS_MASK
    if trumps:
        return _overtrumps(model, trumps, win) | (hand & EXCUSE)
    return hand


def _overtrumps(model: TarotModel, trumps: int, win: int) -> int:
    # The trumps a player who has to play one may play: under overtrumping, those above the
    # winning card when it is a trump, if there are any; otherwise all of them.
    if model.overtrump and MAGICIAN_BIT <= win < EXCUSE_BIT:
        higher = trumps & ~((2 << win) - 1)
        if higher:
            return higher
    return trumps


def slam_excuse(model: TarotModel, flags: int, leader: int, exc: int) -> bool:
    """Whether the Excuse, played to the last trick by ``exc`` (-1: not played to it), wins
    that trick: under ``excuse_slam``, when it was led (``exc == leader``) and no other side
    has won a trick (the flag ``O_WON`` clear)."""
    return model.excuse_slam and exc >= 0 and exc == leader and not flags & O_WON


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


def score_cards(
    model: TarotModel, leader: int, bits: list[int]
) -> tuple[int, int, int, int, int, int]:
    """For cards played in turn from ``leader``: led suit, winning bit, winning seat, scaled
    points (the Excuse not counted), seat that played the Excuse, least card weight."""
    led = win = win_player = exc = -1
    points = 0
    least = NO_MIN
    player = leader
    for bit in bits:
        if bit == EXCUSE_BIT:
            exc = player
        else:
            weight = model.weight[bit]
            points += weight
            least = min(least, weight)
            suit = model.suit[bit]
            if led < 0:
                led, win, win_player = suit, bit, player
            elif (suit == led or suit == TRUMP_SUIT) and bit > win:
                win, win_player = bit, player
        player = model.next[player]
    return led, win, win_player, points, exc, least


def trick_state(model: TarotModel, position: Position) -> tuple[int, int, int, int, int, int]:
    """:func:`score_cards` for the trick in progress."""
    return score_cards(model, position.leader, position.trick)


def to_move(model: TarotModel, position: Position) -> int:
    """The seat to play next."""
    player = position.leader
    for _ in position.trick:
        player = model.next[player]
    return player


def close_trick(
    model: TarotModel, flags: int, holder: int, winner: int, exc: int, least: int, last: bool
) -> tuple[int, int]:
    """The flags after a trick won by ``winner``, and the scaled points its Excuse (if any)
    brings the analysed side now (the other cards are counted by the caller).

    :param holder: the seat that holds or played the Excuse (-1: none).
    :param exc: the seat that played the Excuse to this trick (-1: none).
    :param least: the least card weight in the trick.
    :param last: whether this was the last trick of the deal.
    """
    gained = 0
    winner_max = model.maximiser[winner]
    if exc >= 0:
        # Once the Excuse is played, whether another side has won a trick no longer matters.
        flags &= ~O_WON
        if last and model.exchange:
            # Played to the last trick, the Excuse is lost to the trick's winner.
            gained += model.excuse_weight if winner_max else 0
            flags = (flags & ~EX_FIELD) | EX_SETTLED << EX_SHIFT
        else:
            flags = (flags & ~(EX_FIELD | W_MAX)) | EX_PENDING << EX_SHIFT
            if winner_max:
                flags |= W_MAX
    elif (
        model.excuse_slam
        and holder >= 0
        and model.teams[winner] != model.teams[holder]
        and (flags >> EX_SHIFT) & 3 == EX_UNPLAYED
    ):
        flags |= O_WON  # the Excuse can no longer win the last trick in a slam
    if holder >= 0 and model.teams[winner] == model.teams[holder]:
        flags |= E_WON
        if model.exchange and least < flags >> MIN_SHIFT:
            flags = (flags & LOW_FLAGS) | least << MIN_SHIFT
    return flags, gained


def advance(model: TarotModel, position: Position, bit: int) -> Position:
    """A new position after the player to move plays ``bit`` (no legality check); a completed
    trick is scored and the next one set up. The given position is not changed.

    >>> model = TarotModel(players=2, clockwise=True, traditional_order=False,
    ...     lead_restricted=False, exchange=False, group=3, bonus=0, teams=[0, 1],
    ...     maximiser=[True, False])
    >>> start = Position([1 << 13, 1 << 0], 0, [], 1, 2 << 1, -1, 0)  # King vs 1 of spades
    >>> end = advance(model, advance(model, start, 13), 0)
    >>> end.tricks_left, end.secured, start.trick
    (0, 14, [])
    """
    player = to_move(model, position)
    child = position.copy()
    child.hands[player] &= ~(1 << bit)
    child.trick.append(bit)
    if model.suit[bit] == TRUMP_SUIT:
        child.flags |= TRUMPS_PLAYED
    if len(child.trick) < model.players:
        return child
    _, win, winner, points, exc, least = trick_state(model, child)
    last = child.tricks_left == 1
    if last and slam_excuse(model, child.flags, child.leader, exc):
        win, winner = EXCUSE_BIT, exc
    flags, gained = close_trick(model, child.flags, child.excuse_player, winner, exc, least, last)
    if model.maximiser[winner]:
        gained += points
        if last and win == MAGICIAN_BIT:
            gained += model.bonus
    child.flags = flags
    child.secured += gained
    child.leader = winner
    child.trick = []
    child.tricks_left -= 1
    if child.tricks_left == 0:
        child.secured += model.settle(flags, child.excuse_player)
        child.flags = (flags & ~EX_FIELD) | EX_SETTLED << EX_SHIFT
    return child


def future_bounds(model: TarotModel, position: Position) -> tuple[int, int]:
    """Loose lower and upper bounds on the scaled points still to come for the analysed side."""
    remaining = 0
    for hand in position.hands:
        remaining |= hand
    for bit in position.trick:
        remaining |= 1 << bit
    high = sum(weight * (remaining & mask).bit_count() for weight, mask in model.weight_classes)
    high += model.bonus if remaining >> MAGICIAN_BIT & 1 else 0
    # Settling the Excuse never costs the analysed side more than it brings (the card given
    # away is worth no more than the Excuse), and never brings more than the Excuse's worth.
    if (position.flags >> EX_SHIFT) & 3 != EX_SETTLED and position.excuse_player >= 0:
        high += model.excuse_weight
    return 0, high


@final
class TarotSearch:
    """The fast searcher. One instance keeps its table across every question it is asked.

    >>> from cardgames import tarot
    >>> from cardgames.solver.tarot import build_model, root_position
    >>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=3, tricks_left=4)
    >>> model = build_model(state.rules, state.to_move)
    >>> position, _ = root_position(state, model)
    >>> future = TarotSearch(model).value(position)
    >>> future == ReferenceSearch(model).value(position)
    True
    >>> TarotSearch(model).test(position, future), TarotSearch(model).test(position, future + 1)
    (True, False)

    The recursive search is a set of private methods sharing the rule tables and the state of
    the probe under way (the hands as they are played, the Excuse's holder, the budget) as
    attributes: compiled by mypyc, they are struct fields and direct calls.

    Inside the search the cards are numbered afresh: the cards in play in the positions asked
    about so far (the searcher's "universe") are bits 0, 1, ... in the order of their internal
    bits. A late-game hand is then a small int (within 63 bits, which mypyc keeps unboxed and
    CPython handles in one or two digits), and the order of the cards, so every comparison
    and every move ordering, is unchanged. A position with a card outside the universe
    widens it and re-keys the tables. The keys of ``table`` are in that numbering; the
    leads it stores (:meth:`hint`) are internal bits.

    :param model: the rule and side tables.
    :param shortcuts: False leaves out the cashing bound, the sure trump tricks, the merging
        of equal cards and dead suits and the renumbering of low cards in the table key (the
        values are the same, the search usually larger).
    :param node_limit: stop (raising :class:`~cardgames.search.engine.LimitReached`) after
        this many nodes.
    :param deadline: stop when :func:`time.perf_counter` passes this.
    """

    __slots__ = (
        "_bits",
        "_blank",
        "_blocks",
        "_bonus",
        "_cut",
        "_dead_codes",
        "_descending_classes",
        "_excuse",
        "_excuse_bit",
        "_excuse_weight",
        "_hands",
        "_holder",
        "_holder_team",
        "_in_play_points",
        "_limit",
        "_magician",
        "_magician_bit",
        "_max_count",
        "_max_seats",
        "_maximiser",
        "_min_count",
        "_n",
        "_next_seat",
        "_overtrump",
        "_own_side_bit",
        "_plain_masks",
        "_restricted",
        "_shortcuts",
        "_singles",
        "_slam",
        "_slam_watch",
        "_stop_at",
        "_suit_masks",
        "_suit_of",
        "_suited",
        "_teams",
        "_timed",
        "_to_compact",
        "_to_internal",
        "_trump_base",
        "_trumps",
        "_universe",
        "_weight",
        "_weight_classes",
        "_world",
        "_world_bit",
        "_world_extra",
        "canonical_table",
        "deadline",
        "free_trumps",
        "model",
        "move_cache",
        "node_limit",
        "nodes",
        "squeeze_cache",
        "table",
    )

    def __init__(
        self,
        model: TarotModel,
        *,
        node_limit: int | None = None,
        deadline: float | None = None,
        shortcuts: bool = True,
    ) -> None:
        self.model: TarotModel = model
        self.table: dict[tuple[int, ...], list[int]] = {}
        self.canonical_table: dict[tuple[int, ...], list[int]] = {}
        self.move_cache: dict[int, list[int]] = {}
        self.squeeze_cache: dict[int, int] = {}
        self.free_trumps: dict[int, tuple[int, int]] = {}
        self.nodes: int = 0
        self.node_limit: int | None = node_limit
        self.deadline: float | None = deadline
        # Rule tables that do not depend on the card numbering.
        n = model.players
        self._n: int = n
        self._next_seat: list[int] = model.next
        self._maximiser: list[bool] = model.maximiser
        self._teams: list[int] = model.teams
        self._restricted: bool = model.lead_restricted
        self._overtrump: bool = model.overtrump
        self._slam: bool = model.excuse_slam
        self._shortcuts: bool = shortcuts
        self._bonus: int = model.bonus
        self._excuse_weight: int = model.excuse_weight
        self._world_extra: int = model.weight[WORLD_BIT] - 1
        self._max_seats: list[int] = [seat for seat in range(n) if model.maximiser[seat]]
        self._max_count: int = len(self._max_seats)
        self._min_count: int = n - self._max_count
        # The card numbering (see _renumber): no card yet.
        self._universe: int = 0
        self._bits: int = 0
        self._to_internal: list[int] = []
        self._to_compact: list[int] = [-1] * (EXCUSE_BIT + 1)
        self._weight: list[int] = []
        self._suit_of: list[int] = []
        self._suit_masks: list[int] = [0] * (TRUMP_SUIT + 1)
        self._plain_masks: list[int] = [0] * TRUMP_SUIT
        self._trumps: int = 0
        self._suited: int = 0
        self._trump_base: int = 0
        self._excuse: int = 0
        self._excuse_bit: int = NO_CARD
        self._magician: int = 0
        self._magician_bit: int = NO_CARD
        self._world: int = 0
        self._world_bit: int = NO_CARD
        self._blank: int = 0
        self._weight_classes: list[tuple[int, int]] = []
        self._descending_classes: list[tuple[int, int]] = []
        self._blocks: list[tuple[int, int]] = [(0, 0)] * len(BLANK_BLOCKS)
        self._own_side_bit: int = 0
        self._singles: list[list[int]] = []
        # Caches in the numbering: the points code of a set of dead-suit cards (see
        # _trick_start) and the scaled points of the cards in play (but the Excuse).
        self._dead_codes: dict[int, int] = {}
        self._in_play_points: dict[int, int] = {}
        # The probe under way (see _start).
        self._hands: list[int] = [0] * n
        self._holder: int = -1
        self._holder_team: int = -1
        self._slam_watch: bool = False
        self._limit: int = NO_LIMIT
        self._timed: bool = False
        self._stop_at: float = 0.0
        self._cut: int = -1

    def test(self, position: Position, target: int) -> bool:
        """Whether the analysed side can win at least ``target`` more scaled points."""
        return self.probe(position, target) >= target

    def hint(self, position: Position) -> int:
        """The lead the table remembers as best at a trick boundary (-1: none)."""
        entry = self._stored(position)
        return entry[2] if entry is not None else -1

    def probe(self, position: Position, target: int) -> int:
        """A fail-soft zero-window search: at least ``target`` means a lower bound, less an
        upper bound on the scaled points still to come."""
        self._start(position)
        return self._run(position, target)

    def value(self, position: Position, guess: int | None = None) -> int:
        """The exact scaled points still to come for the analysed side (see :meth:`refine`)."""
        low, high = future_bounds(self.model, position)
        return self.refine(position, low, high, guess)[0]

    def refine(
        self, position: Position, low: int, high: int, guess: int | None = None
    ) -> tuple[int, int]:
        """Narrow ``[low, high]`` to the true value with the engine's MTD(f) driver
        (:func:`cardgames.search.engine.refine`), keeping this searcher's table throughout.

        :raises LimitReached: with ``args == (low, high)`` reached so far.
        """
        return refine(self, position, low, high, guess)

    def tighten(self, position: Position, low: int, high: int) -> tuple[int, int]:
        """``[low, high]`` narrowed by the bounds the table holds for ``position`` (at a trick
        boundary)."""
        entry = self._stored(position)
        if entry is None:
            return low, high
        return max(low, entry[0]), min(high, entry[1])

    def _stored(self, position: Position) -> list[int] | None:
        """The table entry of a position at a trick boundary, if there is one."""
        if position.trick:
            return None
        cards = 0
        for hand in position.hands:
            cards |= hand
        if cards & ~self._universe:
            return None  # a card never searched: the position cannot be in the table
        key = (
            *[self._compact(hand) for hand in position.hands],
            position.leader | position.flags << 3,
        )
        return self.table.get(key)

    # The card numbering.

    def _compact(self, mask: int) -> int:
        """The searcher's numbering of an internal mask of cards of the universe."""
        to_compact = self._to_compact
        out = 0
        while mask:
            low_bit = mask & -mask
            out |= 1 << to_compact[low_bit.bit_length() - 1]
            mask ^= low_bit
        return out

    def _renumber(self, universe: int) -> None:
        """Number the cards of ``universe`` (a superset of the current one) 0, 1, ... in the
        order of their internal bits, rebuild the tables of the numbering and re-key the
        transposition tables."""
        old_to_internal = self._to_internal
        old_bits = self._bits
        old_blocks = self._blocks
        model = self.model
        to_internal = ascending_bits(universe)
        to_compact = [-1] * (EXCUSE_BIT + 1)
        for compact_bit, bit in enumerate(to_internal):
            to_compact[bit] = compact_bit
        bits = len(to_internal)
        self._universe = universe
        self._bits = bits
        self._to_internal = to_internal
        self._to_compact = to_compact
        self._weight = [model.weight[bit] for bit in to_internal]
        self._suit_of = [model.suit[bit] for bit in to_internal]
        self._suit_masks = [self._compact(mask & universe) for mask in model.suit_masks]
        self._plain_masks = self._suit_masks[:TRUMP_SUIT]
        self._trumps = self._suit_masks[TRUMP_SUIT]
        self._suited = self._compact(universe & SUITED_MASK)
        trumps_in = universe & TRUMPS_MASK
        self._trump_base = (
            to_compact[(trumps_in & -trumps_in).bit_length() - 1] if trumps_in else bits
        )
        self._excuse_bit = to_compact[EXCUSE_BIT] if universe & EXCUSE else NO_CARD
        self._excuse = 1 << self._excuse_bit if universe & EXCUSE else 0
        self._magician_bit = to_compact[MAGICIAN_BIT] if universe >> MAGICIAN_BIT & 1 else NO_CARD
        self._magician = 1 << self._magician_bit if universe >> MAGICIAN_BIT & 1 else 0
        self._world_bit = to_compact[WORLD_BIT] if universe >> WORLD_BIT & 1 else NO_CARD
        self._world = 1 << self._world_bit if universe >> WORLD_BIT & 1 else 0
        self._blank = self._compact(universe & model.blank_mask)
        self._weight_classes = [
            (weight, self._compact(universe & mask)) for weight, mask in model.weight_classes
        ]
        self._descending_classes = self._weight_classes[::-1]
        blocks = []
        for base, block in BLANK_BLOCKS:
            in_universe = (universe >> base) & block
            if in_universe:
                low_bit = in_universe & -in_universe
                start = to_compact[base + low_bit.bit_length() - 1]
                blocks.append((start, (1 << in_universe.bit_count()) - 1))
            else:
                blocks.append((0, 0))
        self._blocks = blocks
        self._own_side_bit = 1 << (bits + MOVE_KEY_OWN)
        # The move list of a forced card (shared, never changed).
        self._singles = [[compact_bit] for compact_bit in range(bits)]
        # Move lists and the point caches are in the numbering: start again. The squeeze and
        # free-trump caches are keyed on bit patterns whose order is all that matters, so they
        # stay valid.
        self.move_cache.clear()
        self._dead_codes.clear()
        self._in_play_points.clear()
        if not self.table and not self.canonical_table:
            return
        self.table = {
            (*[self._retarget(hand, old_to_internal) for hand in key[:-1]], key[-1]): entry
            for key, entry in self.table.items()
        }
        # A canonical hand holds, below bit ``old_bits``, cards of the universe and, at the
        # first bit of each run of one-point cards, the ranks of its cards of that run among
        # those in play (see _trick_start); above, the points code of its dead-suit cards.
        canonical_table = {}
        for key, entry in self.canonical_table.items():
            hands = []
            for hand in key[:-1]:
                code = hand >> old_bits
                cards = hand & ((1 << old_bits) - 1)
                out = 0
                for (old_start, old_mask), (start, _) in zip(old_blocks, blocks, strict=True):
                    if old_mask:
                        out |= ((cards >> old_start) & old_mask) << start
                        cards &= ~(old_mask << old_start)
                hands.append(out | self._retarget(cards, old_to_internal) | code << bits)
            canonical_table[(*hands, key[-1])] = entry
        self.canonical_table = canonical_table

    def _retarget(self, mask: int, old_to_internal: list[int]) -> int:
        """A mask of the previous numbering in the current one."""
        to_compact = self._to_compact
        out = 0
        while mask:
            low_bit = mask & -mask
            out |= 1 << to_compact[old_to_internal[low_bit.bit_length() - 1]]
            mask ^= low_bit
        return out

    # The search proper. Every method below belongs to the probe started by _start.

    def _start(self, position: Position) -> None:
        """Set up the probe state for a search from ``position``."""
        cards = 0
        for hand in position.hands:
            cards |= hand
        for bit in position.trick:
            cards |= 1 << bit
        if cards & ~self._universe:
            self._renumber(self._universe | cards)
        holder = position.excuse_player
        self._hands = [self._compact(hand) for hand in position.hands]
        self._holder = holder
        self._holder_team = self._teams[holder] if holder >= 0 else -1
        self._slam_watch = self._slam and holder >= 0
        node_limit = self.node_limit
        self._limit = node_limit if node_limit is not None else NO_LIMIT
        deadline = self.deadline
        self._timed = deadline is not None
        self._stop_at = deadline if deadline is not None else 0.0
        self._cut = -1

    def _run(self, position: Position, target: int) -> int:
        hands = self._hands
        if not position.trick:
            if position.tricks_left == 0:
                return 0
            if position.tricks_left == 1:
                return self._last_trick(position.leader, position.flags)
            key = (*hands, position.leader | position.flags << 3)
            entry = self.table.get(key)
            if entry is not None:
                if entry[0] >= target:
                    return entry[0]
                if entry[1] < target:
                    return entry[1]
            return self._trick_start(
                position.leader, position.tricks_left, position.flags, target, key, entry
            )
        model = self.model
        led, win, win_player, points, exc, least = trick_state(model, position)
        remaining = 0
        for hand in hands:
            remaining |= hand
        for bit in position.trick:
            remaining |= 1 << self._to_compact[bit]
        return self._node(
            to_move(model, position),
            len(position.trick),
            led,
            self._to_compact[win] if win >= 0 else -1,
            win_player,
            points,
            exc,
            least,
            self._reduce_hands(remaining, self._dead_suits(remaining) if self._shortcuts else 0),
            position.flags,
            position.tricks_left,
            target,
            -1,
        )

    def _last_trick(self, leader: int, flags: int) -> int:
        # One card left in every hand: the play is forced, so score it without searching.
        model = self.model
        hands = self._hands
        next_seat = self._next_seat
        to_internal = self._to_internal
        holder = self._holder
        cards = []
        player = leader
        for _ in range(self._n):
            cards.append(to_internal[hands[player].bit_length() - 1])
            player = next_seat[player]
        _, win, win_player, points, exc, least = score_cards(model, leader, cards)
        if self._slam and slam_excuse(model, flags, leader, exc):
            win, win_player = EXCUSE_BIT, exc
        flags, gained = close_trick(model, flags, holder, win_player, exc, least, True)
        if self._maximiser[win_player]:
            gained += points + (self._bonus if win == MAGICIAN_BIT else 0)
        return gained + model.settle(flags, holder)

    def _dead_suits(self, remaining: int) -> int:
        # The plain suits (as one mask) whose cards still in play are all in one hand. Nobody
        # else can follow them or lead them, so such a card is led to a trick that the others
        # can only trump or discard on, or discarded itself: its suit and rank never matter
        # again, only its points.
        hands = self._hands
        dead = 0
        for mask in self._plain_masks:
            in_suit = remaining & mask
            if in_suit:
                for hand in hands:
                    if hand & in_suit:
                        if hand & in_suit == in_suit:
                            dead |= mask
                        break
        return dead

    def _reduce_hands(self, remaining: int, dead: int) -> list[int]:
        # Drop from each hand every one-point card whose next lower card in play, in the same
        # suit, is also in that hand: the two are the same move for the rest of the trick.
        # Likewise, cards of dead suits (see _dead_suits) are the same move when they are
        # worth the same.
        if not self._shortcuts:
            return list(self._hands)
        weight_classes = self._weight_classes
        blank = self._blank
        suit_of = self._suit_of
        reduced = []
        for hand in self._hands:
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

    def _count_free_trumps(self, trumps: int, max_cards: int) -> tuple[int, int]:
        # How many trumps of each side the other side's higher trumps cannot cover.
        max_count = self._max_count
        min_count = self._min_count
        max_free = min_free = max_spare = min_spare = 0
        while trumps:
            bit = trumps.bit_length() - 1
            trumps ^= 1 << bit
            if max_cards >> bit & 1:
                if min_spare:
                    min_spare -= 1
                else:
                    max_free += 1
                max_spare += min_count
            else:
                if max_spare:
                    max_spare -= 1
                else:
                    min_free += 1
                min_spare += max_count
        return max_free, min_free

    def _sure_floor(self, tricks: int, for_max: bool) -> int:
        # The least a side takes in ``tricks`` tricks it wins: every hand gives one card to
        # each, its own hands cards worth one or more, the other side's hands at least their
        # cheapest ones; the Excuse (not won with its trick) stands in for one of them.
        hands = self._hands
        maximiser = self._maximiser
        excuse = self._excuse
        weight_classes = self._weight_classes
        total = 0
        for seat in range(self._n):
            hand = hands[seat]
            needed = tricks - 1 if hand & excuse else tricks
            if maximiser[seat] == for_max:
                total += needed
                continue
            for class_weight, class_mask in weight_classes:
                if needed <= 0:
                    break
                have = (hand & class_mask).bit_count()
                if have > needed:
                    have = needed
                total += have * class_weight
                needed -= have
        return total

    def _cash(self, leader: int, flags: int) -> int:
        # Scaled points the leader's side is sure to take by leading, one after another, the
        # leader's cards that beat every other card of their suit, while no other player can
        # trump them (a trick in a plain suit is safe while every other player still holding
        # trumps also still holds that suit). Partners count as rivals here: one who took a
        # trick would take the lead away too.
        hands = self._hands
        suit_masks = self._suit_masks
        weight = self._weight
        trumps = self._trumps
        n = self._n
        hand = hands[leader]
        against = 0
        trumpers = []
        for seat in range(n):
            if seat != leader:
                other = hands[seat]
                against |= other
                if other & trumps:
                    trumpers.append(other)
        tricks = 0
        points = 0
        for suit in range(5):
            mask = suit_masks[suit]
            mine = hand & mask
            if not mine:
                continue
            if (
                suit == TRUMP_SUIT
                and self._restricted
                and not flags & TRUMPS_PLAYED
                and hand & self._suited
            ):
                continue
            theirs = against & mask
            winners = mine & ~((1 << theirs.bit_length()) - 1)
            count = winners.bit_count()
            if suit != TRUMP_SUIT:
                for other in trumpers:
                    held = (other & mask).bit_count()
                    if held < count:
                        count = held
            tricks += count
            while count:
                bit = winners.bit_length() - 1
                points += weight[bit]
                winners ^= 1 << bit
                count -= 1
        if not tricks:
            return 0
        # Every other player gives a card to each of those tricks: at least their cheapest ones
        # (the Excuse, which they would keep, stands in for one of them).
        weight_classes = self._weight_classes
        excuse = self._excuse
        for seat in range(n):
            if seat == leader:
                continue
            other = hands[seat]
            needed = tricks - 1 if other & excuse else tricks
            for class_weight, class_mask in weight_classes:
                if needed <= 0:
                    break
                have = (other & class_mask).bit_count()
                if have > needed:
                    have = needed
                points += have * class_weight
                needed -= have
        return points

    def _trick_start(
        self,
        leader: int,
        left: int,
        flags: int,
        target: int,
        key: tuple[int, ...],
        entry: list[int] | None,
    ) -> int:
        # The caller has looked ``key`` up already (``entry``) and found no bound that decides.
        # Checked before counting, so that a search never reports more nodes than its limit.
        nodes = self.nodes
        if nodes >= self._limit or (self._timed and perf_counter() > self._stop_at):
            raise LimitReached
        self.nodes = nodes + 1
        hands = self._hands
        n = self._n
        weight_classes = self._weight_classes
        remaining = 0
        for hand in hands:
            remaining |= hand
        shortcuts = self._shortcuts
        dead = self._dead_suits(remaining) if shortcuts else 0
        if entry is None:
            # Look the position up again with its one-point cards renumbered by rank among
            # those still in play: positions that differ only in which low cards have gone
            # share an entry (their values are equal).
            squeeze_cache = self.squeeze_cache
            compressed = list(hands)
            blocks: list[tuple[int, int]] = self._blocks if shortcuts else []
            for base, block in blocks:
                in_play = (remaining >> base) & block
                if in_play & (in_play + 1) == 0:
                    continue  # no gaps: already in canonical form
                clear = ~(block << base)
                for seat in range(n):
                    part = (hands[seat] >> base) & block
                    if part:
                        cache_key = in_play << 24 | part
                        squeezed = squeeze_cache.get(cache_key)
                        if squeezed is None:
                            squeezed = squeeze_cache[cache_key] = squeeze(part, in_play)
                        compressed[seat] = (compressed[seat] & clear) | squeezed << base
            if dead:
                # Cards of dead suits count only by their points.
                dead_codes = self._dead_codes
                for seat in range(n):
                    spare = hands[seat] & dead
                    if spare:
                        code = dead_codes.get(spare)
                        if code is None:
                            code = 0
                            for _, class_mask in weight_classes:
                                code = code << 6 | (spare & class_mask).bit_count()
                            dead_codes[spare] = code
                        compressed[seat] = (compressed[seat] & ~dead) | code << self._bits
            canonical = (*compressed, leader | flags << 3)
            entry = self.canonical_table.get(canonical)
            if entry is not None:
                self.table[key] = entry
            else:
                entry = self._new_entry(leader, flags, remaining, canonical)
                self.table[key] = entry
        if entry[0] >= target:
            return entry[0]
        if entry[1] < target:
            return entry[1]
        # The stored lead is an internal bit (the numbering may change, the entry stays).
        first = entry[2]
        result = self._node(
            leader,
            0,
            -1,
            -1,
            -1,
            0,
            -1,
            NO_MIN,
            self._reduce_hands(remaining, dead),
            flags,
            left,
            target,
            self._to_compact[first] if first >= 0 else -1,
        )
        if result >= target:
            entry[0] = result
        else:
            entry[1] = result
        cut = self._cut
        entry[2] = self._to_internal[cut] if cut >= 0 else -1
        return result

    def _new_entry(
        self, leader: int, flags: int, remaining: int, canonical: tuple[int, ...]
    ) -> list[int]:
        # A fresh table entry for a trick start: bounds from what is in play, sure trump
        # tricks and cashing, no lead yet. It is filed under the canonical key here.
        hands = self._hands
        in_play = self._in_play_points.get(remaining)
        if in_play is None:
            in_play = 0
            for class_weight, mask in self._weight_classes:
                in_play += class_weight * (remaining & mask).bit_count()
            self._in_play_points[remaining] = in_play
        excuse_low, excuse_high, excuse_alone = self._excuse_bounds(flags)
        high = in_play + excuse_high
        if remaining & self._magician:
            high += self._bonus
        everything = high
        # Sure tricks: a trump loses only to a higher trump of the other side played to the
        # same trick. Each trump is played once and beats at most as many trumps of the
        # other side as that side has players (all in its one trick), so a side wins a
        # trick with every trump of its own beyond what the other side's higher trumps
        # can cover that way; and it plays at most as many cards to a trick as it has
        # players.
        low = 0
        trumps = remaining & self._trumps
        if not self._shortcuts or (
            self._slam_watch and (flags >> EX_SHIFT) & 3 == EX_UNPLAYED and not flags & O_WON
        ):
            # The led Excuse may yet win the last trick of a slam, beating every trump: a trump
            # is no longer sure to win when no higher trump is played.
            trumps = 0
        if trumps:
            max_cards = 0
            for seat in self._max_seats:
                max_cards |= hands[seat]
            top = trumps.bit_length() - 1
            trump_base = self._trump_base
            trump_key = (trumps >> trump_base) << 22 | (max_cards & trumps) >> trump_base
            free = self.free_trumps.get(trump_key)
            if free is None:
                free = self.free_trumps[trump_key] = self._count_free_trumps(trumps, max_cards)
            max_free, min_free = free
            # Each such trick holds a card of every hand (see _sure_floor).
            world_extra = self._world_extra if top == self._world_bit else 0
            if max_free:
                low = self._sure_floor((max_free + self._max_count - 1) // self._max_count, True)
                if max_cards & self._world:
                    low += world_extra
            if min_free:
                high -= self._sure_floor((min_free + self._min_count - 1) // self._min_count, False)
                if not max_cards & self._world:
                    high -= world_extra
        # Cashing: the leader's side wins at least what the leader can take at once.
        cashed = self._cash(leader, flags) if self._shortcuts else 0
        if cashed:
            if self._maximiser[leader]:
                if cashed > low:
                    low = cashed
            elif everything - cashed < high:
                high = everything - cashed
        low += excuse_low
        if excuse_alone > low:
            low = excuse_alone
        entry = [low, high, -1]
        self.canonical_table[canonical] = entry
        return entry

    def _excuse_bounds(self, flags: int) -> tuple[int, int, int]:
        # Bounds on what settling the Excuse brings the analysed side from a trick start: a
        # lower and an upper bound that hold whatever is played (to be added to those on the
        # cards), and a lower bound its holder makes sure of by playing it at once (to be
        # taken on its own). Once the Excuse waits, only two things in the flags can still
        # change: E_WON can be set and the least won card can only go down.
        holder = self._holder
        state = (flags >> EX_SHIFT) & 3
        if holder < 0 or state == EX_SETTLED:
            return 0, 0, 0
        weight = self._excuse_weight
        holder_max = self._maximiser[holder]
        won = flags & E_WON
        # What the holder keeps once its side has won a trick: the Excuse, less the least
        # card won so far when it is exchanged (the card given may only be cheaper).
        kept = weight - (flags >> MIN_SHIFT) if self.model.exchange else weight
        if state == EX_UNPLAYED:
            # Played to any trick but the last (a trick start has two or more to come), the
            # Excuse then waits with E_WON set, as below.
            return 0, weight, kept if holder_max and won else 0
        winner_max = flags & W_MAX
        if holder_max:
            if winner_max:
                return weight, weight, 0  # the analysed side keeps it either way
            return (kept if won else 0), weight, 0
        if not winner_max:
            return 0, 0, 0  # the other side keeps it either way
        if won:
            # The analysed side gets at most the card given in exchange.
            return 0, (weight - kept), 0
        return 0, weight, 0

    def _ordered(
        self, legal: int, led: int, win: int, own_side: bool, last: bool, first: int
    ) -> list[int]:
        # Candidate cards, most promising first: ``first`` (the table's lead), then for a
        # leader low cards first; a follower whose side is winning (``own_side``) smears its
        # most valuable card that does not take over, one whose side is losing tries to take
        # the trick (cheapest winner when ``last`` to play) and else throws its cheapest card.
        moves = []
        if first >= 0 and legal >> first & 1:
            moves.append(first)
            legal ^= 1 << first
        if win < 0:
            # Leading: low cards first (cheap leads refute or establish most often).
            return moves + ascending_bits(legal)
        trumps = self._trumps
        if win >= self._trump_base:
            winners = legal & trumps & ~((2 << win) - 1)
        else:
            winners = (legal & self._suit_masks[led] & ~((2 << win) - 1)) | (legal & trumps)
        losers = legal ^ winners
        if own_side:
            for _, class_mask in self._descending_classes:
                moves += descending_bits(losers & class_mask)
            if losers & self._excuse:
                moves.append(self._excuse_bit)
            return moves + ascending_bits(winners)
        moves += ascending_bits(winners) if last else descending_bits(winners)
        for _, class_mask in self._weight_classes:
            moves += ascending_bits(losers & class_mask)
        if losers & self._excuse:
            moves.append(self._excuse_bit)
        return moves

    def _node(
        self,
        player: int,
        index: int,
        led: int,
        win: int,
        win_player: int,
        points: int,
        exc: int,
        least: int,
        reduced: list[int],
        flags: int,
        left: int,
        target: int,
        first: int,
    ) -> int:
        if index:
            # Checked before counting, so that a search never reports more nodes than its limit.
            nodes = self.nodes
            if nodes >= self._limit or (self._timed and perf_counter() > self._stop_at):
                raise LimitReached
            self.nodes = nodes + 1
        hands = self._hands
        real_hand = hands[player]
        hand = reduced[player]
        if led < 0:
            if self._restricted and not flags & TRUMPS_PLAYED and hand & self._suited:
                legal = hand & ~self._trumps
            else:
                legal = hand
        else:
            legal = hand & self._suit_masks[led]
            if legal:
                if led == TRUMP_SUIT and self._overtrump:
                    higher = legal & ~((2 << win) - 1)  # trumps led: win is the highest
                    if higher:
                        legal = higher
                legal |= hand & self._excuse
            else:
                legal = hand & self._trumps
                if legal:
                    if self._overtrump and win >= self._trump_base:
                        higher = legal & ~((2 << win) - 1)  # a trump is winning: beat it
                        if higher:
                            legal = higher
                    legal |= hand & self._excuse
                else:
                    legal = hand
        maximiser = self._maximiser
        is_max = maximiser[player]
        last_card = index == self._n - 1
        if legal & (legal - 1) == 0:
            moves = self._singles[legal.bit_length() - 1]
        elif first >= 0:
            moves = self._ordered(
                legal, led, win, maximiser[win_player] == is_max, last_card, first
            )
        else:
            # Ordered candidate lists depend only on the legal cards, the winning card, whose
            # side is winning and the seat's place in the trick; many nodes share them.
            cache_key = legal | (win + 1 | index << MOVE_KEY_INDEX) << self._bits
            own_side = maximiser[win_player] == is_max
            if own_side:
                cache_key |= self._own_side_bit
            move_cache = self.move_cache
            known = move_cache.get(cache_key)
            if known is None:
                known = move_cache[cache_key] = self._ordered(
                    legal, led, win, own_side, last_card, -1
                )
            moves = known
        best = -INFINITY if is_max else INFINITY
        best_bit = -1
        following = self._next_seat[player]
        weight = self._weight
        suit_of = self._suit_of
        excuse_bit = self._excuse_bit
        # At the last card, tricks whose table entry does not decide are searched only once
        # every card has been looked up (an enhanced transposition cut-off): (card, points
        # gained, key, entry, winner, flags) of each.
        deferred: list[tuple[int, int, tuple[int, ...], list[int] | None, int, int]] = []
        decided = False
        for bit in moves:
            if bit == excuse_bit:
                new_led, new_win, new_player = led, win, win_player
                new_points, new_exc, new_least, new_flags = points, player, least, flags
            else:
                card_weight = weight[bit]
                new_points = points + card_weight
                new_least = card_weight if card_weight < least else least
                new_exc = exc
                suit = suit_of[bit]
                new_flags = flags | TRUMPS_PLAYED if suit == TRUMP_SUIT else flags
                if led < 0:
                    new_led, new_win, new_player = suit, bit, player
                elif (suit == led or suit == TRUMP_SUIT) and bit > win:
                    new_led, new_win, new_player = led, bit, player
                else:
                    new_led, new_win, new_player = led, win, win_player
            hands[player] = real_hand ^ (1 << bit)
            if not last_card:
                result = self._node(
                    following, index + 1, new_led, new_win, new_player, new_points, new_exc,
                    new_least, reduced, new_flags, left, target, -1,
                )  # fmt: skip
            else:
                # The card completes the trick: score it, then look at what is still to come.
                if (
                    left == 1
                    and new_exc == following
                    and slam_excuse(self.model, new_flags, following, new_exc)
                ):
                    new_player, new_win = new_exc, -1  # the led Excuse wins the slam
                if new_exc < 0 and self._teams[new_player] != self._holder_team:
                    gained = 0  # no Excuse business: nothing but the cards changes hands
                    if (
                        self._slam_watch
                        and not new_flags & O_WON
                        and (new_flags >> EX_SHIFT) & 3 == EX_UNPLAYED
                    ):
                        new_flags |= O_WON  # another side has won a trick
                else:
                    new_flags, gained = close_trick(
                        self.model, new_flags, self._holder, new_player, new_exc, new_least,
                        left == 1,
                    )  # fmt: skip
                if maximiser[new_player]:
                    gained += new_points
                    if left == 1 and new_win == self._magician_bit:
                        gained += self._bonus
                if left == 1:
                    result = gained + self.model.settle(new_flags, self._holder)
                elif left == 2:
                    result = gained + self._last_trick(new_player, new_flags)
                else:
                    # Probe the table here: most lookups decide at once, without a call.
                    needed = target - gained
                    key = (*hands, new_player | new_flags << 3)
                    entry = self.table.get(key)
                    if entry is not None and entry[0] >= needed:
                        result = gained + entry[0]
                    elif entry is not None and entry[1] < needed:
                        result = gained + entry[1]
                    else:
                        deferred.append((bit, gained, key, entry, new_player, new_flags))
                        hands[player] = real_hand
                        continue
            hands[player] = real_hand
            if is_max:
                if result > best:
                    best = result
                    best_bit = bit
                    if result >= target:
                        decided = True
                        break
            elif result < best:
                best = result
                best_bit = bit
                if result < target:
                    decided = True
                    break
        if deferred and not decided:
            table = self.table
            for bit, gained, key, entry, new_player, new_flags in deferred:
                needed = target - gained
                if entry is None:
                    entry = table.get(key)
                if entry is not None and entry[0] >= needed:
                    result = gained + entry[0]
                elif entry is not None and entry[1] < needed:
                    result = gained + entry[1]
                else:
                    hands[player] = real_hand ^ (1 << bit)
                    result = gained + self._trick_start(
                        new_player, left - 1, new_flags, needed, key, entry
                    )
                    hands[player] = real_hand
                if is_max:
                    if result > best:
                        best = result
                        best_bit = bit
                        if result >= target:
                            break
                elif result < best:
                    best = result
                    best_bit = bit
                    if result < target:
                        break
        if index == 0:
            self._cut = best_bit
        return best


@final
class ReferenceSearch:
    """Plain alpha-beta over the same model: every legal card, natural order, no table (the
    engine's :class:`~cardgames.search.engine.Reference` walking :class:`TarotTree`).

    It exists to check :class:`TarotSearch`; it answers the same question with none of the
    speed-ups (see the example there).
    """

    def __init__(self, model: TarotModel) -> None:
        self.model = model
        self._reference = Reference(TarotTree(model))

    @property
    def nodes(self) -> int:
        """Nodes searched so far."""
        return self._reference.nodes

    def value(self, position: Position) -> int:
        """The exact scaled points still to come for the analysed side."""
        return self._reference.value(position) - position.secured


def representatives(model: TarotModel, position: Position, legal: int) -> dict[int, int]:
    """Map each legal card to the card that stands for its class of equivalent plays."""
    remaining = 0
    for hand in position.hands:
        remaining |= hand
    for bit in position.trick:
        remaining |= 1 << bit
    result: dict[int, int] = {}
    previous = -1
    for bit in range(78):
        if not legal >> bit & 1:
            continue
        if (
            previous >= 0
            and model.value[bit] == 1
            and model.value[previous] == 1
            and model.suit[bit] == model.suit[previous]
            and not remaining & ((1 << bit) - (2 << previous))
        ):
            result[bit] = result[previous]
        else:
            result[bit] = bit
        previous = bit
    return result


def root_legal(model: TarotModel, position: Position) -> int:
    """The legal cards (internal mask) of the player to move."""
    led, win = trick_state(model, position)[:2]
    player = to_move(model, position)
    return legal_mask(model, position.hands[player], led, bool(position.flags & TRUMPS_PLAYED), win)


@final
class TarotTree:
    """The Tarot game tree as the engine's :class:`~cardgames.search.engine.SearchModel`:
    what :func:`~cardgames.search.engine.score_moves`,
    :func:`~cardgames.search.engine.principal_variation` and
    :func:`~cardgames.search.engine.reference_value` walk, one position at a time (the fast
    :class:`TarotSearch` has its own inner loop).

    Moves are the model's internal card bits; the value is the analysed side's scaled points.

    >>> from cardgames import tarot
    >>> from cardgames.search.engine import reference_value
    >>> from cardgames.solver.tarot import build_model, root_position
    >>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=3, tricks_left=2)
    >>> model = build_model(state.rules, state.to_move)
    >>> position, _ = root_position(state, model)
    >>> tree = TarotTree(model)
    >>> reference_value(tree, position) - position.secured == ReferenceSearch(model).value(position)
    True
    """

    def __init__(self, model: TarotModel) -> None:
        self.model = model

    def legal(self, position: Position) -> list[int]:
        """The legal cards of the player to move, lowest bit first."""
        return ascending_bits(root_legal(self.model, position))

    def distinct(self, position: Position) -> dict[int, int]:
        """Each legal card mapped to the card standing for its class of equivalent plays."""
        return representatives(self.model, position, root_legal(self.model, position))

    def child(self, position: Position, move: int) -> Position:
        """The position after the card ``move``."""
        return advance(self.model, position, move)

    def is_over(self, position: Position) -> bool:
        """Whether every trick has been played."""
        return position.tricks_left == 0

    def maximising(self, position: Position) -> bool:
        """Whether the player to move plays for the analysed side."""
        return self.model.maximiser[to_move(self.model, position)]

    def banked(self, position: Position) -> int:
        """The scaled points the analysed side has won so far."""
        return position.secured

    def future_bounds(self, position: Position) -> tuple[int, int]:
        """Cheap bounds on the scaled points still to come."""
        return future_bounds(self.model, position)
