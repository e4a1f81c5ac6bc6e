"""One game under one rule set, as the environments drive it: :class:`EnvGame` deals from a
seed, lists the legal ids, plays an id, observes for a seat and scores the end, all in action
ids and plain numbers. The PettingZoo and Gymnasium environments (and any other framework's
adapter) are thin layers over it.

>>> from cardgames import tailor
>>> game = EnvGame(tailor.Rules(players=3))
>>> state = game.new_state(seed=5)
>>> while not game.is_over(state):
...     state = game.play(state, game.legal_ids(state)[0])
>>> game.returns(state)
(-16.0, -9.0, 0.0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import attrs

from cardgames import tailor, tarot
from cardgames.deck import random_below
from cardgames.env import tailor_space, tarot_space
from cardgames.env._fields import check_action_id, illegal_id
from cardgames.env.core import AnyRules, GameMove, sparse_of_state
from cardgames.errors import RulesError
from cardgames.tailor.turns import apply_move
from cardgames.validation import check_int, quote, strict_arguments

__all__ = ["AnyState", "EnvGame"]

AnyState = tarot.State | tailor.State
_SEED_BITS: Final = 64


def _check_rules(rules: object) -> AnyRules:
    if isinstance(rules, tarot.Rules | tailor.Rules):
        return rules
    raise RulesError(
        f"invalid rules {quote(rules)}: expected a cardgames.tarot.Rules or a "
        "cardgames.tailor.Rules"
    )


@strict_arguments
@attrs.frozen
class EnvGame:
    """Tarot or Chase the Tailor under ``rules``, driven by action ids.

    A Tarot episode is one deal; a Chase the Tailor episode is one round (not a match). The
    returns are the deal's payoffs (:meth:`cardgames.tarot.state.State.payoffs`, as floats) or the
    round's (:meth:`cardgames.tailor.State.payoffs`: 0 for whoever went out, minus the cards
    left in hand for the others).

    :param rules: a :class:`cardgames.tarot.rules.Rules` or a :class:`cardgames.tailor.Rules`.
    :raises RulesError: for anything else.
    """

    rules: AnyRules = attrs.field(converter=_check_rules)
    _sizes: tuple[int, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        # Both sizes are asked for on every step: worked out once.
        if isinstance(self.rules, tarot.Rules):
            sizes = (
                tarot_space.action_count(self.rules),
                tarot_space.observation_size(self.rules),
            )
        else:
            sizes = (
                tailor_space.action_count(self.rules),
                tailor_space.observation_size(self.rules),
            )
        object.__setattr__(self, "_sizes", sizes)

    @property
    def name(self) -> str:
        """``"tarot"`` or ``"tailor"``."""
        return "tarot" if isinstance(self.rules, tarot.Rules) else "tailor"

    @property
    def title(self) -> str:
        """The game's name in messages: ``"Tarot"`` or ``"Chase the Tailor"``."""
        return tarot_space.GAME if isinstance(self.rules, tarot.Rules) else tailor_space.GAME

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def action_count(self) -> int:
        """The number of action ids (see :func:`cardgames.env.action_count`)."""
        return self._sizes[0]

    @property
    def observation_size(self) -> int:
        """The length of an observation (see :func:`cardgames.env.observation_size`)."""
        return self._sizes[1]

    def new_state(self, seed: int | random.Random) -> AnyState:
        """A new deal (round) drawn from ``seed``: the shuffle and the dealer (the first player
        in Chase the Tailor) both come from it, so the same seed gives the same start.

        :param seed: an int from 0 to ``2**64 - 1``, or a :class:`random.Random` (advanced).
        :raises RulesError: for anything else.
        """
        if isinstance(seed, random.Random):
            rng = seed
        else:
            rng = random.Random(check_int(seed, "seed", low=0, high=2**_SEED_BITS - 1))
        shuffle = rng.getrandbits(_SEED_BITS)
        first = random_below(rng, self.players)
        if isinstance(self.rules, tarot.Rules):
            return tarot.deal(self.rules, seed=shuffle, dealer=first)
        return tailor.deal(self.rules, seed=shuffle, first_player=first)

    def is_over(self, state: AnyState) -> bool:
        """Whether the deal (round) has ended."""
        return state.is_over

    def to_move(self, state: AnyState) -> int:
        """The seat to move."""
        return state.to_move

    def legal_ids(self, state: AnyState) -> list[int]:
        """The ids of the legal moves (in no set order; empty once over)."""
        if isinstance(state, tailor.State):
            return tailor_space.state_legal_ids(state)
        return list(tarot_space.legal_ids(state))

    def play(
        self, state: AnyState, action_id: object, legal: Sequence[int] | None = None
    ) -> AnyState:
        """The state after the move with id ``action_id``.

        :param legal: the legal ids of ``state`` if already known (:meth:`legal_ids`), to
            save working them out again.
        :raises IllegalMoveError: if it is not the id of a legal move, naming the id and the
            legal ones.
        """
        number = check_action_id(action_id, self.action_count, self.title)
        if legal is None:
            legal = self.legal_ids(state)
        if isinstance(state, tailor.State):
            tailor_move = tailor_space.move_of_id(number, state.rules)
            self._check_legal(number, tailor_move, legal)
            # known to be legal: the state's own check of the move would only repeat the work
            return apply_move(state, tailor_move)
        tarot_move = tarot_space.move_of_id(number, state.rules)
        self._check_legal(number, tarot_move, legal)
        return state.play(tarot_move)

    def _check_legal(self, number: int, move: GameMove, legal: Sequence[int]) -> None:
        if number not in legal:
            raise illegal_id(number, str(move), sorted(legal), self.title)

    def sparse(self, state: AnyState, seat: int) -> tuple[list[int], list[tuple[int, float]]]:
        """The observation of ``seat`` as positions holding 1.0 and other non-zero
        ``(position, value)`` pairs (see :func:`cardgames.env.observe`)."""
        return sparse_of_state(state, seat)

    def returns(self, state: AnyState) -> tuple[float, ...]:
        """Each seat's payoff: the deal's (round's) score once it is over, zeros before."""
        if not state.is_over:
            return (0.0,) * self.players
        return tuple(float(payoff) for payoff in state.payoffs())

    def render(self, state: AnyState) -> str:
        """The table as text (the state's ``to_unicode``)."""
        return state.to_unicode()
