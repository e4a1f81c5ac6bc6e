"""A five-round match of Chase the Tailor between three seeded random players.

Run ``python examples/tailor_match.py [SEED]``; the same seed always prints the same match.
"""

from __future__ import annotations

import sys

from cardgames import tailor


def main(argv: list[str] | None = None) -> int:
    """Play five rounds with the seed given (default 1) and print the running penalties."""
    args = sys.argv[1:] if argv is None else argv
    seed = int(args[0]) if args else 1
    match = tailor.Match(rules=tailor.Rules(players=3), rounds=5, seed=seed)
    # one seeded random player per seat
    players = [tailor.random_strategy(seed * 10 + seat) for seat in range(3)]
    while not match.is_over:
        starter = match.next_starter()
        match, record = match.play_round(players)
        result = match.results[-1]
        ending = "stalemate" if result.winner is None else f"player {result.winner} went out"
        print(
            f"round {match.rounds_played}: player {starter} starts, {ending} after "
            f"{len(record.deals[0].moves)} moves; penalties "
            f"{' '.join(map(str, match.penalties))}"
        )
    winners = match.winners()
    if len(winners) == 1:
        print(f"player {winners[0]} wins with {match.penalties[winners[0]]} penalty points")
    else:
        print("tie between players " + ", ".join(map(str, winners)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
