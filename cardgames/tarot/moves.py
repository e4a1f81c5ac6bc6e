"""The moves and tricks of a Tarot deal: :class:`Move` (one card discarded or played) and
:class:`Trick`, with the one shared move of each card and the rebuilding of tricks from their
compact pickled form (see ``cardgames.tarot._codec``).

Both classes are imported from :mod:`cardgames.tarot.state` too; their pickles name the
rebuilding functions of that module (the state module registers them with ``copyreg``),
so that pickles keep their bytes.

>>> Move.parse('21t'), Trick(leader=1).is_complete
(Move.parse('21T'), False)
"""

from __future__ import annotations

import collections
import itertools
from collections.abc import Sequence
from typing import Final

import attrs

from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.tarot._codec import trick_columns, trick_rows
from cardgames.tarot.cards import TarotCard, _check_card, _check_cards
from cardgames.tarot.rules import MAX_PLAYERS
from cardgames.validation import as_tuple, check_seat, quote, strict_arguments

__all__ = ["MOVES", "Move", "Trick", "make_trick", "tricks_of", "tricks_of_codes"]


def _check_move_card(move: Move, attribute: attrs.Attribute[TarotCard], value: object) -> None:
    _check_card(value, "move card", error=IllegalMoveError)


@strict_arguments
@attrs.frozen(order=True, repr=False)
class Move:
    """One move: the card discarded (in the discard phase) or played (in the play phase).

    :param card: a :class:`cardgames.tarot.cards.TarotCard`.
    :raises IllegalMoveError: if ``card`` is anything else (an index, a text, a card of the
        55-card pack).

    >>> Move.parse('21t'), str(Move.parse('EX'))
    (Move.parse('21T'), 'EX')
    >>> Move(5)
    Traceback (most recent call last):
    ...
    cardgames.errors.IllegalMoveError: invalid Tarot move card 5: expected a TarotCard
    """

    card: TarotCard = attrs.field(validator=_check_move_card)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move: the card's written form (see ``TarotCard.parse``).

        :raises NotationError: if ``text`` is not a Tarot card.
        """
        try:
            return MOVES[TarotCard.parse(text.strip() if isinstance(text, str) else text).index]
        except NotationError as error:
            raise NotationError(f"invalid Tarot move {quote(text)}: {error}") from None

    def __str__(self) -> str:
        return str(self.card)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


MOVES: Final = tuple(Move(card) for card in TarotCard.all())
"""The one shared :class:`Move` of each card, by card index."""


def _trick_cards(cards: Sequence[TarotCard]) -> tuple[TarotCard, ...]:
    return _check_cards(cards, "trick cards", error=RulesError)


def _seats(seats: Sequence[int]) -> tuple[int, ...]:
    return as_tuple(seats, "trick players")


@strict_arguments
@attrs.frozen(kw_only=True)
class Trick:
    """A trick, complete or in progress.

    :param leader: the seat that led (or is about to lead) to it.
    :param cards: the cards played, led card first (at most one per seat, so at most 6).
    :param players: the seat that played each card, in the same order: the leader first, each
        seat once.
    :param winner: the seat that won it, once complete (None while in progress); one of
        ``players``.
    :raises RulesError: if a seat is not an int from 0 to 5 (never a bool), a card is not a
        :class:`cardgames.tarot.cards.TarotCard`, or the fields disagree. How many seats the
        table really has is checked by the :class:`~cardgames.tarot.state.State` holding the trick.

    >>> from cardgames.tarot import TarotCard
    >>> trick = Trick(leader=2, cards=(TarotCard.parse('KH'),), players=(2,))
    >>> trick.card_of(2), trick.card_of(0), trick.is_complete
    (TarotCard.parse('KH'), None, False)
    """

    leader: int
    cards: tuple[TarotCard, ...] = attrs.field(default=(), converter=_trick_cards)
    players: tuple[int, ...] = attrs.field(default=(), converter=_seats)
    winner: int | None = None

    def __attrs_post_init__(self) -> None:
        check_seat(self.leader, MAX_PLAYERS, "trick leader")
        for seat in self.players:
            check_seat(seat, MAX_PLAYERS, "trick player")
        if self.winner is not None:
            check_seat(self.winner, MAX_PLAYERS, "trick winner")
        problem = None
        if len(self.players) != len(self.cards):
            problem = (
                f"a trick needs one player per card; got {len(self.cards)} cards and "
                f"{len(self.players)} players"
            )
        elif len(self.cards) > MAX_PLAYERS:
            problem = f"a trick holds at most {MAX_PLAYERS} cards, got {len(self.cards)}"
        elif len(set(self.cards)) != len(self.cards) or len(set(self.players)) != len(self.players):
            problem = "a card or a player appears twice"
        elif self.players and self.players[0] != self.leader:
            problem = f"the first card is played by seat {self.players[0]}, not the leader"
        elif self.winner is not None and self.winner not in self.players:
            problem = f"the winner, seat {self.winner}, played no card to it"
        if problem is not None:
            raise RulesError(f"invalid Tarot trick {quote(self)}: {problem}")

    @property
    def is_complete(self) -> bool:
        """True once the trick has been won."""
        return self.winner is not None

    def card_of(self, player: int) -> TarotCard | None:
        """The card ``player`` played to this trick, or None.

        :raises RulesError: if ``player`` is not a seat (an int from 0 to 5, never a bool).
        """
        check_seat(player, MAX_PLAYERS, "player")
        for seat, card in zip(self.players, self.cards, strict=True):
            if seat == player:
                return card
        return None

    @property
    def mask(self) -> int:
        """The cards as a raw mask."""
        mask = 0
        for card in self.cards:
            mask |= 1 << card.index
        return mask

    def __str__(self) -> str:
        return ",".join(str(card) for card in self.cards)

    def to_unicode(self) -> str:
        """The trick as text, each card with the seat that played it (see
        :func:`cardgames.tarot.render.trick_to_unicode`); ``str()`` stays the notation."""
        from cardgames.tarot.render import trick_to_unicode

        return trick_to_unicode(self)

    def _repr_html_(self) -> str:
        from cardgames.tarot.render import trick_to_html

        return trick_to_html(self)


def make_trick(
    leader: int,
    cards: tuple[TarotCard, ...] = (),
    players: tuple[int, ...] = (),
    winner: int | None = None,
) -> Trick:
    # A Trick built without the constructor's checks, for the tricks State.play makes.
    trick = object.__new__(Trick)
    for name, value in (
        ("leader", leader),
        ("cards", cards),
        ("players", players),
        ("winner", winner),
    ):
        object.__setattr__(trick, name, value)
    return trick


# Setting a slot through its descriptor is the quickest way round the frozen __setattr__.
TRICK_SETTERS: Final = tuple(
    Trick.__dict__[name].__set__ for name in ("leader", "cards", "players", "winner")
)


def tricks_of(code: bytes) -> tuple[Trick, ...]:
    # The tricks of _codec._tricks_code; the even case column by column.
    if not code:
        return ()
    columns = trick_columns(code)
    if columns is None:
        return tricks_of_codes(code, 1)
    tricks = tuple(map(object.__new__, itertools.repeat(Trick, len(columns[0]))))
    for setter, values in zip(TRICK_SETTERS, columns, strict=True):
        collections.deque(map(setter, tricks, values), maxlen=0)
    return tricks


def tricks_of_codes(code: bytes, at: int = 0) -> tuple[Trick, ...]:
    # The tricks of _codec._trick_code's codes end to end from ``at``, one at a time.
    tricks = []
    set_leader, set_cards, set_players, set_winner = TRICK_SETTERS
    for leader, cards, players, winner in trick_rows(code, at):
        trick = object.__new__(Trick)
        set_leader(trick, leader)
        set_cards(trick, cards)
        set_players(trick, players)
        set_winner(trick, winner)
        tricks.append(trick)
    return tuple(tricks)
