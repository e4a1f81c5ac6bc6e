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
      the solver's horizon search (:func:`cardgames.tarot.analysis.analyse_tarot` with
      ``horizon=lookahead`` whole tricks), exact over those tricks, the points still in play
      after them estimated (:class:`cardgames.tarot.horizon.Estimate`) by the learned
      evaluation (:mod:`cardgames.tarot.evaluation`, fitted to exact values of three-player
      positions; elsewhere it falls back to the strength estimate), by the side's head-count
      share, or in proportion to the trumps and court cards each side holds, within ``nodes``
      nodes.

* **Bridge**, with ``bridge_exact_tricks`` or fewer tricks left (counting the one in
  progress): by the double-dummy solver (:func:`cardgames.bridge.analysis.analyse_bridge`, the
  tricks of the side that chooses), within ``nodes`` nodes (the midpoint of the proved bounds
  if the budget runs out). Earlier, where a double-dummy solve of the whole deal costs
  seconds to minutes, by a play-out
  (:func:`~cardgames.bridge.bot_play.bridge_rollout_tricks`): the move, then every seat
  playing :class:`cardgames.bots.rule_bot.RuleBot`'s rules on its own view of the world.
  The declarer chooses the dummy's cards from its own view.
* **Chase the Tailor**: the solver's horizon search
  (:func:`cardgames.tailor.analysis.analyse_tailor`) ``horizon`` moves deep within
  ``nodes`` nodes, its value being the seat's payoff minus the others' mean, with the round
  scored on the hands held when it is cut at the horizon.

**Inference.** With ``candidates`` above 1 (the default is 4) the bot draws ``candidates``
times as many worlds as it values and keeps the ``worlds`` likeliest under the game's model
of the other seats' play (:meth:`cardgames.games.GameDescriptor.play_likelihood`: RuleBot's
rules, each deviation having probability ``deviation``), so that what the others chose — a
card, a discard, a bid — tells the bot where the cards are. ``candidates=1`` is plain PIMC.

**French bidding** is by simulation by default (``bidding="simulate"``,
:mod:`cardgames.tarot.french_bidding`, reached through
:meth:`cardgames.games.GameDescriptor.planned_move`); ``bidding="rule"`` bids by RuleBot's count.

The discard of a Tarot dealer is left to :class:`cardgames.bots.rule_bot.RuleBot` (the solver
analyses the play of the cards only).

**French Tarot** (:meth:`cardgames.tarot.rules.Rules.french`): every decision that is not a
card or a bid is RuleBot's (:func:`cardgames.tarot.bot_play.tarot_rule_move`): the call, the
discard, the slam announcement and the poignée, which RuleBot declares before its first card
whenever it may. The cards are chosen as above: the worlds come from the French view (so the
partner, while the seat does not know it, is drawn with each world), and the solver values a
card by the card points the seat's side ends with, the dog or the discard counted for the
side it belongs to, under the overtrump rule. With ``objective="score"`` (the default) each
world's points are then turned into what the deal would pay the seat
(:func:`cardgames.tarot.french_value.score_values`) before the worlds are added up: exact
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

import heapq
import math
import random
import time
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar, overload

import attrs

from cardgames import games, solver
from cardgames.bots.protocol import TarotMove, check_rng
from cardgames.bots.views import legal_moves_of
from cardgames.bridge.bot_play import bridge_rollout_tricks
from cardgames.errors import RulesError
from cardgames.tarot.bot_play import rollout_points
from cardgames.validation import check_int, quote, strict_arguments

if TYPE_CHECKING:
    from cardgames import tailor
    from cardgames.bridge.view import View as BridgeView
    from cardgames.cards import Card
    from cardgames.games import GameView
    from cardgames.tailor.view import View as TailorView
    from cardgames.tarot.view import View as TarotView

M = TypeVar("M")

__all__ = [
    "BIDDINGS",
    "ESTIMATES",
    "OBJECTIVES",
    "TAILOR_ESTIMATES",
    "Bidding",
    "Estimate",
    "Objective",
    "PIMCBot",
    "TailorEstimate",
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
Objective = Literal["score", "points"]
"""What :class:`PIMCBot` maximises in French Tarot: the contract's score or the card points."""
OBJECTIVES: Final[tuple[Objective, ...]] = ("score", "points")
Bidding = Literal["rule", "simulate"]
"""How :class:`PIMCBot` bids in French Tarot: by RuleBot's count, or by simulation."""
BIDDINGS: Final[tuple[Bidding, ...]] = ("rule", "simulate")
TailorEstimate = Literal["search", "rollout"]
"""How :class:`PIMCBot` values a Chase the Tailor move in one world."""
TAILOR_ESTIMATES: Final[tuple[TailorEstimate, ...]] = ("search", "rollout")


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


def _check_bidding(instance: PIMCBot, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in BIDDINGS:
        raise RulesError(
            f"invalid PIMCBot bidding {quote(value)}: expected one of {', '.join(BIDDINGS)}"
        )


def _check_tailor(instance: PIMCBot, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in TAILOR_ESTIMATES:
        raise RulesError(
            f"invalid PIMCBot tailor_estimate {quote(value)}: expected one of "
            f"{', '.join(TAILOR_ESTIMATES)}"
        )


def _check_candidates(instance: PIMCBot, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, "PIMCBot candidates", low=1, high=100)


def _check_deviation(instance: PIMCBot, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not float or not 0.0 < value < 1.0:
        raise RulesError(
            f"invalid PIMCBot deviation {quote(value)}: expected a float above 0 and below 1"
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
    bridge_exact_tricks: int = attrs.field(default=8, validator=_check_bridge_tricks)
    objective: Objective = attrs.field(default="score", validator=_check_objective)
    bidding: Bidding = attrs.field(default="simulate", validator=_check_bidding)
    tailor_estimate: TailorEstimate = attrs.field(default="search", validator=_check_tailor)
    candidates: int = attrs.field(default=4, validator=_check_candidates)
    deviation: float = attrs.field(default=0.1, validator=_check_deviation)
    name: str = attrs.field(default="pimc", validator=_check_name)

    @overload
    def choose(self, view: TarotView, rng: int | random.Random) -> TarotMove: ...
    @overload
    def choose(self, view: TailorView, rng: int | random.Random) -> tailor.Move: ...
    @overload
    def choose(self, view: BridgeView, rng: int | random.Random) -> Card: ...
    @overload
    def choose(self, view: GameView[M], rng: int | random.Random) -> M: ...
    def choose(self, view: Any, rng: int | random.Random) -> Any:
        """The move with the best total value over the sampled worlds.

        :param rng: a :class:`random.Random` (advanced) or an int seed.
        :raises RulesError: if ``view`` is not a view whose seat is to move, or ``rng`` is
            not a :class:`random.Random` or a seed.
        """
        rng = check_rng(rng)
        legal_moves_of(view)
        game = games.of(view)
        planned = game.planned_move(view, self, rng)
        if planned is not None:
            return planned
        settled = game.settled_move(view)
        if settled is not None:
            return settled
        moves = game.weighed_moves(view)
        clock = _Clock(self.time_per_move)
        totals = [0.0] * len(moves)
        likelihood = game.play_likelihood(view, self) if self.candidates > 1 else None
        pool: list[Any] | None = None
        weights = [1.0] * self.worlds
        if likelihood is not None:
            pool, weights = _likeliest(view, rng, likelihood, self.worlds, self.candidates, clock)
        for done in range(self.worlds if pool is None else len(pool)):
            if done and clock.spent():
                break
            # Without inference the worlds are drawn one at a time, the clock read between.
            world = view.sample(rng) if pool is None else pool[done]
            limit = solver.Limit(nodes=self.nodes, time=clock.share(self.worlds - done))
            values = game.sampled_values(view, world, moves, self, limit)
            for at, value in enumerate(values):
                totals[at] += weights[done] * value
        rule = game.rule_move(view, rng)
        return moves[_best(totals, moves.index(rule) if rule in moves else 0)]


def _likeliest(
    view: Any,
    rng: random.Random,
    likelihood: Any,
    worlds: int,
    candidates: int,
    clock: _Clock,
) -> tuple[list[Any], list[float]]:
    """The ``worlds`` likeliest of ``worlds * candidates`` worlds drawn from ``view`` (the
    earlier drawn first among equals), each with weight 1 (weighting them by likelihood
    measured worse: two or three worlds then carried every decision).
    Under a time cap the clock is read before each draw after the first, and the drawing
    stops once the cap is spent."""
    pool = []
    for done in range(worlds * candidates):
        if done and clock.spent():
            break
        pool.append(view.sample(rng))
    # Only the likeliest ``worlds`` are kept: a world sure to fall below the ``worlds``-th best
    # value so far is dropped as soon as that is sure (the likelihoods only fall).
    scores: list[float] = []
    best: list[float] = []  # a min-heap of the ``worlds`` best values so far
    for world in pool:
        floor = best[0] if len(best) == worlds else -math.inf
        score = likelihood(world, floor)
        scores.append(score)
        if len(best) < worlds:
            heapq.heappush(best, score)
        elif score > best[0]:
            heapq.heapreplace(best, score)
    kept = sorted(range(len(pool)), key=lambda at: -scores[at])[:worlds]
    return [pool[at] for at in kept], [1.0] * len(kept)


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
