"""What one seat knows of a deal's play: :class:`View`, built by :func:`view_of`, and the
worlds (:meth:`View.sample`) consistent with it.

A seat sees its own hand, every card played (and so who won each trick), and, once the
opening lead has been made, the dummy's hand, which is then laid face up for everyone (the
dummy is shown from the start when it is the dummy that leads to the first trick, as in a
double-dummy problem set that way). The other hands are hidden; all that play has shown of
them is the suits a seat has failed to follow (its *voids*).

The declarer chooses the dummy's cards as well as its own: :func:`controller` names the seat
that chooses the card of the seat to move, and :meth:`View.legal_moves` lists the cards only
in the view of that seat.

A view remembers the hands as they were when play started, so that :meth:`View.sample` can deal
a whole :class:`~cardgames.bridge.state.State` again: the hidden cards are shared out among the
hidden hands (``cardgames._allocation.allocate``) so that each gets its number of cards and
none gets a card of a suit it has shown out of; then the public play is replayed.

>>> import random
>>> from cardgames import bridge
>>> state = bridge.random_position(4, tricks_played=2, cards=1)
>>> view = view_of(state, state.contract.declarer)
>>> view.dummy == state.deal.hand(state.contract.declarer.partner), view.to_move == state.to_move
(True, True)
>>> world = view.sample(random.Random(1))
>>> view_of(world, view.seat) == view
True
>>> View.parse(str(view)) == view, View.from_dict(view.to_dict()) == view
(True, True)
"""

from __future__ import annotations

import html
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from cardgames._allocation import allocate, feasible
from cardgames.bridge.deal import FULL_PACK, Deal, format_hand, parse_hand
from cardgames.bridge.rules import Contract, Seat, _trick_winner, card_strength
from cardgames.bridge.state import State, _legal_mask
from cardgames.cards import Card
from cardgames.cardset import CardSet, iter_bits
from cardgames.errors import NotationError, RulesError
from cardgames.validation import MAX_ITEMS, make_rng, quote, strict_arguments

__all__ = ["View", "controller", "dummy_shown", "view_of"]

_SUIT_MASK: Final = 0x1FFF
_KEYS: Final = ("seat", "contract", "hand", "dummy", "played", "pack")


def controller(contract: Contract, seat: Seat | int) -> Seat:
    """The seat that chooses the card of ``seat``: the declarer for the dummy, else the seat.

    >>> controller(Contract.parse('S by N'), Seat.SOUTH), controller(Contract.parse('S by N'), 1)
    (<Seat.NORTH: 0>, <Seat.EAST: 1>)

    :raises RulesError: if ``contract`` is not a bridge contract or ``seat`` not a seat.
    """
    _check_contract_arg(contract)
    seat = Seat.of(seat)
    return contract.declarer if seat == contract.declarer.partner else seat


def dummy_shown(contract: Contract, played: Sequence[Card]) -> bool:
    """Whether the dummy's hand is face up: once a card has been played, or from the start
    when the dummy leads to the first trick.

    >>> [dummy_shown(Contract.parse(text), []) for text in ('S by N', 'S by N, S leads')]
    [False, True]

    :raises RulesError: if ``contract`` is not a bridge contract or ``played`` not a sequence
        of cards.
    """
    _check_contract_arg(contract)
    return _dummy_shown(contract, _to_played(played))


def _dummy_shown(contract: Contract, played: Sequence[Card]) -> bool:
    return bool(played) or contract.leader == contract.declarer.partner


def _check_contract_arg(contract: object) -> None:
    if not isinstance(contract, Contract):
        raise RulesError(f"invalid contract {quote(contract)}: expected a bridge Contract")


def _seats_of_play(contract: Contract, played: Sequence[Card]) -> tuple[list[int], int, int]:
    """Who played each card, the seat to move after them and the declaring side's tricks."""
    seats: list[int] = []
    leader = int(contract.leader)
    won = 0
    for start in range(0, len(played), 4):
        trick = played[start : start + 4]
        seats.extend((leader + offset) % 4 for offset in range(len(trick)))
        if len(trick) == 4:
            leader = (leader + _trick_winner(trick, contract.trump)) % 4
            won += contract.is_declaring(leader)
    to_move = (leader + len(played) % 4) % 4
    return seats, to_move, won


def _to_seat(value: Any) -> Seat:
    return Seat.of(value)


def _check_contract(instance: View, attribute: Any, value: Any) -> None:
    if not isinstance(value, Contract):
        raise RulesError(f"invalid contract {quote(value)}: expected a bridge Contract")


def _check_cards(instance: View, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, CardSet) or value.mask & ~FULL_PACK:
        raise RulesError(
            f"invalid {attribute.name} {quote(value)}: expected a CardSet of suited cards"
        )


def _check_dummy(instance: View, attribute: Any, value: Any) -> None:
    if value is not None:
        _check_cards(instance, attribute, value)


def _to_played(value: Any) -> tuple[Card, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) > MAX_ITEMS:
        raise RulesError(f"invalid played cards {quote(value)}: expected a sequence of Cards")
    if not all(isinstance(card, Card) for card in value):
        raise RulesError(f"invalid played cards {quote(value)}: expected a sequence of Cards")
    return tuple(value)


def _full() -> CardSet:
    return CardSet(FULL_PACK)


@strict_arguments
@attrs.frozen(repr=False)
class View:
    """What ``seat`` knows of a deal's play (see the module's description).

    :param seat: the seat whose view it is.
    :param contract: the contract.
    :param hand: the seat's hand as it was when play started.
    :param dummy: the dummy's hand when play started, if it is shown (else None).
    :param played: every card played, in order.
    :param pack: the cards of the deal (the whole pack unless the deal is an ending).
    :raises RulesError: unless the parts fit together: hands of the deal's size, inside the
        pack, the dummy given exactly when it is shown, every card played at most once and
        legally as far as the seat can tell, and some deal of the hidden cards consistent with
        the suits each hidden seat has shown out of.
    """

    seat: Seat = attrs.field(converter=_to_seat)
    """The seat whose view it is."""
    contract: Contract = attrs.field(validator=_check_contract)
    """The contract."""
    hand: CardSet = attrs.field(validator=_check_cards)
    """The seat's hand when play started."""
    dummy: CardSet | None = attrs.field(validator=_check_dummy)
    """The dummy's hand when play started, once shown."""
    played: tuple[Card, ...] = attrs.field(converter=_to_played)
    """The cards played, in order."""
    pack: CardSet = attrs.field(factory=_full, validator=_check_cards)
    """The cards of the deal."""
    _players: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _to_move: int = attrs.field(init=False, eq=False, repr=False)
    _won: int = attrs.field(init=False, eq=False, repr=False)
    _voids: tuple[int, int, int, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        contract, played = self.contract, self.played
        each, extra = divmod(len(self.pack), 4)
        if extra or not 0 < each <= 13:
            raise RulesError(
                f"invalid pack {self.pack}: expected 4 to 52 cards, a multiple of four"
            )
        if len(played) > 4 * each:
            raise RulesError(f"invalid view: {len(played)} cards played of a {4 * each}-card deal")
        seats, to_move, won = _seats_of_play(contract, played)
        known = self._known_hands(each)
        voids = [0, 0, 0, 0]
        left = [hand.mask if hand is not None else 0 for hand in known]
        seen = 0
        for number, (card, seat) in enumerate(zip(played, seats, strict=True)):
            where = f"card {number + 1} played, {card} by {Seat(seat)}"
            if seen & card.mask or not self.pack.mask & card.mask:
                raise RulesError(f"invalid view: {where}, was played before or is not in the deal")
            seen |= card.mask
            lead = played[number - number % 4]
            led = None if number % 4 == 0 else lead.index // 13
            if known[seat] is not None:
                if not left[seat] & card.mask or not _legal_mask(left[seat], led) & card.mask:
                    raise RulesError(f"invalid view: {where}, which that hand could not play")
                left[seat] ^= card.mask
            elif any(hand is not None and hand.mask & card.mask for hand in known):
                raise RulesError(f"invalid view: {where}, but another hand holds it")
            elif voids[seat] >> (card.index // 13) & 1:
                raise RulesError(f"invalid view: {where}, after showing out of that suit")
            if led is not None and card.index // 13 != led:
                voids[seat] |= 1 << led
        object.__setattr__(self, "_players", tuple(seats))
        object.__setattr__(self, "_to_move", to_move)
        object.__setattr__(self, "_won", won)
        object.__setattr__(self, "_voids", (voids[0], voids[1], voids[2], voids[3]))
        if self._problem() is None:
            raise RulesError(
                "invalid view: no deal of the hidden cards fits the suits the hidden hands "
                "have shown out of"
            )

    def _known_hands(self, each: int) -> list[CardSet | None]:
        contract = self.contract
        shown = _dummy_shown(contract, self.played)
        if shown != (self.dummy is not None):
            raise RulesError(
                f"invalid view: the dummy is {'shown' if shown else 'not shown yet'}; expected "
                f"dummy={'its hand' if shown else 'None'}"
            )
        known: list[CardSet | None] = [None, None, None, None]
        known[self.seat] = self.hand
        dummy_seat = contract.declarer.partner
        if self.dummy is not None:
            if self.seat == dummy_seat and self.dummy != self.hand:
                raise RulesError("invalid view: the dummy's own view shows another dummy hand")
            if self.seat != dummy_seat and self.dummy.mask & self.hand.mask:
                raise RulesError("invalid view: the dummy and the seat's hand share cards")
            known[dummy_seat] = self.dummy
        for hand in known:
            if hand is not None and (len(hand) != each or hand.mask & ~self.pack.mask):
                raise RulesError(
                    f"invalid view: the hand {hand} is not {each} cards of the deal's pack"
                )
        return known

    # -- what the seat knows ---------------------------------------------------------------

    @property
    def cards_each(self) -> int:
        """The number of cards each hand held when play started."""
        return len(self.pack) // 4

    @property
    def to_move(self) -> Seat:
        """The seat whose card comes next (who chooses it: :func:`controller`)."""
        return Seat(self._to_move)

    @property
    def is_over(self) -> bool:
        """Whether every card has been played."""
        return len(self.played) == len(self.pack)

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, the lead first."""
        return self.played[len(self.played) - len(self.played) % 4 :]

    @property
    def tricks_played(self) -> int:
        """The tricks completed."""
        return len(self.played) // 4

    @property
    def declarer_tricks(self) -> int:
        """The tricks the declaring side has won."""
        return self._won

    @property
    def defender_tricks(self) -> int:
        """The tricks the defenders have won."""
        return self.tricks_played - self._won

    def player_of(self, number: int) -> Seat:
        """The seat that played card ``number`` (from 0) of :attr:`played`.

        :raises RulesError: unless ``number`` is an int from 0 to ``len(played) - 1``.
        """
        if type(number) is not int or not 0 <= number < len(self._players):
            raise RulesError(
                f"invalid card number {quote(number)}: expected an int from 0 to "
                f"{len(self._players) - 1}, one of the {len(self._players)} cards played"
            )
        return Seat(self._players[number])

    def cards_left(self, seat: Seat | int) -> CardSet | None:
        """The cards ``seat`` holds now if this seat can see them (its own hand, the shown
        dummy), else None."""
        seat = Seat.of(seat)
        if seat == self.seat:
            start = self.hand
        elif self.dummy is not None and seat == self.contract.declarer.partner:
            start = self.dummy
        else:
            return None
        gone = 0
        for card in self.played:
            gone |= card.mask
        return CardSet(start.mask & ~gone)

    def voids(self, seat: Seat | int) -> frozenset[int]:
        """The suits (0-3, spades to clubs) ``seat`` is known to hold no more of: those it
        failed to follow, and for a seen hand every suit it has none of."""
        seat = Seat.of(seat)
        left = self.cards_left(seat)
        if left is not None:
            return frozenset(s for s in range(4) if not left.mask >> (13 * s) & _SUIT_MASK)
        return frozenset(s for s in range(4) if self._voids[seat] >> s & 1)

    def unseen(self) -> CardSet:
        """The cards not yet played that this seat cannot see."""
        mask = self.pack.mask & ~self.hand.mask
        if self.dummy is not None:
            mask &= ~self.dummy.mask
        for card in self.played:
            mask &= ~card.mask
        return CardSet(mask)

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards this seat may choose now: those of the seat to move if this seat chooses
        its card (:func:`controller`), else none; ordered as
        :meth:`cardgames.bridge.state.State.legal_moves` orders them."""
        if self.is_over or controller(self.contract, self._to_move) != self.seat:
            return ()
        hand = self.cards_left(self._to_move)
        if hand is None:  # the declarer before the dummy is shown: it is never to move then
            return ()
        trick = self.trick
        mask = _legal_mask(hand.mask, trick[0].index // 13 if trick else None)
        cards = [Card.from_index(index) for index in iter_bits(mask)]
        cards.sort(key=lambda card: (card.index // 13, -card_strength(card)))
        return tuple(cards)

    # -- sampling --------------------------------------------------------------------------

    def _problem(self) -> tuple[list[int], list[int], list[int], list[int]] | None:
        """The hidden seats, the hidden cards, where each may go and how many each seat
        lacks; None if no deal fits."""
        each = self.cards_each
        known = {int(self.seat)}
        if self.dummy is not None:
            known.add(int(self.contract.declarer.partner))
        hidden = [seat for seat in range(4) if seat not in known]
        capacities = [each] * len(hidden)
        items_mask = self.unseen().mask
        for seat in self._players:
            if seat in hidden:
                capacities[hidden.index(seat)] -= 1
        items = list(iter_bits(items_mask))
        allowed = []
        for index in items:
            mask = 0
            for place, seat in enumerate(hidden):
                if not self._voids[seat] >> (index // 13) & 1:
                    mask |= 1 << place
            allowed.append(mask)
        if not feasible(items, allowed, capacities):
            return None
        return hidden, items, allowed, capacities

    def sample(self, rng: int | random.Random) -> State:
        """A state consistent with this view: the hidden cards dealt to the hidden hands, each
        its number of cards and none of a suit it has shown out of, then the play replayed
        (``view_of(world, self.seat) == self``).

        :param rng: a :class:`random.Random` (advanced) or an int seed.
        :raises RulesError: if ``rng`` is not a :class:`random.Random` or a seed.
        """
        rng = make_rng(rng, "rng")
        problem = self._problem()
        if problem is None:  # pragma: no cover - refused when the view was made
            raise RulesError("no deal fits this view")
        hidden, items, allowed, capacities = problem
        found = allocate(items, allowed, capacities, rng)
        if found is None:  # pragma: no cover - feasible() said otherwise
            raise RulesError("no deal fits this view")
        masks = [0, 0, 0, 0]
        masks[self.seat] = self.hand.mask
        if self.dummy is not None:
            masks[self.contract.declarer.partner] = self.dummy.mask
        for number, card in enumerate(self.played):
            masks[self._players[number]] |= card.mask
        for place, cards in enumerate(found[0]):
            for index in cards:
                masks[hidden[place]] |= 1 << index
        deal = Deal(tuple(CardSet(mask) for mask in masks))
        return State(deal, self.contract, self.played)

    # -- written forms ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (:meth:`from_dict` reads it back)."""
        data: dict[str, Any] = {
            "seat": str(self.seat),
            "contract": str(self.contract),
            "hand": format_hand(self.hand),
            "dummy": None if self.dummy is None else format_hand(self.dummy),
            "played": [str(card) for card in self.played],
        }
        if self.pack.mask != FULL_PACK:
            data["pack"] = format_hand(self.pack)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> View:
        """Read what :meth:`to_dict` writes.

        :raises NotationError: for a malformed dict or one that does not fit together.
        """
        if not isinstance(data, Mapping):
            raise NotationError(f"invalid bridge view {quote(data)}: expected a dict")
        unknown = set(data) - set(_KEYS)
        missing = set(_KEYS[:5]) - set(data)
        if unknown or missing:
            raise NotationError(
                f"invalid bridge view {quote(data)}: expected the keys {', '.join(_KEYS)} "
                "(pack optional)"
            )
        try:
            played = data["played"]
            if not isinstance(played, list) or len(played) > MAX_ITEMS:
                raise NotationError(f"invalid played cards {quote(played)}: expected a list")
            return cls(
                Seat.parse(data["seat"]),
                Contract.parse(data["contract"]),
                parse_hand(data["hand"]),
                None if data["dummy"] is None else parse_hand(data["dummy"]),
                [Card.parse(word) for word in played],
                parse_hand(data["pack"]) if "pack" in data else _full(),
            )
        except (NotationError, RulesError) as error:
            raise NotationError(f"invalid bridge view {quote(data)}: {error}") from None

    def to_unicode(self) -> str:
        """What the seat sees, as text (see :func:`cardgames.bridge.render.view_to_unicode`);
        ``str()`` stays the notation."""
        from cardgames.bridge.render import view_to_unicode

        return view_to_unicode(self)

    def _repr_html_(self) -> str:
        from cardgames.bridge.render import view_to_unicode

        return f"<pre>{html.escape(view_to_unicode(self))}</pre>"

    def __str__(self) -> str:
        parts = [
            f"seat {self.seat}",
            str(self.contract),
            f"hand {format_hand(self.hand)}",
            f"dummy {'-' if self.dummy is None else format_hand(self.dummy)}",
            "played " + (" ".join(str(card) for card in self.played) or "-"),
        ]
        if self.pack.mask != FULL_PACK:
            parts.append(f"pack {format_hand(self.pack)}")
        return "; ".join(parts)

    def __repr__(self) -> str:
        return f"View.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> View:
        """Read the written form :func:`str` gives, such as
        ``'seat W; NT by S; hand AK.QJ.T98.7654; dummy -; played -'``.

        :raises NotationError: if the text is not of that form or does not fit together.
        """
        if not isinstance(text, str):
            raise NotationError(f"invalid bridge view {quote(text)}: expected a string")
        parts = [part.strip() for part in text.split(";")]
        names = ("seat", None, "hand", "dummy", "played", "pack")
        fields: dict[str, Any] = {}
        if len(parts) not in (5, 6):
            parts = []
        for name, part in zip(names, parts, strict=False):
            if name is None:
                fields["contract"] = part
                continue
            word, _, value = part.partition(" ")
            if word != name or not value.strip():
                parts = []
                break
            fields[name] = value.strip()
        if not parts:
            raise NotationError(
                f"invalid bridge view {quote(text)}: expected 'seat <S>; <contract>; hand <PBN "
                "hand>; dummy <PBN hand or ->; played <cards or ->' and optionally '; pack <PBN "
                "hand>'"
            )
        fields["dummy"] = None if fields["dummy"] == "-" else fields["dummy"]
        fields["played"] = [] if fields["played"] == "-" else fields["played"].split()
        return cls.from_dict(fields)

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict())


def view_of(state: State, seat: Seat | int) -> View:
    """What ``seat`` knows of ``state``.

    :raises RulesError: if ``state`` is not a bridge state or ``seat`` not a seat.
    """
    if not isinstance(state, State):
        raise RulesError(f"invalid state {quote(state)}: expected a bridge State")
    seat = Seat.of(seat)
    contract = state.contract
    dummy = None
    if _dummy_shown(contract, state.played):
        dummy = state.deal.hand(contract.declarer.partner)
    pack = 0
    for hand in state.deal.hands:
        pack |= hand.mask
    # A state's play is legal, so the checks of View's constructor would all pass: the view
    # is built without them (the bots' play-outs make one per card).
    view = object.__new__(View)
    for name, value in (
        ("seat", seat),
        ("contract", contract),
        ("hand", state.deal.hand(seat)),
        ("dummy", dummy),
        ("played", state.played),
        ("pack", CardSet(pack)),
    ):
        object.__setattr__(view, name, value)
    seats, to_move, won = _seats_of_play(contract, state.played)
    voids = [0, 0, 0, 0]
    for number, card in enumerate(state.played):
        if number % 4 and card.index // 13 != state.played[number - number % 4].index // 13:
            voids[seats[number]] |= 1 << (state.played[number - number % 4].index // 13)
    object.__setattr__(view, "_players", tuple(seats))
    object.__setattr__(view, "_to_move", to_move)
    object.__setattr__(view, "_won", won)
    object.__setattr__(view, "_voids", (voids[0], voids[1], voids[2], voids[3]))
    return view
