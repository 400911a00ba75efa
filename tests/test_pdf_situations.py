"""The Board Situations PDFs, read back with pypdf: the booklet position and its best play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from test_worksheet_situations import BOOKLET_GRID, booklet_worksheet, equation_score, scored_play
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.board import Board, Direction, Placement
from classroom.game.plays import Breakdown
from classroom.game.tilesets import load_level
from classroom.make.keys import hand_faces
from classroom.make.worksheet import BoardTile, KeyPlay, SituationItem, Worksheet
from classroom.store.runs import write_situations

ORIGINAL = load_level("original")

POINTS = {"letter": (612, 792), "a4": (595, 842)}


def text_of(path: Path) -> list[str]:
    """Return the extracted text of each page."""
    return [page.extract_text() for page in PdfReader(path).pages]


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> list[Path]:
    """Write two copies of the booklet situation once for the module."""
    return write_situations(booklet_worksheet(items=2), tmp_path_factory.mktemp("situations"))


def test_one_situation_per_page_and_a_separate_key(run):
    """The student PDF has one page per situation; the key is another file named with 'key'."""
    student, key, manifest = run
    assert "key" not in student.name and "key" in key.name
    pages = text_of(student)
    assert len(pages) == 2
    assert "S-7-01" in pages[0] and "S-7-02" in pages[1]
    assert all("seed 7" in page for page in pages)


def test_student_page_shows_board_coordinates_premiums_tiles_and_hand(run):
    """The board has its coordinates, premium labels and the played tiles; the hand and boxes follow."""
    lines = [line.strip() for line in text_of(run[0])[0].splitlines()]
    for column in "ABCDEFGHIJKLMNOPQRS":
        assert column in lines
    for row in range(1, 20):
        assert str(row) in lines
    for label in ("2S", "3S", "2E", "3E"):
        assert label in lines
    text = "\n".join(lines)
    assert "Your hand" in text and "Your play" in text and "Your score" in text
    assert lines.count("×") == 3  # L12 and O13 on the board, one in the hand
    assert lines.count("÷") == 1


def test_key_shows_best_play_breakdown_and_runners_up(run):
    """The key names the best play in notation, its points tile by tile, the total and the next best."""
    text = text_of(run[1])[0]
    assert "F9 across 7/4 = 3/4 + 1" in text
    assert "Best play, 30 points" in text
    for square in ("F9", "G9", "H9", "I9", "J9"):
        assert square in text
    assert "7 × 3 = 21" in text and "1 × 2 = 2" in text  # 3S at F9, 2S at I9
    assert "Total: 30 points" in text
    assert "K9 down 1 = 4 − 3" in text  # runners-up, typographic minus
    assert "1,234 different legal equation plays" in text


@pytest.mark.parametrize("page_size", ["letter", "a4"])
def test_page_sizes(tmp_path, page_size):
    """Both PDFs have the page size asked for, and the key keeps one situation to one page."""
    student, key, _ = write_situations(booklet_worksheet(page_size), tmp_path)
    for path in (student, key):
        pages = PdfReader(path).pages
        assert len(pages) == 1
        assert (round(float(pages[0].mediabox.width)), round(float(pages[0].mediabox.height))) == POINTS[page_size]


def test_large_print_still_fits_one_page(tmp_path):
    """Large print keeps a situation on one page."""
    student, key, _ = write_situations(booklet_worksheet(large_print=True), tmp_path)
    assert len(PdfReader(student).pages) == 1 and len(PdfReader(key).pages) == 1


def test_manifest_carries_the_board_file(run):
    """manifest.json holds each situation's hand, board file text, best score and play count."""
    data = json.loads(run[2].read_text("utf-8"))
    assert data["command"] == "situations" and data["seed"] == 7
    assert data["items"][0] == {"id": "S-7-01", "hand": ["7/4", "3/4", "+", "1", "5", "2", "×", "6", "?"],
                                "grid": BOOKLET_GRID, "best_score": 30, "count": 1234, "count_exact": True}


def test_same_input_gives_byte_identical_pdfs(tmp_path):
    """Two runs write the same bytes."""
    first = write_situations(booklet_worksheet(), tmp_path / "one")
    second = write_situations(booklet_worksheet(), tmp_path / "two")
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]


def sample_play_1_item() -> SituationItem:
    """Return the booklet's first play on an empty board: 24 ÷ 3 = 8 across J10-O10, 28 points."""
    play = scored_play(Board(), "J10 across 24 ÷ 3 = 8")
    return SituationItem("S-7-02", (), hand_faces(("2", "4", "÷", "3", "8", "+", "7/4", "?", "5"), ORIGINAL),
                         best=(play, play), count=99)


def long_breakdown_item() -> SituationItem:
    """Return a situation whose key play forms a main and a cross equation and earns the bonus.

    Rendering data only: the numbers add up, but the position is not a real game's.
    """
    main = equation_score("12 + 3 × 4 = 6 × 4", tuple((f"{c}5", s, 1, 1) for c, s in
                          zip("CDEFGHIJKL", ("1", "2", "+", "3", "×", "4", "=", "6", "×", "4"))), (3,))
    cross = equation_score("2 = 2", (("D4", "2", 1, 1), ("D5", "=", 0, 1), ("D6", "?2", 0, 1)),
                           direction=Direction.DOWN)
    play = KeyPlay("C5 across 12 + 3 × 4 = 6 × 4", (Placement((5, 3), "1"),), Breakdown((main, cross), 40))
    assert play.score == 71
    board = (BoardTile(4, 4, "2", 1), BoardTile(6, 4, "?2", 0))
    return SituationItem("S-7-03", board, (), best=(play,), count=5)


def test_key_shows_equation_premiums_cross_equations_and_the_bonus(tmp_path):
    """The breakdown names the E multiplier, each cross equation, the 40 bonus and the sum."""
    sheet = Worksheet("situations", 7, "original", (sample_play_1_item(), long_breakdown_item()))
    _, key, _ = write_situations(sheet, tmp_path)
    first, second = text_of(key)
    assert "J10 across 24 ÷ 3 = 8" in first
    assert "Sum 14 × 2 (equation premium) = 28" in first
    assert "2 × 3 = 6" in first  # the 8 on the 3S at O10
    assert "Ties: 1 other play also scores 28" in first
    assert "Cross equation: 2 = 2" in second
    assert "Total: 30 + 1 + 40 (all nine tiles bonus) = 71 points" in second


def test_a_blank_in_the_key_play_is_marked_in_its_table(tmp_path):
    """A blank on the board shows in the breakdown as ? plus its symbol, with a legend line."""
    main = equation_score("2 = 2", (("D4", "2", 1, 1), ("D5", "=", 0, 1), ("D6", "?2", 0, 1)), direction=Direction.DOWN)
    play = KeyPlay("D5 down 2 = 2", (Placement((5, 4), "="),), Breakdown((main,), 0))
    item = SituationItem("S-7-04", (BoardTile(4, 4, "2", 1), BoardTile(6, 4, "?2", 0)), (), best=(play,))
    sheet = Worksheet("situations", 7, "original", (item,))
    _, key, _ = write_situations(sheet, tmp_path)
    (page,) = text_of(key)
    assert "?2" in page.split()
    assert "Best play, 1 points: D5 down 2 = ?2" in page
    assert ("A tile with a ? in its corner and a hollow symbol is a blank standing for that symbol "
            "(it scores 0); ?5 in writing.") in " ".join(page.split())


def test_a_key_with_many_ties_lists_them_in_two_columns_on_one_page(tmp_path):
    """The empty board and the hand 0 1 2 8 1/2 3/2 2/4 × ÷: 24 plays score 76 (across and
    down, the same equation in many orders). The key lists all 23 ties in two columns, so it
    stays on one page (one a line, its next best plays ran onto a second page)."""
    (tmp_path / "empty.txt").write_text("\n".join(" ".join(["."] * 19) for _ in range(19)) + "\n", "utf-8")
    result = CliRunner().invoke(app, ["situations", "--board", str(tmp_path / "empty.txt"), "--hand",
                                      "0 1 2 8 1/2 3/2 2/4 × ÷", "--out", str(tmp_path / "own")])
    assert result.exit_code == 0, result.output
    key = tmp_path / "own" / "situations-key.pdf"
    pages = text_of(key)
    assert len(pages) == 1
    assert "Ties: 23 other plays also score 76" in pages[0]
    assert pages[0].count("(76 points)") == 23
    assert "Next best plays" in pages[0]
