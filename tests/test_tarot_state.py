"""Dealing, the discard phase, the state machine and random play-outs for every preset."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tarot_helpers import PRESETS, hand, random_playout

from cardgames import Card, CardSet
from cardgames.deck import Deck
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tarot import (
    EXCUSE,
    Deal,
    DiscardRule,
    Game,
    Move,
    Phase,
    Rules,
    State,
    TarotCard,
    TarotCardSet,
    Trick,
    deal,
    legal_discards,
    random_position,
    random_strategy,
    trump,
)
from cardgames.tarot.cards import tarot_deck
from cardgames.validation import quote

FULL = TarotCardSet.full().mask
HONOURS = hand("KS KH KD KC 1T 21T EX")


# -- dealing --------------------------------------------------------------------------------


def test_traditional_three_players_get_25_each_and_talon_of_3_in_packets_of_5() -> None:
    rules = Rules.traditional(players=3)
    game = Deal.from_deck(rules, tarot_deck(), dealer=0)
    assert [len(h) for h in game.hands] == [25, 25, 25] and len(game.talon) == 3
    pack = TarotCard.all()
    # eldest (seat 2, the dealer's right) gets the first packet of five, then seat 1, seat 0
    assert set(pack[0:5]) <= game.hands[2]
    assert set(pack[5:10]) <= game.hands[1]
    assert set(pack[10:15]) <= game.hands[0]
    assert game.talon == TarotCardSet.from_cards(pack[75:])


def test_traditional_four_players_get_19_each_and_dealer_takes_the_final_two() -> None:
    rules = Rules.traditional(players=4)
    state = State.from_deck(rules, tarot_deck(), dealer=2)
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
        Deal.from_deck(rules, tarot_deck()[:70])
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
        state.play(b"KS")  # type: ignore[arg-type]


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


def _card_order_playout(state: State, rng: random.Random) -> list[State]:
    # A play-out whose discard is made in card order, the order history() lists it in.
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        state = state.play(moves[0] if state.phase is Phase.DISCARD else rng.choice(moves))
        states.append(state)
    return states


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_walking_previous_back_visits_every_state_in_reverse(rules: Rules) -> None:
    states = _card_order_playout(deal(rules, seed=8, dealer=1), random.Random(8))
    walked = [states[-1]]
    while (back := walked[-1].previous) is not None:
        walked.append(back)
    assert walked == states[::-1]
    final = states[-1].history()
    assert len(final) == len(states) - 1 == 78  # the discard, then every card dealt
    for number, state in enumerate(states):
        assert state.history() == final[:number]


def test_previous_after_an_out_of_order_discard_is_the_card_order_replay() -> None:
    rules = Rules.traditional(players=3)
    start = deal(rules, seed=4)
    first, second, third = start.legal_moves()[:3]
    state = start.play(third).play(first).play(second)  # discarded high card first
    assert state.history() == (first, second, third)
    back = state.previous
    assert back == start.play(first).play(second)
    assert back is not None and back.previous == start.play(first)
    after = state.play(state.legal_moves()[0])
    assert after.previous == state  # the play itself is remembered exactly


def test_previous_is_none_at_the_start_and_for_made_up_positions() -> None:
    start = deal(Rules.simplified(players=4), seed=3)
    assert start.previous is None and start.history() == ()
    no_talon = deal(Rules.simplified(players=3), seed=3)
    assert no_talon.previous is None
    # a position no play from its deal reaches: a card of seat 1 swapped with one of seat 2
    state = no_talon.play(no_talon.legal_moves()[0])
    one, two = next(iter(state.hands[1])), next(iter(state.hands[2]))
    hands = (
        state.hands[0],
        state.hands[1].remove(one).add(two),
        state.hands[2].remove(two).add(one),
    )
    swapped = attrs.evolve(state, hands=hands)
    assert swapped != state and swapped.previous is None
    # a position built by hand that play does reach has the same way back
    rebuilt = attrs.evolve(state)
    assert rebuilt.previous == no_talon


def test_previous_of_a_parsed_position_and_its_history_prefix() -> None:
    states = random_playout(deal(Rules.simplified(players=5), seed=6), random.Random(6))
    state = State.parse(states[40].position())
    back = state.previous
    assert back is not None and back == states[39]
    assert back.history() == state.history()[:-1]


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


# -- hardening: moves, seats, seeds and constructor arguments --------------------------------

HUGE = 10**5000


def test_move_rejects_a_card_of_another_pack() -> None:
    # Card.parse('2S') has index 1, the Tarot 2 of spades' index too: it used to be played.
    state = deal(Rules.simplified(players=3), seed=1)
    assert Move(TarotCard.from_index(1)) in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="expected a TarotCard"):
        state.play(Move(Card.parse("2S")))  # type: ignore[arg-type]


@pytest.mark.parametrize("card", [5, None, "1S", True, 1.5, HUGE, [TarotCard(0)]], ids=quote)
def test_move_validates_its_card(card: object) -> None:
    with pytest.raises(IllegalMoveError, match="expected a TarotCard"):
        Move(card)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "move", [None, 5, "1S", TarotCard(0), Card.parse("2S"), HUGE, [Move(TarotCard(0))]], ids=quote
)
def test_is_legal_is_false_and_play_raises_for_malformed_moves(move: object) -> None:
    state = deal(Rules.simplified(players=4), seed=2)
    before = attrs.evolve(state)
    assert not state.is_legal(move)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        state.play(move)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        state.check(move)  # type: ignore[arg-type]
    assert state == before


def test_a_move_whose_card_was_swapped_after_construction_is_refused() -> None:
    state = deal(Rules.simplified(players=3), seed=1)
    move = Move(TarotCard(1))
    object.__setattr__(move, "card", 1)
    assert not state.is_legal(move)
    with pytest.raises(IllegalMoveError):
        state.play(move)


@pytest.mark.parametrize("seat", [True, False, 6, -1, "0", 0.0, None, HUGE], ids=quote)
def test_bool_and_non_seats_are_rejected_everywhere_a_seat_is_taken(seat: object) -> None:
    rules = Rules.simplified(players=4)
    good = Deal.random(rules, seed=1)
    bad_seat: Any = seat
    calls: list[Callable[[], object]] = [
        lambda: deal(rules, seed=1, dealer=bad_seat),
        lambda: Deal.random(rules, 1, bad_seat),
        lambda: Deal.from_deck(rules, tarot_deck(), bad_seat),
        lambda: attrs.evolve(good, dealer=bad_seat),
        lambda: State.from_deal(rules, good.hands, good.talon, bad_seat),
        lambda: State.from_deck(rules, tarot_deck(), bad_seat),
        lambda: attrs.evolve(good.start(), to_move=bad_seat),
        lambda: Trick(leader=bad_seat),
        lambda: Trick(leader=0, cards=(TarotCard(0),), players=(bad_seat,)),
        lambda: Trick(leader=0).card_of(bad_seat),
        lambda: Game(rules=rules, seed=1, first_dealer=bad_seat),
        lambda: random_position(rules, seed=1, tricks_left=2, dealer=bad_seat),
    ]
    if seat is not None:  # None is the winner of a trick in progress
        calls.append(lambda: Trick(leader=0, cards=(TarotCard(0),), players=(0,), winner=bad_seat))
    for call in calls:
        with pytest.raises(RulesError):
            call()


def test_dealer_true_is_not_written_out_as_true() -> None:
    rules = Rules.simplified(players=4)
    with pytest.raises(RulesError, match="invalid dealer True"):
        deal(rules, seed=1, dealer=True)
    assert str(deal(rules, seed=1, dealer=1).initial).split()[1].startswith("1:")


@pytest.mark.parametrize("seed", ["abc", None, 1.5, True, -1, -7, 2**64, HUGE, [1]], ids=quote)
def test_bad_seeds_raise_rules_error(seed: object) -> None:
    rules = Rules.simplified(players=4)
    bad: Any = seed
    for call in (
        lambda: deal(rules, seed=bad),
        lambda: Deal.random(rules, bad),
        lambda: random_strategy(bad),
        lambda: Game(rules=rules, seed=bad),
        lambda: random_position(rules, seed=bad, tricks_left=2),
    ):
        with pytest.raises(RulesError, match=r"seed|random source") as raised:
            call()
        assert len(str(raised.value)) < 200


def test_negative_seeds_are_rejected_not_folded_onto_their_absolute_value() -> None:
    # random.Random(-7) is random.Random(7): the two deals used to be the same.
    rules = Rules.simplified(players=4)
    with pytest.raises(RulesError, match="-7"):
        deal(rules, seed=-7)
    assert deal(rules, seed=2**64 - 1) == deal(rules, seed=2**64 - 1)
    assert deal(rules, seed=random.Random(7)) == deal(rules, seed=random.Random(7))


def test_deal_with_wrong_typed_arguments_raises_rules_error() -> None:
    rules = Rules.simplified(players=3)
    good = Deal.random(rules, seed=1)
    anything: Any
    for anything in (None, "simplified-3", 3, Rules):
        with pytest.raises(RulesError, match="rules"):
            deal(anything, 1)
        with pytest.raises(RulesError, match="rules"):
            Deal(rules=anything, dealer=0, hands=good.hands, talon=good.talon)
        with pytest.raises(RulesError, match="rules"):
            State.from_deal(anything, good.hands, good.talon)
    for anything in (None, 5, "abc", [1, 2, 3], [None] * 3, [good.hands[0].mask] * 3):
        with pytest.raises(RulesError, match="hand"):
            Deal(rules=rules, dealer=0, hands=anything, talon=good.talon)
        with pytest.raises(RulesError, match="hand"):
            State.from_deal(rules, anything, good.talon)
    hands_of_the_wrong_pack: Any = [CardSet(hand.mask & ((1 << 55) - 1)) for hand in good.hands]
    with pytest.raises(RulesError, match="hand"):
        Deal(rules=rules, dealer=0, hands=hands_of_the_wrong_pack, talon=good.talon)
    for anything in (None, 0, "-", [], CardSet()):
        with pytest.raises(RulesError, match="talon"):
            Deal(rules=rules, dealer=0, hands=good.hands, talon=anything)
    for anything in (None, list(tarot_deck()), Deck.standard(), tarot_deck()[:77], "deck"):
        with pytest.raises(RulesError, match="deck"):
            Deal.from_deck(rules, anything)


def test_deal_keeps_a_tuple_of_its_hands() -> None:
    rules = Rules.simplified(players=3)
    good = Deal.random(rules, seed=1)
    hands = list(good.hands)
    made = Deal(rules=rules, dealer=0, hands=hands, talon=good.talon)
    assert isinstance(made.hands, tuple) and made == good
    hash(made)
    hands.reverse()
    assert made.hands == good.hands
    start = State.from_deal(rules, list(good.hands), good.talon)
    assert start == good.start() and isinstance(start.initial.hands, tuple)


def test_state_and_trick_keep_tuples_of_what_they_are_given() -> None:
    state = random_playout(deal(Rules.simplified(players=4), seed=3), random.Random(3))[30]
    hands, won, tricks = list(state.hands), list(state.won), list(state.tricks)
    cards, players = list(state.trick.cards), list(state.trick.players)
    trick = Trick(leader=state.trick.leader, cards=cards, players=players)
    made = attrs.evolve(state, hands=hands, won=won, tricks=tricks, trick=trick)
    assert made == state
    assert all(isinstance(made_part, tuple) for made_part in (made.hands, made.won, made.tricks))
    assert isinstance(trick.cards, tuple) and isinstance(trick.players, tuple)
    hash(made)
    for original in (hands, won, tricks, cards, players):
        original.clear()
    assert made == state and trick == state.trick


def test_state_with_wrong_typed_fields_raises_rules_error() -> None:
    state = random_playout(deal(Rules.simplified(players=4), seed=3), random.Random(3))[30]
    assert state.excuse_trick is None or state.tricks
    all_changes: list[dict[str, Any]] = [
        {"initial": None},
        {"initial": state.rules},
        {"phase": "play"},
        {"phase": None},
        {"to_move": 4},
        {"to_move": (state.to_move + 1) % 4},  # not the seat the trick calls for
        {"hands": None},
        {"hands": state.hands[:3]},
        {"hands": [h.mask for h in state.hands]},
        {"discard": None},
        {"discard": state.discard.mask},
        {"discard": TarotCardSet.parse("1S 2S 3S")},  # more than the talon
        {"trick": None},
        {"trick": state.tricks[0]},  # a complete trick is not in progress
        {"tricks": None},
        {"tricks": [None]},
        {"tricks": [state.trick]},  # an incomplete trick among the completed ones
        {"tricks": state.tricks * 3},
        {"won": None},
        {"won": state.won[:2]},
        {"trumps_played": 1},
        {"trumps_played": None},
        {"excuse_trick": True},
        {"excuse_trick": "0"},
        {"excuse_trick": 99},
        {"excuse_trick": -1},
        {"phase": Phase.OVER},
        {"phase": Phase.DISCARD},
    ]
    for changes in all_changes:
        with pytest.raises(RulesError):
            attrs.evolve(state, **changes)


def test_trick_with_wrong_things_raises_rules_error() -> None:
    one = TarotCard(0)
    for kwargs in [
        {"leader": None},
        {"leader": 6},
        {"leader": 0, "cards": None},
        {"leader": 0, "cards": "KS"},
        {"leader": 0, "cards": [0], "players": [0]},
        {"leader": 0, "cards": [Card.parse("2S")], "players": [0]},
        {"leader": 0, "cards": [one], "players": []},
        {"leader": 0, "cards": [one, one], "players": [0, 1]},
        {"leader": 0, "cards": [one], "players": [1]},
        {"leader": 0, "cards": TarotCard.all()[:7], "players": range(7)},
        {"leader": 0, "cards": [one], "players": [0], "winner": 1},
        {"leader": 0, "players": None},
    ]:
        with pytest.raises(RulesError):
            Trick(**kwargs)  # type: ignore[arg-type]


def test_every_state_reached_by_play_passes_the_constructor_checks() -> None:
    # play() builds its states without re-running the checks; they must hold all the same.
    for rules in PRESETS:
        for state in random_playout(deal(rules, seed=4, dealer=1), random.Random(4)):
            assert attrs.evolve(state) == state
            for trick in (*state.tricks, state.trick):
                assert attrs.evolve(trick) == trick


@pytest.mark.parametrize(
    "arguments",
    [
        (None, 1, 2),
        ("traditional-3", 1, 2),
        (Rules.traditional(players=3), "1", 2),
        (Rules.traditional(players=3), -1, 2),
        (Rules.traditional(players=3), HUGE, 2),
        (Rules.traditional(players=3), 1, "3"),
        (Rules.traditional(players=3), 1, 0),
        (Rules.traditional(players=3), 1, 26),
        (Rules.traditional(players=3), 1, True),
        (Rules.traditional(players=3), 1, 2, 3),
    ],
    ids=quote,
)
def test_random_position_validates_every_argument(arguments: tuple[Any, ...]) -> None:
    rules, seed, tricks_left, *dealer = arguments
    with pytest.raises(RulesError):
        random_position(
            rules, seed=seed, tricks_left=tricks_left, dealer=dealer[0] if dealer else 0
        )
    state = random_position(Rules.traditional(players=3), seed=1, tricks_left=25, dealer=2)
    assert state.phase is Phase.PLAY and not state.tricks and state.dealer == 2


# -- dealing with pinned cards (deal(..., fixed=)) -------------------------------------------


def test_fixed_cards_are_pinned_and_the_rest_dealt_from_the_seed() -> None:
    rules = Rules.traditional(players=3)
    kings = hand("KS KH KD KC")
    state = deal(rules, seed=5, dealer=1, fixed={2: kings, 0: "21T 1T EX"})
    hands = state.initial.hands
    assert kings <= hands[2] and hand("21T 1T EX") <= hands[0]
    assert [len(h) for h in hands] == [25, 25, 25] and len(state.initial.talon) == 3
    again = deal(rules, seed=5, dealer=1, fixed={0: "21T 1T EX", 2: kings})  # key order
    assert again == state
    other = deal(rules, seed=6, dealer=1, fixed={2: kings, 0: "21T 1T EX"})
    assert other != state and kings <= other.initial.hands[2]
    by_seat = {2: kings}  # a dict[int, TarotCardSet] fits the type as well as a literal
    assert kings <= deal(rules, seed=5, fixed=by_seat).initial.hands[2]


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_an_empty_fixed_mapping_deals_exactly_as_no_mapping(rules: Rules) -> None:
    for seed in (0, 1, 77):
        assert deal(rules, seed=seed, dealer=1, fixed={}) == deal(rules, seed=seed, dealer=1)
        assert deal(rules, seed=seed, fixed=None) == deal(rules, seed)


def test_fixed_cards_may_be_a_set_an_iterable_or_a_text() -> None:
    rules = Rules.simplified(players=4)
    text = "QH 7S 12T"
    forms: list[Any] = [
        text,
        hand(text),
        TarotCardSet.parse(text),
        [TarotCard.parse(word) for word in text.split()],
        tuple(TarotCard.parse(word) for word in text.split()),
        (TarotCard.parse(word) for word in text.split()),
        {TarotCard.parse(word) for word in text.split()},
    ]
    deals = {deal(rules, seed=3, fixed={1: form}).initial for form in forms}
    assert len(deals) == 1 and hand(text) <= deals.pop().hands[1]


def test_fixing_the_talon() -> None:
    rules = Rules.simplified(players=5)
    state = deal(rules, seed=2, dealer=4, fixed={"talon": "EX 2S", 0: "KS"})
    assert hand("EX 2S") <= state.initial.talon and len(state.initial.talon) == 3
    assert state.phase is Phase.DISCARD and hand("EX 2S") <= state.hands[4]  # the dealer's
    full = deal(rules, seed=2, fixed={"talon": "EX 2S 3S"})
    assert full.initial.talon == hand("EX 2S 3S")
    with pytest.raises(RulesError, match="talon"):
        deal(Rules.simplified(players=3), seed=2, fixed={"talon": "EX"})  # no talon


def test_a_fully_fixed_pack_ignores_the_seed() -> None:
    rules = Rules.traditional(players=3)
    game = Deal.random(rules, 9)
    fixed: dict[int | str, TarotCardSet] = {seat: h for seat, h in enumerate(game.hands)}
    fixed["talon"] = game.talon
    assert Deal.random(rules, 1, fixed=fixed) == game == Deal.random(rules, 2, fixed=fixed)
    whole = Deal.random(rules, 4, fixed={1: game.hands[1]})
    assert whole.hands[1] == game.hands[1]


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**64 - 1),
    data=st.data(),
)
def test_fixed_deals_keep_the_pinned_cards_and_are_reproducible(
    preset: Rules, seed: int, data: st.DataObject
) -> None:
    order = data.draw(st.permutations(range(78)))
    fixed: dict[int | str, list[TarotCard]] = {}
    position = 0
    keys: list[int | str] = [*range(preset.players), "talon"]
    for key in data.draw(st.lists(st.sampled_from(keys), unique=True)):
        room = preset.talon_size if key == "talon" else preset.hand_size
        count = data.draw(st.integers(0, room))
        fixed[key] = [TarotCard.from_index(i) for i in order[position : position + count]]
        position += count
    dealer = seed % preset.players
    state = deal(preset, seed=seed, dealer=dealer, fixed=fixed)
    for key, cards in fixed.items():
        held = state.initial.talon if key == "talon" else state.initial.hands[int(key)]
        assert set(cards) <= held
    assert state == deal(preset, seed=seed, dealer=dealer, fixed=fixed)
    assert Deal.parse(str(state.initial)) == state.initial


@pytest.mark.parametrize(
    ("fixed", "message"),
    [
        ([0], "mapping"),
        ("KS", "mapping"),
        ({3: "KS"}, "fixed seat 3"),
        ({-1: "KS"}, "fixed seat -1"),
        ({True: "KS"}, "fixed seat True"),
        ({"dealer": "KS"}, "fixed seat 'dealer'"),
        ({0: "KS ZZ"}, "'KS ZZ'"),
        ({0: "KS KS"}, "twice"),
        ({0: [TarotCard.parse("KS")] * 2}, "KS is given twice"),
        ({0: "KS", 2: "21T KS"}, "KS is given to seat 0 and to seat 2"),
        ({1: "EX", "talon": "EX"}, "EX is given to seat 1 and to the talon"),
        ({"talon": "1S 2S 3S 4S"}, "4 cards, but the talon holds 3"),
        ({0: TarotCardSet.full()}, "78 cards, but seat 0 holds 25"),
        ({0: 5}, "seat 0"),
        ({0: [5]}, "5 is not a TarotCard"),
        ({0: [Card.parse("AS")]}, "not a TarotCard"),
        ({0: CardSet.parse("AS")}, "not a TarotCard"),
        ({0: None}, "seat 0"),
    ],
    ids=quote,
)
def test_bad_fixed_cards_raise_rules_error_quoting_them(fixed: Any, message: str) -> None:
    with pytest.raises(RulesError, match=message) as raised:
        deal(Rules.traditional(players=3), seed=1, fixed=fixed)
    assert "fixed" in str(raised.value)
