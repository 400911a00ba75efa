"""Board files: reading, writing, comments, malformed files and illegal positions."""

from __future__ import annotations

import pytest

from classroom.errors import ClassroomError
from classroom.game.board import (
    Board,
    Direction,
    Placement,
    board_text,
    check_board,
    parse_board,
    read_board,
)

EMPTY_ROW = ". " * 18 + "."


def grid(rows: dict[int, str]) -> str:
    """Return board-file text with the given rows (1-based) written out, others empty."""
    return "\n".join(rows.get(r, EMPTY_ROW) for r in range(1, 20)) + "\n"


def row(cells: dict[str, str]) -> str:
    """Return one row with tiles at the given column letters."""
    return " ".join(cells.get(c, ".") for c in "ABCDEFGHIJKLMNOPQRS")


BOOKLET_FIRST = grid({10: row({"J": "2", "K": "4", "L": "÷", "M": "3", "N": "=", "O": "8"})})


def test_round_trip():
    """Writing a board and reading it back gives the same board."""
    board = parse_board(BOOKLET_FIRST)
    assert board.tile((10, 12)) == "÷"
    assert parse_board(board_text(board)) == board
    assert board_text(board) == BOOKLET_FIRST


def test_blank_round_trip():
    """A blank placed as 5 is the tile '?5', shows 5, and survives a round trip."""
    text = grid({10: row({"J": "2", "K": "+", "L": "?5", "M": "=", "N": "7"})})
    board = parse_board(text)
    assert board.tile((10, 12)) == "?5"
    assert board.symbol((10, 12)) == "5"
    assert parse_board(board_text(board)) == board


def test_comments_and_aliases():
    """Comment lines are skipped and typed aliases (x, :) become canonical symbols."""
    text = "# a position\n" + grid({10: row({"J": "2", "K": "x", "L": "3", "M": "=", "N": "6"})})
    board = parse_board(text)
    assert board.tile((10, 11)) == "×"


def test_place_returns_new_board():
    """place() leaves the old board unchanged and refuses an occupied square."""
    board = Board()
    after = board.place([Placement((10, 10), "8")])
    assert board.blank and after.tile((10, 10)) == "8"
    with pytest.raises(ClassroomError, match="J10 already holds a tile"):
        after.place([Placement((10, 10), "1")])


@pytest.mark.parametrize("text, message", [
    (EMPTY_ROW + "\n", "has 19 rows of squares, this one has 1"),
    (grid({3: ". . ."}), "line 3 \\(row 3\\) has 3 cells"),
    (grid({10: row({"J": "2", "K": "&"})}), "line 10, K10: '&' is not a tile"),
    (grid({10: row({"J": "3/8"})}), "line 10, J10: '3/8' is not a tile"),
    (grid({10: row({"J": "?"})}), "J10: a blank on the board must say what it stands for"),
    (grid({10: row({"J": "12"})}), "J10: '12' is not a tile"),
], ids=["rows", "cells", "unknown", "fraction", "blank", "two-digits"])
def test_malformed_files(text, message):
    """A malformed board file is rejected naming the line and the cell."""
    with pytest.raises(ClassroomError, match=message):
        parse_board(text, "pos.txt")


@pytest.mark.parametrize("rows, message", [
    ({9: row({"F": "7", "G": "-", "H": "8", "I": "=", "J": "0"}), 10: row({"J": "1"})},
     "row 9 from F9: 7 - 8 goes below zero"),
    ({10: row({"J": "2", "K": "+", "L": "3", "M": "=", "N": "6"})},
     "row 10 from J10: the two sides differ"),
    ({9: row({"J": "5"}), 10: row({"J": "+"})}, "column J from J9: 5 \\+ is not finished"),
    ({10: row({"J": "1", "K": "=", "L": "1", "M": "=", "N": "1"})}, "row 10 from J10: an equation has only one ="),
    ({10: row({"A": "1", "B": "=", "C": "1"})}, "none on the centre square J10"),
    ({10: row({"J": "1", "K": "=", "L": "1"}), 12: row({"J": "2", "K": "=", "L": "2"})},
     "the tile on J12 is not connected"),
], ids=["below-zero", "false", "unfinished", "two-equals", "centre", "apart"])
def test_illegal_boards(rows, message):
    """An illegal position is rejected with the square where the bad string starts and why."""
    with pytest.raises(ClassroomError, match=message):
        parse_board(grid(rows))


def test_numbers_and_expressions_are_legal_strings():
    """A board may hold numbers and expressions across other equations' tiles."""
    text = grid({9: row({"J": "1"}), 10: row({"J": "2", "K": "=", "L": "2"}), 11: row({"J": "+"}),
                 12: row({"J": "3"})})
    board = parse_board(text)
    assert [(d, len(r)) for d, r in board.strings()] == [(Direction.ACROSS, 3), (Direction.DOWN, 4)]
    assert check_board(board) is board


def test_read_board_from_disk(tmp_path):
    """A board file on disk is read; a missing file is one clear error."""
    path = tmp_path / "position.txt"
    path.write_text(BOOKLET_FIRST, "utf-8")
    assert read_board(path).tile((10, 15)) == "8"
    with pytest.raises(ClassroomError, match="cannot read the board file"):
        read_board(tmp_path / "missing.txt")


def _booklet_play_one() -> "Board":
    from classroom.game.board import parse_board
    rows = [["."] * 19 for _ in range(19)]
    rows[9][9:15] = ["2", "4", "÷", "3", "=", "8"]
    return parse_board("\n".join(" ".join(row) for row in rows))


@pytest.mark.parametrize("level, hand, message", [
    ("original", ("8",) * 7, "8 × 8 on the board and in the hand is more than the Original tile set holds (7)"),
    ("add-subtract", (), "the Add and subtract tile set has no ÷ tile, but one is on the board"),
    ("original", ("?", "?", "?", "?"), "hand: 4 × ? is more than the Original tile set holds (3)"),
])
def test_a_position_needs_no_more_tiles_than_the_set_holds(level, hand, message):
    """Board and hand together cannot hold more of a tile than the box, nor a tile it lacks."""
    from classroom.game.board import check_tiles
    from classroom.game.tilesets import load_level
    tileset = load_level(level)
    with pytest.raises(ClassroomError) as caught:
        check_tiles(_booklet_play_one(), tileset, tileset.check_hand(hand))
    assert str(caught.value) == message


def test_a_position_within_the_set_passes():
    """Six more 8s fit beside the one on the board (the box holds seven)."""
    from classroom.game.board import check_tiles
    from classroom.game.tilesets import load_level
    board = _booklet_play_one()
    assert check_tiles(board, load_level("original"), ("8",) * 6) is board
