"""JSON records of Chase the Tailor rounds and matches, in the layout shared by every game
(:mod:`cardgames.records`): :class:`~cardgames.tailor.Record`, :func:`~cardgames.tailor.dumps`,
:func:`~cardgames.tailor.loads`, :func:`~cardgames.tailor.record_of`.

A round starts either from a seed or from an explicit position, and its result is who went
out and the payoffs::

    "start": {"seed": 13, "first_player": 0},       (as dealt by tailor.deal)
    "start": {"position": "rules: players=3; ..."},  (any other start, in position notation)
    "moves": ["7D", "draw", "TLR QH>2", "X1 skip", "dump 5S 5C", "pass"],
    "result": {"winner": 1, "payoffs": [-12, 0, -30]}   (winner null after a stalemate;
                                                         the result null while unfinished)

and a match's ``series`` entry is ``{"rounds": 5, "seed": 3, "first_player": 0, "totals":
[...]}``, the totals being the sums of the payoffs (minus the penalties). Reading replays every
move and checks that the written results and totals are the ones the moves give. Records of
the layout before 0.x's shared one (``"game": "tailor"`` with the rules as an object) are not
read.

>>> from cardgames.tailor import Rules, deal
>>> state = deal(Rules(players=3), seed=13)
>>> state = state.play(state.legal_moves()[0])
>>> text = dumps(state, tags={'White': 'Ann'})
>>> record = loads(text)
>>> record.deals[0].replay() == state, record.deals[0].moves, record.tags
(True, (Play(card=Card.parse('7D')),), Tags({'White': 'Ann'}))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from cardgames.errors import CardgamesError, NotationError, RulesError
from cardgames.records import (
    Codec,
    DealRecordMethods,
    RecordMethods,
    Tags,
    check_record,
    envelope,
    parse_json,
    read_deal,
    read_fields,
    read_int,
    read_list,
    read_move_texts,
    read_moves,
    read_str,
    register_game,
    to_json,
    to_tags,
    with_tags,
)
from cardgames.tailor.deal import deal
from cardgames.tailor.match import _MAX_ROUNDS, Match, start_of
from cardgames.tailor.moves import Draw, Dump, Move, Pass, Play, PlayJoker, PlayTailor, parse_move
from cardgames.tailor.rules import Rules
from cardgames.tailor.state import State
from cardgames.validation import (
    SEED_LIMIT,
    as_tuple,
    check_int,
    check_seat,
    check_seed,
    quote,
    strict_arguments,
)

__all__ = ["DealRecord", "Record", "Series", "dumps", "loads", "record_of"]

GAME: Final = "tailor"
"""The ``game`` entry of Chase the Tailor records."""
_MAX_MOVES: Final = 1_000_000  # the largest Rules.max_turns: no round has more moves
_MOVE_TYPES: Final = (Play, Dump, PlayTailor, PlayJoker, Draw, Pass)


def _to_moves(moves: Iterable[Move | str]) -> tuple[Move, ...]:
    return read_moves(moves, CODEC)


def _check_initial(record: DealRecord, attribute: attrs.Attribute[State], value: object) -> None:
    if not isinstance(value, State):
        raise RulesError(f"invalid initial state {quote(value)}: expected a tailor.State")


@strict_arguments
@attrs.frozen(kw_only=True)
class DealRecord(DealRecordMethods[State]):
    """One round: the state it started from and every move made, which are replayed (and so
    checked) when the record is made.

    :param initial: the first state: usually a deal (:func:`~cardgames.tailor.deal`), but any
        position can start a record.
    :param moves: moves or their written forms (``'7D'``, ``'draw'``).
    :raises RulesError: if ``initial`` is not a :class:`~cardgames.tailor.State`.
    :raises NotationError: for a move text that is not a move.
    :raises IllegalMoveError: for anything else given as a move, or a move that is illegal
        where it is played.

    >>> record = DealRecord(initial=deal(Rules(players=3), seed=13), moves=['7D', '7H'])
    >>> [str(move) for move in record.moves], record.is_over, record.replay().turns
    (['7D', '7H'], False, 2)
    >>> DealRecord(initial=deal(Rules(players=3), seed=13), moves=['7D', '9S'])
    Traceback (most recent call last):
    ...
    cardgames.errors.IllegalMoveError: move 2 of the round: illegal move '9S': ...
    """

    initial: State = attrs.field(validator=_check_initial)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_to_moves)
    _final: State = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._replay_moves()

    @classmethod
    def of(cls, state: State) -> DealRecord:
        """The record of the plays that led to ``state``: from the first state of its
        :attr:`~cardgames.tailor.State.previous` chain, with its
        :meth:`~cardgames.tailor.State.history`.

        :raises RulesError: if ``state`` is not a :class:`~cardgames.tailor.State`.
        """
        if not isinstance(state, State):
            raise RulesError(f"invalid state {quote(state)}: expected a tailor.State")
        return cls(initial=start_of(state), moves=state.history())

    def start(self) -> State:
        """The state before the first move (``initial``), as in Tarot's
        :meth:`cardgames.tarot.records.DealRecord.start`."""
        return self.initial

    def to_dict(self) -> dict[str, Any]:
        """This round's entry of the ``deals`` list of a record."""
        initial = self.initial
        start: dict[str, Any]
        if initial == deal(initial.rules, seed=initial.seed, first_player=initial.to_move):
            start = {"seed": initial.seed, "first_player": initial.to_move}
        else:
            start = {"position": str(initial)}
        final = self._final
        result = None
        if final.is_over:
            result = {"winner": final.winner, "payoffs": list(final.payoffs())}
        return {"start": start, "moves": [str(move) for move in self.moves], "result": result}


def _check_rounds(series: Series, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(value, "rounds", low=1, high=_MAX_ROUNDS)


def _check_seed(series: Series, attribute: attrs.Attribute[int], value: object) -> None:
    check_seed(value, "match seed")


def _check_first(series: Series, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(value, "first_player", low=0)


@strict_arguments
@attrs.frozen
class Series:
    """The settings of a whole match (see :class:`~cardgames.tailor.Match`).

    :param rounds: how many rounds (1 to 10,000).
    :param seed: the match seed.
    :param first_player: who started the first round (checked against the rules by
        :class:`Record`).
    :raises RulesError: for a value of the wrong type or out of range.
    """

    rounds: int = attrs.field(default=5, validator=_check_rounds)
    seed: int = attrs.field(default=0, validator=_check_seed)
    first_player: int = attrs.field(default=0, validator=_check_first)


def _to_deals(deals: Iterable[DealRecord]) -> tuple[DealRecord, ...]:
    if isinstance(deals, str | bytes | Mapping) or not isinstance(deals, Iterable):
        raise RulesError(f"invalid record deals {quote(deals)}: expected a sequence")
    return as_tuple(deals, "record deals")


def _check_rules(record: Record, attribute: attrs.Attribute[Rules], value: object) -> None:
    if not isinstance(value, Rules):
        raise RulesError(f"invalid rules {quote(value)}: expected a tailor.Rules")


@strict_arguments
@attrs.frozen(kw_only=True)
class Record(RecordMethods[State, DealRecord]):
    """A record of Chase the Tailor rounds: the rules, free tags and the rounds; when
    ``series`` is given, the record of a whole :class:`~cardgames.tailor.Match` (whose
    finished rounds the deals must be, in order).

    :param rules: the variant of every round.
    :param deals: :class:`DealRecord` values, one a round.
    :param tags: names and texts (see :class:`cardgames.records.Tags`), such as the event,
        the date or the players' names.
    :param series: None, or the match's :class:`Series`.
    :raises RulesError: for an argument of the wrong type, a round of other rules, or rounds
        that are not the match's.

    >>> from cardgames.tailor.match import random_strategy
    >>> match = Match(rules=Rules(players=3), rounds=2, seed=6).play_out(random_strategy(6))
    >>> record = record_of(match, tags={'Event': 'Friday'})
    >>> record.match() == match, len(record.deals), record.series
    (True, 2, Series(rounds=2, seed=6, first_player=0))
    """

    rules: Rules = attrs.field(validator=_check_rules)
    deals: tuple[DealRecord, ...] = attrs.field(default=(), converter=_to_deals)
    tags: Tags = attrs.field(factory=Tags, converter=to_tags)
    series: Series | None = None

    def __attrs_post_init__(self) -> None:
        check_record(self.deals, self.rules, self.series, CODEC)
        if self.series is not None:
            self._match()

    def _match(self) -> Match:
        series = self.series
        if series is None:
            raise RulesError("this record is of single rounds, not of a match")
        try:
            check_seat(series.first_player, self.rules.players, "first_player")
            match = Match(
                rules=self.rules,
                rounds=series.rounds,
                seed=series.seed,
                first_player=series.first_player,
            )
            for item in self.deals:
                match = match.record(item.replay())
        except CardgamesError as error:
            raise RulesError(f"invalid match record: {error}") from None
        return match

    def match(self) -> Match:
        """The match this record is of, with every round replayed.

        :raises RulesError: if the record is not of a match (``series`` is None).
        """
        return self._match()

    def _whole(self) -> Match:
        return self._match()

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (what :func:`dumps` writes)."""
        series = None
        if self.series is not None:
            series = {
                "rounds": self.series.rounds,
                "seed": self.series.seed,
                "first_player": self.series.first_player,
                "totals": list(self._match().totals),
            }
        return envelope(
            GAME, str(self.rules), self.tags, series, [item.to_dict() for item in self.deals]
        )


def _read_series(data: object) -> tuple[Series, object]:
    fields = read_fields(data, "record series", ("rounds", "seed", "first_player", "totals"))
    series = Series(
        read_int(fields["rounds"], "series rounds", low=1, high=_MAX_ROUNDS),
        read_int(fields["seed"], "series seed", low=0, high=SEED_LIMIT - 1),
        read_int(fields["first_player"], "series first_player", low=0),
    )
    return series, fields["totals"]


def _check_totals(record: Record, totals: object) -> None:
    expected = list(record._match().totals)
    if _read_ints(totals, "series totals", record.rules.players) != expected:
        raise NotationError(
            f"invalid series totals {quote(totals)}: the rounds give {quote(expected)}"
        )


def _read_ints(value: object, what: str, count: int) -> list[int]:
    items = read_list(value, what)
    if len(items) != count:
        raise NotationError(f"invalid {what} {quote(value)}: expected a list of {count} integers")
    return [read_int(item, what) for item in items]


def _read_start(value: object, rules: Rules, where: str) -> State:
    if isinstance(value, dict) and "position" in value:
        fields = read_fields(value, f"{where} start", ("position",))
        text = read_str(fields["position"], f"{where} start position")
        try:
            state = State.parse(text)
        except CardgamesError as error:
            raise NotationError(f"invalid {where} start position {quote(text)}: {error}") from None
        if state.rules != rules:
            raise NotationError(
                f"invalid {where} start position {quote(text)}: its rules are not the "
                f"record's {quote(str(rules))}"
            )
        return state
    fields = read_fields(value, f"{where} start", ("seed", "first_player"))
    seed = read_int(fields["seed"], f"{where} seed", low=0, high=SEED_LIMIT - 1)
    first = read_int(fields["first_player"], f"{where} first_player", low=0, high=rules.players - 1)
    return deal(rules, seed=seed, first_player=first)


def _read_deal(data: object, rules: Rules, number: int) -> DealRecord:
    where = f"round {number}"

    def make(initial: State, moves: list[object]) -> DealRecord:
        if len(moves) > rules.max_turns:
            raise NotationError(
                f"invalid {where} moves: {len(moves)} moves, more than the {rules.max_turns} "
                "turns a round lasts at most"
            )
        texts = read_move_texts(moves, where)
        try:
            return DealRecord(initial=initial, moves=texts)
        except CardgamesError as error:
            raise NotationError(f"invalid {where} moves: {error}") from None

    record, fields = read_deal(
        data, where, read_start=lambda value: _read_start(value, rules, where), make=make
    )
    if "result" in fields:
        written = fields["result"]
        expected = record.to_dict()["result"]
        if written is not None:
            result = read_fields(written, f"{where} result", ("winner", "payoffs"))
            winner = result["winner"]
            if winner is not None:
                read_int(winner, f"{where} winner", low=0, high=rules.players - 1)
            _read_ints(result["payoffs"], f"{where} payoffs", rules.players)
        if written != expected:
            raise NotationError(
                f"invalid {where} result {quote(written)}: the moves give {quote(expected)}"
            )
    return record


def record_of(item: State | Match | Record, tags: Mapping[str, str] | None = None) -> Record:
    """The :class:`Record` of a state (the plays that led to it, see :meth:`DealRecord.of`),
    a match, or a record.

    :param tags: names and texts added to the record's tags (replacing any of the same name).
    :raises NotationError: if ``item`` is none of these.
    :raises RulesError: if ``tags`` is not a mapping of strings to strings.

    >>> record = record_of(deal(Rules(players=2), seed=1))
    >>> len(record.deals), record.deals[0].moves, record.is_series
    (1, (), False)
    """
    extra = to_tags(tags)  # bad tags are refused before a bad item
    if isinstance(item, Record):
        record = item
    elif isinstance(item, State):
        record = Record(rules=item.rules, deals=(DealRecord.of(item),))
    elif isinstance(item, Match):
        record = Record(
            rules=item.rules,
            deals=tuple(DealRecord.of(state) for state in item.deals),
            series=Series(item.rounds, item.seed, item.first_player),
        )
    else:
        raise NotationError(
            f"cannot record {quote(item)}: expected a tailor State, Match or Record"
        )
    return with_tags(record, extra)


def dumps(
    item: State | Match | Record,
    *,
    tags: Mapping[str, str] | None = None,
    indent: int | None = None,
) -> str:
    """The JSON record of a round (a :class:`~cardgames.tailor.State`: the plays that led to
    it), a :class:`~cardgames.tailor.Match` or a :class:`Record`.

    :param tags: names and texts added to the record's tags (see :func:`record_of`).
    :param indent: None for one line, or the spaces per level (0 to 16).
    :raises NotationError: if ``item`` is none of these.
    :raises RulesError: if ``tags`` or ``indent`` is bad.

    >>> dumps(deal(Rules(players=2), seed=1))[:52]
    '{"format": "cardgames-record", "version": 1, "game":'
    """
    return to_json(record_of(item, tags).to_dict(), indent)


def loads(text: str | bytes) -> Record:
    """Read a record written by :func:`dumps`, replaying every move.

    :raises NotationError: if the text is not a valid Chase the Tailor record (bad JSON, an
        unknown, missing or mistyped entry, a move that is illegal on replay, or a result
        that the moves do not give), quoting what is wrong.

    >>> loads('[]')
    Traceback (most recent call last):
    ...
    cardgames.errors.NotationError: invalid record '[]': expected a JSON object
    """
    return Record.from_dict(parse_json(text))


CODEC: Final = Codec(
    game=GAME,
    name="Chase the Tailor",
    prefix="",
    unit="round",
    move="a Chase the Tailor move",
    parse_move=parse_move,
    move_kinds=_MOVE_TYPES,
    max_moves=_MAX_MOVES,
    deal_kind=DealRecord,
    series_kind=Series,
    rules_of=lambda item: item.initial.rules,
    parse_rules=Rules.parse,
    read_deal=_read_deal,
    read_series=_read_series,
    check_totals=_check_totals,
)
"""Chase the Tailor's part of the record layout (see :class:`cardgames.records.Codec`)."""

DealRecord.CODEC = Record.CODEC = CODEC
register_game(GAME, record_of)
