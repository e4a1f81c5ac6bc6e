"""JSON records of French Tarot deals and games: every move in its written form, the score's
breakdown in the result, void deals, series, the schema, and strict reading."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_helpers import drop, edited, set_at

from cardgames.errors import IllegalMoveError, NotationError
from cardgames.records import read_number, record_schema, to_number
from cardgames.tarot import records
from cardgames.tarot.contracts import PASS, AnyMove, Bid, Contract, parse_move
from cardgames.tarot.game import Game, Strategy, random_strategy
from cardgames.tarot.rules import Rules
from cardgames.tarot.scoring import Score
from cardgames.tarot.state import Move, Phase, State, deal

VALIDATOR = jsonschema.Draft202012Validator(record_schema())
FRENCH = [Rules.french(players=n) for n in (3, 4, 5)]
FRENCH_RULES = st.sampled_from(FRENCH)
SEEDS = st.integers(0, 2**64 - 1)


def check_written(text: str) -> dict[str, Any]:
    """The record's JSON, after checking it against the schema."""
    data: dict[str, Any] = json.loads(text)
    VALIDATOR.validate(data)
    return data


def passing(strategy: Strategy) -> Strategy:
    """Pass at every bid, play as ``strategy`` otherwise (so every deal is void)."""

    def choose(state: State) -> AnyMove:
        return PASS if state.phase is Phase.BIDDING else strategy(state)

    return choose


def bidding(contract: Contract, strategy: Strategy) -> Strategy:
    """The first bidder bids ``contract``, the others pass; ``strategy`` for the rest."""

    def choose(state: State) -> AnyMove:
        if state.phase is Phase.BIDDING:
            return Bid(contract) if not state.bids else PASS
        return strategy(state)

    return choose


def played(rules: Rules, seed: int, strategy: Strategy, dealer: int = 0) -> State:
    state = deal(rules, seed, dealer=dealer)
    while not state.is_over:
        state = state.play(strategy(state))
    return state


# -- round trips ----------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(rules=FRENCH_RULES, seed=SEEDS, moves=st.integers(0, 95), data=st.data())
def test_french_deal_records_validate_and_round_trip(
    rules: Rules, seed: int, moves: int, data: st.DataObject
) -> None:
    state = deal(rules, seed, dealer=data.draw(st.integers(0, rules.players - 1)))
    choose = random_strategy(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(choose(state))
    text = records.dumps(state, tags={"Event": "test"})
    written = check_written(text)
    entry = written["deals"][0]
    assert entry["moves"] == [str(move) for move in state.history()]
    assert tuple(parse_move(word) for word in entry["moves"]) == state.history()
    record = records.loads(text)
    assert record.replay() == state and record == records.record_of(state, {"Event": "test"})
    assert list(record.states())[-1] == state
    assert records.dumps(record) == text
    result = entry["result"]
    if not state.is_over:
        assert result is None
        return
    assert [read_number(value, "payoff") for value in result["payoffs"]] == list(state.payoffs())
    score = state.score()
    if state.is_void:
        assert result["score"] is None and score is None
        assert set(result["payoffs"]) == {0}
    else:
        assert score is not None and result["score"] == score.to_dict()
        assert Score.from_dict(result["score"]) == score


@settings(max_examples=6, deadline=None)
@given(rules=FRENCH_RULES, seed=SEEDS, deals=st.integers(0, 5))
def test_french_game_records_validate_and_round_trip(rules: Rules, seed: int, deals: int) -> None:
    game = Game(rules=rules, seed=seed)
    for _ in range(min(deals, game.deal_count)):
        game, _ = game.play_round(random_strategy(seed))
    text = records.dumps(game)
    written = check_written(text)
    assert written["series"]["totals"] == [to_number(total) for total in game.totals]
    record = records.loads(text)
    assert record.game() == game and record.is_series
    assert [deal.replay() for deal in record.deals] == list(game.deals)


@pytest.mark.parametrize("rules", FRENCH, ids=str)
def test_every_contract_of_every_preset_round_trips(rules: Rules) -> None:
    for number, contract in enumerate(Contract):
        state = played(rules, 40 + number, bidding(contract, random_strategy(number)))
        assert state.contract is contract and state.score() is not None
        text = records.dumps(state)
        data = check_written(text)
        assert data["deals"][0]["result"]["score"]["contract"] == contract.value
        assert records.loads(text).replay() == state


# -- void deals and series ------------------------------------------------------------------


@pytest.mark.parametrize("rules", FRENCH, ids=str)
def test_a_void_deal_records_its_passes_and_zero_payoffs(rules: Rules) -> None:
    state = played(rules, 7, passing(random_strategy(7)), dealer=1)
    assert state.is_void and state.is_over
    text = records.dumps(state)
    entry = check_written(text)["deals"][0]
    assert entry["moves"] == ["pass"] * rules.players
    assert entry["result"]["payoffs"] == [0] * rules.players
    assert entry["result"]["score"] is None
    assert records.loads(text).replay() == state


@pytest.mark.parametrize("rules", FRENCH, ids=str)
def test_a_void_deal_passes_the_deal_to_the_next_dealer(rules: Rules) -> None:
    # Deal 0 is void (everyone passes); the next deal is dealt by the seat to the dealer's
    # right, as in every deal of a French game (counter-clockwise), and so on.
    game = Game(rules=rules, seed=12, first_dealer=2)
    game, record = game.play_round(passing(random_strategy(1)))
    assert game.deals[0].is_void and game.totals == (Fraction(0),) * rules.players
    assert record.deals[0].moves == (PASS,) * rules.players
    assert game.next_dealer == rules._next(2)
    game = game.play_out(random_strategy(3))
    dealers = [state.dealer for state in game.deals]
    assert dealers == [(2 - number) % rules.players for number in range(rules.players)]
    for before, after in itertools.pairwise(dealers):
        assert after == rules._next(before)
    assert game.totals == tuple(
        sum((state.payoffs()[seat] for state in game.deals), Fraction(0))
        for seat in range(rules.players)
    )
    assert sum(game.totals) == 0
    text = records.dumps(game)
    written = check_written(text)
    assert written["deals"][0]["result"]["score"] is None
    assert written["series"]["totals"] == [to_number(total) for total in game.totals]
    assert records.loads(text).game() == game


def test_a_whole_game_of_void_deals_totals_zero() -> None:
    rules = Rules.french(players=4)
    game = Game(rules=rules, seed=3).play_out(passing(random_strategy(3)))
    assert game.is_over and all(state.is_void for state in game.deals)
    assert [state.dealer for state in game.deals] == [0, 3, 2, 1]
    assert game.totals == (Fraction(0),) * 4
    assert records.loads(records.dumps(game)).game() == game


def test_moves_are_read_from_their_written_forms_and_as_moves() -> None:
    rules = Rules.french(players=5)
    state = played(rules, 5, bidding(Contract.GARDE, random_strategy(5)))
    words = [str(move) for move in state.history()]
    assert words[:5] == ["garde", "pass", "pass", "pass", "pass"]
    assert words[5].startswith("call-")
    from_words = records.DealRecord(deal=state.initial, moves=words)
    from_moves = records.DealRecord(deal=state.initial, moves=state.history())
    assert from_words == from_moves and from_words.replay() == state
    assert any(isinstance(move, Move) for move in from_words.moves)


# -- strict reading -------------------------------------------------------------------------

RULES_4 = Rules.french(players=4)
GARDE_STATE = played(RULES_4, 21, bidding(Contract.GARDE, random_strategy(21)))
GARDE_TEXT = records.dumps(GARDE_STATE)
VOID_TEXT = records.dumps(played(RULES_4, 21, passing(random_strategy(21))))
TRADITIONAL_TEXT = records.dumps(played(Rules.traditional(players=3), 4, random_strategy(4)))
UNFINISHED_TEXT = records.dumps(deal(RULES_4, 21).play(PASS))


SCORE = ("deals", 0, "result", "score")
MOVES = ("deals", 0, "moves")
_SCORE_DATA = json.loads(GARDE_TEXT)["deals"][0]["result"]["score"]
_OTHER_SCORE = json.loads(
    records.dumps(played(RULES_4, 22, bidding(Contract.PRISE, random_strategy(22))))
)["deals"][0]["result"]["score"]

# (text, edit, message, whether the schema alone sees the fault)
EDITS: list[tuple[str, Callable[[dict[str, Any]], None], str, bool]] = [
    (GARDE_TEXT, drop(SCORE), "missing entry 'score'", False),
    (GARDE_TEXT, set_at(SCORE, None), "score None: the moves give", False),
    (GARDE_TEXT, set_at((*SCORE, "total"), 1), "invalid score", False),
    (GARDE_TEXT, set_at((*SCORE, "contract"), "prise"), "invalid score", False),
    (GARDE_TEXT, set_at((*SCORE, "contract"), "chelem"), "chelem", True),
    (GARDE_TEXT, set_at((*SCORE, "colour"), "red"), "unknown entry 'colour'", True),
    (GARDE_TEXT, drop((*SCORE, "payoffs")), "missing entry 'payoffs'", True),
    (GARDE_TEXT, set_at((*SCORE, "points"), 40.5), "40.5", True),
    (GARDE_TEXT, set_at((*SCORE, "made"), 1), "made 1", True),
    (GARDE_TEXT, set_at((*SCORE, "poignees"), [[0, "huge"]]), "huge", True),
    (GARDE_TEXT, set_at(SCORE, _OTHER_SCORE), "the moves give", False),
    (GARDE_TEXT, set_at(SCORE, "garde"), "score 'garde'", True),
    (GARDE_TEXT, set_at((*MOVES, 0), "chelem"), "chelem", False),
    (GARDE_TEXT, set_at((*MOVES, 1), "prise"), "higher than the last one", False),
    (GARDE_TEXT, set_at((*MOVES, 4), "slam"), "the discard phase takes a card", False),
    (GARDE_TEXT, set_at((*MOVES, 1), "call-KH"), "the bidding phase takes", False),
    (GARDE_TEXT, set_at(MOVES, ["pass"] * 4 + ["slam"]), "the deal is over", False),
    (GARDE_TEXT, set_at(MOVES, ["pass"] * 5), "moves", False),
    (VOID_TEXT, set_at(SCORE, _SCORE_DATA), "every seat passed", False),
    (VOID_TEXT, drop(SCORE), "missing entry 'score'", False),
    (TRADITIONAL_TEXT, set_at(SCORE, None), "unknown entry 'score'", False),
    (
        UNFINISHED_TEXT,
        set_at(("deals", 0, "result"), {"points": [0] * 4, "payoffs": [0] * 4, "score": None}),
        "not finished",
        False,
    ),
]


@pytest.mark.parametrize(("text", "change", "message", "structural"), EDITS)
def test_every_bad_french_entry_is_a_notation_error(
    text: str, change: Callable[[dict[str, Any]], None], message: str, structural: bool
) -> None:
    bad = edited(text, change)
    with pytest.raises(NotationError, match=message):
        records.loads(bad)
    assert VALIDATOR.is_valid(json.loads(bad)) is not structural


def test_the_score_is_the_deals_own() -> None:
    data = json.loads(GARDE_TEXT)
    score = GARDE_STATE.score()
    assert score is not None
    assert data["deals"][0]["result"]["score"] == score.to_dict()
    assert data["deals"][0]["result"]["payoffs"] == [to_number(p) for p in score.payoffs]


def test_bad_moves_given_to_a_french_deal_record() -> None:
    start = deal(RULES_4, 1)
    with pytest.raises(IllegalMoveError, match="move 1 of the deal"):
        records.DealRecord(deal=start.initial, moves=["KH"])
    with pytest.raises(NotationError, match="call-ZZ"):
        records.DealRecord(deal=start.initial, moves=["call-ZZ"])
    with pytest.raises(IllegalMoveError, match="move 5 of the deal"):
        records.DealRecord(deal=start.initial, moves=["garde", "pass", "pass", "pass", "pass"])
