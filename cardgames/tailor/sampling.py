"""Worlds consistent with a Chase the Tailor view: every hidden card of the round dealt again
at random so that replaying the public moves gives the same :class:`~cardgames.tailor.view.View`.

:meth:`cardgames.tailor.view.View.sample` calls :func:`sample`; the module description of
:mod:`cardgames.tailor.view` says how each stock is matched to its slots and how close to
uniform the draw is.

>>> import random
>>> from cardgames.tailor import Rules, deal
>>> state = deal(Rules(players=3), seed=13)
>>> view = state.view(0)
>>> world = sample(view, random.Random(2))
>>> world.view(0) == view, world.hands[0] == state.hands[0]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import attrs

from cardgames import _allocation
from cardgames.cards import STANDARD_PACK_SIZE, TAILOR, TAILOR_PACK_SIZE, Card
from cardgames.cardset import CardSet
from cardgames.errors import RulesError
from cardgames.tailor.moves import Draw, Dump, Move, Play, PlayJoker, PlayTailor
from cardgames.tailor.rules import Call, can_follow
from cardgames.tailor.state import State
from cardgames.tailor.turns import ALL_SUITED as _ALL_SUITED
from cardgames.tailor.turns import FOLLOW_MASKS as _FOLLOW_MASKS
from cardgames.tailor.turns import target_index as _target_index
from cardgames.validation import SEED_LIMIT, make_rng, quote

if TYPE_CHECKING:
    from cardgames.tailor.view import View

__all__ = ["sample"]

_FULL: Final = (1 << TAILOR_PACK_SIZE) - 1
_CARDS: Final = Card.all()
_ATTEMPTS: Final = 30  # whole-round samples tried before giving up (each is already checked)
# Rejection rarely succeeds once a round has a history (every card played must have been in
# its player's hand), so few attempts before the exact or sequential methods.
_REJECTION_ATTEMPTS: Final = 25


def _mask(cards: Sequence[Card] | CardSet) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def sample(view: View, rng: int | random.Random) -> State:
    """A complete state consistent with ``view``, the round's history replayed: what
    :meth:`cardgames.tailor.view.View.sample` returns.

    :param rng: a :class:`random.Random` (advanced) or an int seed.
    :raises RulesError: if ``rng`` is not a :class:`random.Random` or a seed, or no world fits the
        view (a view made up by hand).
    """
    rng = make_rng(rng, "rng")
    for _ in range(_ATTEMPTS):
        world = _World(view).build(rng)
        if world is not None and world.view(view.seat) == view:
            return world
    raise RulesError(f"no Chase the Tailor round fits the view {quote(view)}")


def _first_card(move: Move) -> Card | None:
    if isinstance(move, Play | PlayJoker):
        return move.card
    if isinstance(move, Dump):
        return move.cards[0]
    if isinstance(move, PlayTailor):
        return TAILOR
    return None


def _played_cards(move: Move) -> tuple[Card, ...]:
    if isinstance(move, Play | PlayJoker):
        return (move.card,)
    if isinstance(move, Dump):
        return move.cards
    if isinstance(move, PlayTailor):
        return (TAILOR,)
    return ()


_INFINITY: Final = 1 << 30
_STOCK: Final = -1  # the seat of a slot still in the stock


@attrs.define
class _Slot:
    seat: int  # who received the card (_STOCK: still in the stock)
    time: int  # the move it was drawn in (-1 dealt or held at the start)
    follows: bool | None = None  # a Draw's card: it followed (True) or not (False)
    top: Card | Call | None = None
    card: int | None = None  # fixed: seen by the viewing seat, or revealed by play


class _World:
    """One sampling of the hidden cards of a round (see :meth:`View.sample`)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.rules = view.rules
        self.epochs: list[list[_Slot]] = []
        self.pools: list[int] = []

    def _slots(self) -> None:
        view = self.view
        start = view.start
        slots: list[_Slot] = []
        for seat, size in enumerate(start.hand_sizes):
            own = sorted(c.index for c in start.hand) if seat == view.seat else []
            for k in range(size):
                slots.append(_Slot(seat, -1, card=own[k] if own else None))
        first = next((s for s in slots if s.seat == start.to_move), None)
        if start.drawn_pending and start.to_move != view.seat and first is not None:
            # one card of the mover's hand is the drawn one, and it follows the top
            first.follows, first.top = True, start.top
        self.epochs = [slots]
        self.pools = [_FULL & ~_mask(start.pile)]
        stock_left = start.stock_size
        epoch = 0
        stock_slots: list[_Slot] = []
        events = view.events
        if start.drawn_pending and first is not None and start.to_move != view.seat and events:
            card = _first_card(events[0].move)
            if events[0].player == start.to_move and card is not None:
                first.card = card.index
        for time, event in enumerate(events):
            drawn = [seat for seat, count in event.draws for _ in range(count)]
            own = sorted(c.index for c in event.seen)
            switched = False
            for k, seat in enumerate(drawn):
                if stock_left == 0 and event.reshuffled is not None and not switched:
                    switched = True
                    self.epochs[epoch].extend(stock_slots)
                    stock_slots = []
                    epoch += 1
                    self.epochs.append([])
                    self.pools.append(event.reshuffled.mask)
                    stock_left = len(event.reshuffled)
                slot = _Slot(seat, time)
                if k == 0 and isinstance(event.move, Draw):
                    slot.follows, slot.top = event.pending, event.top
                    if event.pending and time + 1 < len(events):
                        card = _first_card(events[time + 1].move)
                        if events[time + 1].player == event.player and card is not None:
                            slot.card = card.index
                if seat == view.seat:
                    # A card can belong to two stocks (drawn, played, then shuffled into the
                    # next one), so in a move that reshuffles the cards drawn before the
                    # reshuffle are those outside the new stock: they were not on the pile.
                    pool = self.pools[epoch]
                    if event.reshuffled is not None and not switched:
                        pool &= ~event.reshuffled.mask
                    mine = [c for c in own if pool >> c & 1]
                    if not mine:
                        raise RulesError("invalid Tailor view: a card seen drawn is in no stock")
                    slot.card = mine[0]
                    own.remove(mine[0])
                stock_slots.append(slot)
                stock_left -= 1
        self.epochs[epoch].extend(stock_slots)
        self.epochs[epoch].extend(_Slot(_STOCK, _INFINITY) for _ in range(stock_left))
        self.current_stock = stock_left

    def _lives(self) -> list[dict[int, tuple[int, int] | None]]:
        """For each epoch, each card of its pool: who played it from there and when (None
        if it is still held or in the stock)."""
        lives: list[dict[int, tuple[int, int] | None]] = [
            {c: None for c in range(TAILOR_PACK_SIZE) if pool >> c & 1} for pool in self.pools
        ]
        entered = {c: 0 for c in lives[0]}
        epoch = 0
        for time, event in enumerate(self.view.events):
            for card in _played_cards(event.move):
                home = entered.pop(card.index, None)
                if home is not None:
                    lives[home][card.index] = (event.player, time)
            if event.reshuffled is not None:
                epoch += 1
                for card in event.reshuffled:
                    entered[card.index] = epoch
        return lives

    def build(self, rng: random.Random) -> State | None:
        try:
            self._slots()
        except RulesError:
            return None
        lives = self._lives()
        forced = [
            (event.player, time, event.top)
            for time, event in enumerate(self.view.events)
            if event.forced_draw and not self.rules.voluntary_draw
        ]
        orders: list[list[int]] = []
        for epoch, slots in enumerate(self.epochs):
            order = self._match(slots, lives[epoch], forced, rng)
            if order is None:
                return None
            orders.append(order)
        return self._replay(orders, rng)

    def _match(
        self,
        slots: list[_Slot],
        lives: dict[int, tuple[int, int] | None],
        forced: list[tuple[int, int, Card | Call | None]],
        rng: random.Random,
    ) -> list[int] | None:
        fixed = {slot.card for slot in slots if slot.card is not None}
        # places: the open slots grouped by who got them and when
        keys: list[tuple[int, int, bool | None, Card | Call | None]] = []
        groups: dict[tuple[int, int, bool | None, Card | Call | None], list[int]] = {}
        for index, slot in enumerate(slots):
            if slot.card is None:
                key = (slot.seat, slot.time, slot.follows, slot.top)
                if key not in groups:
                    groups[key] = []
                    keys.append(key)
                groups[key].append(index)
        items = [c for c in lives if c not in fixed]
        allowed = []
        for card in items:
            end = lives[card]
            mask = 0
            for place, (seat, time, follows, top) in enumerate(keys):
                if end is not None and (seat != end[0] or time >= end[1]):
                    continue
                if follows is not None and can_follow(_CARDS[card], top) != follows:
                    continue
                stop = _INFINITY if end is None else end[1]
                if any(
                    player == seat
                    and time < when < stop
                    and card < STANDARD_PACK_SIZE
                    and _follows_for_draw(card, top_then)
                    for player, when, top_then in forced
                ):
                    continue
                mask |= 1 << place
            allowed.append(mask)
        capacities = [len(groups[key]) for key in keys]
        result = _allocation.allocate(
            items, allowed, capacities, rng, attempts=min(_REJECTION_ATTEMPTS, _allocation.ATTEMPTS)
        )
        if result is None:
            return None
        order: list[int] = [-1] * len(slots)
        for index, slot in enumerate(slots):
            if slot.card is not None:
                order[index] = slot.card
        for place, key in enumerate(keys):
            cards = list(result[0][place])
            rng.shuffle(cards)
            for index, card in zip(groups[key], cards, strict=True):
                order[index] = card
        return order

    def _replay(self, orders: list[list[int]], rng: random.Random) -> State | None:
        view = self.view
        start = view.start
        rules = self.rules
        players = rules.players
        first = orders[0]
        hands = [0] * players
        dealt = sum(start.hand_sizes)
        for slot, card in zip(self.epochs[0][:dealt], first[:dealt], strict=True):
            hands[slot.seat] |= 1 << card
        drawn = start.drawn
        if start.drawn_pending and drawn is None:
            slot_index = next(i for i, s in enumerate(self.epochs[0]) if s.seat == start.to_move)
            drawn = _CARDS[first[slot_index]]
        try:
            state = State(
                rules=rules,
                hands=tuple(CardSet(mask) for mask in hands),
                pile=start.pile,
                stock=tuple(_CARDS[c] for c in first[dealt:]),
                top=start.top,
                direction=start.direction,
                to_move=start.to_move,
                chase_active=start.chase_active,
                drawn=drawn,
                passes=start.passes,
                turns=start.turns,
                seed=rng.randrange(SEED_LIMIT),
                reshuffles=start.reshuffles,
            )
            epoch = 0
            for event in view.events:
                if event.reshuffled is None:
                    state = state.play(event.move)
                    continue
                epoch += 1
                before = state
                # Shuffle the pile into the stock just before the move, in the order sampled,
                # so the move draws from it as it would from the real reshuffle.
                ready = State._trusted(
                    rules,
                    before.hands,
                    (),
                    before.stock + tuple(_CARDS[c] for c in orders[epoch]),
                    before.top,
                    before.direction,
                    before.to_move,
                    before.chase_active,
                    before.drawn,
                    before.passes,
                    before.turns,
                    before.seed,
                    before.reshuffles + 1,
                )
                after = ready.play(event.move)
                played = _played_cards(event.move)
                pile = (played[-1],) if played else (before.pile[-1],)
                fields = list(after._fields())
                fields[2] = pile
                state = State._trusted(
                    *fields,  # type: ignore[arg-type]
                    previous=before,
                    last_move=event.move,
                )
            # the constructor's checks, on the final position
            attrs.evolve(state)
        except (RulesError, ValueError):
            return None
        return state


def _follows_for_draw(card: int, top: Card | Call | None) -> bool:
    """Whether the suited ``card`` would have stopped a draw on ``top``."""
    target = _target_index(top)
    mask = _ALL_SUITED if target < 0 else _FOLLOW_MASKS[target]
    return bool(mask >> card & 1)
