"""The rules, the state and a seat's view of whist (see the package's description)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Final

import attrs

from cardgames.cards import STANDARD_PACK_SIZE, Card, Suit
from cardgames.cardset import CardSet
from cardgames.deck import Deck, make_rng
from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.validation import check_int, quote

SEATS: Final = 4
_RULES_TEXT: Final = re.compile(r"whist-(?P<cards>[0-9]{1,2})-(?P<trump>[SHDC]|NT)")


def strength(card: Card) -> int:
    """A card's strength within its suit: 0 for the two up to 12 for the ace."""
    return (card.index % 13 + 12) % 13


def trick_winner(cards: Iterable[Card], trump: Suit | None) -> int:
    """The position (0 = the lead) of the card that wins a trick."""
    played = list(cards)
    if not played:
        raise RulesError("a trick without cards has no winner")
    best = 0
    for position in range(1, len(played)):
        card, top = played[position], played[best]
        if card.suit == top.suit:
            if strength(card) > strength(top):
                best = position
        elif card.suit == trump:
            best = position
    return best


def _to_trump(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    raise RulesError(f"invalid trump {quote(value)}: expected a Suit or None (no trump)")


@attrs.frozen
class Rules:
    """How many cards each seat is dealt, and the trump suit (None: no trump).

    >>> Rules.parse('whist-5-H') == Rules(cards_each=5, trump=Suit.HEARTS)
    True
    """

    cards_each: int = attrs.field(default=5)
    trump: Suit | None = attrs.field(default=Suit.HEARTS, converter=_to_trump)

    def __attrs_post_init__(self) -> None:
        check_int(self.cards_each, "cards each", low=1, high=13)

    @property
    def players(self) -> int:
        """Four."""
        return SEATS

    def __str__(self) -> str:
        return f"whist-{self.cards_each}-{'NT' if self.trump is None else self.trump}"

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read ``whist-<cards each>-<trump letter or NT>``.

        :raises NotationError: for anything else.
        """
        match = _RULES_TEXT.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise NotationError(f"invalid whist rules {quote(text)}: expected such as 'whist-5-H'")
        trump = None if match["trump"] == "NT" else Suit.parse(match["trump"])
        try:
            return cls(int(match["cards"]), trump)
        except RulesError as error:
            raise NotationError(f"invalid whist rules {quote(text)}: {error}") from None


def _to_hands(value: Iterable[CardSet]) -> tuple[CardSet, ...]:
    hands = tuple(value)
    if len(hands) != SEATS or not all(isinstance(hand, CardSet) for hand in hands):
        raise RulesError(f"invalid whist hands {quote(hands)}: expected four CardSets")
    return hands


@attrs.frozen
class State:
    """A deal of whist: the hands dealt and every card played since (in order).

    >>> state = deal(Rules(cards_each=2), seed=1)
    >>> state.to_move, len(state.legal_moves()) > 0, State.parse(str(state)) == state
    (1, True, True)
    """

    rules: Rules
    dealt: tuple[CardSet, ...] = attrs.field(converter=_to_hands)
    played: tuple[Card, ...] = ()
    _hands: tuple[CardSet, ...] = attrs.field(init=False, eq=False, repr=False)
    _leader: int = attrs.field(init=False, eq=False, repr=False)
    _won: tuple[int, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if any(len(hand) != self.rules.cards_each for hand in self.dealt):
            raise RulesError(f"invalid whist deal: {self.rules.cards_each} cards each expected")
        together = CardSet()
        for hand in self.dealt:
            together = together | hand
        if len(together) != SEATS * self.rules.cards_each:
            raise RulesError("invalid whist deal: a card is dealt twice")
        hands, leader, won = list(self.dealt), 1, [0, 0]
        trick: list[Card] = []
        for card in self.played:
            seat = (leader + len(trick)) % SEATS
            if card not in _legal(hands[seat], trick):
                raise IllegalMoveError(f"illegal whist card {quote(str(card))} for seat {seat}")
            hands[seat] = hands[seat] - CardSet.from_cards([card])
            trick.append(card)
            if len(trick) == SEATS:
                leader = (leader + trick_winner(trick, self.rules.trump)) % SEATS
                won[leader % 2] += 1
                trick = []
        object.__setattr__(self, "_hands", tuple(hands))
        object.__setattr__(self, "_leader", leader)
        object.__setattr__(self, "_won", (won[0], won[1]))

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress."""
        return self.played[len(self.played) - len(self.played) % SEATS :]

    @property
    def leader(self) -> int:
        """The seat that led the trick in progress (or leads the next)."""
        return self._leader

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's cards now."""
        return self._hands

    @property
    def to_move(self) -> int:
        """The seat to play."""
        return (self._leader + len(self.trick)) % SEATS

    @property
    def is_over(self) -> bool:
        """Whether every card has been played."""
        return len(self.played) == SEATS * self.rules.cards_each

    def tricks(self, side: int) -> int:
        """Tricks won so far by side 0 (seats 0 and 2) or side 1 (seats 1 and 3)."""
        return self._won[side]

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards the seat to move may play, in the pack's order."""
        if self.is_over:
            return ()
        return tuple(_legal(self._hands[self.to_move], list(self.trick)))

    def play(self, move: Card) -> State:
        """The state after ``move``.

        :raises IllegalMoveError: if it is not a legal card here.
        """
        if not isinstance(move, Card) or move not in self.legal_moves():
            raise IllegalMoveError(f"illegal whist move {quote(move)}: expected a legal card")
        return State(self.rules, self.dealt, (*self.played, move))

    def payoffs(self) -> tuple[Fraction, ...]:
        """The tricks each seat's side has won."""
        return tuple(Fraction(self._won[seat % 2]) for seat in range(SEATS))

    def view(self, seat: int) -> View:
        """What ``seat`` knows: its own hand as dealt and every card played."""
        check_int(seat, "seat", low=0, high=SEATS - 1)
        return View(self.rules, seat, self.dealt[seat], self.played)

    def to_unicode(self) -> str:
        """The hands and the trick in progress."""
        lines = [f"{self.rules}: seat {self.to_move} to move; tricks {self._won[0]}-{self._won[1]}"]
        for seat, hand in enumerate(self._hands):
            lines.append(f"  seat {seat}: {hand.to_unicode()}")
        lines.append("  trick: " + (" ".join(card.to_unicode() for card in self.trick) or "-"))
        return "\n".join(lines)

    def __str__(self) -> str:
        hands = "/".join(str(hand) for hand in self.dealt)
        return f"{self.rules}|{hands}|{' '.join(map(str, self.played))}"

    @classmethod
    def parse(cls, text: str) -> State:
        """Read what :func:`str` writes.

        :raises NotationError: for anything else.
        """
        parts = text.split("|") if isinstance(text, str) else []
        if len(parts) != 3:
            raise NotationError(f"invalid whist state {quote(text)}: expected rules|hands|played")
        try:
            hands = [CardSet.parse(part) for part in parts[1].split("/")]
            played = tuple(Card.parse(word) for word in parts[2].split())
            return cls(Rules.parse(parts[0]), hands, played)
        except (RulesError, IllegalMoveError) as error:
            raise NotationError(f"invalid whist state {quote(text)}: {error}") from None


def _legal(hand: CardSet, trick: list[Card]) -> list[Card]:
    if trick:
        follow = [card for card in hand if card.suit == trick[0].suit]
        if follow:
            return follow
    return list(hand)


def deal(rules: Rules, seed: int | random.Random) -> State:
    """A deal shuffled by ``seed`` (an int, or a :class:`random.Random`)."""
    cards = list(Deck.standard().shuffled(make_rng(seed)))
    size = rules.cards_each
    return State(
        rules, [CardSet.from_cards(cards[seat * size : (seat + 1) * size]) for seat in range(SEATS)]
    )


@attrs.frozen
class View:
    """What one seat knows: its hand as dealt and every card played."""

    rules: Rules
    seat: int
    dealt: CardSet
    played: tuple[Card, ...]

    def _state_shape(self) -> tuple[int, list[Card], CardSet]:
        leader, hand = 1, self.dealt
        trick: list[Card] = []
        for card in self.played:
            seat = (leader + len(trick)) % SEATS
            if seat == self.seat:
                hand = hand - CardSet.from_cards([card])
            trick.append(card)
            if len(trick) == SEATS:
                leader = (leader + trick_winner(trick, self.rules.trump)) % SEATS
                trick = []
        return leader, trick, hand

    @property
    def hand(self) -> CardSet:
        """The seat's cards now."""
        return self._state_shape()[2]

    def legal_moves(self) -> tuple[Card, ...]:
        """The seat's legal cards when it is to move, none otherwise."""
        leader, trick, hand = self._state_shape()
        if len(self.played) == SEATS * self.rules.cards_each:
            return ()
        if (leader + len(trick)) % SEATS != self.seat:
            return ()
        return tuple(_legal(hand, trick))

    def voids(self) -> list[set[Suit]]:
        """The suits each seat has shown it lacks (by not following)."""
        voids: list[set[Suit]] = [set() for _ in range(SEATS)]
        leader = 1
        trick: list[Card] = []
        for card in self.played:
            seat = (leader + len(trick)) % SEATS
            if trick and card.suit != trick[0].suit and trick[0].suit is not None:
                voids[seat].add(trick[0].suit)
            trick.append(card)
            if len(trick) == SEATS:
                leader = (leader + trick_winner(trick, self.rules.trump)) % SEATS
                trick = []
        return voids

    def sample(self, rng: random.Random) -> State:
        """A deal consistent with the view: the unseen cards dealt at random to the other
        seats, each seat's suits shown void respected (drawn again until they are)."""
        size = self.rules.cards_each
        seen = set(self.dealt) | set(self.played)
        unseen = [
            Card.from_index(i) for i in range(STANDARD_PACK_SIZE) if Card.from_index(i) not in seen
        ]
        played_by: list[list[Card]] = [[] for _ in range(SEATS)]
        leader = 1
        trick: list[Card] = []
        for card in self.played:
            seat = (leader + len(trick)) % SEATS
            played_by[seat].append(card)
            trick.append(card)
            if len(trick) == SEATS:
                leader = (leader + trick_winner(trick, self.rules.trump)) % SEATS
                trick = []
        voids = self.voids()
        for _ in range(10_000):
            rng.shuffle(unseen)
            hands: list[CardSet] = []
            at = 0
            ok = True
            for seat in range(SEATS):
                if seat == self.seat:
                    hands.append(self.dealt)
                    continue
                need = size - len(played_by[seat])
                drawn = unseen[at : at + need]
                at += need
                if any(card.suit in voids[seat] for card in drawn):
                    ok = False
                    break
                hands.append(CardSet.from_cards([*drawn, *played_by[seat]]))
            if ok:
                return State(self.rules, hands, self.played)
        raise RulesError("no deal consistent with this whist view was found")

    def to_unicode(self) -> str:
        """The seat's hand and the cards played."""
        return f"seat {self.seat}: {self.hand.to_unicode()}; played: {len(self.played)} cards"
