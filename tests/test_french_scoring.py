"""French Tarot scoring (FFT): hand-worked examples, one test per rule, then properties and the
checks of every argument.

Each example works the score out by hand in its comments, in this order: the target from the
bouts, the margin (a half point rounded up unless ``round_margin`` is off), the contract
``(25 + margin) x multiplier`` signed by the result, then the petit au bout, the poignées, the
slam, the total each defender pays, and the shares.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.errors import NotationError, RulesError
from cardgames.tarot.contracts import Contract, Poignee
from cardgames.tarot.rules import Rules
from cardgames.tarot.scoring import ATTACK, DEFENCE, Score, score_deal
from cardgames.tarot.state import deal

PRISE, GARDE, GARDE_SANS, GARDE_CONTRE = (
    Contract.PRISE,
    Contract.GARDE,
    Contract.GARDE_SANS,
    Contract.GARDE_CONTRE,
)
SINGLE, DOUBLE, TRIPLE = Poignee.SINGLE, Poignee.DOUBLE, Poignee.TRIPLE
F = Fraction


def score(players: int = 4, **arguments: Any) -> Score:
    """score_deal under the French preset for ``players``."""
    return score_deal(Rules.french(players=players), **arguments)


def exact_rules(players: int = 4) -> Rules:
    """The French preset keeping the half point of the margin."""
    return attrs.evolve(Rules.french(players=players), round_margin=False)


def figures(result: Score, *names: str) -> tuple[object, ...]:
    """The named fields of a score, to compare with the figures worked out by hand."""
    return tuple(getattr(result, name) for name in names)


def seats(*payoffs: Fraction | int) -> tuple[Fraction, ...]:
    """Payoffs written by hand, as the Fractions a score holds."""
    return tuple(Fraction(value) for value in payoffs)


def four(taker_gets: Fraction | int, taker: int = 0) -> tuple[Fraction, ...]:
    """The payoffs at four players when each defender pays a third of ``taker_gets``."""
    each = -Fraction(taker_gets) / 3
    return tuple(Fraction(taker_gets) if seat == taker else each for seat in range(4))


# -- the contract: target, margin, multiplier, made or failed ---------------------------------


def test_the_target_depends_on_the_bouts_won() -> None:
    # 0 bouts need 56, 1 bout 51, 2 bouts 41, 3 bouts 36 (the points are exactly on target).
    for bouts, needed in enumerate((56, 51, 41, 36)):
        result = score(contract=PRISE, taker=0, points=needed, bouts=bouts)
        assert figures(result, "target", "made", "margin") == (needed, True, 0)


def test_prise_made_counts_once() -> None:
    # 1 bout: target 51. 55 points: made by 4. Contract (25 + 4) x 1 = +29.
    # 4 players: each of the three defenders pays 29, the taker gets 87.
    result = score(contract=PRISE, taker=0, points=55, bouts=1)
    assert figures(result, "made", "margin", "multiplier") == (True, 4, 1)
    assert result.contract_score == result.total == 29
    assert result.payoffs == seats(87, -29, -29, -29)


def test_prise_failed_counts_once_against_the_taker() -> None:
    # 2 bouts: target 41. 38 points: failed by 3. Contract -(25 + 3) x 1 = -28.
    # The taker (seat 1) pays 28 to each defender: -84.
    result = score(contract=PRISE, taker=1, points=38, bouts=2)
    assert figures(result, "made", "margin") == (False, 3)
    assert result.total == -28
    assert result.payoffs == seats(28, -84, 28, 28)


def test_garde_made_counts_twice() -> None:
    # 0 bouts: target 56. 60 points: made by 4. Contract (25 + 4) x 2 = +58. Taker +174.
    result = score(contract=GARDE, taker=2, points=60, bouts=0)
    assert figures(result, "multiplier", "total") == (2, 58)
    assert result.payoffs == seats(-58, -58, 174, -58)


def test_garde_failed_counts_twice_against_the_taker() -> None:
    # 3 bouts: target 36. 30 points: failed by 6. Contract -(25 + 6) x 2 = -62. Taker -186.
    result = score(contract=GARDE, taker=0, points=30, bouts=3)
    assert figures(result, "made", "total") == (False, -62)
    assert result.payoffs == four(-186)


def test_garde_sans_made_counts_four_times() -> None:
    # 2 bouts: target 41. 51 points: made by 10. Contract (25 + 10) x 4 = +140. Taker +420.
    result = score(contract=GARDE_SANS, taker=3, points=51, bouts=2)
    assert figures(result, "multiplier", "margin", "total") == (4, 10, 140)
    assert result.payoffs == seats(-140, -140, -140, 420)


def test_garde_sans_failed_counts_four_times_against_the_taker() -> None:
    # 1 bout: target 51. 45 points: failed by 6. Contract -(25 + 6) x 4 = -124. Taker -372.
    result = score(contract=GARDE_SANS, taker=0, points=45, bouts=1)
    assert result.total == -124
    assert result.payoffs == four(-372)


def test_garde_contre_made_counts_six_times() -> None:
    # 3 bouts: target 36. 46 points: made by 10. Contract (25 + 10) x 6 = +210. Taker +630.
    result = score(contract=GARDE_CONTRE, taker=0, points=46, bouts=3)
    assert figures(result, "multiplier", "total") == (6, 210)
    assert result.payoffs == four(630)


def test_garde_contre_failed_counts_six_times_against_the_taker() -> None:
    # 0 bouts: target 56. 36 points: failed by 20. Contract -(25 + 20) x 6 = -270. Taker -810.
    result = score(contract=GARDE_CONTRE, taker=1, points=36, bouts=0)
    assert result.total == -270
    assert result.payoffs == seats(270, -810, 270, 270)


def test_a_contract_exactly_on_target_is_made_by_zero() -> None:
    # 2 bouts, 41 points: made by 0. Contract (25 + 0) x 2 = +50.
    result = score(contract=GARDE, taker=0, points=41, bouts=2)
    assert figures(result, "made", "margin", "total") == (True, 0, 50)


def test_half_a_point_short_of_the_target_fails_by_one() -> None:
    # 2 bouts: target 41. 40.5 points: failed by 0.5, rounded up to 1. -(25 + 1) x 1 = -26.
    result = score(contract=PRISE, taker=0, points=F(81, 2), bouts=2)
    assert figures(result, "made", "margin", "total") == (False, 1, -26)


def test_half_a_point_over_the_target_makes_by_one() -> None:
    # 2 bouts: target 41. 41.5 points: made by 0.5, rounded up to 1. (25 + 1) x 1 = +26.
    result = score(contract=PRISE, taker=0, points=F(83, 2), bouts=2)
    assert figures(result, "made", "margin", "total") == (True, 1, 26)


def test_a_margin_and_a_half_rounds_up_to_the_next_whole_point() -> None:
    # 1 bout: target 51. 58.5 points: made by 7.5, rounded up to 8. (25 + 8) x 2 = +66.
    result = score(contract=GARDE, taker=0, points=F(117, 2), bouts=1)
    assert figures(result, "margin", "total") == (8, 66)


def test_round_margin_false_keeps_the_half_point() -> None:
    # 2 bouts: target 41. 40.5 points: failed by 0.5 exactly. -(25 + 0.5) x 1 = -25.5.
    # Each defender gets 25.5, the taker pays 76.5: half points, exact.
    result = score_deal(exact_rules(), contract=PRISE, taker=0, points=F(81, 2), bouts=2)
    assert figures(result, "made", "margin") == (False, F(1, 2))
    assert result.total == F(-51, 2)
    assert result.payoffs == seats(F(-153, 2), F(51, 2), F(51, 2), F(51, 2))
    assert all(isinstance(value, Fraction) for value in result.payoffs)


def test_round_margin_false_with_a_multiplier_can_give_whole_points() -> None:
    # 3 bouts: target 36. 35.5 points: failed by 0.5. -(25 + 0.5) x 6 = -153 (rounded: -156).
    result = score_deal(exact_rules(3), contract=GARDE_CONTRE, taker=0, points=F(71, 2), bouts=3)
    assert figures(result, "margin", "total") == (F(1, 2), -153)
    assert result.payoffs == seats(-306, 153, 153)
    assert score(3, contract=GARDE_CONTRE, taker=0, points=F(71, 2), bouts=3).total == -156


def test_round_margin_false_with_the_same_figures_on_a_whole_margin_changes_nothing() -> None:
    # 1 bout: target 51. 55 points: made by 4 either way. (25 + 4) x 4 = +116.
    arguments: dict[str, Any] = {"contract": GARDE_SANS, "taker": 0, "points": 55, "bouts": 1}
    assert score_deal(exact_rules(), **arguments) == score(**arguments)


# -- the petit au bout -------------------------------------------------------------------------


def test_petit_au_bout_to_the_attack_adds_ten_times_the_multiplier() -> None:
    # Garde, 1 bout: target 51. 56 points: made by 5. (25 + 5) x 2 = +60.
    # The attack won the last trick with trump 1 in it: +10 x 2 = +20. Total +80, taker +240.
    result = score(contract=GARDE, taker=0, points=56, bouts=1, last_trick_petit=ATTACK)
    assert figures(result, "contract_score", "petit_au_bout", "total") == (60, 20, 80)
    assert result.payoffs == four(240)


def test_petit_au_bout_to_the_defence_takes_ten_times_the_multiplier() -> None:
    # Garde, 1 bout, 56 points: +60 as above. The defence won trump 1 in the last trick:
    # -10 x 2 = -20. Total +40, taker +120.
    result = score(contract=GARDE, taker=0, points=56, bouts=1, last_trick_petit=DEFENCE)
    assert figures(result, "petit_au_bout", "total") == (-20, 40)
    assert result.payoffs == four(120)


def test_petit_au_bout_counts_for_the_attack_even_when_the_contract_fails() -> None:
    # Garde sans, 2 bouts: target 41. 35 points: failed by 6. -(25 + 6) x 4 = -124.
    # The attack took trump 1 in the last trick anyway: +10 x 4 = +40. Total -84, taker -252.
    result = score(contract=GARDE_SANS, taker=0, points=35, bouts=2, last_trick_petit=ATTACK)
    assert figures(result, "contract_score", "petit_au_bout", "total") == (-124, 40, -84)
    assert result.payoffs == four(-252)


def test_petit_au_bout_counts_for_the_defence_even_when_the_contract_is_made() -> None:
    # Garde contre, 0 bouts: target 56. 60 points: made by 4. (25 + 4) x 6 = +174.
    # The defence took trump 1 in the last trick: -10 x 6 = -60. Total +114, taker +342.
    result = score(contract=GARDE_CONTRE, taker=0, points=60, bouts=0, last_trick_petit=DEFENCE)
    assert figures(result, "contract_score", "petit_au_bout", "total") == (174, -60, 114)
    assert result.payoffs == four(342)


def test_petit_au_bout_to_the_defence_when_the_contract_fails_adds_to_the_loss() -> None:
    # Prise, 1 bout: target 51. 40 points: failed by 11. -(25 + 11) x 1 = -36.
    # The defence took trump 1 in the last trick: -10. Total -46, taker -138.
    result = score(contract=PRISE, taker=0, points=40, bouts=1, last_trick_petit=DEFENCE)
    assert result.total == -46
    assert result.payoffs == four(-138)


def test_no_petit_au_bout_when_trump_1_is_not_in_the_last_trick() -> None:
    result = score(contract=GARDE, taker=0, points=56, bouts=1)
    assert result.petit_au_bout == 0
    assert result.total == result.contract_score == 60


# -- poignées ----------------------------------------------------------------------------------


def test_single_poignee_of_the_taker_is_worth_20_to_the_attack_when_made() -> None:
    # Prise, 2 bouts: target 41. 50 points: made by 9. (25 + 9) x 1 = +34.
    # The taker showed a single poignée: +20. Total +54, taker +162.
    result = score(contract=PRISE, taker=0, points=50, bouts=2, poignees=[(0, SINGLE)])
    assert figures(result, "poignee_bonus", "total") == (20, 54)
    assert result.payoffs == four(162)


def test_double_poignee_is_worth_30() -> None:
    # Prise, 2 bouts, 50 points: +34. Double poignée of the taker: +30. Total +64.
    result = score(contract=PRISE, taker=0, points=50, bouts=2, poignees=[(0, DOUBLE)])
    assert figures(result, "poignee_bonus", "total") == (30, 64)


def test_triple_poignee_is_worth_40() -> None:
    # Prise, 2 bouts, 50 points: +34. Triple poignée of the taker: +40. Total +74.
    result = score(contract=PRISE, taker=0, points=50, bouts=2, poignees=[(0, TRIPLE)])
    assert figures(result, "poignee_bonus", "total") == (40, 74)


def test_poignee_goes_to_the_defence_when_the_contract_fails_even_if_the_taker_showed_it() -> None:
    # Garde, 1 bout: target 51. 46 points: failed by 5. -(25 + 5) x 2 = -60.
    # The taker's single poignée goes to the side that wins the deal, the defence: -20.
    # Total -80, taker -240.
    result = score(contract=GARDE, taker=0, points=46, bouts=1, poignees=[(0, SINGLE)])
    assert figures(result, "contract_score", "poignee_bonus", "total") == (-60, -20, -80)
    assert result.payoffs == four(-240)


def test_poignee_of_a_defender_goes_to_the_attack_when_the_contract_is_made() -> None:
    # Garde, 2 bouts: target 41. 45 points: made by 4. (25 + 4) x 2 = +58.
    # Seat 2 (a defender) showed a double poignée; the attack wins the deal: +30. Total +88.
    result = score(contract=GARDE, taker=0, points=45, bouts=2, poignees=[(2, DOUBLE)])
    assert figures(result, "poignee_bonus", "total") == (30, 88)
    assert result.payoffs == four(264)


def test_poignee_of_a_defender_goes_to_the_defence_when_the_contract_fails() -> None:
    # Prise, 0 bouts: target 56. 50 points: failed by 6. -(25 + 6) = -31.
    # Seat 3 showed a triple poignée: -40. Total -71, taker -213.
    result = score(contract=PRISE, taker=0, points=50, bouts=0, poignees=[(3, TRIPLE)])
    assert figures(result, "poignee_bonus", "total") == (-40, -71)
    assert result.payoffs == four(-213)


def test_poignees_of_both_sides_add_up_for_the_winner_of_the_deal() -> None:
    # Prise, 1 bout: target 51. 61 points: made by 10. +35.
    # The taker's single (20) and seat 1's double (30): +50 to the attack. Total +85.
    result = score(contract=PRISE, taker=0, points=61, bouts=1, poignees=[(0, SINGLE), (1, DOUBLE)])
    assert figures(result, "poignee_bonus", "total") == (50, 85)
    assert result.poignees == ((0, SINGLE), (1, DOUBLE))


def test_poignee_is_not_multiplied() -> None:
    # Garde contre, 2 bouts: target 41. 44 points: made by 3. (25 + 3) x 6 = +168.
    # Single poignée: +20, not +120. Total +188.
    result = score(contract=GARDE_CONTRE, taker=0, points=44, bouts=2, poignees=[(1, SINGLE)])
    assert figures(result, "contract_score", "poignee_bonus", "total") == (168, 20, 188)


# -- slams -------------------------------------------------------------------------------------


def test_slam_announced_and_made_is_worth_400() -> None:
    # Garde, 3 bouts: target 36. 91 points: made by 55. (25 + 55) x 2 = +160.
    # Slam announced and made: +400 (not multiplied). Total +560, taker +1680.
    result = score(contract=GARDE, taker=0, points=91, bouts=3, slam_announced=True, slam=ATTACK)
    assert figures(result, "contract_score", "slam_bonus", "total") == (160, 400, 560)
    assert result.slam == "attack"
    assert result.payoffs == four(1680)


def test_slam_announced_and_failed_costs_200() -> None:
    # Garde sans, 3 bouts: target 36. 80 points: made by 44. (25 + 44) x 4 = +276.
    # The slam was announced but the defence took a trick: -200. Total +76, taker +228.
    result = score(contract=GARDE_SANS, taker=0, points=80, bouts=3, slam_announced=True)
    assert figures(result, "contract_score", "slam_bonus", "total") == (276, -200, 76)
    assert result.slam is None
    assert result.payoffs == four(228)


def test_slam_made_without_announcement_is_worth_200() -> None:
    # Prise, 3 bouts: target 36. 91 points: made by 55. (25 + 55) x 1 = +80.
    # Every trick to the attack, unannounced: +200. Total +280, taker +840.
    result = score(contract=PRISE, taker=0, points=91, bouts=3, slam=ATTACK)
    assert figures(result, "contract_score", "slam_bonus", "total") == (80, 200, 280)
    assert result.payoffs == four(840)


def test_defence_slam_is_worth_200_to_the_defence() -> None:
    # Prise, 0 bouts: target 56. 0 points: failed by 56. -(25 + 56) = -81.
    # The defence took every trick: -200. Total -281, taker -843.
    result = score(contract=PRISE, taker=0, points=0, bouts=0, slam=DEFENCE)
    assert figures(result, "contract_score", "slam_bonus", "total") == (-81, -200, -281)
    assert result.slam == "defence"
    assert result.payoffs == four(-843)


def test_defence_slam_against_an_announced_slam_costs_200_once() -> None:
    # The announced slam failed (-200); the defence slam is that same failure, not a second
    # -200. Prise, 0 bouts, 0 points: -81. Total -281.
    result = score(contract=PRISE, taker=0, points=0, bouts=0, slam_announced=True, slam=DEFENCE)
    assert figures(result, "slam_bonus", "total") == (-200, -281)


def test_slam_is_not_multiplied() -> None:
    # Garde contre, 3 bouts: target 36. 88 points: made by 52. (25 + 52) x 6 = +462.
    # Unannounced slam: +200, not +1200. Total +662.
    result = score(contract=GARDE_CONTRE, taker=0, points=88, bouts=3, slam=ATTACK)
    assert figures(result, "contract_score", "slam_bonus", "total") == (462, 200, 662)


def test_slam_with_petit_au_bout_and_poignee_adds_every_part() -> None:
    # Garde, 3 bouts: target 36. 87 points (the defence kept its Excuse): made by 51.
    # (25 + 51) x 2 = +152; petit au bout +10 x 2 = +20; taker's double poignée +30;
    # announced slam made +400. Total +602, taker +1806.
    result = score(
        contract=GARDE,
        taker=0,
        points=87,
        bouts=3,
        last_trick_petit=ATTACK,
        poignees=[(0, DOUBLE)],
        slam_announced=True,
        slam=ATTACK,
    )
    assert figures(result, "contract_score", "petit_au_bout") == (152, 20)
    assert figures(result, "poignee_bonus", "slam_bonus", "total") == (30, 400, 602)
    assert result.payoffs == four(1806)


# -- shares ------------------------------------------------------------------------------------


def test_at_three_players_each_defender_pays_the_total_to_the_taker() -> None:
    # Garde, 2 bouts: target 41. 47 points: made by 6. (25 + 6) x 2 = +62.
    # Two defenders pay 62 each: taker +124.
    result = score(3, contract=GARDE, taker=1, points=47, bouts=2)
    assert result.total == 62
    assert result.payoffs == seats(-62, 124, -62)


def test_at_three_players_a_failed_contract_with_petit_au_bout_and_poignee() -> None:
    # Prise, 1 bout: target 51. 50.5 points: failed by 0.5, rounded to 1. -(25 + 1) = -26.
    # The defence took trump 1 in the last trick: -10. Seat 0 (a defender) showed a single
    # poignée (13 trumps at three players): -20 to the defence. Total -56, taker -112.
    result = score(
        3,
        contract=PRISE,
        taker=2,
        points=F(101, 2),
        bouts=1,
        last_trick_petit=DEFENCE,
        poignees=[(0, SINGLE)],
    )
    assert result.total == -56
    assert result.payoffs == seats(56, 56, -112)


def test_at_four_players_each_of_three_defenders_pays_the_total_to_the_taker() -> None:
    # Garde, 2 bouts: target 41. 47 points: +62, three times to the taker: +186.
    result = score(4, contract=GARDE, taker=1, points=47, bouts=2)
    assert result.payoffs == seats(-62, 186, -62, -62)


def test_at_five_players_the_taker_gets_two_shares_and_the_partner_one() -> None:
    # Garde, 2 bouts: target 41. 47 points: +62. Three defenders pay 62 each (186):
    # the taker (seat 1) gets 124, the partner (seat 3) 62.
    result = score(5, contract=GARDE, taker=1, partner=3, points=47, bouts=2)
    assert result.payoffs == seats(-62, 124, -62, 62, -62)
    assert figures(result, "attack", "defence") == ((1, 3), (0, 2, 4))


def test_at_five_players_a_failed_contract_costs_the_taker_two_shares_and_the_partner_one() -> None:
    # Garde sans, 1 bout: target 51. 41 points: failed by 10. -(25 + 10) x 4 = -140.
    # The defence took trump 1 in the last trick: -40. The partner showed a single poignée
    # (8 trumps at five players): -20 to the defence. Total -200.
    # Taker (seat 4) -400, partner (seat 0) -200, each defender +200.
    result = score(
        5,
        contract=GARDE_SANS,
        taker=4,
        partner=0,
        points=41,
        bouts=1,
        last_trick_petit=DEFENCE,
        poignees=[(0, SINGLE)],
    )
    assert result.total == -200
    assert result.payoffs == seats(-200, 200, 200, 200, -400)


def test_at_five_players_a_taker_alone_gets_four_shares() -> None:
    # Prise, 2 bouts: target 41. 52 points: made by 11. (25 + 11) = +36.
    # The taker called a card of their own (or of the dog): alone, +36 from each of four.
    result = score(5, contract=PRISE, taker=2, partner=None, points=52, bouts=2)
    assert result.payoffs == seats(-36, -36, 144, -36, -36)
    assert result.attack == (2,)


def test_at_five_players_a_taker_alone_with_a_slam_gets_four_shares_of_it() -> None:
    # Garde, 2 bouts: target 41. 87 points (every trick, the defence kept its Excuse for a low
    # card): made by 46. (25 + 46) x 2 = +142. Unannounced slam: +200. Total +342, taker +1368.
    result = score(5, contract=GARDE, taker=0, points=87, bouts=2, slam=ATTACK)
    assert figures(result, "margin", "contract_score", "total") == (46, 142, 342)
    assert result.payoffs == seats(1368, -342, -342, -342, -342)


def test_at_five_players_half_point_shares_stay_exact() -> None:
    # round_margin off. Prise, 2 bouts: target 41. 47.5 points: made by 6.5. +31.5.
    # Taker 63, partner 31.5, each defender -31.5.
    result = score_deal(
        exact_rules(5), contract=PRISE, taker=0, partner=1, points=F(95, 2), bouts=2
    )
    assert result.payoffs == seats(63, F(63, 2), F(-63, 2), F(-63, 2), F(-63, 2))


def test_five_players_without_the_called_king_the_taker_always_plays_alone() -> None:
    rules = attrs.evolve(Rules.french(players=5), called_king=False)
    result = score_deal(rules, contract=PRISE, taker=0, points=52, bouts=2)
    assert result.payoffs == seats(144, -36, -36, -36, -36)
    with pytest.raises(RulesError, match="invalid partner 1: only the called King"):
        score_deal(rules, contract=PRISE, taker=0, partner=1, points=52, bouts=2)


# -- properties --------------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> tuple[Rules, dict[str, Any]]:
    """Any arguments score_deal accepts, under the French presets (margin rounded or not)."""
    players = draw(st.sampled_from((3, 4, 5)))
    rules = attrs.evolve(Rules.french(players=players), round_margin=draw(st.booleans()))
    taker = draw(st.integers(0, players - 1))
    partner = None
    if players == 5:
        partner = draw(st.none() | st.integers(0, 4).filter(lambda seat: seat != taker))
    seats = draw(st.lists(st.integers(0, players - 1), unique=True, max_size=players))
    return rules, {
        "contract": draw(st.sampled_from(Contract)),
        "taker": taker,
        "partner": partner,
        "points": Fraction(draw(st.integers(0, 182)), 2),
        "bouts": draw(st.integers(0, 3)),
        "last_trick_petit": draw(st.sampled_from((None, ATTACK, DEFENCE))),
        "poignees": [(seat, draw(st.sampled_from(Poignee))) for seat in seats],
        "slam_announced": draw(st.booleans()),
        "slam": draw(st.sampled_from((None, ATTACK, DEFENCE))),
    }


@given(deals())
def test_payoffs_always_sum_to_zero_and_the_taker_wins_what_the_total_says(
    deal: tuple[Rules, dict[str, Any]],
) -> None:
    rules, arguments = deal
    result = score_deal(rules, **arguments)
    assert sum(result.payoffs) == 0
    sign = (result.total > 0) - (result.total < 0)
    taker = result.payoffs[arguments["taker"]]
    assert (taker > 0) - (taker < 0) == sign
    assert result.total == (
        result.contract_score + result.petit_au_bout + result.poignee_bonus + result.slam_bonus
    )
    assert all(isinstance(value, Fraction) for value in result.payoffs)
    assert result.margin >= 0 and (result.contract_score > 0) == result.made


@given(deals())
def test_a_score_round_trips_through_json(deal: tuple[Rules, dict[str, Any]]) -> None:
    result = score_deal(deal[0], **deal[1])
    data = result.to_dict()
    text = json.dumps(data)
    assert "." not in json.dumps([data["points"], data["payoffs"], data["total"]])
    assert Score.from_dict(json.loads(text)) == result


@given(deals())
def test_every_defender_pays_the_same_and_the_partner_gets_one_share(
    deal: tuple[Rules, dict[str, Any]],
) -> None:
    result = score_deal(deal[0], **deal[1])
    assert {result.payoffs[seat] for seat in result.defence} == {-result.total}
    if result.partner is not None:
        assert result.payoffs[result.partner] == result.total


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_finished_french_deal_is_scored_by_score_deal_and_round_trips(players: int) -> None:
    # Random play-outs through the state machine: its score is score_deal's of its figures.
    rng = random.Random(players)
    for seed in range(6):
        state = deal(Rules.french(players=players), seed=seed)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        result = state.score()
        if state.is_void:
            assert result is None and set(state.payoffs()) == {0}
            continue
        assert result is not None and result.payoffs == state.payoffs()
        assert sum(result.payoffs) == 0 and result.points == state.team_points()[0]
        assert Score.from_dict(json.loads(json.dumps(result.to_dict()))) == result


# -- the written forms -------------------------------------------------------------------------


def test_to_unicode_shows_every_part_of_the_score() -> None:
    result = score(
        5,
        contract=GARDE,
        taker=0,
        partner=3,
        points=F(91, 2),
        bouts=2,
        last_trick_petit=ATTACK,
        poignees=[(1, SINGLE)],
        slam_announced=True,
    )
    # 2 bouts: target 41. 45.5: made by 4.5, rounded to 5. (25 + 5) x 2 = +60; petit +20;
    # poignée +20 to the attack; announced slam missed -200. Total -100.
    assert result.to_unicode().splitlines() == [
        "Garde (x2), taker seat 0, partner seat 3",
        "Bouts 2, target 41: 45½ points, made by 5 (4½ rounded up)",
        "Contract: (25 + 5) x 2 = +60",
        "Petit au bout: +20 to the attack",
        "Poignées: seat 1 single 20, to the attack: +20",
        "Slam: announced and missed: -200",
        "Total per defender: -100",
        "Payoffs: seat 0 -200, seat 1 +100, seat 2 +100, seat 3 -100, seat 4 +100",
    ]


def test_to_unicode_keeps_an_exact_half_point() -> None:
    result = score_deal(exact_rules(), contract=PRISE, taker=0, points=F(81, 2), bouts=2)
    lines = result.to_unicode().splitlines()
    assert lines[1] == "Bouts 2, target 41: 40½ points, failed by ½"
    assert lines[2] == "Contract: (25 + ½) x 1 = -25½"
    assert lines[-1] == "Payoffs: seat 0 -76½, seat 1 +25½, seat 2 +25½, seat 3 +25½"


def test_to_unicode_names_each_kind_of_slam() -> None:
    def slam_line(**arguments: Any) -> str:
        return score(contract=PRISE, taker=0, **arguments).to_unicode().splitlines()[5]

    assert slam_line(points=91, bouts=3, slam=ATTACK) == "Slam: made: +200"
    assert slam_line(points=91, bouts=3, slam=ATTACK, slam_announced=True) == (
        "Slam: announced and made: +400"
    )
    assert slam_line(points=0, bouts=0, slam=DEFENCE) == "Slam: made by the defence: -200"


def test_to_dict_writes_whole_numbers_as_ints_and_half_points_as_fractions() -> None:
    result = score_deal(exact_rules(), contract=PRISE, taker=0, points=F(81, 2), bouts=2)
    data = result.to_dict()
    assert list(data) == [field.name for field in attrs.fields(Score)]
    assert data["points"] == "81/2" and data["margin"] == "1/2" and data["target"] == 41
    assert data["total"] == "-51/2" and data["payoffs"] == ["-153/2", "51/2", "51/2", "51/2"]
    assert data["contract"] == "prise" and data["slam"] is None and data["poignees"] == []


# -- checks ------------------------------------------------------------------------------------

GOOD: dict[str, Any] = {"contract": GARDE, "taker": 0, "points": 50, "bouts": 1}


@pytest.mark.parametrize(
    ("players", "changes", "message"),
    [
        (4, {"contract": "garde"}, "invalid contract 'garde': expected a cardgames.tarot"),
        (4, {"contract": None}, "invalid contract None"),
        (4, {"taker": 4}, "invalid taker 4: expected an int from 0 to 3"),
        (4, {"taker": True}, "invalid taker True"),
        (4, {"taker": "0"}, "invalid taker '0'"),
        (4, {"partner": 2}, "invalid partner 2: only the called King at five players"),
        (5, {"partner": 0}, "invalid partner 0: that is the taker's own seat"),
        (5, {"partner": 5}, "invalid partner 5: expected an int from 0 to 4"),
        (5, {"partner": False}, "invalid partner False"),
        (4, {"points": 92}, r"invalid points 92: expected an int or a Fraction from 0 to 91"),
        (4, {"points": -1}, "invalid points -1"),
        (4, {"points": F(1, 3)}, r"invalid points Fraction\(1, 3\): .* in steps of 1/2"),
        (4, {"points": 50.5}, "invalid points 50.5"),
        (4, {"points": True}, "invalid points True"),
        (4, {"points": "50"}, "invalid points '50'"),
        (4, {"bouts": 4}, "invalid bouts 4: expected an int from 0 to 3"),
        (4, {"bouts": -1}, "invalid bouts -1"),
        (4, {"last_trick_petit": 2}, r"invalid last_trick_petit 2: expected ATTACK \(0\)"),
        (4, {"last_trick_petit": True}, "invalid last_trick_petit True"),
        (4, {"last_trick_petit": "attack"}, "invalid last_trick_petit 'attack'"),
        (4, {"poignees": "single"}, "invalid poignées 'single': expected a sequence"),
        (4, {"poignees": 3}, "invalid poignées 3"),
        (4, {"poignees": [(1, "single")]}, r"\(1, 'single'\) is not a \(seat, Poignee\) pair"),
        (4, {"poignees": [SINGLE]}, "is not a .seat, Poignee. pair"),
        (4, {"poignees": [(4, SINGLE)]}, "invalid poignée seat 4: expected an int from 0 to 3"),
        (4, {"poignees": [(1, SINGLE), (1, DOUBLE)]}, "seat 1 shows two poignées"),
        (4, {"slam_announced": 1}, "invalid slam_announced 1: expected True or False"),
        (4, {"slam_announced": None}, "invalid slam_announced None"),
        (4, {"slam": "attack"}, "invalid slam 'attack': expected ATTACK"),
        (4, {"slam": 2}, "invalid slam 2"),
    ],
)
def test_score_deal_refuses_a_bad_argument_quoting_it(
    players: int, changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        score(players, **{**GOOD, **changes})


def test_score_deal_needs_french_rules() -> None:
    with pytest.raises(RulesError, match="invalid Tarot rules 'french-4'"):
        score_deal("french-4", **GOOD)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid rules 'traditional-3' for score_deal"):
        score_deal(Rules.traditional(players=3), **GOOD)
    six = Rules(players=6, talon_size=6, bidding=True, magician_bonus=0, group_size=2)
    with pytest.raises(RulesError, match="invalid players for French scoring 6: expected 3, 4"):
        score_deal(six, **GOOD)


def test_score_deal_takes_poignees_from_any_iterable_and_keeps_a_tuple() -> None:
    shown = [[1, SINGLE]]
    result = score(contract=PRISE, taker=0, points=60, bouts=1, poignees=iter(shown))
    assert result.poignees == ((1, SINGLE),)


def test_a_score_built_by_hand_must_agree_with_itself() -> None:
    result = score(contract=GARDE, taker=0, points=F(91, 2), bouts=2, poignees=[(2, SINGLE)])
    assert attrs.evolve(result) == result
    with pytest.raises(RulesError, match="invalid score: its total 81 should be 80"):
        attrs.evolve(result, total=81)
    with pytest.raises(RulesError, match="its target 51 should be 41"):
        attrs.evolve(result, target=51)
    with pytest.raises(RulesError, match="its payoffs"):
        attrs.evolve(result, payoffs=(F(80),) * 4)
    with pytest.raises(RulesError, match="invalid score payoffs"):
        attrs.evolve(result, payoffs=(1, 2))
    with pytest.raises(RulesError, match="invalid score contract 'garde'"):
        attrs.evolve(result, contract="garde")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid score slam 'both'"):
        attrs.evolve(result, slam="both")
    with pytest.raises(RulesError, match="invalid score partner 1: only the called King"):
        attrs.evolve(result, partner=1)


def test_a_score_built_by_hand_may_keep_the_half_point_of_the_margin() -> None:
    rounded = score(contract=PRISE, taker=0, points=F(81, 2), bouts=2)
    exact = score_deal(exact_rules(), contract=PRISE, taker=0, points=F(81, 2), bouts=2)
    assert Score.from_dict(exact.to_dict()) == exact != rounded
    with pytest.raises(RulesError, match="its margin 3/4 should be 1/2"):
        attrs.evolve(exact, margin=F(3, 4))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"contract": "grande"}, "invalid Contract 'grande'"),
        ({"taker": "0"}, "invalid score taker '0'"),
        ({"points": 45.5}, "invalid score points 45.5: expected an integer or an exact"),
        ({"made": 1}, "invalid score made 1: expected True or False"),
        ({"poignees": [[2]]}, r"invalid score poignée \[2\]"),
        ({"poignees": [[2, "quadruple"]]}, "invalid Poignee 'quadruple'"),
        ({"poignees": {}}, "invalid score poignées {}: expected a list"),
        ({"slam": 0}, "invalid score slam 0: expected a string"),
        ({"payoffs": "240"}, "invalid score payoffs '240': expected a list"),
        ({"total": 81}, "its total 81 should be 80"),
        ({"extra": 1}, "unknown entry 'extra'"),
    ],
)
def test_from_dict_refuses_a_bad_entry_with_a_notation_error(
    change: dict[str, Any], message: str
) -> None:
    data = score(
        contract=GARDE, taker=0, points=F(91, 2), bouts=2, poignees=[(2, SINGLE)]
    ).to_dict()
    with pytest.raises(NotationError, match=message):
        Score.from_dict({**data, **change})


def test_from_dict_refuses_what_is_not_a_score() -> None:
    with pytest.raises(NotationError, match="invalid score 5: expected a JSON object"):
        Score.from_dict(5)
    with pytest.raises(NotationError, match="missing entry 'payoffs'"):
        data = score(**GOOD).to_dict()
        del data["payoffs"]
        Score.from_dict(data)
