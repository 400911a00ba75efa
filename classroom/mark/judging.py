"""Judging a contest: every participant's play on one Board Situation, legal or not and why,
scored with its breakdown, and ranked (ties share a rank).

A play is written as the key prints it (RULES §6, `classroom.game.plays.notation`): the first square of
the main string, its direction, and the whole main string, old tiles included, a blank as `?5`;
a participant's name may come first, with a colon or without: `Ana: I19 across 4/4 = 2 × 6 1/6 +
2/3 - 12`, `Gus I19 across ...`. A colon after the direction is read too (`F9 across: 7 = 7`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from classroom.game.board import Board, Direction, Square, parse_board, parse_square, square_name
from classroom.game.plays import make_play, notation, score, why_illegal
from classroom.errors import ClassroomError, excerpt
from classroom.game.symbols import BLANK, EQUAL, Hand, Tile, display, face, is_blank, parse_written
from classroom.game.tilesets import TileSet
from classroom.game.plurals import tiles_of

if TYPE_CHECKING:
    from classroom.game.plays import Breakdown

_NUMBERING = re.compile(r"^\s*\d+\s*[.)]\s+")  # '1. ' or '2) ' before a line, as grading allows
# The name is tried last (`??`), so 'F9 across 7 = 7' is a play without a name; a name ends in a
# colon or in the space before the square ('Gus I19 across ...').
_PLAY = re.compile(r"^\s*(?:(?P<name>[^:]*?\S)(?:\s*:\s*|\s+))??(?P<play>(?P<square>[A-Za-z]\d{1,2})\s+"
                   r"(?P<direction>across|down)\b\s*:?\s*(?P<equation>.*?))\s*$", re.IGNORECASE)
EXAMPLE = "F9 across 7/4 = 3/4 + 1"  # how a play is written, in every message that shows one


@dataclass(frozen=True)
class WrittenPlay:
    """A play as a participant wrote it: who, the main string's first square and direction, and
    every tile of the main string in reading order."""

    name: str | None
    start: Square
    direction: Direction
    tiles: tuple[Tile, ...]  # like ('7/4', '=', '3/4', '+', '1'); a blank as '?5'
    text: str = ""  # the play as written, without the name: 'F9 across 7/4 = 3/4 + 1'


@dataclass(frozen=True)
class Judged:
    """One line of the plays file, judged: legal or why not, its score breakdown, its rank."""

    line: int  # 1-based line number in the file
    name: str | None
    text: str  # the line as written, without the name
    reason: str | None  # why the play is not legal; None when it is
    notation: str | None = None  # the play as the key writes it, when legal
    breakdown: Breakdown | None = None
    rank: int | None = None  # 1 for the best score; tied plays share a rank

    @property
    def legal(self) -> bool:
        """Return whether the play is legal."""
        return self.reason is None

    @property
    def score(self) -> int:
        """Return the play's score, 0 when it is not legal."""
        return self.breakdown.total if self.breakdown is not None else 0


def parse_play(line: str, negatives: bool = False) -> WrittenPlay:
    """Return the play a line writes ('Ana: I19 across 4/4 = 2 × 6 1/6 + 2/3 - 12'), or raise
    saying what is missing; `negatives`: the tile set holds negative tiles (see parse_written)."""
    match = _PLAY.match(line)
    if match is None:
        raise ClassroomError(f"{excerpt(line.strip())!r} is not a play: write its first square, across "
                             f"or down, then the equation, like {EXAMPLE}")
    if not match["equation"]:
        raise ClassroomError(f"the equation is missing after {match['direction']}, like {EXAMPLE}")
    tiles = parse_written(match["equation"], "the equation", negatives)
    return WrittenPlay(match["name"], parse_square(match["square"]),
                       Direction(match["direction"].lower()), tiles, match["play"])


def placements(board: Board, written: WrittenPlay) -> tuple[list[tuple[Square, Tile]], str | None]:
    """Return the new tiles a written main string puts on the board, or why the string does not
    fit the board: it runs off the board, a square holds another tile, or the string goes on."""
    dr, dc = written.direction.step
    squares = [(written.start[0] + dr * i, written.start[1] + dc * i) for i in range(len(written.tiles))]
    last = squares[-1]
    if not (1 <= last[0] <= 19 and 1 <= last[1] <= 19):
        return [], f"the string runs off the board: {len(written.tiles)} tiles do not fit from " \
                   f"{square_name(written.start)}"
    before = (squares[0][0] - dr, squares[0][1] - dc)
    if board.tile(before):
        return [], f"the main string does not start at {square_name(squares[0])}: " \
                   f"{square_name(before)} just before it holds {display(board.symbol(before))}"
    after = (last[0] + dr, last[1] + dc)
    if board.tile(after):
        return [], f"the main string does not end at {square_name(last)}: " \
                   f"{square_name(after)} just after it holds {display(board.symbol(after))}"
    new = []
    for square, tile in zip(squares, written.tiles):
        there = board.symbol(square)
        if not there:
            new.append((square, tile))
        elif there != face(tile):
            return [], f"{square_name(square)} already holds {display(there)}, not {display(face(tile))}"
    if not new:
        return [], "the play puts down no new tile: every square already holds its tile"
    return new, None


def missing_from_hand(tiles: list[Tile], hand: Hand) -> str | None:
    """Return why the hand cannot pay for the tiles (a blank written '?5' takes a blank), or None."""
    needed = Counter(BLANK if is_blank(t) else t for t in tiles if t != EQUAL)
    held = Counter(hand)
    for tile, count in sorted(needed.items()):
        if count > held[tile]:
            return f"the play uses {tiles_of(count, tile)} but the hand has {tiles_of(held[tile], tile)}"
    return None


def judge_play(board: Board, hand: Hand, tileset: TileSet, written: WrittenPlay) -> tuple[str | None, str | None, Breakdown | None]:
    """Return (why not legal, the key's notation, the score breakdown) of a written play: the
    reason is None for a legal play, the other two None for an illegal one."""
    new, reason = placements(board, written)
    if reason is not None:
        return reason, None, None
    play = make_play(new, written.direction)
    reason = why_illegal(board, play, tileset) or missing_from_hand([tile for _, tile in new], hand)
    if reason is not None:
        return reason, None, None
    return None, notation(board, play), score(board, play, tileset)


def judge(text: str, board: Board, hand: Hand, tileset: TileSet, name: str | None = None) -> tuple[Judged, ...]:
    """Return every non-empty line of a plays file judged and ranked; `name` stands for the
    participant on lines that give none (a file per participant)."""
    judged = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _NUMBERING.sub("", raw).strip()
        if not line or line.startswith("#"):
            continue
        try:
            written = parse_play(line, tileset.rules.negatives)
        except ClassroomError as error:
            who, shown = _name_of(line)
            judged.append(Judged(number, who or name, shown, str(error)))
            continue
        reason, key, breakdown = judge_play(board, hand, tileset, written)
        judged.append(Judged(number, written.name or name, written.text, reason, key, breakdown))
    return rank(judged)


def judge_contest(plays: list[tuple[str | None, str]], grid: str, where: str, hand: Hand,
                  tileset: TileSet) -> tuple[Judged, ...]:
    """Return every play of a contest judged and ranked together: `plays` holds (the participant
    of lines that name none, or None; the text of plays), `grid` the situation's board file
    text, read as coming from `where`."""
    board = parse_board(grid, where, tileset.rules)
    return rank([j for name, text in plays for j in judge(text, board, hand, tileset, name)])


def rank(judged: list[Judged]) -> tuple[Judged, ...]:
    """Return the judged plays with their ranks: 1 + how many legal plays score more."""
    scores = [j.score for j in judged if j.legal]
    return tuple(
        Judged(j.line, j.name, j.text, j.reason, j.notation, j.breakdown,
               1 + sum(1 for s in scores if s > j.score) if j.legal else None)
        for j in judged)


def standings(judged: tuple[Judged, ...]) -> list[Judged]:
    """Return the judged plays in the order a results list shows them: legal plays by rank, then
    the illegal ones in file order."""
    return sorted(judged, key=lambda j: (j.rank is None, j.rank or 0, j.line))


def _name_of(line: str) -> tuple[str | None, str]:
    """Return the name a line that is not a readable play gives, if any (before the square of
    a play whose equation cannot be read, or before a colon), and the line without it."""
    match = _PLAY.match(line)
    if match is not None:
        return match["name"], match["play"]
    head, colon, rest = line.partition(":")
    if colon and head.strip() and not re.search(r"\d", head):
        return head.strip(), rest.strip()
    return None, line
