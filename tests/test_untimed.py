"""No test measures how long something took: on a busy machine a test waits (a deadline far
off), it never fails for being slow. Timings belong in tests/benchmarks/.

Except where the product promises a bound a person meets on a class network (PRODUCT.md, "Safe
on a class network"): a search past its limit is gone, Ctrl-C stops the page within 2 s, the
teacher's page answers within a second while slow clients hold connections. Those files are
named here, each with the promise it holds; no other file may time anything."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import HealthCheck, settings

TESTS = Path(__file__).resolve().parent
PROMISED_BOUNDS = {
    "test_web_searches.py": "a reveal answers by its limit; Ctrl-C stops the server and its searches within 2 s",
    "test_web_slow_clients.py": "with slow clients held, the teacher's page answers within 1 s; a stop within 2 s",
}
CLOCKS = {"monotonic", "perf_counter", "time", "monotonic_ns", "perf_counter_ns", "time_ns"}


def is_clock(node: ast.AST) -> bool:
    """Return whether the node reads the clock: time.monotonic(), perf_counter(), ..."""
    if not isinstance(node, ast.Call):
        return False
    function = node.func
    name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    return name in CLOCKS


def durations(path: Path) -> list[str]:
    """Return 'file:line' of every elapsed time a file computes: the clock minus something."""
    tree = ast.parse(path.read_text("utf-8"))
    lines = sorted(node.lineno for node in ast.walk(tree)
                   if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and is_clock(node.left))
    return [f"{path.name}:{line}" for line in lines]


def test_no_test_measures_an_elapsed_time():
    """Outside tests/benchmarks/ and the files of promised bounds, no test computes the clock
    minus a start."""
    found = [place for path in sorted(TESTS.glob("*.py")) if path.name not in PROMISED_BOUNDS
             for place in durations(path)]
    assert found == []
    assert all(durations(TESTS / name) for name in PROMISED_BOUNDS)  # no name left here for nothing


def test_the_check_finds_a_measured_duration(tmp_path):
    """The check sees the ways a timed test is written, and not a deadline."""
    sample = tmp_path / "sample.py"
    sample.write_text("import time\nstarted = time.monotonic()\nassert time.monotonic() - started < 1\n"
                      "took = perf_counter() - started\ndeadline = time.monotonic() + 60\n", "utf-8")
    assert durations(sample) == ["sample.py:3", "sample.py:4"]


def test_hypothesis_never_fails_a_test_for_being_slow():
    """Hypothesis's own clocks are off for every test: no deadline per example, and no health
    check failing a test whose examples are slow to generate."""
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check
