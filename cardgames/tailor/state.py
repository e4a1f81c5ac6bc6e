"""The state of a round of Chase the Tailor, the deal, and the move-checking rules.

A :class:`~cardgames.tailor.State` is immutable: :meth:`~cardgames.tailor.State.play` returns
the next state and leaves the old one as it was. Every random event after the deal (the
reshuffles of the pile into a new stock) uses a seed derived from the state's ``seed`` and
``reshuffles`` fields, so a state determines its whole future given the moves.

>>> state = deal(Rules(players=3), seed=13)
>>> state.to_move, len(state.hands), [len(hand) for hand in state.hands], len(state.stock)
(0, 3, [7, 7, 7], 33)
>>> state.top
Card.parse('AD')
>>> [str(move) for move in state.legal_moves()]
['7D', 'QD', '2C']
>>> after = state.play(state.legal_moves()[0])
>>> after.to_move, after.top, state.to_move
(1, Card.parse('7D'), 0)
>>> [str(move) for move in after.history()], after.previous is state
(['7D'], True)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, NoReturn

import attrs

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
from cardgames.deck import Deck, RandomSource, shuffle_order
from cardgames.errors import CardgamesError, IllegalMoveError, NotationError, RulesError
from cardgames.players import BotRandom, bot_seed
from cardgames.tailor._position_text import PositionFields, read_position, write_position
from cardgames.tailor.moves import (
    Draw,
    Dump,
    JokerEffect,
    Move,
    Pass,
    Play,
    PlayJoker,
    PlayTailor,
    parse_move,
)
from cardgames.tailor.rules import (
    Call,
    Rules,
    can_follow,
    derive_seed,
    hand_points,
    hand_value,
)
from cardgames.validation import (
    SEED_LIMIT,
    as_tuple,
    check_bool,
    check_int,
    check_seat,
    check_seed,
    quote,
)

if TYPE_CHECKING:
    from cardgames.svg import SvgImage
    from cardgames.tailor.match import Players
    from cardgames.tailor.view import View

__all__ = ["State", "deal", "strength_key"]

_ALL_SUITED: Final = (1 << STANDARD_PACK_SIZE) - 1
_FULL_PACK: Final = (1 << TAILOR_PACK_SIZE) - 1
_JOKERS: Final = (JOKER_1, JOKER_2)
_CARDS: Final = Card.all()
_PLAYS: Final = tuple(Play(card) for card in _CARDS[:STANDARD_PACK_SIZE])
_DRAW: Final = Draw()
_PASS: Final = Pass()
_JOKER_MOVES: Final = {
    joker: (PlayJoker(joker, JokerEffect.SKIP), PlayJoker(joker, JokerEffect.REVERSE))
    for joker in _JOKERS
}
_CARD_TYPE: Final = frozenset({Card})
_RANK_MASKS: Final = tuple(sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13))


def _follow_mask(target: int) -> int:
    """Mask of the suited cards that may be played onto the suited card ``target``."""
    suit, rank = divmod(target, 13)
    mask = ((1 << 13) - 1) << (suit * 13)
    for near in (rank - 1, rank, rank + 1):
        mask |= _RANK_MASKS[near % 13]
    return mask


_FOLLOW_MASKS: Final = tuple(_follow_mask(target) for target in range(STANDARD_PACK_SIZE))


@lru_cache(maxsize=64)
def _tailor_moves(players: int, seat: int, self_victim: bool) -> tuple[PlayTailor, ...]:
    victims = [victim for victim in range(players) if self_victim or victim != seat]
    return tuple(
        PlayTailor(Suit(index // 13), Rank(index % 13 + 1), victim)
        for index in range(STANDARD_PACK_SIZE)
        for victim in victims
    )


def _top_text(top: Card | Call | None) -> str:
    return "anything" if top is None else str(top)


def _target_index(top: Card | Call | None) -> int:
    """The index of the suited card to follow, or -1 when anything may be played."""
    if top is None:
        return -1
    return top.card.index if isinstance(top, Call) else top.index


def _as_tuple(value: object, what: str) -> tuple[Any, ...]:
    if isinstance(value, Mapping):
        raise RulesError(f"invalid {what} {quote(value)}: expected a sequence")
    return as_tuple(value, what)


def _hands_tuple(hands: Iterable[CardSet]) -> tuple[CardSet, ...]:
    return _as_tuple(hands, "hands")


def _pile_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    return _as_tuple(cards, "pile")


def _stock_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    return _as_tuple(cards, "stock")


class _Link:
    """The way back from a state: the state before it and the move between them.

    Kept in slots outside the attrs fields, so that equality, hashing, :meth:`State.key`, the
    constructor and the notation see only the position.
    """

    __slots__ = ("_last_move", "_previous")

    _previous: State | None
    _last_move: Move | None


@attrs.frozen(kw_only=True, repr=False)
class State(_Link):
    """A position in a round: everything needed to list the legal moves and play on exactly.

    Build one with :func:`deal` or :meth:`parse`, or with the constructor, which converts the
    collections to tuples and checks that the position is consistent (the checks below), so
    that :meth:`legal_moves` and :meth:`play` always agree and ``str(state)`` reads back.

    :param rules: the variant.
    :param hands: one card set per seat; seats are numbered clockwise from 0.
    :param pile: the discard pile, bottom first; the last card is the one showing (never empty).
    :param stock: the face-down stock, the next card to be drawn first.
    :param top: what the next card must follow: a suited :class:`~cardgames.cards.Card`, a
        :class:`~cardgames.tailor.Call` made with the Tailor, or None when anything may follow.
    :param direction: ``1`` clockwise (seat + 1 moves next), ``-1`` anticlockwise.
    :param to_move: the seat whose decision it is.
    :param chase_active: Chase Mode's chase is running (each turn starts with a draw); only
        with ``Rules.chase_mode``.
    :param drawn: the card the player to move has just drawn and may (or must) now play: a
        card of their hand that follows ``top`` (a card that cannot be played is never left
        waiting: the turn ends instead).
    :param passes: consecutive turns ended by a bare :class:`~cardgames.tailor.Pass` (0 to
        ``players``).
    :param turns: moves made so far in the round (0 to ``Rules.max_turns``).
    :param seed: the seed every reshuffle is derived from (0 to ``2**64 - 1``).
    :param reshuffles: how many times the pile has been shuffled into a new stock (at most one
        a move, so 0 to ``turns``).
    :raises RulesError: if an argument is of the wrong type or out of range, the 55 cards are
        not each in exactly one place, more than one hand is empty, or the drawn card cannot
        be played.

    A state reached by :meth:`play` also remembers the way it came: :attr:`previous` and
    :meth:`history`. That memory is not part of the position: two states with the same fields
    are equal (and hash alike) however they were reached, and a state built with the
    constructor, :func:`attrs.evolve` or :meth:`parse` starts with no history.

    >>> state = deal(Rules(players=2), seed=4)
    >>> attrs.evolve(state, to_move=True)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid to_move True: expected an int from 0 to 1
    """

    rules: Rules
    hands: tuple[CardSet, ...] = attrs.field(converter=_hands_tuple)
    pile: tuple[Card, ...] = attrs.field(converter=_pile_tuple)
    stock: tuple[Card, ...] = attrs.field(converter=_stock_tuple)
    top: Card | Call | None
    direction: int = 1
    to_move: int = 0
    chase_active: bool = False
    drawn: Card | None = None
    passes: int = 0
    turns: int = 0
    seed: int = 0
    reshuffles: int = 0

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        if not isinstance(rules, Rules):
            raise RulesError(f"invalid rules {quote(rules)}: expected a tailor.Rules")
        players = rules.players
        to_move, passes, turns, seed = self.to_move, self.passes, self.turns, self.seed
        reshuffles, direction, chase = self.reshuffles, self.direction, self.chase_active
        # The common case in one expression (states are built often); _check_fields gives the
        # message.
        if not (
            type(to_move) is int
            and 0 <= to_move < players
            and type(passes) is int
            and 0 <= passes <= players
            and type(turns) is int
            and 0 <= turns <= rules.max_turns
            and type(seed) is int
            and 0 <= seed < SEED_LIMIT
            and type(reshuffles) is int
            and 0 <= reshuffles <= turns
            and (direction == 1 or direction == -1)
            and type(direction) is int
            and (chase is True or chase is False)
        ):
            self._check_fields()
        top = self.top
        if not (
            top is None or isinstance(top, Call) or (isinstance(top, Card) and not top.is_special)
        ):
            raise RulesError(
                f"invalid top {quote(top)}: expected a suited Card, a Call or None (anything "
                "may follow)"
            )
        drawn = self.drawn
        if drawn is not None and not isinstance(drawn, Card):
            raise RulesError(f"invalid drawn {quote(drawn)}: expected a Card or None")
        problem = self._inconsistency()
        if problem is not None:
            raise RulesError(f"impossible position: {problem}")
        object.__setattr__(self, "_previous", None)
        object.__setattr__(self, "_last_move", None)

    def _check_fields(self) -> None:
        """Check the seat, counts, seed, direction and chase flag one by one, naming the first
        that is wrong."""
        rules = self.rules
        check_seat(self.to_move, rules.players, "to_move")
        check_bool(self.chase_active, "chase_active")
        check_int(self.passes, "passes", low=0, high=rules.players)
        check_int(self.turns, "turns", low=0, high=rules.max_turns)
        check_seed(self.seed)
        check_int(
            self.reshuffles,
            "reshuffles",
            low=0,
            high=self.turns,
            expected=f"an int from 0 to turns ({self.turns}): at most one reshuffle a move",
        )
        direction = self.direction
        if (
            isinstance(direction, bool)
            or not isinstance(direction, int)
            or direction not in (1, -1)
        ):
            raise RulesError(f"invalid direction {quote(direction)}: expected 1 (clockwise) or -1")

    def _inconsistency(self) -> str | None:
        """What makes the (well-typed) fields an impossible position, or None."""
        rules = self.rules
        players = rules.players
        if len(self.hands) != players:
            return f"{len(self.hands)} hands for {players} players"
        hand_mask = held = empty = 0
        for hand in self.hands:
            if not isinstance(hand, CardSet):
                return f"the hand {quote(hand)} is not a CardSet"
            mask = hand.mask
            hand_mask |= mask
            held += mask.bit_count()
            empty += not mask
        loose = self.pile + self.stock
        if not set(map(type, loose)) <= _CARD_TYPE:
            for card in loose:
                if not isinstance(card, Card):
                    where = "pile" if card in self.pile else "stock"
                    return f"{quote(card)} in the {where} is not a card of the 55-card pack"
        loose_mask = 0
        for card in loose:
            loose_mask |= 1 << card.index
        if (
            loose_mask.bit_count() != len(loose)
            or held != hand_mask.bit_count()
            or hand_mask & loose_mask
            or hand_mask | loose_mask != _FULL_PACK
        ):
            return "the 55 cards are not all accounted for exactly once (hands, pile, stock)"
        if not self.pile:
            return "the pile always holds at least one card"
        if empty > 1:
            return "at most one player can have gone out"
        if self.chase_active and not rules.chase_mode:
            return "a chase can only be on with chase_mode=yes"
        drawn = self.drawn
        if drawn is not None:
            if drawn not in self.hands[self.to_move]:
                return "the drawn card must be in the hand of the player to move"
            if not can_follow(drawn, self.top):
                return (
                    f"the drawn card {drawn} cannot be played on {_top_text(self.top)}, so it "
                    "cannot be waiting to be played (the turn ends after such a draw)"
                )
        return None

    @classmethod
    def _trusted(
        cls,
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
        *,
        previous: State | None = None,
        last_move: Move | None = None,
    ) -> State:
        """A state built without the constructor's checks, for positions the rules produced
        from a checked one (the move loop, where the checks would cost more than the move).
        ``previous`` and ``last_move`` are the way back (both None for a starting state)."""
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
        return state

    def _fields(self) -> tuple[object, ...]:
        """The constructor's arguments, in the order :meth:`_trusted` takes them."""
        return (
            self.rules,
            self.hands,
            self.pile,
            self.stock,
            self.top,
            self.direction,
            self.to_move,
            self.chase_active,
            self.drawn,
            self.passes,
            self.turns,
            self.seed,
            self.reshuffles,
        )

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as a flat list, oldest state first, so that a long history neither recurses
        # once per move (pickle's recursion limit) nor loses the way back.
        chain: list[tuple[tuple[object, ...], Move | None]] = []
        state: State | None = self
        while state is not None:
            chain.append((state._fields(), state._last_move))
            state = state._previous
        chain.reverse()
        return (_unpickle_state, (tuple(chain),))

    # -- the way back ----------------------------------------------------------------------

    @property
    def previous(self) -> State | None:
        """The state before the last move, or None for a state that was not reached by
        :meth:`play` (a fresh deal, or a position parsed or built by hand).

        >>> state = deal(Rules(players=3), seed=13)
        >>> state.previous is None, state.play(Play.parse('7D')).previous is state
        (True, True)
        """
        return self._previous

    def history(self) -> tuple[Move, ...]:
        """Every move played to reach this state, in order, from the deal (or from the
        position built by hand that play started from); ``()`` when there is none.

        Replaying the moves on the first state of the chain gives this state again.

        >>> state = deal(Rules(players=3), seed=13)
        >>> after = state.play(Play.parse('7D')).play(Play.parse('7H'))
        >>> [str(move) for move in after.history()], state.history()
        (['7D', '7H'], ())
        """
        moves: list[Move] = []
        state = self
        while state._last_move is not None and state._previous is not None:
            moves.append(state._last_move)
            state = state._previous
        moves.reverse()
        return tuple(moves)

    # -- reading the position --------------------------------------------------------------

    @property
    def winner(self) -> int | None:
        """The seat that went out (emptied their hand), or None.

        >>> deal(Rules()).winner is None
        True
        """
        for seat, hand in enumerate(self.hands):
            if not hand.mask:
                return seat
        return None

    @property
    def is_stalemate(self) -> bool:
        """True when the round stopped without a winner: a full cycle of passes, or the cap
        ``Rules.max_turns`` reached.

        >>> deal(Rules()).is_stalemate
        False
        """
        return self.winner is None and (
            self.passes >= self.rules.players or self.turns >= self.rules.max_turns
        )

    @property
    def is_over(self) -> bool:
        """True once the round has ended (someone went out, or a stalemate).

        >>> deal(Rules()).is_over
        False
        """
        return self.winner is not None or self.is_stalemate

    @property
    def top_card(self) -> Card:
        """The card showing on the pile (may be a Joker or the Tailor, unlike ``top``).

        >>> deal(Rules(players=3), seed=13).top_card
        Card.parse('AD')
        """
        return self.pile[-1]

    def payoffs(self) -> tuple[int, ...]:
        """Each seat's score for the round: 0 for whoever went out, minus the value of the
        cards still held (see :func:`~cardgames.tailor.hand_points`) for everyone else.

        After a stalemate everyone scores minus their hand. Before the end this is what the
        scores would be if the round stopped now.

        >>> deal(Rules(players=2), seed=1).payoffs()
        (-66, -55)
        """
        winner = self.winner
        return tuple(
            0 if seat == winner else -hand_points(hand) for seat, hand in enumerate(self.hands)
        )

    def key(self) -> tuple[object, ...]:
        """A cheap hashable summary of everything that affects the future (not the rules).

        Two states of the same rules with equal keys have the same legal moves and futures.

        >>> state = deal(Rules(), seed=5)
        >>> state.key() == deal(Rules(), seed=5).key(), hash(state.key()) == hash(state.key())
        (True, True)
        """
        return (
            tuple(hand.mask for hand in self.hands),
            tuple(card.index for card in self.pile),
            tuple(card.index for card in self.stock),
            _target_index(self.top),
            isinstance(self.top, Call),
            self.direction,
            self.to_move,
            self.chase_active,
            -1 if self.drawn is None else self.drawn.index,
            self.passes,
            self.turns,
            self.seed,
            self.reshuffles,
        )

    # -- notation --------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> State:
        """Read a position in the notation of :mod:`cardgames.tailor.notation`; the result is
        checked for consistency and has no history.

        :raises NotationError: if a section is missing or unreadable, or the position is
            impossible (cards missing or repeated, a seat or count out of range, a drawn card
            that cannot be played, ...: every check of the constructor). Numbers are whole
            numbers of at most 20 digits, so that every seed fits.

        >>> state = deal(Rules(players=2), seed=4)
        >>> State.parse(str(state)) == state
        True
        """
        fields = read_position(text)
        try:
            return cls(**fields)
        except CardgamesError as error:
            raise NotationError(f"invalid position {quote(text)}: {error}") from None

    def __str__(self) -> str:
        return write_position(
            PositionFields(
                rules=self.rules,
                hands=self.hands,
                pile=self.pile,
                stock=self.stock,
                top=self.top,
                direction=self.direction,
                to_move=self.to_move,
                chase_active=self.chase_active,
                drawn=self.drawn,
                passes=self.passes,
                turns=self.turns,
                seed=self.seed,
                reshuffles=self.reshuffles,
            )
        )

    def __repr__(self) -> str:
        return f"State.parse({str(self)!r})"

    def to_unicode(self) -> str:
        """The table as text: the hands by seat, what must be followed, the pile and the stock
        (see :func:`cardgames.tailor.render.state_to_unicode`); ``str()`` stays the notation."""
        from cardgames.tailor.render import state_to_unicode

        return state_to_unicode(self)

    def _repr_html_(self) -> str:
        from cardgames.tailor.render import state_to_html

        return state_to_html(self)

    def to_svg(self, *, width: int = 40, per_row: int = 13) -> SvgImage:
        """The table as an SVG picture, the seats round it (see :func:`cardgames.svg.table`,
        which calls this, and :func:`cardgames.tailor.render.state_to_svg`, which draws it)."""
        from cardgames.tailor.render import state_to_svg

        return state_to_svg(self, width=width, per_row=per_row)

    def view(self, seat: int) -> View:
        """What ``seat`` knows of this round (see :class:`cardgames.tailor.View`): its own hand,
        the pile, what must be followed, the hand and stock sizes and what play has shown,
        never the other hands or the order of the stock.

        >>> state = deal(Rules(players=3), seed=2)
        >>> state.view(1).hand == state.hands[1], state.view(1).stock_size == len(state.stock)
        (True, True)
        """
        from cardgames.tailor.view import view_of

        return view_of(self, seat)

    # -- the rules of a turn ---------------------------------------------------------------

    def _may_draw(self, hand: int) -> bool:
        """Does the draw rule allow drawing (or passing instead) with this hand?"""
        if self.rules.voluntary_draw:
            return True
        target = _target_index(self.top)
        follow = _ALL_SUITED if target < 0 else _FOLLOW_MASKS[target]
        return not hand & follow

    def _can_draw(self) -> bool:
        return bool(self.stock) or len(self.pile) > 1

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a fixed order.

        The order: single suited plays (by card), dumps (sorted by their cards' indices, so a
        dump's shorter beginning comes before it), Joker moves (``X1`` then ``X2``, skip before
        reverse), Tailor moves (calls by card order, then victims by seat), then ``draw`` or
        ``pass``. Right after a draw only the moves with the drawn card are listed, followed by
        ``pass`` when the drawn card need not be played.

        >>> state = deal(Rules(players=2), seed=7)
        >>> state.top, [str(move) for move in state.legal_moves()][:4]
        (Card.parse('8D'), ['9S', '6D', 'JD', '9C'])
        """
        if self.is_over:
            return ()
        rules = self.rules
        seat = self.to_move
        hand = self.hands[seat].mask
        if self.drawn is not None:
            after_draw = self._moves_with(self.drawn, hand, rules.drawn_card_dumps)
            if not rules.must_play_drawn:
                after_draw.append(_PASS)
            return tuple(after_draw)
        target = _target_index(self.top)
        playable = hand & (_ALL_SUITED if target < 0 else _FOLLOW_MASKS[target])
        moves: list[Move] = [_PLAYS[index] for index in iter_bits(playable)]
        dumps: list[tuple[int, ...]] = []
        for first in iter_bits(playable):
            dumps.extend(self._dump_orders(first, hand))
        dumps.sort()
        moves.extend(Dump(tuple(_CARDS[index] for index in order)) for order in dumps)
        for joker in _JOKERS:
            if hand >> joker.index & 1:
                moves.extend(_JOKER_MOVES[joker])
        if hand >> TAILOR.index & 1:
            moves.extend(_tailor_moves(rules.players, seat, rules.victim_may_be_caller))
        if rules.voluntary_draw or not playable:
            moves.append(_DRAW if self._can_draw() else _PASS)
        return tuple(moves)

    def _dump_orders(self, first: int, hand: int) -> list[tuple[int, ...]]:
        others = [index for index in iter_bits(hand & _RANK_MASKS[first % 13]) if index != first]
        lengths = [len(others)] if self.rules.dump_whole_rank else range(1, len(others) + 1)
        return [
            (first, *rest)
            for length in lengths
            if length
            for rest in itertools.permutations(others, length)
        ]

    def _moves_with(self, card: Card, hand: int, dumps: bool) -> list[Move]:
        """The moves that play ``card`` (just drawn) first."""
        if card.is_tailor:
            return list(
                _tailor_moves(self.rules.players, self.to_move, self.rules.victim_may_be_caller)
            )
        if card.is_joker:
            return list(_JOKER_MOVES[card])
        moves: list[Move] = [_PLAYS[card.index]]
        if dumps:
            orders = sorted(self._dump_orders(card.index, hand))
            moves.extend(Dump(tuple(_CARDS[index] for index in order)) for order in orders)
        return moves

    def check(self, move: Move) -> None:
        """Raise if ``move`` is illegal here, naming the rule it breaks.

        :raises IllegalMoveError: with the move and the rule.

        >>> state = deal(Rules(players=3), seed=13)
        >>> state.check(Play(Card.parse('9C')))
        Traceback (most recent call last):
        ...
        cardgames.errors.IllegalMoveError: illegal move '9C': 9C is not in player 0's hand
        """
        problem = self._problem(move)
        if problem is not None:
            raise IllegalMoveError(f"illegal move {_move_text(move)}: {problem}")

    def is_legal(self, move: Move) -> bool:
        """True when :meth:`check` accepts ``move``.

        >>> state = deal(Rules(players=3), seed=13)
        >>> state.is_legal(Play(Card.parse('7D'))), state.is_legal(Draw())
        (True, False)
        """
        return self._problem(move) is None

    def _problem(self, move: object) -> str | None:
        """What is wrong with ``move`` (the rule it breaks), or None if it is legal."""
        if self.is_over:
            return "the round is over"
        rules = self.rules
        seat = self.to_move
        hand = self.hands[seat].mask
        if isinstance(move, Pass):
            if self.drawn is not None:
                if rules.must_play_drawn:
                    return f"the drawn card {self.drawn} can be played, so it must be played"
                return None
            if not self._may_draw(hand):
                return "a player who can follow with a suited card may not pass"
            if self._can_draw():
                return "passing is only for when nothing is left to draw; draw instead"
            return None
        if isinstance(move, Draw):
            if self.drawn is not None:
                return f"only one card is drawn a turn; play the drawn card {self.drawn} or pass"
            if not self._may_draw(hand):
                return (
                    "drawing is allowed only when no suited card can follow "
                    "(Rules.voluntary_draw is off)"
                )
            if not self._can_draw():
                return (
                    "nothing can be drawn: the stock and the pile under the top card are empty;"
                    " pass instead"
                )
            return None
        if isinstance(move, Play | Dump | PlayJoker | PlayTailor):
            return self._card_problem(move, hand)
        return f"{quote(move)} is not a Chase the Tailor move"

    def _card_problem(self, move: Play | Dump | PlayJoker | PlayTailor, hand: int) -> str | None:
        rules = self.rules
        seat = self.to_move
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
        if self.drawn is not None:
            if first != self.drawn:
                return f"after a draw only the drawn card {self.drawn} may be played"
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
        if not can_follow(first, self.top):
            return (
                f"{first} does not follow {_top_text(self.top)}: it needs the same suit, the same "
                "rank or a next-door rank"
            )
        if isinstance(move, Dump):
            return self._dump_problem(cards, hand)
        return None

    def _dump_problem(self, cards: tuple[object, ...], hand: int) -> str | None:
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
        if self.rules.dump_whole_rank:
            held = (hand & _RANK_MASKS[first.index % 13]).bit_count()
            if held != len(cards):
                return "a dump must lay every card held of its rank (Rules.dump_whole_rank)"
        return None

    # -- playing ---------------------------------------------------------------------------

    def play(self, move: Move | str) -> State:
        """The state after ``move``; this state is left unchanged.

        :param move: a move, or its written form (read by :meth:`read_move`): ``'7D'``,
            ``'dump 7S 7H'``, ``'X1 skip'``, ``'TLR QH>2'``, ``'draw'``, ``'pass'``.
        :raises NotationError: if ``move`` is a text that is no move here, quoting it.
        :raises IllegalMoveError: naming the rule broken, when the move is not legal (and
            quoting the text it was read from).

        >>> state = deal(Rules(players=3), seed=13)
        >>> after = state.play(Play.parse('7D'))
        >>> after.top, after.to_move, len(after.hands[0]), len(state.hands[0])
        (Card.parse('7D'), 1, 6, 7)
        >>> state.play('7d') == after
        True
        >>> state.play('9C')
        Traceback (most recent call last):
        ...
        cardgames.errors.IllegalMoveError: illegal move '9C': 9C is not in player 0's hand
        """
        if isinstance(move, str):
            return self._play_text(move)
        self.check(move)
        return _apply(self, move)

    def read_move(self, text: str) -> Move:
        """The move ``text`` names here. The written forms of
        :func:`~cardgames.tailor.parse_move` are read as they are; besides, cards without the
        word ``dump`` (``'7S 7H'``) are a dump. A Joker or the Tailor named alone (``'X1'``,
        ``'TLR'``) is not a move, since each is played with an effect or a call: the error
        then lists the legal moves with it. The move is not checked against the rules
        (:meth:`play` does that).

        :raises NotationError: if ``text`` is no move, quoting it.

        >>> state = deal(Rules(players=3), seed=13)
        >>> state.read_move('7s 7h')
        Dump(cards=(Card.parse('7S'), Card.parse('7H')))
        >>> state.read_move('7S 7H') == state.read_move('dump 7S 7H')
        True
        >>> state.read_move('draw')
        Draw()
        """
        if not isinstance(text, str):
            raise NotationError(f"invalid move {quote(text)}: expected a text")
        try:
            return parse_move(text)
        except NotationError as error:
            words = text.split()
            if len(words) >= 2 and all(_is_card_text(word) for word in words):
                try:
                    return parse_move("dump " + text)
                except NotationError:
                    raise error from None
            if len(words) == 1 and _is_card_text(words[0]):
                card = Card.parse(words[0])
                if card.is_special:
                    self._special_move(text, card, error)
            raise

    def _special_move(self, text: str, card: Card, error: NotationError) -> NoReturn:
        # A Joker or the Tailor named alone: never one move (a Joker has two effects, the
        # Tailor a call and a victim), so say which moves with it are legal here.
        moves = [move for move in self.legal_moves() if _first_card(move) == card]
        if not moves:
            raise error from None
        shown = ", ".join(repr(str(move)) for move in moves[:4])
        more = f" and {len(moves) - 4} more" if len(moves) > 4 else ""
        raise NotationError(
            f"incomplete move {quote(text)}: {card} is played with "
            f"{'a call and a victim' if card.is_tailor else 'its effect'}; the legal moves "
            f"with it here are {shown}{more}"
        )

    def _play_text(self, text: str) -> State:
        # play() for a move given by its written form: the error names the text as typed.
        move = self.read_move(text)
        try:
            return self.play(move)
        except IllegalMoveError as error:
            written = str(move)
            if text.strip() == written:
                raise
            raise IllegalMoveError(f"{quote(text)} is the move {written!r}: {error}") from None

    def play_out(self, players: Players, *, rng: BotRandom = None) -> State:
        """Play this round to its end with ``players``; returns the final state (this state
        is left unchanged, and a finished round is returned as it is). Every round ends
        (``Rules.max_turns`` caps it), so this always returns.

        The same call as Tarot's :meth:`cardgames.tarot.state.State.play_out`.

        :param players: one player for every seat, or a sequence of exactly one per seat.
            A player is a bot (:class:`cardgames.bots.protocol.Bot`, shown only its seat's
            :meth:`view`) or a strategy (a callable given the state, returning a move).
        :param rng: seeds the bots (a seed, a ``random.Random`` or None for a fixed default):
            the bot in seat ``s`` draws from :func:`cardgames.players.bot_rng`
            ``(base, 0, s)``, as in :func:`cardgames.tailor.play_deal`, whose final state
            this is.
        :raises RulesError: if ``players`` is not a player or a sequence of one player per
            seat, or ``rng`` is not a seed, a ``random.Random`` or None.
        :raises IllegalMoveError: if a player returns an illegal move.

        >>> from cardgames.bots import RandomBot, RuleBot
        >>> state = deal(Rules(players=3), seed=13)
        >>> final = state.play_out([RuleBot(), RandomBot(), RuleBot()], rng=1)
        >>> final.is_over, state.is_over, final.history()[0] in state.legal_moves()
        (True, False, True)
        """
        # The seating and the play loop are the core's (cardgames.players), with this game's names.
        from cardgames.tailor._seating import _play, _players

        return _play(self, _players(players, self.rules, bot_seed(rng), 0))


def _is_card_text(word: str) -> bool:
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


def _first_card(move: Move) -> Card | None:
    if isinstance(move, Play | PlayJoker):
        return move.card
    if isinstance(move, PlayTailor):
        return TAILOR
    if isinstance(move, Dump):
        return move.cards[0]
    return None


def _unpickle_state(chain: tuple[tuple[tuple[Any, ...], Move | None], ...]) -> State:
    """Rebuild a pickled state and its history (see ``State.__reduce__``)."""
    state: State | None = None
    for fields, move in chain:
        state = State._trusted(*fields, previous=state, last_move=move)
    assert state is not None
    return state


def _move_text(move: object) -> str:
    """The quoted written form of a move, or a safe repr of anything else."""
    if isinstance(move, Play | Dump | PlayJoker | PlayTailor | Draw | Pass):
        try:
            return repr(str(move))
        except Exception:  # a move whose fields were changed behind its constructor's back
            pass
    return quote(move)


class _Table:
    """Scratch copy of the changing parts of a state, used while one move is applied."""

    __slots__ = ("hands", "pile", "reshuffles", "seed", "stock")

    def __init__(self, state: State) -> None:
        self.hands = [hand.mask for hand in state.hands]
        self.pile = list(state.pile)
        self.stock = list(state.stock)
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
                self.stock = [under[i] for i in order]
                self.pile = self.pile[-1:]
            card = self.stock.pop(0)
            self.hands[seat] |= 1 << card.index
        return card


def _apply(state: State, move: Move) -> State:
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
    if isinstance(move, Draw):
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
        table.pile.extend(cards)
        if isinstance(move, Play | Dump):
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
    return State._trusted(
        rules,
        tuple(CardSet(mask) for mask in table.hands),
        tuple(table.pile),
        tuple(table.stock),
        top,
        direction,
        to_move,
        chase,
        drawn,
        passes,
        turns,
        state.seed,
        table.reshuffles,
        previous=state,
        last_move=move,
    )


def deal(
    rules: Rules,
    seed: RandomSource = 0,
    first_player: int = 0,
    deck: Deck[Card] | Sequence[Card] | None = None,
    *,
    fixed: Mapping[int, CardSet | Iterable[Card] | str] | None = None,
) -> State:
    """Shuffle (or take ``deck`` as it is), deal the hands and turn up the first card.

    Cards are dealt one at a time to seats 0, 1, ... from the top of the deck; the next card
    starts the pile and the rest is the stock. A Joker or the Tailor turned up is handled as
    ``Rules.special_start`` says; when every card left is a Joker or the Tailor, the first one
    turned stays up and anything may be played on it, even with ``special_start="bury"``.

    With ``fixed``, the pinned cards go to their seats first; the seeded shuffle of the other
    cards is then dealt one at a time round the seats as usual, passing over the hands already
    full, and the first card turned and the stock come from what is left. The same seed and
    pins always give the same deal, and ``fixed={}`` deals exactly as no pins.

    :param rules: the variant.
    :param seed: shuffles the pack (unless ``deck`` is given) and seeds every later reshuffle:
        an int from 0 to ``2**64 - 1`` (same seed, same deal everywhere), or a
        :class:`random.Random`, which is advanced by one ``getrandbits(64)`` draw that is then
        used as that int seed (so the state's ``seed`` field is always an
        int, and a generator ``rng`` deals as the int ``rng.getrandbits(64)`` would).
    :param first_player: the seat that moves first.
    :param deck: an explicit order of the 55 cards, top first.
    :param fixed: seat -> cards to put in that seat's hand (a :class:`~cardgames.cardset.CardSet`,
        an iterable of :class:`~cardgames.cards.Card`, or a string such as ``"TLR X1 QH"``); at
        most ``Rules.hand_size`` cards a seat, each card pinned at most once.
    :raises RulesError: for bad rules, seat, seed, deck or pins (naming the input), and for
        ``fixed`` together with ``deck``.

    >>> state = deal(Rules(players=2), seed=0, deck=Deck.tailor())
    >>> state.hands[0], state.top
    (CardSet.parse('AS 3S 5S 7S 9S JS KS'), Card.parse('2H'))
    >>> deal(Rules(players=6, hand_size=9), seed=0).top is None
    True
    >>> import random
    >>> deal(Rules(), seed=random.Random(3)) == deal(Rules(), seed=random.Random(3).getrandbits(64))
    True
    >>> pinned = deal(Rules(players=3), seed=5, fixed={1: 'TLR X1 QH'})
    >>> CardSet.parse('TLR X1 QH') <= pinned.hands[1], len(pinned.hands[1])
    (True, 7)
    >>> deal(Rules(players=3), seed=5, fixed={0: 'QH', 2: 'QH'})
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid fixed {0: 'QH', 2: 'QH'}: QH is pinned twice
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"invalid rules {quote(rules)}: expected a tailor.Rules")
    if isinstance(seed, random.Random):
        # One documented draw turns the generator into the int seed the State keeps for its
        # reshuffles; an int seed is used as it is, so int deals are unchanged.
        seed = seed.getrandbits(64)
    else:
        check_int(
            seed,
            "seed",
            low=0,
            high=SEED_LIMIT - 1,
            expected="an int seed from 0 to 2**64 - 1 or a random.Random",
        )
    check_seat(first_player, rules.players, "first_player")
    pins = None if fixed is None else _pins(fixed, rules)
    if deck is None:
        order = list(Deck.tailor().shuffled(seed))
    else:
        if pins is not None:
            raise RulesError(
                f"invalid fixed {quote(fixed)}: give either fixed cards or a whole deck order, "
                "not both"
            )
        if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
            raise RulesError(
                f"invalid deck {quote(deck)}: expected a sequence of the 55 cards, top first"
            )
        order = _as_cards(deck)
        if len(order) != TAILOR_PACK_SIZE or CardSet.from_cards(order).mask != _FULL_PACK:
            raise RulesError(
                f"invalid deck {quote(deck)}: expected each of the 55 cards of the pack once"
            )
    if pins is None:
        dealt, rest = Deck(order).deal(rules.players, rules.hand_size)
        masks = [hand.mask for hand in dealt]
        stock = list(rest)
    else:
        masks, stock = _deal_around(order, pins, rules)
    first = stock.pop(0)
    if rules.special_start == "bury" and any(not card.is_special for card in stock):
        while first.is_special:
            stock.append(first)
            first = stock.pop(0)
    return State(
        rules=rules,
        hands=tuple(CardSet(mask) for mask in masks),
        pile=(first,),
        stock=tuple(stock),
        top=None if first.is_special else first,
        to_move=first_player,
        seed=seed,
    )


def _card_key(card: Card) -> tuple[int, int, int]:
    return (int(card.rank or 0), int(card.suit or 0), card.index)


@attrs.frozen(repr=False)
class _StrengthKey:
    # What strength_key returns: a callable value, so that it pickles and its repr reads back.
    rules: Rules

    def __call__(self, item: Card | Move) -> tuple[int, ...]:
        if isinstance(item, Card):
            return (hand_value(item), 1, *_card_key(item))
        if isinstance(item, Pass):
            return (0, 0, 0)
        if isinstance(item, Draw):
            return (0, 0, 1)
        if isinstance(item, Play) and isinstance(item.card, Card):
            return (hand_value(item.card), 1, *_card_key(item.card))
        if isinstance(item, PlayJoker) and isinstance(item.effect, JokerEffect):
            effect = 0 if item.effect is JokerEffect.SKIP else 1
            return (hand_value(item.card), 1, *_card_key(item.card), effect)
        if (
            isinstance(item, PlayTailor)
            and isinstance(item.suit, Suit)
            and isinstance(item.rank, Rank)
            and isinstance(item.victim, int)
        ):
            call = (int(item.suit), int(item.rank), item.victim)
            return (hand_value(TAILOR), 1, *_card_key(TAILOR), *call)
        if isinstance(item, Dump) and isinstance(item.cards, tuple):
            cards = item.cards
            laid = tuple(part for card in cards for part in _card_key(card))
            return (hand_points(cards), len(cards), *laid)
        raise NotationError(
            f"invalid Chase the Tailor card or move {quote(item)}: expected a Card or a move"
        )

    def __repr__(self) -> str:
        return f"strength_key({self.rules!r})"


def strength_key(rules: Rules) -> Callable[[Card | Move], tuple[int, ...]]:
    """A sort key putting cards and moves in order of strength, weakest first:
    ``sorted(state.legal_moves(), key=strength_key(state.rules))``. The same name as in Tarot
    (:func:`cardgames.tarot.state.strength_key`).

    In a shedding game a move's strength is what it gets rid of, so the key is the
    :func:`~cardgames.tailor.hand_value` a card or move sheds:

    * a card, and the move playing it alone, by its hand value (ace 1, two to nine at face
      value, ten to King 10, Jokers 15, the Tailor 25); equal values by rank, then suit
      (spades, hearts, diamonds, clubs), then ``X1`` before ``X2``;
    * a dump by the total value of its cards, then the number of cards, then its cards in
      the order laid; a Joker move skip before reverse; Tailor moves by the card called
      (suit, then rank) and the victim;
    * ``pass`` first of all, then ``draw``: they shed nothing.

    The order is the same under every rule set (``rules`` is taken, and checked, so that the
    call is the same in both games). The key is a tuple of ints, and its repr reads back.

    :param rules: the variant (checked; the order does not depend on it).
    :raises RulesError: if ``rules`` is not a :class:`~cardgames.tailor.Rules`.

    >>> from cardgames.cards import Card
    >>> from cardgames.tailor import parse_move
    >>> key = strength_key(Rules())
    >>> cards = [Card.parse(text) for text in 'KS TH AS X1 TLR 9D JC'.split()]
    >>> [str(card) for card in sorted(cards, key=key)]
    ['AS', '9D', 'TH', 'JC', 'KS', 'X1', 'TLR']
    >>> texts = ['draw', '7S', 'dump 7S 7H', 'X1 reverse', 'X1 skip', 'TLR QH>2', 'pass', 'KH']
    >>> [str(move) for move in sorted(map(parse_move, texts), key=key)]
    ['pass', 'draw', '7S', 'KH', 'dump 7S 7H', 'X1 skip', 'X1 reverse', 'TLR QH>2']
    >>> key  # doctest: +ELLIPSIS
    strength_key(Rules(players=4, chase_mode=False, ...))
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"invalid rules {quote(rules)}: expected a tailor.Rules")
    return _StrengthKey(rules)


def _pins(fixed: object, rules: Rules) -> list[int]:
    """The mask of pinned cards for every seat, after checking ``fixed``."""
    if not isinstance(fixed, Mapping):
        raise RulesError(
            f"invalid fixed {quote(fixed)}: expected a mapping of seats to cards, such as "
            "{0: 'TLR X1'}"
        )
    if len(fixed) > rules.players:
        raise RulesError(
            f"invalid fixed {quote(fixed)}: more seats than the {rules.players} players"
        )
    masks = [0] * rules.players
    pinned = 0
    for seat, cards in fixed.items():
        check_seat(seat, rules.players, "fixed seat")
        mask = 0
        for card in _pinned_cards(cards, fixed):
            bit = 1 << card.index
            if (mask | pinned) & bit:
                raise RulesError(f"invalid fixed {quote(fixed)}: {card} is pinned twice")
            mask |= bit
        if mask.bit_count() > rules.hand_size:
            raise RulesError(
                f"invalid fixed {quote(fixed)}: {mask.bit_count()} cards for seat {seat}, more "
                f"than the hand size ({rules.hand_size})"
            )
        masks[seat] = mask
        pinned |= mask
    return masks


def _pinned_cards(cards: object, fixed: object) -> tuple[Card, ...]:
    """The cards of one seat's pin: a card set, a string in card-set notation, or cards."""
    if isinstance(cards, CardSet):
        return tuple(cards)
    if isinstance(cards, str):
        try:
            return tuple(CardSet.parse(cards))
        except NotationError as error:
            raise RulesError(f"invalid fixed {quote(fixed)}: {error}") from None
    if isinstance(cards, bytes | Mapping) or not isinstance(cards, Iterable):
        raise RulesError(
            f"invalid fixed {quote(fixed)}: the cards of a seat must be a CardSet, cards or a "
            f"string such as 'TLR X1', not {quote(cards)}"
        )
    result = as_tuple(cards, "fixed cards", limit=TAILOR_PACK_SIZE)
    for card in result:
        if not isinstance(card, Card):
            raise RulesError(
                f"invalid fixed {quote(fixed)}: {quote(card)} is not a card of the 55-card pack"
            )
    return result


def _deal_around(order: list[Card], pins: list[int], rules: Rules) -> tuple[list[int], list[Card]]:
    """Deal the unpinned cards of ``order`` one at a time round the seats, passing over full
    hands; the hand masks and the undealt rest, in order."""
    pinned = 0
    for mask in pins:
        pinned |= mask
    rest = [card for card in order if not pinned >> card.index & 1]
    masks = list(pins)
    wanted = rules.hand_size * rules.players - pinned.bit_count()
    position = 0
    while position < wanted:
        for seat in range(rules.players):
            if masks[seat].bit_count() < rules.hand_size:
                masks[seat] |= 1 << rest[position].index
                position += 1
    return masks, rest[position:]


def _as_cards(cards: Iterable[object]) -> list[Card]:
    result = []
    for card in cards:
        if not isinstance(card, Card):
            raise RulesError(f"invalid deck: {quote(card)} is not a card of the 55-card pack")
        result.append(card)
    return result
