"""A bridge deal written out trick by trick, as ``cardgames show`` prints it.

>>> from cardgames import bridge
>>> state = bridge.random_position(3, tricks_played=12)
>>> while not state.is_over:
...     state = state.play(state.legal_moves()[0])
>>> print(format_deal(state).splitlines()[-1])  # doctest: +ELLIPSIS
Declarer ... tricks, defenders ...
"""

from __future__ import annotations

from cardgames.bridge.render import card_to_unicode
from cardgames.bridge.rules import Seat
from cardgames.bridge.state import State
from cardgames.cards import Card

__all__ = ["describe_move", "events", "format_deal", "trick_lines"]


def trick_lines(state: State) -> list[str]:
    """One line per trick played so far (the seat and card of each play, the winner), then
    the result once the play is over."""
    lines = []
    replay = State(state.deal, state.contract)
    for start in range(0, len(state.played), 4):
        leader = replay.to_move
        cards = state.played[start : start + 4]
        for card in cards:
            replay = replay.play(card)
        plays = "  ".join(
            f"{Seat((leader + at) % 4)} {card_to_unicode(card)}" for at, card in enumerate(cards)
        )
        won = f"  won by {replay.to_move}" if len(cards) == 4 else ""
        lines.append(f"{start // 4 + 1:>2}. {plays}{won}")
    if state.is_over:
        lines.append(f"Declarer {state.declarer_tricks} tricks, defenders {state.defender_tricks}")
    return lines


def format_deal(state: State) -> str:
    """The contract, the hands as dealt and every trick played."""
    lines = [f"Bridge, {state.contract}", state.deal.to_unicode(), *trick_lines(state)]
    return "\n".join(lines)


def describe_move(state: State, move: Card, *, seen: bool) -> str:
    """What a card played at ``state`` is, in words (every card played is seen)."""
    return f"plays {card_to_unicode(move)}"


def events(before: State, after: State) -> list[str]:
    """A trick won, once its fourth card is played."""
    if len(after.played) % 4 == 0 and len(after.played) > len(before.played):
        return [f"trick {len(after.played) // 4} won by {after.to_move}"]
    return []
