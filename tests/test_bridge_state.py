"""Bridge card play: the contract, PBN deals, the state and its rules of play."""

from __future__ import annotations

import random

import pytest

from cardgames import bridge
from cardgames.bridge import Contract, Deal, Seat, State, Strain
from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import IllegalMoveError, NotationError, RulesError

SAMPLE = "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"


def test_contract_defaults_the_leader_to_the_declarers_left() -> None:
    for declarer in Seat:
        assert Contract(declarer, Strain.SPADES).leader == declarer.next
    assert Contract(Seat.NORTH, Strain.SPADES, Seat.SOUTH).leader == Seat.SOUTH


@pytest.mark.parametrize(
    "text", ["S by N", "NT by E", "H by W, E leads", "C by S", "NT by N, N leads"]
)
def test_contract_text_round_trip(text: str) -> None:
    contract = Contract.parse(text)
    assert str(contract) == text
    assert Contract.parse(str(contract)) == contract


@pytest.mark.parametrize("text", ["", "S", "X by N", "S by Q", "S by N, leads", 3])
def test_contract_parse_errors_quote_the_input(text: object) -> None:
    with pytest.raises(NotationError, match="invalid contract"):
        Contract.parse(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(("declarer", "strain"), [(4, 0), (0, 5), (True, 0), ("N", 0), (0, None)])
def test_contract_refuses_bad_values(declarer: object, strain: object) -> None:
    with pytest.raises(RulesError):
        Contract(declarer, strain)


def test_pbn_round_trip_from_every_first_seat() -> None:
    deal = bridge.random_deal(11)
    for first in Seat:
        text = deal.pbn(first)
        assert text.startswith(f"{first}:")
        assert Deal.parse(text) == deal
    assert str(Deal.parse(SAMPLE)) == SAMPLE


def test_pbn_first_seat_rotates_the_hands() -> None:
    deal = Deal.parse("E:" + SAMPLE[2:])
    assert deal.hand(Seat.EAST) == Deal.parse(SAMPLE).hand(Seat.NORTH)
    assert deal.hand(Seat.NORTH) == Deal.parse(SAMPLE).hand(Seat.WEST)


def test_pbn_void_and_missing_hand() -> None:
    text = "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. -"
    deal = Deal.parse(text)
    assert deal.hand(Seat.SOUTH) == CardSet(0x1FFF)
    assert len(deal.hand(Seat.EAST)) == 13
    assert (
        deal.pbn(Seat.SOUTH)
        == "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    )


def test_pbn_ending_with_fewer_cards() -> None:
    deal = Deal.parse("N:A.K.. K.A.. Q.Q.. J.J..")
    assert deal.cards_each == 2
    assert Deal.parse(str(deal)) == deal


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AKQ.JT9.876.5432", "first seat"),
        ("X:AKQ.JT9.876.5432", "first seat"),
        ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ", "four hands"),
        ("N:AKQ.JT9.876 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "four suits"),
        ("N:AKQ.JT9.876.543Z JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "not a rank"),
        ("N:AKQ.JT9.876.5433 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "twice"),
        ("N:AKQ.JT9.876.5432 AKQ.876.5432.JT9 876.5432.AKQ.JT9 5432.AKQ.JT9.876", "more than one"),
        ("N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.87", "same number"),
        ("N:A... - - K...", "left out"),
        ("N:... ... ... ...", "same number"),
    ],
)
def test_pbn_errors_quote_the_input(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        Deal.parse(text)
    assert repr(text)[:20] in str(caught.value) or "invalid hand" in str(caught.value)


def test_deal_refuses_specials_and_bad_hands() -> None:
    with pytest.raises(NotationError):
        Deal((CardSet.parse("X1"), CardSet.parse("AS"), CardSet.parse("KS"), CardSet.parse("QS")))
    with pytest.raises(NotationError):
        Deal("abc")
    with pytest.raises(NotationError):
        Deal((CardSet(),) * 3)


def test_random_deal_is_seeded() -> None:
    assert bridge.random_deal(5) == bridge.random_deal(5)
    assert bridge.random_deal(5) != bridge.random_deal(6)
    assert bridge.random_deal(random.Random(5)) == bridge.random_deal(5)
    deal = bridge.random_deal(5)
    union = 0
    for hand in deal.hands:
        assert len(hand) == 13
        union |= hand.mask
    assert union == bridge.FULL_PACK
    with pytest.raises(RulesError):
        bridge.random_deal(-1)


def test_state_follows_suit_and_counts_tricks() -> None:
    state = State(Deal.parse(SAMPLE), Contract(Seat.SOUTH, Strain.NO_TRUMP))
    assert state.to_move == Seat.WEST and state.leader == Seat.WEST
    state = state.play("2S")
    # North holds spades: only spades are legal.
    assert {card.suit for card in state.legal_moves()} == {Card.parse("AS").suit}
    with pytest.raises(IllegalMoveError, match="follow suit"):
        state.play("JH")
    with pytest.raises(IllegalMoveError, match="does not hold"):
        state.play("JS")
    before = state
    state = state.play("QS")
    assert before.trick == (Card.parse("2S"),) and before.to_move == Seat.NORTH  # unchanged
    state = state.play("9S").play("8S")
    assert state.trick == () and state.tricks_played == 1
    assert state.declarer_tricks == 1 and state.defender_tricks == 0
    assert state.to_move == Seat.NORTH and state.tricks_of(Seat.EAST) == 0


def test_a_void_may_discard_or_ruff() -> None:
    deal = Deal.parse("N:A.K.. K.A.. Q.Q.. .J.J.")
    state = State(deal, Contract(Seat.EAST, Strain.DIAMONDS, Seat.NORTH)).play("AS")
    state = state.play("KS").play("QS")
    assert set(state.legal_moves()) == {Card.parse("JH"), Card.parse("JD")}
    state = state.play("JD")  # the ruff wins
    assert state.to_move == Seat.WEST and state.declarer_tricks == 1


def test_trick_winner() -> None:
    cards = [Card.parse(text) for text in ("5H", "KH", "2S", "AH")]
    assert bridge.trick_winner(cards, bridge.NO_TRUMP) == 3
    assert bridge.trick_winner(cards, 0) == 2
    assert bridge.trick_winner(cards, 3) == 3


def test_random_play_to_the_end() -> None:
    rng = random.Random(3)
    for _ in range(5):
        state = bridge.random_position(rng)
        while not state.is_over:
            moves = state.legal_moves()
            assert moves and len(set(moves)) == len(moves)
            state = state.play(rng.choice(moves))
        assert state.declarer_tricks + state.defender_tricks == 13
        assert state.legal_moves() == ()
        assert sum(state.payoffs()) == 26
        with pytest.raises(IllegalMoveError, match="over"):
            state.play("AS")
        assert State.parse(str(state)) == state


def test_state_text_round_trip_and_errors() -> None:
    state = bridge.random_position(8, tricks_played=3, cards=2)
    assert State.parse(str(state)) == state
    assert State(state.deal, state.contract, state.played) == state
    with pytest.raises(NotationError, match="invalid position"):
        State.parse("S by N")
    with pytest.raises(NotationError, match="invalid card"):
        State.parse("S by N; " + SAMPLE + "; ZZ")
    with pytest.raises(IllegalMoveError, match="does not hold"):
        State.parse("S by N; " + SAMPLE + "; AS")
    with pytest.raises(IllegalMoveError):
        State(Deal.parse(SAMPLE), Contract(0, 0), "AS")
    with pytest.raises(NotationError):
        State("deal", Contract(0, 0))  # type: ignore[arg-type]


def test_random_position_counts() -> None:
    state = bridge.random_position(4, tricks_played=12, cards=3)
    assert state.tricks_left == 1 and len(state.trick) == 3
    with pytest.raises(RulesError):
        bridge.random_position(4, tricks_played=13)
    with pytest.raises(RulesError):
        bridge.random_position(4, cards=4)
