"""Ask the solver about a Tarot endgame and a Chase the Tailor endgame.

The script deals a seeded Tarot position with a few tricks left, prints the table, the value
of every legal card and the best line, then checks a played line with ``analyse_play``. It
does the same for a Chase the Tailor position near the end of a round. Usage:
``python examples/solver_endgame.py [seed] [tricks_left]`` (defaults 3 and 4).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cardgames import solver, tailor, tarot


def main(argv: Sequence[str] | None = None) -> int:
    """Analyse one endgame of each game and print what the solver found."""
    args = list(sys.argv[1:] if argv is None else argv)
    seed = int(args[0]) if args else 3
    tricks_left = int(args[1]) if len(args) > 1 else 4

    rules = tarot.Rules.traditional(players=3)
    state = tarot.random_position(rules, seed=seed, tricks_left=tricks_left)
    print(state.to_unicode())
    analysis = solver.analyse(state)
    print()
    print(analysis.to_unicode())
    # Play the first legal card, whatever it is worth, and see what it costs.
    for step in solver.analyse_play(state, state.legal_moves()[:1]):
        print(f"\nPlaying {step.move}: seat {step.player} gives away {step.loss} points")

    endgame = tailor.random_position(tailor.Rules(players=3), seed=seed, cards_left=2)
    print()
    print(endgame.to_unicode())
    result = solver.analyse(endgame)
    print()
    print(result.to_unicode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
