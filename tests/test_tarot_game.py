"""Games of Tarot: several deals, running totals, strategies per seat."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import attrs
import pytest
from param_ids import stable_id

from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tarot.game import Game, Strategy, play_deal, random_strategy
from cardgames.tarot.records import Record
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Move, State, deal


def test_game_deal_passes_round_and_each_player_deals_once() -> None:
    for rules, first, order in (
        (Rules.traditional(players=3), 0, [0, 2, 1]),
        (Rules.traditional(players=4), 1, [1, 0, 3, 2]),
        (Rules.simplified(players=5), 3, [3, 4, 0, 1, 2]),
    ):
        game = Game(rules=rules, seed=2, first_dealer=first).play_out(random_strategy(2))
        assert game.is_over and len(game.deals) == rules.players
        assert [state.dealer for state in game.deals] == order
        assert game.next_dealer is None
        with pytest.raises(IllegalMoveError):
            game.start_next()


def test_totals_are_a_property_summing_the_payoffs() -> None:
    game = Game(rules=Rules.traditional(players=3), seed=9)
    assert game.totals == (Fraction(0),) * 3 and game.running_totals == ()
    game = game.play_out(random_strategy(1))
    rows = game.running_totals
    assert len(rows) == 3
    expected = [Fraction(0)] * 3
    for state, row in zip(game.deals, rows, strict=True):
        expected = [a + b for a, b in zip(expected, state.payoffs(), strict=True)]
        assert list(row) == expected
        assert sum(row) == 0
    assert game.totals == rows[-1]


def test_game_is_reproducible_and_deals_differ() -> None:
    one = Game(rules=Rules.simplified(players=3), seed=4).play_out(random_strategy(4))
    two = Game(rules=Rules.simplified(players=3), seed=4).play_out(random_strategy(4))
    assert one == two
    assert len({state.initial.hands for state in one.deals}) == 3


def test_random_strategy_takes_a_seed_or_a_random_and_is_deterministic() -> None:
    state = deal(Rules.traditional(players=3), seed=3)
    rng = random.Random(8)
    assert random_strategy(rng)(state) == random_strategy(8)(state)
    assert rng.getstate() != random.Random(8).getstate()  # the caller's generator advanced
    one = Game(rules=Rules.simplified(players=4), seed=1).play_out(random_strategy(6))
    two = Game(rules=Rules.simplified(players=4), seed=1).play_out(
        random_strategy(random.Random(6))
    )
    assert one == two
    for bad in (-1, 2**64, True, 1.5, "1", None):
        with pytest.raises(RulesError, match="random source"):
            random_strategy(bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="expected a tarot State"):
        random_strategy(1)(None)  # type: ignore[arg-type]


def lowest(state: State) -> Move:
    return state.legal_card_moves()[0]


def highest(state: State) -> Move:
    return state.legal_card_moves()[-1]


def test_one_strategy_per_seat() -> None:
    rules = Rules.simplified(players=3)
    seen: list[int] = []

    def watching(state: State) -> Move:
        seen.append(state.to_move)
        return lowest(state)

    game, record = Game(rules=rules, seed=5).play_round([watching, highest, highest])
    state = game.deals[0]
    assert set(seen) == {0} and len(seen) == 26 + rules.talon_size * 0
    replay = state.initial.start()
    for move in state.history():
        expected = lowest(replay) if replay.to_move == 0 else highest(replay)
        assert move == expected
        replay = replay.play(move)
    assert isinstance(record, Record) and record.replay() == state and not record.is_series
    everyone = Game(rules=rules, seed=5).play_out([lowest] * 3)
    assert everyone == Game(rules=rules, seed=5).play_out(lowest)


@pytest.mark.parametrize(
    "strategies",
    [None, 5, "lowest", [], [lowest], [lowest] * 4, [lowest, lowest, None], {0: lowest}],
    ids=stable_id,
)
def test_strategies_are_checked(strategies: Any) -> None:
    game = Game(rules=Rules.simplified(players=3), seed=1)
    for play in (game.play_out, game.play_round, lambda s: play_deal(game.start_next(), s)):
        with pytest.raises(RulesError, match="strateg"):
            play(strategies)


def test_a_strategy_returning_no_move_is_an_illegal_move() -> None:
    bad: Strategy = lambda state: "1S"  # type: ignore[assignment,return-value]  # noqa: E731
    with pytest.raises(IllegalMoveError, match="expected a Move"):
        Game(rules=Rules.simplified(players=3), seed=1).play_out(bad)


def test_play_deal_plays_on_from_any_played_state() -> None:
    state = deal(Rules.traditional(players=3), seed=4)
    state = state.play(state.legal_moves()[0])
    final, record = play_deal(state, random_strategy(4))
    assert final.is_over and record.deals[0].moves == final.history()
    assert record.start() == state.initial.start()
    with pytest.raises(RulesError, match="invalid Tarot state"):
        play_deal(None, lowest)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="made up"):
        play_deal(_made_up_position(), lowest)


def _made_up_position() -> State:
    real = Game(rules=Rules.simplified(players=3), seed=2).play_out(lowest).deals[0]
    return attrs.evolve(real, won=real.won[::-1])  # won piles swapped: no deal leads here


def test_game_record_checks_the_deal() -> None:
    game = Game(rules=Rules.simplified(players=3), seed=4)
    stranger = deal(Rules.simplified(players=3), seed=99)
    with pytest.raises(IllegalMoveError, match="next deal"):
        game.record(stranger)
    with pytest.raises(IllegalMoveError, match="finished"):
        game.record(game.start_next())
    with pytest.raises(RulesError):
        Game(rules=Rules.simplified(players=3), seed=4, first_dealer=3)


def test_game_with_wrong_typed_arguments_raises_rules_error() -> None:
    rules = Rules.simplified(players=3)
    anything: Any
    for anything in (None, "simplified-3", 3):
        with pytest.raises(RulesError, match="rules"):
            Game(rules=anything, seed=1)
    for anything in ("1", None, 1.0, True, -1, 2**64, 10**5000):
        with pytest.raises(RulesError, match="seed"):
            Game(rules=rules, seed=anything)
    for anything in ("0", None, 0.0, True, -1, 3, 10**5000):
        with pytest.raises(RulesError, match="first_dealer"):
            Game(rules=rules, seed=1, first_dealer=anything)
    finished = Game(rules=rules, seed=1).play_out(random_strategy(1))
    for anything in (None, 5, "deals", [None], [finished.deals[1]], finished.deals * 2):
        with pytest.raises(RulesError):
            Game(rules=rules, seed=1, deals=anything)
    with pytest.raises(RulesError, match="not the game's deal 0"):
        Game(rules=rules, seed=1, deals=[finished.deals[0].initial.start()])


def test_game_keeps_a_tuple_of_its_deals() -> None:
    finished = Game(rules=Rules.simplified(players=3), seed=1).play_out(random_strategy(1))
    deals = list(finished.deals)
    game = Game(rules=finished.rules, seed=1, deals=deals)
    assert game == finished and isinstance(game.deals, tuple)
    hash(game)
    deals.clear()
    assert game == finished and game.is_over


def test_game_methods_validate_their_arguments() -> None:
    game = Game(rules=Rules.traditional(players=3), seed=5, first_dealer=1)
    assert [game.dealer_of(n) for n in range(3)] == [1, 0, 2]
    for number in ("1", None, True, -1, 3, 10**18, 10**5000):
        with pytest.raises(RulesError, match="deal number"):
            game.dealer_of(number)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="deal number"):
            game.deal_seed(number)  # type: ignore[arg-type]
    for item in (None, game, "state"):
        with pytest.raises(IllegalMoveError):
            game.record(item)  # type: ignore[arg-type]
    done = game.play_out(lowest)
    with pytest.raises(IllegalMoveError, match="game is over"):
        done.play_round(lowest)
