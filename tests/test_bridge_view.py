"""Bridge views: what a seat sees, the worlds sampled from it and their written forms."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardgames import bridge
from cardgames.bridge import Contract, Deal, Seat, State
from cardgames.bridge.view import View, controller, view_of
from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import NotationError, RulesError


def _positions() -> list[State]:
    rng = random.Random(5)
    return [
        bridge.random_position(rng, tricks_played=rng.randrange(12), cards=rng.randrange(4))
        for _ in range(6)
    ]


def test_a_sampled_world_gives_the_same_view_and_keeps_what_is_seen() -> None:
    for state in _positions():
        for seat in Seat:
            view = view_of(state, seat)
            rng = random.Random(int(seat))
            worlds = [view.sample(rng) for _ in range(2)]
            for world in worlds:
                assert view_of(world, seat) == view
                assert world.hand(seat) == state.hand(seat)
                assert world.played == state.played
                if view.dummy is not None:
                    dummy = state.contract.declarer.partner
                    assert world.hand(dummy) == state.hand(dummy)


def test_the_view_hides_the_other_hands() -> None:
    state = bridge.random_position(8, tricks_played=1)
    view = view_of(state, Seat.EAST)
    other = view.sample(random.Random(3))
    assert other != state  # the hidden hands came out otherwise
    assert view_of(other, Seat.EAST) == view
    hidden = [
        seat for seat in Seat if seat != Seat.EAST and seat != state.contract.declarer.partner
    ]
    assert any(other.hand(seat) != state.hand(seat) for seat in hidden)
    assert view.cards_left(hidden[0]) is None


def test_the_dummy_is_shown_only_after_the_opening_lead() -> None:
    state = State(bridge.random_deal(2), Contract.parse("S by N"))
    before = view_of(state, Seat.EAST)
    assert before.dummy is None and before.cards_left(Seat.SOUTH) is None
    after = view_of(state.play(state.legal_moves()[0]), Seat.EAST)
    assert after.dummy == state.hand(Seat.SOUTH)
    # the dummy is seen from the start when it leads
    leads = State(bridge.random_deal(2), Contract.parse("S by N, S leads"))
    assert view_of(leads, Seat.WEST).dummy == leads.hand(Seat.SOUTH)


def test_sampling_respects_voids_and_hand_sizes() -> None:
    deal = Deal.parse("N:AKQ2.AKQ.AKQ.AKQ JT98.JT9.JT9.JT9 7654.876.876.876 3.5432.5432.5432")
    state = State(deal, Contract.parse("NT by N"))  # East leads
    for card in ("JS", "4S", "3S", "AS", "2S", "TS", "5S", "5H"):  # West shows out of spades
        state = state.play(card)
    view = view_of(state, Seat.EAST)
    assert view.voids(Seat.WEST) == frozenset({0})
    rng = random.Random(1)
    for _ in range(30):
        world = view.sample(rng)
        assert not world.hand(Seat.WEST).mask & 0x1FFF  # no spade dealt to West
        assert [len(hand) for hand in world.hands] == [len(hand) for hand in state.hands]


def test_legal_moves_belong_to_the_seat_that_chooses() -> None:
    state = State(bridge.random_deal(4), Contract.parse("H by S"))
    state = state.play(state.legal_moves()[0])  # West led; North, the dummy, is to move
    assert state.to_move == Seat.NORTH and controller(state.contract, Seat.NORTH) == Seat.SOUTH
    assert view_of(state, Seat.SOUTH).legal_moves() == state.legal_moves()
    assert view_of(state, Seat.NORTH).legal_moves() == ()
    assert view_of(state, Seat.EAST).legal_moves() == ()


def test_written_forms_round_trip() -> None:
    for state in _positions():
        for seat in Seat:
            view = view_of(state, seat)
            assert View.parse(str(view)) == view
            assert View.from_dict(json.loads(view.to_json())) == view
            assert eval(repr(view), {"View": View}) == view
    ending = bridge.random_position(6, tricks_played=10)
    short = State(Deal(ending.hands), Contract(Seat.EAST, 3))
    view = view_of(short, Seat.WEST)
    assert "pack" in view.to_dict() and View.parse(str(view)) == view


@pytest.mark.parametrize(
    "text",
    [
        "",
        "seat W; NT by S",
        "seat Q; NT by S; hand AKQ.JT9.876.5432; dummy -; played -",
        "seat W; NT by S; hand AKQ.JT9.876.543; dummy -; played -",
        "seat W; NT by S; hand AKQ.JT9.876.5432; dummy -; played ZZ",
        "seat W; NT by S; hand AKQ.JT9.876.5432; dummy -; played 2S",  # the dummy not given
    ],
)
def test_bad_written_views_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        View.parse(text)


def test_inconsistent_views_are_refused() -> None:
    hand = bridge.parse_hand("AKQ.JT9.876.5432")
    with pytest.raises(RulesError, match="dummy"):
        View(Seat.WEST, Contract.parse("NT by S"), hand, hand, ())
    with pytest.raises(RulesError, match="could not play"):  # West leads a card it lacks
        dummy = bridge.parse_hand("JT9.876.5432.AKQ")
        View(Seat.WEST, Contract.parse("NT by S"), hand, dummy, (Card.parse("2H"),))
    with pytest.raises(NotationError, match="expected the keys"):
        View.from_dict({"seat": "W"})
    view = view_of(bridge.random_position(1), Seat.NORTH)
    assert view.sample(3) == view.sample(random.Random(3))  # a seed will do
    with pytest.raises(RulesError, match=r"random\.Random"):
        view.sample(-3)
    with pytest.raises(RulesError, match="bridge State"):
        view_of("N:...", Seat.NORTH)  # type: ignore[arg-type]


def test_a_view_with_no_deal_for_the_voids_is_refused() -> None:
    pack = CardSet.parse("AS AH KH QH JH TH 9H 8H")  # an ending of two cards each
    played = tuple(Card.parse(word) for word in ("QH", "TH", "AS", "AH"))  # East shows out
    south, north = CardSet.parse("AH KH"), CardSet.parse("JH TH")
    contract = Contract.parse("NT by S")
    with pytest.raises(RulesError, match="no deal of the hidden cards"):
        View(Seat.SOUTH, contract, south, north, played, pack)  # 9H 8H left, East has none
    fine = CardSet.parse("AS AH KH QH JH TH 9H 8S")
    view = View(Seat.SOUTH, contract, south, north, played, fine)
    world = view.sample(random.Random(0))
    assert world.deal.hand(Seat.EAST) == CardSet.parse("AS 8S")


def test_sampling_draws_every_consistent_world_about_equally() -> None:
    state = bridge.random_position(0, tricks_played=10)
    view = view_of(state, state.contract.declarer)
    rng = random.Random(9)
    counts = Counter(view.sample(rng).deal for _ in range(600))
    assert len(counts) == 20  # the 6 hidden cards, 3 to each hidden hand, voids allowing
    assert all(12 <= count <= 50 for count in counts.values())  # 30 expected each
