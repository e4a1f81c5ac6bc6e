""":class:`RuleBot`: the play of a sensible casual player, for every game: each game's rules of
thumb (:meth:`cardgames.games.GameDescriptor.rule_move`: for Tarot
:mod:`cardgames.tarot.heuristics`, for Chase the Tailor :mod:`cardgames.tailor.heuristics`, for
bridge :mod:`cardgames.bridge.heuristics`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar, overload

import attrs

from cardgames import games
from cardgames.bots.protocol import TarotMove, check_rng
from cardgames.bots.views import legal_moves_of
from cardgames.tailor.bot_play import tailor_rule_move
from cardgames.tarot.bot_play import tarot_card_move, tarot_rule_move
from cardgames.validation import strict_arguments

if TYPE_CHECKING:
    from cardgames import tailor
    from cardgames.bridge.view import View as BridgeView
    from cardgames.cards import Card
    from cardgames.games import GameView
    from cardgames.tailor.view import View as TailorView
    from cardgames.tarot.view import View as TarotView

__all__ = ["RuleBot", "tailor_rule_move", "tarot_card_move", "tarot_rule_move"]

M = TypeVar("M")


@strict_arguments
@attrs.frozen
class RuleBot:
    """Plays as a sensible casual player would (every game): the rules of thumb are each
    game's own (:meth:`cardgames.games.GameDescriptor.rule_move`), described in
    :mod:`cardgames.tarot.heuristics`, :mod:`cardgames.tailor.heuristics` and
    :mod:`cardgames.bridge.heuristics`.

    It is deterministic: the ``rng`` is accepted (the protocol) but not needed.

    >>> import random
    >>> from cardgames import tarot
    >>> from cardgames.tarot.view import view_of
    >>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=2)
    >>> move = RuleBot().choose(view_of(state, state.to_move), random.Random(0))
    >>> move in state.legal_moves()
    True
    """

    name: str = "rule"
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
        """The rule-of-thumb move for the view's seat.

        :param rng: a :class:`random.Random` or an int seed (not used: the rules decide).
        :raises RulesError: if ``view`` is not a view whose seat is to move, or ``rng`` is
            not a :class:`random.Random` or a seed.
        """
        rng = check_rng(rng)
        legal_moves_of(view)
        return games.of(view).rule_move(view, rng)
