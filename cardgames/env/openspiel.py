"""Every game as an OpenSpiel game (needs the ``openspiel`` extra:
``pip install 'cardgames[openspiel]'``).

Importing this module registers one Python game with OpenSpiel for each family of rule sets
of each registered game (:meth:`cardgames.action_space.ActionSpace.presets`), so that
``pyspiel.load_game`` finds them; for the library's games:

==========================  ===================================  =====================
name                        rules                                ``players`` (default)
==========================  ===================================  =====================
``cardgames_tarot``         ``tarot.Rules.simplified``           2 to 6 (4)
``cardgames_tarot_trad``    ``tarot.Rules.traditional``          3 or 4 (3)
``cardgames_tarot_french``  ``tarot.Rules.french``               3 to 5 (4)
``cardgames_tailor``        ``tailor.Rules``                     2 to 6 (3)
``cardgames_bridge``        bridge, no trump by South            4 (4)
==========================  ===================================  =====================

:func:`openspiel_game` builds the game of any other rule set (it then has the name of its
family, and its written form names only the player count). The states play on the game's
fast step when it has one (:mod:`cardgames.env.engine`), so that a search's play-outs run at
its speed; clones copy the engine.

How the game is laid out:

* **Chance**: a deal (a Chase the Tailor round) starts with eight chance nodes of 256
  outcomes each, the eight bytes of a 64-bit seed, highest first; the seed then deals as
  :meth:`cardgames.env.games.EnvGame.new_state` does (shuffle, dealer or first player). The
  seed is the game's one random event: it fixes the hands, the dog and, in Chase the Tailor,
  the stock and every later reshuffle, so uniform bytes give exactly the library's
  distribution of deals, and an OpenSpiel history replays to the same deal everywhere.
* **Actions**: the ids of :mod:`cardgames.env` (``num_distinct_actions`` is
  :func:`cardgames.env.action_count`), legal actions in increasing order; the player to act
  is the seat that chooses (bridge's declarer for the dummy).
* **Information**: imperfect; the players see nothing of the seed. The information-state
  string is :func:`cardgames.env.information_state` (the view's written form, the whole
  history the seat has seen); the observation string is the same text. Both tensors are
  :func:`cardgames.env.observe` (:func:`cardgames.env.observation_size` floats); before the
  deal they are zeros and the strings say the cards are being dealt.
* **Returns**: zeros until the end, then the payoffs of the deal (round), as
  :meth:`cardgames.env.games.EnvGame.returns` gives them. Tarot is zero-sum, Chase the Tailor
  and bridge general-sum (0 for whoever went out, minus the hand for the others; each side's
  tricks). The utility bounds are safe bounds, not tight ones.
* **Resampling**: :meth:`CardgamesState.resample_from_infostate` draws a world consistent with
  the player's view (the view's ``sample``: :meth:`cardgames.tarot.view.View.sample`,
  :meth:`cardgames.tailor.view.View.sample`...), which OpenSpiel's IS-MCTS needs. A state built
  from such a world (or from any state of the library, :meth:`CardgamesGame.state_from`) has
  no chance nodes in its OpenSpiel history.
* **Serialization**: a state's text (:meth:`CardgamesState.serialize`) is its history, one
  action id a line (the seed bytes first), as OpenSpiel writes the states of its own games;
  a state built from a position of the library starts with a ``starting_state=`` line holding
  that position's written form, as OpenSpiel does for its games' starting states.
  :meth:`CardgamesGame.deserialize_state` replays it and refuses any other text with a
  :class:`SpielNotationError`; it never unpickles anything (OpenSpiel's default for Python
  games, which runs whatever a crafted text asks).

>>> import pyspiel
>>> from cardgames import tailor
>>> game = pyspiel.load_game("cardgames_tailor(players=3)")
>>> state = game.new_initial_state()
>>> for byte in (0, 0, 0, 0, 0, 0, 0, 13):
...     state.apply_action(byte)
>>> state.position == EnvGame(tailor.Rules(players=3)).new_state(seed=13)
True
>>> state.current_player(), state.legal_actions()[:4]
(2, [0, 17, 54, 55])
>>> state.information_state_string(2) == information_state(state.position.view(2))
True
>>> len(state.information_state_tensor(2)), state.returns()
(286, [0.0, 0.0, 0.0])
>>> state.serialize().split()
['0', '0', '0', '0', '0', '0', '0', '13']
>>> game.deserialize_state(state.serialize()).position == state.position
True
"""

from __future__ import annotations

import random
import re
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

from cardgames import games
from cardgames.action_space import EnvPreset, StepEngine, illegal_id
from cardgames.env.core import AnyRules, information_state
from cardgames.env.games import AnyState, EnvGame
from cardgames.errors import CardgamesError, NotationError, RulesError
from cardgames.validation import quote

__all__ = [
    "GAME_NAMES",
    "CardgamesGame",
    "CardgamesObserver",
    "CardgamesState",
    "SpielNotationError",
    "openspiel_game",
]

SEED_BYTES: Final = 8
"""Chance nodes at the start of every deal: one per byte of the 64-bit seed."""
_BYTE: Final = 256
_CHANCE_OUTCOMES: Final = tuple((byte, 1.0 / _BYTE) for byte in range(_BYTE))
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_PREFIX: Final = "cardgames_"


def _presets() -> dict[str, EnvPreset]:
    # Every family of every registered game, by its OpenSpiel name.
    found: dict[str, EnvPreset] = {}
    for game in games.registered():
        for preset in game.actions(game.default_rules()).presets():
            found[_PREFIX + preset.name] = preset
    return found


_PRESETS: Final = _presets()
GAME_NAMES: Final = {
    name: (preset.name, preset.low, preset.high, preset.default)
    for name, preset in _PRESETS.items()
}
"""Each registered name: the family, the fewest and most players, the default."""

_STARTING: Final = "starting_state="
_ACTION_LINE: Final = re.compile(r"[0-9]{1,9}")
_POSITION_TEXT_LIMIT: Final = 100_000
"""More characters than any position's written form takes (a whole Tarot deal is about 500)."""


class SpielNotationError(NotationError, pyspiel.SpielError):  # type: ignore[misc]
    """A serialized state that :meth:`CardgamesGame.deserialize_state` cannot read: a
    :class:`~cardgames.errors.NotationError` of the library that is also the
    ``pyspiel.SpielError`` OpenSpiel's own games raise for a state they cannot rebuild, so
    either ``except`` catches it.

    >>> import pyspiel
    >>> issubclass(SpielNotationError, NotationError), issubclass(SpielNotationError,
    ...     pyspiel.SpielError)
    (True, True)
    """


def _game_type(name: str, preset: EnvPreset, zero_sum: bool) -> Any:
    return pyspiel.GameType(
        short_name=name,
        long_name=preset.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=preset.high,
        min_num_players=preset.low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={"players": preset.default},
    )


def _rules_of(name: str, params: dict[str, Any] | None) -> Any:
    preset = _PRESETS[name]
    return preset.rules((params or {}).get("players", preset.default))


@attrs.frozen
class _Env(EnvGame):
    # The game as the states keep it: immutable, so a deep copy is the game itself.
    def __deepcopy__(self, memo: dict[int, object]) -> _Env:
        return self


class CardgamesGame(pyspiel.Game):  # type: ignore[misc]
    """One rule set of a game as an OpenSpiel game (see the module description).
    ``pyspiel.load_game`` builds one from a registered name; build one for any rule set with
    :func:`openspiel_game`.

    :param rules: a rule set of a registered game.
    :raises RulesError: for anything else.
    """

    def __init__(self, rules: AnyRules, name: str | None = None) -> None:
        self.env: EnvGame = _Env(rules)
        self.rules: AnyRules = self.env.rules
        space = self.env.space
        preset = space.preset()
        name = name or _PREFIX + preset.name
        low, high = space.bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.env.action_count,
            max_chance_outcomes=_BYTE,
            num_players=self.env.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if space.zero_sum else None,
            max_game_length=SEED_BYTES + space.max_moves,
        )
        super().__init__(
            _game_type(name, preset, space.zero_sum), info, {"players": self.env.players}
        )

    def new_initial_state(self) -> CardgamesState:
        """The state before the deal: the first of the eight chance nodes."""
        return CardgamesState(self)

    def state_from(self, position: AnyState) -> CardgamesState:
        """The OpenSpiel state holding ``position``, a state of the library under this game's
        rules (its OpenSpiel history is empty: it starts after the chance nodes).

        :raises RulesError: if ``position`` is not a state of this game's rules.
        """
        env = self.env
        if (
            not isinstance(position, env.space.state_type)
            or env.game.rules_of(position) != self.rules
        ):
            raise RulesError(
                f"invalid state {quote(position)}: expected a state under {self.rules}"
            )
        state = CardgamesState(self)
        state.position = position
        state.chance_steps = SEED_BYTES
        state.start = position
        return state

    def deserialize_state(self, text: str) -> CardgamesState:
        """The state that :meth:`CardgamesState.serialize` wrote as ``text``, rebuilt by
        replaying its history: one action id a line, the eight seed bytes first; or, for a
        state built from a position (:meth:`state_from`), a first line ``starting_state=``
        and the position's written form (as the game's ``parse_state`` reads it, e.g.
        :meth:`cardgames.tailor.State.parse`), then the ids played since. Nothing is
        unpickled.

        >>> from cardgames import tailor
        >>> game = openspiel_game(tailor.Rules(players=2))
        >>> game.deserialize_state("0\\n0\\n0\\n0\\n0\\n0\\n0\\n9\\n").position == (
        ...     EnvGame(game.rules).new_state(9))
        True
        >>> game.deserialize_state("gASVKAAAAAAAAACMCGJ1aWx0aW5z")
        Traceback (most recent call last):
        ...
        cardgames.env.openspiel.SpielNotationError: invalid serialized state 'gASV...': line 1 ...

        :raises SpielNotationError: (a :class:`~cardgames.errors.NotationError` and a
            ``pyspiel.SpielError``) for any other text, for an id that is not legal where it
            comes, and for a starting position under other rules; the message quotes the text
            and names the line.
        """
        if not isinstance(text, str):
            raise SpielNotationError(
                f"invalid serialized state {quote(text)}: expected the text of "
                "CardgamesState.serialize"
            )
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()  # the newline that ends the last line
        state = self.new_initial_state()
        if lines and lines[0].startswith(_STARTING):
            state = self.state_from(_starting_position(self.rules, text, lines[0]))
            lines.pop(0)
            number = 2
        else:
            number = 1
        if len(lines) > self.max_game_length():
            raise SpielNotationError(
                f"invalid serialized state {quote(text)}: {len(lines)} actions, more than a "
                f"game of {self.rules} can take ({self.max_game_length()})"
            )
        for line in lines:
            if _ACTION_LINE.fullmatch(line) is None:
                raise SpielNotationError(
                    f"invalid serialized state {quote(text)}: line {number} is {quote(line)}; "
                    "expected one action id a line (digits 0-9), the seed bytes first, as "
                    "CardgamesState.serialize writes"
                )
            action = int(line)
            if state.is_terminal() or (
                action not in state.legal_actions()
                if not state.is_chance_node()
                else not 0 <= action < _BYTE
            ):
                raise SpielNotationError(
                    f"invalid serialized state {quote(text)}: line {number}, action {action}, "
                    + (
                        "comes after the end of the game"
                        if state.is_terminal()
                        else "is not a legal action there"
                    )
                )
            state.apply_action(action)
            number += 1
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CardgamesObserver:
        """The observer OpenSpiel asks for: :func:`cardgames.env.observe` as the tensor, the
        view's written form as the string, for the private and public information of one
        player (with or without perfect recall, the same)."""
        if params:
            raise RulesError(f"invalid observation parameters {quote(params)}: expected none")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise RulesError(
                "invalid observation type: these games observe one player's private and "
                "public information only"
            )
        return CardgamesObserver(self.env)


class _Held:
    # The deal in progress: a step engine (without observations: a search never reads them)
    # and what has been worked out of the position now (the library's state, the sorted legal
    # ids, each seat's observation and text), dropped at every move. OpenSpiel clones a
    # Python state with copy.deepcopy: a clone copies the engine into a mask of its own and
    # starts with nothing worked out.
    __slots__ = ("engine", "env", "legal", "mask", "player", "sparse", "texts", "value")

    def __init__(self, env: EnvGame) -> None:
        self.env = env
        self.mask = bytearray(env.action_count)
        self.engine: StepEngine[Any] | None = None
        self.player = _CHANCE
        self.forget()

    def forget(self) -> None:
        engine = self.engine
        if engine is not None:
            self.player = _TERMINAL if engine.over() else engine.actor()
        self.value: AnyState | None = None
        self.legal: list[int] | None = None
        self.texts: dict[int, str] = {}
        self.sparse: dict[int, tuple[list[int], list[tuple[int, float]]]] = {}

    def __getstate__(self) -> tuple[EnvGame, AnyState | None]:
        # Pickled as the position: the engine is rebuilt from it.
        engine = self.engine
        position = None if engine is None or self.player == _CHANCE else engine.state()
        return (self.env, position)

    def __setstate__(self, saved: tuple[EnvGame, AnyState | None]) -> None:
        env, position = saved
        self.__init__(env)  # type: ignore[misc]
        if position is not None:
            self.engine = env.engine(None, self.mask)
            self.engine.load(position)
            self.forget()

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        twin = object.__new__(_Held)
        twin.env = self.env
        twin.mask = bytearray(len(self.mask))
        twin.player = self.player
        twin.engine = None
        if self.engine is not None:
            twin.engine = self.engine.copy()
            twin.engine.move_to(None, twin.mask, 0)
        twin.value = self.value  # immutable: shared
        twin.legal = self.legal
        twin.texts = self.texts
        twin.sparse = self.sparse
        return twin


class _Start:
    # The immutable position a state was built from: shared by its clones, as _Held is.
    __slots__ = ("value",)

    def __init__(self, value: AnyState | None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, object]) -> _Start:
        return self


class CardgamesState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`CardgamesGame`: the seed bytes drawn so far, then the deal in
    progress (``position`` is the library's state) once it is made."""

    def __init__(self, game: CardgamesGame) -> None:
        super().__init__(game)
        self.env: EnvGame = game.env
        self.seed = 0
        self.chance_steps = 0
        self._start = _Start(None)
        self._held = _Held(game.env)

    def _engine(self) -> StepEngine[Any]:
        held = self._held
        if held.engine is None:
            held.engine = self.env.engine(None, held.mask)
        return held.engine

    @property
    def start(self) -> AnyState | None:
        """The position this state was built from (:meth:`CardgamesGame.state_from`), if it
        was: its history starts there."""
        return self._start.value

    @start.setter
    def start(self, value: AnyState | None) -> None:
        self._start = _Start(value)

    @property
    def position(self) -> AnyState | None:
        """The library's state once the deal is made (None during the chance nodes)."""
        held = self._held
        if held.engine is None or held.player == _CHANCE:
            return None
        if held.value is None:
            held.value = held.engine.state()
        return held.value

    @position.setter
    def position(self, value: AnyState | None) -> None:
        held = self._held
        if value is None:
            held.engine = None
            held.player = _CHANCE
            held.forget()
            return
        self._engine().load(value)
        held.forget()
        held.value = value

    def engine(self) -> StepEngine[Any] | None:
        """The step engine of the deal in progress (None before the deal): a search may copy
        it to play on without OpenSpiel's state objects
        (:class:`~cardgames.env.spiel_bots.EngineRollouts`); it must not be stepped itself."""
        held = self._held
        if held.engine is None or held.player == _CHANCE:
            return None
        return held.engine

    def current_player(self) -> int:
        """The seat that chooses the next move, or OpenSpiel's chance or terminal player."""
        return self._held.player

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        if held.engine is None or player != held.player or player < 0:
            return []
        if held.legal is None:
            held.legal = sorted(held.engine.legal())
        return list(held.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The 256 values of the next seed byte, each with probability 1/256."""
        if self._held.player != _CHANCE:
            return []
        return list(_CHANCE_OUTCOMES)

    def _apply_action(self, action: int) -> None:
        held = self._held
        if held.player == _CHANCE:
            if not 0 <= action < _BYTE:
                raise RulesError(f"invalid chance outcome {quote(action)}: expected 0 to 255")
            self.seed = self.seed * _BYTE + action
            self.chance_steps += 1
            if self.chance_steps == SEED_BYTES:
                shuffle, first = self.env.draw(self.seed)
                self._engine().reset(shuffle, first)
                held.forget()
            return
        engine = self._engine()
        if held.player == _TERMINAL or not 0 <= action < len(held.mask) or not held.mask[action]:
            env = self.env
            name = str(env.space.move(action)) if 0 <= action < env.action_count else "?"
            raise illegal_id(action, name, sorted(engine.legal()), env.title)
        engine.step(action)
        held.forget()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return str(self.env.space.move(action))

    def is_terminal(self) -> bool:
        """Whether the deal (round) is over."""
        return self._held.player == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's payoff once the deal is over, zeros before."""
        held = self._held
        if held.engine is None or held.player == _CHANCE:
            return [0.0] * self.env.players
        return list(held.engine.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardgamesState:
        """A state that ``player_id`` cannot tell from this one: a world drawn from the
        player's view (its ``sample``), with a :class:`random.Random` seeded from
        ``probability_sampler`` (a callable giving floats in [0, 1), as OpenSpiel passes).
        Before the deal, a copy."""
        position = self.position
        if position is None:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        # Every game's view draws the worlds it cannot tell apart (tarot, tailor and bridge
        # views all have ``sample``): the one thing asked of a view here beyond the protocol.
        world = self.env.game.view(position, player_id).sample(rng)
        game = self.get_game()
        return game.state_from(world)  # type: ignore[no-any-return]

    def serialize(self) -> str:
        """This state as text: its history, one action id a line, the seed bytes first (the
        form OpenSpiel writes for its own games). A state built from a position
        (:meth:`CardgamesGame.state_from`, :meth:`resample_from_infostate`) starts with a line
        ``starting_state=`` and the position's written form. The game's
        :meth:`~CardgamesGame.deserialize_state` reads it back.

        >>> from cardgames import tailor
        >>> state = openspiel_game(tailor.Rules(players=2)).new_initial_state()
        >>> state.apply_action(7)
        >>> state.serialize()
        '7\\n'
        """
        lines = [f"{action}\n" for action in self.history()]
        if self.start is not None:
            lines.insert(0, f"{_STARTING}{self.start}\n")
        return "".join(lines)

    def __str__(self) -> str:
        position = self.position
        if position is None:
            return f"dealing ({self.chance_steps} of {SEED_BYTES} seed bytes drawn)"
        # The state's written form: what OpenSpiel prints of a state (and asks for on every
        # step of its tests), twenty times quicker than the drawn table.
        return str(position)


def _starting_position(rules: AnyRules, text: str, line: str) -> AnyState:
    """The position of a ``starting_state=`` line, under ``rules``."""
    written = line[len(_STARTING) :]
    if len(written) > _POSITION_TEXT_LIMIT:
        raise SpielNotationError(
            f"invalid serialized state {quote(text)}: the starting state is longer than "
            f"{_POSITION_TEXT_LIMIT} characters"
        )
    try:
        position: AnyState = games.of(rules).parse_state(written)
    except CardgamesError as error:
        raise SpielNotationError(
            f"invalid serialized state {quote(text)}: line 1: {error}"
        ) from None
    if position.rules != rules:
        raise SpielNotationError(
            f"invalid serialized state {quote(text)}: the starting state is under "
            f"{position.rules}, not this game's rules ({rules})"
        )
    return position


class CardgamesObserver:
    """OpenSpiel's observer for these games: ``tensor`` (and ``dict["observation"]``) holds
    :func:`cardgames.env.observe` of the player's view after :meth:`set_from`."""

    def __init__(self, env: EnvGame) -> None:
        self.env = env
        self.tensor: npt.NDArray[np.float32] = np.zeros(env.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardgamesState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` knows in ``state`` (zeros before the deal)."""
        self.tensor.fill(0.0)
        position = state.position
        if position is None:
            return
        held = state._held
        found = held.sparse.get(player)
        if found is None:
            found = held.sparse[player] = self.env.sparse(position, player)
        ones, values = found
        self.tensor[ones] = 1.0
        for index, value in values:
            self.tensor[index] = value

    def string_from(self, state: CardgamesState, player: int) -> str:
        """The player's view in writing (:func:`cardgames.env.information_state`)."""
        position = state.position
        if position is None:
            return f"dealing ({state.chance_steps} of {SEED_BYTES} seed bytes drawn)"
        held = state._held
        text = held.texts.get(player)
        if text is None:
            text = held.texts[player] = information_state(self.env.game.view(position, player))
        return text


def openspiel_game(rules: AnyRules) -> CardgamesGame:
    """The OpenSpiel game of ``rules`` (any rule set of any registered game).

    >>> from cardgames import tarot
    >>> game = openspiel_game(tarot.Rules.french(players=3))
    >>> game.num_distinct_actions(), game.num_players(), game.get_type().short_name
    (88, 3, 'cardgames_tarot_french')

    :raises RulesError: if ``rules`` is not a rule set of a game.
    """
    return CardgamesGame(rules)


def _factory(name: str) -> type[CardgamesGame]:
    # OpenSpiel keeps what it is given to build each game until the interpreter exits: a class
    # (as OpenSpiel's own Python games register), since a function left there aborts the exit.
    def build(self: CardgamesGame, params: dict[str, Any] | None = None) -> None:
        CardgamesGame.__init__(self, _rules_of(name, params), name)

    # Kept in the module under its name, so that its instances pickle by reference.
    kind = type(f"_Game_{name}", (CardgamesGame,), {"__init__": build})
    globals()[kind.__name__] = kind
    return kind


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name, preset in _PRESETS.items():
        if name not in registered:
            rules = preset.rules(preset.default)
            zero_sum = games.of(rules).actions(rules).zero_sum
            pyspiel.register_game(_game_type(name, preset, zero_sum), _factory(name))


_register()
