"""The Board: 19 × 19 Squares named A1-S19 (rows 1-19 top to bottom, columns A-S), and the
Premium on each Square, read from the layout file classroom/data/board.txt.

Rows and columns are 1-based everywhere, as people name them: J10 is (row 10, column 10).
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from classroom import data
from classroom.errors import ClassroomError, read_text
from classroom.game.arithmetic import Illegal, read
from classroom.game.symbols import (
    BLANK,
    LEADING,
    ORIGINAL_RULES,
    Rules,
    Symbol,
    Tile,
    face,
    is_blank,
    kind,
    parse_tile,
    tokenize,
)
from classroom.game.tilesets import TileSet

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
    text = (data.FOLDER / "board.txt").read_text("utf-8")
    return parse_layout(text, "board.txt")


def premium(square: Square) -> Premium:
    """Return the premium of a square."""
    row, column = square
    return layout()[row - 1][column - 1]


# --- Directions, tiles on the board, the board file -------------------------------------------

class Direction(enum.Enum):
    """The way a string reads: across (left to right) or down (top to bottom)."""

    ACROSS = "across"
    DOWN = "down"

    @property
    def step(self) -> Square:
        """Return the (row, column) step to the next square in reading order."""
        return (0, 1) if self is Direction.ACROSS else (1, 0)

    @property
    def other(self) -> "Direction":
        """Return the perpendicular direction."""
        return Direction.DOWN if self is Direction.ACROSS else Direction.ACROSS


def on_board(square: Square) -> bool:
    """Return whether (row, column) lies on the 19 × 19 board."""
    return 1 <= square[0] <= SIZE and 1 <= square[1] <= SIZE


def line_name(square: Square, direction: Direction) -> str:
    """Return how a judge names a string's line and start: 'row 9 from F9', 'column F from F9'."""
    if direction is Direction.ACROSS:
        return f"row {square[0]} from {square_name(square)}"
    return f"column {COLUMNS[square[1] - 1]} from {square_name(square)}"


@dataclass(frozen=True)
class Placement:
    """One tile put on one square in a play: Placement((9, 6), '7/4'); a blank as '?5'."""

    square: Square
    tile: Tile


@dataclass(frozen=True)
class Board:
    """The tiles on the 19 × 19 board: cells[(row - 1) * 19 + column - 1] is a Tile or ''."""

    cells: tuple[Tile, ...] = ("",) * (SIZE * SIZE)

    def tile(self, square: Square) -> Tile:
        """Return the tile on a square ('7', '?5'), or '' when it is empty or off the board."""
        if not on_board(square):
            return ""
        return self.cells[(square[0] - 1) * SIZE + square[1] - 1]

    def symbol(self, square: Square) -> Symbol:
        """Return the symbol a square shows ('?5' shows '5'), or '' when empty."""
        return face(self.tile(square))

    def is_empty(self, square: Square) -> bool:
        """Return whether a square on the board has no tile."""
        return not self.tile(square)

    @property
    def tiles(self) -> dict[Square, Tile]:
        """Return every occupied square and its tile, in reading order."""
        return {(i // SIZE + 1, i % SIZE + 1): t for i, t in enumerate(self.cells) if t}

    @property
    def blank(self) -> bool:
        """Return whether no tile has been played yet."""
        return not any(self.cells)

    def place(self, placements) -> "Board":
        """Return a new board with the placements' tiles added (they must go on empty squares)."""
        cells = list(self.cells)
        for placement in placements:
            square, tile = placement.square, placement.tile
            if not on_board(square):
                raise ClassroomError(f"{square} is not a square of the board")
            index = (square[0] - 1) * SIZE + square[1] - 1
            if cells[index]:
                raise ClassroomError(f"{square_name(square)} already holds a tile")
            cells[index] = tile
        return Board(tuple(cells))

    def run(self, square: Square, direction: Direction) -> tuple[Square, ...]:
        """Return the squares of the maximal run of tiles through a square that holds a tile, in
        reading order. An empty square stands for no tile: the run of tiles just before it, or the
        square alone when there are none; callers place a play's tiles first (`Board.place`)."""
        dr, dc = direction.step
        start = square
        while self.tile((start[0] - dr, start[1] - dc)):
            start = (start[0] - dr, start[1] - dc)
        squares = [start]
        while True:
            nxt = (squares[-1][0] + dr, squares[-1][1] + dc)
            if not self.tile(nxt):
                break
            squares.append(nxt)
        return tuple(squares)

    def strings(self) -> list[tuple[Direction, tuple[Square, ...]]]:
        """Return every maximal run of two or more tiles, across runs first, in reading order."""
        found = []
        for direction in Direction:
            dr, dc = direction.step
            for square in self.tiles:
                before = (square[0] - dr, square[1] - dc)
                if self.tile(before):
                    continue
                run = self.run(square, direction)
                if len(run) >= 2:
                    found.append((direction, run))
        return found


def check_board(board: Board, rules: Rules = ORIGINAL_RULES) -> Board:
    """Return the board if every string on it is legal under the tile set's rules and it is one
    connected group covering J10; else raise naming the square and the reason."""
    for square, tile in board.tiles.items():
        lacking = {"negative": not rules.negatives, "exponent": not rules.exponents}.get(kind(face(tile)))
        if lacking:
            raise ClassroomError(f"{square_name(square)}: {kind(face(tile))} tiles are not in this "
                                 f"tile set ({face(tile)})")
    for direction, run in board.strings():
        symbols = tuple(board.symbol(s) for s in run)
        try:
            read(symbols, rules)
        except Illegal as error:
            raise ClassroomError(f"{line_name(run[0], direction)}: {error}") from None
    occupied = board.tiles
    if not occupied:
        return board
    if CENTRE not in occupied:
        raise ClassroomError("the board has tiles but none on the centre square J10")
    seen = {CENTRE}
    todo = [CENTRE]
    while todo:
        row, column = todo.pop()
        for near in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            if near in occupied and near not in seen:
                seen.add(near)
                todo.append(near)
    apart = [s for s in occupied if s not in seen]
    if apart:
        raise ClassroomError(f"the tile on {square_name(apart[0])} is not connected to the tiles on J10")
    return board


def parse_board(text: str, source: str = "board", rules: Rules = ORIGINAL_RULES) -> Board:
    """Return the board a board file describes (19 lines of 19 cells, '.' empty, '#' comments),
    checked by check_board; raise naming the line and cell of a malformed file."""
    rows: list[tuple[int, list[str]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        rows.append((number, line.split()))
    if len(rows) != SIZE:
        raise ClassroomError(f"{source}: a board file has {SIZE} rows of squares, this one has {len(rows)}")
    cells: list[Tile] = []
    for row, (number, tokens) in enumerate(rows, start=1):
        if len(tokens) != SIZE:
            raise ClassroomError(
                f"{source}: line {number} (row {row}) has {len(tokens)} cells; a row has {SIZE}")
        for column, token in enumerate(tokens, start=1):
            where = f"{source}: line {number}, {square_name((row, column))}"
            if token == ".":
                cells.append("")
                continue
            if token == BLANK:
                raise ClassroomError(f"{where}: a blank on the board must say what it stands for, like ?5")
            try:
                tile = parse_tile(token, where)
            except ClassroomError:
                raise ClassroomError(f"{where}: {token!r} is not a tile") from None
            if len(tokenize(token, where, LEADING)) != 1:
                raise ClassroomError(f"{where}: {token!r} is not one tile")
            cells.append(tile)
    board = Board(tuple(cells))
    try:
        return check_board(board, rules)
    except ClassroomError as error:
        raise ClassroomError(f"{source}: {error}") from None


def board_text(board: Board, marked: frozenset[Square] | set[Square] = frozenset()) -> str:
    """Return the board as board-file text; marked squares (new tiles) get a '*' after the tile."""
    width = max([len(t) for t in board.cells if t] + [1]) + (1 if marked else 0)
    lines = []
    for row in range(1, SIZE + 1):
        cells = []
        for column in range(1, SIZE + 1):
            tile = board.tile((row, column)) or "."
            if (row, column) in marked:
                tile += "*"
            cells.append(tile.ljust(width))
        lines.append(" ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def read_board(path: str | Path, rules: Rules = ORIGINAL_RULES) -> Board:
    """Return the checked board read from a board file on disk, or raise ClassroomError."""
    return parse_board(read_text(path, "the board file"), str(path), rules)


def check_tiles(board: Board, tileset: TileSet, hand: tuple[Tile, ...] = ()) -> Board:
    """Return the board if the tile set holds every tile on it and in the hand together (a blank
    on the board, '?5', is one of the set's blanks); else raise naming the tile."""
    count = tileset.count
    used = Counter(BLANK if is_blank(tile) else tile for tile in board.cells if tile)
    on_board = dict(used)
    used.update(hand)
    for tile, n in sorted(used.items()):
        if n <= count.get(tile, 0):
            continue
        what = "blank" if tile == BLANK else tile
        where = "on the board" if on_board.get(tile, 0) == n else "on the board and in the hand"
        if count.get(tile, 0) == 0:
            raise ClassroomError(f"the {tileset.name} tile set has no {what} tile, but one is {where}")
        raise ClassroomError(f"{n} × {what} {where} is more than the {tileset.name} tile set holds "
                             f"({count[tile]})")
    return board
