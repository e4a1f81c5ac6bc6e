"""Playing against the bots at the terminal: the loop behind ``cardgames play GAME --human SEAT``.

The loop is the same for both games; each game's command module describes its game with a
:class:`Table` (how a move is read, how another seat's move is shown to the human, what
happens between moves, the result) and calls :func:`play_human`.

On the human's turn the loop draws the human's picture of the table (in Tarot, every rules
family alike, :func:`cardgames.tarot.render.state_to_unicode` with the seat: its own hand, the
others' card counts, the trick, and under French rules the bidding, the dog when it is shown,
the poignées, never the partner before the called King falls; in Chase the Tailor the seat's
:meth:`view <cardgames.tailor.State.view>`), lists the legal moves, numbered, and reads one
line from standard input:

* a move in the game's notation (``5S``, ``21T``, ``EX`` in Tarot, and under French rules
  ``pass``, ``garde``, ``call-KH``, ``slam``, ``no-slam``, ``poignee-single``; ``QH``,
  ``draw``, ``dump 7H 7S``, ``TLR QH>2``, ``X1 skip`` in Chase the Tailor) or the number of a
  listed move;
* while the human discards in Tarot, several cards on one line (``2H 4H 1D``): checked as a
  whole (each legal after the ones before it, no card twice, no more than are left to
  discard) and then all discarded, or none if one cannot be;
* ``undo``: back to the human's previous turn, taking back its last entry and every bot's
  move after it (refused, with a message, before the human's first move); the bots may then
  choose differently, as their random streams have moved on;
* ``hint``: the move :class:`~cardgames.bots.pimc.PIMCBot` would choose from the human's view
  (:func:`pimc_hint`: :data:`HINT_WORLDS` deals that agree with what the human can see, each
  solved; at most :data:`HINT_SECONDS` seconds), never from the hidden hands;
* ``help`` (or ``?``) to list these commands, ``quit`` (or ``exit``) to stop.

An entry that cannot be read, or a move that is not legal, is explained (the library's error
message) and asked for again. ``quit`` or the end of input stops the deal cleanly (exit
status 0); the record saved with ``--save`` then holds the moves made so far. The ``--save``
path is checked before the deal starts (its folder must exist and be writable, and it must not
be a folder) but written only at the end, so a command that fails leaves no file behind; a
closed standard input is refused before the deal too. The bots' moves are printed as they are
made, except what the human may not see (a Tarot dealer's or French taker's discard).

With ``--bots`` and no ``--human`` (:func:`run_watch`) bots sit in every seat and a watcher
sees the deal: every move, every hand (:func:`watch_bots`: the whole table drawn at the start,
in Tarot again after every trick, and at the end) and the result. ``--bots`` then names one
bot per seat, or fewer, repeated in seat order (``rule,pimc`` at three seats is rule, pimc,
rule).

Bots are named ``random``, ``rule`` or ``pimc`` (:func:`cardgames.cli.options.parse_bot`, with
its ``:setting=value`` forms), or are the user's own, ``module:Class`` or ``file.py:Class``
(:func:`cardgames.cli.options.load_user_bot`); a PIMC bot given no ``time_per_move`` gets
:data:`PIMC_TIME_PER_MOVE` seconds a move. The bot in seat ``s`` draws from
:func:`cardgames.players.bot_rng` ``(seed, 0, s)``, with the ``--seed`` that also shuffles
the deal, so one command line always gives the same bots' play.
"""

from __future__ import annotations

import os
import random
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, Protocol, TextIO, TypeVar

import attrs

from cardgames.cli.options import parse_bot
from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.render import number
from cardgames.validation import ascii_lower, check_seat, is_ascii_digits, quote

__all__ = [
    "COMMANDS",
    "HELP",
    "HELP_WORDS",
    "HINT_SECONDS",
    "HINT_WORDS",
    "HINT_WORLDS",
    "PIMC_TIME_PER_MOVE",
    "QUIT_WORDS",
    "UNDO_WORDS",
    "Table",
    "bot_names",
    "bots_only_with_human",
    "check_human_args",
    "check_save_path",
    "game_table",
    "human_moves",
    "human_picture",
    "make_bots",
    "pimc_hint",
    "play_human",
    "run_human",
    "run_watch",
    "save_record",
    "watch_bot_names",
    "watch_bots",
]

PIMC_TIME_PER_MOVE: Final = 1.0
"""Seconds a move for a PIMC bot named on the command line without a ``time_per_move``."""
HINT_WORLDS: Final = 12
"""Deals the ``hint`` command samples from the human's view (as many as
:class:`~cardgames.bots.pimc.PIMCBot`'s default)."""
HINT_SECONDS: Final = 2.0
"""The wall-clock cap of one ``hint``, in seconds."""
QUIT_WORDS: Final = ("quit", "exit")
"""Entries that stop the deal."""
HELP_WORDS: Final = ("help", "?")
"""Entries that list the commands."""
UNDO_WORDS: Final = ("undo",)
"""Entries that take back the human's last move."""
HINT_WORDS: Final = ("hint",)
"""Entries that ask the solver for a move."""
HELP: Final = (
    "Type a move in the game's notation or the number of a listed move; 'help' lists the "
    "commands, 'quit' stops (so does the end of input)."
)
COMMANDS: Final = """\
commands:
  MOVE      a move in the game's notation (5S, 21T, EX; QH, draw, dump 7H 7S...)
  NUMBER    the move of that number in the list of legal moves
  CARDS...  Tarot, while you discard: several cards on one line (2H 4H 1D) discard them all,
            checked together first (none is discarded if one cannot be)
  undo      take back your last move and the bots' moves after it (back to your previous turn)
  hint      the move a PIMC bot would choose from your view: it samples deals that agree with
            what you can see and solves each (a few seconds at most); it does not see the
            other hands
  help, ?   this list
  quit      stop the deal (so does the end of input); --save still writes what was played"""
"""What ``help`` prints."""

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
    :param several: how many moves the human may type on one line in a state, all the same
        kind of move separated by spaces or commas (a Tarot discard; None: one).
    :param full_picture: the whole table, every hand shown, for watching bots play.
    :param redraw: given the states before and after a move, whether a watcher is shown the
        table again (a Tarot trick is over; None: only at the start and the end).
    :param chooser: the seat that chooses the next move (None: the seat to move; in bridge
        the declarer chooses the dummy's cards).
    """

    game: str
    parse_move: Callable[[str], M]
    show_move: Callable[[S, M, bool], str]
    events: Callable[[S, S], Sequence[str]]
    result: Callable[[S], str]
    picture: Callable[[S, int], str] | None = None
    legal_moves: Callable[[S, int], tuple[M, ...]] | None = None
    several: Callable[[S], int] | None = None
    full_picture: Callable[[S], str] | None = None
    redraw: Callable[[S, S], bool] | None = None
    chooser: Callable[[S], int] | None = None


def game_table(start: Any, human: int | None = None) -> Table[Any, Any]:
    """The :class:`Table` of the game of ``start`` (a state of any registered game), made from
    its descriptor (:mod:`cardgames.games`): moves read as the game reads them at ``start``,
    told with its ``describe_move`` and ``events``, the human shown its ``seat_text``, a
    watcher its ``state_text``, and the deal's ``deal_text`` at the end (with the human's
    payoff, when there is a human).

    >>> from cardgames import bridge
    >>> table = game_table(bridge.random_position(1, tricks_played=12), human=0)
    >>> table.game
    'Bridge'
    """
    from cardgames import games

    game = games.of(start)

    def result(state: Any) -> str:
        text = game.deal_text(state)
        if human is not None:
            payoff = number(state.payoffs()[human])
            text += f"\nyou (seat {human}): payoff {payoff}"
        return text

    return Table(
        game=game.title,
        parse_move=lambda text: game.parse_move(text, start),
        show_move=lambda state, move, own: game.describe_move(state, move, seen=own),
        events=game.events,
        result=result,
        picture=game.seat_text,
        legal_moves=lambda state, seat: (
            game.view(state, seat).legal_moves()
            if not state.is_over and game.chooser(state) == seat
            else ()
        ),
        full_picture=game.state_text,
        chooser=game.chooser,
    )


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
    out.flush()  # a watcher (or a pipe) sees each line as it is made


def _listing(moves: Sequence[object]) -> str:
    # A no-break space keeps each number with its move when the line is wrapped.
    items = "  ".join(f"{n})\N{NO-BREAK SPACE}{move}" for n, move in enumerate(moves, 1))
    text = textwrap.fill("legal moves: " + items, width=_WIDTH, subsequent_indent="  ")
    return text.replace("\N{NO-BREAK SPACE}", " ")


_UNDO: Final = "undo"
"""What :func:`_ask` returns for ``undo``."""
_Entry = tuple[Any, ...] | str | None


def _human_moves(state: S, human: int, table: Table[S, M]) -> tuple[M, ...]:
    if table.legal_moves is not None:
        return table.legal_moves(state, human)
    view: _View[M] = state.view(human)
    return view.legal_moves()


def _picture(state: S, human: int, table: Table[S, M]) -> str:
    if table.picture is not None:
        return table.picture(state, human)
    return state.view(human).to_unicode()


def human_picture(state: S, human: int, table: Table[S, M]) -> str:
    """What the human is shown before each of its moves (``table.picture``, or the seat's
    view): only what that seat knows. ``cardgames serve`` shows the same."""
    return _picture(state, human, table)


def human_moves(state: S, human: int, table: Table[S, M]) -> tuple[M, ...]:
    """The human's legal moves, as the prompt lists them (``cardgames serve`` too)."""
    return _human_moves(state, human, table)


def _ask(
    state: S,
    human: int,
    table: Table[S, M],
    stdin: TextIO,
    out: TextIO,
    *,
    can_undo: bool,
    hint: Callable[[S], tuple[object, str]] | None,
) -> tuple[M, ...] | str | None:
    """The human's entry: the moves to make (one, or a whole Tarot discard), :data:`_UNDO`,
    or None to stop (quit or end of input)."""
    moves = _human_moves(state, human, table)
    _say(out)
    _say(out, _picture(state, human, table))
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
        lowered = ascii_lower(text)
        if lowered in QUIT_WORDS:
            _say(out, "the deal is stopped")
            return None
        if lowered in HELP_WORDS:
            _say(out, HELP)
            _say(out, COMMANDS)
            _say(out, _listing(moves))
            continue
        if lowered in UNDO_WORDS:
            if can_undo:
                return _UNDO
            _say(out, "nothing to undo: you have not made a move yet in this deal")
            continue
        if lowered in HINT_WORDS:
            if hint is None:
                _say(out, "no hint here")
                continue
            _say(out, "thinking...")
            move, how = hint(state)
            listed = f" (number {moves.index(move) + 1})" if move in moves else ""
            _say(out, f"hint: {move}{listed}, {how}")
            continue
        if is_ascii_digits(text) and len(text) < 6:
            number = int(text)
            if 1 <= number <= len(moves):
                return (moves[number - 1],)
            _say(out, f"no move number {number}: choose 1 to {len(moves)}, or type a move")
            continue
        several = 1 if table.several is None else table.several(state)
        tokens = text.replace(",", " ").split()
        if several > 1 and len(tokens) > 1:
            entered = _read_several(state, human, table, text, tokens, several)
            if isinstance(entered, str):
                _say(out, entered)
                _say(out, _listing(moves))
                continue
            return entered
        try:
            move = table.parse_move(text)
        except NotationError as error:
            _say(out, f"cannot read {quote(text)}: {error}")
            continue
        if move in moves:
            return (move,)
        _say(out, f"not allowed: {_why_illegal(state, move, text)}")
        _say(out, _listing(moves))


def _why_illegal(state: S, move: object, text: str) -> str:
    try:
        state.play(move)
    except IllegalMoveError as error:
        return str(error)
    # legal for the state yet not listed by the view: should not happen
    return f"{quote(text)} is not one of the legal moves"


def _read_several(
    state: S, human: int, table: Table[S, M], text: str, tokens: Sequence[str], several: int
) -> tuple[M, ...] | str:
    """Several moves typed on one line (a whole Tarot discard), checked as a whole: the moves,
    each legal after the ones before it, or the message saying why none is made."""
    if len(tokens) > several:
        return (
            f"not allowed: {quote(text)} has {len(tokens)} cards but {several} are still to "
            "be discarded; none was discarded"
        )
    moves: list[M] = []
    for token in tokens:
        try:
            moves.append(table.parse_move(token))
        except NotationError as error:
            return f"cannot read {quote(token)} in {quote(text)}: {error}; none was discarded"
    for index, move in enumerate(moves):
        if move in moves[:index]:
            return f"not allowed: {quote(tokens[index])} is typed twice; none was discarded"
    after = state
    for token, move in zip(tokens, moves, strict=True):
        if after.to_move != human or move not in _human_moves(after, human, table):
            reason = _why_illegal(after, move, token)
            return f"not allowed: {reason}; none of {quote(text)} was discarded"
        after = after.play(move)  # type: ignore[assignment]  # a game's play gives its State
    return tuple(moves)


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty()) if callable(isatty) else False


def _check_stdin(stdin: TextIO | None) -> TextIO:
    if stdin is None or getattr(stdin, "readline", None) is None:
        raise RulesError(
            "--human needs standard input to read your moves, but standard input is closed; "
            "run the command at a terminal or pipe the moves in (or use --bots alone to "
            "watch the bots play)"
        )
    return stdin


def play_human(
    state: S,
    *,
    human: int,
    players: Sequence[Callable[[S], M] | None],
    table: Table[S, M],
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    hint: Callable[[S], tuple[object, str]] | None = None,
) -> tuple[S, bool]:
    """Play ``state`` with the human in seat ``human`` and ``players[s]`` (a strategy, bots
    already wrapped) in every other seat; returns the last state and whether the deal was
    played to its end (False when the human stopped).

    ``undo`` goes back to the human's previous turn: the state in which the human made its
    last entry, taking back that entry's moves (a whole discard typed on one line is one
    entry) and every bot's move after them.

    :param stdin: where entries are read (default: ``sys.stdin`` at the time of the call).
    :param out: where the table and messages go (default: ``sys.stdout``).
    :param hint: what ``hint`` answers, given the state: a move and how it was found (None:
        no hint).
    :raises RulesError: if there is no standard input to read (it is closed).
    """
    stdin = _check_stdin(sys.stdin if stdin is None else stdin)
    out = sys.stdout if out is None else out
    turns: list[S] = []  # the states of the human's earlier entries, for undo
    while not state.is_over:
        seat = state.to_move if table.chooser is None else table.chooser(state)
        if seat == human:
            entry = _ask(state, human, table, stdin, out, can_undo=bool(turns), hint=hint)
            if entry is None:
                return state, False
            if isinstance(entry, str):  # undo
                state = turns.pop()
                _say(out, "taken back: your last move and the moves after it")
                continue
            turns.append(state)
            for move in entry:
                state = _make(state, move, seat, table, out, own=True, you=True)
        else:
            player = players[seat]
            assert player is not None  # every seat but the human's has a player
            state = _make(state, player(state), seat, table, out, own=False, you=False)
    _say(out)
    _say(out, table.result(state))
    return state, True


def _make(
    state: S, move: M, seat: int, table: Table[S, M], out: TextIO, *, own: bool, you: bool
) -> S:
    """Play ``move`` and tell it (and what it brings about); ``own``: whether the one told
    may see all of it (the human's own move, or a watcher's), ``you``: the human's move."""
    mover = f"seat {seat} (you)" if you else f"seat {seat}"
    _say(out, f"{mover}: {table.show_move(state, move, own)}")
    after: S = state.play(move)  # type: ignore[assignment]  # a game's play gives its State
    for line in table.events(state, after):
        _say(out, line)
    return after


def watch_bots(
    state: S,
    *,
    players: Sequence[Callable[[S], M]],
    table: Table[S, M],
    out: TextIO | None = None,
) -> S:
    """Play ``state`` out with ``players[s]`` in every seat, telling every move to a watcher
    who sees the whole table: ``table.full_picture`` first, again whenever ``table.redraw``
    says (a Tarot trick is over), and at the end, then ``table.result``. Returns the final
    state."""
    out = sys.stdout if out is None else out
    full = table.full_picture
    if full is not None:
        _say(out)
        _say(out, full(state))
    drawn = True
    while not state.is_over:
        seat = state.to_move if table.chooser is None else table.chooser(state)
        after = _make(state, players[seat](state), seat, table, out, own=True, you=False)
        drawn = full is not None and table.redraw is not None and table.redraw(state, after)
        if drawn and full is not None:
            _say(out)
            _say(out, full(after))
        state = after
    if full is not None and not drawn:
        _say(out)
        _say(out, full(state))
    _say(out)
    _say(out, table.result(state))
    return state


def check_human_args(human: object, *, game: bool, rounds: int, json: bool) -> None:
    """Refuse what ``--human`` (or ``--bots`` alone, which plays one deal too) does not
    combine with.

    :raises RulesError: with ``--game``, ``--rounds`` above 1 or ``--json``.
    """
    flag = "--human" if human is not None else "--bots"
    if game or rounds != 1:
        which = "--game" if game else f"--rounds {rounds}"
        raise RulesError(f"{flag} plays one deal: {which} cannot be combined with it")
    if json:
        raise RulesError(f"{flag} cannot be combined with --json (use --save FILE)")


def check_save_path(path: str) -> None:
    """Check, before a deal is played, that the record can be written to ``path`` later: its
    folder exists and may be written in, and it is not a folder itself. Nothing is created:
    a deal stopped before its first move still writes its record at the end, and a command
    that fails before the deal leaves no file behind.

    :raises RulesError: quoting the path and saying what is wrong.
    """
    where = quote(path)
    if not path.strip():
        raise RulesError("invalid --save '': expected a file name")
    if os.path.isdir(path):
        raise RulesError(f"cannot save the record to {where}: it is a directory")
    folder = os.path.dirname(path) or os.curdir
    if not os.path.isdir(folder):
        raise RulesError(f"cannot save the record to {where}: no directory {quote(folder)}")
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            raise RulesError(f"cannot save the record to {where}: the file is not writable")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise RulesError(
            f"cannot save the record to {where}: the directory {quote(folder)} is not writable"
        )


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
    """Refuse ``--save`` without ``--human`` or ``--bots`` (a deal played by random players
    prints its record with ``--json``).

    :raises RulesError: naming the option given.
    """
    given = getattr(args, "human", None) is not None or getattr(args, "bots", None) is not None
    if getattr(args, "save", None) is not None and not given:
        raise RulesError("--save needs --human SEAT (the seat you play) or --bots NAMES")


def watch_bot_names(text: str, players: int) -> tuple[str, ...]:
    """The ``--bots`` names without ``--human``: one per seat, or fewer, repeated in seat
    order to fill the table.

    :raises RulesError: for more names than seats, or an empty name.

    >>> watch_bot_names('rule,pimc', 3)
    ('rule', 'pimc', 'rule')
    >>> watch_bot_names('random', 4)
    ('random', 'random', 'random', 'random')
    """
    names = tuple(part.strip() for part in text.split(","))
    if len(names) > players:
        raise RulesError(
            f"invalid --bots {quote(text)}: {len(names)} bots for {players} seats; expected "
            f"at most one name per seat (fewer are repeated in seat order)"
        )
    return tuple(names[seat % len(names)] for seat in range(players))


def pimc_hint(
    seed: int, human: int, view: Callable[[Any, int], Any] | None = None
) -> Callable[[Any], tuple[object, str]]:
    """What ``hint`` answers: the move :class:`~cardgames.bots.pimc.PIMCBot` chooses from the
    human's view (:data:`HINT_WORLDS` worlds, at most :data:`HINT_SECONDS` seconds), said to
    come from the view only. The ``n``-th hint of a deal draws its worlds from
    ``derive_seed(seed, "hint", n)``. ``view`` makes the human's view of a state (default:
    ``state.view(seat)``; ``cardgames serve`` passes the game's
    :meth:`~cardgames.games.GameDescriptor.view`)."""
    from cardgames import games
    from cardgames.bots import PIMCBot
    from cardgames.validation import derive_seed

    bot = PIMCBot(worlds=HINT_WORLDS, time_per_move=HINT_SECONDS)
    asked = [0]

    def hint(state: Any) -> tuple[object, str]:
        seen = state.view(human) if view is None else view(state, human)
        asked[0] += 1
        move = bot.choose(seen, random.Random(derive_seed(seed, "hint", asked[0])))
        # Before the play of the cards (Tarot's bidding or discard) the solver has nothing to
        # say, and PIMC follows the rule bot.
        if games.of(state).analysis.pending(state) is not None:
            how = (
                "the PIMC bot's choice from your view; outside the play of the cards it "
                "follows the rule bot's rules of thumb, the solver judges only cards"
            )
        else:
            how = (
                f"the PIMC bot's choice from your view only: up to {HINT_WORLDS} deals that "
                "agree with what you can see, each solved, the move best on average (at "
                f"most {HINT_SECONDS:g} s; it does not see the other hands)"
            )
        return move, how

    return hint


def _not_called(state: object) -> object:
    raise AssertionError("the human's seat is played at the prompt")


def _check_before_play(save: str | None) -> None:
    if save is not None:
        check_save_path(save)


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

    Standard input and the ``--save`` path are checked before the deal starts.

    :param players: the number of seats.
    :param bots: the ``--bots`` text (None: rule bots).
    :param seed: seeds the bots (:func:`cardgames.players.bot_rng` ``(seed, 0, seat)``)
        and the hints.
    :param view: the game's ``State.view``.
    :param heading: the first line printed (the game, rules and seed).
    :param record_text: the record of a state, with tags, as JSON text.
    :param save: the file to write the record to, or None.
    :returns: the exit status, 0 (also when the human stops early).
    :raises RulesError: for a bad seat, bot names or file, or a closed standard input.
    """
    from cardgames.players import bot_seed, seat_players

    names = bot_names(bots, players, human)
    made = list(make_bots(names))
    stdin = _check_stdin(sys.stdin)
    _check_before_play(save)
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
    final, finished = play_human(
        state,
        human=human,
        players=wrapped,
        table=table,
        stdin=stdin,
        hint=pimc_hint(seed, human),
    )
    if save is not None:
        tags = {
            f"seat {seat}": label if seat != human else "human" for seat, label in enumerate(labels)
        }
        if not finished:
            tags["note"] = "stopped before the end"
        save_record(save, record_text(final, tags))
    return 0


def run_watch(
    state: S,
    *,
    players: int,
    bots: str,
    seed: int,
    table: Table[S, M],
    view: Callable[[S, int], object],
    heading: str,
    record_text: Callable[[S, Mapping[str, str]], str],
    save: str | None,
) -> int:
    """The whole ``--bots`` command without ``--human``: bots in every seat, the deal told
    move by move with the whole table drawn (:func:`watch_bots`), the record saved.

    :param bots: the ``--bots`` text (:func:`watch_bot_names`).
    :returns: the exit status, 0.
    :raises RulesError: for bad bot names or file.
    """
    from cardgames.players import bot_seed, seat_players

    names = watch_bot_names(bots, players)
    made = make_bots(names)
    _check_before_play(save)
    wrapped: list[Callable[[S], M]] = list(
        seat_players(made, players, table.game, view=view, seed=bot_seed(seed))  # type: ignore[arg-type]
    )
    out = sys.stdout
    _say(out, heading)
    _say(out, "seats: " + ", ".join(f"{seat} {name}" for seat, name in enumerate(names)))
    final = watch_bots(state, players=wrapped, table=table, out=out)
    if save is not None:
        tags = {f"seat {seat}": name for seat, name in enumerate(names)}
        save_record(save, record_text(final, tags))
    return 0
