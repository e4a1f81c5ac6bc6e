"""Solve a famous double-dummy problem: "Avoidance", the first of Richard Pavlicek's
"Great 88" problems.

Five cards each, no trump, South on lead and playing the contract: how many of the five tricks
can North-South take against any defence? The published answer, which DDS (through
``endplay``) confirms, is three: South must keep West, who holds the spade king, off lead. The
script prints the deal, the value of every opening lead, a best line and the double-dummy
table of the ending; with ``endplay`` installed it also asks DDS and prints whether the answers
agree. Usage: ``python examples/bridge_famous_deal.py``.
"""

from __future__ import annotations

from cardgames import solver
from cardgames.bridge import Contract, Deal, Seat, State, Strain

PROBLEM = "N:A987..A. Q5.987.. 64.K2.2. K2.AQ3.."
"""The deal in PBN: North, East, South, West."""
PUBLISHED = 3
"""North-South's tricks, as published."""


def dds_tricks(deal: Deal) -> int | None:
    """North-South's tricks by DDS, with South on lead in no trump (None without endplay)."""
    try:
        from endplay.dds import solve_board
        from endplay.types import Deal as DdsDeal
        from endplay.types import Denom, Player
    except ImportError:
        return None
    board = DdsDeal(deal.pbn())
    board.first = Player.south
    board.trump = Denom.nt
    return max(tricks for _, tricks in solve_board(board))


def main() -> int:
    """Solve the problem and print what the solver found."""
    deal = Deal.parse(PROBLEM)
    state = State(deal, Contract(Seat.SOUTH, Strain.NO_TRUMP, leader=Seat.SOUTH))
    print(deal.to_unicode())
    print()
    analysis = solver.analyse(state)
    print(analysis.to_unicode())
    print()
    print(f"North-South take {analysis.value} tricks (published: {PUBLISHED}).")
    theirs = dds_tricks(deal)
    if theirs is not None:
        print(f"DDS agrees: {theirs == analysis.value}")
    print()
    print("Double-dummy table of the ending (the lead from the declarer's left):")
    print(solver.dd_table(deal))
    return 0 if analysis.value == PUBLISHED else 1


if __name__ == "__main__":
    raise SystemExit(main())
