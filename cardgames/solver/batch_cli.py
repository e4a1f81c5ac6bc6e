"""``cardgames batch``: analyse a file of positions, one JSON object a line, into another.

* ``cardgames batch IN.jsonl -o OUT.jsonl [--jobs N | --scheduler tcp://HOST:PORT]
  [--time-limit S] [--node-limit N] [--solve]`` analyses (or, with ``--solve``, solves) every
  position of ``IN.jsonl`` and appends one record a line to ``OUT.jsonl``;
* ``cardgames batch --make-positions tarot --rules traditional --players 3 --tricks-left 9
  --count 1000 --seed 1`` writes seeded positions to analyse (``--make-positions tailor``
  takes ``--cards-left`` instead of ``--tricks-left``).

An input line holds ``game`` (``"tarot"`` or ``"tailor"``), ``position`` (the position in the
game's notation) and optionally ``id`` (a string or an integer, echoed in the output),
``perspective`` (a seat) and ``limit`` (``{"nodes": N, "time": S}``, either or both). An output
line holds ``id`` (null when the input line had none), ``line`` (the input line number, from 1)
and either ``analysis`` (:meth:`cardgames.search.results.Analysis.to_dict`), ``solution``
(:meth:`cardgames.search.results.Solution.to_dict`, with ``--solve``) or ``error`` (why the line
could not be read or analysed). Output lines come in input order.

A run can be stopped (Ctrl-C, or killed) and started again with the same arguments: input lines
whose line number and id already have a record in the output are skipped, and a half-written
last output line is cut off first. Blank input lines are ignored. The exit status describes the
whole output file, not only this run: 0 when every record in it is an analysis (or solution), 1
when it holds an error record (from this run or an earlier one: a resumed run does not retry
lines that gave errors), 130 when interrupted.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import io
import json
import os
import sys
import time
from collections import deque
from collections.abc import Iterator
from typing import IO, Any, Final

from cardgames import _json
from cardgames.errors import AnalysisError, CardgamesError, NotationError, RulesError
from cardgames.search.results import Limit
from cardgames.solver.batch import (
    GAMES,
    BatchError,
    SerialExecutor,
    _Task,
    _Unreadable,
    process_pool,
    run_tasks,
)
from cardgames.validation import SEED_LIMIT, check_int, check_seed, quote

__all__ = ["add_parser", "make_positions", "run"]

_INPUT_KEYS: Final = frozenset({"game", "position", "id", "perspective", "limit"})
_RESULT_KEYS: Final = ("analysis", "solution", "error")
_FLUSH_SECONDS: Final = 0.5


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
            "arguments or files, 130 when interrupted."
        ),
    )
    parser.add_argument("input", nargs="?", metavar="IN", help="the positions (- for stdin)")
    parser.add_argument("-o", "--output", metavar="OUT", help="the records file (appended to)")
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
        "--make-positions", choices=sorted(GAMES), metavar="GAME", help="tarot or tailor"
    )
    making.add_argument(
        "--rules",
        default=None,
        help="Tarot: simplified, traditional or rules text (default traditional); "
        "Chase the Tailor: rules text (default: the standard rules for --players)",
    )
    making.add_argument(
        "--players",
        type=int,
        default=None,
        help="players (default: Tarot 3 traditional, 4 simplified; Chase the Tailor 4)",
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
        out = sys.stdout if args.output in (None, "-") else None
        if out is not None:
            make_positions(args, out)
        else:
            with _open_output(args.output, "w") as file:
                make_positions(args, file)
        return 0
    if args.input is None or args.output is None:
        raise AnalysisError("cardgames batch needs IN and -o OUT (or --make-positions GAME)")
    if args.jobs is not None:
        check_int(args.jobs, "--jobs", low=1, high=4096, error=AnalysisError)
    default_limit = _default_limit(args)
    if args.input != "-":
        _check_readable(args.input)
    done, earlier_errors = _resume(args.output, "solution" if args.solve else "analysis")
    started = time.perf_counter()
    counts = {"done": 0, "failed": 0, "skipped": 0}
    status = 0
    output = _open_output(args.output, "a")  # before any pool starts
    try:
        with output as out, _executor(args) as executor:
            _analyse_file(args, default_limit, done, executor, out, counts)
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


def _open_output(path: str, mode: str) -> IO[str]:
    try:
        return open(path, mode, encoding="utf-8", newline="\n")
    except OSError as error:
        raise NotationError(f"cannot write {quote(path)}: {error.strerror or error}") from None


def _default_limit(args: argparse.Namespace) -> Limit | None:
    if args.time_limit is None and args.node_limit is None:
        return None
    return Limit(nodes=args.node_limit, time=args.time_limit)


def _analyse_file(
    args: argparse.Namespace,
    default_limit: Limit | None,
    done: set[tuple[int, str]],
    executor: concurrent.futures.Executor | str | None,
    out: IO[str],
    counts: dict[str, int],
) -> None:
    stdin = args.input == "-"
    total = None if stdin else _pending_lines(args.input, done)
    if stdin:
        source = sys.stdin
        if isinstance(source, io.TextIOWrapper):
            source.reconfigure(errors="surrogateescape")
    else:
        # Bytes that are not UTF-8 spoil only their own line (see _read_line).
        source = open(args.input, encoding="utf-8", errors="surrogateescape")  # noqa: SIM115
    meta: deque[tuple[int, Any]] = deque()

    def tasks() -> Iterator[_Task]:
        for number, text in enumerate(source, start=1):
            if not text.strip():
                continue
            identifier, task = _read_line(text, default_limit)
            if (number, _key(identifier)) in done:
                counts["skipped"] += 1
                continue
            meta.append((number, identifier))
            yield task

    key = "solution" if args.solve else "analysis"
    flushed = time.monotonic()
    try:
        results = run_tasks(
            tasks(), solve=args.solve, executor=executor, progress=not args.quiet, total=total
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
    finally:
        if not stdin:
            source.close()


def _check_readable(path: str) -> None:
    try:
        with open(path, "rb"):
            pass
    except OSError as error:
        raise NotationError(f"cannot read {quote(path)}: {error.strerror or error}") from None


def _pending_lines(path: str, done: set[tuple[int, str]]) -> int:
    """The input lines still to analyse, for the progress bar (a quick first pass)."""
    done_lines = {number for number, _ in done}
    with open(path, encoding="utf-8", errors="surrogateescape") as file:
        return sum(
            1
            for number, text in enumerate(file, start=1)
            if text.strip() and number not in done_lines
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
        data = _json.loads(text, "JSON line", limit=80)
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
            f"missing key(s) {', '.join(map(quote, missing))}: a line needs game ('tarot' or "
            "'tailor') and position (the position's notation)"
        )
    game = data["game"]
    if game not in GAMES:
        raise NotationError(f"invalid game {quote(game)}: expected 'tarot' or 'tailor'")
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
    half-written last line, and how many of those records are errors."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except FileNotFoundError:
        return set(), 0
    except OSError as error:
        raise NotationError(f"cannot read {quote(path)}: {error.strerror or error}") from None
    lines = data.split(b"\n")
    tail = lines.pop()  # whatever follows the last newline: b"" when the file is whole
    keep = len(data) - len(tail)
    if tail and _record(tail, path, len(lines) + 1, partial=True) is not None:
        lines.append(tail)  # complete but for its newline
        with open(path, "ab") as file:
            file.write(b"\n")
    elif tail:
        os.truncate(path, keep)
    done = set()
    errors = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        record = _record(line, path, number, partial=False)
        assert record is not None
        for other in _RESULT_KEYS:
            if other in record and other != "error" and other != kind:
                raise AnalysisError(
                    f"{path} holds {other} records: run with"
                    f"{'' if other == 'solution' else 'out'} --solve, or choose another "
                    f"output file"
                )
        done.add((record["line"], _key(record["id"])))
        errors += "error" in record
    return done, errors


def _record(line: bytes, path: str, number: int, *, partial: bool) -> dict[str, Any] | None:
    try:
        record = _json.loads(line, "batch record")
        if (
            isinstance(record, dict)
            and isinstance(record.get("line"), int)
            and "id" in record
            and any(key in record for key in _RESULT_KEYS)
        ):
            return record
    except NotationError:
        pass
    if partial:
        return None
    raise NotationError(
        f"{path} line {number} is not a cardgames batch record ({quote(line[:80])}): "
        f"not appending to it"
    )


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

        name = "traditional" if args.rules is None else args.rules
        if name.lower() in ("simplified", "traditional"):
            # The defaults of every other subcommand: three players traditional, four simplified.
            default = 3 if name.lower() == "traditional" else 4
            players = default if args.players is None else args.players
            tarot_rules = tarot.Rules.preset(f"{name.lower()}-{players}")
        else:
            tarot_rules = tarot.Rules.parse(name)

        def position(seed: int) -> str:
            return str(tarot.random_position(tarot_rules, seed=seed, tricks_left=args.tricks_left))

    else:
        from cardgames import tailor

        if args.rules is None:
            tailor_rules = tailor.Rules(players=4 if args.players is None else args.players)
        else:
            tailor_rules = tailor.Rules.parse(args.rules)

        def position(seed: int) -> str:
            return str(tailor.random_position(tailor_rules, seed=seed, cards_left=args.cards_left))

    for seed in range(args.seed, args.seed + count):
        record = {"id": f"{game}-{seed}", "game": game, "position": position(seed)}
        out.write(json.dumps(record) + "\n")
