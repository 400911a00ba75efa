"""The overhead game: `classroom game print --board` prints a game in progress from its record,
for the projector: the board with every tile played, and every turn's score in its team's
column with the totals, as the record replays them."""

from __future__ import annotations

from collections import Counter

from pypdf import PdfReader
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.symbols import face
from classroom.record.grammar import read_record
from classroom.record.replay import replay
from classroom.render.wording import printed
from tests.pdftext import chunks

runner = CliRunner()


def test_game_print_board_projects_the_game_so_far(tmp_path):
    """Two best plays and a pass, then --board: one landscape page whose score table holds each
    turn's score in the column of the team that played it and the totals, and whose board holds
    every tile the record put on it."""
    record = tmp_path / "class.txt"
    assert runner.invoke(app, ["game", "new", str(record), "--players", "Red, Blue", "--seed", "42"]).exit_code == 0
    for _ in range(2):
        played = runner.invoke(app, ["game", "play", str(record), "--best"])
        assert played.exit_code == 0, played.output
    assert runner.invoke(app, ["game", "play", str(record), "Red: pass"]).exit_code == 0
    result = runner.invoke(app, ["game", "print", str(record), "--board", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "board.pdf" in result.output
    pdf = tmp_path / "out" / "board.pdf"
    page = PdfReader(pdf).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # landscape, for a projector
    found = chunks(pdf)[0]
    game = replay(read_record(record.read_text("utf-8")))
    heads = {c.text: c for c in found if c.text in ("Red", "Blue")}
    assert set(heads) == {"Red", "Blue"}
    for player in ("Red", "Blue"):
        column = sorted((c for c in found if c.bold and c.text.isdigit() and c.x > heads[player].x
                         and c.x - heads[player].x < 80 and c.y < heads[player].y), key=lambda c: -c.y)
        scores = [str(t.score) for t in game.turns if t.player == player]
        assert [c.text for c in column] == scores + [str(game.totals[player])], player
    assert "2 turns played" not in " ".join(c.text for c in found)
    assert "3 turns played" in " ".join(c.text for c in found)
    letters = [c for c in found if c.text == "S"]  # the column coordinate S, above and below the board
    coordinate, top = letters[0].size, max(c.y for c in letters)
    right = max(c.x for c in found if c.text == "1" and abs(c.size - coordinate) < 0.01)  # the row numbers
    drawn = Counter(c.text for c in found if c.bold and abs(c.size - coordinate) > 0.01 and c.y < top
                    and c.x < right and c.text not in ("2S", "3S", "2E", "3E"))
    expected: Counter = Counter()
    for tile in game.board.tiles.values():
        expected.update(printed(face(tile)).split("/"))  # a fraction: its numerator over its denominator
    assert len(game.board.tiles) >= 4 and drawn == expected


def test_board_refuses_a_duplicate_game(tmp_path):
    """--board with a duplicate game: one sentence, exit 2."""
    record = tmp_path / "dup.txt"
    made = runner.invoke(app, ["game", "new", str(record), "--players", "Ana, Ben", "--seed", "5", "--mode", "duplicate"])
    assert made.exit_code == 0, made.output
    result = runner.invoke(app, ["game", "print", str(record), "--board", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "--board" in result.output and len(result.output.strip().splitlines()) == 1
