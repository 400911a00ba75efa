"""The Boardless Activity PDFs, read back with pypdf: what a teacher must find on them is there."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from classroom.boardless import solve
from classroom.output import write_boardless
from classroom.render.wording import printed
from classroom.symbols import parse_hand
from classroom.tilesets import load_level
from classroom.worksheet import BoardlessItem, Worksheet, boardless_item, item_id

ORIGINAL = load_level("original")
BOOKLET = "2 4 ÷ 3 8 + 7/4 1 5"  # 316 equations, best score 60
HUNDREDS = "1 1 2 3 + + - 5 6"  # 553 equations
THOUSANDS = "1 2 3 4 5 6 + - ×"  # 1636 equations
POINTS = {"letter": (612, 792), "a4": (595, 842)}


@cache
def item(hand_text: str, number: int = 1) -> BoardlessItem:
    """Return the item of a hand (solved once per test run)."""
    hand = parse_hand(hand_text)
    return boardless_item(item_id("boardless", 42, number), hand, ORIGINAL, solve(hand, ORIGINAL))


def worksheet(*hands: str, page_size: str = "letter", large_print: bool = False) -> Worksheet:
    """Return a boardless worksheet of the hands, seed 42."""
    return Worksheet("boardless", 42, "original",
                     tuple(item(h, n) for n, h in enumerate(hands, 1)), page_size, large_print)


def text_of(path: Path) -> list[str]:
    """Return the extracted text of each page."""
    return [page.extract_text() for page in PdfReader(path).pages]


def lines_of(page: str) -> list[str]:
    """Return a page's text lines, stripped, blank ones dropped."""
    return [line.strip() for line in page.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def booklet_run(tmp_path_factory) -> list[Path]:
    """Write the booklet hand and the 553-answer hand, Letter, once for the module."""
    return write_boardless(worksheet(BOOKLET, HUNDREDS), tmp_path_factory.mktemp("letter"))


def test_writes_student_pdf_key_pdf_and_manifest(booklet_run):
    """A run writes the student sheet, a separate key whose name contains 'key', and manifest.json."""
    student, key, manifest = booklet_run
    assert student.name == "boardless-42.pdf" and "key" not in student.name
    assert "key" in key.name and key.suffix == ".pdf"
    assert manifest.name == "manifest.json"
    assert sorted(p.name for p in student.parent.iterdir()) == sorted(p.name for p in booklet_run)


def test_student_sheet_shows_hand_tiles_id_and_seed(booklet_run):
    """Each student page shows the id and seed, and the hand's tiles, symbol then score, in order."""
    pages = text_of(booklet_run[0])
    assert len(pages) == 2  # one page per hand
    first = pages[0]
    assert "B-42-01" in first and "seed 42" in first
    expected = ["2", "1", "4", "1", "÷", "5", "3", "1", "8", "2", "+", "1", "7", "4", "7", "1", "1", "5", "1"]
    lines = lines_of(first)
    starts = [i for i in range(len(lines)) if lines[i:i + len(expected)] == expected]
    assert len(starts) == 3  # three strips to cut apart
    assert "Equation" in first and "Score" in first and "Total score" in first
    assert "B-42-02" in pages[1] and "−" in pages[1]  # the second hand, with a typographic minus


def test_key_summary_names_counts_best_score_and_best_equations(booklet_run):
    """The key's first page summarises the hand: counts, best score, every best equation."""
    first = text_of(booklet_run[1])[0]
    assert "316 different equations from 48 different combinations" in first
    assert "Best score 60, reached by 24 equations" in first
    assert "24 equations use all nine tiles" in first
    for answer in item(BOOKLET).best:
        assert printed(answer.text) in first
    assert "not for students" in first and "seed 42" in first


@pytest.mark.parametrize("hand", [BOOKLET, HUNDREDS])
def test_key_lists_every_equation_with_its_score(booklet_run, hand):
    """Every equation of the hand is in its key, right after its score."""
    pages = text_of(booklet_run[1])
    number = 1 if hand == BOOKLET else 2
    mine = [lines_of(p) for p in pages if f"B-42-0{number}" in p]
    listed = set()
    for lines in mine:
        listed.update(zip(lines, lines[1:]))
    missing = [a.text for a in item(hand).answers if (str(a.score), printed(a.text)) not in listed]
    assert missing == []


def test_thousands_of_answers_flow_over_pages_and_nothing_is_cut(tmp_path):
    """A hand with 1636 equations gets a key of several pages holding every one of them."""
    _, key, _ = write_boardless(worksheet(THOUSANDS), tmp_path)
    pages = text_of(key)
    assert len(pages) > 3
    text = "\n".join(pages)
    lines = set(lines_of(text))
    assert [a.text for a in item(THOUSANDS).answers if printed(a.text) not in lines] == []
    assert all("B-42-01" in page for page in pages)  # every page says which worksheet it is
    # 168 best equations are not repeated in the summary: the list starts with them.
    assert "Best score 53, reached by 168 equations: the first 168 of the list below." in pages[0]
    assert "168 equations use all nine tiles: all of them are among the best above." in pages[0]


@pytest.mark.parametrize("page_size", ["letter", "a4"])
@pytest.mark.parametrize("large_print", [False, True])
def test_page_sizes(tmp_path, page_size, large_print):
    """Every page of both PDFs has the size asked for."""
    for path in write_boardless(worksheet(HUNDREDS, page_size=page_size, large_print=large_print), tmp_path)[:2]:
        for page in PdfReader(path).pages:
            assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == POINTS[page_size]


def test_large_print_has_taller_rows_continued_on_a_second_page(tmp_path):
    """Large print: fewer, taller rows on the hand's page, and the list goes on over a second
    page numbered on from the first, so a student still has room for 24 equations or more."""
    normal = text_of(write_boardless(worksheet(HUNDREDS), tmp_path / "n")[0])
    large = text_of(write_boardless(worksheet(HUNDREDS, large_print=True), tmp_path / "l")[0])
    numbers = lambda page: [int(x) for x in lines_of(page) if x.isdigit()]  # noqa: E731
    assert len(normal) == 1 and len(large) == 2
    assert max(numbers(large[0])) < max(numbers(normal[0]))
    assert min(numbers(large[1])) == max(numbers(large[0])) + 1
    assert max(numbers(large[1])) >= 24
    assert "Total score" in large[1] and "Total score" not in large[0]


def test_same_input_gives_byte_identical_pdfs(tmp_path):
    """Two runs of the same worksheet write the same bytes."""
    first = write_boardless(worksheet(BOOKLET), tmp_path / "one")
    second = write_boardless(worksheet(BOOKLET), tmp_path / "two")
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes()


def test_manifest_lists_files_and_items(booklet_run):
    """manifest.json names the command, seed, level, files, and each item's hand, best score, count."""
    data = json.loads(booklet_run[2].read_text("utf-8"))
    assert data["command"] == "boardless" and data["seed"] == 42 and data["level"] == "original"
    assert data["files"] == ["boardless-42.pdf", "boardless-42-key.pdf"]
    assert data["items"][0] == {"id": "B-42-01", "hand": ["2", "4", "÷", "3", "8", "+", "7/4", "1", "5"],
                                "best_score": 60, "count": 316}
    assert data["items"][1]["hand"][6] == "-"  # canonical ASCII minus in JSON
