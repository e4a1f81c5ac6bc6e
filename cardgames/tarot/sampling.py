"""Worlds consistent with a Tarot view: the hidden cards of a :class:`~cardgames.tarot.view.View`
dealt again at random, within everything the view shows.

:meth:`cardgames.tarot.view.View.sample` calls :func:`sample`; the module description of
:mod:`cardgames.tarot.view` says which constraints hold and how close to uniform the draw is.
The unseen cards go to *places*: the other seats, then a hidden pile (the hidden discard, or
under French rules the unseen dog or the part of the taker's discard that was not shown), then,
for a position made up by hand, the cards out of play. Each card gets the mask of the places it
may go to (:func:`allowed_places`), and :func:`cardgames._allocation.allocate` shares them out.

>>> import random
>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.traditional(players=3), seed=5)
>>> view = state.view(1)
>>> world = sample(view, random.Random(2))
>>> world.view(1) == view, world.hands[1] == state.hands[1]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from cardgames._allocation import Allocation, allocate, count_allocations, feasible
from cardgames.cardset import iter_bits
from cardgames.errors import RulesError
from cardgames.tarot.cards import TAROT_PACK_SIZE, TarotCardSet
from cardgames.tarot.play import (
    EXCUSE_MASK,
    HONOUR_MASK,
    KING_MASK,
    SUIT_MASKS,
    TRUMP_MASK,
)
from cardgames.tarot.rules import DiscardRule, Rules
from cardgames.tarot.state import Deal, State
from cardgames.validation import make_rng

if TYPE_CHECKING:
    from cardgames.tarot.view import View

__all__ = ["allowed_places", "deal_hidden", "places", "sample", "state_of"]

_TRUMP_LOW: Final = 56  # trump 1; trump n is 55 + n
_ALL_SUITS: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
_PLAIN: Final = _ALL_SUITS & ~KING_MASK  # discardable without restriction
_TEST_RETRIES: Final = 50  # draws of a fallback sampler to meet _call_test


def _mask_of(cards: TarotCardSet | None) -> int:
    return 0 if cards is None else cards.mask


def _rank_mask(rank: int) -> int:
    """The four cards of a suit rank (1 to 14)."""
    return sum(1 << (14 * suit + rank - 1) for suit in range(4))


def _trumps_up_to(number: int) -> int:
    """The trumps numbered 1 to ``number``."""
    return TRUMP_MASK & ((1 << (_TRUMP_LOW + number)) - 1)


def _made_up_deal(rules: Rules, held: list[int], talon: int) -> list[int]:
    # A position made up by hand need not come from any deal; give it one that at least
    # shares out the pack: each seat keeps what it can of its cards, the rest fills up.
    dealt = [mask & ~talon for mask in held]
    taken = talon
    for p, mask in enumerate(dealt):
        mask &= ~taken
        while mask.bit_count() > rules.hand_size:
            mask &= mask - 1
        dealt[p] = mask
        taken |= mask
    spare = [i for i in range(TAROT_PACK_SIZE) if not taken >> i & 1]
    for p, mask in enumerate(dealt):
        while mask.bit_count() < rules.hand_size:
            mask |= 1 << spare.pop()
        dealt[p] = mask
    return dealt


def sample(view: View, rng: int | random.Random) -> State:
    """A complete state consistent with ``view``, drawn at random: what
    :meth:`cardgames.tarot.view.View.sample` returns.

    :param rng: a :class:`random.Random` (advanced) or an int seed.
    :raises RulesError: if ``rng`` is not a :class:`random.Random` or a seed.
    """
    rng = make_rng(rng, "rng")
    hands, pile = deal_hidden(view, rng)
    return state_of(view, hands, pile, rng)


def places(view: View) -> tuple[list[int], list[int], int | None]:
    """The places the unseen cards go to (other seats, then a hidden pile: the discard or
    the unseen dog), their capacities, and the index of the pile's place."""
    seats = [p for p in range(view.rules.players) if p != view.seat]
    capacities = [view.hand_sizes[p] for p in seats]
    pile_place = None
    pile = view._pile_size()
    if pile:
        pile_place = len(seats)
        capacities.append(pile)
    # A position made up by hand may leave cards out of play altogether (in no hand, pile
    # or trick); which of the unseen cards they are is hidden too.
    gone = len(view._unseen()) - sum(capacities)
    if gone:
        capacities.append(gone)
    return seats, capacities, pile_place


def allowed_places(
    view: View,
    cards: Sequence[int],
    seats: Sequence[int],
    discard_place: int | None,
    *,
    voids: bool = True,
    discard_trumps: bool = True,
    dealer_plain: bool = True,
) -> list[int]:
    """For each of ``cards``, the mask of the places (as :func:`places` numbers them) it may
    go to. ``voids=False`` drops what play showed (voids, trumps, French limits);
    ``discard_trumps`` and ``dealer_plain`` choose a case of the traditional discard rule."""
    banned = []
    for p in seats:
        mask = 0
        if voids:
            for suit in view.void_suits[p]:
                mask |= SUIT_MASKS[suit]
            if view.out_of_trumps[p]:
                mask |= TRUMP_MASK
            mask |= TRUMP_MASK & ~_trumps_up_to(view.max_trump[p])
        if p == view.dealer and not dealer_plain:
            mask |= _PLAIN
        banned.append(mask)
    french = view.rules.bidding
    if discard_place is not None:
        if not french:
            banned.append(HONOUR_MASK | (0 if discard_trumps else TRUMP_MASK))
        elif view._hidden_dog:
            banned.append(0)  # the dog may hold anything
        else:
            banned.append(HONOUR_MASK | TRUMP_MASK)  # every trump discarded is shown
    banned.append(0)  # out of play (if there is such a place): anything
    allowed = [
        sum(1 << place for place, ban in enumerate(banned) if not ban >> card & 1) for card in cards
    ]
    if french and voids:
        _french_limits(view, cards, seats, discard_place, banned, allowed)
    return allowed


def _french_limits(
    view: View,
    cards: Sequence[int],
    seats: Sequence[int],
    pile_place: int | None,
    banned: list[int],
    allowed: list[int],
) -> None:
    # What French play shows beyond voids (see the module description), applied to
    # ``allowed`` in place: extra bans per seat, and cards kept to a few places.
    place_of = {p: place for place, p in enumerate(seats)}
    extra = [0] * len(banned)
    pins: dict[int, int] = {}  # card -> the places it may go to
    taker = view.taker
    taker_place = place_of.get(taker) if taker is not None else None
    pile_bit = 0 if pile_place is None or view._hidden_dog else 1 << pile_place
    for (declarer, _), shown in zip(view.poignees, view.poignee_shown, strict=True):
        if declarer not in place_of:
            continue
        place = place_of[declarer]
        if shown.mask & EXCUSE_MASK:
            extra[place] |= TRUMP_MASK & ~shown.mask
        else:
            top = shown.mask.bit_length() - 1
            extra[place] |= TRUMP_MASK & ((1 << top) - 1) & ~shown.mask
        for card in iter_bits(shown.mask):
            pins[card] = pins.get(card, -1) & 1 << place
    if taker_place is not None:
        keep = 1 << taker_place | pile_bit
        if view.talon is not None:  # the shown dog: with the taker or in its discard
            for card in iter_bits(view.talon.mask):
                pins[card] = pins.get(card, -1) & keep
        if view.discard_shown and not view.discard_remaining:
            # a trump discarded: the taker kept no discardable card (while it is still
            # discarding, see _deal_french)
            extra[taker_place] |= _PLAIN
        called = view.called
        if called is not None and called.rank is not None and int(called.rank) < 14:
            # the taker held every card of the ranks above the one called
            for rank in range(int(called.rank) + 1, 15):
                for card in iter_bits(_rank_mask(rank)):
                    pins[card] = pins.get(card, -1) & keep
    for at, card in enumerate(cards):
        mask = allowed[at]
        for place, ban in enumerate(extra):
            if ban >> card & 1:
                mask &= ~(1 << place)
        if card in pins:
            mask &= pins[card]
        allowed[at] = mask


def deal_hidden(view: View, rng: random.Random) -> tuple[list[TarotCardSet], TarotCardSet]:
    """Every seat's hand (the view's own hand for its seat) and the hidden pile, drawn."""
    cards = view._unseen()
    seats, capacities, discard_place = places(view)
    rules = view.rules
    coupled = (
        not rules.bidding
        and discard_place is not None
        and rules.discard_rule is DiscardRule.TRADITIONAL
        and view.dealer != view.seat
    )
    dealer_place = seats.index(view.dealer) if view.dealer in seats else None
    shown_plain = (view.played_by(view.dealer).mask & _PLAIN).bit_count()
    remaining = view.discard_remaining

    def discard_rule_holds(allocation: Allocation) -> bool:
        assert discard_place is not None and dealer_place is not None
        if not any(1 << card & TRUMP_MASK for card in allocation[discard_place]):
            return True
        plain = sum(1 for card in allocation[dealer_place] if 1 << card & _PLAIN)
        return plain + shown_plain <= remaining

    if rules.bidding:
        result = _deal_french(view, cards, seats, capacities, discard_place, rng)
    else:
        result = allocate(
            cards,
            allowed_places(view, cards, seats, discard_place),
            capacities,
            rng,
            accept=discard_rule_holds if coupled else None,
        )
        if result is not None and coupled and result[1] != "rejection":
            result = _discard_cases(view, cards, seats, capacities, discard_place, rng)
    if result is None:
        # The tricks imply voids that no dealing of the unseen cards meets: a position made
        # up by hand rather than played. Deal within the sizes alone.
        result = allocate(
            cards, allowed_places(view, cards, seats, discard_place, voids=False), capacities, rng
        )
    if result is None:  # pragma: no cover - the sizes always add up (checked on creation)
        raise RulesError("invalid Tarot view: the unseen cards cannot fill the hidden hands")
    allocation = result[0]
    hands = [TarotCardSet()] * view.rules.players
    hands[view.seat] = view.hand
    for place, p in enumerate(seats):
        hands[p] = TarotCardSet(sum(1 << card for card in allocation[place]))
    if view.discard is not None:
        pile = view.discard
    elif discard_place is not None:
        pile = TarotCardSet(sum(1 << card for card in allocation[discard_place]))
    else:
        pile = TarotCardSet()
    return hands, pile


def _deal_french(
    view: View,
    cards: Sequence[int],
    seats: Sequence[int],
    capacities: Sequence[int],
    pile_place: int | None,
    rng: random.Random,
) -> tuple[Allocation, str] | None:
    # French rules: the cards that may go to one place only are dealt there first, then
    # the others as allocate() deals them, under _call_test's test on whole deals (met by
    # rejection, or by drawing a fallback again). While the taker is still discarding
    # after a trump, it holds at most as many discardable cards as it has left to
    # discard: the taker's place is split in two, one for those cards, of each possible
    # size, and the case is drawn by its count (as _discard_cases does).
    allowed = allowed_places(view, cards, seats, pile_place)
    taker = view.taker
    if not (view.discard_shown and view.discard_remaining and taker is not None and taker in seats):
        return _pinned_allocation(view, cards, allowed, capacities, seats, pile_place, None, rng)
    taker_place = list(seats).index(taker)
    split = len(capacities)  # the taker's discardable cards
    bit = 1 << taker_place
    cases = []
    for count in range(min(view.discard_remaining, capacities[taker_place]) + 1):
        sizes = [*capacities, count]
        sizes[taker_place] -= count
        masks = [
            (mask & ~bit) | 1 << split if 1 << card & _PLAIN and mask & bit else mask
            for card, mask in zip(cards, allowed, strict=True)
        ]
        if feasible(cards, masks, sizes):
            ways = count_allocations(cards, masks, sizes)
            cases.append((masks, sizes, 1 if ways is None else ways))
    if not cases:
        return None
    pick = rng.randrange(sum(weight for _, _, weight in cases))
    masks, sizes, _ = cases[-1]
    for option, option_sizes, weight in cases:
        if pick < weight:
            masks, sizes = option, option_sizes
            break
        pick -= weight
    result = _pinned_allocation(view, cards, masks, sizes, seats, pile_place, split, rng)
    if result is None:  # pragma: no cover - the case was feasible
        return None
    allocation, method = result
    allocation[taker_place] += allocation.pop()
    return allocation, method


def _pinned_allocation(
    view: View,
    cards: Sequence[int],
    allowed: Sequence[int],
    capacities: Sequence[int],
    seats: Sequence[int],
    pile_place: int | None,
    split: int | None,
    rng: random.Random,
) -> tuple[Allocation, str] | None:
    # allocate(), with the cards that may go to one place only dealt there first
    # (``split``: the place of the taker's discardable cards, if apart).
    places = len(capacities)
    fixed: Allocation = [[] for _ in range(places)]
    free: list[int] = []
    free_allowed: list[int] = []
    room = list(capacities)
    for card, mask in zip(cards, allowed, strict=True):
        if mask and not mask & (mask - 1):
            place = mask.bit_length() - 1
            fixed[place].append(card)
            room[place] -= 1
        else:
            free.append(card)
            free_allowed.append(mask)
    if any(space < 0 for space in room):
        return None
    test = _call_test(view, seats, pile_place, split)

    def accept(allocation: Allocation) -> bool:
        assert test is not None
        return test([fixed[place] + allocation[place] for place in range(places)])

    result = allocate(
        free, free_allowed, room, rng, accept=None if test is None else accept, lazy=True
    )
    if result is None:
        return None
    allocation, method = result
    if test is not None and not accept(allocation):
        # The fallbacks ignore the test: draw again (it fails rarely), up to a point.
        for _ in range(_TEST_RETRIES):
            again = allocate(free, free_allowed, room, rng, attempts=0)
            assert again is not None  # the same problem was feasible
            if accept(again[0]):
                allocation, method = again
                break
    return [fixed[place] + allocation[place] for place in range(places)], method


def _call_test(
    view: View, seats: Sequence[int], pile_place: int | None, split: int | None
) -> Callable[[Allocation], bool] | None:
    # The test that the call was legal in a sampled deal (None: no test): the taker was
    # not dealt all four cards of the rank it called. ``split`` is the place of the
    # taker's discardable cards when they are apart (see _deal_french).
    taker = view.taker
    called = view.called
    if taker is None or taker == view.seat or called is None or called.rank is None:
        return None
    rank = _rank_mask(int(called.rank))
    taker_place = list(seats).index(taker)
    seen = view.played_by(taker).mask
    talon = _mask_of(view.talon)

    def holds(allocation: Allocation) -> bool:
        dealt = seen
        taker_cards = list(allocation[taker_place])
        if split is not None:
            taker_cards += allocation[split]
        for card in taker_cards:
            dealt |= 1 << card
        if talon:
            if pile_place is not None:
                for card in allocation[pile_place]:
                    dealt |= 1 << card
            dealt |= view.discard_shown.mask
            dealt &= ~talon
        return dealt & rank != rank

    return holds


def _discard_cases(
    view: View,
    cards: Sequence[int],
    seats: Sequence[int],
    capacities: Sequence[int],
    discard_place: int | None,
    rng: random.Random,
) -> tuple[Allocation, str] | None:
    # Traditional discard rule, tight constraints: either the discard holds no trump, or
    # the dealer holds no plain card (nor has played one). Pick a case by its count.
    cases = []
    for discard_trumps, dealer_plain in ((False, True), (True, False)):
        if not dealer_plain and view.played_by(view.dealer).mask & _PLAIN:
            continue
        allowed = allowed_places(
            view,
            cards,
            seats,
            discard_place,
            discard_trumps=discard_trumps,
            dealer_plain=dealer_plain,
        )
        if feasible(cards, allowed, capacities):
            count = count_allocations(cards, allowed, capacities)
            cases.append((allowed, 1 if count is None else count))
    if not cases:
        return None
    pick = rng.randrange(sum(weight for _, weight in cases))
    allowed = cases[-1][0]
    for option, weight in cases:
        if pick < weight:
            allowed = option
            break
        pick -= weight
    return allocate(cards, allowed, capacities, rng, attempts=0)


def state_of(
    view: View, hands: Sequence[TarotCardSet], discard: TarotCardSet, rng: random.Random
) -> State:
    """The state of these hands and this hidden pile (``discard``: the dealer's discard, or
    under French rules the unseen dog or the taker's whole discard); ``rng`` picks the talon
    among the dealer's cards when the seat did not see it.

    :raises RulesError: if the hands do not fit the view.
    """
    rules = view.rules
    dealer = view.dealer
    held = [hands[p].mask | view.played_by(p).mask for p in range(rules.players)]
    french = rules.bidding
    if french and view._hidden_dog:
        talon = discard.mask
        discard = TarotCardSet()
        owner = dealer
    elif french:
        owner = view.discarder
        whole = discard.mask | view.discard_shown.mask
        discard = TarotCardSet(whole)
        held[owner] |= whole
        assert view.talon is not None
        talon = view.talon.mask
    else:
        owner = dealer
        held[dealer] |= discard.mask
        if view.talon is not None:
            talon = view.talon.mask
        else:
            pool = [i for i in range(TAROT_PACK_SIZE) if held[dealer] >> i & 1]
            talon = sum(1 << i for i in rng.sample(pool, min(rules.talon_size, len(pool))))
    dealt = list(held)
    if not (french and view._hidden_dog):
        dealt[owner] &= ~talon
    if (
        any(mask.bit_count() != rules.hand_size for mask in dealt)
        or talon.bit_count() != rules.talon_size
        or (not (french and view._hidden_dog) and talon & ~held[owner])
    ):
        dealt = _made_up_deal(rules, dealt, talon)
    initial = Deal(
        rules=rules,
        dealer=dealer,
        hands=tuple(TarotCardSet(mask) for mask in dealt),
        talon=TarotCardSet(talon),
    )
    excuse_trick = None
    for number, trick in enumerate(view.tricks):
        if trick.mask & EXCUSE_MASK:
            excuse_trick = number
    return State(
        initial=initial,
        phase=view.phase,
        to_move=view.to_move,
        hands=tuple(hands),
        discard=discard,
        trick=view.trick,
        tricks=view.tricks,
        won=view.won,
        trumps_played=view.trumps_played,
        excuse_trick=excuse_trick,
        bids=view.bids,
        called=view.called,
        slam_announced=view.slam_announced,
        poignees=view.poignees,
    )
