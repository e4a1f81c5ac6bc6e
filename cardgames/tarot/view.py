"""What one player of a Tarot deal knows: :class:`View`, built by :func:`view_of`, and worlds
sampled from it.

A view holds the rules, the seat it belongs to, that seat's hand, the size of every hand,
every card played so far and by whom (the completed tricks, the trick in progress, the won
piles), whether a trump has been played, and for the dealer its own discard and the talon it
took up. Other players' hands, and the discard for everyone but the dealer, are hidden; only
their sizes are shown.

What follows from play is kept too (computed from the tricks, so it cannot disagree with
them): a player who did not follow the suit led, and did not play the Excuse, is *void* in
that suit from then on; one who neither followed nor trumped, or played something other than
a trump to a trump lead, is *out of trumps*; and one who led a trump while trumps could not
yet be led (``Rules.trump_lead_restricted``) held nothing but trumps and perhaps the Excuse,
so is void in every suit. The discard rules limit the hidden discard: it never holds a King,
trump 1, trump 21 or the Excuse, and under the traditional rule it holds a trump only if the
dealer had no other discardable card left, which the dealer's later play may rule out.

French Tarot (``Rules.bidding``)
--------------------------------

Everything said at the table is public: every bid (so the contract and the taker), the card
the taker calls at five players, the slam announcement, and each poignée with the trumps it
showed (:meth:`View.poignee_cards`). After a prise or a garde the dog is turned face up, so
every seat sees it (``View.talon``); the taker alone knows its whole discard
(``View.discard``), and the trumps in it, which the rules make it show, are public
(``View.discard_shown``). After a garde sans or a garde contre nobody, the taker
included, sees the dog. At five players the partner is hidden: a seat knows it only when it
holds the called card itself, when the card has been played, or when it lay in the shown dog
or the taker's own hand (the taker then plays alone); see :attr:`View.partner_known`,
:meth:`View.side_of` and :attr:`View.teams`.

Under the overtrump rule (``Rules.overtrump``) a player who has to play a trump and plays one
below the highest trump already in the trick shows it holds no higher trump:
``View.max_trump`` keeps, per seat, the highest trump number it may still hold.

Sampling
--------

:meth:`View.sample` deals the hidden cards again, at random, within all of these
constraints, and returns a complete :class:`cardgames.tarot.state.State` whose view from the same
seat is the same view (same tricks, same history). How close to uniform it is: a random deal
of the hidden cards is kept only if it meets every constraint (rejection: exactly uniform
over the consistent worlds), up to a few hundred attempts; late in a deal, when the
constraints are tight, the worlds are counted exactly and drawn uniformly; only when they are
both tight and too many to count does it fall back to placing cards one at a time (never
failing, close to but not exactly uniform). Under the traditional discard rule the fallbacks
treat the two cases (a discard without trumps; a dealer left with no other discardable card)
one after the other, weighted by their counts when these are known.

Under French rules the hidden cards go to the other hands and to one hidden pile: the dog
while it is unseen (before the bidding ends, and all deal long under a garde sans or a garde
contre), else the part of the taker's discard that was not shown. Besides voids and trumps:
the cards a poignée showed stay with their declarer until played, and the declarer holds no
other trump below the highest shown (no other trump at all when it showed the Excuse, since
the Excuse stands in only for a missing trump); the shown dog's cards are with the taker or
in its discard; the hidden part of a discard holds no King, bout or trump; a taker who
discarded a trump kept no other discardable card (suit cards below the King; while it is
still discarding, no more of them than it has still to discard); a taker who
called a Queen (or lower) holds every card of the ranks above it, and no taker was dealt all
four cards of the rank it called; and the called card may be anywhere it is not seen, so that
a sampled world draws the partner too. Cards that can go to one place only are dealt there
first, and the rest as above.

>>> import random
>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.traditional(players=3), seed=5)
>>> while len(state.tricks) < 3:
...     state = state.play(state.legal_moves()[0])
>>> view = view_of(state, 1)
>>> view.hand == state.hands[1], view.hand_sizes, view.discard
(True, (22, 22, 22), None)
>>> world = view.sample(random.Random(2))
>>> view_of(world, 1) == view, world.hands[1] == state.hands[1]
(True, True)
>>> View.parse(str(view)) == view, View.from_dict(view.to_dict()) == view
(True, True)

A French deal at five players: seat 4 takes a garde and calls the King of spades, which seat
1 holds; only seat 1 knows the sides, and the worlds seat 0 samples put the King anywhere it
may be (with the taker too, who would then play alone):

>>> from cardgames.tarot import Phase
>>> from cardgames.tarot.contracts import Bid, Call, Contract
>>> state = deal(Rules.french(players=5), seed=3)
>>> state = state.play(Bid(Contract.GARDE))
>>> while state.phase is Phase.BIDDING:
...     state = state.play(Bid(None))
>>> state = state.play(Call.parse('call-KS'))
>>> while state.phase is not Phase.PLAY:
...     state = state.play(state.legal_moves()[0])
>>> state.taker, state.partner, view_of(state, 1).teams
(4, 1, ((1, 4), (0, 2, 3)))
>>> view = view_of(state, 0)
>>> view.partner_known, view.teams, view.side_of(0), view.talon == state.initial.talon
(False, None, 1, True)
>>> sorted({world.partner for world in view.samples(30, random.Random(1))}, key=str)
[1, 2, 3, None]
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from cardgames import _json
from cardgames._allocation import Allocation, allocate, count_allocations, feasible
from cardgames.cards import Suit
from cardgames.cardset import iter_bits
from cardgames.errors import NotationError, RulesError
from cardgames.tarot._notation import format_holding, parse_holding
from cardgames.tarot.cards import TAROT_PACK_SIZE, TarotCard, TarotCardSet
from cardgames.tarot.contracts import (
    _BIDS,
    _DECLARATIONS,
    NO_SLAM,
    PASS,
    SLAM,
    Announcement,
    AnyMove,
    Bid,
    Call,
    Contract,
    Declaration,
    Poignee,
    highest_contract,
    is_void,
    poignee_size,
    taker_of,
)
from cardgames.tarot.play import (
    EXCUSE_MASK,
    HONOUR_MASK,
    KIND,
    KING_MASK,
    SUIT_MASKS,
    TRUMP_MASK,
    _legal_cards_mask,
    _legal_discards_mask,
    led_kind,
)
from cardgames.tarot.rules import DiscardRule, Rules
from cardgames.tarot.state import Deal, Move, Phase, State, Trick
from cardgames.validation import check_bool, check_int, check_seat, quote

__all__ = ["View", "view_of"]

_FULL: Final = (1 << TAROT_PACK_SIZE) - 1
_EXCUSE: Final = 77
_TRUMP_LOW: Final = 56  # trump 1; trump n is 55 + n
_TRUMP_KIND: Final = 4
_ALL_SUITS: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
_PLAIN: Final = _ALL_SUITS & ~KING_MASK  # discardable without restriction
_MOVES: Final = tuple(Move(card) for card in TarotCard.all())
_CALLS: Final = {card.index: Call(card) for card in TarotCard.all() if card.rank is not None}
_FORMAT: Final = "cardgames-view"
_FIELDS: Final = tuple(
    [
        "seat",
        "dealer",
        "phase",
        "move",
        "hand",
        "sizes",
        "discard",
        "talon",
        "won",
        "trumps",
        "tricks",
        "trick",
    ]
)
_FRENCH_FIELDS: Final = ("bids", "called", "slam", "poignees", "shown")
_BEFORE_DOG: Final = (Phase.BIDDING, Phase.CALL)
_TEST_RETRIES: Final = 50  # draws of a fallback sampler to meet View._call_test


def _mask_of(cards: TarotCardSet | None) -> int:
    return 0 if cards is None else cards.mask


def _rank_mask(rank: int) -> int:
    """The four cards of a suit rank (1 to 14)."""
    return sum(1 << (14 * suit + rank - 1) for suit in range(4))


def _trumps_up_to(number: int) -> int:
    """The trumps numbered 1 to ``number``."""
    return TRUMP_MASK & ((1 << (_TRUMP_LOW + number)) - 1)


def _shown_trumps(rules: Rules, hand: int, level: Poignee) -> int:
    # The cards a poignée of that level shows from ``hand`` (0 if it cannot be shown), as
    # State.poignee_cards picks them: the lowest trumps, the Excuse standing in for a
    # missing last one when the rules allow it.
    size = poignee_size(level, rules.players)
    trumps = list(iter_bits(hand & TRUMP_MASK))
    if len(trumps) >= size:
        return sum(1 << index for index in trumps[:size])
    if rules.poignee_with_excuse and hand & EXCUSE_MASK and len(trumps) == size - 1:
        return sum(1 << index for index in trumps) | EXCUSE_MASK
    return 0


def _inferences(
    rules: Rules, tricks: Sequence[Trick], trick: Trick, trumps_played: bool
) -> tuple[tuple[frozenset[Suit], ...], tuple[bool, ...], tuple[int, ...]]:
    """The suits each seat is known to be void in, whether it is known to be out of trumps,
    and the highest trump number it may hold, from the cards played so far."""
    voids: list[set[Suit]] = [set() for _ in range(rules.players)]
    no_trumps = [False] * rules.players
    max_trump = [21] * rules.players
    # A position made up by hand may say trumps were played before any trick it shows.
    shown = any(
        card.index >= 56 and card.index != _EXCUSE for t in (*tricks, trick) for card in t.cards
    )
    trumps_played = trumps_played and not shown
    for current in (*tricks, trick):
        played: list[int] = []
        highest = -1  # the highest trump in the trick so far
        for player, card in zip(current.players, current.cards, strict=True):
            index = card.index
            kind = led_kind(played)
            if index == _EXCUSE:
                pass
            elif kind is None:
                if KIND[index] == _TRUMP_KIND and rules.trump_lead_restricted and not trumps_played:
                    voids[player].update(Suit)
            else:
                if KIND[index] != kind:
                    if kind == _TRUMP_KIND:
                        no_trumps[player] = True
                    else:
                        voids[player].add(Suit(kind))
                        if KIND[index] != _TRUMP_KIND:
                            no_trumps[player] = True
                if rules.overtrump and KIND[index] == _TRUMP_KIND and 0 <= index < highest:
                    # it had to play a trump and did not beat the highest: it holds none above
                    max_trump[player] = min(max_trump[player], highest - _TRUMP_LOW)
            played.append(index)
            if KIND[index] == _TRUMP_KIND:
                highest = max(highest, index)
            trumps_played = trumps_played or KIND[index] == _TRUMP_KIND
    return tuple(frozenset(v) for v in voids), tuple(no_trumps), tuple(max_trump)


def _sets(values: Sequence[TarotCardSet]) -> tuple[TarotCardSet, ...]:
    return tuple(values)


def _ints(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(values)


def _tricks(values: Sequence[Trick]) -> tuple[Trick, ...]:
    return tuple(values)


def _bids(values: Sequence[Bid]) -> tuple[Bid, ...]:
    return tuple(values)


def _pairs(values: Sequence[tuple[int, Poignee]]) -> tuple[tuple[int, Poignee], ...]:
    return tuple(tuple(pair) for pair in values)  # type: ignore[misc]


@attrs.frozen(kw_only=True, repr=False)
class View:
    """What ``seat`` knows of a Tarot deal (see the module description). Immutable and
    hashable; build one with :func:`view_of` (or ``state.view(seat)``), :meth:`parse` or
    :meth:`from_dict`.

    :param rules: the rules.
    :param seat: whose view this is.
    :param dealer: the dealer's seat.
    :param phase: the phase of the deal.
    :param to_move: the seat to move.
    :param hand: the seat's own hand.
    :param hand_sizes: every seat's number of cards.
    :param discard: the discard so far if ``seat`` made it (the dealer; under French rules the
        taker of a prise or a garde), else None (hidden).
    :param discard_size: how many cards have been discarded so far.
    :param talon: the talon if ``seat`` knows it: the dealer, who took it into hand; under
        French rules every seat once the dog of a prise or a garde is shown. Else None.
    :param trick: the trick in progress.
    :param tricks: the completed tricks.
    :param won: each seat's won cards (the Excuse with the player who played it).
    :param trumps_played: whether a trump has been played.
    :param bids: French rules: the bids so far, from the first bidder on (public).
    :param called: French rules at five players: the card the taker called (public).
    :param slam_announced: French rules: the taker's announcement (None before it).
    :param poignees: French rules: the poignées declared, as ``(seat, Poignee)`` pairs.
    :param poignee_shown: the cards each of ``poignees`` showed, in the same order.
    :param discard_shown: French rules: the cards of the discard shown to every seat (the
        trumps the taker had to discard).
    :raises RulesError: if a field is of the wrong type or the fields contradict each other.

    ``void_suits`` (per seat, the suits it is known to hold none of), ``out_of_trumps`` (per
    seat) and ``max_trump`` (per seat, the highest trump number it may hold, 21 when nothing
    is known) are computed from the tricks; ``partner_known`` and ``partner`` (French rules)
    from what the seat has seen of the called card.
    """

    rules: Rules
    seat: int
    dealer: int
    phase: Phase
    to_move: int
    hand: TarotCardSet
    hand_sizes: tuple[int, ...] = attrs.field(converter=_ints)
    discard: TarotCardSet | None
    discard_size: int
    talon: TarotCardSet | None
    trick: Trick
    tricks: tuple[Trick, ...] = attrs.field(converter=_tricks)
    won: tuple[TarotCardSet, ...] = attrs.field(converter=_sets)
    trumps_played: bool
    bids: tuple[Bid, ...] = attrs.field(default=(), converter=_bids)
    called: TarotCard | None = None
    slam_announced: bool | None = None
    poignees: tuple[tuple[int, Poignee], ...] = attrs.field(default=(), converter=_pairs)
    poignee_shown: tuple[TarotCardSet, ...] = attrs.field(default=(), converter=_sets)
    discard_shown: TarotCardSet = attrs.field(factory=TarotCardSet)
    void_suits: tuple[frozenset[Suit], ...] = attrs.field(init=False)
    out_of_trumps: tuple[bool, ...] = attrs.field(init=False)
    max_trump: tuple[int, ...] = attrs.field(init=False)
    partner_known: bool = attrs.field(init=False)
    """French rules: whether this seat knows the sides (always, once the taker is known, at
    three and four players; at five once it has seen where the called card is)."""
    partner: int | None = attrs.field(init=False)
    """French rules at five players: the taker's partner when this seat knows it (None when
    it does not, or when the taker plays alone)."""

    def __attrs_post_init__(self) -> None:
        problem = self._problem()
        if problem is not None:
            raise RulesError(f"invalid Tarot view: {problem}")
        voids, no_trumps, highest = _inferences(
            self.rules, self.tricks, self.trick, self.trumps_played
        )
        object.__setattr__(self, "void_suits", voids)
        object.__setattr__(self, "out_of_trumps", no_trumps)
        object.__setattr__(self, "max_trump", highest)
        known, partner = self._partner_knowledge()
        object.__setattr__(self, "partner_known", known)
        object.__setattr__(self, "partner", partner)

    def _problem(self) -> str | None:
        rules = self.rules
        if not isinstance(rules, Rules):
            return f"rules {quote(rules)} are not a cardgames.tarot.Rules"
        players = rules.players
        check_seat(self.seat, players, "view seat")
        check_seat(self.dealer, players, "dealer")
        check_seat(self.to_move, players, "seat to move")
        if not isinstance(self.phase, Phase):
            return f"phase {quote(self.phase)} is not a Phase"
        check_bool(self.trumps_played, "trumps_played")
        check_int(self.discard_size, "discard_size", low=0, high=rules.talon_size)
        for name in ("hand", "discard", "talon", "discard_shown"):
            value = getattr(self, name)
            if (value is not None or name in ("hand", "discard_shown")) and not isinstance(
                value, TarotCardSet
            ):
                return f"{name} {quote(value)} is not a TarotCardSet"
        if len(self.hand_sizes) != players or len(self.won) != players:
            return f"expected {players} hand sizes and won piles, one per seat"
        for size in self.hand_sizes:
            check_int(size, "hand size", low=0, high=TAROT_PACK_SIZE)
        if any(not isinstance(pile, TarotCardSet) for pile in self.won):
            return "a won pile is not a TarotCardSet"
        if not isinstance(self.trick, Trick) or any(not isinstance(t, Trick) for t in self.tricks):
            return "a trick is not a cardgames.tarot.Trick"
        if len(self.hand) != self.hand_sizes[self.seat]:
            return f"the hand holds {len(self.hand)} cards, but its size is given as " + str(
                self.hand_sizes[self.seat]
            )
        problem = self._french_problem()
        if problem is not None:
            return problem
        if rules.bidding:
            own_discard = self.seat == self.taker and self._dog_shown
            if (self.discard is not None) != own_discard:
                return "the discard is known to the taker of a prise or a garde, and only to it"
            if (self.talon is not None) != self._dog_shown:
                return "the dog is known to every seat once shown, and only then"
        else:
            own_discard = self.seat == self.dealer
            if (self.discard is not None) != own_discard or (self.talon is not None) != own_discard:
                return "the discard and the talon are known to the dealer, and only to the dealer"
        if self.discard is not None and len(self.discard) != self.discard_size:
            return f"a discard of {len(self.discard)} cards, but discard_size {self.discard_size}"
        if self.discard_shown.mask & ~(self.discard.mask if self.discard is not None else _FULL):
            return "a shown discard card is not in the discard"
        if len(self.discard_shown) > self.discard_size:
            return "more discard cards shown than discarded"
        seen = 0
        for mask in (
            self.hand.mask,
            _mask_of(self.discard) | self.discard_shown.mask,
            self.trick.mask,
            *(t.mask for t in self.tricks),
        ):
            if seen & mask:
                return "a card is in two places (hand, discard, tricks)"
            seen |= mask
        won = 0
        for pile in self.won:
            if won & pile.mask:
                return "a card is in two won piles"
            won |= pile.mask
        if won & (self.hand.mask | _mask_of(self.discard) | self.trick.mask):
            return "a won card is still held, discarded or in the trick in progress"
        hidden = sum(self.hand_sizes) - len(self.hand) + self._pile_size()
        if hidden > len(self._unseen()):
            return (
                f"{len(self._unseen())} cards are unseen, but the other hands (and a hidden "
                f"discard) hold {hidden}"
            )
        return None

    def _french_problem(self) -> str | None:
        # The fields of French rules: their types, and none of them under other rules.
        rules = self.rules
        french = (self.bids, self.called, self.slam_announced, self.poignees, self.poignee_shown)
        if not rules.bidding:
            if french != ((), None, None, (), ()) or self.discard_shown:
                return "bids, a call, an announcement or poignées need bidding rules"
            if self.phase in (Phase.BIDDING, Phase.CALL, Phase.ANNOUNCE):
                return f"the {self.phase.value} phase needs bidding rules"
            return None
        if len(self.bids) > rules.players or any(not isinstance(b, Bid) for b in self.bids):
            return f"bids {quote(self.bids)} are not at most {rules.players} Bids"
        if self.called is not None and (
            not isinstance(self.called, TarotCard) or self.called.rank is None
        ):
            return f"called card {quote(self.called)} is not a suit card"
        if self.slam_announced is not None:
            check_bool(self.slam_announced, "slam_announced")
        if len(self.poignee_shown) != len(self.poignees):
            return "one set of shown cards per poignée"
        for pair, shown in zip(self.poignees, self.poignee_shown, strict=True):
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
        if self.discard_shown.mask & ~TRUMP_MASK:
            return "only the trumps of the discard are shown"
        return None

    # -- what is known ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once every card has been played (or, under French rules, everyone passed)."""
        return self.phase is Phase.OVER

    @property
    def contract(self) -> Contract | None:
        """French rules: the highest contract bid so far, or None."""
        return highest_contract(self.bids)

    @property
    def taker(self) -> int | None:
        """French rules: the taker once every seat has bid (None before, and for a void
        deal)."""
        return taker_of(self.rules, self.dealer, self.bids)

    @property
    def is_void(self) -> bool:
        """French rules: True once every seat has passed."""
        return is_void(self.rules, self.bids)

    @property
    def _dog_shown(self) -> bool:
        # French rules: the dog of a prise or a garde, once the bidding (and call) is over.
        contract = self.contract
        return (
            self.rules.bidding
            and self.taker is not None
            and contract is not None
            and contract.dog_shown
            and self.phase not in _BEFORE_DOG
        )

    @property
    def discarder(self) -> int:
        """Who takes the talon and discards: the dealer, or under French rules the taker."""
        taker = self.taker if self.rules.bidding else None
        return self.dealer if taker is None else taker

    def _partner_knowledge(self) -> tuple[bool, int | None]:
        rules = self.rules
        taker = self.taker if rules.bidding else None
        if taker is None:
            return False, None
        if not rules.called_king:
            return True, None
        if self.called is None:
            return False, None
        bit = 1 << self.called.index
        holder: int | None = None
        own = self.hand.mask | self.played_by(self.seat).mask | _mask_of(self.discard)
        if own & bit:
            holder = self.seat
        elif _mask_of(self.talon) & bit:
            holder = taker  # in the dog the taker took: it plays alone
        else:
            for trick in (*self.tricks, self.trick):
                for player, card in zip(trick.players, trick.cards, strict=True):
                    if card.index == self.called.index:
                        holder = player
        if holder is None:
            return False, None
        return True, (None if holder == taker else holder)

    def side_of(self, player: int) -> int | None:
        """French rules: 0 if this seat knows ``player`` plays for the taker (the attack), 1 if
        it knows it defends, None if it does not know (before the bidding ends, and at five
        players a seat that may hold the called card). A seat always knows its own side once
        the taker is known.

        :raises RulesError: if ``player`` is not a seat.
        """
        check_seat(player, self.rules.players, "player")
        taker = self.taker if self.rules.bidding else None
        if taker is None:
            return None
        if player == taker:
            return 0
        if self.partner_known:
            return 0 if player == self.partner else 1
        if player == self.seat:
            return 1  # it does not hold the called card
        return None

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """The sides as :attr:`cardgames.tarot.state.State.teams` gives them, when this seat
        knows them: ``rules.teams`` without French rules or before the bidding ends, the
        attack then the defence after it; None at five players while the partner is hidden
        from this seat."""
        taker = self.taker if self.rules.bidding else None
        if taker is None:
            return self.rules.teams
        if not self.partner_known:
            return None
        attack = tuple(sorted({taker, taker if self.partner is None else self.partner}))
        return (attack, tuple(p for p in range(self.rules.players) if p not in attack))

    def poignee_cards(self, player: int) -> TarotCardSet:
        """The cards ``player``'s poignée showed (empty if it declared none).

        :raises RulesError: if ``player`` is not a seat.
        """
        check_seat(player, self.rules.players, "player")
        for (declarer, _), shown in zip(self.poignees, self.poignee_shown, strict=True):
            if declarer == player:
                return shown
        return TarotCardSet()

    @property
    def discard_remaining(self) -> int:
        """How many cards the dealer (the French taker) still has to discard."""
        if self.rules.bidding:
            contract = self.contract
            if contract is None or not contract.dog_shown or self.phase in _BEFORE_DOG:
                return 0
        return self.rules.talon_size - self.discard_size

    def played_by(self, player: int) -> TarotCardSet:
        """The cards ``player`` has played to tricks so far (the trick in progress included).

        :raises RulesError: if ``player`` is not a seat.
        """
        check_seat(player, self.rules.players, "player")
        mask = 0
        for trick in (*self.tricks, self.trick):
            for seat, card in zip(trick.players, trick.cards, strict=True):
                if seat == player:
                    mask |= 1 << card.index
        return TarotCardSet(mask)

    def _unseen(self) -> list[int]:
        mask = self.hand.mask | _mask_of(self.discard) | self.discard_shown.mask | self.trick.mask
        for trick in self.tricks:
            mask |= trick.mask
        for pile in self.won:
            mask |= pile.mask
        rest = _FULL & ~mask
        return [i for i in range(TAROT_PACK_SIZE) if rest >> i & 1]

    def unseen(self) -> TarotCardSet:
        """The cards this seat has not seen: the other hands and a hidden discard (under
        French rules, the dog while unseen; the shown dog's cards stay in it while the seat
        cannot tell where they are, in the taker's hand or its discard)."""
        return TarotCardSet(sum(1 << i for i in self._unseen()))

    def may_hold(self, player: int) -> TarotCardSet:
        """The unseen cards ``player`` may hold, given what the view shows (voids, trumps,
        poignées, the shown dog...); for the seat itself, its hand.

        :raises RulesError: if ``player`` is not a seat.
        """
        check_seat(player, self.rules.players, "player")
        if player == self.seat:
            return self.hand
        cards = self._unseen()
        seats, _, pile = self._places()
        allowed = self._allowed(cards, seats, pile)
        bit = 1 << seats.index(player)
        return TarotCardSet(
            sum(1 << card for card, ok in zip(cards, allowed, strict=True) if ok & bit)
        )

    def legal_moves(self) -> tuple[Move | Bid | Call | Announcement | Declaration, ...]:
        """The seat's legal moves when it is to move (the same as the state's), else ``()``."""
        if self.seat != self.to_move or self.phase is Phase.OVER:
            return ()
        phase = self.phase
        if phase is Phase.BIDDING:
            best = self.contract
            return (PASS, *(_BIDS[c] for c in Contract if best is None or best < c))
        if phase is Phase.CALL:
            return tuple(_CALLS[index] for index in iter_bits(self._callable_mask()))
        if phase is Phase.ANNOUNCE:
            return (NO_SLAM, SLAM)
        cards: tuple[AnyMove, ...] = self.legal_card_moves()
        if phase is Phase.PLAY and self.rules.bidding:
            return cards + tuple(_DECLARATIONS[level] for level in self._declarable())
        return cards

    def legal_card_moves(self) -> tuple[Move, ...]:
        """The card moves among :meth:`legal_moves` (discards or cards to play), without bids,
        calls, announcements and poignées."""
        if self.seat != self.to_move or self.phase not in (Phase.DISCARD, Phase.PLAY):
            return ()
        if self.phase is Phase.DISCARD:
            mask = _legal_discards_mask(self.hand.mask, self.rules, self.discard_remaining)
        else:
            mask = _legal_cards_mask(
                self.hand.mask, [c.index for c in self.trick.cards], self.rules, self.trumps_played
            )
        return tuple(_MOVES[i] for i in iter_bits(mask))

    def _callable_mask(self) -> int:
        # As State._callable_mask: the Kings, or the highest rank the taker lacks one of.
        for rank in range(14, 0, -1):
            mask = _rank_mask(rank)
            if self.hand.mask & mask != mask:
                return mask
        return 0  # pragma: no cover - no hand holds every suit card

    def _declarable(self) -> tuple[Poignee, ...]:
        seat = self.seat
        if self.tricks or seat in self.trick.players or any(p == seat for p, _ in self.poignees):
            return ()
        hand = self.hand.mask
        return tuple(level for level in Poignee if _shown_trumps(self.rules, hand, level))

    def history(self) -> tuple[Move | Bid | Call | Announcement | Declaration, ...]:
        """The moves this seat has seen: under French rules the bids and the call; the
        discard (in card order) if this seat made it (other seats never see it); under French
        rules the announcement; then every card played, each poignée before its declarer's
        first card."""
        moves: list[AnyMove] = list(self.bids)
        if self.called is not None:
            moves.append(_CALLS[self.called.index])
        moves.extend(_MOVES[card.index] for card in self.discard or ())
        if self.slam_announced is not None:
            moves.append(SLAM if self.slam_announced else NO_SLAM)
        declared = dict(self.poignees)
        for number, trick in enumerate((*self.tricks, self.trick)):
            for seat, card in zip(trick.players, trick.cards, strict=True):
                if number == 0 and seat in declared:
                    moves.append(_DECLARATIONS[declared.pop(seat)])
                moves.append(_MOVES[card.index])
            if number == 0:
                moves.extend(_DECLARATIONS[level] for level in declared.values())
        return tuple(moves)

    # -- sampling --------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> State:
        """A complete state consistent with this view, drawn at random (see the module
        description for how close to uniform): ``view_of(view.sample(rng), view.seat) ==
        view``.

        :param rng: a :class:`random.Random`, advanced.
        :raises RulesError: if ``rng`` is not a :class:`random.Random`.
        """
        if not isinstance(rng, random.Random):
            raise RulesError(f"invalid rng {quote(rng)}: expected a random.Random")
        hands, pile = self._deal_hidden(rng)
        return self._state(hands, pile, rng)

    def samples(self, n: int, rng: random.Random) -> tuple[State, ...]:
        """``n`` states drawn by :meth:`sample` one after the other.

        :raises RulesError: if ``n`` is not an int from 0 to 100000 or ``rng`` not a
            :class:`random.Random`.
        """
        check_int(n, "number of samples", low=0, high=100_000)
        return tuple(self.sample(rng) for _ in range(n))

    def _pile_size(self) -> int:
        # The hidden pile's size: the hidden discard, or under French rules the unseen dog
        # or the part of the taker's discard that was not shown.
        if not self.rules.bidding:
            return self.discard_size if self.discard is None else 0
        if self._hidden_dog:
            return self.rules.talon_size
        if self.discard is None:
            return self.discard_size - len(self.discard_shown)
        return 0

    @property
    def _hidden_dog(self) -> bool:
        # French rules: the dog is unseen by every seat (and in no hand): before the bidding
        # ends, for a void deal, and under a garde sans or a garde contre.
        return self.rules.bidding and not self._dog_shown

    def _places(self) -> tuple[list[int], list[int], int | None]:
        """The places the unseen cards go to (other seats, then a hidden pile: the discard or
        the unseen dog), their capacities, and the index of the pile's place."""
        seats = [p for p in range(self.rules.players) if p != self.seat]
        capacities = [self.hand_sizes[p] for p in seats]
        pile_place = None
        pile = self._pile_size()
        if pile:
            pile_place = len(seats)
            capacities.append(pile)
        # A position made up by hand may leave cards out of play altogether (in no hand, pile
        # or trick); which of the unseen cards they are is hidden too.
        gone = len(self._unseen()) - sum(capacities)
        if gone:
            capacities.append(gone)
        return seats, capacities, pile_place

    def _allowed(
        self,
        cards: Sequence[int],
        seats: Sequence[int],
        discard_place: int | None,
        *,
        voids: bool = True,
        discard_trumps: bool = True,
        dealer_plain: bool = True,
    ) -> list[int]:
        banned = []
        for p in seats:
            mask = 0
            if voids:
                for suit in self.void_suits[p]:
                    mask |= SUIT_MASKS[suit]
                if self.out_of_trumps[p]:
                    mask |= TRUMP_MASK
                mask |= TRUMP_MASK & ~_trumps_up_to(self.max_trump[p])
            if p == self.dealer and not dealer_plain:
                mask |= _PLAIN
            banned.append(mask)
        french = self.rules.bidding
        if discard_place is not None:
            if not french:
                banned.append(HONOUR_MASK | (0 if discard_trumps else TRUMP_MASK))
            elif self._hidden_dog:
                banned.append(0)  # the dog may hold anything
            else:
                banned.append(HONOUR_MASK | TRUMP_MASK)  # every trump discarded is shown
        banned.append(0)  # out of play (if there is such a place): anything
        allowed = [
            sum(1 << place for place, ban in enumerate(banned) if not ban >> card & 1)
            for card in cards
        ]
        if french and voids:
            self._french_limits(cards, seats, discard_place, banned, allowed)
        return allowed

    def _french_limits(
        self,
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
        taker = self.taker
        taker_place = place_of.get(taker) if taker is not None else None
        pile_bit = 0 if pile_place is None or self._hidden_dog else 1 << pile_place
        for (declarer, _), shown in zip(self.poignees, self.poignee_shown, strict=True):
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
            if self.talon is not None:  # the shown dog: with the taker or in its discard
                for card in iter_bits(self.talon.mask):
                    pins[card] = pins.get(card, -1) & keep
            if self.discard_shown and not self.discard_remaining:
                # a trump discarded: the taker kept no discardable card (while it is still
                # discarding, see _deal_french)
                extra[taker_place] |= _PLAIN
            called = self.called
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

    def _deal_hidden(self, rng: random.Random) -> tuple[list[TarotCardSet], TarotCardSet]:
        cards = self._unseen()
        seats, capacities, discard_place = self._places()
        rules = self.rules
        coupled = (
            not rules.bidding
            and discard_place is not None
            and rules.discard_rule is DiscardRule.TRADITIONAL
            and self.dealer != self.seat
        )
        dealer_place = seats.index(self.dealer) if self.dealer in seats else None
        shown_plain = (self.played_by(self.dealer).mask & _PLAIN).bit_count()
        remaining = self.discard_remaining

        def discard_rule_holds(allocation: Allocation) -> bool:
            assert discard_place is not None and dealer_place is not None
            if not any(1 << card & TRUMP_MASK for card in allocation[discard_place]):
                return True
            plain = sum(1 for card in allocation[dealer_place] if 1 << card & _PLAIN)
            return plain + shown_plain <= remaining

        if rules.bidding:
            result = self._deal_french(cards, seats, capacities, discard_place, rng)
        else:
            result = allocate(
                cards,
                self._allowed(cards, seats, discard_place),
                capacities,
                rng,
                accept=discard_rule_holds if coupled else None,
            )
            if result is not None and coupled and result[1] != "rejection":
                result = self._discard_cases(cards, seats, capacities, discard_place, rng)
        if result is None:
            # The tricks imply voids that no dealing of the unseen cards meets: a position made
            # up by hand rather than played. Deal within the sizes alone.
            result = allocate(
                cards, self._allowed(cards, seats, discard_place, voids=False), capacities, rng
            )
        if result is None:  # pragma: no cover - the sizes always add up (checked on creation)
            raise RulesError("invalid Tarot view: the unseen cards cannot fill the hidden hands")
        allocation = result[0]
        hands = [TarotCardSet()] * self.rules.players
        hands[self.seat] = self.hand
        for place, p in enumerate(seats):
            hands[p] = TarotCardSet(sum(1 << card for card in allocation[place]))
        if self.discard is not None:
            pile = self.discard
        elif discard_place is not None:
            pile = TarotCardSet(sum(1 << card for card in allocation[discard_place]))
        else:
            pile = TarotCardSet()
        return hands, pile

    def _deal_french(
        self,
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
        allowed = self._allowed(cards, seats, pile_place)
        taker = self.taker
        if not (
            self.discard_shown and self.discard_remaining and taker is not None and taker in seats
        ):
            return self._pinned_allocation(cards, allowed, capacities, seats, pile_place, None, rng)
        taker_place = list(seats).index(taker)
        split = len(capacities)  # the taker's discardable cards
        bit = 1 << taker_place
        cases = []
        for count in range(min(self.discard_remaining, capacities[taker_place]) + 1):
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
        result = self._pinned_allocation(cards, masks, sizes, seats, pile_place, split, rng)
        if result is None:  # pragma: no cover - the case was feasible
            return None
        allocation, method = result
        allocation[taker_place] += allocation.pop()
        return allocation, method

    def _pinned_allocation(
        self,
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
        test = self._call_test(seats, pile_place, split)

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
        self, seats: Sequence[int], pile_place: int | None, split: int | None
    ) -> Callable[[Allocation], bool] | None:
        # The test that the call was legal in a sampled deal (None: no test): the taker was
        # not dealt all four cards of the rank it called. ``split`` is the place of the
        # taker's discardable cards when they are apart (see _deal_french).
        taker = self.taker
        called = self.called
        if taker is None or taker == self.seat or called is None or called.rank is None:
            return None
        rank = _rank_mask(int(called.rank))
        taker_place = list(seats).index(taker)
        seen = self.played_by(taker).mask
        talon = _mask_of(self.talon)

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
                dealt |= self.discard_shown.mask
                dealt &= ~talon
            return dealt & rank != rank

        return holds

    def _discard_cases(
        self,
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
            if not dealer_plain and self.played_by(self.dealer).mask & _PLAIN:
                continue
            allowed = self._allowed(
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

    def _state(
        self, hands: Sequence[TarotCardSet], discard: TarotCardSet, rng: random.Random
    ) -> State:
        # The state of these hands and this hidden pile (``discard``: the dealer's discard,
        # or under French rules the unseen dog or the taker's whole discard).
        rules = self.rules
        dealer = self.dealer
        held = [hands[p].mask | self.played_by(p).mask for p in range(rules.players)]
        french = rules.bidding
        if french and self._hidden_dog:
            talon = discard.mask
            discard = TarotCardSet()
            owner = dealer
        elif french:
            owner = self.discarder
            whole = discard.mask | self.discard_shown.mask
            discard = TarotCardSet(whole)
            held[owner] |= whole
            assert self.talon is not None
            talon = self.talon.mask
        else:
            owner = dealer
            held[dealer] |= discard.mask
            if self.talon is not None:
                talon = self.talon.mask
            else:
                pool = [i for i in range(TAROT_PACK_SIZE) if held[dealer] >> i & 1]
                talon = sum(1 << i for i in rng.sample(pool, min(rules.talon_size, len(pool))))
        dealt = list(held)
        if not (french and self._hidden_dog):
            dealt[owner] &= ~talon
        if (
            any(mask.bit_count() != rules.hand_size for mask in dealt)
            or talon.bit_count() != rules.talon_size
            or (not (french and self._hidden_dog) and talon & ~held[owner])
        ):
            dealt = _made_up_deal(rules, dealt, talon)
        initial = Deal(
            rules=rules,
            dealer=dealer,
            hands=tuple(TarotCardSet(mask) for mask in dealt),
            talon=TarotCardSet(talon),
        )
        excuse_trick = None
        for number, trick in enumerate(self.tricks):
            if trick.mask & EXCUSE_MASK:
                excuse_trick = number
        return State(
            initial=initial,
            phase=self.phase,
            to_move=self.to_move,
            hands=tuple(hands),
            discard=discard,
            trick=self.trick,
            tricks=self.tricks,
            won=self.won,
            trumps_played=self.trumps_played,
            excuse_trick=excuse_trick,
            bids=self.bids,
            called=self.called,
            slam_announced=self.slam_announced,
            poignees=self.poignees,
        )

    # -- written forms ---------------------------------------------------------------------

    def __str__(self) -> str:
        discard = f"?{self.discard_size}" if self.discard is None else _holding(self.discard)
        talon = "?" if self.talon is None else _holding(self.talon)
        tricks = "/".join(_trick_text(t) for t in self.tricks) or "-"
        words = [
            str(self.rules),
            f"seat:{self.seat}",
            f"dealer:{self.dealer}",
            f"phase:{self.phase.value}",
            f"move:{self.to_move}",
            f"hand:{_holding(self.hand)}",
            "sizes:" + ",".join(map(str, self.hand_sizes)),
            f"discard:{discard}",
            f"talon:{talon}",
            "won:" + "/".join(_holding(pile) for pile in self.won),
            f"trumps:{'yes' if self.trumps_played else 'no'}",
            f"tricks:{tricks}",
            f"trick:{self.trick.leader}:{_trick_text(self.trick, winner=False) or '-'}",
        ]
        if self.rules.bidding:
            slam = {None: "-", True: "yes", False: "no"}[self.slam_announced]
            poignees = "/".join(
                f"{seat}={level.value}={_holding(shown)}"
                for (seat, level), shown in zip(self.poignees, self.poignee_shown, strict=True)
            )
            words += [
                "bids:" + (",".join(str(bid) for bid in self.bids) or "-"),
                f"called:{'-' if self.called is None else self.called}",
                f"slam:{slam}",
                f"poignees:{poignees or '-'}",
                f"shown:{_holding(self.discard_shown)}",
            ]
        return " ".join(words)

    def __repr__(self) -> str:
        return f"View.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> View:
        """Read a view written by ``str(view)``.

        :raises NotationError: if the text is not a view.
        """
        if not isinstance(text, str):
            raise NotationError(f"invalid Tarot view {quote(text)}: expected a str")
        marker = text.find(" seat:")
        if marker < 0:
            raise NotationError(f"invalid Tarot view {quote(text)}: expected RULES seat:...")
        fields: dict[str, str] = {}
        for word in text[marker:].split():
            name, colon, value = word.partition(":")
            if not colon or name in fields:
                raise NotationError(f"invalid Tarot view {quote(text)}: bad field {quote(word)}")
            fields[name] = value
        try:
            return cls._from_fields(text[:marker].strip(), fields)
        except (RulesError, KeyError, ValueError) as error:
            raise NotationError(f"invalid Tarot view {quote(text)}: {error}") from None

    @classmethod
    def _from_fields(cls, rules_text: str, fields: Mapping[str, str]) -> View:
        rules = Rules.parse(rules_text)
        expected = _FIELDS + (_FRENCH_FIELDS if rules.bidding else ())
        if sorted(fields) != sorted(expected):
            raise NotationError(f"expected the fields {', '.join(expected)}")
        discard_text = fields["discard"]
        if discard_text.startswith("?"):
            discard, size = None, _int(discard_text[1:])
        else:
            discard = parse_holding(discard_text)
            size = len(discard)
        talon = None if fields["talon"] == "?" else parse_holding(fields["talon"])
        trumps = {"yes": True, "no": False}.get(fields["trumps"].lower())
        if trumps is None:
            raise NotationError(f"trumps must be yes or no, not {quote(fields['trumps'])}")
        tricks = (
            ()
            if fields["tricks"] == "-"
            else tuple(_parse_trick(part) for part in fields["tricks"].split("/"))
        )
        leader, colon, cards = fields["trick"].partition(":")
        if not colon:
            raise NotationError(f"invalid trick {quote(fields['trick'])}: expected LEADER:CARDS")
        trick = _parse_trick(cards, leader=_int(leader), complete=False)
        french: dict[str, Any] = {}
        if rules.bidding:
            french = _french_fields(fields)
        return cls(
            rules=rules,
            seat=_int(fields["seat"]),
            dealer=_int(fields["dealer"]),
            phase=Phase(fields["phase"]),
            to_move=_int(fields["move"]),
            hand=parse_holding(fields["hand"]),
            hand_sizes=tuple(_int(s) for s in fields["sizes"].split(",")),
            discard=discard,
            discard_size=size,
            talon=talon,
            trick=trick,
            tricks=tricks,
            won=tuple(parse_holding(part) for part in fields["won"].split("/")),
            trumps_played=trumps,
            **french,
        )

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (read back by :meth:`from_dict`); ``void_suits`` and
        ``out_of_trumps`` (under French rules ``max_trump``, ``partner_known`` and
        ``partner`` too) are included for convenience."""
        data = {
            "format": _FORMAT,
            "version": 1,
            "game": "tarot",
            "rules": str(self.rules),
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "to_move": self.to_move,
            "hand": _holding(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "discard": None if self.discard is None else _holding(self.discard),
            "discard_size": self.discard_size,
            "talon": None if self.talon is None else _holding(self.talon),
            "trick": _trick_dict(self.trick),
            "tricks": [_trick_dict(t) for t in self.tricks],
            "won": [_holding(pile) for pile in self.won],
            "trumps_played": self.trumps_played,
            "void_suits": [sorted(str(s) for s in voids) for voids in self.void_suits],
            "out_of_trumps": list(self.out_of_trumps),
        }
        if self.rules.bidding:
            data.update(
                {
                    "bids": [str(bid) for bid in self.bids],
                    "called": None if self.called is None else str(self.called),
                    "slam_announced": self.slam_announced,
                    "poignees": [
                        {"seat": seat, "poignee": level.value, "cards": _holding(shown)}
                        for (seat, level), shown in zip(
                            self.poignees, self.poignee_shown, strict=True
                        )
                    ],
                    "discard_shown": _holding(self.discard_shown),
                    "max_trump": list(self.max_trump),
                    "partner_known": self.partner_known,
                    "partner": self.partner,
                }
            )
        return data

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> View:
        """Read :meth:`to_dict`'s data (a JSON text is accepted too).

        :raises NotationError: if the text is not JSON (nested too deeply included) or the
            data is not a Tarot view.
        """
        if isinstance(data, str):
            data = _json.loads(data, "Tarot view data")
        try:
            if not isinstance(data, Mapping):
                raise NotationError("expected a JSON object")
            if data.get("format") != _FORMAT or data.get("game") != "tarot":
                raise NotationError("expected format 'cardgames-view' and game 'tarot'")
            rules = Rules.parse(data["rules"])
            french: dict[str, Any] = {}
            if rules.bidding:
                poignees = data["poignees"]
                if not isinstance(poignees, list):
                    raise NotationError("expected the poignees as a list")
                called = data["called"]
                french = {
                    "bids": tuple(Bid.parse(bid) for bid in data["bids"]),
                    "called": None if called is None else TarotCard.parse(called),
                    "slam_announced": data["slam_announced"],
                    "poignees": tuple(
                        (item["seat"], Poignee(item["poignee"])) for item in poignees
                    ),
                    "poignee_shown": tuple(parse_holding(item["cards"]) for item in poignees),
                    "discard_shown": parse_holding(data["discard_shown"]),
                }
            view = cls(
                rules=rules,
                seat=data["seat"],
                dealer=data["dealer"],
                phase=Phase(data["phase"]),
                to_move=data["to_move"],
                hand=parse_holding(data["hand"]),
                hand_sizes=tuple(data["hand_sizes"]),
                discard=None if data["discard"] is None else parse_holding(data["discard"]),
                discard_size=data["discard_size"],
                talon=None if data["talon"] is None else parse_holding(data["talon"]),
                trick=_trick_from_dict(data["trick"]),
                tricks=tuple(_trick_from_dict(t) for t in data["tricks"]),
                won=tuple(parse_holding(pile) for pile in data["won"]),
                trumps_played=data["trumps_played"],
                **french,
            )
        except (RulesError, KeyError, TypeError, ValueError, AttributeError) as error:
            raise NotationError(f"invalid Tarot view data {quote(data)}: {error}") from None
        return view

    def to_unicode(self) -> str:
        """A plain picture of the view: the seat's hand, the table, what is known of the
        others."""
        rules = self.rules
        lines = [
            f"Tarot {rules}: seat {self.seat}'s view (dealer {self.dealer}), "
            f"{self.phase.value}, seat {self.to_move} to move",
            f"Hand: {self.hand.to_unicode() or '-'}",
        ]
        if rules.bidding:
            lines.extend(self._french_lines())
        if self.discard is not None:
            lines.append(f"Discard: {self.discard.to_unicode() or '-'}")
        elif self.discard_shown:
            lines.append(
                f"Discard: {self.discard_size} cards, trumps shown "
                f"{self.discard_shown.to_unicode()}"
            )
        elif not rules.bidding or self.discard_size:
            lines.append(f"Discard: {self.discard_size} hidden cards")
        for p in range(rules.players):
            if p == self.seat:
                continue
            known = []
            if self.void_suits[p]:
                known.append(
                    "void in " + " ".join(s.to_unicode() for s in sorted(self.void_suits[p]))
                )
            if self.out_of_trumps[p]:
                known.append("no trumps")
            elif self.max_trump[p] < 21:
                known.append(f"no trump above {self.max_trump[p]}")
            note = f" ({', '.join(known)})" if known else ""
            lines.append(f"Seat {p}: {self.hand_sizes[p]} cards{note}")
        played = " ".join(
            f"{seat}:{card.to_unicode()}"
            for seat, card in zip(self.trick.players, self.trick.cards, strict=True)
        )
        lines.append(f"Trick (led by {self.trick.leader}): {played or '-'}")
        lines.append(f"Tricks played: {len(self.tricks)}")
        return "\n".join(lines)

    def _french_lines(self) -> list[str]:
        lines = ["Bids: " + (", ".join(str(bid) for bid in self.bids) or "-")]
        taker = self.taker
        if taker is not None:
            contract = self.contract
            assert contract is not None
            line = f"Taker: seat {taker}, {contract.value}"
            if self.called is not None:
                line += f", called {self.called.to_unicode()}"
                if not self.partner_known:
                    line += " (partner unknown)"
                elif self.partner is None:
                    line += " (alone)"
                else:
                    line += f" (partner: seat {self.partner})"
            if self.slam_announced:
                line += ", slam announced"
            lines.append(line)
        if self.talon is not None:
            lines.append(f"Dog: {self.talon.to_unicode() or '-'}")
        for (seat, level), shown in zip(self.poignees, self.poignee_shown, strict=True):
            lines.append(f"Poignée ({level.value}) of seat {seat}: {shown.to_unicode()}")
        return lines


def _french_fields(fields: Mapping[str, str]) -> dict[str, Any]:
    # The French fields of View.parse.
    bids = () if fields["bids"] == "-" else tuple(Bid.parse(b) for b in fields["bids"].split(","))
    called = None if fields["called"] == "-" else TarotCard.parse(fields["called"])
    word = fields["slam"].lower()
    if word not in ("-", "yes", "no"):
        raise NotationError(f"slam must be yes, no or -, not {quote(fields['slam'])}")
    slam = None if word == "-" else word == "yes"
    poignees = []
    shown = []
    if fields["poignees"] != "-":
        for part in fields["poignees"].split("/"):
            seat, level, cards = [*part.split("="), "", ""][:3]
            poignees.append((_int(seat), Poignee(level)))
            shown.append(parse_holding(cards))
    return {
        "bids": bids,
        "called": called,
        "slam_announced": slam,
        "poignees": tuple(poignees),
        "poignee_shown": tuple(shown),
        "discard_shown": parse_holding(fields["shown"]),
    }


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


def _holding(cards: TarotCardSet) -> str:
    return format_holding(cards)


def _int(text: str) -> int:
    if not text.isdigit() or len(text) > 6:
        raise NotationError(f"invalid number {quote(text)}")
    return int(text)


def _trick_text(trick: Trick, *, winner: bool = True) -> str:
    cards = ",".join(
        f"{card}@{seat}" for seat, card in zip(trick.players, trick.cards, strict=True)
    )
    if winner and trick.winner is not None:
        cards += f">{trick.winner}"
    return cards


def _parse_trick(text: str, *, leader: int | None = None, complete: bool = True) -> Trick:
    body, arrow, won_by = text.partition(">")
    if complete != bool(arrow):
        raise NotationError(f"invalid trick {quote(text)}: a completed trick ends with >WINNER")
    cards: list[TarotCard] = []
    players: list[int] = []
    if body != "-":
        for part in body.split(","):
            card, at, seat = part.partition("@")
            if not at:
                raise NotationError(f"invalid trick card {quote(part)}: expected CARD@SEAT")
            cards.append(TarotCard.parse(card))
            players.append(_int(seat))
    if leader is None:
        if not players:
            raise NotationError(f"invalid trick {quote(text)}: a completed trick has cards")
        leader = players[0]
    return Trick(
        leader=leader,
        cards=tuple(cards),
        players=tuple(players),
        winner=_int(won_by) if arrow else None,
    )


def _trick_dict(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "cards": [str(card) for card in trick.cards],
        "players": list(trick.players),
        "winner": trick.winner,
    }


def _trick_from_dict(data: Mapping[str, Any]) -> Trick:
    return Trick(
        leader=data["leader"],
        cards=tuple(TarotCard.parse(card) for card in data["cards"]),
        players=tuple(data["players"]),
        winner=data["winner"],
    )


def view_of(state: State, seat: int) -> View:
    """What ``seat`` knows of ``state``: see :class:`View`.

    :raises RulesError: if ``state`` is not a :class:`cardgames.tarot.state.State` or ``seat`` not
        one of its seats.
    """
    if not isinstance(state, State):
        raise RulesError(f"invalid Tarot state {quote(state)}: expected a cardgames.tarot.State")
    check_seat(seat, state.rules.players, "view seat")
    rules = state.rules
    if rules.bidding:
        # French rules: a shown dog is public, and only its taker knows the discard
        contract = state.contract
        shown = (
            state.taker is not None
            and contract is not None
            and contract.dog_shown
            and state.phase not in _BEFORE_DOG
        )
        own = shown and seat == state.taker
        talon = state.initial.talon if shown else None
    else:
        own = seat == state.dealer
        talon = state.initial.talon if own else None
    french: dict[str, Any] = {}
    if rules.bidding:
        french = {
            "bids": state.bids,
            "called": state.called,
            "slam_announced": state.slam_announced,
            "poignees": state.poignees,
            "poignee_shown": tuple(state.poignee_cards(p) for p, _ in state.poignees),
            "discard_shown": TarotCardSet(state.discard.mask & TRUMP_MASK),
        }
    return View(
        rules=rules,
        seat=seat,
        dealer=state.dealer,
        phase=state.phase,
        to_move=state.to_move,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        discard=state.discard if own else None,
        discard_size=len(state.discard),
        talon=talon,
        trick=state.trick,
        tricks=state.tricks,
        won=state.won,
        trumps_played=state.trumps_played,
        **french,
    )
