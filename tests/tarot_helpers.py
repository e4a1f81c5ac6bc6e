"""Shared helpers for the Tarot tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from cardgames.tarot import (
    Deal,
    Move,
    Phase,
    Rules,
    State,
    TarotCard,
    TarotCardSet,
    Trick,
)

PRESETS: tuple[Rules, ...] = (
    *(Rules.simplified(players=n) for n in range(2, 7)),
    Rules.traditional(players=3),
    Rules.traditional(players=4),
)
PRESET_IDS: tuple[str, ...] = tuple(str(rules) for rules in PRESETS)


def cards(text: str) -> list[TarotCard]:
    """Cards in the order written."""
    return [TarotCard.parse(word) for word in text.split()]


def hand(text: str) -> TarotCardSet:
    """A card set from its written cards."""
    return TarotCardSet.parse(text)


def position(
    rules: Rules,
    hands: Sequence[str],
    *,
    leader: int,
    won: Sequence[str] | None = None,
    trick: str = "",
    trumps_played: bool = True,
    dealer: int = 0,
) -> State:
    """A made-up play-phase position (for endgame tests): the given hands and won piles, a
    trick in progress led by ``leader``. Its ``initial`` deal is an unrelated random deal."""
    trick_cards = tuple(cards(trick))
    players: list[int] = []
    seat = leader
    for _ in trick_cards:
        players.append(seat)
        seat = rules.next_player(seat)
    return State(
        initial=Deal.random(rules, 0, dealer),
        phase=Phase.PLAY,
        to_move=seat,
        hands=tuple(hand(text) for text in hands),
        trick=Trick(leader=leader, cards=trick_cards, players=tuple(players)),
        won=tuple(hand(text) for text in (won or ["-"] * rules.players)),
        trumps_played=trumps_played,
    )


def play_cards(state: State, text: str) -> State:
    """Play the written cards in turn."""
    for word in text.split():
        state = state.play(Move.parse(word))
    return state


def random_playout(state: State, rng: random.Random) -> list[State]:
    """Every state from ``state`` to the end of the deal, moves chosen by ``rng``."""
    states = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def fractions(*values: int | Fraction) -> tuple[Fraction, ...]:
    """The values as a tuple of Fractions (to compare with ``points()``)."""
    return tuple(Fraction(value) for value in values)
