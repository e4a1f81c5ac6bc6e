"""Bridge records: written and read back in the shared layout, every card replayed."""

from __future__ import annotations

import json

import jsonschema
import pytest

from cardgames import bridge
from cardgames.bridge import Contract, State
from cardgames.bridge.records import DealRecord, Record, dumps, loads, record_of
from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.records import game_of, record_schema

VALIDATOR = jsonschema.Draft202012Validator(record_schema())


def _played_out(seed: int) -> State:
    state = bridge.random_position(seed, tricks_played=12, contract=Contract.parse("NT by E"))
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    return state


def test_a_finished_hand_round_trips_with_its_result() -> None:
    state = _played_out(1)
    text = dumps(state, tags={"Event": "Test"}, indent=2)
    data = json.loads(text)
    VALIDATOR.validate(data)
    assert game_of(text) == "bridge"
    assert data["deals"][0]["result"] == {
        "declarer_tricks": state.declarer_tricks,
        "defender_tricks": state.defender_tricks,
    }
    record = loads(text)
    assert record.replay() == state and record.tags["Event"] == "Test"
    assert record.states()[0] == State(state.deal, state.contract)
    assert loads(dumps(record)) == record


def test_an_unfinished_hand_has_no_result() -> None:
    state = bridge.random_position(2, tricks_played=3, cards=2)
    data = record_of(state).to_dict()
    VALIDATOR.validate(data)
    assert data["deals"][0]["result"] is None
    assert Record.from_dict(data).replay() == state


def test_a_wrong_result_or_an_illegal_card_is_refused() -> None:
    data = record_of(_played_out(3)).to_dict()
    data["deals"][0]["result"]["declarer_tricks"] += 1
    with pytest.raises(NotationError, match="the cards give"):
        Record.from_dict(data)
    data = record_of(bridge.random_position(3, tricks_played=1)).to_dict()
    data["deals"][0]["moves"][1] = data["deals"][0]["moves"][0]
    with pytest.raises(NotationError, match="deal 0 moves"):
        Record.from_dict(data)
    data["series"] = {"rounds": 2}
    with pytest.raises(NotationError):
        Record.from_dict(data)
    with pytest.raises(NotationError, match="of the game 'tailor'"):
        loads(json.dumps({**data, "game": "tailor"}))


def test_records_refuse_bad_arguments() -> None:
    state = bridge.random_position(4, tricks_played=1)
    with pytest.raises(RulesError, match="before any card"):
        DealRecord(initial=state)
    with pytest.raises(IllegalMoveError):
        DealRecord(initial=State(state.deal, state.contract), moves=["ZZ"])
    with pytest.raises(RulesError, match="in a record of"):
        Record(rules=Contract.parse("S by N"), deals=[DealRecord.of(state)])
    with pytest.raises(NotationError, match="expected a bridge State"):
        record_of("state")  # type: ignore[arg-type]
