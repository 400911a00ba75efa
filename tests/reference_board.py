"""A brute-force reference for board plays, written independently of classroom.solve.board.position.

It tries every line, every start square and every ordering of every part of a small hand (every
sub-multiset, every permutation, every position of the =, every symbol for a blank), lays the
tiles on the empty squares from the start square on, and keeps what the plain rules of docs/rules.md §6
and the reference checker `arithmetic.read` accept under the tile set's rules. Scores come from `plays.score`. Slow on
purpose: only for hands of a few tiles.
"""

from __future__ import annotations

from itertools import permutations

from classroom.game.arithmetic import Illegal, read
from classroom.game.board import CENTRE, SIZE, Board, Direction, Placement
from classroom.game.plays import Play, score
from classroom.game.symbols import BLANK, EQUAL
from classroom.game.tilesets import TileSet

PlayKey = frozenset  # frozenset of (square, tile): a play is the tiles it puts down


def _run(after: Board, square, direction: Direction) -> list:
    dr, dc = direction.step
    while after.tile((square[0] - dr, square[1] - dc)):
        square = (square[0] - dr, square[1] - dc)
    run = []
    while after.tile(square):
        run.append(square)
        square = (square[0] + dr, square[1] + dc)
    return run


def _legal(board: Board, placements: list[tuple], direction: Direction, rules) -> bool:
    after = board.place([Placement(s, t) for s, t in placements])
    main = _run(after, placements[0][0], direction)
    try:
        if read([after.symbol(s) for s in main], rules).kind != "equation":
            return False
        for square, _ in placements:
            cross = _run(after, square, direction.other)
            if len(cross) >= 2:
                read([after.symbol(s) for s in cross], rules)
    except Illegal:
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
                            if _legal(board, placements, way, tileset.rules):
                                play = Play(tuple(Placement(s, t) for s, t in placements), way)
                                plays[key] = score(board, play, tileset).total
                                break
    return plays
