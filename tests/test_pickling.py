"""Pickling: every value the library builds comes back equal from a pickle (and from copy and
deepcopy), at every pickle protocol; the compact forms keep cards canonical, rebuild states
that behave exactly as the originals, and keep a Chase the Tailor state's history."""

from __future__ import annotations

import copy
import functools
import importlib
import inspect
import pickle
import pkgutil
import random
from collections.abc import Callable
from fractions import Fraction
from random import Random
from typing import Any, TypeVar

import attrs
import pytest
import tailor_helpers
import tarot_helpers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import arena, bridge, solver, svg, tailor, tarot
from cardgames.action_space import EnvPreset, Field
from cardgames.arena.results import ArenaGame, ArenaResult, Comparison, Standing
from cardgames.bots import PIMCBot, RandomBot, RuleBot
from cardgames.cards import Card, Rank, Suit
from cardgames.cardset import CardSet
from cardgames.deck import Deck
from cardgames.env.games import EnvGame
from cardgames.players import Seating
from cardgames.records import Tags
from cardgames.render import MoveRow
from cardgames.search.grades import Grade
from cardgames.search.results import Analysis, MoveValue, Solution
from cardgames.tarot import Deal, Phase, Rules, State, TarotCard, TarotCardSet, Trick
from cardgames.tarot._codec import _trick_code, _tricks_code
from cardgames.tarot.horizon import Estimate
from cardgames.tarot.moves import tricks_of as _tricks_of

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
T = TypeVar("T")


def round_trips(value: T) -> list[T]:
    """``value`` read back from a pickle of every protocol, and from copy and deepcopy."""
    copies: list[T] = [pickle.loads(pickle.dumps(value, protocol)) for protocol in PROTOCOLS]
    return [*copies, copy.copy(value), copy.deepcopy(value)]


def assert_same_tarot_state(state: State, back: State) -> None:
    """``back`` is ``state`` in every way the library shows a state."""
    assert type(back) is State
    assert back == state and hash(back) == hash(state)
    assert str(back) == str(state) and repr(back) == repr(state)
    assert back.history() == state.history()
    assert back.legal_moves() == state.legal_moves()
    assert back.key() == state.key()
    assert back.points() == state.points() and back.piles() == state.piles()
    assert attrs.astuple(back, recurse=False) == attrs.astuple(state, recurse=False)
    assert back.initial.rules == state.rules
    if not state.is_over:
        move = state.legal_moves()[-1]
        assert back.play(move) == state.play(move)


# -- cards and card sets ---------------------------------------------------------------------


@pytest.mark.parametrize("card", [*Card.all(), *TarotCard.all()], ids=str)
def test_a_card_comes_back_as_the_one_shared_card(card: Card | TarotCard) -> None:
    for back in round_trips(card):
        assert back is card


@given(st.integers(0, (1 << 55) - 1))
@SETTINGS
def test_a_card_set_comes_back_equal(mask: int) -> None:
    cards = CardSet(mask)
    for back in round_trips(cards):
        assert type(back) is CardSet and back == cards and hash(back) == hash(cards)
        assert list(back) == list(cards) and str(back) == str(cards)


@given(st.integers(0, (1 << 78) - 1))
@SETTINGS
def test_a_tarot_card_set_comes_back_equal(mask: int) -> None:
    cards = TarotCardSet(mask)
    for back in round_trips(cards):
        assert type(back) is TarotCardSet and back == cards and hash(back) == hash(cards)
        assert back.mask == mask and str(back) == str(cards)


def test_moves_come_back_as_the_shared_moves() -> None:
    for card in TarotCard.all():
        move = tarot.Move(card)
        for back in round_trips(move):
            assert back == move and back is tarot.Move.parse(str(card))


# -- Tarot -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "trick",
    [
        Trick(leader=2),
        Trick(leader=1, cards=tarot_helpers.cards("KH"), players=(1,)),
        Trick(leader=0, cards=tarot_helpers.cards("KH 21T EX"), players=(0, 2, 1), winner=2),
        Trick(leader=5, cards=tarot_helpers.cards("1S 2S 3S 4S 5S 6S"), players=(5, 4, 3, 2, 1, 0)),
    ],
    ids=str,
)
def test_a_trick_comes_back_equal(trick: Trick) -> None:
    for back in round_trips(trick):
        assert type(back) is Trick and back == trick and hash(back) == hash(trick)
        assert back.winner == trick.winner and back.players == trick.players
        assert all(card is TarotCard.from_index(card.index) for card in back.cards)


def test_tricks_of_mixed_sizes_use_the_general_code() -> None:
    # A state's completed tricks all have a card from every seat; the code still reads back
    # a run of tricks of different sizes, in progress or not.
    tricks = (
        Trick(leader=0, cards=tarot_helpers.cards("KH 21T"), players=(0, 1), winner=1),
        Trick(leader=1),
        Trick(leader=1, cards=tarot_helpers.cards("EX"), players=(1,)),
    )
    code = _tricks_code(tricks)
    assert code[0] == 0
    assert _tricks_of(code) == tricks
    assert _tricks_of(_tricks_code(())) == ()
    assert _tricks_of(_tricks_code(tricks[:1])) == tricks[:1]
    assert len(_trick_code(tricks[0])) == 3 + 2 * 2


@pytest.mark.parametrize("rules", tarot_helpers.PRESETS, ids=tarot_helpers.PRESET_IDS)
def test_a_deal_comes_back_equal(rules: Rules) -> None:
    deal = Deal.random(rules, seed=11, dealer=rules.players - 1)
    for back in round_trips(deal):
        assert type(back) is Deal and back == deal and hash(back) == hash(deal)
        assert str(back) == str(deal) and back.start() == deal.start()


@given(
    st.sampled_from(tarot_helpers.PRESETS),
    st.integers(0, 2**64 - 1),
    st.integers(0, 5),
    st.randoms(use_true_random=False),
)
@SETTINGS
def test_every_state_of_a_tarot_play_out_comes_back_equal(
    rules: Rules, seed: int, dealer: int, rng: random.Random
) -> None:
    states = tarot_helpers.random_playout(tarot.deal(rules, seed, dealer % rules.players), rng)
    phases = {state.phase for state in states}
    assert Phase.PLAY in phases and Phase.OVER in phases
    for state in states:
        back = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
        assert_same_tarot_state(state, back)
    # previous replays the deal: check it on a few states only, at every protocol.
    for state in rng.sample(states, 3):
        for back in round_trips(state):
            assert_same_tarot_state(state, back)
            assert back.previous == state.previous


def test_a_whole_play_out_in_one_pickle_shares_its_deal_and_rules() -> None:
    rules = Rules.traditional(players=4)
    states = tarot_helpers.random_playout(tarot.deal(rules, 3), random.Random(3))
    back = pickle.loads(pickle.dumps(states))
    assert back == states
    assert all(state.initial is back[0].initial for state in back)
    assert all(state.rules is back[0].rules for state in back)


def test_house_rules_come_back_with_the_state() -> None:
    base = Rules.traditional(players=3)
    for rules in (
        attrs.evolve(base, magician_bonus=0, clockwise=True),
        attrs.evolve(Rules.simplified(players=4), talon_size=6, discard_is_own_group=True),
    ):
        state = tarot.deal(rules, 5)
        state = state.play(state.legal_moves()[0])
        for back in round_trips(state):
            assert back.rules == rules and str(back.rules) == str(rules)
            assert_same_tarot_state(state, back)


def test_a_made_up_position_comes_back_with_no_way_back() -> None:
    rules = Rules.simplified(players=3)
    state = tarot_helpers.position(
        rules, ["KS QS", "KH QH", "KD QD"], leader=1, won=["-", "-", "-"], trick=""
    )
    assert state.previous is None
    for back in round_trips(state):
        assert back == state and str(back) == str(state) and back.previous is None


# -- Chase the Tailor --------------------------------------------------------------------


def assert_same_tailor_state(state: tailor.State, back: tailor.State) -> None:
    assert type(back) is tailor.State
    assert back == state and hash(back) == hash(state)
    assert str(back) == str(state) and repr(back) == repr(state)
    assert back.history() == state.history()
    assert back.legal_moves() == state.legal_moves()
    before, after = state.previous, back.previous
    while before is not None:
        assert after == before
        before, after = before.previous, after.previous if after is not None else None
    assert after is None


@given(tailor_helpers.any_states())
@SETTINGS
def test_any_tailor_state_comes_back_equal(state: tailor.State) -> None:
    for back in round_trips(state):
        assert_same_tailor_state(state, back)


@given(st.integers(2, 6), st.integers(0, 2**64 - 1), st.randoms(use_true_random=False))
@SETTINGS
def test_a_tailor_state_comes_back_with_its_history(
    players: int, seed: int, rng: random.Random
) -> None:
    rules = tailor.Rules(players=players, max_turns=200)
    states = tailor_helpers.random_playout(tailor.deal(rules, seed), rng)
    for state in (states[len(states) // 2], states[-1]):
        for back in round_trips(state):
            assert_same_tailor_state(state, back)


# -- results -------------------------------------------------------------------------------


def test_tarot_analyses_and_solutions_come_back_equal() -> None:
    for rules in tarot_helpers.PRESETS:
        state = tarot.random_position(rules, seed=4, tricks_left=2)
        results: list[Any] = [
            solver.analyse(state),
            solver.solve(state),
            solver.analyse(state, limit=solver.Limit(nodes=3)),
        ]
        for result in results:
            for back in round_trips(result):
                assert type(back) is type(result) and back == result
                assert back.to_dict() == result.to_dict()


def test_tailor_analyses_come_back_equal() -> None:
    state = tailor.random_position(tailor.Rules(players=3), seed=2, cards_left=2)
    results: list[Any] = [
        solver.analyse(state, horizon=4),
        solver.analyse(state, horizon=3, limit=solver.Limit(nodes=5)),
        solver.solve(state, limit=solver.Limit(nodes=50)),
    ]
    for result in results:
        for back in round_trips(result):
            assert back == result and back.to_dict() == result.to_dict()


NUMBERS = st.fractions(max_denominator=1000) | st.integers(-(10**30), 10**30).map(Fraction)


@given(st.lists(st.tuples(NUMBERS, NUMBERS), max_size=6), NUMBERS, st.booleans())
@SETTINGS
def test_any_numbers_come_back_as_equal_fractions(
    values: list[tuple[Fraction, Fraction]], value: Fraction, exact: bool
) -> None:
    entries = tuple(
        MoveValue(move=f"m{i}", value=low, lower=low, upper=high)
        for i, (low, high) in enumerate(values)
    )
    analysis = Analysis(
        game="tarot",
        perspective=1,
        side=(1, 3),
        to_move=0,
        objective="points",
        value=value,
        lower=value,
        upper=value + 1,
        move_values=entries,
        best_moves=tuple(entry.move for entry in entries[:1]),
        pv=("a", "b"),
        nodes=7,
        elapsed=0.25,
        exact=exact,
        bound="exact" if exact else "bounds",
        horizon=None if exact else 3,
    )
    solution: Solution[str] = Solution(
        game="tailor",
        perspective=0,
        side=(0,),
        to_move=1,
        value=value,
        lower=value - 1,
        upper=value,
        best_move=None,
        pv=(),
        nodes=1,
        elapsed=0.0,
        exact=exact,
        bound="horizon",
    )
    originals: list[Any] = [analysis, solution, *entries]
    for original in originals:
        for back in round_trips(original):
            assert back == original
            for field in attrs.fields(type(original)):
                if isinstance(getattr(original, field.name), Fraction):
                    assert type(getattr(back, field.name)) is Fraction


# -- every public value type, in one place -----------------------------------------------------
#
# Each class named in an ``__all__`` of the library is either a value type, with examples in
# VALUE_EXAMPLES that must come back from pickle (every protocol), copy and deepcopy equal to
# themselves, or named in NOT_VALUES with the reason it is not a value. A new public class
# that is in neither fails test_every_public_class_is_listed.


MISSING_EXTRAS: set[str] = set()
"""The modules public_classes could not import: those of an optional extra not installed."""


def public_classes() -> dict[str, type]:
    """Every class in an ``__all__`` of a module of the library, by its qualified name (the
    command line's classes are its own working parts, not values it hands out)."""
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(cardgames.__path__, "cardgames."):
        if info.name.endswith("__main__") or info.name.startswith("cardgames.cli"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # a module of an optional extra that is not installed
            MISSING_EXTRAS.add(info.name)
            continue
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.isclass(value) and not issubclass(value, BaseException):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return found


NOT_VALUES: dict[str, str] = {
    # Protocols: what a type must offer, never built.
    "cardgames.cardset.CardLike": "a protocol",
    "cardgames.tarot.deal.FixedCards": "a protocol",
    "cardgames.search.results.GameState": "a protocol",
    "cardgames.players.Bot": "a protocol",
    "cardgames.players.Playing": "a protocol",
    "cardgames.env.spiel_bots.BotMaker": "a protocol",
    "cardgames.search.engine.SearchModel": "a protocol",
    "cardgames.search.engine.CountdownModel": "a protocol",
    "cardgames.tailor._position_text.PositionFields": "a TypedDict (a plain dict at run time)",
    "cardgames.games.GameAnalysis": "a protocol",
    "cardgames.games.GameDescriptor": "a protocol",
    "cardgames.games.GameRecord": "a protocol",
    "cardgames.games.GameView": "a protocol",
    "cardgames.games.PlayedDeal": "a protocol",
    "cardgames.games.SamplingSettings": "a protocol",
    # Searches, their models and trees: working objects with tables, made per call.
    "cardgames.search.engine.Reference": "a search",
    "cardgames.search.engine.SimpleSearch": "a search",
    "cardgames.search.engine.ZeroWindowSearch": "a search",
    "cardgames.search.clock.AfterSearch": "a search's clock",
    "cardgames.search.clock.CallClock": "a search's clock",
    "cardgames.bridge.search.BridgeSearch": "a search",
    "cardgames.bridge.search_model.BridgeModel": "a search model",
    "cardgames.tailor.search.TailorSearch": "a search",
    "cardgames.tailor.search_model.TailorModel": "a search model",
    "cardgames.tarot.search.ReferenceSearch": "a search",
    "cardgames.tarot.search.TarotSearch": "a search",
    "cardgames.tarot.search.TarotTree": "a search tree",
    "cardgames.tarot.search_model.TarotModel": "a search model",
    "cardgames.tarot.search_model.Position": "a search model's mutable position",
    "cardgames.tarot.search_numbering.Numbering": "a search model's numbering tables",
    "cardgames.tarot.horizon.HorizonTree": "a search tree",
    "cardgames.tarot.evaluation.Evaluation": "a search's evaluation, with tables",
    "cardgames.solver._pool.SerialExecutor": "an executor",
    "cardgames.records.Codec": "a game's record machinery: functions, shared, never sent",
    "cardgames.records.DealRecordMethods": "a mixin of every game's deal records, never built",
    "cardgames.records.RecordMethods": "a mixin of every game's records, never built",
    "cardgames.search.jobs.SearchJob": "a search's working parts: a model, a searcher, functions",
    "cardgames.arena.session.HumanDeal": "a deal being played: its bots, their random streams",
    # Environments: mutable, as their frameworks require.
    "cardgames.env.gymnasium.SeatEnv": "a Gymnasium environment (mutable)",
    "cardgames.env.pettingzoo.CardgamesAECEnv": "a PettingZoo environment (mutable)",
    "cardgames.env.openspiel.CardgamesGame": "an OpenSpiel game (pickled by OpenSpiel)",
    "cardgames.env.openspiel.CardgamesState": "an OpenSpiel state (mutable)",
    "cardgames.env.openspiel.CardgamesObserver": "an OpenSpiel observer (mutable)",
    "cardgames.env.vector.VectorEnv": "a batch of environments (mutable)",
    "cardgames.env.spiel_bots.EngineRollouts": "an OpenSpiel evaluator with a random stream",
    # A game's action space and its fast step: what an environment is built on.
    "cardgames.action_space.ActionSpace": "a protocol",
    "cardgames.action_space.FastActionSpace": "a protocol",
    "cardgames.action_space.StepEngine": "a protocol",
    "cardgames.env.engine.LibraryEngine": "a deal in progress writing into shared buffers",
    "cardgames.tailor.env_step.TailorEngine": "a deal in progress writing into shared buffers",
    "cardgames.tarot.env_step.TarotEngine": "a deal in progress writing into shared buffers",
    "cardgames.tarot.env_build.Encoded": "a state's fields in the lists the fast step loads",
    # The searches' working parts.
    "cardgames.bridge.search_native.NativeSearch": "a search (the C core's)",
    "cardgames.bridge.search_table.BridgeTable": "a search's table of bounds",
    "cardgames.search.engine.BoundsTable": "a search's table of bounds",
    "cardgames.search.stats.CutStats": "a search's counters, filled as it runs",
    "cardgames.tarot.search_core.Core": "a search (the C core's, or its Python twin)",
    # A type alias of the environments (the state of any registered game), seen as its target.
    "typing.Any": "a type alias (cardgames.env.games.AnyState, cardgames.arena.results.AnyRules)",
}


@functools.cache
def _tailor_view_parts() -> list[object]:
    state = tailor_helpers.random_playout(tailor.deal(tailor.Rules(players=3), 8), Random(8))[6]
    view = state.view(1)
    return [view, view.now, view.start, *view.events[:2]]


@functools.cache
def _reviews() -> list[object]:
    start = tarot.random_position(tarot.Rules.traditional(players=3), seed=3, tricks_left=2)
    state, moves = start, []
    for _ in range(3):
        moves.append(state.legal_moves()[0])
        state = state.play(moves[-1])
    review = solver.review(start, moves)
    bid = tarot.deal(tarot.Rules.french(players=3), seed=2).legal_moves()[0]
    unjudged = solver.Unjudged(number=1, player=0, move=bid, what="bid")
    return [review, *review.items, *review.summaries, unjudged]


@functools.cache
def _arena() -> list[object]:
    result = arena.run(tailor.Rules(players=2), [RandomBot(), RuleBot()], deals=1, seed=3)
    return [result, *result.games, *result.standings, *result.head_to_head]


@functools.cache
def _bridge_records() -> list[object]:
    state = bridge.random_position(5, tricks_played=1, cards=2)
    record = bridge.record_of(state, tags={"Event": "Club"})
    return [record, *record.deals]


@functools.cache
def _analyses() -> list[object]:
    french = tarot.random_position(tarot.Rules.french(players=4), seed=5, tricks_left=2)
    traditional = tarot.random_position(tarot.Rules.traditional(players=3), seed=5, tricks_left=2)
    return [
        solver.analyse(french),
        solver.analyse(traditional),
        solver.analyse(french).target,
        solver.analyse(bridge.random_position(2, tricks_played=11)),
        solver.solve(traditional),
        *solver.analyse(traditional).move_values,
    ]


@functools.cache
def _tarot_moves() -> list[object]:
    state = tarot.deal(tarot.Rules.french(players=4), seed=6)
    moves: list[object] = []
    rng = Random(6)
    while not state.is_over and len(moves) < 30:
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.play(move)
    return moves


@functools.cache
def _tarot_over() -> tarot.State:
    states = tarot_helpers.random_playout(tarot.deal(Rules.french(players=4), 9), Random(9))
    return states[-1]


VALUE_EXAMPLES: dict[str, Callable[[], list[object]]] = {
    "cardgames.cards.Card": lambda: [Card.parse("QH"), Card.all()[-1]],
    "cardgames.cards.Rank": lambda: list(Rank),
    "cardgames.cards.Suit": lambda: list(Suit),
    "cardgames.cardset.BaseCardSet": lambda: [CardSet.parse("AS KH")],
    "cardgames.cardset.CardSet": lambda: [CardSet(), CardSet.parse("AS KH X1")],
    "cardgames.deck.Deck": lambda: [Deck.standard(), Deck.tailor(), tarot.tarot_deck()],
    "cardgames.players.Seating": lambda: [Seating("Tarot", "Tarot move", "a Move")],
    "cardgames.records.Tags": lambda: [Tags(), Tags([("Event", "Club"), ("Round", "3")])],
    "cardgames.render.MoveRow": lambda: [MoveRow("K♥", "26", True)],
    "cardgames.svg.SvgImage": lambda: [svg.hand(CardSet.parse("AS KH"))],
    "cardgames.search.results.Analysis": lambda: [solver.analyse(tailor_state())],
    "cardgames.search.results.Limit": lambda: [solver.Limit(nodes=5), solver.Limit(time=1.5)],
    "cardgames.search.results.MoveValue": lambda: list(solver.analyse(tailor_state()).move_values),
    "cardgames.search.results.PlayStep": lambda: [
        item for item in _reviews() if isinstance(item, solver.PlayStep)
    ],
    "cardgames.search.results.SearchProgress": lambda: [
        solver.SearchProgress(
            moves_scored=1, moves=3, nodes=10, lower=Fraction(1), upper=Fraction(5), elapsed=0.5
        )
    ],
    "cardgames.search.results.Solution": lambda: [solver.solve(tailor_state())],
    "cardgames.solver.batch.BatchError": lambda: [
        solver.BatchError(index=0, position="x", kind="NotationError", message="bad")
    ],
    "cardgames.solver.batch.Job": lambda: [
        solver.Job(position="text", game="tarot"),
        solver.Job(position=tailor_state(), perspective=1, limit=solver.Limit(nodes=9)),
    ],
    "cardgames.bridge.analysis.DDTable": lambda: [
        solver.dd_table(bridge.Deal(bridge.random_position(4, tricks_played=11).hands))
    ],
    "cardgames.solver.play_review.PlayerSummary": lambda: [
        item for item in _reviews() if isinstance(item, solver.PlayerSummary)
    ],
    "cardgames.solver.play_review.Review": lambda: [
        item for item in _reviews() if isinstance(item, solver.Review)
    ],
    "cardgames.solver.play_review.Unjudged": lambda: [
        item for item in _reviews() if isinstance(item, solver.Unjudged)
    ],
    "cardgames.tarot.analysis.ContractTarget": lambda: [
        item for item in _analyses() if isinstance(item, solver.ContractTarget)
    ],
    "cardgames.tarot.analysis.FrenchAnalysis": lambda: [
        item for item in _analyses() if isinstance(item, solver.FrenchAnalysis)
    ],
    "cardgames.tarot.analysis.TarotAnalysis": lambda: [
        item for item in _analyses() if type(item) is solver.TarotAnalysis
    ],
    "cardgames.arena.results.ArenaGame": lambda: [
        item for item in _arena() if isinstance(item, ArenaGame)
    ],
    "cardgames.arena.results.ArenaResult": lambda: [
        item for item in _arena() if isinstance(item, ArenaResult)
    ],
    "cardgames.arena.results.Comparison": lambda: [
        item for item in _arena() if isinstance(item, Comparison)
    ],
    "cardgames.arena.results.Standing": lambda: [
        item for item in _arena() if isinstance(item, Standing)
    ],
    "cardgames.bots.pimc.PIMCBot": lambda: [
        PIMCBot(),
        PIMCBot(worlds=3, nodes=500),
    ],
    "cardgames.bots.random_bot.RandomBot": lambda: [RandomBot()],
    "cardgames.bots.rule_bot.RuleBot": lambda: [RuleBot()],
    "cardgames.action_space.Field": lambda: [Field("hand", 0, 78, "own hand")],
    "cardgames.action_space.EnvPreset": lambda: [
        EnvPreset("tarot_trad", "Tarot (traditional)", 3, 4, 3, Rules.traditional)
    ],
    "cardgames.tarot.env_space.TarotActions": lambda: [
        tarot.GAME.actions(Rules.french(players=4)),
        tarot.GAME.actions(Rules.traditional(players=3)),
    ],
    "cardgames.tailor.env_space.TailorActions": lambda: [
        tailor.GAME.actions(tailor.Rules(players=3))
    ],
    "cardgames.bridge.actions.BridgeActions": lambda: [
        bridge.GAME.actions(bridge.Contract.parse("3NT by S"))
    ],
    "cardgames.env.games.EnvGame": lambda: [
        EnvGame(tailor.Rules(players=3)),
        EnvGame(Rules.french(players=4)),
    ],
    "cardgames.env.spiel_bots.SpielBot": lambda: _spiel_bots(),
    # bridge
    "cardgames.bridge.deal.Deal": lambda: [
        bridge.random_deal(3),
        bridge.random_position(3, 11).deal,
    ],
    "cardgames.bridge.records.DealRecord": lambda: _bridge_records()[1:],
    "cardgames.bridge.records.Record": lambda: _bridge_records()[:1],
    "cardgames.bridge.rules.Contract": lambda: [bridge.Contract.parse("NT by E, S leads")],
    "cardgames.bridge.rules.Seat": lambda: list(bridge.Seat),
    "cardgames.bridge.rules.Strain": lambda: list(bridge.Strain),
    "cardgames.bridge.state.State": lambda: [bridge.random_position(6, tricks_played=3, cards=1)],
    "cardgames.bridge.view.View": lambda: [
        bridge.view_of(bridge.random_position(6, tricks_played=3, cards=1), seat)
        for seat in range(4)
    ],
    # Chase the Tailor
    "cardgames.tailor.match.Match": lambda: [
        tailor.Match(rules=tailor.Rules(players=2), rounds=2, seed=1).play_out(
            tailor.random_strategy(1)
        )
    ],
    "cardgames.tailor.match.RoundResult": lambda: [tailor.RoundResult(0, None, (-3, -4))],
    "cardgames.tailor.moves.Draw": lambda: [tailor.Draw()],
    "cardgames.tailor.moves.Dump": lambda: [tailor.Dump((Card.parse("7S"), Card.parse("7H")))],
    "cardgames.tailor.moves.JokerEffect": lambda: list(tailor.JokerEffect),
    "cardgames.tailor.moves.Pass": lambda: [tailor.Pass()],
    "cardgames.tailor.moves.Play": lambda: [tailor.Play(Card.parse("QH"))],
    "cardgames.tailor.moves.PlayJoker": lambda: [
        tailor.PlayJoker(Card.parse("X2"), tailor.JokerEffect.REVERSE)
    ],
    "cardgames.tailor.moves.PlayTailor": lambda: [tailor.PlayTailor(Suit.HEARTS, Rank.QUEEN, 1)],
    "cardgames.tailor.records.DealRecord": lambda: list(
        tailor.record_of(
            tailor_helpers.random_playout(tailor.deal(tailor.Rules(), 2), Random(2))[5]
        ).deals
    ),
    "cardgames.tailor.records.Record": lambda: [
        tailor.record_of(tailor_state(), tags={"Event": "Friday"})
    ],
    "cardgames.tailor.records.Series": lambda: [tailor.Series(rounds=3, seed=5, first_player=1)],
    "cardgames.tailor.rules.Call": lambda: [tailor.Call(Suit.CLUBS, Rank.TWO)],
    "cardgames.tailor.rules.Rules": lambda: [
        tailor.Rules(),
        tailor.Rules(players=5, chase_mode=True),
    ],
    "cardgames.tailor.state.State": lambda: [tailor_state()],
    "cardgames.tailor.view.Event": lambda: [
        item for item in _tailor_view_parts() if isinstance(item, tailor.view.Event)
    ],
    "cardgames.tailor.view.Snapshot": lambda: [
        item for item in _tailor_view_parts() if isinstance(item, tailor.view.Snapshot)
    ],
    "cardgames.tailor.view.View": lambda: _tailor_view_parts()[:1],
    "cardgames.search.grades.Grade": lambda: list(Grade),
    "cardgames.search.grades.LossGrades": lambda: [
        tarot.GAME.analysis.loss_grades(_tarot_over()),
        bridge.GAME.analysis.loss_grades(bridge.random_position(1, tricks_played=12)),
    ],
    # The games as objects: each descriptor and its analysis (picklable, equal to themselves).
    "cardgames.tarot.descriptor.TarotGame": lambda: [tarot.GAME],
    "cardgames.tarot.descriptor.TarotAnalyser": lambda: [tarot.GAME.analysis],
    "cardgames.tailor.descriptor.TailorGame": lambda: [tailor.GAME],
    "cardgames.tailor.descriptor.TailorAnalyser": lambda: [tailor.GAME.analysis],
    "cardgames.bridge.descriptor.BridgeGame": lambda: [bridge.GAME],
    "cardgames.bridge.descriptor.BridgeAnalyser": lambda: [bridge.GAME.analysis],
    # Tarot
    "cardgames.tarot.cards.TarotCard": lambda: [tarot.TarotCard.parse("21T"), tarot.EXCUSE],
    "cardgames.tarot.cards.TarotCardSet": lambda: [TarotCardSet.parse("KS 1T EX")],
    "cardgames.tarot.cards.TarotRank": lambda: list(tarot.TarotRank),
    "cardgames.tarot.contracts.Announcement": lambda: (
        [move for move in _tarot_moves() if isinstance(move, tarot.Announcement)]
        or [tarot.Announcement(True)]
    ),
    "cardgames.tarot.contracts.Bid": lambda: [
        move for move in _tarot_moves() if isinstance(move, tarot.Bid)
    ],
    "cardgames.tarot.contracts.Call": lambda: (
        [move for move in _tarot_moves() if isinstance(move, tarot.Call)]
        or [tarot.Call(TarotCard.parse("KH"))]
    ),
    "cardgames.tarot.contracts.Contract": lambda: list(tarot.Contract),
    "cardgames.tarot.contracts.Declaration": lambda: [tarot.Declaration(tarot.Poignee.SINGLE)],
    "cardgames.tarot.contracts.Poignee": lambda: list(tarot.Poignee),
    "cardgames.tarot.deal.Deal": lambda: [Deal.random(Rules.traditional(players=3), seed=1)],
    "cardgames.tarot.game.Game": lambda: [tarot.Game(rules=Rules.simplified(players=4), seed=3)],
    "cardgames.tarot.horizon.Estimate": lambda: list(Estimate),
    "cardgames.tarot.moves.Move": lambda: [tarot.Move.parse("EX")],
    "cardgames.tarot.moves.Trick": lambda: [Trick(leader=1)],
    "cardgames.tarot.records.DealRecord": lambda: list(tarot.record_of(_tarot_over()).deals),
    "cardgames.tarot.records.Record": lambda: [
        tarot.record_of(_tarot_over(), tags={"Event": "Club night"})
    ],
    "cardgames.tarot.records.Series": lambda: [tarot.Series(2**64 - 1, 5)],
    "cardgames.tarot.rules.DiscardRule": lambda: list(tarot.DiscardRule),
    "cardgames.tarot.rules.ExcuseRule": lambda: list(tarot.ExcuseRule),
    "cardgames.tarot.rules.NumeralOrder": lambda: list(tarot.NumeralOrder),
    "cardgames.tarot.rules.Rules": lambda: list(tarot_helpers.PRESETS),
    "cardgames.tarot.scoring.Score": lambda: [_tarot_over().score()],
    "cardgames.tarot.state.Phase": lambda: list(Phase),
    "cardgames.tarot.state.State": lambda: [_tarot_over()],
    "cardgames.tarot.view.View": lambda: [_tarot_over().view(2)],
}


def _spiel_bots() -> list[object]:
    from cardgames.env.spiel_bots import ismcts, uniform_random  # the openspiel extra

    return [ismcts(simulations=7), uniform_random()]


def tailor_state() -> tailor.State:
    return tailor.random_position(tailor.Rules(players=3), seed=2, cards_left=2)


def _in_missing_extra(name: str) -> bool:
    return any(name.startswith(module + ".") for module in MISSING_EXTRAS)


def test_every_public_class_is_listed() -> None:
    found = set(public_classes())
    assert found - set(VALUE_EXAMPLES) - set(NOT_VALUES) == set(), "add examples or a reason"
    gone = {name for name in set(VALUE_EXAMPLES) | set(NOT_VALUES) if not _in_missing_extra(name)}
    assert gone - found == set(), "no longer public"
    assert set(VALUE_EXAMPLES) & set(NOT_VALUES) == set()


@pytest.mark.parametrize("name", sorted(VALUE_EXAMPLES))
def test_every_public_value_comes_back_equal(name: str) -> None:
    classes = public_classes()
    if name not in classes and _in_missing_extra(name):
        pytest.skip("an optional extra that is not installed")
    cls = classes[name]
    values = VALUE_EXAMPLES[name]()
    assert values, "no example"
    for value in values:
        assert isinstance(value, cls)
        for back in round_trips(value):
            assert type(back) is type(value)
            assert back == value
            if type(value).__hash__ is not None:
                assert hash(back) == hash(value)
