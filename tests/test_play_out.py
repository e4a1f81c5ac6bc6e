"""``State.play_out``: one call that plays a deal (Tarot) or a round (Chase the Tailor) to its
end with bots or strategies, the same in both games."""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest
from tarot_helpers import position

from cardgames import tailor, tarot
from cardgames.bots import RandomBot, RuleBot
from cardgames.errors import RulesError
from cardgames.tailor import _seating as tailor_match
from cardgames.tarot import _seating as tarot_game


class Spy:
    """A bot that records what it is handed and plays the first legal move."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        self.seen.append(view)
        return view.legal_moves()[0]


def _tarot_start() -> tarot.State:
    return tarot.deal(tarot.Rules.french(players=4), seed=2)


def _tailor_start() -> tailor.State:
    return tailor.deal(tailor.Rules(players=3), seed=13)


def test_the_call_is_the_same_in_both_games() -> None:
    tarot_signature = inspect.signature(tarot.State.play_out)
    tailor_signature = inspect.signature(tailor.State.play_out)
    assert list(tarot_signature.parameters) == ["self", "players", "rng"]
    assert [p.kind for p in tarot_signature.parameters.values()] == [
        p.kind for p in tailor_signature.parameters.values()
    ]
    assert tarot_signature.parameters["rng"].default is None
    assert tailor_signature.parameters["rng"].default is None


def test_tarot_play_out_finishes_the_deal_and_leaves_the_state_alone() -> None:
    state = _tarot_start()
    before = str(state)
    final = state.play_out(RuleBot(), rng=1)
    assert final.is_over and final.taker == 0 and not state.is_over
    assert str(state) == before
    assert final.history()[: len(state.history())] == state.history()


def test_tailor_play_out_finishes_the_round_and_leaves_the_state_alone() -> None:
    state = _tailor_start()
    before = str(state)
    final = state.play_out([RuleBot(), RandomBot(), RuleBot()], rng=4)
    assert final.is_over and not state.is_over and str(state) == before
    assert tailor.match.start_of(final) is state


def test_play_out_gives_play_deals_final_state() -> None:
    tarot_players: list[tarot.Players] = [
        RandomBot(),
        [RuleBot(), RandomBot(), RandomBot(), RuleBot()],
    ]
    for bots in tarot_players:
        state = _tarot_start()
        assert state.play_out(bots, rng=5) == tarot.play_deal(state, bots, rng=5)[0]

    # a random strategy carries its generator along, so each call gets a fresh one
    def mixed() -> tailor.Players:
        return [RuleBot(), tailor.random_strategy(3), RandomBot()]

    def one() -> tailor.Players:
        return RandomBot()

    for seats in (one, mixed):
        round_ = _tailor_start()
        final = round_.play_out(seats(), rng=5)
        assert final == tailor.play_deal(round_, seats(), rng=5)[0]


def test_one_bot_for_every_seat_is_the_same_as_one_per_seat() -> None:
    state = _tarot_start()
    assert state.play_out(RandomBot(), rng=8) == state.play_out([RandomBot()] * 4, rng=8)
    round_ = _tailor_start()
    assert round_.play_out(RandomBot(), rng=8) == round_.play_out([RandomBot()] * 3, rng=8)


def test_the_rng_makes_bots_reproducible() -> None:
    state = _tarot_start()
    assert state.play_out(RandomBot(), rng=3) == state.play_out(RandomBot(), rng=3)
    assert state.play_out(RandomBot(), rng=random.Random(3)) == state.play_out(
        RandomBot(), rng=random.Random(3)
    )
    assert state.play_out(RandomBot()) == state.play_out(RandomBot(), rng=0)


def test_bots_are_handed_only_views() -> None:
    spy = Spy()
    final = _tarot_start().play_out(spy)
    assert final.is_over and spy.seen
    assert all(isinstance(seen, tarot.View) for seen in spy.seen)
    spy = Spy()
    simple = tarot.deal(tarot.Rules.simplified(players=4), seed=1).play_out(spy)
    assert simple.is_over and all(isinstance(seen, tarot.View) for seen in spy.seen)
    spy = Spy()
    assert _tailor_start().play_out(spy).is_over
    assert spy.seen and all(isinstance(seen, tailor.View) for seen in spy.seen)


def test_strategies_are_handed_the_state() -> None:
    seen: list[object] = []

    def first(state: tarot.State) -> tarot.AnyMove:
        seen.append(state)
        return state.legal_moves()[0]

    assert _tarot_start().play_out(first).is_over
    assert all(isinstance(state, tarot.State) for state in seen)


def test_play_out_reuses_the_games_seating(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[object, ...]] = []
    for module in (tarot_game, tailor_match):
        original = module._players

        def spying(*args: Any, original: Any = original) -> Any:
            calls.append(args)
            return original(*args)

        monkeypatch.setattr(module, "_players", spying)
    _tarot_start().play_out(RandomBot(), rng=2)
    _tailor_start().play_out(RandomBot(), rng=2)
    assert [call[2:] for call in calls] == [(2, 0), (2, 0)]


def test_a_finished_state_is_returned_as_it_is() -> None:
    final = _tarot_start().play_out(RandomBot())
    assert final.play_out(RandomBot()) is final
    over = _tailor_start().play_out(RandomBot())
    assert over.play_out(RandomBot()) is over


def test_a_made_up_tarot_position_plays_out_though_play_deal_refuses_it() -> None:
    rules = tarot.Rules.simplified(players=3)
    state = position(rules, ["KS 2S", "QS 3S", "1S 4S"], leader=0)
    final = state.play_out(RuleBot())
    assert final.is_over and len(final.tricks) == 2
    with pytest.raises(RulesError, match=r"State\.play_out"):
        tarot.play_deal(state, RuleBot())


def test_bad_players_and_rng_are_refused() -> None:
    state = _tarot_start()
    with pytest.raises(RulesError, match="2 given for 4 seats"):
        state.play_out([RandomBot(), RandomBot()])
    with pytest.raises(RulesError, match="invalid Tarot strategy 3"):
        state.play_out(3)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="rng"):
        state.play_out(RandomBot(), rng=-1)
    round_ = _tailor_start()
    with pytest.raises(RulesError, match="4 given for 3 seats"):
        round_.play_out([RandomBot()] * 4)
    with pytest.raises(RulesError, match="rng"):
        round_.play_out(RandomBot(), rng="seed")  # type: ignore[arg-type]
