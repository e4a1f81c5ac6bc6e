"""Position validation for Tarot: whether the fields of a :class:`~cardgames.tarot.state.State`
(or the hands and talon of a :class:`~cardgames.tarot.deal.Deal`) make a position that can be
played on to its end.

Each check returns the problem as a sentence, or None; the state's constructor raises it as a
:class:`~cardgames.errors.RulesError`. The functions take the state module's classes as
arguments where they test types, so that this module does not import the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tarot.cards import TAROT_PACK_SIZE, TarotCard, TarotCardSet, _check_card_set
from cardgames.tarot.contracts import (
    Announcement,
    AnyMove,
    Bid,
    Call,
    Contract,
    Declaration,
    Poignee,
)
from cardgames.tarot.moves import Move
from cardgames.tarot.phases import bid_problem, call_problem, declaration_problem, taker_hand
from cardgames.tarot.play import HONOUR_MASK, _discard_problem, _play_problem
from cardgames.tarot.rules import Rules
from cardgames.validation import check_bool, check_int, check_seat, quote

if TYPE_CHECKING:
    from cardgames.tarot.state import Deal, Phase, State, Trick

_MOVE_NAMES: Final = {
    "Bid": "a bid (pass or a contract)",
    "Call": "a call (call- and a card)",
    "Move": "a card",
    "Announcement": "an announcement (slam or no-slam)",
}
_ACTIONS: Final = {"discard": "discard", "bidding": "bid", "call": "call", "announce": "announce"}
_Kinds: TypeAlias = "tuple[type[Deal], type[Phase], type[Trick]]"
_EXCUSE: Final = 77
_FULL: Final = (1 << TAROT_PACK_SIZE) - 1


def _deal_problem(rules: Rules, hands: Sequence[int], talon: int) -> str | None:
    if len(hands) != rules.players:
        return f"expected {rules.players} hands, got {len(hands)}"
    for player, hand in enumerate(hands):
        if hand.bit_count() != rules.hand_size:
            return f"player {player} holds {hand.bit_count()} cards, expected {rules.hand_size}"
    if talon.bit_count() != rules.talon_size:
        return f"the talon holds {talon.bit_count()} cards, expected {rules.talon_size}"
    seen = talon
    for hand in hands:
        if seen & hand:
            return "a card is dealt twice"
        seen |= hand
    if seen != _FULL:
        return "some cards are not dealt"
    return None


def _check_sets(sets: tuple[TarotCardSet, ...], what: str) -> None:
    for cards in sets:
        _check_card_set(cards, what, error=RulesError)


def position_problem(state: State, kinds: _Kinds) -> str | None:
    """Why ``state``'s fields do not make a position of its deal that can be played on to
    its end, or None; ``kinds`` are the state module's Deal, Phase and Trick classes."""
    deal_kind, phases, trick_kind = kinds
    if not isinstance(state.initial, deal_kind):
        return f"initial {quote(state.initial)} is not a Deal"
    if not isinstance(state.phase, phases):
        return f"phase {quote(state.phase)} is not a Phase"
    rules = state.initial.rules
    players = rules.players
    check_seat(state.to_move, players, "seat to move")
    for name in ("hands", "won"):
        sets = getattr(state, name)
        _check_sets(sets, name[:-1] if name == "hands" else "won pile")
        if len(sets) != players:
            return f"expected {players} {name}, one per seat, got {len(sets)}"
    _check_card_set(state.discard, "discard", error=RulesError)
    check_bool(state.trumps_played, "trumps_played")
    if len(state.discard) > rules.talon_size:
        return (
            f"a discard of {len(state.discard)} cards, but these rules discard {rules.talon_size}"
        )
    if not isinstance(state.trick, trick_kind):
        return f"trick {quote(state.trick)} is not a Trick"
    excuse_at = None
    last = len(state.tricks)
    for number, trick in enumerate((*state.tricks, state.trick)):
        if not isinstance(trick, trick_kind):
            return f"trick {quote(trick)} is not a Trick"
        if max((trick.leader, *trick.players)) >= players:
            return f"trick {quote(trick)} names a seat of more than {players} players"
        if number == last:
            break
        if len(trick.cards) != players or trick.winner is None:
            return f"completed trick {quote(trick)} needs {players} cards and a winner"
        if any(card.index == _EXCUSE for card in trick.cards):
            excuse_at = number
    if state.trick.winner is not None or len(state.trick.cards) >= players:
        return f"the trick in progress {quote(state.trick)} is complete"
    if len(state.tricks) > rules.tricks_per_deal:
        return f"{len(state.tricks)} tricks, but a deal has {rules.tricks_per_deal}"
    if state.excuse_trick is not None:
        check_int(state.excuse_trick, "excuse_trick", low=0)
    if state.excuse_trick != excuse_at:
        return f"excuse_trick is {quote(state.excuse_trick)}, but the Excuse was played to " + (
            "no completed trick" if excuse_at is None else f"trick {excuse_at}"
        )
    problem = _contract_problem(state, phases)
    if problem is not None:
        return problem
    before_play = (phases.BIDDING, phases.CALL, phases.DISCARD, phases.ANNOUNCE)
    if state.phase in before_play and (state.tricks or state.trick.cards):
        return f"no card is played before the play ({state.phase.value})"
    if state.phase is phases.DISCARD:
        if state.to_move != state.discarder:
            return f"while discarding seat {state.discarder} is to move, not {state.to_move}"
    elif state.phase in (phases.BIDDING, phases.CALL, phases.ANNOUNCE):
        pass  # _contract_problem has checked who is to move
    elif state.phase is phases.PLAY:
        expected = state.trick.leader
        for _ in state.trick.cards:
            expected = rules._next(expected)
        if state.to_move != expected:
            return f"seat {state.to_move} is to move, but the trick calls for seat {expected}"
    elif not state.is_void and (any(state.hands) or state.trick.cards or not state.tricks):
        return "a deal is over only once every hand is empty and its tricks complete"
    return _holding_problem(state, phases)


def _holding_problem(state: State, phases: type[Phase]) -> str | None:
    # Every card in one place at most, and hands with which the deal can be played to its
    # end, so that a state that is not over always has a legal move (and the solver a
    # move to search): in play the seats that have played to the trick hold one card fewer
    # than the others, who hold at least one; while discarding the dealer holds the other
    # hands' size plus the cards still to discard, enough of them discardable.
    seen = 0
    for mask in (*(hand.mask for hand in state.hands), state.discard.mask, state.trick.mask):
        if seen & mask:
            return "a card is in two places (the hands, the discard, the trick in progress)"
        seen |= mask
    won = 0
    for pile in state.won:
        if won & pile.mask:
            return "a card is in two won piles"
        won |= pile.mask
    for trick in state.tricks:
        won |= trick.mask
    if won & seen:
        return "a card won or played to a completed trick is still held or played again"
    if state.rules.bidding and (seen | won) & state.initial.talon.mask:
        contract = state.contract
        if state.phase in (phases.BIDDING, phases.CALL) or (
            contract is None or not contract.dog_shown
        ):
            return "the dog is set aside: none of its cards is held, discarded or played"
    sizes = [len(hand) for hand in state.hands]
    if state.phase is phases.PLAY:
        played = set(state.trick.players)
        size = sizes[state.to_move]
        for seat, held in enumerate(sizes):
            if held != (size - 1 if seat in played else size):
                return (
                    f"seat {seat} holds {held} cards and seat {state.to_move} (to move) "
                    f"{size}: a seat that has played to the trick holds one card fewer than "
                    "the others, who hold the same number"
                )
        if not size:
            return "no card is left to play, but the deal is not over"
    elif state.phase is phases.DISCARD:
        dealer = state.discarder
        remaining = state.discard_remaining
        others = {held for seat, held in enumerate(sizes) if seat != dealer}
        if not remaining or len(others) > 1 or min(others) < 1:
            return (
                "while discarding, cards are still to be discarded and every other seat "
                f"holds the same number (at least one); got {sizes}"
            )
        if sizes[dealer] != min(others) + remaining:
            return (
                f"the dealer holds {sizes[dealer]} cards, but should hold "
                f"{min(others) + remaining}: the other hands' {min(others)} and the "
                f"{remaining} still to discard"
            )
        if (state.hands[dealer].mask & ~HONOUR_MASK).bit_count() < remaining:
            return (
                f"the dealer cannot discard {remaining} more cards: too few that are not "
                "Kings, trump 1, trump 21 or the Excuse"
            )
    return None


def _contract_problem(state: State, phases: type[Phase]) -> str | None:
    # The French fields: bids, call, announcement and poignées, against the phase.
    rules = state.rules
    french = (state.bids, state.called, state.slam_announced, state.poignees)
    if not rules.bidding:
        if french != ((), None, None, ()):
            return "bids, a call, an announcement or poignées need bidding rules"
        if state.phase in (phases.BIDDING, phases.CALL, phases.ANNOUNCE):
            return f"the {state.phase.value} phase needs bidding rules"
        return None
    best: Contract | None = None
    for bid in state.bids:
        if not isinstance(bid, Bid):
            return f"bid {quote(bid)} is not a Bid"
        if bid.contract is not None:
            if best is not None and not best < bid.contract:
                return f"bid {bid} does not overcall {best}"
            best = bid.contract
    if len(state.bids) > rules.players:
        return f"{len(state.bids)} bids, but each of the {rules.players} seats bids once"
    bidding_over = len(state.bids) == rules.players
    if not bidding_over:
        if state.phase is not phases.BIDDING:
            return f"the bidding is not over, but the phase is {state.phase.value}"
        expected = state._bidder(len(state.bids))
        if state.to_move != expected:
            return f"seat {state.to_move} is to move, but the bidding calls for seat {expected}"
    elif state.phase is phases.BIDDING:
        return "every seat has bid, but the phase is still bidding"
    if (
        bidding_over
        and best is None
        and (state.phase is not phases.OVER or any(state.won) or state.tricks)
    ):
        return "every seat passed: the deal is over, void, with nothing won"
    if state.called is not None:
        if not rules.called_king or state.taker is None or state.phase is phases.CALL:
            return f"a called card {quote(state.called)}, but no call under these rules yet"
        if not isinstance(state.called, TarotCard) or state.called.rank is None:
            return f"called card {quote(state.called)} is not a suit card"
    elif rules.called_king and bidding_over and best is not None and state.phase is not phases.CALL:
        return f"the taker has not called a card yet, but the phase is {state.phase.value}"
    if state.phase in (phases.CALL, phases.ANNOUNCE) and state.to_move != state.taker:
        return f"the taker, seat {state.taker}, is to move in the {state.phase.value} phase"
    if state.slam_announced is not None:
        check_bool(state.slam_announced, "slam_announced")
        if state.phase in (phases.BIDDING, phases.CALL, phases.DISCARD, phases.ANNOUNCE):
            return "the slam is announced only at the end of the announce phase"
    elif state.phase is phases.PLAY or (state.phase is phases.OVER and best is not None):
        return "the play starts only after the taker's announcement"
    seen: set[int] = set()
    for pair in state.poignees:
        if (
            len(pair) != 2
            or type(pair[0]) is not int
            or not 0 <= pair[0] < rules.players
            or not isinstance(pair[1], Poignee)
        ):
            return f"poignée {quote(pair)} is not a (seat, Poignee) pair"
        if pair[0] in seen:
            return f"seat {pair[0]} declares two poignées"
        seen.add(pair[0])
    if state.poignees and state.phase is not phases.PLAY and state.phase is not phases.OVER:
        return "poignées are declared only in play"
    return None


def move_problem(
    state: State, move: AnyMove, phases: type[Phase], phase_moves: Mapping[Phase, type]
) -> str | None:
    """Why ``move`` (of a move type) is illegal in ``state``, or None; ``phase_moves`` is the
    move type each phase takes."""
    phase = state.phase
    if phase is phases.OVER:
        return "the deal is over"
    wanted = phase_moves[phase]
    if not isinstance(move, wanted) and not (
        phase is phases.PLAY and isinstance(move, Declaration) and state.rules.bidding
    ):
        return f"the {phase.value} phase takes {_MOVE_NAMES[wanted.__name__]}"
    if isinstance(move, Bid):
        return bid_problem(state.contract, move)
    if isinstance(move, Call):
        return call_problem(taker_hand(state), move)
    if isinstance(move, Announcement):
        return None
    if isinstance(move, Declaration):
        return declaration_problem(state, move)
    if phase is phases.DISCARD:
        return _discard_problem(
            state.hands[state.discarder].mask,
            state.rules,
            state.discard_remaining,
            move.card.index,
        )
    return _play_problem(
        state.hands[state.to_move].mask,
        [card.index for card in state.trick.cards],
        state.rules,
        state.trumps_played,
        move.card.index,
    )


def illegal_move(state: State, move: AnyMove, reason: str) -> IllegalMoveError:
    """The error for ``move``, illegal in ``state`` for ``reason``, naming what the seat to
    move was doing."""
    action = _ACTIONS.get(state.phase.value, "play")
    return IllegalMoveError(
        f"illegal move {str(move)!r}: player {state.to_move} may not {action} it: {reason}"
    )


def check_move(
    state: State, move: AnyMove, phases: type[Phase], phase_moves: Mapping[Phase, type]
) -> None:
    """Raise if ``move`` is illegal in ``state`` (see
    :meth:`~cardgames.tarot.state.State.check`).

    :raises IllegalMoveError: naming the rule broken.
    """
    if not isinstance(move, _MOVE_TYPES) or (
        isinstance(move, Move) and not isinstance(move.card, TarotCard)
    ):
        raise IllegalMoveError(
            f"invalid Tarot move {quote(move)}: expected a Move (or, under French rules, a "
            "Bid, Call, Announcement or Declaration)"
        )
    reason = move_problem(state, move, phases, phase_moves)
    if reason is not None:
        raise illegal_move(state, move, reason)


_MOVE_TYPES: Final = (Move, Bid, Call, Announcement, Declaration)
