"""A fourth game plugs in through the descriptor alone: whist, written in ``tests/whist`` on
the library's core and nothing else, registered here and then played, analysed, reviewed,
batched, drawn and run from the command line by the library's shared floors, none of which
knows it.

This file is also the walk-through of how to add a game (the docs' "How the library is built"
page follows it): write the game's rooms, write one descriptor object
(:class:`cardgames.games.GameDescriptor`), and call :func:`cardgames.games.register`.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
import whist

from cardgames import arena, bots, cli, games, solver, svg
from cardgames.errors import NotationError, RulesError
from cardgames.solver.batch import Job, SerialExecutor, analyse_many, solve_many


@pytest.fixture(autouse=True, scope="module")
def _whist_registered() -> Iterator[None]:
    # What a program adding a game does once, at start-up; the test takes it out again so
    # that the other tests see the library's games only.
    games.register(whist.GAME)
    yield
    games.unregister("whist")


def _deal(cards: int = 3, seed: int = 1) -> whist.State:
    return whist.deal(whist.Rules(cards_each=cards), seed)


def _played(state: whist.State, seed: int) -> whist.State:
    rng = random.Random(seed)
    while not state.is_over:
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])
    return state


def test_the_registry_finds_the_game_from_any_of_its_values() -> None:
    state = _deal()
    assert games.of(state) is whist.GAME
    assert games.of(state.rules) is whist.GAME and games.of(state.view(0)) is whist.GAME
    assert games.named("whist") is whist.GAME
    assert [game.name for game in games.registered()][-1] == "whist"
    with pytest.raises(RulesError, match="a game named 'whist' is registered"):
        games.register(attrs.evolve(whist.GAME, title="Another whist"))


def test_registering_again_is_harmless_and_the_library_games_stay() -> None:
    games.register(whist.GAME)
    with pytest.raises(RulesError, match="one of the library's games"):
        games.unregister("tarot")


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_agrees_with_the_reference_search(seed: int) -> None:
    state = _deal(cards=3, seed=seed)
    for _ in range(seed % 5):
        state = state.play(state.legal_moves()[0])
    analysis = solver.analyse(state)
    assert analysis.exact and analysis.game == "whist"
    assert analysis.value == solver.reference_value(state)
    assert solver.solve(state).value == analysis.value
    for entry in analysis.move_values:
        after = state.play(entry.move)
        assert entry.value == solver.reference_value(after, perspective=state.to_move)


def test_the_best_line_reaches_the_value_and_analyse_play_finds_no_loss() -> None:
    state = _deal(cards=4, seed=3)
    analysis = solver.analyse(state, perspective=0)
    final = state
    for move in analysis.pv:
        final = final.play(move)
    assert final.is_over and final.payoffs()[0] == analysis.value
    steps = solver.analyse_play(state, analysis.pv)
    assert [step.loss for step in steps] == [0] * len(analysis.pv)


def test_a_review_judges_every_card_and_finds_the_mistake() -> None:
    state = _deal(cards=3, seed=5)
    final = _played(state, seed=2)
    review = solver.review(state, final.played)
    assert review.game == "whist" and len(review.steps) == len(final.played)
    worst = max(review.steps, key=lambda step: step.loss)
    before = state
    for move in final.played[: worst.number - 1]:  # type: ignore[operator]
        before = before.play(move)
    best = solver.analyse(before).value
    assert (
        worst.loss
        == best - solver.analyse(before.play(worst.move), perspective=before.to_move).value
    )
    assert "Summary" in review.to_unicode()


def test_batches_take_its_states_and_its_positions_as_text() -> None:
    states = [_deal(cards=3, seed=seed) for seed in range(3)]
    jobs: list[Job | whist.State] = [Job(position=str(states[0]), game="whist"), *states[1:]]
    results = list(analyse_many(jobs, executor=SerialExecutor()))
    assert [result.value for result in results] == [  # type: ignore[union-attr]
        solver.analyse(state).value for state in states
    ]
    solutions = list(solve_many(states, executor=SerialExecutor()))
    assert [solution.value for solution in solutions] == [r.value for r in results]  # type: ignore[union-attr]


def test_a_duplicate_arena_seats_random_and_pimc_bots() -> None:
    rules = whist.Rules(cards_each=3)
    players = [bots.RandomBot(), bots.PIMCBot(worlds=2), bots.RandomBot(), bots.PIMCBot(worlds=2)]
    result = arena.run(rules, players, deals=3, seed=4)
    assert result.game == "whist" and len(result.games) == 3 * 2
    assert arena.ArenaResult.from_dict(result.to_dict()) == result
    assert arena.run(rules, players, deals=3, seed=4) == result
    assert "the side's tricks minus half the tricks" in result.table()


def test_the_bots_see_only_a_view() -> None:
    state = _deal(cards=3, seed=2)
    with pytest.raises(RulesError, match="never handed a State"):
        bots.RuleBot().choose(state, random.Random(0))  # type: ignore[call-overload]
    view = state.view(state.to_move)
    assert bots.RuleBot().choose(view, random.Random(0)) in state.legal_moves()
    assert bots.PIMCBot(worlds=2).choose(view, random.Random(1)) in state.legal_moves()


def test_pictures_text_and_svg() -> None:
    state = _deal(cards=3, seed=1)
    assert "seat 0" in games.of(state).state_text(state)
    image = svg.table(state)
    root = ElementTree.fromstring(image)
    assert root.tag.endswith("svg") and image.count('class="card"') == 12


def test_the_command_line_shows_reviews_and_analyses_its_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    final = _played(_deal(cards=3, seed=8), seed=1)
    record = tmp_path / "deal.json"
    record.write_text(whist.GAME.dumps(final, {"Event": "test"}, 2))
    assert cli.main(["show", str(record)]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Whist (whist-3-H)") and "Event: test" in shown
    assert cli.main(["review", str(record)]) == 0
    assert "Summary" in capsys.readouterr().out
    assert cli.main(["analyse", str(record), "--after", "4", "--json"]) == 0
    analysis = json.loads(capsys.readouterr().out)
    assert analysis["game"] == "whist" and analysis["exact"]
    assert cli.main(["deal", "whist", "--rules", "whist-4-NT", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "whist-4-NT"


def test_a_record_reads_back_and_bad_ones_are_refused() -> None:
    final = _played(_deal(cards=3, seed=8), seed=1)
    text = whist.GAME.dumps(final, {}, None)
    record = whist.GAME.loads(text)
    (only,) = record.deals
    assert only.moves == final.played and only.start().dealt == final.dealt
    data = json.loads(text)
    moves = data["deals"][0]["moves"]
    moves[0], moves[1] = moves[1], moves[0]  # the second seat's card played first
    with pytest.raises(NotationError, match="illegal whist card"):
        whist.GAME.loads(json.dumps(data))


def test_a_pettingzoo_environment_passes_api_test_and_plays_a_whole_deal() -> None:
    # The environments build on the game's action space (its descriptor's ``actions``); with
    # no fast step of its own the game runs on the library's states.
    pytest.importorskip("pettingzoo")
    import warnings

    from pettingzoo.test import api_test, seed_test

    from cardgames.env.pettingzoo import game_env

    rules = whist.Rules(cards_each=4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(game_env(rules), num_cycles=50)
        seed_test(lambda: game_env(rules), num_cycles=50)
    assert {str(warning.message) for warning in caught} <= {
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or "
        "gymnasium.spaces.discrete",
    }
    env = game_env(rules)
    env.reset(seed=3)
    cards = 0
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = env._cumulative_rewards[agent]
            env.step(None)
            continue
        legal = [i for i, allowed in enumerate(observation["action_mask"]) if allowed]
        env.step(legal[0])
        cards += 1
    assert cards == 16
    # Each seat is paid its side's tricks: the four tricks counted once per partner.
    assert len(final) == 4 and sum(final.values()) == 8


def test_the_observation_is_what_the_seat_knows() -> None:
    from whist.actions import WhistActions

    state = _played(_deal(cards=2, seed=4), 1)
    space = WhistActions(state.rules)
    at = {field.name: field.offset for field in space.layout()}
    ones, values = space.sparse_state(state, 0)
    # All eight cards were played, each once in its player's block; both tricks are counted.
    played = [i for i in ones if at["played"] <= i < at["trick"]]
    assert len(played) == 8
    assert sum(value for _, value in values) * 2 == 2
    # A view of the first position shows the seat's two cards and seat 1 to move.
    start = _deal(cards=2, seed=4)
    ones, _ = space.sparse_state(start, 2)
    assert sorted(i for i in ones if i < 52) == sorted(card.index for card in start.hands[2])
    assert at["to_move"] + (1 - 2) % 4 in ones
