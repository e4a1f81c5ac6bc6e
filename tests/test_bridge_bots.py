"""Bots playing bridge from their views: RuleBot's rules one by one, RandomBot, PIMCBot, and a
duplicate arena."""

from __future__ import annotations

import random

import pytest

from cardgames import arena, bots, bridge
from cardgames.bots.bridge_heuristics import choose_card, opening_lead
from cardgames.bots.pimc import bridge_rollout_tricks
from cardgames.bridge import Contract, Deal, Seat, State
from cardgames.bridge.view import controller, view_of
from cardgames.cards import Card
from cardgames.errors import RulesError

# Four cards each: spades J86 / Q53 / AK4 / T92 and one heart each.
FOLLOW = Deal.parse("W:J86.5.. Q53.2.. AK4.3.. T92.4..")
# Three cards each: South is out of spades.
SHORT = Deal.parse("W:AKQ... J2.A.. 543... .KQ.2.")


def _rule(deal: Deal, contract: str, played: str) -> str:
    state = State(deal, Contract.parse(contract), [Card.parse(word) for word in played.split()])
    return str(bots.RuleBot().choose(_view(state), random.Random(0)))


def _view(state: State) -> bridge.view.View:
    return view_of(state, controller(state.contract, state.to_move))


def test_opening_lead_top_of_a_sequence() -> None:
    assert str(opening_lead(bridge.parse_hand("KQ4.A52.9743.J8").mask, 4)) == "KS"
    assert str(opening_lead(bridge.parse_hand("87.QJ5.9743.A86").mask, 4)) == "QH"


def test_opening_lead_fourth_best_of_the_longest_suit() -> None:
    assert str(opening_lead(bridge.parse_hand("K84.A52.97.J8643").mask, 4)) == "4C"
    # not from the trump suit while another is held
    assert str(opening_lead(bridge.parse_hand("K84.A5.97.J86432").mask, 3)) == "KS"


def test_second_hand_low() -> None:
    assert _rule(FOLLOW, "NT by S", "6S") == "3S"


def test_cover_an_honour_with_an_honour() -> None:
    assert _rule(FOLLOW, "NT by S", "JS") == "QS"


def test_third_hand_high_and_cheaply() -> None:
    assert _rule(FOLLOW, "NT by S", "6S 3S") == "KS"  # of the touching A K, the king


def test_fourth_hand_wins_cheaply_or_plays_low() -> None:
    assert _rule(FOLLOW, "NT by S", "6S 5S 4S") == "9S"  # the cheapest card that wins
    assert _rule(FOLLOW, "NT by S", "6S QS 4S") == "2S"  # the partner is winning
    assert _rule(FOLLOW, "NT by S", "8S 3S KS") == "2S"  # nothing wins


def test_ruff_when_out_of_the_suit() -> None:
    assert _rule(SHORT, "H by S", "AS 2S 3S") == "QH"


def test_discard_low() -> None:
    assert _rule(SHORT, "NT by S", "AS 2S 3S") == "2D"


def test_a_later_lead_cashes_a_winner() -> None:
    played = [Card.parse(word) for word in ["6S", "3S", "KS", "2S"]]
    state = State(FOLLOW, Contract.parse("NT by S"), played)
    assert state.to_move == Seat.EAST
    assert str(choose_card(_view(state))) == "AS"


def test_bots_refuse_a_state_and_a_view_that_does_not_choose() -> None:
    state = bridge.random_position(2, tricks_played=3)
    for bot in (bots.RandomBot(), bots.RuleBot(), bots.PIMCBot(worlds=1)):
        with pytest.raises(RulesError, match="never handed a State"):
            bot.choose(state, random.Random(0))  # type: ignore[call-overload]
    idle = next(seat for seat in Seat if _view(state).seat != seat)
    with pytest.raises(RulesError):
        bots.RuleBot().choose(view_of(state, idle), random.Random(0))


def test_random_and_rule_bots_play_legal_cards() -> None:
    state = bridge.random_position(7, tricks_played=2, cards=2)
    for bot in (bots.RandomBot(), bots.RuleBot()):
        card = bot.choose(_view(state), random.Random(1))
        assert card in state.legal_moves()
        assert card == bot.choose(_view(state), random.Random(1))


def test_pimc_bot_is_reproducible_and_takes_the_solver_late() -> None:
    state = bridge.random_position(4, tricks_played=10, cards=1)
    view = _view(state)
    bot = bots.PIMCBot(worlds=3)
    card = bot.choose(view, random.Random(2))
    assert card in state.legal_moves() and card == bot.choose(view, random.Random(2))
    early = bridge.random_position(4, tricks_played=0, cards=1)
    assert bots.PIMCBot(worlds=1).choose(_view(early), random.Random(0)) in early.legal_moves()


def test_bridge_rollout_counts_the_side_tricks() -> None:
    state = bridge.random_position(1, tricks_played=10)
    assert bridge_rollout_tricks(state, 0) + bridge_rollout_tricks(state, 1) == 13.0
    assert bridge_rollout_tricks(state, 0) >= state.tricks_of(0)


def test_duplicate_arena_smoke() -> None:
    contract = Contract.parse("S by N")
    result = arena.run(contract, [bots.RuleBot(), bots.RandomBot()] * 2, deals=2, seed=3)
    assert result.game == "bridge" and result.rules == "S by N"
    assert [standing.games for standing in result.standings] == [4, 4, 4, 4]
    assert [game.rotation for game in result.games] == [0, 1, 0, 1]
    for game in result.games:
        assert sum(game.payoffs) == 0 and game.payoffs[0] == game.payoffs[2]
    assert arena.ArenaResult.from_dict(result.to_dict()) == result
    again = arena.run(contract, [bots.RuleBot(), bots.RandomBot()] * 2, deals=2, seed=3)
    assert again == result
    with pytest.raises(RulesError, match="4 seats"):
        arena.run(contract, [bots.RuleBot(), bots.RandomBot()], deals=1)
