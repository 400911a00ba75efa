"""Horizontal play (RULES §12), the booklet's lowest level: "Each play is made anywhere on the
board … players do not play on existing equations and no two equations have adjacent tiles."

A game is played one of two ways (`PLAYS`, the record's `#play` line): `crossword`, the game of
RULES §6 (a play joins the tiles on the board), or `horizontal`: every play is one equation read
across, of the player's own tiles on empty squares, anywhere on the board, the first play too,
with no tile of it next to a tile already on the board across or down. Diagonally is allowed:
RULES §12 says "next to (across or down)", and two equations touching only at a corner share no
string, so each stays an equation of its own, as the booklet wants. With nothing beside it a
play forms no cross string, so it scores as RULES §7 on the squares it covers alone.

A play that forms only a number or an expression is refused here (RULES §6.6 allows one in the
crossword game): at this level a play "is one horizontal equation"; a trade or a pass remains.
"""

from __future__ import annotations

from classroom.game.board import Board, Direction, Square, on_board, square_name
from classroom.game.plays import Play, why_illegal
from classroom.game.tilesets import TileSet

CROSSWORD = "crossword"
HORIZONTAL = "horizontal"
PLAYS = (CROSSWORD, HORIZONTAL)  # the record's '#play' line; crossword when absent
HORIZONTAL_LEVELS = ("add-subtract",)  # the levels a new game plays horizontally unless asked otherwise


def default_play(level: str) -> str:
    """Return how a new game of the level is played unless the teacher says: horizontally for the
    youngest players' tile set (RULES §1, "Add and subtract"), else the crossword game."""
    return HORIZONTAL if level in HORIZONTAL_LEVELS else CROSSWORD


def neighbours(square: Square) -> tuple[Square, ...]:
    """Return the squares next to a square across and down (above, below, left, right)."""
    row, column = square
    return (row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)


def touching(board: Board, square: Square) -> Square | None:
    """Return a square next to `square` (across or down) that holds a tile, or None."""
    return next((near for near in neighbours(square) if board.tile(near)), None)


def why_not_horizontal(board: Board, play: Play, tileset: TileSet | None = None) -> str | None:
    """Return why the play breaks horizontal play's rules (one sentence naming the square), or
    None when it is a legal play: one equation across, anywhere, no tile next to a tile already
    on the board."""
    if play.direction is not Direction.ACROSS:
        return "under horizontal play every equation reads across, not down"
    for placement in play.placements:
        square = placement.square
        if not on_board(square) or not board.is_empty(square):
            continue  # the rules of any play name these (off the board, a tile already there)
        near = touching(board, square)
        if near is not None:
            return (f"under horizontal play no tile goes next to a tile already on the board, and "
                    f"{square_name(square)} is next to the {board.symbol(near)} on {square_name(near)}")
    return why_illegal(board, play, tileset, anywhere=True)


def why_illegal_in(play_rule: str, board: Board, play: Play, tileset: TileSet | None = None,
                   expression: bool = True) -> str | None:
    """Return why a play breaks the rules of a game played `play_rule` (one of PLAYS), or None:
    the crossword game allows a number or an expression alone (0 points) unless `expression` is
    False (a contest play, a duplicate round's), horizontal play only an equation."""
    if play_rule == HORIZONTAL:
        return why_not_horizontal(board, play, tileset)
    return why_illegal(board, play, tileset, expression=expression)
