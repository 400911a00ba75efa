"""Settings for every test: hypothesis never fails a test for being slow (no deadline, no
too-slow health check), so a busy machine cannot fail one; timings live in tests/benchmarks/."""

from hypothesis import HealthCheck, settings

settings.register_profile("classroom", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("classroom")
