"""The OpenSpiel games and bots (extra ``openspiel``): OpenSpiel's random simulation test for
every preset, the seeded deal as chance nodes, tensors and strings equal to cardgames.env's,
returns equal to the payoffs, resampling that keeps the information state, and OpenSpiel's
bots playing as bots of this library from their view only."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from cardgames import arena, bots, bridge, tailor, tarot  # noqa: E402
from cardgames.env import (  # noqa: E402
    action_count,
    information_state,
    legal_ids,
    observation_size,
    observe,
)
from cardgames.env.games import EnvGame  # noqa: E402
from cardgames.env.openspiel import (  # noqa: E402
    GAME_NAMES,
    SEED_BYTES,
    CardgamesGame,
    CardgamesState,
    openspiel_game,
)
from cardgames.env.spiel_bots import SpielBot, ismcts, mcts, uniform_random  # noqa: E402
from cardgames.errors import IllegalMoveError, RulesError  # noqa: E402

TAROT_PRESETS = [
    "simplified-2",
    "simplified-3",
    "simplified-4",
    "simplified-5",
    "simplified-6",
    "traditional-3",
    "traditional-4",
    "french-3",
    "french-4",
    "french-5",
]
RULES: dict[str, Any] = {name: tarot.Rules.preset(name) for name in TAROT_PRESETS}
RULES["tailor-3"] = tailor.Rules(players=3)
RULES["tailor-5-chase"] = tailor.Rules(players=5, chase_mode=True, max_turns=200)
RULES["bridge-D-by-W"] = bridge.Contract.parse("D by W")


def dealt(game: CardgamesGame, seed: int) -> CardgamesState:
    """The state after the eight chance nodes that spell ``seed``."""
    state = game.new_initial_state()
    for shift in range(8 * (SEED_BYTES - 1), -1, -8):
        state.apply_action((seed >> shift) & 0xFF)
    return state


@pytest.mark.parametrize("name", RULES)
def test_random_simulation_test_passes(name: str) -> None:
    # OpenSpiel's own checks: legal actions, chance outcomes, returns within the bounds,
    # tensors of the declared shape, strings, clones, for one whole game.
    pyspiel.random_sim_test(openspiel_game(RULES[name]), num_sims=1, serialize=False, verbose=False)


def test_registered_games_load_and_replay_serialized() -> None:
    assert set(GAME_NAMES) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("cardgames_tarot_trad(players=4)")
    assert isinstance(game, CardgamesGame)
    assert game.rules == tarot.Rules.traditional(players=4)
    assert pyspiel.load_game("cardgames_tarot_french").rules == tarot.Rules.french(players=4)
    assert pyspiel.load_game("cardgames_tarot").rules == tarot.Rules.simplified(players=4)
    assert pyspiel.load_game("cardgames_tailor").rules == tailor.Rules(players=3)
    assert pyspiel.load_game("cardgames_bridge").rules == bridge.Contract.parse("NT by S")
    # With serialization: the history (the seed bytes, then the ids) replays to the same state.
    pyspiel.random_sim_test(
        pyspiel.load_game("cardgames_tailor(players=2)"), num_sims=1, serialize=True, verbose=False
    )


def test_the_interpreter_exits_cleanly_after_registering() -> None:
    # OpenSpiel keeps the registered factories until exit; a function left there aborted the
    # interpreter as it finalized (a fatal error, exit code 134).
    script = (
        "import pyspiel, cardgames.env.openspiel; "
        "pyspiel.load_game('cardgames_tailor').new_initial_state().apply_action(1)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Fatal" not in done.stderr


def test_bad_players_and_rules_are_refused() -> None:
    with pytest.raises(RulesError, match="invalid players 9 for cardgames_tailor"):
        pyspiel.load_game("cardgames_tailor(players=9)")
    with pytest.raises(RulesError, match="invalid players 2 for cardgames_tarot_french"):
        pyspiel.load_game("cardgames_tarot_french(players=2)")
    with pytest.raises(RulesError, match="invalid rules 'tarot'"):
        openspiel_game("tarot")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["traditional-3", "french-5", "tailor-3"])
def test_the_deal_is_eight_seed_bytes(name: str) -> None:
    rules = RULES[name]
    game = openspiel_game(rules)
    state = game.new_initial_state()
    for _ in range(SEED_BYTES):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert [action for action, _ in outcomes] == list(range(256))
        assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
        assert state.information_state_tensor(0) == [0.0] * observation_size(rules)
        state.apply_action(0x5A)
    assert state.position == EnvGame(rules).new_state(0x5A5A5A5A5A5A5A5A)
    assert game.num_distinct_actions() == action_count(rules)
    assert game.max_chance_outcomes() == 256
    # The seed stays hidden: a different last byte gives a different deal, same strings before.
    other = game.new_initial_state()
    for _ in range(SEED_BYTES - 1):
        other.apply_action(0x5A)
    assert other.information_state_string(0) != state.information_state_string(0)
    assert str(other).startswith("dealing (7 of 8")


@pytest.mark.parametrize("name", ["traditional-3", "french-3", "tailor-3"])
def test_tensors_strings_and_returns_are_cardgames_env(name: str) -> None:
    rules = RULES[name]
    game = openspiel_game(rules)
    state = dealt(game, 2024)
    rng = random.Random(5)
    steps = 0
    while not state.is_terminal():
        position = state.position
        assert position is not None
        seat = state.current_player()
        assert state.legal_actions() == sorted(legal_ids(position))
        steps += 1
        # Every player's strings and tensors at the first steps (the bidding, the first
        # tricks), then now and then.
        for player in range(rules.players) if steps < 8 or steps % 15 == 0 else ():
            view = position.view(player)
            assert state.information_state_string(player) == information_state(view)
            assert state.observation_string(player) == information_state(view)
            assert state.information_state_tensor(player) == pytest.approx(observe(view))
            assert state.observation_tensor(player) == pytest.approx(observe(view))
        assert state.returns() == [0.0] * rules.players
        state.apply_action(rng.choice(state.legal_actions()))
        assert seat >= 0
    assert state.position is not None
    assert state.returns() == [float(payoff) for payoff in state.position.payoffs()]
    if isinstance(rules, tarot.Rules):
        assert sum(state.returns()) == pytest.approx(0.0)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    state = dealt(openspiel_game(RULES["traditional-3"]), 7)
    before = (state.position, state.history())
    illegal = next(a for a in range(78) if a not in state.legal_actions())
    with pytest.raises(IllegalMoveError, match=f"illegal Tarot action id {illegal} .*legal ids"):
        state.apply_action(illegal)
    assert (state.position, state.history()) == before
    chance = openspiel_game(RULES["tailor-3"]).new_initial_state()
    with pytest.raises(RulesError, match="invalid chance outcome 300"):
        chance.apply_action(300)


def test_clones_are_independent() -> None:
    state = dealt(openspiel_game(RULES["tailor-3"]), 11)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.position != state.position
    assert len(clone.history()) == len(state.history()) + 1
    assert state.position is not None
    assert state.legal_actions() == sorted(legal_ids(state.position))


@pytest.mark.parametrize("name", ["traditional-3", "tailor-3"])
def test_resampling_keeps_what_the_player_knows(name: str) -> None:
    rules = RULES[name]
    game = openspiel_game(rules)
    state = dealt(game, 99)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    numbers = iter([0.1, 0.7, 0.3])
    worlds = [state.resample_from_infostate(player, lambda: next(numbers)) for _ in range(3)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        assert world.history() == []
    # Other seats' hands differ from world to world.
    assert len({world.position for world in worlds}) > 1
    before = game.new_initial_state()
    assert str(before.resample_from_infostate(0, random.random)) == str(before)


@pytest.mark.parametrize(
    "make", [lambda: ismcts(simulations=3), lambda: mcts(simulations=3), uniform_random]
)
def test_openspiel_bots_play_tailor_from_views(make: Any) -> None:
    rules = tailor.Rules(players=2)
    result = arena.run(rules, [make(), bots.RuleBot()], deals=1, seed=3)
    assert len(result.games) == 2
    again = arena.run(rules, [make(), bots.RuleBot()], deals=1, seed=3)
    assert again == result  # every random choice comes from the arena's seeds


def test_ismcts_plays_a_tarot_move_from_a_view_only() -> None:
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=4)
    view = state.view(state.to_move)
    bot = ismcts(simulations=2)
    move = bot.choose(view, random.Random(8))
    assert move in state.legal_moves()
    assert move == bot.choose(view, random.Random(8))
    with pytest.raises(RulesError, match="invalid view"):
        bot.choose(state, random.Random(8))  # type: ignore[call-overload]
    with pytest.raises(RulesError, match="rng"):
        bot.choose(view, 8)  # type: ignore[call-overload]
    # A seat that is not to move has no legal id to give.
    with pytest.raises(IllegalMoveError, match=r"seat \d is not to move"):
        uniform_random().choose(state.view((state.to_move + 1) % 3), random.Random(8))


def test_bots_pickle_and_validate() -> None:
    bot = ismcts(simulations=7, uct_c=1.0, rollouts=2)
    assert pickle.loads(pickle.dumps(bot)) == bot
    assert bot.name == "ismcts(7)"
    with pytest.raises(RulesError, match="invalid simulations 1"):
        ismcts(simulations=1)
    with pytest.raises(RulesError, match="invalid uct_c -1"):
        mcts(uct_c=-1)
    with pytest.raises(RulesError, match="invalid rollouts 0"):
        mcts(rollouts=0)
    with pytest.raises(RulesError, match="invalid bot maker 3"):
        SpielBot(3)  # type: ignore[arg-type]


def test_bridge_through_openspiel_the_declarer_chooses_the_dummys_cards() -> None:
    game = pyspiel.load_game("cardgames_bridge")
    assert game.num_distinct_actions() == 52
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    state = dealt(game, 31)
    while not state.is_terminal():
        position = state.position
        assert position is not None
        assert state.current_player() == int(bridge.controller(position.contract, position.to_move))
        assert state.current_player() != 0  # South declares: North, the dummy, never chooses
        state.apply_action(state.legal_actions()[0])
    assert sum(state.returns()) == 26.0


@pytest.mark.parametrize("name", ["traditional-3", "tailor-3"])
def test_a_state_pickles_as_its_position(name: str) -> None:
    # The deal in progress (a step engine) pickles as the library's state and is rebuilt.
    state = dealt(openspiel_game(RULES[name]), 12)
    for _ in range(4):
        state.apply_action(state.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(state))
    assert again.position == state.position
    assert again.legal_actions() == state.legal_actions()
    again.apply_action(again.legal_actions()[0])
    assert again.position != state.position
