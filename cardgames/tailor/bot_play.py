"""What the library's bots do in Chase the Tailor: the rules of thumb of
:class:`~cardgames.bots.rule_bot.RuleBot` applied to a seat's view, and how a sampling bot
(:class:`~cardgames.bots.pimc.PIMCBot`) values the moves of one sampled world.

The game's descriptor (``cardgames.tailor.GAME``) hands these functions to the bots, which
know no game.

>>> from cardgames import tailor
>>> state = tailor.deal(tailor.Rules(players=3), seed=13)
>>> tailor_rule_move(state.view(state.to_move)) in state.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardgames.cardset import CardSet
from cardgames.errors import RulesError
from cardgames.games import SamplingSettings
from cardgames.search.results import Limit
from cardgames.tailor.analysis import analyse_tailor
from cardgames.tailor.heuristics import choose_move
from cardgames.tailor.moves import Move
from cardgames.tailor.state import State
from cardgames.tailor.view import View
from cardgames.validation import quote

__all__ = [
    "play_likelihood",
    "rollout_value",
    "sampled_values",
    "settled_move",
    "tailor_rule_move",
]


def _legal_moves(view: View) -> tuple[Move, ...]:
    if not isinstance(view, View):
        raise RulesError(
            f"invalid view {quote(view)}: expected a cardgames.tailor.View (a bot is never "
            "handed a State)"
        )
    moves = view.legal_moves()
    if not moves:
        raise RulesError(
            f"no move to choose: seat {view.seat} is not to move in this view (or it is over)"
        )
    return moves


def tailor_rule_move(view: View) -> Move:
    """:class:`~cardgames.bots.rule_bot.RuleBot`'s Chase the Tailor move for ``view``
    (deterministic; the rules are those of :mod:`cardgames.tailor.heuristics`).

    :raises RulesError: if ``view`` is not a Chase the Tailor view whose seat is to move.
    """
    moves = _legal_moves(view)
    return choose_move(
        view.rules,
        view.seat,
        view.hand,
        moves,
        hand_sizes=view.hand_sizes,
        direction=view.direction,
        seen=CardSet.from_cards(view.pile),
    )


def settled_move(view: View) -> Move | None:
    """The only legal move, if there is one; None when the moves are to be weighed."""
    moves = _legal_moves(view)
    return moves[0] if len(moves) == 1 else None


def sampled_values(
    view: View, world: State, moves: Sequence[Move], settings: SamplingSettings, limit: Limit
) -> list[float]:
    """What each of ``moves`` is worth to ``view``'s seat in one sampled ``world``: with
    ``settings.tailor_estimate == "search"`` the solver's search ``settings.horizon`` moves
    deep (see :func:`~cardgames.tailor.analysis.analyse_tailor`), the midpoint of its bounds
    where a limit stopped it; with ``"rollout"`` the round played out after the move by
    RuleBot's rules at every seat (:func:`rollout_value`)."""
    if settings.tailor_estimate == "rollout":
        return [rollout_value(world.play(move), view.seat) for move in moves]
    analysis = analyse_tailor(world, perspective=view.seat, limit=limit, horizon=settings.horizon)
    by_move = {entry.move: entry for entry in analysis.move_values}
    return [float((by_move[move].lower + by_move[move].upper) / 2) for move in moves]


def play_likelihood(
    view: View, settings: SamplingSettings
) -> Callable[[State, float], float] | None:
    """Inference (:meth:`cardgames.games.GameDescriptor.play_likelihood`): none yet in Chase
    the Tailor, so None.

    >>> from cardgames import tailor
    >>> from cardgames.bots import PIMCBot
    >>> play_likelihood(tailor.deal(tailor.Rules(players=3), seed=13).view(0), PIMCBot()) is None
    True
    """
    return None


def rollout_value(state: State, seat: int) -> float:
    """Play ``state`` out to the end of the round with RuleBot's rules at every seat (each
    seeing its own hand, every hand's size and the pile) and return ``seat``'s payoff minus
    the mean payoff of the others (:func:`~cardgames.tailor.analysis.tailor_value` of the
    finished round).

    >>> from cardgames import tailor
    >>> state = tailor.deal(tailor.Rules(players=3), seed=13)
    >>> rollout_value(state, 0) == rollout_value(state, 0)
    True
    """
    rules = state.rules
    while not state.is_over:
        player = state.to_move
        moves = state.legal_moves()
        move = (
            moves[0]
            if len(moves) == 1
            else choose_move(
                rules,
                player,
                state.hands[player],
                moves,
                hand_sizes=tuple(len(hand) for hand in state.hands),
                direction=state.direction,
                seen=CardSet.from_cards(state.pile),
            )
        )
        state = state.play(move)
    payoffs = state.payoffs()
    others = sum(payoffs) - payoffs[seat]
    return payoffs[seat] - others / (rules.players - 1)
