"""Tests of the Tarot player's view (cardgames.tarot.view): what it holds, what it hides, what
it infers from play, its written forms, and the worlds sampled from it."""

from __future__ import annotations

import itertools
import json
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tarot_helpers import position, random_playout

from cardgames import _allocation
from cardgames.cards import Suit
from cardgames.errors import NotationError, RulesError
from cardgames.tarot import Deal, Move, Phase, Rules, State, TarotCardSet, deal
from cardgames.tarot.play import HONOUR_MASK, KING_MASK, SUIT_MASKS, TRUMP_MASK
from cardgames.tarot.view import View, view_of

SETTINGS = settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])
RULES = (
    Rules.traditional(players=3),
    Rules.traditional(players=4),
    Rules.simplified(players=5),
    Rules.simplified(players=2),
)
PLAIN = (SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]) & ~KING_MASK


def played_state(rules: Rules, seed: int, moves: int) -> State:
    """A deal of ``rules`` played ``moves`` moves at random (or to its end)."""
    rng = random.Random(seed)
    states = random_playout(deal(rules, seed=seed, dealer=seed % rules.players), rng)
    return states[min(moves, len(states) - 1)]


def states_strategy() -> st.SearchStrategy[State]:
    return st.builds(
        played_state,
        st.sampled_from(RULES),
        st.integers(0, 2**32),
        st.integers(0, 80),
    )


# -- what the view holds -------------------------------------------------------------------


def test_view_holds_own_hand_and_every_hand_size() -> None:
    state = played_state(Rules.traditional(players=3), 3, 10)
    for seat in range(3):
        view = view_of(state, seat)
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert view.rules == state.rules and view.seat == seat
        assert view.to_move == state.to_move and view.phase is state.phase


def test_view_holds_everything_played_and_by_whom() -> None:
    state = played_state(Rules.traditional(players=4), 5, 30)
    view = view_of(state, (state.dealer + 1) % 4)
    assert view.tricks == state.tricks and view.trick == state.trick
    assert view.won == state.won and view.trumps_played == state.trumps_played
    assert view.history() == state.history()[len(state.discard) :]
    for seat in range(4):
        cards = {
            card
            for trick in (*state.tricks, state.trick)
            for player, card in zip(trick.players, trick.cards, strict=True)
            if player == seat
        }
        assert set(view.played_by(seat)) == cards


def test_dealer_knows_own_discard_and_talon_others_do_not() -> None:
    state = played_state(Rules.traditional(players=3), 8, 6)
    dealer = state.dealer
    view = view_of(state, dealer)
    assert view.discard == state.discard and view.talon == state.initial.talon
    assert view.history()[: len(state.discard)] == tuple(Move(c) for c in state.discard)
    for seat in range(3):
        if seat != dealer:
            other = view_of(state, seat)
            assert other.discard is None and other.talon is None
            assert other.discard_size == len(state.discard) == 3


def test_player_who_did_not_follow_suit_is_void_in_it() -> None:
    rules = Rules.simplified(players=3)
    state = position(rules, ["QS", "QD", "3S 4S"], leader=0, trick="KH 2T")
    view = view_of(state, 0)
    assert view.void_suits[1] == {Suit.HEARTS} and not view.out_of_trumps[1]
    assert not view.void_suits[0] and not view.void_suits[2]
    assert not view.may_hold(1).mask & SUIT_MASKS[Suit.HEARTS]


def test_player_who_did_not_trump_is_out_of_trumps() -> None:
    rules = Rules.simplified(players=3)
    state = position(rules, ["QS", "QD", "3S 4S"], leader=0, trick="KH 2T").play(Move.parse("3S"))
    view = view_of(state, 1)
    assert view.void_suits[2] == {Suit.HEARTS} and view.out_of_trumps[2]
    led_trump = position(rules, ["QS", "QD", "3S 4S"], leader=0, trick="5T 3D")
    assert view_of(led_trump, 0).out_of_trumps[1]


def test_trump_led_before_trumps_were_played_shows_a_hand_of_trumps() -> None:
    rules = Rules.simplified(players=3)
    state = position(rules, ["QS", "QD 9T", "3S 4S"], leader=0, trick="5T", trumps_played=False)
    view = view_of(state, 2)
    assert view.void_suits[0] == frozenset(Suit)
    free = attrs.evolve(rules, trump_lead_restricted=False)
    unrestricted = position(free, ["QS", "QD 9T", "3S 4S"], leader=0, trick="5T")
    assert not view_of(unrestricted, 2).void_suits[0]


def test_excuse_played_shows_nothing() -> None:
    rules = Rules.simplified(players=3)
    state = position(rules, ["QS", "QD", "3S 4S"], leader=0, trick="KH EX")
    view = view_of(state, 0)
    assert not view.void_suits[1] and not view.out_of_trumps[1]


@SETTINGS
@given(states_strategy(), st.integers(0, 5))
def test_inferences_never_contradict_the_true_hands(state: State, seat: int) -> None:
    view = view_of(state, seat % state.rules.players)
    for player in range(state.rules.players):
        assert not state.hands[player].mask & ~view.may_hold(player).mask


def test_discard_rules_limit_what_the_dealer_laid_away() -> None:
    # Simplified rules: the hidden discard never holds an Honour. Traditional rules: a trump
    # in it means the dealer kept no other discardable card.
    rng = random.Random(4)
    for rules in (Rules.simplified(players=4), Rules.traditional(players=3)):
        for seed in range(4):
            state = played_state(rules, seed, 12)
            view = view_of(state, (state.dealer + 1) % rules.players)
            for world in view.samples(40, rng):
                assert not world.discard.mask & HONOUR_MASK
                if rules.discard_rule.value == "traditional" and world.discard.mask & TRUMP_MASK:
                    kept = world.hands[state.dealer].mask | view.played_by(state.dealer).mask
                    assert not kept & PLAIN
                assert world._is_played()


# -- what the view hides -------------------------------------------------------------------


def _reshuffled(state: State, seat: int, rng: random.Random) -> State | None:
    """The same deal and play with the cards ``seat`` cannot see shared out again at random
    (hands keep their sizes), or None when the play would not be legal with them."""
    rules = state.rules
    hidden_places = [p for p in range(rules.players) if p != seat]
    hidden = [c for p in hidden_places for c in state.hands[p]]
    hide_discard = seat != state.dealer
    if hide_discard:
        hidden.extend(state.discard)
    rng.shuffle(hidden)
    hands = list(state.hands)
    for p in hidden_places:
        size = len(hands[p])
        hands[p], hidden = TarotCardSet.from_cards(hidden[:size]), hidden[size:]
    discard = TarotCardSet.from_cards(hidden) if hide_discard else state.discard
    played = [TarotCardSet() for _ in range(rules.players)]
    for trick in (*state.tricks, state.trick):
        for player, card in zip(trick.players, trick.cards, strict=True):
            played[player] = played[player].add(card)
    dealt = [hands[p] | played[p] for p in range(rules.players)]
    talon = state.initial.talon if not hide_discard else TarotCardSet()
    holding = dealt[state.dealer] | discard
    if hide_discard:
        talon = TarotCardSet.from_cards(rng.sample(sorted(holding), rules.talon_size))
    dealt[state.dealer] = holding - talon
    other = Deal(rules=rules, dealer=state.dealer, hands=dealt, talon=talon).start()
    moves = [Move(card) for card in discard] + list(state.history()[len(state.discard) :])
    for move in moves:
        if not other.is_legal(move):
            return None
        other = other.play(move)
    return other


@SETTINGS
@given(states_strategy(), st.integers(0, 5), st.integers(0, 2**32))
def test_states_differing_only_in_hidden_cards_give_equal_views(
    state: State, seat: int, seed: int
) -> None:
    seat %= state.rules.players
    rng = random.Random(seed)
    for _ in range(5):
        other = _reshuffled(state, seat, rng)
        if other is not None:
            assert view_of(other, seat) == view_of(state, seat)
            assert hash(view_of(other, seat)) == hash(view_of(state, seat))


def test_views_of_different_seats_differ() -> None:
    state = played_state(Rules.traditional(players=3), 1, 20)
    assert len({view_of(state, seat) for seat in range(3)}) == 3


# -- moves, written forms ------------------------------------------------------------------


@SETTINGS
@given(states_strategy())
def test_legal_moves_are_the_states_for_the_seat_to_move(state: State) -> None:
    for seat in range(state.rules.players):
        view = view_of(state, seat)
        if seat == state.to_move:
            assert view.legal_moves() == state.legal_moves()
        else:
            assert view.legal_moves() == ()


@SETTINGS
@given(states_strategy(), st.integers(0, 5))
def test_notation_and_json_round_trip(state: State, seat: int) -> None:
    view = view_of(state, seat % state.rules.players)
    assert View.parse(str(view)) == view
    assert View.from_dict(view.to_dict()) == view
    assert View.from_dict(json.loads(json.dumps(view.to_dict()))) == view
    assert View.from_dict(view.to_json()) == view
    assert repr(view).startswith("View.parse(")


@pytest.mark.parametrize(
    "text",
    ["", "traditional-3", "traditional-3 seat:9", "nonsense seat:0 dealer:0", "x" * 50],
)
def test_bad_view_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        View.parse(text)


def test_bad_view_data_is_refused() -> None:
    good = view_of(played_state(Rules.traditional(players=3), 2, 5), 0).to_dict()
    for bad in ({}, {**good, "seat": "x"}, {**good, "hand": "ZZ"}, {**good, "game": "tailor"}, 5):
        with pytest.raises(NotationError):
            View.from_dict(bad)  # type: ignore[arg-type]


def test_view_of_refuses_what_is_not_a_state_or_seat() -> None:
    state = played_state(Rules.traditional(players=3), 2, 5)
    with pytest.raises(RulesError):
        view_of("state", 0)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        view_of(state, 3)
    with pytest.raises(RulesError):
        view_of(state, 0).sample(-7)
    assert view_of(state, 0).sample(7) == view_of(state, 0).sample(random.Random(7))
    assert view_of(state, 0).samples(2, 7) == view_of(state, 0).samples(2, random.Random(7))


def test_to_unicode_shows_the_hand_and_the_others_sizes() -> None:
    rules = Rules.simplified(players=3)
    state = position(rules, ["QS", "QD", "3S 4S"], leader=0, trick="KH 2T").play(Move.parse("3S"))
    text = view_of(state, 0).to_unicode()
    assert "Q♠" in text and "Seat 2: 1 cards (void in ♥, no trumps)" in text


# -- sampling ------------------------------------------------------------------------------


@SETTINGS
@given(states_strategy(), st.integers(0, 5), st.integers(0, 2**32))
def test_sampled_world_has_the_same_view_and_is_played(state: State, seat: int, seed: int) -> None:
    seat %= state.rules.players
    view = view_of(state, seat)
    world = view.sample(random.Random(seed))
    assert view_of(world, seat) == view
    assert world._is_played()
    if not world.is_over:
        world.play(world.legal_moves()[0])


@pytest.mark.parametrize("path", ["counting", "sequential"])
def test_fallbacks_give_consistent_worlds(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_allocation, "ATTEMPTS", 0)
    if path == "sequential":
        monkeypatch.setattr(_allocation, "COUNT_STATES", 0)
    rng = random.Random(9)
    for rules in (Rules.traditional(players=3), Rules.simplified(players=5)):
        for moves in (10, 40, 60):
            state = played_state(rules, moves, moves)
            for seat in range(rules.players):
                view = view_of(state, seat)
                world = view.sample(rng)
                assert view_of(world, seat) == view and world._is_played()


def test_samples_are_deterministic_given_the_rng() -> None:
    view = view_of(played_state(Rules.traditional(players=3), 6, 30), 1)
    first = view.samples(5, random.Random(3))
    assert first == view.samples(5, random.Random(3)) and len(first) == 5
    assert view.samples(0, random.Random(3)) == ()
    with pytest.raises(RulesError):
        view.samples(-1, random.Random(3))


def test_made_up_position_samples_within_its_sizes() -> None:
    rules = Rules.simplified(players=3)
    state = position(rules, ["QS KS", "QD 1D", "3S 4S"], leader=0)
    view = view_of(state, 0)
    world = view.sample(random.Random(1))
    assert view_of(world, 0) == view
    assert [len(hand) for hand in world.hands] == [2, 2, 2]


def _consistent_worlds(view: View) -> set[tuple[int, ...]]:
    """Every sharing-out of the unseen cards that replays legally, by brute force."""
    seats = [p for p in range(view.rules.players) if p != view.seat]
    unseen = sorted(view.unseen(), key=lambda card: card.index)
    worlds = set()
    sizes = [view.hand_sizes[p] for p in seats]
    for first in itertools.combinations(unseen, sizes[0]):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            discard = TarotCardSet.from_cards(c for c in rest if c not in second)
            hands = [view.hand] * view.rules.players
            hands[seats[0]] = TarotCardSet.from_cards(first)
            hands[seats[1]] = TarotCardSet.from_cards(second)
            try:
                world = view._state(hands, discard, random.Random(0))
            except RulesError:
                continue
            if world._is_played():
                worlds.add(_key(world))
    return worlds


def _key(world: State) -> tuple[int, ...]:
    return (*(hand.mask for hand in world.hands), world.discard.mask)


def _chi_square(counts: dict[tuple[int, ...], int], worlds: set[tuple[int, ...]], n: int) -> float:
    expected = n / len(worlds)
    return sum((counts.get(world, 0) - expected) ** 2 / expected for world in worlds)


@pytest.mark.parametrize("path", ["rejection", "counting"])
def test_sampling_is_uniform_over_consistent_worlds_in_an_endgame(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Traditional three-player Tarot, two tricks left, seen from a seat that is not the
    # dealer: the other two hands and the discard are hidden. Every consistent world is
    # enumerated and the samples' frequencies compared with uniform (a loose chi-square
    # bound: mean df, plus six standard deviations sqrt(2 df)).
    if path == "counting":
        monkeypatch.setattr(_allocation, "ATTEMPTS", 0)
    state = played_state(Rules.traditional(players=3), 11, 3 + 3 * 22)
    assert len(state.tricks) == 22 and state.phase is Phase.PLAY
    view = view_of(state, (state.dealer + 1) % 3)
    worlds = _consistent_worlds(view)
    assert len(worlds) > 5
    n = 40 * len(worlds)
    counts: dict[tuple[int, ...], int] = {}
    rng = random.Random(2024)
    for world in view.samples(n, rng):
        counts[_key(world)] = counts.get(_key(world), 0) + 1
    assert set(counts) <= worlds
    df = len(worlds) - 1
    assert _chi_square(counts, worlds, n) < df + 6 * (2 * df) ** 0.5


# -- regressions: deep JSON; a bounded soak of the views of random deals ------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * 100_000 + "1" + "}" * 100_000,
        '{"format": "cardgames-view", "rules": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ],
    ids=["arrays", "objects", "inside"],
)
def test_deeply_nested_json_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="nested too deeply") as caught:
        View.from_dict(text)
    message = str(caught.value)
    assert message.startswith("invalid Tarot view data '" + text[:20])
    assert len(message) < 600 and "JSON" in message


def soak_deal(rules: Rules, seed: int) -> list[State]:
    """Every state of a deal from ``seed`` (dealer ``seed % players``) played with
    ``legal[rng.randrange(len(legal))]`` of ``random.Random(seed)``, bids included: the
    construction of ``benchmarks/soak.py``."""
    rng = random.Random(seed)
    states = [deal(rules, seed=seed, dealer=seed % rules.players)]
    while not states[-1].is_over:
        legal = states[-1].legal_moves()
        states.append(states[-1].play(legal[rng.randrange(len(legal))]))
    return states


def check_views_sample(states: list[State], rng: random.Random) -> None:
    """Every seat's view at the start, a third and two thirds into the deal and at its end
    samples a world with the same view, and reads back from its text and JSON."""
    for at in (0, len(states) // 3, 2 * len(states) // 3, len(states) - 1):
        state = states[at]
        for seat in range(state.rules.players):
            view = view_of(state, seat)
            assert view_of(view.sample(rng), seat) == view
            assert View.parse(str(view)) == view
            assert View.from_dict(view.to_json()) == view


@pytest.mark.parametrize(
    "rules",
    [*(Rules.simplified(players=n) for n in range(2, 7)), *RULES[:2]],
    ids=str,
)
def test_soak_every_seats_view_samples(rules: Rules) -> None:
    """A bounded soak (``benchmarks/soak.py --views`` is the long one) of the simplified and
    traditional presets (``test_french_view`` has the French ones)."""
    rng = random.Random(str(rules))
    check_views_sample(soak_deal(rules, 3), rng)
