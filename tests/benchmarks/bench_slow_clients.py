"""Benchmark the page beside slow clients (issue 37 item 6):
`python -m tests.benchmarks.bench_slow_clients [N]`.

N times (default 10): 100 connections that send "GET / HTTP/1.1\\r\\nHost: 127.0.0.1" and never
finish their head are opened to `classroom serve`, then the teacher's browser (signed in by the
teacher's link) fetches the Make page once; prints each answer's status and seconds, and the
median (target: a 200 within 1 s).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import urllib.error
from pathlib import Path

from tests.test_web_serve import Browser, serving
from tests.test_web_slow_clients import HALF_HEAD, connections, port_of


def page_beside_half_open(teacher: Browser) -> tuple[float, int]:
    """Return the seconds and the status of one GET of the Make page by the teacher's browser
    while 100 half-open connections are held."""
    with connections(port_of(teacher.url), 100, HALF_HEAD):
        began = time.perf_counter()
        try:
            teacher.get("/", timeout=30)
            status = 200
        except urllib.error.HTTPError as error:  # the 503 of a server that counts them
            status = error.code
        return time.perf_counter() - began, status


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder)) as server:
        teacher = server.signed_in()
        answers = [page_beside_half_open(teacher) for _ in range(runs)]
    for seconds, status in answers:
        print(f"{status} in {seconds * 1000:.1f} ms")
    print(f"page beside 100 half-open connections: median {statistics.median(s for s, _ in answers) * 1000:.1f} ms, "
          f"{sum(status == 200 for _, status in answers)} of {runs} answered 200 (target: 200 within 1 s)")


if __name__ == "__main__":
    main()
