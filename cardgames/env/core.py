"""The functions of :mod:`cardgames.env` for both games: each reads the game from its argument
(a rule set, a state, a view or a move) and hands over to :mod:`cardgames.env.tarot_space` or
:mod:`cardgames.env.tailor_space`.

>>> from cardgames import tailor
>>> state = tailor.deal(tailor.Rules(players=3), seed=13)
>>> view = state.view(0)
>>> [i for i, legal in enumerate(legal_mask(view)) if legal]
[32, 37, 40]
>>> move_of(37, view), action_of(move_of(37, state), state.rules)
(Play(card=Card.parse('QD')), 37)
"""

from __future__ import annotations

from typing import Final, TypeAlias

from cardgames import tailor, tarot
from cardgames.env import tailor_space, tarot_space
from cardgames.env._fields import Layout, dense
from cardgames.errors import RulesError
from cardgames.tarot.contracts import Announcement, Bid, Call, Declaration
from cardgames.validation import check_seat, quote

__all__ = [
    "AnyRules",
    "AnyView",
    "GameMove",
    "Position",
    "action_count",
    "action_name",
    "action_of",
    "information_state",
    "legal_ids",
    "legal_mask",
    "move_of",
    "observation_layout",
    "observation_size",
    "observe",
    "observe_state",
]

AnyRules: TypeAlias = tarot.Rules | tailor.Rules
"""A rule set of either game."""
AnyView: TypeAlias = tarot.View | tailor.View
"""What one seat knows, in either game."""
Position: TypeAlias = tarot.State | tarot.View | tailor.State | tailor.View
"""A state or a view of either game."""
GameMove: TypeAlias = tarot.Move | Bid | Call | Announcement | Declaration | tailor.Move
"""A move of either game: a Tarot card, bid, call, announcement or poignée, or a move of
Chase the Tailor."""
_EXPECTED_RULES: Final = "a cardgames.tarot.Rules or a cardgames.tailor.Rules"


def _rules_error(rules: object) -> RulesError:
    return RulesError(f"invalid rules {quote(rules)}: expected {_EXPECTED_RULES}")


def _position_error(position: object, what: str) -> RulesError:
    return RulesError(
        f"invalid {what} {quote(position)}: expected a state or a view of Tarot or Chase the Tailor"
    )


def action_count(rules: AnyRules) -> int:
    """The size of the action space of ``rules``: every id is from 0 to ``action_count - 1``.

    >>> action_count(tarot.Rules.french(players=4)), action_count(tailor.Rules(players=4))
    (88, 1046)

    :raises RulesError: if ``rules`` is not a rule set of either game.
    """
    if isinstance(rules, tarot.Rules):
        return tarot_space.action_count(rules)
    if isinstance(rules, tailor.Rules):
        return tailor_space.action_count(rules)
    raise _rules_error(rules)


def action_of(move: GameMove, rules: AnyRules) -> int:
    """The id of ``move`` under ``rules``; the same move has the same id in every position.

    >>> action_of(tarot.Move.parse('21T'), tarot.Rules.traditional(players=3))
    76
    >>> action_of(tailor.parse_move('TLR QH>2'), tailor.Rules(players=3))
    966

    :raises IllegalMoveError: if ``move`` is not a move of the game of ``rules`` or has no id
        under them (a bid without bidding, a Tailor whose victim is not at the table...).
    :raises RulesError: if ``rules`` is not a rule set of either game.
    """
    if isinstance(rules, tarot.Rules):
        return tarot_space.action_id(move, rules)
    if isinstance(rules, tailor.Rules):
        return tailor_space.action_id(move, rules)
    raise _rules_error(rules)


def action_name(action_id: int, rules: AnyRules) -> str:
    """The written form of the move with id ``action_id``, legal or not.

    >>> action_name(84, tarot.Rules.french(players=3)), action_name(53, tailor.Rules())
    ('slam', 'pass')

    :raises IllegalMoveError: if ``action_id`` is not an id of ``rules``.
    :raises RulesError: if ``rules`` is not a rule set of either game.
    """
    if isinstance(rules, tarot.Rules):
        return str(tarot_space.move_of_id(action_id, rules))
    if isinstance(rules, tailor.Rules):
        return str(tailor_space.move_of_id(action_id, rules))
    raise _rules_error(rules)


def move_of(action_id: int, position: Position) -> GameMove:
    """The move with id ``action_id``, checked to be legal in ``position`` (a state, or a view
    whose seat is to move).

    >>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=7, dealer=0)
    >>> move_of(1, state)
    Move.parse('2S')
    >>> move_of(0, state)
    Traceback (most recent call last):
    ...
    cardgames.errors.IllegalMoveError: illegal Tarot action id 0 (1S): the legal ids here are ...

    :raises IllegalMoveError: if ``action_id`` is not an id of the rules, or its move is not
        legal there; the message names the id, its move and the legal ids.
    :raises RulesError: if ``position`` is not a state or a view of either game.
    """
    if isinstance(position, tarot.State | tarot.View):
        return tarot_space.checked_move(action_id, position)
    if isinstance(position, tailor.State | tailor.View):
        return tailor_space.checked_move(action_id, position)
    raise _position_error(position, "position")


def legal_ids(position: Position) -> tuple[int, ...]:
    """The ids of the legal moves in ``position``, in increasing order (for a view, empty when
    its seat is not to move).

    :raises RulesError: if ``position`` is not a state or a view of either game.
    """
    if isinstance(position, tarot.State | tarot.View):
        return tarot_space.legal_ids(position)
    if isinstance(position, tailor.State | tailor.View):
        return tailor_space.legal_ids(position)
    raise _position_error(position, "position")


def legal_mask(position: Position) -> tuple[bool, ...]:
    """One bool per action id: True for the ids of the legal moves in ``position`` (a view's
    mask is all False when its seat is not to move). A numpy version is
    :func:`cardgames.env.arrays.mask_array`.

    >>> mask = legal_mask(tarot.deal(tarot.Rules.french(players=3), seed=1))
    >>> len(mask), [i for i, legal in enumerate(mask) if legal]
    (88, [78, 79, 80, 81, 82])

    :raises RulesError: if ``position`` is not a state or a view of either game.
    """
    ids = legal_ids(position)
    mask = [False] * action_count(position.rules)
    for number in ids:
        mask[number] = True
    return tuple(mask)


def observation_layout(rules: AnyRules) -> Layout:
    """The fields of the observation vector under ``rules``, in order (see the tables of
    :mod:`cardgames.env`).

    >>> [(f.name, f.offset, f.size) for f in observation_layout(tailor.Rules(players=2))[:3]]
    [('hand', 0, 55), ('drawn', 55, 55), ('pile', 110, 55)]

    :raises RulesError: if ``rules`` is not a rule set of either game.
    """
    if isinstance(rules, tarot.Rules):
        return tarot_space.observation_layout(rules)
    if isinstance(rules, tailor.Rules):
        return tailor_space.observation_layout(rules)
    raise _rules_error(rules)


def observation_size(rules: AnyRules) -> int:
    """The length of :func:`observe`'s vector under ``rules``.

    >>> observation_size(tarot.Rules.traditional(players=3)), observation_size(tailor.Rules())
    (743, 288)

    :raises RulesError: if ``rules`` is not a rule set of either game.
    """
    return observation_layout(rules)[-1].stop


def sparse(view: AnyView) -> tuple[list[int], list[tuple[int, float]]]:
    """The observation of ``view`` as the positions holding 1.0 and the other non-zero
    ``(position, value)`` pairs (what :func:`observe` and the numpy arrays are built from)."""
    if isinstance(view, tarot.View):
        return tarot_space.sparse_observation(view)
    if isinstance(view, tailor.View):
        return tailor_space.sparse_observation(view.rules, view.seat, view.now)
    raise RulesError(
        f"invalid view {quote(view)}: expected a cardgames.tarot.View or a cardgames.tailor.View"
    )


def observe(view: AnyView) -> tuple[float, ...]:
    """What ``view``'s seat knows, as :func:`observation_size` floats from 0 to 1, laid out
    field by field as :func:`observation_layout` says. Only what the seat knows goes in: two
    worlds that the seat cannot tell apart give the same vector.

    >>> vector = observe(tarot.deal(tarot.Rules.traditional(players=3), seed=7).view(1))
    >>> len(vector), sum(vector[:78])  # the 25 cards of seat 1's hand come first
    (743, 25.0)

    :raises RulesError: if ``view`` is not a view of either game.
    """
    ones, values = sparse(view)
    return dense(observation_size(view.rules), ones, values)


def observe_state(state: tarot.State | tailor.State, seat: int) -> tuple[float, ...]:
    """``observe(state.view(seat))``, quicker for Chase the Tailor (whose views replay the
    round's history): the observation reads only the position now.

    :raises RulesError: if ``state`` is not a state of either game or ``seat`` not one of its
        seats.
    """
    ones, values = sparse_of_state(state, seat)
    return dense(observation_size(state.rules), ones, values)


def sparse_of_state(
    state: tarot.State | tailor.State, seat: int
) -> tuple[list[int], list[tuple[int, float]]]:
    """:func:`sparse` of ``state.view(seat)``, without building the Chase the Tailor view."""
    if isinstance(state, tailor.State):
        check_seat(seat, state.rules.players, "seat")
        return tailor_space.state_sparse_observation(state, seat)
    if isinstance(state, tarot.State):
        return tarot_space.sparse_observation(tarot.view_of(state, seat))
    raise _position_error(state, "state")


def information_state(view: AnyView) -> str:
    """Everything ``view``'s seat knows, as text: the view's own written form (``str(view)``,
    read back by the game's ``View.parse``), which holds the whole history the seat has seen.
    Two views give the same text exactly when they are equal, that is when they hold the
    same information.

    >>> state = tailor.deal(tailor.Rules(players=3), seed=13)
    >>> text = information_state(state.view(0))
    >>> tailor.View.parse(text) == state.view(0)
    True

    :raises RulesError: if ``view`` is not a view of either game.
    """
    if isinstance(view, tarot.View | tailor.View):
        return str(view)
    raise RulesError(
        f"invalid view {quote(view)}: expected a cardgames.tarot.View or a cardgames.tailor.View"
    )
