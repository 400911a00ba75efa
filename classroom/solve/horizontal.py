"""The plays of a hand under horizontal play (RULES §12, `game.horizontal`): every equation the
hand writes (the boardless solver, `solve.boardless.written_equations`), laid across at every
place of the board where it touches no tile, scored as RULES §7 on the squares it covers.

Nothing beside a horizontal play forms a string with it, so a play's score is its own tiles'
points on its squares' premiums: Σ score × S factor, times the E multipliers, plus the 40 bonus
for nine tiles. Two things decide it: the equation's **points** (each tile's symbol score, a
blank 0, a fraction tile times the player's fraction bonus) and the place's **premiums** (each
square's S factor and the product of its E factors). Equations are grouped by their points and
places by their premiums, so each score is worked out once per (points, premiums) pair, and
only the pairs at the top are written out as plays.

A blank in the hand is a tile like any other: an equation that needs it, or could use it
instead of a real tile, is laid with the blank in each place it can stand (a blank scores 0, so
a different play with a different score). Choosing is as the board engine's: by score, then
`solve.board.position.candidate_order`, so the first of the best is the same on every machine.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Iterator
from math import prod

from classroom.game.board import SIZE, Board, Direction, Placement, Square, premium
from classroom.game.horizontal import HORIZONTAL, touching
from classroom.game.plays import ALL_NINE_BONUS, Play
from classroom.game.symbols import BLANK, EQUAL, MAX_HAND, Hand, Symbol, Tile, face, is_blank, is_fraction
from classroom.game.tilesets import TileSet
from classroom.solve.board.position import Candidate, Position, candidate_order, searchable
from classroom.solve.boardless import symbols_of, written_equations

Points = tuple[int, ...]  # each tile's points before the square's premium, like (1, 1, 5, 1, 0, 2)
Premiums = tuple[tuple[int, ...], int]  # each square's S factor and the E product, like ((2, 1, 1), 3)


def places(board: Board, length: int) -> list[Square]:
    """Return the first square of every place across where `length` tiles may go under
    horizontal play: empty squares, none next to a tile already on the board, in reading order."""
    free = [[board.is_empty((r, c)) and touching(board, (r, c)) is None for c in range(1, SIZE + 1)]
            for r in range(1, SIZE + 1)]
    found = []
    for row in range(1, SIZE + 1):
        run = 0  # free squares ending at the column
        for column in range(1, SIZE + 1):
            run = run + 1 if free[row - 1][column - 1] else 0
            if run >= length:
                found.append((row, column - length + 1))
    return found


def premiums(first: Square, length: int) -> Premiums:
    """Return the S factors and the E product of the `length` squares across from `first`."""
    row, column = first
    squares = [premium((row, column + i)) for i in range(length)]
    return tuple(p.symbol_factor for p in squares), prod(p.equation_factor for p in squares)


def tilings(symbols: tuple[Symbol, ...], hand: Hand, tileset: TileSet) -> Iterator[tuple[Tile, ...]]:
    """Yield every way the hand lays the symbols of one of its equations: each symbol a real tile
    or a blank showing it ('?5'), as far as the hand has them; the = is always at hand."""
    blanks = hand.count(BLANK)
    if not blanks:
        yield tuple(symbols)  # the hand's own equation: its tiles are the hand's
        return
    held = Counter(t for t in hand if t != BLANK)
    where: dict[Symbol, list[int]] = defaultdict(list)  # each symbol's places in the equation
    for i, symbol in enumerate(symbols):
        if symbol != EQUAL:
            where[symbol].append(i)
    allowed = set(tileset.blank_symbols)
    kinds = [s for s in where if s in allowed]  # the symbols a blank may show here
    must = {s: max(0, len(where[s]) - held[s]) for s in where}  # blanks each symbol needs at least
    if sum(must.values()) > blanks or any(must[s] and s not in allowed for s in where):
        return
    spare = blanks - sum(must.values())
    for extra in itertools.product(*(range(min(spare, len(where[s]) - must[s]) + 1) for s in kinds)):
        if sum(extra) > spare:
            continue
        counts = {s: must[s] + e for s, e in zip(kinds, extra)}
        for chosen in itertools.product(*(itertools.combinations(where[s], counts[s]) for s in kinds)):
            laid = list(symbols)
            for places_of in chosen:
                for i in places_of:
                    laid[i] = BLANK + symbols[i]
            yield tuple(laid)


def points(tiles: tuple[Tile, ...], tileset: TileSet, fraction_bonus: int = 1) -> Points:
    """Return each tile's points before its square's premium: its symbol score (a blank and the =
    score 0), a fraction tile's times the player's fraction bonus (RULES §12)."""
    return tuple(tileset.score_of(t) * (fraction_bonus if not is_blank(t) and is_fraction(face(t)) else 1)
                 for t in tiles)


def scored(worth: Points, at: Premiums, bonus: int) -> int:
    """Return a play's score from its tiles' points, its squares' premiums and its 40 bonus."""
    factors, product = at
    return sum(p * f for p, f in zip(worth, factors)) * product + bonus


class Horizontal:
    """A board, a hand and a tile set under horizontal play: the hand's equations grouped by
    their points, the board's places by their premiums, asked for the best plays, the top N or
    all, as `solve.board.position.Position` is."""

    def __init__(self, board: Board, hand: Hand, tileset: TileSet, fraction_bonus: int = 1):
        self.board, self.hand, self.tileset = board, tuple(hand), tileset
        # length -> points -> tilings; length -> premiums -> first squares
        self.laid: dict[int, dict[Points, list[tuple[Tile, ...]]]] = defaultdict(lambda: defaultdict(list))
        for text in sorted(written_equations(self.hand, tileset)):
            symbols = symbols_of(text)
            for tiles in tilings(symbols, self.hand, tileset):
                self.laid[len(tiles)][points(tiles, tileset, fraction_bonus)].append(tiles)
        self.at: dict[int, dict[Premiums, list[Square]]] = {}
        for length in self.laid:
            by_premiums: dict[Premiums, list[Square]] = defaultdict(list)
            for first in places(board, length):
                by_premiums[premiums(first, length)].append(first)
            self.at[length] = by_premiums

    def _pairs(self) -> list[tuple[int, int, Points, Premiums]]:
        """Return every (score, length, points, premiums) that is some play's, best first."""
        pairs = []
        for length, by_points in self.laid.items():
            for worth, tilings_of in by_points.items():
                nine = ALL_NINE_BONUS if len(tilings_of[0]) - 1 == MAX_HAND else 0
                for at in self.at[length]:
                    pairs.append((scored(worth, at, nine), length, worth, at))
        pairs.sort(key=lambda pair: -pair[0])
        return pairs

    def _plays(self, score: int, length: int, worth: Points, at: Premiums) -> Iterator[Candidate]:
        for tiles in self.laid[length][worth]:
            for row, column in self.at[length][at]:
                placed = tuple(Placement((row, column + i), t) for i, t in enumerate(tiles))
                yield Candidate(score, Play(placed, Direction.ACROSS))

    def top(self, top: int | None = None, budget: int | None = None) -> list[Candidate]:
        """Return the `top` best plays (ties in candidate_order), best first; with top=None, every
        play tied at the best score. `budget` is taken as `Position.top` takes it, and not needed:
        every horizontal play is laid from the hand's boardless equations, never searched window
        by window, so the answer is exact at once."""
        want = 1 if top is None else top
        kept: list[Candidate] = []
        for score, length, worth, at in self._pairs():
            if len(kept) >= want and score < kept[-1].score:
                break
            kept.extend(self._plays(score, length, worth, at))
        kept.sort(key=candidate_order)
        if top is None:
            return [c for c in kept if c.score == kept[0].score]
        return kept[:top]

    def count(self) -> int:
        """Return how many legal horizontal plays the hand has: each way of laying an equation
        times each place of its length, counted without writing the plays out."""
        return sum(sum(len(t) for t in by_points.values()) * sum(len(f) for f in self.at[length].values())
                   for length, by_points in self.laid.items())

    def count_at_least(self, limit: int = 0, listed: int = 0) -> tuple[int, bool]:
        """Return (N, True): the count of every play, always exact (the board engine's
        `Position.count_at_least` may stop at its limit of work; this count costs no search)."""
        return self.count(), True

    def best(self) -> list[Candidate]:
        """Return every play tied at the best score (none when the hand has no play)."""
        return self.top(None)

    def all(self) -> list[Candidate]:
        """Return every legal horizontal play, best first."""
        return sorted((c for pair in self._pairs() for c in self._plays(*pair)), key=candidate_order)


def position_for(play_rule: str, board: Board, hand: Hand, tileset: TileSet, fraction_bonus: int = 1) -> Horizontal | Position:
    """Return the search of a hand on a board in a game played `play_rule`: `Horizontal` for
    horizontal play (scored with the player's fraction bonus), else the board engine's
    `Position` (plain scores; the blanks it cannot take set aside)."""
    if play_rule == HORIZONTAL:
        return Horizontal(board, hand, tileset, fraction_bonus)
    return Position(board, searchable(tuple(hand), tileset), tileset)
