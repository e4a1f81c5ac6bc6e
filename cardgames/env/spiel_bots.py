"""OpenSpiel's bots as bots of this library (needs the ``openspiel`` extra).

A :class:`SpielBot` plays any game of :mod:`cardgames.env.openspiel` in our arenas, games and
command line like any other bot: it is handed only its seat's view and its
:class:`random.Random`. OpenSpiel's bots act on an OpenSpiel state, which holds every hand, so
on each decision the adapter

1. draws one world consistent with the view (:meth:`cardgames.tarot.view.View.sample` or
   :meth:`cardgames.tailor.view.View.sample`, with the bot's ``rng``): the seat's own cards
   and everything it has seen are as in the view, the cards it cannot see are dealt at random
   among the places they may be;
2. wraps that world as an OpenSpiel state (:meth:`cardgames.env.openspiel.CardgamesGame.state_from`)
   and builds a fresh OpenSpiel bot for the seat, seeded from ``rng``;
3. asks the bot for its action and turns the id back into a move of the view, checked to be
   legal there (as :func:`cardgames.env.move_of` does).

The world is a stand-in, never the truth: the bot could only cheat by reading the hidden cards
of the state, and those were drawn by the adapter. What each bot makes of the world differs:

* :func:`ismcts` (OpenSpiel's ``ISMCTSBot``) keys its tree by information states and draws a
  new world from the player's view for every simulation
  (:meth:`cardgames.env.openspiel.CardgamesState.resample_from_infostate`), so the first world
  only starts it off;
* :func:`mcts` (OpenSpiel's ``MCTSBot``) searches the one sampled world as if every card were
  visible (a single determinization, weaker than PIMC's many);
* :func:`uniform_random` (OpenSpiel's uniform random bot) ignores it.

The same view and the same ``rng`` give the same move (every random choice, OpenSpiel's
included, comes from ``rng``).

>>> import random
>>> from cardgames import tailor
>>> state = tailor.deal(tailor.Rules(players=3), seed=13)
>>> bot = ismcts(simulations=20)
>>> bot.name
'ismcts(20)'
>>> move = bot.choose(state.view(0), random.Random(1))
>>> move in state.legal_moves(), move == bot.choose(state.view(0), random.Random(1))
(True, True)
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final, Protocol, overload

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as spiel_ismcts
from open_spiel.python.algorithms import mcts as spiel_mcts

from cardgames import tailor
from cardgames.bots.protocol import TarotMove
from cardgames.env import tailor_space, tarot_space
from cardgames.env.core import AnyRules, AnyView, GameMove, legal_ids
from cardgames.env.openspiel import CardgamesGame, CardgamesState, openspiel_game
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.players import check_rng
from cardgames.tailor.view import View as TailorView
from cardgames.tarot.view import View as TarotView
from cardgames.validation import check_int, quote, strict_arguments

__all__ = ["BotMaker", "SpielBot", "ismcts", "mcts", "uniform_random"]

_SEED_LIMIT: Final = 2**32
_MAX_SIMULATIONS: Final = 10**7
_MAX_UCT_C: Final = 1e6
"""Far more exploration than any use needs, and small enough to stay finite in the search's
arithmetic."""


class BotMaker(Protocol):
    """Builds the OpenSpiel bot for one decision: given the game, the seat and the seed of the
    bot's random numbers (a 32-bit int drawn from the bot's ``rng``)."""

    def __call__(self, game: CardgamesGame, seat: int, seed: int) -> Any: ...


@functools.lru_cache(maxsize=32)
def _game(rules: AnyRules) -> CardgamesGame:
    return openspiel_game(rules)


def _check_maker(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not callable(value):
        raise RulesError(
            f"invalid bot maker {quote(value)}: expected a callable (game, seat, seed) -> bot"
        )


def _check_name(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str) or not value:
        raise RulesError(f"invalid bot name {quote(value)}: expected a non-empty str")


@strict_arguments
@attrs.frozen
class SpielBot:
    """An OpenSpiel bot playing as a bot of this library (see the module description).

    :param maker: a :class:`BotMaker`, called once per decision.
    :param name: the bot's name in arenas.
    :raises RulesError: if ``maker`` is not callable or ``name`` not a non-empty string.
    """

    maker: BotMaker = attrs.field(validator=_check_maker)
    name: str = attrs.field(default="openspiel", validator=_check_name)

    @overload
    def choose(self, view: TarotView, rng: int | random.Random) -> TarotMove: ...
    @overload
    def choose(self, view: TailorView, rng: int | random.Random) -> tailor.Move: ...
    def choose(self, view: AnyView, rng: int | random.Random) -> GameMove:
        """The move the OpenSpiel bot makes in a world drawn from ``view``.

        :param rng: a :class:`random.Random` (advanced) or an int seed.
        :raises RulesError: if ``view`` is not a view of either game, or ``rng`` not a
            :class:`random.Random` or a seed.
        :raises IllegalMoveError: if the view's seat is not to move, or the OpenSpiel bot
            answers with anything but an int (a float, a text, None) or with an id that is
            not legal (naming the id and the legal ones).
        """
        if not isinstance(view, TarotView | TailorView):
            raise RulesError(
                f"invalid view {quote(view)}: expected a cardgames.tarot.View or a "
                "cardgames.tailor.View"
            )
        rng = check_rng(rng)
        if not legal_ids(view):
            # OpenSpiel's bots act for the player to move only (some crash otherwise).
            raise IllegalMoveError(
                f"invalid view for {self.name}: seat {view.seat} is not to move, so it has no "
                "legal action"
            )
        game = _game(view.rules)
        state = game.state_from(view.sample(rng))
        bot = self.maker(game, view.seat, rng.randrange(_SEED_LIMIT))
        action = _action_id(bot.step(state), self.name)
        if isinstance(view, TarotView):
            return tarot_space.checked_move(action, view)
        return tailor_space.checked_move(action, view)


@attrs.frozen
class _ISMCTSMaker:
    simulations: int
    uct_c: float
    rollouts: int

    def __call__(self, game: CardgamesGame, seat: int, seed: int) -> Any:
        random_state = np.random.RandomState(seed)
        evaluator = spiel_mcts.RandomRolloutEvaluator(self.rollouts, random_state)
        bot = spiel_ismcts.ISMCTSBot(
            game, evaluator, self.uct_c, self.simulations, random_state=random_state
        )
        # By default the worlds come from a sampler of OpenSpiel's own, seeded apart from
        # ``seed``: draw them from the bot's random numbers instead, so moves repeat.
        bot.set_resampler(_Resampler(random_state))
        return bot


@attrs.frozen
class _Resampler:
    random_state: np.random.RandomState

    def __call__(self, state: CardgamesState, player: int) -> CardgamesState:
        return state.resample_from_infostate(player, self.random_state.uniform)


@attrs.frozen
class _MCTSMaker:
    simulations: int
    uct_c: float
    rollouts: int

    def __call__(self, game: CardgamesGame, seat: int, seed: int) -> Any:
        random_state = np.random.RandomState(seed)
        evaluator = spiel_mcts.RandomRolloutEvaluator(self.rollouts, random_state)
        return spiel_mcts.MCTSBot(
            game, self.uct_c, self.simulations, evaluator, random_state=random_state
        )


@attrs.frozen
class _RandomMaker:
    def __call__(self, game: CardgamesGame, seat: int, seed: int) -> Any:
        return pyspiel.make_uniform_random_bot(seat, seed % 2**31)  # OpenSpiel's seeds are int32


def _action_id(answer: object, name: str) -> int:
    """The action id an OpenSpiel bot answered: an int (Python's or numpy's), nothing else; a
    float, a text or None is refused rather than rounded or read."""
    if isinstance(answer, int | np.integer) and not isinstance(answer, bool | np.bool_):
        return int(answer)
    raise IllegalMoveError(
        f"invalid answer {quote(answer)} from the OpenSpiel bot {name}: expected an action id "
        "(an int)"
    )


def _check_search(
    simulations: object, uct_c: object, rollouts: object, fewest: int = 1
) -> tuple[int, float, int]:
    count = check_int(simulations, "simulations", low=fewest, high=_MAX_SIMULATIONS)
    plays = check_int(rollouts, "rollouts", low=1, high=_MAX_SIMULATIONS)
    # OpenSpiel's tree policies fail on every move with an infinite or NaN constant, and
    # float() of a huge int overflows: a finite number up to _MAX_UCT_C, checked here.
    if (
        isinstance(uct_c, bool)
        or not isinstance(uct_c, int | float)
        or not 0 <= uct_c <= _MAX_UCT_C
    ):
        raise RulesError(
            f"invalid uct_c {quote(uct_c)}: expected a finite number from 0 to {_MAX_UCT_C:g}"
        )
    return count, float(uct_c), plays


def ismcts(simulations: int = 100, uct_c: float = 2.0, rollouts: int = 1) -> SpielBot:
    """OpenSpiel's information-set Monte Carlo tree search (``ISMCTSBot``) with random
    play-outs, as a bot: ``simulations`` worlds drawn from the view per decision, each searched
    down the tree with UCT (exploration ``uct_c``) and valued by ``rollouts`` random
    play-outs; the move is the most visited.

    >>> ismcts(simulations=50, uct_c=1.5).name
    'ismcts(50)'

    The first simulation only opens the root, so at least two are needed.

    :raises RulesError: if ``simulations`` is not an int from 2 to 10**7, ``rollouts`` not
        one from 1 to 10**7, or ``uct_c`` not a finite number from 0 to 10**6.
    """
    count, c, plays = _check_search(simulations, uct_c, rollouts, fewest=2)
    return SpielBot(_ISMCTSMaker(count, c, plays), f"ismcts({count})")


def mcts(simulations: int = 100, uct_c: float = 2.0, rollouts: int = 1) -> SpielBot:
    """OpenSpiel's Monte Carlo tree search (``MCTSBot``) over one world drawn from the view,
    searched as if every card were visible, with random play-outs.

    >>> mcts(simulations=30).name
    'mcts(30)'

    :raises RulesError: if ``simulations`` or ``rollouts`` is not an int from 1 to 10**7, or
        ``uct_c`` not a finite number from 0 to 10**6.
    """
    count, c, plays = _check_search(simulations, uct_c, rollouts)
    return SpielBot(_MCTSMaker(count, c, plays), f"mcts({count})")


def uniform_random() -> SpielBot:
    """OpenSpiel's uniform random bot (``pyspiel.make_uniform_random_bot``).

    >>> uniform_random().name
    'openspiel-random'
    """
    return SpielBot(_RandomMaker(), "openspiel-random")
