"""Text and SVG pictures of bridge play: a position, one seat's view, an analysis.

The table is drawn as bridge diagrams draw it: North at the top, West on the left, East on
the right, South at the bottom, each hand suit by suit (``♠ A K 10 4``), the trick in progress
in the middle with the seat that played each card (once the play is over, the last trick and
the seat that won it).

>>> from cardgames import bridge
>>> deal = bridge.Deal.parse('N:A.K.Q.J K.Q.J.A Q.J.A.K J.A.K.Q')
>>> print(state_to_unicode(bridge.State(deal, bridge.Contract.parse('S by N')).play('KS')))
S by N: trick 1, South to move; declarer 0, defenders 0 tricks
<BLANKLINE>
      North (declarer)
      ♠ A
      ♥ K
      ♦ Q
      ♣ J
<BLANKLINE>
West                    East
♠ J     ┌ Trick 1 ─┐    ♠ -
♥ A     │ E K♠     │    ♥ Q
♦ K     └──────────┘    ♦ J
♣ Q                     ♣ A
<BLANKLINE>
   South (dummy): to move
   ♠ Q
   ♥ J
   ♦ A
   ♣ K
"""

from __future__ import annotations

import html
from typing import Final

from cardgames.bridge.rules import Seat, _trick_winner
from cardgames.bridge.state import State
from cardgames.bridge.view import View, controller
from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import NotationError
from cardgames.render import Block, boxed, render, stacked, table_layout
from cardgames.search.results import Analysis
from cardgames.svg import (
    DEFAULT_CARD_WIDTH,
    DEFAULT_PER_ROW,
    SvgImage,
    _card_width,
    _cards_on_felt,
    _Drawing,
    _faces,
    _heading,
    _lines_on_felt,
    _per_row,
    _plural,
    _round_table,
    _seat_panel,
    _stack_on_felt,
    _table_picture,
)
from cardgames.validation import quote

__all__ = [
    "analysis_to_unicode",
    "card_to_unicode",
    "hand_lines",
    "state_heading",
    "state_to_html",
    "state_to_svg",
    "state_to_unicode",
    "view_to_unicode",
]

_NAMES: Final = ("North", "East", "South", "West")
_SUITED: Final = 52
_RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# The order table_layout and the SVG table place seats in: bottom, left, top, right.
_AROUND: Final = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)


def card_to_unicode(card: Card) -> str:
    """A card with its suit symbol: ``A♠``, ``10♥``.

    >>> card_to_unicode(Card.parse('TH'))
    '10♥'

    :raises NotationError: unless ``card`` is one of the 52 suited cards.
    """
    if type(card) is not Card or card.index >= _SUITED:
        raise NotationError(f"invalid card {quote(card)}: expected one of the 52 suited Cards")
    return card.to_unicode()


def hand_lines(hand: CardSet) -> Block:
    """A hand suit by suit, spades first, each from the ace down (``-`` for a void).

    >>> from cardgames.bridge import parse_hand
    >>> hand_lines(parse_hand('AKT4..Q2.9'))
    ('♠ A K 10 4', '♥ -', '♦ Q 2', '♣ 9')

    :raises NotationError: unless ``hand`` is a :class:`~cardgames.cardset.CardSet` of suited
        cards.
    """
    if type(hand) is not CardSet or hand.mask >> _SUITED:
        raise NotationError(f"invalid hand {quote(hand)}: expected a CardSet of suited cards")
    suits: list[list[Card]] = [[], [], [], []]
    for card in hand:
        suits[card.index // 13].append(card)
    lines = []
    for symbol, cards in zip("♠♥♦♣", suits, strict=True):
        ranks = [_RANKS[_strength(card)] for card in sorted(cards, key=_strength, reverse=True)]
        lines.append(f"{symbol} {' '.join(ranks) or '-'}")
    return tuple(lines)


def _strength(card: Card) -> int:
    return (card.index % 13 + 12) % 13


def _check_state(state: object) -> State:
    if not isinstance(state, State):
        raise NotationError(f"invalid bridge state {quote(state)}: expected a bridge State")
    return state


def state_heading(state: State) -> str:
    """The first line of the pictures: the contract, the trick, who is to move and the tricks
    each side has won.

    :raises NotationError: if ``state`` is not a bridge state.
    """
    state = _check_state(state)
    if state.is_over:
        where = "play over"
    else:
        where = f"trick {state.tricks_played + 1}, {_NAMES[state.to_move]} to move"
    return (
        f"{state.contract}: {where}; declarer {state.declarer_tricks}, defenders "
        f"{state.defender_tricks} tricks"
    )


def _role(contract_declarer: Seat, seat: Seat) -> str:
    if seat == contract_declarer:
        return "declarer"
    if seat == contract_declarer.partner:
        return "dummy"
    return ""


def _title(state_or_view: State | View, seat: Seat, to_move: bool) -> str:
    notes = [note for note in (_role(state_or_view.contract.declarer, seat),) if note]
    title = _NAMES[seat] + (f" ({notes[0]})" if notes else "")
    return title + (": to move" if to_move else "")


def _trick_block(
    trick: tuple[Card, ...], leader: int, number: int, winner: int | None = None
) -> Block:
    lines = [f"{'NESW'[(leader + at) % 4]} {card.to_unicode()}" for at, card in enumerate(trick)]
    if winner is not None:
        lines.append(f"won by {'NESW'[winner]}")
    return boxed(lines or ["-"], title=f"Trick {number}")


def _centre(state_or_view: State | View) -> Block:
    """The trick in the middle of the table: the one in progress (or about to start), or, once
    the play is over, the last one and who won it."""
    if not state_or_view.is_over:
        return _trick_block(
            state_or_view.trick,
            _leader_of_trick(state_or_view),
            state_or_view.tricks_played + 1,
        )
    last = state_or_view.played[-4:]
    # After the last trick the seat "to move" is its winner, who would have led the next.
    winner = int(state_or_view.to_move)
    leader = (winner - _trick_winner(last, state_or_view.contract.trump)) % 4
    return _trick_block(last, leader, state_or_view.tricks_played, winner)


def _leader_of_trick(state_or_view: State | View) -> int:
    trick = state_or_view.trick
    return (int(state_or_view.to_move) - len(trick)) % 4


def state_to_unicode(state: State) -> str:
    """A position as text: the heading, then the four hands round the table and the trick in
    progress in the middle (see the module's example).

    :raises NotationError: if ``state`` is not a bridge state.
    """
    state = _check_state(state)
    blocks = []
    for seat in _AROUND:
        to_move = seat == state.to_move and not state.is_over
        blocks.append((_title(state, seat, to_move), *hand_lines(state.hand(seat))))
    return render(stacked([(state_heading(state),), table_layout(blocks, _centre(state))]))


def view_to_unicode(view: View) -> str:
    """What one seat sees, as text: the hands it sees (its own, the dummy once shown), the
    number of cards of each hidden hand with the suits it has shown out of, and the trick.

    >>> from cardgames import bridge
    >>> deal = bridge.Deal.parse('N:A.K.Q.J K.Q.J.A Q.J.A.K J.A.K.Q')
    >>> state = bridge.State(deal, bridge.Contract.parse('S by N')).play('KS').play('QS')
    >>> print(view_to_unicode(bridge.view_of(state, bridge.Seat.EAST)))
    S by N: seen by East; declarer 0, defenders 0 tricks
    <BLANKLINE>
               North (declarer)
               4 cards hidden
    <BLANKLINE>
                      ┌ Trick 1 ─┐    East
    West: to move     │ E K♠     │    ♠ -
    4 cards hidden    │ S Q♠     │    ♥ Q
                      └──────────┘    ♦ J
                                      ♣ A
    <BLANKLINE>
                South (dummy)
                ♠ -
                ♥ J
                ♦ A
                ♣ K

    :raises NotationError: if ``view`` is not a bridge view.
    """
    if not isinstance(view, View):
        raise NotationError(f"invalid bridge view {quote(view)}: expected a bridge View")
    blocks = []
    left_each = view.cards_each - view.tricks_played
    for seat in _AROUND:
        to_move = seat == view.to_move and not view.is_over
        title = _title(view, seat, to_move)
        cards = view.cards_left(seat)
        if cards is not None:
            blocks.append((title, *hand_lines(cards)))
            continue
        size = left_each - (1 if _played_this_trick(view, seat) else 0)
        voids = "".join("♠♥♦♣"[suit] for suit in sorted(view.voids(seat)))
        lines = [title, f"{_plural(size, 'card')} hidden"]
        if voids:
            lines.append(f"out of {voids}")
        blocks.append(tuple(lines))
    heading = (
        f"{view.contract}: seen by {_NAMES[view.seat]}; declarer {view.declarer_tricks}, "
        f"defenders {view.defender_tricks} tricks"
    )
    return render(stacked([(heading,), table_layout(blocks, _centre(view))]))


def _played_this_trick(view: View, seat: Seat) -> bool:
    start = len(view.played) - len(view.trick)
    return any(view.player_of(start + at) == seat for at in range(len(view.trick)))


def analysis_to_unicode(analysis: Analysis[Card], state: State | None = None) -> str:
    """A double-dummy analysis as text, cards with suit symbols and seats by name
    (:meth:`cardgames.search.results.Analysis.to_unicode`); given the analysed ``state``, the
    best line is split into tricks, each card with the seat that plays it.

    >>> from cardgames import bridge, solver
    >>> state = bridge.random_position(2, tricks_played=11)
    >>> print(analysis_to_unicode(solver.analyse(state), state))
    West to move; values for West's side (East and West).
    ...
    Value: 7 (exact)
    Best line: W 6♠  N 10♠  E 8♠  S A♠ / S J♦  W 4♥  N 7♠  E A♣

    :raises NotationError: unless ``analysis`` is an analysis of a bridge position (of
        ``state``, when given).
    """
    if not isinstance(analysis, Analysis) or analysis.game != "bridge":
        raise NotationError(
            f"invalid analysis {quote(analysis)}: expected an Analysis of a bridge position"
        )
    pv_text = None
    if state is not None:
        state = _check_state(state)
        if int(state.to_move) != analysis.to_move:
            raise NotationError(f"the analysis is not of the position {quote(str(state))}")
        tricks: list[list[str]] = []
        position = state
        for card in analysis.pv:
            if not position.trick or not tricks:
                tricks.append([])
            tricks[-1].append(f"{'NESW'[position.to_move]} {card_to_unicode(card)}")
            position = position.play(card)
        pv_text = " / ".join("  ".join(trick) for trick in tricks)
    lines = analysis.to_unicode(card_to_unicode, pv_text=pv_text).splitlines()
    seat = Seat(analysis.perspective)
    partner = seat.partner
    names = " and ".join(_NAMES[other] for other in sorted((seat, partner)))
    lines[0] = f"{_NAMES[analysis.to_move]} to move; values for {_NAMES[seat]}'s side ({names})."
    return "\n".join(lines)


def state_to_html(state: State) -> str:
    """A position as HTML for Jupyter: the SVG picture of :func:`state_to_svg` in a ``div``
    whose title is the position's notation (the whole is well-formed XML).

    :raises NotationError: if ``state`` is not a bridge state.
    """
    state = _check_state(state)
    return (
        f'<div class="cardgames-bridge-state" title="{html.escape(str(state))}">'
        f"{state_to_svg(state)}</div>"
    )


# -- SVG ------------------------------------------------------------------------------------


def state_to_svg(
    state: State, *, width: int = DEFAULT_CARD_WIDTH, per_row: int = DEFAULT_PER_ROW
) -> SvgImage:
    """A position as an SVG picture in the style of :func:`cardgames.svg.table`: the four
    hands round a felt table (South at the bottom, West left, North top, East right), each
    seat's panel naming its role and its side's tricks, the trick in progress in the middle.

    :param width: each card's width in pixels, an int from 16 to 400.
    :param per_row: cards in a row of a hand, an int from 1 to 100.
    :raises NotationError: if ``state`` is not a bridge state.
    :raises RulesError: if ``width`` or ``per_row`` is out of range.

    >>> from cardgames import bridge
    >>> image = state_to_svg(bridge.random_position(1, tricks_played=2, cards=2))
    >>> image.count('class="card"'), image.count('class="seat"')
    (44, 4)
    """
    state = _check_state(state)
    width = _card_width(width)
    per_row = _per_row(per_row)
    chooser = None if state.is_over else controller(state.contract, state.to_move)
    panels = []
    for seat in _AROUND:
        to_move = seat == state.to_move and not state.is_over
        notes = [_NAMES[seat]]
        role = _role(state.contract.declarer, seat)
        if role:
            notes.append(role)
        if to_move and chooser is not None:
            notes.append("to move" if chooser == seat else f"to move ({_NAMES[chooser]} plays)")
        stats = f"{_plural(state.tricks_of(seat), 'trick')} for the side"
        panels.append(
            _seat_panel(int(seat), notes, stats, _faces(state.hand(seat)), width, per_row, to_move)
        )
    lines = [str(state.contract), f"trick {min(state.tricks_played + 1, state.deal.cards_each)}"]
    parts: list[_Drawing] = [_lines_on_felt(lines, width, "contract")]
    if state.trick:
        leader = _leader_of_trick(state)
        title = " ".join("NESW"[(leader + at) % 4] for at in range(len(state.trick)))
        parts.append(_cards_on_felt(state.trick, title, width, 4, "trick"))
    centre = _stack_on_felt(parts, width)
    return _table_picture(
        [_heading(state_heading(state), width), _round_table(panels, centre, width)], width
    )
