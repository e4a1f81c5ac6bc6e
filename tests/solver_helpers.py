"""Helpers for the solver tests: an engine-level brute force that shares no code with the
solver's compact model."""

from __future__ import annotations

from fractions import Fraction

from cardgames import tarot


def brute_force(state: tarot.State, perspective: int) -> Fraction:
    """Minimax over engine states: the perspective's side maximises its final team points."""
    rules = state.rules
    team = rules.team_of(perspective)
    if state.is_over:
        return state.team_points()[team]
    values = [brute_force(state.play(move), perspective) for move in state.legal_moves()]
    return max(values) if rules.team_of(state.to_move) == team else min(values)


def replay(state: tarot.State, moves: tuple[tarot.Move, ...]) -> tarot.State:
    """The state after playing ``moves`` (each must be legal)."""
    for move in moves:
        state = state.play(move)
    return state


PRESETS = [
    tarot.Rules.simplified(players=2),
    tarot.Rules.simplified(players=3),
    tarot.Rules.simplified(players=4),
    tarot.Rules.simplified(players=5),
    tarot.Rules.simplified(players=6),
    tarot.Rules.traditional(players=3),
    tarot.Rules.traditional(players=4),
]
