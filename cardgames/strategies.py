"""What every game's multi-deal play shares about strategies.

A strategy is a callable from a state to the move to make there (each game names its own
``Strategy`` type). The play methods accept either one strategy, used by every seat, or a
sequence of exactly one per seat; :func:`seat_strategies` turns either into one per seat.

>>> first = lambda state: state
>>> seat_strategies(first, 3, 'Tarot') == (first, first, first)
True
>>> seat_strategies([first, first], 3, 'Tarot')
Traceback (most recent call last):
...
cardgames.errors.RulesError: invalid Tarot strategies: 2 given for 3 seats (give one strategy for
every seat, or one per seat)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from cardgames.errors import RulesError
from cardgames.validation import as_tuple, quote

__all__ = ["seat_strategies"]

S = TypeVar("S")
M = TypeVar("M")


def seat_strategies(
    strategies: Callable[[S], M] | Sequence[Callable[[S], M]], players: int, game: str
) -> tuple[Callable[[S], M], ...]:
    """One strategy per seat: ``strategies`` repeated if it is a single callable, else the
    sequence itself, which must hold exactly ``players`` callables.

    :param game: the game's name, for messages.
    :raises RulesError: for a sequence of the wrong length, or anything that is not callable.
    """
    if callable(strategies):
        return (strategies,) * players
    if isinstance(strategies, str | bytes | Mapping) or not isinstance(strategies, Iterable):
        raise RulesError(
            f"invalid {game} strategy {quote(strategies)}: expected a callable from a state to "
            "a move, or a sequence of one per seat"
        )
    items = as_tuple(strategies, f"{game} strategies", limit=players + 1)
    if len(items) != players:
        raise RulesError(
            f"invalid {game} strategies: {len(items)} given for {players} seats (give one "
            "strategy for every seat, or one per seat)"
        )
    for seat, item in enumerate(items):
        if not callable(item):
            raise RulesError(
                f"invalid {game} strategy {quote(item)} for seat {seat}: expected a callable "
                "from a state to a move"
            )
    return items
