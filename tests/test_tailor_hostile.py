"""Chase the Tailor: every public constructor and entry point, given hostile values.

Whatever goes in, only the library's own errors (:class:`~cardgames.errors.CardgamesError`)
come out, and nothing hangs.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs
import pytest
from hang_guard import no_hang

from cardgames.cards import JOKER_1, Card, Rank, Suit
from cardgames.cardset import CardSet
from cardgames.errors import CardgamesError
from cardgames.tailor import (
    Call,
    DealRecord,
    Draw,
    Dump,
    JokerEffect,
    Match,
    Pass,
    Play,
    PlayJoker,
    PlayTailor,
    Record,
    RoundResult,
    Rules,
    Series,
    State,
    deal,
    derive_seed,
    dumps,
    format_position,
    format_top,
    loads,
    parse_move,
    parse_position,
    parse_top,
    play_deal,
    random_position,
    random_strategy,
    record_of,
)
from cardgames.validation import quote

HOSTILE: list[object] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2.5,
    float("nan"),
    float("inf"),
    "",
    "3",
    "x" * 10_000,
    b"1",
    10**5000,
    -(10**5000),
    2**64,
    [],
    [None],
    [1, 2],
    (),
    {},
    {"a": 1},
    frozenset({1}),
    object(),
    Card.parse("AS"),
    CardSet.parse("AS KH"),
    Suit.HEARTS,
    Rank.ACE,
    JokerEffect.SKIP,
    Rules(),
    random.Random(1),
]

RULES = Rules(players=3)
STATE = deal(RULES, seed=13)
DEAL_RECORD = DealRecord(initial=STATE, moves=["7D"])
RECORD = Record(rules=RULES, deals=[DEAL_RECORD])
MATCH = Match(rules=RULES, seed=1)
STRATEGY = random_strategy(1)
FINISHED = play_deal(STATE, STRATEGY)[0]
RECORD_DICT = json.loads(dumps(RECORD))
DEAL_DICT = RECORD_DICT["deals"][0]

Entry = Callable[[Any], object]


class _OneItem(Mapping[Any, Any]):
    """A mapping of one key to one value, where the key may be unhashable (a list, a dict):
    what a caller could pass as ``fixed`` or ``tags`` with any key at all."""

    def __init__(self, key: object, value: object) -> None:
        self._key, self._value = key, value

    def __getitem__(self, key: object) -> object:
        if key is self._key:
            return self._value
        raise KeyError(key)

    def __iter__(self) -> Iterator[object]:
        return iter([self._key])

    def __len__(self) -> int:
        return 1


ENTRIES: dict[str, Entry] = {
    "Rules.parse": Rules.parse,
    "Rules.from_dict": Rules.from_dict,
    "Rules.from_dict(players=v)": lambda v: Rules.from_dict({"players": v}),
    "Call(v, 1)": lambda v: Call(v, 1),
    "Call(H, v)": lambda v: Call(Suit.HEARTS, v),
    "Call.parse": Call.parse,
    "State.parse": State.parse,
    "parse_position": parse_position,
    "parse_top": parse_top,
    "format_top": format_top,
    "format_position": format_position,
    "deal(v)": lambda v: deal(v),
    "deal(seed=v)": lambda v: deal(RULES, seed=v),
    "deal(first_player=v)": lambda v: deal(RULES, first_player=v),
    "deal(deck=v)": lambda v: deal(RULES, deck=v),
    "deal(deck=[v] * 55)": lambda v: deal(RULES, deck=[v] * 55),
    "Play(v)": lambda v: Play(v),
    "Dump(v)": lambda v: Dump(v),
    "Dump([v, v])": lambda v: Dump([v, v]),
    "PlayTailor(v, A, 0)": lambda v: PlayTailor(v, Rank.ACE, 0),
    "PlayTailor(S, v, 0)": lambda v: PlayTailor(Suit.SPADES, v, 0),
    "PlayTailor(S, A, v)": lambda v: PlayTailor(Suit.SPADES, Rank.ACE, v),
    "PlayJoker(v, skip)": lambda v: PlayJoker(v, JokerEffect.SKIP),
    "PlayJoker(X1, v)": lambda v: PlayJoker(JOKER_1, v),
    "parse_move": parse_move,
    "Play.parse": Play.parse,
    "Dump.parse": Dump.parse,
    "PlayTailor.parse": PlayTailor.parse,
    "PlayJoker.parse": PlayJoker.parse,
    "Draw.parse": Draw.parse,
    "Pass.parse": Pass.parse,
    "state.play": STATE.play,
    "state.check": STATE.check,
    "state.is_legal": STATE.is_legal,
    "Match(rules=v)": lambda v: Match(rules=v),
    "Match(rounds=v)": lambda v: Match(rules=RULES, rounds=v),
    "Match(seed=v)": lambda v: Match(rules=RULES, seed=v),
    "Match(first_player=v)": lambda v: Match(rules=RULES, first_player=v),
    "Match(deals=v)": lambda v: Match(rules=RULES, deals=v),
    "Match(deals=[v])": lambda v: Match(rules=RULES, deals=[v]),
    "match.round_seed": MATCH.round_seed,
    "match.record": MATCH.record,
    "match.play_round": MATCH.play_round,
    "match.play_round([v] * seats)": lambda v: MATCH.play_round([v] * RULES.players),
    "match.play_out": MATCH.play_out,
    "match.play_out([s, v, s])": lambda v: MATCH.play_out([STRATEGY, v, STRATEGY]),
    "RoundResult(v, None, p)": lambda v: RoundResult(v, None, (0, 0, 0)),
    "RoundResult(0, v, p)": lambda v: RoundResult(0, v, (0, 0, 0)),
    "RoundResult(0, None, v)": lambda v: RoundResult(0, None, v),
    "DealRecord(initial=v)": lambda v: DealRecord(initial=v).replay(),
    "DealRecord(initial=deal(RULES, seed=v))": lambda v: DealRecord(
        initial=deal(RULES, seed=v)
    ).replay(),
    "DealRecord(initial=deal(RULES, first_player=v))": lambda v: DealRecord(
        initial=deal(RULES, first_player=v)
    ).replay(),
    "DealRecord(initial=deal(RULES, deck=v))": lambda v: DealRecord(
        initial=deal(RULES, deck=v)
    ).replay(),
    "DealRecord(moves=v)": lambda v: DealRecord(initial=STATE, moves=v).replay(),
    "DealRecord(moves=[v])": lambda v: DealRecord(initial=STATE, moves=[v]).replay(),
    "DealRecord(moves=[7D, v])": lambda v: DealRecord(initial=STATE, moves=["7D", v]).replay(),
    "DealRecord.of": DealRecord.of,
    "Series(rounds=v)": lambda v: Series(rounds=v),
    "Series(seed=v)": lambda v: Series(seed=v),
    "Series(first_player=v)": lambda v: Series(first_player=v),
    "Record(rules=v)": lambda v: Record(rules=v),
    "Record(deals=v)": lambda v: Record(rules=RULES, deals=v),
    "Record(deals=[v])": lambda v: Record(rules=RULES, deals=[v]),
    "Record(tags=v)": lambda v: Record(rules=RULES, tags=v),
    "Record(tags={v: v})": lambda v: Record(rules=RULES, tags=_OneItem(v, v)),
    "Record(series=v)": lambda v: Record(rules=RULES, series=v),
    "Record(series=Series(1, 1, v))": lambda v: Record(rules=RULES, series=Series(1, 1, v)),
    "record.replay": lambda v: Record(rules=RULES, deals=v).replay(),
    "record.match": lambda v: Record(rules=RULES, deals=v, series=Series(rounds=2)).match(),
    "Record.from_dict": Record.from_dict,
    "dumps(v)": lambda v: dumps(v),
    "dumps(indent=v)": lambda v: dumps(RECORD, indent=v),
    "dumps(tags=v)": lambda v: dumps(FINISHED, tags=v),
    "dumps(tags={v: v})": lambda v: dumps(FINISHED, tags=_OneItem(v, v)),
    "record_of(v)": lambda v: record_of(v),
    "record_of(tags=v)": lambda v: record_of(MATCH, tags=v),
    "loads": loads,
    "from_dict(deals[0].result={winner: v})": lambda v: _deal_with(
        "result", {"winner": v, "payoffs": [0, 0, 0]}
    ),
    "from_dict(deals[0].result={payoffs: v})": lambda v: _deal_with(
        "result", {"winner": None, "payoffs": v}
    ),
    "random_strategy": lambda v: random_strategy(v)(STATE),
    "derive_seed(v)": lambda v: derive_seed(v),
    "derive_seed(0, v)": lambda v: derive_seed(0, v),
    "play_deal(v, s)": lambda v: play_deal(v, STRATEGY),
    "play_deal(state, v)": lambda v: play_deal(STATE, v),
    "play_deal(state, [s, s, v])": lambda v: play_deal(STATE, [STRATEGY, STRATEGY, v]),
    "deal(fixed=v)": lambda v: deal(RULES, seed=1, fixed=v),
    "deal(fixed={0: v})": lambda v: deal(RULES, seed=1, fixed={0: v}),
    "deal(fixed={v: cards})": lambda v: deal(RULES, seed=1, fixed=_OneItem(v, "TLR X1")),
    "deal(fixed={0: [v]})": lambda v: deal(RULES, seed=1, fixed={0: [v]}),
    "random_position(v)": lambda v: random_position(v, seed=1),
    "random_position(seed=v)": lambda v: random_position(RULES, seed=v),
    "random_position(cards_left=v)": lambda v: random_position(RULES, seed=1, cards_left=v),
}


def _rules_with(name: str, value: Any) -> object:
    return Rules(**{name: value})


def _state_with(name: str, value: Any) -> object:
    return attrs.evolve(STATE, **{name: value})


def _record_with(key: str, value: Any) -> object:
    return Record.from_dict({**RECORD_DICT, key: value}).replay()


def _deal_with(key: str, value: Any) -> object:
    return Record.from_dict({**RECORD_DICT, "deals": [{**DEAL_DICT, key: value}]}).replay()


def _start_with(key: str, value: Any) -> object:
    deal_data = {**DEAL_DICT, "start": {**DEAL_DICT["start"], key: value}}
    return Record.from_dict({**RECORD_DICT, "deals": [deal_data]}).replay()


for _field in attrs.fields(Rules):
    ENTRIES[f"Rules({_field.name}=v)"] = functools.partial(_rules_with, _field.name)
for _field in attrs.fields(State):
    ENTRIES[f"State({_field.name}=v)"] = functools.partial(_state_with, _field.name)
for _key in RECORD_DICT:
    ENTRIES[f"from_dict({_key}=v)"] = functools.partial(_record_with, _key)
for _key in [*DEAL_DICT, "winner"]:
    ENTRIES[f"from_dict(deals[0].{_key}=v)"] = functools.partial(_deal_with, _key)
for _key in DEAL_DICT["start"]:
    ENTRIES[f"from_dict(deals[0].start.{_key}=v)"] = functools.partial(_start_with, _key)
ENTRIES["from_dict(deals[0].start={position: v})"] = lambda v: _deal_with("start", {"position": v})
ENTRIES["from_dict(deals[0].start={position: str(state), seed: v})"] = lambda v: _deal_with(
    "start", {"position": str(STATE), "seed": v}
)


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    """Fail (rather than hang) if a test never finishes (CPU time: see ``hang_guard``)."""
    with no_hang("the test"):
        yield


@pytest.mark.parametrize("name", list(ENTRIES))
def test_hostile_values_raise_only_library_errors(name: str) -> None:
    entry = ENTRIES[name]
    for value in HOSTILE:
        try:
            entry(value)
        except CardgamesError as error:
            message = str(error)
            assert message and len(message) < 2000, (name, quote(value), message[:200])
        except Exception as error:  # pragma: no cover - the failure being looked for
            raise AssertionError(
                f"{name} with {quote(value)} raised {type(error).__name__}: {error}"
            ) from error
