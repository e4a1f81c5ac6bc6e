"""The Tarot solver under the French rules: overtrumping, counting in half points, the sides
and the dog from the bidding, the Excuse winning the last trick of a slam, and the contract
target shown beside the value. The fast search is checked against the plain reference search
over the same model, and the model against the engine itself (a brute force over states)."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tarot_helpers import position

from cardgames import solver, tarot
from cardgames.solver.tarot import (
    ContractTarget,
    FrenchAnalysis,
    build_model,
    reference_tarot_value,
    root_position,
)
from cardgames.tarot.rules import ExcuseRule
from cardgames.tarot.search import ReferenceSearch, TarotSearch, root_legal
from cardgames.tarot.search_model import (
    E_WON,
    EX_SETTLED,
    EX_SHIFT,
    EXCUSE_BIT,
    MIN_SHIFT,
    NO_MIN,
    O_WON,
    TRUMPS_PLAYED,
    Position,
    TarotModel,
)

OVERTRUMP_3 = attrs.evolve(tarot.Rules.traditional(players=3), overtrump=True)
HALVES_3 = attrs.evolve(tarot.Rules.traditional(players=3), group_size=2)
BOTH_3 = attrs.evolve(tarot.Rules.traditional(players=3), overtrump=True, group_size=2)
BOTH_4 = attrs.evolve(tarot.Rules.traditional(players=4), overtrump=True, group_size=2)
BOTH_5 = attrs.evolve(
    tarot.Rules.simplified(players=5),
    overtrump=True,
    group_size=2,
    clockwise=False,
    trump_lead_restricted=False,
    excuse_rule=ExcuseRule.EXCHANGE,
    magician_bonus=0,
)
OVERTRUMP_RULES = [OVERTRUMP_3, HALVES_3, BOTH_3, BOTH_4, BOTH_5]


def mid_trick(state: tarot.State, rng: random.Random) -> tarot.State:
    """Play a random number (possibly zero) of cards into the current trick."""
    for _ in range(rng.randrange(state.rules.players)):
        state = state.play(rng.choice(state.legal_card_moves()))
    return state


def brute_force(state: tarot.State, perspective: int) -> Fraction:
    """Minimax over engine states: the perspective's side maximises its final team points
    (poignées, which the engine also offers in play, change no card points)."""
    team = state.team_of(perspective)
    if state.is_over:
        return state.team_points()[team]
    values = [brute_force(state.play(move), perspective) for move in state.legal_card_moves()]
    return max(values) if state.team_of(state.to_move) == team else min(values)


def check_against_reference(
    state: tarot.State, perspective: int | None
) -> solver.Analysis[tarot.Move]:
    analysis = solver.analyse(state, perspective=perspective)
    assert analysis.exact
    assert analysis.value == reference_tarot_value(state, perspective)
    assert [entry.move for entry in analysis.move_values] == list(state.legal_card_moves())
    for entry in analysis.move_values:
        assert entry.value == reference_tarot_value(state.play(entry.move), analysis.perspective)
    final = state
    for move in analysis.pv:
        final = final.play(move)
    assert final.is_over
    assert final.team_points()[state.team_of(analysis.perspective)] == analysis.value
    return analysis


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(OVERTRUMP_RULES), st.integers(0, 2**32), st.integers(0, 4))
def test_fast_search_matches_reference_with_overtrumping_and_half_points(
    rules: tarot.Rules, seed: int, perspective: int
) -> None:
    rng = random.Random(seed)
    most = {3: 4, 4: 3, 5: 2}[rules.players]
    state = tarot.random_position(rules, seed=seed, tricks_left=rng.randint(1, most))
    check_against_reference(mid_trick(state, rng), perspective % rules.players)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(OVERTRUMP_RULES), st.integers(0, 2**32), st.integers(0, 4))
def test_model_matches_engine_brute_force_with_overtrumping(
    rules: tarot.Rules, seed: int, perspective: int
) -> None:
    # The brute force plays the engine's own legal_moves, so this checks the model's
    # overtrumping and half points against the engine.
    rng = random.Random(seed)
    state = mid_trick(tarot.random_position(rules, seed=seed, tricks_left=2), rng)
    perspective %= rules.players
    assert solver.analyse(state, perspective=perspective).value == brute_force(state, perspective)


@pytest.mark.parametrize("rules", OVERTRUMP_RULES, ids=str)
def test_legal_cards_agree_with_the_engine_along_playouts(rules: tarot.Rules) -> None:
    rng = random.Random(str(rules))
    checked = 0
    for seed in range(3):
        state = tarot.random_position(rules, seed=seed, tricks_left=rules.tricks_per_deal - 1)
        while not state.is_over:
            model = build_model(rules, state.to_move)
            root, _ = root_position(state, model)
            legal = root_legal(model, root)
            moves = state.legal_card_moves()
            engine = sum(1 << model.card_to_internal(move.card.index) for move in moves)
            assert legal == engine, str(state)
            checked += 1
            state = state.play(rng.choice(moves))
    assert checked > 50


@pytest.mark.parametrize("rules", OVERTRUMP_RULES, ids=str)
def test_search_without_shortcuts_gives_the_same_values(rules: tarot.Rules) -> None:
    for seed in range(4):
        state = tarot.random_position(rules, seed=40 + seed, tricks_left=3)
        model = build_model(rules, state.to_move)
        root, _ = root_position(state, model)
        fast = TarotSearch(model).value(root)
        plain = TarotSearch(model, shortcuts=False)
        assert plain.value(root) == fast == ReferenceSearch(model).value(root)


def test_overtrumping_by_hand() -> None:
    # Three players, counter-clockwise (seat 0, then 2, then 1), half points. Seat 0 leads a
    # trump; seat 2 holds the 5 and the 15, seat 1 the 20 and the King of spades. Overtrumping,
    # seat 2 must spend its 15 on the first trick, which seat 1's 20 takes; seat 1 then leads
    # the King, seat 0 trumps it and seat 2's 5 cannot beat that: seat 2 takes nothing. Free
    # to underplay, seat 2 keeps the 15 back, takes the King with it in the second trick and
    # scores the King, the 15 and seat 0's trump: 4.5 + 0.5 + 0.5.
    hands = ["10T 12T", "KS 20T", "5T 15T"]
    for rules, value in ((BOTH_3, Fraction(0)), (HALVES_3, Fraction(11, 2))):
        state = position(rules, hands, leader=0)
        analysis = solver.analyse(state, perspective=2)
        assert analysis.value == value == brute_force(state, 2)
        assert reference_tarot_value(state, 2) == value
    forced = position(BOTH_3, hands, leader=0).play(tarot.Move.parse("10T"))
    assert forced.legal_moves() == (tarot.Move.parse("15T"),)
    model = build_model(BOTH_3, 2)
    root, _ = root_position(forced, model)
    assert root_legal(model, root) == 1 << model.card_to_internal(
        tarot.TarotCard.parse("15T").index
    )


def slam_model() -> TarotModel:
    """Three players clockwise, seat 0 alone against a defence of two, half points, the
    Excuse exchanged, the led Excuse winning the last trick of a slam."""
    return TarotModel(players=3, clockwise=True, traditional_order=False,
        lead_restricted=False, exchange=True, group=2, bonus=0, teams=[0, 1, 1],
        maximiser=[True, False, False], overtrump=True, excuse_slam=True)  # fmt: skip


def bits(*cards: str) -> int:
    model = slam_model()
    return sum(1 << model.card_to_internal(tarot.TarotCard.parse(card).index) for card in cards)


@pytest.mark.parametrize("other_side_won", [False, True])
def test_the_led_excuse_wins_the_last_trick_of_a_slam(other_side_won: bool) -> None:
    # Seat 0 has won every trick so far (E_WON, least card 1) and leads the Excuse to the last
    # trick: it wins the 21 and a King and keeps the Excuse (9 + 9 + 9 half points). Once the
    # defence has won a trick (O_WON), the 21 takes the trick and the Excuse with it.
    model = slam_model()
    flags = TRUMPS_PLAYED | E_WON | 1 << MIN_SHIFT | (O_WON if other_side_won else 0)
    expected = 0 if other_side_won else 27
    hands = [0, bits("21T"), bits("KS")]
    in_trick = Position(hands, 0, [EXCUSE_BIT], 1, flags, 0, 0)  # the Excuse already led
    to_lead = Position([bits("EX"), *hands[1:]], 0, [], 1, flags, 0, 0)
    for root in (in_trick, to_lead):
        assert ReferenceSearch(model).value(root) == expected
        assert TarotSearch(model).value(root) == expected
    # Two tricks to go: the King of hearts first (the others must follow), then the Excuse
    # takes everything in a slam: 9 + 1 + 1, then 27.
    hands = [bits("EX", "KH"), bits("21T", "2H"), bits("KS", "3H")]
    root = Position(hands, 0, [], 2, flags, 0, 0)
    reference = ReferenceSearch(model).value(root)
    assert TarotSearch(model).value(root) == reference
    assert (reference == 38) is not other_side_won


def test_a_free_trump_is_not_a_sure_trick_while_the_excuse_may_win_a_slam() -> None:
    # The defence (seats 1 and 2) has won every trick and holds the Excuse. Seat 0 has the 21,
    # but must follow the King of hearts with its heart, and then plays the 21 to the led
    # Excuse, which wins the last trick: seat 0 takes nothing, although no trump can beat its
    # 21 (a sure-trick bound once counted on it).
    model = TarotModel(players=3, clockwise=True, traditional_order=False,
        lead_restricted=False, exchange=True, group=2, bonus=0, teams=[0, 1, 1],
        maximiser=[True, False, False], overtrump=True, excuse_slam=True)  # fmt: skip
    hands = [bits("2H", "21T"), bits("KH", "EX"), bits("3H", "4S")]
    root = Position(hands, 1, [], 2, TRUMPS_PLAYED | E_WON | 1 << MIN_SHIFT, 1, 0)
    assert ReferenceSearch(model).value(root) == 0
    assert TarotSearch(model).value(root) == 0
    assert not any(TarotSearch(model).test(root, target) for target in (1, 5, 10))
    # Once seat 0 has won a trick the slam is off and the 21 makes a trick: the defence's
    # best is to lead the Excuse at once and let seat 0 trump the 4 of spades (9 + 1 half
    # points), which leaves the Excuse with the defence for a low card (1).
    slam_over = Position(hands, 1, [], 2, root.flags | O_WON, 1, 0)
    assert TarotSearch(model).value(slam_over) == ReferenceSearch(model).value(slam_over) == 11


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_fast_search_matches_reference_on_lopsided_french_endgames(seed: int) -> None:
    # Packs rich in trumps or in plain cards (so that the sure-trick and cashing bounds and
    # the merging of dead suits come into play), overtrumping, half points, two sides, and
    # often a slam still on, so that the led Excuse may take the last trick.
    rng = random.Random(seed)
    players = rng.choice([3, 4, 5])
    attack = rng.sample(range(players), 1 if players < 5 else rng.choice([1, 2]))
    teams = [0 if seat in attack else 1 for seat in range(players)]
    side = rng.randrange(2)
    maximiser = [team == side for team in teams]
    model = TarotModel(players=players, clockwise=rng.random() < 0.5, traditional_order=False,
        lead_restricted=False, exchange=True, group=2, bonus=0, teams=teams,
        maximiser=maximiser, overtrump=True, excuse_slam=rng.random() < 0.7)  # fmt: skip
    tricks_left = rng.randint(2, 4 if players == 3 else 3)
    plain = rng.sample(range(56), max(rng.choice([6, 20, 40]), tricks_left * players))
    pool = [*rng.sample(range(56, 77), rng.choice([6, 21])), *plain]
    pool += [EXCUSE_BIT] * (rng.random() < 0.6)
    cards = rng.sample(pool, tricks_left * players)
    hands = [sum(1 << card for card in cards[seat::players]) for seat in range(players)]
    holders = [seat for seat in range(players) if hands[seat] >> EXCUSE_BIT & 1]
    holder = holders[0] if holders else -1
    flags = TRUMPS_PLAYED
    if holders:
        won = rng.random() < 0.7
        flags |= (E_WON | rng.choice([1, 3, 9]) << MIN_SHIFT) if won else NO_MIN << MIN_SHIFT
        flags |= O_WON if rng.random() < 0.4 else 0
    else:
        flags |= EX_SETTLED << EX_SHIFT
    root = Position(hands, rng.randrange(players), [], tricks_left, flags, holder, 0)
    reference = ReferenceSearch(model).value(root)
    assert TarotSearch(model).value(root) == reference
    assert TarotSearch(model, shortcuts=False).value(root) == reference
    # Single questions too, each from an empty table: a wrong bound answers one at once.
    assert TarotSearch(model).test(root, reference)
    assert not TarotSearch(model).test(root, reference + 1)


def test_teams_can_come_from_the_state() -> None:
    # French sides are decided by the bidding: build_model takes them by seat.
    rules = BOTH_5
    model = build_model(rules, 3, teams=[0, 1, 1, 0, 1])
    assert model.teams == [0, 1, 1, 0, 1]
    assert model.maximiser == [True, False, False, True, False]
    assert model.overtrump and not model.excuse_slam  # the slam rule is French only


def test_contract_target_text_and_dict() -> None:
    down = ContractTarget(side=(1, 3), points=Fraction(40), bouts=1, needed=51)
    assert not down.made and down.margin == 11
    assert down.to_unicode() == "Contract: 40 points with 1 bout against 51 needed: down by 11."
    assert down.to_dict() == {
        "side": [1, 3], "points": 40, "bouts": 1, "needed": 51, "made": False, "margin": 11,
    }  # fmt: skip


def test_a_french_analysis_pickles_and_prints_its_target() -> None:
    state = tarot.random_position(BOTH_3, seed=3, tricks_left=2)
    base = solver.analyse(state)
    target = ContractTarget(side=(0,), points=Fraction(91, 2), bouts=2, needed=41)
    fields = {field.name: getattr(base, field.name) for field in attrs.fields(solver.Analysis)}
    analysis = FrenchAnalysis(**fields, target=target)
    assert pickle.loads(pickle.dumps(analysis)) == analysis
    text = analysis.to_unicode()
    assert "Contract: 45½ points with 2 bouts against 41 needed: made by 4½." in text
    assert text.index("Value:") < text.index("Contract:") < text.index("Best line:")
    assert analysis.to_dict()["target"]["margin"] == "9/2"
    assert not isinstance(base, FrenchAnalysis)  # not a French deal: a plain Analysis


FRENCH = [tarot.Rules.french(players=n) for n in (3, 4, 5)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FRENCH), st.integers(0, 2**32))
def test_french_endgames_match_the_reference_from_the_taker_s_side(
    rules: tarot.Rules, seed: int
) -> None:
    # random_position bids, calls, discards and announces at random, then plays random cards.
    rng = random.Random(seed)
    most = {3: 3, 4: 2, 5: 2}[rules.players]
    state = mid_trick(
        tarot.random_position(rules, seed=seed, tricks_left=rng.randint(1, most)), rng
    )
    analysis = check_against_reference(state, None)
    assert state.taker is not None and analysis.perspective == state.taker
    assert analysis.side == state.teams[0]
    assert isinstance(analysis, FrenchAnalysis) and analysis.target is not None
    final = state
    for move in analysis.pv:
        final = final.play(move)
    score = final.score()
    assert score is not None
    assert analysis.target.points == score.points == analysis.value
    assert (analysis.target.bouts, analysis.target.needed) == (score.bouts, score.target)
    assert analysis.target.made is score.made
    defence = next(seat for seat in range(rules.players) if seat not in state.teams[0])
    assert solver.analyse(state, perspective=defence).value == rules.pack_total - analysis.value


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FRENCH), st.integers(0, 2**32), st.integers(0, 4))
def test_french_model_matches_engine_brute_force(
    rules: tarot.Rules, seed: int, perspective: int
) -> None:
    rng = random.Random(seed)
    state = mid_trick(tarot.random_position(rules, seed=seed, tricks_left=2), rng)
    perspective %= rules.players
    assert solver.analyse(state, perspective=perspective).value == brute_force(state, perspective)


def test_every_french_contract_counts_its_dog_for_the_right_side() -> None:
    # The dog (or the taker's discard) is counted once, for the taker's side except in a
    # garde contre: each side's value plus the other's is the whole pack.
    seen = set()
    for seed in range(60):
        rules = FRENCH[seed % 3]
        state = tarot.random_position(rules, seed=seed, tricks_left=1)
        assert state.contract is not None and state.taker is not None
        seen.add(state.contract)
        taker = solver.analyse(state).value
        assert taker == brute_force(state, state.taker)
        defence = next(seat for seat in range(rules.players) if seat not in state.teams[0])
        assert taker + solver.analyse(state, perspective=defence).value == 91
    assert seen == set(tarot.Contract)


def slam_position(rules: tarot.Rules) -> tarot.State:
    """A French three-player deal two tricks from the end, in which seat 0 has bid a garde
    sans holding every trump, the Excuse and two Kings, and has won every trick by playing
    its highest card; it is to lead, holding the Excuse and the King of spades."""
    fixed = {0: " ".join(f"{n}T" for n in range(1, 22)) + " EX KS KH"}
    state = tarot.deal(rules, seed=5, fixed=fixed)
    rng = random.Random(5)
    while state.phase is not tarot.Phase.PLAY:
        if state.phase is tarot.Phase.BIDDING:
            garde_sans = tarot.Bid(tarot.Contract.GARDE_SANS)
            state = state.play(garde_sans if state.to_move == 0 else tarot.Bid(None))
        else:
            state = state.play(tarot.Announcement(False))
    while len(state.hands[0]) > 2 or state.trick.cards:
        moves = state.legal_card_moves()
        state = state.play(max(moves, key=lambda m: m.card.index < 77 and m.card.index) if
                           state.to_move == 0 else rng.choice(moves))  # fmt: skip
    assert state.to_move == 0 and tarot.EXCUSE in state.hands[0]
    return state


def test_the_solver_and_the_engine_agree_on_the_excuse_winning_a_slam() -> None:
    # Leading the King, then the Excuse, seat 0 wins the last trick with the Excuse too and
    # takes the whole pack. Without the rule the Excuse led last goes to the defence with its
    # trick, and leading it first costs a trick: either way seat 0 ends below 91.
    state = slam_position(tarot.Rules.french(players=3))
    analysis = solver.analyse(state)
    assert analysis.value == 91 == brute_force(state, 0)
    assert analysis.pv[3] == tarot.Move(tarot.EXCUSE)  # the King first, then the Excuse
    assert isinstance(analysis, FrenchAnalysis) and analysis.target is not None
    assert (analysis.target.bouts, analysis.target.needed, analysis.target.made) == (3, 36, True)
    no_rule = attrs.evolve(state.rules, excuse_wins_slam=False)
    plain = attrs.evolve(state, initial=attrs.evolve(state.initial, rules=no_rule))
    value = solver.analyse(plain).value
    assert value == brute_force(plain, 0) < 91
