"""Tarot rules configuration: presets, validation and the written form."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from tarot_helpers import PRESETS

from cardgames.errors import NotationError, RulesError
from cardgames.tarot import DiscardRule, ExcuseRule, NumeralOrder, Rules


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simplified_preset_fields(players: int) -> None:
    rules = Rules.simplified(players=players)
    assert rules.players == players
    assert rules.clockwise
    assert rules.numeral_order is NumeralOrder.ACES_LOW
    assert rules.trump_lead_restricted
    assert rules.excuse_rule is ExcuseRule.RETURNS
    assert rules.group_size == 3
    assert rules.magician_bonus == 10
    assert not rules.partnerships
    assert rules.discard_rule is DiscardRule.SIMPLIFIED
    assert rules.talon_size == {2: 0, 3: 0, 4: 2, 5: 3, 6: 0}[players]
    assert not rules.discard_is_own_group
    assert rules.hand_size * players + rules.talon_size == 78
    assert str(rules) == f"simplified-{players}"


def test_traditional_presets_fields() -> None:
    three, four = Rules.traditional(players=3), Rules.traditional(players=4)
    for rules in (three, four):
        assert not rules.clockwise
        assert rules.numeral_order is NumeralOrder.TRADITIONAL
        assert not rules.trump_lead_restricted
        assert rules.excuse_rule is ExcuseRule.EXCHANGE
        assert rules.magician_bonus == 0
        assert rules.discard_rule is DiscardRule.TRADITIONAL
    assert (three.group_size, three.talon_size, three.hand_size) == (3, 3, 25)
    assert not three.partnerships and not three.discard_is_own_group
    assert (four.group_size, four.talon_size, four.hand_size) == (4, 2, 19)
    assert four.partnerships and four.discard_is_own_group
    assert four.teams == ((0, 2), (1, 3))
    assert [four.team_of(p) for p in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize(
    "changes",
    [
        {"players": 1},
        {"players": 7},
        {"players": True},
        {"players": 3, "partnerships": True},
        {"group_size": 5},
        {"group_size": 2},
        {"talon_size": 1},
        {"talon_size": -2},
        {"talon_size": 78},
        {"talon_size": 74},  # hands of 1 card: the discard could be impossible
        {"magician_bonus": -1},
        {"players": 3, "discard_is_own_group": True},
        {"clockwise": 1},
        {"numeral_order": "traditional"},
    ],
)
def test_impossible_rules_raise_rules_error(changes: dict[str, object]) -> None:
    base: dict[str, object] = {"players": 4}
    with pytest.raises(RulesError):
        Rules(**{**base, **changes})  # type: ignore[arg-type]


def test_traditional_preset_only_for_three_or_four() -> None:
    for players in (2, 5, 6):
        with pytest.raises(RulesError):
            Rules.traditional(players=players)
    with pytest.raises(RulesError):
        Rules.simplified(players=7)


def test_house_rules_combine_fields() -> None:
    rules = attrs.evolve(Rules.traditional(players=4), magician_bonus=10, clockwise=True)
    assert rules.partnerships and rules.magician_bonus == 10 and rules.clockwise
    assert rules.preset_name is None


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_rules_text_round_trip_for_presets(rules: Rules) -> None:
    assert Rules.parse(str(rules)) == rules
    assert rules.preset_name == str(rules) == rules.name
    assert eval(repr(rules), {"Rules": Rules}) == rules


def test_rules_text_round_trip_for_house_rules() -> None:
    rules = attrs.evolve(
        Rules.simplified(players=4),
        numeral_order=NumeralOrder.TRADITIONAL,
        excuse_rule=ExcuseRule.EXCHANGE,
        partnerships=True,
        group_size=4,
        discard_is_own_group=True,
    )
    text = str(rules)
    assert text.startswith("traditional-4,") or text.startswith("simplified-4,")
    assert Rules.parse(text) == rules
    assert Rules.parse(" Simplified-4 , magician_bonus = 0 ") == attrs.evolve(
        Rules.simplified(players=4), magician_bonus=0
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "simplified",
        "simplified-7",
        "traditional-5",
        "simplified-4,",
        "simplified-4,colour=red",
        "simplified-4,players",
        "simplified-4,magician_bonus=x",
        "simplified-4,magician_bonus=1,magician_bonus=2",
        "simplified-4,talon_size=5",
        "simplified-4,clockwise=maybe",
        "simplified-4,numeral_order=upside-down",
        "simplified-3,partnerships=true",
        "simplified-4,group_size=99999999999",
    ],
)
def test_bad_rules_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Rules.parse(text)


def test_direction_and_first_leader() -> None:
    simple, classic = Rules.simplified(players=4), Rules.traditional(players=4)
    assert [simple.next_player(p) for p in range(4)] == [1, 2, 3, 0]
    assert [classic.next_player(p) for p in range(4)] == [3, 0, 1, 2]
    assert simple.first_leader(0) == 1  # the dealer's left
    assert classic.first_leader(0) == 3  # the dealer's right: eldest


def test_pack_totals() -> None:
    assert Rules.traditional(players=3).pack_total == 78
    assert Rules.traditional(players=4).pack_total == 72
    for players in range(2, 7):
        assert Rules.simplified(players=players).pack_total == 78
    fours = Rules(players=4, group_size=4)
    assert fours.pack_total == Fraction(143, 2)
