"""The shared record layout of both games: round trips, the JSON Schema, tags, numbers and
strict reading."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_helpers import drop, edited, set_at

from cardgames import records as core
from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.records import Tags, game_of, read_number, record_schema, to_number
from cardgames.tailor import records as tailor_records
from cardgames.tailor.deal import deal as tailor_deal
from cardgames.tailor.match import Match
from cardgames.tailor.match import play_deal as tailor_play_deal
from cardgames.tailor.match import random_strategy as tailor_random
from cardgames.tailor.rules import Rules as TailorRules
from cardgames.tailor.state import State as TailorState
from cardgames.tarot import records as tarot_records
from cardgames.tarot.game import Game
from cardgames.tarot.game import random_strategy as tarot_random
from cardgames.tarot.rules import Rules as TarotRules
from cardgames.tarot.state import Deal
from cardgames.tarot.state import deal as tarot_deal

VALIDATOR = jsonschema.Draft202012Validator(record_schema())

TAGS = st.dictionaries(
    st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=12),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=30),
    max_size=5,
)
TAROT_RULES = st.sampled_from(
    [
        TarotRules.simplified(players=2),
        TarotRules.simplified(players=3),
        TarotRules.simplified(players=4),
        TarotRules.traditional(players=3),
        TarotRules.traditional(players=4),
    ]
)
TAILOR_RULES = st.sampled_from(
    [
        TailorRules(players=2),
        TailorRules(players=3, chase_mode=True),
        TailorRules(players=4, next_round_starter="winner"),
    ]
)
SEEDS = st.integers(0, 2**64 - 1)


def check_written(text: str) -> dict[str, Any]:
    """The record's JSON, after checking it against the schema."""
    data: dict[str, Any] = json.loads(text)
    VALIDATOR.validate(data)
    assert list(data) == ["format", "version", "game", "rules", "tags", "series", "deals"]
    return data


# -- round trips and the schema, both games -------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(rules=TAROT_RULES, seed=SEEDS, moves=st.integers(0, 80), tags=TAGS, data=st.data())
def test_tarot_deal_records_validate_and_round_trip(
    rules: TarotRules, seed: int, moves: int, tags: dict[str, str], data: st.DataObject
) -> None:
    state = tarot_deal(rules, seed, dealer=data.draw(st.integers(0, rules.players - 1)))
    choose = tarot_random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(choose(state))
    text = tarot_records.dumps(state, tags=tags, indent=data.draw(st.sampled_from([None, 2])))
    written = check_written(text)
    assert written["tags"] == tags and written["series"] is None
    record = tarot_records.loads(text)
    assert record == tarot_records.record_of(state, tags)
    assert record.tags == tags and record.deals[0].replay() == state
    assert record.replay() == state and list(record.states())[-1] == state
    assert tarot_records.dumps(record) == tarot_records.dumps(state, tags=tags)
    result = written["deals"][0]["result"]
    if state.is_over:
        assert [read_number(value, "points") for value in result["points"]] == list(state.points())
    else:
        assert result is None


@settings(max_examples=6, deadline=None)
@given(rules=TAROT_RULES, seed=SEEDS, deals=st.integers(0, 6), tags=TAGS)
def test_tarot_game_records_validate_and_round_trip(
    rules: TarotRules, seed: int, deals: int, tags: dict[str, str]
) -> None:
    game = Game(rules=rules, seed=seed)
    for _ in range(min(deals, game.deal_count)):
        game, _ = game.play_round(tarot_random(seed))
    text = tarot_records.dumps(game, tags=tags)
    written = check_written(text)
    assert written["series"]["totals"] == [to_number(total) for total in game.totals]
    record = tarot_records.loads(text)
    assert record.game() == game and record.tags == tags and record.is_series
    assert [deal.replay() for deal in record.deals] == list(game.deals)


@settings(max_examples=25, deadline=None)
@given(rules=TAILOR_RULES, seed=SEEDS, moves=st.integers(0, 200), tags=TAGS)
def test_tailor_round_records_validate_and_round_trip(
    rules: TailorRules, seed: int, moves: int, tags: dict[str, str]
) -> None:
    state = tailor_deal(rules, seed=seed, first_player=seed % rules.players)
    choose = tailor_random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(choose(state))
    text = tailor_records.dumps(state, tags=tags)
    written = check_written(text)
    assert written["deals"][0]["start"] == {"seed": seed, "first_player": seed % rules.players}
    record = tailor_records.loads(text)
    assert record == tailor_records.record_of(state, tags) and record.tags == tags
    assert record.replay() == state and record.replay().history() == state.history()
    if state.is_over:
        assert written["deals"][0]["result"] == {
            "winner": state.winner,
            "payoffs": list(state.payoffs()),
        }


@settings(max_examples=6, deadline=None)
@given(rules=TAILOR_RULES, seed=SEEDS, rounds=st.integers(1, 4), played=st.integers(0, 4))
def test_tailor_match_records_validate_and_round_trip(
    rules: TailorRules, seed: int, rounds: int, played: int
) -> None:
    match = Match(rules=rules, rounds=rounds, seed=seed, first_player=rules.players - 1)
    for _ in range(min(rounds, played)):
        match, _ = match.play_round(tailor_random(seed))
    tags = {"Event": "Test", "Round": str(played)}
    text = tailor_records.dumps(match, tags=tags, indent=1)
    written = check_written(text)
    assert written["series"]["totals"] == list(match.totals)
    record = tailor_records.loads(text)
    assert record.match() == match and record.tags == tags
    assert [item.replay() for item in record.deals] == list(match.deals)


def test_a_tailor_round_from_a_position_is_written_as_that_position() -> None:
    state = TailorState.parse(str(tailor_deal(TailorRules(players=3), seed=13)))
    state = state.play(state.legal_moves()[0])
    parsed = TailorState.parse(str(state))  # no way back: the record starts here
    final, record = tailor_play_deal(parsed, tailor_random(2))
    written = check_written(tailor_records.dumps(record))
    assert written["deals"][0]["start"] == {"position": str(parsed)}
    assert tailor_records.loads(tailor_records.dumps(record)).replay() == final


def test_records_of_the_two_games_share_one_envelope() -> None:
    tarot_text = tarot_records.dumps(tarot_deal(TarotRules.simplified(players=3), 1))
    tailor_text = tailor_records.dumps(tailor_deal(TailorRules(players=2), seed=1))
    for text, game, rules in (
        (tarot_text, "tarot", "simplified-3"),
        (tailor_text, "tailor", str(TailorRules(players=2))),
    ):
        data = check_written(text)
        assert (data["format"], data["version"], data["game"], data["rules"]) == (
            "cardgames-record",
            1,
            game,
            rules,
        )
        assert game_of(text) == game
    with pytest.raises(NotationError, match="of the game 'tailor', not 'tarot'"):
        tarot_records.loads(tailor_text)
    with pytest.raises(NotationError, match="of the game 'tarot', not 'tailor'"):
        tailor_records.loads(tarot_text)


def test_fractions_are_strings_and_whole_numbers_are_integers() -> None:
    game = Game(rules=TarotRules.simplified(players=3), seed=3).play_out(tarot_random(3))
    data = json.loads(tarot_records.dumps(game))
    values = [*data["series"]["totals"]]
    for item in data["deals"]:
        values += item["result"]["points"] + item["result"]["payoffs"]
    assert all(type(value) is int or "/" in value for value in values)
    assert any(isinstance(value, str) for value in values)  # thirds appear in simplified-3
    assert to_number(Fraction(-7, 2)) == "-7/2" and to_number(Fraction(6, 3)) == 2
    assert read_number("-7/2", "x") == Fraction(-7, 2) and read_number(0, "x") == 0
    for bad in ("7/0", "07/2", "+1/2", "1.5", 1.5, True, None, "1/-2", " 1/2", "2"):
        with pytest.raises(NotationError, match="invalid x"):
            read_number(bad, "x")
    with pytest.raises(RulesError):
        to_number(True)


# -- tags ------------------------------------------------------------------------------------


def test_tags_are_an_immutable_hashable_mapping() -> None:
    tags = Tags({"Event": "Club", "Date": "2026.12.01"})
    assert dict(tags) == {"Event": "Club", "Date": "2026.12.01"} and list(tags) == ["Event", "Date"]
    assert tags == Tags([("Date", "2026.12.01"), ("Event", "Club")])
    assert hash(tags) == hash(Tags([("Date", "2026.12.01"), ("Event", "Club")]))
    assert tags.to_dict() == dict(tags) and Tags() == {} and len(Tags()) == 0
    with pytest.raises(AttributeError):
        tags._items = ()
    with pytest.raises(KeyError):
        tags["Site"]


@pytest.mark.parametrize(
    "bad",
    [
        "Event",
        5,
        {"": "x"},
        {"Event": 5},
        {5: "x"},
        {"Event": None},
        {"x" * 201: "y"},
        {"Event": "x" * 10_001},
        {"Event": "\ud800"},
        [("Event", "a"), ("Event", "b")],
        [("Event",)],
        {f"t{n}": "" for n in range(1001)},
    ],
    ids=repr,
)
def test_bad_tags_are_rules_errors(bad: object) -> None:
    with pytest.raises(RulesError, match="tag"):
        Tags(bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="tag"):
        tarot_records.dumps(tarot_deal(TarotRules.simplified(players=3), 1), tags=bad)  # type: ignore[arg-type]


def test_tags_given_to_dumps_are_added_to_a_records_own() -> None:
    record = tailor_records.record_of(tailor_deal(TailorRules(), seed=1), {"A": "1", "B": "2"})
    again = tailor_records.record_of(record, {"B": "3", "C": "4"})
    assert again.tags == {"A": "1", "B": "3", "C": "4"}
    assert tailor_records.loads(tailor_records.dumps(record, tags={"C": "4"})).tags == {
        "A": "1",
        "B": "2",
        "C": "4",
    }


def test_the_schema_is_draft_2020_12_and_a_fresh_copy() -> None:
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "changed"
    assert record_schema()["title"] != "changed"


# -- strict reading --------------------------------------------------------------------------

Loader = Callable[[str], object]
TAROT_TEXT = tarot_records.dumps(
    Game(rules=TarotRules.simplified(players=3), seed=5).play_round(tarot_random(5))[0],
    tags={"Event": "E"},
)
_MATCH = Match(rules=TailorRules(players=2), rounds=2, seed=5).play_round(tailor_random(5))[0]
TAILOR_TEXT = tailor_records.dumps(_MATCH, tags={"Event": "E"})


# (edit, message, whether the schema alone sees the fault: the rest need the replay)
COMMON_EDITS: list[tuple[Callable[[dict[str, Any]], None], str, bool]] = [
    (set_at(("colour",), "red"), "unknown entry 'colour'", True),
    (set_at(("format",), "cardgames-tarot"), "format 'cardgames-tarot'", True),
    (set_at(("version",), 2), "version 2", True),
    (set_at(("version",), True), "version True", True),
    (set_at(("game",), "chess"), "game 'chess'", True),
    (set_at(("rules",), 3), "rules 3", True),
    (set_at(("rules",), "nonsense=1"), "rules 'nonsense=1'", False),
    (set_at(("tags",), ["E"]), r"tags \['E'\]", True),
    (set_at(("tags", "Round"), 3), "tag 'Round'", True),
    (set_at(("deals",), {}), "deals {}", True),
    (set_at(("deals", 0, "extra"), 1), "unknown entry 'extra'", True),
    (drop(("deals", 0, "moves")), "missing entry 'moves'", True),
    (set_at(("deals", 0, "moves"), "1S"), "moves '1S'", True),
    (set_at(("deals", 0, "moves", 0), 5), "move 5", True),
    (set_at(("deals", 0, "moves", 0), "pass pass"), "moves", False),
    (set_at(("deals", 0, "result"), None), "result None", False),
    (set_at(("deals", 0, "result", "payoffs"), [0, 0, 0, 0, 0, 0]), "payoffs", False),
    (set_at(("deals", 0, "start"), None), "start None", True),
    (set_at(("series", "seed"), -1), "seed -1", True),
    (set_at(("series", "totals"), [0]), "totals", False),
    (set_at(("series", "extra"), 0), "unknown entry 'extra'", True),
    (drop(("series", "totals")), "missing entry 'totals'", True),
    (set_at(("series",), 5), "series 5", True),
]


@pytest.mark.parametrize(("change", "message", "structural"), COMMON_EDITS)
@pytest.mark.parametrize(
    ("loads", "text"),
    [(tarot_records.loads, TAROT_TEXT), (tailor_records.loads, TAILOR_TEXT)],
    ids=["tarot", "tailor"],
)
def test_every_bad_entry_is_a_notation_error_quoting_it(
    loads: Loader,
    text: str,
    change: Callable[[dict[str, Any]], None],
    message: str,
    structural: bool,
) -> None:
    bad = edited(text, change)
    with pytest.raises(NotationError, match=message):
        loads(bad)
    assert VALIDATOR.is_valid(json.loads(bad)) is not structural


def test_game_specific_bad_entries() -> None:
    cases: list[tuple[Loader, str, Callable[[dict[str, Any]], None], str]] = [
        (tarot_records.loads, TAROT_TEXT, set_at(("deals", 0, "start", "deal"), "x"), "deal 'x'"),
        (
            tarot_records.loads,
            TAROT_TEXT,
            set_at(("deals", 0, "start", "deal"), str(Deal.random(TarotRules.simplified(), 1))),
            "rules are not the record's",
        ),
        (tarot_records.loads, TAROT_TEXT, set_at(("series", "first_dealer"), 3), "first_dealer"),
        (tarot_records.loads, TAROT_TEXT, set_at(("deals", 0, "result", "points"), 1), "points"),
        (
            tailor_records.loads,
            TAILOR_TEXT,
            set_at(("deals", 0, "start", "seed"), 6),
            "round 0 moves",
        ),
        (
            tailor_records.loads,
            TAILOR_TEXT,
            set_at(("deals", 0, "start", "first_player"), 2),
            "first_player 2",
        ),
        (tailor_records.loads, TAILOR_TEXT, set_at(("deals", 0, "result", "winner"), 7), "winner"),
        (tailor_records.loads, TAILOR_TEXT, set_at(("series", "rounds"), 0), "rounds 0"),
        (
            tailor_records.loads,
            TAILOR_TEXT,
            set_at(("deals", 0, "start"), {"position": "x"}),
            "position 'x'",
        ),
    ]
    for loads, text, change, message in cases:
        with pytest.raises(NotationError, match=message):
            loads(edited(text, change))


@pytest.mark.parametrize("loads", [tarot_records.loads, tailor_records.loads])
@pytest.mark.parametrize(
    "text",
    ["", "[]", "{", "null", '{"format": "cardgames-record"}', "NaN", '{"a": NaN}', b"\xff", 5],
    ids=repr,
)
def test_text_that_is_not_a_record_is_a_notation_error(loads: Loader, text: Any) -> None:
    with pytest.raises(NotationError, match="invalid record"):
        loads(text)


def test_records_read_bytes_and_accept_a_missing_result_and_tags() -> None:
    def strip(data: dict[str, Any]) -> None:
        del data["tags"], data["deals"][0]["result"]

    text = edited(TAILOR_TEXT, strip)
    record = tailor_records.loads(text.encode())
    assert record.tags == {} and record.match() == _MATCH
    assert tarot_records.loads(TAROT_TEXT.encode()) == tarot_records.loads(TAROT_TEXT)


def test_the_core_reader_helpers() -> None:
    with pytest.raises(NotationError, match="unknown entry 'b'"):
        core.read_fields({"a": 1, "b": 2}, "thing", ("a",))
    with pytest.raises(NotationError, match="missing entry 'a'"):
        core.read_fields({}, "thing", ("a",))
    with pytest.raises(NotationError, match="invalid n True"):
        core.read_int(True, "n")
    with pytest.raises(NotationError, match="invalid s 1"):
        core.read_str(1, "s")
    with pytest.raises(NotationError, match="expected a list of 2 numbers"):
        core.read_numbers([1], "xs", 2)


# -- records as values -----------------------------------------------------------------------


def test_tarot_records_are_checked_values() -> None:
    state = tarot_deal(TarotRules.simplified(players=3), 2)
    first = state.legal_moves()[0]
    record = tarot_records.DealRecord(deal=state.initial, moves=[str(first)])
    assert record.moves == (first,) and record.replay() == state.play(first)
    assert hash(record) == hash(tarot_records.DealRecord(deal=state.initial, moves=[first]))
    with pytest.raises(IllegalMoveError, match="move 2 of the deal"):
        tarot_records.DealRecord(deal=state.initial, moves=[first, first])
    with pytest.raises(NotationError):
        tarot_records.DealRecord(deal=state.initial, moves=["ZZ"])
    with pytest.raises(RulesError, match="expected a tarot Deal"):
        tarot_records.DealRecord(deal=state, moves=[])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="in a record of"):
        tarot_records.Record(rules=TarotRules.traditional(players=3), deals=[record])
    with pytest.raises(RulesError, match="not of a game"):
        tarot_records.Record(rules=state.rules, deals=[record]).game()
    with pytest.raises(RulesError, match="holds 0 deals"):
        tarot_records.Record(rules=state.rules).replay()
    with pytest.raises(RulesError, match="invalid Tarot game record"):
        tarot_records.Record(rules=state.rules, deals=[record], series=tarot_records.Series(2))
    with pytest.raises(RulesError, match="game seed"):
        tarot_records.Series(-1)
    with pytest.raises(NotationError, match="cannot record"):
        tarot_records.record_of(None)  # type: ignore[arg-type]


def test_tailor_records_are_checked_values() -> None:
    state = tailor_deal(TailorRules(players=3), seed=13)
    record = tailor_records.DealRecord(initial=state, moves=["7D"])
    assert record.replay() == state.play(state.legal_moves()[0]) and record.start() == state
    with pytest.raises(IllegalMoveError, match="move 2 of the round"):
        tailor_records.DealRecord(initial=state, moves=["7D", "7D"])
    with pytest.raises(RulesError, match=r"expected a tailor\.State"):
        tailor_records.DealRecord(initial=None, moves=[])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="in a record of"):
        tailor_records.Record(rules=TailorRules(players=2), deals=[record])
    with pytest.raises(RulesError, match="invalid match record"):
        tailor_records.Record(
            rules=state.rules, deals=[record], series=tailor_records.Series(rounds=1, seed=13)
        )
    with pytest.raises(RulesError, match="rounds"):
        tailor_records.Series(rounds=0)
    with pytest.raises(NotationError, match="cannot record"):
        tailor_records.dumps(5)  # type: ignore[arg-type]


# -- the same shape and the same errors in both games ------------------------------------------


def _tarot_record(moves: Any) -> object:
    return tarot_records.DealRecord(
        deal=tarot_deal(TarotRules.simplified(players=3), 2).initial, moves=moves
    )


def _tailor_record(moves: Any) -> object:
    return tailor_records.DealRecord(
        initial=tailor_deal(TailorRules(players=3), seed=13), moves=moves
    )


@pytest.mark.parametrize("make", [_tarot_record, _tailor_record], ids=["tarot", "tailor"])
@pytest.mark.parametrize("moves", [5, None, "7D", {"a": 1}, [5], [None], [b"7D"], [("7D",)]])
def test_a_non_move_in_a_deal_record_is_an_illegal_move_error(
    make: Callable[[Any], object], moves: Any
) -> None:
    # One rule in both games: malformed moves are IllegalMoveError (Tarot said RulesError).
    with pytest.raises(IllegalMoveError, match="invalid"):
        make(moves)


@pytest.mark.parametrize(
    "of",
    [tarot_records.DealRecord.of, tailor_records.DealRecord.of],
    ids=["tarot", "tailor"],
)
@pytest.mark.parametrize("value", [None, 5, "a state", tarot_records.Series(1)])
def test_a_non_state_given_to_a_deal_record_is_a_rules_error(
    of: Callable[[Any], object], value: object
) -> None:
    # One rule in both games: a wrong argument to a record is RulesError (Tarot said
    # NotationError).
    with pytest.raises(RulesError, match="invalid state"):
        of(value)


def test_both_deal_records_start_the_same_way() -> None:
    # start() is the state before the first move and `initial` what the record starts from,
    # in both games (Tarot's `initial` is its Deal, as a Tarot State's `initial` is).
    tarot_state = tarot_deal(TarotRules.simplified(players=3), 2)
    tarot_record = tarot_records.DealRecord.of(tarot_state.play(tarot_state.legal_moves()[0]))
    assert tarot_record.initial == tarot_record.deal == tarot_state.initial
    assert tarot_record.start() == tarot_state
    tailor_state = tailor_deal(TailorRules(players=3), seed=13)
    tailor_record = tailor_records.DealRecord.of(tailor_state.play(tailor_state.legal_moves()[0]))
    assert tailor_record.initial == tailor_record.start() == tailor_state
    with pytest.raises(AttributeError):
        tarot_record.initial = tarot_state.initial  # type: ignore[misc]


# -- anything anywhere -----------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["1/2", "-7/3", "0", "draw", "pass", "7D", "1S", "EX", "players=2"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@st.composite
def edited_record(draw: st.DrawFn) -> str:
    data: Any = json.loads(draw(st.sampled_from([TAROT_TEXT, TAILOR_TEXT])))
    for _ in range(draw(st.integers(1, 3))):
        target = data
        while True:
            keys = list(target) if isinstance(target, dict) else list(range(len(target)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            child = target[key]
            if isinstance(child, dict | list) and child and draw(st.booleans()):
                target = child
                continue
            target[key] = draw(JSON_VALUES)
            break
    return json.dumps(data)


@settings(max_examples=150, deadline=None)
@given(text=edited_record())
def test_records_with_anything_anywhere_give_only_notation_errors(text: str) -> None:
    for loads, dumps in (
        (tarot_records.loads, tarot_records.dumps),
        (tailor_records.loads, tailor_records.dumps),
    ):
        try:
            record = loads(text)
        except NotationError:
            continue
        again = dumps(record)  # type: ignore[arg-type]
        VALIDATOR.validate(json.loads(again))
        assert loads(again) == record
