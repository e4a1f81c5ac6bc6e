"""Card values, counting, the Excuse's settlement, the Magician bonus, the discard, payoffs."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest
from tarot_helpers import fractions, hand, play_cards, position, random_playout

from cardgames.tarot import (
    EXCUSE,
    Rules,
    TarotCard,
    TarotCardSet,
    card_value,
    count_points,
    deal,
    trump,
)

SIMPLE3 = Rules.simplified(players=3)
TRAD3 = Rules.traditional(players=3)
TRAD4 = Rules.traditional(players=4)


# -- values and counting --------------------------------------------------------------------


def test_card_values_kings_honours_five_queens_four_knights_three_jacks_two_others_one() -> None:
    for card in TarotCard.all():
        if (card.rank is not None and card.rank.name == "KING") or card in (
            trump(1),
            trump(21),
            EXCUSE,
        ):
            expected = 5
        elif card.rank is not None and card.rank.is_court:
            expected = {"QUEEN": 4, "KNIGHT": 3, "JACK": 2}[card.rank.name]
        else:
            expected = 1
        assert card_value(card) == expected, card
    assert sum(card_value(card) for card in TarotCard.all()) == 130


def test_group_of_k_cards_scores_its_sum_minus_k_minus_one() -> None:
    # the worked examples: one point card per group of three
    assert count_points(hand("KH 7S 3T")) == 5
    assert count_points(hand("QH 7S 10T")) == 4
    assert count_points(hand("2S 3S 4S")) == 1  # three blanks
    assert count_points(hand("KS QS 2S")) == 5 + 4 - 1  # two point cards: their value less 1
    assert count_points(hand("KS QS NS")) == 5 + 4 + 3 - 2  # three: their value less 2
    # the traditional method (K 4, Q 3, N 2, J 1, blank 0, +1 per group) agrees
    assert count_points(hand("KS QS NS JS 2S 3S")) == (4 + 3 + 2 + 1) + 2
    # counting in fours
    assert count_points(hand("KS 2S 3S 4S"), group_size=4) == 5
    assert count_points(hand("KS QS NS JS 2S 3S 4S 5S"), group_size=4) == (4 + 3 + 2 + 1) + 2


def test_count_points_is_exact_and_additive() -> None:
    pile = hand("KS 3S")
    result = count_points(pile)
    assert isinstance(result, Fraction) and result == Fraction(14, 3)
    rng = random.Random(5)
    cards = list(TarotCard.all())
    rng.shuffle(cards)
    for k in (3, 4):
        parts = [cards[:10], cards[10:11], cards[11:47], cards[47:]]
        assert sum(count_points(part, k) for part in parts) == count_points(cards, k)
    assert count_points(TarotCardSet.full()) == 78
    assert count_points([]) == 0
    with pytest.raises(ValueError):
        count_points(pile, group_size=0)


def test_three_players_pack_totals_78_average_26() -> None:
    rng = random.Random(3)
    final = random_playout(deal(TRAD3, seed=3), rng)[-1]
    assert sum(final.points()) == 78
    average = sum(final.points()) / 3
    assert average == 26
    assert final.payoffs() == tuple(points - 26 for points in final.points())


def test_four_players_count_in_fours_with_discard_as_one_group_total_72() -> None:
    rng = random.Random(4)
    final = random_playout(deal(TRAD4, seed=4, dealer=1), rng)[-1]
    teams = final.team_points()
    assert sum(teams) == 72
    assert final.payoffs() == (teams[0] - 36, teams[1] - 36, teams[0] - 36, teams[1] - 36)
    piles = final.piles()
    dealer_side = sum(count_points(piles[p], 4) for p in (1, 3))
    discard = final.discard
    assert len(discard) == 2
    assert teams[1] == dealer_side + sum(card_value(card) for card in discard) - 1


def test_simplified_remainder_counting_keeps_pack_total_78() -> None:
    for players in (4, 5):
        rules = Rules.simplified(players=players)
        final = random_playout(deal(rules, seed=players), random.Random(players))[-1]
        bonus = 10 if final.tricks[-1].card_of(final.tricks[-1].winner or 0) == trump(1) else 0
        assert sum(final.points()) == 78 + bonus
        # each pile counts at (k - 1) / k per card whatever its size
        for player, pile in enumerate(final.piles()):
            extra = final.discard if player == final.dealer else TarotCardSet()
            own_bonus = bonus if player == final.tricks[-1].winner else 0
            assert final.points()[player] == count_points(pile | extra) + own_bonus


def test_discard_counts_for_the_dealer() -> None:
    rules = Rules.simplified(players=5)
    final = random_playout(deal(rules, seed=8, dealer=3), random.Random(8))[-1]
    with_discard = final.points()[3]
    piles = final.piles()
    bonus = 10 if final.tricks[-1].card_of(3) == trump(1) and final.tricks[-1].winner == 3 else 0
    assert with_discard == count_points(piles[3]) + count_points(final.discard) + bonus


# -- the Excuse -----------------------------------------------------------------------------


def test_simplified_excuse_returns_to_its_players_won_cards() -> None:
    state = position(SIMPLE3, ["EX KH", "KS 3H", "5S 4H"], leader=0)
    state = play_cards(state, "EX KS 5S")
    assert state.tricks[0].winner == 1
    assert EXCUSE in state.won[0]  # provisionally with its player
    final = play_cards(state, "3H 4H KH")
    assert final.is_over and final.tricks[1].winner == 0
    assert final.piles() == (hand("EX 3H 4H KH"), hand("KS 5S"), TarotCardSet())
    assert final.points() == fractions(Fraction(28, 3), Fraction(14, 3), 0)


def test_simplified_excuse_goes_to_trick_winner_if_its_player_wins_no_trick() -> None:
    state = position(SIMPLE3, ["EX 2S", "KS 3S", "5S 4S"], leader=0)
    final = play_cards(state, "EX KS 5S 3S 4S 2S")
    assert final.tricks[1].winner == 2
    assert final.piles() == (TarotCardSet(), hand("KS 5S EX"), hand("3S 4S 2S"))


def test_simplified_excuse_played_to_last_trick_returns_to_a_player_who_won_a_trick() -> None:
    state = position(SIMPLE3, ["EX", "KS", "5S"], leader=0, won=["9C 7C QD", "-", "-"])
    final = play_cards(state, "EX KS 5S")
    assert final.piles()[0] == hand("EX 9C 7C QD")


def test_traditional_excuse_exchanged_for_lowest_valued_won_card() -> None:
    # counter-clockwise: 0, then 2, then 1
    state = position(TRAD3, ["EX 2S", "5S 4S", "KS 3S"], leader=0, won=["9C 7C QD", "-", "-"])
    state = play_cards(state, "EX KS 5S")
    assert state.tricks[0].winner == 2
    final = play_cards(state, "3S 4S 2S")
    assert final.tricks[1].winner == 1
    # lowest value is 1 (7C, 9C); the tie goes to the lower card index: 7C
    assert final.piles() == (hand("EX 9C QD"), hand("3S 4S 2S"), hand("KS 5S 7C"))
    assert final.points() == fractions(8, 1, 5)


def test_traditional_excuse_lost_to_trick_winner_if_its_player_wins_no_trick() -> None:
    state = position(TRAD3, ["EX 2S", "5S 4S", "KS 3S"], leader=0)
    final = play_cards(state, "EX KS 5S 3S 4S 2S")
    assert final.piles() == (TarotCardSet(), hand("3S 4S 2S"), hand("KS 5S EX"))


def test_traditional_excuse_played_to_the_last_trick_is_lost_to_its_winner() -> None:
    state = position(TRAD3, ["EX", "5S", "KS"], leader=0, won=["9C 7C QD", "-", "-"])
    final = play_cards(state, "EX KS 5S")
    assert final.piles() == (hand("9C 7C QD"), TarotCardSet(), hand("KS 5S EX"))


def test_partnership_excuse_exchange_uses_the_teams_won_cards() -> None:
    # counter-clockwise: 0, 3, 2, 1; player 0 wins nothing but partner 2 has
    state = position(
        TRAD4,
        ["EX 2S", "6S 7S", "5S 4S", "KS 3S"],
        leader=0,
        won=["-", "-", "9C 7C 8C 10C", "-"],
    )
    final = play_cards(state, "EX KS 5S 6S 3S 4S 7S 2S")
    assert [trick.winner for trick in final.tricks] == [3, 1]
    piles = final.piles()
    assert piles[0] == hand("EX") and piles[2] == hand("9C 8C 10C")
    assert piles[3] == hand("KS 5S 6S 7C")


def test_partnership_excuse_lost_when_the_team_wins_no_trick() -> None:
    state = position(TRAD4, ["EX 2S", "6S 7S", "5S 4S", "KS 3S"], leader=0)
    final = play_cards(state, "EX KS 5S 6S 3S 4S 7S 2S")
    assert EXCUSE in final.piles()[3] and not final.piles()[0]


# -- the Magician ---------------------------------------------------------------------------


def test_simplified_magician_bonus_when_trump_1_wins_the_last_trick() -> None:
    state = position(SIMPLE3, ["5H", "1T", "6H"], leader=0)
    final = play_cards(state, "5H 1T 6H")
    assert final.tricks[-1].winner == 1
    assert final.points() == fractions(0, Fraction(5 + 1 + 1 - 2) + 10, 0)
    assert sum(final.payoffs()) == 0


def test_magician_wins_the_last_trick_only_when_no_higher_trump_falls() -> None:
    state = position(SIMPLE3, ["5H", "1T", "2T"], leader=0)
    final = play_cards(state, "5H 1T 2T")
    assert final.tricks[-1].winner == 2
    assert final.points() == fractions(0, 0, 5 + 1 + 1 - 2)


def test_magician_bonus_only_for_the_last_trick() -> None:
    state = position(SIMPLE3, ["5H 2D", "1T 3D", "6H 4D"], leader=0)
    final = play_cards(state, "5H 1T 6H 3D 4D 2D")
    assert final.tricks[0].winner == 1 and final.tricks[1].winner == 2
    assert final.points()[1] == Fraction(5 + 1 + 1 - 2)


def test_traditional_has_no_magician_bonus() -> None:
    state = position(TRAD3, ["5H", "6H", "1T"], leader=0)
    final = play_cards(state, "5H 1T 6H")
    assert final.tricks[-1].winner == 2
    assert final.points()[2] == 5


def test_magician_bonus_goes_to_the_team_in_partnerships() -> None:
    rules = attrs.evolve(TRAD4, magician_bonus=10)
    state = position(rules, ["5H", "6H", "7H", "1T"], leader=0)
    final = play_cards(state, "5H 1T 7H 6H")
    assert final.tricks[-1].winner == 3
    expected = Fraction(5 + 3) - 3 + 10
    assert final.points() == fractions(0, expected, 0, expected)
    assert final.payoffs() == (-expected / 2, expected / 2, -expected / 2, expected / 2)


# -- payoffs --------------------------------------------------------------------------------


def test_payoffs_partners_get_their_teams_and_sum_to_zero() -> None:
    final = random_playout(deal(TRAD4, seed=12), random.Random(12))[-1]
    payoffs = final.payoffs()
    assert payoffs[0] == payoffs[2] and payoffs[1] == payoffs[3]
    assert payoffs[0] + payoffs[1] == 0
    assert all(isinstance(value, Fraction) for value in payoffs + final.points())


def test_points_mid_deal_are_provisional_counts_of_cards_won_so_far() -> None:
    state = position(SIMPLE3, ["EX KH", "KS 3H", "5S 4H"], leader=0)
    state = play_cards(state, "EX KS 5S")
    assert state.points() == fractions(count_points(hand("EX")), count_points(hand("KS 5S")), 0)
    assert sum(state.payoffs()) == 0
