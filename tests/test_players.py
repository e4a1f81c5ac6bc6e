"""Games and matches played by bots, strategies or a mixture, one player per seat.

A bot (an object with ``choose(view, rng)``) must only ever see its own seat's view, draw from
its own seat's generator, and the same ``rng`` must give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from param_ids import stable_id

from cardgames import tailor, tarot
from cardgames.bots import RandomBot, RuleBot
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.strategies import DEFAULT_BOT_SEED, bot_rng, bot_seed, is_bot, seat_players
from cardgames.tailor.view import View as TailorView
from cardgames.tarot.view import View as TarotView

TAROT_RULES = tarot.Rules.simplified(players=3)
TAILOR_RULES = tailor.Rules(players=3)


class Recorder:
    """A bot that plays the first legal move and remembers what it was handed."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, random.Random]] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        self.calls.append((view, rng))
        return view.legal_moves()[0]


class FirstRngState:
    """A RandomBot that also keeps the state of its generator at its first move."""

    def __init__(self) -> None:
        self.first: object = None
        self.bot = RandomBot()

    def choose(self, view: Any, rng: random.Random) -> Any:
        if self.first is None:
            self.first = rng.getstate()
        return self.bot.choose(view, rng)


def tarot_first(state: tarot.State) -> tarot.Move:
    return state.legal_card_moves()[0]


def tailor_first(state: tailor.State) -> tailor.Move:
    return state.legal_moves()[0]


def check_views(recorders: Sequence[Recorder], view_type: type) -> None:
    for seat, recorder in enumerate(recorders):
        assert recorder.calls, f"seat {seat} never moved"
        for view, rng in recorder.calls:
            assert view.seat == seat and view.to_move == seat
            assert type(view) is view_type  # a View, never the State
            assert isinstance(rng, random.Random)
        # one generator per seat, kept for the whole deal
        assert len({id(rng) for _, rng in recorder.calls}) == 1


# -- a bot sees only its own seat's view ---------------------------------------------------


def test_tarot_bots_only_see_their_own_view() -> None:
    recorders = [Recorder() for _ in range(3)]
    final, record = tarot.play_deal(tarot.deal(TAROT_RULES, seed=3), recorders)
    check_views(recorders, TarotView)
    assert final.is_over and record.replay() == final
    game = tarot.Game(rules=TAROT_RULES, seed=4)
    recorders = [Recorder() for _ in range(3)]
    game, _ = game.play_round(recorders, rng=1)
    check_views(recorders, TarotView)
    recorders = [Recorder() for _ in range(3)]
    assert game.play_out(recorders).is_over
    for seat, recorder in enumerate(recorders):
        assert all(type(view) is TarotView and view.seat == seat for view, _ in recorder.calls)


def test_tailor_bots_only_see_their_own_view() -> None:
    recorders = [Recorder() for _ in range(3)]
    final, record = tailor.play_deal(tailor.deal(TAILOR_RULES, seed=3), recorders)
    check_views(recorders, TailorView)
    assert final.is_over and record.replay() == final
    recorders = [Recorder() for _ in range(3)]
    match = tailor.Match(rules=TAILOR_RULES, rounds=2, seed=4).play_out(recorders, rng=2)
    assert match.is_over
    for seat, recorder in enumerate(recorders):
        assert all(type(view) is TailorView and view.seat == seat for view, _ in recorder.calls)


def test_the_view_a_bot_gets_is_the_states_view_of_its_seat() -> None:
    recorder = Recorder()
    final = tarot.play_deal(tarot.deal(TAROT_RULES, seed=5), [recorder, tarot_first, tarot_first])[
        0
    ]
    # every seat plays its first legal move, so replaying gives the states the bot was in
    state = tarot.deal(TAROT_RULES, seed=5)
    views = iter(view for view, _ in recorder.calls)
    while not state.is_over:
        if state.to_move == 0:
            assert next(views) == state.view(0)
        state = state.play(state.legal_moves()[0])
    assert state == final and next(views, None) is None


def test_one_bot_for_every_seat_gets_a_generator_per_seat() -> None:
    recorder = Recorder()
    tailor.play_deal(tailor.deal(TAILOR_RULES, seed=1), recorder, rng=9)
    by_seat: dict[int, set[int]] = {}
    for view, rng in recorder.calls:
        assert isinstance(view, TailorView)
        by_seat.setdefault(view.seat, set()).add(id(rng))
    assert sorted(by_seat) == [0, 1, 2] and all(len(ids) == 1 for ids in by_seat.values())
    assert len(set().union(*by_seat.values())) == 3


# -- randomness --------------------------------------------------------------------------


@pytest.mark.parametrize("rng", [None, 0, 5, 2**64 - 1])
def test_the_same_rng_gives_the_same_game(rng: int | None) -> None:
    bots: list[Any] = [RandomBot(), RuleBot(), RandomBot()]
    game = tarot.Game(rules=TAROT_RULES, seed=6)
    assert game.play_out(bots, rng=rng) == game.play_out(bots, rng=rng)
    match = tailor.Match(rules=TAILOR_RULES, rounds=3, seed=6)
    assert match.play_out(bots, rng=rng) == match.play_out(bots, rng=rng)


def test_none_is_the_default_seed_and_a_random_gives_one_draw() -> None:
    bots = RandomBot()
    state = tailor.deal(TAILOR_RULES, seed=2)
    default = tailor.play_deal(state, bots)[0]
    assert default == tailor.play_deal(state, bots, rng=DEFAULT_BOT_SEED)[0]
    base = random.Random(11).getrandbits(64)
    given = random.Random(11)
    assert tailor.play_deal(state, bots, rng=given)[0] == tailor.play_deal(state, bots, rng=base)[0]
    drawn_once = random.Random(11)
    drawn_once.getrandbits(64)
    assert given.getstate() == drawn_once.getstate()
    assert bot_seed(None) == DEFAULT_BOT_SEED and bot_seed(base) == base


def test_different_rngs_give_different_random_play() -> None:
    game = tarot.Game(rules=TAROT_RULES, seed=6)
    results = {game.play_out(RandomBot(), rng=seed).deals for seed in range(4)}
    assert len(results) == 4
    match = tailor.Match(rules=TAILOR_RULES, rounds=2, seed=6)
    assert len({match.play_out(RandomBot(), rng=seed).deals for seed in range(4)}) == 4


def test_a_bots_stream_does_not_depend_on_the_other_seats() -> None:
    states = []
    others: list[Any]
    for others in ([tailor_first, tailor_first], [RandomBot(), RuleBot()]):
        watcher = FirstRngState()
        tailor.play_deal(tailor.deal(TAILOR_RULES, seed=4), [watcher, *others], rng=12)
        states.append(watcher.first)
    assert states[0] == states[1] == bot_rng(12, 0, 0).getstate()


def test_each_round_gets_the_generators_of_its_number() -> None:
    watcher = FirstRngState()
    match = tailor.Match(rules=TAILOR_RULES, rounds=3, seed=1)
    match, _ = match.play_round([tailor_first, tailor_first, watcher], rng=3)
    watcher.first = None
    match.play_round([tailor_first, tailor_first, watcher], rng=3)
    assert watcher.first == bot_rng(3, 1, 2).getstate()


@pytest.mark.parametrize("game_name", ["tarot", "tailor"])
def test_play_out_is_play_round_repeated_with_the_same_rng(game_name: str) -> None:
    bots = [RandomBot(), RandomBot(), RuleBot()]
    whole: Any
    if game_name == "tarot":
        whole = tarot.Game(rules=TAROT_RULES, seed=8)
    else:
        whole = tailor.Match(rules=TAILOR_RULES, rounds=3, seed=8)
    stepped = whole
    while not stepped.is_over:
        stepped, record = stepped.play_round(bots, rng=21)
        assert record.replay() == stepped.deals[-1]
    assert whole.play_out(bots, rng=21) == stepped


# -- mixtures ----------------------------------------------------------------------------


def test_bots_and_strategies_mix() -> None:
    seen_states: list[object] = []

    def strategy(state: tarot.State) -> tarot.Move:
        seen_states.append(state)
        return state.legal_card_moves()[-1]

    recorder = Recorder()
    game = tarot.Game(rules=TAROT_RULES, seed=2).play_out([recorder, strategy, RuleBot()], rng=1)
    assert game.is_over and recorder.calls and seen_states
    assert all(type(state) is tarot.State and state.to_move == 1 for state in seen_states)
    assert all(type(view) is TarotView and view.seat == 0 for view, _ in recorder.calls)
    # the same mixture replays exactly
    again = tarot.Game(rules=TAROT_RULES, seed=2).play_out([Recorder(), strategy, RuleBot()], rng=1)
    assert again == game


def test_tailor_mixture_and_records() -> None:
    match, record = tailor.Match(rules=TAILOR_RULES, seed=3).play_round(
        [tailor.random_strategy(1), RuleBot(), RandomBot()], rng=4
    )
    assert record.replay() == match.deals[0]


def test_a_strategy_first_legal_and_a_bot_first_legal_play_alike() -> None:
    deal = tailor.deal(TAILOR_RULES, seed=7)
    by_bots = tailor.play_deal(deal, Recorder())[0]
    by_strategies = tailor.play_deal(deal, tailor_first)[0]
    assert by_bots == by_strategies


# -- errors ------------------------------------------------------------------------------


class NotCallableChoose:
    choose = 5


@pytest.mark.parametrize(
    "players",
    [
        [RandomBot()] * 2,
        [RandomBot()] * 4,
        [],
        [RandomBot(), RandomBot(), object()],
        [RandomBot(), NotCallableChoose(), RandomBot()],
        object(),
        NotCallableChoose(),
        "rule",
        {0: RandomBot()},
        None,
    ],
    ids=stable_id,
)
def test_bad_players_are_refused(players: Any) -> None:
    game = tarot.Game(rules=TAROT_RULES, seed=1)
    match = tailor.Match(rules=TAILOR_RULES, seed=1)
    plays: list[Callable[[Any], object]] = [
        game.play_out,
        game.play_round,
        lambda p: tarot.play_deal(game.start_next(), p),
        match.play_out,
        match.play_round,
        lambda p: tailor.play_deal(match.next_deal(), p),
    ]
    for play in plays:
        with pytest.raises(RulesError, match="strateg") as info:
            play(players)
        message = str(info.value)
        if isinstance(players, list) and len(players) == 3:
            assert "for seat" in message and ("object" in message or "NotCallable" in message)
        elif isinstance(players, list):
            assert f"{len(players)} given for 3 seats" in message


def test_the_error_quotes_the_player_and_says_what_was_expected() -> None:
    with pytest.raises(RulesError) as info:
        tarot.Game(rules=TAROT_RULES, seed=1).play_out([RandomBot(), RandomBot(), 42])  # type: ignore[list-item]
    assert str(info.value) == (
        "invalid Tarot strategy 42 for seat 2: expected a strategy (a callable from a state to "
        "a move) or a bot (an object with a choose(view, rng) method)"
    )
    with pytest.raises(RulesError, match="invalid Chase the Tailor strategies: 2 given for 3"):
        tailor.Match(rules=TAILOR_RULES).play_out([RandomBot(), RandomBot()])


@pytest.mark.parametrize("rng", [-1, 2**64, True, "1", 1.5, [1]], ids=repr)
def test_bad_rng_is_refused(rng: Any) -> None:
    game = tarot.Game(rules=TAROT_RULES, seed=1)
    match = tailor.Match(rules=TAILOR_RULES, seed=1)
    plays: list[Callable[[], object]] = [
        lambda: game.play_out(RandomBot(), rng=rng),
        lambda: game.play_round(RandomBot(), rng=rng),
        lambda: tarot.play_deal(game.start_next(), RandomBot(), rng=rng),
        lambda: match.play_out(RandomBot(), rng=rng),
        lambda: match.play_round(RandomBot(), rng=rng),
        lambda: tailor.play_deal(match.next_deal(), RandomBot(), rng=rng),
    ]
    for play in plays:
        with pytest.raises(RulesError, match=r"invalid rng .*expected a seed"):
            play()


def test_a_bot_returning_an_illegal_move_is_an_illegal_move() -> None:
    class Cheat:
        def choose(self, view: Any, rng: random.Random) -> Any:
            return "1S"

    with pytest.raises(IllegalMoveError):
        tarot.play_deal(tarot.deal(TAROT_RULES, seed=1), Cheat())
    with pytest.raises(IllegalMoveError):
        tailor.play_deal(tailor.deal(TAILOR_RULES, seed=1), Cheat())


def test_a_callable_bot_counts_as_a_bot() -> None:
    class Both(Recorder):
        def __call__(self, state: object) -> object:
            raise AssertionError("a bot must not be handed the state")

    both = Both()
    assert is_bot(both)
    tailor.play_deal(tailor.deal(TAILOR_RULES, seed=2), both)
    assert both.calls and all(type(view) is TailorView for view, _ in both.calls)
    players: list[Any] = [both, tailor_first]
    wrapped: tuple[Any, ...] = seat_players(players, 2, "Chase the Tailor", view=tailor.State.view)
    assert wrapped[0] is not both and wrapped[1] is tailor_first
