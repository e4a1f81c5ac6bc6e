"""The immutable state of a deal's card play.

A :class:`State` is a deal (:class:`~cardgames.bridge.deal.Deal`), a contract
(:class:`~cardgames.bridge.rules.Contract`) and the cards played so far, in order. Everything
else (the hands left, the trick on the table, who is to move, the tricks each side has won) is
worked out from these when the state is made, and :meth:`State.play` returns a new state.

>>> from cardgames.bridge import Contract, Deal, Seat, Strain
>>> deal = Deal.parse('N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876')
>>> state = State(deal, Contract(Seat.SOUTH, Strain.NO_TRUMP))
>>> state.to_move, [str(card) for card in state.legal_moves()][:4]
(<Seat.WEST: 3>, ['5S', '4S', '3S', '2S'])
>>> state = state.play('5S').play('AS').play('9S').play('6S')
>>> state.declarer_tricks, state.defender_tricks, state.to_move
(1, 0, <Seat.NORTH: 0>)
>>> State.parse(str(state)) == state
True
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.bridge.deal import FULL_PACK, Deal
from cardgames.bridge.rules import Contract, Seat, _trick_winner, card_strength
from cardgames.cards import Card
from cardgames.cardset import CardSet, iter_bits
from cardgames.errors import IllegalMoveError, NotationError
from cardgames.svg import SvgImage
from cardgames.validation import MAX_ITEMS, check_int, quote, strict_arguments

if TYPE_CHECKING:
    from cardgames.bridge.view import View

__all__ = ["State", "legal_mask"]

_SUIT_MASK: Final = 0x1FFF


def legal_mask(hand: int, led_suit: int | None) -> int:
    """The cards of ``hand`` (a mask of card indices) that may be played to a trick whose
    first card was of ``led_suit`` (None: the player leads): the cards of that suit if the
    hand has any, otherwise every card.

    >>> legal_mask(CardSet.parse('AS 2H 3H').mask, 1) == CardSet.parse('2H 3H').mask
    True

    :param hand: a mask of suited cards (an int from 0 to ``2**52 - 1``).
    :param led_suit: the suit led, 0 to 3 (spades to clubs; a :class:`~cardgames.cards.Suit`
        will do), or None.
    :raises NotationError: for a hand that is not such a mask or a suit that is not one.
    """
    check_int(
        hand,
        "hand",
        low=0,
        high=FULL_PACK,
        error=NotationError,
        expected="a mask of suited cards (an int from 0 to 2**52 - 1)",
    )
    if led_suit is not None and not (isinstance(led_suit, int) and 0 <= led_suit <= 3):
        raise NotationError(
            f"invalid led suit {quote(led_suit)}: expected a suit number 0 to 3 (a Suit) or None"
        )
    return _legal_mask(hand, None if led_suit is None else int(led_suit))


def _legal_mask(hand: int, led_suit: int | None) -> int:
    # legal_mask on arguments already checked.
    if led_suit is None:
        return hand
    follow = hand & (_SUIT_MASK << (13 * led_suit))
    return follow if follow else hand


def _to_played(value: Any) -> tuple[Card, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise IllegalMoveError(f"invalid played cards {quote(value)}: expected a sequence of Cards")
    cards = []
    for number, card in enumerate(value):
        if number >= MAX_ITEMS:
            raise IllegalMoveError("invalid played cards: too many")
        if not isinstance(card, Card):
            raise IllegalMoveError(f"invalid played card {quote(card)}: expected a Card")
        cards.append(card)
    return tuple(cards)


def _check_deal(instance: State, attribute: Any, value: Any) -> None:
    if not isinstance(value, Deal):
        raise NotationError(f"invalid deal {quote(value)}: expected a bridge Deal")


def _check_contract(instance: State, attribute: Any, value: Any) -> None:
    if not isinstance(value, Contract):
        raise NotationError(f"invalid contract {quote(value)}: expected a bridge Contract")


@strict_arguments
@attrs.frozen(repr=False)
class State:
    """A deal's card play: the deal, the contract and the cards played, in order.

    :param deal: the hands when play started.
    :param contract: the declarer, the strain and the opening leader.
    :param played: the cards played so far, in the order played.
    :raises IllegalMoveError: if a played card is not legal where it was played (the message
        names it).
    """

    deal: Deal = attrs.field(validator=_check_deal)
    """The hands when play started."""
    contract: Contract = attrs.field(validator=_check_contract)
    """The declarer, the strain and the opening leader."""
    played: tuple[Card, ...] = attrs.field(default=(), converter=_to_played)
    """The cards played so far, in order."""
    _hands: tuple[int, int, int, int] = attrs.field(init=False, eq=False, repr=False)
    _leader: int = attrs.field(init=False, eq=False, repr=False)
    _won: tuple[int, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        hands = [hand.mask for hand in self.deal.hands]
        leader = int(self.contract.leader)
        won = [0, 0]
        trump = self.contract.trump
        trick: list[Card] = []
        for number, card in enumerate(self.played):
            seat = (leader + len(trick)) % 4
            led = trick[0].index // 13 if trick else None
            if not hands[seat] & card.mask:
                raise IllegalMoveError(
                    f"illegal card {card} (card {number + 1} played): {Seat(seat)} does not hold it"
                )
            if not _legal_mask(hands[seat], led) & card.mask:
                raise IllegalMoveError(
                    f"illegal card {card} (card {number + 1} played): {Seat(seat)} must follow "
                    f"suit ({'SHDC'[led or 0]})"
                )
            hands[seat] ^= card.mask
            trick.append(card)
            if len(trick) == 4:
                leader = (leader + _trick_winner(trick, trump)) % 4
                won[0 if self.contract.is_declaring(leader) else 1] += 1
                trick = []
        object.__setattr__(self, "_hands", (hands[0], hands[1], hands[2], hands[3]))
        object.__setattr__(self, "_leader", leader)
        object.__setattr__(self, "_won", (won[0], won[1]))

    # -- queries -------------------------------------------------------------------------

    @property
    def hands(self) -> tuple[CardSet, CardSet, CardSet, CardSet]:
        """The cards each seat still holds, North, East, South, West."""
        h = self._hands
        return (CardSet(h[0]), CardSet(h[1]), CardSet(h[2]), CardSet(h[3]))

    def hand(self, seat: Seat | int) -> CardSet:
        """The cards ``seat`` still holds."""
        return CardSet(self._hands[Seat.of(seat, NotationError)])

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards played to the trick in progress (empty between tricks)."""
        count = len(self.played) % 4
        return self.played[len(self.played) - count :] if count else ()

    @property
    def leader(self) -> Seat:
        """Who led (or leads) the trick in progress."""
        return Seat(self._leader)

    @property
    def to_move(self) -> Seat:
        """The seat to play next (the declarer plays dummy's cards too, but the seat to move
        is dummy's then)."""
        return Seat((self._leader + len(self.played) % 4) % 4)

    @property
    def tricks_played(self) -> int:
        """Complete tricks played."""
        return len(self.played) // 4

    @property
    def tricks_left(self) -> int:
        """Tricks still to play (the current one included)."""
        return self.deal.cards_each - self.tricks_played

    @property
    def declarer_tricks(self) -> int:
        """Tricks won so far by the declaring side."""
        return self._won[0]

    @property
    def defender_tricks(self) -> int:
        """Tricks won so far by the defenders."""
        return self._won[1]

    def tricks_of(self, seat: Seat | int) -> int:
        """Tricks won so far by ``seat``'s side."""
        seat = Seat.of(seat)
        return self._won[0 if self.contract.is_declaring(seat) else 1]

    @property
    def is_over(self) -> bool:
        """Whether every card has been played."""
        return len(self.played) == 4 * self.deal.cards_each

    def payoffs(self) -> tuple[Fraction | int, ...]:
        """The tricks won by each seat's side, North, East, South, West."""
        return tuple(self.tricks_of(seat) for seat in Seat)

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards the seat to move may play, in the order of the pack (spades, hearts,
        diamonds, clubs; in each suit from the ace down)."""
        if self.is_over:
            return ()
        trick = self.trick
        led = trick[0].index // 13 if trick else None
        mask = _legal_mask(self._hands[self.to_move], led)
        cards = [Card.from_index(index) for index in iter_bits(mask)]
        cards.sort(key=lambda card: (card.index // 13, -card_strength(card)))
        return tuple(cards)

    def play(self, card: Card | str) -> State:
        """The state after the seat to move plays ``card`` (a :class:`~cardgames.cards.Card`
        or its written form such as ``'QH'``).

        :raises IllegalMoveError: if the card is not one the seat to move may play; the state
            is unchanged.
        """
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except NotationError as error:
                raise IllegalMoveError(f"illegal card {quote(card)}: {error}") from None
        if not isinstance(card, Card):
            raise IllegalMoveError(f"illegal card {quote(card)}: expected a Card")
        if self.is_over:
            raise IllegalMoveError(f"illegal card {card}: the play is over")
        seat = self.to_move
        if not self._hands[seat] & card.mask:
            raise IllegalMoveError(f"illegal card {card}: {seat} does not hold it")
        trick = self.trick
        led = trick[0].index // 13 if trick else None
        if not _legal_mask(self._hands[seat], led) & card.mask:
            raise IllegalMoveError(
                f"illegal card {card}: {seat} must follow suit ({'SHDC'[led or 0]})"
            )
        return self._after(card, trick)

    def _after(self, card: Card, trick: tuple[Card, ...]) -> State:
        """The state after a legal ``card``, built without replaying the whole history."""
        new = object.__new__(State)
        seat = self.to_move
        hands = list(self._hands)
        hands[seat] ^= card.mask
        leader = self._leader
        won = self._won
        if len(trick) == 3:
            leader = (leader + _trick_winner((*trick, card), self.contract.trump)) % 4
            if self.contract.is_declaring(leader):
                won = (won[0] + 1, won[1])
            else:
                won = (won[0], won[1] + 1)
        object.__setattr__(new, "deal", self.deal)
        object.__setattr__(new, "contract", self.contract)
        object.__setattr__(new, "played", (*self.played, card))
        object.__setattr__(new, "_hands", (hands[0], hands[1], hands[2], hands[3]))
        object.__setattr__(new, "_leader", leader)
        object.__setattr__(new, "_won", won)
        return new

    # -- written form ----------------------------------------------------------------------

    def __str__(self) -> str:
        played = " ".join(str(card) for card in self.played)
        return f"{self.contract}; {self.deal.pbn()}" + (f"; {played}" if played else "")

    def __repr__(self) -> str:
        return f"State.parse({str(self)!r})"

    def to_unicode(self) -> str:
        """The table as text: the four hands round it, the trick in the middle, the tricks
        each side has won (see :func:`cardgames.bridge.render.state_to_unicode`); ``str()``
        stays the notation."""
        from cardgames.bridge.render import state_to_unicode

        return state_to_unicode(self)

    def to_svg(self, *, width: int = 40, per_row: int = 13) -> SvgImage:
        """The table as an SVG picture (see :func:`cardgames.svg.table`, which calls this, and
        :func:`cardgames.bridge.render.state_to_svg`, which draws it).

        >>> from cardgames import bridge
        >>> bridge.random_position(1, tricks_played=12).to_svg().count('class="seat"')
        4
        """
        from cardgames.bridge.render import state_to_svg

        return state_to_svg(self, width=width, per_row=per_row)

    def view(self, seat: int) -> View:
        """What ``seat`` knows of this deal (see :class:`cardgames.bridge.view.View`): its own
        hand, the dummy once it is shown, every card played (:func:`cardgames.bridge.view.view_of`).

        >>> from cardgames import bridge
        >>> state = bridge.random_position(1, tricks_played=3)
        >>> state.view(2).seat
        <Seat.SOUTH: 2>
        """
        from cardgames.bridge.view import view_of

        return view_of(self, seat)

    def _repr_html_(self) -> str:
        from cardgames.bridge.render import state_to_html

        return state_to_html(self)

    @classmethod
    def parse(cls, text: str) -> State:
        """Read the written form :func:`str` gives: the contract, the deal in PBN and the
        cards played (if any), separated by semicolons, such as
        ``'S by N; N:AKQ.JT9.876.5432 ...; 2H AH'``.

        :raises NotationError: if the text is not of that form.
        :raises IllegalMoveError: if a card played was not legal.
        """
        if not isinstance(text, str):
            raise NotationError(f"invalid position {quote(text)}: expected a string")
        parts = text.split(";")
        if len(parts) not in (2, 3):
            raise NotationError(
                f"invalid position {quote(text)}: expected '<contract>; <PBN deal>' and "
                "optionally '; <cards played>'"
            )
        contract = Contract.parse(parts[0])
        deal = Deal.parse(parts[1])
        played = [Card.parse(word) for word in parts[2].split()] if len(parts) == 3 else []
        return cls(deal, contract, played)
