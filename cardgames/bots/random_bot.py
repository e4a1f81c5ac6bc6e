""":class:`RandomBot`: a uniformly random legal move, the baseline every other bot should beat."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar, overload

import attrs

from cardgames.bots.protocol import TarotMove, check_rng
from cardgames.bots.views import legal_moves_of
from cardgames.deck import random_below
from cardgames.validation import strict_arguments

if TYPE_CHECKING:
    from cardgames import tailor
    from cardgames.bridge.view import View as BridgeView
    from cardgames.cards import Card
    from cardgames.games import GameView
    from cardgames.tailor.view import View as TailorView
    from cardgames.tarot.view import View as TarotView

M = TypeVar("M")

__all__ = ["RandomBot"]


@strict_arguments
@attrs.frozen
class RandomBot:
    """Plays a legal move chosen uniformly with the ``rng`` it is given (every game).

    >>> import random
    >>> from cardgames import tailor
    >>> from cardgames.tailor.view import view_of
    >>> state = tailor.deal(tailor.Rules(players=3), seed=13)
    >>> move = RandomBot().choose(view_of(state, 0), random.Random(1))
    >>> move in state.legal_moves(), move == RandomBot().choose(view_of(state, 0), random.Random(1))
    (True, True)
    """

    name: str = "random"
    """The label the arena shows."""

    @overload
    def choose(self, view: TarotView, rng: int | random.Random) -> TarotMove: ...
    @overload
    def choose(self, view: TailorView, rng: int | random.Random) -> tailor.Move: ...
    @overload
    def choose(self, view: BridgeView, rng: int | random.Random) -> Card: ...
    @overload
    def choose(self, view: GameView[M], rng: int | random.Random) -> M: ...
    def choose(self, view: Any, rng: int | random.Random) -> Any:
        """A uniformly random legal move.

        :param rng: a :class:`random.Random` (advanced) or an int seed.
        :raises RulesError: if ``view`` is not a view, ``rng`` not a :class:`random.Random` or
            a seed, or the view's seat has no move to make.
        """
        moves = legal_moves_of(view)
        return moves[random_below(check_rng(rng), len(moves))]
