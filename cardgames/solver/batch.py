"""Analysing many positions at once: on every core of this machine, or on a Dask cluster.

:func:`analyse_many` and :func:`solve_many` run :func:`cardgames.solver.analyse` and
:func:`cardgames.solver.solve` over a collection of positions (positions of every game may be
mixed) and yield the results in the order of the input, each as soon as it and every result
before it are ready. A position that cannot be analysed yields a :class:`BatchError` naming it,
and the rest go on.

>>> from cardgames import tarot
>>> from cardgames.solver.batch import SerialExecutor, analyse_many
>>> rules = tarot.Rules.preset('traditional-3')
>>> states = [tarot.random_position(rules, seed=seed, tricks_left=2) for seed in (1, 2, 3)]
>>> results = list(analyse_many(states, executor=SerialExecutor()))
>>> [result.exact for result in results]
[True, True, True]

How the work is shared out
--------------------------

The work goes to any :class:`concurrent.futures.Executor`: by default a
:class:`~concurrent.futures.ProcessPoolExecutor` with one process per available core (none is
started for a single position), :class:`SerialExecutor` to stay in the calling thread, or the
executor of a Dask cluster (``distributed.Client(address).get_executor()``; a scheduler
address such as ``"tcp://10.0.0.5:8786"`` given as ``executor`` does that for the batch's
duration, see :func:`~cardgames.solver.batch.dask_executor`).

Positions travel in chunks, so that a position solved in a few milliseconds does not pay a
round trip of its own. The chunk size is measured as the batch runs: the first chunks hold one
position each; after that each chunk holds as many positions as the workers have recently
analysed in about :data:`CHUNK_SECONDS` seconds (an average over the chunks finished so far,
weighted towards the latest), at most :data:`MAX_CHUNK` positions and, when the number of
positions is known, no more than an equal share of what is left for each worker slot, so that
the last chunks still keep every worker busy. States travel pickled (reading a state back from
its pickle is several times faster than parsing its notation); the command line sends the
notation text it read, parsed by the worker, so that an unreadable position fails on its own.

At most a fixed window of chunks is out at a time (:data:`CHUNKS_PER_WORKER` for each worker
slot), counting the finished ones still waiting for an earlier chunk, so memory stays bounded
however long the input is; the input may be a lazy iterable read as the work proceeds.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import gc
import importlib
import itertools
import pickle
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence, Sized
from typing import TYPE_CHECKING, Any, Final, Generic, TypeAlias, TypeVar, overload

import attrs

from cardgames import games
from cardgames.errors import AnalysisError, CardgamesError
from cardgames.search.results import Analysis, GameState, Limit, Solution
from cardgames.solver._pool import (
    SerialExecutor,
    _worker_slots,
    available_cpus,
    dask_executor,
    process_pool,
)
from cardgames.validation import check_bool, check_int, quote, strict_arguments

if TYPE_CHECKING:  # the per-game overloads name the games' types
    from cardgames import tailor, tarot
    from cardgames.tarot.analysis import TarotAnalysis

__all__ = [
    "CHUNKS_PER_WORKER",
    "CHUNK_SECONDS",
    "MAX_CHUNK",
    "AnyAnalysis",
    "AnySolution",
    "BatchError",
    "Job",
    "Position",
    "SerialExecutor",
    "analyse_many",
    "available_cpus",
    "batch_map",
    "dask_executor",
    "process_pool",
    "solve_many",
]

CHUNK_SECONDS: Final = 0.25
"""The work, in seconds, that a chunk of positions aims at once the batch has measured how
long a position takes: enough to make a Dask round trip (a few milliseconds) a small part of
it, little enough to keep the workers evenly loaded at the end."""
MAX_CHUNK: Final = 256
"""The most positions in one chunk."""
CHUNKS_PER_WORKER: Final = 4
"""Chunks out at a time for each worker slot (see the module's description)."""

Position: TypeAlias = GameState[Any]
"""A position of any game (the state of a registered game: :mod:`cardgames.games`)."""
AnyAnalysis: TypeAlias = Analysis[Any]
"""An analysis of a position of any game."""
AnySolution: TypeAlias = Solution[Any]
"""A solution of a position of any game."""

_T = TypeVar("_T")
_R = TypeVar("_R")


@strict_arguments
@attrs.frozen(kw_only=True)
class BatchError:
    """A position (or item) of a batch that produced no result, and why.

    >>> error = BatchError(index=3, position='...', kind='AnalysisError', message='no moves')
    >>> error.to_dict()
    {'index': 3, 'position': '...', 'kind': 'AnalysisError', 'message': 'no moves'}
    >>> str(error)
    'item 3: AnalysisError: no moves'

    :param index: the item's place in the input, counting from 0.
    :param position: the position in its notation (or the item as given, quoted).
    :param kind: the name of the exception raised.
    :param message: the exception's message.
    """

    index: int = attrs.field(validator=attrs.validators.instance_of(int))
    position: str = attrs.field(validator=attrs.validators.instance_of(str))
    kind: str = attrs.field(validator=attrs.validators.instance_of(str))
    message: str = attrs.field(validator=attrs.validators.instance_of(str))

    def __str__(self) -> str:
        return f"item {self.index}: {self.kind}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the four fields."""
        return {
            "index": self.index,
            "position": self.position,
            "kind": self.kind,
            "message": self.message,
        }


def _game_names() -> str:
    return ", ".join(repr(game.name) for game in games.registered())


def _check_game(instance: Job, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        try:
            games.named(value)  # type: ignore[arg-type]
        except CardgamesError:
            raise AnalysisError(
                f"invalid game {quote(value)}: expected one of {_game_names()}"
            ) from None


def is_position(value: object) -> bool:
    """Whether ``value`` is the state of a registered game (what a batch analyses)."""
    game = games.find(value)
    return game is not None and isinstance(value, game.state_type)


def _check_position(instance: Job, attribute: attrs.Attribute[Any], value: object) -> None:
    if is_position(value):
        return
    if not isinstance(value, str):
        raise AnalysisError(
            f"invalid position {quote(value)}: expected the state of a game or the notation of one"
        )


def _check_perspective(instance: object, attribute: object, value: Any) -> None:
    if value is not None:
        check_int(value, "perspective", low=0, high=63, error=AnalysisError)


def _check_limit(instance: object, attribute: object, value: Any) -> None:
    if value is not None and not isinstance(value, Limit):
        raise AnalysisError(f"invalid limit {quote(value)}: expected a solver.Limit or None")


@strict_arguments
@attrs.frozen(kw_only=True)
class Job:
    """One position of a batch with settings of its own: :func:`analyse_many` takes these
    among plain states. A field left as None takes the batch's setting.

    >>> job = Job(position='not a position', game='tarot')
    >>> job.game, job.perspective
    ('tarot', None)
    >>> Job(position='x')
    Traceback (most recent call last):
    ...
    cardgames.errors.AnalysisError: a position given as text needs its game (one of 'tarot',
    'tailor', 'bridge')

    :param position: the state of a game (:class:`cardgames.tarot.state.State`,
        :class:`cardgames.tailor.State`, :class:`cardgames.bridge.state.State`...), or the
        notation of one (read by the worker with the game's ``State.parse``).
    :param game: the game's name (``"tarot"``, ``"tailor"``, ``"bridge"``...); needed when
        ``position`` is text.
    :param perspective: the seat whose side is analysed.
    :param limit: the search budget for this position.
    """

    position: Position | str = attrs.field(validator=_check_position)
    game: str | None = attrs.field(default=None, validator=_check_game)
    perspective: int | None = attrs.field(default=None, validator=_check_perspective)
    limit: Limit | None = attrs.field(default=None, validator=_check_limit)

    def __attrs_post_init__(self) -> None:
        if isinstance(self.position, str) and self.game is None:
            raise AnalysisError(f"a position given as text needs its game (one of {_game_names()})")


# -- executors -----------------------------------------------------------------------------


# -- the chunked, ordered map ----------------------------------------------------------------


def _describe(item: object) -> str:
    if isinstance(item, _Task):
        item = item.position
    if isinstance(item, _Unreadable):
        return item.text
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], str):
        return item[1]
    if isinstance(item, str) or is_position(item):
        return str(item)
    return quote(item)


def _run_chunk(
    function: Callable[[_T], _R], start: int, items: Sequence[_T]
) -> tuple[float, list[_R | BatchError]]:
    """Run ``function`` over a chunk in a worker; returns the seconds spent and the results."""
    began = time.perf_counter()
    results: list[_R | BatchError] = []
    for offset, item in enumerate(items):
        try:
            results.append(function(item))
        except Exception as error:  # one failure must not sink the batch
            results.append(
                BatchError(
                    index=start + offset,
                    position=_describe(item),
                    kind=type(error).__name__,
                    message=str(error),
                )
            )
    return time.perf_counter() - began, results


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    # Unpickling a chunk makes thousands of small objects at once, which sets off the cyclic
    # garbage collector again and again for nothing (none of them is garbage): without it a
    # chunk of Tarot states reads about three times faster.
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _pack(value: object) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def _unpack(payload: bytes) -> Any:
    with _no_collection():
        return pickle.loads(payload)


def _run_packed_chunk(
    function: Callable[[_T], _R], start: int, payload: bytes
) -> tuple[float, bytes]:
    """:func:`_run_chunk` on a chunk sent as one pickle, its results sent back as one: the
    executor then moves two byte strings, and both ends read them with the collector off."""
    seconds, results = _run_chunk(function, start, _unpack(payload))
    return seconds, _pack(results)


# Bound at import, so that a test replacing concurrent.futures.ThreadPoolExecutor (to spy on
# pools being started) does not change what counts as a thread pool here.
_ThreadPool: Final = concurrent.futures.ThreadPoolExecutor


def _packs(executor: concurrent.futures.Executor) -> bool:
    # Chunks are packed for executors that send them to other processes; threads and the
    # serial executor share this process's objects.
    return not isinstance(executor, SerialExecutor | _ThreadPool)


class _ChunkSizer:
    """The rule of the module's description: one position a chunk until a chunk has come
    back, then about ``CHUNK_SECONDS`` of work by the running average time a position."""

    def __init__(self) -> None:
        self.seconds_per_item: float | None = None

    def record(self, seconds: float, count: int) -> None:
        if count <= 0:
            return
        sample = seconds / count
        if self.seconds_per_item is None:
            self.seconds_per_item = sample
        else:  # weighted towards the latest chunks: positions can get harder as a file goes on
            self.seconds_per_item = 0.7 * self.seconds_per_item + 0.3 * sample

    def size(self, remaining: int | None, slots: int) -> int:
        if self.seconds_per_item is None:
            return 1
        size = int(CHUNK_SECONDS / max(self.seconds_per_item, 1e-6))
        if remaining is not None:
            size = min(size, -(-remaining // slots))
        return max(1, min(MAX_CHUNK, size))


@attrs.define
class _Chunk(Generic[_T, _R]):
    start: int
    items: list[_T]
    # The seconds the chunk took and its results, or their pickle (see _run_packed_chunk).
    future: concurrent.futures.Future[tuple[float, list[_R | BatchError] | bytes]]
    counted: bool = False


def _progress_bar(enabled: bool, total: int | None, unit: str) -> Any:
    # Imported by name, so that type-checking the library (the compiled build does, before any
    # runtime dependency is installed) needs no stubs for tqdm.
    tqdm: Any = importlib.import_module("tqdm").tqdm
    # No monitor thread: a pool forked later must not inherit one.
    bar = type("Bar", (tqdm,), {"monitor_interval": 0})

    # The rate always reads in items a second ("0.40 positions/s"), where tqdm's own format
    # turns a rate below one into seconds an item ("2.50s/ positions").
    if total is None:
        layout = "{n_fmt}{unit} [{elapsed}, {rate_noinv_fmt}{postfix}]"
    else:
        layout = (
            "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_noinv_fmt}{postfix}]"
        )
    return bar(
        total=total,
        unit=f" {unit}s" if unit else "it",
        unit_scale=False,
        bar_format=layout,
        file=sys.stderr,
        disable=not enabled,
        dynamic_ncols=True,
        smoothing=0.1,
    )


def batch_map(
    function: Callable[[_T], _R],
    items: Iterable[_T],
    *,
    executor: concurrent.futures.Executor | None = None,
    progress: bool = False,
    total: int | None = None,
    unit: str = "item",
) -> Generator[_R | BatchError, None, None]:
    """``function`` applied to every item, in chunks on ``executor``, yielded in input order.

    The machinery under :func:`analyse_many`, for any other work of the same shape (such as
    playing many deals). ``function`` and the items must be picklable for a process pool or a
    cluster (a function defined at the top level of a module is). An item whose call raises
    gives a :class:`BatchError` in its place.

    >>> list(batch_map(abs, [-2, 3, -5], executor=SerialExecutor()))
    [2, 3, 5]

    :param executor: where to run; None for a process pool over
        :func:`~cardgames.solver.batch.available_cpus` (started only when there are at least two
        items), shut down when the batch ends.
    :param progress: show a progress bar on standard error (rate, and time left when the
        number of items is known).
    :param total: the number of items, for the progress bar and the chunk sizes (default:
        ``len(items)`` when it has one).
    :param unit: the word for an item in the progress bar.
    :raises AnalysisError: if the executor refuses work (for example after it was shut down).
    """
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise AnalysisError(
            f"invalid executor {quote(executor)}: expected a concurrent.futures.Executor or None"
        )
    check_bool(progress, "progress", error=AnalysisError)
    if total is None and isinstance(items, Sized):
        total = len(items)
    if total is not None:
        check_int(total, "total", low=0, error=AnalysisError)
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise AnalysisError(f"invalid items {quote(items)}: expected an iterable")
    return _batch_map(function, iter(items), executor, progress, total, unit)


def _batch_map(
    function: Callable[[_T], _R],
    source: Iterator[_T],
    executor: concurrent.futures.Executor | None,
    progress: bool,
    total: int | None,
    unit: str,
) -> Generator[_R | BatchError, None, None]:
    owned: concurrent.futures.Executor | None = None
    if executor is None:
        first = list(itertools.islice(source, 2))
        source = itertools.chain(first, source)
        workers = available_cpus()
        if len(first) < 2 or workers == 1:
            executor = SerialExecutor()
        else:
            owned = executor = process_pool(workers)
    try:
        yield from _run_chunks(function, source, executor, progress, total, unit)
    finally:
        if owned is not None:
            owned.shutdown(wait=True, cancel_futures=True)


def _run_chunks(
    function: Callable[[_T], _R],
    source: Iterator[_T],
    executor: concurrent.futures.Executor,
    progress: bool,
    total: int | None,
    unit: str,
) -> Iterator[_R | BatchError]:
    slots = _worker_slots(executor)
    serial = isinstance(executor, SerialExecutor)
    packs = _packs(executor)
    sizer = _ChunkSizer()
    pending: collections.deque[_Chunk[_T, _R]] = collections.deque()
    taken = 0
    exhausted = False
    bar = _progress_bar(progress, total, unit)
    failed = 0
    try:
        while True:
            workers = slots()
            window = 1 if serial else max(4, CHUNKS_PER_WORKER * workers)
            while not exhausted and len(pending) < window:
                remaining = None if total is None else max(1, total - taken)
                chunk_items = list(itertools.islice(source, sizer.size(remaining, workers)))
                if not chunk_items:
                    exhausted = True
                    break
                try:
                    future = _submit(executor, packs, function, taken, chunk_items)
                except RuntimeError as error:  # shut down, or a broken pool
                    raise AnalysisError(f"the executor refused more work: {error}") from error
                pending.append(_Chunk(taken, chunk_items, future))
                taken += len(chunk_items)
            if not pending:
                return
            if not pending[0].future.done():
                concurrent.futures.wait(
                    [chunk.future for chunk in pending if not chunk.counted],
                    return_when=concurrent.futures.FIRST_COMPLETED,
                )
            for chunk in pending:
                if not chunk.counted and chunk.future.done():
                    chunk.counted = True
                    if chunk.future.exception() is None:
                        seconds, _ = chunk.future.result()
                        sizer.record(seconds, len(chunk.items))
                    bar.update(len(chunk.items))
            while pending and pending[0].future.done():
                chunk = pending.popleft()
                for result in _chunk_results(chunk):
                    if isinstance(result, BatchError):
                        failed += 1
                        bar.set_postfix(failed=failed, refresh=False)
                    yield result
    finally:
        for chunk in pending:
            chunk.future.cancel()
        bar.close()


def _submit(
    executor: concurrent.futures.Executor,
    packs: bool,
    function: Callable[[_T], _R],
    start: int,
    items: list[_T],
) -> concurrent.futures.Future[tuple[float, list[_R | BatchError] | bytes]]:
    if packs:
        try:
            payload = _pack(items)
        except Exception:  # the executor's own pickling then reports it for the chunk
            pass
        else:
            return executor.submit(_run_packed_chunk, function, start, payload)
    return executor.submit(_run_chunk, function, start, items)


def _chunk_results(chunk: _Chunk[_T, _R]) -> list[_R | BatchError]:
    error = chunk.future.exception()
    if error is None:
        results = chunk.future.result()[1]
        if not isinstance(results, bytes):
            return results
        try:
            unpacked: list[_R | BatchError] = _unpack(results)
        except Exception as unpacking:  # reported for each item of the chunk below
            error = unpacking
        else:
            return unpacked
    # The whole chunk failed (a worker died, an item would not pickle): every item says so.
    return [
        BatchError(
            index=chunk.start + offset,
            position=_describe(item),
            kind=type(error).__name__,
            message=str(error) or type(error).__name__,
        )
        for offset, item in enumerate(chunk.items)
    ]


# -- positions ------------------------------------------------------------------------------


@attrs.frozen
class _Unreadable:
    """An item the parent could not turn into a position: its worker raises ``message`` (so
    that the error keeps its place among the results)."""

    text: str
    message: str
    error: type[CardgamesError] = AnalysisError


@attrs.frozen
class _Task:
    """What a worker needs for one position: the state (or its game and notation)."""

    position: Position | tuple[str, str] | _Unreadable
    perspective: int | None
    limit: Limit | None


def _state_of(task: _Task) -> Position:
    position = task.position
    if isinstance(position, _Unreadable):
        raise position.error(position.message)
    if isinstance(position, tuple):
        game, text = position
        state: Position = games.named(game).parse_state(text)
        return state
    return position


def _analyse_task(task: _Task) -> AnyAnalysis:
    from cardgames.solver import analyse

    return analyse(_state_of(task), perspective=task.perspective, limit=task.limit)


def _solve_task(task: _Task) -> AnySolution:
    from cardgames.solver import solve

    return solve(_state_of(task), perspective=task.perspective, limit=task.limit)


def _tasks(
    items: Iterable[object], perspective: int | None, limit: Limit | None
) -> Iterator[_Task]:
    for item in items:
        if is_position(item):
            yield _Task(item, perspective, limit)  # type: ignore[arg-type]
        elif isinstance(item, Job):
            position: Position | tuple[str, str]
            if isinstance(item.position, str):
                assert item.game is not None  # checked by Job
                position = (item.game, item.position)
            else:
                position = item.position
            yield _Task(
                position,
                perspective if item.perspective is None else item.perspective,
                limit if item.limit is None else item.limit,
            )
        else:
            yield _Task(
                _Unreadable(
                    quote(item),
                    f"invalid position {quote(item)}: expected the state of a game or a "
                    "solver.batch.Job",
                ),
                None,
                None,
            )


def run_tasks(
    tasks: Iterable[_Task],
    *,
    solve: bool,
    executor: concurrent.futures.Executor | str | None,
    progress: bool,
    total: int | None,
) -> Generator[AnyAnalysis | AnySolution | BatchError, None, None]:
    """The batch behind :func:`analyse_many`, :func:`solve_many` and the command line."""
    function: Callable[[_Task], AnyAnalysis | AnySolution] = _solve_task if solve else _analyse_task
    if isinstance(executor, str):
        with dask_executor(executor) as cluster:
            yield from batch_map(
                function, tasks, executor=cluster, progress=progress, total=total, unit="position"
            )
        return
    yield from batch_map(
        function, tasks, executor=executor, progress=progress, total=total, unit="position"
    )


def _checked(
    positions: object, perspective: object, limit: object, executor: object, progress: object
) -> int | None:
    if isinstance(positions, str) or not isinstance(positions, Iterable):
        raise AnalysisError(f"invalid positions {quote(positions)}: expected an iterable of states")
    _check_perspective(None, None, perspective)
    _check_limit(None, None, limit)
    if executor is not None and not isinstance(executor, concurrent.futures.Executor | str):
        raise AnalysisError(
            f"invalid executor {quote(executor)}: expected a concurrent.futures.Executor, a "
            f"Dask scheduler address or None"
        )
    check_bool(progress, "progress", error=AnalysisError)
    return len(positions) if isinstance(positions, Sized) else None


@overload
def analyse_many(
    positions: Iterable[tarot.State],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    executor: concurrent.futures.Executor | str | None = None,
    progress: bool = False,
) -> Generator[TarotAnalysis | BatchError, None, None]: ...
@overload
def analyse_many(
    positions: Iterable[tailor.State],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    executor: concurrent.futures.Executor | str | None = None,
    progress: bool = False,
) -> Generator[Analysis[tailor.Move] | BatchError, None, None]: ...
@overload
def analyse_many(
    positions: Iterable[Position | Job],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    executor: concurrent.futures.Executor | str | None = None,
    progress: bool = False,
) -> Generator[AnyAnalysis | BatchError, None, None]: ...
def analyse_many(
    positions: Iterable[Position | Job],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    executor: concurrent.futures.Executor | str | None = None,
    progress: bool = False,
) -> Generator[AnyAnalysis | BatchError, None, None]:
    """:func:`cardgames.solver.analyse` of every position, in input order, as they finish.

    >>> from cardgames import tailor
    >>> state = tailor.random_position(tailor.Rules(players=3), seed=4, cards_left=2)
    >>> [analysis.game for analysis in analyse_many([state])]  # one position: no pool
    ['tailor']
    >>> list(analyse_many([state, 'a typo'], executor=SerialExecutor()))[1].message
    "invalid position 'a typo': expected the state of a game or a solver.batch.Job"

    :param positions: states of any game (they may be mixed), or :class:`Job` items carrying
        their own settings; any iterable, read as the work proceeds.
    :param perspective: the seat to analyse for (default: the player to move).
    :param limit: the search budget of each position.
    :param executor: a :class:`concurrent.futures.Executor`, a Dask scheduler address (see
        :func:`~cardgames.solver.batch.dask_executor`), or None for a process pool over
        :func:`~cardgames.solver.batch.available_cpus`.
    :param progress: show a progress bar on standard error.
    :returns: a generator of :class:`~cardgames.search.results.Analysis` results, with a
        :class:`BatchError` in the place of each position that failed. Closing it early
        (``close()``, or leaving a ``for`` loop over it with ``break`` and dropping it) cancels
        the work not yet started and shuts down the pool it started.
    :raises AnalysisError: for invalid arguments (checked before any work starts), a
        missing ``distributed`` package or an unreachable scheduler.
    """
    total = _checked(positions, perspective, limit, executor, progress)
    tasks = _tasks(positions, perspective, limit)
    return run_tasks(  # type: ignore[return-value]
        tasks, solve=False, executor=executor, progress=progress, total=total
    )


@overload
def solve_many(
    positions: Iterable[tarot.State],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    executor: concurrent.futures.Executor | str | None = None,
    progress: bool = False,
) -> Generator[Solution[tarot.Move] | BatchError, None, None]: ...
@overload
def solve_many(
    positions: Iterable[tailor.State],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    executor: concurrent.futures.Executor | str | None = None,
    progress: bool = False,
) -> Generator[Solution[tailor.Move] | BatchError, None, None]: ...
@overload
def solve_many(
    positions: Iterable[Position | Job],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    executor: concurrent.futures.Executor | str | None = None,
    progress: bool = False,
) -> Generator[AnySolution | BatchError, None, None]: ...
def solve_many(
    positions: Iterable[Position | Job],
    *,
    perspective: int | None = None,
    limit: Limit | None = None,
    executor: concurrent.futures.Executor | str | None = None,
    progress: bool = False,
) -> Generator[AnySolution | BatchError, None, None]:
    """:func:`cardgames.solver.solve` of every position, as :func:`analyse_many` does it.

    >>> from cardgames import tarot
    >>> rules = tarot.Rules.preset('traditional-3')
    >>> state = tarot.random_position(rules, seed=5, tricks_left=2)
    >>> [solution.best_move in state.legal_moves() for solution in solve_many([state])]
    [True]
    """
    total = _checked(positions, perspective, limit, executor, progress)
    tasks = _tasks(positions, perspective, limit)
    return run_tasks(  # type: ignore[return-value]
        tasks, solve=True, executor=executor, progress=progress, total=total
    )
