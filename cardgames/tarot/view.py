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
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from cardgames._allocation import Allocation, allocate, count_allocations, feasible
from cardgames.cards import Suit
from cardgames.errors import NotationError, RulesError
from cardgames.tarot._notation import format_holding, parse_holding
from cardgames.tarot.cards import TAROT_PACK_SIZE, TarotCard, TarotCardSet
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
_TRUMP_KIND: Final = 4
_ALL_SUITS: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
_PLAIN: Final = _ALL_SUITS & ~KING_MASK  # discardable without restriction
_MOVES: Final = tuple(Move(card) for card in TarotCard.all())
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


def _mask_of(cards: TarotCardSet | None) -> int:
    return 0 if cards is None else cards.mask


def _inferences(
    rules: Rules, tricks: Sequence[Trick], trick: Trick, trumps_played: bool
) -> tuple[tuple[frozenset[Suit], ...], tuple[bool, ...]]:
    """The suits each seat is known to be void in, and whether it is known to be out of
    trumps, from the cards played so far."""
    voids: list[set[Suit]] = [set() for _ in range(rules.players)]
    no_trumps = [False] * rules.players
    # A position made up by hand may say trumps were played before any trick it shows.
    shown = any(
        card.index >= 56 and card.index != _EXCUSE for t in (*tricks, trick) for card in t.cards
    )
    trumps_played = trumps_played and not shown
    for current in (*tricks, trick):
        played: list[int] = []
        for player, card in zip(current.players, current.cards, strict=True):
            index = card.index
            kind = led_kind(played)
            if index == _EXCUSE:
                pass
            elif kind is None:
                if KIND[index] == _TRUMP_KIND and rules.trump_lead_restricted and not trumps_played:
                    voids[player].update(Suit)
            elif KIND[index] != kind:
                if kind == _TRUMP_KIND:
                    no_trumps[player] = True
                else:
                    voids[player].add(Suit(kind))
                    if KIND[index] != _TRUMP_KIND:
                        no_trumps[player] = True
            played.append(index)
            trumps_played = trumps_played or KIND[index] == _TRUMP_KIND
    return tuple(frozenset(v) for v in voids), tuple(no_trumps)


def _sets(values: Sequence[TarotCardSet]) -> tuple[TarotCardSet, ...]:
    return tuple(values)


def _ints(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(values)


def _tricks(values: Sequence[Trick]) -> tuple[Trick, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True, repr=False)
class View:
    """What ``seat`` knows of a Tarot deal (see the module description). Immutable and
    hashable; build one with :func:`view_of` (or ``state.view(seat)``), :meth:`parse` or
    :meth:`from_dict`.

    :param rules: the rules.
    :param seat: whose view this is.
    :param dealer: the dealer's seat.
    :param phase: discard, play or over.
    :param to_move: the seat to move.
    :param hand: the seat's own hand.
    :param hand_sizes: every seat's number of cards.
    :param discard: the discard so far if ``seat`` is the dealer, else None (hidden).
    :param discard_size: how many cards have been discarded so far.
    :param talon: the talon if ``seat`` is the dealer (who took it into hand), else None.
    :param trick: the trick in progress.
    :param tricks: the completed tricks.
    :param won: each seat's won cards (the Excuse with the player who played it).
    :param trumps_played: whether a trump has been played.
    :raises RulesError: if a field is of the wrong type or the fields contradict each other.

    ``void_suits`` (per seat, the suits it is known to hold none of) and ``out_of_trumps`` (per
    seat) are computed from the tricks.
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
    void_suits: tuple[frozenset[Suit], ...] = attrs.field(init=False)
    out_of_trumps: tuple[bool, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        problem = self._problem()
        if problem is not None:
            raise RulesError(f"invalid Tarot view: {problem}")
        voids, no_trumps = _inferences(self.rules, self.tricks, self.trick, self.trumps_played)
        object.__setattr__(self, "void_suits", voids)
        object.__setattr__(self, "out_of_trumps", no_trumps)

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
        for name in ("hand", "discard", "talon"):
            value = getattr(self, name)
            if (value is not None or name == "hand") and not isinstance(value, TarotCardSet):
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
        own_discard = self.seat == self.dealer
        if (self.discard is not None) != own_discard or (self.talon is not None) != own_discard:
            return "the discard and the talon are known to the dealer, and only to the dealer"
        if self.discard is not None and len(self.discard) != self.discard_size:
            return f"a discard of {len(self.discard)} cards, but discard_size {self.discard_size}"
        seen = 0
        for mask in (
            self.hand.mask,
            _mask_of(self.discard),
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
        hidden = sum(self.hand_sizes) - len(self.hand)
        if self.discard is None:
            hidden += self.discard_size
        if hidden > len(self._unseen()):
            return (
                f"{len(self._unseen())} cards are unseen, but the other hands (and a hidden "
                f"discard) hold {hidden}"
            )
        return None

    # -- what is known ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once every card has been played."""
        return self.phase is Phase.OVER

    @property
    def discard_remaining(self) -> int:
        """How many cards the dealer still has to discard."""
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
        mask = self.hand.mask | _mask_of(self.discard) | self.trick.mask
        for trick in self.tricks:
            mask |= trick.mask
        for pile in self.won:
            mask |= pile.mask
        rest = _FULL & ~mask
        return [i for i in range(TAROT_PACK_SIZE) if rest >> i & 1]

    def unseen(self) -> TarotCardSet:
        """The cards this seat has not seen: the other hands and a hidden discard."""
        return TarotCardSet(sum(1 << i for i in self._unseen()))

    def may_hold(self, player: int) -> TarotCardSet:
        """The unseen cards ``player`` may hold, given its voids and trumps (for the seat
        itself, its hand).

        :raises RulesError: if ``player`` is not a seat.
        """
        check_seat(player, self.rules.players, "player")
        if player == self.seat:
            return self.hand
        mask = self.unseen().mask
        for suit in self.void_suits[player]:
            mask &= ~SUIT_MASKS[suit]
        if self.out_of_trumps[player]:
            mask &= ~TRUMP_MASK
        return TarotCardSet(mask)

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves when it is to move (the same as the state's), else ``()``."""
        if self.seat != self.to_move or self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.DISCARD:
            mask = _legal_discards_mask(self.hand.mask, self.rules, self.discard_remaining)
        else:
            mask = _legal_cards_mask(
                self.hand.mask, [c.index for c in self.trick.cards], self.rules, self.trumps_played
            )
        return tuple(_MOVES[i] for i in range(TAROT_PACK_SIZE) if mask >> i & 1)

    def history(self) -> tuple[Move, ...]:
        """The moves this seat has seen: the dealer's own discard (in card order) if it is the
        dealer, then every card played, in order. Other players never see the discard."""
        moves = [_MOVES[card.index] for card in self.discard or ()]
        for trick in (*self.tricks, self.trick):
            moves.extend(_MOVES[card.index] for card in trick.cards)
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
        hands, discard = self._deal_hidden(rng)
        return self._state(hands, discard, rng)

    def samples(self, n: int, rng: random.Random) -> tuple[State, ...]:
        """``n`` states drawn by :meth:`sample` one after the other.

        :raises RulesError: if ``n`` is not an int from 0 to 100000 or ``rng`` not a
            :class:`random.Random`.
        """
        check_int(n, "number of samples", low=0, high=100_000)
        return tuple(self.sample(rng) for _ in range(n))

    def _places(self) -> tuple[list[int], list[int], int | None]:
        """The places the unseen cards go to (other seats, then a hidden discard), their
        capacities, and the index of the discard place."""
        seats = [p for p in range(self.rules.players) if p != self.seat]
        capacities = [self.hand_sizes[p] for p in seats]
        discard_place = None
        if self.discard is None and self.discard_size:
            discard_place = len(seats)
            capacities.append(self.discard_size)
        # A position made up by hand may leave cards out of play altogether (in no hand, pile
        # or trick); which of the unseen cards they are is hidden too.
        gone = len(self._unseen()) - sum(capacities)
        if gone:
            capacities.append(gone)
        return seats, capacities, discard_place

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
            if p == self.dealer and not dealer_plain:
                mask |= _PLAIN
            banned.append(mask)
        if discard_place is not None:
            banned.append(HONOUR_MASK | (0 if discard_trumps else TRUMP_MASK))
        banned.append(0)  # out of play (if there is such a place): anything
        return [
            sum(1 << place for place, ban in enumerate(banned) if not ban >> card & 1)
            for card in cards
        ]

    def _deal_hidden(self, rng: random.Random) -> tuple[list[TarotCardSet], TarotCardSet]:
        cards = self._unseen()
        seats, capacities, discard_place = self._places()
        coupled = (
            discard_place is not None
            and self.rules.discard_rule is DiscardRule.TRADITIONAL
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
            discard = self.discard
        elif discard_place is not None:
            discard = TarotCardSet(sum(1 << card for card in allocation[discard_place]))
        else:
            discard = TarotCardSet()
        return hands, discard

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
        rules = self.rules
        dealer = self.dealer
        held = [hands[p].mask | self.played_by(p).mask for p in range(rules.players)]
        held[dealer] |= discard.mask
        if self.talon is not None:
            talon = self.talon.mask
        else:
            pool = [i for i in range(TAROT_PACK_SIZE) if held[dealer] >> i & 1]
            talon = sum(1 << i for i in rng.sample(pool, min(rules.talon_size, len(pool))))
        dealt = list(held)
        dealt[dealer] &= ~talon
        if any(mask.bit_count() != rules.hand_size for mask in dealt) or talon & ~held[dealer]:
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
        )

    # -- written forms ---------------------------------------------------------------------

    def __str__(self) -> str:
        discard = f"?{self.discard_size}" if self.discard is None else _holding(self.discard)
        talon = "?" if self.talon is None else _holding(self.talon)
        tricks = "/".join(_trick_text(t) for t in self.tricks) or "-"
        return " ".join(
            (
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
            )
        )

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
            if isinstance(error, NotationError):
                raise NotationError(f"invalid Tarot view {quote(text)}: {error}") from None
            raise NotationError(f"invalid Tarot view {quote(text)}: {error}") from None

    @classmethod
    def _from_fields(cls, rules_text: str, fields: Mapping[str, str]) -> View:
        expected = _FIELDS
        if sorted(fields) != sorted(expected):
            raise NotationError(f"expected the fields {', '.join(expected)}")
        rules = Rules.parse(rules_text)
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
        )

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (read back by :meth:`from_dict`); ``void_suits`` and
        ``out_of_trumps`` are included for convenience."""
        return {
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

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> View:
        """Read :meth:`to_dict`'s data (a JSON text is accepted too).

        :raises NotationError: if the data is not a Tarot view.
        """
        try:
            if isinstance(data, str):
                data = json.loads(data)
            if not isinstance(data, Mapping):
                raise NotationError("expected a JSON object")
            if data.get("format") != _FORMAT or data.get("game") != "tarot":
                raise NotationError("expected format 'cardgames-view' and game 'tarot'")
            view = cls(
                rules=Rules.parse(data["rules"]),
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
        if self.discard is not None:
            lines.append(f"Discard: {self.discard.to_unicode() or '-'}")
        else:
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
            note = f" ({', '.join(known)})" if known else ""
            lines.append(f"Seat {p}: {self.hand_sizes[p]} cards{note}")
        played = " ".join(
            f"{seat}:{card.to_unicode()}"
            for seat, card in zip(self.trick.players, self.trick.cards, strict=True)
        )
        lines.append(f"Trick (led by {self.trick.leader}): {played or '-'}")
        lines.append(f"Tricks played: {len(self.tricks)}")
        return "\n".join(lines)


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
    own = seat == state.dealer
    return View(
        rules=state.rules,
        seat=seat,
        dealer=state.dealer,
        phase=state.phase,
        to_move=state.to_move,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        discard=state.discard if own else None,
        discard_size=len(state.discard),
        talon=state.initial.talon if own else None,
        trick=state.trick,
        tricks=state.tricks,
        won=state.won,
        trumps_played=state.trumps_played,
    )
