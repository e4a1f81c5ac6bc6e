"""A guard that fails a call that never returns, without ever failing one that is only slow.

A hang check on the wall clock fails on a loaded machine: with other jobs on every core, a call
that takes a hundredth of a second alone can take seconds. The guard counts the process's own
CPU time instead (``ITIMER_PROF``: user and system time), which does not grow while the
process waits for a core, and allows :data:`CPU_SECONDS` of it: some thousand times what the
slowest call it guards needs. A call that hangs without using the CPU (blocked on a lock, a
read) is caught by the wall clock, with a margin no load can reach (:data:`WALL_SECONDS`).

Where the signals do not exist (Windows) the guard does nothing.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

CPU_SECONDS = 60.0
"""CPU seconds a guarded block may use: the slowest call guarded takes a few hundredths."""

WALL_SECONDS = 900.0
"""Seconds a guarded block may last in all: only a block that waits forever gets there."""

AVAILABLE = hasattr(signal, "setitimer") and hasattr(signal, "SIGPROF")
"""Whether the guard can work here (it needs Unix interval timers)."""


class Hang(BaseException):
    """A guarded block did not finish. Not an ``Exception``, so that hypothesis stops at once
    instead of shrinking (each try would hang again), and no ``except Exception`` in the
    library can swallow it."""


@contextmanager
def no_hang(
    what: str = "the call", cpu_seconds: float = CPU_SECONDS, wall_seconds: float = WALL_SECONDS
) -> Iterator[None]:
    """Raise :class:`Hang` in the block once it has used ``cpu_seconds`` of CPU time or lasted
    ``wall_seconds``, whichever comes first."""
    if not AVAILABLE:  # pragma: no cover - not on Windows
        yield
        return

    def on_cpu(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"{what} did not finish within {cpu_seconds} seconds of CPU time")

    def on_wall(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"{what} did not finish within {wall_seconds} seconds")

    previous_cpu = signal.signal(signal.SIGPROF, on_cpu)
    previous_wall = signal.signal(signal.SIGALRM, on_wall)
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    signal.setitimer(signal.ITIMER_REAL, wall_seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, previous_cpu)
        signal.signal(signal.SIGALRM, previous_wall)
