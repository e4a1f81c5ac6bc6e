"""The figures of an arena: its games, each bot's standing, the comparison of every pair of
bots, and the dict form they are written and read back in (:class:`ArenaResult`).

The statistics are described in :mod:`cardgames.arena`: the unit is the deal, a bot's score
on a deal its payoff averaged over the games it played on that deal.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, TypeAlias

import attrs

from cardgames import games as game_registry
from cardgames.errors import NotationError, RulesError
from cardgames.validation import (
    as_tuple,
    check_bool,
    check_int,
    check_seed,
    quote,
    strict_arguments,
)

Z_95: Final = 1.959963984540054
"""The two-sided 95 % quantile of the normal distribution: an interval is mean ± ``Z_95`` ×
standard error."""
MAX_DEALS: Final = 10_000_000
"""The most deals one arena plays."""
FORMAT: Final = "cardgames-arena"
_MAX_NUMBER_TEXT: Final = 60  # longest payoff fraction read back
_MAX_PLAYERS: Final = 64  # far above any game's seats; bounds what is read back
_MAX_PAYOFF: Final = 10**9  # far above any game's payoff; keeps the figures finite floats
_FRACTION_TEXT: Final = re.compile(r"-?[0-9]+/[0-9]+")

Game: TypeAlias = str
"""A game's name: ``"tarot"``, ``"tailor"``, ``"bridge"``, or that of a registered game."""
AnyRules: TypeAlias = Any
"""A rule set of any registered game (bridge's is the contract)."""


def _fractions(values: Sequence[Fraction | int]) -> tuple[Fraction, ...]:
    payoffs = []
    for value in as_tuple(values, "arena payoffs", limit=_MAX_PLAYERS):
        if type(value) is int:
            value = Fraction(value)
        elif not isinstance(value, Fraction):
            raise RulesError(f"invalid arena payoff {quote(value)}: expected an int or a Fraction")
        if abs(value.numerator) > _MAX_PAYOFF * value.denominator:
            raise RulesError(
                f"invalid arena payoff {quote(value)}: expected at most 10**9 either way"
            )
        payoffs.append(value)
    return tuple(payoffs)


def _ints(values: Sequence[int]) -> tuple[int, ...]:
    seats = as_tuple(values, "arena seats", limit=_MAX_PLAYERS)
    for entry in seats:
        check_int(entry, "arena seat entry", low=0, high=_MAX_PLAYERS - 1)
    return seats


def _check_deal(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, "arena deal", low=0, high=MAX_DEALS - 1)


def _check_rotation(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(value, "arena rotation", low=0)  # the result checks it against its players


@strict_arguments
@attrs.frozen(kw_only=True)
class ArenaGame:
    """One game of an arena: a deal played with one seating of the bots.

    :param deal: the deal's number, from 0.
    :param rotation: the rotation of the bots (0 to ``players - 1``; always 0 without
        duplicate): the bot of entry ``e`` sits at seat ``(e + rotation) % players``.
    :param seats: for each seat, the entry (the position in the arena's list of bots) that
        played it.
    :param payoffs: each seat's payoff, as exact fractions (ints or
        :class:`~fractions.Fraction`, at most ``10**9`` either way).
    :raises RulesError: for a negative deal or rotation, or seats or payoffs of other types.
    """

    deal: int = attrs.field(validator=_check_deal)
    rotation: int = attrs.field(validator=_check_rotation)
    seats: tuple[int, ...] = attrs.field(converter=_ints)
    payoffs: tuple[Fraction, ...] = attrs.field(converter=_fractions)

    def payoff_of(self, entry: int) -> Fraction:
        """The payoff of the seat that entry ``entry`` played."""
        return self.payoffs[self.seats.index(entry)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict; payoffs as numbers or ``"a/b"`` strings."""
        return {
            "deal": self.deal,
            "rotation": self.rotation,
            "seats": list(self.seats),
            "payoffs": [_number(value) for value in self.payoffs],
        }


@strict_arguments
@attrs.frozen(kw_only=True)
class Standing:
    """One bot's figures: ``mean`` score per deal with its standard error and 95 % interval.

    :param entry: the bot's position in the arena's list of bots.
    :param name: its label.
    :param games: games it played.
    :param deals: deals it played (the sample size of the figures).
    :param mean: its mean score per deal.
    :param stderr: the standard error of the mean (None with fewer than two deals).
    :param low: the lower end of the 95 % confidence interval (None like ``stderr``).
    :param high: the upper end.
    """

    entry: int
    name: str
    games: int
    deals: int
    mean: float
    stderr: float | None
    low: float | None
    high: float | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the fields."""
        return attrs.asdict(self)


@strict_arguments
@attrs.frozen(kw_only=True)
class Comparison:
    """Head to head: the paired difference ``first`` minus ``second`` of the two bots'
    scores, deal by deal.

    :param first: the first bot's entry.
    :param second: the second bot's entry.
    :param deals: deals compared.
    :param mean: the mean difference (positive: ``first`` did better).
    :param stderr: its standard error (None with fewer than two deals).
    :param low: the lower end of the 95 % confidence interval of the mean difference.
    :param high: the upper end.
    :param wins: deals on which ``first`` scored more.
    :param losses: deals on which it scored less.
    :param ties: deals of equal scores.
    """

    first: int
    second: int
    deals: int
    mean: float
    stderr: float | None
    low: float | None
    high: float | None
    wins: int
    losses: int
    ties: int

    @property
    def significant(self) -> bool:
        """Whether the 95 % interval excludes zero."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the fields."""
        return attrs.asdict(self)


def _mean_and_error(values: Sequence[float]) -> tuple[float, float | None]:
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return mean, None
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def _interval(mean: float, stderr: float | None) -> tuple[float | None, float | None]:
    if stderr is None:
        return None, None
    return mean - Z_95 * stderr, mean + Z_95 * stderr


def _games(values: Sequence[ArenaGame]) -> tuple[ArenaGame, ...]:
    return as_tuple(values, "arena games", limit=MAX_DEALS * _MAX_PLAYERS)


def _names(values: Sequence[str]) -> tuple[str, ...]:
    return as_tuple(values, "arena bot names", limit=_MAX_PLAYERS)


def _rules_of(game: str, text: object) -> AnyRules:
    """The rules ``text`` names, if it is the written form (``str(rules)``) of rules of
    ``game``, as :func:`run` writes it."""
    if not isinstance(text, str):
        raise RulesError(f"invalid arena rules {quote(text)}: expected the rules as a text")
    try:
        rules = game_registry.named(game).parse_rules(text)
    except NotationError as error:
        raise RulesError(f"invalid arena rules {quote(text)} for {game}: {error}") from None
    if str(rules) != text:
        raise RulesError(
            f"invalid arena rules {quote(text)}: expected the written form {str(rules)!r}"
        )
    return rules


def _check_games(games: Sequence[ArenaGame], rules: AnyRules, duplicate: bool) -> None:
    """Raise unless ``games`` are what :func:`run` plays: by deal from 0, each deal in every
    rotation (only rotation 0 without duplicate) in order, each seated by its rotation, with
    one payoff per seat that could be a deal's (for Chase the Tailor, an int of at most 0)."""
    game = game_registry.of(rules).name
    players = players_of(rules)
    rotations = rotations_of(rules, duplicate)
    for index, item in enumerate(games):
        if not isinstance(item, ArenaGame):
            raise RulesError(f"invalid arena game {index} {quote(item)}: expected an ArenaGame")
        if item.rotation not in rotations:
            expected = (
                f"0 to {len(rotations) - 1}" if duplicate else "rotation 0 only (not duplicate)"
            )
            raise RulesError(
                f"game {index} has rotation {quote(item.rotation)}: expected {expected}"
            )
        place = divmod(index, len(rotations))
        if (item.deal, item.rotation) < place:  # every place before this one is taken
            raise RulesError(f"game {index} repeats deal {item.deal}, rotation {item.rotation}")
        if (item.deal, item.rotation) != place:
            raise RulesError(
                f"game {index} is deal {item.deal}, rotation {item.rotation}: expected deal "
                f"{place[0]}, rotation {place[1]} (the games go by deal from 0, then by rotation)"
            )
        seats = tuple((seat - item.rotation) % players for seat in range(players))
        if item.seats != seats:
            raise RulesError(
                f"game {index} has seats {quote(list(item.seats))}: expected {list(seats)} (in "
                f"rotation {item.rotation} the bot of entry e sits at seat (e + "
                f"{item.rotation}) % {players})"
            )
        if len(item.payoffs) != players:
            raise RulesError(
                f"game {index} has {len(item.payoffs)} payoffs: expected one per seat, {players}"
            )
        problem = game_registry.named(game).score_problem(item.payoffs)
        if problem is not None:
            raise RulesError(
                f"game {index} has payoffs {quote([str(p) for p in item.payoffs])}: {problem}"
            )
    if len(games) % len(rotations):
        deal = len(games) // len(rotations)
        raise RulesError(
            f"deal {deal} has {len(games) % len(rotations)} games: expected one per rotation, "
            f"{len(rotations)}"
        )


@strict_arguments
@attrs.frozen(kw_only=True)
class ArenaResult:
    """What :func:`run` returns: every game played and the figures drawn from them.

    Build one with :func:`run`, or with :meth:`from_dict` from :meth:`to_dict`'s output; the
    figures (``standings``, one :class:`Standing` per bot, and ``head_to_head``, one
    :class:`Comparison` per pair of bots) are computed from ``games``. The constructor takes
    only what :func:`run` can return (see :meth:`from_dict`). ``str()`` is the :meth:`table`.

    :param game: ``"tarot"``, ``"tailor"`` or ``"bridge"``.
    :param rules: the rules text (``str(rules)``).
    :param seed: the arena's seed.
    :param duplicate: whether every deal was played in every rotation.
    :param names: the bots' labels, by entry.
    :param games: every game, by deal then rotation.
    :raises RulesError: for anything :func:`run` cannot return.
    """

    game: Game
    rules: str
    seed: int
    duplicate: bool
    names: tuple[str, ...] = attrs.field(converter=_names)
    games: tuple[ArenaGame, ...] = attrs.field(converter=_games)
    standings: tuple[Standing, ...] = attrs.field(init=False, eq=False, repr=False)
    head_to_head: tuple[Comparison, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.game, str) or game_registry.find_named(self.game) is None:
            known = ", ".join(game.name for game in game_registry.registered())
            raise RulesError(f"invalid arena game {quote(self.game)}: expected one of {known}")
        rules = _rules_of(self.game, self.rules)
        players = players_of(rules)
        check_seed(self.seed, "arena seed")
        check_bool(self.duplicate, "duplicate")
        if len(self.names) != players:
            raise RulesError(
                f"invalid arena bot names {quote(list(self.names))}: {len(self.names)} given for "
                f"the {players} seats of {self.rules!r}; expected one per seat"
            )
        for name in self.names:
            if not isinstance(name, str) or not name:
                raise RulesError(f"invalid arena bot name {quote(name)}: expected a non-empty text")
        if not self.games:
            raise RulesError("an arena result needs at least one game")
        _check_games(self.games, rules, self.duplicate)
        entries = players
        rotations = rotations_of(rules, self.duplicate)
        scores = _deal_scores(self.games, entries, len(rotations))
        standings = []
        for entry in range(entries):
            values = [float(row[entry]) for row in scores]
            mean, stderr = _mean_and_error(values)
            low, high = _interval(mean, stderr)
            played = len(self.games)  # every game seats every entry
            standings.append(
                Standing(
                    entry=entry,
                    name=self.names[entry],
                    games=played,
                    deals=len(values),
                    mean=mean,
                    stderr=stderr,
                    low=low,
                    high=high,
                )
            )
        comparisons = []
        for first in range(entries):
            for second in range(first + 1, entries):
                differences = [row[first] - row[second] for row in scores]
                mean, stderr = _mean_and_error([float(d) for d in differences])
                low, high = _interval(mean, stderr)
                comparisons.append(
                    Comparison(
                        first=first,
                        second=second,
                        deals=len(differences),
                        mean=mean,
                        stderr=stderr,
                        low=low,
                        high=high,
                        wins=sum(1 for d in differences if d > 0),
                        losses=sum(1 for d in differences if d < 0),
                        ties=sum(1 for d in differences if d == 0),
                    )
                )
        object.__setattr__(self, "standings", tuple(standings))
        object.__setattr__(self, "head_to_head", tuple(comparisons))

    @property
    def deals(self) -> int:
        """How many deals were played."""
        return len({game.deal for game in self.games})

    def comparison(self, first: int, second: int) -> Comparison:
        """The head-to-head figures of entry ``first`` against entry ``second`` (either order:
        the difference is ``first`` minus ``second``).

        :raises RulesError: if either is not an entry, or they are the same.
        """
        entries = len(self.names)
        check_int(first, "first entry", low=0, high=entries - 1)
        check_int(second, "second entry", low=0, high=entries - 1)
        if first == second:
            raise RulesError(f"cannot compare entry {first} with itself")
        for item in self.head_to_head:
            if (item.first, item.second) == (first, second):
                return item
        item = next(c for c in self.head_to_head if (c.first, c.second) == (second, first))
        low, high = item.low, item.high
        return attrs.evolve(
            item,
            first=first,
            second=second,
            mean=-item.mean,
            low=None if high is None else -high,
            high=None if low is None else -low,
            wins=item.losses,
            losses=item.wins,
        )

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-able data: the set-up, the figures and every game."""
        return {
            "format": FORMAT,
            "version": 1,
            "game": self.game,
            "rules": self.rules,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "deals": self.deals,
            "bots": list(self.names),
            "standings": [standing.to_dict() for standing in self.standings],
            "head_to_head": [item.to_dict() for item in self.head_to_head],
            "games": [game.to_dict() for game in self.games],
        }

    @classmethod
    def from_dict(cls, data: object) -> ArenaResult:
        """Read back :meth:`to_dict`'s output (also after a trip through JSON).

        Only what :func:`run` can return is read: the games in order, by deal from 0 and then
        by rotation (every rotation under duplicate, rotation 0 alone otherwise), each seated as
        its rotation says, with one payoff per seat; as many bots as the rules have seats; the
        rules in their written form; and the figures (``deals``, ``standings`` and
        ``head_to_head``) those of the games, as recomputed from them.

        >>> from cardgames import bots, tailor
        >>> from cardgames.arena import run
        >>> result = run(tailor.Rules(players=2), [bots.RuleBot(), bots.RandomBot()], deals=1)
        >>> data = result.to_dict()
        >>> ArenaResult.from_dict(data) == result
        True
        >>> data["games"][1]["rotation"] = 0
        >>> ArenaResult.from_dict(data)
        Traceback (most recent call last):
        ...
        cardgames.errors.NotationError: invalid arena result: game 1 repeats deal 0, rotation 0

        :raises NotationError: for anything else, quoting the part that is wrong.
        """
        try:
            return cls._read(data)
        except (RulesError, NotationError) as error:
            raise NotationError(f"invalid arena result: {error}") from None

    @classmethod
    def _read(cls, data: object) -> ArenaResult:
        fields = _read_fields(data, _RESULT_KEYS, "arena result")
        if fields["format"] != FORMAT or type(fields["version"]) is not int:
            raise NotationError(
                f"format {quote(fields['format'])}, version {quote(fields['version'])}: "
                f"expected format {FORMAT!r}, version 1"
            )
        if fields["version"] != 1:
            raise NotationError(f"version {quote(fields['version'])}: expected version 1")
        games = _read_list(fields["games"], "games", MAX_DEALS * _MAX_PLAYERS)
        names = _read_list(fields["bots"], "bots", _MAX_PLAYERS)
        result = cls(
            game=fields["game"],
            rules=fields["rules"],
            seed=check_seed(fields["seed"], error=NotationError),
            duplicate=check_bool(fields["duplicate"], "duplicate", error=NotationError),
            names=names,
            games=[_read_game(index, item) for index, item in enumerate(games)],
        )
        if type(fields["deals"]) is not int or fields["deals"] != result.deals:
            raise NotationError(
                f"deals {quote(fields['deals'])}: expected {result.deals}, the deals of the games"
            )
        for key, figures in (
            ("standings", [standing.to_dict() for standing in result.standings]),
            ("head_to_head", [item.to_dict() for item in result.head_to_head]),
        ):
            written = _read_list(fields[key], key, len(figures))
            for index, figure in enumerate(figures):
                if index >= len(written) or written[index] != figure:
                    given = written[index] if index < len(written) else "nothing"
                    raise NotationError(
                        f"{key} item {index} {quote(given)}: expected {figure!r}, the figures "
                        "of the games"
                    )
        return result

    def table(self) -> str:
        """The figures as a small text table (what the command line prints, and ``str()``).

        Names are left-aligned and numbers right-aligned in columns as wide as their longest
        entry. A column of figures that are all whole numbers shows them as such; any other
        shows every figure with three decimals. ``-`` stands for a standard error or an
        interval that one deal cannot give.

        >>> from cardgames import bots, tailor
        >>> from cardgames.arena import run
        >>> result = run(tailor.Rules(players=2), [bots.RuleBot(), bots.RandomBot()], deals=3,
        ...              seed=2)
        >>> print(result.table())
        tailor players=2: 3 deals, seed 2, duplicate; mean payoff (minus the hand left) per deal
          bot       games    mean   s.e.  95% interval
          0:rule        6  -5.500  2.887  [-11.158,  0.158]
          1:random      6  -9.667  0.928  [-11.485, -7.848]
          head to head (first minus second, per deal):
            pair                mean   s.e.  95% interval      won  lost  tied
            0:rule - 1:random  4.167  3.768  [-3.218, 11.551]    2     1     0
        """
        unit = game_registry.named(self.game).score_words
        lines = [
            f"{self.game} {self.rules}: {self.deals} deals, seed {self.seed}, "
            f"{'duplicate' if self.duplicate else 'not duplicate'}; mean {unit} per deal"
        ]
        standings = self.standings
        lines += _columns(
            "  ",
            [
                ("bot", False, [_label(s.entry, s.name) for s in standings]),
                ("games", True, [str(s.games) for s in standings]),
                ("mean", True, _figures([s.mean for s in standings])),
                ("s.e.", True, _figures([s.stderr for s in standings])),
                ("95% interval", False, _intervals([(s.low, s.high) for s in standings])),
            ],
        )
        pairs = self.head_to_head
        if pairs:
            lines.append("  head to head (first minus second, per deal):")
            names = self.names
            lines += _columns(
                "    ",
                [
                    (
                        "pair",
                        False,
                        [
                            f"{_label(c.first, names[c.first])} - "
                            f"{_label(c.second, names[c.second])}"
                            for c in pairs
                        ],
                    ),
                    ("mean", True, _figures([c.mean for c in pairs])),
                    ("s.e.", True, _figures([c.stderr for c in pairs])),
                    ("95% interval", False, _intervals([(c.low, c.high) for c in pairs])),
                    ("won", True, [str(c.wins) for c in pairs]),
                    ("lost", True, [str(c.losses) for c in pairs]),
                    ("tied", True, [str(c.ties) for c in pairs]),
                ],
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        """The :meth:`table` (``repr`` shows the fields, every game included)."""
        return self.table()


def _label(entry: int, name: str) -> str:
    return f"{entry}:{name}"


def _columns(indent: str, columns: Sequence[tuple[str, bool, Sequence[str]]]) -> list[str]:
    """Lines of a table: a header, then a row per item; each column ``(title, is_number,
    cells)`` as wide as its widest cell or title, numbers right-aligned, text left-aligned."""
    widths = [max(len(title), *(len(cell) for cell in cells)) for title, _, cells in columns]

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(width) if number else cell.ljust(width)
            for cell, width, (_, number, _) in zip(cells, widths, columns, strict=True)
        ]
        return (indent + "  ".join(parts)).rstrip()

    rows = len(columns[0][2])
    return [line([title for title, _, _ in columns])] + [
        line([cells[row] for _, _, cells in columns]) for row in range(rows)
    ]


def _figures(values: Sequence[float | None]) -> list[str]:
    """One column's figures: whole numbers if every one is, else all with three decimals;
    ``-`` for None."""
    present = [value for value in values if value is not None]
    whole = all(value.is_integer() and abs(value) < 1e15 for value in present)
    cells = []
    for value in values:
        if value is None:
            cells.append("-")
        elif whole:
            cells.append(str(int(value)))
        else:
            text = f"{value:.3f}"
            cells.append("0.000" if text == "-0.000" else text)
    return cells


def _intervals(ranges: Sequence[tuple[float | None, float | None]]) -> list[str]:
    """One column of intervals, ``[low, high]`` with the lows and the highs aligned."""
    ends = _figures([end for pair in ranges for end in pair])
    lows, highs = ends[0::2], ends[1::2]
    low_width = max(len(low) for low in lows)
    high_width = max(len(high) for high in highs)
    return [
        "-" if low == "-" or high == "-" else f"[{low.rjust(low_width)}, {high.rjust(high_width)}]"
        for low, high in zip(lows, highs, strict=True)
    ]


_RESULT_KEYS: Final = (
    "format",
    "version",
    "game",
    "rules",
    "seed",
    "duplicate",
    "deals",
    "bots",
    "standings",
    "head_to_head",
    "games",
)
_GAME_KEYS: Final = ("deal", "rotation", "seats", "payoffs")


def _read_fields(data: object, keys: Sequence[str], what: str) -> dict[str, Any]:
    """``data`` if it is a dict of exactly ``keys`` (as :meth:`ArenaResult.to_dict` writes)."""
    if not isinstance(data, dict):
        raise NotationError(f"{what} {quote(data)}: expected a dict")
    missing = [key for key in keys if key not in data]
    unknown = [key for key in data if key not in keys]
    if missing or unknown:
        wrong = f"no {quote(missing)}" if missing else f"unknown {quote(unknown)}"
        raise NotationError(f"{what} with {wrong}: expected the keys {', '.join(keys)}")
    return data


def _read_list(value: object, what: str, limit: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise NotationError(f"{what} {quote(value)}: expected a list of at most {limit} items")
    return value


def _read_game(index: int, data: object) -> ArenaGame:
    fields = _read_fields(data, _GAME_KEYS, f"game {index}")
    seats = _read_list(fields["seats"], f"game {index} seats", _MAX_PLAYERS)
    payoffs = _read_list(fields["payoffs"], f"game {index} payoffs", _MAX_PLAYERS)
    return ArenaGame(
        deal=check_int(fields["deal"], f"game {index} deal", low=0, error=NotationError),
        rotation=check_int(
            fields["rotation"], f"game {index} rotation", low=0, error=NotationError
        ),
        seats=seats,
        payoffs=[_read_number(value) for value in payoffs],
    )


def _number(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else str(value)


def _read_number(value: object) -> Fraction:
    """A payoff as :func:`_number` writes it: an int, or a fraction in lowest terms whose
    denominator is not 1 as ``"a/b"``."""
    if type(value) is int:
        return Fraction(value)
    if (
        isinstance(value, str)
        and len(value) <= _MAX_NUMBER_TEXT
        and _FRACTION_TEXT.fullmatch(value)
    ):
        numerator, _, denominator = value.partition("/")
        if int(denominator):
            fraction = Fraction(int(numerator), int(denominator))
            if fraction.denominator != 1 and str(fraction) == value:
                return fraction
    raise NotationError(
        f"invalid payoff {quote(value)}: expected an int or a fraction in lowest terms 'a/b'"
    )


def players_of(rules: AnyRules) -> int:
    """The number of seats of ``rules`` (four for a bridge contract).

    :raises RulesError: if ``rules`` is not a rule set of a registered game.
    """
    return game_registry.of(rules, RulesError, "arena rules").players(rules)


def rotations_of(rules: AnyRules, duplicate: bool) -> range:
    """The rotations of a deal of ``rules``: one without duplicate; under duplicate as many as
    the game asks (:meth:`~cardgames.games.GameDescriptor.rotations`: one per seat, two in
    bridge, whose bots of rotation 0 swap partnerships in rotation 1)."""
    if not duplicate:
        return range(1)
    return range(game_registry.of(rules).rotations(rules))


def _deal_scores(games: Sequence[ArenaGame], entries: int, per_deal: int) -> list[list[Fraction]]:
    """Per deal (in order), each entry's payoff averaged over that deal's games: ``games``
    come deal by deal, ``per_deal`` games each, and every game seats every entry (as the
    result has checked)."""
    rows = []
    for start in range(0, len(games), per_deal):
        totals: list[Fraction | int] = [0] * entries
        for game in games[start : start + per_deal]:
            for entry, payoff in zip(game.seats, game.payoffs, strict=True):
                # Whole payoffs (the usual case) add up as ints: far quicker than Fractions.
                totals[entry] += payoff.numerator if payoff.denominator == 1 else payoff
        rows.append([Fraction(total) / per_deal for total in totals])
    return rows
