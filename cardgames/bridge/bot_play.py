"""What the library's bots do in bridge: a deal played out by the rules of thumb of
:class:`~cardgames.bots.rule_bot.RuleBot` (:func:`~cardgames.bridge.heuristics.choose_card`),
and how a sampling bot (:class:`~cardgames.bots.pimc.PIMCBot`) values the cards of one
sampled world.

The game's descriptor (``cardgames.bridge.GAME``) hands these functions to the bots, which
know no game.

>>> from cardgames import bridge
>>> state = bridge.random_position(1, tricks_played=10)
>>> bridge_rollout_tricks(state, 0) + bridge_rollout_tricks(state, 1)
13.0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from cardgames.bridge.analysis import analyse_bridge
from cardgames.bridge.heuristics import choose_card
from cardgames.bridge.rules import Contract, trick_winner
from cardgames.bridge.state import State
from cardgames.bridge.view import View, controller, view_of
from cardgames.cards import Card
from cardgames.errors import RulesError
from cardgames.games import SamplingSettings
from cardgames.search.results import Limit
from cardgames.validation import quote

__all__ = ["bridge_rollout_tricks", "play_likelihood", "sampled_values", "settled_move"]


def bridge_rollout_tricks(state: State, seat: int) -> float:
    """Play ``state`` out to the end with :class:`~cardgames.bots.rule_bot.RuleBot`'s bridge
    rules for every seat, each choosing from its own view (the declarer for the dummy), and
    return the tricks ``seat``'s side has won at the end.

    :raises RulesError: if ``state`` is not a bridge state.
    """
    if not isinstance(state, State):
        raise RulesError(f"invalid play-out state {quote(state)}: expected a bridge State")
    while not state.is_over:
        chooser = controller(state.contract, state.to_move)
        state = state.play(choose_card(view_of(state, chooser)))
    return float(state.tricks_of(seat))


def settled_move(view: View) -> Card | None:
    """The only legal card, if there is one; None when the cards are to be weighed.

    :raises RulesError: if ``view`` is not a bridge view whose seat chooses the next card.
    """
    if not isinstance(view, View):
        raise RulesError(
            f"invalid view {quote(view)}: expected a cardgames.bridge.View (a bot is never "
            "handed a State)"
        )
    cards = view.legal_moves()
    if not cards:
        raise RulesError(
            f"no move to choose: seat {view.seat} does not choose the next card in this view "
            "(or the play is over)"
        )
    return cards[0] if len(cards) == 1 else None


def sampled_values(
    view: View, world: State, moves: Sequence[Card], settings: SamplingSettings, limit: Limit
) -> list[float]:
    """What each card of ``moves`` is worth in one sampled ``world``: the tricks the side to
    move takes, double dummy with ``settings.bridge_exact_tricks`` tricks left or fewer (the
    midpoint of the proved bounds where the limit stops the search), by a RuleBot play-out
    before."""
    seat = view.to_move
    if view.cards_each - view.tricks_played > settings.bridge_exact_tricks:
        return [bridge_rollout_tricks(world.play(card), seat) for card in moves]
    analysis = analyse_bridge(world, perspective=int(seat), limit=limit)
    by_move = {entry.move: entry for entry in analysis.move_values}
    return [float((by_move[card].lower + by_move[card].upper) / 2) for card in moves]


def play_likelihood(
    view: View, settings: SamplingSettings
) -> Callable[[State, float], float] | None:
    """Inference (:meth:`cardgames.games.GameDescriptor.play_likelihood`): for a world sampled
    from ``view``, the log-likelihood of every card the other seats chose so far (the
    declarer's for the dummy included) if they chose by RuleBot's rules
    (:func:`~cardgames.bridge.heuristics.choose_card`) from their own view of that world, each
    deviation having probability ``settings.deviation``: ``log(1 - deviation)`` for a card
    the rules would choose, ``log(deviation / (n - 1))`` for another of ``n`` legal cards.
    None before any other seat has chosen a card. The function stops early once its value is
    sure to fall below its second argument, a floor (see
    :meth:`~cardgames.games.GameDescriptor.play_likelihood`).

    >>> import random
    >>> from cardgames import bridge
    >>> from cardgames.bridge.heuristics import choose_card
    >>> from cardgames.bridge.view import controller, view_of
    >>> state = bridge.random_position(3, tricks_played=0)
    >>> for _ in range(9):
    ...     chooser = controller(state.contract, state.to_move)
    ...     state = state.play(choose_card(view_of(state, chooser)))
    >>> class Settings:
    ...     deviation = 0.1
    >>> view = view_of(state, controller(state.contract, state.to_move))
    >>> likelihood = play_likelihood(view, Settings())
    >>> likelihood(state) >= likelihood(view.sample(random.Random(2)))
    True
    """
    error = settings.deviation
    contract = view.contract
    me = int(view.seat)
    played = view.played
    mine = [int(controller(contract, seat)) == me for seat in _seats_of(contract, played)]
    if all(mine):
        return None
    hit = math.log1p(-error)
    miss = math.log(error)

    def likelihood(world: State, floor: float = -math.inf) -> float:
        total = 0.0
        for number, card in enumerate(played):
            if mine[number]:
                continue
            if total < floor:
                return total  # every term is negative: it only falls further
            before = State(world.deal, contract, played[:number])
            chooser = controller(contract, before.to_move)
            seen = view_of(before, chooser)
            legal = seen.legal_moves()
            if len(legal) < 2:
                continue
            expected = choose_card(seen)
            total += hit if expected == card else miss - math.log(len(legal) - 1)
        return total

    return likelihood


def _seats_of(contract: Contract, played: Sequence[Card]) -> list[int]:
    """Who played each card of ``played``."""
    seats: list[int] = []
    leader = int(contract.leader)
    for start in range(0, len(played), 4):
        trick = played[start : start + 4]
        seats.extend((leader + offset) % 4 for offset in range(len(trick)))
        if len(trick) == 4:
            leader = (leader + trick_winner(trick, contract.trump)) % 4
    return seats
