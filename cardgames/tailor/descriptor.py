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
import textwrap
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Final

import attrs

from cardgames.errors import RulesError
from cardgames.games import SamplingSettings
from cardgames.search.grades import LossGrades
from cardgames.search.results import Analysis, Limit, SearchProgress, Solution
from cardgames.tailor.analysis import (
    DEFAULT_HORIZON,
    TAILOR_OBJECTIVE,
    analyse_tailor,
    reference_tailor_value,
)
from cardgames.tailor.bot_play import (
    play_likelihood,
    sampled_values,
    settled_move,
    tailor_rule_move,
)
from cardgames.tailor.deal import deal
from cardgames.tailor.env_space import TailorActions
from cardgames.tailor.match import Match
from cardgames.tailor.moves import Move, parse_move
from cardgames.tailor.positions import random_position
from cardgames.tailor.records import DealRecord, Record, Series, dumps, loads, record_of
from cardgames.tailor.render import (
    NOTATION_LEGEND,
    analysis_to_unicode,
    move_to_unicode,
    state_to_unicode,
    values_legend,
)
from cardgames.tailor.rules import Rules
from cardgames.tailor.show import describe_move, events, format_round
from cardgames.tailor.state import State
from cardgames.tailor.view import View
from cardgames.validation import ascii_lower, quote, strict_arguments

__all__ = ["DEFAULT_CARDS_LEFT", "GAME", "LOSS_GRADES", "TailorAnalyser", "TailorGame"]

LOSS_GRADES: Final = LossGrades(inaccuracy=Fraction(3), mistake=Fraction(6), blunder=Fraction(12))
"""How a review grades a Chase the Tailor move by the payoff it cost against the others' mean:
an inaccuracy from 3 (a low card's value), a mistake from 6, a blunder from 12 (more than a
court card left in hand). The values are the horizon search's estimates throughout, so no
margin is taken off them."""

_DEFAULT_PLAYERS: Final = 4
DEFAULT_CARDS_LEFT: Final = 3
"""A seeded position is made once some seat holds at most this many cards, unless told."""


def _seats(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(seat) for seat in seats[:-1]) + f" and {seats[-1]}"


@strict_arguments
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

    def pending(self, state: State) -> str | None:
        """None: every position of a round can be analysed."""
        return None

    def values_are_estimates(self) -> bool:
        """True: the search stops at a horizon."""
        return True

    def side_words(self, state: State, perspective: int) -> str:
        """The seat's payoff against the others' mean payoff (the value the search gives)."""
        others = [seat for seat in range(state.rules.players) if seat != perspective]
        mean = "payoff of" if len(others) == 1 else "mean payoff of"
        return f"seat {perspective}'s payoff against the {mean} {_seats(others)}"

    def loss_grades(self, state: State) -> LossGrades:
        """:data:`LOSS_GRADES`."""
        return LOSS_GRADES


@strict_arguments
@attrs.frozen
class TailorGame:
    """The descriptor of Chase the Tailor (:class:`cardgames.games.GameDescriptor`), with
    ``Rules(players=4)`` when no rules are named; one deal is a round."""

    name: str = "tailor"
    title: str = "Chase the Tailor"
    deal_word: str = "round"
    state_type: type[State] = State
    rules_type: type[Rules] = Rules
    view_type: type[View] = View
    types: tuple[type, ...] = (State, View, Rules, Record, DealRecord, Series, Match)

    def default_rules(self) -> Rules:
        """Four players, no Chase Mode."""
        return Rules(players=4)

    def parse_rules(self, text: str) -> Rules:
        """:meth:`Rules.parse <cardgames.tailor.Rules.parse>`."""
        return Rules.parse(text)

    def rules_from_words(self, text: str | None, players: int | None) -> Rules:
        """``chase`` (Chase Mode) or a rules text, for ``players`` (by default 4); None is the
        standard game."""
        if text is None or ascii_lower(text.strip()) == "chase":
            chase = text is not None
            return Rules(players=_DEFAULT_PLAYERS if players is None else players, chase_mode=chase)
        rules = Rules.parse(text)
        if players is not None and players != rules.players:
            raise RulesError(f"{players} players disagree with the rules {quote(text)}")
        return rules

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

    def rotations(self, rules: Rules) -> int:
        """One per seat."""
        return rules.players

    def scores(self, state: State) -> tuple[Fraction, ...]:
        """The round's payoffs: 0 for going out, minus the hand left otherwise."""
        return tuple(Fraction(payoff) for payoff in state.payoffs())

    @property
    def score_words(self) -> str:
        """``"payoff (minus the hand left)"``."""
        return "payoff (minus the hand left)"

    def score_problem(self, scores: Sequence[Fraction]) -> str | None:
        """Payoffs must be whole and at most 0."""
        if any(score.denominator != 1 or score.numerator > 0 for score in scores):
            return "expected ints of at most 0 (Chase the Tailor scores minus the hand left)"
        return None

    def loads(self, text: str) -> Record:
        """:func:`cardgames.tailor.loads`."""
        return loads(text)

    def dumps(self, state: State, tags: Mapping[str, str], indent: int | None) -> str:
        """:func:`cardgames.tailor.dumps` of the deal played up to ``state``."""
        return dumps(record_of(state, tags=tags), indent=indent)

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

    def seat_text(self, state: State, seat: int) -> str:
        """The seat's view as text (``state.view(seat).to_unicode()``)."""
        return state.view(seat).to_unicode()

    def describe_move(self, state: State, move: Move, *, seen: bool) -> str:
        """:func:`cardgames.tailor.show.describe_move`."""
        return describe_move(state, move, seen=seen)

    def events(self, before: State, after: State) -> list[str]:
        """:func:`cardgames.tailor.show.events`."""
        return events(before, after)

    def analysis_text(self, state: State, analysis: Analysis[Move]) -> str:
        """The table, how the cards are written, what the values are, and the analysis."""
        legend = [NOTATION_LEGEND, values_legend(analysis)]
        sides = self.analysis.side_words(state, analysis.perspective)
        legend.append(f"Sides: {sides}.")
        lines = [state_to_unicode(state), ""]
        lines.extend(line for text in legend for line in textwrap.wrap(text, width=88))
        lines.extend(["", analysis_to_unicode(analysis)])
        return "\n".join(lines)

    def deal_text(self, state: State) -> str:
        """:func:`cardgames.tailor.show.format_round` of the round from its start."""
        start = state
        while start.previous is not None:
            start = start.previous
        return format_round(start, state.history())

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

    def weighed_moves(self, view: View) -> tuple[Move, ...]:
        """The legal moves."""
        return view.legal_moves()

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

    def planned_move(
        self, view: View, settings: SamplingSettings, rng: random.Random
    ) -> Move | None:
        """None: every move is valued world by world."""
        return None

    def play_likelihood(
        self, view: View, settings: SamplingSettings
    ) -> Callable[[State, float], float] | None:
        """:func:`cardgames.tailor.bot_play.play_likelihood`."""
        return play_likelihood(view, settings)


_ANALYSER: Final = TailorAnalyser()

GAME: Final = TailorGame()
"""Chase the Tailor's descriptor, registered with :func:`cardgames.games.register` when
:mod:`cardgames.tailor` is imported."""
