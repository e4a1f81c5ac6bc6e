"""The play of a card in Tarot, as functions the state calls: the cards that may be
discarded or played, a card discarded, a card played to the trick, and the trick won, with
the Excuse kept by its player until the end of the deal.

The functions take the state module's :class:`~cardgames.tarot.state.Phase` and its way to
build a trick without the constructor's checks as arguments, so that this module does not
import the state; the card must already be checked as legal.

>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.simplified(players=3), seed=1)
>>> card = state.legal_card_moves()[0].card
>>> state.play(state.legal_card_moves()[0]).trick.cards == (card,)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.play import (
    EXCUSE_MASK,
    TRUMP_MASK,
    _legal_cards_mask,
    _legal_discards_mask,
    _trick_winner_indices,
)

if TYPE_CHECKING:
    from cardgames.tarot.state import Phase, State, Trick

_EXCUSE: Final = 77

MakeTrick = Callable[..., "Trick"]


def play_card(state: State, card: TarotCard, phases: type[Phase], make_trick: MakeTrick) -> State:
    """The state after ``card``, discarded or played to the trick by the seat to move (see
    :meth:`cardgames.tarot.state.State.play`)."""
    bit = 1 << card.index
    player = state.to_move
    hands = list(state.hands)
    hands[player] = TarotCardSet(hands[player].mask & ~bit)
    rules = state.rules
    if state.phase is phases.DISCARD:
        discard = TarotCardSet(state.discard.mask | bit)
        done = len(discard) == rules.talon_size
        if rules.bidding:
            return state._evolve(
                hands=tuple(hands),
                discard=discard,
                phase=phases.ANNOUNCE if done else phases.DISCARD,
            )
        return state._evolve(
            hands=tuple(hands),
            discard=discard,
            phase=phases.PLAY if done else phases.DISCARD,
            to_move=state.trick.leader if done else player,
        )
    trick = state.trick
    cards = (*trick.cards, card)
    players = (*trick.players, player)
    trumps_played = state.trumps_played or bool(bit & TRUMP_MASK)
    if len(cards) < rules.players:
        return state._evolve(
            hands=tuple(hands),
            trick=make_trick(trick.leader, cards, players),
            to_move=rules._next(player),
            trumps_played=trumps_played,
        )
    indices = [c.index for c in cards]
    position = _trick_winner_indices(indices, rules.numeral_order)
    assert position is not None  # a complete trick holds a card other than the Excuse
    if indices[0] == _EXCUSE and rules.excuse_wins_slam and slam_lead(state):
        position = 0
    winner = players[position]
    won = list(state.won)
    mask = sum(1 << index for index in indices)
    excuse_trick = state.excuse_trick
    if mask & EXCUSE_MASK:
        excuser = players[indices.index(_EXCUSE)]
        won[excuser] = TarotCardSet(won[excuser].mask | EXCUSE_MASK)
        mask &= ~EXCUSE_MASK
        excuse_trick = len(state.tricks)
    won[winner] = TarotCardSet(won[winner].mask | mask)
    over = not any(hands)
    return state._evolve(
        hands=tuple(hands),
        trick=make_trick(winner),
        tricks=(
            *state.tricks,
            make_trick(trick.leader, cards, players, winner),
        ),
        won=tuple(won),
        to_move=winner,
        trumps_played=trumps_played,
        excuse_trick=excuse_trick,
        phase=phases.OVER if over else phases.PLAY,
    )


def slam_lead(state: State) -> bool:
    """Whether the trick in progress is the last and its leader's side won every earlier
    trick (then a led Excuse wins it, under ``excuse_wins_slam``)."""
    if len(state.tricks) != state.rules.tricks_per_deal - 1:
        return False
    side = state.team_of(state.trick.leader)
    return all(
        trick.winner is not None and state.team_of(trick.winner) == side for trick in state.tricks
    )


def legal_mask(state: State, phases: type[Phase]) -> int:
    """The cards the seat to move may discard or play now, as a mask (0 outside the discard
    and the play)."""
    if state.phase is phases.PLAY:
        return _legal_cards_mask(
            state.hands[state.to_move].mask,
            [card.index for card in state.trick.cards],
            state.rules,
            state.trumps_played,
        )
    if state.phase is phases.DISCARD:
        return _legal_discards_mask(
            state.hands[state.discarder].mask, state.rules, state.discard_remaining
        )
    return 0
