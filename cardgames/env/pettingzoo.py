"""PettingZoo AEC environments for Tarot and Chase the Tailor (needs the ``rl`` extra:
``pip install 'cardgames[rl]'``).

:func:`tarot_env` plays one Tarot deal per episode, :func:`tailor_env` one round of Chase the
Tailor (not a whole match). The agents are ``player_0``, ``player_1``... (the seats); the one
to act is the seat to move, which in Chase the Tailor may act several times running (after a
draw, or when a Joker skips the others). Each observation is a dict:

* ``"observation"``: :func:`cardgames.env.observe` of the agent's view, a ``float32`` array;
* ``"action_mask"``: an ``int8`` array with 1 for each legal action id of the agent (all 0
  when it is not its turn), as :func:`cardgames.env.legal_mask`.

Actions are the ids of :mod:`cardgames.env`; an id that is not legal raises
:class:`~cardgames.errors.IllegalMoveError` (naming it and the legal ones) and changes
nothing. Rewards are 0 until the end, then each seat's payoff for the deal (round). Every deal
comes from the seed given to ``reset(seed=...)``: the same seed and the same actions give the
same episode; ``reset()`` without a seed deals the next deal of the same stream.

>>> env = tailor_env(rules=tailor.Rules(players=3))
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     action = None if terminated else int(observation["action_mask"].nonzero()[0][0])
...     env.step(action)
>>> env.rewards  # every agent has left once the round is over
{}
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from cardgames import tailor, tarot
from cardgames.env.arrays import dense_array, ids_mask
from cardgames.env.games import AnyState, EnvGame
from cardgames.errors import RulesError
from cardgames.validation import check_int, quote

__all__ = ["CardgamesAECEnv", "tailor_env", "tarot_env"]

Observation = dict[str, npt.NDArray[Any]]
_RENDER_MODES: Final = ("ansi",)


class CardgamesAECEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment over one :class:`~cardgames.env.games.EnvGame` (see the
    module description). Build one with :func:`tarot_env` or :func:`tailor_env`.

    :param game: the game and its rules.
    :param render_mode: None, or ``"ansi"`` for :meth:`render` to return the table as text.
    :raises RulesError: for an unknown render mode.
    """

    def __init__(self, game: EnvGame, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise RulesError(f"invalid render mode {quote(render_mode)}: expected None or 'ansi'")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "name": f"cardgames_{game.name}_v0",
            "render_modes": list(_RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, count = game.observation_size, game.action_count
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(count) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self._state: AnyState | None = None
        self._legal: list[int] = []
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]

    @property
    def state_now(self) -> AnyState:
        """The game's state (every hand: for inspection, never for a policy).

        :raises RulesError: before the first :meth:`reset`.
        """
        if self._state is None:
            raise RulesError(f"{self} has not been reset: call reset() first")
        return self._state

    def _seat_of(self, agent: object) -> int:
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise RulesError(
                f"invalid agent {quote(agent)}: expected one of {', '.join(self.possible_agents)}"
            )
        return seat

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time).

        :raises RulesError: if ``agent`` is not one of ``possible_agents``.
        """
        return self.observation_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(action_count)``.

        :raises RulesError: if ``agent`` is not one of ``possible_agents``.
        """
        return self.action_spaces[self.possible_agents[self._seat_of(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal (round): from ``seed`` when given, else the next of the stream.

        :raises RulesError: if ``seed`` is not None or an int from 0 to ``2**64 - 1``.
        """
        if seed is not None:
            self._rng = random.Random(check_int(seed, "seed", low=0, high=2**64 - 1))
        state = self.game.new_state(self._rng)
        self._enter(state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[state.to_move]

    def _enter(self, state: AnyState) -> None:
        self._state = state
        self._legal = self.game.legal_ids(state)

    def observe(self, agent: str) -> Observation:
        """The observation dict of ``agent`` (see the module description).

        :raises RulesError: before the first :meth:`reset`, or if ``agent`` is not one of
            ``possible_agents``.
        """
        seat = self._seat_of(agent)
        state = self.state_now
        ones, values = self.game.sparse(state, seat)
        observation = dense_array(self.game.observation_size, ones, values)
        legal = self._legal if seat == state.to_move else ()
        return {
            "observation": observation,
            "action_mask": ids_mask(legal, self.game.action_count),
        }

    def step(self, action: int | None) -> None:
        """Play the action id ``action`` for the agent to act (None for an agent whose episode
        is over, as PettingZoo asks).

        :raises IllegalMoveError: if ``action`` is not the id of a legal move, naming it and the
            legal ones; nothing changes.
        """
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        state = self.game.play(self.state_now, action, self._legal)
        self._enter(state)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_over:
            for seat, payoff in enumerate(self.game.returns(state)):
                self.rewards[self.possible_agents[seat]] = payoff
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[state.to_move]

    def render(self) -> str | None:
        """The table as text with ``render_mode="ansi"``, else None."""
        if self.render_mode != "ansi" or self._state is None:
            return None
        return self.game.render(self._state)

    def close(self) -> None:
        """Nothing to release."""


def tarot_env(rules: tarot.Rules | None = None, render_mode: str | None = None) -> CardgamesAECEnv:
    """A PettingZoo AEC environment playing one Tarot deal per episode under ``rules``
    (default: the traditional game for three, :meth:`cardgames.tarot.rules.Rules.traditional`).

    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules`, or for an
        unknown render mode.
    """
    rules = tarot.Rules.traditional(players=3) if rules is None else rules
    if not isinstance(rules, tarot.Rules):
        raise RulesError(f"invalid Tarot rules {quote(rules)}: expected a cardgames.tarot.Rules")
    return CardgamesAECEnv(EnvGame(rules), render_mode)


def tailor_env(
    rules: tailor.Rules | None = None, render_mode: str | None = None
) -> CardgamesAECEnv:
    """A PettingZoo AEC environment playing one round of Chase the Tailor per episode under
    ``rules`` (default: ``cardgames.tailor.Rules()``, four players). A round ends when a
    player goes out or in a stalemate (``Rules.max_turns``, a cycle of passes), which is scored
    as the rules score it: the episode then terminates, it is never truncated.

    :raises RulesError: if ``rules`` is not a :class:`cardgames.tailor.Rules`, or for an
        unknown render mode.
    """
    rules = tailor.Rules() if rules is None else rules
    if not isinstance(rules, tailor.Rules):
        raise RulesError(
            f"invalid Chase the Tailor rules {quote(rules)}: expected a cardgames.tailor.Rules"
        )
    return CardgamesAECEnv(EnvGame(rules), render_mode)
