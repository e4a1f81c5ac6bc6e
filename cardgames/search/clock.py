"""The clock of one solver call under a time limit: the limit covers the whole call.

A search that stops at its deadline has not finished its call: the results are still to be
put together and, above all, the search's tables (often hundreds of thousands of entries) are
still to be freed, which takes time in proportion to the time spent filling them (about 1 to
4 % of it, more in the compiled backend, which fills them faster). So a :class:`CallClock`
starts when the call starts, gives the search a deadline that leaves room for that work, and
is read at the very end, after the tables are gone, for the ``elapsed`` the call reports.

The room left is a fraction of the search's time: the share the work after a search took in
the calls made so far (:class:`AfterSearch`, starting from a cautious 5 %). A limit too short
for the set-up and the report of a search (a few milliseconds) still takes what they take.

>>> clock = CallClock(2.0)
>>> deadline = clock.deadline()
>>> deadline is not None and deadline < clock.started + 2.0
True
>>> clock.searched()
>>> 0 <= clock.stop() < 2.0
True
"""

from __future__ import annotations

import time
from typing import Final

__all__ = ["AFTER_SEARCH", "AfterSearch", "CallClock"]


class AfterSearch:
    """What the work after a search (putting the result together, freeing the tables) costs,
    as a fraction of the search's own time, learnt from the calls made so far.

    Each call whose search took at least :attr:`MIN_SEARCH` seconds reports what it saw
    (:meth:`observe`): the estimate rises at once to a larger share and comes down slowly
    towards smaller ones, within :attr:`LOW` and :attr:`HIGH`.

    >>> after = AfterSearch()
    >>> after.observe(search=1.0, after=0.08)
    >>> after.fraction
    0.08
    >>> after.observe(search=1.0, after=0.02)
    >>> round(after.fraction, 3)
    0.062
    """

    START: Final = 0.05
    """The estimate before any call has been measured."""
    LOW: Final = 0.005
    """The smallest estimate."""
    HIGH: Final = 0.25
    """The largest estimate: whatever is seen, the search keeps most of the limit."""
    MIN_SEARCH: Final = 0.02
    """Searches shorter than this (seconds) teach nothing: fixed costs swamp them."""

    def __init__(self) -> None:
        self.fraction = self.START

    def observe(self, search: float, after: float) -> None:
        """Learn from one call: ``search`` seconds of search, then ``after`` seconds to finish."""
        if search < self.MIN_SEARCH:
            return
        seen = after / search
        fraction = seen if seen >= self.fraction else 0.7 * self.fraction + 0.3 * seen
        self.fraction = min(self.HIGH, max(self.LOW, fraction))


AFTER_SEARCH: Final = AfterSearch()
"""The estimate every solver call shares (one per process)."""


class CallClock:
    """The clock of one call under an optional time limit (see the module's description).

    :param seconds: the call's time limit (None: none; the clock then only measures).
    :param after: the estimate of the work after the search (default: the shared one).
    """

    def __init__(self, seconds: float | None, after: AfterSearch | None = None) -> None:
        self.started = time.perf_counter()
        self.seconds = seconds
        self.after = AFTER_SEARCH if after is None else after
        self._search_started: float | None = None
        self._search_ended: float | None = None

    def deadline(self) -> float | None:
        """The time (:func:`time.perf_counter`) the search must stop by, leaving room for the
        work after it; None without a limit. Call it when the search starts."""
        now = time.perf_counter()
        self._search_started = now
        if self.seconds is None:
            return None
        left = self.started + self.seconds - now
        return now + max(0.0, left) / (1.0 + self.after.fraction)

    def searched(self) -> None:
        """Note that the search has stopped (what follows is the work after it)."""
        self._search_ended = time.perf_counter()

    def stop(self) -> float:
        """The seconds since the call started; call it last, once the search's tables are
        freed. A timed call that went through :meth:`deadline` and :meth:`searched` teaches
        the shared estimate what its work after the search cost."""
        now = time.perf_counter()
        begun, ended = self._search_started, self._search_ended
        if self.seconds is not None and begun is not None and ended is not None:
            self.after.observe(search=ended - begun, after=now - ended)
        return now - self.started
