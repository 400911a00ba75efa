"""The ports tests start servers on: pytest-xdist's workers draw from blocks that share no port,
and a worker hands out a free port, a different one each time."""

from __future__ import annotations

import socket

import pytest

from tests.ports import END, FIRST, OWN, block, free_port


@pytest.mark.parametrize("workers", [1, 2, 3, 8])
def test_workers_draw_from_blocks_that_share_no_port(workers):
    """However many workers, their blocks are apart, and all below the ports Linux gives clients."""
    blocks = [set(block(f"gw{index}", workers)) for index in range(workers)]
    assert all(blocks) and all(not (one & other) for at, one in enumerate(blocks) for other in blocks[at + 1:])
    assert all(FIRST <= min(ports) and max(ports) < END for ports in blocks)


def test_one_process_alone_has_the_whole_range():
    """Without pytest-xdist (-n0), the one process draws from every port of the range."""
    assert block("", 1) == range(FIRST, END)


def test_a_port_handed_out_is_free_and_the_next_is_another():
    """Two ports asked in turn are this worker's, different, and a server can listen on each."""
    first, second = free_port(), free_port()
    assert first != second and first in OWN and second in OWN
    for port in (first, second):
        with socket.create_server(("127.0.0.1", port)):
            pass
