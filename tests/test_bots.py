"""The bots: they see only views, return legal moves, repeat themselves for the same seed, and
play as their rules of thumb say."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import arena, tailor, tarot
from cardgames.bots import PIMCBot, RandomBot, RuleBot, bot_name, pimc, rollout_points
from cardgames.bots.rule_bot import tarot_rule_move
from cardgames.bots.tailor_heuristics import choose_move
from cardgames.bots.tarot_heuristics import choose_card, choose_discard
from cardgames.cards import Card, Rank, Suit
from cardgames.cardset import CardSet
from cardgames.errors import RulesError
from cardgames.tailor import Dump, Play, PlayJoker, PlayTailor
from cardgames.tailor.view import View as TailorView
from cardgames.tailor.view import view_of as tailor_view_of
from cardgames.tarot import TarotCard, TarotCardSet, Trick
from cardgames.tarot.view import View as TarotView
from cardgames.tarot.view import view_of as tarot_view_of

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TINY_PIMC = PIMCBot(worlds=2, nodes=300, exact_tricks=2, horizon=2)
TAROT_RULES = (
    tarot.Rules.traditional(players=3),
    tarot.Rules.traditional(players=4),
    tarot.Rules.simplified(players=4),
    tarot.Rules.simplified(players=5),
)
TAILOR_RULES = (
    tailor.Rules(players=2),
    tailor.Rules(players=4),
    tailor.Rules(players=3, chase_mode=True),
)
BOTS = (RandomBot(), RuleBot(), TINY_PIMC)


@attrs.define
class Recorder:
    """A bot wrapper that records the type of everything it is handed."""

    bot: Any
    seen: list[type] = attrs.field(factory=list)

    def choose(self, view: Any, rng: random.Random) -> Any:
        self.seen.append(type(view))
        self.seen.append(type(rng))
        return self.bot.choose(view, rng)


def _tarot_position(rules: tarot.Rules, seed: int, moves: int) -> tarot.State:
    rng = random.Random(seed)
    state = tarot.deal(rules, seed, dealer=seed % rules.players)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.play(legal[rng.randrange(len(legal))])
    return state


def _tailor_position(rules: tailor.Rules, seed: int, moves: int) -> tailor.State:
    rng = random.Random(seed)
    state = tailor.deal(rules, seed=seed, first_player=seed % rules.players)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.play(legal[rng.randrange(len(legal))])
    return state


def _view(state: tarot.State | tailor.State, seat: int) -> Any:
    if isinstance(state, tarot.State):
        return tarot_view_of(state, seat)
    return tailor_view_of(state, seat)


# -- the bots see views only -----------------------------------------------------------------


@pytest.mark.parametrize("bot", BOTS, ids=bot_name)
def test_bots_are_handed_views_only_in_a_tarot_arena(bot: Any) -> None:
    recorders = [Recorder(bot) for _ in range(3)]
    arena.run(tarot.Rules.traditional(players=3), recorders, deals=1, seed=5, duplicate=False)
    seen = {kind for recorder in recorders for kind in recorder.seen}
    assert seen == {TarotView, random.Random}


@pytest.mark.parametrize("bot", BOTS, ids=bot_name)
def test_bots_are_handed_views_only_in_a_french_tarot_arena(bot: Any) -> None:
    recorders = [Recorder(bot) for _ in range(5)]
    arena.run(tarot.Rules.french(players=5), recorders, deals=1, seed=3, duplicate=False)
    seen = {kind for recorder in recorders for kind in recorder.seen}
    assert seen == {TarotView, random.Random}
    # the deal was played, not void: more choices than the five bids
    assert sum(len(recorder.seen) for recorder in recorders) > 2 * 5


@pytest.mark.parametrize("bot", BOTS, ids=bot_name)
def test_a_bot_refuses_a_french_state(bot: Any) -> None:
    state = tarot.deal(tarot.Rules.french(players=5), 1)
    with pytest.raises(RulesError, match="never handed a State"):
        bot.choose(state, random.Random(0))


@pytest.mark.parametrize("bot", BOTS, ids=bot_name)
def test_bots_are_handed_views_only_in_a_tailor_arena(bot: Any) -> None:
    recorders = [Recorder(bot) for _ in range(3)]
    arena.run(tailor.Rules(players=3), recorders, deals=1, seed=5, duplicate=False)
    seen = {kind for recorder in recorders for kind in recorder.seen}
    assert seen == {TailorView, random.Random}


@pytest.mark.parametrize("bot", BOTS, ids=bot_name)
def test_a_bot_refuses_a_state(bot: Any) -> None:
    state = tarot.deal(tarot.Rules.traditional(players=3), 1)
    with pytest.raises(RulesError, match="never handed a State"):
        bot.choose(state, random.Random(0))


@pytest.mark.parametrize("bot", BOTS, ids=bot_name)
def test_a_bot_takes_a_seed_for_its_rng(bot: Any) -> None:
    # Regression: bot.choose(view, 0) raised "invalid rng 0" while play_out(rng=1) took an
    # int; a seed now works as a generator seeded with it.
    state = tailor.deal(tailor.Rules(players=3), seed=2)
    view = _view(state, state.to_move)
    for seed in (0, 7, 2**64 - 1):
        assert bot.choose(view, seed) == bot.choose(view, random.Random(seed))
    for bad in (-1, 2**64, True, 1.5, "7", None):
        with pytest.raises(RulesError, match=r"invalid rng .*random\.Random"):
            bot.choose(view, bad)


def test_a_bot_has_no_move_when_it_is_not_its_turn() -> None:
    state = tailor.deal(tailor.Rules(players=3), seed=2)
    with pytest.raises(RulesError, match="not to move"):
        RuleBot().choose(_view(state, (state.to_move + 1) % 3), random.Random(0))


# -- every move is legal, and the same seed gives the same move -------------------------------


@SETTINGS
@given(
    rules=st.sampled_from(TAROT_RULES),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 80),
    bot=st.sampled_from(BOTS),
)
def test_tarot_bots_return_legal_moves(rules: tarot.Rules, seed: int, moves: int, bot: Any) -> None:
    state = _tarot_position(rules, seed, moves)
    if state.is_over:
        return
    view = _view(state, state.to_move)
    move = bot.choose(view, random.Random(seed))
    assert move in state.legal_moves()
    assert bot.choose(view, random.Random(seed)) == move


@SETTINGS
@given(
    rules=st.sampled_from(TAILOR_RULES),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
    bot=st.sampled_from(BOTS),
)
def test_tailor_bots_return_legal_moves(
    rules: tailor.Rules, seed: int, moves: int, bot: Any
) -> None:
    state = _tailor_position(rules, seed, moves)
    if state.is_over:
        return
    view = _view(state, state.to_move)
    move = bot.choose(view, random.Random(seed))
    assert move in state.legal_moves()
    assert bot.choose(view, random.Random(seed)) == move


def test_pimc_moves_repeat_for_the_same_seed_in_whole_deals() -> None:
    rules = tarot.Rules.traditional(players=3)
    bot = PIMCBot(worlds=3, exact_tricks=3, nodes=2_000)
    first = arena.run(rules, [bot, RuleBot(), RuleBot()], deals=1, seed=3, duplicate=False)
    again = arena.run(rules, [bot, RuleBot(), RuleBot()], deals=1, seed=3, duplicate=False)
    assert first == again


def test_random_bot_uses_the_rng_it_is_given() -> None:
    state = tailor.deal(tailor.Rules(players=4), seed=3)
    view = _view(state, state.to_move)
    picks = {RandomBot().choose(view, random.Random(seed)) for seed in range(40)}
    assert len(picks) > 1  # several moves are legal and the rng chooses among them
    assert picks <= set(state.legal_moves())


# -- the settings ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"worlds": 0},
        {"worlds": True},
        {"nodes": 0},
        {"time_per_move": 0},
        {"time_per_move": "1"},
        {"estimate": "guess"},
        {"exact_tricks": -1},
        {"horizon": 0},
        {"lookahead": 0},
        {"name": ""},
    ],
)
def test_pimc_settings_are_checked(options: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        PIMCBot(**options)


@pytest.mark.parametrize(
    "estimate", ["rollout", "midpoint", "lower", "share", "strength", "learned"]
)
def test_every_pimc_estimate_plays_an_early_tarot_move(estimate: Any) -> None:
    state = _tarot_position(tarot.Rules.traditional(players=3), 11, 10)
    bot = PIMCBot(worlds=2, nodes=200, estimate=estimate)
    assert bot.choose(_view(state, state.to_move), random.Random(1)) in state.legal_moves()


def test_pimc_with_a_time_cap_still_moves() -> None:
    state = _tarot_position(tarot.Rules.traditional(players=3), 4, 12)
    bot = PIMCBot(worlds=50, time_per_move=0.05)
    assert bot.choose(_view(state, state.to_move), random.Random(1)) in state.legal_moves()


class _FakeClock:
    """A stand-in for the bot's clock: each reading is ``step`` seconds after the last."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def _french_play_position(players: int, seed: int) -> tarot.State:
    """A French deal played at random into its play phase, with several cards in each hand."""
    rules = tarot.Rules.french(players=players)
    for attempt in range(seed, seed + 200):
        state = tarot.random_position(rules, seed=attempt, tricks_left=10)
        if state.phase is tarot.Phase.PLAY and len(state.legal_card_moves()) > 1:
            return state
    raise AssertionError("no French position with a choice of cards")


@pytest.mark.parametrize("game", ["french", "tailor"])
def test_pimc_reads_the_clock_between_worlds_and_draws_no_more(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Regression (hole 11): the bot drew all its worlds before it first read the clock, so
    # 3,000 worlds under a 0.02 s cap took seconds. Here every reading of its clock moves a
    # second on, so the cap (half a second) is spent at the first check: one world only.
    drawn: list[int] = []
    view_type: Any = TarotView if game == "french" else TailorView
    real_sample = view_type.sample

    def counting_sample(view: Any, rng: random.Random) -> Any:
        drawn.append(1)
        return real_sample(view, rng)

    monkeypatch.setattr(view_type, "sample", counting_sample)
    monkeypatch.setattr(pimc, "time", _FakeClock(step=1.0))
    if game == "french":
        state: Any = _french_play_position(4, seed=5)
    else:
        state = _tailor_position(tailor.Rules(players=3), 3, 4)
    bot = PIMCBot(worlds=3000, time_per_move=0.5, nodes=200, horizon=2)
    assert bot.choose(_view(state, state.to_move), random.Random(1)) in state.legal_moves()
    assert len(drawn) == 1


def test_pimc_under_a_cap_draws_the_worlds_it_would_draw_without_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Drawn one at a time, the worlds are those of View.samples: a cap the clock never
    # reaches changes nothing.
    state = _french_play_position(3, seed=2)
    view = _view(state, state.to_move)
    seen: list[tarot.State] = []
    real_sample = TarotView.sample

    def recording_sample(view: Any, rng: random.Random) -> Any:
        world = real_sample(view, rng)
        seen.append(world)
        return world

    monkeypatch.setattr(TarotView, "sample", recording_sample)
    monkeypatch.setattr(pimc, "time", _FakeClock(step=0.0))
    capped = PIMCBot(worlds=5, nodes=200, time_per_move=100.0).choose(view, random.Random(4))
    monkeypatch.undo()
    # The candidates of the inference are drawn first, as View.samples draws them.
    assert len(seen) == 5 * PIMCBot().candidates
    assert tuple(seen) == view.samples(len(seen), random.Random(4))
    assert capped == PIMCBot(worlds=5, nodes=200).choose(view, random.Random(4))


def test_pimc_finds_the_solver_move_in_a_last_trick_it_can_see() -> None:
    # With one trick left the leader's hand is all there is to know about its own play, and
    # PIMC's exact solve plays the best card of every world.
    state = _tarot_position(tarot.Rules.traditional(players=3), 8, 3 + 69)
    view = _view(state, state.to_move)
    move = PIMCBot(worlds=4).choose(view, random.Random(0))
    assert move in state.legal_moves()


def test_pimc_breaks_ties_in_favour_of_the_rule_bot_move() -> None:
    # Equal totals (up to rounding) go to RuleBot's move; without it among them, the first.
    assert pimc._best([3.0, 5.0, 5.0, 1.0], preferred=2) == 2
    assert pimc._best([3.0, 5.0, 5.0 - 1e-12, 1.0], preferred=2) == 2
    assert pimc._best([3.0, 5.0, 5.0, 1.0], preferred=0) == 1
    assert pimc._best([3.0, 5.0, 4.5, 1.0], preferred=2) == 1


def test_pimc_plays_the_rule_move_when_the_worlds_cannot_tell_moves_apart() -> None:
    # A lead of the first trick valued over a one-trick horizon with a node budget too small
    # to search any card: every move gets the same trivial bounds, so RuleBot's card is played.
    state = _tarot_position(tarot.Rules.traditional(players=3), 5, 0)
    while state.phase is not tarot.Phase.PLAY or len(state.legal_moves()) == 1:
        state = state.play(state.legal_moves()[0])
    view = tarot_view_of(state, state.to_move)
    bot = PIMCBot(worlds=2, nodes=1)
    assert bot.choose(view, random.Random(2)) == tarot_rule_move(view)


def test_pimc_defaults_are_the_measured_ones() -> None:
    bot = PIMCBot()
    assert (bot.worlds, bot.exact_tricks, bot.estimate, bot.lookahead) == (12, 8, "learned", 1)
    assert (bot.nodes, bot.horizon) == (50_000, 8)
    assert (bot.candidates, bot.deviation, bot.bidding) == (4, 0.1, "simulate")
    assert (bot.bridge_exact_tricks, bot.tailor_estimate) == (8, "search")


def test_a_rollout_counts_the_side_points_of_a_finished_deal() -> None:
    state = _tarot_position(tarot.Rules.traditional(players=4), 2, 2 + 16 * 4)
    points = rollout_points(state, 1)
    assert 0 <= points <= 72
    assert points == rollout_points(state, 3)  # partners share their side's points


# -- Tarot rules of thumb --------------------------------------------------------------------

TRAD3 = tarot.Rules.traditional(players=3)
TRAD4 = tarot.Rules.traditional(players=4)


def _trick(rules: tarot.Rules, leader: int, text: str) -> Trick:
    cards = tuple(TarotCard.parse(word) for word in text.split())
    players = []
    seat = leader
    for _ in cards:
        players.append(seat)
        seat = rules.next_player(seat)
    return Trick(leader=leader, cards=cards, players=tuple(players))


def test_the_last_player_wins_with_the_cheapest_sure_card() -> None:
    # Traditional play goes anticlockwise (2, then 1, then 0): seat 0 plays last, and the
    # Queen is the cheapest card that beats the Jack.
    trick = _trick(TRAD3, 2, "JH 2H")
    hand = TarotCardSet.parse("KH QH 3S")
    card = choose_card(TRAD3, 0, hand, trick, TarotCardSet.parse("KH QH"))
    assert card == TarotCard.parse("QH")


def test_the_petit_is_played_when_it_wins_for_sure() -> None:
    # Last to play, out of the suit led and no trump in the trick: the petit wins it.
    trick = _trick(TRAD3, 2, "KS 3S")
    hand = TarotCardSet.parse("1T 14T 5H")
    legal = TarotCardSet.parse("1T 14T")
    assert choose_card(TRAD3, 0, hand, trick, legal) == TarotCard.parse("1T")


def test_the_petit_is_kept_when_an_opponent_may_overtrump() -> None:
    # Seat 1 leads a spade; seat 2, last to play, is known to be out of spades and may
    # overtrump: the petit would be at risk, so a higher trump wins instead.
    trick = _trick(TRAD3, 1, "KS")
    hand = TarotCardSet.parse("1T 14T 5H")
    legal = TarotCardSet.parse("1T 14T")
    voids = (0, 0, 1 << Suit.SPADES)
    card = choose_card(
        TRAD3, 0, hand, trick, legal, unseen=TarotCardSet.parse("2T 3T 4S"), voids=voids
    )
    assert card == TarotCard.parse("14T")


def test_points_are_smeared_onto_a_partner_s_sure_trick() -> None:
    # Four players, partners 0 and 2. Seat 2 leads trump 21 (it wins whatever comes); seat 1
    # follows; seat 0 is out of trumps and smears its King.
    trick = _trick(TRAD4, 2, "21T 3T")
    hand = TarotCardSet.parse("KH 2H 5S")
    assert choose_card(TRAD4, 0, hand, trick, hand) == TarotCard.parse("KH")


def test_a_lost_trick_gets_the_cheapest_card() -> None:
    trick = _trick(TRAD3, 1, "21T")
    hand = TarotCardSet.parse("KH 4S 2D 9T")
    legal = TarotCardSet.parse("9T")
    assert choose_card(TRAD3, 0, hand, trick, legal) == TarotCard.parse("9T")
    trick = _trick(TRAD3, 1, "KS")
    hand = TarotCardSet.parse("QS 4S 2D")
    legal = TarotCardSet.parse("QS 4S")
    assert choose_card(TRAD3, 0, hand, trick, legal) == TarotCard.parse("4S")


def test_the_excuse_goes_before_the_last_trick() -> None:
    trick = _trick(TRAD3, 1, "KS")
    hand = TarotCardSet.parse("4S EX")
    assert choose_card(TRAD3, 0, hand, trick, hand) == TarotCard.parse("EX")


def test_a_master_king_is_led() -> None:
    hand = TarotCardSet.parse("KD 3D 4S 7T")
    trick = Trick(leader=0)
    assert choose_card(TRAD3, 0, hand, trick, hand) == TarotCard.parse("KD")


def test_the_discard_banks_court_cards_and_makes_voids() -> None:
    hand = TarotCardSet.parse("KS QS 3S NH 2H 5H 7H 4D")
    legal = TarotCardSet.parse("QS 3S NH 2H 5H 7H 4D")
    # The Knight of hearts is not protected by its King: its 3 points are banked first.
    assert choose_discard(TRAD3, hand, legal) == TarotCard.parse("NH")
    rest = TarotCardSet.parse("3S 2H 5H 7H 4D")
    # Then the shortest suit goes, for a void: diamonds.
    assert choose_discard(TRAD3, rest | TarotCardSet.parse("KS"), rest) == TarotCard.parse("4D")


def test_the_heuristics_check_their_arguments() -> None:
    hand = TarotCardSet.parse("KS")
    with pytest.raises(RulesError):
        choose_card(TRAD3, 5, hand, Trick(leader=0), hand)
    with pytest.raises(RulesError):
        choose_card(TRAD3, 0, hand, Trick(leader=0), TarotCardSet.parse("QS"))
    with pytest.raises(RulesError):
        choose_discard(TRAD3, hand, TarotCardSet())


# -- Chase the Tailor rules of thumb ---------------------------------------------------------

FOUR = tailor.Rules(players=4)


def test_a_move_that_goes_out_is_taken() -> None:
    hand = CardSet.parse("7S 7H")
    out = Dump((Card.parse("7S"), Card.parse("7H")))
    moves = (Play(Card.parse("7S")), Play(Card.parse("7H")), out)
    assert choose_move(FOUR, 0, hand, moves, hand_sizes=(2, 5, 5, 5), direction=1) == out


def test_the_highest_value_card_is_shed_first() -> None:
    hand = CardSet.parse("KH 2H 3C 9S")
    moves = (Play(Card.parse("KH")), Play(Card.parse("2H")))
    move = choose_move(FOUR, 0, hand, moves, hand_sizes=(4, 5, 5, 5), direction=1)
    assert move == Play(Card.parse("KH"))


def test_the_tailor_is_kept_while_a_suited_card_follows_and_nobody_is_close() -> None:
    hand = CardSet.parse("KH 2C 3C 9S TLR")
    moves = (Play(Card.parse("KH")), PlayTailor(Suit.SPADES, Rank.ACE, 1))
    move = choose_move(FOUR, 0, hand, moves, hand_sizes=(5, 6, 6, 6), direction=1)
    assert move == Play(Card.parse("KH"))


def test_the_tailor_hits_the_player_closest_to_going_out() -> None:
    hand = CardSet.parse("KH 2C 3C 9S TLR")
    moves: list[Any] = [Play(Card.parse("KH"))]
    moves += [
        PlayTailor(Suit(s), Rank(r), victim)
        for s in range(4)
        for r in range(1, 14)
        for victim in (1, 2, 3)
    ]
    move = choose_move(FOUR, 0, hand, moves, hand_sizes=(5, 6, 2, 6), direction=1)
    assert isinstance(move, PlayTailor)
    assert move.victim == 2
    # The call names clubs or a rank next to the clubs held: the followers of the call this
    # hand holds are out of the next player's reach.
    assert move.suit in (Suit.CLUBS, Suit.HEARTS, Suit.SPADES)


def test_a_joker_skips_the_player_about_to_go_out() -> None:
    hand = CardSet.parse("X1 4D 9D")
    moves = (
        PlayJoker(Card.parse("X1"), tailor.JokerEffect.SKIP),
        PlayJoker(Card.parse("X1"), tailor.JokerEffect.REVERSE),
        tailor.Draw(),
    )
    # The next player has one card: a skip makes it wait for three other turns, a reverse
    # for two.
    move = choose_move(FOUR, 0, hand, moves, hand_sizes=(3, 1, 5, 5), direction=1)
    assert move == moves[0]
    # The player opposite has one card: after a skip it would move at once, after a reverse
    # second.
    move = choose_move(FOUR, 0, hand, moves, hand_sizes=(3, 6, 1, 5), direction=1)
    assert move == moves[1]


def test_the_tailor_heuristic_checks_its_arguments() -> None:
    with pytest.raises(RulesError):
        choose_move(FOUR, 0, CardSet(), (), hand_sizes=(1, 1, 1, 1), direction=1)
    with pytest.raises(RulesError):
        choose_move(FOUR, 0, CardSet(), (tailor.Draw(),), hand_sizes=(1, 1), direction=1)


# -- strength -----------------------------------------------------------------------------


def test_rule_bot_beats_random_bot_at_tarot() -> None:
    result = arena.run(
        tarot.Rules.traditional(players=3), [RuleBot(), RandomBot(), RandomBot()], deals=8, seed=1
    )
    versus = result.comparison(0, 1)
    assert versus.low is not None and versus.low > 0
    assert versus.mean > 3


def test_rule_bot_beats_random_bot_at_chase_the_tailor() -> None:
    result = arena.run(
        tailor.Rules(players=4), [RuleBot(), RandomBot(), RuleBot(), RandomBot()], deals=20, seed=1
    )
    for rule, rand in ((0, 1), (0, 3), (2, 1), (2, 3)):
        assert result.comparison(rule, rand).mean > 0
    assert result.standings[0].mean + result.standings[2].mean > (
        result.standings[1].mean + result.standings[3].mean
    )
