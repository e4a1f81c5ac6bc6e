"""The card-play search :class:`cardgames.bots.pimc.PIMCBot` runs on the worlds of a French
Tarot deal: the solver's search tables and engine, with the French sides and the overtrump
rule.

:func:`cardgames.solver.analyse` counts the sides from ``rules.teams`` and lets a player who
must trump under a higher trump play any trump. Under French rules the sides come from the
bidding (``state.teams``: the taker and its partner against the defence) and a player who has
to play a trump must beat the highest one already in the trick when able
(``Rules.overtrump``). This module builds the solver's model
(:class:`cardgames.tarot.search_model.TarotModel`) with the world's sides, wraps its game tree
(:class:`cardgames.tarot.horizon.HorizonTree`, a whole deal or a few tricks) so that only the
cards the rules allow are searched, credits the dog or the discard to the side it counts for
(the taker's discard after a prise or a garde, the dog to the taker after a garde sans and to
the defence after a garde contre), and scores every legal card with the engine's
:class:`~cardgames.search.engine.SimpleSearch`.

The value of a card is the card points, exact to the half point, that the seat's side holds at
the end of the deal (or at the horizon, with the rest estimated), everyone playing perfectly
with every card visible. The Excuse's settlement, the last trick and the half points follow the
solver's model; the slam rule that a led Excuse wins the last trick is left out (it matters
only to a side that has won every trick).

>>> from cardgames import tarot
>>> from cardgames.tarot.contracts import Bid, Contract
>>> state = tarot.deal(tarot.Rules.french(players=4), seed=2)
>>> state = state.play(Bid(Contract.GARDE_SANS))
>>> while state.phase is not tarot.Phase.PLAY:
...     state = state.play(state.legal_moves()[0])
>>> while len(state.hands[state.to_move]) > 3:
...     state = state.play(state.legal_card_moves()[0])
>>> values = card_values(state, state.to_move, state.legal_card_moves())
>>> len(values) == len(state.legal_card_moves()), all(0 <= v <= 91 for v in values)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from cardgames.search.engine import SimpleSearch, score_moves
from cardgames.solver.tarot import root_position
from cardgames.tarot.horizon import Estimate, HorizonTree, position_key
from cardgames.tarot.play import count_mask
from cardgames.tarot.rules import ExcuseRule, NumeralOrder
from cardgames.tarot.search import root_legal, trick_state
from cardgames.tarot.search_model import (
    EXCUSE_BIT,
    SUITED_MASK,
    TRUMP_SUIT,
    TRUMPS_MASK,
    Position,
    TarotModel,
)
from cardgames.tarot.state import Move, Phase, State

__all__ = ["FrenchTree", "card_values", "french_model"]

_EXCUSE: Final = 1 << EXCUSE_BIT


def french_model(state: State, perspective: int) -> TarotModel:
    """The solver's tables for ``state``'s rules with the sides of ``state.teams`` and
    ``perspective``'s side maximising."""
    rules = state.rules
    teams = [state.team_of(seat) for seat in range(rules.players)]
    side = teams[perspective]
    return TarotModel(
        players=rules.players,
        clockwise=rules.clockwise,
        traditional_order=rules.numeral_order is NumeralOrder.TRADITIONAL,
        lead_restricted=rules.trump_lead_restricted,
        exchange=rules.excuse_rule is ExcuseRule.EXCHANGE,
        group=rules.group_size,
        bonus=rules.magician_bonus,
        teams=teams,
        maximiser=[team == side for team in teams],
    )


def _pile_credit(state: State, perspective: int) -> Fraction:
    # The points of the dog or the discard that count for ``perspective``'s side: the
    # discard of a prise or a garde and the dog of a garde sans for the attack (team 0 of
    # state.teams), the dog of a garde contre for the defence.
    rules = state.rules
    contract = state.contract
    if contract is None:  # pragma: no cover - play follows the bidding
        return Fraction(0)
    pile = state.discard.mask if contract.dog_shown else state.initial.talon.mask
    attack = contract.dog_to_taker
    if not pile or (state.team_of(perspective) == 0) != attack:
        return Fraction(0)
    group = pile.bit_count() if rules.discard_is_own_group else rules.group_size
    return count_mask(pile, group)


class FrenchTree:
    """:class:`cardgames.tarot.horizon.HorizonTree` with only the cards the overtrump rule
    allows (when ``overtrump`` is set): a player who must play a trump, with a trump already
    in the trick, plays one above it if it holds one. A
    :class:`~cardgames.search.engine.SearchModel`.

    Classes of equivalent cards never straddle the trick's highest trump (it lies between
    them), so filtering the classes keeps every representative legal.
    """

    def __init__(self, base: HorizonTree, *, overtrump: bool) -> None:
        self.base = base
        self.model = base.model
        self.overtrump = overtrump

    def _allowed(self, position: Position) -> int:
        model = self.model
        legal = root_legal(model, position)
        if not self.overtrump or not position.trick or legal & SUITED_MASK:
            return legal
        win = trick_state(model, position)[1]
        if win < 0 or model.suit[win] != TRUMP_SUIT:
            return legal
        higher = legal & TRUMPS_MASK & ~((1 << (win + 1)) - 1)
        return higher | (legal & _EXCUSE) if higher else legal

    def legal(self, position: Position) -> list[int]:
        """The cards the player to move may play, lowest bit first."""
        allowed = self._allowed(position)
        return [bit for bit in self.base.legal(position) if allowed >> bit & 1]

    def distinct(self, position: Position) -> dict[int, int]:
        """The base tree's classes of the allowed cards."""
        allowed = self._allowed(position)
        return {
            card: stand
            for card, stand in self.base.distinct(position).items()
            if allowed >> card & 1
        }

    def child(self, position: Position, move: int) -> Position:
        """The position after the card ``move``."""
        return self.base.child(position, move)

    def is_over(self, position: Position) -> bool:
        """The deal is over, or the horizon is reached."""
        return self.base.is_over(position)

    def maximising(self, position: Position) -> bool:
        """Whether the player to move plays for the analysed side."""
        return self.base.maximising(position)

    def banked(self, position: Position) -> int:
        """The scaled points banked (and the estimate at the horizon)."""
        return self.base.banked(position)

    def future_bounds(self, position: Position) -> tuple[int, int]:
        """Bounds on what is still to come."""
        return self.base.future_bounds(position)


def card_values(
    state: State,
    perspective: int,
    moves: Sequence[Move],
    *,
    nodes: int | None = None,
    deadline: float | None = None,
    horizon: int | None = None,
    estimate: Estimate = Estimate.STRENGTH,
    lower: bool = False,
) -> list[float]:
    """The value of each card of ``moves`` (legal cards of the player to move in ``state``,
    a play-phase position) for ``perspective``'s side: its card points at the end of the deal
    under perfect play, or with ``horizon`` whole tricks searched and the rest estimated by
    ``estimate``. Within ``nodes`` search nodes and before ``deadline`` (a
    :func:`time.perf_counter` time), a card the search could not finish is valued at the
    midpoint of its proved bounds (with ``lower``, at its lower bound).

    :raises ValueError: if ``state`` is not in its play phase or a move is not a legal card.
    """
    if state.phase is not Phase.PLAY:
        raise ValueError(f"card_values needs a play-phase position, not {state.phase.value}")
    model = french_model(state, perspective)
    root, _ = root_position(state, model)
    tricks = root.tricks_left if horizon is None else min(horizon, root.tricks_left)
    base = HorizonTree(model, root, tricks, estimate)
    tree = FrenchTree(base, overtrump=state.rules.overtrump)
    search = SimpleSearch(tree, key=position_key)
    search.node_limit = nodes
    search.deadline = deadline
    classes = tree.distinct(root)
    guess = root.secured + base.future_estimate(root)
    bounds, _ = score_moves(tree, search, root, guess)
    credit = _pile_credit(state, perspective)
    group = state.rules.group_size
    values = []
    for move in moves:
        bit = model.card_to_internal(move.card.index)
        if bit not in classes:
            raise ValueError(f"{move} is not a legal card here")
        low, high = bounds[classes[bit]]
        if lower:
            high = low
        values.append(float(Fraction(low + high, 2 * group) + credit))
    return values
