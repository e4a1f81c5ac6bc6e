"""The deal/position notation and the JSON records: round trips, and errors on garbage."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tarot_helpers import PRESETS, random_playout

from cardgames import CardSet
from cardgames.errors import NotationError, RulesError
from cardgames.tarot import (
    Deal,
    Game,
    Move,
    Rules,
    State,
    TarotCardSet,
    deal,
    dumps,
    format_deal,
    format_holding,
    format_position,
    loads,
    parse_deal,
    parse_holding,
    parse_position,
    random_strategy,
    record_of,
)


def test_holding_notation_examples() -> None:
    cards = TarotCardSet.parse("7S NS KS 1D 10D 21T 5T EX")
    assert format_holding(cards) == "KN7..T1..21,5,EX"
    assert parse_holding("KN7..T1..21,5,EX") == cards
    assert parse_holding("7nk..10a..5,ex,21") == TarotCardSet.parse("7S NS KS 1D 10D 21T 5T EX")
    assert parse_holding("....") == TarotCardSet() == parse_holding("-")
    assert format_holding(TarotCardSet.full()) == ".".join(
        ["KQNJT987654321"] * 4 + [",".join(str(n) for n in range(21, 0, -1)) + ",EX"]
    )


@settings(max_examples=60, deadline=None)
@given(mask=st.integers(0, 2**78 - 1))
def test_holding_round_trip(mask: int) -> None:
    cards = TarotCardSet(mask)
    assert parse_holding(format_holding(cards)) == cards


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_deal_and_position_round_trip_along_a_playout(rules: Rules) -> None:
    states = random_playout(deal(rules, seed=21, dealer=1), random.Random(21))
    assert Deal.parse(str(states[0].initial)) == states[0].initial
    assert eval(repr(states[0].initial), {"Deal": Deal}) == states[0].initial
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        text = state.position()
        assert State.parse(text) == state
        assert parse_position(str(state)) == state
        assert eval(repr(state), {"State": State}) == state
        assert loads(dumps(state)).replay() == state


def test_deal_notation_names_rules_dealer_hands_by_seat_and_talon() -> None:
    game = Deal.random(Rules.traditional(players=3), seed=7, dealer=2)
    rules_text, body = str(game).split()
    assert rules_text == "traditional-3" and body.startswith("2:")
    fields = body[2:].split("/")
    assert [parse_holding(field) for field in fields] == [*game.hands, game.talon]
    assert parse_deal(str(game)) == game


def test_position_lists_discard_and_tricks() -> None:
    state = deal(Rules.simplified(players=4), seed=3)
    for _ in range(2 + 4 + 2):
        state = state.play(state.legal_moves()[0])
    words = state.position().split()
    assert words[2] == "X:" + format_holding(state.discard)
    tricks = words[3][2:].split("/")
    assert len(tricks) == 2 and len(tricks[0].split(",")) == 4 and len(tricks[1].split(",")) == 2
    assert State.parse(state.position()).trick == state.trick


def test_house_rules_survive_notation_and_json() -> None:
    rules = attrs.evolve(Rules.traditional(players=4), magician_bonus=20, clockwise=True)
    state = random_playout(deal(rules, seed=4), random.Random(4))[30]
    assert State.parse(state.position()) == state
    assert loads(dumps(state)).replay() == state


def test_game_json_round_trip() -> None:
    game = Game(rules=Rules.simplified(players=3), seed=5, first_dealer=2)
    game = game.play_out(random_strategy(5))
    again = loads(dumps(game)).game()
    assert again == game
    half = Game(rules=Rules.traditional(players=4), seed=1)
    state = half.start_next()
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    half = half.record(state)
    assert loads(dumps(half)).game() == half


BAD_POSITIONS = [
    "",
    "simplified-4",
    "simplified-4 0",
    "simplified-4 0:",
    "simplified-9 0:-/-/-",
    "simplified-3 3:-/-/-/-",
    "simplified-3 0:-/-/-/-",
    "simplified-3 x:-/-/-/-",
    "simplified-3 0:-/-/-",
]


@pytest.mark.parametrize("text", BAD_POSITIONS)
def test_bad_positions_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        State.parse(text)
    with pytest.raises(NotationError):
        Deal.parse(text)


def test_bad_positions_after_a_valid_deal_raise_notation_error() -> None:
    state = deal(Rules.simplified(players=4), seed=3)
    text = state.position()
    first_discard = str(state.legal_moves()[0])
    king = next(c for c in state.hands[0] if c.rank is not None and c.rank.name == "KING")
    holding = format_holding(TarotCardSet.from_cards([king]))
    for extra in [
        "X:" + holding,  # an illegal discard
        "P:KS",  # play before the discard
        "X:garbage",
        "Y:1",
        "P:1S X:-",
        f"X:{format_holding(TarotCardSet.parse(first_discard))} X:-",
    ]:
        with pytest.raises(NotationError):
            State.parse(f"{text} {extra}")
    full = random_playout(state, random.Random(1))[-1].position()
    head, play = full.rsplit(" P:", 1)
    tricks = play.split("/")
    for broken in [
        "/".join([",".join(reversed(tricks[0].split(","))), *tricks[1:]]),  # wrong order
        "/".join([tricks[0] + "," + tricks[1], *tricks[2:]]),  # overlong trick
        "/".join([tricks[0].rsplit(",", 1)[0], *tricks[1:]]),  # short trick before the end
        play + "/KS",  # more after the end
        play.replace(",", ";", 1),
    ]:
        with pytest.raises(NotationError):
            State.parse(f"{head} P:{broken}")


GARBAGE_RECORDS = [
    "",
    "{",
    "[]",
    "null",
    '{"format": "cardgames-tarot"}',
    '{"format": "cardgames-tarot", "version": 2, "kind": "deal"}',
    '{"format": "cardgames-tarot", "version": 1, "kind": "hand"}',
    '{"format": "cardgames-tarot", "version": 1, "kind": "deal", "rules": 3}',
    '{"format": "other", "version": 1}',
    "[" * 100000,
]


@pytest.mark.parametrize("text", GARBAGE_RECORDS)
def test_garbage_records_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        loads(text)


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from('0123456789KQNJTEXSHDC.,/:-=+ \n{}[]"stfrlmp'))
    | st.text()
)
def test_garbage_to_every_parser_raises_notation_error_only(text: str) -> None:
    for parser in (
        Rules.parse,
        Deal.parse,
        State.parse,
        parse_holding,
        parse_deal,
        parse_position,
        Move.parse,
        loads,
    ):
        with contextlib.suppress(NotationError):
            parser(text)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_mutated_positions_parse_or_raise_notation_error_only(data: st.DataObject) -> None:
    state = random_playout(deal(Rules.traditional(players=4), seed=8), random.Random(8))[40]
    text = state.position()
    start = data.draw(st.integers(0, len(text) - 1))
    length = data.draw(st.integers(0, 5))
    insert = data.draw(st.text(alphabet="KQNJT0123456789.,/:-X P", max_size=4))
    mutated = text[:start] + insert + text[start + length :]
    try:
        parsed = State.parse(mutated)
    except NotationError:
        return
    assert State.parse(parsed.position()) == parsed


def test_non_string_input_raises_notation_error() -> None:
    for parser in (Rules.parse, Deal.parse, State.parse, parse_holding, Move.parse, loads):
        with pytest.raises(NotationError):
            parser(None)  # type: ignore[arg-type]


def test_position_with_a_discard_but_no_talon_is_rejected() -> None:
    position = deal(Rules.simplified(players=3), seed=1).position()
    with pytest.raises(NotationError, match="these rules discard 0"):
        State.parse(position + " X:2....")


def test_holding_with_a_letter_that_grows_when_upper_cased() -> None:
    with pytest.raises(NotationError, match="is not a rank"):
        parse_holding("ǰ....")


# -- hardening: seeds, huge numbers, arbitrary JSON -----------------------------------------

HUGE = 10**5000


def _game_record(**changes: Any) -> str:
    record = json.loads(dumps(Game(rules=Rules.simplified(players=2), seed=1)))
    return json.dumps({**record, **changes})


def test_game_with_a_huge_seed_is_rejected_at_construction() -> None:
    # It used to be built, and then dumps() failed: Python will not print a 5001-digit int.
    with pytest.raises(RulesError, match="5001 digits"):
        Game(rules=Rules.simplified(players=2), seed=HUGE)


def test_every_tarot_parser_given_a_huge_int_gives_a_readable_notation_error() -> None:
    huge: Any = HUGE
    for parser in (
        Rules.parse,
        Rules.preset,
        Deal.parse,
        State.parse,
        Move.parse,
        parse_holding,
        parse_deal,
        parse_position,
        loads,
    ):
        with pytest.raises(NotationError, match="5001 digits") as raised:
            parser(huge)
        assert len(str(raised.value)) < 400
    digits = "9" * 5000
    for text in (
        f"simplified-4 {digits}:-/-/-/-/-",
        f"simplified-4,magician_bonus={digits} 0:-/-/-/-/-",
        f"simplified-3 0:..{digits}../-/-/-",
        f"simplified-3 0:....{digits}/-/-/-",
    ):
        for parser in (Deal.parse, State.parse):
            with pytest.raises(NotationError) as raised:
                parser(text)
            assert len(str(raised.value)) < 1000
    with pytest.raises(NotationError, match="not JSON"):
        loads(_game_record(seed=0).replace('"seed": 0', '"seed": ' + digits))


def test_loads_refuses_a_version_that_is_true() -> None:
    with pytest.raises(NotationError, match="version"):
        loads(_game_record(version=True))
    with pytest.raises(NotationError, match="version"):
        loads(_game_record(version=1.0))


def test_loads_of_deeply_nested_json_in_any_field_is_a_notation_error() -> None:
    deep = "[" * 50_000 + "]" * 50_000
    for key in ("seed", "first_dealer", "deals", "rules"):
        text = _game_record().replace(f'"{key}":', f'"{key}": {deep}, "x":', 1)
        assert deep in text
        with pytest.raises(NotationError):
            loads(text)


def test_dumps_refuses_what_it_cannot_write() -> None:
    state = deal(Rules.simplified(players=3), seed=1)
    for item in (None, state.initial, state.rules, "state", [state]):
        with pytest.raises(NotationError, match="expected a tarot State, Game"):
            dumps(item)  # type: ignore[arg-type]
        with pytest.raises(NotationError, match="expected a tarot State, Game"):
            record_of(item)  # type: ignore[arg-type]
    for indent in ("x", -1, 1.5, True, 17, HUGE):
        with pytest.raises(RulesError, match="indent"):
            dumps(state, indent=indent)  # type: ignore[arg-type]
    assert loads(dumps(state, indent=16)).replay() == state


def test_format_functions_refuse_wrong_types() -> None:
    state = deal(Rules.simplified(players=3), seed=1)
    for item in (None, 0, "-", state.initial.hands[0].mask, CardSet()):
        with pytest.raises(NotationError, match="TarotCardSet"):
            format_holding(item)  # type: ignore[arg-type]
    for not_a_deal in (None, state, str(state.initial)):
        with pytest.raises(NotationError, match="expected a Deal"):
            format_deal(not_a_deal)  # type: ignore[arg-type]
    for not_a_state in (None, state.initial, str(state)):
        with pytest.raises(NotationError, match="expected a State"):
            format_position(not_a_state)  # type: ignore[arg-type]
