"""Text pictures that know no game: blocks of lines, boxes, columns, a table with one block per
seat, and the move table of an analysis.

A *block* is a tuple of lines. The functions here measure text in terminal columns (a wide
character such as the Joker's ``🃏`` counts two), pad blocks so that they line up, and never
leave a space at the end of a line. The game modules (:mod:`cardgames.tarot.render`,
:mod:`cardgames.tailor.render`) build their pictures from these pieces, and
:meth:`cardgames.search.results.Analysis.to_unicode` uses :func:`move_table`.

>>> print(render(boxed(["K♥ Q♥", "3♣"], title="Hand")))
┌ Hand ─┐
│ K♥ Q♥ │
│ 3♣    │
└───────┘
>>> print(render(side_by_side([("a", "b"), ("long",)], gap=1)))
a long
b
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

import attrs

from cardgames.errors import NotationError
from cardgames.validation import quote, strict_arguments

__all__ = [
    "SUIT_SYMBOLS",
    "Block",
    "MoveRow",
    "block_width",
    "boxed",
    "centred",
    "format_bounds",
    "format_points",
    "grid",
    "move_table",
    "number",
    "read_points",
    "render",
    "side_by_side",
    "stacked",
    "table_layout",
    "text_width",
]

SUIT_SYMBOLS: Final = "♠♥♦♣"
"""The suit symbols in the library's suit order: spades, hearts, diamonds, clubs."""

Block = tuple[str, ...]
"""A picture: its lines, top first, none ending in a space."""


def text_width(text: str) -> int:
    """How many terminal columns ``text`` takes: wide and full-width characters count two,
    combining marks and variation selectors none.

    >>> text_width("K♥"), text_width("🃏1"), text_width("")
    (2, 3, 0)
    """
    width = 0
    for char in text:
        if unicodedata.combining(char) or "\ufe00" <= char <= "\ufe0f" or char == "\u200d":
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _pad(text: str, width: int) -> str:
    return text + " " * (width - text_width(text))


def _block(lines: Iterable[str]) -> Block:
    return tuple(line.rstrip() for line in lines)


def block_width(lines: Sequence[str]) -> int:
    """The width of the widest line (0 for an empty block).

    >>> block_width(("ab", "🃏🃏"))
    4
    """
    return max((text_width(line) for line in lines), default=0)


def render(lines: Sequence[str]) -> str:
    """The block as one string: its lines joined by newlines, trailing spaces removed."""
    return "\n".join(line.rstrip() for line in lines)


def boxed(lines: Sequence[str], title: str | None = None) -> Block:
    """The lines inside a box drawn with box-drawing characters, the title (if any) set in the
    top edge; the box is widened to fit the title.

    >>> print(render(boxed(["x"])))
    ┌───┐
    │ x │
    └───┘
    """
    inner = block_width(lines)
    if title:
        inner = max(inner, text_width(title) + 1)
    top = "┌" + (f" {title} " if title else "")
    top += "─" * (inner + 3 - text_width(top)) + "┐"
    middle = [f"│ {_pad(line, inner)} │" for line in lines]
    return (top, *middle, "└" + "─" * (inner + 2) + "┘")


def side_by_side(blocks: Sequence[Sequence[str]], gap: int = 2, middle: bool = False) -> Block:
    """The blocks set next to each other, left to right, ``gap`` spaces apart; aligned at the
    top, or centred vertically when ``middle`` is true. Empty blocks are left out.

    >>> print(render(side_by_side([("1", "2", "3"), ("x",)], middle=True)))
    1
    2  x
    3
    """
    parts = [tuple(part) for part in blocks if part]
    height = max((len(part) for part in parts), default=0)
    columns = []
    for part in parts:
        above = (height - len(part)) // 2 if middle else 0
        width = block_width(part)
        lines = [""] * above + list(part) + [""] * (height - len(part) - above)
        columns.append([_pad(line, width) for line in lines])
    return _block((" " * gap).join(row) for row in zip(*columns, strict=True))


def centred(lines: Sequence[str], width: int) -> Block:
    """The block shifted right to sit in the middle of ``width`` columns (left-aligned lines
    keep their alignment with each other).

    >>> centred(("ab", "c"), 6)
    ('  ab', '  c')
    """
    shift = max(0, (width - block_width(lines)) // 2)
    return _block(" " * shift + line if line else "" for line in lines)


def stacked(blocks: Sequence[Sequence[str]], gap: int = 1, centre: bool = False) -> Block:
    """The blocks one above the other with ``gap`` blank lines between them, each centred in
    the widest when ``centre`` is true. Empty blocks are left out.

    >>> stacked([("a",), (), ("b",)])
    ('a', '', 'b')
    """
    parts = [tuple(part) for part in blocks if part]
    width = max((block_width(part) for part in parts), default=0)
    lines: list[str] = []
    for number, part in enumerate(parts):
        if number:
            lines.extend([""] * gap)
        lines.extend(centred(part, width) if centre else part)
    return _block(lines)


def table_layout(seats: Sequence[Sequence[str]], centre: Sequence[str] = ()) -> Block:
    """A table seen from above: one block per seat round a centre block (the trick, the pile).

    Seat 0 sits at the bottom and the seats follow each other clockwise: with four or more
    seats seat 1 is on the left, the last seat on the right and the others along the top,
    left to right; with two or three seats the others all sit along the top.

    >>> print(render(table_layout([("S0",), ("S1",), ("S2",), ("S3",)], ("mid",))))
            S2
    <BLANKLINE>
    S1    mid    S3
    <BLANKLINE>
           S0
    """
    blocks = [tuple(seat) for seat in seats]
    if not blocks:
        return tuple(centre)
    left: Block = ()
    right: Block = ()
    top = blocks[1:]
    if len(blocks) >= 4:
        left, right, top = blocks[1], blocks[-1], blocks[2:-1]
    middle = side_by_side([left, tuple(centre), right], gap=4, middle=True)
    return stacked([side_by_side(top, gap=4), middle, blocks[0]], centre=True)


def grid(rows: Sequence[Sequence[str]], gap: int = 2) -> Block:
    """Rows of cells in columns: the first column left-aligned, the others right-aligned.

    >>> print(render(grid([["seat", "0", "1"], ["points", "12", "7/2"]])))
    seat     0    1
    points  12  7/2
    """
    count = max((len(row) for row in rows), default=0)
    cells = [list(row) + [""] * (count - len(row)) for row in rows]
    widths = [max(text_width(row[column]) for row in cells) for column in range(count)]
    lines = []
    for row in cells:
        parts = [_pad(row[0], widths[0])] + [
            " " * (widths[column] - text_width(row[column])) + row[column]
            for column in range(1, count)
        ]
        lines.append((" " * gap).join(parts))
    return _block(lines)


_VULGAR: Final = {
    (1, 2): "½",
    (1, 3): "⅓",
    (2, 3): "⅔",
    (1, 4): "¼",
    (3, 4): "¾",
    (1, 5): "⅕",
    (2, 5): "⅖",
    (3, 5): "⅗",
    (4, 5): "⅘",
    (1, 6): "⅙",
    (5, 6): "⅚",
    (1, 8): "⅛",
    (3, 8): "⅜",
    (5, 8): "⅝",
    (7, 8): "⅞",
}
_VULGAR_VALUE: Final = {text: Fraction(*pair) for pair, text in _VULGAR.items()}
_SUPERSCRIPT: Final = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUBSCRIPT: Final = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_FROM_SCRIPT: Final = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉", "01234567890123456789")
# Numbers of at most 100 digits: Python refuses to read an int of more than 4,300.
_POINTS = re.compile(
    r"(?P<sign>[-−]?)(?P<whole>[0-9]{0,100})"
    r"(?:(?P<vulgar>[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])"
    r"|(?P<up>[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,100})⁄(?P<down>[₀₁₂₃₄₅₆₇₈₉]{1,100})"
    r"|/(?P<over>[0-9]{1,100}))?"
)


def format_points(value: Fraction | int) -> str:
    """A number as a person reads it: a whole number as an int (``-62``, never
    ``Fraction(-62, 1)``), any other as its whole part and a fraction sign (``13⅔``, ``-2½``,
    ``¾``): the thirds, halves and quarters that Tarot counts and Chase the Tailor's means
    produce, and fifths, sixths and eighths, have a sign of their own; other fractions are
    written with a fraction slash (``1⁵⁄₁₂``). :func:`read_points` reads every form back.

    This is for text that people read (pictures, tables, the command line's reports); the
    records and ``to_dict()`` keep writing exact ``a/b`` strings.

    >>> format_points(Fraction(41, 3)), format_points(Fraction(-62)), format_points(7)
    ('13⅔', '-62', '7')
    >>> [format_points(Fraction(n, d)) for n, d in ((-5, 2), (3, 4), (17, 12))]
    ['-2½', '¾', '1⁵⁄₁₂']

    :raises NotationError: if ``value`` is not an int or a :class:`fractions.Fraction`.
    """
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise NotationError(
            f"invalid points {quote(value)}: expected an int or a fractions.Fraction"
        )
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if not rest:
        return f"{sign}{whole}"
    part = _VULGAR.get((rest, value.denominator))
    if part is None:
        up = str(rest).translate(_SUPERSCRIPT)
        part = f"{up}⁄{str(value.denominator).translate(_SUBSCRIPT)}"
    return f"{sign}{whole or ''}{part}"


def read_points(text: str) -> Fraction:
    """The number :func:`format_points` wrote (``13⅔``, ``-2½``, ``1⁵⁄₁₂``); also reads plain
    ``a/b`` and whole numbers.

    >>> read_points('13⅔'), read_points('-¾'), read_points('77/3')
    (Fraction(41, 3), Fraction(-3, 4), Fraction(77, 3))

    :raises NotationError: for any other text.
    """
    match = _POINTS.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None or not (match["whole"] or match["vulgar"] or match["up"]):
        raise NotationError(
            f"invalid points {quote(text)}: expected a number such as 13, 13⅔, -2½ or 77/3"
        )
    whole = Fraction(int(match["whole"] or 0))
    if match["vulgar"]:
        whole += _VULGAR_VALUE[match["vulgar"]]
    elif match["up"]:
        down = int(match["down"].translate(_FROM_SCRIPT))
        if not down:
            raise NotationError(f"invalid points {quote(text)}: a fraction over 0")
        whole += Fraction(int(match["up"].translate(_FROM_SCRIPT)), down)
    elif match["over"]:
        if not match["whole"] or not int(match["over"]):
            raise NotationError(f"invalid points {quote(text)}: a fraction over 0")
        whole /= int(match["over"])
    return -whole if match["sign"] else whole


def format_bounds(lower: Fraction | int, upper: Fraction | int | None = None) -> str:
    """A value known only within bounds, as a person reads it: the number when the bounds
    meet, ``lower..upper`` when both are known, ``≥ lower`` when only the lower one is.

    >>> format_bounds(57, Fraction(57)), format_bounds(57, Fraction(77)), format_bounds(57)
    ('57', '57..77', '≥ 57')
    >>> format_bounds(Fraction(40, 3), Fraction(41, 3))
    '13⅓..13⅔'
    """
    if upper is None:
        return f"≥ {format_points(lower)}"
    if lower == upper:
        return format_points(lower)
    return f"{format_points(lower)}..{format_points(upper)}"


def number(value: Fraction | int) -> str:
    """A number as the library shows it to people: :func:`format_points` (an int, or a whole
    part and a fraction sign).

    >>> number(Fraction(26)), number(Fraction(77, 3)), number(-4)
    ('26', '25⅔', '-4')
    """
    return format_points(value)


@strict_arguments
@attrs.frozen
class MoveRow:
    """One line of a move table.

    :param move: the move as it should be shown.
    :param value: its value (or bounds) as text.
    :param best: whether it is a best move.
    """

    move: str
    value: str
    best: bool = False


def move_table(rows: Sequence[MoveRow], heading: str = "value") -> Block:
    """A table of moves and their values, values right-aligned, best moves marked ``best``.

    >>> print(render(move_table([MoveRow("K♥", "26", True), MoveRow("3♣", "14..20")])))
    move   value
    K♥        26  best
    3♣    14..20
    """
    cells = [["move", heading, ""]]
    cells.extend([row.move, row.value, "best" if row.best else ""] for row in rows)
    return grid(cells)
