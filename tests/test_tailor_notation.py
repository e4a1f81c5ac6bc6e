"""Chase the Tailor: move text, position notation and JSON records."""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tailor_helpers import any_states, random_playout, rules_variants

from cardgames.cards import JOKER_1, JOKER_2, Card, Rank, Suit
from cardgames.errors import IllegalMoveError, NotationError
from cardgames.tailor import (
    Call,
    DealRecord,
    Draw,
    Dump,
    JokerEffect,
    Match,
    Move,
    Pass,
    Play,
    PlayJoker,
    PlayTailor,
    Record,
    Rules,
    State,
    deal,
    derive_seed,
    dumps,
    loads,
    parse_move,
    parse_position,
    parse_top,
    play_deal,
    random_strategy,
)

suited = st.sampled_from(Card.all()[:52])
moves_strategy: st.SearchStrategy[Move] = st.one_of(
    st.builds(Play, suited),
    st.lists(suited, min_size=2, max_size=4, unique=True).map(lambda cards: Dump(tuple(cards))),
    st.builds(PlayTailor, st.sampled_from(Suit), st.sampled_from(Rank), st.integers(0, 5)),
    st.builds(PlayJoker, st.sampled_from([JOKER_1, JOKER_2]), st.sampled_from(JokerEffect)),
    st.just(Draw()),
    st.just(Pass()),
)


@given(moves_strategy)
def test_move_text_round_trip(move: Move) -> None:
    assert parse_move(str(move)) == move
    assert type(move).parse(str(move)) == move
    assert parse_move(str(move).lower()) == move


def test_move_written_forms() -> None:
    assert str(Play(Card.parse("QH"))) == "QH"
    assert str(Dump((Card.parse("7S"), Card.parse("7H")))) == "dump 7S 7H"
    assert str(PlayTailor(Suit.HEARTS, Rank.QUEEN, 2)) == "TLR QH>2"
    assert str(PlayJoker(JOKER_1, JokerEffect.SKIP)) == "X1 skip"
    assert str(PlayJoker(JOKER_2, JokerEffect.REVERSE)) == "X2 reverse"
    assert (str(Draw()), str(Pass())) == ("draw", "pass")
    assert parse_move("10h") == Play(Card.parse("TH"))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "X1",
        "TLR",
        "TLR QH",
        "TLR X1>2",
        "TLR QH>x",
        "TLR QH>12",
        "dump 7S",
        "QH skip",
        "X1 jump",
        "draw draw",
        "7S 7H",
        "dump",
        "ZZ",
        "TLR QH>-1",
        "dump 7S 7S extra!",
    ],
)
def test_bad_move_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="invalid move"):
        parse_move(text)


def test_move_class_parse_insists_on_its_own_kind() -> None:
    with pytest.raises(NotationError):
        Play.parse("draw")
    with pytest.raises(NotationError):
        PlayTailor.parse("QH")


@settings(max_examples=300)
@given(st.text(max_size=30))
def test_garbage_move_text_raises_only_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse_move(text)


def test_parse_top() -> None:
    assert parse_top("QH") == Card.parse("QH")
    assert parse_top("call QH") == Call(Suit.HEARTS, Rank.QUEEN)
    assert parse_top("-") is None
    for bad in ("X1", "call", "call X1", "call QH QS", "TLR"):
        with pytest.raises(NotationError):
            parse_top(bad)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.booleans(), st.integers(0, 10**6))
def test_position_round_trip_through_a_round(players: int, chase: bool, seed: int) -> None:
    rules = Rules(players=players, chase_mode=chase, after_joker="any" if seed % 2 else "below")
    for state in random_playout(deal(rules, seed=seed), random.Random(seed)):
        text = str(state)
        assert State.parse(text) == state and parse_position(text) == state
        assert eval(repr(state), {"State": State}) == state
        assert str(State.parse(text)) == text


def test_position_text_example() -> None:
    state = deal(Rules(players=2, chase_mode=True), seed=0, deck=Card.all())
    text = str(state)
    assert text.startswith("rules: players=2,chase_mode=yes; hands: AS 3S 5S 7S 9S JS KS / ")
    assert "; top: 2H; pile: 2H; stock: 3H 4H" in text
    assert text.endswith(
        "; direction: cw; chase: off; to_move: 0; drawn: -; passes: 0; turns: 0; seed: 0; "
        "reshuffles: 0"
    )


def _mutations(text: str) -> list[str]:
    return [
        text.replace("players=2", "players=3"),
        text.replace("direction: cw", "direction: up"),
        text.replace("chase: off", "chase: on"),
        text.replace("to_move: 0", "to_move: 5"),
        text.replace("to_move: 0", "to_move: x"),
        text.replace("drawn: -", "drawn: QH"),
        text.replace("passes: 0", "passes: -1"),
        text.replace("; seed: 0", "; seed: 1.5"),
        text.replace("AS ", "", 1),
        text.replace("AS ", "AS AS ", 1),
        text.replace("3H 4H", "3H 4H AS", 1),
        text.replace("top: 2H", "top: X1"),
        text.replace("top: ", "tip: "),
        text.replace("pile: 2H", "pile: -"),
        text.rsplit(";", 1)[0],
        text + "; extra: 1",
        text.replace("hands: ", "hands: 1 "),
        text.replace("players=2", "players=9"),
    ]


def test_bad_positions_raise_notation_error() -> None:
    text = str(deal(Rules(players=2), seed=0, deck=Card.all()))
    for bad in _mutations(text):
        with pytest.raises(NotationError, match="invalid position"):
            State.parse(bad)


@settings(max_examples=200)
@given(st.text(max_size=60))
def test_garbage_positions_raise_only_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        State.parse(text)


@settings(max_examples=100)
@given(st.data())
def test_mangled_positions_raise_only_notation_error(data: st.DataObject) -> None:
    text = str(deal(Rules(players=3), seed=1))
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 8)))
    insert = data.draw(st.text(alphabet="ASHDC23456789TJQKX1- /;:=", max_size=6))
    with contextlib.suppress(NotationError):
        State.parse(text[:start] + insert + text[end:])


def test_json_record_replays_exactly() -> None:
    for players in range(2, 7):
        start = deal(Rules(players=players, chase_mode=True), seed=players, first_player=1)
        final, record = play_deal(start, random_strategy(players))
        text = dumps(record)
        assert loads(text) == record
        assert loads(text).replay() == final
        assert loads(text).replay().history() == final.history()
        assert list(loads(dumps(record, indent=2)).states())[-1] == final
        data = json.loads(text)
        assert data["game"] == "tailor" and data["rules"] == str(start.rules)
        assert data["deals"][0]["start"] == {"seed": players, "first_player": 1}
        assert data["deals"][0]["moves"] == [str(move) for move in final.history()]


def test_json_record_with_explicit_deck() -> None:
    start = deal(Rules(players=2), seed=3, deck=Card.all())
    record = Record(rules=start.rules, deals=[DealRecord(initial=start, moves=["3S"])])
    assert loads(dumps(record)) == record
    assert loads(dumps(record)).start().pile == (Card.parse("2H"),)
    assert loads(dumps(record)).replay().top == Card.parse("3S")
    # a start that is not a seeded deal is written as its position, in the comma rules form
    assert json.loads(dumps(record))["deals"][0]["start"]["position"] == str(start)


def test_record_with_an_illegal_move_is_refused() -> None:
    with pytest.raises(IllegalMoveError):
        DealRecord(initial=deal(Rules(players=2), seed=3), moves=["pass"])


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "{}",
        "null",
        '{"game": "tarot", "version": 1}',
        '{"game": "tailor", "version": 1, "rules": {"players": 9}, "seed": 0, '
        '"first_player": 0, "deck": null, "moves": []}',
        '{"game": "tailor", "version": 1, "rules": {"players": 2}, "seed": "0", '
        '"first_player": 0, "deck": null, "moves": []}',
        '{"game": "tailor", "version": 1, "rules": {"players": 2}, "seed": 0, '
        '"first_player": 2, "deck": null, "moves": []}',
        '{"game": "tailor", "version": 1, "rules": {"players": 2}, "seed": 0, '
        '"first_player": 0, "deck": "AS 2S", "moves": []}',
        '{"game": "tailor", "version": 1, "rules": {"players": 2}, "seed": 0, '
        '"first_player": 0, "deck": null, "moves": ["fly"]}',
        '{"game": "tailor", "version": 1, "rules": {"players": 2}, "seed": 0, '
        '"first_player": 0, "deck": null, "moves": [1]}',
        '{"game": "tailor", "version": 1, "rules": [], "seed": 0, '
        '"first_player": 0, "deck": null, "moves": []}',
    ],
)
def test_bad_records_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="invalid record"):
        loads(text)


@settings(max_examples=200)
@given(st.text(max_size=40))
def test_garbage_records_raise_only_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        loads(text)


def test_position_with_an_unplayable_drawn_card_is_rejected() -> None:
    text = str(deal(Rules(players=2), seed=4))
    assert "top: 4C" in text and "drawn: -" in text
    with pytest.raises(NotationError, match="cannot be played"):
        State.parse(text.replace("drawn: -", "drawn: QH"))


def test_position_rules_are_written_with_commas_only() -> None:
    state = deal(Rules(players=3, chase_mode=True, after_joker="any"), seed=2)
    text = str(state)
    assert text.startswith("rules: players=3,chase_mode=yes,after_joker=any; hands: ")
    assert State.parse(text) == state
    # the old form with spaces between the rules' items is not read
    old = text.replace("players=3,chase_mode=yes,after_joker=any", "players=3 chase_mode=yes")
    with pytest.raises(NotationError, match="separated by commas"):
        State.parse(old)
    # nor is a preset name, which Chase the Tailor does not have
    with pytest.raises(NotationError, match="no preset names"):
        State.parse(text.replace("rules: players=3,", "rules: simplified-3,"))


def test_the_notation_modules_import_in_one_direction() -> None:
    import ast
    import inspect
    import types

    import cardgames.tailor._position_text as grammar
    import cardgames.tailor.notation as notation
    import cardgames.tailor.state as state_module

    def imported(module: types.ModuleType) -> set[str]:
        tree = ast.parse(inspect.getsource(module))
        return {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module is not None
        }

    assert "cardgames.tailor.notation" not in imported(state_module)
    assert "cardgames.tailor.state" in imported(notation)
    assert not {"cardgames.tailor.state", "cardgames.tailor.notation"} & imported(grammar)


def test_huge_numbers_are_notation_errors() -> None:
    text = str(deal(Rules(players=2), seed=4))
    with pytest.raises(NotationError, match="at most 20 digits"):
        State.parse(text.replace("seed: 4", "seed: " + "1" * 5000))
    with pytest.raises(NotationError):
        Rules.parse("max_turns=" + "9" * 5000)
    with pytest.raises(NotationError):
        Rules.parse("players=--3")
    with pytest.raises(NotationError, match="not JSON"):
        loads('{"seed": ' + "1" * 5000 + "}")


# -- hardening: whatever a constructor accepts is written out and read back -------------------


def test_match_round_seeds_round_trip_through_the_notation() -> None:
    seed = derive_seed(1, "round", 1)
    assert seed >= 10**18  # 64-bit seeds have up to 20 digits
    state = deal(Rules(players=3), seed=seed)
    assert State.parse(str(state)) == state
    largest = deal(Rules(players=3), seed=2**64 - 1)
    assert State.parse(str(largest)) == largest
    assert State.parse(str(largest.play(largest.legal_moves()[0]))).seed == 2**64 - 1
    match = Match(rules=Rules(players=3), rounds=3, seed=2**64 - 1)
    while not match.is_over:
        final, record = play_deal(match.next_deal(), random_strategy(7))
        assert State.parse(str(final)) == final
        assert loads(dumps(record)) == record and loads(dumps(record)).replay() == final
        match = match.record(final)
    with pytest.raises(NotationError, match="invalid seed"):
        State.parse(str(state).replace(f"seed: {seed}", f"seed: {2**64}"))


@settings(max_examples=150, deadline=None)
@given(any_states(max_turns=1_000_000))
def test_every_constructible_state_round_trips(state: State) -> None:
    assert State.parse(str(state)) == state
    assert repr(state) == f"State.parse({str(state)!r})"


@settings(max_examples=60, deadline=None)
@given(
    rules_variants(max_turns=1_000_000),
    st.integers(0, 2**64 - 1),
    st.one_of(st.none(), st.permutations(Card.all())),
    st.data(),
)
def test_every_constructible_record_round_trips(
    rules: Rules, seed: int, order: list[Card] | None, data: st.DataObject
) -> None:
    first = data.draw(st.integers(0, rules.players - 1))
    state = deal(rules, seed=seed, first_player=first, deck=order)
    for _ in range(data.draw(st.integers(0, 5))):
        if state.is_over:
            break
        state = state.play(data.draw(st.sampled_from(state.legal_moves())))
    record = loads(dumps(state))
    assert record.replay() == state and record.replay().history() == state.history()
    assert loads(dumps(record)) == record
    assert loads(dumps(record, indent=2)) == record
    assert Record.from_dict(json.loads(json.dumps(record.to_dict()))) == record


def test_parsers_given_a_huge_int_give_a_readable_notation_error() -> None:
    huge = 10**5000
    parsers: list[Callable[[Any], object]] = [
        State.parse,
        parse_position,
        parse_top,
        parse_move,
        Play.parse,
        Dump.parse,
        PlayTailor.parse,
        PlayJoker.parse,
        Draw.parse,
        Pass.parse,
        Rules.parse,
        Call.parse,
        loads,
        Record.from_dict,
    ]
    for parser in parsers:
        with pytest.raises(NotationError, match=re.escape("<int of 5001 digits>")):
            parser(huge)
    # huge numbers written in the text itself
    digits = "9" * 5000
    text = str(deal(Rules(players=2), seed=4))
    for section in ("seed: 4", "turns: 0", "passes: 0", "to_move: 0", "reshuffles: 0"):
        name = section.split(":")[0]
        with pytest.raises(NotationError, match=f"{name} must be a whole number"):
            State.parse(text.replace(section, f"{name}: {digits}"))
    with pytest.raises(NotationError, match="max_turns: invalid number"):
        Rules.parse(f"max_turns={digits}")
    with pytest.raises(NotationError, match="invalid move"):
        parse_move(f"TLR QH>{digits}")
    record = json.loads(dumps(deal(Rules(players=2), seed=0)))
    for field in ("seed", "first_player"):
        changed = json.loads(json.dumps(record))
        changed["deals"][0]["start"][field] = 10**4000
        with pytest.raises(NotationError, match=re.escape("<int of 4001 digits>")):
            Record.from_dict(changed)
        with pytest.raises(NotationError, match="not JSON"):
            loads(json.dumps(record).replace(f'"{field}": 0', f'"{field}": 1{"0" * 5000}'))
    with pytest.raises(NotationError, match="max_turns: invalid number"):
        Record.from_dict({**record, "rules": f"players=2,max_turns={digits}"})
    with pytest.raises(NotationError):
        Record.from_dict({**record, "rules": huge})


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
record_fields = ("format", "game", "version", "rules", "tags", "series", "deals")
deal_fields = ("start", "moves", "result")


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_json_records_with_any_wrong_field_raise_only_notation_error(
    data: st.DataObject,
) -> None:
    record = json.loads(dumps(deal(Rules(players=3), seed=13).play(parse_move("7D"))))
    for field in data.draw(st.lists(st.sampled_from(record_fields), max_size=3)):
        record[field] = data.draw(json_values)
    if (
        isinstance(record["deals"], list)
        and record["deals"]
        and isinstance(record["deals"][0], dict)
    ):
        item = record["deals"][0]
        for field in data.draw(st.lists(st.sampled_from(deal_fields), max_size=2)):
            item[field] = data.draw(json_values)
    if data.draw(st.booleans()):
        names = st.sampled_from(list(Rules().to_dict()))
        items = data.draw(st.lists(st.tuples(names, st.text(max_size=6)), max_size=3))
        record["rules"] = ",".join(f"{name}={value}" for name, value in items)
    text = json.dumps(record)
    try:
        loaded = loads(text)
    except NotationError as error:
        assert str(error).startswith("invalid ")
        return
    # a record that loads is a real record (possibly of no round yet), it writes back the
    # same, and each of its rounds replays
    assert loads(dumps(loaded)) == loaded
    for round_record in loaded.deals:
        with contextlib.suppress(IllegalMoveError):
            round_record.replay()


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_any_json_value_as_a_record_raises_only_notation_error(value: object) -> None:
    with pytest.raises(NotationError):
        loads(json.dumps(value))


def test_deeply_nested_json_is_a_notation_error() -> None:
    for depth in (50, 500, 100_000):
        nested = "[" * depth + "]" * depth
        with pytest.raises(NotationError):
            loads(nested)
        with pytest.raises(NotationError):
            loads(
                '{"format": "cardgames-record", "version": 1, "game": "tailor", "rules": '
                + nested
                + ', "tags": {}, "series": null, "deals": []}'
            )


def test_json_lookalike_values_are_rejected() -> None:
    record = json.loads(dumps(deal(Rules(players=2), seed=0)))
    for field, value in (
        ("version", True),
        ("version", 1.0),
        ("deals", {}),
        ("rules", {"players": 2}),
        ("rules", "players=2.0"),
        ("rules", "players=2,chase_mode=0"),
        ("rules", "players=2 chase_mode=yes"),
    ):
        with pytest.raises(NotationError, match="invalid"):
            loads(json.dumps({**record, field: value}))
    for field, value in (
        ("seed", 0.0),
        ("seed", True),
        ("seed", -1),
        ("seed", 2**64),
        ("first_player", False),
        ("first_player", 2),
    ):
        changed = json.loads(json.dumps(record))
        changed["deals"][0]["start"][field] = value
        with pytest.raises(NotationError, match="invalid"):
            loads(json.dumps(changed))
    changed = json.loads(json.dumps(record))
    changed["deals"][0]["moves"] = "draw"
    with pytest.raises(NotationError, match="invalid"):
        loads(json.dumps(changed))
