"""Two builds of the library, measured side by side on the same seeded positions.

Each build is a source tree with its compiled modules built in place (``python setup.py
build_ext --inplace``, or a checkout after ``make``); the benchmarks of this folder run under
each in turn, alternating, so that a busy machine slows both alike. For every benchmark the
script prints the node counts (the moves played, for the play-outs), which must be the same in
both builds, the median of each build's total time over the rounds, and the ratio new/base.

Usage::

    python benchmarks/side_by_side.py BASE_TREE NEW_TREE [--rounds 5]

Run it with an interpreter that has the library's dependencies (the checkout's ``.venv``); the
trees are put first on ``PYTHONPATH``, so each run imports its own copy of the package.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent

_TAROT = ("--rules", "traditional", "--players", "3")

# (label, script, arguments): the Tarot figures of the performance page, French Tarot with its
# shortcuts, and the Chase the Tailor fast search.
BENCHMARKS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "Tarot K=8 analyse, 25 positions",
        "solver.py",
        (*_TAROT, "--tricks-left", "8", "--positions", "25"),
    ),
    (
        "Tarot K=12 solve, 9 positions",
        "solver.py",
        (*_TAROT, "--tricks-left", "12", "--positions", "9", "--solve"),
    ),
    (
        "Tarot random play-outs, 300 deals (moves)",
        "playouts.py",
        ("--game", "tarot", "--deals", "300"),
    ),
    (
        "Chase the Tailor random play-outs, 300 rounds (moves)",
        "playouts.py",
        ("--game", "tailor", "--deals", "300"),
    ),
    (
        "Chase the Tailor, 4 players, 20 positions",
        "tailor_solver.py",
        ("--players", "4", "--positions", "20", "--fast-only", "--repeat", "1"),
    ),
    (
        "Chase the Tailor, 6 players, Chase Mode, 20 positions",
        "tailor_solver.py",
        ("--players", "6", "--chase", "--positions", "20", "--fast-only", "--repeat", "1"),
    ),
)

_TAILOR_LINE = re.compile(r"^\s*(\d+)\s+\d+\s+(\d+)\s+([\d.]+)\s", re.MULTILINE)


def run(tree: Path, script: str, arguments: Sequence[str]) -> tuple[list[int], float]:
    """The node counts and the total seconds of one run of ``script`` under ``tree``."""
    # A tree's own copy of a benchmark goes with its own module paths; a benchmark it lacks
    # (a new one) runs from this folder.
    path = tree / "benchmarks" / script
    command = [sys.executable, str(path if path.exists() else HERE / script), *arguments]
    command += ["--seed", "1"]
    if script == "solver.py":
        command.append("--json")
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("CARDGAMES_PURE", None)
    text = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    if script == "playouts.py":
        summary = json.loads(text)
        return [summary["moves"]], summary["seconds"]
    if script == "solver.py":
        summary = json.loads(text)
        if summary["backend"] != "compiled":
            raise SystemExit(f"{tree}: the compiled modules are not built in place")
        return list(summary["nodes"]), sum(summary["seconds"])
    rows = _TAILOR_LINE.findall(text)
    if "model=compiled" not in text or not rows:
        raise SystemExit(f"{tree}: unexpected output of {script}:\n{text}")
    return [int(nodes) for _, nodes, _ in rows], sum(float(s) for _, _, s in rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path, help="the source tree measured first")
    parser.add_argument("new", type=Path, help="the source tree compared with it")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each build, alternating")
    args = parser.parse_args(argv)
    print(f"{'benchmark':<55} {'nodes':>10} {'same':>5} {'base s':>8} {'new s':>8} {'new/base':>8}")
    for label, script, arguments in BENCHMARKS:
        times: dict[str, list[float]] = {"base": [], "new": []}
        nodes: dict[str, list[int]] = {}
        for round_ in range(args.rounds):
            order = ("base", "new") if round_ % 2 == 0 else ("new", "base")
            for which in order:
                counted, seconds = run(getattr(args, which), script, arguments)
                nodes[which] = counted
                times[which].append(seconds)
        base, new = statistics.median(times["base"]), statistics.median(times["new"])
        same = "yes" if nodes["base"] == nodes["new"] else "NO"
        total = sum(nodes["new"])
        print(f"{label:<55} {total:>10,} {same:>5} {base:>8.3f} {new:>8.3f} {new / base:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
