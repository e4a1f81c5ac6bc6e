"""The rules of a Chase the Tailor turn, as functions of a state: the legal moves, what is
wrong with a move, and the state a legal move leads to.

:class:`~cardgames.tailor.State` calls them (:meth:`~cardgames.tailor.State.legal_moves`,
:meth:`~cardgames.tailor.State.check`, :meth:`~cardgames.tailor.State.play`); they work on the
hands as bit masks, with the follow rule of :func:`~cardgames.tailor.can_follow` as tables.

>>> from cardgames.tailor import Rules, deal
>>> state = deal(Rules(players=3), seed=13)
>>> [str(move) for move in legal_moves(state)]
['7D', 'QD', '2C']
>>> move_problem(state, legal_moves(state)[0]) is None, apply_move(state, Draw()).turns
(True, 1)
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from cardgames._shuffle import shuffled_range
from cardgames.cards import (
    JOKER_1,
    JOKER_2,
    STANDARD_PACK_SIZE,
    TAILOR,
    TAILOR_PACK_SIZE,
    Card,
    Rank,
    Suit,
)
from cardgames.cardset import CardSet, iter_bits
from cardgames.deck import shuffle_order
from cardgames.errors import IllegalMoveError
from cardgames.tailor.moves import (
    Draw,
    Dump,
    JokerEffect,
    Move,
    Pass,
    Play,
    PlayJoker,
    PlayTailor,
    trusted_dump,
)
from cardgames.tailor.rules import Call, Rules, can_follow, derive_seed
from cardgames.validation import quote

if TYPE_CHECKING:
    from cardgames.tailor.state import State

__all__ = [
    "ALL_SUITED",
    "FOLLOW_MASKS",
    "RANK_MASKS",
    "apply_move",
    "can_draw",
    "legal_moves",
    "may_draw",
    "move_problem",
    "move_text",
    "play_text",
    "round_over",
    "shuffled_round",
    "shuffled_round_state",
    "target_index",
    "top_text",
    "trusted_state",
]

ALL_SUITED: Final = (1 << STANDARD_PACK_SIZE) - 1
_JOKERS: Final = (JOKER_1, JOKER_2)
_CARDS: Final = Card.all()
_PLAYS: Final = tuple(Play(card) for card in _CARDS[:STANDARD_PACK_SIZE])
_DRAW: Final = Draw()
_PASS: Final = Pass()
_JOKER_MOVES: Final = {
    joker: (PlayJoker(joker, JokerEffect.SKIP), PlayJoker(joker, JokerEffect.REVERSE))
    for joker in _JOKERS
}
RANK_MASKS: Final = tuple(sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13))


def _follow_mask(target: int) -> int:
    """Mask of the suited cards that may be played onto the suited card ``target``."""
    suit, rank = divmod(target, 13)
    mask = ((1 << 13) - 1) << (suit * 13)
    for near in (rank - 1, rank, rank + 1):
        mask |= RANK_MASKS[near % 13]
    return mask


FOLLOW_MASKS: Final = tuple(_follow_mask(target) for target in range(STANDARD_PACK_SIZE))


@lru_cache(maxsize=64)
def _tailor_moves(players: int, seat: int, self_victim: bool) -> tuple[PlayTailor, ...]:
    victims = [victim for victim in range(players) if self_victim or victim != seat]
    return tuple(
        PlayTailor(Suit(index // 13), Rank(index % 13 + 1), victim)
        for index in range(STANDARD_PACK_SIZE)
        for victim in victims
    )


def top_text(top: Card | Call | None) -> str:
    return "anything" if top is None else str(top)


def target_index(top: Card | Call | None) -> int:
    """The index of the suited card to follow, or -1 when anything may be played."""
    if top is None:
        return -1
    return top.card.index if isinstance(top, Call) else top.index


def round_over(state: State) -> bool:
    """Whether the round of ``state`` has ended: a full cycle of passes, the cap of turns
    reached, or an empty hand (:attr:`State.is_over <cardgames.tailor.State.is_over>`)."""
    rules = state.rules
    if state.passes >= rules.players or state.turns >= rules.max_turns:
        return True
    return any(not hand.mask for hand in state.hands)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of ``state``, in the order
    :meth:`State.legal_moves() <cardgames.tailor.State.legal_moves>` gives."""
    if round_over(state):
        return ()
    rules = state.rules
    seat = state.to_move
    hand = state.hands[seat].mask
    if state.drawn is not None:
        after_draw = _moves_with(state, state.drawn, hand, rules.drawn_card_dumps)
        if not rules.must_play_drawn:
            after_draw.append(_PASS)
        return tuple(after_draw)
    target = target_index(state.top)
    playable = hand & (ALL_SUITED if target < 0 else FOLLOW_MASKS[target])
    moves: list[Move] = []
    dumps: list[tuple[int, ...]] = []
    rest = playable
    while rest:
        low = rest & -rest
        rest ^= low
        first = low.bit_length() - 1
        moves.append(_PLAYS[first])
        if hand & RANK_MASKS[first % 13] != low:  # another card of its rank: dumps
            dumps.extend(_dump_orders(state, first, hand))
    if dumps:
        dumps.sort()
        moves.extend(trusted_dump(tuple([_CARDS[index] for index in order])) for order in dumps)
    for joker in _JOKERS:
        if hand >> joker.index & 1:
            moves.extend(_JOKER_MOVES[joker])
    if hand >> TAILOR.index & 1:
        moves.extend(_tailor_moves(rules.players, seat, rules.victim_may_be_caller))
    if rules.voluntary_draw or not playable:
        moves.append(_DRAW if can_draw(state) else _PASS)
    return tuple(moves)


def may_draw(state: State, hand: int) -> bool:
    """Does the draw rule allow drawing (or passing instead) with this hand?"""
    if state.rules.voluntary_draw:
        return True
    target = target_index(state.top)
    follow = ALL_SUITED if target < 0 else FOLLOW_MASKS[target]
    return not hand & follow


def can_draw(state: State) -> bool:
    return bool(state.stock) or len(state.pile) > 1


def _dump_orders(state: State, first: int, hand: int) -> list[tuple[int, ...]]:
    others = [index for index in iter_bits(hand & RANK_MASKS[first % 13]) if index != first]
    lengths = [len(others)] if state.rules.dump_whole_rank else range(1, len(others) + 1)
    return [
        (first, *rest)
        for length in lengths
        if length
        for rest in itertools.permutations(others, length)
    ]


def _moves_with(state: State, card: Card, hand: int, dumps: bool) -> list[Move]:
    """The moves that play ``card`` (just drawn) first."""
    if card.is_tailor:
        return list(
            _tailor_moves(state.rules.players, state.to_move, state.rules.victim_may_be_caller)
        )
    if card.is_joker:
        return list(_JOKER_MOVES[card])
    moves: list[Move] = [_PLAYS[card.index]]
    if dumps:
        orders = sorted(_dump_orders(state, card.index, hand))
        moves.extend(trusted_dump(tuple([_CARDS[index] for index in order])) for order in orders)
    return moves


def move_problem(state: State, move: object) -> str | None:
    """What is wrong with ``move`` (the rule it breaks), or None if it is legal."""
    if round_over(state):
        return "the round is over"
    if type(move) is Play and state.drawn is None:
        # The commonest move, accepted at once when every rule of _card_problem holds (a
        # suited card of the hand that follows); any other goes the long way for its message.
        card = move.card
        index = card.index if type(card) is Card else -1
        if 0 <= index < STANDARD_PACK_SIZE and state.hands[state.to_move].mask >> index & 1:
            target = target_index(state.top)
            if target < 0 or FOLLOW_MASKS[target] >> index & 1:
                return None
    rules = state.rules
    seat = state.to_move
    hand = state.hands[seat].mask
    if isinstance(move, Pass):
        if state.drawn is not None:
            if rules.must_play_drawn:
                return f"the drawn card {state.drawn} can be played, so it must be played"
            return None
        if not may_draw(state, hand):
            return "a player who can follow with a suited card may not pass"
        if can_draw(state):
            return "passing is only for when nothing is left to draw; draw instead"
        return None
    if isinstance(move, Draw):
        if state.drawn is not None:
            return f"only one card is drawn a turn; play the drawn card {state.drawn} or pass"
        if not may_draw(state, hand):
            return (
                "drawing is allowed only when no suited card can follow "
                "(Rules.voluntary_draw is off)"
            )
        if not can_draw(state):
            return (
                "nothing can be drawn: the stock and the pile under the top card are empty;"
                " pass instead"
            )
        return None
    if isinstance(move, Play | Dump | PlayJoker | PlayTailor):
        return _card_problem(state, move, hand)
    return f"{quote(move)} is not a Chase the Tailor move"


def _card_problem(
    state: State, move: Play | Dump | PlayJoker | PlayTailor, hand: int
) -> str | None:
    rules = state.rules
    seat = state.to_move
    cards: tuple[object, ...]
    if isinstance(move, Dump):
        cards = move.cards if isinstance(move.cards, tuple) else ()
    elif isinstance(move, PlayTailor):
        cards = (TAILOR,)
    else:
        cards = (move.card,)
    if not cards or not all(isinstance(card, Card) for card in cards):
        return "a move must name cards of the 55-card pack"
    first = cards[0]
    assert isinstance(first, Card)
    if state.drawn is not None:
        if first != state.drawn:
            return f"after a draw only the drawn card {state.drawn} may be played"
        if isinstance(move, Dump) and not rules.drawn_card_dumps:
            return "a drawn card may not start a dump (Rules.drawn_card_dumps is off)"
    for card in cards:
        assert isinstance(card, Card)
        if not hand >> card.index & 1:
            return f"{card} is not in player {seat}'s hand"
    if isinstance(move, PlayTailor):
        if not isinstance(move.suit, Suit) or not isinstance(move.rank, Rank):
            return "the Tailor's call must be a suit and a rank"
        victim = move.victim
        if not isinstance(victim, int) or not 0 <= victim < rules.players:
            return f"the victim must be a seat from 0 to {rules.players - 1}"
        if victim == seat and not rules.victim_may_be_caller:
            return "the Tailor's caller may not name themselves as the victim"
        return None
    if isinstance(move, PlayJoker):
        if not first.is_joker:
            return f"{first} is not a Joker; play it as a card, not with skip or reverse"
        if not isinstance(move.effect, JokerEffect):
            return "a Joker must skip or reverse"
        return None
    if first.is_special:
        kind = "the Tailor" if first.is_tailor else "a Joker"
        return f"{first} is {kind}: play it with its call and victim or with its effect"
    if not can_follow(first, state.top):
        return (
            f"{first} does not follow {top_text(state.top)}: it needs the same suit, the same "
            "rank or a next-door rank"
        )
    if isinstance(move, Dump):
        return _dump_problem(state, cards, hand)
    return None


def _dump_problem(state: State, cards: tuple[object, ...], hand: int) -> str | None:
    if len(cards) < 2:
        return "a dump lays at least two cards"
    if len(set(cards)) != len(cards):
        return "a dump cannot lay the same card twice"
    first = cards[0]
    assert isinstance(first, Card)
    for card in cards[1:]:
        assert isinstance(card, Card)
        if card.is_special or card.rank != first.rank:
            return f"every card of a dump must have the rank of the first, {first}; not {card}"
    if state.rules.dump_whole_rank:
        held = (hand & RANK_MASKS[first.index % 13]).bit_count()
        if held != len(cards):
            return "a dump must lay every card held of its rank (Rules.dump_whole_rank)"
    return None


def move_text(move: object) -> str:
    """The quoted written form of a move, or a safe repr of anything else."""
    if isinstance(move, Play | Dump | PlayJoker | PlayTailor | Draw | Pass):
        try:
            return repr(str(move))
        except Exception:  # a move whose fields were changed behind its constructor's back
            pass
    return quote(move)


def trusted_state(
    cls: type[State],
    rules: Rules,
    hands: tuple[CardSet, ...],
    pile: tuple[Card, ...],
    stock: tuple[Card, ...],
    top: Card | Call | None,
    direction: int,
    to_move: int,
    chase_active: bool,
    drawn: Card | None,
    passes: int,
    turns: int,
    seed: int,
    reshuffles: int,
    previous: State | None,
    last_move: Move | None,
) -> State:
    """A state of these fields built without the constructor's checks (see
    :meth:`State._trusted <cardgames.tailor.State._trusted>`, which calls it)."""
    state = object.__new__(cls)
    set_field = object.__setattr__
    set_field(state, "rules", rules)
    set_field(state, "hands", hands)
    set_field(state, "pile", pile)
    set_field(state, "stock", stock)
    set_field(state, "top", top)
    set_field(state, "direction", direction)
    set_field(state, "to_move", to_move)
    set_field(state, "chase_active", chase_active)
    set_field(state, "drawn", drawn)
    set_field(state, "passes", passes)
    set_field(state, "turns", turns)
    set_field(state, "seed", seed)
    set_field(state, "reshuffles", reshuffles)
    set_field(state, "_previous", previous)
    set_field(state, "_last_move", last_move)
    set_field(state, "_legal", None)
    return state


def shuffled_round(rules: Rules, seed: int) -> tuple[list[int], int, list[int]]:
    """The round :func:`cardgames.tailor.deal` deals from ``seed`` (a shuffled pack, no pins),
    on card indices: each seat's hand as a mask, the card turned up, and the stock (the next
    card first). One card at a time round the seats; a Joker or the Tailor turned up goes
    under the stock under ``special_start="bury"`` (unless nothing else is left)."""
    order = shuffled_range(TAILOR_PACK_SIZE, random.Random(seed))
    players = rules.players
    dealt = players * rules.hand_size
    masks = [0] * players
    for position in range(dealt):
        masks[position % players] |= 1 << order[position]
    stock = order[dealt:]
    first = stock.pop(0)
    if rules.special_start == "bury" and any(card < STANDARD_PACK_SIZE for card in stock):
        while first >= STANDARD_PACK_SIZE:
            stock.append(first)
            first = stock.pop(0)
    return masks, first, stock


def shuffled_round_state(cls: type[State], rules: Rules, seed: int, first_player: int) -> State:
    """The state at the start of :func:`shuffled_round`'s round (the arguments checked by the
    caller, every card in one place by construction: no constructor check)."""
    masks, first, stock = shuffled_round(rules, seed)
    turned = _CARDS[first]
    return trusted_state(
        cls,
        rules,
        tuple([_card_set(mask) for mask in masks]),
        (turned,),
        tuple([_CARDS[index] for index in stock]),
        None if first >= STANDARD_PACK_SIZE else turned,
        1,
        first_player,
        False,
        None,
        0,
        0,
        seed,
        0,
        None,
        None,
    )


def _card_set(mask: int) -> CardSet:
    cards = object.__new__(CardSet)
    object.__setattr__(cards, "mask", mask)
    return cards


class _Table:
    """Scratch copy of the changing parts of a state, used while one move is applied: the
    hands as masks, the pile and the stock as the state's tuples until a move changes them."""

    __slots__ = ("hands", "pile", "reshuffles", "seed", "stock")

    def __init__(self, state: State) -> None:
        self.hands = [hand.mask for hand in state.hands]
        self.pile = state.pile
        self.stock = state.stock
        self.reshuffles = state.reshuffles
        self.seed = state.seed

    def draw(self, seat: int, count: int = 1) -> Card | None:
        """Move up to ``count`` cards from the stock to ``seat``, reshuffling when needed."""
        card = None
        for _ in range(count):
            if not self.stock:
                if len(self.pile) <= 1:
                    break
                self.reshuffles += 1
                under = self.pile[:-1]
                order = shuffle_order(
                    len(under), derive_seed(self.seed, "reshuffle", self.reshuffles)
                )
                self.stock = tuple(under[i] for i in order)
                self.pile = self.pile[-1:]
            card = self.stock[0]
            self.stock = self.stock[1:]
            self.hands[seat] |= 1 << card.index
        return card


def apply_move(state: State, move: Move) -> State:
    """Apply a move already known to be legal."""
    rules = state.rules
    players = rules.players
    seat = state.to_move
    table = _Table(state)
    top = state.top
    direction = state.direction
    chase = state.chase_active
    passes = 0
    drawn: Card | None = None
    step = 1
    if isinstance(move, Play):
        played = move.card
        table.hands[seat] &= ~(1 << played.index)
        table.pile = (*table.pile, played)
        top = played
    elif isinstance(move, Draw):
        card = table.draw(seat)
        if card is not None and can_follow(card, top):
            drawn, step = card, 0
    elif isinstance(move, Pass):
        passes = state.passes + 1 if state.drawn is None else 0
    else:
        if isinstance(move, Dump):
            cards: tuple[Card, ...] = move.cards
        elif isinstance(move, PlayTailor):
            cards = (TAILOR,)
        else:
            cards = (move.card,)
        for card in cards:
            table.hands[seat] &= ~(1 << card.index)
        table.pile = (*table.pile, *cards)
        if isinstance(move, Dump):
            top = cards[-1]
        elif isinstance(move, PlayJoker):
            if rules.after_joker == "any":
                top = None
            breaking, chase = chase, False
            if move.effect is JokerEffect.SKIP:
                step = 2
                if breaking and rules.skipped_player_draws_chase and table.hands[seat]:
                    table.draw((seat + direction) % players)
            else:
                direction = -direction
                if players == 2 and rules.two_player_reverse_skips:
                    step = 2
        else:
            assert isinstance(move, PlayTailor)
            top = move.call
            if rules.chase_mode:
                chase = not (chase and rules.tailor_breaks_chase)
            if table.hands[seat] or rules.final_tailor_penalty:
                table.draw(move.victim, 3)
    turns = state.turns + 1
    out = not table.hands[seat]
    to_move = (seat + step * direction) % players
    if out:
        to_move = seat
    elif chase and step and passes < players and turns < rules.max_turns:
        table.draw(to_move)
    # a hand that did not change keeps its card set; one that did is a set of cards the hand
    # held, so its mask is valid and the constructor's check is skipped
    hands = tuple(
        old if old.mask == mask else _card_set(mask)
        for old, mask in zip(state.hands, table.hands, strict=True)
    )
    return trusted_state(
        type(state),
        rules,
        hands,
        table.pile,
        table.stock,
        top,
        direction,
        to_move,
        chase,
        drawn,
        passes,
        turns,
        state.seed,
        table.reshuffles,
        state,
        move,
    )


def play_text(state: State, text: str) -> State:
    """The state after the move written ``text`` (see :meth:`State.play()
    <cardgames.tailor.State.play>`); an illegal move's error quotes the text as typed."""
    # play() for a move given by its written form: the error names the text as typed.
    move = state.read_move(text)
    try:
        return state.play(move)
    except IllegalMoveError as error:
        written = str(move)
        if text.strip() == written:
            raise
        raise IllegalMoveError(f"{quote(text)} is the move {written!r}: {error}") from None
