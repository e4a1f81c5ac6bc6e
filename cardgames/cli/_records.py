"""Saved records as the command line reads them: every deal (or round) of a record file as
its starting position and the moves played from it, whatever the game.

``cardgames show``, ``cardgames review`` and ``cardgames analyse FILE`` all read files through
:func:`read_record`, so they agree on what a record holds and how its deals are numbered. The
game is told by the record's ``game`` field and looked up in the registry of games
(:mod:`cardgames.games`), so a record of any registered game reads the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

import attrs

from cardgames import _json, games
from cardgames.errors import AnalysisError, NotationError
from cardgames.validation import quote

__all__ = [
    "GAME_NAMES",
    "Played",
    "RecordFile",
    "before_the_play",
    "play_starts",
    "position_after",
    "read_record",
]


class _GameNames(Mapping[str, str]):
    """The games on the command line, each name with its title: every registered game, read
    from the registry when asked (a game registered later is there too)."""

    def __getitem__(self, name: str) -> str:
        game = games.find_named(name)
        if game is None:
            raise KeyError(name)
        return game.title

    def __iter__(self) -> Any:
        return iter([game.name for game in games.registered()])

    def __len__(self) -> int:
        return len(games.registered())

    def __repr__(self) -> str:
        return repr(dict(self))


GAME_NAMES: Final[Mapping[str, str]] = _GameNames()
"""The games the command line knows: each registered game's name and title."""

# Larger than any record a game writes (a Tarot game of five deals is about 10 kB).
_MAX_BYTES: Final = 50_000_000


@attrs.frozen
class Played:
    """One deal or round of a record: where it started and the moves played from there."""

    start: Any
    moves: tuple[Any, ...]

    @property
    def game(self) -> str:
        """The game's name (``"tarot"``, ``"tailor"``, ``"bridge"``, ...)."""
        return games.of(self.start).name

    def states(self) -> list[Any]:
        """The start and the position after each move (``len(moves) + 1`` positions)."""
        states = [self.start]
        for move in self.moves:
            states.append(states[-1].play(move))
        return states

    def discard_moves(self) -> int:
        """How many of the first moves no search judges (the Tarot dealer's discard; 0 for
        the other games, and for French Tarot, whose deals open with the bidding: see
        :func:`play_starts`)."""
        return games.of(self.start).analysis.skipped(self.start)


@attrs.frozen
class RecordFile:
    """A record file read: its path, its game, its deals or rounds and its tags; for the
    record of a whole Tarot game or Chase the Tailor match, the series totals (each seat's
    total payoff, higher is better) and whether the series is finished."""

    path: str
    game: str
    deals: tuple[Played, ...]
    tags: tuple[tuple[str, str], ...] = ()
    totals: tuple[Fraction | int, ...] | None = None
    series_over: bool = False

    @property
    def title(self) -> str:
        """A heading: the game, the rules and where the record came from."""
        descriptor = games.named(self.game)
        rules = descriptor.rules_of(self.deals[0].start) if self.deals else "?"
        return f"{descriptor.title} ({rules}), {self.path}"

    def deal(self, number: int) -> Played:
        """Deal or round ``number``, counted from 1.

        :raises AnalysisError: naming the range if there is no such deal.
        """
        if not 1 <= number <= len(self.deals):
            word = games.named(self.game).deal_word
            raise AnalysisError(
                f"invalid --deal {number}: the record has {len(self.deals)} {word}"
                f"{'s' if len(self.deals) != 1 else ''} (choose 1 to {len(self.deals)})"
            )
        return self.deals[number - 1]


def read_record(path: str) -> RecordFile:
    """Read a record file of any game, telling the game by the record's ``game`` field.

    :raises NotationError: if the file cannot be read or is not a record.
    :raises IllegalMoveError: if a move of the record is not legal where it is played.
    """
    try:
        with Path(path).open("rb") as file:
            data = file.read(_MAX_BYTES + 1)
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the name
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise NotationError(f"cannot read {quote(path)}: {reason}") from None
    if len(data) > _MAX_BYTES:
        raise NotationError(f"cannot read {quote(path)}: larger than any record")
    try:
        text = data.decode("utf-8")
        parsed = _json.loads(text, "record file")
    except ValueError:  # a NotationError (not JSON), or a UnicodeDecodeError
        raise NotationError(f"invalid record file {quote(path)}: not JSON text") from None
    game = _game_of(parsed)
    if game is None:
        known = " or ".join(repr(known.name) for known in games.registered())
        raise NotationError(
            f'invalid record file {quote(path)}: expected a JSON object whose "game" is {known}'
        )
    record = game.loads(text)
    series = record.series_totals()
    return RecordFile(
        path=path,
        game=game.name,
        deals=tuple(Played(start=deal.start(), moves=tuple(deal.moves)) for deal in record.deals),
        tags=tuple((str(name), str(text)) for name, text in dict(record.tags).items()),
        totals=None if series is None else series[0],
        series_over=series is not None and series[1],
    )


def _game_of(parsed: object) -> games.AnyGame | None:
    if not isinstance(parsed, dict):
        return None
    name = parsed.get("game")
    return games.find_named(name) if isinstance(name, str) else None


def play_starts(states: Sequence[Any]) -> int | None:
    """The number of moves after which the play of the cards starts (the first position of
    ``states`` the solver can analyse), or None if no position of ``states`` is in play."""
    for number, state in enumerate(states):
        if games.of(state).analysis.pending(state) is None:
            return number
    return None


def before_the_play(state: Any) -> str | None:
    """What keeps a position from the solver, which analyses the play of the cards: the phase
    it is still in (a Tarot deal's bidding, call, discard or announcement), or None (a
    position in play, or over)."""
    return games.of(state).analysis.pending(state)


def position_after(played: Played, after: int | None) -> tuple[int, Any]:
    """The position after move ``after`` (None: after the last move) and that number.

    :raises AnalysisError: if ``after`` is out of range, or the position is over or still in
        a phase before the play of the cards (a Tarot deal's bidding or discard), saying which
        moves to choose instead.
    """
    total = len(played.moves)
    number = total if after is None else after
    if not 0 <= number <= total:
        raise AnalysisError(
            f"invalid --after {number}: the record has {total} moves "
            f"(choose 0, the start, to {total})"
        )
    states = played.states()
    state = states[number]
    if state.is_over:
        raise AnalysisError(
            f"the deal is over after move {number}: nothing is left to analyse "
            f"(choose --after {_range(played.discard_moves(), _last_open(states))})"
        )
    problem = before_the_play(state)
    if problem is not None:
        start = play_starts(states)
        skipped = played.discard_moves()
        if start is None:
            hint = "the record stops before the play of the cards starts"
        elif skipped and start == skipped:
            kind = games.of(played.start).analysis.unjudged_kind(played.start)
            hint = (
                f"moves 1 to {skipped} of this record are the {kind}, so choose --after "
                f"{_range(start, _last_open(states))}"
            )
        else:
            hint = (
                f"the play of the cards starts after move {start}, so choose --after "
                f"{_range(start, _last_open(states))}"
            )
        raise AnalysisError(
            f"the position after move {number} is {problem}; the solver analyses the play of "
            f"the cards: {hint}"
        )
    return number, state


def _last_open(states: Sequence[Any]) -> int | None:
    return max((n for n, s in enumerate(states) if not s.is_over), default=None)


def _range(first: int, last: int | None) -> str:
    if last is None or last < first:
        return "another deal"
    return str(first) if first == last else f"{first} to {last}"
