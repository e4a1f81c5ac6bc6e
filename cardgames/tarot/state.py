"""A deal of Tarot as an immutable state machine: :class:`State` (a position: the discard
phase, then the play), with :class:`~cardgames.tarot.deal.Deal` (who was dealt what),
:class:`~cardgames.tarot.moves.Move` and :class:`~cardgames.tarot.moves.Trick` imported here
from their modules.

A deal starts in the :attr:`Phase.DISCARD` phase when the rules have a talon: the dealer has
taken the talon into hand and discards as many cards, one
:class:`~cardgames.tarot.moves.Move` at a time. Then comes :attr:`Phase.PLAY`, one card per
move, until every hand is empty (:attr:`Phase.OVER`).

Under French rules (``bidding``) the deal opens with
:attr:`Phase.BIDDING` instead, then (at five players) :attr:`Phase.CALL`, the taker's discard
after a prise or a garde, and :attr:`Phase.ANNOUNCE` before the play; the moves of those
phases are the :mod:`cardgames.tarot.contracts` classes, and
:data:`cardgames.tarot.contracts.AnyMove` is any move.

>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.simplified(players=4), seed=7, dealer=0)
>>> state.phase, state.to_move, len(state.hands[0])
(<Phase.DISCARD: 'discard'>, 0, 21)
>>> while not state.is_over:
...     state = state.play(state.legal_moves()[0])
>>> sum(state.points()), sum(state.payoffs())
(Fraction(78, 1), Fraction(0, 1))
"""

from __future__ import annotations

import copyreg
import enum
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.cardset import iter_bits
from cardgames.deck import Deck, RandomSource
from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.players import BotRandom, bot_seed
from cardgames.tarot import history as history_of
from cardgames.tarot import phases
from cardgames.tarot import points as points_of
from cardgames.tarot._codec import (
    _card_sets,
    _rules_of,
    _trick_code,
    check_fields,
    contract_values,
    deal_fields,
    state_fields,
    state_key,
)
from cardgames.tarot._notation import (
    read_position,
)
from cardgames.tarot._validate import (
    check_move,
    position_problem,
)
from cardgames.tarot.cards import (
    TarotCard,
    TarotCardSet,
)
from cardgames.tarot.contracts import (
    Announcement,
    AnyMove,
    Bid,
    Call,
    Contract,
    Declaration,
    Poignee,
    _read_card_moves_with,
    bidder,
    highest_contract,
    is_void,
    taker_of,
)
from cardgames.tarot.deal import CardsLike, Deal, FixedCards, _hands, _start_with
from cardgames.tarot.moves import MOVES as _MOVES
from cardgames.tarot.moves import Move, Trick, make_trick, tricks_of, tricks_of_codes
from cardgames.tarot.phases import (
    opening,
    poignee_shown,
)
from cardgames.tarot.play import (
    STRENGTHS,
)
from cardgames.tarot.rules import Rules, _check_rules
from cardgames.tarot.scoring import Score
from cardgames.tarot.tricks import legal_mask, play_card
from cardgames.validation import as_tuple, check_seat, quote, strict_arguments

if TYPE_CHECKING:
    from cardgames.svg import SvgImage
    from cardgames.tarot.game import Players
    from cardgames.tarot.view import View

__all__ = [
    "DEAL_PACKET",
    "AnyMove",
    "CardsLike",
    "Deal",
    "FixedCards",
    "Move",
    "Phase",
    "State",
    "Trick",
    "deal",
    "strength_key",
]

DEAL_PACKET: Final = 5
"""Cards given to a player at a time when dealing from a deck under the simplified and the
traditional rules (see :meth:`~cardgames.tarot.deal.Deal.from_deck` and
``deal_packet``)."""


@enum.unique
class Phase(enum.Enum):
    """Where a deal stands."""

    BIDDING = "bidding"
    """French rules: each seat in turn passes or bids a higher contract (one
    :class:`cardgames.tarot.contracts.Bid`
    per move)."""
    CALL = "call"
    """French rules at five players: the taker calls the card of the partner (a
    :class:`cardgames.tarot.contracts.Call`)."""
    DISCARD = "discard"
    """The dealer (under French rules, the taker of a prise or a garde), holding the talon,
    discards one card per move."""
    ANNOUNCE = "announce"
    """French rules: the taker announces a slam or not (an
    :class:`cardgames.tarot.contracts.Announcement`)."""
    PLAY = "play"
    """Tricks are being played, one card per move."""
    OVER = "over"
    """Every card has been played."""


_read_card_moves_with(Move.parse)
_PHASE_MOVES: Final[dict[Phase, type]] = {
    Phase.BIDDING: Bid,
    Phase.CALL: Call,
    Phase.DISCARD: Move,
    Phase.ANNOUNCE: Announcement,
    Phase.PLAY: Move,
}


def _won(sets: Sequence[TarotCardSet]) -> tuple[TarotCardSet, ...]:
    return as_tuple(sets, "Tarot won piles")


def _tricks(tricks: Sequence[Trick]) -> tuple[Trick, ...]:
    return as_tuple(tricks, "Tarot tricks")


def _bids(bids: Sequence[Bid]) -> tuple[Bid, ...]:
    return as_tuple(bids, "Tarot bids")


def _poignees(poignees: Sequence[tuple[int, Poignee]]) -> tuple[tuple[int, Poignee], ...]:
    pairs = as_tuple(poignees, "Tarot poignees")
    return tuple(as_tuple(pair, "Tarot poignee") for pair in pairs)


@strict_arguments
@attrs.frozen(kw_only=True, repr=False)
class State:
    """A position in a deal of Tarot. Immutable: :meth:`play` returns a new state.

    Build one with :func:`deal`, :meth:`from_deal`, :meth:`~cardgames.tarot.deal.Deal.start`
    or :meth:`parse`.

    :param initial: the deal this state comes from.
    :param phase: discard, play or over.
    :param to_move: the seat to move (the dealer while discarding; in play the seat after the
        last card of the trick in progress). Once the deal is over it is the winner of the last
        trick.
    :param hands: each seat's hand.
    :param discard: the cards the dealer has discarded so far (at most ``talon_size``).
    :param trick: the trick in progress (its ``leader`` is set even before the lead).
    :param tricks: the completed tricks, in order: ``players`` cards and a winner each. The deal
        is over once every hand is empty.
    :param won: each seat's won cards so far, with the Excuse kept by the player who played it
        (the end-of-deal settlement of the Excuse is applied only by :meth:`piles`).
    :param trumps_played: whether any trump has been played in this deal.
    :param excuse_trick: the position in ``tricks`` of the completed trick the Excuse was
        played to, if any.
    :param bids: French rules: the bids made so far, in order from the first bidder (the seat
        after the dealer); one per seat once the bidding is over.
    :param called: French rules at five players: the card the taker called, once called.
    :param slam_announced: French rules: whether the taker announced a slam (None until the
        announcement).
    :param poignees: French rules: the poignées declared so far, as ``(seat, Poignee)`` pairs in
        the order declared.
    :raises RulesError: if a field is of the wrong type (collections may be any sequence and
        are kept as tuples), a seat is not a seat of the table (never a bool), or the fields
        contradict each other as described above. The hands are not compared with the
        deal, so that made-up positions can be built for analysis; but they must be a
        position the deal can be played on from to its end: no card in two places (hands,
        discard, trick in progress, won piles and completed tricks), in play every seat that
        has played to the trick one card fewer than the others (who hold at least one), and
        while discarding the dealer as many more cards than the others as are still to
        discard, enough of them discardable. So a state that is not over always has a legal
        move.
    """

    initial: Deal
    phase: Phase
    to_move: int
    hands: tuple[TarotCardSet, ...] = attrs.field(converter=_hands)
    discard: TarotCardSet = attrs.field(factory=TarotCardSet)
    trick: Trick
    tricks: tuple[Trick, ...] = attrs.field(default=(), converter=_tricks)
    won: tuple[TarotCardSet, ...] = attrs.field(converter=_won)
    trumps_played: bool = False
    excuse_trick: int | None = None
    bids: tuple[Bid, ...] = attrs.field(default=(), converter=_bids)
    called: TarotCard | None = None
    slam_announced: bool | None = None
    poignees: tuple[tuple[int, Poignee], ...] = attrs.field(default=(), converter=_poignees)

    def __attrs_post_init__(self) -> None:
        problem = position_problem(self, (Deal, Phase, Trick))
        if problem is not None:
            raise RulesError(f"invalid Tarot state: {problem}")

    def _bidder(self, number: int) -> int:
        return bidder(self.rules, self.initial.dealer, number)

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        hands: Sequence[TarotCardSet],
        talon: TarotCardSet,
        dealer: int = 0,
    ) -> State:
        """The start of a deal with these hands (by seat) and talon: the dealer takes the talon
        into hand and the discard phase begins (straight to play when there is no talon).

        :raises RulesError: if the arguments are of the wrong type, the dealer is not a seat, or
            the hands and talon do not fit the rules (an example:
            ``cardgames.tarot.phases.opening``).
        """
        initial = Deal(rules=rules, dealer=dealer, hands=hands, talon=talon)
        phase, to_move, held = opening(rules, dealer, initial.hands, talon, Phase)
        return cls(
            initial=initial,
            phase=phase,
            to_move=to_move,
            hands=held,
            trick=Trick(leader=rules.first_leader(dealer)),
            won=(TarotCardSet(),) * rules.players,
        )

    @classmethod
    def from_deck(cls, rules: Rules, deck: Deck[Any], dealer: int = 0) -> State:
        """Deal ``deck`` as :meth:`~cardgames.tarot.deal.Deal.from_deck` does and start the deal."""
        return Deal.from_deck(rules, deck, dealer).start()

    @classmethod
    def parse(cls, text: str) -> State:
        """Read a position in the notation of :mod:`cardgames.tarot.notation` (a bare deal is
        the position at its start), replaying the discard (in card order) and the play from
        the deal to rebuild the state.

        :raises NotationError: if the text is not a valid position, including any illegal move.
        """
        parts = read_position(text)
        start = Deal._from_parts(text, parts[0]).start()
        return history_of.replay(text, start, parts, _MOVES)

    def position(self) -> str:
        """This position in the notation of :mod:`cardgames.tarot.notation` (also ``str``)."""
        return history_of.position(self, _MOVES)

    def __str__(self) -> str:
        return self.position()

    def __repr__(self) -> str:
        return f"State.parse({self.position()!r})"

    def __reduce__(self) -> tuple[Callable[..., State], tuple[object, ...]]:
        # A batch sends states by the thousand: masks, ints and bytes (see tarot._codec).
        return (_unpickle_state, state_fields(self, _PHASE_CODES[self.phase]))

    def to_unicode(self) -> str:
        """The table as text: each seat's hand, the trick in progress and the points so far
        (see :func:`cardgames.tarot.render.state_to_unicode`); ``str()`` stays the notation."""
        from cardgames.tarot.render import state_to_unicode

        return state_to_unicode(self)

    def _repr_html_(self) -> str:
        from cardgames.tarot.render import state_to_html

        return state_to_html(self)

    def to_svg(self, *, width: int = 40, per_row: int = 13) -> SvgImage:
        """The table as an SVG picture, the seats round it (see :func:`cardgames.svg.table`,
        which calls this, and :func:`cardgames.tarot.render.state_to_svg`, which draws it)."""
        from cardgames.tarot.render import state_to_svg

        return state_to_svg(self, width=width, per_row=per_row)

    def view(self, seat: int) -> View:
        """What ``seat`` knows of this deal (see :class:`cardgames.tarot.view.View`): its own hand,
        everything played, the hand sizes and what play has revealed, never the hidden cards.

        >>> from cardgames.tarot import Rules, deal
        >>> state = deal(Rules.traditional(players=3), seed=2)
        >>> state.view(1).hand == state.hands[1], state.view(1).hand_sizes
        (True, (28, 25, 25))
        """
        from cardgames.tarot.view import view_of

        return view_of(self, seat)

    # -- simple views ----------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of this deal."""
        return self.initial.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.initial.dealer

    @property
    def is_over(self) -> bool:
        """True once every card has been played."""
        return self.phase is Phase.OVER

    @property
    def discard_remaining(self) -> int:
        """How many cards the dealer (the French taker) still has to discard: 0 once the
        discard is made, and under French rules whenever the contract has no discard."""
        return phases.discard_remaining(self)

    # -- French contracts --------------------------------------------------------------------

    @property
    def contract(self) -> Contract | None:
        """French rules: the highest contract bid so far (the taker's once the bidding is
        over), or None."""
        return highest_contract(self.bids)

    @property
    def taker(self) -> int | None:
        """French rules: the seat of the highest bid once every seat has bid, else None (and
        None for a void deal, where everyone passed)."""
        return taker_of(self.rules, self.initial.dealer, self.bids)

    @property
    def is_void(self) -> bool:
        """French rules: True once every seat has passed (the deal is over, and scores 0)."""
        return is_void(self.rules, self.bids)

    @property
    def partner(self) -> int | None:
        """French rules at five players: the holder of the called card (perfect information:
        a seat's view does not tell it), or None before the call and when the taker plays
        alone (the taker holds the card, or it is in the dog)."""
        return phases.partner(self)

    @property
    def discarder(self) -> int:
        """Who takes the talon and discards: the dealer, or under French rules the taker."""
        taker = self.taker if self.rules.bidding else None
        return self.initial.dealer if taker is None else taker

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides that score together: under French rules, once the taker is known, the
        attack (the taker and any partner) then the defence; otherwise ``rules.teams``."""
        return phases.teams(self)

    def team_of(self, seat: int) -> int:
        """The position in :attr:`teams` of the side of ``seat``.

        :raises RulesError: if ``seat`` is not a seat of the table.
        """
        return phases.team_of(self, seat)

    def poignee_cards(self, seat: int) -> TarotCardSet:
        """The trumps ``seat`` showed with its poignée (empty if it declared none), as
        ``cardgames.tarot.phases.poignee_shown`` finds them.

        :raises RulesError: if ``seat`` is not a seat of the table.
        """
        check_seat(seat, self.rules.players, "seat")
        return TarotCardSet(poignee_shown(self, seat))

    def target(self) -> int | None:
        """French rules: the card points the taker's side needs for the bouts it holds now
        (its won cards, the dog when it counts for it, and its hands), or None before there
        is a taker. Once the deal is over that is the deal's target (see :meth:`score`)."""
        return points_of.taker_target(self)

    def _attack_cards(self, *, held: bool) -> int:
        # Every card counting for the attack now (see points.attack_cards).
        return points_of.attack_cards(self, held=held)

    def score(self) -> Score | None:
        """French rules: the score of the finished deal (see
        :class:`cardgames.tarot.scoring.Score`): contract, bouts, points, target, margin,
        petit au bout, poignées, slam, multiplier and each seat's payoff; None before the end
        of the deal, for a void deal, and under the other rules.
        """
        return points_of.score(self)

    def history(self) -> tuple[AnyMove, ...]:
        """The moves that lead from the start of the deal to this state: under French rules
        the bids and the call first; the discard (in card order, which is always a legal
        order); the announcement; then every card played, each poignée just before its
        declarer's first card."""
        return history_of.history(self, _MOVES)

    @property
    def previous(self) -> State | None:
        """The state before the last move of :meth:`history`, or None at the start of the deal
        and for a position that no play from its deal reaches (one made up for analysis).
        Worked out by replaying the deal (see ``cardgames.tarot.history.previous``)."""
        return history_of.previous(self)

    def _is_played(self) -> bool:
        return history_of.is_played(self)

    def key(self) -> tuple[Any, ...]:
        """A cheap hashable summary: two states of the same deal with equal keys have the same
        legal moves now and the same points after the same continuation. It leaves out the
        order of past tricks."""
        return state_key(self)

    # -- moves -----------------------------------------------------------------------------

    def legal_moves(self) -> tuple[AnyMove, ...]:
        """Every legal move, in the order of
        ``cardgames.tarot.phases.legal_moves``; empty once the deal is over."""
        return phases.legal_moves(self, Phase)

    def legal_card_moves(self) -> tuple[Move, ...]:
        """The card moves of :meth:`legal_moves` (discards or cards to play), typed as
        :class:`~cardgames.tarot.moves.Move`: empty in the bidding, call and announcement
        phases, and without the poignées a seat may declare in play."""
        return tuple(_MOVES[index] for index in iter_bits(legal_mask(self, Phase)))

    def check(self, move: AnyMove) -> None:
        """Raise if ``move`` is illegal here; the one check used by :meth:`play` and
        :meth:`is_legal`.

        :raises IllegalMoveError: naming the rule broken.
        """
        check_move(self, move, Phase, _PHASE_MOVES)

    def is_legal(self, move: AnyMove) -> bool:
        """Whether :meth:`play` would accept ``move``."""
        try:
            self.check(move)
        except IllegalMoveError:
            return False
        return True

    def play(self, move: AnyMove | str) -> State:
        """The state after ``move``; this state is left unchanged.

        :param move: a move, or its written form (read by :meth:`read_move`): ``'2S'``,
            ``'garde'``, ``'KH'`` or ``'call-KH'`` when calling, ``'slam'``, ...
        :raises NotationError: if ``move`` is a text that is no move, quoting it.
        :raises IllegalMoveError: if the move is illegal, naming the rule broken (and quoting
            the text it was read from).

        >>> from cardgames.tarot import Rules, deal
        >>> state = deal(Rules.traditional(players=3), seed=7)
        >>> state.play('2s') == state.play(Move.parse('2S'))
        True
        >>> state.play('KS')
        Traceback (most recent call last):
        ...
        cardgames.errors.IllegalMoveError: illegal move 'KS': player 0 may not discard it: ...
        """
        if isinstance(move, str):
            return history_of.play_text(self, move)
        self.check(move)
        if not isinstance(move, Move):
            return self._evolve(**phases.contract_move_changes(self, move, Phase))
        return play_card(self, move.card, Phase, make_trick)

    def read_move(self, text: str) -> AnyMove:
        """The move ``text`` names here, read as :func:`cardgames.tarot.contracts.parse_move`
        reads it, except that in the call phase a bare card (``'KH'``) is the call of that
        card. The move is not checked against the rules (:meth:`play` does that).

        :raises NotationError: if ``text`` is no move, quoting it (examples:
            ``cardgames.tarot.history.read_move``).
        """
        return history_of.read_move(self, text, Phase.CALL)

    def play_out(self, players: Players, *, rng: BotRandom = None) -> State:
        """Play this deal to its end with ``players``; returns the final state (this state
        is left unchanged, and a finished deal is returned as it is).

        The same call as Chase the Tailor's :meth:`cardgames.tailor.State.play_out`.

        :param players: one player for every seat, or a sequence of exactly one per seat.
            A player is a bot (:class:`cardgames.bots.protocol.Bot`, shown only its seat's
            :meth:`view`) or a strategy (a callable given the state, returning a move).
        :param rng: seeds the bots (a seed, a ``random.Random`` or None for a fixed default):
            the bot in seat ``s`` draws from :func:`cardgames.players.bot_rng`
            ``(base, 0, s)``, as in :func:`cardgames.tarot.game.play_deal`, whose final
            state this is.
        :raises RulesError: if ``players`` is not a player or a sequence of one player per
            seat, or ``rng`` is not a seed, a ``random.Random`` or None.
        :raises IllegalMoveError: if a player returns an illegal move.

        >>> from cardgames.bots import RandomBot, RuleBot
        >>> from cardgames.tarot import Rules, deal
        >>> state = deal(Rules.french(players=4), seed=2)
        >>> final = state.play_out(RuleBot(), rng=1)
        >>> final.is_over, final.taker, final.contract, state.is_over
        (True, 0, <Contract.GARDE: 'garde'>, False)
        >>> final == state.play_out([RuleBot(), RuleBot(), RuleBot(), RuleBot()], rng=1)
        True
        """
        # The seating and the play loop are the core's (cardgames.players), with Tarot's names.
        from cardgames.tarot._seating import _play, _players

        return _play(self, _players(players, self.rules, bot_seed(rng), 0))

    def _evolve(self, **changes: Any) -> State:
        # attrs.evolve without the constructor's checks, for the states play() makes from a
        # checked one by a legal move: the checks would cost more than the move itself.
        state = object.__new__(State)
        for name in _STATE_FIELDS:
            value = changes[name] if name in changes else getattr(self, name)
            object.__setattr__(state, name, value)
        return state

    # -- scoring ---------------------------------------------------------------------------

    def piles(self) -> tuple[TarotCardSet, ...]:
        """Each seat's counted cards from tricks (the discard is not included), the Excuse
        settled once the deal is over (see ``cardgames.tarot.points.piles``)."""
        return points_of.piles(self)

    def team_points(self) -> tuple[Fraction, ...]:
        """Counted points of each side of ``rules.teams`` (one per seat without partnerships):
        the side's piles, the discard for the dealer's side, and the Magician bonus if earned;
        final once the deal is over (see ``cardgames.tarot.points.team_points``)."""
        return points_of.team_points(self)

    def points(self) -> tuple[Fraction, ...]:
        """Counted points per seat; partners both get their side's total (see
        :meth:`team_points`, and an example at ``cardgames.tarot.points.points``)."""
        return points_of.points(self)

    def payoffs(self) -> tuple[Fraction, ...]:
        """Each seat's points minus the average: the total divided among the sides (the
        players, or the two partnerships). Partners both get their side's payoff; the payoffs
        of the sides sum to zero. Under French rules, the contract's score instead (see
        ``cardgames.tarot.points.payoffs``)."""
        return points_of.payoffs(self)


_STATE_FIELDS: Final = tuple(field.name for field in attrs.fields(State))


def deal(
    rules: Rules, seed: RandomSource, dealer: int = 0, *, fixed: FixedCards | None = None
) -> State:
    """Shuffle with ``seed``, deal (see :meth:`~cardgames.tarot.deal.Deal.from_deck`) and
    return the starting state; with ``fixed``, chosen cards are pinned to their seats (or the
    talon) and only the rest is dealt from the seed (see :meth:`~cardgames.tarot.deal.Deal.random`).

    :param rules: the rules.
    :param seed: an int from 0 to ``2**64 - 1`` (same seed, same deal everywhere) or a
        ``random.Random``, which is advanced.
    :param dealer: the dealer's seat, an int (never a bool).
    :param fixed: a mapping from seat (or ``"talon"``) to the cards pinned there: a
        :class:`cardgames.tarot.cards.TarotCardSet`, an iterable of
        :class:`cardgames.tarot.cards.TarotCard`, or a text such as ``'KS 21T EX'``.
    :raises RulesError: if the rules are not a :class:`cardgames.tarot.rules.Rules`, the dealer is
        not a seat, the seed is not one (a negative seed is refused rather than folded onto
        its absolute value), or ``fixed`` is not valid (a key that is not a seat, a card
        given twice, more cards than a hand holds).

    >>> from cardgames.tarot import Rules
    >>> state = deal(Rules.simplified(players=3), seed=1, dealer=2)
    >>> state.phase.value, state.to_move, [len(hand) for hand in state.hands]
    ('play', 0, [26, 26, 26])
    >>> pinned = deal(Rules.simplified(players=3), seed=1, fixed={1: 'KS KH KD KC'})
    >>> [card for card in pinned.hands[1] if card.rank == 14]
    [TarotCard.parse('KS'), TarotCard.parse('KH'), TarotCard.parse('KD'), TarotCard.parse('KC')]
    """
    return Deal.random(rules, seed, dealer, fixed=fixed).start()


_BID_KIND: Final = 0
_CALL_KIND: Final = 1
_ANNOUNCE_KIND: Final = 2
_CARD_KIND: Final = 3
_DECLARE_KIND: Final = 4
_POIGNEE_ORDER: Final = {level: number for number, level in enumerate(Poignee)}


@attrs.frozen(repr=False)
class _StrengthKey:
    # What strength_key returns: a callable value, so that it pickles and its repr reads back.
    rules: Rules

    def __call__(self, item: TarotCard | AnyMove) -> tuple[int, int, int]:
        strengths = STRENGTHS[self.rules.numeral_order]
        if isinstance(item, TarotCard):
            return (_CARD_KIND, strengths[item.index], item.index)
        if isinstance(item, Move) and isinstance(item.card, TarotCard):
            return (_CARD_KIND, strengths[item.card.index], item.card.index)
        if isinstance(item, Bid):
            return (_BID_KIND, -1 if item.contract is None else item.contract.rank, 0)
        if isinstance(item, Call) and isinstance(item.card, TarotCard):
            return (_CALL_KIND, strengths[item.card.index], item.card.index)
        if isinstance(item, Announcement):
            return (_ANNOUNCE_KIND, int(item.slam), 0)
        if isinstance(item, Declaration) and item.poignee in _POIGNEE_ORDER:
            return (_DECLARE_KIND, _POIGNEE_ORDER[item.poignee], 0)
        raise NotationError(
            f"invalid Tarot card or move {quote(item)}: expected a TarotCard, a Move, a Bid, a "
            "Call, an Announcement or a Declaration"
        )

    def __repr__(self) -> str:
        return f"strength_key({self.rules!r})"


def strength_key(rules: Rules) -> Callable[[TarotCard | AnyMove], tuple[int, int, int]]:
    """A sort key putting cards and moves in order of strength under ``rules``, weakest
    first: ``sorted(hand, key=strength_key(rules))``. The same name as in Chase the Tailor
    (:func:`cardgames.tailor.strength_key`).

    * A card, and the card move (:class:`~cardgames.tarot.moves.Move`) of that card, by
      :func:`~cardgames.tarot.play.card_strength`: the Excuse first, then the suit cards
      from the weakest numeral up to the Kings (the rules' numeral order decides where the
      red numerals go), then trumps 1 to 21. Suit cards of equal strength go spades, hearts,
      diamonds, clubs.
    * French moves: bids from a pass up to a garde contre, calls by the strength of the card
      called, no slam before a slam, poignées single, double, triple.
    * Moves of different kinds (which never are legal together, except cards and poignées)
      go bids, calls, announcements, cards, poignées.

    The key is a tuple of ints, and its repr reads back.

    :param rules: the rules, whose numeral order places the red numerals.
    :raises RulesError: if ``rules`` is not a :class:`~cardgames.tarot.rules.Rules`.

    >>> from cardgames.tarot import Rules, TarotCardSet
    >>> hand = TarotCardSet.parse('KS 1H 21T EX 10S 1S')
    >>> [str(card) for card in sorted(hand, key=strength_key(Rules.simplified(players=3)))]
    ['EX', '1S', '1H', '10S', 'KS', '21T']
    >>> [str(card) for card in sorted(hand, key=strength_key(Rules.traditional(players=3)))]
    ['EX', '1S', '10S', '1H', 'KS', '21T']
    >>> from cardgames.tarot import parse_move
    >>> moves = [parse_move(text) for text in ('garde', 'pass', 'garde-contre', 'prise')]
    >>> [str(move) for move in sorted(moves, key=strength_key(Rules.french(players=4)))]
    ['pass', 'prise', 'garde', 'garde-contre']
    >>> strength_key(Rules.french(players=4))
    strength_key(Rules.parse('french-4'))
    """
    return _StrengthKey(_check_rules(rules, "rules"))


# -- pickling ------------------------------------------------------------------------------
# Moves, tricks, deals and states pickle as plain values (see cardgames.tarot._codec) and are
# rebuilt here without the constructors' checks: a pickle is the library's own output of
# checked values. The functions a pickle names stay in this module, so that pickles keep
# their bytes.

check_fields(_STATE_FIELDS, Deal, Trick)

_PHASES: Final = tuple(Phase)
_PHASE_CODES: Final = {phase: code for code, phase in enumerate(_PHASES)}


def _unpickle_move(index: int) -> Move:
    """The move a pickle names by its card's index (see ``_reduce_move``)."""
    return _MOVES[index]


def _unpickle_trick(code: bytes) -> Trick:
    """The trick a pickle holds as ``_codec._trick_code`` bytes (see ``_reduce_trick``)."""
    (trick,) = tricks_of_codes(code)
    return trick


def _unpickle_deal(
    rules: tuple[object, ...], dealer: int, hands: tuple[int, ...], talon: int
) -> Deal:
    """The deal a pickle holds (see ``_reduce_deal``)."""
    deal = object.__new__(Deal)
    setattr_ = object.__setattr__
    setattr_(deal, "rules", _rules_of(rules))
    setattr_(deal, "dealer", dealer)
    *held, pile = _card_sets((*hands, talon))
    setattr_(deal, "hands", tuple(held))
    setattr_(deal, "talon", pile)
    return deal


def _unpickle_state(
    initial: Deal,
    phase: int,
    to_move: int,
    hands: tuple[int, ...],
    discard: int,
    trick: bytes,
    tricks: bytes,
    won: tuple[int, ...],
    trumps_played: bool,
    excuse_trick: int | None,
    bids: tuple[str, ...] = (),
    called: int | None = None,
    slam_announced: bool | None = None,
    poignees: tuple[tuple[int, str], ...] = (),
) -> State:
    """The state a pickle holds (see ``State.__reduce__``)."""
    state = object.__new__(State)
    setattr_ = object.__setattr__
    setattr_(state, "initial", initial)
    setattr_(state, "phase", _PHASES[phase])
    setattr_(state, "to_move", to_move)
    sets = _card_sets((*hands, discard, *won))
    players = len(hands)
    setattr_(state, "hands", sets[:players])
    setattr_(state, "discard", sets[players])
    setattr_(state, "trick", _unpickle_trick(trick))
    setattr_(state, "tricks", tricks_of(tricks))
    setattr_(state, "won", sets[players + 1 :])
    setattr_(state, "trumps_played", trumps_played)
    setattr_(state, "excuse_trick", excuse_trick)
    bid_moves, called_card, poignee_pairs = contract_values(bids, called, poignees)
    setattr_(state, "bids", bid_moves)
    setattr_(state, "called", called_card)
    setattr_(state, "slam_announced", slam_announced)
    setattr_(state, "poignees", poignee_pairs)
    return state


def _reduce_move(move: Move) -> tuple[Callable[[int], Move], tuple[int]]:
    # A move pickles as its card's index, read back as the one shared move of that card.
    return (_unpickle_move, (move.card.index,))


def _reduce_trick(trick: Trick) -> tuple[Callable[[bytes], Trick], tuple[bytes]]:
    # A trick pickles as a few bytes (see cardgames.tarot._codec).
    return (_unpickle_trick, (_trick_code(trick),))


def _reduce_deal(deal: Deal) -> tuple[Callable[..., Deal], tuple[object, ...]]:
    # A deal pickles as plain ints (see cardgames.tarot._codec).
    return (_unpickle_deal, deal_fields(deal))


# Move and Trick live in cardgames.tarot.moves, Deal in cardgames.tarot.deal; their pickles
# name the functions above.
copyreg.pickle(Move, _reduce_move)
copyreg.pickle(Trick, _reduce_trick)
copyreg.pickle(Deal, _reduce_deal)
_start_with(
    lambda initial: State.from_deal(initial.rules, initial.hands, initial.talon, initial.dealer)
)
