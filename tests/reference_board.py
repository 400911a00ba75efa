"""A brute-force reference for board plays, written independently of classroom.solve.board.position.

It tries every line, every start square and every ordering of every part of a small hand (every
sub-multiset, every permutation, every position of the =, every symbol for a blank), lays the
tiles on the empty squares from the start square on, and keeps what the plain rules of docs/rules.md §6
and the reference checker `arithmetic.read` accept under the tile set's rules. Scores come from `plays.score`. Slow on
purpose: only for hands of a few tiles.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from classroom.game.arithmetic import Illegal, read
from classroom.game.board import CENTRE, SIZE, Board, Direction, Placement
from classroom.game.plays import Play, score
from classroom.game.symbols import BLANK, EQUAL, face
from classroom.game.tilesets import TileSet

PlayKey = frozenset  # frozenset of (square, tile): a play is the tiles it puts down


def _run(shown, square, direction: Direction) -> list:
    """Return the symbols of the run of tiles through a square, in reading order; `shown(square)`
    is the symbol on a square once the play is down ('' when empty or off the board)."""
    dr, dc = direction.step
    while shown((square[0] - dr, square[1] - dc)):
        square = (square[0] - dr, square[1] - dc)
    run = []
    while symbol := shown(square):
        run.append(symbol)
        square = (square[0] + dr, square[1] + dc)
    return run


@lru_cache(maxsize=1 << 18)
def _reading(symbols: tuple, rules) -> str:
    """Return the kind `arithmetic.read` gives a string ('equation', 'number', ...), '' if it is
    illegal (remembered: the same strings come back at many squares and in many positions)."""
    try:
        return read(symbols, rules).kind
    except Illegal:
        return ""


def _legal(on_board: dict, placements: list[tuple], direction: Direction, rules) -> bool:
    """Return whether the placements make an equation along `direction` whose every cross run is
    legal; `on_board` is the symbol of every square that holds a tile before the play."""
    placed = {square: face(tile) for square, tile in placements}

    def shown(square) -> str:  # the symbol on a square once the play is down, as Board.place would leave it
        return placed.get(square) or on_board.get(square, "")

    if _reading(tuple(_run(shown, placements[0][0], direction)), rules) != "equation":
        return False
    for square, _ in placements:
        cross = _run(shown, square, direction.other)
        if len(cross) >= 2 and not _reading(tuple(cross), rules):
            return False
    return True


def _connected(board: Board, squares: list) -> bool:
    if board.blank:
        return CENTRE in squares
    return any(board.tile(near) for r, c in squares
               for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))


def _arrangements(hand: tuple, k: int, blank_symbols: tuple) -> set[tuple]:
    """Return every sequence of k tiles from the hand plus at most one =, blanks given symbols."""
    pool = list(hand) + [EQUAL]
    found = set()
    for order in set(permutations(pool, k)):
        found |= _assign(order, blank_symbols)
    return found


def _assign(order: tuple, blank_symbols: tuple) -> set[tuple]:
    if BLANK not in order:
        return {order}
    at = order.index(BLANK)
    out = set()
    for symbol in blank_symbols:
        out |= _assign(order[:at] + (BLANK + symbol,) + order[at + 1:], blank_symbols)
    return out


def reference_plays(board: Board, hand: tuple, tileset: TileSet) -> dict[PlayKey, int]:
    """Return every legal equation play (as the set of its placements) with its score."""
    blank_symbols = tuple(s for s in tileset.blank_symbols if s != EQUAL)
    by_size = {k: _arrangements(tuple(hand), k, blank_symbols) for k in range(1, len(hand) + 2)}
    plays: dict[PlayKey, int] = {}
    on_board = {square: face(tile) for square, tile in board.tiles.items()}
    for direction in Direction:
        dr, dc = direction.step
        for row in range(1, SIZE + 1):
            for column in range(1, SIZE + 1):
                if board.tile((row, column)):
                    continue
                squares = []
                square = (row, column)
                while len(squares) < len(hand) + 1 and 1 <= square[0] <= SIZE and 1 <= square[1] <= SIZE:
                    if not board.tile(square):
                        squares.append(square)
                    square = (square[0] + dr, square[1] + dc)
                for k in range(1, len(squares) + 1):
                    if not _connected(board, squares[:k]):
                        continue
                    for order in by_size[k]:
                        placements = list(zip(squares[:k], order))
                        key = frozenset(placements)
                        if key in plays:
                            continue
                        directions = list(Direction) if k == 1 else [direction]
                        for way in directions:
                            if _legal(on_board, placements, way, tileset.rules):
                                play = Play(tuple(Placement(s, t) for s, t in placements), way)
                                plays[key] = score(board, play, tileset).total
                                break
    return plays
