"""Chase the Tailor: every public constructor and entry point, given hostile values.

Whatever goes in, only the library's own errors (:class:`~cardgames.errors.CardgamesError`)
come out, and nothing hangs.
"""

from __future__ import annotations

import functools
import json
import random
import signal
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import attrs
import pytest

from cardgames.cards import JOKER_1, Card, Rank, Suit
from cardgames.cardset import CardSet
from cardgames.errors import CardgamesError
from cardgames.tailor import (
    Call,
    Draw,
    Dump,
    GameRecord,
    JokerEffect,
    Match,
    Pass,
    Play,
    PlayJoker,
    PlayTailor,
    RoundResult,
    Rules,
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
    play_round,
    random_strategy,
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
RECORD = GameRecord(rules=RULES, seed=13, moves=["7D"])
MATCH = Match(rules=RULES, seed=1)
RECORD_DICT = json.loads(dumps(RECORD))

Entry = Callable[[Any], object]

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
    "Match(results=v)": lambda v: Match(rules=RULES, results=v),
    "Match(results=[v])": lambda v: Match(rules=RULES, results=[v]),
    "match.round_seed": MATCH.round_seed,
    "match.record": MATCH.record,
    "match.play_round": MATCH.play_round,
    "match.play_out": MATCH.play_out,
    "RoundResult(v, None, p)": lambda v: RoundResult(v, None, (0, 0, 0)),
    "RoundResult(0, v, p)": lambda v: RoundResult(0, v, (0, 0, 0)),
    "RoundResult(0, None, v)": lambda v: RoundResult(0, None, v),
    "GameRecord(rules=v)": lambda v: GameRecord(rules=v).replay(),
    "GameRecord(seed=v)": lambda v: GameRecord(rules=RULES, seed=v).replay(),
    "GameRecord(first_player=v)": lambda v: GameRecord(rules=RULES, first_player=v).replay(),
    "GameRecord(deck=v)": lambda v: GameRecord(rules=RULES, deck=v).replay(),
    "GameRecord(moves=v)": lambda v: GameRecord(rules=RULES, moves=v).replay(),
    "GameRecord(moves=[v])": lambda v: GameRecord(rules=RULES, moves=[v]).replay(),
    "GameRecord.of(v, [])": lambda v: GameRecord.of(v, []),
    "GameRecord.of(state, v)": lambda v: GameRecord.of(STATE, v),
    "GameRecord.of(state, [], v)": lambda v: GameRecord.of(STATE, [], v),
    "record.extend": RECORD.extend,
    "GameRecord.from_dict": GameRecord.from_dict,
    "dumps(v)": lambda v: dumps(v),
    "dumps(indent=v)": lambda v: dumps(RECORD, indent=v),
    "loads": loads,
    "random_strategy": lambda v: random_strategy(v)(STATE),
    "derive_seed(v)": lambda v: derive_seed(v),
    "derive_seed(0, v)": lambda v: derive_seed(0, v),
    "play_round(v, s)": lambda v: play_round(v, random_strategy(1)),
    "play_round(state, v)": lambda v: play_round(STATE, v),
}


def _rules_with(name: str, value: Any) -> object:
    return Rules(**{name: value})


def _state_with(name: str, value: Any) -> object:
    return attrs.evolve(STATE, **{name: value})


def _record_with(key: str, value: Any) -> object:
    return GameRecord.from_dict({**RECORD_DICT, key: value}).replay()


for _field in attrs.fields(Rules):
    ENTRIES[f"Rules({_field.name}=v)"] = functools.partial(_rules_with, _field.name)
for _field in attrs.fields(State):
    ENTRIES[f"State({_field.name}=v)"] = functools.partial(_state_with, _field.name)
for _key in RECORD_DICT:
    ENTRIES[f"from_dict({_key}=v)"] = functools.partial(_record_with, _key)


class _Hang(Exception):
    pass


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    """Fail (rather than hang) if one call takes more than 20 seconds."""

    if not hasattr(signal, "setitimer"):  # pragma: no cover - not on Windows
        yield
        return

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise _Hang("the call did not return within 20 seconds")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, 20)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


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
