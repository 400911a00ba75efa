"""Students' own notation where lists are graded and equations checked: '/' between numbers,
a closing full stop, fraction characters, brackets (PRODUCT.md, Notation)."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.symbols import parse_hand
from classroom.game.tilesets import load_level
from classroom.mark.grading import grade
from classroom.web import create_app
from tests.browsers import token_of

runner = CliRunner()
HAND = "6 3 9 3 ÷ - 1/2 2 5"
LIST = """\
6 - 3 = 9 / 3
9 - 6 = 3.
½ = 3 ÷ 6
9 - 6 = 3
(9 - 6) = 3
9/3 = 3
3.5 = 5
"""
BRACKETS = "Equate has no brackets: × and ÷ are done before + and −, so write the equation without them"
DIVISION = "9/3 is not a fraction tile: for division write 9 ÷ 3 (or 9 : 3); the tiles are 1/2,"
DECIMALS = "3.5 is a decimal number; Equate has no decimals (use a fraction tile, or ÷)"


def test_a_list_in_students_notation_is_graded_as_meant():
    """'9 / 3' is 9 ÷ 3, a closing full stop is dropped (so the line repeats one without it),
    '½' is the tile 1/2; brackets, a glued division and a decimal say what to write instead."""
    result = grade(LIST, parse_hand(HAND), load_level("original"))
    marked = [(line.line, line.valid, line.written, (line.reason or "")[:len(DIVISION)], line.score)
              for line in result.lines]
    assert marked == [
        (1, True, "6 - 3 = 9 ÷ 3", "", 13),
        (2, True, "9 - 6 = 3", "", 7),
        (3, True, "1/2 = 3 ÷ 6", "", 11),
        (4, True, "9 - 6 = 3", "the same as line 2", 0),
        (5, False, None, BRACKETS[:len(DIVISION)], 0),
        (6, False, None, DIVISION, 0),
        (7, False, None, DECIMALS[:len(DIVISION)], 0),
    ]
    assert [line.reason for line in result.lines[4:]][0::2] == [BRACKETS, DECIMALS]


def test_grade_prints_how_each_line_was_read(tmp_path):
    """The grade command marks a list typed in students' notation and shows each line as read."""
    listing = tmp_path / "ana.txt"
    listing.write_text(LIST, "utf-8")
    result = runner.invoke(app, ["grade", str(listing), "--hand", HAND, "--json"])
    assert result.exit_code == 0, result.output
    lines = json.loads(result.stdout)["lines"]
    assert [(line["valid"], line["score"]) for line in lines] == [
        (True, 13), (True, 7), (True, 11), (True, 0), (False, 0), (False, 0), (False, 0)]
    assert [line["reason"] for line in lines][4] == BRACKETS


@pytest.mark.parametrize("equation, shown", [
    ("6 - 3 = 9 / 3", "valid: 6 - 3 = 9 ÷ 3 scores 13\n"),
    ("9 - 6 = 3.", "valid: 9 - 6 = 3 scores 7\n"),
    ("2½ = 5 ÷ 2", "valid: 2 1/2 = 5 ÷ 2 scores 11\n"),
    ("2 ¾ = 11 / 4", "valid: 2 3/4 = 11 ÷ 4 scores 15\n"),
    ("⅔ = 4 ÷ 6", "valid: 2/3 = 4 ÷ 6 scores 14\n"),
    ("7\u20444 = 3\u20444 + 1", "valid: 7/4 = 3/4 + 1 scores 15\n"),
])
def test_check_reads_students_notation(equation, shown):
    """classroom check accepts the notation and shows the equation as it was read."""
    result = runner.invoke(app, ["check", equation])
    assert (result.exit_code, result.stdout) == (0, shown)


@pytest.mark.parametrize("args, message", [
    (["check", "(2 + 3) × 2 = 10"], f"error: equation: {BRACKETS}\n"),
    (["check", "3.5 = 7 ÷ 2"], "error: equation: 3.5 is a decimal number; Equate has no decimals "
                               "(use a fraction tile, or ÷)\n"),
    (["check", "1 / 2 = 1/2"], "error: equation: 1 / 2 could be the fraction tile 1/2 or 1 ÷ 2: write "
                               "1/2 without spaces for the tile, or 1 ÷ 2 (or 1 : 2) for division\n"),
    (["check", "½ + ½ = 1", "--level", "no-fractions"], "error: equation: the No fractions tile set "
                                                        "has no 1/2 tile\n"),
])
def test_check_refuses_with_the_fix(args, message):
    """What cannot be read is one sentence saying what to write; a fraction character the set
    lacks gets the set's usual sentence."""
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (2, message)


@pytest.fixture
def library(tmp_path):
    """A library holding one boardless sheet of HAND, as a run's manifest records it."""
    folder = tmp_path / "output" / "boardless-7"
    folder.mkdir(parents=True)
    manifest = {"command": "boardless", "seed": 7, "level": "original", "files": [],
                "items": [{"id": "B-7-abcd-01", "hand": list(parse_hand(HAND)), "best_score": 58,
                           "count": 209}]}
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), "utf-8")
    return tmp_path / "output"


@pytest.mark.parametrize("line, verdict", [
    ("6 - 3 = 9 / 3", "scores <strong>13</strong>"),
    ("9 - 6 = 3.", "scores <strong>7</strong>"),
    ("½ = 3 ÷ 6", "scores <strong>11</strong>"),
    ("(9 - 6) = 3", BRACKETS),
])
def test_the_check_page_reads_students_notation(library, line, verdict):
    """The student's check page reads a line as grading does."""
    with TestClient(create_app(library)) as client:
        token = token_of(client.get("/check/B-7-abcd-01").text)
        page = client.post("/check/B-7-abcd-01", data={"line": line, "form_token": token})
    assert page.status_code == 200
    assert verdict in page.text.replace("&#43;", "+")
