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
from collections.abc import Iterable
from fractions import Fraction
from typing import Final

from cardgames import svg
from cardgames.cards import Suit
from cardgames.errors import AnalysisError, NotationError
from cardgames.render import (
    SUIT_SYMBOLS,
    Block,
    boxed,
    format_points,
    grid,
    render,
    stacked,
    table_layout,
)
from cardgames.search.results import Analysis
from cardgames.svg import (
    DEFAULT_CARD_WIDTH,
    DEFAULT_PER_ROW,
    SvgImage,
    _around,
    _caption,
    _card_group,
    _card_width,
    _cards_on_felt,
    _Drawing,
    _face,
    _felt_text,
    _heading,
    _height,
    _in_html,
    _lines_on_felt,
    _per_row,
    _plural,
    _round_table,
    _seat_panel,
    _stack_on_felt,
    _table_picture,
    _text_width,
)
from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.contracts import AnyMove, Bid, Call
from cardgames.tarot.play import count_mask
from cardgames.tarot.state import Move, Phase, State, Trick
from cardgames.validation import check_seat, quote

__all__ = [
    "NOTATION_LEGEND",
    "analysis_to_unicode",
    "card_to_unicode",
    "contract_lines",
    "hand_lines",
    "hand_to_unicode",
    "move_to_unicode",
    "points_text",
    "state_heading",
    "state_to_html",
    "state_to_svg",
    "state_to_unicode",
    "trick_lines",
    "trick_to_html",
    "trick_to_unicode",
    "values_legend",
]

NOTATION_LEGEND: Final = (
    "Cards: 1-10, J, N (Knight), Q, K; trumps 1T-21T (a hand's T row: 21 ... 1); EX Excuse."
)
"""One line that explains how these pictures write the Tarot cards."""


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


def move_to_unicode(move: AnyMove) -> str:
    """A move: its card (``K♥``); under French rules a bid, an announcement or a poignée as
    written (``garde``, ``no-slam``, ``poignee-single``) and a call with its card
    (``call-K♥``).

    >>> from cardgames.tarot.contracts import parse_move
    >>> [move_to_unicode(parse_move(text)) for text in ('KH', 'garde-sans', 'call-QS')]
    ['K♥', 'garde-sans', 'call-Q♠']

    :raises NotationError: if ``move`` is not a Tarot move.
    """
    from cardgames.tarot.contracts import Announcement, Declaration

    if isinstance(move, Move):
        return move.card.to_unicode()
    if isinstance(move, Call):
        return f"call-{move.card.to_unicode()}"
    if isinstance(move, Bid | Announcement | Declaration):
        return str(move)
    raise NotationError(
        f"invalid Tarot move {quote(move)}: expected a tarot.Move (or, under French rules, a "
        "Bid, Call, Announcement or Declaration)"
    )


def _check_trick(trick: object) -> Trick:

    if not isinstance(trick, Trick):
        raise NotationError(f"invalid Tarot trick {quote(trick)}: expected a tarot.Trick")
    return trick


def trick_lines(trick: Trick) -> Block:
    """A trick one card a line, each with its seat, in the order played; then the winner once
    it is complete, or the leader while it is empty.

    :raises NotationError: if ``trick`` is not a :class:`cardgames.tarot.moves.Trick`.
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

    :raises NotationError: if ``trick`` is not a :class:`cardgames.tarot.moves.Trick`.
    """
    return render(trick_lines(trick))


def _check_state(state: object) -> State:

    if not isinstance(state, State):
        raise NotationError(f"invalid Tarot state {quote(state)}: expected a tarot.State")
    return state


def _points(state: State, value: Fraction | int) -> str:
    # Card points as the pictures write them (see points_text).
    return format_points(value)


def points_text(value: Fraction | int) -> str:
    """Card points (or a payoff) as these pictures write them: a whole number, or its whole
    part and a fraction sign: ``45½`` for the French half points, ``34⅔`` for the thirds of
    the four-player simplified game (see :func:`cardgames.render.format_points`).

    >>> points_text(Fraction(91, 2)), points_text(Fraction(104, 3)), points_text(Fraction(-62))
    ('45½', '34⅔', '-62')
    """
    return format_points(value)


def values_legend(analysis: Analysis[Move], state: State) -> str:
    """One line that says what the values of an analysis of ``state`` are: the card points a
    side ends the deal with, out of the points the whole pack counts under the rules.

    >>> from cardgames import solver, tarot
    >>> state = tarot.random_position(tarot.Rules.traditional(players=4), seed=9, tricks_left=2)
    >>> print(values_legend(solver.analyse(state, perspective=1), state))
    Values: the card points seat 1's side (seats 1 and 3) ends the deal with, tricks already
    won included, out of the 72 the pack counts.
    """
    rules = state.rules
    seats = analysis.side
    if rules.bidding and state.taker is not None and state.taker in seats:
        who = "the taker's side (" + _seats_text(seats) + ")"
    elif rules.bidding and state.taker is not None:
        who = "the defence (" + _seats_text(seats) + ")"
    elif len(seats) > 1:
        who = f"seat {analysis.perspective}'s side ({_seats_text(seats)})"
    else:
        who = f"seat {analysis.perspective}"
    halves = ", in half points" if rules.group_size == 2 else ""
    bonus = (
        f", plus {rules.magician_bonus} for the side whose trump 1 wins the last trick"
        if rules.magician_bonus
        else ""
    )
    return (
        f"Values: the card points {who} ends the deal with, tricks already won included, out "
        f"of the {format_points(rules.pack_total)} the pack counts{halves}{bonus}."
    )


def _seats_text(seats: tuple[int, ...]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def state_heading(state: State) -> str:
    """The first line of :func:`state_to_unicode`: the rules, where the play stands and who is to
    move.

    >>> from cardgames.tarot import Rules, deal
    >>> state_heading(deal(Rules.french(players=4), seed=1))
    'Tarot french-4: bidding, seat 3 to bid'
    """

    rules = state.rules
    phase = state.phase
    if phase is Phase.BIDDING:
        return f"Tarot {rules}: bidding, seat {state.to_move} to bid"
    if phase is Phase.CALL:
        return f"Tarot {rules}: call, seat {state.to_move} (the taker) to call a card"
    if phase is Phase.ANNOUNCE:
        return f"Tarot {rules}: announcement, seat {state.to_move} (the taker) to announce"
    if phase is Phase.DISCARD:
        return (
            f"Tarot {rules}: discard, seat {state.discarder} to discard "
            f"{state.discard_remaining} more"
        )
    if phase is Phase.OVER:
        if rules.bidding and state.is_void:
            return f"Tarot {rules}: deal void, every seat passed"
        return f"Tarot {rules}: deal over"
    number = len(state.tricks) + 1
    return f"Tarot {rules}: trick {number} of {rules.tricks_per_deal}, seat {state.to_move} to move"


def _cards_text(cards: TarotCardSet) -> str:
    return cards.to_unicode() or "-"


def _called_card_played(state: State) -> int | None:
    # The seat that played the called card, or None while it is unplayed.
    called = state.called
    if called is None:
        return None
    for trick in (*state.tricks, state.trick):
        for seat, card in zip(trick.players, trick.cards, strict=True):
            if card == called:
                return seat
    return None


def _partner_known(state: State, seat: int | None) -> bool:
    # Whether ``seat`` (None: the full state) may be told who the partner is.
    return seat is None or state.is_over or _called_card_played(state) is not None


def _call_line(state: State, seat: int | None) -> str:
    called = state.called
    assert called is not None
    text = f"Called: {called.to_unicode()}"
    taker = state.taker
    contract = state.contract
    in_dog = bool(state.initial.talon.mask >> called.index & 1)
    by = _called_card_played(state)
    if seat is None or state.is_over:
        if state.partner is not None:
            return f"{text}, held by seat {state.partner} (the partner)"
        where = "in the dog" if in_dog else "held by the taker"
        return f"{text}, {where}: the taker plays alone"
    if by is not None:
        if state.partner is None:
            return f"{text}, played by the taker: the taker plays alone"
        return f"{text}, played by seat {by} (the partner)"
    if in_dog and contract is not None and contract.dog_shown:
        return f"{text}, in the dog: the taker plays alone"
    if state.initial.hands[seat].mask >> called.index & 1:
        alone = seat == taker
        return f"{text}, in your hand: " + (
            "you play alone" if alone else "you are the taker's partner"
        )
    return f"{text}: the partner is not known until it is played"


def _dog_line(state: State, seat: int | None) -> str | None:
    talon = state.initial.talon
    if not talon:
        return None
    contract = state.contract if state.taker is not None else None
    if contract is None:
        if seat is None and not state.is_over:
            return f"Dog (face down): {_cards_text(talon)}"
        if state.is_void:
            return None
        return f"Dog: {len(talon)} cards face down"
    if contract.dog_shown:
        return f"Dog (shown, taken by the taker): {_cards_text(talon)}"
    side = "the taker" if contract.dog_to_taker else "the defence"
    if seat is None or state.is_over:
        return f"Dog (face down, counts for {side}): {_cards_text(talon)}"
    return f"Dog: {len(talon)} cards face down, counting for {side}"


def _discard_line(state: State, seat: int | None) -> str | None:
    contract = state.contract
    if contract is None or not contract.dog_shown or state.phase is Phase.DISCARD:
        return None
    if seat is None or seat == state.taker or state.is_over:
        return f"Discard: {_cards_text(state.discard)}"
    trumps = TarotCardSet.from_cards(card for card in state.discard if card.is_trump)
    shown = f", trumps shown: {trumps.to_unicode()}" if trumps else ""
    return f"Discard: {len(state.discard)} cards set aside by the taker{shown}"


def contract_lines(state: State, seat: int | None = None) -> Block:
    """What the bidding has settled, French rules only (empty otherwise): every bid with its
    seat, the contract and taker, the called card (at five players), the dog, the taker's
    discard, the slam announcement and the poignées with the trumps they showed.

    :param seat: None for the whole state; a seat for what that seat knows: the partner is
        named only once the called card has been played (or to the seat holding it), the
        dog only when shown or once the deal is over, the discard only to the taker (trumps
        discarded are shown to all).
    :raises NotationError: if ``state`` is not a :class:`cardgames.tarot.state.State`.
    :raises RulesError: if ``seat`` is not a seat of the table.

    >>> from cardgames.tarot import Rules, deal
    >>> from cardgames.tarot.contracts import parse_move
    >>> state = deal(Rules.french(players=4), seed=1)
    >>> for word in ('pass', 'garde-sans', 'pass', 'pass', 'no-slam'):
    ...     state = state.play(parse_move(word))
    >>> print(render(contract_lines(state, seat=0)))
    Bids: seat 3 pass, seat 2 garde-sans, seat 1 pass, seat 0 pass
    Contract: garde-sans, taker seat 2
    Dog: 6 cards face down, counting for the taker
    Announcement: no slam
    """
    state = _check_state(state)
    if seat is not None:
        check_seat(seat, state.rules.players, "seat")
    if not state.rules.bidding:
        return ()
    bids = ", ".join(f"seat {state._bidder(number)} {bid}" for number, bid in enumerate(state.bids))
    lines = [f"Bids: {bids or 'none yet'}"]
    taker = state.taker
    contract = state.contract
    if state.is_void:
        lines.append("Contract: none, every seat passed (a void deal)")
    elif taker is not None and contract is not None:
        lines.append(f"Contract: {contract.value}, taker seat {taker}")
    elif contract is not None:
        lines.append(f"Highest bid so far: {contract.value}")
    if state.called is not None:
        lines.append(_call_line(state, seat))
    for line in (_dog_line(state, seat), _discard_line(state, seat)):
        if line is not None:
            lines.append(line)
    if state.slam_announced is not None:
        lines.append("Announcement: slam" if state.slam_announced else "Announcement: no slam")
    for declarer, level in state.poignees:
        shown = state.poignee_cards(declarer).to_unicode()
        lines.append(f"Poignée: seat {declarer} {level.value} ({shown})")
    return tuple(lines)


def _seat_block(state: State, seat: int, viewer: int | None = None) -> Block:
    notes = []
    if seat == state.dealer:
        notes.append("dealer")
    if state.rules.bidding and seat == state.taker:
        notes.append("taker")
    if state.rules.bidding and seat == state.partner and _partner_known(state, viewer):
        notes.append("partner")
    if seat == state.to_move and not state.is_over:
        notes.append("to move")
    if seat == viewer:
        notes.append("you")
    title = f"Seat {seat}" + (f": {', '.join(notes)}" if notes else "")
    if viewer is not None and seat != viewer and not state.is_over:
        count = len(state.hands[seat])
        return (title, f"{count} card{'s' if count != 1 else ''}")
    return (title, *hand_lines(state.hands[seat]))


def _centre(state: State, viewer: int | None = None) -> Block:
    phase = state.phase
    if phase is Phase.DISCARD:
        discarder = state.discarder
        if viewer is None or viewer == discarder:
            shown = state.discard.to_unicode()
        else:
            count = len(state.discard)
            shown = f"{count} card{'s' if count != 1 else ''} set aside"
        return boxed((shown, f"{state.discard_remaining} more to discard"), title="Discard")
    if phase is Phase.BIDDING:
        lines = [f"seat {state._bidder(n)}: {bid}" for n, bid in enumerate(state.bids)]
        return boxed((*lines, f"seat {state.to_move} to bid"), title="Bidding")
    if phase is Phase.CALL:
        return boxed((f"seat {state.to_move} to call a card",), title="Call")
    if phase is Phase.ANNOUNCE:
        return boxed((f"seat {state.to_move} to announce",), title="Announcement")
    if phase is Phase.OVER and state.rules.bidding and state.is_void:
        return boxed(("every seat passed",), title="Void deal")
    if state.trick.cards or not state.tricks:
        return boxed(trick_lines(state.trick), title=f"Trick {len(state.tricks) + 1}")
    return boxed(trick_lines(state.tricks[-1]), title=f"Trick {len(state.tricks)}")


def _scores(state: State, viewer: int | None = None) -> Block:
    players = range(state.rules.players)
    won = [0] * state.rules.players
    for trick in state.tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
    rows = [["seat", *map(str, players)], ["tricks", *map(str, won)]]
    if viewer is not None and not state.is_over:
        # Points would count the hidden discard and, under French rules, tell the partner
        # (they are each side's): each seat's own won cards instead.
        group = state.rules.group_size
        rows.append(["won", *(_points(state, count_mask(p.mask, group)) for p in state.won)])
    else:
        rows.append(["points", *(_points(state, value) for value in state.points())])
    if state.is_over:
        rows.append(["payoff", *map(format_points, state.payoffs())])
    return grid(rows)


def state_to_unicode(state: State, seat: int | None = None) -> str:
    """A position as text: a heading (rules, phase, trick number, who is to move), every hand
    round the table (seat 0 at the bottom, seat numbers, the dealer and the seat to move
    marked), the trick in progress in the middle (before the first card of a trick, and once
    the deal is over, the trick just won; the discard so far while the dealer discards), then
    the tricks and points each seat has won
    so far (the dealer's points include the discard) and, at the end, the payoffs.

    Under French rules the heading names the phase (bidding, call, discard, announcement,
    play), :func:`contract_lines` follow it (bids, contract and taker, called card, dog,
    discard, announcement, poignées), the taker (and the partner) are marked at the table,
    points are each side's, in half points, and a finished deal ends with its score
    (:meth:`cardgames.tarot.scoring.Score.to_unicode`).

    :param seat: None for the whole state; a seat for that seat's picture, which shows only
        what the seat knows: its own hand (the others' as card counts until the deal is
        over), the discard only to the one who made it, and under French rules the partner
        only once the called card has been played and each seat's own won points.
    :raises NotationError: if ``state`` is not a :class:`cardgames.tarot.state.State`.
    :raises RulesError: if ``seat`` is not a seat of the table.

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
    seat    0    1    2
    tricks  5   11    7
    points  9  34⅔  29⅓
    >>> print(state_to_unicode(state, seat=2).splitlines()[2])
    Seat 1: to move    Seat 2: you
    """
    state = _check_state(state)
    if seat is not None:
        check_seat(seat, state.rules.players, "seat")
    seats = [_seat_block(state, number, seat) for number in range(state.rules.players)]
    picture = table_layout(seats, _centre(state, seat))
    blocks = [(state_heading(state),), contract_lines(state, seat), picture, _scores(state, seat)]
    score = state.score()
    if score is not None:
        blocks.append(tuple(score.to_unicode().splitlines()))
    return render(stacked(blocks))


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
    moves = tuple(entry.move for entry in analysis.move_values)
    if moves != state.legal_moves() and moves != state.legal_card_moves():
        raise AnalysisError(
            f"the analysis is not of the position {quote(str(state))}: its moves differ"
        )
    parts: list[str] = []
    position = state
    for move in analysis.pv:
        if not position.trick.cards and parts and isinstance(move, Move):
            parts.append("/")
        parts.append(f"{position.to_move}:{move_to_unicode(move)}")
        position = position.play(move)
    return analysis.to_unicode(move_to_unicode, pv_text=" ".join(parts))


def _html(kind: str, image: SvgImage, text: str) -> str:
    return f'<div class="cardgames-{kind}" title="{html.escape(text)}">{_in_html(image)}</div>'


def state_to_html(state: State) -> str:
    """A position as HTML for Jupyter: the SVG picture of :func:`cardgames.svg.table` in a
    ``div`` whose title is the position's notation (the whole is well-formed XML).

    :raises NotationError: if ``state`` is not a :class:`cardgames.tarot.state.State`.
    """
    state = _check_state(state)
    return _html("tarot-state", state_to_svg(state), str(state))


def trick_to_html(trick: Trick) -> str:
    """A trick as HTML for Jupyter: the SVG picture of :func:`cardgames.svg.trick` in a
    ``div`` (well-formed XML).

    :raises NotationError: if ``trick`` is not a :class:`cardgames.tarot.moves.Trick`.
    """
    trick = _check_trick(trick)
    return _html("tarot-trick", svg.trick(trick), str(trick))


# -- the SVG table ----------------------------------------------------------------------------


def state_to_svg(
    state: State, *, width: int = DEFAULT_CARD_WIDTH, per_row: int = DEFAULT_PER_ROW
) -> SvgImage:
    """A position as an SVG picture, the seats round a table: the drawing behind
    :func:`cardgames.svg.table` and ``state.to_svg()`` for Tarot, which describes it.

    :param width: each card's width in pixels, an int from 16 to 400.
    :param per_row: cards in a row of a hand, an int from 1 to 100.
    :raises NotationError: if ``state`` is not a :class:`cardgames.tarot.state.State`.
    :raises RulesError: if ``width`` or ``per_row`` is out of range.

    >>> from cardgames import tarot
    >>> image = state_to_svg(tarot.deal(tarot.Rules.traditional(players=4), seed=2))
    >>> image.count('class="card"'), image.count('class="seat"')
    (78, 4)
    """
    state = _check_state(state)
    width = _card_width(width)
    per_row = _per_row(per_row)
    return _table_picture(_tarot_table(state, width, per_row), width)


def _trick_on_felt(trick: Trick, players: int, width: int, title: str) -> _Drawing:
    # The trick in the middle of the table: each card pushed toward the seat that played it,
    # with the seat under it, later cards on top; the winner's card outlined once complete.
    label = width * 0.28
    slot = (float(width), _height(width) + label * 1.5)
    points = _around([slot] * players, (0, 0), width * 0.12)
    left = min(x for x, _ in points) - slot[0] / 2
    right = max(x for x, _ in points) + slot[0] / 2
    top = min(y for _, y in points) - slot[1] / 2
    bottom = max(y for _, y in points) + slot[1] / 2
    title_size = width * 0.32
    heading = title_size * 1.6
    wide = max(right - left, _text_width(title, title_size, bold=True))
    shift = (wide - (right - left)) / 2 - left
    body = [
        '<g class="trick">',
        _felt_text(wide / 2, title_size, title, title_size, "trick-title", bold=True),
    ]
    for seat, value in zip(trick.players, trick.cards, strict=True):
        won = seat == trick.winner
        x, y = points[seat]
        card_x = x - slot[0] / 2 + shift
        card_y = y - slot[1] / 2 - top + heading
        body.append(_card_group(_face(value), card_x, card_y, width, highlight=won))
        name = f"seat {seat}" + (" wins" if won else "")
        body.append(
            _felt_text(
                card_x + width / 2,
                card_y + _height(width) + label * 1.15,
                name,
                label,
                "seat-label",
                bold=won,
            )
        )
    body.append("</g>")
    return _Drawing(tuple(body), wide, heading + bottom - top)


def _tarot_order(cards: Iterable[TarotCard]) -> list[TarotCard]:
    # The order of the text pictures (cardgames.tarot.render.hand_lines): spades, hearts,
    # diamonds, clubs, each from the King down, then the trumps from 21 down and the Excuse.
    def key(value: TarotCard) -> tuple[int, int]:
        if value.suit is not None:
            return (int(value.suit), -int(value.rank or 0))
        return (4, -(value.trump_number or 0))

    return sorted(cards, key=key)


def _tarot_centre(state: State, width: int, per_row: int) -> _Drawing:
    # The middle of a Tarot table: the trick (or the last one won), the discard while the
    # dealer discards, what the auction waits for before the play; the dog once shown.
    phase = state.phase
    players = state.rules.players
    parts: list[_Drawing] = []
    if phase is Phase.BIDDING:
        parts.append(_lines_on_felt(("Bidding", f"seat {state.to_move} to bid"), width, "auction"))
    elif phase is Phase.CALL:
        parts.append(
            _lines_on_felt(("Call", f"seat {state.to_move} to call a card"), width, "auction")
        )
    elif phase is Phase.ANNOUNCE:
        parts.append(
            _lines_on_felt(("Announcement", f"seat {state.to_move} to announce"), width, "auction")
        )
    elif state.rules.bidding and state.is_void:
        parts.append(_lines_on_felt(("Void deal", "every seat passed"), width, "auction"))
    elif phase is Phase.DISCARD:
        title = f"Discard ({state.discard_remaining} more to discard)"
        parts.append(_cards_on_felt(state.discard, title, width, per_row, "discard"))
    elif state.trick.cards or not state.tricks:
        number = len(state.tricks) + 1
        title = f"Trick {number}, led by seat {state.trick.leader}"
        parts.append(_trick_on_felt(state.trick, players, width, title))
    else:
        last = state.tricks[-1]
        title = f"Trick {len(state.tricks)}, led by seat {last.leader}"
        parts.append(_trick_on_felt(last, players, width, title))
    contract = state.contract if state.taker is not None else None
    if contract is not None and contract.dog_shown and phase is not Phase.DISCARD:
        small = max(round(width * 0.75), 12)
        parts.append(_cards_on_felt(state.initial.talon, "Dog (shown)", small, 100, "dog", width))
    return _stack_on_felt(parts, width)


def _tarot_table(state: State, width: int, per_row: int) -> list[_Drawing]:
    parts = [_heading(state_heading(state), width)]
    french = state.rules.bidding
    if french:
        parts.append(_caption(contract_lines(state), width, "contract"))
    tricks = [0] * state.rules.players
    for done in state.tricks:
        if done.winner is not None:
            tricks[done.winner] += 1
    points = state.points()
    panels = []
    for seat, cards in enumerate(state.hands):
        notes = []
        if seat == state.dealer:
            notes.append("dealer")
        if french and seat == state.taker:
            notes.append("taker")
        if french and seat == state.partner:
            notes.append("partner")
        to_move = seat == state.to_move and not state.is_over
        if to_move:
            notes.append("to move")
        won = format_points(points[seat])
        stats = f"{_plural(tricks[seat], 'trick')}, {won} point{'' if won == '1' else 's'}"
        faces = [_face(value) for value in _tarot_order(cards)]
        panels.append(_seat_panel(seat, notes, stats, faces, width, per_row, to_move))
    parts.append(_round_table(panels, _tarot_centre(state, width, per_row), width))
    score = state.score() if french else None
    if score is not None:
        parts.append(_caption(tuple(score.to_unicode().splitlines()), width, "score"))
    return parts
