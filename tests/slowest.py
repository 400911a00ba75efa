"""The order the suite's tests are handed to pytest-xdist's workers in, so that a run on several
cores ends when the work ends and not when one long test, begun late, ends.

`--dist worksteal` gives worker i the i-th of k equal slices of the collection and lets an idle
worker take the back half of a busy one's queue. A slice run in file order can begin its longest
test last, and the run then waits for it alone. Here the modules holding the slowest tests
(tests/slowest.txt: seconds and test id, from a run's `--durations`) are dealt out to the slices,
the heaviest first to the slice with the least so far, and each slice begins with its own; the
other modules fill the slices, in file order, behind them. A module is never split (its
module-scoped fixtures are made once) and its tests keep their order; every test is kept."""

from collections import defaultdict
from pathlib import Path

WEIGHTS = Path(__file__).resolve().parent / "slowest.txt"


def weights(path: Path = WEIGHTS) -> dict[str, float]:
    """Return the seconds of each test named in path (lines `seconds test-id`; a line beginning
    with # is a note)."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            seconds, name = line.split(None, 1)
            found[name] = float(seconds)
    return found


def module_of(test_id: str) -> str:
    """Return the file part of a test's id (`tests/test_x.py::test_y[1]` -> `tests/test_x.py`)."""
    return test_id.split("::", 1)[0]


def starts(count: int, workers: int) -> list[int]:
    """Return where each worker's slice of count tests begins under worksteal, which gives each
    idle worker in turn len(left) // (workers left) of the tests still unsent."""
    begun, left = [], count
    for i in range(workers):
        begun.append(count - left)
        left -= left // (workers - i)
    return begun


def ordered(test_ids: list[str], seconds: dict[str, float], workers: int) -> list[str]:
    """Return test_ids reordered for `workers` slices of worksteal, as the module says."""
    modules = defaultdict(list)
    for test_id in test_ids:
        modules[module_of(test_id)].append(test_id)
    weight = {module: sum(seconds.get(test_id, 0.0) for test_id in tests) for module, tests in modules.items()}
    heavy = sorted((module for module in modules if weight[module] > 0), key=lambda module: -weight[module])
    light = [module for module in modules if weight[module] <= 0]
    slices = [[] for _ in range(max(1, workers))]
    loads = [0.0] * len(slices)
    for module in heavy:
        least = loads.index(min(loads))
        slices[least].append(module)
        loads[least] += weight[module]
    result = []
    for begin, own in zip(starts(len(test_ids), len(slices)), slices):
        while light and len(result) < begin:
            result.extend(modules[light.pop(0)])
        for module in own:
            result.extend(modules[module])
    for module in light:
        result.extend(modules[module])
    return result
