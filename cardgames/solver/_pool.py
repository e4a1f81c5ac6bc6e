"""Where a batch's work runs: the serial executor, the process pool whose workers watch for
their owner's death, a Dask cluster's executor, and how many calls each runs at once.

:mod:`cardgames.solver.batch` re-exports the public names (:class:`SerialExecutor`,
:func:`process_pool`, :func:`available_cpus`, :func:`dask_executor`); this module is its
private part.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar

from cardgames.errors import AnalysisError
from cardgames.validation import check_int, quote

_R = TypeVar("_R")


class SerialExecutor(concurrent.futures.Executor):
    """An executor that runs each call in the calling thread when it is submitted: a batch
    without any other process or thread (what ``cardgames batch --jobs 1`` uses).

    >>> SerialExecutor().submit(divmod, 7, 2).result()
    (3, 1)
    """

    def submit(
        self, fn: Callable[..., _R], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[_R]:
        """Call ``fn`` with the arguments now; the future holds its result or its error."""
        future: concurrent.futures.Future[_R] = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # the caller reads it from the future; Ctrl-C still stops
            future.set_exception(error)
        return future


def process_pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    """A process pool of ``workers`` processes, as the batch starts by default.

    Where new processes are forked by default (Linux before Python 3.14), a process that
    already runs other threads (a Dask client, a progress bar, a web server) starts them
    through a fork server instead: forking a process with threads can deadlock the child.
    Each worker ends itself soon after its owner's death (``kill -9`` included; it checks twice
    a second), rather than waiting for work forever.

    :raises AnalysisError: if ``workers`` is not an int from 1 to 4096.
    """
    check_int(workers, "workers", low=1, high=4096, error=AnalysisError)
    method = multiprocessing.get_start_method(allow_none=True)
    if method is None:  # not chosen by the program: the platform's default
        method = "fork" if sys.platform == "linux" and sys.version_info < (3, 14) else "other"
    context = None
    if (
        method == "fork"
        and threading.active_count() > 1
        and "forkserver" in multiprocessing.get_all_start_methods()
    ):
        context = multiprocessing.get_context("forkserver")
    return concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=context, initializer=_watch_parent
    )


# How often a pool worker checks that its pool's owner is still there (see _watch_parent).
_PARENT_CHECK_SECONDS: Final = 0.5


def _watch_parent() -> None:
    """Start a thread that ends this pool worker when its pool's owner is gone.

    A worker of a :class:`~concurrent.futures.ProcessPoolExecutor` whose owner is killed
    (``kill -9``, a crash) would otherwise wait for work forever: the other workers hold the
    pipe it waits on open. Every half second the thread checks both that the worker's parent
    is the one it started with (a dead parent's children are handed to another process) and
    that :func:`multiprocessing.parent_process` is alive (which also covers workers started
    through a fork server, and Windows, where a parent's id stays the same).
    """
    started_by = os.getppid()
    parent = multiprocessing.parent_process()

    def watch() -> None:
        while True:
            time.sleep(_PARENT_CHECK_SECONDS)
            orphaned = os.getppid() != started_by
            if orphaned or (parent is not None and not parent.is_alive()):
                os._exit(1)  # no clean-up to wait for: the results have nowhere to go

    threading.Thread(target=watch, name="cardgames-parent-watch", daemon=True).start()


def available_cpus() -> int:
    """The cores this process may run on (its CPU affinity where the system has one).

    >>> available_cpus() >= 1
    True
    """
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if counter is not None:
        count: int | None = counter()
    elif hasattr(os, "sched_getaffinity"):
        count = len(os.sched_getaffinity(0))
    else:  # pragma: no cover - macOS and Windows on Python < 3.13
        count = os.cpu_count()
    return max(1, count or 1)


_INSTALL_HINT: Final = "a Dask scheduler needs the distributed package: pip install cardgames[dask]"


@contextlib.contextmanager
def dask_executor(address: str, *, timeout: float = 30) -> Iterator[concurrent.futures.Executor]:
    """Connect to the Dask scheduler at ``address`` and give its executor, closing the
    connection at the end of the ``with`` block.

    :param address: the scheduler's address, such as ``"tcp://10.0.0.5:8786"``.
    :param timeout: seconds to wait for the scheduler to answer.
    :raises AnalysisError: if the ``distributed`` package is missing (the message says what to
        install) or the scheduler cannot be reached.
    """
    if not isinstance(address, str) or not address.strip():
        raise AnalysisError(
            f"invalid scheduler address {quote(address)}: expected text such as 'tcp://HOST:8786'"
        )
    try:
        # Imported by name: the package is optional and has no type hints, and the compiled
        # build type-checks the whole library without it installed.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise AnalysisError(f"cannot use the scheduler {quote(address)}: {_INSTALL_HINT}") from None
    try:
        connect: Any = distributed.Client
        client = connect(address, timeout=timeout)
    except (OSError, ValueError, TypeError) as error:
        raise AnalysisError(
            f"cannot reach the Dask scheduler at {quote(address)}: {error}"
        ) from None
    try:
        # pure=False: every chunk is new work, so Dask need not hash its contents for a key.
        yield client.get_executor(pure=False)
    finally:
        client.close()


def _worker_slots(executor: concurrent.futures.Executor) -> Callable[[], int]:
    """How many calls ``executor`` runs at once, as a function (a Dask cluster can grow)."""
    if isinstance(executor, SerialExecutor):
        return lambda: 1
    client = getattr(executor, "_client", None)  # distributed.cfexecutor.ClientExecutor
    if client is not None and hasattr(client, "nthreads"):
        checked = [0.0, 1]

        def dask_slots() -> int:
            now = time.monotonic()
            if now - checked[0] > 5:
                with contextlib.suppress(Exception):  # a slow answer: keep the last count
                    checked[1] = max(1, sum(client.nthreads().values()))
                checked[0] = now
            return int(checked[1])

        return dask_slots
    slots = getattr(executor, "_max_workers", None)
    count = slots if isinstance(slots, int) and slots > 0 else available_cpus()
    return lambda: count
