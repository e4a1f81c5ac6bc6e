"""The library's Tarot objects as the fast step (:mod:`cardgames.tarot.env_step`) makes and
reads them: a state built from plain ints without the
constructor's checks (the engine's moves are legal, so the checks would only repeat what it
knows), and a state read back into plain ints.

>>> from cardgames.tarot import Rules, deal
>>> rules = Rules.traditional(players=3)
>>> start = deal(rules, seed=7, dealer=2)
>>> hands = [hand.mask for hand in start.initial.hands]
>>> built = opening_state(rules, 2, hands, start.initial.talon.mask)
>>> built == start, encoded(start).to_move == start.to_move
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.contracts import Poignee
from cardgames.tarot.deal import Deal
from cardgames.tarot.moves import Trick, make_trick
from cardgames.tarot.phases import opening
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Phase, State
from cardgames.validation import strict_arguments

__all__ = [
    "PHASES",
    "Encoded",
    "build_state",
    "encoded",
    "make_deal",
    "opening_state",
]

PHASES: Final = tuple(Phase)
"""The phases in the order of the observation's one-hot field."""
_CARDS: Final = TarotCard.all()
_POIGNEES: Final = tuple(Poignee)
_FIELDS: Final = tuple(field.name for field in attrs.fields(State))
_EMPTY: Final = TarotCardSet()


def make_deal(rules: Rules, dealer: int, hands: Sequence[int], talon: int) -> Deal:
    """The :class:`~cardgames.tarot.deal.Deal` of these masks (built without its checks)."""
    deal = object.__new__(Deal)
    object.__setattr__(deal, "rules", rules)
    object.__setattr__(deal, "dealer", dealer)
    object.__setattr__(deal, "hands", tuple(TarotCardSet(mask) for mask in hands))
    object.__setattr__(deal, "talon", TarotCardSet(talon))
    return deal


def opening_state(rules: Rules, dealer: int, hands: Sequence[int], talon: int) -> State:
    """The start of the deal of these masks, as :meth:`State.from_deal
    <cardgames.tarot.state.State.from_deal>` makes it (without its checks)."""
    initial = make_deal(rules, dealer, hands, talon)
    phase, to_move, held = opening(rules, dealer, initial.hands, initial.talon, Phase)
    return _trusted(
        initial=initial,
        phase=phase,
        to_move=to_move,
        hands=held,
        discard=_EMPTY,
        trick=make_trick(rules.first_leader(dealer)),
        tricks=(),
        won=(_EMPTY,) * rules.players,
        trumps_played=False,
        excuse_trick=None,
        bids=(),
        called=None,
        slam_announced=None,
        poignees=(),
    )


def _trusted(**fields: object) -> State:
    state = object.__new__(State)
    for name in _FIELDS:
        object.__setattr__(state, name, fields[name])
    return state


def trick_of(leader: int, cards: Sequence[int], players: Sequence[int], winner: int) -> Trick:
    """A :class:`~cardgames.tarot.moves.Trick` of card indices (``winner`` -1 while in
    progress)."""
    return make_trick(
        leader,
        tuple(_CARDS[card] for card in cards),
        tuple(players),
        None if winner < 0 else winner,
    )


def build_state(
    base: State,
    phase: int,
    to_move: int,
    hands: Sequence[int],
    discard: int,
    trick: Trick,
    tricks: Sequence[Trick],
    won: Sequence[int],
    trumps_played: bool,
    excuse_trick: int,
    poignees: Sequence[tuple[int, int]],
) -> State:
    """The state of ``base``'s deal (its deal, bids, call and announcement) with the other
    fields as given in ints (``excuse_trick`` -1 for None, poignées as ``(seat, level)``)."""
    return _trusted(
        initial=base.initial,
        phase=PHASES[phase],
        to_move=to_move,
        hands=tuple(TarotCardSet(mask) for mask in hands),
        discard=TarotCardSet(discard),
        trick=trick,
        tricks=tuple(tricks),
        won=tuple(TarotCardSet(mask) for mask in won),
        trumps_played=trumps_played,
        excuse_trick=None if excuse_trick < 0 else excuse_trick,
        bids=base.bids,
        called=base.called,
        slam_announced=base.slam_announced,
        poignees=tuple((seat, _POIGNEES[level]) for seat, level in poignees),
    )


@strict_arguments
@attrs.frozen
class Encoded:
    """A state's fields as the engine keeps them (see :func:`encoded`)."""

    phase: int
    dealer: int
    to_move: int
    hands: list[int]
    discard: int
    talon: int
    leader: int
    trick_cards: list[int]
    trick_players: list[int]
    tricks: list[Trick]
    won: list[int]
    trumps_played: bool
    excuse_trick: int
    teams: list[int]
    taker: int
    called: int
    poignees: list[tuple[int, int]]


def encoded(state: State) -> Encoded:
    """The fields of ``state`` in ints and lists (see :class:`Encoded`)."""
    rules = state.rules
    taker = state.taker if rules.bidding else None
    return Encoded(
        phase=PHASES.index(state.phase),
        dealer=state.dealer,
        to_move=state.to_move,
        hands=[hand.mask for hand in state.hands],
        discard=state.discard.mask,
        talon=state.initial.talon.mask,
        leader=state.trick.leader,
        trick_cards=[card.index for card in state.trick.cards],
        trick_players=list(state.trick.players),
        tricks=list(state.tricks),
        won=[pile.mask for pile in state.won],
        trumps_played=state.trumps_played,
        excuse_trick=-1 if state.excuse_trick is None else state.excuse_trick,
        teams=[state.team_of(seat) for seat in range(rules.players)],
        taker=-1 if taker is None else taker,
        called=-1 if state.called is None else state.called.index,
        poignees=[(seat, _POIGNEES.index(level)) for seat, level in state.poignees],
    )
