"""One order, two doors: the command line and the page read a situations set, a Boardless set and
a new game into the same request objects (make.requests, record.requests), so the same bad value
gets the same sentence at either door, and a limit is the same at both."""

from __future__ import annotations

import html
import re

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.make.requests import MAX_COUNT, MAX_MARGIN, MAX_PLAYS
from classroom.record.requests import MAX_SEED

runner = CliRunner()


def said_by_the_command_line(words: list[str]) -> str:
    """Return the one sentence a refused command prints (its exit status 2 checked)."""
    result = runner.invoke(app, words)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr.removeprefix("error: ").strip()


def said_by_the_page(client, path: str, fields: dict[str, str]) -> str:
    """Return the one sentence the page shows for a refused form (its status 400 checked)."""
    answer = client.post(path, data=fields, follow_redirects=False)
    assert answer.status_code == 400, answer.text[-500:]
    found = re.search(r'id="(?:message|error)">([^<]*)<', answer.text)
    assert found, answer.text[-2000:]
    return html.unescape(found.group(1)).strip()


SETS = [  # (the command's words, the Make form's fields): the same value at each door
    (["situations", "--margin", str(MAX_MARGIN + 1)], {"kind": "situations", "margin": str(MAX_MARGIN + 1)}),
    (["situations", "--margin", "1000"], {"kind": "situations", "margin": "1000"}),
    (["situations", "--margin", "-1"], {"kind": "situations", "margin": "-1"}),
    (["situations", "--plays", str(MAX_PLAYS + 1)], {"kind": "situations", "plays": str(MAX_PLAYS + 1)}),
    (["situations", "--count", "0"], {"kind": "situations", "count": "0"}),
    (["situations", "--count", str(MAX_COUNT + 1)], {"kind": "situations", "count": str(MAX_COUNT + 1)}),
    (["situations", "--seed", "-1"], {"kind": "situations", "seed": "-1"}),
    (["situations", "--seed", str(MAX_SEED + 1)], {"kind": "situations", "seed": str(MAX_SEED + 1)}),
    (["situations", "--feature", "spiral"], {"kind": "situations", "feature": "spiral"}),
    (["boardless", "--count", str(MAX_COUNT + 1)], {"kind": "boardless", "count": str(MAX_COUNT + 1)}),
    (["boardless", "--count", "0"], {"kind": "boardless", "count": "0"}),
    (["boardless", "--seed", "-5"], {"kind": "boardless", "seed": "-5"}),
    (["boardless", "--difficulty", "insane"], {"kind": "boardless", "difficulty": "insane"}),
]


@pytest.mark.parametrize("words, fields", SETS, ids=[" ".join(w) for w, _ in SETS])
def test_a_bad_set_gets_the_same_sentence_at_both_doors(client, library, tmp_path, words, fields):
    """A situations or Boardless set refused on the command line is refused on the Make page
    with the very same sentence (it names the field and its option), and nothing is made."""
    command = said_by_the_command_line([*words, "--out", str(tmp_path / "out")])
    page = said_by_the_page(client, "/make", fields)
    assert command == page
    assert not (tmp_path / "out").exists()
    assert not library.exists() or not any(library.iterdir())


GAMES = [  # `classroom game new` and the page's new-game form, the same value at each
    (["--players", "A, B, C, D, E"], {"players": "A, B, C, D, E"}),
    (["--players", "Sam, Ana", "--mode", "solo"], {"players": "Sam, Ana", "mode": "solo"}),
    (["--players", "Red"], {"players": "Red"}),
    (["--players", " , "], {"players": " , "}),
    (["--players", "Red, red"], {"players": "Red, red"}),
    (["--players", "Red, Blue", "--mode", "chess"], {"players": "Red, Blue", "mode": "chess"}),
    (["--players", "Red, Blue", "--level", "mythical"], {"players": "Red, Blue", "level": "mythical"}),
    (["--players", "Red, Blue", "--seed", str(MAX_SEED + 1)], {"players": "Red, Blue", "seed": str(MAX_SEED + 1)}),
    (["--players", "Red, Blue", "--time", "Green 2m"], {"players": "Red, Blue", "time": "Green 2m"}),
    (["--players", "Red, Blue", "--racks", "hidden"], {"players": "Red, Blue", "racks": "hidden"}),
]


@pytest.mark.parametrize("options, fields", GAMES, ids=[" ".join(o) for o, _ in GAMES])
def test_a_bad_new_game_gets_the_same_sentence_at_both_doors(client, library, tmp_path, options, fields):
    """A new game refused by `classroom game new` is refused by the page's form with the very
    same sentence, and no record is written."""
    record = tmp_path / "game.txt"
    command = said_by_the_command_line(["game", "new", str(record), *options])
    page = said_by_the_page(client, "/games", fields)
    assert command == page
    assert not record.exists()
    assert not (library / "games").exists() or not any((library / "games").iterdir())



def test_the_make_form_offers_the_limits_the_request_checks(client):
    """The page's number boxes stop where the request does (the browser's own check agrees with
    the server's and the command line's): the count, the plays on the board, the margin."""
    form = client.get("/").text
    # boardless, situations, Score this play, True or not?, a variety of equations
    assert form.count(f'name="count" min="1" max="{MAX_COUNT}"') == 5
    assert f'name="plays" min="0" max="{MAX_PLAYS}"' in form
    assert f'name="margin" min="0" max="{MAX_MARGIN}"' in form
