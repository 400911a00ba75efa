"""A blank placed on a board is drawn as a blank on the student sheet: its symbol in hollow
letters with a ? in the tile's corner, and a legend saying what that means, so that a
photocopy cannot turn it into a real tile (it used to be a grey symbol, with no legend)."""

from __future__ import annotations

import dataclasses

from pypdf import PdfReader
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.symbols import BLANK
from classroom.game.tilesets import load_level
from classroom.make.scoreplay import scoreplay_item
from classroom.make.sets import item_rng
from classroom.make.worksheet import Worksheet
from classroom.render.page import MARGIN
from classroom.render.scoreplay_pdf import render_scoreplay
from classroom.render.wording import environment
from tests.pdftext import chunks, shapes

runner = CliRunner()
LEGEND = "a blank standing for that symbol"


def own_position(tmp_path, first_play: list[str]):
    """Return the student PDF of a situation on a board holding `first_play` across J10."""
    rows = [["."] * 19 for _ in range(19)]
    rows[9][9:9 + len(first_play)] = first_play
    (tmp_path / "board.txt").write_text("\n".join(" ".join(r) for r in rows) + "\n", "utf-8")
    result = runner.invoke(app, ["situations", "--board", str(tmp_path / "board.txt"), "--hand", "4 × 7 2",
                                 "--out", str(tmp_path / "own")])
    assert result.exit_code == 0, result.output
    return next(p for p in (tmp_path / "own").glob("*.pdf") if not p.stem.endswith("key"))


def hollow_strings(path) -> int:
    """Return how many text objects of the first page are drawn hollow (text render mode 1)."""
    return PdfReader(path).pages[0].get_contents().get_data().count(b"1 Tr")


def test_a_placed_blank_is_drawn_hollow_with_a_question_mark_and_a_legend(tmp_path):
    """The board '2 ?4 ÷ 3 = 8': the 4 the blank stands for is hollow, a ? stands in its tile's
    corner, and the legend under the board says what a blank looks like."""
    path = own_position(tmp_path, ["2", "?4", "÷", "3", "=", "8"])
    text = " ".join(c.text for c in chunks(path)[0])
    assert LEGEND in text
    assert hollow_strings(path) == 1
    assert "?" in [c.text for c in chunks(path)[0]]


def test_a_board_without_a_blank_has_neither(tmp_path):
    """The same board with a real 4: nothing hollow, no legend of blanks."""
    path = own_position(tmp_path, ["2", "4", "÷", "3", "=", "8"])
    assert LEGEND not in " ".join(c.text for c in chunks(path)[0])
    assert hollow_strings(path) == 0


def lowest_box(path) -> float:
    """Return how high the lowest rectangle of the first page starts: the student's score box."""
    return min(s.y0 + s.pad for s in shapes(path)[0] if s.rect)


def test_a_score_this_play_sheet_makes_room_for_a_legend_of_three_lines(tmp_path):
    """A play to score on a board holding a blank, on A4 in large print: its legend wraps to
    three lines and the sheet measures them, so the score box ends above the bottom margin
    (the sheet allowed two lines and the box ran into the margin)."""
    item = scoreplay_item("P-1-test-01", load_level("original"), item_rng(1, "scoreplay", 1), "plain")
    first = item.board[0]
    board = (dataclasses.replace(first, tile=BLANK + first.tile, score=0),) + item.board[1:]
    worksheet = Worksheet("scoreplay", 1, "original", (dataclasses.replace(item, board=board),), "a4",
                          large_print=True)
    path = tmp_path / "scoreplay.pdf"
    path.write_bytes(render_scoreplay(worksheet, environment())[0])
    assert LEGEND in " ".join(c.text for c in chunks(path)[0])
    assert len(chunks(path)) == 1
    assert lowest_box(path) >= MARGIN + 14 - 0.01
