"""Many games at once into numpy arrays (needs numpy, from the ``rl`` extra):
:class:`VectorEnv` steps ``N`` deals of one rule set side by side, each on the game's fast step,
and hands back batches — the acting seat's observation and mask for every game, the rewards of
every seat, the done flags — starting a new deal wherever one ends.

It is a self-play batch: in every game the seat that chooses now acts, whoever it is, and the
caller decides which seats are its learner's (``to_move`` says who acts in each game). Games
are seeded one by one: game ``i`` deals from its own stream, ``random.Random(seed + i)`` (or
the ``i``-th of the seeds given), exactly as the PettingZoo environment deals from
``reset(seed=seed + i)`` and then ``reset()`` again and again, so a game of the batch and a
single environment seeded alike play the same deals.

Reset in the same step: when game ``i`` ends, ``step`` returns its rewards (every seat's
payoff) and ``terminated[i]``, with the observation, mask and seat to move of its *next* deal,
already dealt; the final position of the deal that ended is never shown (the rewards are all a
learner needs of it).

>>> import random
>>> from cardgames import tailor
>>> batch = VectorEnv(tailor.Rules(players=3), num_envs=4, seed=10)
>>> observations, masks, to_move = batch.reset()
>>> observations.shape, masks.shape, masks.dtype, to_move.tolist()
((4, 286), (4, 994), dtype('int8'), [1, 2, 2, 2])
>>> actions = batch.random_actions(random.Random(1))
>>> observations, masks, to_move, rewards, terminated = batch.step(actions)
>>> rewards.shape, terminated.tolist()
((4, 3), [False, False, False, False])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardgames.action_space import illegal_id, new_buffers
from cardgames.env.games import EnvGame
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.validation import check_int, quote

__all__ = ["Batch", "VectorEnv"]

Batch = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.int8],
    npt.NDArray[np.int64],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
]
"""What :meth:`VectorEnv.step` returns: observations ``(N, size)``, masks ``(N, actions)``,
the seat to move ``(N,)``, rewards ``(N, players)`` and the done flags ``(N,)``."""
_MAX_ENVS: Final = 1 << 16
_SEED_LIMIT: Final = 2**64


class VectorEnv:
    """``num_envs`` deals of ``rules`` stepped together (see the module description).

    :param rules: a rule set of any registered game.
    :param num_envs: how many games, from 1 to 65536.
    :param seed: the first game's seed (game ``i`` has ``seed + i``), or one seed per game;
        None draws them at random. :meth:`reset` may give new ones.
    :raises RulesError: for rules of no game, a bad number of games or bad seeds.
    """

    def __init__(
        self, rules: object, num_envs: int, seed: int | Sequence[int] | None = None
    ) -> None:
        self.game = EnvGame(rules)
        self.num_envs = check_int(num_envs, "num_envs", low=1, high=_MAX_ENVS)
        game = self.game
        players, size, count = game.players, game.observation_size, game.action_count
        observations, masks = new_buffers(self.num_envs, players, size, count)
        self._engines = [game.engine(observations, masks, slot) for slot in range(num_envs)]
        self._observations = np.frombuffer(observations, np.float32).reshape(
            num_envs, players, size
        )
        self._masks = np.frombuffer(masks, np.int8).reshape(num_envs, count)
        self._mask_bytes = masks
        self._rows = np.arange(num_envs)
        self._rngs = self._streams(seed)
        self._dealt = False

    def _streams(self, seed: int | Sequence[int] | None) -> list[random.Random]:
        if seed is None:
            return [random.Random() for _ in range(self.num_envs)]
        if isinstance(seed, int) and not isinstance(seed, bool):
            seeds = [seed + number for number in range(self.num_envs)]
        elif isinstance(seed, Sequence) and not isinstance(seed, str | bytes):
            seeds = list(seed)
        else:
            raise RulesError(
                f"invalid seed {quote(seed)}: expected an int, one int per game, or None"
            )
        if len(seeds) != self.num_envs or not all(
            type(one) is int and 0 <= one < _SEED_LIMIT for one in seeds
        ):
            raise RulesError(
                f"invalid seed {quote(seed)}: expected ints from 0 to 2**64 - 1, one per game "
                f"({self.num_envs}), or an int whose sums with 0 to {self.num_envs - 1} are"
            )
        return [random.Random(one) for one in seeds]

    @property
    def players(self) -> int:
        """The seats of every game."""
        return self.game.players

    def reset(
        self, seed: int | Sequence[int] | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Deal a new deal in every game (from new seeds when given, else the next deal of
        each game's stream): the observations, masks and seats to move.

        :raises RulesError: for bad seeds.
        """
        if seed is not None:
            self._rngs = self._streams(seed)
        for engine, rng in zip(self._engines, self._rngs, strict=True):
            engine.reset(*self.game.draw(rng))
        self._dealt = True
        return self._batch()

    def _batch(
        self,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        to_move = np.fromiter((engine.actor() for engine in self._engines), np.int64, self.num_envs)
        for engine, seat in zip(self._engines, to_move.tolist(), strict=True):
            engine.sync(seat)
        return self._observations[self._rows, to_move], self._masks.copy(), to_move

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]) -> Batch:
        """Play one action id in every game, for its seat to move.

        :raises IllegalMoveError: if an action is not legal in its game, naming the game, the
            id and the legal ids; the games before it in the batch have moved, the others not.
        :raises RulesError: before :meth:`reset`, or for a batch of the wrong length.
        """
        if not self._dealt:
            raise RulesError("the vector environment has not been reset: call reset() first")
        chosen = np.asarray(actions).tolist()
        if not isinstance(chosen, list) or len(chosen) != self.num_envs:
            raise RulesError(
                f"invalid actions {quote(actions)}: expected one action id per game "
                f"({self.num_envs})"
            )
        count = self.game.action_count
        masks = self._mask_bytes
        rewards = np.zeros((self.num_envs, self.players), np.float32)
        terminated = np.zeros(self.num_envs, np.bool_)
        draw = self.game.draw
        for number, (engine, action) in enumerate(zip(self._engines, chosen, strict=True)):
            if (
                type(action) is not int
                or not 0 <= action < count
                or not masks[number * count + action]
            ):
                raise self._illegal(number, action)
            engine.step(action)
            if engine.over():
                rewards[number] = engine.returns()
                terminated[number] = True
                engine.reset(*draw(self._rngs[number]))
        observations, mask, to_move = self._batch()
        return observations, mask, to_move, rewards, terminated

    def _illegal(self, number: int, action: object) -> IllegalMoveError:
        game = self.game
        engine = self._engines[number]
        if type(action) is not int or not 0 <= action < game.action_count:
            return IllegalMoveError(
                f"invalid action {quote(action)} for game {number}: expected an int from 0 "
                f"to {game.action_count - 1}"
            )
        error = illegal_id(action, str(game.space.move(action)), sorted(engine.legal()), game.title)
        return IllegalMoveError(f"game {number}: {error}")

    def legal_ids(self) -> list[list[int]]:
        """The legal ids of each game, for its seat to move (in no set order)."""
        return [engine.legal() for engine in self._engines]

    def random_actions(self, rng: random.Random) -> list[int]:
        """One legal id at random for each game (a uniformly random player).

        :raises RulesError: before :meth:`reset`.
        """
        if not self._dealt:
            raise RulesError("the vector environment has not been reset: call reset() first")
        actions = []
        for engine in self._engines:
            legal = engine.legal()
            actions.append(legal[rng.randrange(len(legal))])
        return actions

    def states(self) -> list[Any]:
        """Each game's state (every hand: for inspection, never for a policy)."""
        return [engine.state() for engine in self._engines]
