"""Chase the Tailor as one object: :data:`GAME`, the game's descriptor, through which the
shared floors reach everything the game offers without naming it (see :mod:`cardgames.games`).

>>> from cardgames import games, tailor
>>> state = tailor.deal(tailor.Rules(players=3), seed=13)
>>> games.of(state) is GAME, GAME.deal_word, GAME.analysis.values_are_estimates()
(True, 'round', True)
>>> GAME.analysis.side_words(state, 1)
"seat 1's payoff against the mean payoff of seats 0 and 2"
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs

from cardgames.search.results import Analysis, Limit, Solution
from cardgames.tailor.analysis import (
    DEFAULT_HORIZON,
    TAILOR_OBJECTIVE,
    analyse_tailor,
    reference_tailor_value,
)
from cardgames.tailor.bot_play import sampled_values, settled_move, tailor_rule_move
from cardgames.tailor.deal import deal
from cardgames.tailor.env_space import TailorActions
from cardgames.tailor.match import Match
from cardgames.tailor.moves import Move, parse_move
from cardgames.tailor.positions import random_position
from cardgames.tailor.records import DealRecord, Record, Series, dumps, loads, record_of
from cardgames.tailor.render import move_to_unicode
from cardgames.tailor.rules import Rules
from cardgames.tailor.show import format_round
from cardgames.tailor.state import State
from cardgames.tailor.view import View

if TYPE_CHECKING:
    from cardgames.games import SamplingSettings
    from cardgames.search.results import SearchProgress

__all__ = ["GAME", "TailorAnalyser", "TailorGame"]

DEFAULT_CARDS_LEFT: Final = 3
"""A seeded position is made once some seat holds at most this many cards, unless told."""


def _seats(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(seat) for seat in seats[:-1]) + f" and {seats[-1]}"


@attrs.frozen
class TailorAnalyser:
    """What the solver needs of Chase the Tailor (:class:`cardgames.games.GameAnalysis`): the
    horizon search of :mod:`cardgames.tailor.analysis`, whose values are all estimates."""

    objective: str = TAILOR_OBJECTIVE

    def analyse(
        self,
        state: State,
        *,
        perspective: int | None,
        limit: Limit | None,
        progress: Callable[[SearchProgress], None] | None,
        horizon: int | None,
        estimates: bool,
    ) -> Analysis[Move]:
        """:func:`~cardgames.tailor.analysis.analyse_tailor` (``estimates`` changes nothing:
        the values beyond the horizon are estimates already)."""
        return analyse_tailor(state, perspective=perspective, limit=limit, horizon=horizon)

    def solve(
        self, state: State, *, perspective: int | None, limit: Limit | None
    ) -> Solution[Move]:
        """The analysis, cut down to its value and one best line."""
        analysis = analyse_tailor(state, perspective=perspective, limit=limit)
        return Solution[Move](
            game=analysis.game,
            perspective=analysis.perspective,
            side=analysis.side,
            to_move=analysis.to_move,
            value=analysis.value,
            lower=analysis.lower,
            upper=analysis.upper,
            best_move=analysis.best_moves[0] if analysis.best_moves else None,
            pv=analysis.pv,
            nodes=analysis.nodes,
            elapsed=analysis.elapsed,
            exact=analysis.exact,
            bound=analysis.bound,
        )

    def reference_value(self, state: State, perspective: int | None) -> Fraction:
        """:func:`~cardgames.tailor.analysis.reference_tailor_value` to the default
        horizon."""
        seat = state.to_move if perspective is None else perspective
        return reference_tailor_value(state, seat, DEFAULT_HORIZON)

    def judged(self, state: State, move: Move) -> bool:
        """Every move is judged."""
        return True

    def unjudged_kind(self, state: State) -> str:
        """Never asked: every move is judged."""
        return "move"

    def skipped(self, state: State) -> int:
        """No move is passed over."""
        return 0

    def values_are_estimates(self) -> bool:
        """True: the search stops at a horizon."""
        return True

    def side_words(self, state: State, perspective: int) -> str:
        """The seat's payoff against the others' mean payoff (the value the search gives)."""
        others = [seat for seat in range(state.rules.players) if seat != perspective]
        mean = "payoff of" if len(others) == 1 else "mean payoff of"
        return f"seat {perspective}'s payoff against the {mean} {_seats(others)}"


@attrs.frozen
class TailorGame:
    """The descriptor of Chase the Tailor (:class:`cardgames.games.GameDescriptor`), with
    ``Rules(players=4)`` when no rules are named; one deal is a round."""

    name: str = "tailor"
    title: str = "Chase the Tailor"
    deal_word: str = "round"
    state_type: type[State] = State
    types: tuple[type, ...] = (State, View, Rules, Record, DealRecord, Series, Match)

    def default_rules(self) -> Rules:
        """Four players, no Chase Mode."""
        return Rules(players=4)

    def parse_rules(self, text: str) -> Rules:
        """:meth:`Rules.parse <cardgames.tailor.Rules.parse>`."""
        return Rules.parse(text)

    def rules_of(self, state: State | View) -> Rules:
        """The state's (view's) rules."""
        return state.rules

    def players(self, rules: Rules) -> int:
        """``rules.players``."""
        return rules.players

    def deal(self, rules: Rules, seed: int, first: int) -> State:
        """:func:`cardgames.tailor.deal` with ``first`` playing first."""
        return deal(rules, seed=seed, first_player=first)

    def random_position(self, rules: Rules, seed: int, left: int | None) -> State:
        """:func:`cardgames.tailor.random_position` once some seat holds at most ``left``
        cards (default :data:`DEFAULT_CARDS_LEFT`)."""
        return random_position(
            rules, seed=seed, cards_left=DEFAULT_CARDS_LEFT if left is None else left
        )

    def parse_state(self, text: str) -> State:
        """:meth:`State.parse <cardgames.tailor.State.parse>`."""
        return State.parse(text)

    def parse_move(self, text: str, state: State) -> Move:
        """:func:`cardgames.tailor.parse_move`."""
        return parse_move(text)

    def view(self, state: State, seat: int) -> View:
        """``state.view(seat)``."""
        return state.view(seat)

    def chooser(self, state: State) -> int:
        """The seat to move."""
        return state.to_move

    def loads(self, text: str) -> Record:
        """:func:`cardgames.tailor.loads`."""
        return loads(text)

    def dumps(self, start: State, moves: Sequence[Move], tags: Mapping[str, str]) -> str:
        """The record of ``moves`` played from ``start`` (:func:`cardgames.tailor.dumps`)."""
        state = start
        for move in moves:
            state = state.play(move)
        return dumps(record_of(state, tags=tags), indent=2)

    @property
    def analysis(self) -> TailorAnalyser:
        """The solver's Chase the Tailor analysis."""
        return _ANALYSER

    def state_text(self, state: State) -> str:
        """``state.to_unicode()``."""
        return state.to_unicode()

    def state_svg(self, state: State) -> str:
        """``state.to_svg()``."""
        return str(state.to_svg())

    def move_text(self, move: Move) -> str:
        """:func:`cardgames.tailor.render.move_to_unicode`."""
        return move_to_unicode(move)

    def deal_text(self, start: State, moves: Sequence[Move]) -> str:
        """:func:`cardgames.tailor.show.format_round`."""
        return format_round(start, moves)

    def actions(self, rules: Rules) -> TailorActions:
        """The action ids, masks and observations under ``rules`` (:class:`TailorActions
        <cardgames.tailor.env_space.TailorActions>`)."""
        return TailorActions(rules)

    def rule_move(self, view: View, rng: random.Random) -> Move:
        """:func:`cardgames.tailor.bot_play.tailor_rule_move` (deterministic)."""
        return tailor_rule_move(view)

    def settled_move(self, view: View) -> Move | None:
        """:func:`cardgames.tailor.bot_play.settled_move`."""
        return settled_move(view)

    def sampled_values(
        self,
        view: View,
        world: State,
        moves: Sequence[Move],
        settings: SamplingSettings,
        limit: Limit,
    ) -> list[float]:
        """:func:`cardgames.tailor.bot_play.sampled_values`."""
        return sampled_values(view, world, moves, settings, limit)


_ANALYSER: Final = TailorAnalyser()

GAME: Final = TailorGame()
"""Chase the Tailor's descriptor, registered with :func:`cardgames.games.register` when
:mod:`cardgames.tailor` is imported."""
