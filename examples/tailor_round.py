"""A round of Chase the Tailor between four seeded random players.

Run ``python examples/tailor_round.py [SEED]``; the same seed always prints the same round.
"""

from __future__ import annotations

import sys

from cardgames import tailor


def main(argv: list[str] | None = None) -> int:
    """Deal with the seed given (default 1), play the round out and print every move."""
    args = sys.argv[1:] if argv is None else argv
    seed = int(args[0]) if args else 1
    rules = tailor.Rules(players=4, chase_mode=True)
    state = tailor.deal(rules, seed=seed)
    print(f"Chase the Tailor with Chase Mode, seed {seed}; first card {state.top_card}")
    for seat, hand in enumerate(state.hands):
        print(f"  player {seat}: {hand}")
    choose = tailor.random_strategy(seed)
    while not state.is_over:
        move = choose(state)
        chase = " (chase on)" if state.chase_active else ""
        print(f"{state.turns + 1:3d}. player {state.to_move}: {move}{chase}")
        state = state.play(move)
    if state.winner is None:
        print(f"stalemate after {state.turns} moves")
    else:
        print(f"player {state.winner} went out after {state.turns} moves")
    print("payoffs:", " ".join(str(payoff) for payoff in state.payoffs()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
