"""Text and HTML pictures of Chase the Tailor hands, moves, positions and analyses.

Cards are shown with their suit symbols (``Q♥``, ``10♠``); the Jokers are ``🃏1`` and ``🃏2``
and the Tailor ``✂``. ``str()`` of a state stays its notation; these functions are the
pictures behind its ``to_unicode()``.

>>> from cardgames.cardset import CardSet
>>> hand_to_unicode(CardSet.parse('QH TS X1 TLR'))
'10♠ Q♥ 🃏1 ✂'
"""

from __future__ import annotations

import html
from typing import Final

from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import NotationError
from cardgames.render import Block, boxed, format_points, grid, render, stacked, table_layout
from cardgames.search.results import Analysis
from cardgames.svg import (
    _ON_FELT,
    DEFAULT_CARD_WIDTH,
    DEFAULT_PER_ROW,
    SvgImage,
    _card_back,
    _card_group,
    _card_width,
    _Drawing,
    _esc,
    _face,
    _faces,
    _gap,
    _heading,
    _height,
    _in_html,
    _num,
    _per_row,
    _plural,
    _round_table,
    _seat_panel,
    _table_picture,
    _text_width,
)
from cardgames.tailor.moves import Move
from cardgames.tailor.rules import Call
from cardgames.tailor.state import State
from cardgames.validation import quote

__all__ = [
    "CARDS_PER_LINE",
    "NOTATION_LEGEND",
    "analysis_to_unicode",
    "card_to_unicode",
    "hand_lines",
    "hand_to_unicode",
    "move_to_unicode",
    "state_heading",
    "state_to_html",
    "state_to_svg",
    "state_to_unicode",
    "top_to_unicode",
    "values_legend",
]

NOTATION_LEGEND: Final = (
    "Cards: A, 2-10, J, Q, K; 🃏1 🃏2 Jokers; ✂ Tailor (✂ Q♥>2: calls Q♥, seat 2 picks up)."
)
"""One line that explains how these pictures write the Chase the Tailor cards and moves."""

CARDS_PER_LINE: Final = 10
"""A hand longer than this is shown over several lines."""


def card_to_unicode(card: Card) -> str:
    """A card as these pictures show it.

    >>> from cardgames.cards import TAILOR
    >>> card_to_unicode(Card.parse('TH')), card_to_unicode(TAILOR)
    ('10♥', '✂')

    :raises NotationError: if ``card`` is not a :class:`cardgames.cards.Card`.
    """
    if not isinstance(card, Card):
        raise NotationError(f"invalid card {quote(card)}: expected a Card of the 55-card pack")
    return card.to_unicode()


def hand_lines(hand: CardSet) -> Block:
    """A hand in the library's card order, :data:`CARDS_PER_LINE` cards a line (``-`` when
    empty).

    :raises NotationError: if ``hand`` is not a :class:`cardgames.cardset.CardSet`.
    """
    if not isinstance(hand, CardSet):
        raise NotationError(f"invalid Chase the Tailor hand {quote(hand)}: expected a CardSet")
    cards = [card.to_unicode() for card in hand]
    if not cards:
        return ("-",)
    return tuple(
        " ".join(cards[start : start + CARDS_PER_LINE])
        for start in range(0, len(cards), CARDS_PER_LINE)
    )


def hand_to_unicode(hand: CardSet) -> str:
    """:func:`hand_lines` as one string."""
    return render(hand_lines(hand))


def top_to_unicode(top: Card | Call | None) -> str:
    """What the next card must follow: a card, a call made with the Tailor, or anything.

    >>> from cardgames.tailor import Call
    >>> [top_to_unicode(top) for top in (Card.parse('7D'), Call.parse('call QH'), None)]
    ['7♦', 'call Q♥', 'anything']

    :raises NotationError: for anything else.
    """

    if top is None:
        return "anything"
    if isinstance(top, Call):
        return f"call {top.card.to_unicode()}"
    return card_to_unicode(top)


def move_to_unicode(move: Move) -> str:
    """A move, as its notation with the cards in Unicode.

    >>> from cardgames.tailor import parse_move
    >>> [move_to_unicode(parse_move(text)) for text in ['QH', 'dump 7S 7H', 'TLR QH>2']]
    ['Q♥', 'dump 7♠ 7♥', '✂ Q♥>2']
    >>> move_to_unicode(parse_move('X1 skip')), move_to_unicode(parse_move('draw'))
    ('🃏1 skip', 'draw')

    :raises NotationError: if ``move`` is not a Chase the Tailor move.
    """
    from cardgames.tailor.moves import Draw, Dump, Pass, Play, PlayJoker, PlayTailor

    if isinstance(move, Play):
        return move.card.to_unicode()
    if isinstance(move, Dump):
        return "dump " + " ".join(card.to_unicode() for card in move.cards)
    if isinstance(move, PlayTailor):
        return f"✂ {move.call.card.to_unicode()}>{move.victim}"
    if isinstance(move, PlayJoker):
        return f"{move.card.to_unicode()} {move.effect}"
    if isinstance(move, Draw | Pass):
        return str(move)
    raise NotationError(f"invalid Chase the Tailor move {quote(move)}: expected a tailor.Move")


def _check_state(state: object) -> State:

    if not isinstance(state, State):
        raise NotationError(
            f"invalid Chase the Tailor state {quote(state)}: expected a tailor.State"
        )
    return state


def state_heading(state: State) -> str:
    """The first line of :func:`state_to_unicode`: the rules, where the play stands and who is to
    move."""
    if state.winner is not None:
        where = f"round over, seat {state.winner} went out"
    elif state.is_stalemate:
        where = "round over, stalemate"
    else:
        where = f"seat {state.to_move} to move"
    return f"Chase the Tailor {state.rules}: turn {state.turns + 1}, {where}"


def _seat_block(state: State, seat: int) -> Block:
    hand = state.hands[seat]
    size = len(hand)
    title = f"Seat {seat} ({size} card{'s' if size != 1 else ''})"
    if seat == state.to_move and not state.is_over:
        title += ": to move"
    return (title, *hand_lines(hand))


def _centre(state: State) -> Block:
    lines = [
        f"top: {state.top_card.to_unicode()} of {len(state.pile)}",
        f"follow: {top_to_unicode(state.top)}",
        f"stock: {len(state.stock)}",
        "direction: " + ("clockwise" if state.direction == 1 else "anticlockwise"),
    ]
    if state.rules.chase_mode:
        lines.append("chase: " + ("on" if state.chase_active else "off"))
    if state.drawn is not None:
        lines.append(f"drawn: {state.drawn.to_unicode()}")
    if state.passes:
        lines.append(f"passes: {state.passes}")
    return boxed(lines, title="Pile")


def state_to_unicode(state: State) -> str:
    """A position as text: a heading (rules, turn, who is to move or how the round ended),
    every hand round the table (seat 0 at the bottom, seats numbered clockwise, each with its
    size), the pile in the middle (the card showing and how many cards the pile holds, what
    the next card must follow, the stock's size, the direction of play, the chase in Chase
    Mode, a drawn card waiting to be played, passes in a row), then each seat's score if the
    round stopped now.

    >>> from cardgames import tailor
    >>> print(state_to_unicode(tailor.random_position(tailor.Rules(players=3), seed=1)))
    Chase the Tailor players=3: turn 12, seat 1 to move
    <BLANKLINE>
    Seat 1 (4 cards): to move    Seat 2 (3 cards)
    4♠ Q♠ 7♥ 10♥                 6♠ K♥ 8♦
    <BLANKLINE>
            ┌ Pile ────────────────────┐
            │ top: 3♠ of 12            │
            │ follow: 3♠               │
            │ stock: 30                │
            │ direction: anticlockwise │
            └──────────────────────────┘
    <BLANKLINE>
                  Seat 0 (6 cards)
                  K♠ 6♥ A♦ 7♦ K♦ A♣
    <BLANKLINE>
    seat     0    1    2
    score  -35  -31  -24

    :raises NotationError: if ``state`` is not a :class:`cardgames.tailor.State`.
    """
    state = _check_state(state)
    seats = [_seat_block(state, seat) for seat in range(state.rules.players)]
    picture = table_layout(seats, _centre(state))
    players = range(state.rules.players)
    scores = grid([["seat", *map(str, players)], ["score", *map(format_points, state.payoffs())]])
    return render(stacked([(state_heading(state),), picture, scores]))


def analysis_to_unicode(analysis: Analysis[Move]) -> str:
    """An analysis of a Chase the Tailor position as text (see
    :meth:`cardgames.search.results.Analysis.to_unicode`), moves in Unicode.

    >>> from cardgames import solver, tailor
    >>> state = tailor.random_position(tailor.Rules(players=3), seed=1)
    >>> print(analysis_to_unicode(solver.analyse(state)))
    Seat 1 to move; values for seat 1.
    Objective: the perspective's payoff minus the mean payoff of the other seats
      (0 for the seat that went out, minus the hand value otherwise); every other
      seat plays to minimise it (paranoid); a round still running at the horizon
      is scored on its provisional payoffs.
    move  value
    4♠     -12½
    Q♠      -6½  best
    Value: -6½ (estimate: search cut at a horizon of 6 turns)
    Best line: Q♠ dump K♠ K♦ 8♦ 7♥ 6♥ K♥
    """
    return analysis.to_unicode(move_to_unicode)


def values_legend(analysis: Analysis[Move]) -> str:
    """One line that says what the values of an analysis are.

    >>> from cardgames import solver, tailor
    >>> state = tailor.random_position(tailor.Rules(players=3), seed=1)
    >>> print(values_legend(solver.analyse(state)))
    Values: seat 1's payoff minus the mean payoff of the others (a payoff is 0 for the seat
    that goes out, minus its hand's value otherwise); higher is better.
    """
    return (
        f"Values: seat {analysis.perspective}'s payoff minus the mean payoff of the others (a "
        "payoff is 0 for the seat that goes out, minus its hand's value otherwise); higher is "
        "better."
    )


def state_to_html(state: State) -> str:
    """A position as HTML for Jupyter: the SVG picture of :func:`cardgames.svg.table` in a
    ``div`` whose title is the position's notation (the whole is well-formed XML).

    :raises NotationError: if ``state`` is not a :class:`cardgames.tailor.State`.
    """
    state = _check_state(state)
    return (
        f'<div class="cardgames-tailor-state" title="{html.escape(str(state))}">'
        f"{_in_html(state_to_svg(state))}</div>"
    )


# -- the SVG table ----------------------------------------------------------------------------


def state_to_svg(
    state: State, *, width: int = DEFAULT_CARD_WIDTH, per_row: int = DEFAULT_PER_ROW
) -> SvgImage:
    """A position as an SVG picture, the seats round a table: the drawing behind
    :func:`cardgames.svg.table` and ``state.to_svg()`` for Chase the Tailor, which describes it.

    :param width: each card's width in pixels, an int from 16 to 400.
    :param per_row: cards in a row of a hand, an int from 1 to 100.
    :raises NotationError: if ``state`` is not a :class:`cardgames.tailor.State`.
    :raises RulesError: if ``width`` or ``per_row`` is out of range.

    >>> from cardgames import tailor
    >>> image = state_to_svg(tailor.deal(tailor.Rules(players=3), seed=2))
    >>> image.count('class="card"'), image.count('class="seat"')
    (22, 3)
    """
    state = _check_state(state)
    width = _card_width(width)
    per_row = _per_row(per_row)
    return _table_picture(_tailor_table(state, width, per_row), width)


def _tailor_centre(state: State, width: int) -> _Drawing:
    # The middle of a Chase the Tailor table: the pile's top card, the stock face down, and
    # what the next card must follow, the direction of play, the chase.
    label = width * 0.3
    gap = _gap(width)
    top = label * 1.5
    title = f"Pile ({_plural(len(state.pile), 'card')})"
    body = [
        '<g class="pile">',
        f'<text class="pile-title" x="0" y="{_num(label)}" font-size="{_num(label)}" '
        f'font-weight="bold" fill="{_ON_FELT}">{_esc(title)}</text>',
        _card_group(_face(state.top_card), 0, top, width),
        _card_back(width + 2 * gap, top, width, f"{len(state.stock)} in the stock"),
    ]
    facts = [
        f"follow: {top_to_unicode(state.top)}",
        f"stock: {_plural(len(state.stock), 'card')}",
        "direction: " + ("clockwise" if state.direction == 1 else "anticlockwise"),
    ]
    if state.rules.chase_mode:
        facts.append("chase: " + ("on" if state.chase_active else "off"))
    if state.drawn is not None:
        facts.append(f"drawn: {state.drawn.to_unicode()}")
    if state.passes:
        facts.append(f"passes: {state.passes}")
    text_x = 2 * width + 4 * gap
    step = label * 1.3
    for line, fact in enumerate(facts):
        body.append(
            f'<text class="pile-fact" x="{_num(text_x)}" y="{_num(top + label + step * line)}" '
            f'font-size="{_num(label)}" fill="{_ON_FELT}">{_esc(fact)}</text>'
        )
    body.append("</g>")
    longest = max(_text_width(fact, label) for fact in facts)
    height = top + max(_height(width), step * len(facts))
    return _Drawing(tuple(body), text_x + longest, height)


def _tailor_table(state: State, width: int, per_row: int) -> list[_Drawing]:
    payoffs = state.payoffs()
    panels = []
    for seat, cards in enumerate(state.hands):
        to_move = seat == state.to_move and not state.is_over
        notes = ["to move"] if to_move else []
        if seat == state.winner:
            notes.append("went out")
        stats = f"{_plural(len(cards), 'card')}, score {payoffs[seat]}"
        faces = _faces(cards)
        panels.append(_seat_panel(seat, notes, stats, faces, width, per_row, to_move))
    return [
        _heading(state_heading(state), width),
        _round_table(panels, _tailor_centre(state, width), width),
    ]
