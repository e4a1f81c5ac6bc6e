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
    from cardgames import svg

    state = _check_state(state)
    return (
        f'<div class="cardgames-tailor-state" title="{html.escape(str(state))}">'
        f"{svg.table(state)}</div>"
    )
