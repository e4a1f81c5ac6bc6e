"""Bounds on the points still to come from a trick start, for the fast Tarot search (compiled).

A fresh table entry of :class:`~cardgames.tarot.search.TarotSearch` starts from the bounds made
here, before any card is tried (:func:`trick_start_bounds`): the points still in play, the
tricks each side's trumps make sure of, what the leader can cash at once, and what settling the
Excuse is already sure to bring (once its holder's side has won a trick, the holder keeps it for
at most the least card won so far). The last trick, whose play is forced, is scored exactly
(:func:`last_trick`). Every function works on the searcher's numbering of the
cards (:class:`~cardgames.tarot.search_numbering.Numbering`) and its hands, plain ints and lists.
"""

from __future__ import annotations

from cardgames.tarot.search_model import (
    E_WON,
    EX_SETTLED,
    EX_SHIFT,
    EX_UNPLAYED,
    EXCUSE_BIT,
    MAGICIAN_BIT,
    MIN_SHIFT,
    O_WON,
    TRUMP_SUIT,
    TRUMPS_PLAYED,
    W_MAX,
    TarotModel,
    close_trick,
    score_cards,
    slam_excuse,
)
from cardgames.tarot.search_numbering import WORLD_BIT, Numbering, popcount

__all__ = [
    "cash",
    "count_free_trumps",
    "excuse_bounds",
    "last_trick",
    "sure_floor",
    "trick_start_bounds",
]


def last_trick(
    model: TarotModel, num: Numbering, hands: list[int], leader: int, flags: int, holder: int
) -> int:
    """The exact scaled points still to come at the start of the last trick, one card left in
    every hand: the play is forced, so it is scored without searching. ``holder`` is the seat
    holding or having played the Excuse (-1: none)."""
    next_seat = model.next
    to_internal = num.to_internal
    cards = []
    player = leader
    for _ in range(model.players):
        cards.append(to_internal[hands[player].bit_length() - 1])
        player = next_seat[player]
    _, win, win_player, points, exc, least = score_cards(model, leader, cards)
    if model.excuse_slam and slam_excuse(model, flags, leader, exc):
        win, win_player = EXCUSE_BIT, exc
    flags, gained = close_trick(model, flags, holder, win_player, exc, least, True)
    if model.maximiser[win_player]:
        gained += points + (model.bonus if win == MAGICIAN_BIT else 0)
    return gained + model.settle(flags, holder)


def trick_start_bounds(
    model: TarotModel,
    num: Numbering,
    hands: list[int],
    leader: int,
    flags: int,
    remaining: int,
    holder: int,
    slam_watch: bool,
    shortcuts: bool,
    max_seats: list[int],
    free_trumps: dict[int, tuple[int, int]],
) -> list[int]:
    """A fresh table entry ``[low, high, -1]`` for a trick start: bounds on the scaled points
    still to come from what is in play (``remaining``), sure trump tricks and cashing, no lead
    yet. ``holder`` is the seat holding or having played the Excuse (-1: none);
    ``free_trumps`` is the searcher's cache of :func:`count_free_trumps`."""
    in_play = 0
    for class_weight, mask in num.weight_classes:
        in_play += class_weight * popcount(remaining & mask)
    excuse_low, excuse_high, excuse_alone = excuse_bounds(model, holder, flags)
    high = in_play + excuse_high
    if remaining & num.magician:
        high += model.bonus
    everything = high
    # Sure tricks: a trump loses only to a higher trump of the other side played to the
    # same trick. Each trump is played once and beats at most as many trumps of the
    # other side as that side has players (all in its one trick), so a side wins a
    # trick with every trump of its own beyond what the other side's higher trumps
    # can cover that way; and it plays at most as many cards to a trick as it has
    # players.
    low = 0
    trumps = remaining & num.trumps
    if not shortcuts or (
        slam_watch and (flags >> EX_SHIFT) & 3 == EX_UNPLAYED and not flags & O_WON
    ):
        # The led Excuse may yet win the last trick of a slam, beating every trump: a trump
        # is no longer sure to win when no higher trump is played.
        trumps = 0
    if trumps:
        max_count = len(max_seats)
        min_count = model.players - max_count
        max_cards = 0
        for seat in max_seats:
            max_cards |= hands[seat]
        top = trumps.bit_length() - 1
        trump_base = num.trump_base
        trump_key = (trumps >> trump_base) << 22 | (max_cards & trumps) >> trump_base
        free = free_trumps.get(trump_key)
        if free is None:
            free = free_trumps[trump_key] = count_free_trumps(
                trumps, max_cards, max_count, min_count
            )
        max_free, min_free = free
        # Each such trick holds a card of every hand (see sure_floor).
        world_extra = model.weight[WORLD_BIT] - 1 if top == num.world_bit else 0
        maximiser = model.maximiser
        if max_free:
            tricks = (max_free + max_count - 1) // max_count
            low = sure_floor(num, hands, maximiser, tricks, True)
            if max_cards & num.world:
                low += world_extra
        if min_free:
            tricks = (min_free + min_count - 1) // min_count
            high -= sure_floor(num, hands, maximiser, tricks, False)
            if not max_cards & num.world:
                high -= world_extra
    # Cashing: the leader's side wins at least what the leader can take at once.
    cashed = cash(num, hands, model.lead_restricted, leader, flags) if shortcuts else 0
    if cashed:
        if model.maximiser[leader]:
            if cashed > low:
                low = cashed
        elif everything - cashed < high:
            high = everything - cashed
    low += excuse_low
    if excuse_alone > low:
        low = excuse_alone
    return [low, high, -1]


def count_free_trumps(
    trumps: int, max_cards: int, max_count: int, min_count: int
) -> tuple[int, int]:
    """How many ``trumps`` of each side (the analysed side's in ``max_cards``, with
    ``max_count`` players against ``min_count``) the other side's higher trumps cannot cover.

    >>> count_free_trumps(0b1111, 0b1100, 1, 2)  # the two highest trumps against two lower
    (2, 0)
    """
    max_free = min_free = max_spare = min_spare = 0
    while trumps:
        bit = trumps.bit_length() - 1
        trumps ^= 1 << bit
        if max_cards >> bit & 1:
            if min_spare:
                min_spare -= 1
            else:
                max_free += 1
            max_spare += min_count
        else:
            if max_spare:
                max_spare -= 1
            else:
                min_free += 1
            min_spare += max_count
    return max_free, min_free


def sure_floor(
    num: Numbering, hands: list[int], maximiser: list[bool], tricks: int, for_max: bool
) -> int:
    """The least a side (the analysed one when ``for_max``) takes in ``tricks`` tricks it
    wins: every hand gives one card to each, its own hands cards worth one or more, the other
    side's hands at least their cheapest ones; the Excuse (not won with its trick) stands in
    for one of them."""
    excuse = num.excuse
    weight_classes = num.weight_classes
    total = 0
    for seat in range(len(hands)):
        hand = hands[seat]
        needed = tricks - 1 if hand & excuse else tricks
        if maximiser[seat] == for_max:
            total += needed
            continue
        for class_weight, class_mask in weight_classes:
            if needed <= 0:
                break
            have = popcount(hand & class_mask)
            if have > needed:
                have = needed
            total += have * class_weight
            needed -= have
    return total


def cash(num: Numbering, hands: list[int], restricted: bool, leader: int, flags: int) -> int:
    """Scaled points the leader's side is sure to take by leading, one after another, the
    leader's cards that beat every other card of their suit, while no other player can trump
    them (a trick in a plain suit is safe while every other player still holding trumps also
    still holds that suit). Partners count as rivals here: one who took a trick would take
    the lead away too. ``restricted``: trumps may not be led before one has been played."""
    suit_masks = num.suit_masks
    weight = num.weight
    trumps = num.trumps
    n = len(hands)
    hand = hands[leader]
    against = 0
    trumpers = []
    for seat in range(n):
        if seat != leader:
            other = hands[seat]
            against |= other
            if other & trumps:
                trumpers.append(other)
    tricks = 0
    points = 0
    for suit in range(5):
        mask = suit_masks[suit]
        mine = hand & mask
        if not mine:
            continue
        if suit == TRUMP_SUIT and restricted and not flags & TRUMPS_PLAYED and hand & num.suited:
            continue
        theirs = against & mask
        winners = mine & ~((1 << theirs.bit_length()) - 1)
        count = popcount(winners)
        if suit != TRUMP_SUIT:
            for other in trumpers:
                held = popcount(other & mask)
                if held < count:
                    count = held
        tricks += count
        while count:
            bit = winners.bit_length() - 1
            points += weight[bit]
            winners ^= 1 << bit
            count -= 1
    if not tricks:
        return 0
    # Every other player gives a card to each of those tricks: at least their cheapest ones
    # (the Excuse, which they would keep, stands in for one of them).
    weight_classes = num.weight_classes
    excuse = num.excuse
    for seat in range(n):
        if seat == leader:
            continue
        other = hands[seat]
        needed = tricks - 1 if other & excuse else tricks
        for class_weight, class_mask in weight_classes:
            if needed <= 0:
                break
            have = popcount(other & class_mask)
            if have > needed:
                have = needed
            points += have * class_weight
            needed -= have
    return points


def excuse_bounds(model: TarotModel, holder: int, flags: int) -> tuple[int, int, int]:
    """Bounds on what settling the Excuse (held or played by ``holder``, -1: none) brings the
    analysed side from a trick start: a lower and an upper bound that hold whatever is played
    (to be added to those on the cards), and a lower bound its holder makes sure of by playing
    it at once (to be taken on its own)."""
    # Once the Excuse waits, only two things in the flags can still change: E_WON can be set
    # and the least won card can only go down, though never below the cheapest card there is.
    state = (flags >> EX_SHIFT) & 3
    if holder < 0 or state == EX_SETTLED:
        return 0, 0, 0
    weight = model.excuse_weight
    holder_max = model.maximiser[holder]
    won = flags & E_WON
    # What the holder keeps once its side has won a trick: the Excuse, less the least
    # card won so far when it is exchanged (the card given may only be cheaper), and at most
    # the Excuse less the cheapest card of all.
    cheapest = model.weight_classes[0][0]
    kept = weight - (flags >> MIN_SHIFT) if model.exchange else weight
    most_kept = weight - cheapest if model.exchange else weight
    if state == EX_UNPLAYED:
        # Played to any trick but the last (a trick start has two or more to come), the
        # Excuse then waits with E_WON set, as below.
        return 0, weight, kept if holder_max and won else 0
    winner_max = flags & W_MAX
    if holder_max:
        if winner_max:
            return weight, weight, 0  # the analysed side keeps it either way
        return (kept if won else 0), most_kept, 0
    if not winner_max:
        return 0, 0, 0  # the other side keeps it either way
    # The analysed side gets the Excuse if the holder's side never wins a trick, else (when
    # it is exchanged) the card given for it: the least won, at least the cheapest card.
    given_least = cheapest if model.exchange else 0
    if won:
        return given_least, (weight - kept), 0
    return given_least, weight, 0
