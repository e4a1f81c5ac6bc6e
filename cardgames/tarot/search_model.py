"""The solver's compact model of a Tarot deal in play: plain ints and lists, no objects.

Cards are renumbered so that, inside each suit, a higher bit is a stronger card whatever the
rank order of the rule set (the red suits of the traditional game run 10 low to 1 high among the
numerals). Trumps keep bits 56-76 (trump 1 to 21) and the Excuse bit 77, as in
:class:`cardgames.tarot.cards.TarotCard`. With that layout "does this card beat that one" is a
single integer comparison, and a run of equal-valued cards is a run of bits.

Points are kept scaled by the counting group size ``k``: a card of value ``v`` is worth
``k * v - (k - 1)``, so that the exact card points of a pile are its scaled total divided by
``k`` (see :func:`cardgames.tarot.play.count_points`). With ``k = 2`` (French Tarot) the
scaled points are half points: a King 9, a low card 1, the pack 182. The Excuse is never
credited when its trick is won: it waits in a small "pending" record that is settled when the
deal ends, exactly as the rules do (returned to its player, exchanged for a low card, or lost
to the trick's winner).

The rules of play on a :class:`Position` are plain functions here too (:func:`legal_mask`,
:func:`advance`, :func:`close_trick` and their helpers), shared by the searchers of
:mod:`cardgames.tarot.search` and the solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, final

__all__ = [
    "EXCUSE_BIT",
    "MAGICIAN_BIT",
    "O_WON",
    "Position",
    "TarotModel",
    "advance",
    "close_trick",
    "future_bounds",
    "legal_mask",
    "score_cards",
    "score_trick",
    "slam_excuse",
    "to_move",
    "trick_state",
]

EXCUSE_BIT: Final = 77
MAGICIAN_BIT: Final = 56
TRUMP_SUIT: Final = 4
EXCUSE_SUIT: Final = 5
TRUMPS_MASK: Final = ((1 << 21) - 1) << 56
SUITED_MASK: Final = (1 << 56) - 1
NO_MIN: Final = 31
"""``e_min`` when the Excuse holder's side has won no card yet."""

# Layout of the small "flags" int that travels with a position (and keys the table).
TRUMPS_PLAYED: Final = 1
EX_SHIFT: Final = 1  # 2 bits: 0 not played yet, 1 played and waiting, 2 settled or not in play
EX_UNPLAYED: Final = 0
EX_PENDING: Final = 1
EX_SETTLED: Final = 2
W_MAX: Final = 1 << 3  # the pending Excuse's trick went to the analysed side
E_WON: Final = 1 << 4  # the Excuse holder (or its team) has won a trick
O_WON: Final = 1 << 5  # excuse_slam only, Excuse not played yet: another side has won a trick
MIN_SHIFT: Final = 6  # 5 bits: least scaled value among the holder's won cards (NO_MIN: none)
EXCUSE: Final = 1 << EXCUSE_BIT
EX_FIELD: Final = 3 << EX_SHIFT
LOW_FLAGS: Final = (1 << MIN_SHIFT) - 1


@final
class TarotModel:
    """Static tables for one rule set and one analysed side.

    :param players: number of players.
    :param clockwise: direction of play (seat + 1 when clockwise).
    :param traditional_order: red-suit numerals rank 1 high ... 10 low.
    :param lead_restricted: trumps may not be led before one has been played.
    :param exchange: the Excuse is exchanged for a low card (traditional) rather than returned.
    :param group: counting group size ``k``.
    :param bonus: the Magician's last-trick bonus in card points.
    :param teams: entity of each seat for "has won a trick" and shared piles (partnerships,
        or the taker's side and the defence in French Tarot).
    :param maximiser: for each seat, whether it plays for the analysed side.
    :param overtrump: a player who has to play a trump must beat the highest trump in the trick
        when able (``Rules.overtrump``).
    :param excuse_slam: the Excuse led to the last trick by a side that has won every earlier
        trick wins that trick (``Rules.excuse_wins_slam``); the flag
        ``O_WON`` then records whether another side has won a trick.

    >>> model = TarotModel(players=3, clockwise=False, traditional_order=True,
    ...     lead_restricted=False, exchange=True, group=3, bonus=0, teams=[0, 1, 2],
    ...     maximiser=[True, False, False])
    >>> model.next, model.weight[EXCUSE_BIT]
    ([2, 0, 1], 13)
    >>> model.card_to_internal(14), model.card_to_internal(23)  # 1 and 10 of hearts
    (23, 14)
    """

    def __init__(
        self,
        *,
        players: int,
        clockwise: bool,
        traditional_order: bool,
        lead_restricted: bool,
        exchange: bool,
        group: int,
        bonus: int,
        teams: Sequence[int],
        maximiser: Sequence[bool],
        overtrump: bool = False,
        excuse_slam: bool = False,
    ) -> None:
        self.players: int = players
        self.next: list[int] = [
            (p + 1) % players if clockwise else (p - 1) % players for p in range(players)
        ]
        self.lead_restricted: bool = lead_restricted
        self.exchange: bool = exchange
        self.group: int = group
        self.bonus: int = bonus * group
        self.teams: list[int] = list(teams)
        self.maximiser: list[bool] = list(maximiser)
        self.overtrump: bool = overtrump
        self.excuse_slam: bool = excuse_slam
        self.to_internal: list[int] = [
            _internal_bit(index, traditional_order) for index in range(78)
        ]
        self.to_engine: list[int] = [0] * 78
        for index, bit in enumerate(self.to_internal):
            self.to_engine[bit] = index
        self.value: list[int] = [_card_value(self.to_engine[bit]) for bit in range(78)]
        self.weight: list[int] = [group * value - (group - 1) for value in self.value]
        self.suit: list[int] = [bit // 14 if bit < 56 else TRUMP_SUIT for bit in range(77)]
        self.suit.append(EXCUSE_SUIT)
        self.suit_masks: list[int] = [((1 << 14) - 1) << (14 * s) for s in range(4)]
        self.suit_masks.append(TRUMPS_MASK)
        self.blank_mask: int = sum(1 << bit for bit in range(77) if self.value[bit] == 1)
        # Cards grouped by scaled weight, for quick bounds on what is left to win.
        self.weight_classes: list[tuple[int, int]] = sorted(
            (weight, sum(1 << bit for bit in range(77) if self.weight[bit] == weight))
            for weight in set(self.weight[:77])
        )
        self.excuse_weight: int = self.weight[EXCUSE_BIT]

    def hand_to_internal(self, engine_mask: int) -> int:
        """Translate a card-set mask from engine indices to internal bits."""
        out = 0
        table = self.to_internal
        while engine_mask:
            low = engine_mask & -engine_mask
            out |= 1 << table[low.bit_length() - 1]
            engine_mask ^= low
        return out

    def card_to_internal(self, index: int) -> int:
        """The internal bit of the engine card index."""
        return self.to_internal[index]

    def card_to_engine(self, bit: int) -> int:
        """The engine card index of an internal bit."""
        return self.to_engine[bit]

    def settle(self, flags: int, excuse_player: int) -> int:
        """Scaled points the analysed side gets when a pending Excuse is settled at the end."""
        if (flags >> EX_SHIFT) & 3 != EX_PENDING:
            return 0
        holder_max = self.maximiser[excuse_player]
        winner_max = bool(flags & W_MAX)
        if not flags & E_WON:
            return self.excuse_weight if winner_max else 0
        gained = self.excuse_weight if holder_max else 0
        if self.exchange and winner_max != holder_max:
            low = flags >> MIN_SHIFT
            gained += -low if holder_max else low
        return gained


@final
class Position:
    """A mutable search position (the solver copies it before searching).

    :param hands: internal masks, one per seat.
    :param leader: seat that led the current trick.
    :param trick: internal bits played so far to the current trick, in order.
    :param tricks_left: tricks still to complete, counting the current one.
    :param flags: see the ``*_SHIFT`` constants of this module.
    :param excuse_player: the seat that holds or played the Excuse (-1: none).
    :param secured: scaled points the analysed side has banked so far.

    >>> position = Position([1, 2, 4], 0, [], 1, 0, -1, 0)
    >>> twin = position.copy()
    >>> twin.hands[0] = 0
    >>> position.hands
    [1, 2, 4]
    """

    __slots__ = ("excuse_player", "flags", "hands", "leader", "secured", "trick", "tricks_left")

    def __init__(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        tricks_left: int,
        flags: int,
        excuse_player: int,
        secured: int,
    ) -> None:
        self.hands: list[int] = hands
        self.leader: int = leader
        self.trick: list[int] = trick
        self.tricks_left: int = tricks_left
        self.flags: int = flags
        self.excuse_player: int = excuse_player
        self.secured: int = secured

    def copy(self) -> Position:
        """An independent copy."""
        return Position(
            list(self.hands),
            self.leader,
            list(self.trick),
            self.tricks_left,
            self.flags,
            self.excuse_player,
            self.secured,
        )


_HONOUR_VALUES: Final[dict[int, int]] = {14: 5, 13: 4, 12: 3, 11: 2}
"""Card points of the King, Queen, Knight and Jack by rank (the other numerals are worth 1)."""


def _internal_bit(index: int, traditional_order: bool) -> int:
    if index >= 56:
        return index
    suit, rank = divmod(index, 14)
    rank += 1
    if traditional_order and suit in (1, 2) and rank <= 10:
        return suit * 14 + 10 - rank
    return suit * 14 + rank - 1


def _card_value(index: int) -> int:
    if index >= 56:
        return 5 if index in (56, 76, 77) else 1
    rank = index % 14 + 1
    return _HONOUR_VALUES.get(rank, 1)


# The rules of play on positions of the model.


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


def score_trick(
    model: TarotModel,
    flags: int,
    holder: int,
    holder_team: int,
    slam_watch: bool,
    winner: int,
    exc: int,
    least: int,
    points: int,
    magician_wins: bool,
    left: int,
    leader: int,
) -> tuple[int, int, int]:
    """The seat that wins a completed trick, the flags after it and the scaled points it
    brings the analysed side (its cards, the Magician's bonus on the last trick and what the
    Excuse brings now), for a trick led by ``leader`` that ``winner`` wins by its cards.

    :param holder: the seat that holds or played the Excuse (-1: none), ``holder_team`` its
        team (-1: none).
    :param slam_watch: whether the Excuse may yet win the last trick of a slam
        (``excuse_slam`` with an Excuse in play).
    :param exc: the seat that played the Excuse to this trick (-1: none).
    :param least: the least card weight in the trick; ``points`` their scaled total.
    :param magician_wins: whether the Magician wins the trick by its cards.
    :param left: tricks left, this one included.
    """
    if left == 1 and exc == leader and slam_excuse(model, flags, leader, exc):
        winner, magician_wins = exc, False  # the led Excuse wins the slam
    if exc < 0 and model.teams[winner] != holder_team:
        gained = 0  # no Excuse business: nothing but the cards changes hands
        if slam_watch and not flags & O_WON and (flags >> EX_SHIFT) & 3 == EX_UNPLAYED:
            flags |= O_WON  # another side has won a trick
    else:
        flags, gained = close_trick(model, flags, holder, winner, exc, least, left == 1)
    if model.maximiser[winner]:
        gained += points
        if left == 1 and magician_wins:
            gained += model.bonus
    return winner, flags, gained


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
