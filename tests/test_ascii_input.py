"""Written forms are read in ASCII: no other character stands in for a letter or a digit.

Python's case mappings turn some other characters into ASCII letters (``'ſ'.upper()`` is
``'S'``, the Kelvin sign lowers to ``'k'``, ``'ﬁ'`` uppers to ``'FI'``, ``'ß'`` to ``'SS'``), a
regular expression with ``IGNORECASE`` matches them, and ``int`` reads Arabic-Indic,
Devanagari or full-width digits. Each parser of the library, given a text it reads with one
letter or digit replaced by such a twin, must refuse it with a
:class:`~cardgames.errors.NotationError`; before, ``'ſ'`` was read as ``S`` in bridge seats,
strains, contracts and PBN, in card names and in Chase the Tailor moves.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hang_guard import WALL_SECONDS

from cardgames import Card, CardSet, Deck, Rank, Suit, bridge, render, rules_text, tailor, tarot
from cardgames.errors import CardgamesError, NotationError
from cardgames.validation import ascii_lower, ascii_upper, is_ascii_digits


def _twins() -> dict[str, str]:
    """Each ASCII letter run (lower case) that a non-ASCII character case-maps to, with those
    characters: ``{'s': 'ſ', 'ss': 'ßẞ', 'k': 'K', ...}``."""
    found: dict[str, str] = {}
    for point in range(0x80, 0x30000):
        char = chr(point)
        for fold in (str.upper, str.lower, str.casefold):
            mapped = fold(char)
            if mapped.isascii() and mapped.isalpha() and char not in found.get(mapped.lower(), ""):
                found[mapped.lower()] = found.get(mapped.lower(), "") + char
    return found


TWINS = _twins()
# Digits int() reads as 0-9: Arabic-Indic, extended Arabic-Indic, Devanagari, full-width.
DIGIT_TWINS = {
    str(d): "".join(chr(base + d) for base in (0x660, 0x6F0, 0x966, 0xFF10)) for d in range(10)
}


def test_the_twins_are_the_known_ones() -> None:
    # If a new Python adds a case mapping, the list below grows with it.
    assert TWINS["s"] == "ſ" and TWINS["k"] == "\u212a" and TWINS["i"] == "ı"
    assert set(TWINS) >= {"ff", "fi", "fl", "ss", "st"}
    assert all(int(twin) == int(digit) for digit, twins in DIGIT_TWINS.items() for twin in twins)


def twin_texts(text: str, limit: int = 40) -> Iterator[str]:
    """``text`` with one letter run or digit replaced by a twin, at up to ``limit`` places
    (chosen the same way on every run)."""
    edits: list[str] = []
    lowered = text.lower()
    for start in range(len(text)):
        for run, twins in TWINS.items():
            if lowered.startswith(run, start) and text[start : start + len(run)].isascii():
                edits += [text[:start] + twin + text[start + len(run) :] for twin in twins]
        if text[start].isascii() and text[start].isdigit():
            edits += [text[:start] + twin + text[start + 1 :] for twin in DIGIT_TWINS[text[start]]]
    if len(edits) > limit:
        edits = random.Random(text).sample(edits, limit)
    yield from edits


def _tarot_line(rules: tarot.Rules, seed: int, moves: int) -> tarot.State:
    state = tarot.deal(rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _tailor_line(seed: int, moves: int) -> tailor.State:
    state = tailor.deal(tailor.Rules(players=3), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


TAROT = _tarot_line(tarot.Rules.french(players=4), 3, 30)
TAILOR = _tailor_line(4, 12)
BRIDGE = bridge.random_position(5, tricks_played=3, cards=1)

PARSERS: dict[str, tuple[Callable[[str], object], list[str]]] = {
    "Suit.parse": (Suit.parse, ["S", "h"]),
    "Rank.parse": (Rank.parse, ["K", "10", "j"]),
    "Card.parse": (Card.parse, ["AS", "ks", "X1", "TLR", "10H"]),
    "CardSet.parse": (CardSet.parse, ["AS KH 9C X2"]),
    "Deck.parse": (Deck.parse, ["AS KH 2D"]),
    "TarotCard.parse": (tarot.TarotCard.parse, ["KS", "21T", "EX", "1t"]),
    "TarotCardSet.parse": (tarot.TarotCardSet.parse, ["KS 21T EX 5C"]),
    "tarot.Move.parse": (tarot.Move.parse, ["KS", "EX", "19T"]),
    "tarot.Bid.parse": (tarot.Bid.parse, ["pass", "garde-sans", "prise"]),
    "tarot.Contract.parse": (tarot.Contract.parse, ["garde-sans", "prise"]),
    "tarot.Call.parse": (tarot.Call.parse, ["call-KS"]),
    "tarot.Announcement.parse": (tarot.Announcement.parse, ["slam", "no-slam"]),
    "tarot.Declaration.parse": (tarot.Declaration.parse, ["poignee-single"]),
    "tarot.Rules.parse": (tarot.Rules.parse, ["traditional-3", "simplified-4,magician_bonus=10"]),
    "tarot.Deal.parse": (tarot.Deal.parse, [str(TAROT.initial)]),
    "tarot.State.parse": (tarot.State.parse, [str(TAROT)]),
    "tarot.View.parse": (tarot.View.parse, [str(TAROT.view(1))]),
    "tailor.parse_move": (tailor.parse_move, ["draw", "pass", "QH", "X1 skip", "dump 7S 7H"]),
    "tailor.Call.parse": (tailor.Call.parse, ["call QS"]),
    "tailor.Rules.parse": (tailor.Rules.parse, ["players=3,chase_mode=yes", "max_turns=40"]),
    "tailor.State.parse": (tailor.State.parse, [str(TAILOR)]),
    "tailor.View.parse": (tailor.View.parse, [str(TAILOR.view(0))]),
    "tailor.parse_top": (tailor.parse_top, ["QH", "call QS"]),
    "bridge.Seat.parse": (bridge.Seat.parse, ["S", "n"]),
    "bridge.Strain.parse": (bridge.Strain.parse, ["S", "NT", "n"]),
    "bridge.Contract.parse": (bridge.Contract.parse, ["S by S", "NT by N, S leads"]),
    "bridge.parse_hand": (bridge.parse_hand, ["AKT4..Q2.9"]),
    "bridge.Deal.parse": (bridge.Deal.parse, [BRIDGE.deal.pbn(seat) for seat in bridge.Seat]),
    "bridge.State.parse": (bridge.State.parse, [str(BRIDGE)]),
    "bridge.View.parse": (bridge.View.parse, [str(bridge.view_of(BRIDGE, 2))]),
    "parse_bool": (rules_text.parse_bool, ["yes", "false"]),
    "parse_rule_int": (rules_text.parse_rule_int, ["12", "-3"]),
    "read_points": (render.read_points, ["13", "77/3"]),
    "tarot.loads": (tarot.loads, [tarot.dumps(TAROT)]),
    "tailor.loads": (tailor.loads, [tailor.dumps(TAILOR)]),
    "bridge.loads": (bridge.loads, [bridge.dumps(BRIDGE)]),
}


@pytest.mark.parametrize("name", list(PARSERS))
def test_no_other_character_stands_in_for_a_letter_or_a_digit(name: str) -> None:
    parse, texts = PARSERS[name]
    tried = 0
    for text in texts:
        assert parse(text) is not None  # the text itself reads
        for twin in twin_texts(text):
            tried += 1
            try:
                value = parse(twin)
            except NotationError:
                continue
            except CardgamesError as error:  # pragma: no cover - the failure looked for
                pytest.fail(f"{name}({twin!r}) raised {type(error).__name__}, not NotationError")
            pytest.fail(f"{name}({twin!r}) read {value!r}")
    assert tried


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (bridge.Seat.parse, "\u017f"),
        (bridge.Strain.parse, "\u017f"),
        (bridge.Contract.parse, "\u017f by n"),
        (bridge.Contract.parse, "NT by S, \u017f leads"),
        (bridge.Deal.parse, "\u017f:A... K... Q... J..."),
        (Card.parse, "A\u017f"),
        (tailor.parse_move, "A\u017f"),
    ],
)
def test_a_long_s_is_not_an_s(parse: Callable[[str], object], text: str) -> None:
    # Regression: each of these read 'ſ' (U+017F) as S.
    with pytest.raises(NotationError):
        parse(text)


def test_the_ascii_helpers() -> None:
    assert ascii_upper("nt by \u017f") == "NT BY \u017f"
    assert ascii_lower("GARDE \u212a") == "garde \u212a"
    assert [is_ascii_digits(text) for text in ("09", "\u0663", "\uff13", "1_0", " 3", "")] == [
        True,
        False,
        False,
        False,
        False,
        False,
    ]


def test_a_huge_number_of_points_is_refused_with_a_notation_error() -> None:
    # Regression: read_points of 5,000 digits raised Python's bare ValueError.
    with pytest.raises(NotationError, match="invalid points"):
        render.read_points("9" * 5_000)


SCRIPT = Path(sys.executable).with_name("cardgames")


@pytest.mark.parametrize(
    "argv", [["deal", "tarot", "--seed", "\u0663"], ["packs", "--seed", "1_0"]]
)
def test_the_command_line_reads_numbers_in_ascii_digits(argv: list[str]) -> None:
    done = subprocess.run(
        [str(SCRIPT), *argv], capture_output=True, text=True, timeout=WALL_SECONDS, check=False
    )
    assert done.returncode == 2, done.stdout
    assert "invalid int value" in done.stderr and "Traceback" not in done.stderr
