"""The order the suite hands its tests to pytest-xdist's workers (tests/slowest.py): every test
kept once, each module whole and in its order, and each worker's slice of worksteal beginning with
its share of the slowest modules."""

import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from xdist.scheduler.worksteal import WorkStealingScheduling

from tests.slowest import module_of, ordered, starts, weights

ROOT = Path(__file__).resolve().parent.parent


class Options:
    """The one option worksteal's scheduler reads: the workers to start."""

    def __init__(self, workers):
        self.workers = workers

    def getvalue(self, name):
        assert name == "tx"
        return [f"{self.workers}*popen"]


class Worker:
    """A worker as the scheduler sees it, keeping the tests it is sent."""

    def __init__(self):
        self.sent, self.shutting_down, self.gateway = [], False, SimpleNamespace(id="fake")

    def send_runtest_some(self, indices):
        self.sent.extend(indices)

    def shutdown(self):
        self.shutting_down = True


@pytest.mark.parametrize("count, workers", [(10, 2), (11, 2), (2217, 2), (11, 3), (100, 4), (3, 2)])
def test_slices_begin_where_worksteal_sends_them(count, workers):
    scheduler = WorkStealingScheduling(Options(workers))
    nodes = [Worker() for _ in range(workers)]
    for node in nodes:
        scheduler.add_node(node)
    for node in nodes:
        scheduler.add_node_collection(node, [f"tests/test_{i}.py::test" for i in range(count)])
    scheduler.schedule()
    assert starts(count, workers) == [node.sent[0] if node.sent else count for node in nodes]


def collection(rng):
    """Return test ids of some modules in file order, and seconds for some of them."""
    ids, seconds = [], {}
    for m in range(rng.randint(1, 30)):
        heavy = rng.random() < 0.3
        for t in range(rng.randint(1, 12)):
            ids.append(f"tests/test_{m:02}.py::test_{t}")
            if heavy and rng.random() < 0.5:
                seconds[ids[-1]] = rng.uniform(0.5, 300)
    return ids, seconds


@pytest.mark.parametrize("seed", range(40))
def test_every_test_is_kept_once_and_each_module_whole_in_its_order(seed):
    rng = random.Random(seed)
    ids, seconds = collection(rng)
    result = ordered(ids, seconds, rng.randint(1, 4))
    assert sorted(result) == sorted(ids)
    modules = [module_of(test_id) for test_id in result]
    blocks = [module for i, module in enumerate(modules) if i == 0 or modules[i - 1] != module]
    assert len(blocks) == len(set(blocks)), "a module is split"
    for module in blocks:
        assert [t for t in result if module_of(t) == module] == [t for t in ids if module_of(t) == module]


@pytest.mark.parametrize("seed", range(40))
def test_each_slice_begins_with_its_share_of_the_slow_modules(seed):
    rng = random.Random(seed)
    ids, seconds = collection(rng)
    workers = rng.randint(2, 4)
    result = ordered(ids, seconds, workers)
    weight = {}
    for test_id in ids:
        weight[module_of(test_id)] = weight.get(module_of(test_id), 0) + seconds.get(test_id, 0)
    heavy = {module for module, w in weight.items() if w > 0}
    bounds = starts(len(result), workers) + [len(result)]
    loads = []
    for begin, end in zip(bounds, bounds[1:]):
        own = result[begin:end]
        loads.append(sum(seconds.get(test_id, 0) for test_id in own))
        first_heavy = next((i for i, test_id in enumerate(own) if module_of(test_id) in heavy), None)
        if first_heavy is not None:
            # only the end of one module of no weight may come before the slice's slow modules
            assert {module_of(test_id) for test_id in own[:first_heavy]} <= ({module_of(own[0])} - heavy)
            assert all(module_of(t) in heavy for t in own[first_heavy:first_heavy + 1])
    if heavy:
        heaviest = max(heavy, key=lambda module: (weight[module], -ids.index(next(t for t in ids if module_of(t) == module))))
        assert module_of(result[0]) == heaviest
    assert sum(loads) == pytest.approx(sum(seconds.values()))


def test_the_heaviest_modules_are_spread_over_two_workers():
    ids = [f"tests/test_{m}.py::test_{t}" for m in "abcdefgh" for t in range(4)]
    seconds = {"tests/test_c.py::test_0": 100, "tests/test_f.py::test_2": 90, "tests/test_h.py::test_1": 20}
    result = ordered(ids, seconds, 2)
    # c (100) to the first worker, f (90) to the second, h (20) to the second, then the lighter;
    # the first worker's slice filled up to its half with the others in file order
    assert [module_of(t)[11] for t in result[::4]] == list("cabdfheg")
    assert all(result[i:i + 4] == sorted(result[i:i + 4]) for i in range(0, 32, 4))


def test_the_weights_name_test_files_of_the_suite():
    seconds = weights()
    assert seconds, "tests/slowest.txt names no test"
    missing = {module_of(test_id) for test_id in seconds if not (ROOT / module_of(test_id)).is_file()}
    assert not missing, f"tests/slowest.txt names files that are gone: {sorted(missing)}"
    assert all(value > 0 for value in seconds.values())
