"""The moves of French Tarot that are not cards, and the numbers behind them.

Under rules with ``bidding`` a deal opens with a round of
:class:`Bid` moves that makes one player the taker of a :class:`Contract`; at five players the
taker then names a :class:`Call` (a King, whose holder becomes the hidden partner); before the
first trick the taker makes an :class:`Announcement` (a slam, or none); and a player about to
play their first card may first make a :class:`Declaration` (a poignée of trumps). The card
moves themselves stay :class:`cardgames.tarot.moves.Move`; :data:`AnyMove` is any of the five.

Every move has one written form, read back by :func:`parse_move`:

>>> [str(parse_move(text)) for text in ('Pass', 'garde-sans', 'call-kh', 'slam', 'poignee-double')]
['pass', 'garde-sans', 'call-KH', 'slam', 'poignee-double']
>>> Contract.GARDE.multiplier, target(2), poignee_size(Poignee.SINGLE, players=4)
(2, 41, 10)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

import attrs

from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.tarot.cards import TarotCard
from cardgames.tarot.rules import Rules, _parse_enum
from cardgames.validation import ascii_lower, check_bool, check_int, quote, strict_arguments

if TYPE_CHECKING:
    from cardgames.tarot.state import Move

__all__ = [
    "TARGETS",
    "Announcement",
    "AnyMove",
    "Bid",
    "Call",
    "Contract",
    "Declaration",
    "Poignee",
    "bidder",
    "highest_contract",
    "is_void",
    "parse_move",
    "poignee_size",
    "taker_of",
    "target",
]


@enum.unique
class Contract(enum.Enum):
    """What the taker undertakes, from the lowest bid to the highest.

    >>> sorted([Contract.GARDE_CONTRE, Contract.PRISE]), Contract.parse('Garde_Sans')
    ([<Contract.PRISE: 'prise'>, <Contract.GARDE_CONTRE: 'garde-contre'>], \
<Contract.GARDE_SANS: 'garde-sans'>)
    """

    PRISE = "prise"
    """The smallest bid: the dog is shown and taken; the score counts once."""
    GARDE = "garde"
    """The dog is shown and taken; the score counts twice."""
    GARDE_SANS = "garde-sans"
    """The dog stays face down but counts for the taker; the score counts four times."""
    GARDE_CONTRE = "garde-contre"
    """The dog stays face down and counts for the defence; the score counts six times."""

    @property
    def rank(self) -> int:
        """0 for a prise up to 3 for a garde contre."""
        return _CONTRACT_ORDER.index(self)

    @property
    def multiplier(self) -> int:
        """What the contract multiplies the score by: 1, 2, 4 or 6."""
        return _MULTIPLIERS[self.rank]

    @property
    def dog_shown(self) -> bool:
        """Whether the dog is turned face up and taken into the taker's hand."""
        return self in (Contract.PRISE, Contract.GARDE)

    @property
    def dog_to_taker(self) -> bool:
        """Whether the dog's cards count for the taker's side (all contracts but garde contre)."""
        return self is not Contract.GARDE_CONTRE

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.rank < other.rank

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract by its value (any case, ``_`` for ``-``).

        :raises NotationError: for anything else.
        """
        return _parse_enum(cls, text)


_CONTRACT_ORDER: Final = tuple(Contract)
_MULTIPLIERS: Final = (1, 2, 4, 6)


@enum.unique
class Poignee(enum.Enum):
    """A poignée, a show of many trumps: single, double or triple."""

    SINGLE = "single"
    DOUBLE = "double"
    TRIPLE = "triple"

    @property
    def bonus(self) -> int:
        """What it is worth to the side that wins the deal: 20, 30 or 40 (never multiplied)."""
        return _POIGNEE_BONUS[self]

    @classmethod
    def parse(cls, text: str) -> Poignee:
        """Read a poignée by its value (any case).

        :raises NotationError: for anything else.
        """
        return _parse_enum(cls, text)


_POIGNEE_BONUS: Final = {Poignee.SINGLE: 20, Poignee.DOUBLE: 30, Poignee.TRIPLE: 40}
_POIGNEE_SIZES: Final = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}

TARGETS: Final = (56, 51, 41, 36)
"""The card points the taker's side needs, by the number of bouts it ends with (0 to 3)."""


def target(bouts: int) -> int:
    """The points the taker's side needs when its cards hold ``bouts`` bouts (trump 1, trump
    21 and the Excuse): 56, 51, 41 or 36.

    >>> [target(n) for n in range(4)]
    [56, 51, 41, 36]

    :raises RulesError: if ``bouts`` is not an int from 0 to 3.
    """
    return TARGETS[check_int(bouts, "number of bouts", low=0, high=3)]


def poignee_size(poignee: Poignee, players: int) -> int:
    """How many trumps a poignée shows at a table of ``players`` (3, 4 or 5): 13/15/18 at three
    players, 10/13/15 at four, 8/10/13 at five.

    >>> [poignee_size(level, players=5) for level in Poignee]
    [8, 10, 13]

    :raises RulesError: if ``poignee`` is not a :class:`Poignee` or ``players`` not 3, 4 or 5.
    """
    if not isinstance(poignee, Poignee):
        raise RulesError(f"invalid poignée {quote(poignee)}: expected a Poignee")
    check_int(players, "players", low=3, high=5)
    return _POIGNEE_SIZES[players][tuple(Poignee).index(poignee)]


# -- moves ---------------------------------------------------------------------------------


def _check_contract(bid: Bid, attribute: attrs.Attribute[Contract | None], value: object) -> None:
    if value is not None and not isinstance(value, Contract):
        raise IllegalMoveError(
            f"invalid Tarot bid {quote(value)}: expected a Contract, or None for a pass"
        )


@strict_arguments
@attrs.frozen(repr=False)
class Bid:
    """A bid in the auction: a :class:`Contract`, or None to pass.

    >>> Bid(Contract.GARDE), Bid.parse('pass'), Bid.parse('PRISE').contract
    (Bid.parse('garde'), Bid.parse('pass'), <Contract.PRISE: 'prise'>)

    :raises IllegalMoveError: if ``contract`` is neither.
    """

    contract: Contract | None = attrs.field(validator=_check_contract)

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.contract is None

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read ``pass`` or a contract (``prise``, ``garde``, ``garde-sans``,
        ``garde-contre``), in any case.

        :raises NotationError: for anything else.
        """
        if isinstance(text, str) and ascii_lower(text.strip()) == _PASS:
            return PASS
        try:
            return _BIDS[Contract.parse(text)]
        except NotationError:
            raise NotationError(
                f"invalid Tarot bid {quote(text)}: expected pass, "
                + ", ".join(contract.value for contract in Contract)
            ) from None

    def __str__(self) -> str:
        return _PASS if self.contract is None else self.contract.value

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Callable[[str], Bid], tuple[str]]:
        return (Bid.parse, (str(self),))


_PASS: Final = "pass"
PASS: Final = Bid(None)
_BIDS: Final = {contract: Bid(contract) for contract in Contract}


def _check_call_card(call: Call, attribute: attrs.Attribute[TarotCard], value: object) -> None:
    if not isinstance(value, TarotCard) or value.is_trump or value.is_excuse:
        raise IllegalMoveError(f"invalid Tarot call {quote(value)}: expected a suit card")


_CALL_PREFIX: Final = "call-"


@strict_arguments
@attrs.frozen(repr=False)
class Call:
    """The taker's call at five players: the card (a King, or a Queen when the taker holds
    all four Kings, and so on) whose holder becomes the taker's partner.

    >>> Call.parse('call-KH').card, str(Call(TarotCard.parse('QS')))
    (TarotCard.parse('KH'), 'call-QS')

    :raises IllegalMoveError: if ``card`` is not a suit card.
    """

    card: TarotCard = attrs.field(validator=_check_call_card)

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read ``call-`` followed by a suit card (``call-KH``), in any case.

        :raises NotationError: for anything else.
        """
        if isinstance(text, str) and ascii_lower(text.strip()).startswith(_CALL_PREFIX):
            try:
                return cls(TarotCard.parse(text.strip()[len(_CALL_PREFIX) :]))
            except (NotationError, IllegalMoveError):
                pass
        raise NotationError(
            f"invalid Tarot call {quote(text)}: expected call- and a suit card, such as call-KH"
        )

    def __str__(self) -> str:
        return f"{_CALL_PREFIX}{self.card}"

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


def _check_slam(
    announcement: Announcement, attribute: attrs.Attribute[bool], value: object
) -> None:
    check_bool(value, "slam announcement", error=IllegalMoveError)


@strict_arguments
@attrs.frozen(repr=False)
class Announcement:
    """The taker's word before the first trick: a slam (every trick) is announced, or not.

    >>> Announcement(True), Announcement.parse('no-slam').slam
    (Announcement.parse('slam'), False)

    :raises IllegalMoveError: if ``slam`` is not a bool.
    """

    slam: bool = attrs.field(validator=_check_slam)

    @classmethod
    def parse(cls, text: str) -> Announcement:
        """Read ``slam`` or ``no-slam`` (any case).

        :raises NotationError: for anything else.
        """
        wanted = ascii_lower(text.strip()) if isinstance(text, str) else None
        if wanted == _SLAM:
            return SLAM
        if wanted == _NO_SLAM:
            return NO_SLAM
        raise NotationError(f"invalid Tarot announcement {quote(text)}: expected slam or no-slam")

    def __str__(self) -> str:
        return _SLAM if self.slam else _NO_SLAM

    def __repr__(self) -> str:
        return f"Announcement.parse({str(self)!r})"


_SLAM: Final = "slam"
_NO_SLAM: Final = "no-slam"
SLAM: Final = Announcement(True)
NO_SLAM: Final = Announcement(False)


def _check_poignee(
    declaration: Declaration, attribute: attrs.Attribute[Poignee], value: object
) -> None:
    if not isinstance(value, Poignee):
        raise IllegalMoveError(f"invalid Tarot declaration {quote(value)}: expected a Poignee")


_POIGNEE_PREFIX: Final = "poignee-"


@strict_arguments
@attrs.frozen(repr=False)
class Declaration:
    """A poignée declared before the player's first card; the trumps it shows become known
    to every seat (see :meth:`cardgames.tarot.state.State.poignee_cards`).

    >>> Declaration(Poignee.SINGLE), Declaration.parse('poignee-triple').poignee
    (Declaration.parse('poignee-single'), <Poignee.TRIPLE: 'triple'>)

    :raises IllegalMoveError: if ``poignee`` is not a :class:`Poignee`.
    """

    poignee: Poignee = attrs.field(validator=_check_poignee)

    @classmethod
    def parse(cls, text: str) -> Declaration:
        """Read ``poignee-single``, ``poignee-double`` or ``poignee-triple`` (any case).

        :raises NotationError: for anything else.
        """
        if isinstance(text, str) and ascii_lower(text.strip()).startswith(_POIGNEE_PREFIX):
            try:
                return _DECLARATIONS[Poignee.parse(text.strip()[len(_POIGNEE_PREFIX) :])]
            except NotationError:
                pass
        raise NotationError(
            f"invalid Tarot declaration {quote(text)}: expected poignee-single, poignee-double "
            "or poignee-triple"
        )

    def __str__(self) -> str:
        return f"{_POIGNEE_PREFIX}{self.poignee.value}"

    def __repr__(self) -> str:
        return f"Declaration.parse({str(self)!r})"


_DECLARATIONS: Final = {level: Declaration(level) for level in Poignee}

AnyMove: TypeAlias = "Move | Bid | Call | Announcement | Declaration"
"""Any move of a Tarot deal: a card (:class:`cardgames.tarot.moves.Move`), or under French
rules a bid, a call, the slam announcement or a poignée."""


_CARD_MOVE_READERS: list[Callable[[str], Move]] = []
# The reader of card moves for parse_move: Move.parse, handed over by cardgames.tarot.state
# as it is imported (always, by the package's __init__). Move lives there, above this
# module, which therefore cannot import it.


def _read_card_moves_with(reader: Callable[[str], Move]) -> None:
    # Called once by cardgames.tarot.state with Move.parse.
    _CARD_MOVE_READERS[:] = [reader]


# -- the auction as pure functions (the state and the views both call them) ------------------


def highest_contract(bids: Sequence[Bid]) -> Contract | None:
    """The highest contract among ``bids`` (None while everyone has passed).

    >>> highest_contract([Bid.parse('prise'), Bid.parse('pass'), Bid.parse('garde')])
    <Contract.GARDE: 'garde'>
    """
    best = None
    for bid in bids:
        if bid.contract is not None:
            best = bid.contract
    return best


def bidder(rules: Rules, dealer: int, number: int) -> int:
    """The seat that makes bid ``number`` (0 for the first, by the seat after the dealer in the
    direction of play).

    >>> from cardgames.tarot.rules import Rules, _parse_enum
    >>> [bidder(Rules.french(players=4), 0, n) for n in range(4)]
    [3, 2, 1, 0]
    """
    seat = rules._next(dealer)
    for _ in range(number):
        seat = rules._next(seat)
    return seat


def taker_of(rules: Rules, dealer: int, bids: Sequence[Bid]) -> int | None:
    """The taker once every seat has bid: the seat of the highest bid; None before the end of
    the bidding and when everyone passed (a void deal).

    >>> from cardgames.tarot.rules import Rules, _parse_enum
    >>> taker_of(Rules.french(players=3), 0, [Bid.parse(b) for b in ('prise', 'garde', 'pass')])
    1
    """
    if len(bids) < rules.players:
        return None
    taker = None
    for number, bid in enumerate(bids):
        if bid.contract is not None:
            taker = bidder(rules, dealer, number)
    return taker


def is_void(rules: Rules, bids: Sequence[Bid]) -> bool:
    """Whether every seat has bid and every bid was a pass.

    >>> from cardgames.tarot.rules import Rules
    >>> is_void(Rules.french(players=3), [Bid.parse('pass')] * 3)
    True
    """
    return len(bids) == rules.players and all(bid.is_pass for bid in bids)


def parse_move(text: str) -> AnyMove:
    """Read any move by its written form: a card (``KH``, ``21T``, ``EX``), ``pass`` or a
    contract, ``call-`` and a card, ``slam`` or ``no-slam``, ``poignee-`` and a level.

    >>> parse_move('21t'), parse_move('garde')
    (Move.parse('21T'), Bid.parse('garde'))

    :raises NotationError: if the text is none of these.
    """
    if isinstance(text, str):
        word = ascii_lower(text.strip())
        if word.startswith(_CALL_PREFIX):
            return Call.parse(text)
        if word.startswith(_POIGNEE_PREFIX):
            return Declaration.parse(text)
        if word in (_SLAM, _NO_SLAM):
            return Announcement.parse(text)
        if word == _PASS or word.replace("_", "-") in {c.value for c in Contract}:
            return Bid.parse(text)
        for read_card_move in _CARD_MOVE_READERS:
            try:
                return read_card_move(text)
            except NotationError:
                pass
    raise NotationError(
        f"invalid Tarot move {quote(text)}: expected a card (KH, 21T, EX), pass, a contract "
        "(prise, garde, garde-sans, garde-contre), call- and a card, slam, no-slam or "
        "poignee- and single, double or triple"
    )
