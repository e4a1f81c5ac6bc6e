"""Fit the weights of the learned Tarot evaluation (:mod:`cardgames.tarot.evaluation`).

Two steps. ``generate`` solves seeded positions of the three-player traditional game exactly
and writes one line per position: the seed of
:func:`cardgames.tarot.positions.random_position`, the tricks left, the analysed seat (the
seed modulo 3) and the exact scaled points that seat still wins. ``fit`` reads such files,
computes the evaluation's features of every position, fits the weights by ridge regression
(least squares with a small penalty; numpy, from the dev extra) and writes them as integers
to ``cardgames/tarot/evaluation_weights.py``::

    python benchmarks/fit_evaluation.py generate --tricks-left 9 --seeds 10000:12500 > d9.txt
    python benchmarks/fit_evaluation.py generate --tricks-left 8 --seeds 20000:23000 > d8.txt
    python benchmarks/fit_evaluation.py generate --tricks-left 10 --seeds 30000:30400 > d10.txt
    python benchmarks/fit_evaluation.py generate --tricks-left 9 --seeds 12500:16500 > d9b.txt
    python benchmarks/fit_evaluation.py fit d8.txt d9.txt d9b.txt d10.txt --write

The shipped weights (version 1) came from exactly these commands: 9,900 positions, 1,535 s of
solving in all on the compiled build (a shared two-core machine), and a few seconds of fitting.

Generate with the compiled build (a few tenths of a second per position at 9 tricks left) and
keep the data out of the repository (in /tmp, say). The seeds must stay clear of the ones the
error is measured on (``benchmarks/estimate_error.py``: 1000-1029 and 2000-2199). ``fit`` holds
out every tenth line to report the error it did not see before it refits on everything.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cardgames import solver, tarot
from cardgames.solver.tarot import build_model, root_position
from cardgames.tarot.evaluation import FEATURES, FIX, Evaluation
from cardgames.tarot.search_model import future_bounds

RULES = tarot.Rules.traditional(players=3)
WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "cardgames/tarot/evaluation_weights.py"
SCALE = 1 << 20


def exact_future(seed: int, tricks_left: int, seat: int) -> int:
    """The exact scaled points ``seat`` still wins in the seeded position."""
    state = tarot.random_position(RULES, seed=seed, tricks_left=tricks_left)
    solution = solver.solve(state, perspective=seat)
    model = build_model(RULES, seat)
    root, discard = root_position(state, model)
    future = (solution.value - discard) * RULES.group_size - root.secured
    assert future.denominator == 1
    return int(future)


def generate(tricks_left: int, first: int, stop: int) -> None:
    for seed in range(first, stop):
        start = time.perf_counter()
        value = exact_future(seed, tricks_left, seed % 3)
        took = time.perf_counter() - start
        print(seed, tricks_left, seed % 3, value, f"{took:.3f}", flush=True)


def features_of(seed: int, tricks_left: int, seat: int) -> tuple[list[int], int]:
    """The evaluation's features of the seeded position and the scaled points in play."""
    state = tarot.random_position(RULES, seed=seed, tricks_left=tricks_left)
    model = build_model(RULES, seat)
    root, _ = root_position(state, model)
    return Evaluation(model).features(root), future_bounds(model, root)[1]


def fit(files: list[str], ridge: float, write: bool) -> None:
    import numpy as np

    rows: list[list[int]] = []
    targets: list[int] = []
    totals: list[int] = []
    sizes: dict[int, int] = {}
    seeds: dict[int, tuple[int, int]] = {}
    for name in files:
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            seed, tricks_left, seat, value = (int(part) for part in line.split()[:4])
            features, in_play = features_of(seed, tricks_left, seat)
            rows.append(features)
            totals.append(in_play)
            targets.append(value)
            sizes[tricks_left] = sizes.get(tricks_left, 0) + 1
            low, high = seeds.get(tricks_left, (seed, seed))
            seeds[tricks_left] = (min(low, seed), max(high, seed))
    base = np.array(rows, dtype=float) / FIX
    count = base.shape[1]
    pairs = [base[:, i] * base[:, j] for i in range(1, count) for j in range(i, count)]
    x = np.column_stack([base, *pairs])
    y = np.array(targets, dtype=float)
    scale = np.maximum(np.abs(x).max(axis=0), 1.0)
    held = np.arange(len(y)) % 10 == 0

    in_play = np.array(totals, dtype=float)
    share = y / in_play

    def solve(mask: np.ndarray) -> np.ndarray:
        # The share of the points in play, weighted so that the error counts in points.
        xs = x[mask] / scale * in_play[mask][:, None]
        penalty = ridge * np.eye(xs.shape[1])
        penalty[0, 0] = 0.0
        target = share[mask] * in_play[mask]
        return np.linalg.solve(xs.T @ xs + penalty, xs.T @ target) / scale

    def errors(weights: np.ndarray, mask: np.ndarray) -> str:
        guess = np.clip(x[mask] @ weights * in_play[mask], 0, in_play[mask])
        error = np.abs(guess - y[mask]) / RULES.group_size
        return f"MAE {error.mean():.2f} median {np.median(error):.2f} worst {error.max():.2f}"

    trial = solve(~held)
    print(f"{len(y)} positions; held-out tenth: {errors(trial, held)} (card points)")
    weights = solve(np.ones(len(y), dtype=bool))
    print(f"refitted on all: in-sample {errors(weights, np.ones(len(y), dtype=bool))}")
    integers = [round(float(w) * SCALE) for w in weights]
    for name, value in zip(FEATURES, integers, strict=False):
        print(f"  {name:28} {value / SCALE:+.4f}")
    if write:
        data = "".join(
            f"\n  * {count} at {tricks} tricks left (seeds {seeds[tricks][0]}-{seeds[tricks][1]});"
            for tricks, count in sorted(sizes.items())
        )
        WEIGHTS_FILE.write_text(weights_module(integers, data, len(y), ridge), encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE}")


def weights_module(integers: list[int], data: str, size: int, ridge: float) -> str:
    count = len(FEATURES)
    linear = "\n".join(
        f"    {value},  # {name}" for name, value in zip(FEATURES, integers[:count], strict=True)
    )
    quadratic = "\n".join(f"    {value}," for value in integers[count:])
    return f'''"""The weights of the learned Tarot evaluation (:mod:`cardgames.tarot.evaluation`).

Generated by ``benchmarks/fit_evaluation.py``; do not edit by hand. Provenance:

* version {VERSION_NEXT};
* data: {size} positions of the three-player traditional game from
  :func:`cardgames.tarot.positions.random_position`, each valued exactly by the (compiled)
  solver for the seat numbered by its seed modulo 3:
{data}

* fit: ridge regression of the share of the points in play won, on the features and their
  products two by two, each position weighted by its points in play (penalty {ridge} on
  columns scaled to at most 1, the bias free),
  ``python benchmarks/fit_evaluation.py fit d8.txt d9.txt d9b.txt d10.txt --ridge {ridge} --write``,
  after ``generate`` as in that script's description;
* each weight is the fitted one times ``SCALE``, rounded.
"""

from __future__ import annotations

from typing import Final

VERSION: Final = "{VERSION_NEXT}"
"""The version of the weights (changes whenever they are refitted)."""

SCALE: Final = {SCALE}
"""The weights are integers: the fitted weights times this."""

LINEAR: Final[tuple[int, ...]] = (
{linear}
)
"""One weight per feature, in the order of :data:`cardgames.tarot.evaluation.FEATURES`."""

QUADRATIC: Final[tuple[int, ...]] = (
{quadratic}
)
"""One weight per product of two features but the bias: for each feature from the second
on, its products with itself and every later feature, in order."""
'''


VERSION_NEXT = "1"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gen = commands.add_parser("generate", help="solve seeded positions, one line each")
    gen.add_argument("--tricks-left", type=int, required=True)
    gen.add_argument("--seeds", required=True, help="FIRST:STOP")
    fitting = commands.add_parser("fit", help="fit the weights to generated files")
    fitting.add_argument("files", nargs="+")
    fitting.add_argument("--ridge", type=float, default=1.0)
    fitting.add_argument("--write", action="store_true", help="write the weights module")
    args = parser.parse_args(argv)
    if args.command == "generate":
        first, stop = (int(part) for part in args.seeds.split(":"))
        generate(args.tricks_left, first, stop)
    else:
        fit(args.files, args.ridge, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
