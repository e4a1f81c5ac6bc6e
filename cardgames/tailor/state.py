"""The immutable state of a Chase the Tailor round: its fields, the way back to earlier states,
the queries, and play, which calls the rules of a turn.

A :class:`~cardgames.tailor.State` is immutable: :meth:`~cardgames.tailor.State.play` returns
the next state and leaves the old one as it was. Every random event after the deal (the
reshuffles of the pile into a new stock) uses a seed derived from the state's ``seed`` and
``reshuffles`` fields, so a state determines its whole future given the moves. The rules of a
turn are in :mod:`cardgames.tailor.turns`, the checks of a position in
``cardgames.tailor._validate``, the deal in ``cardgames.tailor.deal`` and the pickled form
in ``cardgames.tailor._codec``.

>>> from cardgames.tailor import deal
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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from cardgames.cards import TAILOR, Card, Rank, Suit
from cardgames.cardset import CardSet
from cardgames.errors import CardgamesError, IllegalMoveError, NotationError, RulesError
from cardgames.players import BotRandom, bot_seed
from cardgames.tailor._codec import (
    position_fields,
    state_chain,
    state_fields,
    state_history,
    state_key,
)
from cardgames.tailor._position_text import read_position, write_position
from cardgames.tailor._validate import check_state, hands_tuple, pile_tuple, stock_tuple
from cardgames.tailor.moves import (
    Draw,
    Dump,
    JokerEffect,
    Move,
    Pass,
    Play,
    PlayJoker,
    PlayTailor,
    read_move,
)
from cardgames.tailor.rules import Call, Rules, hand_points, hand_value
from cardgames.tailor.turns import (
    apply_move,
    legal_moves,
    move_problem,
    move_text,
    play_text,
    round_over,
    trusted_state,
)
from cardgames.validation import quote, strict_arguments

if TYPE_CHECKING:
    from cardgames.svg import SvgImage
    from cardgames.tailor.match import Players
    from cardgames.tailor.view import View

__all__ = ["State", "strength_key"]


class _Link:
    """The way back from a state: the state before it and the move between them.

    Kept in slots outside the attrs fields, so that equality, hashing, :meth:`State.key`, the
    constructor and the notation see only the position.
    """

    __slots__ = ("_last_move", "_legal", "_previous")

    _previous: State | None
    _last_move: Move | None
    _legal: tuple[Move, ...] | None  # the moves legal_moves() handed out, known legal


@strict_arguments
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

    >>> from cardgames.tailor import deal
    >>> state = deal(Rules(players=2), seed=4)
    >>> attrs.evolve(state, to_move=True)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid to_move True: expected an int from 0 to 1
    """

    rules: Rules
    hands: tuple[CardSet, ...] = attrs.field(converter=hands_tuple)
    pile: tuple[Card, ...] = attrs.field(converter=pile_tuple)
    stock: tuple[Card, ...] = attrs.field(converter=stock_tuple)
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
        check_state(self)
        object.__setattr__(self, "_previous", None)
        object.__setattr__(self, "_last_move", None)
        object.__setattr__(self, "_legal", None)

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
        # built by the rules' compiled module, which makes one at every move
        position = (rules, hands, pile, stock, top, direction, to_move, chase_active, drawn)
        counts = (passes, turns, seed, reshuffles)
        return trusted_state(cls, *position, *counts, previous, last_move)

    def _fields(self) -> tuple[object, ...]:
        """The constructor's arguments, in the order :meth:`_trusted` takes them."""
        return state_fields(self)

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as a flat list, oldest state first (see cardgames.tailor._codec).
        return (_unpickle_state, (state_chain(self),))

    # -- the way back ----------------------------------------------------------------------

    @property
    def previous(self) -> State | None:
        """The state before the last move, or None for a state that was not reached by
        :meth:`play` (a fresh deal, or a position parsed or built by hand).

        >>> from cardgames.tailor import deal
        >>> state = deal(Rules(players=3), seed=13)
        >>> state.previous is None, state.play(Play.parse('7D')).previous is state
        (True, True)
        """
        return self._previous

    def history(self) -> tuple[Move, ...]:
        """Every move played to reach this state, in order, from the deal (or from the
        position built by hand that play started from); ``()`` when there is none.

        Replaying the moves on the first state of the chain gives this state again.

        >>> from cardgames.tailor import deal
        >>> state = deal(Rules(players=3), seed=13)
        >>> after = state.play(Play.parse('7D')).play(Play.parse('7H'))
        >>> [str(move) for move in after.history()], state.history()
        (['7D', '7H'], ())
        """
        return state_history(self)

    # -- reading the position --------------------------------------------------------------

    @property
    def winner(self) -> int | None:
        """The seat that went out (emptied their hand), or None.

        >>> from cardgames.tailor import deal
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

        >>> from cardgames.tailor import deal
        >>> deal(Rules()).is_stalemate
        False
        """
        return self.winner is None and (
            self.passes >= self.rules.players or self.turns >= self.rules.max_turns
        )

    @property
    def is_over(self) -> bool:
        """True once the round has ended (someone went out, or a stalemate).

        >>> from cardgames.tailor import deal
        >>> deal(Rules()).is_over
        False
        """
        return round_over(self)  # winner or is_stalemate, worked out in the compiled rules

    @property
    def top_card(self) -> Card:
        """The card showing on the pile (may be a Joker or the Tailor, unlike ``top``).

        >>> from cardgames.tailor import deal
        >>> deal(Rules(players=3), seed=13).top_card
        Card.parse('AD')
        """
        return self.pile[-1]

    def payoffs(self) -> tuple[int, ...]:
        """Each seat's score for the round: 0 for whoever went out, minus the value of the
        cards still held (see :func:`~cardgames.tailor.hand_points`) for everyone else.

        After a stalemate everyone scores minus their hand. Before the end this is what the
        scores would be if the round stopped now.

        >>> from cardgames.tailor import deal
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

        >>> from cardgames.tailor import deal
        >>> state = deal(Rules(), seed=5)
        >>> state.key() == deal(Rules(), seed=5).key(), hash(state.key()) == hash(state.key())
        (True, True)
        """
        return state_key(self)

    # -- notation --------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> State:
        """Read a position in the notation of :mod:`cardgames.tailor.notation`; the result is
        checked for consistency and has no history.

        :raises NotationError: if a section is missing or unreadable, or the position is
            impossible (cards missing or repeated, a seat or count out of range, a drawn card
            that cannot be played, ...: every check of the constructor). Numbers are whole
            numbers of at most 20 digits, so that every seed fits.

        >>> from cardgames.tailor import deal
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
        return write_position(position_fields(self))

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

        >>> from cardgames.tailor import deal
        >>> state = deal(Rules(players=3), seed=2)
        >>> state.view(1).hand == state.hands[1], state.view(1).stock_size == len(state.stock)
        (True, True)
        """
        from cardgames.tailor.view import view_of

        return view_of(self, seat)

    # -- the rules of a turn ---------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a fixed order.

        The order: single suited plays (by card), dumps (sorted by their cards' indices, so a
        dump's shorter beginning comes before it), Joker moves (``X1`` then ``X2``, skip before
        reverse), Tailor moves (calls by card order, then victims by seat), then ``draw`` or
        ``pass``. Right after a draw only the moves with the drawn card are listed, followed by
        ``pass`` when the drawn card need not be played.

        >>> from cardgames.tailor import deal
        >>> state = deal(Rules(players=2), seed=7)
        >>> state.top, [str(move) for move in state.legal_moves()][:4]
        (Card.parse('8D'), ['9S', '6D', 'JD', '9C'])
        """
        moves = legal_moves(self)
        object.__setattr__(self, "_legal", moves)
        return moves

    def check(self, move: Move) -> None:
        """Raise if ``move`` is illegal here, naming the rule it breaks.

        :raises IllegalMoveError: with the move and the rule.

        >>> from cardgames.tailor import deal
        >>> state = deal(Rules(players=3), seed=13)
        >>> state.check(Play(Card.parse('9C')))
        Traceback (most recent call last):
        ...
        cardgames.errors.IllegalMoveError: illegal move '9C': 9C is not in player 0's hand
        """
        problem = move_problem(self, move)
        if problem is not None:
            raise IllegalMoveError(f"illegal move {move_text(move)}: {problem}")

    def is_legal(self, move: Move) -> bool:
        """True when :meth:`check` accepts ``move``.

        >>> from cardgames.tailor import deal
        >>> state = deal(Rules(players=3), seed=13)
        >>> state.is_legal(Play(Card.parse('7D'))), state.is_legal(Draw())
        (True, False)
        """
        return move_problem(self, move) is None

    # -- playing ---------------------------------------------------------------------------

    def play(self, move: Move | str) -> State:
        """The state after ``move``; this state is left unchanged.

        :param move: a move, or its written form (read by :meth:`read_move`): ``'7D'``,
            ``'dump 7S 7H'``, ``'X1 skip'``, ``'TLR QH>2'``, ``'draw'``, ``'pass'``.
        :raises NotationError: if ``move`` is a text that is no move here, quoting it.
        :raises IllegalMoveError: naming the rule broken, when the move is not legal (and
            quoting the text it was read from).

        >>> from cardgames.tailor import deal
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
            return play_text(self, move)
        # A move object legal_moves() handed out is legal; any other is checked (check(),
        # without its call: play is made at every move of a bot's play-out).
        for known in self._legal or ():
            if known is move:
                return apply_move(self, move)
        problem = move_problem(self, move)
        if problem is not None:
            raise IllegalMoveError(f"illegal move {move_text(move)}: {problem}")
        return apply_move(self, move)

    def read_move(self, text: str) -> Move:
        """The move ``text`` names here. The written forms of
        :func:`~cardgames.tailor.parse_move` are read as they are; besides, cards without the
        word ``dump`` (``'7S 7H'``) are a dump. A Joker or the Tailor named alone (``'X1'``,
        ``'TLR'``) is not a move, since each is played with an effect or a call: the error
        then lists the legal moves with it. The move is not checked against the rules
        (:meth:`play` does that).

        :raises NotationError: if ``text`` is no move, quoting it.

        >>> from cardgames.tailor import deal
        >>> state = deal(Rules(players=3), seed=13)
        >>> state.read_move('7s 7h')
        Dump(cards=(Card.parse('7S'), Card.parse('7H')))
        >>> state.read_move('7S 7H') == state.read_move('dump 7S 7H')
        True
        >>> state.read_move('draw')
        Draw()
        """
        return read_move(self, text)

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

        >>> from cardgames.tailor import deal
        >>> from cardgames.bots import RandomBot, RuleBot
        >>> state = deal(Rules(players=3), seed=13)
        >>> final = state.play_out([RuleBot(), RandomBot(), RuleBot()], rng=1)
        >>> final.is_over, state.is_over, final.history()[0] in state.legal_moves()
        (True, False, True)
        """
        # The seating and the play loop are the core's (cardgames.players), with this game's names.
        from cardgames.tailor._seating import _play, _players

        return _play(self, _players(players, self.rules, bot_seed(rng), 0))


def _unpickle_state(chain: tuple[tuple[tuple[Any, ...], Move | None], ...]) -> State:
    """Rebuild a pickled state and its history (see ``State.__reduce__``)."""
    state: State | None = None
    for fields, move in chain:
        state = State._trusted(*fields, previous=state, last_move=move)
    assert state is not None
    return state


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
