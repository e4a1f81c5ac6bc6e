"""Both solver backends give the same answers with the same effort.

The suite runs on the installed backend (compiled where the build could compile); these tests
start a second interpreter with ``CARDGAMES_PURE=1`` and compare values and node counts
position by position. Where no compiled build is installed both sides are pure Python and the
comparison still checks that the switch works.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from cardgames import solver, tarot

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
