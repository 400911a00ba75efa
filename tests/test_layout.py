"""Layout rules, one test each: text stays inside the page, a key has the pages expected, the
key keeps its size in large print, and the sheets' wording follows the options of the run."""

from __future__ import annotations

import json
from functools import cache

import pytest
from pypdf import PdfReader

from classroom.game.board import Direction, Placement
from classroom.game.plays import Breakdown
from classroom.game.symbols import parse_hand
from classroom.game.tilesets import load_level
from classroom.make.keys import boardless_item, hand_faces
from classroom.make.worksheet import BoardlessItem, KeyPlay, SituationItem, Worksheet, item_id
from classroom.render.wording import Wording, environment
from classroom.solve.boardless import solve
from classroom.store.runs import write_boardless, write_situations
from tests.pdftext import outside
from tests.test_worksheet_situations import equation_score, runner_up

ORIGINAL = load_level("original")
BLANK_HAND = "2 3 5 + ?"  # a blank hand small enough to solve at once
HUNDREDS = "1 1 2 3 + + - 5 6"  # 553 equations, 16 of them tied for best
LONG_TITLE = "Fractions and order of operations: Thursday's challenge for the whole of year seven, group B"


@cache
def item(hand_text: str, number: int = 1) -> BoardlessItem:
    """Return the item of a hand (solved once per test run)."""
    hand = parse_hand(hand_text)
    return boardless_item(item_id("boardless", 42, number), hand, ORIGINAL, solve(hand, ORIGINAL))


def boardless(*hands: str, **options) -> Worksheet:
    """Return a boardless worksheet of the hands, seed 42, with the options given."""
    return Worksheet("boardless", 42, "original", tuple(item(h, n) for n, h in enumerate(hands, 1)), **options)


def pages(path) -> int:
    """Return the number of pages of a PDF."""
    return len(PdfReader(path).pages)


@pytest.mark.parametrize("page_size", ["letter", "a4"])
@pytest.mark.parametrize("large_print", [False, True])
def test_boardless_text_stays_inside_the_page(tmp_path, page_size, large_print):
    """Nothing runs past the margins: a long title, a blank hand, a key of hundreds of lines."""
    sheet = boardless(BLANK_HAND, HUNDREDS, page_size=page_size, large_print=large_print, title=LONG_TITLE)
    student, key, _ = write_boardless(sheet, tmp_path)
    assert outside(student) == [] and outside(key) == []


def crowded_situation(number: int) -> SituationItem:
    """Return a situation whose key has everything long: a two-row main equation, two cross
    equations, the bonus, three ties and five runners-up (rendering data, not a real game)."""
    symbols = ("1", "2", "+", "3", "×", "4", "=", "6", "×", "4", "+", "1/2", "-", "1/2")
    main = equation_score("12 + 3 × 4 = 6 × 4 + 1/2 - 1/2", tuple(
        (f"{c}5", s, 1, 1) for c, s in zip("CDEFGHIJKLMNOP", symbols)), (3,))
    cross = tuple(equation_score("2 = 2", ((f"{c}4", "2", 1, 1), (f"{c}5", "=", 0, 1), (f"{c}6", "?2", 0, 1)),
                                 direction=Direction.DOWN) for c in "DE")
    notation = "C5 across 12 + 3 × 4 = 6 × 4 + 1/2 - 1/2, then 88 ÷ 4 = 22 and 7/4 × 4 = 7 + 0"
    play = KeyPlay(notation, (Placement((5, 3), "1"),), Breakdown((main,) + cross, 40))
    others = tuple(runner_up(notation, 80 - n) for n in range(5))
    return SituationItem(f"S-7-{number:02d}", (), hand_faces(tuple("123456789"), ORIGINAL),
                         best=(play,) * 4, next_best=others, count=12345)


@pytest.mark.parametrize("page_size", ["letter", "a4"])
@pytest.mark.parametrize("large_print", [False, True])
def test_a_situation_key_fits_one_page_and_stays_inside_it(tmp_path, page_size, large_print):
    """A crowded situation key is one page per situation, with no text past the margins."""
    sheet = Worksheet("situations", 7, "original", (crowded_situation(1), crowded_situation(2)),
                      page_size, large_print, LONG_TITLE)
    student, key, _ = write_situations(sheet, tmp_path)
    assert pages(key) == 2
    assert outside(student) == [] and outside(key) == []


def test_a_summary_key_is_one_page_a_hand(tmp_path):
    """--key summary: one page for each hand, however many equations it has."""
    _, key, manifest = write_boardless(boardless(HUNDREDS, BLANK_HAND, "2 4 ÷ 3 8", key="summary"), tmp_path)
    assert pages(key) == 3
    assert json.loads(manifest.read_text("utf-8"))["key"] == "summary"


def test_no_key_writes_no_key_pdf_and_the_manifest_says_so(tmp_path):
    """--key none: the student PDF and the manifest only; the manifest records the choice."""
    paths = write_boardless(boardless("2 4 ÷ 3 8", key="none"), tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["boardless-42.pdf", "manifest.json"]
    data = json.loads(paths[-1].read_text("utf-8"))
    assert (data["key"], data["files"]) == ("none", ["boardless-42.pdf"])


@pytest.mark.parametrize("key", ["full", "summary"])
def test_large_print_keeps_the_key_at_its_normal_size(tmp_path, key):
    """Large print enlarges the student sheets only: the key has the same number of pages."""
    normal = write_boardless(boardless(HUNDREDS, key=key), tmp_path / "normal")
    large = write_boardless(boardless(HUNDREDS, key=key, large_print=True), tmp_path / "large")
    assert pages(large[1]) == pages(normal[1])
    assert pages(large[0]) > pages(normal[0])


@pytest.mark.parametrize("hand, same_hand, first, bonus, blank", [
    ("1 2 3 4 5 6 + - ×", True, "Everyone has the same 9 tiles.", True, False),
    ("1 2 3 4 5 6 + - ×", False, "You have these 9 tiles.", True, False),
    ("2 4 ÷ 3 8", False, "You have these 5 tiles.", False, False),
    (BLANK_HAND, True, "Everyone has the same 5 tiles.", False, True),
])
def test_student_wording_follows_the_run(hand, same_hand, first, bonus, blank):
    """Tiles per hand, the 40 bonus only for nine tiles, 'the same tiles' only with --same-hand,
    and one line on the blank when the hand has one."""
    sheet = boardless(hand, same_hand=same_hand)
    text = Wording(environment(), "boardless.j2", worksheet=sheet, item=sheet.items[0], page=1)["instructions"]
    assert text.startswith(first)
    assert ("all nine tiles earns 40 bonus points" in text) is bonus
    assert ("The ? tile is a blank: it stands for any number or operation you choose, and scores 0."
            in text) is blank
