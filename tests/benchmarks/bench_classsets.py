"""Benchmark class sets end to end (PRODUCT.md quality bars): `python -m tests.benchmarks.bench_classsets`.

30 Boardless Activity worksheets with keys (target ≤ 30 s) and 10 Board Situations with keys
(target ≤ 2 min), through the real command, written to a temporary folder, on every core.
"""

from __future__ import annotations

import sys
import tempfile
import time

from typer.testing import CliRunner

from classroom.cli.commands import app


def timed(label: str, args: list[str]) -> None:
    """Run one command and print how long it took."""
    start = time.perf_counter()
    result = CliRunner().invoke(app, args)
    seconds = time.perf_counter() - start
    if result.exit_code:
        print(result.output, file=sys.stderr)
        raise SystemExit(f"{label} failed")
    print(f"{label}: {seconds:.1f} s")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        timed("30 boardless worksheets with keys",
              ["boardless", "--count", "30", "--seed", "2026", "--out", f"{folder}/b"])
        if "--boardless-only" not in sys.argv:
            timed("10 board situations with keys",
                  ["situations", "--count", "10", "--seed", "2026", "--out", f"{folder}/s"])


if __name__ == "__main__":
    main()
