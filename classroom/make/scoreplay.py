"""Score this play worksheets: a board from simulated play with one more play marked on it; the
student writes the play's score, and the key breaks it down as a situation key does.

Each item practises one thing (its Focus): a plain play, a symbol premium (2S, 3S: on a tile
with a score, so the doubling shows), an equation premium (2E, 3E), a cross equation, or all at
once. The board comes from a game the class player of the level plays (classroom.make.simulated);
the play is chosen among the legal plays of a hand drawn from what the game left in the pile
(`solve.board.position.Position`) that show the focus and fit the level's taste, and its key is
re-scored by `game.plays.score` before it is printed (`make.keys.key_play`).

Pure: every random choice comes from the `random.Random` passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from classroom.errors import ClassroomError
from classroom.game.arithmetic import Illegal, read
from classroom.game.bag import draw
from classroom.game.board import Board, Direction, Placement, board_text, on_board, premium
from classroom.game.plays import Play, cross_runs
from classroom.game.symbols import BLANK, EQUAL, MAX_HAND
from classroom.game.tilesets import TileSet
from classroom.make.focuses import FOCUSES
from classroom.make.hands import in_order
from classroom.make.keys import board_tiles, key_play
from classroom.make.simulated import boards_of, class_player, play_misfit, simulate
from classroom.make.worksheet import BoardTile, KeyPlay, premium_labels
from classroom.solve.board.position import Candidate, Position

PLAYS = (2, 8)  # equation plays on the board before the play to score (fewest, most)
# A cross equation needs a crowded board, and even there one board in four has a square for it
# and one hand in five a play through it (measured on 100 boards of the Original set): a cross
# item tries every board of longer games, and a few hands on each board that has such a square.
CROSS_PLAYS = (6, 12)
CROSS_HANDS = 3
CROSS_GAMES = 5  # about ten seconds at most; a set falls back to 'all' when none turns up
GAMES = 8  # simulated games tried for one item before its focus is declared out of reach
BOARDS = 4  # boards of one game tried (the board after each of its plays)
HAND = 7  # tiles of the drawn hand: plays a student adds up, found in a tenth of a second
FEW_TILES = (3, 6)  # tiles placed by a one-thing item's play, when the hand has such plays
ALL_HAND = MAX_HAND  # the hand of an 'all' item: nine tiles, so the 40 bonus can be practised
ALL_TOP = 4  # an 'all' item's play is one of the hand's good plays (they combine most)...
ALL_BUDGET = 40  # ...found best first within this many windows, as a simulated player's are


@dataclass(frozen=True)
class Features:
    """What a play's score is made of, beyond its tiles' plain scores."""

    s_premium: bool  # a new tile with a score on 2S or 3S (an = there doubles nothing)
    e_premium: bool  # a new tile on 2E or 3E
    cross: bool  # an equation formed across the play's direction
    bonus: bool  # all nine tiles of the hand placed

    @property
    def count(self) -> int:
        """Return how many of the four the play shows."""
        return self.s_premium + self.e_premium + self.cross + self.bonus


def features(board: Board, play: Play, tileset: TileSet) -> Features:
    """Return the features of a legal play: every new tile lies in the main equation, so a new
    tile on a premium square always counts (on 2S or 3S, when the tile has a score to multiply),
    and a cross string holding an = is an equation."""
    after = board.place(play.placements)
    cross = any(any(after.symbol(s) == EQUAL for s in run) for run in cross_runs(board, play))
    return Features(any(premium(p.square).symbol_factor > 1 and tileset.score_of(p.tile) > 0 for p in play.placements),
                    any(premium(p.square).equation_factor > 1 for p in play.placements),
                    cross, play.tiles_used == MAX_HAND)


def shows(focus: str, found: Features) -> bool:
    """Return whether a play's features practise the focus, and nothing else but it."""
    if focus == "plain":
        return found.count == 0
    if focus == "s-premium":
        return found.s_premium and found.count == 1
    if focus == "e-premium":
        return found.e_premium and found.count == 1
    if focus == "cross":
        return found.cross and not found.bonus
    if focus == "all":
        return found.count >= 2
    raise ClassroomError(f"unknown focus {focus!r}; choose from {', '.join(FOCUSES)}")


def focus_of(number: int, count: int) -> str:
    """Return the focus of item `number` of `count`: the sheet goes through FOCUSES in order,
    each item of a block practising the same thing (5 items: one of each)."""
    return list(FOCUSES)[(number - 1) * len(FOCUSES) // count]


@dataclass(frozen=True)
class ScorePlayItem:
    """One Score this play item: the board before the play, the play, and its key."""

    id: str  # like 'P-42-3f9a-01'
    focus: str  # a key of FOCUSES
    board: tuple[BoardTile, ...]
    play: KeyPlay  # the play marked on the board; its breakdown is the key
    grid: str = ""  # the board file text before the play, for the manifest
    premiums: tuple[tuple[str, ...], ...] = field(default_factory=premium_labels)

    @property
    def score(self) -> int:
        """Return the play's score: the answer the student writes."""
        return self.play.score


def cross_targets(board: Board, tileset: TileSet) -> list[tuple[tuple[int, int], str]]:
    """Return (square, symbol) for every empty square and symbol of the set that would make a
    true equation with the tiles beside it (across or down), in board order: the only squares
    where a play can form a cross equation, and the tile it must put there."""
    symbols = [s for s in tileset.rules.symbols if s == EQUAL or tileset.count.get(s, 0) > 0]
    found, seen = set(), set()
    for row, col in board.tiles:
        for square in ((row, col + 1), (row, col - 1), (row + 1, col), (row - 1, col)):
            direction = Direction.ACROSS if square[0] == row else Direction.DOWN
            if (square, direction) in seen or not on_board(square) or not board.is_empty(square):
                continue
            seen.add((square, direction))
            squares = board.place([Placement(square, EQUAL)]).run(square, direction)
            beside = [board.symbol(s) for s in squares if s != square]
            # Without an = beside it, only an = there can make the run an equation.
            for symbol in symbols if EQUAL in beside else (EQUAL,):
                run = [symbol if s == square else board.symbol(s) for s in squares]
                if makes_equation(run, tileset):
                    found.add((square, symbol))
    return sorted(found)


def cross_squares(board: Board, tileset: TileSet) -> list[tuple[int, int]]:
    """Return the empty squares where one tile would make a true equation with the tiles beside
    it (across or down): the only squares where a play can form a cross equation."""
    return sorted({square for square, _ in cross_targets(board, tileset)})


def aimed_hand(bag: tuple[str, ...], size: int, rng: random.Random,
               targets: list[tuple[tuple[int, int], str]]) -> tuple[str, ...] | None:
    """Return a hand of `size` tiles drawn from the bag that holds the tile one of the targets
    needs (the = is free, never in a hand), or None when the bag holds none of them: a hand
    that can form a cross equation far more often than one drawn blind."""
    wanted = [symbol for _, symbol in targets if symbol == EQUAL or symbol in bag]
    if not wanted:
        return None
    symbol = wanted[rng.randrange(len(wanted))]
    if symbol == EQUAL:
        return in_order(list(draw(bag, size, rng)[0]))
    rest = list(bag)
    rest.remove(symbol)
    return in_order([symbol, *draw(tuple(rest), size - 1, rng)[0]])


def makes_equation(symbols: list[str], tileset: TileSet) -> bool:
    """Return whether the symbols are a true equation under the level's rules."""
    try:
        return read(symbols, tileset.rules).kind == "equation"
    except Illegal:
        return False


def candidates(board: Board, hand: tuple[str, ...], tileset: TileSet, focus: str) -> list[Candidate]:
    """Return the hand's legal plays on the board that practise the focus and fit the level's
    taste, best first; a cross item keeps those with the fewest other features, an 'all' item
    those with the most."""
    position = Position(board, hand, tileset)
    plays = position.top(ALL_TOP, ALL_BUDGET) if focus == "all" else position.all()
    plays = [c for c in plays if play_misfit(board, c.play, tileset.taste) is None]
    fitting = [(c, features(board, c.play, tileset)) for c in plays]
    fitting = [(c, f) for c, f in fitting if shows(focus, f)]
    if focus in ("cross", "all") and fitting:
        pick = min if focus == "cross" else max
        wanted = pick(f.count for _, f in fitting)
        fitting = [(c, f) for c, f in fitting if f.count == wanted]
    found = [c for c, _ in fitting]
    if focus in ("plain", "s-premium", "e-premium"):  # a few tiles to add up, when there are such plays
        found = [c for c in found if FEW_TILES[0] <= c.play.tiles_used <= FEW_TILES[1]] or found
    return found


def find_play(tileset: TileSet, rng: random.Random, focus: str) -> tuple[Board, Candidate]:
    """Return a board from simulated play and a play on it that practises the focus; raise after
    a bounded search naming the focus. A cross equation is looked for on crowded boards only
    where one can be formed, with hands that hold a tile it needs."""
    size = ALL_HAND if focus == "all" else HAND
    cross = focus == "cross"
    for _ in range(CROSS_GAMES if cross else GAMES):
        game = simulate(tileset, rng, rng.randint(*(CROSS_PLAYS if cross else PLAYS)), player=class_player(tileset))
        boards = boards_of(game)
        bag = tuple(t for t in game.pile if t != BLANK)
        if len(bag) < size:
            continue
        for board in rng.sample(boards, len(boards) if cross else min(BOARDS, len(boards))):
            targets = cross_targets(board, tileset) if cross else []
            if cross and not targets:
                continue
            for _ in range(CROSS_HANDS if cross else 1):
                hand = aimed_hand(bag, size, rng, targets) if cross else in_order(list(draw(bag, size, rng)[0]))
                if hand is None:
                    break
                found = candidates(board, hand, tileset, focus)
                if found:
                    return board, found[rng.randrange(len(found))]
    raise ClassroomError(f"no play showing {FOCUSES[focus]} turned up in "
                         f"{CROSS_GAMES if cross else GAMES} simulated games of the {tileset.name} "
                         f"tile set; choose another --focus")


def scoreplay_item(id: str, tileset: TileSet, rng: random.Random, focus: str,
                   fallback: bool = False) -> ScorePlayItem:
    """Return a Score this play item practising the focus, its key re-checked by the scorer;
    with `fallback`, an item whose focus does not turn up practises 'all' instead (a cross
    equation is rare, and with some sets, like Add and subtract, rarer still)."""
    try:
        board, candidate = find_play(tileset, rng, focus)
    except ClassroomError:
        if not fallback or focus == "all":
            raise
        focus = "all"
        board, candidate = find_play(tileset, rng, focus)
    return ScorePlayItem(id, focus, board_tiles(board.tiles, tileset), key_play(board, candidate, tileset),
                         board_text(board))
