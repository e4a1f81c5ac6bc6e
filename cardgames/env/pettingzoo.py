"""PettingZoo AEC environments for every game (needs the ``rl`` extra:
``pip install 'cardgames[rl]'``).

:func:`tarot_env` plays one Tarot deal per episode, :func:`tailor_env` one round of Chase the
Tailor (not a whole match), :func:`bridge_env` the play of one bridge deal, and
:func:`game_env` any rule set of any registered game. The agents are ``player_0``,
``player_1``... (the seats); the one to act is the seat that chooses the next move, which in
Chase the Tailor may act several times running (after a draw, or when a Joker skips the
others), and in bridge is the declarer for the dummy's cards too. The environments run on the
game's fast step when it has one (:mod:`cardgames.env.engine`). Each observation is a dict:

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

from cardgames import bridge, tailor, tarot
from cardgames.action_space import check_action_id, illegal_id, new_buffers
from cardgames.bridge.rules import Contract
from cardgames.env.games import AnyState, EnvGame, of_game
from cardgames.errors import RulesError
from cardgames.validation import check_int, quote

__all__ = ["CardgamesAECEnv", "bridge_env", "game_env", "tailor_env", "tarot_env"]

Observation = dict[str, npt.NDArray[Any]]
_RENDER_MODES: Final = ("ansi",)


class CardgamesAECEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment over one :class:`~cardgames.env.games.EnvGame` (see the
    module description). Build one with :func:`tarot_env`, :func:`tailor_env`,
    :func:`bridge_env` or :func:`game_env`.

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
        observations, mask = new_buffers(1, game.players, size, count)
        self._engine = game.engine(observations, mask)
        # numpy views of the engine's buffers, which it keeps up to date as it plays
        self._observations = np.frombuffer(observations, np.float32).reshape(game.players, size)
        self._mask = np.frombuffer(mask, np.int8)
        self._rng = random.Random()
        self._dealt = False
        self._state: AnyState | None = None
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
        if not self._dealt:
            raise RulesError(f"{self} has not been reset: call reset() first")
        if self._state is None:
            self._state = self._engine.state()
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
        shuffle, first = self.game.draw(self._rng)
        self._engine.reset(shuffle, first)
        self._dealt = True
        self._state = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._engine.actor()]

    def observe(self, agent: str) -> Observation:
        """The observation dict of ``agent`` (see the module description).

        :raises RulesError: before the first :meth:`reset`, or if ``agent`` is not one of
            ``possible_agents``.
        """
        seat = self._seat_of(agent)
        if not self._dealt:
            raise RulesError(f"{self} has not been reset: call reset() first")
        engine = self._engine
        engine.sync(seat)
        if seat == engine.actor() and not engine.over():
            mask = self._mask.copy()
        else:
            mask = np.zeros(self.game.action_count, np.int8)
        return {"observation": self._observations[seat].copy(), "action_mask": mask}

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
        if not self._dealt:
            raise RulesError(f"{self} has not been reset: call reset() first")
        engine = self._engine
        game = self.game
        number = check_action_id(action, game.action_count, game.title)
        if engine.over() or not self._mask[number]:
            raise illegal_id(
                number, str(game.space.move(number)), sorted(engine.legal()), game.title
            )
        engine.step(number)
        self._state = None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if engine.over():
            for seat, payoff in enumerate(engine.returns()):
                self.rewards[self.possible_agents[seat]] = payoff
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[engine.actor()]

    def render(self) -> str | None:
        """The table as text with ``render_mode="ansi"``, else None."""
        if self.render_mode != "ansi" or not self._dealt:
            return None
        return self.game.render(self.state_now)

    def close(self) -> None:
        """Nothing to release."""


def game_env(rules: object, render_mode: str | None = None) -> CardgamesAECEnv:
    """A PettingZoo AEC environment playing one deal per episode of the game of ``rules``, any
    rule set of any registered game (a game added to the registry gets one too).

    >>> env = game_env(tailor.Rules(players=2))
    >>> env.possible_agents, env.metadata["name"]
    (['player_0', 'player_1'], 'cardgames_tailor_v0')

    :raises RulesError: if ``rules`` is not a rule set of a game, or for an unknown render
        mode.
    """
    return CardgamesAECEnv(EnvGame(rules), render_mode)


def tarot_env(rules: tarot.Rules | None = None, render_mode: str | None = None) -> CardgamesAECEnv:
    """A PettingZoo AEC environment playing one Tarot deal per episode under ``rules``
    (default: the traditional game for three, :meth:`cardgames.tarot.rules.Rules.traditional`).

    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules`, or for an
        unknown render mode.
    """
    rules = tarot.Rules.traditional(players=3) if rules is None else rules
    return game_env(of_game(rules, tarot.GAME, "cardgames.tarot.Rules"), render_mode)


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
    return game_env(of_game(rules, tailor.GAME, "cardgames.tailor.Rules"), render_mode)


def bridge_env(contract: Contract | None = None, render_mode: str | None = None) -> CardgamesAECEnv:
    """A PettingZoo AEC environment playing the cards of one bridge deal per episode in
    ``contract`` (default: no trump, South declaring). The declarer's agent chooses the
    dummy's cards too; rewards are each seat's side's tricks.

    >>> env = bridge_env()
    >>> env.reset(seed=2)
    >>> env.agent_selection, int(env.observe("player_3")["action_mask"].sum())
    ('player_3', 13)

    :raises RulesError: if ``contract`` is not a :class:`cardgames.bridge.rules.Contract`, or for
        an unknown render mode.
    """
    if contract is None:
        contract = bridge.GAME.default_rules()
    return game_env(of_game(contract, bridge.GAME, "cardgames.bridge.Contract"), render_mode)
