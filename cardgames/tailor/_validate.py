"""The checks of a Chase the Tailor position: every field of a
:class:`~cardgames.tailor.State` of the right type and range, and the whole a possible position
(each of the 55 cards exactly once, a pile, at most one player out, ...).

>>> from cardgames.tailor import Rules, deal
>>> inconsistency(deal(Rules(players=3), seed=13)) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from cardgames.cards import TAILOR_PACK_SIZE, Card
from cardgames.cardset import CardSet
from cardgames.errors import RulesError
from cardgames.tailor.rules import Call, Rules, can_follow
from cardgames.tailor.turns import top_text
from cardgames.validation import (
    SEED_LIMIT,
    as_tuple,
    check_bool,
    check_int,
    check_seat,
    check_seed,
    quote,
)

if TYPE_CHECKING:
    from cardgames.tailor.state import State

__all__ = [
    "FULL_PACK",
    "check_fields",
    "check_state",
    "hands_tuple",
    "inconsistency",
    "pile_tuple",
    "stock_tuple",
]

FULL_PACK: Final = (1 << TAILOR_PACK_SIZE) - 1
_CARD_TYPE: Final = frozenset({Card})


def _as_tuple(value: object, what: str) -> tuple[Any, ...]:
    if isinstance(value, Mapping):
        raise RulesError(f"invalid {what} {quote(value)}: expected a sequence")
    return as_tuple(value, what)


def hands_tuple(hands: Iterable[CardSet]) -> tuple[CardSet, ...]:
    return _as_tuple(hands, "hands")


def pile_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    return _as_tuple(cards, "pile")


def stock_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    return _as_tuple(cards, "stock")


def check_state(state: State) -> None:
    """Check the fields of a newly built ``state``, naming the first that is wrong.

    :raises RulesError: if a field has the wrong type or range, or the position is impossible.
    """
    rules = state.rules
    if not isinstance(rules, Rules):
        raise RulesError(f"invalid rules {quote(rules)}: expected a tailor.Rules")
    players = rules.players
    to_move, passes, turns, seed = state.to_move, state.passes, state.turns, state.seed
    reshuffles, direction, chase = state.reshuffles, state.direction, state.chase_active
    # The common case in one expression (states are built often); check_fields gives the
    # message.
    if not (
        type(to_move) is int
        and 0 <= to_move < players
        and type(passes) is int
        and 0 <= passes <= players
        and type(turns) is int
        and 0 <= turns <= rules.max_turns
        and type(seed) is int
        and 0 <= seed < SEED_LIMIT
        and type(reshuffles) is int
        and 0 <= reshuffles <= turns
        and (direction == 1 or direction == -1)
        and type(direction) is int
        and (chase is True or chase is False)
    ):
        check_fields(state)
    top = state.top
    if not (top is None or isinstance(top, Call) or (isinstance(top, Card) and not top.is_special)):
        raise RulesError(
            f"invalid top {quote(top)}: expected a suited Card, a Call or None (anything "
            "may follow)"
        )
    drawn = state.drawn
    if drawn is not None and not isinstance(drawn, Card):
        raise RulesError(f"invalid drawn {quote(drawn)}: expected a Card or None")
    problem = inconsistency(state)
    if problem is not None:
        raise RulesError(f"impossible position: {problem}")


def check_fields(state: State) -> None:
    """Check the seat, counts, seed, direction and chase flag one by one, naming the first
    that is wrong."""
    rules = state.rules
    check_seat(state.to_move, rules.players, "to_move")
    check_bool(state.chase_active, "chase_active")
    check_int(state.passes, "passes", low=0, high=rules.players)
    check_int(state.turns, "turns", low=0, high=rules.max_turns)
    check_seed(state.seed)
    check_int(
        state.reshuffles,
        "reshuffles",
        low=0,
        high=state.turns,
        expected=f"an int from 0 to turns ({state.turns}): at most one reshuffle a move",
    )
    direction = state.direction
    if isinstance(direction, bool) or not isinstance(direction, int) or direction not in (1, -1):
        raise RulesError(f"invalid direction {quote(direction)}: expected 1 (clockwise) or -1")


def inconsistency(state: State) -> str | None:
    """What makes the (well-typed) fields an impossible position, or None."""
    rules = state.rules
    players = rules.players
    if len(state.hands) != players:
        return f"{len(state.hands)} hands for {players} players"
    hand_mask = held = empty = 0
    for hand in state.hands:
        if not isinstance(hand, CardSet):
            return f"the hand {quote(hand)} is not a CardSet"
        mask = hand.mask
        hand_mask |= mask
        held += mask.bit_count()
        empty += not mask
    loose = state.pile + state.stock
    if not set(map(type, loose)) <= _CARD_TYPE:
        for card in loose:
            if not isinstance(card, Card):
                where = "pile" if card in state.pile else "stock"
                return f"{quote(card)} in the {where} is not a card of the 55-card pack"
    loose_mask = 0
    for card in loose:
        loose_mask |= 1 << card.index
    if (
        loose_mask.bit_count() != len(loose)
        or held != hand_mask.bit_count()
        or hand_mask & loose_mask
        or hand_mask | loose_mask != FULL_PACK
    ):
        return "the 55 cards are not all accounted for exactly once (hands, pile, stock)"
    if not state.pile:
        return "the pile always holds at least one card"
    if empty > 1:
        return "at most one player can have gone out"
    if state.chase_active and not rules.chase_mode:
        return "a chase can only be on with chase_mode=yes"
    drawn = state.drawn
    if drawn is not None:
        if drawn not in state.hands[state.to_move]:
            return "the drawn card must be in the hand of the player to move"
        if not can_follow(drawn, state.top):
            return (
                f"the drawn card {drawn} cannot be played on {top_text(state.top)}, so it "
                "cannot be waiting to be played (the turn ends after such a draw)"
            )
    return None
