"""Our bridge solver against DDS (through endplay) on a few cheap positions; the full
cross-check on random deals is ``benchmarks/bridge_dds.py``."""

from __future__ import annotations

import random

import pytest

from cardgames import bridge, solver
from cardgames.bridge import Contract, Deal, Seat, State, Strain
from cardgames.cards import Card

endplay_dds = pytest.importorskip("endplay.dds")
endplay_types = pytest.importorskip("endplay.types")

_DENOM = ("spades", "hearts", "diamonds", "clubs", "nt")
_PLAYER = ("north", "east", "south", "west")


def _dds_values(state: State) -> dict[Card, int]:
    """DDS's tricks for the side to move, from the trick in progress on, for every card."""
    hands = list(state.hands)
    seat = int(state.leader)
    for card in state.trick:
        hands[seat] = hands[seat].add(card)
        seat = (seat + 1) % 4
    board = endplay_types.Deal(Deal(tuple(hands)).pbn())
    board.first = getattr(endplay_types.Player, _PLAYER[state.leader])
    board.trump = getattr(endplay_types.Denom, _DENOM[state.contract.strain])
    for card in state.trick:
        board.play(endplay_types.Card(str(card.suit) + str(card.rank)))
    return {
        Card.parse(card.rank.name[1] + "SHDC"[int(card.suit)]): tricks
        for card, tricks in endplay_dds.solve_board(board)
    }


def test_every_card_agrees_with_dds_mid_play() -> None:
    rng = random.Random(23)
    for _ in range(10):
        state = bridge.random_position(rng, rng.randint(9, 12), rng.randrange(4))
        analysis = solver.analyse(state)
        banked = state.tricks_of(state.to_move)
        theirs = _dds_values(state)
        assert set(theirs) == set(state.legal_moves())
        for entry in analysis.move_values:
            assert entry.value - banked == theirs[entry.move], (str(state), entry)


def test_dd_table_of_an_ending_agrees_with_dds() -> None:
    state = bridge.random_position(31, tricks_played=9)
    deal = Deal(state.hands)
    table = solver.dd_table(deal)
    for declarer in Seat:
        for strain in Strain:
            opening = State(deal, Contract(declarer, strain))
            defenders = max(_dds_values(opening).values())
            assert table.get(declarer, strain) == deal.cards_each - defenders
