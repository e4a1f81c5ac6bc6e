"""Whist as one object: the descriptor that plugs the game into the library
(:class:`cardgames.games.GameDescriptor`). Every member is a line or two over the game's own
modules; nothing here reaches into the library beyond its public core."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs

from cardgames.cards import Card
from cardgames.errors import RulesError
from cardgames.search.results import Analysis, Limit
from cardgames.svg import hand as hand_picture
from cardgames.validation import quote
from whist.actions import WhistActions
from whist.game import SEATS, Rules, State, View, deal
from whist.records import DealRecord, Record, dumps, loads
from whist.search import WhistAnalyser

if TYPE_CHECKING:
    from cardgames.games import SamplingSettings


@attrs.frozen
class WhistGame:
    """The descriptor of whist."""

    name: str = "whist"
    title: str = "Whist"
    deal_word: str = "deal"
    state_type: type[State] = State
    rules_type: type[Rules] = Rules
    view_type: type[View] = View
    types: tuple[type, ...] = (State, View, Rules, Record, DealRecord)

    def default_rules(self) -> Rules:
        return Rules()

    def actions(self, rules: Rules) -> WhistActions:
        return WhistActions(rules)

    def parse_rules(self, text: str) -> Rules:
        return Rules.parse(text)

    def rules_from_words(self, text: str | None, players: int | None) -> Rules:
        if players not in (None, SEATS):
            raise RulesError(f"invalid players {quote(players)}: whist is played by 4")
        return Rules() if text is None else Rules.parse(text)

    def rules_of(self, state: State | View) -> Rules:
        return state.rules

    def players(self, rules: Rules) -> int:
        return SEATS

    def deal(self, rules: Rules, seed: int, first: int) -> State:
        return deal(rules, seed)

    def random_position(self, rules: Rules, seed: int, left: int | None) -> State:
        state = deal(rules, seed)
        rng = random.Random(seed)
        while len(state.played) < 4 * (rules.cards_each - (left or 3)):
            moves = state.legal_moves()
            state = state.play(moves[rng.randrange(len(moves))])
        return state

    def parse_state(self, text: str) -> State:
        return State.parse(text)

    def parse_move(self, text: str, state: State) -> Card:
        return Card.parse(text)

    def view(self, state: State, seat: int) -> View:
        return state.view(seat)

    def chooser(self, state: State) -> int:
        return state.to_move

    def rotations(self, rules: Rules) -> int:
        return 2  # partnerships: the bots of the first rotation swap sides in the second

    def scores(self, state: State) -> tuple[Fraction, ...]:
        half = Fraction(state.rules.cards_each, 2)
        return tuple(payoff - half for payoff in state.payoffs())

    @property
    def score_words(self) -> str:
        return "the side's tricks minus half the tricks"

    def score_problem(self, scores: Sequence[Fraction]) -> str | None:
        return None

    def loads(self, text: str) -> Record:
        return loads(text)

    def dumps(self, state: State, tags: Mapping[str, str], indent: int | None) -> str:
        return dumps(state, tags, indent)

    @property
    def analysis(self) -> WhistAnalyser:
        return _ANALYSER

    def state_text(self, state: State) -> str:
        return state.to_unicode()

    def state_svg(self, state: State) -> str:
        # One row per seat: the hands drawn by the core's picture of a hand, nested.
        rows = [str(hand_picture(hand)) for hand in state.hands if hand]
        height = 70 * max(1, len(rows))
        body = "".join(
            f'<g transform="translate(0,{70 * at})">{row}</g>' for at, row in enumerate(rows)
        )
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="600" height="{height}">{body}</svg>'

    def move_text(self, move: Card) -> str:
        if not isinstance(move, Card):
            raise RulesError(f"invalid whist move {quote(move)}: expected a card")
        return move.to_unicode()

    def deal_text(self, state: State) -> str:
        tricks = [
            " ".join(map(str, state.played[at : at + 4])) for at in range(0, len(state.played), 4)
        ]
        lines = [f"Whist {state.rules}"] + [f"  trick {n}: {t}" for n, t in enumerate(tricks, 1)]
        lines.append(f"  tricks: seats 0 and 2 {state.tricks(0)}, seats 1 and 3 {state.tricks(1)}")
        return "\n".join(lines)

    def seat_text(self, state: State, seat: int) -> str:
        return state.view(seat).to_unicode()

    def describe_move(self, state: State, move: Card, *, seen: bool) -> str:
        return f"plays {move.to_unicode()}"

    def events(self, before: State, after: State) -> list[str]:
        return []

    def analysis_text(self, state: State, analysis: Analysis[Card]) -> str:
        return state.to_unicode() + "\n\n" + analysis.to_unicode(self.move_text)

    def rule_move(self, view: View, rng: random.Random) -> Card:
        return min(view.legal_moves(), key=lambda card: (card.index % 13 + 12) % 13)

    def settled_move(self, view: View) -> Card | None:
        moves = view.legal_moves()
        return moves[0] if len(moves) == 1 else None

    def weighed_moves(self, view: View) -> tuple[Card, ...]:
        return view.legal_moves()

    def sampled_values(
        self,
        view: View,
        world: State,
        moves: Sequence[Card],
        settings: SamplingSettings,
        limit: Limit,
    ) -> list[float]:
        analysis = _ANALYSER.analyse(
            world, perspective=view.seat, limit=limit, progress=None, horizon=None, estimates=False
        )
        by_move = {entry.move: entry for entry in analysis.move_values}
        return [float((by_move[move].lower + by_move[move].upper) / 2) for move in moves]

    def planned_move(
        self, view: View, settings: SamplingSettings, rng: random.Random
    ) -> Card | None:
        return None

    def play_likelihood(
        self, view: View, settings: SamplingSettings
    ) -> Callable[[State, float], float] | None:
        return None  # no model of the other seats' play


_ANALYSER: Final = WhistAnalyser()

GAME: Final = WhistGame()
"""Whist's descriptor: ``cardgames.games.register(GAME)`` plugs the game in."""
