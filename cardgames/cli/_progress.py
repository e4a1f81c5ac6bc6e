"""Signs of life on standard error while a long analysis runs."""

from __future__ import annotations

import sys
import threading
import time

from cardgames.search.results import SearchProgress

__all__: list[str] = []


class _Progress:
    """Reports on standard error, once a second, while an analysis runs past its first second.

    A background thread does the reporting, so even a single long search shows signs of life;
    the Tarot solver also tells it the moves scored, the nodes searched and the bounds on
    the value proved so far.
    """

    def __init__(self, interval: float = 1.0) -> None:
        self.interval = interval
        self.started = time.perf_counter()
        self.status = ""
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self._tick, daemon=True)

    def __call__(self, report: SearchProgress) -> None:
        self.status = f", {report.to_unicode()}"

    def __enter__(self) -> _Progress:
        self.thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.finished.set()
        self.thread.join()

    def _tick(self) -> None:
        while not self.finished.wait(self.interval):
            elapsed = time.perf_counter() - self.started
            print(f"  ... analysing: {elapsed:.0f} s{self.status}", file=sys.stderr, flush=True)
