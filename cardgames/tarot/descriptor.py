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
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs

from cardgames.search.results import Analysis, Limit, Solution
from cardgames.tarot.analysis import (
    TAROT_OBJECTIVE,
    analyse_tarot,
    reference_tarot_value,
    solve_tarot,
)
from cardgames.tarot.bot_play import sampled_values, settled_move, tarot_rule_move
from cardgames.tarot.contracts import AnyMove, parse_move
from cardgames.tarot.deal import Deal
from cardgames.tarot.env_space import TarotActions
from cardgames.tarot.estimates import analyse_with_estimates
from cardgames.tarot.game import Game
from cardgames.tarot.positions import random_position
from cardgames.tarot.records import DealRecord, Record, Series, dumps, loads, record_of
from cardgames.tarot.render import move_to_unicode
from cardgames.tarot.rules import Rules
from cardgames.tarot.show import format_deal
from cardgames.tarot.state import Move, Phase, State, Trick, deal
from cardgames.tarot.view import View

if TYPE_CHECKING:
    from cardgames.games import SamplingSettings
    from cardgames.search.results import SearchProgress

__all__ = ["GAME", "TarotAnalyser", "TarotGame", "side_words"]

DEFAULT_TRICKS_LEFT: Final = 8
"""How many tricks from the end a seeded position is made when none is asked for."""

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

    def values_are_estimates(self) -> bool:
        """False: Tarot values are exact unless a limit or an estimate says otherwise."""
        return False

    def side_words(self, state: State, perspective: int) -> str:
        """See :func:`side_words`."""
        return side_words(state, perspective)


@attrs.frozen
class TarotGame:
    """The descriptor of Tarot (:class:`cardgames.games.GameDescriptor`): every rules family,
    with ``Rules.traditional(players=3)`` when none is named."""

    name: str = "tarot"
    title: str = "Tarot"
    deal_word: str = "deal"
    state_type: type[State] = State
    types: tuple[type, ...] = (State, View, Rules, Record, DealRecord, Series, Deal, Game, Trick)

    def default_rules(self) -> Rules:
        """Traditional rules for three players."""
        return Rules.traditional(players=3)

    def parse_rules(self, text: str) -> Rules:
        """:meth:`Rules.parse <cardgames.tarot.rules.Rules.parse>`."""
        return Rules.parse(text)

    def rules_of(self, state: State | View) -> Rules:
        """The state's (view's) rules."""
        return state.rules

    def players(self, rules: Rules) -> int:
        """``rules.players``."""
        return rules.players

    def deal(self, rules: Rules, seed: int, first: int) -> State:
        """:func:`cardgames.tarot.deal` with ``first`` dealing."""
        return deal(rules, seed, dealer=first)

    def random_position(self, rules: Rules, seed: int, left: int | None) -> State:
        """:func:`cardgames.tarot.random_position` with ``left`` whole tricks to play
        (default :data:`DEFAULT_TRICKS_LEFT`)."""
        return random_position(
            rules, seed=seed, tricks_left=DEFAULT_TRICKS_LEFT if left is None else left
        )

    def parse_state(self, text: str) -> State:
        """:meth:`State.parse <cardgames.tarot.state.State.parse>`."""
        return State.parse(text)

    def parse_move(self, text: str, state: State) -> AnyMove:
        """A card (``5S``, ``21T``, ``EX``), and under French rules a bid, call, announcement
        or poignée (:func:`cardgames.tarot.parse_move`)."""
        return parse_move(text) if state.rules.bidding else Move.parse(text)

    def view(self, state: State, seat: int) -> View:
        """``state.view(seat)``."""
        return state.view(seat)

    def chooser(self, state: State) -> int:
        """The seat to move (the discarder while the discard is made)."""
        return state.to_move

    def loads(self, text: str) -> Record:
        """:func:`cardgames.tarot.loads`."""
        return loads(text)

    def dumps(self, start: State, moves: Sequence[AnyMove], tags: Mapping[str, str]) -> str:
        """The record of ``moves`` played from ``start`` (:func:`cardgames.tarot.dumps`)."""
        state = start
        for move in moves:
            state = state.play(move)
        return dumps(record_of(state, tags=tags), indent=2)

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

    def deal_text(self, start: State, moves: Sequence[AnyMove]) -> str:
        """:func:`cardgames.tarot.show.format_deal` of the deal played out, hands first."""
        state = start
        for move in moves:
            state = state.play(move)
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


_ANALYSER: Final = TarotAnalyser()

GAME: Final = TarotGame()
"""Tarot's descriptor, registered with :func:`cardgames.games.register` when
:mod:`cardgames.tarot` is imported."""
