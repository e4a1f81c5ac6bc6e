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
from typing import Any

import attrs

from cardgames.cards import TAILOR_PACK_SIZE, Card
from cardgames.cardset import CardSet
from cardgames.errors import RulesError
from cardgames.tailor import _view_text, sampling
from cardgames.tailor.moves import Draw, Move, Pass, PlayJoker, PlayTailor
from cardgames.tailor.rules import Call, Rules
from cardgames.tailor.sampling import _CARDS, _FULL, _mask
from cardgames.tailor.state import State
from cardgames.tailor.turns import ALL_SUITED as _ALL_SUITED
from cardgames.tailor.turns import FOLLOW_MASKS as _FOLLOW_MASKS
from cardgames.tailor.turns import target_index as _target_index
from cardgames.validation import check_int, check_seat, make_rng, quote, strict_arguments

__all__ = ["Event", "Snapshot", "View", "view_of"]


def _ints(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(values)


def _cards(values: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(values)


@strict_arguments
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
        return _view_text.snapshot_text(self)

    @classmethod
    def parse(cls, text: str) -> Snapshot:
        return _view_text.parse_snapshot(cls, text)


def _draws(values: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(seat), int(count)) for seat, count in values)


@strict_arguments
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
        return _view_text.event_text(self)

    @classmethod
    def parse(cls, text: str) -> Event:
        return _view_text.parse_event(cls, text)


def _events(values: Sequence[Event]) -> tuple[Event, ...]:
    return tuple(values)


@strict_arguments
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

    def sample(self, rng: int | random.Random) -> State:
        """A complete state consistent with this view, with the round's history replayed:
        ``view_of(view.sample(rng), view.seat) == view``. See the module description for how
        close to uniform it is.

        :param rng: a :class:`random.Random` (advanced) or an int seed.
        :raises RulesError: if ``rng`` is not a :class:`random.Random` or a seed, or no world
            fits the view (a view made up by hand).
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
        return _view_text.parse(cls, Snapshot, Event, text)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (read back by :meth:`from_dict`)."""
        return _view_text.to_dict(self)

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> View:
        """Read :meth:`to_dict`'s data (a JSON text is accepted too).

        :raises NotationError: if the text is not JSON (nested too deeply included) or the
            data is not a Chase the Tailor view.
        """
        return _view_text.from_dict(cls, Snapshot, Event, data)

    def to_unicode(self) -> str:
        """A plain picture of the view: the seat's hand, the table, the others' sizes."""
        return _view_text.to_unicode(self)


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
