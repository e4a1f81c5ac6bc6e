"""Inference: sampled worlds weighed by how likely the other seats' plays were under RuleBot's
policy (cardgames.tarot.inference, cardgames.bridge.bot_play.play_likelihood), and PIMCBot's
use of it."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from cardgames import bridge, tarot
from cardgames.bots import PIMCBot
from cardgames.bridge.bot_play import play_likelihood as bridge_likelihood
from cardgames.bridge.heuristics import choose_card
from cardgames.bridge.view import controller
from cardgames.bridge.view import view_of as bridge_view_of
from cardgames.errors import RulesError
from cardgames.tarot.bot_play import tarot_rule_move
from cardgames.tarot.inference import play_likelihood

ERROR = 0.1
HIT = math.log1p(-ERROR)

RULE_SETS = [
    tarot.Rules.traditional(players=3),
    tarot.Rules.traditional(players=4),
    tarot.Rules.french(players=3),
    tarot.Rules.french(players=4),
    tarot.Rules.french(players=5),
]


def _rule_deal(rules: tarot.Rules, seed: int, moves: int) -> tarot.State:
    """A deal played ``moves`` moves on by RuleBot at every seat."""
    state = tarot.deal(rules, seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(tarot_rule_move(state.view(state.to_move)))
    return state


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
@pytest.mark.parametrize("moves", [12, 35, 60])
def test_the_true_world_of_rulebots_matches_every_decision(rules: tarot.Rules, moves: int) -> None:
    # Played by RuleBots, every decision of the other seats is the model's own in the true
    # world: the log-likelihood is a whole number of hits, never a miss. This checks that each
    # decision is rebuilt as the seat saw it (hand, unseen cards, voids, sides, legal cards).
    checked = 0
    for seed in range(6):
        state = _rule_deal(rules, seed, moves)
        if state.is_over:
            continue
        likelihood = play_likelihood(state.view(state.to_move), error=ERROR)
        if likelihood is None:
            continue
        hits = likelihood(state, -math.inf) / HIT
        assert hits == pytest.approx(round(hits), abs=1e-9)
        assert round(hits) >= 1
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("rules", RULE_SETS[:1] + RULE_SETS[3:4], ids=str)
def test_the_plays_tell_worlds_apart(rules: tarot.Rules) -> None:
    # (A world may still be likelier than the true one: where a seat had a single legal card
    # its play costs nothing, where it had a choice even the model's card costs log(1 - e).)
    state = _rule_deal(rules, 3, 40)
    view = state.view(state.to_move)
    likelihood = play_likelihood(view, error=ERROR)
    assert likelihood is not None
    truth = likelihood(state, -math.inf)
    values = [likelihood(world, -math.inf) for world in view.samples(30, random.Random(5))]
    assert min(values) < truth + math.log(ERROR)  # a world where a seat deviated


def test_a_deviation_costs_log_error_over_the_other_choices() -> None:
    # One trick in, the first card played by another seat is the only decision: replacing it
    # by another legal card (a world where that seat did not play RuleBot's card) costs the
    # difference between a hit and a miss among n choices.
    rules = tarot.Rules.traditional(players=3)
    state = tarot.deal(rules, 8)
    while state.phase is tarot.Phase.DISCARD:
        state = state.play(tarot_rule_move(state.view(state.to_move)))
    leader = state.to_move
    moves = state.legal_card_moves()
    rule = tarot_rule_move(state.view(leader))
    other = next(move for move in moves if move != rule)
    for first, expected in ((rule, HIT), (other, math.log(ERROR / (len(moves) - 1)))):
        after = state.play(first)
        seat = after.to_move
        likelihood = play_likelihood(after.view(seat), error=ERROR)
        assert likelihood is not None
        value = likelihood(after, -math.inf)
        if leader == state.dealer or seat == state.dealer:
            assert value == pytest.approx(expected)
        else:  # the dealer's discard, made by RuleBot, is a hit per card laid away
            assert value == pytest.approx(expected + rules.talon_size * HIT)


def test_nothing_to_read_before_another_seat_has_decided() -> None:
    # Before the first card the dealer has seen no other seat decide anything; every other
    # seat has seen the dealer's discard, which the model reads.
    state = tarot.deal(tarot.Rules.traditional(players=4), 2)
    while state.phase is tarot.Phase.DISCARD:
        state = state.play(tarot_rule_move(state.view(state.to_move)))
    dealer = state.discarder
    assert play_likelihood(state.view(dealer), error=ERROR) is None
    for seat in range(4):
        if seat != dealer:
            likelihood = play_likelihood(state.view(seat), error=ERROR)
            assert likelihood is not None
            laid = state.rules.talon_size  # a hit per card laid away
            assert likelihood(state, -math.inf) == pytest.approx(laid * HIT)


@pytest.mark.parametrize("error", [0.0, 1.0, 1, "0.1", -0.5])
def test_the_error_is_checked(error: Any) -> None:
    state = _rule_deal(tarot.Rules.traditional(players=3), 1, 20)
    with pytest.raises(RulesError, match="inference error"):
        play_likelihood(state.view(state.to_move), error=error)


def test_a_state_is_refused() -> None:
    state = _rule_deal(tarot.Rules.traditional(players=3), 1, 20)
    with pytest.raises(RulesError, match=r"expected a cardgames\.tarot\.View"):
        play_likelihood(state, error=ERROR)  # type: ignore[arg-type]


SETTINGS = PIMCBot(deviation=ERROR)  # the settings the inference reads


def _bridge_rule_play(seed: int, cards: int) -> bridge.State:
    state = bridge.random_position(seed, tricks_played=0)
    for _ in range(cards):
        chooser = controller(state.contract, state.to_move)
        state = state.play(choose_card(bridge_view_of(state, chooser)))
    return state


@pytest.mark.parametrize("cards", [5, 17, 30])
def test_bridge_true_world_of_rulebots_matches_every_card(cards: int) -> None:
    for seed in range(4):
        state = _bridge_rule_play(seed, cards)
        view = bridge_view_of(state, controller(state.contract, state.to_move))
        likelihood = bridge_likelihood(view, SETTINGS)
        assert likelihood is not None
        hits = likelihood(state, -math.inf) / HIT
        assert hits == pytest.approx(round(hits), abs=1e-9)


def _same_view_other_state(view: Any, rng: random.Random) -> Any:
    """Another complete state with exactly the same view for ``view``'s seat."""
    for _ in range(50):
        other = view.sample(rng)
        if other != view.sample(random.Random(0)):
            return other
    raise AssertionError("no second state")


@pytest.mark.parametrize(
    "rules", [tarot.Rules.traditional(players=3), tarot.Rules.french(players=4)], ids=str
)
def test_pimc_with_inference_gives_the_same_move_for_two_states_with_one_view(
    rules: tarot.Rules,
) -> None:
    # A bot that peeked at the hidden cards (in its inference or anywhere) would tell these
    # two states apart.
    state = next(
        state for seed in range(4, 40) if not (state := _rule_deal(rules, seed, 30)).is_over
    )
    seat = state.to_move
    view = state.view(seat)
    other = _same_view_other_state(view, random.Random(9))
    assert other.view(seat) == view and other.hands != state.hands
    bot = PIMCBot(worlds=3, candidates=3, nodes=300, exact_tricks=2)
    assert bot.choose(other.view(seat), random.Random(2)) == bot.choose(view, random.Random(2))


def test_bridge_pimc_with_inference_gives_the_same_move_for_two_states_with_one_view() -> None:
    state = _bridge_rule_play(6, 14)
    seat = controller(state.contract, state.to_move)
    view = bridge_view_of(state, seat)
    other = _same_view_other_state(view, random.Random(3))
    assert bridge_view_of(other, seat) == view and other.deal != state.deal
    bot = PIMCBot(worlds=3, candidates=3, nodes=300)
    assert bot.choose(bridge_view_of(other, seat), random.Random(1)) == bot.choose(
        view, random.Random(1)
    )


def test_pimc_inference_is_reproducible_and_candidates_1_is_plain_pimc() -> None:
    state = _rule_deal(tarot.Rules.traditional(players=3), 5, 33)
    view = state.view(state.to_move)
    bot = PIMCBot(worlds=4, candidates=3, nodes=500)
    assert bot.choose(view, random.Random(3)) == bot.choose(view, random.Random(3))
    # Without surplus worlds there is nothing to choose from: the worlds are those drawn.
    plain = PIMCBot(worlds=4, candidates=1, nodes=500)
    assert plain.choose(view, random.Random(3)) in state.legal_moves()


@pytest.mark.parametrize(
    "options",
    [
        {"candidates": 0},
        {"candidates": 101},
        {"deviation": 0.0},
        {"deviation": 1},
        {"bidding": "x"},
    ],
)
def test_the_inference_settings_are_checked(options: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        PIMCBot(**options)


def test_a_floor_only_cuts_values_below_it() -> None:
    state = _rule_deal(tarot.Rules.traditional(players=3), 2, 45)
    view = state.view(state.to_move)
    likelihood = play_likelihood(view, error=ERROR)
    assert likelihood is not None
    for world in view.samples(20, random.Random(1)):
        full = likelihood(world, -math.inf)
        for floor in (full - 1.0, full + 1e-6, full + 5.0):
            cut = likelihood(world, floor)
            assert cut == full if floor <= full else cut < floor
