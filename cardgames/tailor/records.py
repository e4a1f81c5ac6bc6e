"""JSON game records: how a round was dealt and every move, replayable exactly.

A record is a JSON object::

    {
      "game": "tailor",
      "version": 1,
      "rules": {"players": 4, "chase_mode": false, ...every Rules field...},
      "seed": 3,
      "first_player": 0,
      "deck": null,
      "moves": ["4D", "draw", "X1 skip", "TLR QH>2", "dump 7S 7H", "pass"]
    }

``deck`` is null when the pack was shuffled from ``seed``, or the explicit deal order as a
string of 55 cards, top first. Moves are in their written forms (see
:mod:`cardgames.tailor.moves`).

>>> from cardgames.tailor import Rules, deal
>>> record = GameRecord(rules=Rules(players=3), seed=13)
>>> record = record.extend(['7D'])
>>> loads(dumps(record)) == record, record.replay() == deal(Rules(players=3), seed=13).play(
...     record.moves[0])
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, Final

import attrs

from cardgames.cards import TAILOR_PACK_SIZE, Card
from cardgames.deck import Deck
from cardgames.errors import CardgamesError, NotationError
from cardgames.tailor.moves import Move, parse_move
from cardgames.tailor.rules import Rules
from cardgames.tailor.state import State, deal
from cardgames.validation import quote

__all__ = ["GameRecord", "dumps", "loads"]

_VERSION: Final = 1


def _to_moves(moves: Iterable[Move | str]) -> tuple[Move, ...]:
    return tuple(parse_move(move) if isinstance(move, str) else move for move in moves)


@attrs.frozen(kw_only=True)
class GameRecord:
    """One round: rules, seed, first player, optional explicit deck order, and the moves.

    :param moves: moves or their written forms (converted to moves).

    >>> record = GameRecord(rules=Rules(players=2), seed=1, moves=['draw'])
    >>> record.moves
    (Draw(),)
    """

    rules: Rules
    seed: int = 0
    first_player: int = 0
    deck: tuple[Card, ...] | None = None
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_to_moves)

    @classmethod
    def of(cls, state: State, moves: Iterable[Move], first_player: int | None = None) -> GameRecord:
        """A record of ``moves`` played from the freshly dealt ``state``.

        :param first_player: defaults to the state's player to move.

        >>> from cardgames.tailor import deal
        >>> GameRecord.of(deal(Rules(), seed=2), []).seed
        2
        """
        return cls(
            rules=state.rules,
            seed=state.seed,
            first_player=state.to_move if first_player is None else first_player,
            moves=tuple(moves),
        )

    def start(self) -> State:
        """The dealt state before any move.

        :raises RulesError: if the seat, seed or deck is impossible.
        """
        return deal(self.rules, seed=self.seed, first_player=self.first_player, deck=self.deck)

    def states(self) -> Iterator[State]:
        """The dealt state and then the state after each move.

        :raises IllegalMoveError: at the first move that is not legal.
        """
        state = self.start()
        yield state
        for move in self.moves:
            state = state.play(move)
            yield state

    def replay(self) -> State:
        """The state after all the moves.

        :raises IllegalMoveError: if a move is not legal.

        >>> GameRecord(rules=Rules(players=2), seed=1).replay().turns
        0
        """
        state = self.start()
        for move in self.moves:
            state = state.play(move)
        return state

    def extend(self, moves: Iterable[Move | str]) -> GameRecord:
        """A record with ``moves`` added at the end (this one is unchanged)."""
        return attrs.evolve(self, moves=self.moves + _to_moves(moves))

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dictionary described in :mod:`cardgames.tailor.records`."""
        return {
            "game": "tailor",
            "version": _VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first_player": self.first_player,
            "deck": None if self.deck is None else " ".join(str(card) for card in self.deck),
            "moves": [str(move) for move in self.moves],
        }

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read the dictionary form back.

        :raises NotationError: if a field is missing or of the wrong kind.
        """
        text = repr(data)
        if not isinstance(data, dict):
            raise NotationError(f"invalid record {text}: expected a JSON object")
        if data.get("game") != "tailor" or data.get("version") != _VERSION:
            raise NotationError(f"invalid record {text}: expected game 'tailor', version 1")
        seed, first, deck, moves = (
            data.get("seed"),
            data.get("first_player"),
            data.get("deck"),
            data.get("moves"),
        )
        if not isinstance(seed, int) or not isinstance(first, int) or not _is_int(seed, first):
            raise NotationError(f"invalid record {text}: seed and first_player must be integers")
        if deck is not None and not isinstance(deck, str):
            raise NotationError(f"invalid record {text}: deck must be null or a string")
        if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
            raise NotationError(f"invalid record {text}: moves must be a list of strings")
        try:
            rules = Rules.from_dict(data.get("rules"))
            cards = None if deck is None else tuple(Deck.parse(deck))
            record = cls(rules=rules, seed=seed, first_player=first, deck=cards, moves=moves)
        except CardgamesError as error:
            raise NotationError(f"invalid record {text}: {error}") from None
        if cards is not None and len(cards) != TAILOR_PACK_SIZE:
            raise NotationError(f"invalid record {text}: deck must list all 55 cards")
        if not 0 <= first < rules.players:
            raise NotationError(f"invalid record {text}: first_player must be a seat")
        return record


def _is_int(*values: object) -> bool:
    return all(isinstance(value, int) and not isinstance(value, bool) for value in values)


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """The JSON text of a record.

    >>> from cardgames.tailor import Rules
    >>> dumps(GameRecord(rules=Rules(players=2), moves=['draw']))[:40]
    '{"game": "tailor", "version": 1, "rules"'
    """
    return json.dumps(record.to_dict(), indent=indent)


def loads(text: str) -> GameRecord:
    """Read a record from JSON text (the moves are read but not yet checked against the rules;
    :meth:`GameRecord.replay` checks them).

    :raises NotationError: if the text is not a record.

    >>> loads('[]')
    Traceback (most recent call last):
    ...
    cardgames.errors.NotationError: invalid record []: expected a JSON object
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid record {quote(text)}: expected JSON text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # ValueError: also huge integers
        raise NotationError(f"invalid record {quote(text)}: not JSON ({error})") from None
    return GameRecord.from_dict(data)
