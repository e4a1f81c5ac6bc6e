"""Playing against the bots at the terminal: the loop behind ``cardgames play GAME --human SEAT``.

The loop is the same for both games; each game's command module describes its game with a
:class:`Table` (how a move is read, how another seat's move is shown to the human, what
happens between moves, the result) and calls :func:`play_human`.

On the human's turn the loop draws the human's :meth:`view <cardgames.tarot.State.view>`
(``view.to_unicode()``: the human's own hand and what is public, never another hand), lists
the legal moves, numbered, and reads one line from standard input:

* a move in the game's notation (``5S``, ``21T``, ``EX`` in Tarot, and under French rules
  ``pass``, ``garde``, ``call-KH``, ``slam``, ``no-slam``, ``poignee-single``; ``QH``,
  ``draw``, ``dump 7H 7S``, ``TLR QH>2``, ``X1 skip`` in Chase the Tailor) or the number of a
  listed move;
* ``help`` (or ``?``) to see this again, ``quit`` (or ``exit``) to stop.

An entry that cannot be read, or a move that is not legal, is explained (the library's error
message) and asked for again. ``quit`` or the end of input stops the deal cleanly (exit
status 0); the record saved with ``--save`` then holds the moves made so far. The bots' moves
are printed as they are made, except what the human may not see (a Tarot dealer's or French
taker's discard). A French Tarot seat is shown its own picture of the table
(:func:`cardgames.tarot.render.state_to_unicode` with the seat): its hand, the bidding, the
dog when it is shown, the poignées, never another hand nor the partner before the called King
falls.

Bots are named ``random``, ``rule`` or ``pimc`` (:func:`cardgames.arena_cli.parse_bot`, with
its ``:setting=value`` forms); a PIMC bot given no ``time_per_move`` gets
:data:`PIMC_TIME_PER_MOVE` seconds a move. The bot in seat ``s`` draws from
:func:`cardgames.strategies.bot_rng` ``(seed, 0, s)``, with the ``--seed`` that also shuffles
the deal, so one command line always gives the same bots' play.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, Protocol, TextIO, TypeVar

import attrs

from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.validation import check_seat, quote

__all__ = [
    "HELP",
    "PIMC_TIME_PER_MOVE",
    "QUIT_WORDS",
    "Table",
    "bot_names",
    "bots_only_with_human",
    "check_human_args",
    "make_bots",
    "play_human",
    "run_human",
    "save_record",
]

PIMC_TIME_PER_MOVE: Final = 1.0
"""Seconds a move for a PIMC bot named on the command line without a ``time_per_move``."""
QUIT_WORDS: Final = ("quit", "exit")
"""Entries that stop the deal."""
HELP: Final = (
    "Type a move in the game's notation or the number of a listed move; 'help' shows this, "
    "'quit' stops (so does the end of input)."
)

_WIDTH: Final = 100
M = TypeVar("M")
_M_co = TypeVar("_M_co", covariant=True)


class _View(Protocol[_M_co]):
    def to_unicode(self) -> str: ...

    def legal_moves(self) -> tuple[_M_co, ...]: ...


S = TypeVar("S", bound="_State[Any]")


class _State(Protocol[M]):
    @property
    def is_over(self) -> bool: ...

    @property
    def to_move(self) -> int: ...

    def play(self, move: M) -> _State[M]: ...

    def view(self, seat: int) -> _View[M]: ...


@attrs.frozen
class Table(Generic[S, M]):
    """What the loop needs to know about one game.

    :param game: the game's name, for messages.
    :param parse_move: reads a move from the human's entry (raises NotationError).
    :param show_move: how a move made in a state is told to the human, given whether it is
        the human's own (another seat's move may hide what the human may not see).
    :param events: what the human sees happen between two states (a trick won...).
    :param result: the text shown at the end of the deal.
    :param picture: what the human is shown before each of its moves, given the state and
        the human's seat (None: the seat's view, ``state.view(seat).to_unicode()``); it must
        show only what that seat knows.
    :param legal_moves: the human's legal moves, given the state and the seat (None: the
        view's ``legal_moves()``).
    """

    game: str
    parse_move: Callable[[str], M]
    show_move: Callable[[S, M, bool], str]
    events: Callable[[S, S], Sequence[str]]
    result: Callable[[S], str]
    picture: Callable[[S, int], str] | None = None
    legal_moves: Callable[[S, int], tuple[M, ...]] | None = None


def bot_names(text: str | None, players: int, human: int) -> tuple[str, ...]:
    """The ``--bots`` names, one for every seat but the human's (``rule`` for each if None).

    :raises RulesError: for a seat that is not one, or the wrong number of names.

    >>> bot_names('pimc,random', 3, 1)
    ('pimc', 'random')
    >>> bot_names(None, 4, 0)
    ('rule', 'rule', 'rule')
    >>> bot_names('rule', 3, 0)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid --bots 'rule': 1 bot for the 2 seats other than the
    human's (seat 0); expected 2 names (random, rule or pimc) in seat order
    """
    check_seat(human, players, "--human seat")
    if text is None:
        return ("rule",) * (players - 1)
    names = tuple(part.strip() for part in text.split(","))
    if len(names) != players - 1:
        count = f"{len(names)} bot{'s' if len(names) != 1 else ''}"
        raise RulesError(
            f"invalid --bots {quote(text)}: {count} for the {players - 1} seats other than the "
            f"human's (seat {human}); expected {players - 1} names (random, rule or pimc) in "
            "seat order"
        )
    return names


def make_bots(names: Sequence[str]) -> tuple[object, ...]:
    """The bots named (see the module doc); a PIMC bot without ``time_per_move`` gets
    :data:`PIMC_TIME_PER_MOVE`.

    :raises RulesError: for an unknown bot or a bad setting.

    >>> [type(bot).__name__ for bot in make_bots(['rule', 'random', 'pimc:worlds=4'])]
    ['RuleBot', 'RandomBot', 'PIMCBot']
    >>> make_bots(['pimc'])[0].time_per_move
    1.0
    """
    from cardgames.arena_cli import parse_bot
    from cardgames.bots import PIMCBot

    bots: list[object] = []
    for name in names:
        bot = parse_bot(name)
        if isinstance(bot, PIMCBot) and bot.time_per_move is None:
            bot = attrs.evolve(bot, time_per_move=PIMC_TIME_PER_MOVE)
        bots.append(bot)
    return tuple(bots)


def _say(out: TextIO, text: str = "") -> None:
    out.write(text + "\n")


def _listing(moves: Sequence[object]) -> str:
    # A no-break space keeps each number with its move when the line is wrapped.
    items = "  ".join(f"{n})\N{NO-BREAK SPACE}{move}" for n, move in enumerate(moves, 1))
    text = textwrap.fill("legal moves: " + items, width=_WIDTH, subsequent_indent="  ")
    return text.replace("\N{NO-BREAK SPACE}", " ")


def _ask(state: S, human: int, table: Table[S, M], stdin: TextIO, out: TextIO) -> M | None:
    """The human's move, or None to stop (quit or end of input)."""
    view = state.view(human)
    moves: tuple[M, ...] = (
        view.legal_moves() if table.legal_moves is None else table.legal_moves(state, human)
    )
    _say(out)
    _say(out, view.to_unicode() if table.picture is None else table.picture(state, human))
    _say(out, _listing(moves))
    while True:
        out.write(f"your move (seat {human}): ")
        out.flush()
        line = stdin.readline()
        if not line:
            _say(out)
            _say(out, "end of input: the deal is stopped")
            return None
        text = line.strip()
        if not _is_terminal(stdin):
            _say(out, text)  # entries read from a file or pipe are echoed, so the output reads
        if not text:
            continue
        lowered = text.lower()
        if lowered in QUIT_WORDS:
            _say(out, "the deal is stopped")
            return None
        if lowered in ("help", "?"):
            _say(out, HELP)
            _say(out, _listing(moves))
            continue
        if text.isdigit() and len(text) < 6:
            number = int(text)
            if 1 <= number <= len(moves):
                return moves[number - 1]
            _say(out, f"no move number {number}: choose 1 to {len(moves)}, or type a move")
            continue
        try:
            move = table.parse_move(text)
        except NotationError as error:
            _say(out, f"cannot read {quote(text)}: {error}")
            continue
        if move in moves:
            return move
        try:
            state.play(move)
        except IllegalMoveError as error:
            _say(out, f"not allowed: {error}")
        else:  # legal for the state yet not listed by the view: should not happen
            _say(out, f"not allowed: {quote(text)} is not one of the legal moves")
        _say(out, _listing(moves))


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty()) if callable(isatty) else False


def play_human(
    state: S,
    *,
    human: int,
    players: Sequence[Callable[[S], M] | None],
    table: Table[S, M],
    stdin: TextIO | None = None,
    out: TextIO | None = None,
) -> tuple[S, bool]:
    """Play ``state`` with the human in seat ``human`` and ``players[s]`` (a strategy, bots
    already wrapped) in every other seat; returns the last state and whether the deal was
    played to its end (False when the human stopped).

    :param stdin: where entries are read (default: ``sys.stdin`` at the time of the call).
    :param out: where the table and messages go (default: ``sys.stdout``).
    """
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    while not state.is_over:
        seat = state.to_move
        if seat == human:
            move = _ask(state, human, table, stdin, out)
            if move is None:
                return state, False
        else:
            player = players[seat]
            assert player is not None  # every seat but the human's has a player
            move = player(state)
        mover = f"seat {seat} (you)" if seat == human else f"seat {seat}"
        _say(out, f"{mover}: {table.show_move(state, move, seat == human)}")
        after: S = state.play(move)  # type: ignore[assignment]  # a game's play gives its State
        for line in table.events(state, after):
            _say(out, line)
        state = after
    _say(out)
    _say(out, table.result(state))
    return state, True


def check_human_args(human: object, *, game: bool, rounds: int, json: bool) -> None:
    """Refuse what ``--human`` does not combine with.

    :raises RulesError: with ``--game``, ``--rounds`` above 1 or ``--json``.
    """
    if game or rounds != 1:
        which = "--game" if game else f"--rounds {rounds}"
        raise RulesError(f"--human plays one deal: {which} cannot be combined with it")
    if json:
        raise RulesError("--human cannot be combined with --json (use --save FILE)")


def save_record(path: str, text: str, out: TextIO | None = None) -> None:
    """Write a record's text to ``path`` and say so.

    :raises RulesError: if the file cannot be written (quoting the path and the reason).
    """
    out = sys.stdout if out is None else out
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text + "\n")
    except OSError as error:
        raise RulesError(f"cannot save the record to {quote(path)}: {error.strerror}") from None
    _say(out, f"record saved to {path}")


def bots_only_with_human(args: object) -> None:
    """Refuse ``--bots`` or ``--save`` without ``--human``.

    :raises RulesError: naming the option given.
    """
    for flag, dest in (("--bots", "bots"), ("--save", "save")):
        if getattr(args, dest, None) is not None and getattr(args, "human", None) is None:
            raise RulesError(f"{flag} needs --human SEAT (the seat you play)")


def _not_called(state: object) -> object:
    raise AssertionError("the human's seat is played at the prompt")


def run_human(
    state: S,
    *,
    players: int,
    human: int,
    bots: str | None,
    seed: int,
    table: Table[S, M],
    view: Callable[[S, int], object],
    heading: str,
    record_text: Callable[[S, Mapping[str, str]], str],
    save: str | None,
) -> int:
    """The whole ``--human`` command: name the seats, play, show the result, save the record.

    :param players: the number of seats.
    :param bots: the ``--bots`` text (None: rule bots).
    :param seed: seeds the bots (:func:`cardgames.strategies.bot_rng` ``(seed, 0, seat)``).
    :param view: the game's ``State.view``.
    :param heading: the first line printed (the game, rules and seed).
    :param record_text: the record of a state, with tags, as JSON text.
    :param save: the file to write the record to, or None.
    :returns: the exit status, 0 (also when the human stops early).
    :raises RulesError: for a bad seat, bot names or file.
    """
    from cardgames.strategies import bot_seed, seat_players

    names = bot_names(bots, players, human)
    made = list(make_bots(names))
    made.insert(human, _not_called)
    wrapped: list[Callable[[S], M] | None] = list(
        seat_players(made, players, table.game, view=view, seed=bot_seed(seed))  # type: ignore[arg-type]
    )
    wrapped[human] = None
    labels = list(names)
    labels.insert(human, "you")
    out = sys.stdout
    _say(out, heading)
    _say(out, "seats: " + ", ".join(f"{seat} {label}" for seat, label in enumerate(labels)))
    _say(out, HELP)
    final, finished = play_human(state, human=human, players=wrapped, table=table)
    if save is not None:
        tags = {
            f"seat {seat}": label if seat != human else "human" for seat, label in enumerate(labels)
        }
        if not finished:
            tags["note"] = "stopped before the end"
        save_record(save, record_text(final, tags))
    return 0
