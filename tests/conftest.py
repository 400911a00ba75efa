"""Settings for every test: hypothesis never fails a test for being slow (no deadline, no
too-slow health check), so a busy machine cannot fail one; timings live in tests/benchmarks/.
And the fixtures the page's tests share: a library folder, the teacher's browser and a
student's device over it."""

import pytest
from hypothesis import HealthCheck, settings
from starlette.testclient import TestClient

from classroom.web import create_app
from tests.browsers import teacher

settings.register_profile("classroom", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("classroom")


@pytest.fixture
def library(tmp_path):
    """Return the library folder of a test's page (not made until a set is written)."""
    return tmp_path / "output"


@pytest.fixture
def client(library):
    """Return the teacher's browser on the page over the test's library."""
    with teacher(create_app(library)) as client:
        yield client.sign_in()


@pytest.fixture
def student_client(library):
    """Return a client of the page as a student's own device: no teacher's session (a POST of its
    must send the form token read from the page it came from, as a browser's form does)."""
    with TestClient(create_app(library)) as client:
        yield client
