"""Cross plays, built rather than hoped for: a play whose equation runs through a square where
one tile completes an equation across it, so that the play forms two equations.

- a **Target** is an empty square beside the board's tiles, a symbol that makes the string
  through that square a true equation, and the direction of that string;
- a **cross play** for a target lays an equation of a hand (the boardless solver's: every
  equation the hand writes, the = free) the other way through the square, the target's symbol on
  it; it is kept when the game's rules accept it (`game.plays.why_illegal`: on empty squares,
  touching, every string it leaves readable) and a class of the level writes every string it
  leaves (`make.simulated.play_misfit`).

Hoping a cross play turns up among a random hand's plays fails on most boards (a square for one
is rare, and a hand's search stops before the windows through it); building it from the target
finds one on nearly every crowded board.

Pure: every random choice comes from the `random.Random` passed in.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from classroom.game.arithmetic import Illegal, evaluate, read
from classroom.game.bag import draw, used_tiles
from classroom.game.board import SIZE, Board, Direction, Square, on_board
from classroom.game.plays import make_play, score, why_illegal
from classroom.game.symbols import BLANK, EQUAL, Hand, Rules, Symbol, Tile, face
from classroom.game.taste import misfit
from classroom.game.tilesets import TileSet
from classroom.make.hands import in_order
from classroom.make.simulated import boards_of, class_player, play_misfit, simulate, taste_filter
from classroom.solve.board.position import Candidate, Position, candidate_order
from classroom.solve.boardless import symbols_of, written_equations

# A crowded board from a class's game almost never has a target (none on 36 boards of three
# Original games of 12 plays): a string needs a gap of one square with the right tiles on both
# sides. One in ten of a class's plays leaves one, so a target is made by a setup play first.
GAMES = 5  # simulated games a cross item is looked for in, at most
PLAYS = (6, 12)  # equation plays of each: a crowded board has more strings to cross
BUILT = 40  # hands with a cross play looked at in one game, at most
SETUP_HAND = 7  # tiles of the hand a setup play is chosen from: a class's ordinary rack
SETUPS = 10  # setup plays leaving a target tried on one board
TARGETS = 3  # targets of one board tried
BOARD_HANDS = 40  # hands aimed at targets of one board, at most (a nine-tile solve is 10-40 ms)
# Lines through a square whose completing symbols a process keeps (a few hundred bytes each): a
# board's setup plays meet each line about three times.
COMPLETED = 1 << 16


@dataclass(frozen=True)
class Target:
    """An empty square where one tile makes a true equation with the tiles beside it."""

    square: Square
    symbol: Symbol  # the tile that completes the equation there
    direction: Direction  # the equation it completes; a cross play through it runs the other way


def targets(board: Board, tileset: TileSet, near: tuple[Square, ...] | None = None) -> list[Target]:
    """Return every target of the board for the set's symbols, in board order: the only squares
    where a play can form a cross equation, the tile it must put there, and which way; with
    `near` (the squares of a play just made), only the targets whose equation holds one of them."""
    spots = set()
    if near is None:
        for row, col in board.tiles:
            for square in ((row, col + 1), (row, col - 1), (row + 1, col), (row - 1, col)):
                spots.add((square, Direction.ACROSS if square[0] == row else Direction.DOWN))
    else:  # a new target's equation holds a new tile: it lies just past a run through one
        ran = set()  # (square, direction) of the new tiles on a run already followed
        for row, col in near:
            for direction in Direction:
                if ((row, col), direction) in ran:
                    continue  # the same run as a new tile before it, the same two ends
                dr, dc = direction.step
                back, ahead = tiles_from(board, (row, col), -dr, -dc), tiles_from(board, (row, col), dr, dc)
                ran.update(((row + k * dr, col + k * dc), direction) for k in range(-len(back), len(ahead) + 1))
                spots.add(((row - dr * (len(back) + 1), col - dc * (len(back) + 1)), direction))
                spots.add(((row + dr * (len(ahead) + 1), col + dc * (len(ahead) + 1)), direction))
    symbols = set_symbols(tileset)
    found = set()
    for square, direction in spots:
        if not on_board(square) or not board.is_empty(square):
            continue
        dr, dc = direction.step
        # a tile at the end of a string (an equation, or none) makes no equation
        if not (before := tiles_from(board, square, -dr, -dc)) or not (after := tiles_from(board, square, dr, dc)):
            continue
        line = (*(face(t) for t in reversed(before)), EQUAL, *(face(t) for t in after))
        found.update(Target(square, symbol, direction) for symbol in completing(line, len(before), symbols, tileset.rules))
    return sorted(found, key=lambda t: (t.square, t.symbol, t.direction.value))


def tiles_from(board: Board, square: Square, dr: int, dc: int) -> list[Tile]:
    """Return the tiles in a row from the square past the given one, one (dr, dc) step at a time,
    up to the first empty square or the board's edge."""
    cells, (row, col), found = board.cells, square, []
    row, col = row + dr, col + dc
    while 1 <= row <= SIZE and 1 <= col <= SIZE and (tile := cells[(row - 1) * SIZE + col - 1]):
        found.append(tile)
        row, col = row + dr, col + dc
    return found


@functools.cache
def set_symbols(tileset: TileSet) -> tuple[Symbol, ...]:
    """Return the symbols a target's square is tried with: the set's, with an =."""
    return tuple(s for s in tileset.rules.symbols if s == EQUAL or tileset.count.get(s, 0) > 0)


def has_room(board: Board, target: Target) -> bool:
    """Return whether a cross play through the target may fit: an = needs a square on each side
    of it along the play, another tile two squares on one side or one on each; a square counts
    when it is empty and has no operation or = beside it across the play, which no tile placed
    there could read with."""
    dr, dc = target.direction.other.step
    sr, sc = target.direction.step
    row, col = target.square

    def open_square(r: int, c: int) -> bool:
        return on_board((r, c)) and board.is_empty((r, c)) and not board.tile((r - sr, c - sc)) \
            and not board.tile((r + sr, c + sc))

    sides = []
    for sign in (-1, 1):
        k = 1
        while k <= 2 and open_square(row + sign * k * dr, col + sign * k * dc):
            k += 1
        sides.append(k - 1)
    return min(sides) >= 1 if target.symbol == EQUAL else sum(sides) >= 2


def span(board: Board, target: Target) -> int:
    """Return how many empty squares in a row a cross play through the target can cover, the
    target's among them."""
    dr, dc = target.direction.other.step
    row, col = target.square
    count = 1
    for sign in (-1, 1):
        k = 1
        while on_board(square := (row + sign * k * dr, col + sign * k * dc)) and board.is_empty(square):
            k += 1
        count += k - 1
    return count


def makes_equation(symbols: list[str] | tuple[str, ...], rules: Rules) -> bool:
    """Return whether the symbols are a true equation under the level's rules."""
    try:
        return read(symbols, rules).kind == "equation"
    except Illegal:
        return False


@functools.lru_cache(maxsize=COMPLETED)
def completing(line: tuple[Symbol, ...], hole: int, symbols: tuple[Symbol, ...], rules: Rules) -> tuple[Symbol, ...]:
    """Return the symbols, of those given, that make the line a true equation put at `hole` (the
    line's own symbol there is ignored): `makes_equation` of each, with the side of the = away
    from the hole read once rather than once a symbol; each line worked out once a process (the
    setup plays of one board leave the same lines again and again)."""
    beside = line[:hole] + line[hole + 1:]
    equals = [i + (i >= hole) for i, s in enumerate(beside) if s == EQUAL]
    if not equals:  # only an = there can make the line an equation
        return (EQUAL,) if EQUAL in symbols and makes_equation((*line[:hole], EQUAL, *line[hole + 1:]), rules) else ()
    if len(equals) > 1:
        return ()  # an equation has only one =, and the hole's symbol cannot remove one
    at = equals[0]
    fixed, side = (line[at + 1:], line[:at]) if hole < at else (line[:at], line[at + 1:])
    where = hole if hole < at else hole - at - 1
    if not fixed:
        return ()
    try:
        value = evaluate(fixed, rules)
    except Illegal:
        return ()
    found = []
    for symbol in symbols:
        if symbol == EQUAL:
            continue  # a second = never makes an equation
        try:
            if evaluate((*side[:where], symbol, *side[where + 1:]), rules) == value:
                found.append(symbol)
        except Illegal:
            pass
    return tuple(found)


def aimed(bag: Hand, size: int, target: Target, rng: random.Random) -> Hand | None:
    """Return a hand of `size` tiles drawn from the bag holding the target's tile (the = is free,
    never in a hand), or None when the bag holds no such tile or too few tiles."""
    rest = list(bag)
    if target.symbol != EQUAL:
        if target.symbol not in rest:
            return None
        rest.remove(target.symbol)
    wanted = size - (target.symbol != EQUAL)
    if len(rest) < wanted:
        return None
    drawn = list(draw(tuple(rest), wanted, rng)[0])
    return in_order(drawn if target.symbol == EQUAL else [target.symbol, *drawn])


def cross_plays(board: Board, hand: Hand, target: Target, tileset: TileSet) -> list[Candidate]:
    """Return the cross plays of the hand through the target, best first: each equation of the
    hand laid the other way through the target's square, the target's symbol there (on empty
    squares, or over tiles of the board that read as its symbols), that the rules accept and the
    level's class writes."""
    direction = target.direction.other
    dr, dc = direction.step
    row, col = target.square
    crossing = crossing_filter(board, target.direction, tileset)
    found = []
    # the boardless solver's equations unscored and unsorted (`solve` scores and sorts them, and
    # the plays are sorted here in a total order): the hand holds no blank, its tiles are its symbols
    for text in written_equations(hand, tileset):
        symbols = symbols_of(text)
        for at, symbol in enumerate(symbols):
            if symbol != target.symbol:
                continue
            squares = [(row + (k - at) * dr, col + (k - at) * dc) for k in range(len(symbols))]
            if not all(on_board(s) for s in squares):
                continue
            # the equation may run through tiles on the board that read as its own symbols
            placed = [(s, t) for s, t in zip(squares, symbols) if board.is_empty(s)]
            if len(placed) < len(squares) and any(board.symbol(s) != t for s, t in zip(squares, symbols)
                                                  if not board.is_empty(s)):
                continue
            if not all(crossing(s, t) for s, t in placed):
                continue  # most placements fail here: the game's whole check would refuse them too
            play = make_play(placed, direction)
            if why_illegal(board, play, tileset) is None and play_misfit(board, play, tileset.taste) is None:
                found.append(Candidate(score(board, play, tileset).total, play))
    return sorted(found, key=candidate_order)


def crossing_filter(board: Board, direction: Direction, tileset: TileSet) -> Callable[[Square, Tile], bool]:
    """Return whether a tile put on an empty square leaves the string it joins along `direction`
    readable (`why_illegal`'s check of a cross string) and one the level's class writes
    (`play_misfit`'s), each square and tile worked out once: a play across `direction` whose
    tile fails here is refused by those checks."""
    known: dict[tuple[Square, Tile], bool] = {}
    (dr, dc), rules, taste = direction.step, tileset.rules, tileset.taste

    def crossing(square: Square, tile: Tile) -> bool:
        found = known.get((square, tile))
        if found is None:
            line = [*reversed(tiles_from(board, square, -dr, -dc)), tile, *tiles_from(board, square, dr, dc)]
            found = len(line) < 2 or (readable([face(t) for t in line], rules) and misfit(line, taste) is None)
            known[square, tile] = found
        return found
    return crossing


def readable(symbols: list[Symbol], rules: Rules) -> bool:
    """Return whether the symbols read as a number, an expression or a true equation."""
    try:
        read(symbols, rules)
    except Illegal:
        return False
    return True


def setups(board: Board, bag: Hand, tileset: TileSet, rng: random.Random) -> Iterator[tuple[Board, Hand, list[Target]]]:
    """Yield (board, bag left, its targets) for a board of a game: the board itself when it has
    targets, else the board after each of up to SETUPS setup plays leaving one, a class's plays
    (within the level's taste) of a hand drawn from the bag, in a random order."""
    found = [t for t in targets(board, tileset) if has_room(board, t)]
    if found:
        yield board, bag, found
        return
    hand = in_order(list(draw(bag, SETUP_HAND, rng)[0]))
    keep = taste_filter(board, tileset.taste)
    plays = [c.play for c in Position(board, hand, tileset).all() if keep(c)]
    made = 0
    for play in rng.sample(plays, len(plays)):
        after = board.place(play.placements)
        found = [t for t in targets(after, tileset, play.squares) if has_room(after, t)]
        if found:
            left = list(bag)
            for tile in used_tiles(play):
                left.remove(tile)
            yield after, tuple(left), found
            made += 1
            if made == SETUPS:
                return


def built(boards: list[Board], bag: Hand, size: int, tileset: TileSet, rng: random.Random,
          hands: int) -> Iterator[tuple[Board, Target, list[Candidate]]]:
    """Yield (board, target, the cross plays of a hand through it) for the boards of a game, in a
    random order, each with its targets or after a setup play leaving some (`setups`): up to
    TARGETS targets a board, and for each up to `hands` hands of `size` tiles from the bag aimed
    at it, BOARD_HANDS hands a board in all; only hands with a cross play are yielded."""
    for board in rng.sample(boards, len(boards)):
        tried = 0
        for after, left, found in setups(board, bag, tileset, rng):
            # targets with room for the whole hand first: a nine-tile play needs ten squares
            found = [t for t in found if span(after, t) > size] or found
            for target in rng.sample(found, min(TARGETS, len(found))):
                for _ in range(min(hands, BOARD_HANDS - tried)):
                    tried += 1
                    hand = aimed(left, size, target, rng)
                    if hand is None:
                        break
                    plays = cross_plays(after, hand, target, tileset)
                    if plays:
                        yield after, target, plays
            if tried >= BOARD_HANDS:
                break


def from_games(tileset: TileSet, rng: random.Random, size: int, hands: int,
               build: Callable[..., Iterator[tuple[Board, Target, list[Candidate]]]] | None = None
               ) -> Iterator[tuple[Board, Target, list[Candidate]]]:
    """Yield (board, target, cross plays) as `built` does (or `build`, with its arguments: the
    hands built from the targets, make.crossbuild), from up to GAMES games a class of the level
    plays, up to BUILT of them a game: a bounded search, the same for the same rng."""
    for _ in range(GAMES):
        game = simulate(tileset, rng, rng.randint(*PLAYS), player=class_player(tileset))
        bag = tuple(t for t in game.pile if t != BLANK)
        yield from itertools.islice((build or built)(boards_of(game), bag, size, tileset, rng, hands), BUILT)
