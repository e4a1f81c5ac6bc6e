"""The phases of a deal, as pure functions the state calls: its opening, the legal moves of
each phase and, under French rules, the auction, the call of a partner's card, the sides, the
dog taken for a discard, the slam announcement and the poignées declared in play.

Each function reads a :class:`~cardgames.tarot.state.State` (or plain values) and returns
what is legal, why a move is not, or the fields a move changes; the state applies them. The
state module's :class:`~cardgames.tarot.state.Phase` is passed in where a phase is set, so
that this module does not import the state.

>>> from cardgames.tarot import TarotCardSet
>>> kings = TarotCardSet.parse('KS KH KD KC 2S').mask
>>> TarotCardSet(callable_cards(kings))
TarotCardSet.parse('QS QH QD QC')
>>> [str(bid) for bid in bids_above(None)]
['pass', 'prise', 'garde', 'garde-sans', 'garde-contre']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardgames.cardset import iter_bits
from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.contracts import (
    _BIDS,
    _DECLARATIONS,
    NO_SLAM,
    PASS,
    SLAM,
    Announcement,
    AnyMove,
    Bid,
    Call,
    Contract,
    Declaration,
    Poignee,
    bidder,
    highest_contract,
    poignee_size,
    taker_of,
)
from cardgames.tarot.moves import MOVES, make_trick
from cardgames.tarot.play import EXCUSE_MASK, TRUMP_MASK
from cardgames.tarot.rules import Rules
from cardgames.tarot.tricks import legal_mask
from cardgames.validation import check_seat

if TYPE_CHECKING:
    from cardgames.tarot.state import Phase, State

CALLS: Final = {card.index: Call(card) for card in TarotCard.all() if card.rank is not None}
"""The one :class:`~cardgames.tarot.contracts.Call` of each suit card, by card index."""


# -- the auction -----------------------------------------------------------------------------


def bids_above(best: Contract | None) -> tuple[Bid, ...]:
    """The legal bids after ``best``: a pass, then every contract above it."""
    return (PASS, *(_BIDS[c] for c in Contract if best is None or best < c))


def bid_problem(best: Contract | None, bid: Bid) -> str | None:
    """Why ``bid`` may not follow the highest contract ``best``, or None."""
    if bid.contract is not None and best is not None and not best < bid.contract:
        return f"a bid must be higher than the last one ({best.value})"
    return None


def bid_changes(state: State, bid: Bid, phases: type[Phase]) -> dict[str, Any]:
    """The fields ``bid`` changes: the next bidder, or once every seat has bid the deal over
    (all passed), the call, or what follows it (see :func:`dog_changes`)."""
    rules = state.rules
    bids = (*state.bids, bid)
    if len(bids) < rules.players:
        return {"bids": bids, "to_move": rules._next(state.to_move)}
    taker = taker_of(rules, state.dealer, bids)
    if taker is None:  # every seat passed: a void deal
        return {"bids": bids, "phase": phases.OVER, "to_move": bidder(rules, state.dealer, 0)}
    if rules.called_king:
        return {"bids": bids, "phase": phases.CALL, "to_move": taker}
    contract = highest_contract(bids)
    assert contract is not None
    return {"bids": bids, **dog_changes(state, taker, contract, phases)}


# -- the call and the dog --------------------------------------------------------------------


def callable_cards(hand: int) -> int:
    """The cards a taker holding ``hand`` may call: the four Kings, or the four of the
    highest rank of which the taker does not hold all four."""
    for rank in range(14, 0, -1):
        mask = sum(1 << (14 * suit + rank - 1) for suit in range(4))
        if hand & mask != mask:
            return mask
    raise AssertionError("no hand holds every suit card")  # pragma: no cover


def call_problem(hand: int, call: Call) -> str | None:
    """Why the taker holding ``hand`` may not make ``call``, or None."""
    if not (1 << call.card.index) & callable_cards(hand):
        return (
            "the taker calls a King, or a Queen when holding all four Kings (a Knight "
            "when holding all four Queens too, and so on)"
        )
    return None


def dog_changes(
    state: State, taker: int, contract: Contract, phases: type[Phase]
) -> dict[str, Any]:
    """The fields that change once the taker is known (and the card called): the dog taken
    into the taker's hand for a discard, or straight on to the announcement."""
    if contract.dog_shown:
        hands = list(state.hands)
        hands[taker] = TarotCardSet(hands[taker].mask | state.initial.talon.mask)
        return {"hands": tuple(hands), "phase": phases.DISCARD, "to_move": taker}
    return {"phase": phases.ANNOUNCE, "to_move": taker}


# -- the announcement ------------------------------------------------------------------------


def announcement_leader(state: State, announcement: Announcement) -> int:
    """Who leads the first trick after ``announcement``: the taker after a slam, else the
    seat after the dealer."""
    taker = state.taker
    assert taker is not None
    return taker if announcement.slam else state.rules.first_leader(state.dealer)


# -- poignées ----------------------------------------------------------------------------------


def shown_trumps(rules: Rules, hand: int, level: Poignee) -> int:
    """The cards a poignée of ``level`` shows from ``hand`` (0 if it cannot be shown): the
    lowest trumps, with the Excuse for the last one when the rules allow it."""
    size = poignee_size(level, rules.players)
    trumps = list(iter_bits(hand & TRUMP_MASK))
    if len(trumps) >= size:
        return sum(1 << index for index in trumps[:size])
    if rules.poignee_with_excuse and hand & EXCUSE_MASK and len(trumps) == size - 1:
        return sum(1 << index for index in trumps) | EXCUSE_MASK
    return 0


def starting_hand(state: State, seat: int) -> int:
    """The seat's hand as the play began: the deal's, with the dog taken and the discard made
    for the taker of a prise or a garde."""
    hand = state.initial.hands[seat].mask
    contract = state.contract
    if seat == state.taker and contract is not None and contract.dog_shown:
        hand = (hand | state.initial.talon.mask) & ~state.discard.mask
    return hand


def poignee_shown(state: State, seat: int) -> int:
    """The trumps ``seat`` showed with its poignée, 0 if it declared none: the lowest trumps of
    its hand as it was before its first card, as many as the poignée calls for, with the Excuse
    standing in for the last one when the rules allow it and the seat held no more trumps than
    that."""
    for declarer, level in state.poignees:
        if declarer == seat:
            return shown_trumps(state.rules, starting_hand(state, seat), level)
    return 0


def declarable(state: State) -> tuple[Poignee, ...]:
    """The poignées the seat to move may declare now: only before its first card, once."""
    seat = state.to_move
    if state.tricks or seat in state.trick.players or any(p == seat for p, _ in state.poignees):
        return ()
    hand = state.hands[seat].mask
    return tuple(level for level in Poignee if shown_trumps(state.rules, hand, level))


def declaration_problem(state: State, declaration: Declaration) -> str | None:
    """Why the seat to move may not declare ``declaration`` now, or None."""
    if state.tricks or state.to_move in state.trick.players:
        return "a poignée is declared before the player's first card"
    if any(seat == state.to_move for seat, _ in state.poignees):
        return "a player declares one poignée at most"
    if declaration.poignee not in declarable(state):
        size = poignee_size(declaration.poignee, state.rules.players)
        return f"a {declaration.poignee.value} poignée shows {size} trumps"
    return None


# -- the opening, the sides and the moves of each phase ----------------------------------------


def opening(
    rules: Rules,
    dealer: int,
    hands: tuple[TarotCardSet, ...],
    talon: TarotCardSet,
    phases: type[Phase],
) -> tuple[Phase, int, tuple[TarotCardSet, ...]]:
    """The phase, the seat to move and the hands at the start of a deal (see
    :meth:`~cardgames.tarot.state.State.from_deal`): the auction under French rules, else
    the dealer's discard with the talon taken into hand, or the play when there is no talon.

    >>> from cardgames.tarot import Rules, State, TarotCardSet
    >>> rules = Rules.simplified(players=2)
    >>> cards = list(TarotCardSet.full())
    >>> hands = [TarotCardSet.from_cards(cards[:39]), TarotCardSet.from_cards(cards[39:])]
    >>> state = State.from_deal(rules, hands, TarotCardSet(), dealer=1)
    >>> state.phase, state.to_move
    (<Phase.PLAY: 'play'>, 0)
    """
    held = list(hands)
    if rules.bidding:
        return phases.BIDDING, rules.first_leader(dealer), tuple(held)
    if rules.talon_size:
        held[dealer] = held[dealer] | talon
        return phases.DISCARD, dealer, tuple(held)
    return phases.PLAY, rules.first_leader(dealer), tuple(held)


def discard_remaining(state: State) -> int:
    """How many cards the discarder still has to discard (see
    :attr:`~cardgames.tarot.state.State.discard_remaining`)."""
    if state.rules.bidding:
        contract = state.contract
        if contract is None or not contract.dog_shown:
            return 0
    return state.rules.talon_size - len(state.discard)


def taker_hand(state: State) -> int:
    """The taker's hand as dealt, from which the call is made."""
    taker = state.taker
    assert taker is not None
    return state.initial.hands[taker].mask


def partner(state: State) -> int | None:
    """The holder of the called card, or None (see
    :attr:`~cardgames.tarot.state.State.partner`)."""
    if state.called is None:
        return None
    bit = 1 << state.called.index
    for seat, hand in enumerate(state.initial.hands):
        if hand.mask & bit:
            return None if seat == state.taker else seat
    return None


def teams(state: State) -> tuple[tuple[int, ...], ...]:
    """The sides that score together (see :attr:`~cardgames.tarot.state.State.teams`)."""
    taker = state.taker if state.rules.bidding else None
    if taker is None:
        return state.rules.teams
    attack = tuple(sorted({taker, state.partner if state.partner is not None else taker}))
    defence = tuple(seat for seat in range(state.rules.players) if seat not in attack)
    return (attack, defence)


def legal_moves(state: State, phases: type[Phase]) -> tuple[AnyMove, ...]:
    """Every legal move in ``state`` (see :meth:`~cardgames.tarot.state.State.legal_moves`).

    Cards come in ascending card order (spades, hearts, diamonds, clubs from 1 to King, then
    trumps 1 to 21, then the Excuse), followed in the play of French rules by the poignées the
    seat to move may declare before its first card. While bidding: a pass, then every contract
    above the highest bid so far; in the call, the cards that may be called; in the
    announcement, no slam then a slam.

    >>> from cardgames.tarot import Rules, deal
    >>> state = deal(Rules.traditional(players=3), seed=7, dealer=0)
    >>> state.legal_moves()[:3]
    (Move.parse('2S'), Move.parse('3S'), Move.parse('4S'))
    >>> after = state.play(state.legal_moves()[0])
    >>> len(after.discard), len(state.discard)
    (1, 0)
    """
    phase = state.phase
    if phase is phases.BIDDING:
        return bids_above(state.contract)
    if phase is phases.CALL:
        return tuple(CALLS[index] for index in iter_bits(callable_cards(taker_hand(state))))
    if phase is phases.ANNOUNCE:
        return (NO_SLAM, SLAM)
    cards: tuple[AnyMove, ...] = tuple(
        MOVES[index] for index in iter_bits(legal_mask(state, phases))
    )
    if phase is phases.PLAY and state.rules.bidding:
        return cards + tuple(_DECLARATIONS[level] for level in declarable(state))
    return cards


def contract_move_changes(
    state: State, move: Bid | Call | Announcement | Declaration, phases: type[Phase]
) -> dict[str, Any]:
    """The fields a French move that is not a card, already checked, changes in ``state``."""
    if isinstance(move, Declaration):
        return {"poignees": (*state.poignees, (state.to_move, move.poignee))}
    if isinstance(move, Bid):
        return bid_changes(state, move, phases)
    if isinstance(move, Call):
        taker, contract = state.taker, state.contract
        assert taker is not None and contract is not None
        return {"called": move.card, **dog_changes(state, taker, contract, phases)}
    leader = announcement_leader(state, move)
    return {
        "slam_announced": move.slam,
        "phase": phases.PLAY,
        "to_move": leader,
        "trick": make_trick(leader),
    }


def team_of(state: State, seat: int) -> int:
    """The position in ``state.teams`` of the side of ``seat``.

    :raises RulesError: if ``seat`` is not a seat of the table.
    """
    check_seat(seat, state.rules.players, "seat")
    for number, members in enumerate(state.teams):
        if seat in members:
            return number
    raise AssertionError("every seat is in a team")  # pragma: no cover
