"""What the library's bots do in Tarot: the rules of thumb of
:class:`~cardgames.bots.rule_bot.RuleBot` applied to a seat's view, a deal played out by them,
and how a sampling bot (:class:`~cardgames.bots.pimc.PIMCBot`) values the cards of one
sampled world.

The heuristics themselves are pure functions on masks (:mod:`cardgames.tarot.heuristics`);
this module reads a :class:`~cardgames.tarot.view.View` into their raw arguments. The game's
descriptor (``cardgames.tarot.GAME``) hands these functions to the bots, which know no game.

>>> from cardgames import tarot
>>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=2)
>>> tarot_rule_move(state.view(state.to_move)) in state.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final, TypeAlias

from cardgames.errors import RulesError
from cardgames.games import SamplingSettings
from cardgames.search.results import Analysis, Limit, MoveValue
from cardgames.tarot.analysis import analyse_tarot
from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.contracts import NO_SLAM, SLAM, Announcement, Bid, Call, Declaration
from cardgames.tarot.french_value import score_values
from cardgames.tarot.heuristics import (
    choose_card_index,
    choose_discard_index,
    french_bid,
    french_call,
    french_poignee,
    french_slam,
)
from cardgames.tarot.horizon import Estimate
from cardgames.tarot.state import Move, Phase, State
from cardgames.tarot.view import View
from cardgames.validation import quote

# The moves of every phase, spelt out: the docs read a signature's types from this module.
AnyMove: TypeAlias = Move | Bid | Call | Announcement | Declaration

__all__ = [
    "rollout_points",
    "sampled_values",
    "settled_move",
    "tarot_card_move",
    "tarot_rule_move",
    "tarot_sides",
    "tarot_unseen",
    "tarot_voids",
]

_FULL: Final = (1 << 78) - 1
_TRUMP_KIND: Final = 4
_NO_VOIDS: Final = (0,) * 6
_HORIZON_ESTIMATES: Final = {
    "share": Estimate.SHARE,
    "strength": Estimate.STRENGTH,
    "learned": Estimate.LEARNED,
}


def _legal_moves(view: View) -> tuple[AnyMove, ...]:
    if not isinstance(view, View):
        raise RulesError(
            f"invalid view {quote(view)}: expected a cardgames.tarot.View (a bot is never "
            "handed a State)"
        )
    moves = view.legal_moves()
    if not moves:
        raise RulesError(
            f"no move to choose: seat {view.seat} is not to move in this view (or it is over)"
        )
    return moves


def tarot_rule_move(view: View) -> AnyMove:
    """:class:`~cardgames.bots.rule_bot.RuleBot`'s Tarot move for ``view`` (deterministic: no
    randomness is needed).

    Under French rules every phase has its rule (see :mod:`cardgames.tarot.heuristics`):
    the bid by :func:`~cardgames.tarot.heuristics.french_bid`, the call by
    :func:`~cardgames.tarot.heuristics.french_call`, the slam by
    :func:`~cardgames.tarot.heuristics.french_slam`, a poignée by
    :func:`~cardgames.tarot.heuristics.french_poignee` (declared before the first card),
    the discard and the cards as under the other rules, with the sides as the seat knows
    them (:func:`~cardgames.tarot.bot_play.tarot_sides`).

    :raises RulesError: if ``view`` is not a Tarot view whose seat is to move.
    """
    moves = _legal_moves(view)
    if len(moves) == 1:
        return moves[0]
    rules = view.rules
    phase = view.phase
    if phase is Phase.BIDDING:
        return Bid(french_bid(view.hand, rules.players, view.contract))
    if phase is Phase.CALL:
        options = TarotCardSet.from_cards(move.card for move in moves if isinstance(move, Call))
        return Call(french_call(view.hand, options))
    if phase is Phase.ANNOUNCE:
        return SLAM if french_slam(view.hand, rules.players) else NO_SLAM
    levels = [move.poignee for move in moves if isinstance(move, Declaration)]
    if levels:
        level = french_poignee(levels)
        if level is not None:
            return Declaration(level)
    return tarot_card_move(view)


def tarot_card_move(view: View) -> Move:
    """:class:`~cardgames.bots.rule_bot.RuleBot`'s card for ``view``: the card to discard or to
    play (under French rules, a poignée it may declare left aside).

    :raises RulesError: if ``view`` is not a Tarot view whose seat is to move a card.
    """
    _legal_moves(view)
    moves = view.legal_card_moves()
    if not moves:
        raise RulesError(f"no card to choose: seat {view.seat} has no card to play or discard")
    if len(moves) == 1:
        return moves[0]
    legal = 0
    for move in moves:
        legal |= move.card.mask
    rules = view.rules
    if view.phase is Phase.DISCARD:
        index = choose_discard_index(rules, view.hand.mask, legal)
    else:
        index = choose_card_index(
            rules,
            view.seat,
            view.hand.mask,
            [card.index for card in view.trick.cards],
            view.trick.players,
            legal,
            tarot_unseen(view),
            tarot_voids(view),
            tarot_sides(view),
        )
    return Move(TarotCard.from_index(index))


def tarot_unseen(view: View) -> int:
    """The mask of the cards the seat has not seen (:meth:`cardgames.tarot.view.View.unseen`:
    the other hands and a hidden discard)."""
    return view.unseen().mask


def tarot_voids(view: View) -> tuple[int, ...]:
    """Per seat, the mask of the kinds it is known to lack (bit ``k`` for suit ``k``, bit 4
    for trumps), from the view's ``void_suits`` and ``out_of_trumps``."""
    masks = []
    for seat in range(view.rules.players):
        mask = 0
        for suit in view.void_suits[seat]:
            mask |= 1 << int(suit)
        if view.out_of_trumps[seat]:
            mask |= 1 << _TRUMP_KIND
        masks.append(mask)
    return tuple(masks)


def tarot_sides(view: View) -> tuple[int, ...]:
    """Per seat, the side the view's seat knows it plays for, as the heuristics take it
    (:func:`~cardgames.tarot.heuristics.choose_card_index`): under French rules 0 for the
    attack, 1 for the defence and -1 for a seat whose side is hidden from this one
    (:meth:`cardgames.tarot.view.View.side_of`); under the other rules ``rules.team_of``.

    >>> from cardgames import tarot
    >>> from cardgames.tarot.view import view_of
    >>> tarot_sides(view_of(tarot.deal(tarot.Rules.traditional(players=4), seed=1), 0))
    (0, 1, 0, 1)
    """
    rules = view.rules
    if not rules.bidding or view.taker is None:
        return tuple(rules.team_of(seat) for seat in range(rules.players))
    sides = []
    for seat in range(rules.players):
        side = view.side_of(seat)
        sides.append(-1 if side is None else side)
    return tuple(sides)


def rollout_points(state: State, seat: int) -> float:
    """Play ``state`` out to the end with :class:`cardgames.bots.rule_bot.RuleBot`'s rules of thumb
    for every seat, each seeing its own hand and the cards played (no inference of voids; under
    French rules, the sides known, and no poignée declared), and return the card points of
    ``seat``'s side at the end (as :meth:`cardgames.tarot.state.State.team_points` counts them).

    >>> from cardgames import tarot
    >>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=1)
    >>> while len(state.tricks) < 21:
    ...     state = state.play(state.legal_moves()[0])
    >>> 0 <= rollout_points(state, 0) <= 78
    True

    :raises RulesError: if ``state`` is not a Tarot state in its play phase or later.
    """
    if not isinstance(state, State) or state.phase not in (
        Phase.PLAY,
        Phase.OVER,
    ):
        raise RulesError(f"invalid play-out state {quote(state)}: expected a Tarot play position")
    state = rule_playout(state)
    points: Fraction = state.team_points()[state.team_of(seat)]
    return float(points)


def rule_playout(state: State) -> State:
    """``state`` played to the end of the deal's card play by RuleBot's rules of thumb for
    every card (as :func:`rollout_points` plays it).

    :raises RulesError: if ``state`` is not a Tarot state in its play phase or later.
    """
    if not isinstance(state, State) or state.phase not in (
        Phase.PLAY,
        Phase.OVER,
    ):
        raise RulesError(f"invalid play-out state {quote(state)}: expected a Tarot play position")
    rules = state.rules
    discarder = state.discarder
    discard = state.discard.mask
    dog = 0  # unseen by every seat
    sides: tuple[int, ...] | None = None
    if rules.bidding:
        contract = state.contract
        if contract is not None and not contract.dog_shown:
            dog = state.initial.talon.mask
        sides = tuple(state.team_of(p) for p in range(rules.players))
    while not state.is_over:
        player = state.to_move
        hands = state.hands
        hand = hands[player].mask
        legal = 0
        for move in state.legal_card_moves():
            legal |= move.card.mask
        unseen = 0
        for other, cards in enumerate(hands):
            if other != player:
                unseen |= cards.mask
        if player != discarder:
            unseen |= discard
        unseen |= dog
        trick = state.trick
        index = choose_card_index(
            rules,
            player,
            hand,
            [card.index for card in trick.cards],
            trick.players,
            legal,
            unseen & _FULL & ~hand,
            _NO_VOIDS,
            sides,
        )
        state = state.play(Move(TarotCard.from_index(index)))
    return state


def settled_move(view: View) -> AnyMove | None:
    """The move a sampling bot makes without sampling: the only legal one, and under French
    rules every decision that is not a card (the bid, the call, the discard, the slam, a
    poignée), which RuleBot's rules make; None when the cards are to be weighed by samples.
    """
    moves = _legal_moves(view)
    if len(moves) == 1:
        return moves[0]
    if view.phase is not Phase.PLAY:
        return tarot_rule_move(view)
    rule = tarot_rule_move(view)
    if not isinstance(rule, Move):
        return rule  # a French poignée, declared by RuleBot's rule
    cards = view.legal_card_moves()
    return cards[0] if len(cards) == 1 else None


def sampled_values(
    view: View, world: State, moves: Sequence[AnyMove], settings: SamplingSettings, limit: Limit
) -> list[float]:
    """What each card of ``moves`` is worth to ``view``'s seat in one sampled ``world``, as a
    sampling bot adds them up: the side's card points (the solver's exact value with
    ``settings.exact_tricks`` tricks or fewer left, an estimate before), or under French rules
    with ``settings.objective == "score"`` what the deal would pay the seat (see
    :mod:`cardgames.bots.pimc`)."""
    seat = view.seat
    cards = tuple(move for move in moves if isinstance(move, Move))
    solve = len(view.hand) <= settings.exact_tricks
    estimate = settings.estimate
    if not solve and estimate in _HORIZON_ESTIMATES:
        analysis: Analysis[Move] = analyse_tarot(
            world,
            perspective=seat,
            limit=limit,
            horizon=settings.lookahead,
            estimate=_HORIZON_ESTIMATES[estimate],
        )
        values = analysis_values(analysis, cards, lower_only=False)
    elif solve or estimate != "rollout":
        analysis = analyse_tarot(world, perspective=seat, limit=limit)
        values = analysis_values(analysis, cards, lower_only=not solve and estimate == "lower")
    else:
        values = [rollout_points(world.play(move), seat) for move in cards]
    if settings.objective == "score" and view.rules.bidding and view.taker is not None:
        unseen = 0 if estimate == "rollout" else len(view.hand) - settings.lookahead
        values = score_values(
            world, seat, cards, values, exact=solve, tricks_unseen=unseen, limit=limit
        )
    return values


def analysis_values(
    analysis: Analysis[Move], moves: Sequence[Move], lower_only: bool
) -> list[float]:
    """Each move's value in ``analysis`` as a float: exact, or the midpoint of its proved
    bounds (their lower end with ``lower_only``)."""
    by_move: dict[Move, MoveValue[Move]] = {entry.move: entry for entry in analysis.move_values}
    values = []
    for move in moves:
        entry = by_move[move]
        if lower_only or entry.lower == entry.upper:
            values.append(float(entry.lower))
        else:
            values.append(float(Fraction(entry.lower + entry.upper) / 2))
    return values
