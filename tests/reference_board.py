"""A brute-force reference for board plays, written independently of classroom.solve.board.position.

It tries every line, every start square and every ordering of every part of a small hand (every
sub-multiset, every permutation, every position of the =, every symbol for a blank), lays the
tiles on the empty squares from the start square on, and keeps what the plain rules of docs/rules.md §6
and the reference checker `arithmetic.read` accept under the tile set's rules. Scores come from `plays.score`. Slow on
purpose: only for hands of a few tiles. What is read is remembered: each cross run and each side
of a main run's = once a position (a main run with one = is an equation, by `read`, when
`arithmetic.evaluate` gives its two sides one value), so the blanks' many fills cost look-ups;
and as a main run holds one =, tiles laid on a line whose run already holds the board's = are
tried in the orderings without one, else in those with one.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from classroom.game.arithmetic import Illegal, read
from classroom.game.board import CENTRE, SIZE, Board, Direction, Placement
from classroom.game.plays import Play, score
from classroom.game.symbols import BLANK, EQUAL, face
from classroom.game.tilesets import TileSet
from tests.reference_boardless import side_reader

PlayKey = frozenset  # frozenset of (square, tile): a play is the tiles it puts down


def _beside(on_board: dict, square, step) -> tuple:
    """Return the symbols of the tiles on the board next to a square, walking `step` from it
    until an empty square or the edge, nearest first."""
    found = []
    square = (square[0] + step[0], square[1] + step[1])
    while symbol := on_board.get(square):
        found.append(symbol)
        square = (square[0] + step[0], square[1] + step[1])
    return tuple(found)


@lru_cache(maxsize=1 << 18)
def _reading(symbols: tuple, rules) -> str:
    """Return the kind `arithmetic.read` gives a string ('equation', 'number', ...), '' if it is
    illegal (remembered: the same strings come back at many squares and in many positions)."""
    try:
        return read(symbols, rules).kind
    except Illegal:
        return ""


def _runs(on_board: dict, squares: list, direction: Direction) -> tuple:
    """Return what the runs of a play on these empty squares along `direction` hold besides its
    own tiles: the main run as the board's tiles before, between and after the squares (k + 1
    parts for k squares), and each square's cross run as the board's tiles before and after it.
    A play's tiles go between these parts; the squares between two of them hold tiles already."""
    dr, dc = direction.step
    parts = [tuple(reversed(_beside(on_board, squares[0], (-dr, -dc))))]
    for here in squares[:-1]:
        parts.append(_beside(on_board, here, (dr, dc)))  # up to the next of the squares
    parts.append(_beside(on_board, squares[-1], (dr, dc)))
    cr, cc = direction.other.step
    crosses = [(tuple(reversed(_beside(on_board, square, (-cr, -cc)))), _beside(on_board, square, (cr, cc)))
               for square in squares]
    return parts, crosses


def _shape(runs: tuple) -> tuple:
    """Return runs (from _runs) as _legal reads them: the main run's tiles before the squares,
    between them (None when no tile is between any two: the squares are side by side) and after
    them, and (index, before, after) for each square with a tile beside it across the line."""
    parts, crosses = runs
    middles = parts[1:-1] if any(parts[1:-1]) else None
    beside = tuple((i, before, after) for i, (before, after) in enumerate(crosses) if before or after)
    return parts[0], middles, parts[-1], beside


def _legal(shape: tuple, faces: tuple, equation, reading) -> bool:
    """Return whether the symbols `faces`, laid on the squares whose runs are `shape`, make an
    equation along the play's line whose every cross run is legal; `equation` and `reading` are
    reference_plays' own, under the tile set's rules."""
    before, middles, after, beside = shape
    for i, left, right in beside:
        if not reading(left + (faces[i],) + right):
            return False
    if middles is None:
        main = before + faces + after
    else:
        main = before
        for symbol, part in zip(faces, middles):
            main += (symbol,) + part
        main += (faces[-1],) + after
    return main.count(EQUAL) == 1 and equation(main)  # an equation has one =


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
    # k -> how many = they hold -> every arrangement of k tiles with its faces: a main run holds
    # one =, so tiles laid among the board's = are tried without one, else with one
    by_size: dict = {k: {} for k in range(1, len(hand) + 2)}
    for k, split in by_size.items():
        for order in _arrangements(tuple(hand), k, blank_symbols):
            split.setdefault(order.count(EQUAL), []).append((order, tuple(face(tile) for tile in order)))
    plays: dict[PlayKey, int] = {}
    on_board = {square: face(tile) for square, tile in board.tiles.items()}
    read_here: dict[tuple, str] = {}
    value = side_reader(tileset.rules)

    def reading(symbols: tuple) -> str:
        """Return _reading(symbols, the tile set's rules), remembered for this position too."""
        kind = read_here.get(symbols)
        if kind is None:
            kind = read_here[symbols] = _reading(symbols, tileset.rules)
        return kind

    def equation(main: tuple) -> bool:
        """Return whether a string holding one = is what `arithmetic.read` calls an equation:
        `equation_value`'s test, something on each side of the = and both of one value. Each
        side is read once a position (with two blanks, each side's fills meet every fill of the
        other side's)."""
        at = main.index(EQUAL)
        left = value(main[:at])
        return left is not None and left == value(main[at + 1:])

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
                    for way in list(Direction) if k == 1 else [direction]:
                        shape = _shape(_runs(on_board, squares[:k], way))
                        before, middles, after, _ = shape
                        equals = (before + after + (sum(middles, ()) if middles else ())).count(EQUAL)
                        for order, faces in by_size[k].get(1 - equals, ()):
                            if _legal(shape, faces, equation, reading):
                                placements = list(zip(squares[:k], order))
                                key = frozenset(placements)
                                if key not in plays:  # a tile alone: found across, then down
                                    play = Play(tuple(Placement(s, t) for s, t in placements), way)
                                    plays[key] = score(board, play, tileset).total
    return plays
