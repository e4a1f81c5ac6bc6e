"""The OpenSpiel games and bots (extra ``openspiel``): OpenSpiel's random simulation test for
every preset, the seeded deal as chance nodes, tensors and strings equal to cardgames.env's,
returns equal to the payoffs, resampling that keeps the information state, and OpenSpiel's
bots playing as bots of this library from their view only."""

from __future__ import annotations

import math
import pickle
import random
import re
import subprocess
import sys
from typing import Any

import attrs
import pytest
from hang_guard import WALL_SECONDS

pyspiel = pytest.importorskip("pyspiel")
numpy = pytest.importorskip("numpy")

from cardgames import arena, bots, tailor, tarot  # noqa: E402
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
    SpielNotationError,
    openspiel_game,
)
from cardgames.env.spiel_bots import SpielBot, ismcts, mcts, uniform_random  # noqa: E402
from cardgames.errors import IllegalMoveError, NotationError, RulesError  # noqa: E402

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
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=WALL_SECONDS,
        check=False,
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
    assert bot.choose(view, 8) == move  # a seed will do
    with pytest.raises(RulesError, match="rng"):
        bot.choose(view, -8)
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


@pytest.mark.parametrize("make", [ismcts, mcts])
@pytest.mark.parametrize(
    "uct_c",
    [math.inf, -math.inf, math.nan, pytest.param(10**400, id="10**400"), 1e7, "2", None, True],
)
def test_an_exploration_constant_openspiel_cannot_use_is_refused_up_front(
    make: Any, uct_c: object
) -> None:
    # Regression: ismcts(uct_c=inf) was accepted, and then every move failed with an
    # AssertionError inside OpenSpiel (10**400 raised OverflowError at once).
    with pytest.raises(RulesError, match=r"invalid uct_c .*expected a finite number from 0"):
        make(uct_c=uct_c)


@pytest.mark.parametrize("make", [ismcts, mcts])
def test_the_largest_and_smallest_exploration_constants_play(make: Any) -> None:
    state = tailor.deal(tailor.Rules(players=3), seed=13)
    view = state.view(state.to_move)
    for uct_c in (0, 1e6):
        assert make(simulations=3, uct_c=uct_c).choose(view, 5) in state.legal_moves()


@attrs.frozen
class _Answering:
    """An OpenSpiel bot (as a maker builds one) that answers ``answer`` whatever it is asked."""

    answer: object

    def __call__(self, game: CardgamesGame, seat: int, seed: int) -> _Answering:
        return self

    def step(self, state: CardgamesState) -> object:
        return self.answer


@pytest.mark.parametrize("answer", [37.7, 37.0, "37", None, True, [37], numpy.float64(37)])
def test_an_answer_that_is_not_an_action_id_is_refused(answer: object) -> None:
    # Regression: 37.7 and '37' were played as action 37, None gave a bare TypeError.
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=4)
    view = state.view(state.to_move)
    bot = SpielBot(_Answering(answer), "answering")
    with pytest.raises(
        IllegalMoveError, match=r"invalid answer .* from the OpenSpiel bot answering"
    ):
        bot.choose(view, random.Random(1))


def test_an_int_answer_of_python_or_numpy_is_played() -> None:
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=4)
    view = state.view(state.to_move)
    action = legal_ids(view)[0]
    for answer in (action, numpy.int64(action), numpy.int32(action)):
        move = SpielBot(_Answering(answer), "answering").choose(view, random.Random(1))
        assert move in state.legal_moves()


# -- serialization: the history, never a pickle ---------------------------------------------


def played_to(game: CardgamesGame, seed: int, moves: int) -> CardgamesState:
    """The state after the deal of ``seed`` and ``moves`` random legal actions."""
    state = dealt(game, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def assert_same_state(back: CardgamesState, state: CardgamesState) -> None:
    assert isinstance(back, CardgamesState)
    assert back.position == state.position and back.history() == state.history()
    assert back.current_player() == state.current_player()
    assert back.legal_actions() == state.legal_actions()
    assert back.returns() == state.returns() and str(back) == str(state)
    assert back.serialize() == state.serialize()


@pytest.mark.parametrize("name", ["simplified-4", "traditional-3", "french-4", "tailor-3"])
def test_a_serialized_state_is_its_history_and_replays(name: str) -> None:
    game = openspiel_game(RULES[name])
    for moves in (0, 1, 5, 40, 10_000):  # the last plays the deal (round) to its end
        state = played_to(game, 31 + moves, moves)
        text = state.serialize()
        assert text == "".join(f"{action}\n" for action in state.history())
        assert_same_state(game.deserialize_state(text), state)
    before = game.new_initial_state()
    before.apply_action(3)
    assert before.serialize() == "3\n"
    assert_same_state(game.deserialize_state("3\n"), before)
    assert_same_state(game.deserialize_state(""), game.new_initial_state())
    assert game.deserialize_state("3").history() == [3]  # the last newline may be left out


@pytest.mark.parametrize("name", ["traditional-3", "tailor-3"])
def test_a_state_built_from_a_position_serializes_its_starting_state(name: str) -> None:
    game = openspiel_game(RULES[name])
    state = played_to(game, 12, 6)
    world = state.resample_from_infostate(state.current_player(), lambda: 0.25)
    world.apply_action(world.legal_actions()[-1])
    text = world.serialize()
    first, *rest = text.splitlines()
    assert first == f"starting_state={world.start}"
    assert rest == [str(action) for action in world.history()]
    back = game.deserialize_state(text)
    assert back.start == world.start
    assert_same_state(back, world)


class _Payload:
    """Runs code when unpickled: what a crafted serialized state would carry."""

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (exec, ("import builtins; builtins.cardgames_unpickled = True",))


def test_deserializing_never_unpickles() -> None:
    import base64
    import builtins

    game = pyspiel.load_game("cardgames_tailor(players=3)")
    blob = base64.b64encode(pickle.dumps({"seed": _Payload()})).decode()
    # OpenSpiel's own form for Python games: the history, the move number, a pickled dict.
    text = f"history=\nmove_number=0\n__dict__={blob}"
    try:
        with pytest.raises(SpielNotationError, match="line 1 is 'history='"):
            game.deserialize_state(text)
        assert not hasattr(builtins, "cardgames_unpickled")
    finally:
        if hasattr(builtins, "cardgames_unpickled"):
            del builtins.cardgames_unpickled


TAILOR_DEAL = "0\n" * 7 + "13\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "expected the text of CardgamesState.serialize"),
        (b"0\n", "expected the text of CardgamesState.serialize"),
        ("x\n", "line 1 is 'x'"),
        ("\u0663\n", "line 1 is '\u0663'"),  # an Arabic-Indic three is not a digit here
        ("-1\n", "line 1 is '-1'"),
        (" 4\n", "line 1 is ' 4'"),
        ("4\n\n5\n", "line 2 is ''"),
        ("1" * 10 + "\n", "line 1 is '1111111111'"),
        ("256\n", "line 1, action 256, is not a legal action"),
        (TAILOR_DEAL + "1\n", "line 9, action 1, is not a legal action"),
        ("0\n" * 10_000, "10000 actions, more than a game"),
        ("starting_state=nonsense\n", "line 1: invalid"),
        ("starting_state=" + "x" * 100_001, "longer than 100000 characters"),
    ],
)
def test_any_other_text_is_refused(text: Any, message: str) -> None:
    game = pyspiel.load_game("cardgames_tailor(players=3)")
    with pytest.raises(SpielNotationError, match=re.escape(message)) as raised:
        game.deserialize_state(text)
    # Both the library's error and the one OpenSpiel's games raise.
    assert isinstance(raised.value, NotationError)
    assert isinstance(raised.value, pyspiel.SpielError)


def test_moves_after_the_end_and_other_rules_are_refused() -> None:
    game = openspiel_game(RULES["tailor-3"])
    over = played_to(game, 5, 10_000)
    assert over.is_terminal()
    with pytest.raises(SpielNotationError, match="comes after the end of the game"):
        game.deserialize_state(over.serialize() + "0\n")
    other = openspiel_game(tailor.Rules(players=4)).state_from(
        tailor.deal(tailor.Rules(players=4), 3)
    )
    with pytest.raises(SpielNotationError, match="not this game's rules"):
        game.deserialize_state(other.serialize())
