""":class:`PIMCBot`: perfect-information Monte Carlo — sample the hidden cards, solve each
sample, play the move that does best on average.

For each decision the bot draws ``worlds`` complete deals consistent with its view
(:meth:`cardgames.tarot.view.View.samples`, :meth:`cardgames.tailor.view.View.samples`),
values every legal move in each of them as if all cards were visible, adds the values up and
plays the move with the largest total. Of moves with equal totals it plays the one
:class:`cardgames.bots.rule_bot.RuleBot` would (the first in the legal order if RuleBot's move
is not among them): early in a Tarot deal many cards come out level on the horizon's estimate,
and RuleBot's choice between them measured better than the legal order (+0.40 points per deal,
95 % interval [0.13, 0.67], over 30 duplicate three-player deals).

How a move is valued in one world:

* **Tarot**, with ``exact_tricks`` or fewer tricks left (counting the one in progress): by the
  solver (:func:`cardgames.solver.analyse`, the side's card points at the end of the deal),
  within ``nodes`` search nodes. Should the budget run out, the estimate is the midpoint of
  the bounds the solver proved.
* **Tarot**, earlier in the deal, where an exact solve is out of reach: by ``estimate``:

  ``"rollout"``
      play the move, then play the world out to the end with the rules of thumb of
      :class:`cardgames.bots.rule_bot.RuleBot` for every seat; the value is the side's card
      points at the end.
  ``"midpoint"``
      the solver within ``nodes`` nodes; the midpoint of the proved lower and upper bounds.
  ``"lower"``
      the same search; its lower bound (what the side is sure to make).
  ``"learned"`` (the default), ``"share"`` and ``"strength"``
      the solver's horizon search (:func:`cardgames.solver.tarot.analyse_tarot` with
      ``horizon=lookahead`` whole tricks), exact over those tricks, the points still in play
      after them estimated (:class:`cardgames.tarot.horizon.Estimate`) by the learned
      evaluation (:mod:`cardgames.tarot.evaluation`, fitted to exact values of three-player
      positions; elsewhere it falls back to the strength estimate), by the side's head-count
      share, or in proportion to the trumps and court cards each side holds, within ``nodes``
      nodes.

* **Bridge**, with ``bridge_exact_tricks`` or fewer tricks left (counting the one in
  progress): by the double-dummy solver (:func:`cardgames.solver.bridge.analyse_bridge`, the
  tricks of the side that chooses), within ``nodes`` nodes (the midpoint of the proved bounds
  if the budget runs out). Earlier, where a double-dummy solve of the whole deal costs
  seconds to minutes, by a play-out (:func:`bridge_rollout_tricks`): the move, then every seat
  playing :class:`cardgames.bots.rule_bot.RuleBot`'s rules on its own view of the world.
  The declarer chooses the dummy's cards from its own view.
* **Chase the Tailor**: the solver's horizon search
  (:func:`cardgames.solver.tailor.analyse_tailor`) ``horizon`` moves deep within
  ``nodes`` nodes, its value being the seat's payoff minus the others' mean, with the round
  scored on the hands held when it is cut at the horizon.

The discard of a Tarot dealer is left to :class:`cardgames.bots.rule_bot.RuleBot` (the solver
analyses the play of the cards only).

**French Tarot** (:meth:`cardgames.tarot.rules.Rules.french`): every decision that is not a
card is RuleBot's (:func:`cardgames.bots.rule_bot.tarot_rule_move`): the bid, the call, the
discard, the slam announcement and the poignée, which RuleBot declares before its first card
whenever it may. The cards are chosen as above: the worlds come from the French view (so the
partner, while the seat does not know it, is drawn with each world), and the solver values a
card by the card points the seat's side ends with, the dog or the discard counted for the
side it belongs to, under the overtrump rule. With ``objective="score"`` (the default) each
world's points are then turned into what the deal would pay the seat
(:func:`cardgames.bots.french_value.score_values`) before the worlds are added up: exact
points with the bouts the attack holds in that world; an estimate as an expected score, the
jump at the target smoothed by the estimate's spread; and with four tricks left or fewer each
card's best line is played to the end and scored, petit au bout and slam included. With
``objective="points"`` the bot adds up the card points themselves, as it did before.

The budget: ``worlds`` and ``nodes`` bound the work of every move and keep the bot exactly
reproducible (same view, same ``rng``, same move on any machine). ``time_per_move`` adds a
wall-clock cap: the worlds are drawn one at a time, each just before it is valued, the worlds
still to value share what is left of the cap, and the bot reads the clock before drawing each
world after the first, stopping once the cap is spent (at least one world is always valued).
A move then takes at most ``time_per_move`` plus the drawing and set-up of one world's search
or play-out (a few milliseconds), but which worlds were valued, and so the move, can depend
on the machine's speed. The worlds drawn are the same as without a cap
(:meth:`~cardgames.tarot.view.View.samples` draws them one after the other from the same
``rng``), the cap only cuts their number.

>>> import random
>>> from cardgames import tarot
>>> from cardgames.bots import PIMCBot
>>> from cardgames.tarot.view import view_of
>>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=3)
>>> while len(state.tricks) < 22:  # three tricks left
...     state = state.play(state.legal_moves()[-1])
>>> view = view_of(state, state.to_move)
>>> bot = PIMCBot(worlds=4)
>>> move = bot.choose(view, random.Random(7))
>>> move in state.legal_moves()
True
>>> move == bot.choose(view, random.Random(7))
True
"""

from __future__ import annotations

import random
import time
from fractions import Fraction
from typing import Any, Final, Literal, overload

import attrs

from cardgames import bridge, solver, tailor, tarot
from cardgames.bots.bridge_heuristics import choose_card
from cardgames.bots.french_value import score_values
from cardgames.bots.protocol import TarotMove, check_rng
from cardgames.bots.rule_bot import tailor_rule_move, tarot_rule_move
from cardgames.bots.tarot_heuristics import choose_card_index
from cardgames.bots.views import legal_moves_of
from cardgames.bridge.view import View as BridgeView
from cardgames.bridge.view import controller, view_of
from cardgames.cards import Card
from cardgames.errors import RulesError
from cardgames.search.results import Analysis, MoveValue
from cardgames.tailor.view import View as TailorView
from cardgames.tarot.horizon import Estimate as HorizonEstimate
from cardgames.tarot.view import View as TarotView
from cardgames.validation import check_int, quote, strict_arguments

__all__ = [
    "ESTIMATES",
    "OBJECTIVES",
    "Estimate",
    "Objective",
    "PIMCBot",
    "bridge_rollout_tricks",
    "rollout_points",
]

Estimate = Literal["rollout", "midpoint", "lower", "share", "strength", "learned"]
"""How :class:`PIMCBot` values a Tarot move too early in a deal for the solver."""
ESTIMATES: Final[tuple[Estimate, ...]] = (
    "rollout",
    "midpoint",
    "lower",
    "share",
    "strength",
    "learned",
)
_HORIZON_ESTIMATES: Final = {
    "share": HorizonEstimate.SHARE,
    "strength": HorizonEstimate.STRENGTH,
    "learned": HorizonEstimate.LEARNED,
}
Objective = Literal["score", "points"]
"""What :class:`PIMCBot` maximises in French Tarot: the contract's score or the card points."""
OBJECTIVES: Final[tuple[Objective, ...]] = ("score", "points")
_NO_VOIDS: Final = (0,) * 6
_FULL: Final = (1 << 78) - 1


def _check_worlds(instance: PIMCBot, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, "PIMCBot worlds", low=1, high=10_000)


def _check_tricks(instance: PIMCBot, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, "PIMCBot exact_tricks", low=0, high=78)


def _check_nodes(instance: PIMCBot, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, "PIMCBot nodes", low=1, high=solver.MAX_NODES)


def _check_horizon(instance: PIMCBot, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, "PIMCBot horizon", low=1, high=1000)


def _check_lookahead(instance: PIMCBot, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, "PIMCBot lookahead", low=1, high=78)


def _check_bridge_tricks(instance: PIMCBot, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, "PIMCBot bridge_exact_tricks", low=0, high=13)


def _check_time(instance: PIMCBot, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if type(value) not in (int, float) or not 0 < value <= 3600:  # type: ignore[operator]
        raise RulesError(
            f"invalid PIMCBot time_per_move {quote(value)}: expected None or a number of "
            "seconds above 0 and at most 3600"
        )


def _check_estimate(instance: PIMCBot, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in ESTIMATES:
        raise RulesError(
            f"invalid PIMCBot estimate {quote(value)}: expected one of {', '.join(ESTIMATES)}"
        )


def _check_objective(instance: PIMCBot, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in OBJECTIVES:
        raise RulesError(
            f"invalid PIMCBot objective {quote(value)}: expected one of {', '.join(OBJECTIVES)}"
        )


def _check_name(instance: PIMCBot, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str) or not value:
        raise RulesError(f"invalid PIMCBot name {quote(value)}: expected a non-empty text")


@strict_arguments
@attrs.frozen(kw_only=True)
class PIMCBot:
    """Samples worlds from its view and solves each (see the module's description).

    :param worlds: worlds sampled per decision, 1 to 10,000.
    :param time_per_move: an optional wall-clock cap in seconds (None: none, and the bot is
        exactly reproducible).
    :param exact_tricks: Tarot: with this many tricks left or fewer, moves are valued by the
        solver; before, by ``estimate``.
    :param estimate: Tarot: ``"rollout"``, ``"midpoint"``, ``"lower"``, ``"share"``,
        ``"strength"`` or ``"learned"`` (see above).
    :param lookahead: Tarot, with ``"share"``, ``"strength"`` or ``"learned"``: whole tricks
        searched ahead.
    :param nodes: the node budget of one world's search.
    :param horizon: Chase the Tailor: the moves searched ahead.
    :param bridge_exact_tricks: bridge: with this many tricks left or fewer, cards are valued
        by the double-dummy solver; before, by RuleBot play-outs.
    :param objective: French Tarot: ``"score"`` (the contract's score, the default) or
        ``"points"`` (the side's card points, as before).
    :param name: the label the arena shows.
    :raises RulesError: for a setting of the wrong type or out of range.
    """

    worlds: int = attrs.field(default=12, validator=_check_worlds)
    time_per_move: float | None = attrs.field(default=None, validator=_check_time)
    exact_tricks: int = attrs.field(default=8, validator=_check_tricks)
    estimate: Estimate = attrs.field(default="learned", validator=_check_estimate)
    nodes: int = attrs.field(default=50_000, validator=_check_nodes)
    horizon: int = attrs.field(default=8, validator=_check_horizon)
    lookahead: int = attrs.field(default=1, validator=_check_lookahead)
    bridge_exact_tricks: int = attrs.field(default=5, validator=_check_bridge_tricks)
    objective: Objective = attrs.field(default="score", validator=_check_objective)
    name: str = attrs.field(default="pimc", validator=_check_name)

    @overload
    def choose(self, view: TarotView, rng: int | random.Random) -> TarotMove: ...
    @overload
    def choose(self, view: TailorView, rng: int | random.Random) -> tailor.Move: ...
    @overload
    def choose(self, view: BridgeView, rng: int | random.Random) -> Card: ...
    def choose(
        self, view: TarotView | TailorView | BridgeView, rng: int | random.Random
    ) -> TarotMove | tailor.Move | Card:
        """The move with the best total value over the sampled worlds.

        :param rng: a :class:`random.Random` (advanced) or an int seed.
        :raises RulesError: if ``view`` is not a view whose seat is to move, or ``rng`` is
            not a :class:`random.Random` or a seed.
        """
        rng = check_rng(rng)
        if isinstance(view, TarotView):
            return self._choose_tarot(view, rng)
        if isinstance(view, BridgeView):
            return self._choose_bridge(view, rng)
        return self._choose_tailor(view, rng)

    # -- Tarot -----------------------------------------------------------------------------

    def _choose_tarot(self, view: TarotView, rng: random.Random) -> TarotMove:
        moves = legal_moves_of(view)
        if len(moves) == 1:
            return moves[0]
        if view.phase is not tarot.Phase.PLAY:
            return tarot_rule_move(view)  # the bidding, the call, the discard, the slam
        rule = tarot_rule_move(view)
        if not isinstance(rule, tarot.Move):
            return rule  # a French poignée, declared by RuleBot's rule
        cards = view.legal_card_moves()
        if len(cards) == 1:
            return cards[0]
        clock = _Clock(self.time_per_move)
        totals = [0.0] * len(cards)
        solve = len(view.hand) <= self.exact_tricks
        score = self.objective == "score" and view.rules.bidding and view.taker is not None
        for done in range(self.worlds):
            if done and clock.spent():
                break
            world = view.sample(rng)  # drawn one at a time, so the clock is read between
            share = clock.share(self.worlds - done)
            limit = solver.Limit(nodes=self.nodes, time=share)
            if not solve and self.estimate in _HORIZON_ESTIMATES:
                from cardgames.solver.tarot import analyse_tarot

                analysis = analyse_tarot(
                    world,
                    perspective=view.seat,
                    limit=limit,
                    horizon=self.lookahead,
                    estimate=_HORIZON_ESTIMATES[self.estimate],
                )
                values = _values(analysis, cards, lower_only=False)
            elif solve or self.estimate != "rollout":
                analysis = solver.analyse(world, perspective=view.seat, limit=limit)
                lower_only = not solve and self.estimate == "lower"
                values = _values(analysis, cards, lower_only)
            else:
                values = [rollout_points(world.play(move), view.seat) for move in cards]
            if score:  # French Tarot: each world's points to the seat's payoff
                unseen = 0 if self.estimate == "rollout" else len(view.hand) - self.lookahead
                values = score_values(
                    world, view.seat, cards, values, exact=solve, tricks_unseen=unseen, limit=limit
                )
            for at, value in enumerate(values):
                totals[at] += value
        return cards[_best(totals, cards.index(rule))]

    # -- Chase the Tailor ------------------------------------------------------------------

    def _choose_tailor(self, view: TailorView, rng: random.Random) -> tailor.Move:
        from cardgames.solver.tailor import analyse_tailor

        moves = legal_moves_of(view)
        if len(moves) == 1:
            return moves[0]
        clock = _Clock(self.time_per_move)
        totals = [0.0] * len(moves)
        for done in range(self.worlds):
            if done and clock.spent():
                break
            world = view.sample(rng)
            share = clock.share(self.worlds - done)
            analysis = analyse_tailor(
                world,
                perspective=view.seat,
                limit=solver.Limit(nodes=self.nodes, time=share),
                horizon=self.horizon,
            )
            for at, value in enumerate(_values(analysis, moves, lower_only=False)):
                totals[at] += value
        return moves[_best(totals, moves.index(tailor_rule_move(view)))]

    # -- bridge ----------------------------------------------------------------------------

    def _choose_bridge(self, view: BridgeView, rng: random.Random) -> Card:
        from cardgames.solver.bridge import analyse_bridge

        cards = legal_moves_of(view)
        if len(cards) == 1:
            return cards[0]
        clock = _Clock(self.time_per_move)
        totals = [0.0] * len(cards)
        seat = view.to_move
        solve = view.cards_each - view.tricks_played <= self.bridge_exact_tricks
        for done in range(self.worlds):
            if done and clock.spent():
                break
            world = view.sample(rng)
            if solve:
                limit = solver.Limit(nodes=self.nodes, time=clock.share(self.worlds - done))
                analysis = analyse_bridge(world, perspective=int(seat), limit=limit)
                values = _values(analysis, cards, lower_only=False)
            else:
                values = [bridge_rollout_tricks(world.play(card), seat) for card in cards]
            for at, value in enumerate(values):
                totals[at] += value
        return cards[_best(totals, cards.index(choose_card(view)))]


class _Clock:
    """The optional time cap of one decision."""

    def __init__(self, seconds: float | None) -> None:
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def spent(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def share(self, worlds_left: int) -> float | None:
        """The seconds one of the ``worlds_left`` remaining worlds may take (None: no cap)."""
        if self.deadline is None:
            return None
        left = self.deadline - time.perf_counter()
        return max(left / max(worlds_left, 1), 1e-6)


def _best(totals: list[float], preferred: int) -> int:
    """The move with the largest total; of several, ``preferred`` (RuleBot's move) if it is
    one of them, else the first (totals within a rounding error count as equal)."""
    top = max(totals)
    slack = 1e-9 * max(1.0, abs(top))
    if totals[preferred] >= top - slack:
        return preferred
    return next(at for at, total in enumerate(totals) if total >= top - slack)


def _values(analysis: Analysis[Any], moves: tuple[Any, ...], lower_only: bool) -> list[float]:
    by_move: dict[Any, MoveValue[Any]] = {entry.move: entry for entry in analysis.move_values}
    values = []
    for move in moves:
        entry = by_move[move]
        if lower_only or entry.lower == entry.upper:
            values.append(float(entry.lower))
        else:
            values.append(float((entry.lower + entry.upper) / 2))
    return values


def rollout_points(state: tarot.State, seat: int) -> float:
    """Play ``state`` out to the end with :class:`cardgames.bots.rule_bot.RuleBot`'s rules of thumb
    for every seat, each seeing its own hand and the cards played (no inference of voids; under
    French rules, the sides known, and no poignée declared), and return the card points of
    ``seat``'s side at the end (as :meth:`cardgames.tarot.state.State.team_points` counts them).

    >>> from cardgames import tarot
    >>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=1)
    >>> while len(state.tricks) < 21:
    ...     state = state.play(state.legal_moves()[0])
    >>> 0 <= rollout_points(state, 0) <= 78
    True

    :raises RulesError: if ``state`` is not a Tarot state in its play phase or later.
    """
    if not isinstance(state, tarot.State) or state.phase not in (
        tarot.Phase.PLAY,
        tarot.Phase.OVER,
    ):
        raise RulesError(f"invalid play-out state {quote(state)}: expected a Tarot play position")
    rules = state.rules
    discarder = state.discarder
    discard = state.discard.mask
    dog = 0  # unseen by every seat
    sides: tuple[int, ...] | None = None
    if rules.bidding:
        contract = state.contract
        if contract is not None and not contract.dog_shown:
            dog = state.initial.talon.mask
        sides = tuple(state.team_of(p) for p in range(rules.players))
    while not state.is_over:
        player = state.to_move
        hands = state.hands
        hand = hands[player].mask
        legal = 0
        for move in state.legal_card_moves():
            legal |= move.card.mask
        unseen = 0
        for other, cards in enumerate(hands):
            if other != player:
                unseen |= cards.mask
        if player != discarder:
            unseen |= discard
        unseen |= dog
        trick = state.trick
        index = choose_card_index(
            rules,
            player,
            hand,
            [card.index for card in trick.cards],
            trick.players,
            legal,
            unseen & _FULL & ~hand,
            _NO_VOIDS,
            sides,
        )
        state = state.play(tarot.Move(tarot.TarotCard.from_index(index)))
    points: Fraction = state.team_points()[state.team_of(seat)]
    return float(points)


def bridge_rollout_tricks(state: bridge.State, seat: int) -> float:
    """Play ``state`` out to the end with :class:`cardgames.bots.rule_bot.RuleBot`'s bridge rules
    for every seat, each choosing from its own view (the declarer for the dummy), and return the
    tricks ``seat``'s side has won at the end.

    >>> from cardgames import bridge
    >>> state = bridge.random_position(1, tricks_played=10)
    >>> bridge_rollout_tricks(state, 0) + bridge_rollout_tricks(state, 1)
    13.0

    :raises RulesError: if ``state`` is not a bridge state.
    """
    if not isinstance(state, bridge.State):
        raise RulesError(f"invalid play-out state {quote(state)}: expected a bridge State")
    while not state.is_over:
        chooser = controller(state.contract, state.to_move)
        state = state.play(choose_card(view_of(state, chooser)))
    return float(state.tricks_of(seat))
