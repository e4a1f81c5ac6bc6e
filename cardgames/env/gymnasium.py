"""A Gymnasium single-agent environment: one seat of any game played by the learner, every
other seat by bots of this library (needs the ``rl`` extra).

The bots are any :class:`~cardgames.players.Bot`: each is handed only its own seat's view and
a :class:`random.Random` of its own, as in the arena, so it never sees a hidden card. The
observation is the same dict as the PettingZoo environments' (``"observation"`` and
``"action_mask"``); the reward is 0 until the deal (round) ends, then the learner's payoff.

>>> from cardgames.bots import RuleBot
>>> env = tailor_gym_env(tailor.Rules(players=3), seat=1, opponents=RuleBot())
>>> observation, info = env.reset(seed=3)
>>> terminated = False
>>> while not terminated:
...     action = int(observation["action_mask"].nonzero()[0][0])
...     observation, reward, terminated, truncated, info = env.step(action)
>>> reward == env.game.returns(env.state_now)[1]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, SupportsFloat

import gymnasium
import numpy as np

from cardgames import bridge, tailor, tarot
from cardgames.action_space import check_action_id, illegal_id, new_buffers
from cardgames.bots import RandomBot
from cardgames.bridge.rules import Contract
from cardgames.env.games import AnyState, EnvGame, of_game
from cardgames.errors import RulesError
from cardgames.players import Bot, check_bot
from cardgames.validation import check_int, check_seat, quote

__all__ = [
    "RANDOM_BOT",
    "SeatEnv",
    "bridge_gym_env",
    "game_gym_env",
    "tailor_gym_env",
    "tarot_gym_env",
]

Observation = dict[str, Any]
AnyBot = Bot[Any, Any]
_REDEALS: Final = 1000
RANDOM_BOT: Final = RandomBot()
"""The opponents when none are given: :class:`~cardgames.bots.random_bot.RandomBot` in every
seat."""
_RENDER_MODES: Final = ("ansi",)


class SeatEnv(gymnasium.Env[Observation, np.int64]):
    """One seat against bots (see the module description). Build one with
    :func:`tarot_gym_env` or :func:`tailor_gym_env`.

    :param game: the game and its rules.
    :param seat: the learner's seat.
    :param opponents: one bot for every other seat, a bot for each of the other seats in seat
        order, or one bot per seat of the table (the learner's own entry is then ignored);
        :data:`RANDOM_BOT` by default.
    :param render_mode: None, or ``"ansi"`` for :meth:`render` to return the table as text.
    :raises RulesError: for a seat that is not at the table, a wrong number of bots, an object
        that is not a bot, or an unknown render mode.
    """

    def __init__(
        self,
        game: EnvGame,
        seat: int = 0,
        opponents: AnyBot | Sequence[AnyBot] = RANDOM_BOT,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.seat = check_seat(seat, game.players, "learner seat")
        self.bots = _seat_bots(opponents, game.players, self.seat)
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise RulesError(f"invalid render mode {quote(render_mode)}: expected None or 'ansi'")
        self.render_mode = render_mode
        self.metadata = {"render_modes": list(_RENDER_MODES)}
        size, count = game.observation_size, game.action_count
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (count,), np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(count)
        self._rng = random.Random()
        self._bot_rngs: list[random.Random] = []
        observations, mask = new_buffers(1, game.players, size, count)
        self._engine = game.engine(observations, mask)
        self._observations = np.frombuffer(observations, np.float32).reshape(game.players, size)
        self._mask = np.frombuffer(mask, np.int8)
        self._dealt = False

    @property
    def state_now(self) -> AnyState:
        """The game's state (every hand: for inspection, never for a policy).

        :raises RulesError: before the first :meth:`reset`.
        """
        if not self._dealt:
            raise RulesError("the environment has not been reset: call reset() first")
        return self._engine.state()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new deal (round), from ``seed`` when given, else the next of the stream, and
        let the bots play up to the learner's first turn. A deal that ends before the
        learner's first turn (a round a bot wins in its first moves) is dealt again.

        :raises RulesError: if ``seed`` is not None or an int from 0 to ``2**64 - 1``.
        """
        if seed is not None:
            self._rng = random.Random(check_int(seed, "seed", low=0, high=2**64 - 1))
        super().reset(seed=seed)
        engine = self._engine
        for _ in range(_REDEALS):
            shuffle, first = self.game.draw(self._rng)
            engine.reset(shuffle, first)
            self._dealt = True
            self._bot_rngs = [random.Random(self._rng.getrandbits(64)) for _ in self.bots]
            self._bots_play()
            if not engine.over():
                return self._observation(), {}
        raise RulesError(  # pragma: no cover - a round never ends before the learner moves
            f"{_REDEALS} deals in a row ended before seat {self.seat} could move"
        )

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the bots' moves up to its next turn or the end.

        :raises IllegalMoveError: if ``action`` is not the id of a legal move, naming it and the
            legal ones; nothing changes.
        :raises RulesError: before :meth:`reset`, or once the episode is over.
        """
        if not self._dealt:
            raise RulesError("the environment has not been reset: call reset() first")
        engine = self._engine
        if engine.over():
            raise RulesError("the episode is over: call reset() to deal again")
        self._play(action)
        self._bots_play()
        over = engine.over()
        reward = engine.returns()[self.seat] if over else 0.0
        return self._observation(), reward, over, False, {}

    def _play(self, action: object) -> None:
        # The id checked against the mask; an illegal one raises, naming the legal ids, and
        # changes nothing.
        engine = self._engine
        game = self.game
        number = check_action_id(action, game.action_count, game.title)
        if not self._mask[number]:
            raise illegal_id(
                number, str(game.space.move(number)), sorted(engine.legal()), game.title
            )
        engine.step(number)

    def _bots_play(self) -> None:
        engine = self._engine
        game = self.game
        while not engine.over() and engine.actor() != self.seat:
            seat = engine.actor()
            view = game.game.view(engine.state(), seat)
            move = self.bots[seat].choose(view, self._bot_rngs[seat])
            self._play(game.space.action_id(move))

    def _observation(self) -> Observation:
        engine = self._engine
        engine.sync(self.seat)
        if engine.actor() == self.seat and not engine.over():
            mask = self._mask.copy()
        else:
            mask = np.zeros(self.game.action_count, np.int8)
        return {"observation": self._observations[self.seat].copy(), "action_mask": mask}

    def render(self) -> str | None:
        """The table as text with ``render_mode="ansi"``, else None."""
        if self.render_mode != "ansi" or not self._dealt:
            return None
        return self.game.render(self._engine.state())


def _seat_bots(bots: AnyBot | Sequence[AnyBot], players: int, seat: int) -> list[AnyBot]:
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        given = list(bots)
        if len(given) == players - 1:
            given.insert(seat, RANDOM_BOT)  # the learner's seat: never asked
        elif len(given) != players:
            raise RulesError(
                f"invalid opponents: {len(given)} bots given for {players - 1} other seats "
                "(give one bot, one for every other seat, or one per seat)"
            )
    else:
        given = [bots] * players
    for bot in given:
        check_bot(bot, "opponent")
    return given


def tarot_gym_env(
    rules: tarot.Rules | None = None,
    seat: int = 0,
    opponents: AnyBot | Sequence[AnyBot] = RANDOM_BOT,
    render_mode: str | None = None,
) -> SeatEnv:
    """A Gymnasium environment: ``seat`` of a Tarot deal under ``rules`` (default: the
    traditional game for three) against ``opponents``.

    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules`, or as
        :class:`SeatEnv` says.
    """
    rules = tarot.Rules.traditional(players=3) if rules is None else rules
    return game_gym_env(
        of_game(rules, tarot.GAME, "cardgames.tarot.Rules"), seat, opponents, render_mode
    )


def tailor_gym_env(
    rules: tailor.Rules | None = None,
    seat: int = 0,
    opponents: AnyBot | Sequence[AnyBot] = RANDOM_BOT,
    render_mode: str | None = None,
) -> SeatEnv:
    """A Gymnasium environment: ``seat`` of a round of Chase the Tailor under ``rules``
    (default: four players) against ``opponents``.

    :raises RulesError: if ``rules`` is not a :class:`cardgames.tailor.Rules`, or as
        :class:`SeatEnv` says.
    """
    rules = tailor.Rules() if rules is None else rules
    return game_gym_env(
        of_game(rules, tailor.GAME, "cardgames.tailor.Rules"), seat, opponents, render_mode
    )


def bridge_gym_env(
    contract: Contract | None = None,
    seat: int = 0,
    opponents: AnyBot | Sequence[AnyBot] = RANDOM_BOT,
    render_mode: str | None = None,
) -> SeatEnv:
    """A Gymnasium environment: ``seat`` of the play of a bridge deal in ``contract``
    (default: no trump, South declaring) against ``opponents``. The learner at the declarer's
    seat chooses the dummy's cards too; a bot at the declarer's seat does.

    :raises RulesError: if ``contract`` is not a :class:`cardgames.bridge.rules.Contract`, or as
        :class:`SeatEnv` says.
    """
    contract = bridge.GAME.default_rules() if contract is None else contract
    return game_gym_env(
        of_game(contract, bridge.GAME, "cardgames.bridge.Contract"), seat, opponents, render_mode
    )


def game_gym_env(
    rules: object,
    seat: int = 0,
    opponents: AnyBot | Sequence[AnyBot] = RANDOM_BOT,
    render_mode: str | None = None,
) -> SeatEnv:
    """A Gymnasium environment: ``seat`` of a deal of the game of ``rules`` (any registered
    game) against ``opponents``.

    >>> env = game_gym_env(tailor.Rules(players=2), seat=1)
    >>> int(env.action_space.n)
    942

    :raises RulesError: if ``rules`` is not a rule set of a game, or as :class:`SeatEnv`
        says.
    """
    return SeatEnv(EnvGame(rules), seat, opponents, render_mode)
