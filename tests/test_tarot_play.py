"""One test per rule of play, named after the rule, through the pure functions and the state."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from tarot_helpers import cards, hand, play_cards, position

from cardgames import Card, CardSet
from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.tarot import (
    EXCUSE,
    Move,
    NumeralOrder,
    Phase,
    Rules,
    TarotCard,
    TarotCardSet,
    card_strength,
    card_value,
    count_points,
    deal,
    led_suit,
    legal_cards,
    legal_discards,
    trick_winner,
    trump,
)
from cardgames.tarot.play import (
    count_mask,
    discard_problem,
    legal_cards_mask,
    legal_discards_mask,
    play_problem,
    trick_winner_indices,
)

SIMPLE3 = Rules.simplified(players=3)
SIMPLE4 = Rules.simplified(players=4)
TRAD3 = Rules.traditional(players=3)
TRAD4 = Rules.traditional(players=4)


def winner(text: str, rules: Rules) -> int | None:
    return trick_winner(cards(text), rules)


# -- following ------------------------------------------------------------------------------


def test_follow_suit_else_play_a_trump_else_any_card() -> None:
    held = hand("3H KH 2S 5T 9T EX")
    for rules in (SIMPLE3, TRAD3):
        assert legal_cards(held, cards("7H"), rules) == hand("3H KH EX")
        assert legal_cards(held, cards("7D"), rules) == hand("5T 9T EX")
        assert legal_cards(held, cards("7T"), rules) == hand("5T 9T EX")
        no_trumps = hand("3H 2S EX")
        assert legal_cards(no_trumps, cards("7D"), rules) == no_trumps
        assert legal_cards(no_trumps, cards("7T"), rules) == no_trumps


def test_follow_suit_is_enforced_by_play_naming_the_rule() -> None:
    state = position(SIMPLE3, ["3H 2S", "KH 5T", "4D 6D"], leader=0)
    state = play_cards(state, "3H")
    with pytest.raises(IllegalMoveError, match="follow suit"):
        state.play(Move.parse("5T"))
    state = play_cards(state, "KH")
    with pytest.raises(IllegalMoveError, match="not in the player's hand"):
        state.play(Move.parse("KH"))
    assert {str(move) for move in state.legal_moves()} == {"4D", "6D"}


def test_player_out_of_suit_must_trump_naming_the_rule() -> None:
    state = position(SIMPLE3, ["3H 2S", "7D 5T", "4D 6D"], leader=0)
    state = play_cards(state, "3H")
    with pytest.raises(IllegalMoveError, match="must play a trump"):
        state.play(Move.parse("7D"))


def test_no_obligation_to_play_higher_or_overtrump() -> None:
    held = hand("2H 3T 20T")
    assert legal_cards(held, cards("KH"), SIMPLE3) == hand("2H")
    assert legal_cards(hand("3T 20T"), cards("5S 15T"), SIMPLE3) == hand("3T 20T")


def test_excuse_may_be_played_at_any_time_instead() -> None:
    held = hand("3H 5T EX")
    for led in ("7H", "7D", "7T", "EX 7S"):
        assert EXCUSE in legal_cards(held, cards(led), SIMPLE3)
    assert EXCUSE in legal_cards(held, [], SIMPLE3, trumps_played=False)


def test_when_excuse_is_led_the_next_card_sets_the_suit() -> None:
    assert led_suit(cards("EX 3D")) is not None
    assert legal_cards(hand("2D 4S 6T"), cards("EX 3D"), TRAD3) == hand("2D")
    assert legal_cards(hand("2D 4S 6T"), cards("EX"), TRAD3) == hand("2D 4S 6T")
    assert winner("EX 3D KD", TRAD3) == 2
    assert winner("EX 3D KS", TRAD3) == 1
    assert winner("EX 3D 2T", TRAD3) == 2


# -- winning --------------------------------------------------------------------------------


def test_trick_goes_to_highest_trump_else_highest_card_of_suit_led() -> None:
    assert winner("2H 9H KS", SIMPLE3) == 1
    assert winner("2H 9H 1T", SIMPLE3) == 2
    assert winner("2H 21T 1T", SIMPLE3) == 1
    assert winner("5T 2T 4T", SIMPLE3) == 0
    assert winner("2H KS QD 3H", SIMPLE4) == 3  # off-suit cards never win
    assert winner("2H", SIMPLE3) == 0
    assert winner("2H 3H", SIMPLE3) == 1  # partial tricks work


def test_excuse_never_wins_a_trick() -> None:
    assert winner("EX", SIMPLE3) is None
    assert winner("EX 1S", SIMPLE3) == 1
    assert winner("2S EX 1S", SIMPLE3) == 0
    assert winner("1T EX", SIMPLE3) == 0
    for rules in (SIMPLE4, TRAD4):
        assert winner("EX 1C 2C 3C", rules) != 0


def test_rank_order_simplified_aces_low_in_every_suit() -> None:
    for suit in "SHDC":
        order = [
            TarotCard.parse(rank + suit)
            for rank in ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]
        ]
        strengths = [card_strength(card, SIMPLE3) for card in order]
        assert strengths == sorted(strengths, reverse=True)
        assert len(set(strengths)) == 14
    assert winner("1H 10H", SIMPLE3) == 1
    assert winner("JH 10H", SIMPLE3) == 0


def test_rank_order_traditional_black_suits_ten_high_red_suits_one_high() -> None:
    black = ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]
    red = ["K", "Q", "N", "J", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    for suit, ranks in (("S", black), ("C", black), ("H", red), ("D", red)):
        strengths = [card_strength(TarotCard.parse(rank + suit), TRAD3) for rank in ranks]
        assert strengths == sorted(strengths, reverse=True)
        assert len(set(strengths)) == 14
    assert winner("1H 10H", TRAD3) == 0
    assert winner("1S 10S", TRAD3) == 1
    assert winner("JD 1D", TRAD3) == 0


def test_trumps_rank_21_high_to_1_low_in_both_rule_sets() -> None:
    for rules in (SIMPLE3, TRAD3):
        strengths = [card_strength(trump(n), rules) for n in range(21, 0, -1)]
        assert strengths == sorted(strengths, reverse=True)
        assert min(strengths) > card_strength(TarotCard.parse("KS"), rules)
        assert winner("KH 1T", rules) == 1
        assert winner("20T 21T 1T", rules) == 1


# -- simplified -----------------------------------------------------------------------------


def test_simplified_play_is_clockwise_and_dealers_left_leads() -> None:
    state = deal(SIMPLE3, seed=4, dealer=1)
    assert state.phase is Phase.PLAY and state.to_move == 2
    state = state.play(state.legal_moves()[0])
    assert state.to_move == 0
    state = state.play(state.legal_moves()[0])
    assert state.to_move == 1


def test_simplified_trumps_may_not_be_led_until_a_trump_has_been_played() -> None:
    assert legal_cards(hand("KS 3T EX"), [], SIMPLE3) == hand("KS EX")
    state = position(SIMPLE3, ["KS 3T", "2S 4T", "5S 5T"], leader=0, trumps_played=False)
    with pytest.raises(IllegalMoveError, match="trumps may not be led"):
        state.play(Move.parse("3T"))
    # a trump played (not led) to an earlier trick lifts the restriction
    state = position(SIMPLE3, ["KS 3T 6H", "2D 4T 8T", "5S 5T 7H"], leader=0, trumps_played=False)
    state = play_cards(state, "KS 4T 5S")
    assert state.trumps_played and state.tricks[-1].winner == 1 and state.to_move == 1
    assert state.is_legal(Move.parse("8T")) and state.is_legal(Move.parse("2D"))


def test_simplified_leader_holding_only_trumps_may_lead_one() -> None:
    assert legal_cards(hand("3T 9T"), [], SIMPLE3) == hand("3T 9T")
    assert legal_cards(hand("3T 9T EX"), [], SIMPLE3) == hand("3T 9T EX")
    state = position(SIMPLE3, ["3T EX", "2S 4T", "5S 6S"], leader=0, trumps_played=False)
    assert state.is_legal(Move.parse("3T")) and state.is_legal(Move.parse("EX"))


def test_traditional_has_no_trump_lead_restriction() -> None:
    assert legal_cards(hand("KS 3T EX"), [], TRAD3) == hand("KS 3T EX")


def test_excuse_may_always_be_led() -> None:
    assert EXCUSE in legal_cards(hand("KS 3T EX"), [], SIMPLE3, trumps_played=False)


def test_card_after_a_led_excuse_counts_as_the_lead_for_the_trump_restriction() -> None:
    assert legal_cards(hand("2S 4T"), cards("EX"), SIMPLE3) == hand("2S")
    assert legal_cards(hand("2S 4T"), cards("EX"), SIMPLE3, trumps_played=True) == hand("2S 4T")


def test_traditional_play_is_counter_clockwise_and_eldest_leads() -> None:
    state = deal(TRAD3, seed=4, dealer=1)
    assert state.phase is Phase.DISCARD and state.to_move == 1
    while state.phase is Phase.DISCARD:
        state = state.play(state.legal_moves()[0])
    assert state.to_move == 0  # the dealer's right-hand neighbour
    state = state.play(state.legal_moves()[0])
    assert state.to_move == 2
    four = deal(TRAD4, seed=4, dealer=0)
    four = play_cards(four, " ".join(str(m) for m in four.legal_moves()[:2]))
    assert four.to_move == 3


def test_legal_moves_are_in_ascending_card_order() -> None:
    state = deal(SIMPLE4, seed=9)
    moves = state.legal_card_moves()
    assert state.legal_moves() == moves
    assert [m.card.index for m in moves] == sorted(m.card.index for m in moves)
    assert TarotCardSet.from_cards(m.card for m in moves) <= state.hands[state.to_move]


# -- hardening: the pure functions refuse what is not a card, a hand or a rule set ----------

HUGE = 10**5000
NOT_CARDS: list[Any] = [None, 0, "KS", True, HUGE, Card.parse("2S"), TarotCardSet()]
NOT_RULES: list[Any] = [None, "simplified-3", 3, NumeralOrder.ACES_LOW]


def test_rule_functions_refuse_what_is_not_a_tarot_card() -> None:
    for card in NOT_CARDS:
        with pytest.raises(NotationError, match="TarotCard"):
            card_value(card)
        with pytest.raises(NotationError, match="TarotCard"):
            card_strength(card, SIMPLE3)
        for function in (led_suit, lambda t: trick_winner(t, SIMPLE3), count_points):
            with pytest.raises(NotationError):
                function([card])
        with pytest.raises(NotationError):
            legal_cards(hand("KS"), [card], SIMPLE3)
    not_a_sequence: Any
    for not_a_sequence in (None, 5, "KS", HUGE):
        for function in (led_suit, lambda t: trick_winner(t, SIMPLE3), count_points):
            with pytest.raises(NotationError):
                function(not_a_sequence)


def test_rule_functions_refuse_what_is_not_a_hand() -> None:
    held: Any
    for held in (None, 0, "KS", [TarotCard(0)], CardSet(), HUGE):
        with pytest.raises(NotationError, match="TarotCardSet"):
            legal_cards(held, [], SIMPLE3)
        with pytest.raises(NotationError, match="TarotCardSet"):
            legal_discards(held, SIMPLE4, 1)


def test_rule_functions_refuse_what_is_not_a_rule_set() -> None:
    for rules in NOT_RULES:
        with pytest.raises(RulesError, match="rules"):
            card_strength(TarotCard(0), rules)
        with pytest.raises(RulesError, match="rules"):
            trick_winner([TarotCard(0)], rules)
        with pytest.raises(RulesError, match="rules"):
            legal_cards(hand("KS"), [], rules)
        with pytest.raises(RulesError, match="rules"):
            legal_discards(hand("KS"), rules, 1)


def test_rule_functions_refuse_bad_numbers_and_flags() -> None:
    flag: Any
    remaining: Any
    group: Any
    for flag in (1, None, "yes"):
        with pytest.raises(RulesError, match="trumps_played"):
            legal_cards(hand("KS"), [], SIMPLE3, trumps_played=flag)
    for remaining in (-1, 79, True, "1", 1.0, HUGE):
        with pytest.raises(RulesError, match="remaining"):
            legal_discards(hand("KS"), SIMPLE4, remaining)
    for group in (0, 79, True, "3", 3.0, None, HUGE):
        with pytest.raises(RulesError, match="group size"):
            count_points(hand("KS"), group)
        with pytest.raises(RulesError, match="group size"):
            count_mask(0, group)
    assert count_points(hand("KS 3S"), 2) == Fraction(5)  # one group of two: 6 - 1


def test_mask_functions_refuse_what_is_not_a_mask_or_an_index() -> None:
    # A negative mask used to run count_mask off the end of the pack.
    mask: Any
    index: Any
    order: Any
    for mask in (-1, 1 << 78, True, None, "0", 1.0, HUGE):
        with pytest.raises(NotationError, match="mask"):
            count_mask(mask, 3)
        with pytest.raises(NotationError, match="mask"):
            legal_cards_mask(mask, [], SIMPLE3)
        with pytest.raises(NotationError, match="mask"):
            legal_discards_mask(mask, SIMPLE4, 1)
        with pytest.raises(NotationError, match="mask"):
            play_problem(mask, [], SIMPLE3, False, 0)
        with pytest.raises(NotationError, match="mask"):
            discard_problem(mask, SIMPLE4, 1, 0)
    for index in (-1, 78, True, None, "0", HUGE):
        with pytest.raises(NotationError, match="index"):
            play_problem(1, [], SIMPLE3, False, index)
        with pytest.raises(NotationError, match="index"):
            discard_problem(1, SIMPLE4, 1, index)
        with pytest.raises(NotationError, match="index"):
            trick_winner_indices([index], NumeralOrder.ACES_LOW)
        with pytest.raises(NotationError, match="index"):
            legal_cards_mask(1, [index], SIMPLE3)
    for order in (None, "aces-low", SIMPLE3):
        with pytest.raises(RulesError, match="numeral order"):
            trick_winner_indices([0], order)
    assert play_problem(1, [], SIMPLE3, False, 0) is None
    assert discard_problem(2, SIMPLE4, 0, 1) == "the discard is complete"
