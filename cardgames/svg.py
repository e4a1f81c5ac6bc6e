"""SVG pictures of cards, hands and tricks, and the drawing kit behind each game's table picture.

Every function returns an :class:`SvgImage`: a ``str`` holding one ``<svg>`` document, which
Jupyter displays as a picture. Cards are small drawn faces: a rounded rectangle with the rank
(or trump number) and suit symbol in the corner, red for hearts and diamonds and black for
spades and clubs, and a large symbol in the middle. Tarot trumps show their number on a cream
face; the Excuse, the two Jokers and the Tailor each have a face of their own. Each card is a
``<g class="card">`` group with a ``data-card`` attribute holding its written form and a
``<title>`` holding its Unicode form, so that the pictures can be searched and tested.

The output depends only on the arguments: the same position always gives the same bytes.

This module knows no game: a Tarot card is drawn from what it shows (its suit and rank, or
its trump number, or that it is the Excuse), a trick from its seats and cards, and
:func:`table` asks the state for its picture (``state.to_svg()``), which each game draws in
its own ``render`` module with the layout helpers here (seat panels round a felt table,
fanned hands, captions).

>>> from cardgames.tarot import TarotCard
>>> image = card(TarotCard.parse('KH'))
>>> image.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'data-card="KH"' in image
(True, True)
>>> from cardgames.cardset import CardSet
>>> hand(CardSet.parse('AS QH X1 TLR')).count('class="card"')
4
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, TypeGuard, cast

import attrs

from cardgames import games
from cardgames.cards import Card
from cardgames.cardset import CardLike
from cardgames.errors import NotationError
from cardgames.render import SUIT_SYMBOLS
from cardgames.validation import check_int, quote

if TYPE_CHECKING:
    from cardgames.tarot.cards import TarotCard
    from cardgames.tarot.state import Trick

__all__ = [
    "DEFAULT_CARD_WIDTH",
    "DEFAULT_PER_ROW",
    "SvgImage",
    "card",
    "hand",
    "table",
    "trick",
]

DEFAULT_CARD_WIDTH: Final = 40
"""Default card width in pixels; a card is 1.4 times as high as it is wide."""
DEFAULT_PER_ROW: Final = 13
"""Default number of cards in a row of a hand."""
_MIN_WIDTH: Final = 16
_MAX_WIDTH: Final = 400
_MAX_PER_ROW: Final = 100
_RED: Final = "#c0392b"
_BLACK: Final = "#1b1b1b"
_FONT: Final = "DejaVu Sans, Arial, Helvetica, sans-serif"
_TEXT: Final = "#222222"


class SvgImage(str):
    """An SVG document; Jupyter shows it as a picture (through ``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


@attrs.frozen
class _Face:
    # What one card face shows.
    notation: str  # the written form, for data-card
    title: str  # the Unicode form, for <title>
    corner: str  # the rank, the trump number or a short name, top left
    suit: str  # the suit symbol under the corner text (empty for the special cards)
    centre: str  # the large symbol in the middle
    caption: str  # small text at the bottom (trump, Excuse, Joker, Tailor), or empty
    colour: str
    fill: str


def _num(value: float) -> str:
    # Coordinates with at most two decimals and no trailing zeros: the same everywhere.
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _standard_face(value: Card) -> _Face:
    title = value.to_unicode()
    if value.is_tailor:
        return _Face(str(value), title, "TLR", "", "✂", "Tailor", "#7e5109", "#fdf2e9")
    if value.is_joker:
        number = str(value)[-1]
        return _Face(str(value), title, f"J{number}", "", "★", "Joker", "#1e8449", "#eafaf1")
    suit, rank = value.suit, value.rank
    assert suit is not None and rank is not None
    colour = _RED if suit.is_red else _BLACK
    symbol = SUIT_SYMBOLS[suit]
    return _Face(str(value), title, rank.to_unicode(), symbol, symbol, "", colour, "#ffffff")


def _tarot_face(value: TarotCard) -> _Face:
    title = value.to_unicode()
    if value.is_excuse:
        return _Face("EX", title, "EX", "", "✶", "Excuse", "#6c3483", "#f4ecf7")
    if value.is_trump:
        number = str(value.trump_number)
        return _Face(str(value), title, number, "", number, "trump", "#1f3a93", "#fdf6d8")
    suit = value.suit
    assert suit is not None
    colour = _RED if suit.is_red else _BLACK
    symbol = SUIT_SYMBOLS[suit]
    return _Face(str(value), title, str(value.rank), symbol, symbol, "", colour, "#ffffff")


def _is_tarot_card(value: object) -> TypeGuard[TarotCard]:
    # A card of the 78-card Tarot pack, known by what it shows (this module imports no game).
    return not isinstance(value, type) and all(hasattr(value, name) for name in _TAROT_FACE)


_TAROT_FACE: Final = ("is_excuse", "is_trump", "trump_number", "suit", "rank", "to_unicode")


def _face(value: object) -> _Face:
    if isinstance(value, Card):
        return _standard_face(value)
    if _is_tarot_card(value):
        return _tarot_face(value)
    raise NotationError(
        f"invalid card {quote(value)}: expected a Card (55-card pack) or a TarotCard"
    )


def _card_width(value: object) -> int:
    return check_int(value, "card width", low=_MIN_WIDTH, high=_MAX_WIDTH)


def _height(width: int) -> float:
    return width * 1.4


def _card_group(
    face: _Face, x: float, y: float, width: int, highlight: bool = False, fanned: bool = False
) -> str:
    # One card face as a <g>, its top left corner at (x, y). A fanned card (one of a hand
    # whose cards overlap) keeps everything in its left part, which the next card leaves
    # showing: the corner, and the symbol smaller at the bottom left instead of the middle.
    w, h = width, _height(width)
    stroke, stroke_width = ("#d4ac0d", 3) if highlight else ("#555555", 1)
    corner = 0.3 if len(face.corner) <= 2 else 0.22
    parts = [
        f'<g class="card" data-card="{_esc(face.notation)}" '
        f'transform="translate({_num(x)},{_num(y)})">',
        f"<title>{_esc(face.title)}</title>",
        f'<rect width="{w}" height="{_num(h)}" rx="{_num(w * 0.12)}" fill="{face.fill}" '
        f'stroke="{stroke}" stroke-width="{stroke_width}"/>',
        f'<text x="{_num(w * 0.1)}" y="{_num(h * 0.2)}" font-size="{_num(w * corner)}" '
        f'font-weight="bold" fill="{face.colour}">{_esc(face.corner)}</text>',
    ]
    if face.suit:
        parts.append(
            f'<text x="{_num(w * 0.1)}" y="{_num(h * 0.38)}" font-size="{_num(w * 0.26)}" '
            f'fill="{face.colour}">{_esc(face.suit)}</text>'
        )
    if fanned:
        if face.centre != face.corner:
            size = 0.34 if len(face.centre) <= 1 else 0.24
            parts.append(
                f'<text x="{_num(w * 0.27)}" y="{_num(h * 0.82)}" font-size="{_num(w * size)}" '
                f'text-anchor="middle" fill="{face.colour}">{_esc(face.centre)}</text>'
            )
        parts.append("</g>")
        return "".join(parts)
    size = 0.5 if len(face.centre) <= 1 else 0.36
    parts.append(
        f'<text x="{_num(w * 0.55)}" y="{_num(h * 0.76)}" font-size="{_num(w * size)}" '
        f'text-anchor="middle" fill="{face.colour}">{_esc(face.centre)}</text>'
    )
    if face.caption:
        parts.append(
            f'<text x="{_num(w / 2)}" y="{_num(h * 0.94)}" font-size="{_num(w * 0.17)}" '
            f'text-anchor="middle" fill="{face.colour}">{_esc(face.caption)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _card_back(x: float, y: float, width: int, label: str) -> str:
    # A face-down card (the Chase the Tailor stock) with a count on it.
    w, h = width, _height(width)
    return (
        f'<g class="card-back" transform="translate({_num(x)},{_num(y)})">'
        f"<title>{_esc(label)}</title>"
        f'<rect width="{w}" height="{_num(h)}" rx="{_num(w * 0.12)}" fill="#2e4053" '
        'stroke="#555555" stroke-width="1"/>'
        f'<text x="{_num(w / 2)}" y="{_num(h * 0.58)}" font-size="{_num(w * 0.3)}" '
        f'text-anchor="middle" fill="#ffffff">{_esc(label.split()[0])}</text></g>'
    )


def _text(x: float, y: float, content: str, size: float, css: str, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text class="{css}" x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}"{weight} '
        f'fill="{_TEXT}">{_esc(content)}</text>'
    )


def _document(width: float, height: float, body: Sequence[str], css: str) -> SvgImage:
    # Only a size and a viewBox on the root, which every renderer reads alike: a CSS
    # "height:auto" there made CairoSVG (and other non-browser renderers) draw nothing. The
    # HTML the library hands to Jupyter scales the picture down instead (_in_html).
    w, h = _num(max(width, 1)), _num(max(height, 1))
    return SvgImage(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cardgames {css}" width="{w}" '
        f'height="{h}" viewBox="0 0 {w} {h}" font-family="{_FONT}">' + "".join(body) + "</svg>"
    )


def _in_html(image: SvgImage) -> str:
    """``image`` for an HTML page (Jupyter's ``_repr_html_``): shrunk to the width of the
    page when it is wider, its height following, as only a browser reads CSS."""
    return image.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)


@attrs.frozen
class _Drawing:
    # Part of a picture: its SVG elements (drawn from the origin) and its size.
    body: tuple[str, ...]
    width: float
    height: float

    def moved(self, x: float, y: float) -> str:
        return f'<g transform="translate({_num(x)},{_num(y)})">' + "".join(self.body) + "</g>"


def _gap(width: int) -> float:
    return width * 0.15


def _row_drawing(faces: Sequence[_Face], width: int, per_row: int) -> _Drawing:
    # The faces laid out in rows of at most per_row cards; a dash when there are none.
    gap = _gap(width)
    step_x, step_y = width + gap, _height(width) + gap
    if not faces:
        return _Drawing((_text(0, width * 0.5, "-", width * 0.4, "empty"),), width, width * 0.6)
    body = tuple(
        _card_group(face, (i % per_row) * step_x, (i // per_row) * step_y, width)
        for i, face in enumerate(faces)
    )
    rows = (len(faces) + per_row - 1) // per_row
    columns = min(len(faces), per_row)
    return _Drawing(body, columns * step_x - gap, rows * step_y - gap)


def _faces(cards: Iterable[object]) -> list[_Face]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise NotationError(f"invalid cards {quote(cards)}: expected an iterable of cards")
    return [_face(value) for value in cards]


def card(value: Card | TarotCard, *, width: int = DEFAULT_CARD_WIDTH) -> SvgImage:
    """One card.

    :param value: a :class:`cardgames.cards.Card` or a :class:`cardgames.tarot.cards.TarotCard`.
    :param width: the card's width in pixels, an int from 16 to 400.
    :raises NotationError: if ``value`` is not a card.
    :raises RulesError: if ``width`` is out of range.

    >>> from cardgames.tarot import trump
    >>> '>21<' in card(trump(21))
    True
    """
    width = _card_width(width)
    face = _face(value)
    return _document(width, _height(width), (_card_group(face, 0, 0, width),), "card")


def hand(
    cards: Iterable[CardLike],
    *,
    width: int = DEFAULT_CARD_WIDTH,
    per_row: int = DEFAULT_PER_ROW,
) -> SvgImage:
    """Cards side by side, in the order given (a card set gives the library's card order),
    ``per_row`` to a row.

    :param cards: a card set or any iterable of cards (:class:`cardgames.cards.Card` or
        :class:`cardgames.tarot.cards.TarotCard`, even mixed).
    :param width: each card's width in pixels, an int from 16 to 400.
    :param per_row: cards in a row, an int from 1 to 100.
    :raises NotationError: if ``cards`` holds something other than cards.
    :raises RulesError: if ``width`` or ``per_row`` is out of range.

    >>> from cardgames.tarot import TarotCardSet
    >>> image = hand(TarotCardSet.parse('KS 10H 21T EX'), per_row=2)
    >>> image.count('class="card"'), 'height="' + str(2 * 56 + 6) + '"' in image
    (4, True)
    """
    width = _card_width(width)
    per_row = check_int(per_row, "cards per row", low=1, high=_MAX_PER_ROW)
    drawing = _row_drawing(_faces(cards), width, per_row)
    return _document(drawing.width, drawing.height, drawing.body, "hand")


def _trick_drawing(value: Trick, width: int, title: str) -> _Drawing:
    # A trick: a title, then each card with its seat under it, the winner's card outlined.
    gap = _gap(width)
    label = width * 0.3
    top = label * 1.4
    body = [_text(0, label, title, label, "trick-title", bold=True)]
    for i, (seat, value_card) in enumerate(zip(value.players, value.cards, strict=True)):
        x = i * (width + gap)
        won = seat == value.winner
        body.append(_card_group(_face(value_card), x, top, width, highlight=won))
        name = f"seat {seat}" + (" wins" if won else "")
        body.append(_text(x, top + _height(width) + label * 1.1, name, label * 0.85, "seat-label"))
    if not value.cards:
        body.append(_text(0, top + label, f"seat {value.leader} to lead", label, "seat-label"))
    count = max(len(value.cards), 1)
    size = (count * (width + gap) - gap, top + _height(width) + label * 1.5)
    wide = max(size[0], len(title) * label * 0.6)
    return _Drawing(tuple(body), wide, size[1])


_TRICK_FIELDS: Final = ("leader", "cards", "players", "winner")


def _check_trick(value: object) -> Trick:
    # A trick, known by its fields (this module imports no game): a cardgames.tarot.Trick.
    if isinstance(value, type) or not all(hasattr(value, name) for name in _TRICK_FIELDS):
        raise NotationError(f"invalid trick {quote(value)}: expected a cardgames.tarot.Trick")
    return cast("Trick", value)


def trick(value: Trick, *, width: int = DEFAULT_CARD_WIDTH) -> SvgImage:
    """A Tarot trick: its cards in the order played, each labelled with its seat; the winning
    card outlined once the trick is complete.

    :param value: a :class:`cardgames.tarot.moves.Trick`.
    :param width: each card's width in pixels, an int from 16 to 400.
    :raises NotationError: if ``value`` is not a trick.
    :raises RulesError: if ``width`` is out of range.

    >>> from cardgames.tarot import TarotCard, Trick
    >>> cards = tuple(map(TarotCard.parse, ['KH', '3H', '21T']))
    >>> image = trick(Trick(leader=1, cards=cards, players=(1, 2, 0), winner=0))
    >>> image.count('class="card"'), 'seat 0 wins' in image
    (3, True)
    """
    value = _check_trick(value)
    width = _card_width(width)
    drawing = _trick_drawing(value, width, f"Trick led by seat {value.leader}")
    return _document(drawing.width, drawing.height, drawing.body, "trick")


def _column(parts: Sequence[_Drawing], width: int) -> _Drawing:
    # The drawings one under another, with a margin round the whole.
    margin = width * 0.25
    gap = width * 0.35
    body = []
    y = margin
    for part in parts:
        body.append(part.moved(margin, y))
        y += part.height + gap
    total = max((part.width for part in parts), default=0) + 2 * margin
    return _Drawing(tuple(body), total, y - gap + margin)


# -- the table: seats round a centre --------------------------------------------------------

_FAN_STEP: Final = 0.55
"""How much of a card shows under the next card of its row, in card widths."""
_ROW_STEP: Final = 0.5
"""How much of a card shows above the row in front of it, in card heights."""
_FELT: Final = "#2f6f4f"
_ON_FELT: Final = "#ffffff"


def _text_width(text: str, size: float, bold: bool = False) -> float:
    # A generous guess at the width of a line of text: SVG has no way to measure it.
    return len(text) * size * (0.66 if bold else 0.6)


def _balanced_rows(count: int, per_row: int) -> list[int]:
    # Cards in each row: at most per_row a row, in as few rows as that allows, the rows
    # differing by at most one card (24 cards at 13 a row: 12 and 12, not 13 and 11).
    if count == 0:
        return []
    rows = -(-count // per_row)
    base, extra = divmod(count, rows)
    return [base + 1 if row < extra else base for row in range(rows)]


def _fan_drawing(faces: Sequence[_Face], width: int, per_row: int) -> _Drawing:
    # The faces overlapping left to right with each card's corner showing, in balanced rows,
    # each row centred and partly covering the one above; a dash when there are none.
    if not faces:
        return _Drawing(
            (_text(0, width * 0.5, "-", width * 0.4, "empty"),), width * 0.4, width * 0.6
        )
    step_x = width * _FAN_STEP
    step_y = _height(width) * _ROW_STEP
    rows = _balanced_rows(len(faces), per_row)
    widest = (max(rows) - 1) * step_x + width
    body = []
    index = 0
    for row, count in enumerate(rows):
        offset = (widest - (count - 1) * step_x - width) / 2
        for column in range(count):
            x = offset + column * step_x
            body.append(_card_group(faces[index], x, row * step_y, width, fanned=True))
            index += 1
    return _Drawing(tuple(body), widest, (len(rows) - 1) * step_y + _height(width))


def _seat_panel(
    seat: int,
    notes: Sequence[str],
    stats: str,
    faces: Sequence[_Face],
    width: int,
    per_row: int,
    to_move: bool,
) -> _Drawing:
    # One seat: its label (number, dealer, to move...), a line of what it has won, and its
    # hand fanned, on a panel outlined in gold while the seat is to move.
    label = width * 0.3
    pad = width * 0.2
    title = f"Seat {seat}" + (f": {', '.join(notes)}" if notes else "")
    cards = _fan_drawing(faces, width, per_row)
    inner = max(cards.width, _text_width(title, label, bold=True), _text_width(stats, label))
    top = pad + label * 2.7
    size = (inner + 2 * pad, top + cards.height + pad)
    fill, stroke, stroke_width = ("#fff4cc", "#d4ac0d", 3) if to_move else ("#f4f6f7", "#99a3a4", 1)
    body = (
        f'<g class="seat" data-seat="{seat}"' + (' data-to-move="true">' if to_move else ">"),
        f'<rect class="seat-box" width="{_num(size[0])}" height="{_num(size[1])}" '
        f'rx="{_num(pad)}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"/>',
        _text(pad, pad + label, title, label, "seat-label", bold=True),
        _text(pad, pad + label * 2.2, stats, label, "seat-stats"),
        cards.moved(pad + (inner - cards.width) / 2, top),
        "</g>",
    )
    return _Drawing(body, size[0], size[1])


def _seat_angles(players: int) -> tuple[float, ...]:
    # Where each seat sits round the table, as an angle in the picture's coordinates (x = cos,
    # y = sin, y pointing down): seat 0 at the bottom, the others following it clockwise as
    # seen from above (the text pictures' order), evenly spaced.
    return tuple(math.pi / 2 + 2 * math.pi * seat / players for seat in range(players))


def _ray(angle: float, half_width: float, half_height: float) -> tuple[float, float]:
    # Where the ray from the origin at ``angle`` leaves the rectangle of the given half sizes.
    x, y = math.cos(angle), math.sin(angle)
    across = half_width / abs(x) if abs(x) > 1e-9 else math.inf
    down = half_height / abs(y) if abs(y) > 1e-9 else math.inf
    reach = min(across, down)
    return reach * x, reach * y


def _clear(
    a: tuple[float, float],
    b: tuple[float, float],
    size_a: tuple[float, float],
    size_b: tuple[float, float],
    gap: float,
) -> bool:
    # Whether two boxes centred at a and b keep at least ``gap`` apart in x or in y.
    return (
        abs(a[0] - b[0]) >= (size_a[0] + size_b[0]) / 2 + gap
        or abs(a[1] - b[1]) >= (size_a[1] + size_b[1]) / 2 + gap
    )


def _around(
    sizes: Sequence[tuple[float, float]], hole: tuple[float, float], gap: float
) -> list[tuple[float, float]]:
    # A centre for each box, seat by seat on the ray from the origin at the seat's angle:
    # where the ray leaves a rectangle wide and high enough that every box clears the hole (a
    # box of size ``hole`` at the origin) and the other boxes. Of the rectangles grown from
    # the smallest in steps of 5% across and down, the one whose picture is smallest.
    angles = _seat_angles(len(sizes))
    base_width = hole[0] / 2 + gap + max(w for w, _ in sizes) / 2
    base_height = hole[1] / 2 + gap + max(h for _, h in sizes) / 2
    best: tuple[float, list[tuple[float, float]]] | None = None
    for across in range(_GROWTH_STEPS):
        for down in range(_GROWTH_STEPS):
            half_width = base_width * 1.05**across
            half_height = base_height * 1.05**down
            points = [_ray(angle, half_width, half_height) for angle in angles]
            if all(
                _clear(points[i], points[j], sizes[i], sizes[j], gap)
                for i in range(len(points))
                for j in range(i)
            ):
                area = _extent(points, sizes, hole)
                if best is None or area < best[0]:
                    best = (area, points)
                break  # higher rectangles of this width are only larger
    if best is None:  # never for a table's sizes; boxes far apart rather than overlapping
        scale = 1.05**_GROWTH_STEPS * len(sizes)
        return [_ray(angle, base_width * scale, base_height * scale) for angle in angles]
    return best[1]


_GROWTH_STEPS: Final = 48


def _extent(
    points: Sequence[tuple[float, float]],
    sizes: Sequence[tuple[float, float]],
    hole: tuple[float, float],
) -> float:
    # The area of the smallest rectangle holding the hole and every box.
    left = min([-hole[0] / 2] + [x - w / 2 for (x, _), (w, _) in zip(points, sizes, strict=True)])
    right = max([hole[0] / 2] + [x + w / 2 for (x, _), (w, _) in zip(points, sizes, strict=True)])
    top = min([-hole[1] / 2] + [y - h / 2 for (_, y), (_, h) in zip(points, sizes, strict=True)])
    bottom = max([hole[1] / 2] + [y + h / 2 for (_, y), (_, h) in zip(points, sizes, strict=True)])
    return (right - left) * (bottom - top)


def _round_table(panels: Sequence[_Drawing], centre: _Drawing, width: int) -> _Drawing:
    # The seats' panels round a felt table with ``centre`` (the trick, the pile) in its middle.
    gap = width * 0.4
    pad = width * 0.35
    felt = (centre.width + 2 * pad, centre.height + 2 * pad)
    sizes = [(panel.width, panel.height) for panel in panels]
    points = _around(sizes, felt, gap)
    boxes = [
        (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        for (x, y), (w, h) in zip(points, sizes, strict=True)
    ]
    boxes.append((-felt[0] / 2, -felt[1] / 2, felt[0] / 2, felt[1] / 2))
    left = min(box[0] for box in boxes)
    top = min(box[1] for box in boxes)
    right = max(box[2] for box in boxes)
    bottom = max(box[3] for box in boxes)
    body = [
        f'<rect class="table-felt" x="{_num(-felt[0] / 2 - left)}" y="{_num(-felt[1] / 2 - top)}" '
        f'width="{_num(felt[0])}" height="{_num(felt[1])}" rx="{_num(min(felt) * 0.3)}" '
        f'fill="{_FELT}" stroke="#1e4d36" stroke-width="2"/>',
        centre.moved(-centre.width / 2 - left, -centre.height / 2 - top),
    ]
    body.extend(
        panel.moved(x - panel.width / 2 - left, y - panel.height / 2 - top)
        for panel, (x, y) in zip(panels, points, strict=True)
    )
    return _Drawing(tuple(body), right - left, bottom - top)


def _felt_text(x: float, y: float, content: str, size: float, css: str, bold: bool = False) -> str:
    # Text on the table, centred on x.
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text class="{css}" x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}"{weight} '
        f'text-anchor="middle" fill="{_ON_FELT}">{_esc(content)}</text>'
    )


def _lines_on_felt(lines: Sequence[str], width: int, css: str) -> _Drawing:
    # Lines of text for the middle of the table, the first in bold.
    size = width * 0.3
    step = size * 1.35
    wide = max((_text_width(line, size, bold=True) for line in lines), default=size)
    body = [f'<g class="{css}">']
    body.extend(
        _felt_text(wide / 2, size + step * n, line, size, f"{css}-line", bold=n == 0)
        for n, line in enumerate(lines)
    )
    body.append("</g>")
    return _Drawing(tuple(body), wide, step * len(lines))


def table(
    state: object,
    *,
    width: int = DEFAULT_CARD_WIDTH,
    per_row: int = DEFAULT_PER_ROW,
) -> SvgImage:
    """A whole position seen from above: a heading, then the seats round a table, seat 0 at
    the bottom and the others clockwise from it (as in the text pictures), with the middle of
    the table between them.

    Each seat is a panel: its label (the seat number; the dealer, the taker and partner under
    French rules, the seat to move, whose panel is also outlined in gold), a line of what it
    has so far, and its hand fanned in the order of the text pictures (``to_unicode()``), in
    as few rows as ``per_row`` allows with the rows balanced (a 24-card hand at 13 a row is
    two rows of 12). For Tarot the line gives the tricks and card points won so far (partners
    share their side's points; the dealer's include the discard); for Chase the Tailor the
    number of cards and the score if the round stopped now.

    The middle of a Tarot table holds the trick in progress, each card pushed toward the seat
    that played it and labelled with it (before the trick's first card, and once the deal is
    over, the trick just won, its winner outlined); the discard while it is made; under
    French rules what the auction waits for before the play, and the dog once it has been
    shown. A French position also has the lines of
    :func:`cardgames.tarot.render.contract_lines` under the heading (bids, contract and taker,
    called card and partner, dog, discard, announcement, poignées) and, once the deal is
    over, the lines of its score under the table. The middle of a Chase the Tailor table
    holds the pile: its top card, the stock face down with its size, what the next card must
    follow, the direction of play, the chase in Chase Mode, a drawn card, passes in a row.

    :param state: the state of any game (a :class:`cardgames.tarot.state.State`, a
        :class:`cardgames.tailor.State`, a :class:`cardgames.bridge.state.State`...): the
        picture is the state's own ``to_svg()``, or its game's
        :meth:`~cardgames.games.GameDescriptor.state_svg`.
    :param width: each card's width in pixels, an int from 16 to 400.
    :param per_row: cards in a row of a hand, an int from 1 to 100.
    :raises NotationError: if ``state`` is not the state of a game.
    :raises RulesError: if ``width`` or ``per_row`` is out of range.

    >>> from cardgames import tarot
    >>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=1)
    >>> image = table(state)
    >>> image.count('class="card"'), image.count('class="seat"')
    (78, 3)

    The picture is the state's own ``to_svg()``, which each game draws in its ``render``
    module (:func:`cardgames.tarot.render.state_to_svg`,
    :func:`cardgames.tailor.render.state_to_svg`).
    """
    width = _card_width(width)
    per_row = _per_row(per_row)
    draw = None if isinstance(state, type) else getattr(state, "to_svg", None)
    if callable(draw):
        image = draw(width=width, per_row=per_row)
        assert isinstance(image, SvgImage)
        return image
    game = games.find(state)
    if game is None or not isinstance(state, game.state_type):
        raise NotationError(
            f"invalid state {quote(state)}: expected a game's State, such as a "
            "cardgames.tarot.State"
        )
    return SvgImage(game.state_svg(state))  # a game whose state draws no table of its own


def _per_row(value: object) -> int:
    return check_int(value, "cards per row", low=1, high=_MAX_PER_ROW)


def _table_picture(parts: Sequence[_Drawing], width: int) -> SvgImage:
    # A game's table picture: its parts (heading, captions, the round table) in a column.
    drawing = _column(parts, width)
    return _document(drawing.width, drawing.height, drawing.body, "table")


def _heading(text: str, width: int) -> _Drawing:
    size = width * 0.35
    return _Drawing(
        (_text(0, size, text, size, "heading", bold=True),),
        _text_width(text, size, bold=True),
        size * 1.3,
    )


def _caption(lines: Sequence[str], width: int, css: str) -> _Drawing:
    # Lines of text, one under another, in a group of class ``css``.
    size = width * 0.3
    step = size * 1.3
    body = [f'<g class="{css}">']
    body.extend(
        _text(0, size + step * n, line, size, f"{css}-line") for n, line in enumerate(lines)
    )
    body.append("</g>")
    longest = max((_text_width(line, size) for line in lines), default=0)
    return _Drawing(tuple(body), longest, step * len(lines))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _cards_on_felt(
    cards: Iterable[object], title: str, width: int, per_row: int, css: str, text: int = 0
) -> _Drawing:
    # A titled fan of cards for the middle of the table, in a group of class ``css``; the
    # title sized for cards ``text`` wide (the cards' own width by default).
    fan = _fan_drawing(_faces(cards), width, per_row)
    size = (text or width) * 0.3
    wide = max(fan.width, _text_width(title, size, bold=True))
    body = (
        f'<g class="{css}">',
        _felt_text(wide / 2, size, title, size, f"{css}-title", bold=True),
        fan.moved((wide - fan.width) / 2, size * 1.5),
        "</g>",
    )
    return _Drawing(body, wide, size * 1.5 + fan.height)


def _stack_on_felt(parts: Sequence[_Drawing], width: int) -> _Drawing:
    # Drawings one under another, each centred.
    wide = max(part.width for part in parts)
    gap = width * 0.3
    body = []
    y = 0.0
    for part in parts:
        body.append(part.moved((wide - part.width) / 2, y))
        y += part.height + gap
    return _Drawing(tuple(body), wide, y - gap)
