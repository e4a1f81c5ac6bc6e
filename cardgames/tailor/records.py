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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, TypeGuard

import attrs

from cardgames.cards import TAILOR_PACK_SIZE, Card
from cardgames.deck import Deck
from cardgames.errors import CardgamesError, IllegalMoveError, NotationError, RulesError
from cardgames.tailor.moves import Draw, Dump, Move, Pass, Play, PlayJoker, PlayTailor, parse_move
from cardgames.tailor.rules import Rules
from cardgames.tailor.state import State, deal
from cardgames.validation import as_tuple, check_int, check_seat, check_seed, quote

__all__ = ["GameRecord", "dumps", "loads"]

_VERSION: Final = 1
_MAX_INDENT: Final = 16
_MAX_MOVES: Final = 1_000_000  # the largest Rules.max_turns: no round has more moves


def _to_moves(moves: Iterable[Move | str]) -> tuple[Move, ...]:
    if isinstance(moves, str | bytes | Mapping) or not isinstance(moves, Iterable):
        raise IllegalMoveError(
            f"invalid moves {quote(moves)}: expected a sequence of moves or their written forms"
        )
    result = []
    for move in as_tuple(moves, "moves", error=IllegalMoveError, limit=_MAX_MOVES):
        if isinstance(move, str):
            result.append(parse_move(move))
        elif isinstance(move, Play | Dump | PlayTailor | PlayJoker | Draw | Pass):
            result.append(move)
        else:
            raise IllegalMoveError(
                f"invalid move {quote(move)}: expected a Chase the Tailor move or its written form"
            )
    return tuple(result)


def _to_deck(deck: Sequence[Card] | None) -> tuple[Card, ...] | None:
    if deck is None:
        return None
    if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
        raise RulesError(f"invalid deck {quote(deck)}: expected None or the 55 cards, top first")
    cards = as_tuple(deck, "deck", limit=TAILOR_PACK_SIZE)
    if (
        len(cards) != TAILOR_PACK_SIZE
        or not all(isinstance(card, Card) for card in cards)
        or len(set(cards)) != TAILOR_PACK_SIZE
    ):
        raise RulesError(f"invalid deck {quote(deck)}: expected each of the 55 cards once")
    return cards


def _check_rules(record: GameRecord, attribute: attrs.Attribute[Rules], value: object) -> None:
    if not isinstance(value, Rules):
        raise RulesError(f"invalid rules {quote(value)}: expected a tailor.Rules")


def _check_seed(record: GameRecord, attribute: attrs.Attribute[int], value: object) -> None:
    check_seed(value)


@attrs.frozen(kw_only=True)
class GameRecord:
    """One round: rules, seed, first player, optional explicit deck order, and the moves.

    The constructor checks everything but the legality of the moves, which :meth:`replay`
    checks; anything it accepts :func:`dumps` writes and :func:`loads` reads back.

    :param rules: the variant.
    :param seed: the deal's seed, 0 to ``2**64 - 1``.
    :param first_player: the seat that moved first.
    :param deck: None (the pack shuffled from ``seed``) or the 55 cards, top first.
    :param moves: moves or their written forms (converted to moves).
    :raises RulesError: for bad rules, seed, seat or deck.
    :raises NotationError: for a move text that is not a move.
    :raises IllegalMoveError: for anything else given as a move.

    >>> record = GameRecord(rules=Rules(players=2), seed=1, moves=['draw'])
    >>> record.moves
    (Draw(),)
    >>> GameRecord(rules=Rules(players=2), first_player=True)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid first_player True: expected an int from 0 to 1
    """

    rules: Rules = attrs.field(validator=_check_rules)
    seed: int = attrs.field(default=0, validator=_check_seed)
    first_player: int = 0
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_to_deck)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_to_moves)

    def __attrs_post_init__(self) -> None:
        check_seat(self.first_player, self.rules.players, "first_player")

    @classmethod
    def of(cls, state: State, moves: Iterable[Move], first_player: int | None = None) -> GameRecord:
        """A record of ``moves`` played from the freshly dealt ``state``.

        :param first_player: defaults to the state's player to move.

        >>> from cardgames.tailor import deal
        >>> GameRecord.of(deal(Rules(), seed=2), []).seed
        2
        """
        if not isinstance(state, State):
            raise RulesError(f"invalid state {quote(state)}: expected a tailor.State")
        return cls(
            rules=state.rules,
            seed=state.seed,
            first_player=state.to_move if first_player is None else first_player,
            moves=moves,
        )

    def start(self) -> State:
        """The dealt state before any move."""
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

        Keys other than those of the record (such as the ``winner`` and ``final`` that
        ``cardgames play tailor --json`` adds) are ignored.

        :raises NotationError: if a field is missing, of the wrong kind or out of range.
        """
        text = quote(data)
        if not isinstance(data, dict):
            raise NotationError(f"invalid record {text}: expected a JSON object")
        version = data.get("version")
        if data.get("game") != "tailor" or not _is_int(version) or version != _VERSION:
            raise NotationError(f"invalid record {text}: expected game 'tailor', version 1")
        seed, first, deck, moves = (
            data.get("seed"),
            data.get("first_player"),
            data.get("deck"),
            data.get("moves"),
        )
        if not _is_int(seed) or not _is_int(first):
            raise NotationError(f"invalid record {text}: seed and first_player must be integers")
        if deck is not None and not isinstance(deck, str):
            raise NotationError(f"invalid record {text}: deck must be null or a string")
        if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
            raise NotationError(f"invalid record {text}: moves must be a list of strings")
        try:
            rules = Rules.from_dict(data.get("rules"))
            cards = None if deck is None else tuple(Deck.parse(deck))
            return cls(rules=rules, seed=seed, first_player=first, deck=cards, moves=moves)
        except CardgamesError as error:
            raise NotationError(f"invalid record {text}: {error}") from None


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """The JSON text of a record.

    :param indent: None for one line, or the spaces per level (0 to 16).
    :raises RulesError: if ``record`` is not a :class:`GameRecord` or ``indent`` is bad.

    >>> from cardgames.tailor import Rules
    >>> dumps(GameRecord(rules=Rules(players=2), moves=['draw']))[:40]
    '{"game": "tailor", "version": 1, "rules"'
    """
    if not isinstance(record, GameRecord):
        raise RulesError(f"invalid record {quote(record)}: expected a tailor.GameRecord")
    if indent is not None:
        check_int(indent, "indent", low=0, high=_MAX_INDENT)
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
