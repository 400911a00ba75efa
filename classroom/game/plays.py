"""Plays on the board: the rules a play must follow (RULES §6) and its score (RULES §7).

A Play is the Placements a player makes in one turn and the Direction of its main string.
`why_illegal` says why a play breaks a rule (None when it is legal); `score` returns the
Breakdown a judge reads: every Equation the play forms, each tile's part in it, the E
multipliers, the 40 bonus and the total. A player given the fraction bonus (RULES §12) has the
symbol score of each fraction tile they place multiplied by 2 or 3 before the square's premium.

Notation: `F9 across 7/4 = 3/4 + 1` names the first square of the main string (not of the first
placed tile) and writes the whole main string, old tiles included, because that is the equation a
judge reads on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

from classroom.game.arithmetic import Illegal, read
from classroom.game.board import (
    CENTRE,
    Board,
    Direction,
    Placement,
    Square,
    line_name,
    on_board,
    premium,
    square_name,
)
from classroom.game.symbols import (
    ALL_NINE_BONUS,
    ALL_SYMBOLS,
    BLANK,
    EQUAL,
    MAX_HAND,
    ORIGINAL_RULES,
    Symbol,
    Tile,
    face,
    is_blank,
    is_fraction,
    write,
)
from classroom.game.tilesets import TileSet

__all__ = [
    "ALL_NINE_BONUS", "Breakdown", "EquationScore", "Placement", "Play", "ScoredPlay", "TileScore",
    "main_run", "make_play", "cross_runs", "notation", "record_notation", "score", "scored", "why_illegal",
]


@dataclass(frozen=True)
class Play:
    """The tiles placed in one turn, in reading order, and the direction of the main string."""

    placements: tuple[Placement, ...]
    direction: Direction

    @property
    def squares(self) -> tuple[Square, ...]:
        """Return the squares covered by the play."""
        return tuple(p.square for p in self.placements)

    @property
    def tiles_used(self) -> int:
        """Return how many hand tiles the play uses (the = is not a hand tile)."""
        return sum(1 for p in self.placements if p.tile != EQUAL)


def make_play(placements, direction: Direction) -> Play:
    """Return a Play with its placements (Placement or (square, tile)) in reading order."""
    items = tuple(p if isinstance(p, Placement) else Placement(*p) for p in placements)
    return Play(tuple(sorted(items, key=lambda p: p.square)), direction)


@dataclass(frozen=True)
class TileScore:
    """One tile's part in an equation's score."""

    square: Square
    tile: Tile
    new: bool  # placed by this play (only new tiles earn a square's premium)
    symbol_score: int  # the score printed on the tile; 0 for a blank
    factor: int  # 2 or 3 for a new tile on 2S / 3S, else 1
    fraction_bonus: int = 1  # 2 or 3 for a fraction tile placed by a player given the bonus

    @property
    def points(self) -> int:
        """Return what the tile adds to the equation's sum."""
        return self.symbol_score * self.fraction_bonus * self.factor

    def explain(self) -> str:
        """Return the tile's part as a judge checks it: '6', '2×3', or with the fraction bonus
        '[7×2]' and '[6×2]×3' (the symbol score times the bonus, then the square's premium)."""
        base = f"[{self.symbol_score}×{self.fraction_bonus}]" if self.fraction_bonus > 1 else str(self.symbol_score)
        return f"{base}×{self.factor}" if self.factor > 1 else base


@dataclass(frozen=True)
class EquationScore:
    """One equation formed by a play: its tiles' points, the E multipliers, the subtotal."""

    direction: Direction
    squares: tuple[Square, ...]
    text: str  # like '7/4 = 3/4 + 1'
    tiles: tuple[TileScore, ...]
    multipliers: tuple[int, ...]  # 2 or 3 for each newly covered 2E / 3E square in it

    @property
    def sum(self) -> int:
        """Return the sum of the tiles' points before the E multipliers."""
        return sum(t.points for t in self.tiles)

    @property
    def multiplier(self) -> int:
        """Return the product of the E multipliers (1 when the equation covers no new E square)."""
        return prod(self.multipliers)

    @property
    def subtotal(self) -> int:
        """Return the equation's score: the sum times every E multiplier."""
        return self.sum * self.multiplier

    def explain(self) -> str:
        """Return the arithmetic a judge checks: '(1 + 1 + 5 + 1 + 0 + 2×3) × 2 = 28'."""
        parts = " + ".join(t.explain() for t in self.tiles)
        if self.multipliers:
            parts = f"({parts}) × " + " × ".join(str(m) for m in self.multipliers)
        return f"{parts} = {self.subtotal}"


@dataclass(frozen=True)
class Breakdown:
    """A play's score: each equation formed (main string first), the 40 bonus, the total, and
    the fraction bonus the tiles were scored with (1: none)."""

    equations: tuple[EquationScore, ...]
    bonus: int
    fraction_bonus: int = 1

    @property
    def total(self) -> int:
        """Return the play's score."""
        return sum(e.subtotal for e in self.equations) + self.bonus


@dataclass(frozen=True)
class ScoredPlay:
    """A play with its score breakdown."""

    play: Play
    breakdown: Breakdown

    @property
    def score(self) -> int:
        """Return the play's total score."""
        return self.breakdown.total

    @property
    def equations(self) -> tuple[str, ...]:
        """Return the written equations the play forms, main string first."""
        return tuple(e.text for e in self.breakdown.equations)


def main_run(board: Board, play: Play) -> tuple[Square, ...]:
    """Return the squares of the play's main string (board before the play)."""
    after = board.place(play.placements)
    return after.run(play.placements[0].square, play.direction)


def cross_runs(board: Board, play: Play) -> list[tuple[Square, ...]]:
    """Return the cross strings (two or more tiles) through the placed tiles, in reading order."""
    after = board.place(play.placements)
    runs = (after.run(p.square, play.direction.other) for p in play.placements)
    return [run for run in runs if len(run) >= 2]


def why_illegal(board: Board, play: Play, tileset: TileSet | None = None,
                expression: bool = False, anywhere: bool = False) -> str | None:
    """Return why the play breaks a rule of RULES §6, or None when it is a legal equation play
    (under the tile set's rules; without a tile set, the Original's); with `expression`, a play
    whose main string is only a number or an expression is legal too (RULES §6.6, 0 points); with
    `anywhere`, it need not cover the centre nor touch a tile (horizontal play's own rule of where
    a play goes is `game.horizontal`'s)."""
    placements = play.placements
    rules = tileset.rules if tileset is not None else ORIGINAL_RULES
    if not placements:
        return "a play places at least one tile"
    squares = [p.square for p in placements]
    for p in placements:
        if not on_board(p.square):
            return f"{p.square} is not a square of the board"
        if not board.is_empty(p.square):
            return f"{square_name(p.square)} already holds a tile"
        if p.tile == BLANK:
            return f"the blank on {square_name(p.square)} must be given a symbol"
        symbol = face(p.tile)
        if symbol not in ALL_SYMBOLS or (is_blank(p.tile) and symbol == EQUAL):
            return f"{p.tile!r} on {square_name(p.square)} is not a tile"
        if tileset is not None and is_blank(p.tile) and symbol not in tileset.blank_symbols:
            return f"a blank cannot stand for {symbol} in the {tileset.name} tile set"
    if len(set(squares)) != len(squares):
        return "two tiles are placed on one square"
    if sum(1 for p in placements if p.tile == EQUAL) > 1:
        return "a play places at most one ="
    if play.tiles_used > MAX_HAND:
        return f"a play uses at most {MAX_HAND} tiles from the hand"
    fixed = 0 if play.direction is Direction.ACROSS else 1
    if len({s[fixed] for s in squares}) != 1:
        return f"the tiles are not all in one {'row' if fixed == 0 else 'column'}"
    after = board.place(placements)
    run = after.run(squares[0], play.direction)
    if not set(squares) <= set(run):
        first = min(squares)
        step = play.direction.step
        gap = first
        while after.tile(gap):
            gap = (gap[0] + step[0], gap[1] + step[1])
        return f"there is a gap at {square_name(gap)}"
    if not anywhere and board.blank and CENTRE not in squares:
        return "the first play must cover the centre square J10"
    if not anywhere and not board.blank and not any(board.tile(near) for s in squares
                 for near in ((s[0] - 1, s[1]), (s[0] + 1, s[1]), (s[0], s[1] - 1), (s[0], s[1] + 1))):
        return "the play does not touch any tile already on the board"
    symbols = tuple(after.symbol(s) for s in run)
    where = line_name(run[0], play.direction)
    try:
        reading = read(symbols, rules)
    except Illegal as error:
        return f"{where}: {error}"
    if reading.kind != "equation" and not expression:
        return f"{where}: {write(symbols)} is {'a number' if reading.kind == 'number' else 'an expression'}, " \
               "not an equation"
    for cross in cross_runs(board, play):
        try:
            read(tuple(after.symbol(s) for s in cross), rules)
        except Illegal as error:
            return f"{line_name(cross[0], play.direction.other)}: {error}"
    return None


def _equation(after: Board, run: tuple[Square, ...], direction: Direction, new: set[Square],
              tileset: TileSet, fraction_bonus: int = 1) -> EquationScore:
    tiles = []
    multipliers = []
    for square in run:
        tile = after.tile(square)
        bonus = premium(square)
        is_new = square in new
        boosted = fraction_bonus if is_new and not is_blank(tile) and is_fraction(face(tile)) else 1
        tiles.append(TileScore(square, tile, is_new, tileset.score_of(tile),
                               bonus.symbol_factor if is_new else 1, boosted))
        if is_new and bonus.equation_factor > 1:
            multipliers.append(bonus.equation_factor)
    text = write(tuple(after.symbol(s) for s in run))
    return EquationScore(direction, run, text, tuple(tiles), tuple(multipliers))


def score(board: Board, play: Play, tileset: TileSet, fraction_bonus: int = 1) -> Breakdown:
    """Return the breakdown of a legal play's score on the board as it was before the play; with
    a `fraction_bonus` of 2 or 3, each fraction tile the play places counts its symbol score that
    many times, before the square's premium and the E multipliers, in every equation it is in
    (RULES §12; the tiles already on the board count plain)."""
    after = board.place(play.placements)
    new = set(play.squares)
    runs = [(play.direction, after.run(play.placements[0].square, play.direction))]
    runs += [(play.direction.other, run) for run in cross_runs(board, play)]
    equations = tuple(
        _equation(after, run, direction, new, tileset, fraction_bonus) for direction, run in runs
        if any(after.symbol(s) == EQUAL for s in run))
    bonus = ALL_NINE_BONUS if play.tiles_used == MAX_HAND else 0
    return Breakdown(equations, bonus, fraction_bonus)


def scored(board: Board, play: Play, tileset: TileSet) -> ScoredPlay:
    """Return the play with its score breakdown."""
    return ScoredPlay(play, score(board, play, tileset))


def notation(board: Board, play: Play) -> str:
    """Return the play as a judge writes it: 'F9 across 7/4 = 3/4 + 1' (main string's first
    square, direction, the whole main string)."""
    after = board.place(play.placements)
    run = after.run(play.placements[0].square, play.direction)
    text = write(tuple(after.symbol(s) for s in run))
    return f"{square_name(run[0])} {play.direction.value} {text}"


def record_notation(board: Board, play: Play) -> str:
    """Return a play as a game record writes it: like `notation`, but a blank (new or already on
    the board) as ? plus its symbol ('N6 down 6 = ?9 - 3'), so that the text replays as the same
    play from a rack holding the blank."""
    after = board.place(play.placements)
    run = after.run(play.placements[0].square, play.direction)
    return f"{square_name(run[0])} {play.direction.value} {write(tuple(after.tile(s) for s in run))}"


def symbols_of_run(board: Board, run: tuple[Square, ...]) -> tuple[Symbol, ...]:
    """Return the symbols shown on a run of squares."""
    return tuple(board.symbol(s) for s in run)
