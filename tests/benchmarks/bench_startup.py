"""Benchmark the command line's start-up from a wheel install (issue 44 item 1): run
`python -m tests.benchmarks.bench_startup [--runs R] [--ref COMMIT ...] [--floors]`.

Target (issue 44's "done when", 2-core machine): `classroom check "4 + 5 = 9"`, `classroom tiles`,
`classroom --help` and `classroom solve "1 2 3 + ="` ≤ 150 ms each, the median of many runs.

It builds a wheel of the working tree (and, with `--ref`, of each commit named, from `git
archive`), installs each into a fresh virtual environment in a temporary folder as a user would
(`pip install` of the wheel, its dependencies from the configured index), runs every command twice
so that the bytecode is written (this sandbox's `PYTHONDONTWRITEBYTECODE` is removed for the
commands), then runs the installed console script `classroom` R times a command (default 20), the
builds and commands in turn so that each meets the same load. For each it gives the median, min and
max of the CPU time (user + system, from the process's own rusage) and the median wall time. On a
machine shared with other jobs the CPU time is the figure to read: wall time there is mostly
waiting for a core.

Run it in the project's virtual environment (the wheel is built there without build isolation,
with its setuptools, so that no index is needed for the build).
`--floors` also times, in the first build's environment, Python alone (`python -c pass`) and
`python -c "import typer"`: what no change to the tool can go under.
Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = {
    "check": ["check", "4 + 5 = 9"],
    "tiles": ["tiles"],
    "--help": ["--help"],
    "solve": ["solve", "1 2 3 + ="],  # refused with one sentence, exit 2: = is not part of a hand
}


def quiet_env() -> dict[str, str]:
    """Return the environment a user's shell would give: bytecode written, no path to the repository."""
    return {name: value for name, value in os.environ.items()
            if name not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "VIRTUAL_ENV")}


def install(source: Path, folder: Path) -> Path:
    """Build a wheel of `source`, install it into a fresh venv in `folder`, and return the venv's bin folder."""
    wheels = folder / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(wheels), str(source)], check=True)
    subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], check=True)
    bin_folder = folder / "venv" / "bin"
    subprocess.run([str(bin_folder / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    *map(str, wheels.glob("*.whl"))], check=True, env=quiet_env())
    return bin_folder


def unpacked(ref: str, folder: Path) -> Path:
    """Return a folder holding the repository's files at commit `ref` (git archive)."""
    target = folder / "source"
    target.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def timed(argv: list[str]) -> tuple[float, float]:
    """Run one command to its end; return its CPU time (user + system) and its wall time, in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=quiet_env())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of each command (default 20)")
    parser.add_argument("--ref", nargs="*", default=[], help="commits to time as well, e.g. a base")
    parser.add_argument("--floors", action="store_true", help="also time python alone and `import typer`")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-startup-") as temporary:
        builds: dict[str, Path] = {}
        for ref in options.ref:
            folder = Path(temporary) / ref
            builds[ref] = install(unpacked(ref, folder), folder)
        builds["working tree"] = install(ROOT, Path(temporary) / "working")
        cases = {(name, command): [str(bin_folder / "classroom"), *words]
                 for name, bin_folder in builds.items() for command, words in COMMANDS.items()}
        if options.floors:
            python = str(next(iter(builds.values())) / "python")
            cases[("floor", "python -c pass")] = [python, "-c", "pass"]
            cases[("floor", "import typer")] = [python, "-c", "import typer"]
        for argv in cases.values():  # bytecode written before timing
            for _ in range(2):
                timed(argv)
        times: dict[tuple[str, str], list[tuple[float, float]]] = {case: [] for case in cases}
        for _ in range(options.runs):
            for case, argv in cases.items():
                times[case].append(timed(argv))

    print(f"{options.runs} runs each, load average {os.getloadavg()[0]:.1f} at the end; CPU = user + system")
    print(f"{'build':<16} {'command':<16} {'CPU median':>11} {'min':>7} {'max':>7} {'wall median':>12}")
    for (name, command), runs in times.items():
        cpu = [c for c, _ in runs]
        wall = [w for _, w in runs]
        print(f"{name:<16} {command:<16} {statistics.median(cpu) * 1000:9.0f} ms {min(cpu) * 1000:5.0f} ms "
              f"{max(cpu) * 1000:5.0f} ms {statistics.median(wall) * 1000:9.0f} ms")


if __name__ == "__main__":
    main()
