"""The Boardless Activity PDFs, read back with pypdf: what a teacher must find on them is there."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from classroom.game.symbols import parse_hand, parse_written
from classroom.game.tilesets import load_level
from classroom.make.keys import boardless_item, combination_of
from classroom.make.worksheet import BoardlessItem, Worksheet, item_id
from classroom.render.wording import printed
from classroom.solve.boardless import solve
from classroom.store.runs import write_boardless
from tests.pdftext import Chunk, chunks

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


def groups_on(path: Path, hand_text: str) -> list[tuple[str, str]]:
    """Return (combination heading, equation) for every equation the key prints after a
    combination's tiles, in order: the key read as a teacher reads it, tiles first."""
    headings = {printed(" ".join(g.tiles)) for g in item(hand_text).groups}
    found, current = [], None
    for page in chunks(path):
        for chunk in page:
            if chunk.bold and chunk.text in headings:
                current = chunk.text
            elif current is not None and "=" in chunk.text:
                found.append((current, chunk.text))
    return found


@pytest.mark.parametrize("hand, number", [(BOOKLET, 1), (HUNDREDS, 2)])
def test_key_lists_every_equation_under_its_tile_combination(tmp_path, hand, number):
    """Every equation is printed under the tiles it uses (found from the equation alone), and
    the combinations come best score first."""
    _, key, _ = write_boardless(worksheet(hand), tmp_path)
    found = groups_on(key, hand)
    for answer in item(hand).answers:
        assert (printed(" ".join(combination_of(parse_written(answer.text)))), printed(answer.text)) in found
    order = [heading for heading, _ in found]
    scores = {printed(" ".join(g.tiles)): g.score for g in item(hand).groups}
    headings = list(dict.fromkeys(order))
    assert [scores[h] for h in headings] == sorted((scores[h] for h in headings), reverse=True)
    assert len(headings) == item(hand).combinations


def test_inside_a_combination_equations_are_in_alphabetical_order(tmp_path):
    """A fixed order inside a group: the equations of one combination in the order of their text."""
    _, key, _ = write_boardless(worksheet(BOOKLET), tmp_path)
    found = groups_on(key, BOOKLET)
    for group in item(BOOKLET).groups:
        tiles = printed(" ".join(group.tiles))
        listed = [text for heading, text in found if heading == tiles]
        assert listed == [printed(text) for text in sorted(a.text for a in group.answers)]


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


def row_numbers(page: list[Chunk]) -> list[Chunk]:
    """Return the recording table's row numbers on a page: the numbers in its # column."""
    return [c for c in page if c.text.isdigit() and c.x < 36 + 30]


@pytest.mark.parametrize("page_size", ["letter", "a4"])
@pytest.mark.parametrize("large_print", [False, True])
@pytest.mark.parametrize("check_url", [None, "http://192.168.1.20:8000/"])
def test_a_sheet_is_one_page_or_its_last_page_is_at_least_half_rows(tmp_path, page_size, large_print,
                                                                    check_url):
    """No page of a student's sheet holds a stub of the list: the sheet is one page, or the
    rows of its last page fill at least half the page's height."""
    sheet = dataclasses.replace(worksheet(HUNDREDS, page_size=page_size, large_print=large_print),
                                check_url=check_url)
    pages = chunks(write_boardless(sheet, tmp_path)[0])
    if len(pages) > 1:
        rows = row_numbers(pages[-1])
        spacing = rows[0].y - rows[1].y
        assert len(rows) * spacing >= POINTS[page_size][1] / 2


def test_a_large_print_sheets_second_page_names_its_student_and_the_first_says_it_follows(tmp_path):
    """Large print: the first page says more rows follow, and the second page carries the
    student's name as well as the worksheet id, so it finds its owner if it goes astray."""
    single = worksheet(HUNDREDS, large_print=True)
    sheet = dataclasses.replace(single, roster=(("Bea Jones", single.items[0].id),))
    first, second = text_of(write_boardless(sheet, tmp_path)[0])
    assert "Bea Jones" in first and "More rows on the next page." in first
    assert lines_of(second)[:3] == ["Worksheet B-42-01 · seed 42", "Name", "Bea Jones"]


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
    assert data["key"] == "full"
    assert data["files"] == ["boardless-42.pdf", "boardless-42-key.pdf"]
    assert data["items"][0] == {"id": "B-42-01", "hand": ["2", "4", "÷", "3", "8", "+", "7/4", "1", "5"],
                                "best_score": 60, "count": 316}
    assert data["items"][1]["hand"][6] == "-"  # canonical ASCII minus in JSON


def test_a_blank_hands_key_marks_the_symbol_each_blank_stands_for(tmp_path):
    """The key prints ?5 where the blank stands for 5, in the list and in the combination's
    tiles, and says in a legend line what the mark means."""
    _, key, _ = write_boardless(worksheet("2 3 + ?"), tmp_path)
    strings = [c.text for page in chunks(key) for c in page]
    assert "2 + 3 = ?5" in strings and "?5 = 3 + 2" in strings
    assert "2 3 + ?5" in strings  # the combination's tiles: the blank last, marked
    assert "2 + 3 = 5" not in strings
    assert any(s.startswith("A boxed ?× is the blank tile standing for ×, and scores 0.") for s in strings)


ZEROS = "0 0 2 3 4 9 + - ×"  # the hand: 269 equations, 96 of them 0 = 0 × 2349 rearranged


def test_a_key_by_families_prints_each_family_once_under_its_tiles(tmp_path):
    """With --key families the summary counts the families, each family is one line under its
    score and tiles, and every equation of the hand is found there: under its own tiles, on the
    line of its family."""
    from classroom.game.families import family

    sheet = dataclasses.replace(worksheet(ZEROS), key="families")
    _, key, _ = write_boardless(sheet, tmp_path)
    text = " ".join(" ".join(page.split()) for page in text_of(key))
    assert "269 different equations in 19 families" in text
    found = groups_on(key, ZEROS)
    assert len(found) == 19
    assert found[0] == ("0 0 2 3 4 9 ×", "0 = 0 × N, N any arrangement of 2 3 4 9: 96 equations")
    shown = {family(parse_written(f.answer.text)): f for f in item(ZEROS).families}
    for answer in item(ZEROS).answers:
        line = shown[family(parse_written(answer.text))]
        heading = printed(" ".join(combination_of(parse_written(answer.text))))
        assert any(h == heading and printed_line.startswith(printed(line.pattern or line.answer.text))
                   for h, printed_line in found), answer.text


def test_the_full_key_is_still_every_equation(tmp_path):
    """--key full prints every equation under its tiles, as before families."""
    _, key, _ = write_boardless(dataclasses.replace(worksheet(ZEROS), key="full"), tmp_path)
    assert len(groups_on(key, ZEROS)) == 269
