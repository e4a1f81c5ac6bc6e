"""Chase the Tailor positions by hand: ``deal(..., fixed=...)``, ``random_position`` and
``give_tailor``."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import JOKER_1, TAILOR, Card
from cardgames.cardset import CardSet
from cardgames.deck import Deck
from cardgames.errors import RulesError
from cardgames.tailor import Rules, State, deal, random_strategy
from cardgames.tailor.positions import give_tailor, random_position
from cardgames.tarot import TarotCard


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


# -- deal(fixed=...) ---------------------------------------------------------------------------


def test_pinned_cards_are_in_their_seats_and_the_rest_is_dealt() -> None:
    rules = Rules(players=4)
    state = deal(rules, seed=11, fixed={0: "TLR X1 X2", 3: "AS KS"})
    assert cards("TLR X1 X2") <= state.hands[0] and cards("AS KS") <= state.hands[3]
    assert [len(hand) for hand in state.hands] == [7, 7, 7, 7]
    pinned = cards("TLR X1 X2 AS KS")
    assert not pinned & CardSet.from_cards(state.pile + state.stock)
    assert state.top_card not in pinned and len(state.stock) == 55 - 28 - 1
    assert State.parse(str(state)) == state  # a consistent position, as the constructor checks


def test_fixed_deal_by_hand() -> None:
    # The unpinned cards of the seeded order go one at a time round the seats, skipping full
    # hands; the next card is turned up and the rest is the stock.
    rules = Rules(players=2, hand_size=3)
    pins = cards("QH KH 2C")  # seat 0 is full, so seat 1 takes the first three cards
    order = [card for card in Deck.tailor().shuffled(9) if card not in pins]
    state = deal(rules, seed=9, fixed={0: pins})
    assert state.hands[0] == pins
    assert state.hands[1] == CardSet.from_cards(order[:3])
    rest = order[3:]
    first = next(card for card in rest if not card.is_special)
    buried = rest[: rest.index(first)]
    assert state.pile == (first,)
    assert state.stock == tuple(rest[rest.index(first) + 1 :]) + tuple(buried)
    one_each = deal(Rules(players=3, hand_size=2), seed=9, fixed={1: "QH"})
    order = [card for card in Deck.tailor().shuffled(9) if card != Card.parse("QH")]
    # round one: seat 0, seat 1 (has one, takes one), seat 2; round two: seat 0, seat 2
    assert one_each.hands[0] == CardSet.from_cards([order[0], order[3]])
    assert one_each.hands[1] == CardSet.from_cards([Card.parse("QH"), order[1]])
    assert one_each.hands[2] == CardSet.from_cards([order[2], order[4]])


@pytest.mark.parametrize("players", range(2, 7))
def test_no_pins_deals_as_before(players: int) -> None:
    rules = Rules(players=players, chase_mode=True)
    for seed in range(5):
        plain = deal(rules, seed=seed, first_player=seed % players)
        assert deal(rules, seed, seed % players, fixed={}) == plain
        assert deal(rules, seed=seed, first_player=seed % players, fixed={0: ""}) == plain
        assert deal(rules, seed=seed, first_player=seed % players, fixed={1: []}) == plain


def test_every_way_of_giving_the_cards_is_the_same_deal() -> None:
    rules = Rules(players=3)
    wanted = [Card.parse("QH"), TAILOR, JOKER_1]
    expected = deal(rules, seed=4, fixed={2: "QH TLR X1"})
    for given_cards in (
        CardSet.from_cards(wanted),
        wanted,
        tuple(wanted),
        (card for card in wanted),
        "x1 tlr qh",
        "10H",  # the lenient card forms of CardSet.parse are accepted too
    ):
        state = deal(rules, seed=4, fixed={2: given_cards})
        if given_cards == "10H":
            assert Card.parse("TH") in state.hands[2]
        else:
            assert state == expected


def test_same_seed_and_pins_give_the_same_deal() -> None:
    rules = Rules(players=5)
    fixed = {4: "TLR", 1: "X1 X2"}
    assert deal(rules, seed=123, fixed=fixed) == deal(rules, seed=123, fixed=dict(fixed))
    assert deal(rules, seed=123, fixed=fixed) != deal(rules, seed=124, fixed=fixed)


def test_a_whole_hand_can_be_pinned() -> None:
    rules = Rules(players=6, hand_size=9)
    hands = {seat: list(Card.all()[seat * 9 : seat * 9 + 9]) for seat in range(6)}
    state = deal(rules, seed=1, fixed=hands)
    assert [list(hand) for hand in state.hands] == [hands[seat] for seat in range(6)]
    assert state.pile == (TAILOR,) and state.stock == () and state.top is None


@pytest.mark.parametrize(
    ("fixed", "message"),
    [
        ({4: "QH"}, "invalid fixed seat 4: expected an int from 0 to 3"),
        ({-1: "QH"}, "invalid fixed seat -1"),
        ({True: "QH"}, "invalid fixed seat True"),
        ({"0": "QH"}, "invalid fixed seat '0'"),
        ({0: "QH", 2: "QH"}, "QH is pinned twice"),
        ({0: [Card.parse("QH"), Card.parse("QH")]}, "QH is pinned twice"),
        ({0: "QH QH"}, "appears twice"),
        ({0: "AS 2S 3S 4S 5S 6S 7S 8S"}, "8 cards for seat 0, more than the hand size (7)"),
        ({0: "ZZ"}, "invalid card set 'ZZ'"),
        ({0: 5}, "the cards of a seat must be a CardSet, cards or a string"),
        ({0: b"QH"}, "the cards of a seat must be a CardSet, cards or a string"),
        ({0: {"QH": 1}}, "the cards of a seat must be a CardSet, cards or a string"),
        ({0: ["QH"]}, "'QH' is not a card of the 55-card pack"),
        ({0: [TarotCard.all()[0]]}, "is not a card of the 55-card pack"),
        ({0: (Card.parse("QH") for _ in range(10**9))}, "at most 55 items"),
        ({seat: "" for seat in range(5)}, "more seats than the 4 players"),
    ],
)
def test_bad_pins_are_rules_errors_quoting_the_input(fixed: object, message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)) as caught:
        deal(Rules(players=4), seed=1, fixed=fixed)  # type: ignore[arg-type]
    assert "fixed" in str(caught.value)


@pytest.mark.parametrize("fixed", [[(0, "QH")], "0: QH", 5, None.__class__])
def test_fixed_must_be_a_mapping(fixed: object) -> None:
    with pytest.raises(RulesError, match="expected a mapping of seats to cards"):
        deal(Rules(players=4), seed=1, fixed=fixed)  # type: ignore[arg-type]


def test_fixed_and_deck_do_not_go_together() -> None:
    with pytest.raises(RulesError, match="not both"):
        deal(Rules(players=2), seed=0, deck=Deck.tailor(), fixed={0: "QH"})
    with pytest.raises(RulesError, match="not both"):
        deal(Rules(players=2), seed=0, deck=Deck.tailor(), fixed={})


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**64 - 1), st.permutations(Card.all()), st.data())
def test_any_pins_give_a_full_consistent_deal(
    players: int, seed: int, order: list[Card], data: st.DataObject
) -> None:
    rules = Rules(players=players, hand_size=data.draw(st.integers(1, 54 // players)))
    counts = data.draw(
        st.lists(st.integers(0, rules.hand_size), min_size=players, max_size=players)
    )
    fixed: dict[int, list[Card]] = {}
    position = 0
    for seat, count in enumerate(counts):
        fixed[seat] = order[position : position + count]
        position += count
    state = deal(rules, seed=seed, fixed=fixed)
    for seat, pinned in fixed.items():
        assert CardSet.from_cards(pinned) <= state.hands[seat]
    assert all(len(hand) == rules.hand_size for hand in state.hands)
    assert State.parse(str(state)) == state
    assert deal(rules, seed=seed, fixed=fixed) == state


def test_a_pinned_deal_plays_a_whole_round() -> None:
    state = deal(Rules(players=3, chase_mode=True), seed=2, fixed={0: "TLR X1", 1: "X2"})
    choose = random_strategy(2)
    while not state.is_over:
        state = state.play(choose(state))
    assert state.is_over and len(state.history()) == state.turns


# -- random_position ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_random_position_is_a_running_endgame_reached_by_play(players: int) -> None:
    rules = Rules(players=players, chase_mode=players % 2 == 0)
    for seed in range(4):
        state = random_position(rules, seed=seed, cards_left=2)
        assert min(len(hand) for hand in state.hands) <= 2 and not state.is_over
        assert random_position(rules, seed=seed, cards_left=2) == state
        start = state
        while start.previous is not None:
            start = start.previous
        assert start.history() == () and len(state.history()) == state.turns
        assert start == deal(rules, seed=start.seed)
        replayed = start
        for move in state.history():
            replayed = replayed.play(move)
        assert replayed == state


def test_random_position_defaults_to_three_cards() -> None:
    rules = Rules(players=4)
    assert random_position(rules, seed=5) == random_position(rules, seed=5, cards_left=3)


def test_random_position_with_a_hand_already_small_is_the_deal() -> None:
    rules = Rules(players=3, hand_size=2)
    assert random_position(rules, seed=3, cards_left=2) == deal(rules, seed=3)


@pytest.mark.parametrize("cards_left", [0, -1, True, 1.5, "3", None])
def test_random_position_checks_cards_left(cards_left: object) -> None:
    with pytest.raises(RulesError, match="invalid cards_left"):
        random_position(Rules(), seed=1, cards_left=cards_left)  # type: ignore[arg-type]


def test_random_position_checks_rules_and_seed() -> None:
    with pytest.raises(RulesError, match="invalid rules"):
        random_position("players=3", seed=1)  # type: ignore[arg-type]
    for seed in (-1, 2**64, True, "1"):
        with pytest.raises(RulesError, match="invalid seed"):
            random_position(Rules(), seed=seed)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        random_position(Rules(), 1)  # type: ignore[call-arg]


def test_random_position_gives_up_after_a_hundred_deals() -> None:
    rules = Rules(players=2, max_turns=1)
    with pytest.raises(RulesError, match="no position with a hand of at most 1 card came up"):
        random_position(rules, seed=1, cards_left=1)


# -- give_tailor -------------------------------------------------------------------------------


def test_give_tailor_swaps_the_lowest_card() -> None:
    for seed in range(6):
        state = random_position(Rules(players=3), seed=seed)
        for seat in range(3):
            moved = give_tailor(state, seat)
            if state.top_card == TAILOR:
                assert moved is None
                continue
            assert moved is not None and TAILOR in moved.hands[seat]
            assert [len(hand) for hand in moved.hands] == [len(hand) for hand in state.hands]
            if TAILOR in state.hands[seat]:
                assert moved is state
            else:
                lowest = next(iter(state.hands[seat]))
                assert moved.hands[seat] == state.hands[seat] - {lowest} | {TAILOR}
                assert moved.previous is None


def test_give_tailor_when_the_tailor_shows() -> None:
    state = deal(Rules(players=2, special_start="open"), seed=0, deck=_tailor_turned_up())
    assert state.top_card == TAILOR and give_tailor(state, 0) is None


def _tailor_turned_up() -> list[Card]:
    order = [card for card in Card.all() if card != TAILOR]
    return [*order[:14], TAILOR, *order[14:]]


def test_give_tailor_checks_its_arguments() -> None:
    state = random_position(Rules(players=3), seed=1)
    with pytest.raises(RulesError, match="invalid seat 3"):
        give_tailor(state, 3)
    with pytest.raises(RulesError, match="invalid state"):
        give_tailor("state", 0)  # type: ignore[arg-type]
