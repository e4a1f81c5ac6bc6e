"""What a French Tarot deal pays one seat, for :class:`cardgames.bots.pimc.PIMCBot`.

The solver values a card by the card points its side ends the deal with; a French deal
pays by the contract's score instead (:mod:`cardgames.tarot.scoring`). The two differ where
it matters most: the points the taker's side needs depend on the bouts it ends with (56, 51,
41 or 36 for none to three), crossing that target swings the score by ``2 × 25 ×
multiplier`` and the poignées, and trump 1 in the last trick earns ``10 × multiplier`` to
whoever wins that trick. This module turns a value in card points into the payoff of the seat
that is choosing, in three ways:

* :func:`final_payoff`: the payoff of a finished deal (a line played to the end), exactly as
  the deal's score pays it: points, bouts, petit au bout, poignées, slam;
* :func:`points_payoff` with ``spread=0``: the payoff if the deal ended with the seat's side
  on ``points`` card points, the taker's side with the bouts it holds now (won or in hand);
* the same with ``spread`` above 0, for an *estimate* of the points: the expected payoff when
  the attack's final points are spread normally around the estimate with that standard
  deviation. The jump at the target then becomes a slope (the chance of making the contract),
  so that a card raising the chance of crossing the target is worth more than one adding the
  same points far from it.

A payoff is the seat's own: at three and four players the taker collects the score from each
defender, at five it takes two shares and its partner one (four alone); each defender pays one.

A prise (multiplier 1) at four players, the taker holding one bout and ending on 55 points
(target 51, made by 4), each defender pays ``25 + 4``; on 50 points it fails by 1:

>>> from fractions import Fraction
>>> round(contract_total(Fraction(55), bouts=1, multiplier=1, round_margin=True), 6)
29.0
>>> round(contract_total(Fraction(50), bouts=1, multiplier=1, round_margin=True), 6)
-26.0

(the taker's payoff is three times that, :func:`payoff_share`).

With a spread, the same 51 points exactly on the target are worth nothing on average:

>>> round(contract_total(51.0, bouts=1, multiplier=1, round_margin=False, spread=5.0), 6)
0.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from cardgames.errors import RulesError
from cardgames.search.results import Limit
from cardgames.tarot.analysis import solve_tarot
from cardgames.tarot.contracts import target
from cardgames.tarot.scoring import BASE
from cardgames.tarot.state import Move, State
from cardgames.validation import quote

__all__ = [
    "EXACT_LINE_TRICKS",
    "contract_total",
    "final_payoff",
    "payoff_share",
    "points_payoff",
    "points_payoffs",
    "score_values",
    "spread_for",
]

_MISSED_SLAM: Final = -200  # an announced slam not made, never multiplied
EXACT_LINE_TRICKS: Final = 4
"""With this many tricks left or fewer, :func:`score_values` plays each move's best line to
the end and scores it (petit au bout included); with more, it converts the points."""


def contract_total(
    points: Fraction | float,
    *,
    bouts: int,
    multiplier: int,
    round_margin: bool,
    bonus: int = 0,
    spread: float = 0.0,
) -> float:
    """The score each defender pays (negative: receives) when the attack ends with ``points``
    card points and ``bouts`` bouts: ``±(25 + margin) × multiplier ± bonus`` (the bonus being
    the poignées, which go to the side that wins the deal).

    With ``spread`` above 0, ``points`` is an estimate and the value is the expectation over
    final points normally spread around it with that standard deviation:
    ``multiplier × (25 × (2p - 1) + points - target) + bonus × (2p - 1)``, ``p`` the chance
    of reaching the target (the margin is then not rounded).

    >>> contract_total(Fraction(81, 2), bouts=2, multiplier=2, round_margin=True)
    -52.0
    >>> contract_total(Fraction(81, 2), bouts=2, multiplier=2, round_margin=False)
    -51.0
    >>> contract_total(60, bouts=0, multiplier=1, round_margin=True, bonus=20)
    49.0
    >>> round(contract_total(60, bouts=0, multiplier=1, round_margin=False, spread=4.0), 2)
    21.07

    (made by 4 on the estimate, but with a chance of about 16 % to fall short).

    :raises RulesError: for bouts outside 0 to 3 or a negative spread.
    """
    if not isinstance(bouts, int) or not 0 <= bouts <= 3:
        raise RulesError(f"invalid bouts {quote(bouts)}: expected an int from 0 to 3")
    if not spread >= 0:
        raise RulesError(f"invalid spread {quote(spread)}: expected a number of points >= 0")
    needed = target(bouts)
    if spread == 0:
        made = points >= needed
        margin = abs(Fraction(points) - needed)
        if round_margin:
            margin = Fraction(math.ceil(margin))
        sign = 1 if made else -1
        return float(sign * ((BASE + margin) * multiplier + bonus))
    mean = float(points) - needed
    swing = math.erf(mean / (spread * math.sqrt(2.0)))  # 2p - 1
    return multiplier * (BASE * swing + mean) + bonus * swing


def payoff_share(state: State, seat: int) -> int:
    """How many times the contract's total ``seat`` collects: ``players - 1`` for the taker
    playing against every other seat, at five players 2 for a taker with a partner and 1 for
    the partner, -1 for a defender (0 before there is a taker).

    >>> from cardgames import tarot
    >>> state = tarot.random_position(tarot.Rules.french(players=4), seed=3, tricks_left=2)
    >>> sorted(payoff_share(state, seat) for seat in range(4))
    [-1, -1, -1, 3]
    """
    taker = state.taker
    if taker is None:
        return 0
    partner = state.partner
    defenders = state.rules.players - 1 - (partner is not None)
    if seat == taker:
        return defenders - (partner is not None)
    return 1 if seat == partner else -1


def spread_for(tricks_unseen: int) -> float:
    """The spread (in card points) given to an estimate that has ``tricks_unseen`` tricks left
    beyond what was searched: ``2 × √tricks_unseen``, an assumption, not a fit (about 4.5
    points at five tricks, the size of the horizon estimate's mean error at that depth).

    >>> spread_for(0), spread_for(4)
    (0.0, 4.0)
    """
    return 2.0 * math.sqrt(max(tricks_unseen, 0))


def points_payoff(
    state: State, seat: int, side_points: Fraction | float, *, spread: float = 0.0
) -> float:
    """``seat``'s payoff if the French deal of ``state`` ended with ``seat``'s side on
    ``side_points`` card points, the attack with the bouts it holds now (won, counted for it
    in the dog or the discard, or still in its hands: see
    :meth:`cardgames.tarot.state.State.target`), the poignées declared so far, no petit au
    bout, and no slam (one announced counts as missed, -200); with ``spread`` an estimate
    (see :func:`contract_total`).

    :raises RulesError: if ``state`` is not a French position with a taker.
    """
    return points_payoffs(state, seat, [side_points], spread=spread)[0]


def points_payoffs(
    state: State, seat: int, side_points: Sequence[Fraction | float], *, spread: float = 0.0
) -> list[float]:
    """:func:`points_payoff` of each of ``side_points`` (the position's figures worked out
    once).

    :raises RulesError: if ``state`` is not a French position with a taker.
    """
    taker = state.taker if state.rules.bidding else None
    if taker is None:
        raise RulesError(f"invalid state {quote(state)}: expected a French position with a taker")
    contract = state.contract
    assert contract is not None
    needed = state.target()
    assert needed is not None
    bouts = (56, 51, 41, 36).index(needed)
    pack = state.rules.pack_total if state.team_of(seat) else None
    bonus = sum(level.bonus for _, level in state.poignees)
    slam = _MISSED_SLAM if state.slam_announced else 0
    share = payoff_share(state, seat)
    return [
        share
        * (
            slam
            + contract_total(
                points if pack is None else pack - points,
                bouts=bouts,
                multiplier=contract.multiplier,
                round_margin=state.rules.round_margin,
                bonus=bonus,
                spread=spread,
            )
        )
        for points in side_points
    ]


def final_payoff(final: State, seat: int) -> float:
    """``seat``'s payoff in a finished French deal (see :meth:`cardgames.tarot.state.State.score`).

    :raises RulesError: if ``final`` is not a finished French deal with a taker.
    """
    score = final.score()
    if score is None:
        raise RulesError(f"invalid state {quote(final)}: expected a finished French deal")
    return float(score.payoffs[seat])


def score_values(
    world: State,
    seat: int,
    cards: tuple[Move, ...],
    points: list[float],
    *,
    exact: bool,
    tricks_unseen: int,
    limit: Limit,
) -> list[float]:
    """Each of ``cards``' payoff to ``seat`` in one sampled French ``world``, from ``points``,
    the card points of ``seat``'s side after each (the solver's exact values when ``exact``,
    else estimates with ``tricks_unseen`` tricks beyond the search).

    Exact values with :data:`EXACT_LINE_TRICKS` tricks left or fewer: each card's best line
    (the solver's principal variation after it, within ``limit``) is played to the end and
    its score taken (:func:`final_payoff`), so the bouts, the petit au bout and the slam are
    the line's own; should the search stop short, the points are converted as below. Exact
    values earlier: :func:`points_payoff` with no spread. Estimates: :func:`points_payoff`
    with the spread of :func:`spread_for`.
    """
    if not exact:
        return points_payoffs(world, seat, points, spread=spread_for(tricks_unseen))
    if len(world.hands[seat]) > EXACT_LINE_TRICKS:
        return points_payoffs(world, seat, points)

    values = []
    for move, value in zip(cards, points, strict=True):
        final = world.play(move)
        if not final.is_over:
            solution = solve_tarot(final, perspective=seat, limit=limit)
            for step in solution.pv:
                final = final.play(step)
        values.append(
            final_payoff(final, seat) if final.is_over else points_payoff(world, seat, value)
        )
    return values
