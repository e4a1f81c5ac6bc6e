"""Pickling: every value the library builds comes back equal from a pickle (and from copy and
deepcopy), at every pickle protocol; the compact forms keep cards canonical, rebuild states
that behave exactly as the originals, and keep a Chase the Tailor state's history."""

from __future__ import annotations

import copy
import pickle
import random
from fractions import Fraction
from typing import Any, TypeVar

import attrs
import pytest
import tailor_helpers
import tarot_helpers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import solver, tailor, tarot
from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.search.results import Analysis, MoveValue, Solution
from cardgames.tarot import Deal, Phase, Rules, State, TarotCard, TarotCardSet, Trick
from cardgames.tarot._codec import _trick_code, _tricks_code
from cardgames.tarot.moves import tricks_of as _tricks_of

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
T = TypeVar("T")


def round_trips(value: T) -> list[T]:
    """``value`` read back from a pickle of every protocol, and from copy and deepcopy."""
    copies: list[T] = [pickle.loads(pickle.dumps(value, protocol)) for protocol in PROTOCOLS]
    return [*copies, copy.copy(value), copy.deepcopy(value)]


def assert_same_tarot_state(state: State, back: State) -> None:
    """``back`` is ``state`` in every way the library shows a state."""
    assert type(back) is State
    assert back == state and hash(back) == hash(state)
    assert str(back) == str(state) and repr(back) == repr(state)
    assert back.history() == state.history()
    assert back.legal_moves() == state.legal_moves()
    assert back.key() == state.key()
    assert back.points() == state.points() and back.piles() == state.piles()
    assert attrs.astuple(back, recurse=False) == attrs.astuple(state, recurse=False)
    assert back.initial.rules == state.rules
    if not state.is_over:
        move = state.legal_moves()[-1]
        assert back.play(move) == state.play(move)


# -- cards and card sets ---------------------------------------------------------------------


@pytest.mark.parametrize("card", [*Card.all(), *TarotCard.all()], ids=str)
def test_a_card_comes_back_as_the_one_shared_card(card: Card | TarotCard) -> None:
    for back in round_trips(card):
        assert back is card


@given(st.integers(0, (1 << 55) - 1))
@SETTINGS
def test_a_card_set_comes_back_equal(mask: int) -> None:
    cards = CardSet(mask)
    for back in round_trips(cards):
        assert type(back) is CardSet and back == cards and hash(back) == hash(cards)
        assert list(back) == list(cards) and str(back) == str(cards)


@given(st.integers(0, (1 << 78) - 1))
@SETTINGS
def test_a_tarot_card_set_comes_back_equal(mask: int) -> None:
    cards = TarotCardSet(mask)
    for back in round_trips(cards):
        assert type(back) is TarotCardSet and back == cards and hash(back) == hash(cards)
        assert back.mask == mask and str(back) == str(cards)


def test_moves_come_back_as_the_shared_moves() -> None:
    for card in TarotCard.all():
        move = tarot.Move(card)
        for back in round_trips(move):
            assert back == move and back is tarot.Move.parse(str(card))


# -- Tarot -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "trick",
    [
        Trick(leader=2),
        Trick(leader=1, cards=tarot_helpers.cards("KH"), players=(1,)),
        Trick(leader=0, cards=tarot_helpers.cards("KH 21T EX"), players=(0, 2, 1), winner=2),
        Trick(leader=5, cards=tarot_helpers.cards("1S 2S 3S 4S 5S 6S"), players=(5, 4, 3, 2, 1, 0)),
    ],
    ids=str,
)
def test_a_trick_comes_back_equal(trick: Trick) -> None:
    for back in round_trips(trick):
        assert type(back) is Trick and back == trick and hash(back) == hash(trick)
        assert back.winner == trick.winner and back.players == trick.players
        assert all(card is TarotCard.from_index(card.index) for card in back.cards)


def test_tricks_of_mixed_sizes_use_the_general_code() -> None:
    # A state's completed tricks all have a card from every seat; the code still reads back
    # a run of tricks of different sizes, in progress or not.
    tricks = (
        Trick(leader=0, cards=tarot_helpers.cards("KH 21T"), players=(0, 1), winner=1),
        Trick(leader=1),
        Trick(leader=1, cards=tarot_helpers.cards("EX"), players=(1,)),
    )
    code = _tricks_code(tricks)
    assert code[0] == 0
    assert _tricks_of(code) == tricks
    assert _tricks_of(_tricks_code(())) == ()
    assert _tricks_of(_tricks_code(tricks[:1])) == tricks[:1]
    assert len(_trick_code(tricks[0])) == 3 + 2 * 2


@pytest.mark.parametrize("rules", tarot_helpers.PRESETS, ids=tarot_helpers.PRESET_IDS)
def test_a_deal_comes_back_equal(rules: Rules) -> None:
    deal = Deal.random(rules, seed=11, dealer=rules.players - 1)
    for back in round_trips(deal):
        assert type(back) is Deal and back == deal and hash(back) == hash(deal)
        assert str(back) == str(deal) and back.start() == deal.start()


@given(
    st.sampled_from(tarot_helpers.PRESETS),
    st.integers(0, 2**64 - 1),
    st.integers(0, 5),
    st.randoms(use_true_random=False),
)
@SETTINGS
def test_every_state_of_a_tarot_play_out_comes_back_equal(
    rules: Rules, seed: int, dealer: int, rng: random.Random
) -> None:
    states = tarot_helpers.random_playout(tarot.deal(rules, seed, dealer % rules.players), rng)
    phases = {state.phase for state in states}
    assert Phase.PLAY in phases and Phase.OVER in phases
    for state in states:
        back = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
        assert_same_tarot_state(state, back)
    # previous replays the deal: check it on a few states only, at every protocol.
    for state in rng.sample(states, 3):
        for back in round_trips(state):
            assert_same_tarot_state(state, back)
            assert back.previous == state.previous


def test_a_whole_play_out_in_one_pickle_shares_its_deal_and_rules() -> None:
    rules = Rules.traditional(players=4)
    states = tarot_helpers.random_playout(tarot.deal(rules, 3), random.Random(3))
    back = pickle.loads(pickle.dumps(states))
    assert back == states
    assert all(state.initial is back[0].initial for state in back)
    assert all(state.rules is back[0].rules for state in back)


def test_house_rules_come_back_with_the_state() -> None:
    base = Rules.traditional(players=3)
    for rules in (
        attrs.evolve(base, magician_bonus=0, clockwise=True),
        attrs.evolve(Rules.simplified(players=4), talon_size=6, discard_is_own_group=True),
    ):
        state = tarot.deal(rules, 5)
        state = state.play(state.legal_moves()[0])
        for back in round_trips(state):
            assert back.rules == rules and str(back.rules) == str(rules)
            assert_same_tarot_state(state, back)


def test_a_made_up_position_comes_back_with_no_way_back() -> None:
    rules = Rules.simplified(players=3)
    state = tarot_helpers.position(
        rules, ["KS QS", "KH QH", "KD QD"], leader=1, won=["-", "-", "-"], trick=""
    )
    assert state.previous is None
    for back in round_trips(state):
        assert back == state and str(back) == str(state) and back.previous is None


# -- Chase the Tailor --------------------------------------------------------------------


def assert_same_tailor_state(state: tailor.State, back: tailor.State) -> None:
    assert type(back) is tailor.State
    assert back == state and hash(back) == hash(state)
    assert str(back) == str(state) and repr(back) == repr(state)
    assert back.history() == state.history()
    assert back.legal_moves() == state.legal_moves()
    before, after = state.previous, back.previous
    while before is not None:
        assert after == before
        before, after = before.previous, after.previous if after is not None else None
    assert after is None


@given(tailor_helpers.any_states())
@SETTINGS
def test_any_tailor_state_comes_back_equal(state: tailor.State) -> None:
    for back in round_trips(state):
        assert_same_tailor_state(state, back)


@given(st.integers(2, 6), st.integers(0, 2**64 - 1), st.randoms(use_true_random=False))
@SETTINGS
def test_a_tailor_state_comes_back_with_its_history(
    players: int, seed: int, rng: random.Random
) -> None:
    rules = tailor.Rules(players=players, max_turns=200)
    states = tailor_helpers.random_playout(tailor.deal(rules, seed), rng)
    for state in (states[len(states) // 2], states[-1]):
        for back in round_trips(state):
            assert_same_tailor_state(state, back)


# -- results -------------------------------------------------------------------------------


def test_tarot_analyses_and_solutions_come_back_equal() -> None:
    for rules in tarot_helpers.PRESETS:
        state = tarot.random_position(rules, seed=4, tricks_left=2)
        results: list[Any] = [
            solver.analyse(state),
            solver.solve(state),
            solver.analyse(state, limit=solver.Limit(nodes=3)),
        ]
        for result in results:
            for back in round_trips(result):
                assert type(back) is type(result) and back == result
                assert back.to_dict() == result.to_dict()


def test_tailor_analyses_come_back_equal() -> None:
    state = tailor.random_position(tailor.Rules(players=3), seed=2, cards_left=2)
    results: list[Any] = [
        solver.analyse(state, horizon=4),
        solver.analyse(state, horizon=3, limit=solver.Limit(nodes=5)),
        solver.solve(state, limit=solver.Limit(nodes=50)),
    ]
    for result in results:
        for back in round_trips(result):
            assert back == result and back.to_dict() == result.to_dict()


NUMBERS = st.fractions(max_denominator=1000) | st.integers(-(10**30), 10**30).map(Fraction)


@given(st.lists(st.tuples(NUMBERS, NUMBERS), max_size=6), NUMBERS, st.booleans())
@SETTINGS
def test_any_numbers_come_back_as_equal_fractions(
    values: list[tuple[Fraction, Fraction]], value: Fraction, exact: bool
) -> None:
    entries = tuple(
        MoveValue(move=f"m{i}", value=low, lower=low, upper=high)
        for i, (low, high) in enumerate(values)
    )
    analysis = Analysis(
        game="tarot",
        perspective=1,
        side=(1, 3),
        to_move=0,
        objective="points",
        value=value,
        lower=value,
        upper=value + 1,
        move_values=entries,
        best_moves=tuple(entry.move for entry in entries[:1]),
        pv=("a", "b"),
        nodes=7,
        elapsed=0.25,
        exact=exact,
        bound="exact" if exact else "bounds",
        horizon=None if exact else 3,
    )
    solution: Solution[str] = Solution(
        game="tailor",
        perspective=0,
        side=(0,),
        to_move=1,
        value=value,
        lower=value - 1,
        upper=value,
        best_move=None,
        pv=(),
        nodes=1,
        elapsed=0.0,
        exact=exact,
        bound="horizon",
    )
    originals: list[Any] = [analysis, solution, *entries]
    for original in originals:
        for back in round_trips(original):
            assert back == original
            for field in attrs.fields(type(original)):
                if isinstance(getattr(original, field.name), Fraction):
                    assert type(getattr(back, field.name)) is Fraction
