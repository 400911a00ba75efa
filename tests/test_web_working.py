"""The Working page while a set is made: the stage the job is in (searching positions, solving
a teacher's own position, drawing the pages) and the seconds it has run, so the page moves even
while one long search runs that no item count can show."""

from __future__ import annotations

import re
import time
from pathlib import Path

from classroom.web.jobs import Jobs, Step
from tests.test_web import BOOKLET_BOARD
from tests.test_web_serve import wait_for


def staged(step: Step, folder: str) -> tuple[str, None]:
    """A job's work in stages, each held until the test writes a file of the stage's name."""
    for stage in ("solving", "drawing"):
        step.stage(stage)
        while not (Path(folder) / stage).exists():
            time.sleep(0.02)
    step()
    return "made", None


def test_a_job_says_which_stage_it_is_in_and_for_how_long(tmp_path):
    """A job's stage follows its work's step.stage calls; its seconds count from its start."""
    jobs = Jobs()
    try:
        job = jobs.start(1, staged, (str(tmp_path),))
        assert wait_for(lambda: job.stage == "solving", 30)
        assert wait_for(lambda: job.seconds >= 1, 5) and job.done == 0
        (tmp_path / "solving").touch()
        assert wait_for(lambda: job.stage == "drawing", 10)
        (tmp_path / "drawing").touch()
        assert wait_for(lambda: job.finished, 10)
        assert (job.run, job.error, job.done) == ("made", None, 1)
    finally:
        jobs.close()


def said(page: str) -> tuple[str, int]:
    """Return the stage a Working page names and the seconds it says it has worked."""
    stage = re.search(r'id="stage" data-stage="(\w+)"', page)
    seconds = re.search(r"Working for (\d+) s", page)
    assert stage, page
    return stage[1], int(seconds[1]) if seconds else 0


def test_printing_a_position_with_a_blank_says_it_is_solving_and_moves(client, library):
    """The editor's 'Print as a Board Situation' of a position whose hand holds a blank (a long
    search, one item): the Working page names the solving and its seconds go up, not a bar
    stuck at '0 of 1 item made'."""
    answer = client.post("/make", data={"kind": "situations", "board": BOOKLET_BOARD,
                                        "hand": "2 4 ÷ 3 8 + 7/4 ? 5"}, follow_redirects=False)
    job = answer.headers["location"]
    try:
        assert wait_for(lambda: said(client.get(job).text)[0] == "solving", 30)
        first = said(client.get(job).text)[1]
        assert wait_for(lambda: said(client.get(job).text)[1] > first, 10)
        page = client.get(job).text
        assert "Solving the position" in page and "0 of 1" not in page and "<progress></progress>" in page
    finally:
        client.post(job + "/cancel", follow_redirects=False)
    assert wait_for(lambda: "cancelled" in client.get(job).text, 30)


def test_simulated_situations_say_they_are_searching_positions(client):
    """Board Situations from simulated play name the search and count the situations found."""
    answer = client.post("/make", data={"kind": "situations", "count": "30", "plays": "12", "seed": "5"},
                         follow_redirects=False)
    job = answer.headers["location"]
    try:
        assert wait_for(lambda: said(client.get(job).text)[0] == "searching", 30)
        assert "Searching positions and solving them: 0 of 30 situations found" in client.get(job).text
    finally:
        client.post(job + "/cancel", follow_redirects=False)
