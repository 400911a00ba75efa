"""A reveal gives up at the page's own limit (`classroom serve --reveal-seconds`, create_app's
`reveal_seconds`), not at some other: the same two-blank first move, revealed on a page whose
limit no search can meet and on one with a limit to spare. (tests/test_web_searches.py times 20
reveals against a served page; they now end well within its limit either way, so they cannot
tell whether the limit reached the search.)"""

from __future__ import annotations

import re

import pytest

from classroom.web import create_app
from tests.browsers import teacher
from tests.test_web_searches import two_blanks_record

SAID = re.compile(r'id="revealed"( data-score="\d+")?>([^<]*)<')


def revealed(library, seconds: float) -> re.Match:
    """Return what the game page shows as revealed for Red's two-blank rack on the empty board,
    on a page whose reveals may search for `seconds`."""
    games = library / "games"
    games.mkdir(parents=True, exist_ok=True)
    (games / "blanks.txt").write_text(two_blanks_record("1 2 3 4 + × ? ?"), "utf-8")
    with teacher(create_app(library, reveal_seconds=seconds)) as client:
        page = client.sign_in().get("/games/blanks?reveal=1").text
    said = SAID.search(page)
    assert said, page[-800:]
    return said


@pytest.mark.parametrize("seconds, found", [(0.001, False), (60, True)])
def test_a_reveal_ends_at_the_pages_own_limit(tmp_path, seconds, found):
    """Past a limit no search meets, the page says the play takes too long (naming its limit);
    with time to spare, the same reveal shows the best play and its score."""
    said = revealed(tmp_path / "output", seconds)
    assert (said[1] is not None, "taking more than" in said[2]) == (found, not found), said[0]
    if not found:
        assert f"taking more than {seconds:.0f} seconds to find on this board" in said[2]
