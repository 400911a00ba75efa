"""Render demo worksheets (boardless and situations, Letter and A4, large print) into a folder
to look at: `python tests/benchmarks/demo_pdfs.py /tmp/demo` then pdftoppm the PDFs."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from classroom.game.symbols import parse_hand
from classroom.game.tilesets import load_level
from classroom.make.keys import boardless_item
from classroom.make.worksheet import Worksheet, item_id
from classroom.solve.boardless import solve
from classroom.store.runs import write_boardless, write_situations

HANDS = ["2 4 ÷ 3 8 + 7/4 1 5", "1 2 3 4 + - × ÷ 6", "1 1 2 3 + + - 5 6"]


def boardless_demo(out: Path, page_size: str = "letter", large_print: bool = False) -> list[Path]:
    """Return the files written for a three-hand boardless worksheet."""
    tileset = load_level("original")
    items = []
    for number, text in enumerate(HANDS, 1):
        hand = parse_hand(text)
        items.append(boardless_item(item_id("boardless", 42, number), hand, tileset, solve(hand, tileset)))
    worksheet = Worksheet("boardless", 42, "original", tuple(items), page_size, large_print)
    return write_boardless(worksheet, out)


def situations_demo(out: Path, page_size: str = "letter") -> list[Path]:
    """Return the files written for the booklet situation (after sample play 4)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from test_worksheet_situations import booklet_worksheet
    return write_situations(booklet_worksheet(page_size), out)


if __name__ == "__main__":
    base = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/demo")
    start = time.perf_counter()
    for name, size, large in (("letter", "letter", False), ("a4", "a4", False), ("large", "letter", True)):
        print(boardless_demo(base / name, size, large))
    for name, size in (("sit-letter", "letter"), ("sit-a4", "a4")):
        try:
            print(situations_demo(base / name, size))
        except (ImportError, NotImplementedError) as error:
            print("situations:", error)
    print(f"{time.perf_counter() - start:.2f} s")
