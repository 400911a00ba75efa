"""The Board: 19 × 19 Squares named A1-S19 (rows 1-19 top to bottom, columns A-S), and the
Premium on each Square, read from the layout file classroom/data/board.txt.

Rows and columns are 1-based everywhere, as people name them: J10 is (row 10, column 10).
"""

from __future__ import annotations

import enum
from functools import cache
from importlib import resources

from classroom.errors import ClassroomError

SIZE = 19
COLUMNS = "ABCDEFGHIJKLMNOPQRS"
CENTRE = (10, 10)  # J10

Square = tuple[int, int]  # (row, column), 1-based, like (10, 10) for J10


class Premium(enum.Enum):
    """What a Square does to a score: none, 2S / 3S (the tile), 2E / 3E (the whole equation)."""

    NONE = "."
    DOUBLE_SYMBOL = "s"
    TRIPLE_SYMBOL = "S"
    DOUBLE_EQUATION = "e"
    TRIPLE_EQUATION = "E"

    @property
    def label(self) -> str:
        """Return the label printed on the square: '2S', '3S', '2E', '3E' or ''."""
        return {"s": "2S", "S": "3S", "e": "2E", "E": "3E"}.get(self.value, "")

    @property
    def symbol_factor(self) -> int:
        """Return what a new tile's symbol score is multiplied by here."""
        return {"s": 2, "S": 3}.get(self.value, 1)

    @property
    def equation_factor(self) -> int:
        """Return what the equation's score is multiplied by when a new tile covers this square."""
        return {"e": 2, "E": 3}.get(self.value, 1)


def square_name(square: Square) -> str:
    """Return a square's name: (9, 6) -> 'F9'."""
    row, column = square
    return f"{COLUMNS[column - 1]}{row}"


def parse_square(name: str) -> Square:
    """Return the (row, column) of a square name like 'F9' or 'f9', or raise."""
    text = name.strip().upper()
    if len(text) >= 2 and text[0] in COLUMNS and text[1:].isdigit() and 1 <= int(text[1:]) <= SIZE:
        return int(text[1:]), COLUMNS.index(text[0]) + 1
    raise ClassroomError(f"{name!r} is not a square (columns A-S, rows 1-19, like F9)")


def parse_layout(text: str, source: str) -> tuple[tuple[Premium, ...], ...]:
    """Return the premium grid of an ASCII layout: 19 rows of 19 codes (. s S e E)."""
    rows = [line.split() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ClassroomError(f"{source}: a layout has {SIZE} rows of {SIZE} squares")
    try:
        return tuple(tuple(Premium(code) for code in row) for row in rows)
    except ValueError as error:
        raise ClassroomError(f"{source}: {error}") from None


@cache
def layout() -> tuple[tuple[Premium, ...], ...]:
    """Return the shipped premium layout, row by row (index [row - 1][column - 1])."""
    text = resources.files("classroom.data").joinpath("board.txt").read_text("utf-8")
    return parse_layout(text, "board.txt")


def premium(square: Square) -> Premium:
    """Return the premium of a square."""
    row, column = square
    return layout()[row - 1][column - 1]
