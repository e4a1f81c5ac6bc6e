"""Chase the Tailor: matches of several rounds."""

from __future__ import annotations

import pytest

from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tailor import (
    Match,
    RoundResult,
    Rules,
    deal,
    play_round,
    random_strategy,
)


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
