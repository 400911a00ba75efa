"""Settings for every test: hypothesis never fails a test for being slow (no deadline, no
too-slow health check), so a busy machine cannot fail one; timings live in tests/benchmarks/.
Under pytest-xdist each worker keeps hypothesis's examples in a folder of its own. And the
fixtures the page's tests share: a library folder, the teacher's browser and a student's device
over it."""

import gc
import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

# The suite keeps compiled modules (__pycache__, ignored by git and by the packages) even where
# PYTHONDONTWRITEBYTECODE is set, as it is on the project's machine and in CI: without them every
# process of a run (each xdist worker, each `classroom` command a test starts) compiles the code
# again, and each worker rewrites every test module's asserts again (collecting the suite: a median
# 11.2 s of CPU without them, 4.4 s with them; docs/performance.md). Set here, before the workers and the
# commands are started, and before this file imports the project's code.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

ROOT = Path(__file__).resolve().parent.parent
WORKER = os.environ.get("PYTEST_XDIST_WORKER")  # 'gw0', 'gw1', ... in a worker of pytest-xdist
OWN_EXAMPLES = {"database": DirectoryBasedExampleDatabase(ROOT / ".hypothesis" / f"examples-{WORKER}")} if WORKER else {}

# Garbage is collected less often in the test processes than Python's default (700, 10, 10). A
# worker holds every test module, the caches and some tests' reference answers (millions of
# objects), and a full collection walks all of them: with the default, the suite spent some 40 s
# of CPU in collections (one worker 27 s in 99 full ones), with these some 6 s; the peak of a
# worker went from 470 to 580 MB (docs/performance.md, "The suite, session 13"). Young cycles
# (a test's frames and tracebacks) are still collected as before. Only the suite's own processes
# (and the pools they fork) are concerned: `classroom` commands a test starts run with Python's
# default, as a user's do.
gc.set_threshold(50_000, 20, 100)

settings.register_profile("classroom", deadline=None, suppress_health_check=[HealthCheck.too_slow], **OWN_EXAMPLES)
settings.load_profile("classroom")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which starts the workers it is given
def pytest_cmdline_main(config):
    """Run the suite on every core (pytest-xdist's `-n auto`, idle workers taking tests from busy
    ones) unless the command line gives `-n` (`-n0`: one process) or `-p no:xdist`. Not in a
    worker, which runs this hook too and would start workers of its own."""
    if not hasattr(config, "workerinput") and config.pluginmanager.hasplugin("xdist") and config.option.numprocesses is None:
        config.option.numprocesses = "auto"
        if config.option.dist == "no":
            config.option.dist = "worksteal"


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """Collect a process's garbage until none is left, then freeze what is alive: pytest's own
    collections at its end (ten of them, looking for an exception raised in a finalizer) then go
    through only what is made after, not the worker's caches again ten times (a second of the
    last worker's CPU, while the other core has nothing left to do). What those collections
    would find, this one has already found, with pytest's hook still listening."""
    for _ in range(5):
        if not gc.collect():
            break
    gc.freeze()


@pytest.fixture
def library(tmp_path):
    """Return the library folder of a test's page (not made until a set is written)."""
    return tmp_path / "output"


@pytest.fixture
def client(library):
    """Return the teacher's browser on the page over the test's library."""
    from classroom.web import create_app
    from tests.browsers import teacher

    with teacher(create_app(library)) as client:
        yield client.sign_in()


@pytest.fixture
def student_client(library):
    """Return a client of the page as a student's own device: no teacher's session (a POST of its
    must send the form token read from the page it came from, as a browser's form does)."""
    from starlette.testclient import TestClient

    from classroom.web import create_app

    with TestClient(create_app(library)) as client:
        yield client


def shared_chromium(tmp_path_factory, *flags: str):
    """Yield a function giving this worker's headless chromium started with `flags`, each time
    as a new one would be (tests/test_web_serve.py's `forget`; starting one costs some 1.5 s of
    CPU); a browser that cannot be made so is quit and another started."""
    from selenium.common.exceptions import WebDriverException

    from tests.test_web_serve import CHROMIUM, chromium, forget

    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium chromium-driver)")
    held = []

    def clean():
        if held:
            try:
                forget(held[0])
                return held[0]
            except WebDriverException:
                held.pop().quit()
        held.append(chromium(tmp_path_factory.mktemp("chromium") / "profile", *flags))
        return held[0]

    yield clean
    for driver in held:
        driver.quit()


@pytest.fixture(scope="session")
def desktop_chromium(tmp_path_factory):
    """Return a function giving the worker's teacher's browser (the `browser` fixture), as new."""
    yield from shared_chromium(tmp_path_factory, "--window-size=1280,1000")


@pytest.fixture(scope="session")
def phone_chromium(tmp_path_factory):
    """Return a function giving the worker's second browser, as new: a student's phone or a
    team's, beside the teacher's (each test sets the phone's size it wants)."""
    yield from shared_chromium(tmp_path_factory)
