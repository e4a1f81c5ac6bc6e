"""Tarot rule sets: one frozen, validated :class:`Rules` value per variant.

Every point on which the simplified and the traditional games differ is a field, so house rules
are built by changing fields; the presets are :meth:`Rules.simplified` (2 to 6 players),
:meth:`Rules.traditional` (3 players, or 4 in two partnerships) and :meth:`Rules.french` (the
game of the Fédération Française de Tarot for 3, 4 or 5 players: bidding, a taker, the dog,
overtrumping and contract scoring).

The written form (:meth:`Rules.parse` / ``str``) is the one every game shares (see
:mod:`cardgames.rules_text`): a preset name, optionally followed by ``,field=value``
overrides, booleans written ``yes``/``no``: ``simplified-4``, ``traditional-3``,
``simplified-4,magician_bonus=0,clockwise=no``.

>>> Rules.traditional(players=4)
Rules.parse('traditional-4')
>>> rules = Rules.simplified(players=5)
>>> rules.hand_size, rules.talon_size, rules.next_player(4)
(15, 3, 0)
>>> str(attrs.evolve(rules, magician_bonus=0, clockwise=False))
'simplified-5,clockwise=no,magician_bonus=0'
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, TypeVar

import attrs

from cardgames.errors import NotationError, RulesError
from cardgames.rules_text import join_rules_text, parse_bool, parse_rule_int, split_rules_text
from cardgames.tarot.cards import TAROT_PACK_SIZE
from cardgames.validation import (
    ascii_lower,
    check_bool,
    check_int,
    check_seat,
    quote,
    strict_arguments,
)

__all__ = ["DiscardRule", "ExcuseRule", "NumeralOrder", "Rules"]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
# The largest magician_bonus (10 in the simplified game). Every number a rule set holds is
# bounded, so that whatever the constructor accepts the text form and the records can carry.
MAX_BONUS: Final = 1000
_BOOL_FIELDS: Final = (
    "clockwise",
    "trump_lead_restricted",
    "partnerships",
    "discard_is_own_group",
    "bidding",
    "overtrump",
    "dog_card_by_card",
    "called_king",
    "poignee_with_excuse",
    "excuse_wins_slam",
    "round_margin",
)
_FORBIDDEN_DISCARDS: Final = 7  # four Kings, trump 1, trump 21 and the Excuse
_PACK_VALUE: Final = 130  # the card values of the whole pack added up
E = TypeVar("E", bound=enum.Enum)


@enum.unique
class NumeralOrder(enum.Enum):
    """How the numerals 1-10 of a suit rank below the Jack.

    >>> NumeralOrder.parse('traditional')
    <NumeralOrder.TRADITIONAL: 'traditional'>
    """

    ACES_LOW = "aces-low"
    """Every suit ranks K Q N J 10 9 ... 2 1."""
    TRADITIONAL = "traditional"
    """Spades and clubs rank K Q N J 10 ... 1; hearts and diamonds K Q N J 1 2 ... 10."""

    @classmethod
    def parse(cls, text: str) -> NumeralOrder:
        """Read a value (``aces-low`` or ``traditional``, any case; ``_`` for ``-``).

        :raises NotationError: for anything else.
        """
        return _parse_enum(cls, text)


@enum.unique
class ExcuseRule(enum.Enum):
    """What happens to the Excuse after the trick it was played to.

    >>> ExcuseRule.parse('EXCHANGE')
    <ExcuseRule.EXCHANGE: 'exchange'>
    """

    RETURNS = "returns"
    """It goes back to its player's won cards with no compensation."""
    EXCHANGE = "exchange"
    """It goes back to its player, who gives the trick's winner their lowest-valued won card."""

    @classmethod
    def parse(cls, text: str) -> ExcuseRule:
        """Read a value (``returns`` or ``exchange``, any case).

        :raises NotationError: for anything else.
        """
        return _parse_enum(cls, text)


@enum.unique
class DiscardRule(enum.Enum):
    """Which cards the dealer may discard after taking the talon.

    >>> DiscardRule.parse('simplified')
    <DiscardRule.SIMPLIFIED: 'simplified'>
    """

    SIMPLIFIED = "simplified"
    """Never a King, trump 1, trump 21 or the Excuse; other trumps are allowed."""
    TRADITIONAL = "traditional"
    """Never an Honour (those seven cards), and no trump unless there is no other way."""

    @classmethod
    def parse(cls, text: str) -> DiscardRule:
        """Read a value (``simplified`` or ``traditional``, any case).

        :raises NotationError: for anything else.
        """
        return _parse_enum(cls, text)


def _parse_enum(cls: type[E], text: str) -> E:
    if isinstance(text, str):
        wanted = ascii_lower(text.strip()).replace("_", "-")
        for member in cls:
            if member.value == wanted:
                return member
    choices = ", ".join(member.value for member in cls)
    raise NotationError(f"invalid {cls.__name__} {quote(text)}: expected one of {choices}")


def _default_talon(instance: Any) -> int:
    players = instance.players
    return TAROT_PACK_SIZE % players if isinstance(players, int) and players > 0 else 0


@strict_arguments
@attrs.frozen(kw_only=True, repr=False)
class Rules:
    """A complete, validated Tarot rule set.

    Seats are numbered ``0`` to ``players - 1`` going clockwise round the table.

    The bare constructor gives the *simplified* family: every field not given takes the
    simplified game's value, so ``Rules(players=3)`` is the simplified three-player game (its
    repr says so: ``Rules.parse('simplified-3')``). For the traditional game use
    :meth:`traditional` (``Rules.traditional(players=3)``) or ``Rules.parse('traditional-3')``;
    for house rules start from a preset and change fields with :func:`attrs.evolve`.

    :param players: an int from 2 to 6.
    :param clockwise: direction of play (and of dealing and of the deal passing round). The
        first leader is the player after the dealer in this direction.
    :param numeral_order: rank order of the numerals, see :class:`NumeralOrder`.
    :param trump_lead_restricted: trumps may not be led until a trump has been played, unless
        the leader holds nothing but trumps (and perhaps the Excuse).
    :param excuse_rule: what happens to the Excuse, see :class:`ExcuseRule`.
    :param group_size: counting groups of 2, 3 or 4 cards (2 gives the French half points:
        a King 4.5, a low card 0.5).
    :param magician_bonus: points for the player (team) whose trump 1 wins the last trick: an
        int from 0 to 1000.
    :param partnerships: only with 4 players: seats 0 and 2 against 1 and 3.
    :param discard_rule: the discard restrictions, see :class:`DiscardRule`.
    :param talon_size: cards left after dealing equal hands; they go to the dealer, who then
        discards as many. Defaults to ``78 % players``. An int from 0 to 77 that leaves a
        multiple of ``players`` cards, and hands of at least 7 cards when it is not 0.
    :param discard_is_own_group: the discard is counted as one group on its own.
    :param bidding: French contracts: a round of bidding decides a taker, who plays against the
        others for a target that depends on the bouts won; the talon is the dog, taken (and
        discarded from) by the taker rather than the dealer, and a deal scores as the
        Fédération Française de Tarot scores it (see :mod:`cardgames.tarot.scoring`). Needs a
        talon and no fixed partnerships.
    :param overtrump: a player who has to play a trump to a trick that holds one must beat the
        highest trump in it when able.
    :param deal_packet: cards given to a player at a time when dealing from a deck (1 to 10).
    :param dog_card_by_card: while dealing, the talon's cards are set aside one at a time
        between packets (never the first or the last card) rather than left at the bottom.
    :param called_king: the taker calls a King (see :mod:`cardgames.tarot.contracts`): its
        holder is the taker's hidden partner. Only with bidding and 5 players.
    :param poignee_with_excuse: the Excuse may stand in for one trump of a poignée, but only
        when its holder has no trump left beyond those shown.
    :param excuse_wins_slam: the Excuse led to the last trick by a side that has won every
        earlier trick wins that trick (on in the French preset only).
    :param round_margin: the margin by which a contract is made or lost rounds a half point up
        to the next whole point (the half point always favours the side that scores); with
        ``False`` the half point is kept.
    :raises RulesError: for a field of the wrong type (the flags are bools, never ints; the
        numbers are ints, never bools), a number out of its bounds, or an impossible
        combination.

    >>> Rules(players=3)
    Rules.parse('simplified-3')
    >>> Rules(players=3) == Rules.simplified(players=3) != Rules.traditional(players=3)
    True
    >>> Rules(players=3, partnerships=True)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid Tarot rules: partnerships need exactly 4 players, got 3
    """

    players: int
    clockwise: bool = True
    numeral_order: NumeralOrder = NumeralOrder.ACES_LOW
    trump_lead_restricted: bool = True
    excuse_rule: ExcuseRule = ExcuseRule.RETURNS
    group_size: int = 3
    magician_bonus: int = 10
    partnerships: bool = False
    discard_rule: DiscardRule = DiscardRule.SIMPLIFIED
    talon_size: int = attrs.field(default=attrs.Factory(_default_talon, takes_self=True))
    discard_is_own_group: bool = False
    bidding: bool = False
    overtrump: bool = False
    deal_packet: int = 5
    dog_card_by_card: bool = False
    called_king: bool = False
    poignee_with_excuse: bool = True
    excuse_wins_slam: bool = False
    round_margin: bool = True

    def __attrs_post_init__(self) -> None:
        problem = self._problem()
        if problem is not None:
            raise RulesError(f"invalid Tarot rules: {problem}")

    def _problem(self) -> str | None:
        # Each field on its own first (check_int and check_bool raise RulesError quoting the
        # value), then the combinations, returned as text for __attrs_post_init__.
        for name in _BOOL_FIELDS:
            check_bool(getattr(self, name), f"Tarot rules {name}")
        for name, kind in (
            ("numeral_order", NumeralOrder),
            ("excuse_rule", ExcuseRule),
            ("discard_rule", DiscardRule),
        ):
            if not isinstance(getattr(self, name), kind):
                choices = ", ".join(f"{kind.__name__}.{member.name}" for member in kind)
                raise RulesError(
                    f"invalid Tarot rules {name} {quote(getattr(self, name))}: expected "
                    f"one of {choices}"
                )
        check_int(self.players, "Tarot rules players", low=MIN_PLAYERS, high=MAX_PLAYERS)
        check_int(self.group_size, "Tarot rules group_size", low=2, high=4, expected="2, 3 or 4")
        check_int(self.deal_packet, "Tarot rules deal_packet", low=1, high=10)
        check_int(self.magician_bonus, "Tarot rules magician_bonus", low=0, high=MAX_BONUS)
        check_int(self.talon_size, "Tarot rules talon_size", low=0, high=TAROT_PACK_SIZE - 1)
        if self.partnerships and self.players != 4:
            return f"partnerships need exactly 4 players, got {self.players}"
        if (TAROT_PACK_SIZE - self.talon_size) % self.players:
            return (
                f"a talon of {self.talon_size} leaves {TAROT_PACK_SIZE - self.talon_size} cards, "
                f"which {self.players} players cannot share equally"
            )
        if self.talon_size and self.hand_size < _FORBIDDEN_DISCARDS:
            return (
                f"hands of {self.hand_size} cards are too small for a discard of "
                f"{self.talon_size}: the dealer may hold up to 7 cards that cannot be discarded"
            )
        if self.discard_is_own_group and not self.talon_size:
            return "discard_is_own_group needs a talon (talon_size > 0)"
        return self._contract_problem()

    def _contract_problem(self) -> str | None:
        if self.bidding:
            if not self.talon_size:
                return "bidding needs a dog (talon_size > 0)"
            if self.partnerships:
                return "bidding decides the sides, so it cannot have fixed partnerships"
            if self.discard_is_own_group:
                return "bidding counts the dog with its side's cards, not as a group of its own"
            if self.magician_bonus:
                return (
                    "bidding scores the trump 1 in the last trick itself: magician_bonus must be 0"
                )
        if self.called_king and not (self.bidding and self.players == 5):
            return "called_king needs bidding and 5 players"
        if self.dog_card_by_card and not self.talon_size:
            return "dog_card_by_card needs a talon (talon_size > 0)"
        return None

    # -- presets ---------------------------------------------------------------------------

    @classmethod
    def simplified(cls, players: int = 4) -> Rules:
        """The simplified game for 2 to 6 players: clockwise, aces low, trumps may not be led
        until one has been played, the Excuse returns, counting in threes, a 10-point bonus for
        the Magician winning the last trick, no partnerships.

        >>> [Rules.simplified(players=n).talon_size for n in range(2, 7)]
        [0, 0, 2, 3, 0]

        :raises RulesError: for a player count outside 2-6.
        """
        return cls(players=players)

    @classmethod
    def traditional(cls, players: int = 3) -> Rules:
        """The traditional game: three players, or four in two partnerships (seats 0 and 2
        against 1 and 3) counting in fours with the discard as a group of its own.

        >>> Rules.traditional(players=3).hand_size, Rules.traditional(players=4).hand_size
        (25, 19)

        :raises RulesError: for any player count but 3 or 4.
        """
        if players not in (3, 4):
            raise RulesError(
                f"invalid Tarot rules: the traditional game is for 3 or 4 players, got "
                f"{quote(players)}"
            )
        four = players == 4
        return cls(
            players=players,
            clockwise=False,
            numeral_order=NumeralOrder.TRADITIONAL,
            trump_lead_restricted=False,
            excuse_rule=ExcuseRule.EXCHANGE,
            group_size=4 if four else 3,
            magician_bonus=0,
            partnerships=four,
            discard_rule=DiscardRule.TRADITIONAL,
            talon_size=2 if four else 3,
            discard_is_own_group=four,
        )

    @classmethod
    def french(cls, players: int = 4) -> Rules:
        """French Tarot as the Fédération Française de Tarot plays it, for 3, 4 or 5 players:
        counter-clockwise, cards dealt 3 at a time (4 at three players) with the dog set aside
        card by card, a round of bidding, the called King at five players, following suit,
        trumping and overtrumping, the Excuse exchanged for a low card, counting in half points
        (the pack is worth 91) and contract scoring. The page "French Tarot as implemented"
        lists every rule and the field that changes it.

        >>> [(r.hand_size, r.talon_size) for r in map(Rules.french, (3, 4, 5))]
        [(24, 6), (18, 6), (15, 3)]
        >>> Rules.french(players=4).pack_total
        Fraction(91, 1)

        :raises RulesError: for any player count but 3, 4 or 5.
        """
        if players not in (3, 4, 5):
            raise RulesError(
                f"invalid Tarot rules: the French game is for 3, 4 or 5 players, got "
                f"{quote(players)}"
            )
        return cls(
            players=players,
            clockwise=False,
            numeral_order=NumeralOrder.ACES_LOW,
            trump_lead_restricted=False,
            excuse_rule=ExcuseRule.EXCHANGE,
            group_size=2,
            magician_bonus=0,
            discard_rule=DiscardRule.TRADITIONAL,
            talon_size=3 if players == 5 else 6,
            bidding=True,
            overtrump=True,
            deal_packet=4 if players == 3 else 3,
            dog_card_by_card=True,
            called_king=players == 5,
            excuse_wins_slam=True,
        )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset called ``name``: ``simplified-2`` ... ``simplified-6``, ``traditional-3``,
        ``traditional-4``, ``french-3``, ``french-4``, ``french-5`` (any case).

        >>> Rules.preset('Traditional-3') == Rules.traditional(players=3)
        True

        :raises NotationError: for any other name.
        """
        preset = _PRESETS.get(ascii_lower(name.strip())) if isinstance(name, str) else None
        if preset is None:
            raise NotationError(
                f"invalid Tarot rules preset {quote(name)}: expected one of {', '.join(_PRESETS)}"
            )
        return preset

    # -- derived values --------------------------------------------------------------------

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (before the dealer takes the talon)."""
        return (TAROT_PACK_SIZE - self.talon_size) // self.players

    @property
    def pack_total(self) -> Fraction:
        """The points the whole pack counts under these rules (before any bonus): the sum of
        the card values (130) less ``(group_size - 1) / group_size`` per card, with the discard
        counted as a group of its own when ``discard_is_own_group`` is set.

        >>> Rules.traditional(players=3).pack_total, Rules.traditional(players=4).pack_total
        (Fraction(78, 1), Fraction(72, 1))
        >>> Rules.french(players=5).pack_total  # counting in pairs: half points
        Fraction(91, 1)
        >>> Rules.simplified(players=4).pack_total
        Fraction(78, 1)
        """
        k = self.group_size
        if self.discard_is_own_group:
            counted = TAROT_PACK_SIZE - self.talon_size
            return Fraction(_PACK_VALUE) - Fraction(counted * (k - 1), k) - (self.talon_size - 1)
        return Fraction(_PACK_VALUE) - Fraction(TAROT_PACK_SIZE * (k - 1), k)

    @property
    def tricks_per_deal(self) -> int:
        """How many tricks a deal has (the hand size)."""
        return self.hand_size

    @property
    def preset_name(self) -> str | None:
        """The preset these rules equal, or None for house rules.

        >>> Rules.traditional(players=3).preset_name, Rules(players=3, group_size=4).preset_name
        ('traditional-3', None)
        """
        for name, preset in _PRESETS.items():
            if preset == self:
                return name
        return None

    @property
    def name(self) -> str:
        """A short description: the preset name, or its nearest preset plus the overrides."""
        return str(self)

    def next_player(self, player: int) -> int:
        """The seat after ``player`` in the direction of play.

        >>> Rules.simplified(players=3).next_player(2), Rules.traditional(players=3).next_player(0)
        (0, 2)

        :raises RulesError: if ``player`` is not a seat (an int from 0 to ``players - 1``).
        """
        return self._next(check_seat(player, self.players, "player"))

    def _next(self, player: int) -> int:
        # next_player without the check, for seats already known to be valid.
        return (player + (1 if self.clockwise else -1)) % self.players

    def first_leader(self, dealer: int) -> int:
        """Who leads to the first trick: the player after the dealer in the direction of play.

        :raises RulesError: if ``dealer`` is not a seat.
        """
        return self._next(check_seat(dealer, self.players, "dealer"))

    def team_of(self, player: int) -> int:
        """The team of ``player``: ``player % 2`` in partnerships, else the player's own seat.

        :raises RulesError: if ``player`` is not a seat.
        """
        check_seat(player, self.players, "player")
        return player % 2 if self.partnerships else player

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides scoring together: ``((0, 2), (1, 3))`` in partnerships, else one per seat.

        >>> Rules.traditional(players=4).teams
        ((0, 2), (1, 3))
        """
        if self.partnerships:
            return ((0, 2), (1, 3))
        return tuple((player,) for player in range(self.players))

    # -- written form ----------------------------------------------------------------------

    def _base(self) -> Rules:
        candidates = [Rules.simplified(players=self.players)]
        if self.players in (3, 4):
            candidates.append(Rules.traditional(players=self.players))
        if self.players in (3, 4, 5):
            candidates.append(Rules.french(players=self.players))
        return min(candidates, key=lambda base: len(_differences(base, self)))

    def __str__(self) -> str:
        return _written_form(self)

    def __repr__(self) -> str:
        return f"Rules.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read the written form (the syntax of :mod:`cardgames.rules_text`): a preset name,
        then any ``,field=value`` overrides; or, with no preset, ``players=N`` and overrides of
        the simplified game's fields, as the constructor takes them. Booleans are ``yes`` or
        ``no`` (``true`` and ``false`` are read too, in any case); enums are written by their
        value; the preset name may be in any case.

        >>> Rules.parse('traditional-3,clockwise=yes').clockwise
        True
        >>> Rules.parse('players=3,magician_bonus=0')
        Rules.parse('simplified-3,magician_bonus=0')
        >>> Rules.parse('simplified-4,talon_size=5')
        Traceback (most recent call last):
        ...
        cardgames.errors.NotationError: invalid Tarot rules 'simplified-4,talon_size=5': ...

        :raises NotationError: if the text is unreadable or describes impossible rules.
        """
        try:
            preset, pairs = split_rules_text(_lower_preset(text))
        except NotationError as error:
            # The shared reader has quoted the text already: name the game, say it once.
            raise NotationError(
                str(error).replace("invalid rules", "invalid Tarot rules", 1)
            ) from None
        try:
            changes: dict[str, Any] = {}
            for name, value in pairs:
                reader = _FIELD_PARSERS.get(name)
                if reader is None:
                    raise NotationError(
                        f"unknown field {quote(name)} (expected one of {', '.join(_FIELD_NAMES)})"
                    )
                changes[name] = reader(value)
            if preset is not None:
                return attrs.evolve(cls.preset(preset), **changes)
            if "players" not in changes:
                raise NotationError(
                    "expected a preset such as 'simplified-4' or 'traditional-3', or players=N"
                )
            return cls(**changes)
        except (NotationError, RulesError) as error:
            raise NotationError(f"invalid Tarot rules {quote(text)}: {error}") from None


def _lower_preset(text: object) -> object:
    # Preset names are read in any case (as Rules.preset reads them); field names and values
    # are left to the shared reader and to the field readers.
    if not isinstance(text, str):
        return text
    head, comma, rest = text.partition(",")
    return text if "=" in head else ascii_lower(head) + comma + rest


_FIELD_PARSERS: Final[dict[str, Callable[[str], object]]] = {
    "players": parse_rule_int,
    "clockwise": parse_bool,
    "numeral_order": NumeralOrder.parse,
    "trump_lead_restricted": parse_bool,
    "excuse_rule": ExcuseRule.parse,
    "group_size": parse_rule_int,
    "magician_bonus": parse_rule_int,
    "partnerships": parse_bool,
    "discard_rule": DiscardRule.parse,
    "talon_size": parse_rule_int,
    "discard_is_own_group": parse_bool,
    "bidding": parse_bool,
    "overtrump": parse_bool,
    "deal_packet": parse_rule_int,
    "dog_card_by_card": parse_bool,
    "called_king": parse_bool,
    "poignee_with_excuse": parse_bool,
    "excuse_wins_slam": parse_bool,
    "round_margin": parse_bool,
}

# players first, so that a changed player count is written before fields that depend on it
_FIELD_NAMES: Final = tuple(_FIELD_PARSERS)


def _differences(base: Rules, rules: Rules) -> list[str]:
    return [name for name in _FIELD_NAMES if getattr(base, name) != getattr(rules, name)]


_PRESETS: Final[dict[str, Rules]] = {
    **{f"simplified-{n}": Rules.simplified(players=n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)},
    "traditional-3": Rules.traditional(players=3),
    "traditional-4": Rules.traditional(players=4),
    **{f"french-{n}": Rules.french(players=n) for n in (3, 4, 5)},
}


def _check_rules(value: object, what: str = "rules") -> Rules:
    # ``value`` if it is a Tarot rule set.
    if isinstance(value, Rules):
        return value
    raise RulesError(
        f"invalid Tarot {what} {quote(value)}: expected a cardgames.tarot.Rules (for example "
        "Rules.simplified(players=4))"
    )


@functools.lru_cache(maxsize=1024)
def _written_form(rules: Rules) -> str:
    # The written form is asked for often (every view's and record's text holds it) and costs
    # tens of microseconds to work out; a rule set never changes, so it is worked out once.
    base = rules._base()
    return join_rules_text(
        base.preset_name, ((name, getattr(rules, name)) for name in _differences(base, rules))
    )
