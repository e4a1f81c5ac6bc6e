"""Tests of PIMCBot's French objective (cardgames.bots.french_value): card points turned into
the contract's score, checked on examples worked out by hand, and the bot that uses it."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from cardgames import solver, tarot
from cardgames.bots import PIMCBot
from cardgames.bots.french_value import (
    contract_total,
    final_payoff,
    payoff_share,
    points_payoff,
    score_values,
    spread_for,
)
from cardgames.errors import RulesError
from cardgames.tarot.view import view_of

FRENCH3 = tarot.Rules.french(players=3)
FRENCH4 = tarot.Rules.french(players=4)


def total(points: Fraction | float, bouts: int, multiplier: int = 1, **extra: object) -> float:
    return contract_total(points, bouts=bouts, multiplier=multiplier, round_margin=True, **extra)  # type: ignore[arg-type]


@pytest.mark.parametrize(("bouts", "needed"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_the_target_follows_the_bouts(bouts: int, needed: int) -> None:
    # Exactly on the target: made by 0, worth the base 25; half a point short: lost by 1
    # (½ rounded up), so the jump at the target is 25 + 26 = 51 for half a point.
    assert total(needed, bouts) == 25.0
    assert total(Fraction(2 * needed - 1, 2), bouts) == -26.0
    assert total(needed + 10, bouts, multiplier=2) == (25 + 10) * 2


def test_worked_examples() -> None:
    # A garde (x2) made with 2 bouts on 45½ points: target 41, margin 4½ -> 5, (25 + 5) x 2.
    assert total(Fraction(91, 2), 2, multiplier=2) == 60.0
    # The same with a single poignée (20) shown: it goes to the winning side.
    assert total(Fraction(91, 2), 2, multiplier=2, bonus=20) == 80.0
    # A garde contre (x6) lost with no bout on 40 points: margin 16, -(25 + 16) x 6 - 20.
    assert total(40, 0, multiplier=6, bonus=20) == -(41 * 6 + 20)
    # Keeping the half point: a prise lost by ½ with 1 bout.
    exact = contract_total(Fraction(101, 2), bouts=1, multiplier=1, round_margin=False)
    assert exact == -25.5


def test_the_spread_turns_the_jump_into_a_slope() -> None:
    on_target = contract_total(51.0, bouts=1, multiplier=2, round_margin=False, spread=5.0)
    assert on_target == pytest.approx(0.0)
    values = [
        contract_total(points, bouts=1, multiplier=1, round_margin=False, spread=5.0)
        for points in (40.0, 48.0, 51.0, 54.0, 62.0)
    ]
    assert values == sorted(values)
    # Near the target a point is worth more than far from it (the chance of making it).
    assert values[3] - values[2] > (values[4] - values[3]) / 8 * 3
    # Far from the target the spread hardly matters.
    far = contract_total(80.0, bouts=1, multiplier=1, round_margin=False, spread=5.0)
    assert far == pytest.approx(25 + 29, abs=1e-6)
    assert spread_for(0) == 0.0 and spread_for(9) == 6.0


def test_bad_figures_are_refused() -> None:
    with pytest.raises(RulesError, match="bouts"):
        total(50, 4)
    with pytest.raises(RulesError, match="spread"):
        contract_total(50, bouts=1, multiplier=1, round_margin=True, spread=-1.0)
    with pytest.raises(RulesError, match="French position"):
        points_payoff(tarot.deal(tarot.Rules.traditional(players=3), seed=1), 0, 40)
    with pytest.raises(RulesError, match="finished French deal"):
        final_payoff(tarot.random_position(FRENCH4, seed=3, tricks_left=2), 0)


def test_points_payoff_takes_the_seats_side_and_share() -> None:
    state = tarot.random_position(FRENCH4, seed=3, tricks_left=2)
    taker = state.taker
    assert taker is not None and state.contract is not None
    needed = state.target()
    assert needed is not None
    bouts = (56, 51, 41, 36).index(needed)
    defender = next(seat for seat in range(4) if seat != taker)
    expected = total(
        needed + 3,
        bouts,
        multiplier=state.contract.multiplier,
        bonus=sum(level.bonus for _, level in state.poignees),
    )
    assert points_payoff(state, taker, needed + 3) == 3 * expected
    # The same end seen by a defender: its side holds the rest of the 91 points.
    assert points_payoff(state, defender, 91 - needed - 3) == -expected
    assert payoff_share(state, taker) == 3 and payoff_share(state, defender) == -1


def test_each_card_is_scored_by_its_best_line_played_to_the_end() -> None:
    # Three players, garde sans (x4) with a slam announced; the taker (seat 0) holds
    # 5S 8S 1T 21T and defender seat 2 leads from 1S 2S 10S 5H with four tricks left.
    state = tarot.random_position(FRENCH3, seed=283, tricks_left=4)
    assert state.taker == 0 and state.to_move == 2
    assert state.contract is tarot.contracts.Contract.GARDE_SANS
    cards = state.legal_card_moves()
    assert [str(card) for card in cards] == ["1S", "2S", "10S", "5H"]
    analysis = solver.analyse(state, perspective=2)
    points = [
        float(entry.lower)
        for entry in sorted(analysis.move_values, key=lambda e: cards.index(e.move))
    ]
    assert points == [52.5, 52.5, 50.5, 52.5]  # on points, 10S is the worst card
    values = score_values(
        state, 2, cards, points, exact=True, tricks_unseen=0, limit=solver.Limit(nodes=50_000)
    )
    # By hand. The taker keeps 21T and 1T for the end whatever seat 2 leads (a spade he
    # follows and wins with 5S, the heart he trumps with 21T), so the petit is au bout in
    # every line. After 1S, 2S or 5H the attack ends with 38½ points and 3 bouts (target
    # 36): made by 2½ -> 3, (25 + 3) x 4 = 112, petit au bout +40, slam announced and
    # missed -200: total -48, so each defender receives 48. After 10S it ends with 40½:
    # made by 4½ -> 5, (25 + 5) x 4 = 120, +40, -200: total -40, each defender +40.
    # (A best line in which the taker spent the petit early once scored 10S at 80.)
    assert values == [48.0, 48.0, 40.0, 48.0]


def test_final_payoff_is_the_scores() -> None:
    state = tarot.random_position(FRENCH4, seed=5, tricks_left=1)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    score = state.score()
    assert score is not None
    assert [final_payoff(state, seat) for seat in range(4)] == [float(p) for p in score.payoffs]


def test_the_french_bot_sees_a_view_and_is_reproducible() -> None:
    state = tarot.random_position(FRENCH3, seed=283, tricks_left=4)
    view = view_of(state, 2)
    bot = PIMCBot(worlds=4, nodes=20_000)
    assert bot.objective == "score"
    move = bot.choose(view, random.Random(3))
    assert move in state.legal_card_moves()
    assert all(bot.choose(view, random.Random(3)) == move for _ in range(2))
    with pytest.raises(RulesError):
        bot.choose(state, random.Random(3))  # type: ignore[call-overload]


def test_the_objective_is_checked_and_points_is_the_old_objective() -> None:
    with pytest.raises(RulesError, match="objective 'money'"):
        PIMCBot(objective="money")  # type: ignore[arg-type]
    # Early in a deal (a horizon estimate) and in the exact endgame both objectives choose a
    # legal card from the same view and the same worlds.
    for tricks_left in (12, 4):
        state = tarot.random_position(FRENCH4, seed=11, tricks_left=tricks_left)
        view = view_of(state, state.to_move)
        legal = state.legal_card_moves()
        for objective in ("score", "points"):
            bot = PIMCBot(worlds=2, nodes=5_000, objective=objective)
            assert bot.choose(view, random.Random(1)) in legal


def test_the_command_line_takes_the_objective() -> None:
    from cardgames.cli.options import parse_bot

    bot = parse_bot("pimc:objective=points:worlds=3")
    assert isinstance(bot, PIMCBot) and bot.objective == "points" and bot.worlds == 3
    script = Path(sys.executable).with_name("cardgames")
    command = [str(script), "arena", "tarot", "--rules", "french", "--players", "3"]
    bad = subprocess.run(
        [*command, "--bots", "pimc:objective=money,rule,rule", "--deals", "1"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode != 0
    assert "objective must be one of score, points" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_a_search_stopped_short_falls_back_on_the_points() -> None:
    # With a budget too small for the lines, each card's points are converted instead (the
    # attack's bouts as held now), never a half-played line scored.
    state = tarot.random_position(FRENCH3, seed=283, tricks_left=4)
    cards = state.legal_card_moves()
    points = [52.5, 52.5, 50.5, 52.5]
    values = score_values(
        state, 2, cards, points, exact=True, tricks_unseen=0, limit=solver.Limit(nodes=1)
    )
    assert values == [points_payoff(state, 2, value) for value in points]
    # Attack on 38½ or 40½ with 3 bouts (target 36), garde sans, slam announced and so far
    # counted as missed: (25 + 3) x 4 - 200 = -88 and (25 + 5) x 4 - 200 = -80.
    assert values == [88.0, 88.0, 80.0, 88.0]
