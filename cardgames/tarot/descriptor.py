"""Tarot as one object: :data:`GAME`, the game's descriptor, through which the shared floors
(the solver, reviews, batches, arenas, bots, environments, the command line) reach everything
Tarot offers without naming the game (see :mod:`cardgames.games`).

>>> from cardgames import games, tarot
>>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=7)
>>> game = games.of(state)
>>> game is GAME, game.players(state.rules), game.parse_rules('traditional-4').players
(True, 3, 4)
>>> game.analysis.side_words(tarot.deal(tarot.Rules.traditional(players=4), seed=1), 1)
'seats 1 and 3 (partners) against seats 0 and 2'
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Final, TypeAlias

import attrs

from cardgames.errors import RulesError
from cardgames.games import SamplingSettings
from cardgames.search.grades import LossGrades
from cardgames.search.results import Analysis, Limit, SearchProgress, Solution
from cardgames.tarot.analysis import (
    TAROT_OBJECTIVE,
    analyse_tarot,
    reference_tarot_value,
    solve_tarot,
)
from cardgames.tarot.bot_play import sampled_values, settled_move, tarot_rule_move
from cardgames.tarot.contracts import Announcement, Bid, Call, Declaration, parse_move
from cardgames.tarot.deal import Deal
from cardgames.tarot.env_space import TarotActions
from cardgames.tarot.estimates import analyse_with_estimates
from cardgames.tarot.french_bidding import planned_move
from cardgames.tarot.game import Game
from cardgames.tarot.inference import play_likelihood
from cardgames.tarot.positions import random_position
from cardgames.tarot.records import DealRecord, Record, Series, dumps, loads, record_of
from cardgames.tarot.render import (
    NOTATION_LEGEND,
    analysis_to_unicode,
    move_to_unicode,
    state_to_unicode,
    values_legend,
)
from cardgames.tarot.rules import Rules
from cardgames.tarot.show import describe_move, events, format_deal
from cardgames.tarot.state import Move, Phase, State, Trick, deal
from cardgames.tarot.view import View
from cardgames.validation import ascii_lower, quote, strict_arguments

# The moves of every phase, spelt out: the docs read a signature's types from this module.
AnyMove: TypeAlias = Move | Bid | Call | Announcement | Declaration

__all__ = [
    "DEFAULT_TRICKS_LEFT",
    "FRENCH_PLAYERS",
    "GAME",
    "LOSS_GRADES",
    "TarotAnalyser",
    "TarotGame",
    "pending",
    "side_words",
]

DEFAULT_TRICKS_LEFT: Final = 8
"""How many tricks from the end a seeded position is made when none is asked for."""

FRENCH_PLAYERS: Final = 4
"""The players French Tarot is played by when no number is given: the FFT's standard game."""
_PRESETS: Final[dict[str, tuple[Callable[[int], Rules], int]]] = {
    "simplified": (Rules.simplified, 4),
    "traditional": (Rules.traditional, 3),
    "french": (Rules.french, FRENCH_PLAYERS),
}

LOSS_GRADES: Final = LossGrades(
    inaccuracy=Fraction(2), mistake=Fraction(4), blunder=Fraction(8), estimate_margin=Fraction(2)
)
"""How a Tarot review grades a card by the card points it cost its side: an inaccuracy from 2
points (a few low cards' worth), a mistake from 4 (about a King or a bout given away), a blunder
from 8 (two Kings' worth: often more than the margin a contract is made or lost by). An
estimated loss counts 2 points less, the estimates' usual error at ten tricks left (see the
solver's page)."""

_UNJUDGED: Final = {
    Phase.BIDDING: "bid",
    Phase.CALL: "call",
    Phase.DISCARD: "discard",
    Phase.ANNOUNCE: "announcement",
    Phase.PLAY: "declaration",
}


def _seats(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(seat) for seat in seats[:-1]) + f" and {seats[-1]}"


_PHASE_WORDS: Final = {
    Phase.BIDDING: "the bidding, where seat {seat} is to bid",
    Phase.CALL: "the call, where the taker, seat {seat}, is to call a card",
    Phase.ANNOUNCE: "the announcement, where the taker, seat {seat}, is to announce a slam or not",
    Phase.DISCARD: "the discard, where seat {seat} is to discard {left} more card{plural}",
}


def pending(state: State) -> str | None:
    """What keeps a Tarot position from the solver, which analyses the play of the cards: the
    phase it is still in, in words, or None (a position in play, or over).

    >>> from cardgames import tarot
    >>> pending(tarot.deal(tarot.Rules.french(players=4), seed=1, dealer=0))
    'still in the bidding, where seat 3 is to bid'
    """
    words = _PHASE_WORDS.get(state.phase)
    if words is None:
        return None
    left = state.discard_remaining
    plural = "s" if left != 1 else ""
    if state.phase is Phase.DISCARD and not state.rules.bidding:
        return (
            f"still in the discard phase, where the dealer, seat {state.to_move}, has {left} "
            f"more card{plural} to set aside"
        )
    return f"still in {words.format(seat=state.to_move, left=left, plural=plural)}"


def side_words(state: State, perspective: int) -> str:
    """Whose value an analysis of ``state`` from ``perspective``'s side is, in plain words:
    the seats of the side and the seats they play against (in the three-player game a seat
    plays alone against the other two together; under French rules, once the taker is
    known, the taker's side or the defence).

    >>> from cardgames import tarot
    >>> side_words(tarot.deal(tarot.Rules.traditional(players=3), seed=1), 2)
    'seat 2 alone against seats 0 and 1 together'
    """
    players = state.rules.players
    team = state.team_of(perspective)
    mine = [seat for seat in range(players) if state.team_of(seat) == team]
    others = [seat for seat in range(players) if state.team_of(seat) != team]
    if state.rules.bidding and state.taker is not None:
        side = "the taker's side" if state.taker in mine else "the defence"
        who = f"{side} ({_seats(mine)})"
    elif len(mine) > 1:
        who = f"{_seats(mine)} (partners)"
    else:
        who = _seats(mine) + (" alone" if len(others) > 1 else "")
    together = " together" if len(others) > 1 and len(mine) == 1 else ""
    return f"{who} against {_seats(others)}{together}"


@strict_arguments
@attrs.frozen
class TarotAnalyser:
    """What the solver needs of Tarot (:class:`cardgames.games.GameAnalysis`): the analyses of
    :mod:`cardgames.tarot.analysis` and :mod:`cardgames.tarot.estimates`, and how a review
    treats the moves that are not cards played."""

    objective: str = TAROT_OBJECTIVE

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
        """:func:`~cardgames.tarot.analysis.analyse_tarot`, or with ``estimates``
        :func:`~cardgames.tarot.estimates.analyse_with_estimates`."""
        if estimates:
            return analyse_with_estimates(
                state, perspective=perspective, limit=limit, progress=progress
            )
        return analyse_tarot(
            state, perspective=perspective, limit=limit, progress=progress, horizon=horizon
        )

    def solve(
        self, state: State, *, perspective: int | None, limit: Limit | None
    ) -> Solution[Move]:
        """:func:`~cardgames.tarot.analysis.solve_tarot`."""
        return solve_tarot(state, perspective=perspective, limit=limit)

    def reference_value(self, state: State, perspective: int | None) -> Fraction:
        """:func:`~cardgames.tarot.analysis.reference_tarot_value`."""
        return reference_tarot_value(state, perspective)

    def judged(self, state: State, move: AnyMove) -> bool:
        """Every card played is judged; under French rules the bids, the call, the taker's
        discard, the announcement and the poignées are not."""
        if not state.rules.bidding:
            return True
        return state.phase is Phase.PLAY and isinstance(move, Move)

    def unjudged_kind(self, state: State) -> str:
        """``"bid"``, ``"call"``, ``"discard"``, ``"announcement"`` or ``"declaration"``."""
        return _UNJUDGED.get(state.phase, "move")

    def skipped(self, state: State) -> int:
        """The dealer's discard (traditional and simplified rules), which no search values."""
        if state.rules.bidding or state.phase is not Phase.DISCARD:
            return 0
        return state.discard_remaining

    def pending(self, state: State) -> str | None:
        """The phase the position is still in before the play of the cards (the bidding, the
        call, the discard or the announcement), in words, or None."""
        return pending(state)

    def values_are_estimates(self) -> bool:
        """False: Tarot values are exact unless a limit or an estimate says otherwise."""
        return False

    def side_words(self, state: State, perspective: int) -> str:
        """See :func:`side_words`."""
        return side_words(state, perspective)

    def loss_grades(self, state: State) -> LossGrades:
        """:data:`LOSS_GRADES`, for every rules family (a King is worth about 4½ card points
        in each)."""
        return LOSS_GRADES


@strict_arguments
@attrs.frozen
class TarotGame:
    """The descriptor of Tarot (:class:`cardgames.games.GameDescriptor`): every rules family,
    with ``Rules.traditional(players=3)`` when none is named."""

    name: str = "tarot"
    title: str = "Tarot"
    deal_word: str = "deal"
    state_type: type[State] = State
    rules_type: type[Rules] = Rules
    view_type: type[View] = View
    types: tuple[type, ...] = (State, View, Rules, Record, DealRecord, Series, Deal, Game, Trick)

    def default_rules(self) -> Rules:
        """Traditional rules for three players."""
        return Rules.traditional(players=3)

    def parse_rules(self, text: str) -> Rules:
        """:meth:`Rules.parse <cardgames.tarot.rules.Rules.parse>`."""
        return Rules.parse(text)

    def rules_from_words(self, text: str | None, players: int | None) -> Rules:
        """``simplified``, ``traditional`` or ``french`` with ``players`` (by default 4, 3
        and :data:`FRENCH_PLAYERS`), or a rules text (which ``players`` must agree with);
        None is ``traditional``."""
        name = "traditional" if text is None else ascii_lower(text.strip())
        if text is None or name in _PRESETS:
            make, usual = _PRESETS[name]
            return make(usual if players is None else players)
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
        """:func:`cardgames.tarot.state.deal` with ``first`` dealing."""
        return deal(rules, seed, dealer=first)

    def random_position(self, rules: Rules, seed: int, left: int | None) -> State:
        """:func:`cardgames.tarot.positions.random_position` with ``left`` whole tricks to play
        (default :data:`DEFAULT_TRICKS_LEFT`)."""
        return random_position(
            rules, seed=seed, tricks_left=DEFAULT_TRICKS_LEFT if left is None else left
        )

    def parse_state(self, text: str) -> State:
        """:meth:`State.parse <cardgames.tarot.state.State.parse>`."""
        return State.parse(text)

    def parse_move(self, text: str, state: State) -> AnyMove:
        """A card (``5S``, ``21T``, ``EX``), and under French rules a bid, call, announcement
        or poignée (:func:`cardgames.tarot.contracts.parse_move`)."""
        return parse_move(text) if state.rules.bidding else Move.parse(text)

    def view(self, state: State, seat: int) -> View:
        """``state.view(seat)``."""
        return state.view(seat)

    def chooser(self, state: State) -> int:
        """The seat to move (the discarder while the discard is made)."""
        return state.to_move

    def rotations(self, rules: Rules) -> int:
        """One per seat."""
        return rules.players

    def scores(self, state: State) -> tuple[Fraction, ...]:
        """The deal's payoffs (under French rules the contract's score; 0 each when every
        seat passed)."""
        return tuple(Fraction(payoff) for payoff in state.payoffs())

    @property
    def score_words(self) -> str:
        """``"payoff"``."""
        return "payoff"

    def score_problem(self, scores: Sequence[Fraction]) -> str | None:
        """None: any payoffs may occur."""
        return None

    def loads(self, text: str) -> Record:
        """:func:`cardgames.tarot.records.loads`."""
        return loads(text)

    def dumps(self, state: State, tags: Mapping[str, str], indent: int | None) -> str:
        """:func:`cardgames.tarot.records.dumps` of the deal played up to ``state``."""
        return dumps(record_of(state, tags=tags), indent=indent)

    @property
    def analysis(self) -> TarotAnalyser:
        """The solver's Tarot analysis."""
        return _ANALYSER

    def state_text(self, state: State) -> str:
        """``state.to_unicode()``."""
        return state.to_unicode()

    def state_svg(self, state: State) -> str:
        """``state.to_svg()``."""
        return str(state.to_svg())

    def move_text(self, move: AnyMove) -> str:
        """:func:`cardgames.tarot.render.move_to_unicode`."""
        return move_to_unicode(move)

    def seat_text(self, state: State, seat: int) -> str:
        """:func:`cardgames.tarot.render.state_to_unicode` for ``seat``: its own hand, the
        others' card counts, the trick (and under French rules the auction and the dog)."""
        return state_to_unicode(state, seat)

    def describe_move(self, state: State, move: AnyMove, *, seen: bool) -> str:
        """:func:`cardgames.tarot.show.describe_move`."""
        return describe_move(state, move, seen=seen)

    def events(self, before: State, after: State) -> list[str]:
        """:func:`cardgames.tarot.show.events`."""
        return events(before, after)

    def analysis_text(self, state: State, analysis: Analysis[Move]) -> str:
        """The table, how the cards are written, what the values are, and the analysis with
        its best line split into tricks (:func:`cardgames.tarot.render.analysis_to_unicode`)."""
        legend = [NOTATION_LEGEND, values_legend(analysis, state)]
        sides = self.analysis.side_words(state, analysis.perspective)
        legend.append(f"Sides: {sides}.")
        lines = [state_to_unicode(state), ""]
        lines.extend(line for text in legend for line in textwrap.wrap(text, width=88))
        lines.extend(["", analysis_to_unicode(analysis, state)])
        return "\n".join(lines)

    def deal_text(self, state: State) -> str:
        """:func:`cardgames.tarot.show.format_deal`, the hands dealt first."""
        return format_deal(state, hands=True)

    def actions(self, rules: Rules) -> TarotActions:
        """The action ids, masks and observations under ``rules`` (:class:`TarotActions
        <cardgames.tarot.env_space.TarotActions>`)."""
        return TarotActions(rules)

    def rule_move(self, view: View, rng: random.Random) -> AnyMove:
        """:func:`cardgames.tarot.bot_play.tarot_rule_move` (deterministic)."""
        return tarot_rule_move(view)

    def settled_move(self, view: View) -> AnyMove | None:
        """:func:`cardgames.tarot.bot_play.settled_move`."""
        return settled_move(view)

    def weighed_moves(self, view: View) -> tuple[Move, ...]:
        """The cards among the legal moves (a poignée is settled by the rules of thumb)."""
        return view.legal_card_moves()

    def sampled_values(
        self,
        view: View,
        world: State,
        moves: Sequence[AnyMove],
        settings: SamplingSettings,
        limit: Limit,
    ) -> list[float]:
        """:func:`cardgames.tarot.bot_play.sampled_values`."""
        return sampled_values(view, world, moves, settings, limit)

    def planned_move(
        self, view: View, settings: SamplingSettings, rng: random.Random
    ) -> AnyMove | None:
        """:func:`cardgames.tarot.french_bidding.planned_move`."""
        return planned_move(view, settings, rng)

    def play_likelihood(
        self, view: View, settings: SamplingSettings
    ) -> Callable[[State, float], float] | None:
        """:func:`cardgames.tarot.inference.play_likelihood`, with the bot's
        ``settings.deviation``."""
        return play_likelihood(view, error=settings.deviation)


_ANALYSER: Final = TarotAnalyser()

GAME: Final = TarotGame()
"""Tarot's descriptor, registered with :func:`cardgames.games.register` when
:mod:`cardgames.tarot` is imported."""
