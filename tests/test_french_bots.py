"""Tests of the bots at French Tarot: the hand-strength bidding rule, the call, the slam and
poignée choices, the sides RuleBot plays for, PIMCBot's French card search, and whole deals
played by RuleBot and PIMCBot through their views only."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest

from cardgames import solver
from cardgames.bots import PIMCBot, RandomBot, RuleBot, rollout_points
from cardgames.bots.rule_bot import tarot_card_move, tarot_rule_move
from cardgames.bots.tarot_heuristics import (
    FRENCH_BID_THRESHOLDS,
    choose_card,
    french_bid,
    french_bid_strength,
    french_call,
    french_poignee,
    french_slam,
)
from cardgames.bots.views import legal_moves_of, tarot_sides
from cardgames.errors import RulesError
from cardgames.tarot import Phase, Rules, State, TarotCard, TarotCardSet, Trick, deal
from cardgames.tarot.contracts import Bid, Call, Contract, Declaration, Poignee
from cardgames.tarot.play import HONOUR_MASK, TRUMP_MASK
from cardgames.tarot.view import view_of

FRENCH = (Rules.french(players=3), Rules.french(players=4), Rules.french(players=5))
FAST_PIMC = PIMCBot(worlds=3, nodes=2_000, exact_tricks=3)


def hand(text: str) -> TarotCardSet:
    return TarotCardSet.parse(text)


def play_deal(state: State, bots: list[object], seed: int = 0) -> State:
    """Play ``state`` out, each seat's bot seeing its own view only."""
    rngs = [random.Random(seed * 10 + seat) for seat in range(state.rules.players)]
    while not state.is_over:
        seat = state.to_move
        bot = bots[seat]
        move = bot.choose(view_of(state, seat), rngs[seat])  # type: ignore[attr-defined]
        state = state.play(move)
    return state


def taken(rules: Rules, seed: int, contract: Contract = Contract.GARDE) -> State:
    """A deal of ``rules`` whose first bidder takes ``contract`` (the others pass)."""
    state = deal(rules, seed=seed, dealer=seed % rules.players)
    while state.phase is Phase.BIDDING:
        state = state.play(Bid(contract if not state.bids else None))
    return state


# -- the bidding rule ----------------------------------------------------------------------


def test_bid_strength_counts_the_table() -> None:
    # 21 (10), Excuse (8), petit with 8 trumps (8), 8 trumps (16) + 18T (1): 43; spades
    # K Q 7 4 2: 6 + 3 + 1 (K and Q) + 5 (five cards) = 15; hearts K 3: 6; diamonds 8 and
    # clubs 1, singletons: 3 + 3.
    strong = hand("KS QS 7S 4S 2S KH 3H 8D 1C 21T 18T 15T 11T 6T 3T 1T EX 2T")
    assert french_bid_strength(strong, 4) == 70
    # no trumps at all: three voids' worth is not there, only the suits
    weak = hand("1S 2S 3S 4S 5S 1H 2H 3H 4H 1D 2D 3D 4D 1C 2C 3C 4C 5C")
    assert french_bid_strength(weak, 4) == 5 + 5  # two five-card suits
    with pytest.raises(RulesError):
        french_bid_strength(strong, 6)
    with pytest.raises(RulesError):
        french_bid_strength("KS", 4)  # type: ignore[arg-type]


def test_more_trumps_and_bouts_never_weaken_a_hand() -> None:
    base = hand("KS 4S 2S 3H 8D 9D 1C 5C 15T 11T 6T 3T 2T 7C 8C 9C 10C 6H")
    better = hand("KS 4S 2S 3H 8D 9D 1C 5C 15T 11T 6T 3T 2T 21T 8C 9C 10C 6H")
    assert french_bid_strength(better, 4) > french_bid_strength(base, 4)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bid_follows_the_thresholds_and_only_overcalls(players: int) -> None:
    rng = random.Random(players)
    rules = Rules.french(players)
    for seed in range(200):
        cards = deal(rules, seed=seed).hands[rng.randrange(players)]
        strength = french_bid_strength(cards, players)
        bid = french_bid(cards, players)
        levels = [
            c
            for c, t in zip(Contract, FRENCH_BID_THRESHOLDS[players], strict=True)
            if strength >= t
        ]
        assert bid == (levels[-1] if levels else None)
        for best in Contract:
            overcall = french_bid(cards, players, best)
            assert overcall is None or best < overcall


def test_rulebot_takes_some_deals_and_passes_others() -> None:
    rules = Rules.french(players=4)
    contracts = set()
    for seed in range(40):
        state = deal(rules, seed=seed)
        while state.phase is Phase.BIDDING:
            state = state.play(tarot_rule_move(view_of(state, state.to_move)))
        contracts.add(state.contract)
    assert None in contracts and Contract.PRISE in contracts and Contract.GARDE in contracts


# -- the call, the slam, poignées ----------------------------------------------------------


def test_call_is_a_king_of_a_short_suit_not_its_own() -> None:
    kings = hand("KS KH KD KC")
    assert french_call(hand("KS 4S 3S 2S QH 1H 9D 8D 7D 6C 5C 21T"), kings) == TarotCard.parse("KH")
    # holding a King and void elsewhere: the void suit's King
    assert french_call(hand("KS 4S KH 3H KD 2D 9S 21T"), kings) == TarotCard.parse("KC")
    # every callable card held (made up): one of them all the same
    assert french_call(hand("KS QS"), hand("KS")) == TarotCard.parse("KS")


def test_rulebot_call_at_five_players() -> None:
    state = taken(Rules.french(players=5), seed=3)
    assert state.phase is Phase.CALL
    taker = state.taker
    assert taker is not None
    move = RuleBot().choose(view_of(state, taker), random.Random(0))
    assert isinstance(move, Call) and move in state.legal_moves()
    if any(not state.hands[taker].mask >> call.card.index & 1 for call in state.legal_moves()):  # type: ignore[union-attr]
        assert not state.hands[taker].mask >> move.card.index & 1


def test_slam_only_with_an_overwhelming_hand() -> None:
    assert french_slam(hand("KS KH " + " ".join(f"{n}T" for n in range(5, 22)) + " EX"), 5)
    assert not french_slam(hand("KS QH " + " ".join(f"{n}T" for n in range(5, 22)) + " EX"), 5)
    rules = Rules.french(players=4)
    assert not any(french_slam(h, 4) for seed in range(300) for h in deal(rules, seed=seed).hands)


def test_poignee_is_the_highest_eligible() -> None:
    assert french_poignee([Poignee.SINGLE]) is Poignee.SINGLE
    assert french_poignee(list(Poignee)) is Poignee.TRIPLE
    assert french_poignee([]) is None
    with pytest.raises(RulesError):
        french_poignee(["single"])  # type: ignore[list-item]


def test_rulebot_declares_its_poignee_before_its_first_card() -> None:
    rules = Rules.french(players=4)
    trumps = " ".join(f"{n}T" for n in range(2, 15))  # 13 trumps: a double
    state = deal(rules, seed=5, dealer=0, fixed={3: trumps + " KS"})
    while state.phase is not Phase.PLAY:
        state = state.play(RuleBot().choose(view_of(state, state.to_move), random.Random(0)))
    while 3 not in state.trick.players and not state.tricks:
        move = RuleBot().choose(view_of(state, state.to_move), random.Random(0))
        if state.to_move == 3 and not any(seat == 3 for seat, _ in state.poignees):
            assert move == Declaration(Poignee.DOUBLE)
        state = state.play(move)
    assert (3, Poignee.DOUBLE) in state.poignees


# -- card play: the sides as the seat knows them -------------------------------------------


def test_an_unknown_seat_counts_as_an_opponent() -> None:
    # Five players, seat 1 the taker. Seat 0 plays last to a trick seat 4 is winning with the
    # King of hearts: if it knows seat 4 is its partner it smears its Queen; if seat 4's side
    # is hidden from it, it keeps the Queen and plays low.
    rules = Rules.french(players=5)
    cards = hand("QH 2H 5S")
    trick = Trick(
        leader=1,
        cards=tuple(TarotCard.parse(c) for c in ("3H", "KH", "4H", "5H")),
        players=(1, 4, 3, 2),
    )
    legal = hand("QH 2H")
    unseen = hand("1H 6H")
    known = choose_card(rules, 0, cards, trick, legal, unseen=unseen, sides=[1, 0, 0, 1, 1])
    hidden = choose_card(rules, 0, cards, trick, legal, unseen=unseen, sides=[1, 0, -1, -1, -1])
    assert known == TarotCard.parse("QH") and hidden == TarotCard.parse("2H")
    with pytest.raises(RulesError):
        choose_card(rules, 0, cards, trick, legal, sides=[0, 0])


def test_sides_come_from_the_view_not_the_state() -> None:
    state = taken(Rules.french(players=5), seed=3)
    state = state.play(Call.parse("call-KS"))
    while state.phase is not Phase.PLAY:
        state = state.play(state.legal_moves()[0])
    taker, partner = state.taker, state.partner
    assert taker is not None and partner is not None
    for seat in range(5):
        sides = tarot_sides(view_of(state, seat))
        if seat == partner:
            assert sides == tuple(state.team_of(p) for p in range(5))
        elif seat != taker:
            assert sides == tuple(0 if p == taker else 1 if p == seat else -1 for p in range(5))
    with pytest.raises(RulesError):
        legal_moves_of(state)


def test_rulebot_discard_keeps_kings_and_bouts() -> None:
    for seed in range(10):
        state = taken(Rules.french(players=4), seed=seed)
        taker = state.taker
        assert taker is not None
        while state.phase is Phase.DISCARD:
            move = tarot_card_move(view_of(state, taker))
            assert not move.card.mask & HONOUR_MASK
            state = state.play(move)
        plain_left = state.hands[taker].mask & ~HONOUR_MASK & ~TRUMP_MASK
        assert not state.discard.mask & TRUMP_MASK or not plain_left


# -- whole deals ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", FRENCH, ids=str)
def test_rulebot_and_randombot_play_whole_french_deals(rules: Rules) -> None:
    for seed in range(4):
        bots: list[object] = [
            RuleBot() if seat % 2 else RandomBot() for seat in range(rules.players)
        ]
        final = play_deal(deal(rules, seed=seed), bots, seed)
        assert final.is_over and sum(final.payoffs()) == 0


@pytest.mark.parametrize("rules", FRENCH, ids=str)
def test_pimcbot_plays_whole_french_deals(rules: Rules) -> None:
    for seed in range(2):
        state = taken(rules, seed, Contract.GARDE if seed else Contract.GARDE_SANS)
        bots: list[object] = [FAST_PIMC] + [RuleBot()] * (rules.players - 1)
        final = play_deal(state, bots, seed)
        assert final.is_over and sum(final.payoffs()) == 0
        assert final.score() is not None


def test_pimcbot_is_reproducible_and_plays_legal_cards() -> None:
    state = taken(Rules.french(players=4), seed=6, contract=Contract.GARDE_SANS)
    while state.phase is not Phase.PLAY:
        state = state.play(state.legal_moves()[0])
    for _ in range(6):
        state = state.play(state.legal_card_moves()[-1])
    view = view_of(state, state.to_move)
    first = FAST_PIMC.choose(view, random.Random(4))
    assert first == FAST_PIMC.choose(view, random.Random(4))
    assert first in state.legal_moves()
    timed = PIMCBot(worlds=50, time_per_move=0.05, nodes=500)
    assert timed.choose(view, random.Random(1)) in state.legal_moves()


def test_pimcbot_with_rule_bidding_leaves_the_non_card_decisions_to_the_rule() -> None:
    bot = attrs.evolve(FAST_PIMC, bidding="rule")
    for rules in FRENCH:
        state = deal(rules, seed=2)
        while state.phase is not Phase.PLAY:
            view = view_of(state, state.to_move)
            move = bot.choose(view, random.Random(0))
            assert move == RuleBot().choose(view, random.Random(0))
            state = state.play(move)
            if state.is_over:
                break


# -- the French card values PIMCBot uses ---------------------------------------------------


def brute_values(state: State, seat: int) -> list[Fraction]:
    """Every legal card's exact value by plain minimax over State.play (small endgames)."""
    team = state.team_of(seat)
    memo: dict[object, Fraction] = {}

    def value(s: State) -> Fraction:
        if s.is_over:
            return s.team_points()[team]
        key = s.key()
        if key not in memo:
            values = [value(s.play(move)) for move in s.legal_card_moves()]
            memo[key] = max(values) if s.team_of(s.to_move) == team else min(values)
        return memo[key]

    return [value(state.play(move)) for move in state.legal_card_moves()]


@pytest.mark.parametrize("rules", FRENCH, ids=str)
def test_solver_values_are_the_seats_side_points_on_french_endgames(rules: Rules) -> None:
    # What PIMCBot adds up over its worlds: the solver's value of each card for the seat's
    # side (taker's or defence's, with the overtrump rule and the dog where it counts).
    for seed in range(8):
        rng = random.Random(seed)
        state = taken(rules, seed, list(Contract)[seed % 4])
        while state.phase is not Phase.PLAY:
            state = state.play(rng.choice(state.legal_moves()))
        left = 2 if rules.players == 5 else 3
        while len(state.hands[state.to_move]) > left or (seed % 2 and not state.trick.cards):
            state = state.play(rng.choice(state.legal_card_moves()))
        seat = state.to_move
        analysis = solver.analyse(state, perspective=seat)
        by_move = {entry.move: entry.value for entry in analysis.move_values}
        got = [by_move[move] for move in state.legal_card_moves()]
        assert got == brute_values(state, seat)


def test_rollout_points_play_a_french_deal_out() -> None:
    state = taken(Rules.french(players=5), seed=4, contract=Contract.GARDE_CONTRE)
    while state.phase is not Phase.PLAY:
        state = state.play(state.legal_moves()[0])
    points = rollout_points(state, state.taker or 0)
    assert 0 <= points <= 91 and (points * 2).is_integer()
