"""Bridge card play as one object: :data:`GAME`, the game's descriptor, through which the
shared floors reach everything bridge offers without naming the game (see
:mod:`cardgames.games`). Its rule set is the :class:`~cardgames.bridge.rules.Contract`.

>>> from cardgames import bridge, games
>>> state = bridge.random_position(2, tricks_played=11)
>>> games.of(state) is GAME, GAME.rules_of(state) == state.contract, GAME.players(state.contract)
(True, True, 4)
>>> start = bridge.State(bridge.random_deal(1), bridge.Contract.parse('S by N'))
>>> GAME.analysis.side_words(start, 1)
'East and West (the defenders) against North and South'
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Final

import attrs

from cardgames.bridge.actions import BridgeActions
from cardgames.bridge.analysis import (
    BRIDGE_OBJECTIVE,
    analyse_bridge,
    reference_bridge_value,
    solve_bridge,
)
from cardgames.bridge.bot_play import play_likelihood, sampled_values, settled_move
from cardgames.bridge.deal import Deal, random_deal
from cardgames.bridge.heuristics import choose_card
from cardgames.bridge.positions import random_position
from cardgames.bridge.records import DealRecord, Record, dumps, loads, record_of
from cardgames.bridge.render import (
    analysis_to_unicode,
    card_to_unicode,
    state_to_svg,
    state_to_unicode,
    view_to_unicode,
)
from cardgames.bridge.rules import Contract, Seat, Strain
from cardgames.bridge.show import describe_move, events, format_deal
from cardgames.bridge.state import State
from cardgames.bridge.view import View, controller, view_of
from cardgames.cards import Card
from cardgames.errors import AnalysisError, RulesError
from cardgames.games import SamplingSettings
from cardgames.search.grades import LossGrades
from cardgames.search.results import Analysis, Limit, SearchProgress, Solution
from cardgames.validation import quote, strict_arguments

__all__ = ["DEFAULT_TRICKS_LEFT", "GAME", "LOSS_GRADES", "BridgeAnalyser", "BridgeGame"]

DEFAULT_TRICKS_LEFT: Final = 8
"""How many tricks from the end a seeded position is made when none is asked for."""
_NAMES: Final = ("North", "East", "South", "West")
LOSS_GRADES: Final = LossGrades(inaccuracy=1, mistake=1, blunder=2, unit="tricks")
"""How a review grades a bridge card by the tricks it cost its side, double dummy: a trick is a
mistake, two or more a blunder (a trick cannot be lost by halves, so there are no
inaccuracies)."""


@strict_arguments
@attrs.frozen
class BridgeAnalyser:
    """What the solver needs of bridge (:class:`cardgames.games.GameAnalysis`): the
    double-dummy search of :mod:`cardgames.bridge.analysis`, whose values are tricks."""

    objective: str = BRIDGE_OBJECTIVE

    def analyse(
        self,
        state: State,
        *,
        perspective: int | None,
        limit: Limit | None,
        progress: Callable[[SearchProgress], None] | None,
        horizon: int | None,
        estimates: bool,
    ) -> Analysis[Card]:
        """:func:`~cardgames.bridge.analysis.analyse_bridge` (the whole deal is searched:
        no horizon; ``estimates`` changes nothing).

        :raises AnalysisError: for a horizon.
        """
        if horizon is not None:
            raise AnalysisError(
                f"invalid horizon {quote(horizon)}: a bridge deal is searched to its end "
                "(expected None)"
            )
        return analyse_bridge(state, perspective=perspective, limit=limit)

    def solve(
        self, state: State, *, perspective: int | None, limit: Limit | None
    ) -> Solution[Card]:
        """:func:`~cardgames.bridge.analysis.solve_bridge`."""
        return solve_bridge(state, perspective=perspective, limit=limit)

    def reference_value(self, state: State, perspective: int | None) -> Fraction:
        """:func:`~cardgames.bridge.analysis.reference_bridge_value`."""
        return reference_bridge_value(state, perspective)

    def judged(self, state: State, move: Card) -> bool:
        """Every card is judged."""
        return True

    def unjudged_kind(self, state: State) -> str:
        """Never asked: every card is judged."""
        return "card"

    def skipped(self, state: State) -> int:
        """No card is passed over."""
        return 0

    def pending(self, state: State) -> str | None:
        """None: every position of the play can be analysed."""
        return None

    def values_are_estimates(self) -> bool:
        """False: the search is exact unless a limit stops it."""
        return False

    def side_words(self, state: State, perspective: int) -> str:
        """The partnership of ``perspective`` (declaring side or defenders) against the other."""
        seat = Seat(perspective)
        mine = sorted((seat, seat.partner))
        others = sorted((seat.next, seat.next.partner))
        role = "declaring side" if state.contract.is_declaring(seat) else "defenders"
        return (
            f"{_NAMES[mine[0]]} and {_NAMES[mine[1]]} (the {role}) against "
            f"{_NAMES[others[0]]} and {_NAMES[others[1]]}"
        )

    def loss_grades(self, state: State) -> LossGrades:
        """:data:`LOSS_GRADES`."""
        return LOSS_GRADES


@strict_arguments
@attrs.frozen
class BridgeGame:
    """The descriptor of bridge card play (:class:`cardgames.games.GameDescriptor`): the rule
    set is the contract, South declaring no trump when none is named."""

    name: str = "bridge"
    title: str = "Bridge"
    deal_word: str = "deal"
    state_type: type[State] = State
    rules_type: type[Contract] = Contract
    view_type: type[View] = View
    types: tuple[type, ...] = (State, View, Contract, Record, DealRecord, Deal)

    def default_rules(self) -> Contract:
        """No trump, South declaring."""
        return Contract(Seat.SOUTH, Strain.NO_TRUMP)

    def parse_rules(self, text: str) -> Contract:
        """:meth:`Contract.parse <cardgames.bridge.rules.Contract.parse>`."""
        return Contract.parse(text)

    def rules_from_words(self, text: str | None, players: int | None) -> Contract:
        """A contract (``'4S by N'``; None: no trump by South) for four players."""
        if players is not None and players != 4:
            raise RulesError(f"invalid players {quote(players)}: bridge is played by 4")
        return self.default_rules() if text is None else Contract.parse(text)

    def rules_of(self, state: State | View) -> Contract:
        """The contract."""
        return state.contract

    def players(self, rules: Contract) -> int:
        """Four."""
        return 4

    def deal(self, rules: Contract, seed: int, first: int) -> State:
        """A random deal (:func:`cardgames.bridge.deal.random_deal`) played in the contract; the
        contract says who leads, so ``first`` changes nothing."""
        return State(random_deal(seed), rules)

    def random_position(self, rules: Contract, seed: int, left: int | None) -> State:
        """:func:`cardgames.bridge.positions.random_position` in ``rules`` with ``left`` tricks
        to play (default :data:`DEFAULT_TRICKS_LEFT`)."""
        left = DEFAULT_TRICKS_LEFT if left is None else left
        return random_position(seed, contract=rules, tricks_left=left)

    def parse_state(self, text: str) -> State:
        """:meth:`State.parse <cardgames.bridge.state.State.parse>`."""
        return State.parse(text)

    def parse_move(self, text: str, state: State) -> Card:
        """A card (``QH``)."""
        return Card.parse(text)

    def view(self, state: State, seat: int) -> View:
        """:func:`cardgames.bridge.view.view_of`."""
        return view_of(state, seat)

    def chooser(self, state: State) -> int:
        """The seat to move, or the declarer when it is the dummy's turn."""
        return int(controller(state.contract, state.to_move))

    def rotations(self, rules: Contract) -> int:
        """Two: the bots of the first rotation swap partnerships in the second."""
        return 2

    def scores(self, state: State) -> tuple[Fraction, ...]:
        """Each seat's side's tricks minus half the tricks of the deal."""
        half = Fraction(state.deal.cards_each, 2)
        return tuple(state.tricks_of(seat) - half for seat in Seat)

    @property
    def score_words(self) -> str:
        """``"payoff (the side's tricks minus half the tricks)"``."""
        return "payoff (the side's tricks minus half the tricks)"

    def score_problem(self, scores: Sequence[Fraction]) -> str | None:
        """None: any scores may occur."""
        return None

    def loads(self, text: str) -> Record:
        """:func:`cardgames.bridge.records.loads`."""
        return loads(text)

    def dumps(self, state: State, tags: Mapping[str, str], indent: int | None) -> str:
        """:func:`cardgames.bridge.records.dumps` of the deal played up to ``state``."""
        return dumps(record_of(state, tags=tags), indent=indent)

    @property
    def analysis(self) -> BridgeAnalyser:
        """The solver's double-dummy analysis."""
        return _ANALYSER

    def state_text(self, state: State) -> str:
        """:func:`cardgames.bridge.render.state_to_unicode`."""
        return state_to_unicode(state)

    def state_svg(self, state: State) -> str:
        """:func:`cardgames.bridge.render.state_to_svg`."""
        return str(state_to_svg(state))

    def move_text(self, move: Card) -> str:
        """:func:`cardgames.bridge.render.card_to_unicode`."""
        return card_to_unicode(move)

    def seat_text(self, state: State, seat: int) -> str:
        """:func:`cardgames.bridge.render.view_to_unicode` of the seat's view (the dummy shown
        once the opening lead is made)."""
        return view_to_unicode(view_of(state, seat))

    def describe_move(self, state: State, move: Card, *, seen: bool) -> str:
        """:func:`cardgames.bridge.show.describe_move`."""
        return describe_move(state, move, seen=seen)

    def events(self, before: State, after: State) -> list[str]:
        """:func:`cardgames.bridge.show.events`."""
        return events(before, after)

    def analysis_text(self, state: State, analysis: Analysis[Card]) -> str:
        """The table, whose tricks the values count, and the analysis."""
        side = self.analysis.side_words(state, analysis.perspective)
        legend = (
            f"Values: the tricks {side} take in the whole deal, those already won included, "
            "with best play by both sides (double dummy)."
        )
        lines = [state_to_unicode(state), ""]
        lines.extend(textwrap.wrap(legend, width=88))
        lines.extend(["", analysis_to_unicode(analysis, state)])
        return "\n".join(lines)

    def deal_text(self, state: State) -> str:
        """:func:`cardgames.bridge.show.format_deal`."""
        return format_deal(state)

    def actions(self, rules: Contract) -> BridgeActions:
        """The action ids, masks and observations under ``rules`` (:class:`BridgeActions
        <cardgames.bridge.actions.BridgeActions>`)."""
        return BridgeActions(rules)

    def rule_move(self, view: View, rng: random.Random) -> Card:
        """:func:`cardgames.bridge.heuristics.choose_card` (deterministic)."""
        return choose_card(view)

    def settled_move(self, view: View) -> Card | None:
        """:func:`cardgames.bridge.bot_play.settled_move`."""
        return settled_move(view)

    def weighed_moves(self, view: View) -> tuple[Card, ...]:
        """The legal cards."""
        return view.legal_moves()

    def sampled_values(
        self,
        view: View,
        world: State,
        moves: Sequence[Card],
        settings: SamplingSettings,
        limit: Limit,
    ) -> list[float]:
        """:func:`cardgames.bridge.bot_play.sampled_values`."""
        return sampled_values(view, world, moves, settings, limit)

    def planned_move(
        self, view: View, settings: SamplingSettings, rng: random.Random
    ) -> Card | None:
        """None: every card is valued world by world."""
        return None

    def play_likelihood(
        self, view: View, settings: SamplingSettings
    ) -> Callable[[State, float], float] | None:
        """:func:`cardgames.bridge.bot_play.play_likelihood`."""
        return play_likelihood(view, settings)


_ANALYSER: Final = BridgeAnalyser()

GAME: Final = BridgeGame()
"""Bridge's descriptor, registered with :func:`cardgames.games.register` when
:mod:`cardgames.bridge` is imported."""
