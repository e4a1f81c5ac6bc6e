"""``cardgames batch``: analyse a file of positions, one JSON object a line, into another.

* ``cardgames batch IN.jsonl -o OUT.jsonl [--jobs N | --scheduler tcp://HOST:PORT]
  [--time-limit S] [--node-limit N] [--solve]`` analyses (or, with ``--solve``, solves) every
  position of ``IN.jsonl`` and appends one record a line to ``OUT.jsonl``;
* ``cardgames batch --make-positions tarot --rules traditional --players 3 --tricks-left 9
  --count 1000 --seed 1`` writes seeded positions to analyse (``--rules`` as for every other
  subcommand: ``simplified``, ``traditional``, ``french`` or a rules text;
  ``--make-positions tailor`` takes ``--cards-left`` instead of ``--tricks-left``).

An input line holds ``game`` (``"tarot"`` or ``"tailor"``), ``position`` (the position in the
game's notation) and optionally ``id`` (a string or an integer, echoed in the output),
``perspective`` (a seat) and ``limit`` (``{"nodes": N, "time": S}``, either or both). An output
line holds ``id`` (null when the input line had none), ``line`` (the input line number, from 1)
and either ``analysis`` (:meth:`cardgames.search.results.Analysis.to_dict`), ``solution``
(:meth:`cardgames.search.results.Solution.to_dict`, with ``--solve``) or ``error`` (why the line
could not be read or analysed). Output lines come in input order.

A run can be stopped (Ctrl-C, or killed) and started again with the same arguments: input lines
whose line number and id already have a record in the output are skipped, and a half-written
last output line is cut off first. Blank input lines are ignored; a line longer than
:data:`LINE_LIMIT` characters, or nested too deeply to read, gets an error record of its own.
The exit status describes the whole output file, not only this run: 0 when every record in it
is an analysis (or solution), 1 when it holds an error record (from this run or an earlier one:
a resumed run does not retry lines that gave errors), 2 for unusable arguments or files (IN
cannot be read or standard input is closed; OUT is not a regular file, holds a line that is
not a record or is longer than :data:`LINE_LIMIT` bytes, or cannot be written, a full disk
included), 130 when interrupted.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import io
import json
import os
import stat
import sys
import time
from collections import deque
from collections.abc import Iterator
from typing import IO, Any, Final, TypeVar

from cardgames import _json, games
from cardgames.cli.options import limit_from_args, tailor_rules_from_args, tarot_rules_from_args
from cardgames.errors import AnalysisError, CardgamesError, NotationError, RulesError
from cardgames.search.results import Limit
from cardgames.solver.batch import (
    BatchError,
    SerialExecutor,
    _Task,
    _Unreadable,
    process_pool,
    run_tasks,
)
from cardgames.validation import SEED_LIMIT, check_int, check_seed, quote

__all__ = ["LINE_LIMIT", "add_parser", "make_positions", "run"]

LINE_LIMIT: Final = 1 << 20
"""The longest line read, in characters of IN and bytes of OUT (1 MiB, a thousand times a
record's usual size): a longer input line gets an error record, a longer line in OUT makes
the command refuse to append to it. Lines are read one at a time up to this length, so that
memory stays bounded whatever the files hold."""

_INPUT_KEYS: Final = frozenset({"game", "position", "id", "perspective", "limit"})
_RESULT_KEYS: Final = ("analysis", "solution", "error")
_FLUSH_SECONDS: Final = 0.5
_RESUME_HINT: Final = (
    " (the records written before stay: make room, then run the same command again to continue)"
)


def add_parser(subparsers: Any) -> None:
    """Add the ``batch`` command to a top-level ``add_subparsers()`` set."""
    parser = subparsers.add_parser(
        "batch",
        help="analyse a JSON-lines file of positions on every core or on a Dask cluster",
        description=(
            "Analyse every position of IN (one JSON object a line: game, position, and "
            "optionally id, perspective, limit) into OUT, one record a line, in input order. "
            "Run it again to continue an interrupted run. With --make-positions, write seeded "
            "positions to analyse instead. Exit status: 0 when every record in OUT is an "
            "analysis (or solution), 1 when OUT holds an error record, from this run or an "
            "earlier one (a resumed run does not retry lines that gave errors), 2 for unusable "
            "arguments or files (IN unreadable or standard input closed; OUT not a regular "
            "file, not a batch's records, or not writable, a full disk included), 130 when "
            "interrupted."
        ),
    )
    parser.add_argument("input", nargs="?", metavar="IN", help="the positions (- for stdin)")
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="the records file (a regular file, appended to)"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=int, default=None, metavar="N", help="processes (default: every core)"
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="a Dask scheduler, such as tcp://HOST:8786"
    )
    parser.add_argument(
        "--time-limit", type=float, default=None, metavar="S", help="seconds per position"
    )
    parser.add_argument(
        "--node-limit", type=int, default=None, metavar="N", help="search nodes per position"
    )
    parser.add_argument(
        "--solve", action="store_true", help="only the value and a best line (faster)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar or summary")
    making = parser.add_argument_group("making positions")
    making.add_argument(
        "--make-positions", metavar="GAME", help="the game: tarot, tailor or bridge"
    )
    making.add_argument(
        "--rules",
        default=None,
        help="Tarot: simplified, traditional, french or a rules text (default traditional; "
        "French Tarot positions come after the bidding, the dog and the announcements); "
        "Chase the Tailor: a rules text (default: the standard rules for --players)",
    )
    making.add_argument(
        "--players",
        type=int,
        default=None,
        help="players (default: Tarot 3 traditional, 4 simplified or french; Chase the Tailor 4)",
    )
    # The position defaults of `cardgames analyse`, so its seed-1 position is the first one.
    making.add_argument(
        "--tricks-left",
        type=int,
        default=8,
        help="Tarot: whole tricks to go (default 8, as for cardgames analyse)",
    )
    making.add_argument(
        "--cards-left",
        type=int,
        default=3,
        help="Chase the Tailor: a hand this small (default 3, as for cardgames analyse)",
    )
    making.add_argument("--count", type=int, default=100, help="positions to write (default 100)")
    making.add_argument(
        "--seed", type=int, default=1, help="seed of the first position (default 1)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``cardgames batch`` with parsed arguments; returns the exit status.

    :raises CardgamesError: for unusable arguments or an output file that is not a batch's.
    """
    if args.make_positions is not None:
        if args.output not in (None, "-"):
            output = _open_output(args.output, "w")
        elif sys.stdout is not None:
            output = _Output("standard output", sys.stdout, owned=False)
        else:
            raise NotationError("cannot write the positions: standard output is closed")
        with output:
            try:
                make_positions(args, output.file)
            except OSError as error:  # it only writes: the error is the output's
                raise output.failed(error) from None
        return 0
    if args.input is None or args.output is None:
        raise AnalysisError("cardgames batch needs IN and -o OUT (or --make-positions GAME)")
    if args.jobs is not None:
        check_int(args.jobs, "--jobs", low=1, high=4096, error=AnalysisError)
    default_limit = limit_from_args(args)
    started = time.perf_counter()
    counts = {"done": 0, "failed": 0, "skipped": 0}
    status = 0
    # IN is opened once, first: a pipe given by its path would be emptied by a second reading.
    with _input(args.input) as source:
        done, earlier_errors = _resume(args.output, "solution" if args.solve else "analysis")
        output = _open_output(args.output, "a", hint=_RESUME_HINT)  # before any pool starts
        try:
            with output as out, _executor(args) as executor:
                _analyse_file(args, source, default_limit, done, executor, out, counts)
        except KeyboardInterrupt:
            status = 130
    if not args.quiet:
        elapsed = time.perf_counter() - started
        interrupted = " (interrupted: run again to continue)" if status else ""
        earlier = ""
        if earlier_errors:
            earlier = f" ({earlier_errors} of them error record{'s' if earlier_errors > 1 else ''})"
        print(
            f"cardgames batch: {counts['done']} done, {counts['failed']} failed, "
            f"{counts['skipped']} already in {args.output}{earlier}, {elapsed:.1f} s"
            f"{interrupted}",
            file=sys.stderr,
        )
    if status:
        return status
    # The status describes the whole output file: errors written by an earlier run count too.
    return 1 if counts["failed"] or earlier_errors else 0


class _executor:
    """The executor ``--jobs``/``--scheduler`` ask for, shut down at the end."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.pool: concurrent.futures.Executor | None = None
        self.target: concurrent.futures.Executor | str | None = None
        if args.scheduler is not None:
            self.target = args.scheduler
        elif args.jobs == 1:
            self.target = SerialExecutor()
        elif args.jobs is not None:
            self.pool = self.target = process_pool(args.jobs)

    def __enter__(self) -> concurrent.futures.Executor | str | None:
        return self.target

    def __exit__(self, *exc_info: object) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


class _Output:
    """A text file written to, whose write errors (a full disk) become a :class:`NotationError`
    naming it; the file is closed at the end of a ``with`` block (unless not ``owned``)."""

    def __init__(self, name: str, file: IO[str], *, owned: bool = True, hint: str = "") -> None:
        self.name = name
        self.file = file
        self.owned = owned
        self.hint = hint
        self.broken = False

    def write(self, text: str) -> None:
        try:
            self.file.write(text)
        except OSError as error:
            raise self.failed(error) from None

    def flush(self) -> None:
        try:
            self.file.flush()
        except OSError as error:
            raise self.failed(error) from None

    def close(self) -> None:
        if self.broken:
            return
        try:
            if self.owned:
                self.file.close()
            else:
                self.file.flush()
        except OSError as error:
            raise self.failed(error) from None

    def failed(self, error: OSError) -> NotationError:
        """The error to raise for ``error``, once the file is let go."""
        self.broken = True
        if self.owned:
            with contextlib.suppress(OSError):  # its buffer cannot be written: let it go
                self.file.close()
        else:  # standard output: what is left in its buffer can never be written either
            _discard_output(self.file)
        return NotationError(f"cannot write {self.name}: {error.strerror or error}{self.hint}")

    def __enter__(self) -> _Output:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _discard_output(file: IO[str]) -> None:
    # Send the descriptor to the null device, so that Python's own flush of a full standard
    # output at exit does not print a second error (main does the same for a closed pipe).
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, file.fileno())
        os.close(devnull)


_NOT_REGULAR: Final = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISFIFO, "a pipe"),
    (stat.S_ISSOCK, "a socket"),
)


def _open_regular(path: str, flags: int) -> int:
    """A descriptor of ``path`` opened with ``flags``, which must name a regular file (not a
    device such as /dev/zero, a pipe or a folder).

    :raises OSError: if it cannot be opened.
    :raises NotationError: if it is not a regular file.
    """
    # Without waiting: opening a pipe would otherwise block until its other end is opened.
    nonblocking = getattr(os, "O_NONBLOCK", 0)
    descriptor = os.open(path, flags | nonblocking | getattr(os, "O_BINARY", 0), 0o666)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            what = next((name for test, name in _NOT_REGULAR if test(mode)), "of an unusual kind")
            raise NotationError(
                f"cannot use {quote(path)} as OUT: it is {what}, not a regular file (the "
                f"records are appended to a file and read back to resume a run)"
            )
        if nonblocking:
            os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _open_output(path: str, mode: str, *, hint: str = "") -> _Output:
    """``path`` opened to write text (``mode`` ``"w"`` or ``"a"``); for ``"a"`` (the records
    of a batch) it must be a regular file."""
    try:
        target: int | str = path
        if mode == "a":
            target = _open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        file = open(target, mode, encoding="utf-8", newline="\n")  # noqa: SIM115
    except OSError as error:
        raise NotationError(f"cannot write {quote(path)}: {error.strerror or error}") from None
    return _Output(quote(path), file, hint=hint)


def _analyse_file(
    args: argparse.Namespace,
    source: IO[str],
    default_limit: Limit | None,
    done: set[tuple[int, str]],
    executor: concurrent.futures.Executor | str | None,
    out: _Output,
    counts: dict[str, int],
) -> None:
    stdin = args.input == "-"
    name = "standard input" if stdin else quote(args.input)
    # Counted in a first pass for the progress bar when that reads it again from the start
    # (not a pipe, whose lines would then be gone).
    total = None
    if not stdin and _is_regular(source):
        total = _pending_lines(args.input, done)
    meta: deque[tuple[int, Any]] = deque()

    def tasks() -> Iterator[_Task]:
        for number, text in _lines(source, name):
            if text is None:
                identifier, task = (
                    None,
                    _unusable("", f"invalid line: longer than {LINE_LIMIT} characters"),
                )
            elif not text.strip():
                continue
            else:
                identifier, task = _read_line(text, default_limit)
            if (number, _key(identifier)) in done:
                counts["skipped"] += 1
                continue
            meta.append((number, identifier))
            yield task

    key = "solution" if args.solve else "analysis"
    flushed = time.monotonic()
    # Nothing left to analyse (a finished output resumed): no bar to draw.
    progress = not args.quiet and total != 0
    results = run_tasks(
        tasks(), solve=args.solve, executor=executor, progress=progress, total=total
    )
    for result in results:
        number, identifier = meta.popleft()
        record: dict[str, Any] = {"id": identifier, "line": number}
        if isinstance(result, BatchError):
            record["error"] = f"{result.kind}: {result.message}"
            counts["failed"] += 1
        else:
            record[key] = result.to_dict()
            counts["done"] += 1
        out.write(json.dumps(record, separators=(",", ":")) + "\n")
        if time.monotonic() - flushed > _FLUSH_SECONDS:
            out.flush()
            flushed = time.monotonic()


@contextlib.contextmanager
def _input(path: str) -> Iterator[IO[str]]:
    """IN opened to read (standard input for ``-``), closed at the end (but standard input)."""
    if path != "-":
        with _open_input(path) as file:
            yield file
        return
    if sys.stdin is None:  # the process was started with its descriptor 0 closed
        raise NotationError(
            "cannot read the positions from standard input (IN is -): it is closed; "
            "give them on standard input or name a file"
        )
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="surrogateescape")  # as _open_input reads files
    yield sys.stdin


def _open_input(path: str) -> IO[str]:
    try:
        # Bytes that are not UTF-8 spoil only their own line (see _read_line).
        return open(path, encoding="utf-8", errors="surrogateescape")
    except OSError as error:
        raise NotationError(f"cannot read {quote(path)}: {error.strerror or error}") from None


def _is_regular(file: IO[str]) -> bool:
    try:
        return stat.S_ISREG(os.fstat(file.fileno()).st_mode)
    except (OSError, ValueError, io.UnsupportedOperation):
        return False


_Text = TypeVar("_Text", str, bytes)


def _lines(source: IO[_Text], name: str) -> Iterator[tuple[int, _Text | None]]:
    """The number (from 1) and text of each line of ``source``, read one at a time and at most
    :data:`LINE_LIMIT` characters (or bytes) at once: a longer line comes as None, its rest
    read and dropped piece by piece. A read error is a :class:`NotationError` naming ``name``."""
    number = 0
    try:
        while True:
            text = source.readline(LINE_LIMIT + 1)
            if not text:
                return
            number += 1
            if len(text) > LINE_LIMIT and not _ends_line(text):
                while (rest := source.readline(LINE_LIMIT + 1)) and not _ends_line(rest):
                    pass
                yield number, None
            else:
                yield number, text
    except OSError as error:
        raise NotationError(f"cannot read {name}: {error.strerror or error}") from None


def _ends_line(text: str | bytes) -> bool:
    return text[-1:] in ("\n", b"\n")


def _pending_lines(path: str, done: set[tuple[int, str]]) -> int:
    """The input lines still to analyse, for the progress bar (a quick first pass)."""
    done_lines = {number for number, _ in done}
    with _open_input(path) as file:
        return sum(
            1
            for number, text in _lines(file, quote(path))
            if (text is None or text.strip()) and number not in done_lines
        )


def _key(identifier: object) -> str:
    return json.dumps(identifier)


def _read_line(text: str, default_limit: Limit | None) -> tuple[Any, _Task]:
    """The line's id (None when unreadable) and its task: a position, or the reason it is
    unusable (which the worker raises, so the error record keeps its place in order)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # bytes read with surrogateescape: the line is not UTF-8
        raw = text.encode("utf-8", "surrogateescape")
        where = "an undecodable byte"
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as error:
            where = f"byte {raw[error.start]:#04x} at {error.start}"
        return None, _unusable(
            raw.decode("utf-8", "replace"), f"invalid line: not UTF-8 text ({where})"
        )
    try:
        data = _json.loads(text.rstrip("\r\n"), "JSON line", limit=80)
    except NotationError as error:
        return None, _unusable(text, str(error))
    if not isinstance(data, dict):
        return None, _unusable(text, f"invalid line {quote(text.strip())}: expected a JSON object")
    identifier = data.get("id")
    if identifier is not None and (
        isinstance(identifier, bool) or not isinstance(identifier, str | int)
    ):
        return None, _unusable(
            text, f"invalid id {quote(identifier)}: expected a string or an integer"
        )
    try:
        return identifier, _task_of(data, default_limit)
    except CardgamesError as error:
        return identifier, _unusable(text, str(error), type(error))


def _unusable(text: str, message: str, kind: type[CardgamesError] = NotationError) -> _Task:
    return _Task(_Unreadable(text.strip()[:400], message, kind), None, None)


def _task_of(data: dict[str, Any], default_limit: Limit | None) -> _Task:
    unknown = sorted(set(data) - _INPUT_KEYS)
    if unknown:
        raise NotationError(
            f"unknown key(s) {', '.join(map(quote, unknown))}: expected game, position and "
            f"optionally id, perspective, limit"
        )
    missing = [key for key in ("game", "position") if key not in data]
    if missing:
        raise NotationError(
            f"missing key(s) {', '.join(map(quote, missing))}: a line needs game (the game's "
            "name, such as 'tarot') and position (the position's notation)"
        )
    game = data["game"]
    if not isinstance(game, str) or games.find_named(game) is None:
        known = ", ".join(repr(known.name) for known in games.registered())
        raise NotationError(f"invalid game {quote(game)}: expected one of {known}")
    position = data["position"]
    if not isinstance(position, str):
        raise NotationError(
            f"invalid position {quote(position)}: expected the position's notation as a string"
        )
    perspective = data.get("perspective")
    if perspective is not None:
        check_int(perspective, "perspective", low=0, high=63, error=AnalysisError)
    return _Task((game, position), perspective, _limit_of(data.get("limit"), default_limit))


def _limit_of(value: object, default_limit: Limit | None) -> Limit | None:
    if value is None:
        return default_limit
    if not isinstance(value, dict) or not value or set(value) - {"nodes", "time"}:
        raise AnalysisError(
            f"invalid limit {quote(value)}: expected an object with nodes and/or time"
        )
    return Limit(nodes=value.get("nodes"), time=value.get("time"))


def _resume(path: str, kind: str) -> tuple[set[tuple[int, str]], int]:
    """The (line number, id) of every record already in ``path``, after cutting off a
    half-written last line, and how many of those records are errors.

    The file is read a line at a time, each at most :data:`LINE_LIMIT` bytes, and checked
    whole before anything in it is changed.

    :raises NotationError: if ``path`` is not a regular file, cannot be read, or holds a line
        that is not a batch record (too long, not JSON, nested too deeply, missing a field).
    :raises AnalysisError: if its records are of the other kind (analyses for ``--solve``).
    """
    try:
        descriptor = _open_regular(path, os.O_RDONLY)
    except FileNotFoundError:
        return set(), 0
    except OSError as error:
        raise NotationError(f"cannot read {quote(path)}: {error.strerror or error}") from None
    done: set[tuple[int, str]] = set()
    errors = 0
    whole_bytes = 0  # the length of the whole lines read so far
    tail: tuple[int, bytes] | None = None  # the last line if no newline ends it
    with open(descriptor, "rb") as file:
        for number, line in _lines(file, quote(path)):
            if line is None:
                raise NotationError(
                    f"{path} line {number} is longer than {LINE_LIMIT} bytes, so it is not a "
                    f"cardgames batch record: not appending to it"
                )
            if not line.endswith(b"\n"):
                tail = number, line
                break
            whole_bytes += len(line)
            if line.strip():
                errors += _count(_record(line, path, number), path, kind, done)
    if tail is not None:
        number, line = tail
        record = _record(line, path, number, partial=True)
        try:
            if record is None:  # cut short by a run that was killed while writing it
                os.truncate(path, whole_bytes)
            else:  # complete but for its newline
                errors += _count(record, path, kind, done)
                with open(path, "ab") as file:
                    file.write(b"\n")
        except OSError as error:
            raise NotationError(f"cannot write {quote(path)}: {error.strerror or error}") from None
    return done, errors


def _count(record: dict[str, Any] | None, path: str, kind: str, done: set[tuple[int, str]]) -> int:
    """Add ``record`` to ``done``; 1 if it is an error record, else 0."""
    assert record is not None
    for other in _RESULT_KEYS:
        if other in record and other != "error" and other != kind:
            raise AnalysisError(
                f"{path} holds {other} records: run with"
                f"{'' if other == 'solution' else 'out'} --solve, or choose another "
                f"output file"
            )
    done.add((record["line"], _key(record["id"])))
    return 1 if "error" in record else 0


def _record(line: bytes, path: str, number: int, *, partial: bool = False) -> dict[str, Any] | None:
    """The record on ``line``; None if it is not one and ``partial`` (a cut-off last line).

    :raises NotationError: if it is not a record and not ``partial``.
    """
    try:
        record = _json.loads(line, "batch record")
    except NotationError as error:
        record = None
        deep = str(error).endswith("(nested too deeply)")
        why = "JSON nested too deeply to read" if deep else "not JSON"
    else:
        why = "not a JSON object"
    if isinstance(record, dict):
        why = "not a record: it needs line, id and one of analysis, solution, error"
        if (
            _is_int(record.get("line"))
            and record["line"] >= 1
            and "id" in record
            and (record["id"] is None or isinstance(record["id"], str) or _is_int(record["id"]))
            and any(key in record for key in _RESULT_KEYS)
        ):
            return record
    if partial:
        return None
    text = line[:80].decode("utf-8", "replace")
    raise NotationError(
        f"{path} line {number} is not a cardgames batch record ({why}: {quote(text)}): "
        f"not appending to it"
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def make_positions(args: argparse.Namespace, out: IO[str]) -> None:
    """Write ``args.count`` seeded positions, one JSON line each: seeds ``args.seed``,
    ``args.seed + 1``, ... (the id names the seed, so ``cardgames analyse`` can show one)."""
    count = check_int(args.count, "--count", low=0, high=10**9, error=RulesError)
    check_seed(args.seed)
    if args.seed + count > SEED_LIMIT:
        raise RulesError(f"invalid --seed {args.seed}: the last seed would pass 2**64 - 1")
    game = args.make_positions
    if game == "tarot":
        from cardgames import tarot

        # As every other subcommand reads them: simplified, traditional or french with the
        # players they usually have, or a rules text (which --players must agree with).
        rules = "traditional" if args.rules is None else args.rules
        tarot_rules = tarot_rules_from_args(argparse.Namespace(rules=rules, players=args.players))

        def position(seed: int) -> str:
            # Under French rules the bidding, the dog and the announcements come first: the
            # position is in the play of the cards, which is what the solver analyses.
            return str(tarot.random_position(tarot_rules, seed=seed, tricks_left=args.tricks_left))

    else:
        from cardgames import tailor

        tailor_rules = tailor_rules_from_args(
            argparse.Namespace(rules=args.rules, players=args.players, chase=False)
        )

        def position(seed: int) -> str:
            return str(tailor.random_position(tailor_rules, seed=seed, cards_left=args.cards_left))

    for seed in range(args.seed, args.seed + count):
        record = {"id": f"{game}-{seed}", "game": game, "position": position(seed)}
        out.write(json.dumps(record) + "\n")
