"""The one JSON layout of a game record, shared by every game.

A record is a JSON object with these top-level entries, in this order:

============  =====================================================================================
entry         value
============  =====================================================================================
format        always ``"cardgames-record"``
version       ``1``
game          the game's name: ``"tarot"``, ``"tailor"`` or ``"bridge"``
rules         the rules in their text form (``str(rules)``, read with ``Rules.parse``)
tags          free ``name: text`` pairs, like the headers of a chess PGN file (event, site, date,
              player names...); both names and texts are strings
series        ``null`` for a record of single deals, or the settings of the multi-deal game
              (a Tarot :class:`~cardgames.tarot.game.Game`, a Chase the Tailor
              :class:`~cardgames.tailor.Match`) together with its ``totals``
deals         one object per deal: ``start`` (how the deal began: a seed or the explicit
              cards, in the game's own form), ``moves`` (every move in the game's notation) and
              ``result`` (``null`` while the deal is unfinished)
============  =====================================================================================

Numbers are JSON integers when they are whole, and exact fractions are strings ``"a/b"``
(``"-7/2"``), never floats. Reading is strict: an unknown entry anywhere (outside ``tags``), a
missing one, or one of the wrong kind is a :class:`~cardgames.errors.NotationError` that quotes
it. A JSON Schema (draft 2020-12) of the layout ships with the package:
:func:`record_schema`. Each game's ``records`` module (:mod:`cardgames.tarot.records`,
:mod:`cardgames.tailor.records`, :mod:`cardgames.bridge.records`) fills in ``start``, ``result``
and ``series``.

>>> to_number(Fraction(7, 2)), to_number(Fraction(4)), to_number(-3)
('7/2', 4, -3)
>>> read_number('7/2', 'points'), read_number(4, 'points')
(Fraction(7, 2), Fraction(4, 1))
>>> tags = Tags({'Event': 'Club night', 'White': 'Ann'})
>>> tags['Event'], len(tags), tags == {'White': 'Ann', 'Event': 'Club night'}
('Club night', 2, True)
>>> record_schema()['properties']['format']['const']
'cardgames-record'
"""

from __future__ import annotations

import abc
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from importlib import resources
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

import attrs

from cardgames import _json, games
from cardgames.errors import CardgamesError, IllegalMoveError, NotationError, RulesError
from cardgames.validation import as_tuple, check_int, quote, strict_arguments

__all__ = [
    "FORMAT",
    "GAMES",
    "VERSION",
    "Codec",
    "DealRecordMethods",
    "RecordMethods",
    "Tags",
    "check_record",
    "envelope",
    "game_of",
    "only_deal",
    "parse_json",
    "read_deal",
    "read_envelope",
    "read_fields",
    "read_int",
    "read_list",
    "read_move_texts",
    "read_moves",
    "read_number",
    "read_numbers",
    "read_record",
    "read_str",
    "record_deal",
    "record_schema",
    "register_game",
    "replay_moves",
    "states_of",
    "to_json",
    "to_number",
    "to_tags",
    "with_tags",
]

FORMAT: Final = "cardgames-record"
"""The ``format`` entry of every record."""
VERSION: Final = 1
"""The version of the layout that this library writes and reads."""
GAMES: Final = ("tarot", "tailor", "bridge")
"""The ``game`` entries of the library's own games; a record may also be of any game
registered with :func:`cardgames.games.register`."""

MAX_TAGS: Final = 1_000
"""The most tags a record may carry."""
MAX_TAG_NAME: Final = 200
"""The longest tag name, in characters."""
MAX_TAG_TEXT: Final = 10_000
"""The longest tag text, in characters."""
_MAX_INDENT: Final = 16
_SHOWN: Final = 80  # characters of the input quoted in a message about the whole text

_TOP_KEYS: Final = ("format", "version", "game", "rules", "tags", "series", "deals")
_REQUIRED_KEYS: Final = frozenset({"format", "version", "game", "rules", "deals"})
_FRACTION: Final = re.compile(r"-?(?:0|[1-9][0-9]{0,99})/[1-9][0-9]{0,99}")
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


# -- tags ----------------------------------------------------------------------------------------


class Tags(Mapping[str, str]):
    """An immutable, hashable mapping of tag names to texts, kept in the order given.

    Equal to any mapping with the same pairs (order aside). Names are non-empty strings of at
    most ``MAX_TAG_NAME`` characters, texts strings of at most ``MAX_TAG_TEXT``, and
    neither may hold a lone surrogate (which no UTF-8 file can store).

    :param pairs: a mapping, or an iterable of ``(name, text)`` pairs; nothing gives no tags.
    :raises RulesError: for anything else, or more than ``MAX_TAGS`` tags.

    >>> Tags([('Site', 'Lyon')])
    Tags({'Site': 'Lyon'})
    >>> Tags({'Round': 3})
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid tag 'Round': its text 3 is not a string
    """

    __slots__ = ("_items",)
    _items: tuple[tuple[str, str], ...]

    def __init__(self, pairs: Mapping[str, str] | Iterable[tuple[str, str]] = ()) -> None:
        object.__setattr__(self, "_items", _check_tags(pairs, RulesError))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tags are immutable")

    def __reduce__(self) -> tuple[type[Tags], tuple[tuple[tuple[str, str], ...]]]:
        # pickle, copy and deepcopy rebuild the tags through the constructor: the default
        # way sets the slot with setattr, which immutable tags refuse.
        return (Tags, (self._items,))

    def __getitem__(self, name: str) -> str:
        for key, text in self._items:
            if key == name:
                return text
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self._items) == dict(other.items())

    def __hash__(self) -> int:
        return hash(frozenset(self._items))

    def __repr__(self) -> str:
        return f"Tags({dict(self._items)!r})"

    def to_dict(self) -> dict[str, str]:
        """The tags as a plain ``dict`` (a copy)."""
        return dict(self._items)


def _check_tags(value: object, error: type[RulesError] | type[NotationError]) -> Any:
    if isinstance(value, Tags):
        return value._items
    if isinstance(value, Mapping):
        pairs: Iterable[object] = list(value.items())
    elif isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        raise error(f"invalid tags {quote(value)}: expected a mapping of names to texts")
    else:
        pairs = value
    items: list[tuple[str, str]] = []
    seen: set[str] = set()
    for pair in pairs:
        if len(items) >= MAX_TAGS:
            raise error(f"invalid tags {quote(value)}: more than {MAX_TAGS} tags")
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise error(f"invalid tag {quote(pair)}: expected a (name, text) pair")
        name, text = pair
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_TAG_NAME:
            raise error(
                f"invalid tag name {quote(name)}: expected a string of 1 to {MAX_TAG_NAME} "
                "characters"
            )
        if not isinstance(text, str):
            raise error(f"invalid tag {quote(name)}: its text {quote(text)} is not a string")
        if len(text) > MAX_TAG_TEXT:
            raise error(
                f"invalid tag {quote(name)}: its text is longer than {MAX_TAG_TEXT} characters"
            )
        if _SURROGATE.search(name) or _SURROGATE.search(text):
            raise error(f"invalid tag {quote(name)}: {quote(text)} holds a lone surrogate")
        if name in seen:
            raise error(f"invalid tags: {quote(name)} appears twice")
        seen.add(name)
        items.append((name, text))
    return tuple(items)


def to_tags(value: object) -> Tags:
    """``value`` as :class:`Tags` (an attrs converter): None gives no tags.

    :raises RulesError: as the :class:`Tags` constructor does.
    """
    if isinstance(value, Tags):
        return value
    if value is None:
        return Tags()
    return Tags(value)  # type: ignore[arg-type]  # Tags checks the value itself


# -- numbers -------------------------------------------------------------------------------------


def to_number(value: int | Fraction) -> int | str:
    """A number as written in a record: an ``int`` when whole, otherwise ``"a/b"``.

    :raises RulesError: if ``value`` is neither an int (a bool is not) nor a Fraction.
    """
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    return check_int(value, "record number", expected="an int or a Fraction")


def read_number(value: object, what: str) -> Fraction:
    """A number read from a record: a JSON integer or an ``"a/b"`` string (``b`` positive, no
    leading zeros), as a :class:`~fractions.Fraction`.

    :raises NotationError: for anything else (floats and bools included), quoting it.
    """
    if type(value) is int:
        return Fraction(value)
    if isinstance(value, str) and _FRACTION.fullmatch(value):
        return Fraction(value)
    raise NotationError(
        f"invalid {what} {quote(value)}: expected an integer or an exact fraction 'a/b'"
    )


def read_numbers(value: object, what: str, count: int) -> tuple[Fraction, ...]:
    """A list of exactly ``count`` numbers (see :func:`read_number`).

    :raises NotationError: for anything else, quoting it.
    """
    items = read_list(value, what)
    if len(items) != count:
        raise NotationError(f"invalid {what} {quote(value)}: expected a list of {count} numbers")
    return tuple(read_number(item, what) for item in items)


# -- strict fields -------------------------------------------------------------------------------


def read_fields(
    value: object, what: str, keys: Iterable[str], optional: Iterable[str] = ()
) -> dict[str, object]:
    """``value`` if it is a JSON object with every one of ``keys``, perhaps some of
    ``optional``, and nothing else.

    :raises NotationError: naming the missing or unknown entry.
    """
    if not isinstance(value, dict):
        raise NotationError(f"invalid {what} {quote(value)}: expected a JSON object")
    required = tuple(keys)
    allowed = set(required) | set(optional)
    for key in value:
        if key not in allowed:
            raise NotationError(
                f"invalid {what}: unknown entry {quote(key)} (expected "
                f"{', '.join(sorted(allowed))})"
            )
    for key in required:
        if key not in value:
            raise NotationError(f"invalid {what} {quote(value)}: missing entry {quote(key)}")
    return value


def read_int(value: object, what: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a JSON integer in range (never a bool or a float).

    :raises NotationError: otherwise, quoting it.
    """
    return check_int(value, what, low=low, high=high, error=NotationError)


def read_str(value: object, what: str) -> str:
    """``value`` if it is a string.

    :raises NotationError: otherwise, quoting it.
    """
    if not isinstance(value, str):
        raise NotationError(f"invalid {what} {quote(value)}: expected a string")
    return value


def read_list(value: object, what: str) -> list[object]:
    """``value`` if it is a JSON list.

    :raises NotationError: otherwise, quoting it.
    """
    if not isinstance(value, list):
        raise NotationError(f"invalid {what} {quote(value)}: expected a list")
    return value


# -- the envelope --------------------------------------------------------------------------------


def envelope(
    game: str,
    rules: str,
    tags: Tags,
    series: dict[str, Any] | None,
    deals: list[dict[str, Any]],
) -> dict[str, Any]:
    """The whole record as JSON-ready data, its entries in the documented order."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "rules": rules,
        "tags": tags.to_dict(),
        "series": series,
        "deals": deals,
    }


def to_json(data: dict[str, Any], indent: int | None) -> str:
    """``data`` as JSON text: on one line, or indented by ``indent`` spaces (0 to 16).

    :raises RulesError: if ``indent`` is neither None nor such an int.
    """
    if indent is not None:
        check_int(indent, "indent", low=0, high=_MAX_INDENT)
    return json.dumps(data, indent=indent, ensure_ascii=False)


def parse_json(text: object) -> dict[str, object]:
    """The JSON object of a record's text (a ``str``, or UTF-8 ``bytes``).

    :raises NotationError: if it is not JSON text of an object (``NaN`` and ``Infinity`` are
        refused, and so are integers of more than 4,300 digits).
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotationError(f"invalid record {quote(text, _SHOWN)}: {error}") from None
    if not isinstance(text, str):
        raise NotationError(f"invalid record {quote(text)}: expected JSON text")
    data = _json.loads(text, "record", limit=_SHOWN, constants=False)
    if not isinstance(data, dict):
        raise NotationError(f"invalid record {quote(text, _SHOWN)}: expected a JSON object")
    return data


def _check_header(data: dict[str, object]) -> str:
    if data.get("format") != FORMAT:
        raise NotationError(
            f"invalid record format {quote(data.get('format'))}: expected {quote(FORMAT)}"
        )
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise NotationError(
            f"invalid record version {quote(version)}: this library reads version {VERSION}"
        )
    game = data.get("game")
    if not isinstance(game, str) or games.find_named(game) is None:
        known = ", ".join(repr(known.name) for known in games.registered())
        raise NotationError(f"invalid record game {quote(game)}: expected one of {known}")
    return game


def game_of(text: str | bytes) -> str:
    """Which game a record is of (its ``game`` entry), so that a program reading a file of
    either game can pick the right ``loads``.

    :raises NotationError: if ``text`` is not JSON of a record (format, version, game).

    >>> game_of('{"format": "cardgames-record", "version": 1, "game": "tailor"}')
    'tailor'
    """
    return _check_header(parse_json(text))


def read_envelope(data: object, game: str) -> tuple[str, Tags, object, list[object]]:
    """Check the envelope of a record of ``game`` (its JSON data, see :func:`parse_json`): its
    entries, format, version and game, the rules' type and the tags.

    :returns: the rules text, the tags, the ``series`` entry (None when absent) and the
        ``deals`` list, for the game's module to read on.
    :raises NotationError: for any bad or unknown entry, quoting it.
    """
    if not isinstance(data, dict):
        raise NotationError(f"invalid record {quote(data, _SHOWN)}: expected a JSON object")
    found = _check_header(data)
    if found != game:
        raise NotationError(f"invalid record: it is of the game {quote(found)}, not {quote(game)}")
    read_fields(data, "record", _REQUIRED_KEYS, set(_TOP_KEYS))
    rules = read_str(data["rules"], "record rules")
    raw_tags = data.get("tags", {})
    if not isinstance(raw_tags, dict):
        raise NotationError(f"invalid record tags {quote(raw_tags)}: expected a JSON object")
    tags = Tags.__new__(Tags)
    object.__setattr__(tags, "_items", _check_tags(raw_tags, NotationError))
    deals = read_list(data["deals"], "record deals")
    return rules, tags, data.get("series"), deals


# -- the machinery every game's records share ---------------------------------------------------
# Each game's ``records`` module gives its codec (how a deal starts and ends, the series of a
# multi-deal game, its names in messages) and calls these for the rest.

_R = TypeVar("_R")
T = TypeVar("T")


class _Playable(Protocol):
    @property
    def is_over(self) -> bool: ...

    def play(self, move: Any) -> Any: ...


P = TypeVar("P", bound=_Playable)
S = TypeVar("S", bound=_Playable)

_RECORD_OF: dict[str, Callable[[Any], Any]] = {}


def register_game(game: str, record_of: Callable[[Any], Any]) -> None:
    """Make ``record_of`` (a state to the record of its deal) the way :func:`record_deal`
    records a state of ``game``: each game's ``records`` module registers itself, so that its
    multi-deal play (which its records are built on) can return records without importing them.

    :raises RulesError: if ``game`` is not a game's name.
    """
    if not isinstance(game, str) or not game.isidentifier():
        raise RulesError(f"invalid game {quote(game)}: expected a game's name")
    _RECORD_OF[game] = record_of


def record_deal(game: str, state: object) -> Any:
    """The record of the deal that led to ``state``, a state of ``game`` (see
    :func:`register_game`): what a game's play functions hand back beside the final state.

    :raises RulesError: if no records module of ``game`` is loaded.
    """
    record_of = _RECORD_OF.get(game)
    if record_of is None:
        raise RulesError(f"no records of the game {quote(game)} are loaded")
    return record_of(state)


@strict_arguments
@attrs.frozen
class Codec:
    """A game's part of the record layout: its names in messages and how it reads its moves,
    rules, deals and series. Each game's ``records`` module makes one and hands it to the
    functions below.

    :param game: the ``game`` entry (a registered game's name).
    :param name: the game's name in messages (``"Tarot"``).
    :param prefix: what starts the name of its records and moves in messages (``"Tarot "``,
        or nothing).
    :param unit: its name for a deal (``"deal"``, ``"round"``).
    :param move: what a move is, in messages (``"a Move"``).
    :param parse_move: a written move to a move.
    :param move_kinds: the classes of a move.
    :param max_moves: the most moves a deal has.
    :param deal_kind: the game's deal record class.
    :param series_kind: the game's series class.
    :param rules_of: a deal record's rules.
    :param parse_rules: the rules' text to the rules.
    :param read_deal: one entry of ``deals``, the record's rules and its number to a deal record.
    :param read_series: the ``series`` entry to the game's series and the written totals.
    :param check_totals: raises unless a record's written totals are the ones its deals give.
    """

    game: str
    name: str
    prefix: str
    unit: str
    move: str
    parse_move: Callable[[str], Any]
    move_kinds: tuple[type, ...]
    max_moves: int
    deal_kind: type
    series_kind: type
    rules_of: Callable[[Any], object]
    parse_rules: Callable[[str], Any]
    read_deal: Callable[[object, Any, int], object]
    read_series: Callable[[object], tuple[object, object]]
    check_totals: Callable[[Any, object], None]


def check_record(deals: Iterable[object], rules: object, series: object, codec: Codec) -> None:
    """Check the deals and series of a game's record: each deal one of the codec's deal
    records, of the record's rules; the series None or the codec's series.

    :raises RulesError: naming the first bad deal or the series.
    """
    prefix = codec.prefix
    for item in deals:
        if not isinstance(item, codec.deal_kind):
            raise RulesError(f"invalid {prefix}record deal {quote(item)}: expected a DealRecord")
        found = codec.rules_of(item)
        if found != rules:
            raise RulesError(
                f"invalid {prefix}record: a {codec.unit} of the rules {quote(str(found))} in a "
                f"record of {quote(str(rules))}"
            )
    if series is not None and not isinstance(series, codec.series_kind):
        raise RulesError(f"invalid {prefix}series {quote(series)}: expected a Series")


def read_moves(moves: object, codec: Codec) -> tuple[Any, ...]:
    """The moves of a deal record, given as moves or their written forms (which the codec
    parses). Malformed moves are :class:`~cardgames.errors.IllegalMoveError`, as everywhere a
    move is taken.
    """
    what = f"{codec.prefix}moves"
    if isinstance(moves, str | bytes | Mapping) or not isinstance(moves, Iterable):
        raise IllegalMoveError(
            f"invalid {what} {quote(moves)}: expected a sequence of moves or their written forms"
        )
    result: list[Any] = []
    for move in as_tuple(moves, what, error=IllegalMoveError, limit=codec.max_moves):
        if isinstance(move, str):
            result.append(codec.parse_move(move))
        elif isinstance(move, codec.move_kinds):
            result.append(move)
        else:
            raise IllegalMoveError(
                f"invalid {codec.prefix}move {quote(move)}: expected {codec.move} or its "
                "written form"
            )
    return tuple(result)


def replay_moves(start: P, moves: Iterable[object], codec: Codec) -> P:
    """The state after playing ``moves`` from ``start``, each checked by ``play``.

    :raises IllegalMoveError: naming the move's number, if one is illegal where it is played.
    """
    state = start
    for number, move in enumerate(moves):
        try:
            state = state.play(move)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {number + 1} of the {codec.unit}: {error}") from None
    return state


def states_of(start: P, moves: Iterable[object]) -> tuple[P, ...]:
    """``start``, then the state after each move: ``len(moves) + 1`` states."""
    states = [start]
    for move in moves:
        states.append(states[-1].play(move))
    return tuple(states)


def only_deal(deals: Sequence[_R], codec: Codec) -> _R:
    """The one deal of a record of one deal.

    :raises RulesError: if there is not exactly one.
    """
    if len(deals) != 1:
        raise RulesError(
            f"this record holds {len(deals)} {codec.unit}s, not one: use record.deals[i]"
        )
    return deals[0]


def with_tags(record: _R, tags: Mapping[str, str] | None) -> _R:
    """``record`` (an attrs record with ``tags``) with ``tags`` added, replacing any of the
    same name.

    :raises RulesError: if ``tags`` is not a mapping of strings to strings.
    """
    extra = to_tags(tags)
    if extra:
        old: Tags = record.tags  # type: ignore[attr-defined]  # every game's Record has tags
        record = attrs.evolve(record, tags={**old, **extra})  # type: ignore[misc]
    return record


def read_deal(
    data: object,
    where: str,
    *,
    read_start: Callable[[object], _R],
    make: Callable[[_R, list[object]], T],
) -> tuple[T, dict[str, object]]:
    """Read one entry of a record's ``deals``: its ``start`` with ``read_start``, its
    ``moves`` (strings, handed to ``make`` with the start to build the deal's record).

    :returns: the deal's record and the entry's fields (to check its ``result``).
    :raises NotationError: for a missing, unknown or mistyped entry, quoting it.
    """
    fields = read_fields(data, f"record {where}", ("start", "moves"), ("result",))
    start = read_start(fields["start"])
    moves = read_list(fields["moves"], f"{where} moves")
    return make(start, moves), fields


def read_move_texts(moves: list[object], where: str) -> list[str]:
    """``moves`` if every one is a string (a written move).

    :raises NotationError: otherwise, quoting it.
    """
    for move in moves:
        read_str(move, f"{where} move")
    return moves  # type: ignore[return-value]  # every item checked above


class DealRecordMethods(Generic[S]):
    """What every game's deal record does with the moves it holds, written once: each game's
    ``DealRecord`` (an attrs class with ``moves`` and a private ``_final`` state) takes these
    and says only where its deal starts (:meth:`start`) and how it is written
    (``to_dict``). The class attribute ``CODEC`` is the game's :class:`Codec`.
    """

    __slots__ = ()
    CODEC: ClassVar[Codec]
    moves: tuple[Any, ...]
    _final: S

    @abc.abstractmethod
    def start(self) -> S:
        """The state before the first move."""

    def _replay_moves(self) -> None:
        # Called by the game's __attrs_post_init__: every move checked where it is played.
        object.__setattr__(self, "_final", replay_moves(self.start(), self.moves, self.CODEC))

    @property
    def is_over(self) -> bool:
        """True if the moves finish the deal (or round)."""
        return self._final.is_over

    def states(self) -> tuple[S, ...]:
        """The starting state, then the state after each move: ``len(moves) + 1`` states, as a
        tuple (``states()[-1] == replay()``)."""
        return states_of(self.start(), self.moves)

    def replay(self) -> S:
        """The state after every move (reached by play, so its history is ``moves``)."""
        return self._final


D = TypeVar("D", bound=DealRecordMethods[Any])


class RecordMethods(Generic[S, D]):
    """What every game's record does with its deals, written once: each game's ``Record`` (an
    attrs class with ``deals``, ``tags`` and ``series``) takes these and writes only its
    series (a whole game or match) and its ``to_dict``. The class attribute ``CODEC`` is the
    game's :class:`Codec`.
    """

    __slots__ = ()
    CODEC: ClassVar[Codec]
    deals: tuple[D, ...]
    series: Any

    def _only(self) -> D:
        return only_deal(self.deals, self.CODEC)

    def start(self) -> S:
        """The first state of a record of one deal (see the deal record's ``start``).

        :raises RulesError: if the record does not hold exactly one deal.
        """
        first: S = self._only().start()
        return first

    def states(self) -> tuple[S, ...]:
        """The states of a record of one deal (see the deal record's ``states``).

        :raises RulesError: if the record does not hold exactly one deal.
        """
        states: tuple[S, ...] = self._only().states()
        return states

    def replay(self) -> S:
        """The final state of a record of one deal (see the deal record's ``replay``).

        :raises RulesError: if the record does not hold exactly one deal.
        """
        final: S = self._only().replay()
        return final

    @property
    def is_series(self) -> bool:
        """True if this is the record of a whole game or match (``series`` is given)."""
        return self.series is not None

    def _whole(self) -> Any:
        """The game or match the record is of, every deal replayed (records with a series)."""
        raise RulesError("this record holds single deals")  # a game with series overrides it

    def series_totals(self) -> tuple[tuple[Fraction, ...], bool] | None:
        """For the record of a whole game or match, each seat's total and whether the series
        is over (the series replayed); None for a record of single deals."""
        if self.series is None:
            return None
        whole = self._whole()
        return tuple(Fraction(total) for total in whole.totals), bool(whole.is_over)

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read the data ``to_dict`` gives (what the game's ``loads`` does after the JSON).

        :raises NotationError: for anything but such data, quoting the bad entry.
        """
        record: Self = read_record(data, cls.CODEC, cls)
        return record


def read_record(data: object, codec: Codec, make: Callable[..., T]) -> T:
    """Read the JSON data of a record of the codec's game: the envelope, then through the codec
    the rules, each deal, the series and its totals.

    :param make: the game's record class (or any callable) taking the keywords ``rules``,
        ``deals``, ``tags`` and ``series`` (None or read).
    :raises NotationError: for anything wrong, quoting it.
    """
    rules_text, tags, series_data, deals_data = read_envelope(data, codec.game)
    try:
        rules = codec.parse_rules(rules_text)
    except CardgamesError as error:
        raise NotationError(f"invalid record rules {quote(rules_text)}: {error}") from None
    deals = tuple(codec.read_deal(item, rules, number) for number, item in enumerate(deals_data))
    series: object = None
    totals: object = None
    if series_data is not None:
        series, totals = codec.read_series(series_data)
    try:
        record = make(rules=rules, deals=deals, tags=tags, series=series)
    except CardgamesError as error:
        raise NotationError(f"invalid {codec.name} record: {error}") from None
    if series is not None:
        codec.check_totals(record, totals)
    return record


# -- the schema ----------------------------------------------------------------------------------


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of records, as shipped in
    ``cardgames/schemas/record.schema.json`` (a new ``dict`` on every call).

    Anything :func:`cardgames.tarot.records.dumps` or :func:`cardgames.tailor.dumps`
    writes validates against it; the schema checks the layout, the readers also check that the
    moves are legal and the results agree with them.
    """
    text = resources.files("cardgames").joinpath("schemas/record.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
