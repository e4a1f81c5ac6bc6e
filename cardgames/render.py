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

import unicodedata
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

import attrs

__all__ = [
    "SUIT_SYMBOLS",
    "Block",
    "MoveRow",
    "block_width",
    "boxed",
    "centred",
    "grid",
    "move_table",
    "number",
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


def number(value: Fraction | int) -> str:
    """A number as the library writes it: an int, or an exact fraction ``a/b``.

    >>> number(Fraction(26)), number(Fraction(77, 3)), number(-4)
    ('26', '77/3', '-4')
    """
    return str(value)


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
