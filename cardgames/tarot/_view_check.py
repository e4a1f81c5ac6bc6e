"""The consistency checks of a Tarot view: the types of its fields and what they must agree on
(what :class:`cardgames.tarot.view.View` runs when it is made).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardgames.tarot.cards import TAROT_PACK_SIZE, TarotCard, TarotCardSet
from cardgames.tarot.contracts import Bid, Poignee, poignee_size
from cardgames.tarot.play import EXCUSE_MASK, TRUMP_MASK
from cardgames.tarot.rules import Rules
from cardgames.tarot.sampling import _mask_of
from cardgames.tarot.state import Phase, Trick
from cardgames.validation import check_bool, check_int, check_seat, quote

if TYPE_CHECKING:
    from cardgames.tarot.view import View

_FULL: Final = (1 << TAROT_PACK_SIZE) - 1


def problem(view: View) -> str | None:
    """What is wrong with the fields of ``view`` (None if nothing): wrong types, or fields
    that contradict each other. Seats, sizes and flags of the wrong type raise
    :class:`~cardgames.errors.RulesError` at once."""
    rules = view.rules
    if not isinstance(rules, Rules):
        return f"rules {quote(rules)} are not a cardgames.tarot.Rules"
    players = rules.players
    check_seat(view.seat, players, "view seat")
    check_seat(view.dealer, players, "dealer")
    check_seat(view.to_move, players, "seat to move")
    if not isinstance(view.phase, Phase):
        return f"phase {quote(view.phase)} is not a Phase"
    check_bool(view.trumps_played, "trumps_played")
    check_int(view.discard_size, "discard_size", low=0, high=rules.talon_size)
    for name in ("hand", "discard", "talon", "discard_shown"):
        value = getattr(view, name)
        if (value is not None or name in ("hand", "discard_shown")) and not isinstance(
            value, TarotCardSet
        ):
            return f"{name} {quote(value)} is not a TarotCardSet"
    if len(view.hand_sizes) != players or len(view.won) != players:
        return f"expected {players} hand sizes and won piles, one per seat"
    for size in view.hand_sizes:
        check_int(size, "hand size", low=0, high=TAROT_PACK_SIZE)
    if any(not isinstance(pile, TarotCardSet) for pile in view.won):
        return "a won pile is not a TarotCardSet"
    if not isinstance(view.trick, Trick) or any(not isinstance(t, Trick) for t in view.tricks):
        return "a trick is not a cardgames.tarot.Trick"
    if len(view.hand) != view.hand_sizes[view.seat]:
        return f"the hand holds {len(view.hand)} cards, but its size is given as " + str(
            view.hand_sizes[view.seat]
        )
    problem = _french_problem(view)
    if problem is not None:
        return problem
    if rules.bidding:
        own_discard = view.seat == view.taker and view._dog_shown
        if (view.discard is not None) != own_discard:
            return "the discard is known to the taker of a prise or a garde, and only to it"
        if (view.talon is not None) != view._dog_shown:
            return "the dog is known to every seat once shown, and only then"
    else:
        own_discard = view.seat == view.dealer
        if (view.discard is not None) != own_discard or (view.talon is not None) != own_discard:
            return "the discard and the talon are known to the dealer, and only to the dealer"
    if view.discard is not None and len(view.discard) != view.discard_size:
        return f"a discard of {len(view.discard)} cards, but discard_size {view.discard_size}"
    if view.discard_shown.mask & ~(view.discard.mask if view.discard is not None else _FULL):
        return "a shown discard card is not in the discard"
    if len(view.discard_shown) > view.discard_size:
        return "more discard cards shown than discarded"
    seen = 0
    for mask in (
        view.hand.mask,
        _mask_of(view.discard) | view.discard_shown.mask,
        view.trick.mask,
        *(t.mask for t in view.tricks),
    ):
        if seen & mask:
            return "a card is in two places (hand, discard, tricks)"
        seen |= mask
    won = 0
    for pile in view.won:
        if won & pile.mask:
            return "a card is in two won piles"
        won |= pile.mask
    if won & (view.hand.mask | _mask_of(view.discard) | view.trick.mask):
        return "a won card is still held, discarded or in the trick in progress"
    hidden = sum(view.hand_sizes) - len(view.hand) + view._pile_size()
    if hidden > len(view._unseen()):
        return (
            f"{len(view._unseen())} cards are unseen, but the other hands (and a hidden "
            f"discard) hold {hidden}"
        )
    return None


def _french_problem(view: View) -> str | None:
    # The fields of French rules: their types, and none of them under other rules.
    rules = view.rules
    french = (view.bids, view.called, view.slam_announced, view.poignees, view.poignee_shown)
    if not rules.bidding:
        if french != ((), None, None, (), ()) or view.discard_shown:
            return "bids, a call, an announcement or poignées need bidding rules"
        if view.phase in (Phase.BIDDING, Phase.CALL, Phase.ANNOUNCE):
            return f"the {view.phase.value} phase needs bidding rules"
        return None
    if len(view.bids) > rules.players or any(not isinstance(b, Bid) for b in view.bids):
        return f"bids {quote(view.bids)} are not at most {rules.players} Bids"
    if view.called is not None and (
        not isinstance(view.called, TarotCard) or view.called.rank is None
    ):
        return f"called card {quote(view.called)} is not a suit card"
    if view.slam_announced is not None:
        check_bool(view.slam_announced, "slam_announced")
    if len(view.poignee_shown) != len(view.poignees):
        return "one set of shown cards per poignée"
    for pair, shown in zip(view.poignees, view.poignee_shown, strict=True):
        if (
            len(pair) != 2
            or type(pair[0]) is not int
            or not 0 <= pair[0] < rules.players
            or not isinstance(pair[1], Poignee)
        ):
            return f"poignée {quote(pair)} is not a (seat, Poignee) pair"
        if not isinstance(shown, TarotCardSet) or shown.mask & ~(TRUMP_MASK | EXCUSE_MASK):
            return f"a poignée shows trumps (and the Excuse), not {quote(shown)}"
        if len(shown) != poignee_size(pair[1], rules.players):
            return f"a {pair[1].value} poignée shows {poignee_size(pair[1], rules.players)}"
    if view.discard_shown.mask & ~TRUMP_MASK:
        return "only the trumps of the discard are shown"
    return None
