"""Game records (classroom.record): read and written back unchanged, replayed turn by turn with
the rules' scores (the booklet's five sample plays as a record), and every bad line refused with
one sentence naming it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.tilesets import load_level
from classroom.record.grammar import read_record, record_text
from classroom.record.replay import replay

HEAD = "#equate game\n#tiles original\n#mode teams\n#players Red, Blue\n"
BOOKLET = HEAD + """Red: J10 across 24 ÷ 3 = 8
Blue: O9 down 28 = 4 × 7
Red: M12 across 4 = 4
Blue: I12 across 7 + 9 × 4 = 43
Red: F9 across 7/4 = 3/4 + 1
"""


def replayed(text: str):
    return replay(read_record(text))


def test_booklet_plays_as_a_record():
    """The booklet's five sample plays, kept as a record, score 28, 11, 3, 11 and 30 (RULES §8)."""
    game = replayed(BOOKLET)
    assert [t.score for t in game.turns] == [28, 11, 3, 11, 30]
    assert game.totals == {"Red": 61, "Blue": 22}
    assert not game.ended and game.next_player == "Blue"


def test_record_written_back_reads_the_same():
    """A record written by the tool reads back to the same record."""
    text = HEAD + "#seed 7\n#time Red 5m\nRed draws 1 2 3 4 5 6 7 8 9\nBlue [1 2 + ?]: trade [4]\nRed holds nothing\n"
    record = read_record(text)
    assert read_record(record_text(record)) == record
    assert "trade [4]" in record_text(record)


def test_expression_play_scores_nothing():
    """A play forming only an expression is legal and scores 0 (RULES §6.6)."""
    game = replayed(BOOKLET + "Blue: O14 across 7 + 1\n")
    assert (game.turns[-1].kind, game.turns[-1].score) == ("expression", 0)


def test_pass_ending_each_loses_what_they_hold():
    """When every player passes in turn, each subtracts the symbol scores of their tiles."""
    game = replayed(BOOKLET + "Blue: pass\nRed: pass\nRed holds 4 ×\nBlue holds 7 ?\n")
    assert game.ended and game.went_out is None
    assert dict(game.end) == {"Red": -(1 + 3), "Blue": -2}  # 4 scores 1, × 3, 7 2, a blank 0
    assert game.totals == {"Red": 57, "Blue": 20} and game.winners == ["Red"]


def test_going_out_gains_what_the_others_hold():
    """The player who used every tile adds what the others hold; they lose it."""
    game = replayed(BOOKLET + "Blue: O14 across 7 + 1\nRed holds 4 ×\nBlue holds nothing\n")
    assert game.went_out == "Blue"
    assert dict(game.end) == {"Red": -4, "Blue": 4}


def test_dealt_record_tracks_racks_and_pile():
    """With draw lines the racks and the pile are known: a trade returns tiles from the rack, the
    trader draws first, and the pile keeps its count."""
    text = HEAD + ("Red draws 2 4 ÷ 3 8 + 7/4 ? 5\nBlue draws 1 1 2 2 3 3 4 4 5\n"
                   "Red: J10 across 24 ÷ 3 = 8\nRed draws 6 6 6 6\nBlue: trade 1 1\nBlue draws 7 7\n")
    game = replayed(text)
    assert sorted(game.rack("Red")) == sorted(("+", "7/4", "?", "5", "6", "6", "6", "6"))
    assert sorted(game.rack("Blue")) == sorted(("2", "2", "3", "3", "4", "4", "5", "7", "7"))
    assert len(game.pile) == len(load_level("original").bag) - 9 - 9 - 4 - 2 + 2  # the traded 1 1 came back

@pytest.mark.parametrize("body, words", [
    ("Green: pass\n", "'Green' is not a player"),
    ("Blue: pass\n", "it is Red's turn, not Blue's"),
    ("Red: J10 across 1 + 1 = 3\n", "line 5"),
    ("Red: K10 across 1 + 1 = 2\n", "centre square"),
    ("Red draws ? ? ? ?\n", "only 3"),
    ("Red: trade 10\n", "a trade returns 1 to 9 tiles"),  # a round of passes with the pile full is no end (tests/test_table_pile.py)
    ("Red [1 2 3]: J10 across 4 + 4 = 8\n", "Red's rack"),
    ("Red: trade\n", "say what is traded"),
    ("Red: frobnicate\n", "is not a play"),
])
def test_bad_lines_are_refused_naming_the_line(body, words):
    """A turn that breaks a rule, names no player or comes after the end is refused on its line."""
    with pytest.raises(ClassroomError) as error:
        replayed(HEAD + body)
    assert words in str(error.value)
    assert "line 5" in str(error.value) or "line 7" in words


@pytest.mark.parametrize("text, words", [
    ("#tiles original\n", "first line"),
    ("#equate game\n#colour red\n#players A, B\n", "unknown header"),
    ("#equate game\n#mode teams\n#players A\n", "2 to 4 players"),
    ("#equate game\n#players A, a\n", "appears twice"),
    ("#equate game\n#players top, B\n", "word of the record"),
    ("#equate game\n#tiles expert\n#players A, B\n", "names a level"),
])
def test_bad_headers_are_refused(text, words):
    """An unknown header or a header that breaks the grammar is refused, never repaired."""
    with pytest.raises(ClassroomError, match=words):
        read_record(text)


def test_score_command(tmp_path):
    """`classroom game score` prints the turns, the totals and the next player; a bad record
    exits 2 with one line naming the line."""
    path = tmp_path / "game.txt"
    path.write_text(BOOKLET, encoding="utf-8")
    result = CliRunner().invoke(app, ["game", "score", str(path)])
    assert result.exit_code == 0
    assert "F9 across 7/4 = 3/4 + 1" in result.output and "Totals: Red 61, Blue 22." in result.output
    path.write_text(BOOKLET + "Blue: J10 down 1 = 1\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["game", "score", str(path)])
    assert result.exit_code == 2 and "line 10" in result.output and "Traceback" not in result.output


def test_readme_record_scores():
    """The record the README shows replays: its plays score 28 and 11, and the game ends with
    every player passing, each losing what they hold."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    text = readme.split("## Playing a game together")[1].split("```")[1]
    game = replayed(text)
    assert [t.score for t in game.turns] == [28, 11, 0, 0, 0]
    assert game.ended and game.went_out is None
    assert game.totals == {"Red": 28 - 4, "Blue": 11 - 7}  # 4 and × score 4; 8 1 1 + 6 score 7
