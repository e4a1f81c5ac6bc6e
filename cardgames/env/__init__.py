"""Learning environments: fixed action ids, legal-action masks and observation vectors for
both games, and (with the ``rl`` extra) PettingZoo and Gymnasium environments.

Everything here is pure Python; numpy, Gymnasium and PettingZoo are imported only by
:mod:`cardgames.env.arrays`, :mod:`cardgames.env.pettingzoo` and
:mod:`cardgames.env.gymnasium`. The page "Learning environments" of the documentation says
the same at more length.

Action ids
----------

Every move of a rule set has one stable id, from 0 to ``action_count(rules) - 1``; the same
move has the same id in every position, and :func:`action_of` and :func:`move_of` turn one
into the other. :func:`legal_mask` gives one bool per id.

Tarot (78 ids without bidding, 88 with bidding, 144 with the called King):

=========  ==========================================================================
ids        moves
=========  ==========================================================================
0-77       a card, discarded or played: its index (spades, hearts, diamonds, clubs
           from 1 to King, then trumps 1 to 21, then the Excuse)
78-82      bids: pass, prise, garde, garde sans, garde contre
83-84      the announcement: no slam, slam
85-87      poignées: single, double, triple
88-143     the call at five players: 88 plus the called suit card's index (0-55)
=========  ==========================================================================

Chase the Tailor (``838 + 52 * players`` ids: 942 at two players, 1150 at six):

=========================  ===============================================================
ids                        moves
=========================  ===============================================================
0-51                       play a suited card: its index (``13 * suit + rank - 1``)
52, 53                     draw, pass
54-57                      X1 skip, X1 reverse, X2 skip, X2 reverse
58-837                     dump: ``58 + 60 * (rank - 1) + order``, ``order`` numbering the
                           sequences of 2, 3 or 4 distinct suits, shortest first, each
                           length in lexicographic order of the suit numbers
838 + 52 * victim + card   the Tailor, calling the suited ``card`` (0-51), picked up by
                           the seat ``victim``
=========================  ===============================================================

Observations
------------

:func:`observe` turns a view into :func:`observation_size` floats from 0 to 1, field after
field as :func:`observation_layout` lists them. "Per seat offset" fields hold one block per
seat, the viewing seat first and then ``seat + 1``, ``seat + 2``... (by seat number, modulo
the table), so that a policy sees every seat from its own chair.

Tarot (``P`` players; 743 values for traditional-3):

=================  ========  ===============================================================
field              size      values
=================  ========  ===============================================================
hand               78        own hand, by card index
played             P × 78    per seat offset: every card that seat has played
trick              P × 78    per seat offset: its card in the trick in progress
won_points         P         per seat offset: card values of its won pile / 130
tricks_won         P         per seat offset: tricks won / tricks in a deal
hand_sizes         P         per seat offset: cards held / (hand size + talon)
to_move            P         one-hot seat offset of the seat to move
dealer             P         one-hot seat offset of the dealer
leader             P         one-hot seat offset of the leader of the trick in progress
phase              6         one-hot: bidding, call, discard, announce, play, over
trumps_played      1         1 once a trump has been played
void               P × 4     per seat offset: known void in spades, hearts, diamonds, clubs
out_of_trumps      P         per seat offset: known to hold no trump
talon              78        with a talon: the talon (dog), when this seat has seen it
discard            78        with a talon: the discard, when this seat made it
discard_size       1         with a talon: cards discarded so far / talon size
bids               P × 5     bidding: per seat offset, its bid (pass ... garde contre)
taker              P         bidding: one-hot seat offset of the taker
contract           4         bidding: one-hot prise, garde, garde sans, garde contre
slam               2         bidding: the announcement, one-hot no slam, slam
poignees           P × 3     bidding: per seat offset, its poignée by level
poignee_cards      P × 78    bidding: per seat offset, the trumps its poignée showed
discard_shown      78        bidding: the trumps of the discard, shown to every seat
max_trump          P         bidding: per seat offset, highest trump it may hold / 21
partner            P         bidding: one-hot seat offset of the partner, when known
partner_known      1         bidding: 1 once this seat knows the sides
called             56        called King: one-hot, the called suit card
=================  ========  ===============================================================

Chase the Tailor (``P`` players; ``280 + 2 P`` values):

=================  ========  ===============================================================
field              size      values
=================  ========  ===============================================================
hand               55        own hand, by card index (Jokers 52 and 53, the Tailor 54)
drawn              55        one-hot: own drawn card waiting to be played
pile               55        the cards on the pile
pile_top           55        one-hot: the card showing on the pile
target             53        one-hot: the suited card to follow, or (52) anything
called             1         1 when the card to follow was called with the Tailor
hand_sizes         P         per seat offset: cards held / 55
to_move            P         one-hot seat offset of the seat to move
clockwise          1         1 while play goes clockwise
chase              1         1 while a chase is on
drawn_pending      1         1 while the seat to move has a drawn card waiting
stock_size         1         cards in the stock / 55
passes             1         consecutive passes / players
turns              1         moves made / max_turns
=================  ========  ===============================================================

The vector is what the seat sees *now* (with, in Tarot, everything played so far). The
whole history a seat has seen is :func:`information_state`, the view's written form.

>>> from cardgames import tarot
>>> rules = tarot.Rules.french(players=3)
>>> state = tarot.deal(rules, seed=4)
>>> view = state.view(state.to_move)
>>> action_count(rules), legal_ids(view), move_of(80, view)
(88, (78, 79, 80, 81, 82), Bid.parse('garde'))
>>> len(observe(view)) == observation_size(rules)
True
"""

from __future__ import annotations

from cardgames.env._fields import Field, Layout
from cardgames.env.core import (
    AnyRules,
    AnyView,
    Position,
    action_count,
    action_name,
    action_of,
    information_state,
    legal_ids,
    legal_mask,
    move_of,
    observation_layout,
    observation_size,
    observe,
    observe_state,
)

__all__ = [
    "AnyRules",
    "AnyView",
    "Field",
    "Layout",
    "Position",
    "action_count",
    "action_name",
    "action_of",
    "information_state",
    "legal_ids",
    "legal_mask",
    "move_of",
    "observation_layout",
    "observation_size",
    "observe",
    "observe_state",
]
