"""SVG pictures of cards, hands, tricks and whole table positions, for both games.

Every function returns an :class:`SvgImage`: a ``str`` holding one ``<svg>`` document, which
Jupyter displays as a picture. Cards are small drawn faces: a rounded rectangle with the rank
(or trump number) and suit symbol in the corner, red for hearts and diamonds and black for
spades and clubs, and a large symbol in the middle. Tarot trumps show their number on a cream
face; the Excuse, the two Jokers and the Tailor each have a face of their own. Each card is a
``<g class="card">`` group with a ``data-card`` attribute holding its written form and a
``<title>`` holding its Unicode form, so that the pictures can be searched and tested.

The output depends only on the arguments: the same position always gives the same bytes.

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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from cardgames.cards import Card
from cardgames.cardset import CardLike
from cardgames.errors import NotationError
from cardgames.render import SUIT_SYMBOLS
from cardgames.validation import check_int, quote

if TYPE_CHECKING:
    from cardgames.tailor.state import State as TailorState
    from cardgames.tarot.cards import TarotCard
    from cardgames.tarot.state import State as TarotState
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


def _face(value: object) -> _Face:
    from cardgames.tarot.cards import TarotCard

    if isinstance(value, TarotCard):
        return _tarot_face(value)
    if isinstance(value, Card):
        return _standard_face(value)
    raise NotationError(
        f"invalid card {quote(value)}: expected a Card (55-card pack) or a TarotCard"
    )


def _card_width(value: object) -> int:
    return check_int(value, "card width", low=_MIN_WIDTH, high=_MAX_WIDTH)


def _height(width: int) -> float:
    return width * 1.4


def _card_group(face: _Face, x: float, y: float, width: int, highlight: bool = False) -> str:
    # One card face as a <g>, its top left corner at (x, y).
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
    w, h = _num(max(width, 1)), _num(max(height, 1))
    return SvgImage(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cardgames {css}" width="{w}" '
        f'height="{h}" viewBox="0 0 {w} {h}" font-family="{_FONT}">' + "".join(body) + "</svg>"
    )


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


def _check_trick(value: object) -> Trick:
    from cardgames.tarot.state import Trick

    if not isinstance(value, Trick):
        raise NotationError(f"invalid trick {quote(value)}: expected a cardgames.tarot.Trick")
    return value


def trick(value: Trick, *, width: int = DEFAULT_CARD_WIDTH) -> SvgImage:
    """A Tarot trick: its cards in the order played, each labelled with its seat; the winning
    card outlined once the trick is complete.

    :param value: a :class:`cardgames.tarot.state.Trick`.
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


def _seat_drawing(
    seat: int, notes: Sequence[str], faces: Sequence[_Face], width: int, per_row: int
) -> _Drawing:
    label = width * 0.3
    title = f"Seat {seat}" + (f": {', '.join(notes)}" if notes else "")
    cards = _row_drawing(faces, width, per_row)
    body = (
        f'<g class="seat" data-seat="{seat}">',
        _text(0, label, title, label, "seat-label", bold=True),
        cards.moved(0, label * 1.4),
        "</g>",
    )
    return _Drawing(body, max(cards.width, len(title) * label * 0.6), label * 1.4 + cards.height)


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


def table(
    state: TarotState | TailorState,
    *,
    width: int = DEFAULT_CARD_WIDTH,
    per_row: int = DEFAULT_PER_ROW,
) -> SvgImage:
    """A whole position: a heading, then every seat's hand (labelled with the seat, the dealer
    and the seat to move), then the trick in progress (Tarot; before its first card, and once
    the deal is over, the trick just won; the discard while the dealer discards) or the pile
    (Chase the Tailor: the card showing, what must be followed, the stock face down with its
    size, the direction of play and the chase).

    A French Tarot position (rules with ``bidding``, such as
    :meth:`~cardgames.tarot.rules.Rules.french`) also has a caption under the heading, the
    lines of :func:`cardgames.tarot.render.contract_lines` (bids, contract and taker, called
    card and partner, dog, discard, announcement, poignées), the taker and partner marked at
    their seats, nothing on the table before the play, and once the deal is over the lines of
    its score.

    :param state: a :class:`cardgames.tarot.state.State` or a :class:`cardgames.tailor.State`.
    :param width: each card's width in pixels, an int from 16 to 400.
    :param per_row: cards in a row of a hand, an int from 1 to 100.
    :raises NotationError: if ``state`` is neither.
    :raises RulesError: if ``width`` or ``per_row`` is out of range.

    >>> from cardgames import tarot
    >>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=1)
    >>> image = table(state)
    >>> image.count('class="card"'), image.count('class="seat"')
    (78, 3)
    """
    from cardgames.tailor.state import State as TailorState
    from cardgames.tarot.state import State as TarotState

    width = _card_width(width)
    per_row = check_int(per_row, "cards per row", low=1, high=_MAX_PER_ROW)
    if isinstance(state, TarotState):
        parts = _tarot_table(state, width, per_row)
    elif isinstance(state, TailorState):
        parts = _tailor_table(state, width, per_row)
    else:
        raise NotationError(
            f"invalid state {quote(state)}: expected a cardgames.tarot.State or a "
            "cardgames.tailor.State"
        )
    drawing = _column(parts, width)
    return _document(drawing.width, drawing.height, drawing.body, "table")


def _heading(text: str, width: int) -> _Drawing:
    size = width * 0.35
    return _Drawing(
        (_text(0, size, text, size, "heading", bold=True),), len(text) * size * 0.6, size * 1.3
    )


def _tarot_table(state: TarotState, width: int, per_row: int) -> list[_Drawing]:
    from cardgames.tarot.render import contract_lines
    from cardgames.tarot.render import state_heading as heading
    from cardgames.tarot.state import Phase

    parts = [_heading(heading(state), width)]
    french = state.rules.bidding
    if french:
        parts.append(_caption(contract_lines(state), width, "contract"))
    for seat, cards in enumerate(state.hands):
        notes = []
        if seat == state.dealer:
            notes.append("dealer")
        if french and seat == state.taker:
            notes.append("taker")
        if french and seat == state.partner:
            notes.append("partner")
        if seat == state.to_move and not state.is_over:
            notes.append("to move")
        parts.append(_seat_drawing(seat, notes, _faces(cards), width, per_row))
    score = state.score() if french else None
    if state.phase in (Phase.BIDDING, Phase.CALL, Phase.ANNOUNCE) or (french and state.is_void):
        # French phases before the play: the centre of the table is the bidding's, written
        # in the caption; nothing is on the table yet.
        pass
    elif state.phase is Phase.DISCARD:
        discard = _row_drawing(_faces(state.discard), width, per_row)
        title = f"Discard ({state.discard_remaining} more to discard)"
        label = width * 0.3
        body = (
            f'<g class="discard">{_text(0, label, title, label, "trick-title", bold=True)}',
            discard.moved(0, label * 1.4),
            "</g>",
        )
        parts.append(_Drawing(body, discard.width, label * 1.4 + discard.height))
    elif state.trick.cards or not state.tricks:
        title = f"Trick {len(state.tricks) + 1}, led by seat {state.trick.leader}"
        parts.append(_trick_drawing(state.trick, width, title))
    else:
        last = state.tricks[-1]
        title = f"Trick {len(state.tricks)}, led by seat {last.leader}"
        parts.append(_trick_drawing(last, width, title))
    if score is not None:
        parts.append(_caption(tuple(score.to_unicode().splitlines()), width, "score"))
    return parts


def _caption(lines: Sequence[str], width: int, css: str) -> _Drawing:
    # Lines of text, one under another, in a group of class ``css``.
    size = width * 0.3
    step = size * 1.3
    body = [f'<g class="{css}">']
    body.extend(
        _text(0, size + step * n, line, size, f"{css}-line") for n, line in enumerate(lines)
    )
    body.append("</g>")
    longest = max((len(line) for line in lines), default=0)
    return _Drawing(tuple(body), longest * size * 0.6, step * len(lines))


def _tailor_table(state: TailorState, width: int, per_row: int) -> list[_Drawing]:
    from cardgames.tailor.render import state_heading as heading
    from cardgames.tailor.render import top_to_unicode

    parts = [_heading(heading(state), width)]
    for seat, cards in enumerate(state.hands):
        notes = [f"{len(cards)} card{'s' if len(cards) != 1 else ''}"]
        if seat == state.to_move and not state.is_over:
            notes.append("to move")
        parts.append(_seat_drawing(seat, notes, _faces(cards), width, per_row))
    label = width * 0.3
    gap = _gap(width)
    top = label * 1.4
    body = [
        '<g class="pile">',
        _text(0, label, f"Pile ({len(state.pile)} cards)", label, "pile-title", bold=True),
        _card_group(_face(state.top_card), 0, top, width),
        _card_back(width + 2 * gap, top, width, f"{len(state.stock)} in the stock"),
    ]
    facts = [
        f"follow: {top_to_unicode(state.top)}",
        f"stock: {len(state.stock)} cards",
        "direction: " + ("clockwise" if state.direction == 1 else "anticlockwise"),
    ]
    if state.rules.chase_mode:
        facts.append("chase: " + ("on" if state.chase_active else "off"))
    if state.drawn is not None:
        facts.append(f"drawn: {state.drawn.to_unicode()}")
    text_x = 2 * width + 4 * gap
    for line, fact in enumerate(facts):
        body.append(_text(text_x, top + label * (1 + 1.3 * line), fact, label, "pile-fact"))
    body.append("</g>")
    longest = max(len(fact) for fact in facts) * label * 0.6
    height = top + max(_height(width), label * 1.3 * len(facts))
    parts.append(_Drawing(tuple(body), text_x + longest, height))
    return parts
