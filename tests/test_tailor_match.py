"""Chase the Tailor: matches of several rounds."""

from __future__ import annotations

import random

import pytest

from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tailor import (
    GameRecord,
    Match,
    RoundResult,
    Rules,
    deal,
    play_round,
    random_strategy,
)
from cardgames.validation import quote


def test_match_has_five_rounds_by_default() -> None:
    match = Match(rules=Rules(players=3), seed=2)
    assert match.rounds == 5 and not match.is_over
    done = match.play_out(random_strategy(2))
    assert done.is_over and done.rounds_played == 5 and match.rounds_played == 0


def test_match_totals_are_hand_values_left() -> None:
    match = Match(rules=Rules(players=3), seed=7).play_out(random_strategy(7))
    for seat in range(3):
        assert match.totals[seat] == -sum(result.payoffs[seat] for result in match.results)
    assert all(total >= 0 for total in match.totals)


def test_lowest_total_wins() -> None:
    results = (RoundResult(0, 1, (-10, 0, -4)), RoundResult(1, 2, (-3, -8, 0)))
    match = Match(rules=Rules(players=3), rounds=2, results=results)
    assert match.totals == (13, 8, 4) and match.winners() == (2,)


def test_ties_are_reported_as_ties() -> None:
    results = (RoundResult(0, 0, (0, -5, -5)), RoundResult(1, 1, (-5, 0, -5)))
    match = Match(rules=Rules(players=3), rounds=2, results=results)
    assert match.totals == (5, 5, 10) and match.winners() == (0, 1)


def test_later_rounds_rotate_the_starter_by_default() -> None:
    match = Match(rules=Rules(players=3), seed=1, first_player=2)
    starters = []
    while not match.is_over:
        starters.append(match.next_deal().to_move)
        match, _ = match.play_round(random_strategy(1))
    assert starters == [2, 0, 1, 2, 0]
    assert [result.starter for result in match.results] == starters


def test_winner_starts_next_round_option() -> None:
    match = Match(rules=Rules(players=4, next_round_starter="winner"), seed=3)
    match, _ = match.play_round(random_strategy(3))
    last = match.results[-1]
    expected = last.winner if last.winner is not None else (last.starter + 1) % 4
    assert match.next_starter() == expected
    stalemate = Match(
        rules=Rules(players=4, next_round_starter="winner"),
        results=(RoundResult(2, None, (-1, -2, -3, -4)),),
    )
    assert stalemate.next_starter() == 3


def test_match_round_by_round_with_finished_states() -> None:
    match = Match(rules=Rules(players=2), rounds=2, seed=5)
    state = match.next_deal()
    assert state == deal(Rules(players=2), seed=5)
    with pytest.raises(IllegalMoveError, match="finished"):
        match.record(state)
    final, _ = play_round(state, random_strategy(0))
    match = match.record(final)
    with pytest.raises(IllegalMoveError, match="not dealt by the match"):
        match.record(final)
    final, _ = play_round(match.next_deal(), random_strategy(0))
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
    final, _ = play_round(state, random_strategy(random.Random(1)))
    assert final == play_round(state, random_strategy(1))[0]
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
    with pytest.raises(RulesError, match="invalid seed"):
        GameRecord(rules=Rules(), seed=source)  # type: ignore[arg-type]


def test_match_rejects_wrong_typed_arguments() -> None:
    with pytest.raises(RulesError, match="invalid rules None"):
        Match(rules=None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid rules 5"):
        Match(rules=5)  # type: ignore[arg-type]
    for rounds in (True, 1.0, "5", None, -1, 10_001, 10**5000):
        with pytest.raises(RulesError, match="invalid rounds"):
            Match(rules=Rules(), rounds=rounds)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid results 5"):
        Match(rules=Rules(), results=5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="expected a RoundResult"):
        Match(rules=Rules(), results=[None])  # type: ignore[list-item]
    with pytest.raises(RulesError, match="expected 4 payoffs"):
        Match(rules=Rules(), results=[RoundResult(0, None, (0, 0))])
    with pytest.raises(RulesError, match="invalid winner 3"):
        Match(rules=Rules(players=3), results=[RoundResult(0, 3, (0, 0, 0))])
    with pytest.raises(RulesError, match="2 rounds recorded in a match of 1"):
        Match(rules=Rules(players=2), rounds=1, results=[RoundResult(0, 0, (0, -1))] * 2)
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
        with pytest.raises(RulesError, match="invalid strategy"):
            match.play_round(strategy)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="invalid strategy"):
            match.play_out(strategy)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="invalid strategy"):
            play_round(match.next_deal(), strategy)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid state None"):
        play_round(None, random_strategy(1))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        play_round(match.next_deal(), lambda state: "draw")  # type: ignore[arg-type,return-value]


def test_bury_deal_finishes_in_every_round_of_a_match() -> None:
    rules = Rules(players=6, hand_size=9)
    match = Match(rules=rules, rounds=8, seed=0).play_out(random_strategy(3))
    assert match.is_over and match.rounds_played == 8
