"""The learning curves of the docs' environments page: draws the figures of the full run of
``examples/env_train_linear.py`` (its ``--out`` JSON) as ``docs/_static/env_training.png``.

Needs matplotlib (the ``docs`` extra: ``pip install 'cardgames[docs]'``)::

    python examples/env_train_linear.py --full --out docs/_static/env_training.json
    python benchmarks/env_training_plot.py docs/_static/env_training.json

and prints the figures the page quotes (steps, deals, CPU time, the arenas).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

TITLES = {"tailor": "Chase the Tailor, 3 players", "tarot": "Tarot, traditional-3"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", help="the JSON written by env_train_linear.py --full --out")
    parser.add_argument("--png", default="docs/_static/env_training.png")
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    run = json.loads(Path(args.run).read_text(encoding="utf-8"))
    figure, axes = plt.subplots(1, len(run), figsize=(5.2 * len(run), 3.6), squeeze=False)
    for axis, (name, figures) in zip(axes[0], run.items(), strict=True):
        curve = figures["curve"]
        # the untrained policy is uniformly random: the curve starts from the random baseline
        steps = [0.0, *(point[0] / 1e6 for point in curve)]
        means = [figures["random_baseline"], *(point[2] for point in curve)]
        axis.plot(steps, means, color="tab:blue", label="learner, seat 0 (last 1,000 deals)")
        axis.axhline(
            figures["random_baseline"],
            color="tab:gray",
            linestyle=":",
            label="seat 0 playing at random",
        )
        axis.set_title(TITLES.get(name, name))
        axis.set_xlabel("environment steps (millions)")
        axis.set_ylabel("mean payoff per deal")
        axis.grid(alpha=0.3)
        axis.legend(loc="lower right", fontsize="small")
        print(
            f"{name}: {figures['steps']:,} steps, {curve[-1][1]:,} deals, "
            f"{figures['cpu_seconds']:.0f} s of CPU; at random {figures['random_baseline']:+.2f}; "
            f"mean payoff {means[1]:+.2f} after {curve[0][0]:,} steps -> {means[-1]:+.2f}"
        )
        for label, entry in figures["arena"].items():
            print(
                f"  against {label}: trained {entry['trained']:+.2f}, {label} "
                f"{entry['opponent']:+.2f}; difference {entry['difference']:+.2f} per deal, "
                f"95% interval [{entry['low']:+.2f}, {entry['high']:+.2f}] over "
                f"{entry['deals']} deals"
            )
    figure.tight_layout()
    figure.savefig(args.png, dpi=110)
    print(f"wrote {args.png}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
