"""The QR code of a sheet's check page (--check-url): at least 2 cm across, the four modules of
white around it that the QR standard asks for left clear, and read back by a barcode scanner."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from test_worksheet_situations import booklet_worksheet

from classroom.game.symbols import parse_hand
from classroom.game.tilesets import load_level
from classroom.make.keys import boardless_item
from classroom.make.worksheet import BoardlessItem, Worksheet, item_id
from classroom.solve.boardless import solve
from classroom.store.runs import write_boardless, write_situations
from tests.pdftext import Shape, chunks, shapes

ORIGINAL = load_level("original")
URL = "http://192.168.1.20:8000/"
TWO_CM = 20 / 25.4 * 72  # 56.7 points
QUIET = 4  # modules of white around the code
BLACK = {(0.0,), (0.0, 0.0, 0.0)}


@cache
def item(hand_text: str = "1 2 3 + - 5") -> BoardlessItem:
    """Return the item of a small hand (solved once per test run)."""
    hand = parse_hand(hand_text)
    return boardless_item(item_id("boardless", 42, 1), hand, ORIGINAL, solve(hand, ORIGINAL))


def student_pdf(kind: str, page_size: str, large_print: bool, folder: Path) -> Path:
    """Write a one-item worksheet of the kind with a check address, and return its student PDF."""
    if kind == "boardless":
        sheet = Worksheet("boardless", 42, "original", (item(),), page_size, large_print, check_url=URL)
        return write_boardless(sheet, folder)[0]
    sheet = dataclasses.replace(booklet_worksheet(page_size, large_print), check_url=URL, practice=True)
    return write_situations(sheet, folder)[0]


def modules(page: list[Shape]) -> list[Shape]:
    """Return the QR code's dark modules: the rectangles filled black and not stroked."""
    return [s for s in page if s.rect and s.fill in BLACK]


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Return whether two boxes (x0, y0, x1, y1) share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


SHEETS = [(kind, page_size, large_print) for kind in ("boardless", "situations")
          for page_size in ("letter", "a4") for large_print in (False, True)]


@pytest.mark.parametrize("kind, page_size, large_print", SHEETS)
def test_the_qr_code_is_two_centimetres_across_with_its_quiet_zone_clear(tmp_path, kind, page_size,
                                                                         large_print):
    """On every student page the code is square and at least 2 cm across, and nothing else
    (text, line, box, tile) is drawn on the four modules of white around it, inside the page."""
    path = student_pdf(kind, page_size, large_print, tmp_path)
    for page_shapes, page_text in zip(shapes(path), chunks(path), strict=True):
        dark = modules(page_shapes)
        assert dark, "no QR code on the page"
        module = min(s.y1 - s.y0 for s in dark)
        assert {round(s.y1 - s.y0, 3) for s in dark} == {round(module, 3)}
        x0, y0 = min(s.x0 for s in dark), min(s.y0 for s in dark)
        x1, y1 = max(s.x1 for s in dark), max(s.y1 for s in dark)
        assert round(x1 - x0, 3) == round(y1 - y0, 3) >= TWO_CM
        quiet = (x0 - QUIET * module, y0 - QUIET * module, x1 + QUIET * module, y1 + QUIET * module)
        assert quiet[0] >= 0 and quiet[1] >= 0
        others = [s for s in page_shapes if s not in dark]
        assert [s for s in others if overlaps(quiet, (s.x0, s.y0, s.x1, s.y1))] == []
        texts = [(c.x, c.y - 0.25 * c.size, c.right, c.y + 0.85 * c.size) for c in page_text]
        assert [t for t in texts if overlaps(quiet, t)] == []


def decoded(pdf: Path, resolution: int, folder: Path) -> str:
    """Return what zbarimg reads on the PDF's first page rendered at the resolution (dpi)."""
    subprocess.run(["pdftoppm", "-png", "-r", str(resolution), "-f", "1", "-l", "1", "-singlefile",
                    str(pdf), str(folder / "page")], check=True)
    done = subprocess.run(["zbarimg", "--quiet", "--raw", str(folder / "page.png")],
                          capture_output=True, text=True)
    return done.stdout.strip()


@pytest.mark.skipif(shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None,
                    reason="zbarimg (Debian zbar-tools) or pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("kind, page_size, large_print", [("boardless", "letter", False),
                                                          ("situations", "a4", True)])
def test_a_scanner_reads_the_check_address_from_a_coarse_picture_of_the_page(tmp_path, kind, page_size,
                                                                               large_print):
    """The code read from the page rendered at 72 dpi (coarser than a phone's photo of a
    photocopy) is the sheet's check address."""
    path = student_pdf(kind, page_size, large_print, tmp_path)
    id = item().id if kind == "boardless" else "S-7-01"
    assert decoded(path, 72, tmp_path) == f"{URL}check/{id}"
