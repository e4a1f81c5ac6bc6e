"""A learned estimate of the points still in play in a Tarot position, for the horizon search.

:class:`Evaluation` reads a compact search :class:`~cardgames.tarot.search_model.Position`
(usually at a trick boundary, where :class:`~cardgames.tarot.horizon.HorizonTree` cuts the
game short) and returns the scaled points the analysed side should still win, as a weighted
sum of features of the hands and of their products two by two, giving the share of the points
in play the side should win: the card points each side holds, the Excuse, the trumps each side
has and how many of them are masters, the bouts, the honours, the suits a side can ruff, the
suits a side controls, who leads. Every feature depends only on how the cards rank among those
still out, never on their face, so that cards the search treats as equivalent get the same
value. The result is clamped to the bounds of what is still in play.

The weights come from :mod:`cardgames.tarot.evaluation_weights` (a module of integer
constants, see there for how they were fitted) and apply to the rule sets they were fitted on:
three players, card points counted in threes (the traditional three-player game).
:func:`fitted_for` says whether a model is one of those; elsewhere
:class:`~cardgames.tarot.horizon.HorizonTree` falls back to the strength estimate.

The arithmetic is integer only, so the estimate is the same on every platform and backend.

>>> from cardgames import tarot
>>> from cardgames.tarot.analysis import build_model, root_position
>>> from cardgames.tarot.search_model import future_bounds
>>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=2000, tricks_left=9)
>>> model = build_model(state.rules, 0)
>>> position, _ = root_position(state, model)
>>> evaluation = Evaluation(model)
>>> value = evaluation.estimate(position)
>>> 0 <= value <= future_bounds(model, position)[1]
True
>>> value == Evaluation(model).estimate(position)
True
"""

from __future__ import annotations

from typing import Final, final

from cardgames.tarot.evaluation_weights import LINEAR, QUADRATIC, SCALE, VERSION
from cardgames.tarot.search_model import (
    EX_PENDING,
    EX_SHIFT,
    EXCUSE_BIT,
    MAGICIAN_BIT,
    TRUMPS_MASK,
    Position,
    TarotModel,
    future_bounds,
)

__all__ = ["FEATURES", "FIX", "VERSION", "Evaluation", "fitted_for"]

FEATURES: Final = (
    "bias",
    "tricks_left",
    "in_play",
    "points_ours",
    "points_theirs",
    "excuse_ours",
    "excuse_theirs",
    "excuse_settled",
    "trumps_ours",
    "trumps_theirs_most",
    "trumps_theirs_total",
    "masters_ours",
    "masters_theirs",
    "twenty_one_ours",
    "one_ours",
    "one_theirs",
    "one_ours_by_their_trumps",
    "one_ours_by_our_trumps",
    "one_theirs_by_our_trumps",
    "kings_ours",
    "queens_ours",
    "knights_ours",
    "jacks_ours",
    "kings_theirs",
    "ruffs_ours",
    "ruffs_theirs",
    "suit_tops_ours",
    "suit_tops_theirs",
    "points_under_their_tops",
    "points_under_our_tops",
    "leads_ours",
    "in_play_by_trump_share",
    "trump_pairs_won_ours",
    "suit_pairs_won_ours",
    "suit_pairs",
    "guarded_kings_ours",
)
"""The names of the features, in the order of the weights."""

FIX: Final = 1 << 10
"""Features are fixed-point numbers: the value times this, rounded down."""

_MOST_TRICKS: Final = 10  # the most tricks left among the positions fitted
_TWENTY_ONE_BIT: Final = MAGICIAN_BIT + 20
_SUITS: Final = 4
_HONOURS: Final = (14, 13, 12, 11)  # King, Queen, Knight, Jack by rank in the internal layout


def fitted_for(model: TarotModel) -> bool:
    """Whether the shipped weights apply to ``model``: three players, one of them analysed,
    points counted in threes."""
    return model.players == 3 and model.group == 3 and sum(model.maximiser) == 1


@final
class Evaluation:
    """The learned estimate for one model's tables (build it once per search).

    :param model: the search tables (:func:`cardgames.tarot.analysis.build_model`).
    """

    def __init__(self, model: TarotModel) -> None:
        self.model = model
        self.linear: list[int] = list(LINEAR)
        self.quadratic: list[int] = list(QUADRATIC)
        self.suit_masks: list[int] = [model.suit_masks[suit] for suit in range(_SUITS)]
        # The honours of each rank, whatever the numeral order (bit = suit * 14 + rank - 1).
        self.honour_masks: list[int] = [
            sum(1 << (suit * 14 + rank - 1) for suit in range(_SUITS)) for rank in _HONOURS
        ]
        self.classes: list[tuple[int, int]] = [
            (weight, mask & ~(1 << EXCUSE_BIT)) for weight, mask in model.weight_classes
        ]

    def points(self, mask: int) -> int:
        """The scaled points of the cards of ``mask`` (the Excuse left out)."""
        total = 0
        for weight, cards in self.classes:
            total += weight * (mask & cards).bit_count()
        return total

    def features(self, position: Position) -> list[int]:
        """The features of ``position`` for the analysed side, in the order of
        :data:`FEATURES`, as fixed-point ints (see :data:`FIX`): points as shares of the
        points in play, counts of cards per trick left."""
        model = self.model
        ours = 0
        theirs = 0
        their_hands: list[int] = []
        for seat, hand in enumerate(position.hands):
            if model.maximiser[seat]:
                ours |= hand
            else:
                theirs |= hand
                their_hands.append(hand)
        in_play = future_bounds(model, position)[1]
        excuse = 1 << EXCUSE_BIT
        settled = 0
        if (position.flags >> EX_SHIFT) & 3 == EX_PENDING:
            settled = model.settle(position.flags, position.excuse_player)
        our_trumps = ours & TRUMPS_MASK
        their_trumps = theirs & TRUMPS_MASK
        trumps_ours = our_trumps.bit_count()
        trumps_theirs_total = their_trumps.bit_count()
        trumps_theirs_most = 0
        for hand in their_hands:
            trumps_theirs_most = max(trumps_theirs_most, (hand & TRUMPS_MASK).bit_count())
        masters_ours = _above(our_trumps, their_trumps)
        masters_theirs = _above(their_trumps, our_trumps)
        one = 1 << MAGICIAN_BIT
        one_ours = 1 if ours & one else 0
        one_theirs = 1 if theirs & one else 0
        honours = [(ours & mask).bit_count() for mask in self.honour_masks]
        ruffs_ours = 0
        ruffs_theirs = 0
        tops_ours = 0
        tops_theirs = 0
        under_their_tops = 0
        under_our_tops = 0
        trump_pairs_won = 0
        rest = our_trumps
        while rest:
            low = rest & -rest
            trump_pairs_won += (their_trumps & (low - 1)).bit_count()
            rest ^= low
        suit_pairs_won = 0
        suit_pairs = 0
        guarded_kings = 0
        for suit_mask in self.suit_masks:
            our_suit = ours & suit_mask
            their_suit = theirs & suit_mask
            suit_pairs += our_suit.bit_count() * their_suit.bit_count()
            rest = our_suit
            while rest:
                low = rest & -rest
                suit_pairs_won += (their_suit & (low - 1)).bit_count()
                rest ^= low
            if our_suit & self.honour_masks[0] and our_suit.bit_count() > 1:
                guarded_kings += 1
            if not our_suit and our_trumps:
                ruffs_ours += self.points(their_suit)
            for hand in their_hands:
                if not hand & suit_mask and hand & TRUMPS_MASK:
                    ruffs_theirs += self.points(our_suit)
                    break
            if our_suit and our_suit.bit_length() > their_suit.bit_length():
                tops_ours += 1
                under_our_tops += self.points(their_suit)
            elif their_suit and their_suit.bit_length() > our_suit.bit_length():
                tops_theirs += 1
                under_their_tops += self.points(our_suit)
        leader = position.leader
        trumps_out = trumps_ours + trumps_theirs_total
        trump_share = in_play * trumps_ours // trumps_out if trumps_out else in_play // 3
        # Points as shares of those in play, counts per trick left, pairs per trick left
        # squared: the same ranges early and late in the deal. The tricks left themselves
        # count no further than the fitted range.
        tricks = max(position.tricks_left, 1)
        pairs = tricks * tricks
        share = in_play if in_play else 1
        return [
            FIX,
            min(tricks, _MOST_TRICKS) * FIX,
            in_play * FIX // tricks,
            self.points(ours) * FIX // share,
            self.points(theirs) * FIX // share,
            FIX if ours & excuse else 0,
            FIX if theirs & excuse else 0,
            settled * FIX // share,
            trumps_ours * FIX // tricks,
            trumps_theirs_most * FIX // tricks,
            trumps_theirs_total * FIX // tricks,
            masters_ours * FIX // tricks,
            masters_theirs * FIX // tricks,
            FIX if ours >> _TWENTY_ONE_BIT & 1 else 0,
            one_ours * FIX,
            one_theirs * FIX,
            one_ours * trumps_theirs_most * FIX // tricks,
            one_ours * trumps_ours * FIX // tricks,
            one_theirs * trumps_ours * FIX // tricks,
            honours[0] * FIX // tricks,
            honours[1] * FIX // tricks,
            honours[2] * FIX // tricks,
            honours[3] * FIX // tricks,
            (theirs & self.honour_masks[0]).bit_count() * FIX // tricks,
            ruffs_ours * FIX // share,
            ruffs_theirs * FIX // share,
            tops_ours * FIX,
            tops_theirs * FIX,
            under_their_tops * FIX // share,
            under_our_tops * FIX // share,
            FIX if 0 <= leader < model.players and model.maximiser[leader] else 0,
            trump_share * FIX // share,
            trump_pairs_won * FIX // pairs,
            suit_pairs_won * FIX // pairs,
            suit_pairs * FIX // pairs,
            guarded_kings * FIX // tricks,
        ]

    def estimate(self, position: Position) -> int:
        """The scaled points the analysed side is estimated to win from ``position`` on,
        within the bounds of what is still in play."""
        in_play = future_bounds(self.model, position)[1]
        if not in_play:
            return 0
        values = self.features(position)
        linear = self.linear
        quadratic = self.quadratic
        count = len(values)
        total = 0
        for at in range(count):
            total += linear[at] * values[at]
        total *= FIX
        # The products of every pair of features but the bias, row by row (first <= second).
        row = 0
        for first in range(1, count):
            value = values[first]
            if value:
                partial = 0
                for second in range(first, count):
                    partial += quadratic[row + second - first] * values[second]
                total += partial * value
            row += count - first
        # total is SCALE * FIX * FIX times the estimated share of the points in play.
        unit = SCALE * FIX * FIX
        guess = (in_play * total + unit // 2) // unit
        return min(max(guess, 0), in_play)


def _above(mine: int, others: int) -> int:
    """How many of the trumps of ``mine`` rank above every trump of ``others``."""
    if not others:
        return mine.bit_count()
    return (mine >> others.bit_length()).bit_count()
