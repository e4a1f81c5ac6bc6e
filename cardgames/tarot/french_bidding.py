"""French Tarot bidding by simulation, for :class:`~cardgames.bots.pimc.PIMCBot`.

RuleBot bids from a count of its hand (:func:`~cardgames.tarot.heuristics.french_bid`). A
sampling bot can instead ask what each bid would pay: it deals the cards it cannot see again
(the others' hands and the dog, consistent with the bids so far), and in each such world
makes each legal bid in turn, lets the seats still to bid bid by RuleBot's count, the taker
call, discard and announce by RuleBot's rules, plays the cards out with RuleBot's rules at
every seat, and scores the deal as the game does (:meth:`cardgames.tarot.state.State.score`):
a void deal, where everyone passed, pays 0. The bid with the best total over the worlds wins;
of equal totals, RuleBot's own bid.

A pass is scored like any bid: by what the deal then pays the seat, as a defender if another
seat takes, 0 if nobody does.

>>> import random
>>> from cardgames import tarot
>>> state = tarot.deal(tarot.Rules.french(players=4), seed=5)
>>> view = state.view(state.to_move)
>>> bid = simulated_bid(view, random.Random(1), worlds=2)
>>> bid in view.legal_moves()
True
>>> bid == simulated_bid(view, random.Random(1), worlds=2)
True
"""

from __future__ import annotations

import random
from typing import Final

from cardgames.errors import RulesError
from cardgames.games import SamplingSettings
from cardgames.tarot.bot_play import rule_playout, tarot_rule_move
from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.contracts import NO_SLAM, SLAM, Bid, Call, highest_contract
from cardgames.tarot.heuristics import choose_discard_index, french_bid, french_call, french_slam
from cardgames.tarot.phases import callable_cards
from cardgames.tarot.state import Move, Phase, State
from cardgames.tarot.view import View
from cardgames.validation import check_int, quote

__all__ = ["planned_move", "play_by_rules", "simulated_bid"]

_BEFORE_PLAY: Final = (Phase.BIDDING, Phase.CALL, Phase.DISCARD, Phase.ANNOUNCE)


def play_by_rules(state: State) -> State:
    """``state`` (French, at any phase) played to its end by RuleBot's rules at every seat:
    the bids, the call, the discard, the announcement and the cards (no poignée declared).

    >>> from cardgames import tarot
    >>> final = play_by_rules(tarot.deal(tarot.Rules.french(players=3), seed=2))
    >>> final.is_over
    True

    :raises RulesError: if ``state`` is not a French Tarot state.
    """
    if not isinstance(state, State) or not state.rules.bidding:
        raise RulesError(f"invalid state {quote(state)}: expected a French Tarot state")
    rules = state.rules
    while state.phase in _BEFORE_PLAY and not state.is_over:
        seat = state.to_move
        hand = state.hands[seat]
        phase = state.phase
        if phase is Phase.BIDDING:
            move: object = Bid(french_bid(hand, rules.players, highest_contract(state.bids)))
        elif phase is Phase.CALL:
            move = Call(french_call(hand, TarotCardSet(callable_cards(hand.mask))))
        elif phase is Phase.DISCARD:
            legal = 0
            for option in state.legal_card_moves():
                legal |= option.card.mask
            move = Move(TarotCard.from_index(choose_discard_index(rules, hand.mask, legal)))
        else:
            move = SLAM if french_slam(hand, rules.players) else NO_SLAM
        state = state.play(move)  # type: ignore[arg-type]
    if state.is_over:
        return state
    return rule_playout(state)


def simulated_bid(view: View, rng: random.Random, *, worlds: int) -> Bid:
    """The bid of ``view``'s seat that pays best over ``worlds`` worlds sampled from the view,
    each bid followed by RuleBot's play of the rest of the deal (see the module's
    description).

    :raises RulesError: if ``view`` is not a French view in the bidding with the seat to bid,
        or ``worlds`` is not an int from 1 to 10,000.
    """
    check_int(worlds, "worlds", low=1, high=10_000)
    if not isinstance(view, View) or view.phase is not Phase.BIDDING:
        raise RulesError(f"invalid view {quote(view)}: expected a French view in the bidding")
    bids = [move for move in view.legal_moves() if isinstance(move, Bid)]
    if not bids:
        raise RulesError(f"no bid to choose: seat {view.seat} is not to bid in this view")
    rule = tarot_rule_move(view)
    if len(bids) == 1:
        return bids[0]
    seat = view.seat
    totals = [0.0] * len(bids)
    for _ in range(worlds):
        world = view.sample(rng)
        for at, bid in enumerate(bids):
            final = play_by_rules(world.play(bid))
            score = final.score()
            totals[at] += 0.0 if score is None else float(score.payoffs[seat])
    best = max(totals)
    preferred = bids.index(rule) if rule in bids else 0
    if totals[preferred] >= best - 1e-9 * max(1.0, abs(best)):
        return bids[preferred]
    return bids[totals.index(best)]


def planned_move(view: View, settings: SamplingSettings, rng: random.Random) -> Bid | None:
    """What :meth:`cardgames.games.GameDescriptor.planned_move` gives a sampling bot in
    Tarot: under French rules with ``settings.bidding == "simulate"``, the seat's bid by
    :func:`simulated_bid` over ``settings.worlds`` worlds; None otherwise (the bid is then
    RuleBot's).

    >>> import random
    >>> from cardgames import tarot
    >>> from cardgames.bots import PIMCBot
    >>> view = tarot.deal(tarot.Rules.french(players=4), seed=5).view(3)
    >>> planned_move(view, PIMCBot(bidding="rule"), random.Random(1)) is None
    True
    >>> planned_move(view, PIMCBot(worlds=2), random.Random(1)) in view.legal_moves()
    True
    """
    if (
        settings.bidding != "simulate"
        or not view.rules.bidding
        or view.phase is not Phase.BIDDING
        or view.seat != view.to_move
    ):
        return None
    return simulated_bid(view, rng, worlds=settings.worlds)
