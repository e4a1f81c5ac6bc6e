"""A Tarot search that looks a few tricks ahead and estimates the rest.

Early in a deal the exact search is out of reach, yet a bot sampling worlds still has to
compare its cards within a budget. :class:`HorizonTree` is the Tarot game tree cut off after a
given number of whole tricks: at the cut the points won so far are kept and the points still
in play are shared out by an :class:`Estimate`. The engine's
:class:`~cardgames.search.engine.SimpleSearch` searches that shortened game exactly, so two
cards are compared on what happens over the next tricks plus a guess at the rest.

The estimates (all in the model's scaled points, so exact fractions come back out):

* ``Estimate.SHARE``: the analysed side's head-count share of the points still in play
  (a third of them for one player of three, half for a partnership of two of four);
* ``Estimate.STRENGTH``: the points still in play split in proportion to the sides'
  trick-taking strength: every trump counts ten plus its number, a King eight, a Queen five, a
  Knight three, a Jack two, the other cards nothing; a side with no strength left shares as
  under SHARE;
* ``Estimate.LEARNED``: the learned evaluation of :mod:`cardgames.tarot.evaluation`, a
  weighted sum of features of the hands fitted to exact solver values (the default of the
  analysis and of :class:`~cardgames.bots.pimc.PIMCBot`). Its weights were fitted on the
  three-player traditional game; for other rule sets it falls back to STRENGTH.

The estimate is only ever used at the cut: a horizon reaching the end of the deal is the exact
search.

>>> from cardgames import tarot
>>> from cardgames.search.engine import SimpleSearch, refine
>>> from cardgames.tarot.analysis import build_model, root_position
>>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=4)
>>> while state.phase is not tarot.Phase.PLAY:
...     state = state.play(state.legal_moves()[0])
>>> model = build_model(state.rules, state.to_move)
>>> root, _ = root_position(state, model)
>>> tree = HorizonTree(model, root, tricks=1, estimate=Estimate.STRENGTH)
>>> search = SimpleSearch(tree, key=position_key)
>>> low, high = refine(search, root, *tree.future_bounds(root))
>>> low == high and 0 <= low <= tree.future_bounds(root)[1]
True
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from typing import Final

from cardgames.tarot.cards import TarotCard
from cardgames.tarot.evaluation import Evaluation, fitted_for
from cardgames.tarot.search import TarotTree, future_bounds
from cardgames.tarot.search_model import Position, TarotModel

__all__ = ["Estimate", "HorizonTree", "position_key"]

# Trick-taking strength of a card, for Estimate.STRENGTH: trumps beat every suit card, and the
# court cards are the suit cards that win tricks.
_COURT_STRENGTH: Final = {14: 8, 13: 5, 12: 3, 11: 2}
_TRUMP_BASE: Final = 10


class Estimate(enum.Enum):
    """How :class:`HorizonTree` values the points still in play at its cut-off."""

    SHARE = "share"
    STRENGTH = "strength"
    LEARNED = "learned"


def _card_strength(card: TarotCard) -> int:
    number = card.trump_number
    if number is not None:
        return _TRUMP_BASE + number
    rank = card.rank
    return 0 if rank is None else _COURT_STRENGTH.get(int(rank), 0)


def position_key(position: Position) -> Hashable:
    """What the rest of the game depends on (the points already banked left out): the key for
    :class:`~cardgames.search.engine.SimpleSearch`'s table."""
    return (
        tuple(position.hands),
        position.leader,
        tuple(position.trick),
        position.tricks_left,
        position.flags,
        position.excuse_player,
    )


class HorizonTree:
    """The Tarot game tree of ``model`` from ``root``, cut off once ``tricks`` whole tricks
    (the one in progress counting as the first) have been played, or at the end of the deal if
    that comes first. At the cut the value is the points banked plus ``estimate``'s share of
    the points still in play. It is a :class:`~cardgames.search.engine.SearchModel`.

    :param model: the search tables (:func:`cardgames.tarot.analysis.build_model`).
    :param root: the position searched from (:func:`cardgames.tarot.analysis.root_position`).
    :param tricks: how many tricks to look ahead (at least 1).
    :param estimate: how to value what is left at the cut.
    """

    def __init__(
        self, model: TarotModel, root: Position, tricks: int, estimate: Estimate = Estimate.SHARE
    ) -> None:
        self.model = model
        self.tree = TarotTree(model)
        self.stop_at = max(0, root.tricks_left - tricks)
        if estimate is Estimate.LEARNED and not fitted_for(model):
            estimate = Estimate.STRENGTH
        self.estimate = estimate
        self.evaluation = Evaluation(model) if estimate is Estimate.LEARNED else None
        players = range(model.players)
        self.side = [seat for seat in players if model.maximiser[seat]]
        self.strength = [
            _card_strength(TarotCard.from_index(model.card_to_engine(bit)))
            for bit in range(len(model.weight))
        ]

    def legal(self, position: Position) -> list[int]:
        """The legal cards of the player to move."""
        return self.tree.legal(position)

    def distinct(self, position: Position) -> dict[int, int]:
        """Each legal card mapped to the card standing for its class of equivalent plays.

        Cards the full game treats alike are worth the same points, so the share estimate
        cannot tell them apart, nor can the learned one (its features depend only on how the
        cards rank among those still out); the strength estimate can (the card kept in hand
        counts), so under it a class is split by the strength of its cards.
        """
        classes = self.tree.distinct(position)
        if self.estimate is not Estimate.STRENGTH:
            return classes
        standing: dict[tuple[int, int], int] = {}
        return {
            card: standing.setdefault((class_card, self.strength[card]), card)
            for card, class_card in classes.items()
        }

    def child(self, position: Position, move: int) -> Position:
        """The position after the card ``move``."""
        return self.tree.child(position, move)

    def is_over(self, position: Position) -> bool:
        """The deal is over or the cut-off trick boundary is reached."""
        return position.tricks_left <= self.stop_at and not position.trick

    def maximising(self, position: Position) -> bool:
        """Whether the player to move plays for the analysed side."""
        return self.tree.maximising(position)

    def banked(self, position: Position) -> int:
        """The scaled points banked, plus the estimate of the rest at the cut-off."""
        if position.tricks_left and self.is_over(position):
            return position.secured + self.future_estimate(position)
        return position.secured

    def future_bounds(self, position: Position) -> tuple[int, int]:
        """Bounds on what is still to come: nothing, up to every point still in play (every
        estimate lies within them)."""
        return future_bounds(self.model, position)

    def future_estimate(self, position: Position) -> int:
        """The estimate of the scaled points the analysed side will still win."""
        if self.evaluation is not None:
            return self.evaluation.estimate(position)
        high = future_bounds(self.model, position)[1]
        model = self.model
        if self.estimate is Estimate.STRENGTH:
            ours = theirs = 0
            for seat, hand in enumerate(position.hands):
                total = 0
                rest = hand
                while rest:
                    low = rest & -rest
                    total += self.strength[low.bit_length() - 1]
                    rest ^= low
                if model.maximiser[seat]:
                    ours += total
                else:
                    theirs += total
            if ours + theirs:
                return high * ours // (ours + theirs)
        return high * len(self.side) // model.players
