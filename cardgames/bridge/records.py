"""JSON records of played bridge hands, in the layout shared by every game
(:mod:`cardgames.records`): :class:`Record`, :func:`dumps`, :func:`loads`, :func:`record_of`.

The record's ``rules`` entry is the contract in its written form (``"S by N"``, see
:class:`~cardgames.bridge.rules.Contract`), the same for every deal of the record. A deal
starts from its hands in PBN, its moves are the cards played, and its result (``null`` while
the play is unfinished) the tricks of each side::

    "start": {"deal": "N:AKQ.JT9.876.5432 ..."},
    "moves": ["5S", "AS", "9S", "6S", ...],
    "result": {"declarer_tricks": 9, "defender_tricks": 4}

Bridge records hold single deals: their ``series`` is always ``null``. Reading replays every card
and checks that the written result is the one the cards give.

>>> from cardgames import bridge
>>> state = bridge.random_position(3, tricks_played=2, contract=bridge.Contract.parse('H by S'))
>>> text = dumps(state, tags={'Event': 'Club night'})
>>> record = loads(text)
>>> record.replay() == state, record.tags['Event'], record.rules
(True, 'Club night', Contract.parse('H by S'))
>>> loads(dumps(record)) == record
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from cardgames.bridge.deal import Deal
from cardgames.bridge.rules import Contract
from cardgames.bridge.state import State
from cardgames.cards import Card
from cardgames.errors import CardgamesError, IllegalMoveError, NotationError, RulesError
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
    read_move_texts,
    read_moves,
    read_str,
    register_game,
    to_json,
    to_tags,
    with_tags,
)
from cardgames.validation import as_tuple, quote, strict_arguments

__all__ = ["DealRecord", "Record", "dumps", "loads", "record_of"]

GAME: Final = "bridge"
"""The ``game`` entry of bridge records."""
_MAX_MOVES: Final = 52


def _parse_card(text: str) -> Card:
    try:
        return Card.parse(text)
    except NotationError as error:
        raise IllegalMoveError(f"invalid card {quote(text)}: {error}") from None


def _to_moves(moves: Iterable[Card | str]) -> tuple[Card, ...]:
    return read_moves(moves, CODEC)


def _check_initial(record: DealRecord, attribute: attrs.Attribute[State], value: object) -> None:
    if not isinstance(value, State):
        raise RulesError(f"invalid initial state {quote(value)}: expected a bridge State")
    if value.played:
        raise RulesError(
            f"invalid initial state {quote(str(value))}: expected a state before any card "
            "(the cards played are the record's moves)"
        )


@strict_arguments
@attrs.frozen(kw_only=True)
class DealRecord(DealRecordMethods[State]):
    """One deal's play: the state before the first card and every card played, which are
    replayed (and so checked) when the record is made.

    :param initial: the deal in its contract, no card played yet.
    :param moves: cards or their written forms (``'5S'``).
    :raises RulesError: if ``initial`` is not a bridge state before any card.
    :raises IllegalMoveError: for a move that is not a card, or a card that is illegal where
        it is played.
    """

    initial: State = attrs.field(validator=_check_initial)
    moves: tuple[Card, ...] = attrs.field(default=(), converter=_to_moves)
    _final: State = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._replay_moves()

    @classmethod
    def of(cls, state: State) -> DealRecord:
        """The record of the play that led to ``state``.

        :raises RulesError: if ``state`` is not a bridge state.
        """
        if not isinstance(state, State):
            raise RulesError(f"invalid state {quote(state)}: expected a bridge State")
        return cls(initial=State(state.deal, state.contract), moves=state.played)

    def start(self) -> State:
        """The state before the first card (``initial``)."""
        return self.initial

    def to_dict(self) -> dict[str, Any]:
        """This deal's entry of the ``deals`` list of a record."""
        final = self._final
        result = None
        if final.is_over:
            result = {
                "declarer_tricks": final.declarer_tricks,
                "defender_tricks": final.defender_tricks,
            }
        return {
            "start": {"deal": self.initial.deal.pbn()},
            "moves": [str(card) for card in self.moves],
            "result": result,
        }


def _to_deals(deals: Iterable[DealRecord]) -> tuple[DealRecord, ...]:
    if isinstance(deals, str | bytes | Mapping) or not isinstance(deals, Iterable):
        raise RulesError(f"invalid record deals {quote(deals)}: expected a sequence")
    return as_tuple(deals, "record deals")


def _check_rules(record: Record, attribute: attrs.Attribute[Contract], value: object) -> None:
    if not isinstance(value, Contract):
        raise RulesError(f"invalid rules {quote(value)}: expected a bridge Contract")


def _check_series(record: Record, attribute: attrs.Attribute[None], value: object) -> None:
    if value is not None:
        raise RulesError(f"invalid bridge series {quote(value)}: bridge records have none")


class _NoSeries:
    """Bridge records hold single deals: no value is of this class."""


@strict_arguments
@attrs.frozen(kw_only=True)
class Record(RecordMethods[State, DealRecord]):
    """A record of bridge deals played in one contract: the contract, free tags and the deals.

    :param rules: the contract of every deal (the ``rules`` entry of the layout).
    :param deals: :class:`DealRecord` values.
    :param tags: names and texts (see :class:`cardgames.records.Tags`).
    :param series: always None (bridge records hold single deals).
    :raises RulesError: for an argument of the wrong type or a deal in another contract.
    """

    rules: Contract = attrs.field(validator=_check_rules)
    deals: tuple[DealRecord, ...] = attrs.field(default=(), converter=_to_deals)
    tags: Tags = attrs.field(factory=Tags, converter=to_tags)
    series: None = attrs.field(default=None, validator=_check_series)

    def __attrs_post_init__(self) -> None:
        check_record(self.deals, self.rules, None, CODEC)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (what :func:`dumps` writes)."""
        return envelope(
            GAME, str(self.rules), self.tags, None, [item.to_dict() for item in self.deals]
        )


def _read_deal(data: object, rules: Contract, number: int) -> DealRecord:
    where = f"deal {number}"

    def read_start(value: object) -> State:
        fields = read_fields(value, f"{where} start", ("deal",))
        text = read_str(fields["deal"], f"{where} start deal")
        try:
            return State(Deal.parse(text), rules)
        except CardgamesError as error:
            raise NotationError(f"invalid {where} start deal {quote(text)}: {error}") from None

    def make(initial: State, moves: list[object]) -> DealRecord:
        if len(moves) > 4 * initial.deal.cards_each:
            raise NotationError(
                f"invalid {where} moves: {len(moves)} cards, more than the deal holds"
            )
        texts = read_move_texts(moves, where)
        try:
            return DealRecord(initial=initial, moves=texts)
        except CardgamesError as error:
            raise NotationError(f"invalid {where} moves: {error}") from None

    record, fields = read_deal(data, where, read_start=read_start, make=make)
    if "result" in fields:
        written = fields["result"]
        expected = record.to_dict()["result"]
        if written is not None:
            result = read_fields(written, f"{where} result", ("declarer_tricks", "defender_tricks"))
            for key in ("declarer_tricks", "defender_tricks"):
                read_int(result[key], f"{where} {key}", low=0, high=13)
        if written != expected:
            raise NotationError(
                f"invalid {where} result {quote(written)}: the cards give {quote(expected)}"
            )
    return record


def _read_series(data: object) -> tuple[object, object]:
    raise NotationError(f"invalid bridge record series {quote(data)}: expected null")


def _check_totals(record: Any, totals: object) -> None:  # pragma: no cover - no series
    return None


def record_of(item: State | Record, tags: Mapping[str, str] | None = None) -> Record:
    """The :class:`Record` of a state (the play that led to it) or a record.

    :param tags: names and texts added to the record's tags (replacing any of the same name).
    :raises NotationError: if ``item`` is neither.
    :raises RulesError: if ``tags`` is not a mapping of strings to strings.
    """
    extra = to_tags(tags)
    if isinstance(item, Record):
        record = item
    elif isinstance(item, State):
        record = Record(rules=item.contract, deals=(DealRecord.of(item),))
    else:
        raise NotationError(f"cannot record {quote(item)}: expected a bridge State or Record")
    return with_tags(record, extra)


def dumps(
    item: State | Record, *, tags: Mapping[str, str] | None = None, indent: int | None = None
) -> str:
    """The JSON record of a bridge state (the play that led to it) or a :class:`Record`.

    :param tags: names and texts added to the record's tags.
    :param indent: None for one line, or the spaces per level (0 to 16).
    :raises NotationError: if ``item`` is neither.
    :raises RulesError: if ``tags`` or ``indent`` is bad.
    """
    return to_json(record_of(item, tags).to_dict(), indent)


def loads(text: str | bytes) -> Record:
    """Read a record written by :func:`dumps`, replaying every card.

    :raises NotationError: if the text is not a valid bridge record, quoting what is wrong.
    """
    return Record.from_dict(parse_json(text))


CODEC: Final = Codec(
    game=GAME,
    name="bridge",
    prefix="bridge ",
    unit="deal",
    move="a Card",
    parse_move=_parse_card,
    move_kinds=(Card,),
    max_moves=_MAX_MOVES,
    deal_kind=DealRecord,
    series_kind=_NoSeries,
    rules_of=lambda item: item.initial.contract,
    parse_rules=Contract.parse,
    read_deal=_read_deal,
    read_series=_read_series,
    check_totals=_check_totals,
)
"""Bridge's part of the record layout (see :class:`cardgames.records.Codec`)."""

DealRecord.CODEC = Record.CODEC = CODEC
register_game(GAME, record_of)
