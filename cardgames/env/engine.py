"""The step engines the environments run on: a game's own fast step when its action space
offers one (:class:`cardgames.action_space.FastActionSpace`), else :class:`LibraryEngine`,
which plays the library's states through the game's
:class:`~cardgames.action_space.ActionSpace` and so works for any registered game.

Both write the same values into the same buffers (:func:`cardgames.action_space.new_buffers`):
every seat's observation and the mask of the seat choosing now, so an environment reads numpy
views of them and never asks which engine it has.

>>> from cardgames import games, tailor
>>> from cardgames.action_space import new_buffers
>>> rules = tailor.Rules(players=3)
>>> space = games.of(rules).actions(rules)
>>> observations, mask = new_buffers(1, 3, 286, space.size)
>>> engine = LibraryEngine(games.of(rules), space, observations, mask, 0)
>>> engine.reset(13, 0)
>>> sorted(engine.legal()), [i for i in range(space.size) if mask[i]]
([32, 37, 40], [32, 37, 40])
"""

from __future__ import annotations

import array
import os
from typing import Any, Final

from cardgames import games
from cardgames.action_space import ActionSpace, FastActionSpace, StepEngine

__all__ = ["LIBRARY_VARIABLE", "LibraryEngine", "make_engine", "uses_fast_step"]

LIBRARY_VARIABLE: Final = "CARDGAMES_ENV_LIBRARY"
"""The environment variable that, set to ``1``, makes every environment run on
:class:`LibraryEngine` (the library's states) even where the game has a fast step: the two
give the same episodes, and the tests compare them."""


class LibraryEngine:
    """A :class:`~cardgames.action_space.StepEngine` over the library's immutable states: each
    step plays the move on the state (``space.play``), lists the legal ids
    (``space.legal_ids``) and marks the observations stale; a seat's observation is worked out
    (``space.sparse_state``) the first time it is asked for (:meth:`sync`).

    :param game: the game's descriptor.
    :param space: its action space for the rules played.
    :param observations: the observation buffer, or None to keep none.
    :param mask: the mask buffer.
    :param slot: which engine of the buffers this one is.
    """

    def __init__(
        self,
        game: games.AnyGame,
        space: ActionSpace[Any, Any, Any],
        observations: array.array[float] | None,
        mask: bytearray,
        slot: int,
    ) -> None:
        self._game = game
        self._space = space
        self._players = space.players
        self._size = space.layout()[-1].stop
        self._count = space.size
        self._state: Any = None
        self._legal: list[int] = []
        self._actor = 0
        self._over = False
        self._history: list[int] = []
        self.move_to(observations, mask, slot)

    def move_to(self, observations: array.array[float] | None, mask: bytearray, slot: int) -> None:
        """Write into ``observations`` and ``mask`` at ``slot`` from now on."""
        self._observations = observations
        self._mask = mask
        self._obs_base = slot * self._players * self._size
        self._mask_base = slot * self._count
        self._written: list[list[int]] = [[] for _ in range(self._players)]
        self._stale = [True] * self._players
        for number in self._legal:
            mask[self._mask_base + number] = 1

    def reset(self, seed: int, first: int) -> None:
        """The deal the descriptor makes of ``seed`` with ``first`` dealing."""
        self.load(self._game.deal(self._space.rules, seed, first))

    def load(self, state: object) -> None:
        """Start from ``state``."""
        self._history = []
        self._enter(state)

    def step(self, action: int) -> None:
        """Play the legal ``action``."""
        self._history.append(action)
        self._enter(self._space.play(self._state, self._space.move(action)))

    def _enter(self, state: Any) -> None:
        space = self._space
        self._state = state
        base = self._mask_base
        mask = self._mask
        for number in self._legal:
            mask[base + number] = 0
        self._over = space.is_over(state)
        self._legal = [] if self._over else list(space.legal_ids(state))
        for number in self._legal:
            mask[base + number] = 1
        if not self._over:
            self._actor = space.actor(state)
        self._stale = [True] * self._players

    def sync(self, seat: int) -> None:
        """Write ``seat``'s observation into the buffer if it is stale."""
        observations = self._observations
        if observations is None or not self._stale[seat]:
            return
        base = self._obs_base + seat * self._size
        for position in self._written[seat]:
            observations[base + position] = 0.0
        ones, values = self._space.sparse_state(self._state, seat)
        for position in ones:
            observations[base + position] = 1.0
        for position, value in values:
            observations[base + position] = value
        self._written[seat] = [*ones, *(position for position, _ in values)]
        self._stale[seat] = False

    def actor(self) -> int:
        """The seat choosing now (the last to choose once over)."""
        return self._actor

    def over(self) -> bool:
        """Whether the deal has ended."""
        return self._over

    def legal(self) -> list[int]:
        """The legal ids now."""
        return list(self._legal)

    def returns(self) -> list[float]:
        """Each seat's payoff once over, zeros before."""
        return list(self._space.returns(self._state))

    def state(self) -> Any:
        """The library's state (the engine's own: states are immutable)."""
        return self._state

    def history(self) -> list[int]:
        """The ids played since the last reset or load."""
        return list(self._history)

    def copy(self) -> LibraryEngine:
        """An engine at the same position, writing into the same buffers."""
        twin = object.__new__(LibraryEngine)
        twin.__dict__.update(self.__dict__)
        twin._legal = list(self._legal)
        twin._history = list(self._history)
        twin._written = [list(written) for written in self._written]
        twin._stale = list(self._stale)
        return twin


def uses_fast_step(space: ActionSpace[Any, Any, Any]) -> bool:
    """Whether environments of ``space`` run on its game's fast step: the space offers one
    (:class:`~cardgames.action_space.FastActionSpace`) and ``CARDGAMES_ENV_LIBRARY=1`` is not
    set."""
    return isinstance(space, FastActionSpace) and os.environ.get(LIBRARY_VARIABLE, "") != "1"


def make_engine(
    game: games.AnyGame,
    space: ActionSpace[Any, Any, Any],
    observations: array.array[float] | None,
    mask: bytearray,
    slot: int,
) -> StepEngine[Any]:
    """The game's fast engine if its action space has one (and ``CARDGAMES_ENV_LIBRARY=1`` is
    not set), else a :class:`LibraryEngine`."""
    if uses_fast_step(space):
        assert isinstance(space, FastActionSpace)
        return space.engine(observations, mask, slot)
    return LibraryEngine(game, space, observations, mask, slot)
