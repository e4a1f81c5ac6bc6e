"""Tarot and Chase the Tailor as OpenSpiel games (needs the ``openspiel`` extra:
``pip install 'cardgames[openspiel]'``).

Importing this module registers four Python games with OpenSpiel, so that
``pyspiel.load_game`` finds them:

==========================  ===================================  =====================
name                        rules                                ``players`` (default)
==========================  ===================================  =====================
``cardgames_tarot``         ``tarot.Rules.simplified``           2 to 6 (4)
``cardgames_tarot_trad``    ``tarot.Rules.traditional``          3 or 4 (3)
``cardgames_tarot_french``  ``tarot.Rules.french``               3 to 5 (4)
``cardgames_tailor``        ``tailor.Rules``                     2 to 6 (3)
==========================  ===================================  =====================

:func:`openspiel_game` builds the game of any other rule set (it then has the name of its
family, and its written form names only the player count).

How the game is laid out:

* **Chance**: a deal (a Chase the Tailor round) starts with eight chance nodes of 256
  outcomes each, the eight bytes of a 64-bit seed, highest first; the seed then deals as
  :meth:`cardgames.env.games.EnvGame.new_state` does (shuffle, dealer or first player). The
  seed is the game's one random event: it fixes the hands, the dog and, in Chase the Tailor,
  the stock and every later reshuffle, so uniform bytes give exactly the library's
  distribution of deals, and an OpenSpiel history replays to the same deal everywhere.
* **Actions**: the ids of :mod:`cardgames.env` (``num_distinct_actions`` is
  :func:`cardgames.env.action_count`), legal actions in increasing order.
* **Information**: imperfect; the players see nothing of the seed. The information-state
  string is :func:`cardgames.env.information_state` (the view's written form, the whole
  history the seat has seen); the observation string is the same text. Both tensors are
  :func:`cardgames.env.observe` (:func:`cardgames.env.observation_size` floats); before the
  deal they are zeros and the strings say the cards are being dealt.
* **Returns**: zeros until the end, then the payoffs of the deal (round), as
  :meth:`cardgames.env.games.EnvGame.returns` gives them. Tarot is zero-sum, Chase the Tailor
  general-sum (0 for whoever went out, minus the hand for the others). The utility bounds are
  safe bounds, not tight ones.
* **Resampling**: :meth:`CardgamesState.resample_from_infostate` draws a world consistent with
  the player's view (:meth:`cardgames.tarot.view.View.sample`,
  :meth:`cardgames.tailor.view.View.sample`), which OpenSpiel's IS-MCTS needs. A state built
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

from cardgames import tailor, tarot
from cardgames.cards import TAILOR_PACK_SIZE, Card
from cardgames.env import tarot_space
from cardgames.env.core import AnyRules, action_name, information_state
from cardgames.env.games import AnyState, EnvGame
from cardgames.errors import CardgamesError, NotationError, RulesError
from cardgames.tailor.rules import hand_points
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
_TAROT_MOVES_BOUND: Final = 78 + 60
"""More than a Tarot deal's moves: 78 cards, the bids, the call, the discard, announcements
and poignées."""
_FRENCH_SEAT_BOUND: Final = 1300
"""More than a French defender can lose on one deal: (25 + 100) x 6 for the contract, 10 x 6
for the petit au bout, 40 for a triple poignée, 400 for an announced slam."""

GAME_NAMES: Final = {
    "cardgames_tarot": ("simplified", 2, 6, 4),
    "cardgames_tarot_trad": ("traditional", 3, 4, 3),
    "cardgames_tarot_french": ("french", 3, 5, 4),
    "cardgames_tailor": ("tailor", 2, 6, 3),
}
"""Each registered name: the rule family, the fewest and most players, the default."""

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


def _family(rules: AnyRules) -> str:
    if isinstance(rules, tailor.Rules):
        return "cardgames_tailor"
    for name, (family, low, high, _) in GAME_NAMES.items():
        if family != "tailor" and low <= rules.players <= high:
            preset = getattr(tarot.Rules, family)(players=rules.players)
            if preset == rules:
                return name
    if rules.bidding:
        return "cardgames_tarot_french"
    if rules.players in (3, 4) and rules.numeral_order == tarot.NumeralOrder.TRADITIONAL:
        return "cardgames_tarot_trad"
    return "cardgames_tarot"


def _game_type(name: str) -> Any:
    family, low, high, default = GAME_NAMES[name]
    titles = {
        "simplified": "Tarot (simplified, cardgames)",
        "traditional": "Tarot (traditional, cardgames)",
        "french": "French Tarot (cardgames)",
        "tailor": "Chase the Tailor (cardgames)",
    }
    return pyspiel.GameType(
        short_name=name,
        long_name=titles[family],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM
            if family == "tailor"
            else pyspiel.GameType.Utility.ZERO_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={"players": default},
    )


def _bounds(rules: AnyRules) -> tuple[float, float, int]:
    # min utility, max utility, max game length (chance nodes included).
    if isinstance(rules, tailor.Rules):
        everything = hand_points(Card(index) for index in range(TAILOR_PACK_SIZE))
        return (-float(everything), 0.0, SEED_BYTES + rules.max_turns)
    if rules.bidding:
        bound = float(_FRENCH_SEAT_BOUND * (rules.players - 1))
    else:
        bound = float(rules.pack_total + rules.magician_bonus)
    return (-bound, bound, SEED_BYTES + _TAROT_MOVES_BOUND)


def _rules_of(name: str, params: dict[str, Any] | None) -> AnyRules:
    family, low, high, default = GAME_NAMES[name]
    players = (params or {}).get("players", default)
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise RulesError(
            f"invalid players {quote(players)} for {name}: expected an int from {low} to {high}"
        )
    if family == "tailor":
        return tailor.Rules(players=players)
    rules: AnyRules = getattr(tarot.Rules, family)(players=players)
    return rules


@attrs.frozen
class _Env(EnvGame):
    # The game as the states keep it: immutable, so a deep copy is the game itself.
    def __deepcopy__(self, memo: dict[int, object]) -> _Env:
        return self


class CardgamesGame(pyspiel.Game):  # type: ignore[misc]
    """One rule set of Tarot or Chase the Tailor as an OpenSpiel game (see the module
    description). ``pyspiel.load_game`` builds one from a registered name; build one for any
    rule set with :func:`openspiel_game`.

    :param rules: a :class:`cardgames.tarot.rules.Rules` or a :class:`cardgames.tailor.Rules`.
    :raises RulesError: for anything else.
    """

    def __init__(self, rules: AnyRules, name: str | None = None) -> None:
        self.env: EnvGame = _Env(rules)
        self.rules: AnyRules = self.env.rules
        name = name or _family(self.rules)
        low, high, length = _bounds(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.env.action_count,
            max_chance_outcomes=_BYTE,
            num_players=self.rules.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if isinstance(self.rules, tailor.Rules) else 0.0,
            max_game_length=length,
        )
        super().__init__(_game_type(name), info, {"players": self.rules.players})

    def new_initial_state(self) -> CardgamesState:
        """The state before the deal: the first of the eight chance nodes."""
        return CardgamesState(self)

    def state_from(self, position: AnyState) -> CardgamesState:
        """The OpenSpiel state holding ``position``, a state of the library under this game's
        rules (its OpenSpiel history is empty: it starts after the chance nodes).

        :raises RulesError: if ``position`` is not a state of this game's rules.
        """
        if not isinstance(position, tarot.State | tailor.State) or position.rules != self.rules:
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
        and the position's written form (:meth:`cardgames.tarot.state.State.parse`,
        :meth:`cardgames.tailor.State.parse`), then the ids played since. Nothing is
        unpickled.

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
    # Holds an immutable state and, once asked for, its legal ids: OpenSpiel clones a Python
    # state with copy.deepcopy, and neither needs copying, so the clone shares them (and a
    # play-out lists the legal ids of each position once, not again to check the move).
    # The same goes for what each seat observes, asked for twice (information state and
    # observation) by OpenSpiel's tests.
    # OpenSpiel asks for the player to move several times a step: also worked out once.
    __slots__ = ("legal", "player", "sparse", "texts", "value")

    def __init__(self, value: AnyState | None) -> None:
        self.value = value
        if value is None:
            self.player = _CHANCE
        else:
            self.player = _TERMINAL if value.is_over else value.to_move
        self.legal: list[int] | None = None
        self.texts: dict[int, str] = {}
        self.sparse: dict[int, tuple[list[int], list[tuple[int, float]]]] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return self


class _Start:
    # The immutable position a state was built from: shared by its clones, as _Held is.
    __slots__ = ("value",)

    def __init__(self, value: AnyState | None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, object]) -> _Start:
        return self


class CardgamesState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`CardgamesGame`: the seed bytes drawn so far, then the library's
    state (``position``) once the deal is made."""

    def __init__(self, game: CardgamesGame) -> None:
        super().__init__(game)
        self.env: EnvGame = game.env
        self.seed = 0
        self.chance_steps = 0
        self._start = _Start(None)
        self._held = _Held(None)

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
        return self._held.value

    @position.setter
    def position(self, value: AnyState | None) -> None:
        self._held = _Held(value)

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        return self._held.player

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        position = held.value
        if position is None or player != held.player:
            return []
        if held.legal is None:
            held.legal = sorted(self.env.legal_ids(position))
        return list(held.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The 256 values of the next seed byte, each with probability 1/256."""
        if self.position is not None:
            return []
        return list(_CHANCE_OUTCOMES)

    def _apply_action(self, action: int) -> None:
        if self.position is None:
            if not 0 <= action < _BYTE:
                raise RulesError(f"invalid chance outcome {quote(action)}: expected 0 to 255")
            self.seed = self.seed * _BYTE + action
            self.chance_steps += 1
            if self.chance_steps == SEED_BYTES:
                self.position = self.env.new_state(self.seed)
            return
        position = self.position
        legal = self._held.legal
        if legal is None or isinstance(position, tailor.State):
            self.position = self.env.play(position, action, legal)
        elif action in legal:
            self.position = position.play(tarot_space.move_of_id(action, position.rules))
        else:
            self.position = self.env.play(position, action)  # raises, naming the legal ids

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return action_name(action, self.env.rules)

    def is_terminal(self) -> bool:
        """Whether the deal (round) is over."""
        return self._held.player == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's payoff once the deal is over, zeros before."""
        if self.position is None:
            return [0.0] * self.env.players
        return list(self.env.returns(self.position))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardgamesState:
        """A state that ``player_id`` cannot tell from this one: a world drawn from the
        player's view, with a :class:`random.Random` seeded from ``probability_sampler`` (a
        callable giving floats in [0, 1), as OpenSpiel passes). Before the deal, a copy."""
        position = self.position
        if position is None:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        world = position.view(player_id).sample(rng)
        game = self.get_game()
        return game.state_from(world)  # type: ignore[no-any-return]

    def serialize(self) -> str:
        """This state as text: its history, one action id a line, the seed bytes first (the
        form OpenSpiel writes for its own games). A state built from a position
        (:meth:`CardgamesGame.state_from`, :meth:`resample_from_infostate`) starts with a line
        ``starting_state=`` and the position's written form. The game's
        :meth:`~CardgamesGame.deserialize_state` reads it back.

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
        if self.position is None:
            return f"dealing ({self.chance_steps} of {SEED_BYTES} seed bytes drawn)"
        # The state's written form: what OpenSpiel prints of a state (and asks for on every
        # step of its tests), twenty times quicker than the drawn table.
        return str(self.position)


def _starting_position(rules: AnyRules, text: str, line: str) -> AnyState:
    """The position of a ``starting_state=`` line, under ``rules``."""
    written = line[len(_STARTING) :]
    if len(written) > _POSITION_TEXT_LIMIT:
        raise SpielNotationError(
            f"invalid serialized state {quote(text)}: the starting state is longer than "
            f"{_POSITION_TEXT_LIMIT} characters"
        )
    try:
        position: AnyState = (
            tailor.State.parse(written)
            if isinstance(rules, tailor.Rules)
            else tarot.State.parse(written)
        )
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
        held = state._held
        if held.value is None:
            return
        found = held.sparse.get(player)
        if found is None:
            found = held.sparse[player] = self.env.sparse(held.value, player)
        ones, values = found
        self.tensor[ones] = 1.0
        for position, value in values:
            self.tensor[position] = value

    def string_from(self, state: CardgamesState, player: int) -> str:
        """The player's view in writing (:func:`cardgames.env.information_state`)."""
        held = state._held
        if held.value is None:
            return f"dealing ({state.chance_steps} of {SEED_BYTES} seed bytes drawn)"
        text = held.texts.get(player)
        if text is None:
            text = held.texts[player] = information_state(held.value.view(player))
        return text


def openspiel_game(rules: AnyRules) -> CardgamesGame:
    """The OpenSpiel game of ``rules`` (any rule set of either game).

    >>> game = openspiel_game(tarot.Rules.french(players=3))
    >>> game.num_distinct_actions(), game.num_players(), game.get_type().short_name
    (88, 3, 'cardgames_tarot_french')

    :raises RulesError: if ``rules`` is not a rule set of either game.
    """
    return CardgamesGame(rules)


class _SimplifiedTarot(CardgamesGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_rules_of("cardgames_tarot", params), "cardgames_tarot")


class _TraditionalTarot(CardgamesGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_rules_of("cardgames_tarot_trad", params), "cardgames_tarot_trad")


class _FrenchTarot(CardgamesGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_rules_of("cardgames_tarot_french", params), "cardgames_tarot_french")


class _Tailor(CardgamesGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_rules_of("cardgames_tailor", params), "cardgames_tailor")


# OpenSpiel keeps what it is given to build each game until the interpreter exits: a class
# (as OpenSpiel's own Python games register), since a function left there aborts the exit.
_FACTORIES: Final = {
    "cardgames_tarot": _SimplifiedTarot,
    "cardgames_tarot_trad": _TraditionalTarot,
    "cardgames_tarot_french": _FrenchTarot,
    "cardgames_tailor": _Tailor,
}


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name, factory in _FACTORIES.items():
        if name not in registered:
            pyspiel.register_game(_game_type(name), factory)


_register()
