"""French bidding by simulation (cardgames.tarot.french_bidding) and PIMCBot's planned moves."""

from __future__ import annotations

import random

import pytest

from cardgames import tarot
from cardgames.bots import PIMCBot, RuleBot
from cardgames.errors import RulesError
from cardgames.tarot import Phase, Rules, TarotCardSet, deal
from cardgames.tarot.contracts import Bid, Contract, bidder
from cardgames.tarot.french_bidding import planned_move, play_by_rules, simulated_bid
from cardgames.tarot.heuristics import french_bid


@pytest.mark.parametrize("players", [3, 4, 5])
def test_play_by_rules_finishes_the_deal_as_rulebot_would(players: int) -> None:
    # The bids, the call, the discard and the announcement of the play-out are RuleBot's.
    rules = Rules.french(players=players)
    for seed in range(4):
        start = deal(rules, seed=seed)
        final = play_by_rules(start)
        assert final.is_over
        state = start
        while state.phase is not Phase.PLAY and not state.is_over:
            state = state.play(RuleBot().choose(state.view(state.to_move), random.Random(0)))
        assert (final.bids, final.called, final.discard, final.slam_announced) == (
            state.bids,
            state.called,
            state.discard,
            state.slam_announced,
        )


def test_a_simulated_bid_is_legal_and_reproducible() -> None:
    for seed in range(3):
        state = deal(Rules.french(players=4), seed=seed)
        view = state.view(state.to_move)
        bid = simulated_bid(view, random.Random(seed), worlds=3)
        assert bid in view.legal_moves()
        assert bid == simulated_bid(view, random.Random(seed), worlds=3)


def test_an_overwhelming_hand_takes_and_a_hopeless_one_passes() -> None:
    rules = Rules.french(players=4)
    strong = TarotCardSet.parse("KS QS KH KD KC 21T 20T 19T 18T 17T 16T 15T 14T 13T 1T EX 2T 3T")
    weak = TarotCardSet.parse("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 6C 7C 8C")
    for cards, takes in ((strong, True), (weak, False)):
        others = [i for i in range(78) if not cards.mask >> i & 1]
        rng = random.Random(1)
        rng.shuffle(others)
        hands = [cards] + [
            TarotCardSet(sum(1 << i for i in others[18 * k : 18 * k + 18])) for k in range(3)
        ]
        talon = TarotCardSet(sum(1 << i for i in others[54:]))
        dealer = next(d for d in range(4) if bidder(rules, d, 0) == 0)
        state = tarot.State.from_deal(rules, hands, talon, dealer=dealer)
        view = state.view(0)
        assert view.to_move == 0
        bid = simulated_bid(view, random.Random(2), worlds=4)
        assert (bid.contract is not None) == takes
        if takes:
            assert bid.contract is not None and not bid.contract < Contract.GARDE


def test_planned_move_only_bids_and_only_when_asked() -> None:
    state = deal(Rules.french(players=4), seed=3)
    view = state.view(state.to_move)
    simulate = PIMCBot(worlds=2, bidding="simulate")
    rule = PIMCBot(worlds=2, bidding="rule")
    assert planned_move(view, rule, random.Random(1)) is None
    assert planned_move(view, simulate, random.Random(1)) in view.legal_moves()
    # outside the bidding nothing is planned
    while state.phase is Phase.BIDDING:
        state = state.play(Bid(Contract.PRISE if not state.bids else None))
    assert planned_move(state.view(state.to_move), simulate, random.Random(1)) is None
    traditional = deal(Rules.traditional(players=3), seed=1)
    assert planned_move(traditional.view(0), simulate, random.Random(1)) is None


def test_pimcbot_with_rule_bidding_bids_as_rulebot() -> None:
    state = deal(Rules.french(players=4), seed=5)
    view = state.view(state.to_move)
    move = PIMCBot(worlds=2, bidding="rule").choose(view, random.Random(0))
    assert move == Bid(french_bid(view.hand, 4, view.contract))


def test_simulated_bid_checks_its_arguments() -> None:
    state = deal(Rules.french(players=4), seed=3)
    with pytest.raises(RulesError):
        simulated_bid(state.view(state.to_move), random.Random(1), worlds=0)
    with pytest.raises(RulesError, match="in the bidding"):
        simulated_bid(
            deal(Rules.traditional(players=3), seed=1).view(0), random.Random(1), worlds=2
        )
    with pytest.raises(RulesError, match="French Tarot state"):
        play_by_rules(deal(Rules.traditional(players=3), seed=1))
