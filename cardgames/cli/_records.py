"""Saved records as the command line reads them: every deal (Tarot) or round (Chase the
Tailor) of a record file as its starting position and the moves played from it.

``cardgames show``, ``cardgames review`` and ``cardgames analyse FILE`` all read files through
:func:`read_record`, so they agree on what a record holds and how its deals are numbered.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

import attrs

from cardgames import _json, tailor, tarot
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

GAME_NAMES: Final = {"tarot": "Tarot", "tailor": "Chase the Tailor"}

# Larger than any record a game writes (a Tarot game of five deals is about 10 kB).
_MAX_BYTES: Final = 50_000_000


@attrs.frozen
class Played:
    """One deal or round of a record: where it started and the moves played from there."""

    start: tarot.State | tailor.State
    moves: tuple[tarot.Move, ...] | tuple[tailor.Move, ...]

    @property
    def game(self) -> str:
        """``"tarot"`` or ``"tailor"``."""
        return "tarot" if isinstance(self.start, tarot.State) else "tailor"

    def states(self) -> list[tarot.State | tailor.State]:
        """The start and the position after each move (``len(moves) + 1`` positions)."""
        states = [self.start]
        for move in self.moves:
            states.append(states[-1].play(move))  # type: ignore[arg-type]
        return states

    def discard_moves(self) -> int:
        """How many of the moves are the Tarot dealer's discard (0 for Chase the Tailor, and
        for French Tarot, whose deals open with the bidding: see :func:`play_starts`)."""
        if not isinstance(self.start, tarot.State):
            return 0
        return self.start.discard_remaining if self.start.phase is tarot.Phase.DISCARD else 0


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
        rules = self.deals[0].start.rules if self.deals else "?"
        return f"{GAME_NAMES[self.game]} ({rules}), {self.path}"

    def deal(self, number: int) -> Played:
        """Deal or round ``number``, counted from 1.

        :raises AnalysisError: naming the range if there is no such deal.
        """
        if not 1 <= number <= len(self.deals):
            word = "deal" if self.game == "tarot" else "round"
            raise AnalysisError(
                f"invalid --deal {number}: the record has {len(self.deals)} {word}"
                f"{'s' if len(self.deals) != 1 else ''} (choose 1 to {len(self.deals)})"
            )
        return self.deals[number - 1]


def read_record(path: str) -> RecordFile:
    """Read a record file of either game, telling the game by the record's ``game`` field.

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
        raise NotationError(
            f'invalid record file {quote(path)}: expected a JSON object whose "game" is '
            "'tarot' or 'tailor'"
        )
    record: Any = tarot.loads(text) if game == "tarot" else tailor.loads(text)
    deals = getattr(record, "deals", None)
    if deals is None:  # a Chase the Tailor record of the layout before the shared one
        deals = (record,)
    tags = getattr(record, "tags", None) or {}
    series: tarot.Game | tailor.Match | None = None
    if getattr(record, "is_series", False):
        series = record.game() if game == "tarot" else record.match()
    return RecordFile(
        path=path,
        game=game,
        deals=tuple(Played(start=deal.start(), moves=tuple(deal.moves)) for deal in deals),
        tags=tuple((str(name), str(text)) for name, text in dict(tags).items()),
        totals=None if series is None else tuple(series.totals),
        series_over=series is not None and series.is_over,
    )


def _game_of(parsed: object) -> str | None:
    if not isinstance(parsed, dict):
        return None
    game = parsed.get("game")
    return str(game) if game in GAME_NAMES else None


def play_starts(states: Sequence[tarot.State | tailor.State]) -> int | None:
    """The number of moves after which the play of the cards starts (the first position of
    ``states`` in the play phase, or in Chase the Tailor the first position), or None if no
    position of ``states`` is in play."""
    for number, state in enumerate(states):
        if not isinstance(state, tarot.State) or state.phase is tarot.Phase.PLAY:
            return number
    return None


_PHASE_WORDS: Final = {
    "bidding": "the bidding, where seat {seat} is to bid",
    "call": "the call, where the taker, seat {seat}, is to call a card",
    "announce": "the announcement, where the taker, seat {seat}, is to announce a slam or not",
    "discard": "the discard, where seat {seat} is to discard {left} more card{plural}",
}


def before_the_play(state: tarot.State | tailor.State) -> str | None:
    """What keeps a Tarot position from the solver, which analyses the play of the cards: the
    phase it is still in (the bidding, the call, the discard or the announcement), or None
    (a position in play, over, or of Chase the Tailor)."""
    if not isinstance(state, tarot.State) or state.phase.value not in _PHASE_WORDS:
        return None
    left = state.discard_remaining
    seat = state.discarder if state.phase is tarot.Phase.DISCARD else state.to_move
    phase = _PHASE_WORDS[state.phase.value].format(
        seat=seat, left=left, plural="s" if left != 1 else ""
    )
    return f"still in {phase}"


def position_after(played: Played, after: int | None) -> tuple[int, tarot.State | tailor.State]:
    """The position after move ``after`` (None: after the last move) and that number.

    :raises AnalysisError: if ``after`` is out of range, or the position is over or still in
        the Tarot discard phase, saying which moves to choose instead.
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
    if isinstance(state, tarot.State) and state.rules.bidding and before_the_play(state):
        start = play_starts(states)
        hint = (
            "the record stops before the play of the cards starts"
            if start is None
            else f"the play of the cards starts after move {start}, so choose --after "
            f"{_range(start, _last_open(states))}"
        )
        raise AnalysisError(
            f"the position after move {number} is {before_the_play(state)}; the solver "
            f"analyses the play of the cards, which starts once the taker has announced: {hint}"
        )
    if isinstance(state, tarot.State) and state.phase is tarot.Phase.DISCARD:
        discard = played.discard_moves()
        hint = (
            f"moves 1 to {discard} of this record are the discard, so choose --after "
            f"{_range(discard, _last_open(states))}"
            if discard <= total
            else "the record stops before the discard is finished: play the discard first"
        )
        left = state.discard_remaining
        raise AnalysisError(
            f"the position after move {number} is still in the discard phase (the dealer, seat "
            f"{state.dealer}, has {left} more card{'s' if left != 1 else ''} to set aside); the "
            f"solver analyses the play of the cards, which starts after the discard: {hint}"
        )
    return number, state


def _last_open(states: Sequence[tarot.State | tailor.State]) -> int | None:
    return max((n for n, s in enumerate(states) if not s.is_over), default=None)


def _range(first: int, last: int | None) -> str:
    if last is None or last < first:
        return "another deal"
    return str(first) if first == last else f"{first} to {last}"
