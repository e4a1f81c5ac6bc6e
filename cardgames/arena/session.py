"""One deal a person plays against the bots, move by move: what ``cardgames serve`` keeps for
each deal under way, with no input or output of its own.

A :class:`HumanDeal` holds the deal's start, the moves made so far and the bots in the other
seats. The person plays through :meth:`HumanDeal.play`, which makes the person's move and
then the bots' moves until the person is to choose again (or the deal is over);
:meth:`HumanDeal.undo` goes back to the person's previous turn, taking back that move and
every bot's move after it, as ``undo`` does at the terminal (:mod:`cardgames.cli.human`).
Everything goes through the game's descriptor (:mod:`cardgames.games`), so every registered
game can be played; each bot is handed only its seat's view.

>>> from cardgames import tarot
>>> from cardgames.bots import RuleBot
>>> start = tarot.deal(tarot.Rules.traditional(players=3), seed=3, dealer=2)
>>> deal = HumanDeal(start, human=0, bots=[None, RuleBot(), RuleBot()], seed=3)
>>> deal.to_choose, len(deal.moves)  # seat 2's discard and seat 1's lead came first
(True, 4)
>>> made = deal.play(deal.legal_moves()[0])
>>> [seat for seat, _ in made], deal.to_choose, len(deal.states) == len(deal.moves) + 1
([0, 2, 1], True, True)
>>> deal.undo(), len(deal.moves)
(True, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardgames import games
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.players import bot_rng, bot_seed, is_bot
from cardgames.validation import check_int, check_seat, quote

__all__ = ["MAX_MOVES", "HumanDeal"]

MAX_MOVES: Final = 10_000
"""More moves than any deal of the library's games has: a bound on a deal that never ends."""


class HumanDeal:
    """A deal under way with a person in one seat and bots in the others (see the module's
    description). It changes as moves are made: it is not a value, and one caller at a time
    may use it.

    :param start: the deal's starting position (a state of a registered game).
    :param human: the person's seat.
    :param bots: one entry per seat: a bot (an object with ``choose(view, rng)``) for every
        seat but the person's, None for the person's.
    :param seed: the base seed of the bots' random choices: the bot in seat ``s`` draws from
        :func:`cardgames.players.bot_rng` ``(bot_seed(seed), 0, s)``, as at the terminal.
    :raises RulesError: for a start of no game, a bad seat, a seed out of range, or a bots
        list of the wrong length or with a bot missing (or one in the person's seat).
    """

    def __init__(self, start: Any, *, human: int, bots: Sequence[object | None], seed: int) -> None:
        game = games.of(start, what="start")
        if not isinstance(start, game.state_type):
            raise RulesError(f"invalid start {quote(start)}: expected a {game.title} state")
        players = game.players(game.rules_of(start))
        check_seat(human, players, "seat")
        bots = tuple(bots) if isinstance(bots, Sequence) and not isinstance(bots, str) else ()
        if len(bots) != players:
            raise RulesError(
                f"invalid bots {quote(bots)}: expected {players} entries, a bot for every seat "
                f"and None for seat {human}"
            )
        for seat, bot in enumerate(bots):
            if (seat == human) != (bot is None) or (bot is not None and not is_bot(bot)):
                raise RulesError(
                    f"invalid bot {quote(bot)} for seat {seat}: expected "
                    + ("None (your seat)" if seat == human else "a bot with choose(view, rng)")
                )
        self.game: games.AnyGame = game
        self.start: Any = start
        self.human: int = human
        self.seed: int = bot_seed(check_int(seed, "seed", low=0, high=2**64 - 1))
        self._bots: tuple[object | None, ...] = bots
        self._rngs = [bot_rng(self.seed, 0, seat) for seat in range(players)]
        self._states: list[Any] = [start]
        self.moves: list[Any] = []
        self._turns: list[int] = []  # how many moves had been made at each of the person's entries
        self._advance()

    @property
    def state(self) -> Any:
        """The position now."""
        return self._states[-1]

    @property
    def states(self) -> tuple[Any, ...]:
        """The start and the position after each move made so far."""
        return tuple(self._states)

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return bool(self.state.is_over)

    @property
    def to_choose(self) -> bool:
        """Whether the person is to choose the next move."""
        return not self.is_over and self.game.chooser(self.state) == self.human

    @property
    def can_undo(self) -> bool:
        """Whether there is a move of the person's to take back."""
        return bool(self._turns)

    def legal_moves(self) -> tuple[Any, ...]:
        """The moves the person may make now (none when it is not the person's turn)."""
        return tuple(self.state.legal_moves()) if self.to_choose else ()

    def play(self, move: Any) -> list[tuple[int, Any]]:
        """Make the person's ``move``, then the bots' moves until the person is to choose again
        or the deal is over; returns every move made, with the seat that chose it.

        :raises IllegalMoveError: if it is not the person's turn or ``move`` is not legal.
        """
        if not self.to_choose:
            raise IllegalMoveError("it is not your turn: the deal is over or a bot is to move")
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{quote(move)} is not one of your legal moves")
        self._turns.append(len(self.moves))
        made = [(self.human, move)]
        self._push(move)
        made.extend(self._advance())
        return made

    def undo(self) -> bool:
        """Go back to the person's previous turn: its move and every move after it are taken
        back. Returns False (and changes nothing) when there is nothing to take back. The bots
        may then choose differently, as their random streams have moved on."""
        if not self._turns:
            return False
        count = self._turns.pop()
        del self.moves[count:]
        del self._states[count + 1 :]
        return True

    def view(self) -> Any:
        """What the person's seat knows now (the game's view)."""
        return self.game.view(self.state, self.human)

    def _push(self, move: Any) -> None:
        if len(self.moves) >= MAX_MOVES:
            raise RulesError(f"the deal has gone on for {MAX_MOVES} moves: it is stopped")
        self._states.append(self.state.play(move))
        self.moves.append(move)

    def _advance(self) -> list[tuple[int, Any]]:
        # The bots' moves until the person is to choose or the deal ends.
        made = []
        while not self.is_over:
            seat = self.game.chooser(self.state)
            if seat == self.human:
                break
            bot = self._bots[seat]
            view = self.game.view(self.state, seat)
            move = bot.choose(view, self._rngs[seat])  # type: ignore[union-attr]
            made.append((seat, move))
            self._push(move)
        return made
