"""Deal and play a whole game of Tarot with random legal moves.

Every player deals once; after each deal the script shows the tricks' winners, the points and
the running totals. Usage: ``python examples/tarot_random_game.py [seed]`` (the same seed always
gives the same game).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from fractions import Fraction

from cardgames.tarot.game import Game, random_strategy
from cardgames.tarot.rules import Rules


def _show(values: Sequence[Fraction]) -> str:
    return "  ".join(f"{value!s:>7}" for value in values)


def main(argv: Sequence[str] | None = None) -> int:
    """Play one game of the four-player simplified rules and print it."""
    args = list(sys.argv[1:] if argv is None else argv)
    seed = int(args[0]) if args else 1
    rules = Rules.simplified(players=4)
    game = Game(rules=rules, seed=seed).play_out(random_strategy(seed))
    print(f"A game of Tarot ({rules}), seed {seed}")
    for number, (state, totals) in enumerate(zip(game.deals, game.running_totals, strict=True)):
        print(f"\nDeal {number + 1}, dealt by player {state.dealer}")
        print(f"  discard:  {state.discard}")
        print(f"  winners:  {' '.join(str(trick.winner) for trick in state.tricks)}")
        print(f"  points:   {_show(state.points())}")
        print(f"  payoffs:  {_show(state.payoffs())}")
        print(f"  totals:   {_show(totals)}")
    best = max(range(rules.players), key=lambda player: game.totals[player])
    print(f"\nPlayer {best} wins with {game.totals[best]}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
