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
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from cardgames.cards import Suit
from cardgames.cardset import iter_bits
from cardgames.errors import RulesError
from cardgames.tarot import _view_check, _view_text, sampling
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
    taker_of,
)
from cardgames.tarot.phases import CALLS, callable_cards, shown_trumps
from cardgames.tarot.play import (
    KIND,
    TRUMP_MASK,
    _legal_cards_mask,
    _legal_discards_mask,
    led_kind,
)
from cardgames.tarot.rules import Rules
from cardgames.tarot.sampling import _mask_of
from cardgames.tarot.state import Move, Phase, State, Trick
from cardgames.validation import check_int, check_seat, make_rng, quote, strict_arguments

__all__ = ["View", "view_of"]

_FULL: Final = (1 << TAROT_PACK_SIZE) - 1
_EXCUSE: Final = 77
_TRUMP_LOW: Final = 56  # trump 1; trump n is 55 + n
_TRUMP_KIND: Final = 4
_MOVES: Final = tuple(Move(card) for card in TarotCard.all())
_BEFORE_DOG: Final = (Phase.BIDDING, Phase.CALL)


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


@strict_arguments
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
        problem = _view_check.problem(self)
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
        seats, _, pile = sampling.places(self)
        allowed = sampling.allowed_places(self, cards, seats, pile)
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
            return tuple(CALLS[index] for index in iter_bits(callable_cards(self.hand.mask)))
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

    def _declarable(self) -> tuple[Poignee, ...]:
        seat = self.seat
        if self.tricks or seat in self.trick.players or any(p == seat for p, _ in self.poignees):
            return ()
        hand = self.hand.mask
        return tuple(level for level in Poignee if shown_trumps(self.rules, hand, level))

    def history(self) -> tuple[Move | Bid | Call | Announcement | Declaration, ...]:
        """The moves this seat has seen: under French rules the bids and the call; the
        discard (in card order) if this seat made it (other seats never see it); under French
        rules the announcement; then every card played, each poignée before its declarer's
        first card."""
        moves: list[AnyMove] = list(self.bids)
        if self.called is not None:
            moves.append(CALLS[self.called.index])
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

    def sample(self, rng: int | random.Random) -> State:
        """A complete state consistent with this view, drawn at random (see the module
        description for how close to uniform): ``view_of(view.sample(rng), view.seat) ==
        view``.

        :param rng: a :class:`random.Random` (advanced) or an int seed.
        :raises RulesError: if ``rng`` is not a :class:`random.Random` or a seed.
        """
        return sampling.sample(self, rng)

    def samples(self, n: int, rng: int | random.Random) -> tuple[State, ...]:
        """``n`` states drawn by :meth:`sample` one after the other.

        :raises RulesError: if ``n`` is not an int from 0 to 100000 or ``rng`` not a
            :class:`random.Random` or an int seed.
        """
        check_int(n, "number of samples", low=0, high=100_000)
        generator = make_rng(rng, "rng")  # one generator for all n, even from a seed
        return tuple(self.sample(generator) for _ in range(n))

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

    def _state(
        self, hands: Sequence[TarotCardSet], discard: TarotCardSet, rng: random.Random
    ) -> State:
        # The state of these hands and this hidden pile (see sampling.state_of).
        return sampling.state_of(self, hands, discard, rng)

    # -- written forms ---------------------------------------------------------------------

    def __str__(self) -> str:
        return _view_text.to_text(self)

    def __repr__(self) -> str:
        return f"View.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> View:
        """Read a view written by ``str(view)``.

        :raises NotationError: if the text is not a view.
        """
        return _view_text.parse(cls, text)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (read back by :meth:`from_dict`); ``void_suits`` and
        ``out_of_trumps`` (under French rules ``max_trump``, ``partner_known`` and
        ``partner`` too) are included for convenience."""
        return _view_text.to_dict(self)

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> View:
        """Read :meth:`to_dict`'s data (a JSON text is accepted too).

        :raises NotationError: if the text is not JSON (nested too deeply included) or the
            data is not a Tarot view.
        """
        return _view_text.from_dict(cls, data)

    def to_unicode(self) -> str:
        """A plain picture of the view: the seat's hand, the table, what is known of the
        others."""
        return _view_text.to_unicode(self)


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
