"""A port for a test's own server that no other test of the run is handed at the same time.

Under pytest-xdist each worker draws from a block of ports of its own, so two workers never
start servers on one port: a port the kernel hands out for port 0 and the probe closes could be
handed to the other worker before the first one's server binds it. Within a worker the ports
are handed out in turn, so a test that asks for two gets two."""

from __future__ import annotations

import itertools
import os
import socket

# Below the ports Linux hands to clients (32768-60999), so that no outgoing connection holds one.
FIRST, END = 20_000, 32_000


def block(worker: str, workers: int) -> range:
    """Return the ports of one worker ('gw0', 'gw1', ... as pytest-xdist names them; '' alone)."""
    index = int(worker.removeprefix("gw") or 0)
    size = (END - FIRST) // max(workers, 1)
    return range(FIRST + index * size, FIRST + (index + 1) * size)


OWN = block(os.environ.get("PYTEST_XDIST_WORKER", ""), int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
_START = os.getpid() % len(OWN)  # two runs at once on one machine start apart
_TURNS = itertools.cycle([*OWN[_START:], *OWN[:_START]])


def free_port() -> int:
    """Return the next port of this worker's block that nothing listens on now."""
    for port in itertools.islice(_TURNS, len(OWN)):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"every port from {OWN.start} to {OWN.stop - 1} is taken")
