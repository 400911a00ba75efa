"""Progress of a long batch on stderr.

On a terminal: one line redrawn in place, with the items done and the time so far, redrawn
every half second so it moves during a long single item too. Elsewhere (a log file, a pipe):
one plain line per finished item of a batch of several, nothing redrawn.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO


class Progress:
    """A progress line for `total` items; call it once for every item made."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None) -> None:
        self.total, self.label = total, label
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.live = _is_terminal(self.stream)
        self._start = time.monotonic()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._ticker: threading.Thread | None = None

    def __enter__(self) -> "Progress":
        if self.live:
            self._draw()
            self._ticker = threading.Thread(target=self._tick, daemon=True)
            self._ticker.start()
        return self

    def __call__(self) -> None:
        with self._lock:
            self.done += 1
            if self.live:
                self._draw()
            elif self.total > 1:  # a single item's result follows at once
                elapsed = time.monotonic() - self._start
                self.stream.write(f"{self.label}: {self.done} of {self.total} done ({elapsed:.0f} s)\n")
                self.stream.flush()

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
        if self.live:
            with self._lock:
                self.stream.write("\r\033[K")  # the line is wiped: what follows is the result
                self.stream.flush()

    def _tick(self) -> None:
        while not self._stop.wait(0.5):
            with self._lock:
                self._draw()

    def _draw(self) -> None:
        width = 20
        filled = width * self.done // max(self.total, 1)
        elapsed = int(time.monotonic() - self._start)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'-' * (width - filled)}] "
                          f"{self.done}/{self.total}  {elapsed // 60}:{elapsed % 60:02d}")
        self.stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
