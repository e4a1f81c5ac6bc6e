"""JSON records of Tarot deals and games: :func:`dumps` and :func:`loads`.

A deal record holds the rules, the deal (in the notation of :mod:`cardgames.tarot.notation`)
and every move made, which :func:`loads` replays, so the state it returns equals the one that
was saved. A game record holds the rules, the seed, the first dealer and one deal record per
finished deal. The ``position``, ``points`` and ``payoffs`` entries are written for people
reading the file and are ignored on loading.

>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.traditional(players=3), seed=9)
>>> for _ in range(5):
...     state = state.play(state.legal_moves()[0])
>>> text = dumps(state)
>>> loads(text) == state
True
>>> json.loads(text)['moves']
['1S', '4S', '8S', '2S', '5S']
"""

from __future__ import annotations

import json
from typing import Any, Final

from cardgames.errors import CardgamesError, NotationError
from cardgames.tarot.game import Game
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Deal, Move, State
from cardgames.validation import check_int, quote

__all__ = ["FORMAT", "VERSION", "dumps", "loads", "record_of"]

FORMAT: Final = "cardgames-tarot"
"""The ``format`` entry of every record."""
VERSION: Final = 1
"""The ``version`` entry of the records this module writes."""
_MAX_INDENT: Final = 16


def _fraction_text(value: Any) -> str:
    return str(value)


def _deal_record(state: State) -> dict[str, Any]:
    if not state._is_played():
        raise NotationError(
            f"cannot record {quote(state)}: a record replays the moves of its deal, and they do "
            "not lead to this position made up for analysis"
        )
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "kind": "deal",
        "rules": str(state.rules),
        "deal": str(state.initial),
        "moves": [str(move) for move in state.history()],
        "position": state.position(),
        "over": state.is_over,
    }
    if state.is_over:
        record["points"] = [_fraction_text(points) for points in state.points()]
        record["payoffs"] = [_fraction_text(payoff) for payoff in state.payoffs()]
    return record


def record_of(item: State | Game) -> dict[str, Any]:
    """The record of a deal state or a game, as plain JSON-ready data.

    :raises NotationError: if ``item`` is neither a State nor a Game, or is a position made
        up with the :class:`~cardgames.tarot.state.State` constructor (its deal's moves do
        not lead to it, so no record can describe it).

    >>> from cardgames.tarot import Rules, deal
    >>> record_of(deal(Rules.simplified(players=3), seed=1))['kind']
    'deal'
    """
    if isinstance(item, State):
        return _deal_record(item)
    if isinstance(item, Game):
        return {
            "format": FORMAT,
            "version": VERSION,
            "kind": "game",
            "rules": str(item.rules),
            "seed": item.seed,
            "first_dealer": item.first_dealer,
            "deals": [_deal_record(state) for state in item.deals],
            "totals": [_fraction_text(total) for total in item.totals()],
        }
    raise NotationError(f"cannot record {quote(item)}: expected a tarot State or Game")


def dumps(item: State | Game, *, indent: int | None = None) -> str:
    """A JSON record of a deal (a :class:`cardgames.tarot.state.State`, finished or not) or a game.

    :param item: the state or game.
    :param indent: None (one line) or an int from 0 to 16, passed to :func:`json.dumps`.
    :raises NotationError: if ``item`` is neither a State nor a Game, or is a made-up position
        (see :func:`record_of`).
    :raises RulesError: if ``indent`` is neither None nor an int from 0 to 16.
    """
    if indent is not None:
        check_int(indent, "indent", low=0, high=_MAX_INDENT)
    return json.dumps(record_of(item), indent=indent, ensure_ascii=False)


def _get(record: dict[str, Any], key: str, kind: type | tuple[type, ...], text: str) -> Any:
    value = record.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise NotationError(f"invalid Tarot record {quote(text[:60])}: missing or bad {quote(key)}")
    return value


def _load_deal(record: Any, text: str) -> State:
    if not isinstance(record, dict) or record.get("kind") != "deal":
        raise NotationError(f"invalid Tarot record {quote(text[:60])}: expected a deal record")
    rules = Rules.parse(_get(record, "rules", str, text))
    game = Deal.parse(_get(record, "deal", str, text))
    if game.rules != rules:
        raise NotationError(f"invalid Tarot record {quote(text[:60])}: the deal's rules disagree")
    moves = _get(record, "moves", list, text)
    state = game.start()
    try:
        for word in moves:
            if not isinstance(word, str):
                raise NotationError(f"a move must be a string, got {quote(word)}")
            state = state.play(Move.parse(word))
    except CardgamesError as error:
        raise NotationError(f"invalid Tarot record {quote(text[:60])}: {error}") from None
    return state


def loads(text: str) -> State | Game:
    """Read a record written by :func:`dumps`, replaying every move.

    :returns: a :class:`cardgames.tarot.state.State` for a deal record, a
        :class:`cardgames.tarot.game.Game` for a game record.
    :raises NotationError: if the text is not a valid record (bad JSON, unknown format, or a
        move that is illegal on replay).
    """
    if not isinstance(text, str | bytes):
        raise NotationError(f"invalid Tarot record {quote(text)}: expected JSON text")
    shown = text if isinstance(text, str) else repr(text)
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise NotationError(
            f"invalid Tarot record {quote(shown[:60])}: not JSON ({error})"
        ) from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise NotationError(
            f"invalid Tarot record {quote(shown[:60])}: expected format {quote(FORMAT)}"
        )
    version = record.get("version")
    if type(version) is not int or version != VERSION:
        raise NotationError(
            f"invalid Tarot record {quote(shown[:60])}: unsupported version "
            f"{quote(record.get('version'))}"
        )
    kind = record.get("kind")
    if kind == "deal":
        return _load_deal(record, shown)
    if kind != "game":
        raise NotationError(f"invalid Tarot record {quote(shown[:60])}: kind must be deal or game")
    rules = Rules.parse(_get(record, "rules", str, shown))
    try:
        game = Game(
            rules=rules,
            seed=_get(record, "seed", int, shown),
            first_dealer=_get(record, "first_dealer", int, shown),
        )
        for item in _get(record, "deals", list, shown):
            game = game.record(_load_deal(item, shown))
    except CardgamesError as error:
        if isinstance(error, NotationError):
            raise
        raise NotationError(f"invalid Tarot record {quote(shown[:60])}: {error}") from None
    return game
