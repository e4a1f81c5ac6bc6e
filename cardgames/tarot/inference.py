"""Reading the other seats' play: how likely a sampled Tarot world makes what they did, if they
play by :class:`~cardgames.bots.rule_bot.RuleBot`'s rules.

A world sampled from a view agrees with every hard fact (hand sizes, voids, the cards seen);
what the others *chose* says more. A defender who ducked a rich trick probably could not win
it; a dealer who kept a Queen probably holds its King; a French seat that passed holds a
weak hand. :func:`play_likelihood` reads the view once and returns a function that, for one
world, replays every decision the other seats made — the bids, the call, the discard and each
card — as the rules of thumb would have made it with the cards that world gives them, and
scores the agreement: each decision the model matches counts ``log(1 - error)``, each it does
not ``log(error / (n - 1))`` for a choice among ``n`` moves (a decision with one legal move
says nothing); the discard counts card by card. :class:`~cardgames.bots.pimc.PIMCBot` draws
more worlds than it values and keeps the likeliest (see there).

The model is the policy of the library's RuleBot, the usual choice in the literature when no
better model of the opponents is at hand (policy-based inference, Rebstock, Solinas, Buro and
Sturtevant 2019); ``error`` is the chance that a seat deviates from it, so that a world is
never ruled out outright and other opponents still leave the bot sensible worlds.

Each decision is rebuilt as the seat saw it then: its hand (what the world gives it now, plus
the cards it has played since), the cards it had not seen, the voids shown before, the sides
as it knew them, the legal cards. Only the view and the world are read, never the true deal.

>>> import random
>>> from cardgames import tarot
>>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=4)
>>> for _ in range(20):
...     state = state.play(tarot.bot_play.tarot_rule_move(state.view(state.to_move)))
>>> view = state.view(state.to_move)
>>> likelihood = play_likelihood(view, error=0.1)
>>> likelihood(state) == 0.0 or likelihood(state) > likelihood(view.sample(random.Random(1))) - 50
True
>>> round(play_likelihood(view, error=0.1)(state), 6) == round(likelihood(state), 6)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

import attrs

from cardgames.errors import RulesError
from cardgames.tarot.cards import TarotCardSet
from cardgames.tarot.contracts import Contract, bidder
from cardgames.tarot.heuristics import (
    choose_card_index,
    choose_discard_index,
    french_bid,
    french_call,
)
from cardgames.tarot.phases import callable_cards
from cardgames.tarot.play import (
    KIND,
    _legal_cards_mask,
    _legal_discards_mask,
)
from cardgames.tarot.state import State
from cardgames.tarot.view import View
from cardgames.validation import quote

__all__ = ["play_likelihood"]

_FULL: Final = (1 << 78) - 1
_EXCUSE: Final = 77
_TRUMP_KIND: Final = 4
_ALL_SUITS: Final = 0b1111


@attrs.frozen
class _Card:
    """One card another seat played, with what it knew then (apart from its own hand)."""

    seat: int
    card: int
    trick_cards: tuple[int, ...]
    trick_players: tuple[int, ...]
    trumps_played: bool
    voids: tuple[int, ...]
    seen: int  # every card played before this one (the trick so far included)
    later: int  # the cards the seat played from this one on (this one included)
    called_seen: bool  # five players: whether the called card had fallen before


def _check_error(error: object) -> float:
    if type(error) is not float or not 0.0 < error < 1.0:
        raise RulesError(f"invalid inference error {quote(error)}: expected a float in (0, 1)")
    return error


def play_likelihood(view: View, *, error: float) -> Callable[[State, float], float] | None:
    """A function giving, for a world sampled from ``view``, the log-likelihood of the other
    seats' decisions so far under RuleBot's rules (see the module's description), each
    deviation having probability ``error``; None when no other seat has decided anything yet
    that the model can read. Its second argument, a *floor* (default none), lets it stop as
    soon as the value is sure to fall below the floor, returning a value below it.

    :raises RulesError: if ``view`` is not a Tarot view or ``error`` not a float in (0, 1).
    """
    if not isinstance(view, View):
        raise RulesError(f"invalid view {quote(view)}: expected a cardgames.tarot.View")
    error = _check_error(error)
    cards = _card_decisions(view)
    rules = view.rules
    me = view.seat
    discarder = view.discarder
    check_discard = (
        discarder != me
        and view.discard_size == rules.talon_size
        and (not rules.bidding or (view.contract is not None and view.contract.dog_shown))
    )
    bids = rules.bidding and any(seat != me for seat in _bidders(view))
    if not cards and not check_discard and not bids:
        return None
    hit = math.log1p(-error)
    miss = math.log(error)
    misses = [0.0] + [miss - math.log(n) for n in range(1, 80)]
    players = rules.players

    def likelihood(world: State, floor: float = -math.inf) -> float:
        total = 0.0
        hands = [hand.mask for hand in world.hands]
        if bids:
            total += _bid_likelihood(view, world, hit, miss)
        if check_discard:
            total += _discard_likelihood(view, world, hands, hit, misses)
        for decision in cards:
            if total < floor:
                return total  # every term is negative: it only falls further
            seat = decision.seat
            hand = hands[seat] | decision.later
            legal = _legal_cards_mask(hand, decision.trick_cards, rules, decision.trumps_played)
            count = legal.bit_count()
            if count < 2:
                continue
            own = world.discard.mask if seat == discarder else view.discard_shown.mask
            unseen = _FULL & ~hand & ~decision.seen & ~own
            sides = _sides(view, world, seat, hand, decision.called_seen, players)
            chosen = choose_card_index(
                rules,
                seat,
                hand,
                decision.trick_cards,
                decision.trick_players,
                legal,
                unseen,
                decision.voids,
                sides,
            )
            total += hit if chosen == decision.card else misses[count - 1]
        return total

    return likelihood


def _bidders(view: View) -> list[int]:
    return [bidder(view.rules, view.dealer, number) for number in range(len(view.bids))]


def _bid_likelihood(view: View, world: State, hit: float, miss: float) -> float:
    # Each other seat's bid as RuleBot's count of its hand as dealt would make it, and the
    # taker's call at five players.
    rules = view.rules
    total = 0.0
    best: Contract | None = None
    dealt = world.initial.hands
    for seat, bid in zip(_bidders(view), view.bids, strict=True):
        if seat != view.seat:
            expected = french_bid(dealt[seat], rules.players, best)
            total += hit if expected == bid.contract else miss
        if bid.contract is not None and (best is None or best < bid.contract):
            best = bid.contract
    taker = view.taker
    if view.called is not None and taker is not None and taker != view.seat:
        hand = dealt[taker]
        expected_call = french_call(hand, TarotCardSet(callable_cards(hand.mask)))
        total += hit if expected_call == view.called else miss
    return total


def _discard_likelihood(
    view: View, world: State, hands: list[int], hit: float, misses: list[float]
) -> float:
    # The discarder's discard as RuleBot's discard rule lays it away, card by card, from the
    # hand it held with the talon in this world: each card the rule would lay next that is in
    # the world's discard is a hit; one that is not is a miss (the seat laid another card of
    # its discard instead, which the rule ranks next).
    rules = view.rules
    discarder = view.discarder
    discard = world.discard.mask
    hand = hands[discarder] | view.played_by(discarder).mask | discard
    left = discard
    total = 0.0
    for remaining in range(rules.talon_size, 0, -1):
        legal = _legal_discards_mask(hand, rules, remaining)
        if not legal or not left:
            break
        index = choose_discard_index(rules, hand, legal)
        if left >> index & 1:
            total += hit
        else:
            total += misses[legal.bit_count() - 1]
            index = choose_discard_index(rules, hand, legal & left) if legal & left else index
        left &= ~(1 << index)
        hand &= ~(1 << index)
    return total


def _sides(
    view: View, world: State, seat: int, hand: int, called_seen: bool, players: int
) -> tuple[int, ...] | None:
    # The sides as ``seat`` knew them (see cardgames.tarot.bot_play.tarot_sides).
    rules = view.rules
    taker = view.taker if rules.bidding else None
    if taker is None:
        return None
    if not rules.called_king:
        return tuple(0 if p == taker else 1 for p in range(players))
    assert view.called is not None
    called = 1 << view.called.index
    holder: int | None = None
    if called_seen:
        holder = world.partner if world.partner is not None else taker
    elif hand & called or (seat == taker and world.discard.mask & called):
        holder = seat
    elif view.talon is not None and view.talon.mask & called:
        holder = taker
    if holder is None:
        return tuple(0 if p == taker else (1 if p == seat else -1) for p in range(players))
    return tuple(0 if p in (taker, holder) else 1 for p in range(players))


def _card_decisions(view: View) -> list[_Card]:
    """Every card another seat played, with the public facts of that moment."""
    rules = view.rules
    players = rules.players
    voids = [0] * players
    trumps_played = False
    seen = 0
    called = view.called.index if view.called is not None else -1
    called_seen = False
    later = [0] * players
    decisions: list[_Card] = []
    order: list[tuple[int, int, tuple[int, ...], tuple[int, ...], bool, tuple[int, ...], int]] = []
    for trick in (*view.tricks, view.trick):
        cards: list[int] = []
        seats: list[int] = []
        highest_kind: int | None = None
        for seat, card in zip(trick.players, trick.cards, strict=True):
            index = card.index
            order.append(
                (seat, index, tuple(cards), tuple(seats), trumps_played, tuple(voids), seen)
            )
            kind = KIND[index]
            if index == _EXCUSE:
                pass
            elif highest_kind is None:
                highest_kind = kind
                if kind == _TRUMP_KIND and rules.trump_lead_restricted and not trumps_played:
                    voids[seat] |= _ALL_SUITS
            elif kind != highest_kind:
                if highest_kind == _TRUMP_KIND:
                    voids[seat] |= 1 << _TRUMP_KIND
                else:
                    voids[seat] |= 1 << highest_kind
                    if kind != _TRUMP_KIND:
                        voids[seat] |= 1 << _TRUMP_KIND
            cards.append(index)
            seats.append(seat)
            seen |= 1 << index
            trumps_played = trumps_played or kind == _TRUMP_KIND
    # Which cards each seat played from each decision on, and whether the called card had
    # fallen: a backward pass.
    fell_at = next((at for at, item in enumerate(order) if item[1] == called), len(order))
    for at in range(len(order) - 1, -1, -1):
        seat, index, cards_before, seats_before, trumps, voids_then, seen_before = order[at]
        later[seat] |= 1 << index
        if seat == view.seat:
            continue
        called_seen = at > fell_at
        decisions.append(
            _Card(
                seat=seat,
                card=index,
                trick_cards=cards_before,
                trick_players=seats_before,
                trumps_played=trumps,
                voids=voids_then,
                seen=seen_before,
                later=later[seat],
                called_seen=called_seen,
            )
        )
    decisions.reverse()
    return decisions
