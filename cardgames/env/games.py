"""One game under one rule set, as the environments drive it: :class:`EnvGame` deals from a
seed, lists the legal ids, plays an id, observes for a seat and scores the end, all in action
ids and plain numbers, for any registered game (through its descriptor and action space). The
PettingZoo, Gymnasium, OpenSpiel and vectorised environments are thin layers over it and over
the step engines it makes (:meth:`EnvGame.engine`).

>>> from cardgames import tailor
>>> game = EnvGame(tailor.Rules(players=3))
>>> state = game.new_state(seed=5)
>>> while not game.is_over(state):
...     state = game.play(state, game.legal_ids(state)[0])
>>> game.returns(state)
(-5.0, 0.0, -35.0)
"""

from __future__ import annotations

import array
import random
from collections.abc import Sequence
from typing import Any, Final, TypeAlias, TypeVar

import attrs

from cardgames import games
from cardgames.action_space import (
    ActionSpace,
    EnvPreset,
    Sparse,
    StepEngine,
    check_action_id,
    illegal_id,
)
from cardgames.deck import random_below
from cardgames.env.core import space_of_rules
from cardgames.env.engine import LibraryEngine, uses_fast_step
from cardgames.errors import RulesError
from cardgames.validation import check_int, quote, strict_arguments

__all__ = ["AnyState", "EnvGame", "draw_deal", "of_game"]

AnyState: TypeAlias = Any
"""A state of any game (the engines and environments never look inside one)."""
_SEED_BITS: Final = 64
R = TypeVar("R")


def draw_deal(rng: random.Random, players: int) -> tuple[int, int]:
    """The seed of a deal and the seat that deals (plays first), drawn from ``rng`` as every
    environment draws them: 64 bits, then a seat.

    >>> draw_deal(random.Random(1), 3) == draw_deal(random.Random(1), 3)
    True
    """
    return rng.getrandbits(_SEED_BITS), random_below(rng, players)


def _space(rules: object) -> ActionSpace[Any, Any, Any]:
    return space_of_rules(rules)


def of_game(rules: R, game: games.AnyGame, expected: str) -> R:
    """``rules`` if they are a rule set of ``game`` (for the constructors that promise one
    game, such as :func:`cardgames.env.pettingzoo.tarot_env`).

    >>> from cardgames import tarot
    >>> of_game(3, tarot.GAME, 'cardgames.tarot.Rules')
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid Tarot rules 3: expected a cardgames.tarot.Rules

    :raises RulesError: otherwise, saying what was ``expected``.
    """
    try:
        found = games.of(rules)
    except RulesError:
        found = None
    if found is not game:
        raise RulesError(f"invalid {game.title} rules {quote(rules)}: expected a {expected}")
    return rules


@strict_arguments
@attrs.frozen
class EnvGame:
    """A game under ``rules``, driven by action ids: any rule set of any registered game.

    An episode is one deal (a Chase the Tailor round, not a match). The returns are the deal's
    payoffs as floats (the game's action space says what they are: Tarot's
    :meth:`~cardgames.tarot.state.State.payoffs`, Chase the Tailor's 0 for whoever went out
    and minus the hand for the others, bridge's tricks of each side).

    :param rules: a rule set of a registered game.
    :raises RulesError: for anything else.
    """

    rules: Any
    space: ActionSpace[Any, Any, Any] = attrs.field(init=False, repr=False, eq=False)
    game: games.AnyGame = attrs.field(init=False, repr=False, eq=False)
    _sizes: tuple[int, int] = attrs.field(init=False, repr=False, eq=False)
    _fast: bool = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        space = _space(self.rules)
        object.__setattr__(self, "space", space)
        object.__setattr__(self, "game", games.of(self.rules))
        # Which engine to make, decided once (a search makes one per simulation).
        object.__setattr__(self, "_fast", uses_fast_step(space))
        # Both sizes are asked for on every step: worked out once.
        object.__setattr__(self, "_sizes", (space.size, space.layout()[-1].stop))

    @property
    def name(self) -> str:
        """The game's name (``"tarot"``, ``"tailor"``, ``"bridge"``...)."""
        return self.game.name

    @property
    def title(self) -> str:
        """The game's name in messages: ``"Tarot"``, ``"Chase the Tailor"``..."""
        return self.space.title

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.space.players

    @property
    def action_count(self) -> int:
        """The number of action ids (see :func:`cardgames.env.action_count`)."""
        return self._sizes[0]

    @property
    def observation_size(self) -> int:
        """The length of an observation (see :func:`cardgames.env.observation_size`)."""
        return self._sizes[1]

    @property
    def preset(self) -> EnvPreset:
        """The family of rule sets these rules belong to (see
        :meth:`cardgames.action_space.ActionSpace.preset`)."""
        return self.space.preset()

    def draw(self, seed: int | random.Random) -> tuple[int, int]:
        """The deal's seed and first seat that :meth:`new_state` deals from ``seed``.

        :raises RulesError: if ``seed`` is not an int from 0 to ``2**64 - 1`` or a
            :class:`random.Random`.
        """
        if isinstance(seed, random.Random):
            rng = seed
        else:
            rng = random.Random(check_int(seed, "seed", low=0, high=2**_SEED_BITS - 1))
        return draw_deal(rng, self.players)

    def new_state(self, seed: int | random.Random) -> AnyState:
        """A new deal (round) drawn from ``seed``: the shuffle and the dealer (the first player
        in Chase the Tailor) both come from it, so the same seed gives the same start.

        :param seed: an int from 0 to ``2**64 - 1``, or a :class:`random.Random` (advanced).
        :raises RulesError: for anything else.
        """
        shuffle, first = self.draw(seed)
        return self.game.deal(self.rules, shuffle, first)

    def engine(
        self, observations: array.array[float] | None, mask: bytearray, slot: int = 0
    ) -> StepEngine[Any]:
        """A step engine for these rules, writing into the buffers of
        :func:`cardgames.action_space.new_buffers` at ``slot``: the game's fast step when it
        has one, else the library's states (:mod:`cardgames.env.engine`)."""
        if self._fast:
            return self.space.engine(observations, mask, slot)  # type: ignore[attr-defined, no-any-return]
        return LibraryEngine(self.game, self.space, observations, mask, slot)

    def is_over(self, state: AnyState) -> bool:
        """Whether the deal (round) has ended."""
        return self.space.is_over(state)

    def to_move(self, state: AnyState) -> int:
        """The seat that chooses the next move (bridge's declarer for the dummy)."""
        return self.space.actor(state)

    def legal_ids(self, state: AnyState) -> list[int]:
        """The ids of the legal moves, in increasing order (empty once over)."""
        if self.space.is_over(state):
            return []
        return list(self.space.legal_ids(state))

    def play(
        self, state: AnyState, action_id: object, legal: Sequence[int] | None = None
    ) -> AnyState:
        """The state after the move with id ``action_id``.

        :param legal: the legal ids of ``state`` if already known (:meth:`legal_ids`), to
            save working them out again.
        :raises IllegalMoveError: if it is not the id of a legal move, naming the id and the
            legal ones.
        """
        space = self.space
        number = check_action_id(action_id, self.action_count, space.title)
        if legal is None:
            legal = self.legal_ids(state)
        move = space.move(number)
        if number not in legal:
            raise illegal_id(number, str(move), sorted(legal), space.title)
        return space.play(state, move)

    def sparse(self, state: AnyState, seat: int) -> Sparse:
        """The observation of ``seat`` as positions holding 1.0 and other non-zero
        ``(position, value)`` pairs (see :func:`cardgames.env.observe`)."""
        return self.space.sparse_state(state, seat)

    def returns(self, state: AnyState) -> tuple[float, ...]:
        """Each seat's payoff: the deal's (round's) score once it is over, zeros before."""
        return self.space.returns(state)

    def render(self, state: AnyState) -> str:
        """The table as text (the game's ``state_text``)."""
        return self.game.state_text(state)
