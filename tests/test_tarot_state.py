"""Dealing, the discard phase, the state machine and random play-outs for every preset."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tarot_helpers import PRESETS, hand, random_playout

from cardgames.deck import Deck
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tarot import (
    EXCUSE,
    Deal,
    DiscardRule,
    Move,
    Phase,
    Rules,
    State,
    TarotCard,
    TarotCardSet,
    deal,
    legal_discards,
    trump,
)

FULL = TarotCardSet.full().mask
HONOURS = hand("KS KH KD KC 1T 21T EX")


# -- dealing --------------------------------------------------------------------------------


def test_traditional_three_players_get_25_each_and_talon_of_3_in_packets_of_5() -> None:
    rules = Rules.traditional(players=3)
    game = Deal.from_deck(rules, Deck.tarot(), dealer=0)
    assert [len(h) for h in game.hands] == [25, 25, 25] and len(game.talon) == 3
    pack = TarotCard.all()
    # eldest (seat 2, the dealer's right) gets the first packet of five, then seat 1, seat 0
    assert set(pack[0:5]) <= game.hands[2]
    assert set(pack[5:10]) <= game.hands[1]
    assert set(pack[10:15]) <= game.hands[0]
    assert game.talon == TarotCardSet.from_cards(pack[75:])


def test_traditional_four_players_get_19_each_and_dealer_takes_the_final_two() -> None:
    rules = Rules.traditional(players=4)
    state = State.from_deck(rules, Deck.tarot(), dealer=2)
    assert [len(h) for h in state.initial.hands] == [19] * 4
    pack = TarotCard.all()
    assert state.initial.talon == TarotCardSet.from_cards(pack[76:])
    assert set(pack[76:]) <= state.hands[2] and len(state.hands[2]) == 21
    assert state.phase is Phase.DISCARD and state.to_move == 2


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_all_cards_are_dealt(rules: Rules) -> None:
    state = deal(rules, seed=1, dealer=rules.players - 1)
    initial = state.initial
    assert all(len(h) == rules.hand_size for h in initial.hands)
    assert len(initial.talon) == rules.talon_size
    union = initial.talon.mask
    for h in initial.hands:
        assert not union & h.mask
        union |= h.mask
    assert union == FULL
    assert deal(rules, seed=1, dealer=rules.players - 1) == state  # reproducible


def test_talon_goes_to_the_dealer_who_discards_the_same_number() -> None:
    rules = Rules.simplified(players=5)
    state = deal(rules, seed=2, dealer=4)
    assert state.hands[4] == state.initial.hands[4] | state.initial.talon
    assert state.phase is Phase.DISCARD and state.discard_remaining == 3
    for _ in range(3):
        assert state.to_move == 4
        state = state.play(state.legal_moves()[-1])
    assert state.phase is Phase.PLAY and len(state.discard) == 3
    assert len(state.hands[4]) == rules.hand_size and state.to_move == 0


def test_no_discard_phase_without_a_talon() -> None:
    state = deal(Rules.simplified(players=3), seed=2)
    assert state.phase is Phase.PLAY and not state.discard


def test_explicit_deal_must_share_out_the_pack() -> None:
    rules = Rules.simplified(players=3)
    good = Deal.random(rules, seed=1)
    with pytest.raises(RulesError):
        attrs.evolve(good, hands=(good.hands[1], good.hands[1], good.hands[2]))
    with pytest.raises(RulesError):
        attrs.evolve(good, dealer=3)
    with pytest.raises(RulesError):
        State.from_deal(rules, good.hands[:2], good.talon)
    with pytest.raises(RulesError):
        Deal.from_deck(rules, Deck.tarot()[:70])
    assert State.from_deal(rules, good.hands, good.talon, good.dealer) == good.start()


# -- the discard ----------------------------------------------------------------------------


def test_discard_simplified_never_a_king_trump_1_trump_21_or_the_excuse() -> None:
    rules = Rules.simplified(players=4)
    held = hand("KS KH 1T 21T EX 5T 3D QH")
    assert legal_discards(held, rules, 2) == hand("5T 3D QH")
    for seed in range(20):
        state = deal(rules, seed=seed)
        while state.phase is Phase.DISCARD:
            state = state.play(state.legal_moves()[seed % len(state.legal_moves())])
        assert not state.discard & HONOURS


def test_discard_traditional_no_honour_and_no_trump_unless_unavoidable() -> None:
    rules = Rules.traditional(players=3)
    assert rules.discard_rule is DiscardRule.TRADITIONAL
    held = hand("KS KH KD KC 1T 21T EX 5T 6T 7T 2S 3S")
    assert legal_discards(held, rules, 3) == hand("5T 6T 7T 2S 3S")
    assert legal_discards(held, rules, 2) == hand("2S 3S")
    # an illegal discard names the rule
    cards = "KS KH KD KC 1T 21T EX 2T 3T 4T 5T 6T 7T 8T 9T 10T 11T 12T 13T 14T 15T 16T 17T 2S 3S"
    dealer_hand = hand(cards + " 4S 5S 6S")
    others = TarotCardSet.full() - dealer_hand
    rest = list(others)
    game = Deal(
        rules=rules,
        dealer=0,
        hands=(hand(cards), TarotCardSet.from_cards(rest[:25]), TarotCardSet.from_cards(rest[25:])),
        talon=hand("4S 5S 6S"),
    )
    state = game.start()
    with pytest.raises(IllegalMoveError, match="trump may be discarded only"):
        state.play(Move(trump(5)))
    with pytest.raises(IllegalMoveError, match="never be discarded"):
        state.play(Move(EXCUSE))
    assert {str(m) for m in state.legal_moves()} == {"2S", "3S", "4S", "5S", "6S"}


def test_discard_traditional_trumps_allowed_when_unavoidable_as_a_state() -> None:
    rules = Rules.traditional(players=3)
    cards = "KS KH KD KC 1T 21T EX 2T 3T 4T 5T 6T 7T 8T 9T 10T 11T 12T 13T 14T 15T 16T 17T 18T 19T"
    others = list(TarotCardSet.full() - hand(cards + " 2S 3S 20T"))
    game = Deal(
        rules=rules,
        dealer=0,
        hands=(
            hand(cards),
            TarotCardSet.from_cards(others[:25]),
            TarotCardSet.from_cards(others[25:]),
        ),
        talon=hand("2S 3S 20T"),
    )
    state = game.start()
    assert {str(m) for m in state.legal_moves()} == {f"{n}T" for n in range(2, 21)} | {"2S", "3S"}
    state = state.play(Move.parse("2T"))
    state = state.play(Move.parse("2S"))
    assert {str(m) for m in state.legal_moves()} == {"3S"}


def test_dealers_team_gets_the_discard() -> None:
    rules = Rules.traditional(players=4)
    final = random_playout(deal(rules, seed=6, dealer=1), random.Random(6))[-1]
    without = attrs.evolve(final, discard=TarotCardSet())
    gain = final.team_points()[1] - without.team_points()[1]
    assert gain == sum(value for value in _values(final.discard)) - 1
    assert final.team_points()[0] == without.team_points()[0]


def _values(cards: TarotCardSet) -> list[int]:
    from cardgames.tarot import card_value

    return [card_value(card) for card in cards]


# -- the state machine ----------------------------------------------------------------------


def test_illegal_move_leaves_state_unchanged_and_names_the_rule() -> None:
    state = deal(Rules.simplified(players=4), seed=3)
    before = attrs.evolve(state)
    with pytest.raises(IllegalMoveError, match="never be discarded"):
        king = next(card for card in state.hands[0] if card.rank and card.rank.name == "KING")
        state.play(Move(king))
    assert state == before
    with pytest.raises(IllegalMoveError, match="expected a Move"):
        state.play("KS")  # type: ignore[arg-type]


def test_no_moves_after_the_end() -> None:
    final = random_playout(deal(Rules.simplified(players=6), seed=1), random.Random(1))[-1]
    assert final.legal_moves() == () and final.is_over
    with pytest.raises(IllegalMoveError, match="over"):
        final.play(Move.parse("KS"))
    assert final.to_move == final.tricks[-1].winner


def test_history_replays_to_the_same_state() -> None:
    states = random_playout(deal(Rules.traditional(players=4), seed=2), random.Random(2))
    for state in states[::7]:
        replay = state.initial.start()
        for move in state.history():
            replay = replay.play(move)
        assert replay == state and replay.key() == state.key()


def test_trick_records_players_leader_and_winner() -> None:
    final = random_playout(deal(Rules.traditional(players=3), seed=5), random.Random(5))[-1]
    rules = final.rules
    assert len(final.tricks) == 25
    leader = rules.first_leader(final.dealer)
    for trick in final.tricks:
        assert trick.leader == leader == trick.players[0]
        assert list(trick.players) == [
            leader,
            rules.next_player(leader),
            rules.next_player(rules.next_player(leader)),
        ]
        assert trick.winner is not None and trick.is_complete
        leader = trick.winner


def _check_invariants(state: State) -> None:
    rules = state.rules
    masks = [h.mask for h in state.hands] + [state.discard.mask, state.trick.mask]
    masks += [t.mask for t in state.tricks]
    union = 0
    for mask in masks:
        assert not union & mask, "a card is in two places"
        union |= mask
    assert union == FULL, "a card is missing"
    won = 0
    for pile in state.won:
        assert not won & pile.mask
        won |= pile.mask
    assert won == sum(t.mask for t in state.tricks)
    assert sum(state.payoffs()) == 0
    if state.is_over:
        assert state.legal_moves() == ()
        piles = 0
        for pile in state.piles():
            assert not piles & pile.mask
            piles |= pile.mask
        assert piles | state.discard.mask == FULL
        last = state.tricks[-1]
        bonus = rules.magician_bonus if last.card_of(last.winner or 0) == trump(1) else 0
        assert sum(state.team_points()) == rules.pack_total + bonus
        if rules.partnerships:
            assert sum(state.team_points()) == 72 + bonus
        elif rules.group_size == 3:
            assert sum(state.points()) == 78 + bonus
    else:
        assert state.legal_moves(), "no legal move before the end"


@pytest.mark.parametrize("rules", PRESETS, ids=str)
@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32), dealer=st.integers(0, 5), moves=st.randoms(use_true_random=False)
)
def test_random_playouts_keep_every_invariant(
    rules: Rules, seed: int, dealer: int, moves: random.Random
) -> None:
    state = deal(rules, seed=seed, dealer=dealer % rules.players)
    all_moves = [Move(card) for card in TarotCard.all()]
    while True:
        _check_invariants(state)
        if state.is_over:
            break
        legal = state.legal_moves()
        legal_set = set(legal)
        before = attrs.evolve(state)
        for move in all_moves:
            if move in legal_set:
                assert state.is_legal(move)
            else:
                assert not state.is_legal(move)
                with pytest.raises(IllegalMoveError):
                    state.play(move)
                assert state == before
        state = state.play(moves.choice(legal))
