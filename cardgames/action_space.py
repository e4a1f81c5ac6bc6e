"""What a learning environment needs of a game, on the floor below the games: the
:class:`ActionSpace` protocol (a rule set's action ids, masks and observations), the optional
:class:`StepEngine` (a fast step on ints that a game may offer), the :class:`EnvPreset` of a
framework's named game, and the small pieces every game's numbering shares (the
:class:`Field` of an observation layout, the check of an action id, the error naming an id
that is not legal).

A game's descriptor (:class:`cardgames.games.GameDescriptor`) gives the action space of each
rule set through its ``actions`` member; the environments of :mod:`cardgames.env` (PettingZoo,
Gymnasium, OpenSpiel, the vectorised batch) work through it alone and never name a game.

>>> from cardgames import games, tailor
>>> space = games.of(tailor.Rules(players=3)).actions(tailor.Rules(players=3))
>>> isinstance(space, ActionSpace), space.size, space.layout()[0]
(True, 994, Field(name='hand', offset=0, size=55, meaning='own hand, by card index'))
>>> Field('hand', 0, 78, 'own hand').stop
78
"""

from __future__ import annotations

import array
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Final, Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs

from cardgames.errors import IllegalMoveError, RulesError
from cardgames.validation import check_int, quote, strict_arguments

__all__ = [
    "ActionSpace",
    "EnvPreset",
    "FastActionSpace",
    "Field",
    "Layout",
    "Sparse",
    "StepEngine",
    "add_bits",
    "check_action_id",
    "dense",
    "illegal_id",
    "layout",
    "new_buffers",
]

S = TypeVar("S")
V = TypeVar("V")
M = TypeVar("M")
S_co = TypeVar("S_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)

_SHOWN_IDS: Final = 60  # an error lists at most this many legal ids
_BYTE_BITS: Final = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
_FLOAT_BYTES: Final = 4  # an observation value is a float32

Sparse: TypeAlias = tuple[list[int], list[tuple[int, float]]]
"""An observation as the positions holding 1.0 and the other non-zero ``(position, value)``
pairs (every other value is 0)."""


@strict_arguments
@attrs.frozen
class Field:
    """One named stretch of an observation vector.

    :param name: the field's name (as in the documented tables).
    :param offset: the position of its first value.
    :param size: how many values it holds.
    :param meaning: what the values say, in a few words.
    """

    name: str
    offset: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        """The position just after its last value."""
        return self.offset + self.size


Layout = tuple[Field, ...]


def layout(parts: Iterable[tuple[str, int, str]]) -> Layout:
    """The fields ``(name, size, meaning)`` laid end to end from position 0.

    >>> [field.offset for field in layout([('a', 3, 'x'), ('b', 2, 'y'), ('c', 1, 'z')])]
    [0, 3, 5]
    """
    fields = []
    offset = 0
    for name, size, meaning in parts:
        fields.append(Field(name, offset, size, meaning))
        offset += size
    return tuple(fields)


def add_bits(ones: list[int], base: int, mask: int) -> None:
    """Append ``base + i`` to ``ones`` for each set bit ``i`` of ``mask``, lowest first (a
    byte at a time: about three times quicker than one bit at a time on a hand's mask).

    >>> ones = []
    >>> add_bits(ones, 100, 0b1000000101)
    >>> ones
    [100, 102, 109]
    """
    while mask:
        byte = mask & 0xFF
        if byte:
            for bit in _BYTE_BITS[byte]:
                ones.append(base + bit)
        mask >>= 8
        base += 8


def dense(size: int, ones: Iterable[int], values: Iterable[tuple[int, float]]) -> tuple[float, ...]:
    """A vector of ``size`` zeros with 1.0 at each of ``ones`` and each ``(position, value)``.

    >>> dense(4, [1], [(3, 0.5)])
    (0.0, 1.0, 0.0, 0.5)
    """
    vector = [0.0] * size
    for position in ones:
        vector[position] = 1.0
    for position, value in values:
        vector[position] = value
    return tuple(vector)


def check_action_id(action_id: object, size: int, game: str) -> int:
    """``action_id`` as an int from 0 to ``size - 1`` (anything with ``__index__``, such as a
    numpy integer, but never a bool).

    >>> check_action_id(3, 10, 'Tarot')
    3
    >>> check_action_id(True, 10, 'Tarot')
    Traceback (most recent call last):
    ...
    cardgames.errors.IllegalMoveError: invalid Tarot action id True: expected an int from 0 to 9

    :raises IllegalMoveError: for anything else, quoting it.
    """
    if not isinstance(action_id, bool):
        try:
            number = operator.index(action_id)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= number < size:
                return number
    raise IllegalMoveError(
        f"invalid {game} action id {quote(action_id)}: expected an int from 0 to {size - 1}"
    )


def illegal_id(action_id: int, name: str, legal: Sequence[int], game: str) -> IllegalMoveError:
    """The error for ``action_id`` (the move ``name``), not among the ``legal`` ids.

    >>> illegal_id(3, '4S', [78, 79], 'Tarot')
    IllegalMoveError('illegal Tarot action id 3 (4S): the legal ids here are 78, 79')
    """
    if legal:
        shown = ", ".join(map(str, legal[:_SHOWN_IDS]))
        more = f" and {len(legal) - _SHOWN_IDS} more" if len(legal) > _SHOWN_IDS else ""
        expected = f"the legal ids here are {shown}{more}"
    else:
        expected = "this seat has no legal move here"
    return IllegalMoveError(f"illegal {game} action id {action_id} ({name}): {expected}")


@strict_arguments
@attrs.frozen
class EnvPreset:
    """A family of rule sets that environment frameworks register under one name (OpenSpiel's
    ``cardgames_<name>``), chosen by the number of players.

    :param name: the family's name, a lower-case identifier (``"tarot_trad"``).
    :param title: its name in words (``"Tarot (traditional, cardgames)"``).
    :param low: the fewest players.
    :param high: the most players.
    :param default: the players when none are asked for.
    :param make: the rule set for a number of players from ``low`` to ``high``.

    >>> from cardgames import tarot
    >>> preset = EnvPreset('tarot_trad', 'Tarot', 3, 4, 3, tarot.Rules.traditional)
    >>> preset.rules(4) == tarot.Rules.traditional(players=4)
    True
    >>> preset.rules(5)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid players 5 for cardgames_tarot_trad: expected an int ...
    """

    name: str
    title: str
    low: int
    high: int
    default: int
    make: Callable[[int], object] = attrs.field(eq=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.isidentifier():
            raise RulesError(
                f"invalid preset name {quote(self.name)}: expected an identifier such as "
                "'tarot_trad'"
            )
        if not isinstance(self.title, str) or not self.title:
            raise RulesError(f"invalid preset title {quote(self.title)}: expected a text")
        check_int(self.low, "fewest players", low=1)
        check_int(self.high, "most players", low=self.low)
        check_int(self.default, "default players", low=self.low, high=self.high)
        if not callable(self.make):
            raise RulesError(
                f"invalid preset make {quote(self.make)}: expected a function from the "
                "number of players to a rule set"
            )

    def rules(self, players: object) -> object:
        """The rule set of this family for ``players``.

        :raises RulesError: unless ``players`` is an int from ``low`` to ``high``.
        """
        if type(players) is not int or not self.low <= players <= self.high:
            raise RulesError(
                f"invalid players {quote(players)} for cardgames_{self.name}: expected an int "
                f"from {self.low} to {self.high}"
            )
        return self.make(players)


def new_buffers(
    slots: int, players: int, observation_size: int, action_count: int
) -> tuple[array.array[float], bytearray]:
    """Zeroed buffers for ``slots`` engines (see :class:`StepEngine`): the observations, a
    ``float32`` array of ``slots * players * observation_size`` values, and the masks, a
    ``bytearray`` of ``slots * action_count``. numpy reads both without copying
    (``numpy.frombuffer``).

    >>> observations, masks = new_buffers(2, 3, 10, 5)
    >>> len(observations), len(masks), observations.typecode
    (60, 10, 'f')
    """
    observations = array.array("f", bytes(_FLOAT_BYTES * slots * players * observation_size))
    return observations, bytearray(slots * action_count)


@runtime_checkable
class StepEngine(Protocol[S_co]):
    """One deal in progress on a game's fast step: an int state played on by action id, with
    the legal-action mask and every seat's observation kept up to date in buffers as it goes.

    An engine writes into the buffers it was built with (:func:`new_buffers`): the
    observation of seat ``s`` is ``observations[base + s * size : base + (s + 1) * size]``
    where ``base = slot * players * size``, and the mask of the seat choosing now is
    ``mask[slot * action_count : (slot + 1) * action_count]`` (1 for each legal id). The
    values are those of the game's :class:`ActionSpace` (its ``sparse_state`` and
    ``legal_ids``) at every step; an engine built without an observation buffer keeps only
    the mask and the legal ids (a search that never observes saves the work).
    """

    def reset(self, seed: int, first: int) -> None:
        """Start a new deal: the deal the game's descriptor makes of ``seed`` with seat
        ``first`` dealing (or playing first)."""
        ...

    def load(self, state: object) -> None:
        """Start from a position of the library (any point of a deal)."""
        ...

    def step(self, action: int) -> None:
        """Play the legal action ``action`` (the caller checks it against the mask)."""
        ...

    def sync(self, seat: int) -> None:
        """Make sure the buffer holds ``seat``'s observation of the position now (a fast
        engine keeps every seat's up to date as it plays; another may work one out when it is
        asked for)."""
        ...

    def actor(self) -> int:
        """The seat that chooses the next move (the last to move once the deal is over)."""
        ...

    def over(self) -> bool:
        """Whether the deal has ended."""
        ...

    def legal(self) -> list[int]:
        """The legal ids now, in no set order (empty once over)."""
        ...

    def returns(self) -> list[float]:
        """Each seat's payoff once over, zeros before."""
        ...

    def state(self) -> S_co:
        """The position as a state of the library (rebuilt: for inspection and for bots)."""
        ...

    def copy(self) -> StepEngine[S_co]:
        """An independent engine at the same position, writing into the same buffers and
        slot (a search's clone; give it buffers of its own with :meth:`move_to`)."""
        ...

    def move_to(self, observations: array.array[float] | None, mask: bytearray, slot: int) -> None:
        """Write into other buffers from now on (rewriting this seat's observation and mask
        there)."""
        ...


@runtime_checkable
class ActionSpace(Protocol[S, V, M]):
    """The action ids, masks and observations of one game under one rule set: what a
    learning environment needs of a game, given by its descriptor's ``actions(rules)``.

    Each move of the rule set has one id from 0 to :attr:`size` ``- 1``, the same in every
    position; the legal ids of a position are listed in increasing order; an observation is
    :meth:`layout`'s fields end to end, values from 0 to 1, made only of what the seat
    knows. ``S``, ``V`` and ``M`` are the game's state, view and move types.
    """

    @property
    def title(self) -> str:
        """The game's name in messages ("Chase the Tailor")."""
        ...

    @property
    def rules(self) -> object:
        """The rule set."""
        ...

    @property
    def size(self) -> int:
        """How many action ids there are."""
        ...

    @property
    def players(self) -> int:
        """How many seats play."""
        ...

    @property
    def state_type(self) -> type[S]:
        """The class of the game's states."""
        ...

    @property
    def view_type(self) -> type[V]:
        """The class of the game's views."""
        ...

    def action_id(self, move: object) -> int:
        """The id of ``move``.

        :raises IllegalMoveError: if it is not a move of the game with an id here.
        """
        ...

    def move(self, action_id: object) -> M:
        """The move with id ``action_id``, legal or not.

        :raises IllegalMoveError: if it is not an id of the space.
        """
        ...

    def legal_ids(self, position: S | V) -> tuple[int, ...]:
        """The ids of the legal moves of a state (of the seat choosing), or of a view's seat
        (empty when it does not choose now), in increasing order."""
        ...

    def layout(self) -> Layout:
        """The fields of the observation vector, in order."""
        ...

    def sparse_view(self, view: V) -> Sparse:
        """The observation of ``view``."""
        ...

    def sparse_state(self, state: S, seat: int) -> Sparse:
        """The observation ``seat`` has of ``state`` (the same as of its view)."""
        ...

    def actor(self, state: S) -> int:
        """The seat that chooses the next move."""
        ...

    def is_over(self, state: S) -> bool:
        """Whether the deal has ended."""
        ...

    def play(self, state: S, move: M) -> S:
        """The state after ``move``, already known to be legal."""
        ...

    def returns(self, state: S) -> tuple[float, ...]:
        """Each seat's payoff once the deal is over (zeros before)."""
        ...

    def preset(self) -> EnvPreset:
        """The family of rule sets this one belongs to (the nearest when it is no preset)."""
        ...

    def presets(self) -> tuple[EnvPreset, ...]:
        """Every family of the game that frameworks register by name."""
        ...

    def bounds(self) -> tuple[float, float]:
        """Safe bounds on a seat's payoff (not the tightest)."""
        ...

    @property
    def zero_sum(self) -> bool:
        """Whether the payoffs of a deal always add up to 0."""
        ...

    @property
    def max_moves(self) -> int:
        """More moves than a deal can take."""
        ...


@runtime_checkable
class FastActionSpace(ActionSpace[S, V, M], Protocol[S, V, M]):
    """An :class:`ActionSpace` whose game also offers a fast step (:class:`StepEngine`)."""

    def engine(
        self, observations: array.array[float] | None, mask: bytearray, slot: int
    ) -> StepEngine[S]:
        """A new engine writing into ``observations`` (None: no observations) and ``mask``
        at ``slot`` (see :func:`new_buffers`); :meth:`StepEngine.reset` or
        :meth:`StepEngine.load` starts it."""
        ...
