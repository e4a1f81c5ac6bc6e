"""Chase the Tailor: the pure rule functions and the Rules object."""

from __future__ import annotations

import contextlib
import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tailor_helpers import rules_variants

from cardgames.cards import Card, Rank, Suit
from cardgames.cardset import CardSet
from cardgames.errors import NotationError, RulesError
from cardgames.tailor import (
    Call,
    Rules,
    State,
    can_follow,
    deal,
    derive_seed,
    hand_points,
    hand_value,
    ranks_adjacent,
)


def c(text: str) -> Card:
    return Card.parse(text)


def test_follow_by_same_suit() -> None:
    assert can_follow(c("2H"), c("9H"))
    assert can_follow(c("KH"), c("5H"))
    assert not can_follow(c("2S"), c("9H"))


def test_follow_by_same_rank() -> None:
    assert can_follow(c("9S"), c("9H"))
    assert can_follow(c("QC"), c("QD"))
    assert not can_follow(c("4S"), c("9H"))


def test_follow_by_next_door_rank() -> None:
    assert can_follow(c("6C"), c("7H"))
    assert can_follow(c("8D"), c("7H"))
    assert not can_follow(c("5C"), c("7H"))
    assert not can_follow(c("9D"), c("7H"))
    assert can_follow(c("JS"), c("TH")) and can_follow(c("QS"), c("KH"))


def test_ace_is_next_door_to_two_and_king() -> None:
    assert can_follow(c("2C"), c("AS")) and can_follow(c("KD"), c("AS"))
    assert can_follow(c("AD"), c("KS")) and can_follow(c("AD"), c("2S"))
    assert not can_follow(c("2C"), c("KS")) and not can_follow(c("QC"), c("AS"))
    assert ranks_adjacent(Rank.ACE, Rank.KING) and ranks_adjacent(Rank.KING, Rank.ACE)
    assert not ranks_adjacent(Rank.QUEEN, Rank.ACE)


def test_specials_follow_anything_and_anything_follows_none() -> None:
    for top in (c("9H"), Call.parse("call 2C"), None):
        assert can_follow(c("X1"), top) and can_follow(c("X2"), top) and can_follow(c("TLR"), top)
    assert all(can_follow(card, None) for card in Card.all())


def test_follow_a_call_like_its_card() -> None:
    call = Call(Suit.DIAMONDS, Rank.QUEEN)
    for card in Card.all()[:52]:
        assert can_follow(card, call) == can_follow(card, c("QD"))


@given(st.sampled_from(Card.all()[:52]), st.sampled_from(Card.all()[:52]))
def test_follow_is_exactly_suit_rank_or_neighbour(card: Card, top: Card) -> None:
    assert card.suit is not None and card.rank is not None
    assert top.suit is not None and top.rank is not None
    expected = card.suit == top.suit or (card.rank - top.rank) % 13 in (0, 1, 12)
    assert can_follow(card, top) == expected


def test_hand_values() -> None:
    values = {f"{rank}S": int(rank) for rank in "23456789"}
    values.update({"AS": 1, "TS": 10, "JH": 10, "QD": 10, "KC": 10, "X1": 15, "X2": 15})
    values["TLR"] = 25
    for text, value in values.items():
        assert hand_value(c(text)) == value
    assert hand_points(CardSet.full()) == 4 * (1 + sum(range(2, 11)) + 30) + 30 + 25
    assert hand_points([c("TLR"), c("AS")]) == hand_points(CardSet.parse("TLR AS")) == 26


def test_rules_defaults() -> None:
    rules = Rules()
    assert (rules.players, rules.chase_mode, rules.hand_size) == (4, False, 7)
    assert rules.after_joker == "below" and rules.special_start == "bury"
    assert not rules.voluntary_draw and rules.must_play_drawn and not rules.drawn_card_dumps
    assert not rules.dump_whole_rank and not rules.victim_may_be_caller
    assert rules.final_tailor_penalty and rules.two_player_reverse_skips
    assert not rules.skipped_player_draws_chase and not rules.tailor_breaks_chase
    assert rules.next_round_starter == "rotate" and rules.max_turns == 1000


@pytest.mark.parametrize(
    "changes",
    [
        {"players": 1},
        {"players": 7},
        {"players": True},
        {"hand_size": 0},
        {"players": 6, "hand_size": 10},
        {"after_joker": "wild"},
        {"special_start": "x"},
        {"next_round_starter": "loser"},
        {"chase_mode": 1},
        {"max_turns": 0},
    ],
)
def test_rules_are_validated(changes: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules(**changes)  # type: ignore[arg-type]


rules_strategy = rules_variants()


@settings(max_examples=60)
@given(rules_strategy)
def test_rules_text_and_dict_round_trip(rules: Rules) -> None:
    assert Rules.parse(str(rules)) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    assert attrs.evolve(rules) == rules


@settings(max_examples=100)
@given(st.text(max_size=40))
def test_rules_parse_garbage_raises_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        Rules.parse(text)


def test_rules_text_is_comma_separated_with_yes_and_no() -> None:
    rules = Rules(players=4, chase_mode=True)
    assert str(rules) == "players=4,chase_mode=yes"
    assert Rules.parse("players=4,chase_mode=yes") == rules
    assert str(Rules()) == "players=4"
    assert str(Rules(players=2, must_play_drawn=False, max_turns=40, after_joker="any")) == (
        "players=2,after_joker=any,must_play_drawn=no,max_turns=40"
    )
    assert Rules.parse(" players=4 , chase_mode=yes ") == rules


@pytest.mark.parametrize("spelling", ["yes", "YES", "Yes", "true", "True", "TRUE"])
def test_rules_text_reads_every_true_spelling(spelling: str) -> None:
    assert Rules.parse(f"players=3,chase_mode={spelling}").chase_mode is True
    assert Rules.parse(f"final_tailor_penalty={spelling}").final_tailor_penalty is True


@pytest.mark.parametrize("spelling", ["no", "NO", "No", "false", "False", "FALSE"])
def test_rules_text_reads_every_false_spelling(spelling: str) -> None:
    assert Rules.parse(f"players=3,must_play_drawn={spelling}").must_play_drawn is False


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("traditional-3", "no preset names"),
        ("simplified-4,players=4", "no preset names"),
        ("players=4 chase_mode=yes", "separated by commas"),
        ("players=4,colour=red", "unknown field 'colour'"),
        ("players=4,chase_mode=maybe", "chase_mode: invalid boolean 'maybe'"),
        ("players=4,chase_mode=1", "chase_mode: invalid boolean '1'"),
        ("players=four", "players: invalid number 'four'"),
        ("players=9", "invalid players 9"),
        ("players=3,players=3", "players is given twice"),
        ("players=3,", "expected field=value"),
        ("", "expected comma-separated items"),
        ("after_joker=wild", "invalid after_joker 'wild'"),
        ("players=6,hand_size=10", "hand_size"),
    ],
)
def test_rules_text_errors_say_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)) as caught:
        Rules.parse(text)
    assert str(caught.value).startswith(f"invalid rules {text!r}")


@st.composite
def every_rules(draw: st.DrawFn) -> Rules:
    """Any Rules the constructor accepts, hand sizes included."""
    rules = draw(rules_variants(max_turns=1_000_000))
    hand_size = draw(st.integers(1, 54 // rules.players))
    return attrs.evolve(rules, hand_size=hand_size)


@settings(max_examples=150)
@given(every_rules())
def test_every_constructible_rules_text_round_trips(rules: Rules) -> None:
    text = str(rules)
    assert Rules.parse(text) == rules
    assert " " not in text and text.startswith(f"players={rules.players}")
    # the spellings the writer does not use are read as the same rules
    assert Rules.parse(text.replace("=yes", "=TRUE").replace("=no", "=False")) == rules
    assert Rules.parse(text.replace(",", " , ")) == rules


def test_rules_from_dict_rejects_unknown_fields() -> None:
    with pytest.raises(RulesError):
        Rules.from_dict({"players": 3, "colour": "red"})
    with pytest.raises(RulesError):
        Rules.from_dict([1, 2])


def test_derive_seed_is_stable() -> None:
    assert derive_seed(0, "reshuffle", 1) == derive_seed(0, "reshuffle", 1)
    assert derive_seed(0, "reshuffle", 1) != derive_seed(1, "reshuffle", 1)
    assert 0 <= derive_seed(2**64 - 1, "x", 2**64 - 1) < 2**64


# -- hardening: every field checked, every accepted value written out and read back -----------


@pytest.mark.parametrize("name", [field.name for field in attrs.fields(Rules)])
@pytest.mark.parametrize(
    "value",
    [None, "3", 1.5, [], {}, 10**5000, -(10**5000), object()],
    ids=["None", "str", "float", "list", "dict", "huge", "minus-huge", "object"],
)
def test_every_rules_field_of_the_wrong_type_is_a_rules_error(name: str, value: object) -> None:
    with pytest.raises(RulesError, match=f"invalid {name} "):
        Rules(**{name: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "changes",
    [
        {"players": "3"},
        {"players": 3.0},
        {"hand_size": True},
        {"chase_mode": "yes"},
        {"voluntary_draw": None},
        {"max_turns": True},
        {"after_joker": ["below"]},
    ],
)
def test_rules_reject_lookalike_values(changes: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules(**changes)  # type: ignore[arg-type]


def test_rules_max_turns_is_bounded_so_rules_round_trip() -> None:
    with pytest.raises(RulesError, match="invalid max_turns 1000000000000000000"):
        Rules(players=3, max_turns=10**18)
    with pytest.raises(RulesError, match="expected an int from 1 to 1000000"):
        Rules(max_turns=1_000_001)
    rules = Rules(players=3, max_turns=1_000_000)
    assert Rules.parse(str(rules)) == rules and Rules.from_dict(rules.to_dict()) == rules
    state = deal(rules, seed=1)
    assert State.parse(str(state)) == state
    with pytest.raises(NotationError, match="max_turns"):
        Rules.parse("players=3,max_turns=1000000000000000000")


@settings(max_examples=60)
@given(rules_variants(max_turns=1_000_000))
def test_rules_round_trip_up_to_the_largest_max_turns(rules: Rules) -> None:
    assert Rules.parse(str(rules)) == rules
    assert Rules.from_dict(rules.to_dict()) == rules


def test_rules_from_dict_gives_only_rules_errors() -> None:
    for data in ({1: 2}, {"players": None}, {"players": 10**5000}, {None: None}, {"": 3}):
        with pytest.raises(RulesError):
            Rules.from_dict(data)


def test_call_constructor_checks_its_arguments() -> None:
    assert Call(1, 12) == Call(Suit.HEARTS, Rank.QUEEN)
    for suit, rank in ((5, 1), ("H", 12), (True, 12), (1, 0), (1, 14), (1, None), (1.0, 12)):
        with pytest.raises(RulesError, match=r"invalid (suit|rank)"):
            Call(suit, rank)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Call.parse(10**5000)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Call.parse("")


def test_derive_seed_takes_seeds_and_labels_only() -> None:
    for seed in (-1, 2**64, True, 1.0, "1", None, 10**5000):
        with pytest.raises(RulesError, match="invalid seed"):
            derive_seed(seed, "round", 1)  # type: ignore[arg-type]
    for label in (-1, 10**5000, None, 1.5, True, object()):
        with pytest.raises(RulesError, match="invalid label"):
            derive_seed(1, label)  # type: ignore[arg-type]
    assert derive_seed(1, "round", 0) != derive_seed(1, "round", "0 ")
