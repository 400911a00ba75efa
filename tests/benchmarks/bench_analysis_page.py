"""Benchmark: a dealt game's analysis through the page, on a running `classroom serve`.

Run as `python -m tests.benchmarks.bench_analysis_page [--seed S] [--turns N] [--runs R]`
(issue 44's bar: a 30-turn dealt game's analysis <= 5 s through the page).
The game is bench_analysis's: the first N turns (default 30) of a seeded game of the simulated
class players, each turn's rack in brackets, written to a fresh library. For each run a
`classroom serve` is started in a process of its own (as a teacher starts it), the teacher's
browser (urllib, its cookies) opens the teacher's link, and after a second (the server's
search processes ready, as when a teacher opens the page some time after starting it) it asks
for /games/NAME/analysis and follows the page's refresh as a browser does (the page asks
again the seconds its `<meta http-equiv="refresh">` says after each answer) until the page
shows every turn's best play and the summaries. Timed, wall:
- cold: the first time the server is asked (nothing searched yet);
- warm: the same record asked again on the same server (kept by record state);
- a turn more: the record grown by one turn (N+1 turns), on the same server: only the new
  turn is searched.
Medians of R runs (default 5), each on a fresh server. Each run's CPU (user and system) of the
server process itself is given too (its start-up, the requests, the pages drawn; not its
searches, which run in processes of multiprocessing's fork server, which the server does not
wait for), with that of an idle server (started, the link opened, stopped) to take away: on a
machine shared with other work the wall times measure the load, and the server's CPU is what
the page takes from the searches.
Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks.bench_analysis import dealt_game
from tests.test_web_serve import serving

REFRESH = re.compile(r'<meta http-equiv="refresh" content="(\d+(?:\.\d+)?)">')
DONE = 'id="summaries"'


def followed(browser, path: str) -> tuple[float, float | None, int]:
    """Return the seconds from the first request to the page with every turn analysed, the
    seconds to the first turn shown (None if the first answer was already whole) and how many
    requests it took, following the page's refresh as a browser does."""
    start, first, asked = time.perf_counter(), None, 0
    while True:
        shown = browser.get(path, timeout=600)
        asked += 1
        if first is None and 'data-state="analysed"' in shown:
            first = time.perf_counter() - start
        again = REFRESH.search(shown)
        if again is None:
            break
        time.sleep(float(again[1]))
    total = time.perf_counter() - start
    if DONE not in shown or 'data-state="searching"' in shown:
        raise AssertionError(f"the page stopped refreshing before the analysis was done: {shown[-2000:]}")
    return total, first, asked


def children_cpu() -> float:
    """Return the CPU seconds (user and system) of this process's children ended so far (a
    server stopped: its own CPU, not its fork server's searches)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def idle_run() -> float:
    """Return the CPU seconds of a server started, its teacher's link opened, and stopped."""
    before = children_cpu()
    with tempfile.TemporaryDirectory() as folder:
        with serving(Path(folder)) as server:
            server.signed_in()
            time.sleep(1.0)
    return children_cpu() - before


def one_run(text: str, longer: str) -> dict[str, float]:
    """Return one fresh server's times: cold, warm, and the record grown by a turn, and the
    server process's own CPU seconds over the three (its start-up included)."""
    before = children_cpu()
    with tempfile.TemporaryDirectory() as folder:
        games = Path(folder) / "output" / "games"
        games.mkdir(parents=True)
        (games / "dealt.txt").write_text(text, encoding="utf-8")
        with serving(Path(folder)) as server:
            browser = server.signed_in()
            time.sleep(1.0)
            cold, first, asked = followed(browser, "/games/dealt/analysis")
            warm, _, warm_asked = followed(browser, "/games/dealt/analysis")
            (games / "dealt.txt").write_text(longer, encoding="utf-8")
            grown, _, _ = followed(browser, "/games/dealt/analysis")
    cpu = children_cpu() - before
    print(f"  cold {cold:6.2f} s (first turn shown {first if first is None else round(first, 2)} s, "
          f"{asked} requests); warm {warm:5.2f} s ({warm_asked} request); a turn more {grown:5.2f} s; "
          f"the server's CPU {cpu:5.2f} s", flush=True)
    return {"cold": cold, "first": first or 0.0, "warm": warm, "grown": grown, "cpu": cpu}


def main(seed: int = 2, turns: int = 30, runs: int = 5) -> None:
    text, longer = dealt_game(seed, turns), dealt_game(seed, turns + 1)
    assert longer.startswith(text.rsplit("\n", 1)[0]), "the longer game is not the same game"
    analysed = sum(1 for line in text.splitlines() if "[" in line)
    print(f"seed {seed}: {turns} turns, {analysed} with a known rack; {runs} runs, each on a fresh server")
    results = [one_run(text, longer) for _ in range(runs)]
    idle = [idle_run() for _ in range(runs)]
    print(f"  an idle server: CPU median {statistics.median(idle):.2f} s")
    for what in ("cold", "first", "warm", "grown", "cpu"):
        values = [r[what] for r in results]
        print(f"{what:>6}: median {statistics.median(values):.2f} s (min {min(values):.2f}, max {max(values):.2f})")


if __name__ == "__main__":
    arguments = sys.argv[1:]

    def option(name: str, default: int) -> int:
        return int(arguments[arguments.index(name) + 1]) if name in arguments else default

    main(option("--seed", 2), option("--turns", 30), option("--runs", 5))
