"""Benchmark how fast the tool starts and stops (timings the tests only wait for):
`python -m tests.benchmarks.bench_serve [N]`.

- `classroom serve`: from starting the process to the Make page answering (target ≤ 1 s);
- `classroom serve` stopped by SIGTERM while a set is being made (target ≤ 5 s);
- a batch of worksheets on two worker processes stopped by Ctrl-C (target ≤ 2 s).
Each N times (default 5); prints the median and the slowest.
"""

from __future__ import annotations

import os
import signal
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from tests.test_hostile_signals import SLOW, start, wait_for_workers
from tests.test_web_serve import serving


def start_up(folder: Path) -> float:
    """Return the seconds from starting `classroom serve` to its first page."""
    began = time.perf_counter()
    with serving(folder):
        return time.perf_counter() - began


def serve_stop(folder: Path) -> float:
    """Return the seconds from SIGTERM to the end of a server that is making a set."""
    with serving(folder) as server:
        fields = urllib.parse.urlencode({"kind": "situations", "count": "4", "plays": "6", "seed": "77"})
        urllib.request.urlopen(server.url + "make", data=fields.encode()).read()
        time.sleep(1)  # the job's process is under way
        began = time.perf_counter()
        server.process.send_signal(signal.SIGTERM)
        server.process.wait()
        return time.perf_counter() - began


def batch_stop(folder: Path) -> float:
    """Return the seconds from Ctrl-C to the end of a batch run on two worker processes."""
    process = start(SLOW["boardless"], folder / "out")
    wait_for_workers(process, 2)
    began = time.perf_counter()
    os.killpg(process.pid, signal.SIGINT)
    process.communicate()
    return time.perf_counter() - began


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for label, measure, target in [("serve start-up to first page", start_up, 1.0),
                                   ("serve stopped while making a set", serve_stop, 5.0),
                                   ("batch stopped by Ctrl-C", batch_stop, 2.0)]:
        seconds = []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as folder:
                seconds.append(measure(Path(folder)))
        print(f"{label}: median {statistics.median(seconds):.2f} s, slowest {max(seconds):.2f} s "
              f"(target ≤ {target:g} s)")


if __name__ == "__main__":
    main()
