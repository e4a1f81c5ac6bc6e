"""Both solver backends give the same answers with the same effort.

The suite runs on the installed backend (compiled where the build could compile); these tests
start a second interpreter with ``CARDGAMES_PURE=1`` and compare values and node counts
position by position. Where no compiled build is installed both sides are pure Python and the
comparison still checks that the switch works.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest

from cardgames import solver, tarot
from cardgames.search import CutStats, LimitReached
from cardgames.solver.tarot import build_model, root_position
from cardgames.tarot.search import NATIVE_CORE, TarotSearch
from cardgames.tarot.search_model import Position, TarotModel, future_bounds

PRESETS = [
    tarot.Rules.simplified(players=3),
    tarot.Rules.simplified(players=4),
    tarot.Rules.traditional(players=3),
    tarot.Rules.traditional(players=4),
]

# Positions and measurements both sides compute, as a script for the pure-Python side.
SCRIPT = """
import json, sys
from cardgames import solver, tarot
presets = [tarot.Rules.parse(text) for text in sys.argv[1].split(';')]
out = []
for preset in presets:
    for seed in range(6):
        state = tarot.random_position(preset, seed=seed, tricks_left=3)
        analysis = solver.analyse(state)
        limited = solver.analyse(state, limit=solver.Limit(nodes=25))
        out.append([solver.backend(), str(analysis.value), analysis.nodes,
                    [str(entry.value) for entry in analysis.move_values],
                    limited.nodes, str(limited.lower), str(limited.upper)])
print(json.dumps(out))
"""


def measure_here() -> list[list[object]]:
    out: list[list[object]] = []
    for preset in PRESETS:
        for seed in range(6):
            state = tarot.random_position(preset, seed=seed, tricks_left=3)
            analysis = solver.analyse(state)
            limited = solver.analyse(state, limit=solver.Limit(nodes=25))
            out.append(
                [
                    solver.backend(),
                    str(analysis.value),
                    analysis.nodes,
                    [str(entry.value) for entry in analysis.move_values],
                    limited.nodes,
                    str(limited.lower),
                    str(limited.upper),
                ]
            )
    return out


def test_pure_python_and_the_installed_backend_agree_node_for_node() -> None:
    env = {**os.environ, "CARDGAMES_PURE": "1"}
    presets = ";".join(str(preset) for preset in PRESETS)
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, presets],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    pure = json.loads(result.stdout)
    here = measure_here()
    assert {row[0] for row in pure} == {"python"}
    assert [row[1:] for row in pure] == [row[1:] for row in here]


# The inner loop in C (cardgames/tarot/_core.c) against the Python search, in one process: a
# searcher that counts (stats=CutStats()) always runs the Python search.

C_PRESETS = [
    *PRESETS,
    tarot.Rules.simplified(players=2),
    tarot.Rules.simplified(players=6),
    tarot.Rules.french(players=3),
    tarot.Rules.french(players=4),
    tarot.Rules.french(players=5),
]


def _teams(state: tarot.State) -> list[int]:
    return [state.team_of(seat) for seat in range(state.rules.players)]


def _both(model: TarotModel, **options: Any) -> tuple[TarotSearch, TarotSearch]:
    return TarotSearch(model, **options), TarotSearch(model, stats=CutStats(), **options)


def _mid_trick(state: tarot.State, seed: int) -> tarot.State:
    rng = random.Random(seed)
    for _ in range(rng.randrange(state.rules.players)):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _probes(search: TarotSearch, position: Position, targets: list[int]) -> list[object]:
    answers: list[object] = []
    for target in targets:
        try:
            answers.append((search.probe(position, target), search.nodes))
        except LimitReached:
            answers.append(("limit", search.nodes))
    answers.append(search.tighten(position, -(10**6), 10**6))
    answers.append(search.hint(position))
    answers.append(search.table_sizes())
    return answers


needs_core = pytest.mark.skipif(not NATIVE_CORE, reason="the C inner loop is not built")


@needs_core
@pytest.mark.parametrize("rules", C_PRESETS, ids=str)
def test_the_c_inner_loop_probes_like_the_python_search(rules: tarot.Rules) -> None:
    for seed in range(4):
        tricks = min(7, rules.tricks_per_deal) - seed % 3
        state = _mid_trick(tarot.random_position(rules, seed=seed, tricks_left=tricks), seed)
        for perspective in (0, rules.players - 1):
            model = build_model(rules, perspective, _teams(state))
            position, _ = root_position(state, model)
            high = future_bounds(model, position)[1]
            targets = [high // 3, high // 2, 1, high, high // 4 + 1, high // 3]
            fast, slow = _both(model)
            assert _probes(fast, position, targets) == _probes(slow, position, targets)


@needs_core
@pytest.mark.parametrize("rules", C_PRESETS[:4] + C_PRESETS[-3:], ids=str)
def test_the_c_inner_loop_values_like_the_python_search(rules: tarot.Rules) -> None:
    # MTD(f) to the exact value, with tables that age at once, without the shortcuts, and
    # under node limits that stop it part way.
    for seed in range(3):
        state = tarot.random_position(
            rules, seed=40 + seed, tricks_left=min(6, rules.tricks_per_deal)
        )
        model = build_model(rules, state.to_move, _teams(state))
        position, _ = root_position(state, model)
        low, high = future_bounds(model, position)
        for options in ({}, {"table_capacity": 16}, {"shortcuts": False}):
            fast, slow = _both(model, **options)
            assert fast.refine(position, low, high) == slow.refine(position, low, high)
            assert fast.nodes == slow.nodes
            assert fast.table_sizes() == slow.table_sizes()
        for limit in (1, 7, 150):
            fast, slow = _both(model, node_limit=limit)
            outcomes = []
            for search in (fast, slow):
                try:
                    outcomes.append((search.refine(position, low, high), search.nodes))
                except LimitReached as reached:
                    outcomes.append((reached.args, search.nodes))
            assert outcomes[0] == outcomes[1]


@needs_core
def test_one_c_searcher_asked_about_several_positions_renumbers_like_python() -> None:
    # Each new position brings cards the searcher has not numbered yet: the tables are keyed
    # afresh (in C through export and replace) and go on answering as the Python ones do.
    rules = tarot.Rules.traditional(players=3)
    model = build_model(rules, 0)
    fast, slow = _both(model)
    for seed in range(5):
        state = tarot.random_position(rules, seed=70 + seed, tricks_left=3 + seed % 3)
        position, _ = root_position(state, model)
        low, high = future_bounds(model, position)
        assert fast.refine(position, low, high) == slow.refine(position, low, high)
        assert fast.nodes == slow.nodes
        assert fast.table_sizes() == slow.table_sizes()
