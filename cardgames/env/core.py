"""The functions of :mod:`cardgames.env` for every game: each finds the game of its argument (a
rule set, a state, a view) in the registry (:func:`cardgames.games.of`) and hands over to the
game's action space (:class:`cardgames.action_space.ActionSpace`, from the descriptor's
``actions``), so that a game registered later gets them too.

>>> from cardgames import tailor
>>> state = tailor.deal(tailor.Rules(players=3), seed=13)
>>> view = state.view(0)
>>> [i for i, legal in enumerate(legal_mask(view)) if legal]
[32, 37, 40]
>>> move_of(37, view), action_of(move_of(37, state), state.rules)
(Play(card=Card.parse('QD')), 37)
"""

from __future__ import annotations

from typing import Any, TypeAlias

from cardgames import bridge, games, tailor, tarot
from cardgames.action_space import ActionSpace, Layout, Sparse, check_action_id, dense, illegal_id
from cardgames.cards import Card
from cardgames.errors import RulesError
from cardgames.tarot.contracts import Announcement, Bid, Call, Declaration
from cardgames.validation import quote

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

# The aliases name the library's own games for the signatures' sake only: every function
# below works through the registry, for these games and any other.
AnyRules: TypeAlias = tarot.Rules | tailor.Rules | bridge.Contract
"""A rule set of a game (bridge's is its contract)."""
AnyView: TypeAlias = tarot.View | tailor.View | bridge.View
"""What one seat knows, in any game."""
Position: TypeAlias = (
    tarot.State | tarot.View | tailor.State | tailor.View | bridge.State | bridge.View
)
"""A state or a view of any game."""
GameMove: TypeAlias = tarot.Move | Bid | Call | Announcement | Declaration | tailor.Move | Card
"""A move of any game: a Tarot card, bid, call, announcement or poignée, a move of Chase the
Tailor, a card of bridge."""
AnySpace: TypeAlias = ActionSpace[Any, Any, Any]
"""The action space of any game."""


def _game_package(game: games.AnyGame) -> str:
    # Where a game's public names live: the package of its descriptor's module.
    return type(game).__module__.rpartition(".")[0]


def _names(kinds: list[str]) -> str:
    if len(kinds) == 1:
        return kinds[0]
    return ", ".join(kinds[:-1]) + " or " + kinds[-1]


def _rules_types() -> str:
    return _names(
        [
            f"a {_game_package(game)}.{type(game.default_rules()).__qualname__}"
            for game in games.registered()
        ]
    )


def _view_types() -> str:
    return _names(
        [
            f"a {_game_package(game)}.{game.actions(game.default_rules()).view_type.__qualname__}"
            for game in games.registered()
        ]
    )


def _find(value: object) -> games.AnyGame | None:
    try:
        return games.of(value)
    except RulesError:
        return None


def space_of_rules(rules: object) -> AnySpace:
    """The action space of ``rules``, a rule set of any registered game.

    :raises RulesError: if ``rules`` is not one.
    """
    game = _find(rules)
    if game is None:
        raise RulesError(f"invalid rules {quote(rules)}: expected {_rules_types()}")
    return game.actions(rules)


def space_of(position: object, what: str = "position") -> tuple[AnySpace, bool]:
    """The action space of a state or a view of any registered game, and whether it is a
    view.

    :raises RulesError: if ``position`` is neither.
    """
    game = _find(position)
    if game is not None and isinstance(position, game.state_type):
        return game.actions(game.rules_of(position)), False
    if game is not None:
        space = game.actions(game.default_rules())
        if isinstance(position, space.view_type):
            return game.actions(game.rules_of(position)), True
    titles = _names([game.title for game in games.registered()])
    raise RulesError(f"invalid {what} {quote(position)}: expected a state or a view of {titles}")


def view_space(view: object) -> AnySpace:
    """The action space of ``view``, a view of any registered game.

    :raises RulesError: if ``view`` is not one.
    """
    game = _find(view)
    if game is not None and isinstance(view, game.actions(game.default_rules()).view_type):
        return game.actions(game.rules_of(view))
    raise RulesError(f"invalid view {quote(view)}: expected {_view_types()}")


def action_count(rules: AnyRules) -> int:
    """The size of the action space of ``rules``: every id is from 0 to ``action_count - 1``.

    >>> action_count(tarot.Rules.french(players=4)), action_count(tailor.Rules(players=4))
    (88, 1046)

    :raises RulesError: if ``rules`` is not a rule set of a game.
    """
    return space_of_rules(rules).size


def action_of(move: GameMove, rules: AnyRules) -> int:
    """The id of ``move`` under ``rules``; the same move has the same id in every position.

    >>> action_of(tarot.Move.parse('21T'), tarot.Rules.traditional(players=3))
    76
    >>> action_of(tailor.parse_move('TLR QH>2'), tailor.Rules(players=3))
    966

    :raises IllegalMoveError: if ``move`` is not a move of the game of ``rules`` or has no id
        under them (a bid without bidding, a Tailor whose victim is not at the table...).
    :raises RulesError: if ``rules`` is not a rule set of a game.
    """
    return space_of_rules(rules).action_id(move)


def action_name(action_id: int, rules: AnyRules) -> str:
    """The written form of the move with id ``action_id``, legal or not.

    >>> action_name(84, tarot.Rules.french(players=3)), action_name(53, tailor.Rules())
    ('slam', 'pass')

    :raises IllegalMoveError: if ``action_id`` is not an id of ``rules``.
    :raises RulesError: if ``rules`` is not a rule set of a game.
    """
    return str(space_of_rules(rules).move(action_id))


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
    :raises RulesError: if ``position`` is not a state or a view of a game.
    """
    space, _ = space_of(position)
    number = check_action_id(action_id, space.size, space.title)
    move: GameMove = space.move(number)
    legal = space.legal_ids(position)
    if number not in legal:
        raise illegal_id(number, str(move), legal, space.title)
    return move


def legal_ids(position: Position) -> tuple[int, ...]:
    """The ids of the legal moves in ``position``, in increasing order (for a view, empty when
    its seat does not choose now).

    :raises RulesError: if ``position`` is not a state or a view of a game.
    """
    space, _ = space_of(position)
    return space.legal_ids(position)


def legal_mask(position: Position) -> tuple[bool, ...]:
    """One bool per action id: True for the ids of the legal moves in ``position`` (a view's
    mask is all False when its seat is not to move). A numpy version is
    :func:`cardgames.env.arrays.mask_array`.

    >>> mask = legal_mask(tarot.deal(tarot.Rules.french(players=3), seed=1))
    >>> len(mask), [i for i, legal in enumerate(mask) if legal]
    (88, [78, 79, 80, 81, 82])

    :raises RulesError: if ``position`` is not a state or a view of a game.
    """
    space, _ = space_of(position)
    mask = [False] * space.size
    for number in space.legal_ids(position):
        mask[number] = True
    return tuple(mask)


def observation_layout(rules: AnyRules) -> Layout:
    """The fields of the observation vector under ``rules``, in order (see the tables of
    :mod:`cardgames.env`).

    >>> [(f.name, f.offset, f.size) for f in observation_layout(tailor.Rules(players=2))[:3]]
    [('hand', 0, 55), ('drawn', 55, 55), ('pile', 110, 55)]

    :raises RulesError: if ``rules`` is not a rule set of a game.
    """
    return space_of_rules(rules).layout()


def observation_size(rules: AnyRules) -> int:
    """The length of :func:`observe`'s vector under ``rules``.

    >>> observation_size(tarot.Rules.traditional(players=3)), observation_size(tailor.Rules())
    (743, 288)

    :raises RulesError: if ``rules`` is not a rule set of a game.
    """
    return observation_layout(rules)[-1].stop


def sparse(view: AnyView) -> Sparse:
    """The observation of ``view`` as the positions holding 1.0 and the other non-zero
    ``(position, value)`` pairs (what :func:`observe` and the numpy arrays are built from).

    :raises RulesError: if ``view`` is not a view of a game.
    """
    return view_space(view).sparse_view(view)


def observe(view: AnyView) -> tuple[float, ...]:
    """What ``view``'s seat knows, as :func:`observation_size` floats from 0 to 1, laid out
    field by field as :func:`observation_layout` says. Only what the seat knows goes in: two
    worlds that the seat cannot tell apart give the same vector.

    >>> vector = observe(tarot.deal(tarot.Rules.traditional(players=3), seed=7).view(1))
    >>> len(vector), sum(vector[:78])  # the 25 cards of seat 1's hand come first
    (743, 25.0)

    :raises RulesError: if ``view`` is not a view of a game.
    """
    space = view_space(view)
    ones, values = space.sparse_view(view)
    return dense(space.layout()[-1].stop, ones, values)


def observe_state(state: Any, seat: int) -> tuple[float, ...]:
    """``observe(state.view(seat))``, read straight from the state where the game can (Chase
    the Tailor's views replay the round's history; the observation reads only the position
    now).

    :raises RulesError: if ``state`` is not a state of a game or ``seat`` not one of its
        seats.
    """
    ones, values = sparse_of_state(state, seat)
    return dense(space_of(state, "state")[0].layout()[-1].stop, ones, values)


def sparse_of_state(state: Any, seat: int) -> Sparse:
    """:func:`sparse` of ``state.view(seat)``, read from the state where the game can.

    :raises RulesError: if ``state`` is not a state of a game or ``seat`` not one of its
        seats.
    """
    space, is_view = space_of(state, "state")
    if is_view:
        raise RulesError(f"invalid state {quote(state)}: expected a state, not a view")
    return space.sparse_state(state, seat)


def information_state(view: AnyView) -> str:
    """Everything ``view``'s seat knows, as text: the view's own written form (``str(view)``,
    read back by the game's ``View.parse``), which holds the whole history the seat has seen.
    Two views give the same text exactly when they are equal, that is when they hold the
    same information.

    >>> state = tailor.deal(tailor.Rules(players=3), seed=13)
    >>> text = information_state(state.view(0))
    >>> tailor.View.parse(text) == state.view(0)
    True

    :raises RulesError: if ``view`` is not a view of a game.
    """
    view_space(view)
    return str(view)
