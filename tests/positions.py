"""Board positions for tests, written as ASCII grids (a window of the board from a corner square)."""

from __future__ import annotations

from classroom.game.board import Board, Placement, check_board, parse_square
from classroom.game.plays import Play, make_play
from classroom.game.symbols import ORIGINAL_RULES, Rules


def position(corner: str, picture: str, rules: Rules = ORIGINAL_RULES) -> Board:
    """Return the board whose tiles are drawn in the picture, its top-left on `corner`, checked
    under the rules (the Original's unless given)."""
    top, left = parse_square(corner)
    placements = []
    rows = [line.split() for line in picture.strip("\n").splitlines() if line.strip()]
    for r, cells in enumerate(rows):
        for c, token in enumerate(cells):
            if token != ".":
                placements.append(Placement((top + r, left + c), token))
    return check_board(Board().place(placements), rules)


def play(direction, *tiles: str) -> Play:
    """Return a play from 'F9=7/4' style items."""
    items = []
    for item in tiles:
        square, tile = item.split("=", 1) if not item.endswith("==") else (item[:-2], "=")
        items.append((parse_square(square), tile))
    return make_play(items, direction)
