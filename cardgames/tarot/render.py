"""Text and HTML pictures of Tarot hands, tricks, positions and analyses.

Suit cards are shown with their suit symbol (``K♥``, ``10♠``), trumps and the Excuse as
written (``21T``, ``EX``). A hand is shown one line per suit, highest first, then a line of
trumps (highest first) ending with the Excuse; ``-`` marks a void. ``str()`` of a state or a
trick stays its notation; these functions are the pictures behind their ``to_unicode()``.

>>> from cardgames.tarot import TarotCardSet
>>> print(hand_to_unicode(TarotCardSet.parse('KH 1H 10S NC 21T 3T EX')))
♠ 10
♥ K 1
♦ -
♣ N
T 21 3 EX
"""

from __future__ import annotations

import html

from cardgames.cards import Suit
from cardgames.errors import AnalysisError, NotationError
from cardgames.render import (
    SUIT_SYMBOLS,
    Block,
    boxed,
    grid,
    render,
    stacked,
    table_layout,
)
from cardgames.search.results import Analysis
from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.state import Move, Phase, State, Trick
from cardgames.validation import quote

__all__ = [
    "analysis_to_unicode",
    "card_to_unicode",
    "hand_lines",
    "hand_to_unicode",
    "move_to_unicode",
    "state_heading",
    "state_to_html",
    "state_to_unicode",
    "trick_lines",
    "trick_to_html",
    "trick_to_unicode",
]


def card_to_unicode(card: TarotCard) -> str:
    """A card as these pictures show it.

    >>> card_to_unicode(TarotCard.parse('NH')), card_to_unicode(TarotCard.parse('21T'))
    ('N♥', '21T')

    :raises NotationError: if ``card`` is not a :class:`cardgames.tarot.cards.TarotCard`.
    """
    if not isinstance(card, TarotCard):
        raise NotationError(f"invalid Tarot card {quote(card)}: expected a TarotCard")
    return card.to_unicode()


def _label(card: TarotCard) -> str:
    # The card within its line of a hand: the rank alone, the trump's number, or EX.
    if card.is_excuse:
        return "EX"
    if card.is_trump:
        return str(card.trump_number)
    return str(card.rank)


def hand_lines(hand: TarotCardSet) -> Block:
    """A hand as five lines: spades, hearts, diamonds, clubs (each King down to 1), then the
    trumps (21 down to 1) and the Excuse; ``-`` for a void.

    :raises NotationError: if ``hand`` is not a :class:`cardgames.tarot.cards.TarotCardSet`.
    """
    if not isinstance(hand, TarotCardSet):
        raise NotationError(f"invalid Tarot hand {quote(hand)}: expected a TarotCardSet")
    lines = []
    for suit in Suit:
        cards = sorted((card for card in hand if card.suit is suit), reverse=True)
        lines.append(f"{SUIT_SYMBOLS[suit]} " + (" ".join(map(_label, cards)) or "-"))
    trumps = sorted((card for card in hand if card.suit is None), key=_trump_order)
    lines.append("T " + (" ".join(map(_label, trumps)) or "-"))
    return tuple(lines)


def _trump_order(card: TarotCard) -> int:
    # Trumps from 21 down to 1, then the Excuse.
    return -(card.trump_number or 0)


def hand_to_unicode(hand: TarotCardSet) -> str:
    """:func:`hand_lines` as one string."""
    return render(hand_lines(hand))


def move_to_unicode(move: Move) -> str:
    """A move: its card (``K♥``).

    :raises NotationError: if ``move`` is not a :class:`cardgames.tarot.state.Move`.
    """

    if not isinstance(move, Move):
        raise NotationError(f"invalid Tarot move {quote(move)}: expected a tarot.Move")
    return move.card.to_unicode()


def _check_trick(trick: object) -> Trick:

    if not isinstance(trick, Trick):
        raise NotationError(f"invalid Tarot trick {quote(trick)}: expected a tarot.Trick")
    return trick


def trick_lines(trick: Trick) -> Block:
    """A trick one card a line, each with its seat, in the order played; then the winner once
    it is complete, or the leader while it is empty.

    :raises NotationError: if ``trick`` is not a :class:`cardgames.tarot.state.Trick`.
    """
    trick = _check_trick(trick)
    lines = [
        f"seat {seat}: {card.to_unicode()}"
        for seat, card in zip(trick.players, trick.cards, strict=True)
    ]
    if trick.winner is not None:
        lines.append(f"won by seat {trick.winner}")
    elif not trick.cards:
        lines.append(f"seat {trick.leader} to lead")
    return tuple(lines)


def trick_to_unicode(trick: Trick) -> str:
    """A trick as text: each card with the seat that played it, then the winner.

    >>> from cardgames.tarot import TarotCard, Trick
    >>> cards = tuple(map(TarotCard.parse, ['KH', '3H', '21T']))
    >>> print(trick_to_unicode(Trick(leader=1, cards=cards, players=(1, 2, 0), winner=0)))
    seat 1: K♥
    seat 2: 3♥
    seat 0: 21T
    won by seat 0
    >>> print(trick_to_unicode(Trick(leader=2)))
    seat 2 to lead

    :raises NotationError: if ``trick`` is not a :class:`cardgames.tarot.state.Trick`.
    """
    return render(trick_lines(trick))


def _check_state(state: object) -> State:

    if not isinstance(state, State):
        raise NotationError(f"invalid Tarot state {quote(state)}: expected a tarot.State")
    return state


def state_heading(state: State) -> str:
    """The first line of :func:`state_to_unicode`: the rules, where the play stands and who is to
    move."""

    rules = state.rules
    if state.phase is Phase.DISCARD:
        return (
            f"Tarot {rules}: discard, seat {state.dealer} to discard {state.discard_remaining} more"
        )
    if state.phase is Phase.OVER:
        return f"Tarot {rules}: deal over"
    number = len(state.tricks) + 1
    return f"Tarot {rules}: trick {number} of {rules.tricks_per_deal}, seat {state.to_move} to move"


def _seat_block(state: State, seat: int) -> Block:
    notes = []
    if seat == state.dealer:
        notes.append("dealer")
    if seat == state.to_move and not state.is_over:
        notes.append("to move")
    title = f"Seat {seat}" + (f": {', '.join(notes)}" if notes else "")
    return (title, *hand_lines(state.hands[seat]))


def _centre(state: State) -> Block:

    if state.phase is Phase.DISCARD:
        shown = state.discard.to_unicode()
        return boxed((shown, f"{state.discard_remaining} more to discard"), title="Discard")
    if state.trick.cards or not state.tricks:
        return boxed(trick_lines(state.trick), title=f"Trick {len(state.tricks) + 1}")
    return boxed(trick_lines(state.tricks[-1]), title=f"Trick {len(state.tricks)}")


def _scores(state: State) -> Block:
    players = range(state.rules.players)
    won = [0] * state.rules.players
    for trick in state.tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
    rows = [
        ["seat", *map(str, players)],
        ["tricks", *map(str, won)],
        ["points", *map(str, state.points())],
    ]
    if state.is_over:
        rows.append(["payoff", *map(str, state.payoffs())])
    return grid(rows)


def state_to_unicode(state: State) -> str:
    """A position as text: a heading (rules, phase, trick number, who is to move), every hand
    round the table (seat 0 at the bottom, seat numbers, the dealer and the seat to move
    marked), the trick in progress in the middle (before the first card of a trick, and once
    the deal is over, the trick just won; the discard so far while the dealer discards), then
    the tricks and points each seat has won
    so far (the dealer's points include the discard) and, at the end, the payoffs.

    >>> from cardgames import tarot
    >>> rules = tarot.Rules.traditional(players=3)
    >>> state = tarot.random_position(rules, seed=2, tricks_left=2)
    >>> state = state.play(state.legal_moves()[1])
    >>> print(state_to_unicode(state))
    Tarot traditional-3: trick 24 of 25, seat 1 to move
    <BLANKLINE>
    Seat 1: to move    Seat 2
    ♠ -                ♠ 4
    ♥ 3                ♥ -
    ♦ -                ♦ -
    ♣ 2                ♣ -
    T -                T -
    <BLANKLINE>
         ┌ Trick 24 ──┐
         │ seat 2: Q♥ │
         └────────────┘
    <BLANKLINE>
         Seat 0: dealer
         ♠ 10 2
         ♥ -
         ♦ -
         ♣ -
         T -
    <BLANKLINE>
    seat    0      1     2
    tricks  5     11     7
    points  9  104/3  88/3

    :raises NotationError: if ``state`` is not a :class:`cardgames.tarot.state.State`.
    """
    state = _check_state(state)
    seats = [_seat_block(state, seat) for seat in range(state.rules.players)]
    picture = table_layout(seats, _centre(state))
    return render(stacked([(state_heading(state),), picture, _scores(state)]))


def analysis_to_unicode(analysis: Analysis[Move], state: State | None = None) -> str:
    """An analysis of a Tarot position as text (see
    :meth:`cardgames.search.results.Analysis.to_unicode`), moves shown as cards; given the
    analysed ``state``, the principal variation is split into tricks (``/`` between them),
    each card with the seat that plays it.

    >>> from cardgames import solver, tarot
    >>> rules = tarot.Rules.traditional(players=3)
    >>> state = tarot.random_position(rules, seed=2, tricks_left=2)
    >>> print(analysis_to_unicode(solver.analyse(state), state))
    Seat 2 to move; values for seat 2.
    Objective: card points of the side at the end of the deal (State.team_points).
    move  value
    4♠       29
    Q♥       33  best
    Value: 33 (exact)
    Best line: 2:Q♥ 1:3♥ 0:2♠ / 2:4♠ 1:2♣ 0:10♠

    :raises AnalysisError: if ``state`` is given but is not the analysed position.
    """
    if state is None:
        return analysis.to_unicode(move_to_unicode)
    state = _check_state(state)
    if tuple(entry.move for entry in analysis.move_values) != state.legal_moves():
        raise AnalysisError(
            f"the analysis is not of the position {quote(str(state))}: its moves differ"
        )
    parts: list[str] = []
    position = state
    for move in analysis.pv:
        if not position.trick.cards and parts:
            parts.append("/")
        parts.append(f"{position.to_move}:{move.card.to_unicode()}")
        position = position.play(move)
    return analysis.to_unicode(move_to_unicode, pv_text=" ".join(parts))


def _html(kind: str, svg: str, text: str) -> str:
    return f'<div class="cardgames-{kind}" title="{html.escape(text)}">{svg}</div>'


def state_to_html(state: State) -> str:
    """A position as HTML for Jupyter: the SVG picture of :func:`cardgames.svg.table` in a
    ``div`` whose title is the position's notation (the whole is well-formed XML).

    :raises NotationError: if ``state`` is not a :class:`cardgames.tarot.state.State`.
    """
    from cardgames import svg

    state = _check_state(state)
    return _html("tarot-state", svg.table(state), str(state))


def trick_to_html(trick: Trick) -> str:
    """A trick as HTML for Jupyter: the SVG picture of :func:`cardgames.svg.trick` in a
    ``div`` (well-formed XML).

    :raises NotationError: if ``trick`` is not a :class:`cardgames.tarot.state.Trick`.
    """
    from cardgames import svg

    trick = _check_trick(trick)
    return _html("tarot-trick", svg.trick(trick), str(trick))
