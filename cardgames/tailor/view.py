"""What one player of a Chase the Tailor round knows: :class:`View`, built by :func:`view_of`,
and worlds sampled from it.

A view holds the rules, the seat it belongs to, that seat's hand, every hand's size, the pile
(every card on it, in order), what must be followed (a card, a Tailor call or anything), the
direction, the chase flag, the card the seat has just drawn if it is waiting to be played, the
stock's size but not its order, and the counters (passes, turns, reshuffles). Nor the seed of
the reshuffles, which would tell the order of every future stock.

It also keeps the round as this seat saw it: the public part of the position where play
started (:class:`Snapshot`) and one :class:`Event` per move since: who moved, the move, who
drew how many cards (and for the seat itself, which), whether the pile was shuffled into a
new stock (and which cards that stock held: the pile was face up), and whether the move left
a drawn card waiting. What follows from play comes from these events: a player who drew (or
passed) because the rules allow a draw only when no suited card follows held nothing that
followed at that moment, so the cards that followed then and that the player still holds can
only have been drawn since; a card drawn and then kept without a turn was one that could not
be played; a card drawn and played at once was the one drawn.

:meth:`View.sample` deals every hidden card of the round again: the other hands where play
started, and for each stock (the first and each reshuffle) the order of its cards, so that
replaying the public moves gives the same view. Each stock is an independent matching of its
cards to its *slots* (the hands at the start and every draw from that stock) under the
constraints above; it is drawn by ``cardgames._allocation.allocate`` (rejection, exactly
uniform over the matchings, up to a few hundred attempts; then exact counting when small; then
a sequential method that never fails and is close to uniform). The sampled state carries the
replayed history and a fresh random seed for the reshuffles still to come.

>>> import random
>>> from cardgames.tailor import Rules, deal
>>> state = deal(Rules(players=3), seed=13)
>>> rng = random.Random(1)
>>> for _ in range(12):
...     state = state.play(rng.choice(state.legal_moves()))
>>> view = view_of(state, 0)
>>> view.hand == state.hands[0], view.stock_size == len(state.stock)
(True, True)
>>> world = view.sample(random.Random(2))
>>> view_of(world, 0) == view, world.hands[0] == state.hands[0]
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

from cardgames import _allocation, _json
from cardgames.cards import STANDARD_PACK_SIZE, TAILOR, TAILOR_PACK_SIZE, Card
from cardgames.cardset import CardSet
from cardgames.errors import NotationError, RulesError
from cardgames.tailor._position_text import format_top, parse_top
from cardgames.tailor.moves import Draw, Dump, Move, Pass, Play, PlayJoker, PlayTailor, parse_move
from cardgames.tailor.rules import Call, Rules, can_follow
from cardgames.tailor.state import State
from cardgames.tailor.turns import ALL_SUITED as _ALL_SUITED
from cardgames.tailor.turns import FOLLOW_MASKS as _FOLLOW_MASKS
from cardgames.tailor.turns import target_index as _target_index
from cardgames.validation import SEED_LIMIT, check_int, check_seat, quote

__all__ = ["Event", "Snapshot", "View", "view_of"]

_FULL: Final = (1 << TAILOR_PACK_SIZE) - 1
_CARDS: Final = Card.all()
_FORMAT: Final = "cardgames-view"
_CARD_MOVES: Final = (Play, Dump, PlayJoker, PlayTailor)
_ATTEMPTS: Final = 30  # whole-round samples tried before giving up (each is already checked)
# Rejection rarely succeeds once a round has a history (every card played must have been in
# its player's hand), so few attempts before the exact or sequential methods.
_REJECTION_ATTEMPTS: Final = 25


def _ints(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(values)


def _cards(values: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(values)


def _mask(cards: Sequence[Card] | CardSet) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


@attrs.frozen(kw_only=True)
class Snapshot:
    """The public part of a position as one seat sees it.

    :param hand: the seat's own hand.
    :param hand_sizes: every seat's number of cards.
    :param pile: the pile, bottom first.
    :param top: what must be followed (a suited card, a call, or None for anything).
    :param direction: 1 clockwise, -1 anticlockwise.
    :param to_move: the seat to move.
    :param chase_active: whether a chase is on.
    :param drawn: the seat's own drawn card waiting to be played, if any.
    :param drawn_pending: whether the player to move has a drawn card waiting (whoever it is).
    :param stock_size: the number of cards in the stock.
    :param passes: consecutive passes.
    :param turns: moves made so far.
    :param reshuffles: reshuffles so far.
    """

    hand: CardSet
    hand_sizes: tuple[int, ...] = attrs.field(converter=_ints)
    pile: tuple[Card, ...] = attrs.field(converter=_cards)
    top: Card | Call | None
    direction: int
    to_move: int
    chase_active: bool
    drawn: Card | None
    drawn_pending: bool
    stock_size: int
    passes: int
    turns: int
    reshuffles: int

    @classmethod
    def of(cls, state: State, seat: int) -> Snapshot:
        """What ``seat`` sees of ``state``."""
        own = state.to_move == seat
        return cls(
            hand=state.hands[seat],
            hand_sizes=tuple(len(hand) for hand in state.hands),
            pile=state.pile,
            top=state.top,
            direction=state.direction,
            to_move=state.to_move,
            chase_active=state.chase_active,
            drawn=state.drawn if own else None,
            drawn_pending=state.drawn is not None,
            stock_size=len(state.stock),
            passes=state.passes,
            turns=state.turns,
            reshuffles=state.reshuffles,
        )

    def text(self) -> str:
        drawn = "-" if not self.drawn_pending else ("?" if self.drawn is None else str(self.drawn))
        return "/".join(
            (
                str(self.hand) or "-",
                ",".join(map(str, self.hand_sizes)),
                " ".join(map(str, self.pile)),
                format_top(self.top),
                "cw" if self.direction == 1 else "ccw",
                str(self.to_move),
                "on" if self.chase_active else "off",
                drawn,
                str(self.stock_size),
                str(self.passes),
                str(self.turns),
                str(self.reshuffles),
            )
        )

    @classmethod
    def parse(cls, text: str) -> Snapshot:
        parts = text.split("/")
        if len(parts) != 12:
            raise NotationError(f"invalid snapshot {quote(text)}: expected 12 fields split by /")
        hand, sizes, pile, top, direction, to_move, chase, drawn = parts[:8]
        if direction not in ("cw", "ccw") or chase not in ("on", "off"):
            raise NotationError(f"invalid snapshot {quote(text)}: direction cw/ccw, chase on/off")
        return cls(
            hand=CardSet() if hand == "-" else CardSet.parse(hand),
            hand_sizes=tuple(_int(size) for size in sizes.split(",")),
            pile=tuple(Card.parse(card) for card in pile.split()),
            top=parse_top(top),
            direction=1 if direction == "cw" else -1,
            to_move=_int(to_move),
            chase_active=chase == "on",
            drawn=None if drawn in ("-", "?") else Card.parse(drawn),
            drawn_pending=drawn != "-",
            stock_size=_int(parts[8]),
            passes=_int(parts[9]),
            turns=_int(parts[10]),
            reshuffles=_int(parts[11]),
        )


def _draws(values: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(seat), int(count)) for seat, count in values)


@attrs.frozen(kw_only=True)
class Event:
    """One move as a seat saw it.

    :param player: who moved.
    :param move: the move (every move is public; a drawn card is not).
    :param top: what had to be followed before the move.
    :param waiting: whether the player had a drawn card waiting before the move.
    :param draws: who drew how many cards during the move, in the order drawn.
    :param reshuffled: the cards of the new stock if the pile was shuffled into one during the
        move, else None. A reshuffle leaves the pile's top card and takes every card under it,
        so a new stock is never empty.
    :param pending: whether the move left a drawn card waiting to be played.
    :param seen: the cards the viewing seat drew during the move.
    :raises RulesError: if ``reshuffled`` is neither None nor a non-empty
        :class:`~cardgames.cardset.CardSet`, or ``seen`` is not a card set.

    In the text form (:meth:`View.parse`) the reshuffle is ``-`` for none, else the cards.
    """

    player: int
    move: Move
    top: Card | Call | None
    waiting: bool
    draws: tuple[tuple[int, int], ...] = attrs.field(converter=_draws)
    reshuffled: CardSet | None
    pending: bool
    seen: CardSet

    def __attrs_post_init__(self) -> None:
        if self.reshuffled is not None and (
            not isinstance(self.reshuffled, CardSet) or not self.reshuffled
        ):
            raise RulesError(
                f"invalid reshuffle {quote(self.reshuffled)}: expected None or the cards of "
                "the new stock (at least one)"
            )
        if not isinstance(self.seen, CardSet):
            raise RulesError(f"invalid cards seen {quote(self.seen)}: expected a CardSet")

    @property
    def forced_draw(self) -> bool:
        """Whether the move was a draw or a pass made with no drawn card waiting (under the
        rules without voluntary draws it shows the player held no suited card to follow)."""
        return isinstance(self.move, Draw | Pass) and not self.waiting

    def text(self) -> str:
        draws = "+".join(f"{seat}x{count}" for seat, count in self.draws) or "-"
        reshuffled = "-" if self.reshuffled is None else str(self.reshuffled)
        return "/".join(
            (
                str(self.player),
                str(self.move),
                format_top(self.top),
                "w" if self.waiting else "-",
                draws,
                reshuffled,
                "p" if self.pending else "-",
                str(self.seen) or "-",
            )
        )

    @classmethod
    def parse(cls, text: str) -> Event:
        parts = text.split("/")
        if len(parts) != 8:
            raise NotationError(f"invalid event {quote(text)}: expected 8 fields split by /")
        draws = []
        if parts[4] != "-":
            for group in parts[4].split("+"):
                seat, x, count = group.partition("x")
                if not x:
                    raise NotationError(f"invalid draws {quote(group)}: expected SEATxCOUNT")
                draws.append((_int(seat), _int(count)))
        reshuffled = None
        if parts[5] != "-":
            try:
                reshuffled = CardSet.parse(parts[5])
            except NotationError:
                reshuffled = None
            if not reshuffled:
                raise NotationError(
                    f"invalid reshuffle {quote(parts[5])}: expected - (none) or the cards of "
                    "the new stock"
                )
        if parts[3] not in ("w", "-") or parts[6] not in ("p", "-"):
            raise NotationError(
                f"invalid event {quote(text)}: expected w or - before the draws, p or - "
                "after the reshuffle"
            )
        return cls(
            player=_int(parts[0]),
            move=parse_move(parts[1]),
            top=parse_top(parts[2]),
            waiting=parts[3] == "w",
            draws=tuple(draws),
            reshuffled=reshuffled,
            pending=parts[6] == "p",
            seen=CardSet() if parts[7] == "-" else CardSet.parse(parts[7]),
        )


def _events(values: Sequence[Event]) -> tuple[Event, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True, repr=False)
class View:
    """What ``seat`` knows of a Chase the Tailor round (see the module description).
    Immutable and hashable; build one with :func:`view_of` (or ``state.view(seat)``),
    :meth:`parse` or :meth:`from_dict`.

    :param rules: the rules.
    :param seat: whose view this is.
    :param now: the position now, as the seat sees it.
    :param start: the position where play started (the deal, or a position set up by hand).
    :param events: every move since, as the seat saw it.
    :raises RulesError: if a field is of the wrong type or the fields contradict each other.

    The fields of ``now`` are also attributes of the view itself: ``hand``, ``hand_sizes``,
    ``pile``, ``top``, ``direction``, ``to_move``, ``chase_active``, ``drawn``,
    ``drawn_pending``, ``stock_size``, ``passes``, ``turns``, ``reshuffles``.
    """

    rules: Rules
    seat: int
    now: Snapshot
    start: Snapshot
    events: tuple[Event, ...] = attrs.field(converter=_events)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise RulesError(f"invalid Tailor view rules {quote(self.rules)}: expected Rules")
        check_seat(self.seat, self.rules.players, "view seat")
        players = self.rules.players
        for snapshot in (self.now, self.start):
            if not isinstance(snapshot, Snapshot):
                raise RulesError(f"invalid Tailor view: {quote(snapshot)} is not a Snapshot")
            check_seat(snapshot.to_move, players, "seat to move")
            if len(snapshot.hand_sizes) != players:
                raise RulesError(f"invalid Tailor view: expected {players} hand sizes")
            if len(snapshot.hand) != snapshot.hand_sizes[self.seat]:
                raise RulesError("invalid Tailor view: the hand's size disagrees with its cards")
            seen = snapshot.hand.mask
            if seen & _mask(snapshot.pile) or not snapshot.pile:
                raise RulesError("invalid Tailor view: the pile is empty or shares a held card")
            hidden = sum(snapshot.hand_sizes) - len(snapshot.hand) + snapshot.stock_size
            if hidden + len(snapshot.hand) + len(snapshot.pile) != TAILOR_PACK_SIZE:
                raise RulesError("invalid Tailor view: the 55 cards are not accounted for")
        for event in self.events:
            if not isinstance(event, Event):
                raise RulesError(f"invalid Tailor view: {quote(event)} is not an Event")

    # -- the position now ------------------------------------------------------------------

    @property
    def hand(self) -> CardSet:
        """The seat's hand."""
        return self.now.hand

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Every seat's number of cards."""
        return self.now.hand_sizes

    @property
    def pile(self) -> tuple[Card, ...]:
        """The pile, bottom first."""
        return self.now.pile

    @property
    def top(self) -> Card | Call | None:
        """What must be followed."""
        return self.now.top

    @property
    def direction(self) -> int:
        """1 clockwise, -1 anticlockwise."""
        return self.now.direction

    @property
    def to_move(self) -> int:
        """The seat to move."""
        return self.now.to_move

    @property
    def chase_active(self) -> bool:
        """Whether a chase is on."""
        return self.now.chase_active

    @property
    def drawn(self) -> Card | None:
        """The seat's own drawn card waiting to be played, if any."""
        return self.now.drawn

    @property
    def drawn_pending(self) -> bool:
        """Whether the player to move has a drawn card waiting."""
        return self.now.drawn_pending

    @property
    def stock_size(self) -> int:
        """The number of cards in the stock (its order is hidden)."""
        return self.now.stock_size

    @property
    def passes(self) -> int:
        """Consecutive passes."""
        return self.now.passes

    @property
    def turns(self) -> int:
        """Moves made so far."""
        return self.now.turns

    @property
    def reshuffles(self) -> int:
        """Reshuffles so far."""
        return self.now.reshuffles

    @property
    def is_over(self) -> bool:
        """True once the round has ended (someone went out, or a stalemate)."""
        now = self.now
        return (
            0 in now.hand_sizes
            or now.passes >= self.rules.players
            or now.turns >= self.rules.max_turns
        )

    def unseen(self) -> CardSet:
        """The cards the seat cannot see now: the other hands and the stock."""
        return CardSet(_FULL & ~(self.hand.mask | _mask(self.pile)))

    def cannot_hold(self, player: int) -> CardSet:
        """Unseen cards that ``player`` is known not to hold now: the suited cards that would
        have followed when it had to draw (or pass), counting only the draws since which it
        has drawn nothing that might follow. (The sampler uses the finer constraint on every
        card and every draw; this is the part a player can read at a glance.)

        :raises RulesError: if ``player`` is not a seat.
        """
        check_seat(player, self.rules.players, "player")
        if player == self.seat or self.rules.voluntary_draw:
            return CardSet()
        banned = 0
        for event in reversed(self.events):
            drew = sum(count for seat, count in event.draws if seat == player)
            if event.player == player and event.forced_draw:
                if event.pending:  # the card drawn followed, and may still be held
                    break
                target = _target_index(event.top)
                banned |= _ALL_SUITED if target < 0 else _FOLLOW_MASKS[target]
                # the card drawn then did not follow that top, but might follow an earlier one
                if drew:
                    break
            elif drew:
                break
        return CardSet(banned & self.unseen().mask)

    def history(self) -> tuple[Move, ...]:
        """Every move since play started (all moves are public; what was drawn is not)."""
        return tuple(event.move for event in self.events)

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves when it is to move (the same as the state's), else ``()``."""
        if self.seat != self.to_move or self.is_over:
            return ()
        return self._stand_in().legal_moves()

    def _stand_in(self) -> State:
        # The legal moves depend only on the mover's hand and public facts, so any sharing-out
        # of the unseen cards gives them; no checks needed for a state only asked for moves.
        now = self.now
        unseen = [card for card in _CARDS if self.unseen().mask >> card.index & 1]
        hands = []
        for seat, size in enumerate(now.hand_sizes):
            if seat == self.seat:
                hands.append(now.hand)
            else:
                hands.append(CardSet.from_cards(unseen[:size]))
                unseen = unseen[size:]
        return State._trusted(
            self.rules,
            tuple(hands),
            now.pile,
            tuple(unseen),
            now.top,
            now.direction,
            now.to_move,
            now.chase_active,
            now.drawn,
            now.passes,
            now.turns,
            0,
            now.reshuffles,
        )

    # -- sampling --------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> State:
        """A complete state consistent with this view, with the round's history replayed:
        ``view_of(view.sample(rng), view.seat) == view``. See the module description for how
        close to uniform it is.

        :param rng: a :class:`random.Random`, advanced.
        :raises RulesError: if ``rng`` is not a :class:`random.Random`, or no world fits the
            view (a view made up by hand).
        """
        if not isinstance(rng, random.Random):
            raise RulesError(f"invalid rng {quote(rng)}: expected a random.Random")
        for _ in range(_ATTEMPTS):
            world = _World(self).build(rng)
            if world is not None and view_of(world, self.seat) == self:
                return world
        raise RulesError(f"no Chase the Tailor round fits the view {quote(self)}")

    def samples(self, n: int, rng: random.Random) -> tuple[State, ...]:
        """``n`` states drawn by :meth:`sample` one after the other.

        :raises RulesError: if ``n`` is not an int from 0 to 100000 or ``rng`` not a
            :class:`random.Random`.
        """
        check_int(n, "number of samples", low=0, high=100_000)
        return tuple(self.sample(rng) for _ in range(n))

    # -- written forms ---------------------------------------------------------------------

    def __str__(self) -> str:
        events = ", ".join(event.text() for event in self.events) or "-"
        return (
            f"rules: {self.rules}; seat: {self.seat}; now: {self.now.text()}; "
            f"start: {self.start.text()}; events: {events}"
        )

    def __repr__(self) -> str:
        return f"View.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> View:
        """Read a view written by ``str(view)``.

        :raises NotationError: if the text is not a view.
        """
        if not isinstance(text, str):
            raise NotationError(f"invalid Tailor view {quote(text)}: expected a str")
        names = ("rules", "seat", "now", "start", "events")
        parts = text.split("; ")
        try:
            if len(parts) != len(names):
                raise NotationError(f"expected the sections {', '.join(names)}")
            values = {}
            for name, part in zip(names, parts, strict=True):
                label, colon, value = part.partition(": ")
                if label != name or not colon:
                    raise NotationError(f"expected the section {name!r}, got {quote(part)}")
                values[name] = value
            events = values["events"]
            return cls(
                rules=Rules.parse(values["rules"]),
                seat=_int(values["seat"]),
                now=Snapshot.parse(values["now"]),
                start=Snapshot.parse(values["start"]),
                events=() if events == "-" else tuple(Event.parse(e) for e in events.split(", ")),
            )
        except (RulesError, NotationError, ValueError) as error:
            raise NotationError(f"invalid Tailor view {quote(text)}: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (read back by :meth:`from_dict`)."""
        return {
            "format": _FORMAT,
            "version": 1,
            "game": "tailor",
            "rules": str(self.rules),
            "seat": self.seat,
            "now": self.now.text(),
            "start": self.start.text(),
            "events": [event.text() for event in self.events],
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> View:
        """Read :meth:`to_dict`'s data (a JSON text is accepted too).

        :raises NotationError: if the text is not JSON (nested too deeply included) or the
            data is not a Chase the Tailor view.
        """
        if isinstance(data, str):
            data = _json.loads(data, "Tailor view data")
        try:
            if not isinstance(data, Mapping):
                raise NotationError("expected a JSON object")
            if data.get("format") != _FORMAT or data.get("game") != "tailor":
                raise NotationError("expected format 'cardgames-view' and game 'tailor'")
            events = data["events"]
            if not isinstance(events, list):
                raise NotationError(f"expected the events as a list, got {quote(events)}")
            return cls(
                rules=Rules.parse(data["rules"]),
                seat=data["seat"],
                now=Snapshot.parse(_text(data["now"], "now")),
                start=Snapshot.parse(_text(data["start"], "start")),
                events=tuple(Event.parse(_text(text, "event")) for text in events),
            )
        except (RulesError, NotationError, KeyError, TypeError, ValueError) as error:
            raise NotationError(f"invalid Tailor view data {quote(data)}: {error}") from None

    def to_unicode(self) -> str:
        """A plain picture of the view: the seat's hand, the table, the others' sizes."""
        now = self.now
        top = "anything" if now.top is None else str(now.top)
        lines = [
            f"Chase the Tailor {self.rules}: seat {self.seat}'s view, seat {now.to_move} to move"
            f" ({'clockwise' if now.direction == 1 else 'anticlockwise'}"
            f"{', chase on' if now.chase_active else ''})",
            f"Hand: {now.hand.to_unicode() or '-'}"
            + (f" (drawn {now.drawn.to_unicode()})" if now.drawn is not None else ""),
            f"Pile: {now.pile[-1].to_unicode()} showing, {len(now.pile)} cards; follow {top}",
            f"Stock: {now.stock_size} cards",
        ]
        for seat, size in enumerate(now.hand_sizes):
            if seat != self.seat:
                lines.append(f"Seat {seat}: {size} cards")
        return "\n".join(lines)


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise NotationError(f"invalid {what} {quote(value)}: expected a string")
    return value


def _int(text: str) -> int:
    if not text.lstrip("-").isdigit() or len(text) > 20:
        raise NotationError(f"invalid number {quote(text)}")
    return int(text)


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


def view_of(state: State, seat: int) -> View:
    """What ``seat`` knows of ``state``: see :class:`View`.

    :raises RulesError: if ``state`` is not a :class:`cardgames.tailor.State` or ``seat`` not
        one of its seats.
    """
    if not isinstance(state, State):
        raise RulesError(f"invalid Tailor state {quote(state)}: expected a tailor.State")
    check_seat(seat, state.rules.players, "view seat")
    chain = [state]
    while chain[-1].previous is not None:
        previous = chain[-1].previous
        assert previous is not None
        chain.append(previous)
    chain.reverse()
    moves = state.history()
    events = []
    players = state.rules.players
    for before, after, move in zip(chain[:-1], chain[1:], moves, strict=True):
        gained = [after.hands[s].mask & ~before.hands[s].mask for s in range(players)]
        mover = before.to_move
        if isinstance(move, Draw):
            primary: int | None = mover
        elif isinstance(move, PlayTailor):
            primary = move.victim
        elif isinstance(move, PlayJoker):
            primary = (mover + before.direction) % players
        else:
            primary = None
        draws = []
        if primary is not None and gained[primary]:
            draws.append((primary, gained[primary].bit_count()))
        for s in range(players):
            if s != primary and gained[s]:
                draws.append((s, gained[s].bit_count()))
        reshuffled = None
        if after.reshuffles != before.reshuffles:
            new = _mask(after.stock)
            for mask in gained:
                new |= mask
            reshuffled = CardSet(new & ~_mask(before.stock))
        events.append(
            Event(
                player=mover,
                move=move,
                top=before.top,
                waiting=before.drawn is not None,
                draws=tuple(draws),
                reshuffled=reshuffled,
                pending=after.drawn is not None,
                seen=CardSet(gained[seat]),
            )
        )
    return View(
        rules=state.rules,
        seat=seat,
        now=Snapshot.of(state, seat),
        start=Snapshot.of(chain[0], seat),
        events=tuple(events),
    )
