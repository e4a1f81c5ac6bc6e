"""Chase the Tailor: matches of several rounds, strategies per seat."""

from __future__ import annotations

import random
from typing import Any

import pytest
from param_ids import stable_id

from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tailor.deal import deal
from cardgames.tailor.match import Match, RoundResult, Strategy, play_deal, random_strategy
from cardgames.tailor.moves import Move
from cardgames.tailor.records import Record
from cardgames.tailor.rules import Rules
from cardgames.tailor.state import State
from cardgames.validation import quote


def test_match_has_five_rounds_by_default() -> None:
    match = Match(rules=Rules(players=3), seed=2)
    assert match.rounds == 5 and not match.is_over
    done = match.play_out(random_strategy(2))
    assert done.is_over and done.rounds_played == 5 and match.rounds_played == 0


def test_match_totals_are_payoff_sums_and_penalties_the_hand_values_left() -> None:
    match = Match(rules=Rules(players=3), seed=7).play_out(random_strategy(7))
    for seat in range(3):
        assert match.totals[seat] == sum(state.payoffs()[seat] for state in match.deals)
        assert match.penalties[seat] == -match.totals[seat]
    assert all(total <= 0 for total in match.totals)
    assert match.running_totals[-1] == match.totals and len(match.running_totals) == 5
    assert [result.payoffs for result in match.results] == [s.payoffs() for s in match.deals]


def test_highest_total_lowest_penalty_wins_and_ties_are_reported() -> None:
    match = Match(rules=Rules(players=3), rounds=3, seed=2).play_out(random_strategy(2))
    best = max(match.totals)
    assert match.winners() == tuple(s for s, t in enumerate(match.totals) if t == best)
    assert match.winners() == tuple(
        s for s, p in enumerate(match.penalties) if p == min(match.penalties)
    )
    assert Match(rules=Rules(players=3)).winners() == (0, 1, 2)  # all tied at 0


def test_later_rounds_rotate_the_starter_by_default() -> None:
    match = Match(rules=Rules(players=3), seed=1, first_player=2)
    starters = []
    while not match.is_over:
        starters.append(match.next_deal().to_move)
        match, _ = match.play_round(random_strategy(1))
    assert starters == [2, 0, 1, 2, 0]
    assert [result.starter for result in match.results] == starters


def test_winner_starts_next_round_option() -> None:
    match = Match(rules=Rules(players=4, next_round_starter="winner"), rounds=8, seed=3)
    while not match.is_over:
        match, _ = match.play_round(random_strategy(3))
        last = match.results[-1]
        expected = last.winner if last.winner is not None else (last.starter + 1) % 4
        if not match.is_over:
            assert match.next_starter() == expected == match.next_deal().to_move


def test_match_round_by_round_with_finished_states() -> None:
    match = Match(rules=Rules(players=2), rounds=2, seed=5)
    state = match.next_deal()
    assert state == deal(Rules(players=2), seed=5)
    with pytest.raises(IllegalMoveError, match="finished"):
        match.record(state)
    final, _ = play_deal(state, random_strategy(0))
    match = match.record(final)
    with pytest.raises(IllegalMoveError, match="not played from the match's next deal"):
        match.record(final)
    with pytest.raises(IllegalMoveError, match="not played from the match's next deal"):
        match.record(State.parse(str(play_deal(match.next_deal(), random_strategy(0))[0])))
    final, _ = play_deal(match.next_deal(), random_strategy(0))
    match = match.record(final)
    assert match.is_over
    with pytest.raises(IllegalMoveError):
        match.next_deal()
    with pytest.raises(IllegalMoveError):
        match.record(final)


def test_match_is_reproducible() -> None:
    one = Match(rules=Rules(players=4, chase_mode=True), seed=9).play_out(random_strategy(9))
    two = Match(rules=Rules(players=4, chase_mode=True), seed=9).play_out(random_strategy(9))
    assert one == two


def test_match_rejects_bad_options() -> None:
    with pytest.raises(RulesError):
        Match(rules=Rules(), rounds=0)
    with pytest.raises(RulesError):
        Match(rules=Rules(players=2), first_player=2)


# -- hardening: seeds and arguments --------------------------------------------------------------


def test_random_strategy_accepts_a_random_or_a_seed() -> None:
    state = deal(Rules(players=3), seed=2)
    rng = random.Random(5)
    by_rng = random_strategy(rng)
    assert by_rng(state) == random_strategy(5)(state)
    assert rng.getstate() != random.Random(5).getstate()  # the caller's generator advanced
    final, _ = play_deal(state, random_strategy(random.Random(1)))
    assert final == play_deal(state, random_strategy(1))[0]
    one = Match(rules=Rules(players=3), seed=4).play_out(random_strategy(random.Random(6)))
    assert one == Match(rules=Rules(players=3), seed=4).play_out(random_strategy(6))
    assert random_strategy(2**64 - 1)(state) in state.legal_moves()


@pytest.mark.parametrize(
    "source", [-1, 2**64, 10**5000, True, 1.5, "1", None, [1], b"1"], ids=quote
)
def test_invalid_seeds_are_rules_errors(source: object) -> None:
    with pytest.raises(RulesError, match="invalid random source"):
        random_strategy(source)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid seed"):
        Match(rules=Rules(), seed=source)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid seed"):
        deal(Rules(), seed=source)  # type: ignore[arg-type]


def test_match_rejects_wrong_typed_arguments() -> None:
    with pytest.raises(RulesError, match="invalid rules None"):
        Match(rules=None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid rules 5"):
        Match(rules=5)  # type: ignore[arg-type]
    for rounds in (True, 1.0, "5", None, -1, 10_001, 10**5000):
        with pytest.raises(RulesError, match="invalid rounds"):
            Match(rules=Rules(), rounds=rounds)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid match deals 5"):
        Match(rules=Rules(), deals=5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid match round 0"):
        Match(rules=Rules(), deals=[None])  # type: ignore[list-item]
    finished = Match(rules=Rules(players=2), rounds=2, seed=1).play_out(random_strategy(1))
    with pytest.raises(RulesError, match="invalid match round 0"):
        Match(rules=Rules(players=2), rounds=2, seed=2, deals=finished.deals)
    with pytest.raises(RulesError, match="invalid match round 0"):
        Match(rules=Rules(players=2), rounds=2, seed=1, deals=finished.deals[::-1])
    with pytest.raises(RulesError, match="2 rounds recorded in a match of 1"):
        Match(rules=Rules(players=2), rounds=1, seed=1, deals=finished.deals)
    again = Match(rules=Rules(players=2), rounds=2, seed=1, deals=list(finished.deals))
    assert again == finished and isinstance(again.deals, tuple)
    with pytest.raises(RulesError, match="invalid payoff 1"):
        RoundResult(0, None, (1, 0))
    with pytest.raises(RulesError, match="invalid payoffs 5"):
        RoundResult(0, None, 5)  # type: ignore[arg-type]


def test_match_methods_reject_wrong_typed_arguments() -> None:
    match = Match(rules=Rules(players=2), seed=1)
    for number in (-1, True, "1", None, 1.0):
        with pytest.raises(RulesError, match="invalid round number"):
            match.round_seed(number)  # type: ignore[arg-type]
    for state in (None, 5, "state"):
        with pytest.raises(IllegalMoveError, match="invalid round"):
            match.record(state)  # type: ignore[arg-type]
    for strategy in (None, 5, "random"):
        with pytest.raises(RulesError, match="invalid Chase the Tailor strategy"):
            match.play_round(strategy)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="invalid Chase the Tailor strategy"):
            match.play_out(strategy)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="invalid Chase the Tailor strategy"):
            play_deal(match.next_deal(), strategy)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid state None"):
        play_deal(None, random_strategy(1))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        play_deal(match.next_deal(), lambda state: "draw")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid state None"):
        random_strategy(1)(None)  # type: ignore[arg-type]


def first(state: State) -> Move:
    return state.legal_moves()[0]


def last(state: State) -> Move:
    return state.legal_moves()[-1]


def test_one_strategy_per_seat() -> None:
    rules = Rules(players=3)
    match, record = Match(rules=rules, seed=5).play_round([first, last, last])
    final = match.deals[0]
    state = record.start()
    for move in final.history():
        assert move == (first(state) if state.to_move == 0 else last(state))
        state = state.play(move)
    assert state == final and isinstance(record, Record) and record.replay() == final
    assert Match(rules=rules, seed=5).play_out([first] * 3) == Match(rules=rules, seed=5).play_out(
        first
    )


@pytest.mark.parametrize(
    "strategies", [[], [first], [first] * 4, [first, first, None], {0: first}, b"x"], ids=stable_id
)
def test_strategies_need_one_callable_per_seat(strategies: Any) -> None:
    match = Match(rules=Rules(players=3), seed=1)
    bad: list[Any] = [
        match.play_out,
        match.play_round,
        lambda s: play_deal(match.next_deal(), s),
    ]
    for play in bad:
        with pytest.raises(RulesError, match="strateg"):
            play(strategies)


def test_play_deal_records_every_move_from_the_deal() -> None:
    state = deal(Rules(players=3), seed=13)
    middle = state.play(first(state))
    final, record = play_deal(middle, random_strategy(2))
    assert record.start() == state and record.deals[0].moves == final.history()
    strategy: Strategy = random_strategy(2)
    assert play_deal(middle, [strategy] * 3)[0] == play_deal(middle, random_strategy(2))[0]


def test_bury_deal_finishes_in_every_round_of_a_match() -> None:
    rules = Rules(players=6, hand_size=9)
    match = Match(rules=rules, rounds=8, seed=0).play_out(random_strategy(3))
    assert match.is_over and match.rounds_played == 8
