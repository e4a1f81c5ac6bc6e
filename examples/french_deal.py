"""Play and score one deal of French Tarot (FFT rules) with simple strategies.

Each seat bids by a small hand-strength count (bouts, trumps, Kings), the taker calls the
first King it may (at five players), discards the first cards it may, announces no slam, and a
seat with a poignée shows it; the cards are then played at random, reproducibly from the
seed. The script prints the bidding, the contract, each trick's winner and the FFT score, and
checks that the JSON record reads back to the same deal.

Usage: ``python examples/french_deal.py [seed] [players]`` (the same arguments always give the
same deal; 4 players unless told).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cardgames.tarot import records
from cardgames.tarot.contracts import (
    NO_SLAM,
    PASS,
    AnyMove,
    Bid,
    Contract,
    Declaration,
)
from cardgames.tarot.game import Strategy, random_strategy
from cardgames.tarot.render import contract_lines
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Phase, State, deal

# The strength a hand needs for each contract (see strength()).
_THRESHOLDS = (
    (Contract.GARDE_CONTRE, 80),
    (Contract.GARDE_SANS, 66),
    (Contract.GARDE, 48),
    (Contract.PRISE, 34),
)


def strength(state: State, seat: int) -> int:
    """A rough count of a hand's strength: 12 a bout, 3 a trump, 6 a King, scaled to a hand
    of 18 cards (the four-player game's)."""
    score = 0
    for card in state.hands[seat]:
        if card.is_excuse or card.trump_number in (1, 21):
            score += 12
        if card.is_trump:
            score += 3
        if card.rank == 14:
            score += 6
    return score * 18 // state.rules.hand_size


def simple_strategy(seed: int) -> Strategy:
    """Bid by :func:`strength`, take the first call, discard and no slam, show a poignée when
    one may be shown, and play the cards at random."""
    cards = random_strategy(seed)

    def choose(state: State) -> AnyMove:
        moves = state.legal_moves()
        if state.phase is Phase.BIDDING:
            hand = strength(state, state.to_move)
            for contract, needed in _THRESHOLDS:
                if hand >= needed and Bid(contract) in moves:
                    return Bid(contract)
            return PASS
        if state.phase is Phase.ANNOUNCE:
            return NO_SLAM
        if state.phase in (Phase.CALL, Phase.DISCARD):
            return moves[0]
        declarations = [move for move in moves if isinstance(move, Declaration)]
        return declarations[0] if declarations else cards(state)

    return choose


def main(argv: Sequence[str] | None = None) -> int:
    """Play one deal and print it."""
    args = list(sys.argv[1:] if argv is None else argv)
    seed = int(args[0]) if args else 7
    players = int(args[1]) if len(args) > 1 else 4
    rules = Rules.french(players=players)
    state = deal(rules, seed=seed)
    choose = simple_strategy(seed)
    while not state.is_over:
        state = state.play(choose(state))
    print(f"A deal of French Tarot ({rules}), seed {seed}, dealer {state.dealer}")
    for line in contract_lines(state):
        print(f"  {line}")
    winners = " ".join(str(trick.winner) for trick in state.tricks)
    print(f"  trick winners: {winners or '-'}")
    score = state.score()
    if score is None:
        print("Every seat passed: the deal is void and scores nothing.")
    else:
        print()
        print(score.to_unicode())
    again = records.loads(records.dumps(state)).replay()
    print(f"\nThe JSON record reads back to the same deal: {again == state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
