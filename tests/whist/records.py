"""Whist's records, in the library's one record layout (:mod:`cardgames.records`): the
envelope, the tags and the reading of every entry come from the core; the game writes how a
deal starts (its hands, as :class:`~whist.game.State` writes them) and reads its moves."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs

from cardgames.cards import Card
from cardgames.errors import CardgamesError, NotationError
from cardgames.records import (
    Tags,
    envelope,
    parse_json,
    read_deal,
    read_envelope,
    read_move_texts,
    to_json,
    to_tags,
)
from cardgames.validation import quote
from whist.game import Rules, State


@attrs.frozen
class DealRecord:
    """One deal: the hands dealt and the cards played."""

    initial: State
    moves: tuple[Card, ...]

    def start(self) -> State:
        """The deal before any card."""
        return self.initial


@attrs.frozen
class Record:
    """A record of whist deals."""

    rules: Rules
    deals: tuple[DealRecord, ...]
    tags: Tags = attrs.field(factory=Tags, converter=to_tags)

    def series_totals(self) -> tuple[tuple[Fraction, ...], bool] | None:
        """None: whist records hold single deals."""
        return None


def dumps(state: State, tags: Mapping[str, str], indent: int | None) -> str:
    """The record of the deal played up to ``state``."""
    start = State(state.rules, state.dealt)
    result: Any = [state.tricks(0), state.tricks(1)] if state.is_over else None
    deal = {"start": str(start), "moves": [str(card) for card in state.played], "result": result}
    return to_json(envelope("whist", str(state.rules), to_tags(tags), None, [deal]), indent)


def loads(text: str) -> Record:
    """Read what :func:`dumps` writes.

    :raises NotationError: for anything else.
    """
    rules_text, tags, _, deals = read_envelope(parse_json(text), "whist")
    rules = Rules.parse(rules_text)

    def make(start: State, moves: list[object]) -> DealRecord:
        cards = tuple(Card.parse(word) for word in read_move_texts(moves, "whist deal"))
        State(start.rules, start.dealt, cards)  # every card checked legal where it is played
        return DealRecord(start, cards)

    records = []
    for number, data in enumerate(deals):
        try:
            record, _ = read_deal(data, f"deal {number}", read_start=_start(rules), make=make)
        except CardgamesError as error:
            raise NotationError(f"invalid whist record deal {number}: {error}") from None
        records.append(record)
    return Record(rules, tuple(records), tags)


def _start(rules: Rules) -> Any:
    def read(value: object) -> State:
        if not isinstance(value, str):
            raise NotationError(f"invalid whist start {quote(value)}: expected its text")
        state = State.parse(value)
        if state.rules != rules or state.played:
            raise NotationError(f"invalid whist start {quote(value)}: not a deal of {rules}")
        return state

    return read
