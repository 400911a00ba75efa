"""A game's score sheet (`classroom game print`): the header, a row a turn with its score and the
running totals, the end-of-game sums, the totals and the winner; a solo game's average beside the
booklet's marks; the same record gives the same bytes; written like every other run."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdftext import chunks, outside
from typer.testing import CliRunner

from classroom.cli.commands import app

TEAMS = """#equate game
#tiles original
#mode teams
#players Red, Blue, Green Team
#time Blue 2m
Red: J10 across 24 ÷ 3 = 8
Blue: O9 down 28 = 4 × 7
Green Team: M12 across 4 = 4
Red: trade 3
Blue: I12 across 7 + 9 × 4 = 43
Green Team: O14 across 7 + 1
Red: pass
Red holds 4 ×
Blue holds 2
Green Team holds nothing
"""

SOLO = """#equate game
#tiles original
#mode solo
#players Ana
Ana [2 4 ÷ 3 8 + 7/4 ? 5]: J10 across 24 ÷ 3 = 8
Ana: O9 down 28 = 4 × ?7
Ana: trade 1 2
Ana holds 4 ×
"""


def print_sheet(tmp_path: Path, text: str, *args: str):
    (tmp_path / "game.txt").write_text(text, encoding="utf-8")
    return CliRunner().invoke(app, ["game", "print", str(tmp_path / "game.txt"), *args])


def rows(path: Path) -> list[str]:
    """Return each page's text line by line (the strings drawn at one height, left to right)."""
    lines = []
    for page in chunks(path):
        heights: dict[float, list] = {}
        for chunk in page:
            heights.setdefault(round(chunk.y, 1), []).append(chunk)
        for y in sorted(heights, reverse=True):
            lines.append(" ".join(c.text for c in sorted(heights[y], key=lambda c: c.x)))
    return lines


def test_teams_sheet_rows_totals_and_winner(tmp_path):
    """Each turn is a row with its score and every player's running total; the end-of-game sums,
    the totals and the winner follow, and nothing is drawn off the page."""
    result = print_sheet(tmp_path, TEAMS, "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "score-sheet.pdf"
    lines = rows(pdf)
    assert "Players: Red, Blue, Green Team" in lines
    assert "Time limits: Blue 2 minutes a play" in lines
    assert "Turn Player Play Score Red Blue Green Team" in lines
    assert "1 Red J10 across 24 ÷ 3 = 8 28 28 0 0" in lines
    assert "4 Red trade 3 0 28 11 3" in lines
    assert "6 Green Team O14 across 7 + 1 (expression: 0) 0 28 22 3" in lines
    assert "7 Red pass 0 28 22 3" in lines
    assert "End of the game −4 −1 +5" in lines
    assert "Totals 24 21 8" in lines
    assert "Red wins." in lines
    assert outside(pdf) == []


def test_solo_sheet_gives_the_average_beside_the_booklets_marks(tmp_path):
    """A single player's sheet gives the average a turn (a trade is a turn of 0) and the marks of
    a very good single player; a blank is written ? plus its symbol."""
    result = print_sheet(tmp_path, SOLO, "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    text = " ".join(rows(tmp_path / "out" / "score-sheet.pdf"))
    assert "2 Ana O9 down 28 = 4 × ?7 7 35" in text
    assert "3 turns, 11.7 points a turn (a trade or a pass is a turn of 0)." in text
    assert "1,000 to 1,200 points and averages over 30 a turn." in text
    assert "The game is over." in text


def test_same_record_gives_the_same_bytes(tmp_path):
    """The same record printed twice gives byte-identical PDFs."""
    assert print_sheet(tmp_path, TEAMS, "--out", str(tmp_path / "one")).exit_code == 0
    assert print_sheet(tmp_path, TEAMS, "--out", str(tmp_path / "two")).exit_code == 0
    assert (tmp_path / "one" / "score-sheet.pdf").read_bytes() == (tmp_path / "two" / "score-sheet.pdf").read_bytes()


def test_default_folder_never_replaces_an_earlier_run(tmp_path, monkeypatch):
    """Without --out the sheet goes to output/game-NAME, and a second print to output/game-NAME-2."""
    monkeypatch.chdir(tmp_path)
    assert print_sheet(tmp_path, SOLO).exit_code == 0
    result = print_sheet(tmp_path, SOLO)
    assert result.exit_code == 0
    assert (tmp_path / "output" / "game-game" / "score-sheet.pdf").is_file()
    assert (tmp_path / "output" / "game-game-2" / "score-sheet.pdf").is_file()


@pytest.mark.parametrize("text, message", [
    ("#equate game\n#mode duplicate\n#players A, B\n", "the game has no round to print yet"),
    (TEAMS.replace("Blue: O9", "Blue: O8"), "line 7"),
])
def test_refused_record_writes_nothing(tmp_path, text, message):
    """A duplicate record, or one with an illegal turn, is one sentence, exit 2, and no file."""
    result = print_sheet(tmp_path, text, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()
