"""The Chase the Tailor rule set and the game's pure rule functions.

:class:`~cardgames.tailor.Rules` holds the number of players, Chase Mode and one named field for
every point the printed rules leave open. The functions here (:func:`~cardgames.tailor.can_follow`,
:func:`~cardgames.tailor.ranks_adjacent`, :func:`~cardgames.tailor.hand_value`,
:func:`~cardgames.tailor.hand_points`, :func:`~cardgames.tailor.derive_seed`) are the rules
themselves; the state calls them and tests call them directly.

>>> rules = Rules(players=3, chase_mode=True)
>>> str(rules)
'players=3,chase_mode=yes'
>>> Rules.parse('players=3,chase_mode=yes') == rules
True
>>> can_follow(Card.parse('8S'), Card.parse('7H')), can_follow(Card.parse('AS'), Card.parse('KD'))
(True, True)
>>> hand_points(CardSet.parse('AS KH X1 TLR'))
51
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final, Literal

import attrs

from cardgames.cards import STANDARD_PACK_SIZE, TAILOR_PACK_SIZE, Card, Rank, Suit
from cardgames.cardset import CardSet, iter_bits
from cardgames.errors import CardgamesError, NotationError, RulesError
from cardgames.rules_text import join_rules_text, parse_bool, parse_rule_int, split_rules_text
from cardgames.validation import (
    as_tuple,
    check_bool,
    check_int,
    derive_seed,
    quote,
    strict_arguments,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Call",
    "Rules",
    "can_follow",
    "derive_seed",
    "hand_points",
    "hand_value",
    "ranks_adjacent",
]

MIN_PLAYERS: Final = 2
"""The fewest players a round can have."""
MAX_PLAYERS: Final = 6
"""The most players a round can have."""


def to_suit(value: Suit | int, error: type[CardgamesError] = RulesError) -> Suit:
    """``value`` as a :class:`~cardgames.cards.Suit`: a suit, or its number (a plain int: not
    a bool, nor a member of another enum such as a :class:`~cardgames.cards.Rank`).

    :raises CardgamesError: of the class ``error`` (RulesError by default) for anything else.

    >>> to_suit(1), to_suit(Suit.CLUBS)
    (<Suit.HEARTS: 1>, <Suit.CLUBS: 3>)
    """
    if isinstance(value, Suit):
        return value
    if type(value) is int and 0 <= value < len(Suit):
        return Suit(value)
    raise error(f"invalid suit {quote(value)}: expected a Suit (or its number, 0 to 3)")


def to_rank(value: Rank | int, error: type[CardgamesError] = RulesError) -> Rank:
    """``value`` as a :class:`~cardgames.cards.Rank`: a rank, or its number (a plain int: not
    a bool, nor a member of another enum such as a :class:`~cardgames.cards.Suit`).

    :raises CardgamesError: of the class ``error`` (RulesError by default) for anything else.

    >>> to_rank(12)
    <Rank.QUEEN: 12>
    >>> to_rank(True)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid rank True: expected a Rank (or its number, 1 to 13)
    """
    if isinstance(value, Rank):
        return value
    if type(value) is int and 1 <= value <= len(Rank):
        return Rank(value)
    raise error(f"invalid rank {quote(value)}: expected a Rank (or its number, 1 to 13)")


@strict_arguments
@attrs.frozen(repr=False, order=True)
class Call:
    """The suit and rank named by whoever plays the Tailor; the next player must follow it.

    A call is written ``call`` and the card it names: ``call QH``.

    :param suit: a :class:`~cardgames.cards.Suit` (its number is converted).
    :param rank: a :class:`~cardgames.cards.Rank` (its number is converted).
    :raises RulesError: for anything else (a bool, a string, a number out of range).

    >>> call = Call(Suit.HEARTS, Rank.QUEEN)
    >>> call, str(call), call.card
    (Call.parse('call QH'), 'call QH', Card.parse('QH'))
    >>> Call('H', 12)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid suit 'H': expected a Suit (or its number, 0 to 3)
    """

    suit: Suit = attrs.field(converter=to_suit)
    rank: Rank = attrs.field(converter=to_rank)

    @property
    def card(self) -> Card:
        """The suited card with the called suit and rank (the call behaves like it)."""
        return Card.of(self.rank, self.suit)

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read ``call XY`` (``XY`` a suited card); the word ``call`` may be left out.

        :raises NotationError: for anything else.

        >>> Call.parse('call 7s') == Call.parse('7S')
        True
        """
        if not isinstance(text, str):
            raise NotationError(f"invalid call {quote(text)}: expected 'call' and a suited card")
        words = text.split()
        if words[:1] == ["call"]:
            words = words[1:]
        card = Card.parse(words[0]) if len(words) == 1 else None
        if card is None or card.suit is None or card.rank is None:
            raise NotationError(
                f"invalid call {quote(text)}: expected 'call' and a suited card such as 'call QH'"
            )
        return cls(card.suit, card.rank)

    def __str__(self) -> str:
        return f"call {self.card}"

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


AfterJoker = Literal["below", "any"]
SpecialStart = Literal["bury", "open"]
NextRoundStarter = Literal["rotate", "winner"]

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "after_joker": ("below", "any"),
    "special_start": ("bury", "open"),
    "next_round_starter": ("rotate", "winner"),
}


_MAX_TURNS_LIMIT: Final = 1_000_000
"""The largest ``Rules.max_turns``: every count of a position then fits its notation."""


def _check_choice(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    choices = _CHOICES[attribute.name]
    if not isinstance(value, str) or value not in choices:
        raise RulesError(f"invalid {attribute.name} {quote(value)}: expected one of {choices}")


def _check_bool(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    check_bool(value, attribute.name)


def _check_players(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    check_int(value, attribute.name, low=MIN_PLAYERS, high=MAX_PLAYERS)


def _check_int(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    check_int(value, attribute.name)


def _check_max_turns(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    check_int(value, attribute.name, low=1, high=_MAX_TURNS_LIMIT)


@strict_arguments
@attrs.frozen(kw_only=True)
class Rules:
    """A Chase the Tailor variant: players, Chase Mode and every open point of the printed rules.

    The defaults are the readings we think most tables use; ``docs/tailor.rst`` explains each.

    :param players: 2 to 6.
    :param chase_mode: play with Chase Mode.
    :param hand_size: cards dealt to each player (7).
    :param after_joker: ``"below"`` (a Joker changes nothing about what must be followed: the
        card or call under it still applies) or ``"any"`` (after a Joker any card may follow).
    :param special_start: when the first card turned up is a Joker or the Tailor: ``"bury"``
        (slide it under the stock and turn the next card, again if needed) or ``"open"`` (leave
        it; the first player may play anything, and the card has no effect). When every card
        left after the deal is a Joker or the Tailor (possible only when the hands take all
        but one to three cards, such as six hands of nine), burying could never turn up a
        suited card, so the first card turned stays up as with ``"open"``.
    :param voluntary_draw: if False, drawing is allowed only when no suited card in hand can
        follow (Jokers and the Tailor never force a play); if True a player may always draw.
    :param must_play_drawn: a drawn card that can be played must be played (else it may be).
    :param drawn_card_dumps: a playable drawn card may start a dump with cards already held.
    :param dump_whole_rank: a dump must lay every held card of that rank (else any two or more).
    :param victim_may_be_caller: the player of the Tailor may name themselves as the victim.
    :param final_tailor_penalty: the victim still picks up three when the Tailor was the
        caller's last card.
    :param two_player_reverse_skips: with two players a reverse Joker works as a skip (the
        same player moves again); if False it only turns the direction.
    :param skipped_player_draws_chase: a player skipped by the Joker that breaks a chase still
        draws the chase card for the lost turn.
    :param tailor_breaks_chase: the Tailor played again during a chase ends it (else the chase
        simply goes on).
    :param next_round_starter: in a match, ``"rotate"`` (the seat after the previous starter) or
        ``"winner"`` (whoever went out; the rotation after a stalemate).
    :param max_turns: a round stops, scored as a stalemate, after this many moves (1 to
        1,000,000).
    :raises RulesError: for a value of the wrong type (a bool is not an int, an int is not a
        bool) or out of range.

    >>> Rules(players=2).two_player_reverse_skips
    True
    >>> Rules(players=7)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid players 7: expected an int from 2 to 6
    """

    players: int = attrs.field(default=4, validator=_check_players)
    chase_mode: bool = attrs.field(default=False, validator=_check_bool)
    hand_size: int = attrs.field(default=7, validator=_check_int)
    after_joker: AfterJoker = attrs.field(default="below", validator=_check_choice)
    special_start: SpecialStart = attrs.field(default="bury", validator=_check_choice)
    voluntary_draw: bool = attrs.field(default=False, validator=_check_bool)
    must_play_drawn: bool = attrs.field(default=True, validator=_check_bool)
    drawn_card_dumps: bool = attrs.field(default=False, validator=_check_bool)
    dump_whole_rank: bool = attrs.field(default=False, validator=_check_bool)
    victim_may_be_caller: bool = attrs.field(default=False, validator=_check_bool)
    final_tailor_penalty: bool = attrs.field(default=True, validator=_check_bool)
    two_player_reverse_skips: bool = attrs.field(default=True, validator=_check_bool)
    skipped_player_draws_chase: bool = attrs.field(default=False, validator=_check_bool)
    tailor_breaks_chase: bool = attrs.field(default=False, validator=_check_bool)
    next_round_starter: NextRoundStarter = attrs.field(default="rotate", validator=_check_choice)
    max_turns: int = attrs.field(default=1000, validator=_check_max_turns)

    def __attrs_post_init__(self) -> None:
        most = (TAILOR_PACK_SIZE - 1) // self.players
        check_int(
            self.hand_size,
            "hand_size",
            low=1,
            high=most,
            expected=f"an int from 1 to {most} for {self.players} players",
        )

    def to_dict(self) -> dict[str, bool | int | str]:
        """Every field by name (the form used in JSON records).

        >>> Rules().to_dict()['players']
        4
        """
        result: dict[str, bool | int | str] = attrs.asdict(self)
        return result

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from a mapping of field names (missing fields take their defaults).

        :raises RulesError: for unknown fields or bad values.

        >>> Rules.from_dict({'players': 3}) == Rules(players=3)
        True
        """
        if not isinstance(data, dict):
            raise RulesError(f"invalid rules {quote(data)}: expected a mapping of field names")
        unknown = sorted(set(data) - set(_FIELD_NAMES), key=str)
        if unknown:
            raise RulesError(f"invalid rules {quote(data)}: unknown field(s) {unknown}")
        return cls(**data)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read rules written as comma-separated ``field=value`` items (the syntax of
        :mod:`cardgames.rules_text`; Chase the Tailor has no preset names).

        Fields left out take their defaults. Booleans are read as ``yes``/``no`` or
        ``true``/``false`` in any letter case; spaces around items are ignored.

        :raises NotationError: for unreadable text, and for readable text naming impossible
            rules (the message then gives the constructor's reason).

        >>> Rules.parse('players=2,after_joker=any').after_joker
        'any'
        >>> Rules.parse('players=4, chase_mode=True') == Rules(players=4, chase_mode=True)
        True
        >>> Rules.parse('traditional-3')
        Traceback (most recent call last):
        ...
        cardgames.errors.NotationError: invalid rules 'traditional-3': expected field=value ...
        """
        try:
            preset, pairs = split_rules_text(text)
        except NotationError as error:
            if isinstance(text, str) and _SPACED_ITEMS.search(text):
                raise NotationError(
                    f"{error} (items are separated by commas, as in 'players=4,chase_mode=yes')"
                ) from None
            raise
        if preset is not None:
            raise NotationError(
                f"invalid rules {quote(text)}: expected field=value items such as "
                f"'players=4,chase_mode=yes' (Chase the Tailor rules have no preset names), "
                f"got {quote(preset)}"
            )
        values: dict[str, object] = {}
        for name, value in pairs:
            if name not in _DEFAULTS:
                raise NotationError(
                    f"invalid rules {quote(text)}: unknown field {quote(name)}; expected one of "
                    f"{', '.join(_FIELD_NAMES)}"
                )
            default = _DEFAULTS[name]
            try:
                if isinstance(default, bool):
                    values[name] = parse_bool(value)
                elif isinstance(default, int):
                    values[name] = parse_rule_int(value)
                else:
                    values[name] = value
            except NotationError as error:
                raise NotationError(f"invalid rules {quote(text)}: {name}: {error}") from None
        try:
            return cls(**values)  # type: ignore[arg-type]
        except RulesError as error:
            raise NotationError(f"invalid rules {quote(text)}: {error}") from None

    def __str__(self) -> str:
        """``players`` and every field that differs from its default, comma-separated.

        >>> str(Rules(players=3, chase_mode=True, max_turns=50))
        'players=3,chase_mode=yes,max_turns=50'
        """
        changed = [
            (name, getattr(self, name))
            for name in _FIELD_NAMES[1:]
            if getattr(self, name) != _DEFAULTS[name]
        ]
        return join_rules_text(None, [("players", self.players), *changed])


# Two field=value items with only spaces between them: the old written form.
_SPACED_ITEMS: Final = re.compile(r"=[^,=\s]*\s+[a-z_]+=")
_FIELD_NAMES: Final = tuple(field.name for field in attrs.fields(Rules))
_DEFAULTS: Final[dict[str, object]] = {field.name: field.default for field in attrs.fields(Rules)}

_VALUES: Final = tuple(
    (15 if index < 54 else 25) if index >= STANDARD_PACK_SIZE else min(index % 13 + 1, 10)
    for index in range(TAILOR_PACK_SIZE)
)


def _check_card(value: object, what: str = "card") -> Card:
    # ``value`` if it is a card of the 55-card pack (a Tarot card is not one).
    if isinstance(value, Card):
        return value
    raise NotationError(f"invalid {what} {quote(value)}: expected a Card of the 55-card pack")


def hand_value(card: Card) -> int:
    """What a card left in hand costs: face value, ace 1, J Q K 10, Joker 15, Tailor 25.

    >>> [hand_value(Card.parse(text)) for text in ('AS', '7H', 'TD', 'KC', 'X2', 'TLR')]
    [1, 7, 10, 10, 15, 25]

    :raises NotationError: if ``card`` is not a :class:`~cardgames.cards.Card`.
    """
    return _VALUES[_check_card(card).index]


def hand_points(cards: CardSet | Iterable[Card]) -> int:
    """The total :func:`~cardgames.tailor.hand_value` of some cards.

    >>> hand_points(CardSet.parse('2S 3S JH')), hand_points([])
    (15, 0)

    :raises NotationError: if ``cards`` is not a card set or a collection of cards.
    """
    if isinstance(cards, CardSet):
        return sum(_VALUES[index] for index in iter_bits(cards.mask))
    return sum(
        _VALUES[_check_card(card).index] for card in as_tuple(cards, "cards", error=NotationError)
    )


def ranks_adjacent(a: Rank, b: Rank) -> bool:
    """True when the ranks are next door in the circle A 2 ... 10 J Q K A.

    >>> ranks_adjacent(Rank.ACE, Rank.KING), ranks_adjacent(Rank.ACE, Rank.TWO)
    (True, True)
    >>> ranks_adjacent(Rank.KING, Rank.TWO), ranks_adjacent(Rank.SEVEN, Rank.SEVEN)
    (False, False)

    :raises NotationError: unless both are :class:`~cardgames.cards.Rank` members.
    """
    if not isinstance(a, Rank) or not isinstance(b, Rank):
        raise NotationError(f"invalid ranks {quote(a)} and {quote(b)}: expected two Ranks")
    return (a - b) % 13 in (1, 12)


def _follows(index: int, target: int) -> bool:
    """Raw-index form of ``can_follow`` for a suited card onto a suited target."""
    if index // 13 == target // 13:
        return True
    return (index - target) % 13 in (0, 1, 12)


def can_follow(card: Card, top: Card | Call | None) -> bool:
    """May ``card`` be played onto ``top`` (a card, a Tailor call, or None for anything)?

    A suited card follows by the same suit, the same rank or a next-door rank (see
    :func:`~cardgames.tailor.ranks_adjacent`). Jokers and the Tailor may be played on anything.

    >>> top = Card.parse('7H')
    >>> [can_follow(Card.parse(t), top) for t in ('2H', '7S', '6C', '8D', '9S', 'X1', 'TLR')]
    [True, True, True, True, False, True, True]
    >>> can_follow(Card.parse('KS'), Call.parse('call AD')), can_follow(Card.parse('5S'), None)
    (True, True)

    :raises NotationError: if ``card`` is not a :class:`~cardgames.cards.Card` or ``top`` is
        not a card, a :class:`~cardgames.tailor.Call` or None.
    """
    _check_card(card)
    if top is not None and not isinstance(top, Card | Call):
        raise NotationError(f"invalid top {quote(top)}: expected a Card, a Call or None")
    if card.index >= STANDARD_PACK_SIZE or top is None:
        return True
    target = top.card.index if isinstance(top, Call) else top.index
    if target >= STANDARD_PACK_SIZE:
        return True
    return _follows(card.index, target)
