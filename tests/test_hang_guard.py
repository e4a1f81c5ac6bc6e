"""The hang guard of the hostile-input tests counts CPU time: a block that waits is not a hang,
one that spins forever is."""

from __future__ import annotations

import signal
import time

import pytest
from hang_guard import AVAILABLE, Hang, no_hang

pytestmark = pytest.mark.skipif(not AVAILABLE, reason="needs Unix interval timers")


def test_a_block_that_waits_is_not_stopped_by_the_cpu_limit() -> None:
    # Waiting stands for being slow on a loaded machine: the wall clock runs, the process's
    # CPU time hardly moves.
    with no_hang(cpu_seconds=0.05):
        time.sleep(0.3)


def test_a_block_that_spins_is_stopped() -> None:
    with pytest.raises(Hang, match=r"within 0\.05 seconds of CPU time"), no_hang(cpu_seconds=0.05):
        while True:
            pass


def test_a_block_that_waits_forever_is_stopped_by_the_wall_clock() -> None:
    with pytest.raises(Hang, match=r"within 0\.2 seconds"), no_hang(wall_seconds=0.2):
        time.sleep(60)


def test_the_guard_leaves_no_timer_behind() -> None:
    with no_hang():
        pass
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
