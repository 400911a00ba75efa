"""A play as people write it (RULES §6): read from its text, laid on the board, and paid for
from a rack; the key's own writing of a play is `classroom.game.plays.notation` (and
`record_notation` for a record, a blank as `?5`).

A play is written as the key prints it: the first square of the main string, its direction, and
the whole main string, old tiles included, a blank as `?5`; a participant's name may come first,
with a colon or without: `Ana: I19 across 4/4 = 2 × 6 1/6 + 2/3 - 12`, `Gus I19 across ...`. A
colon after the direction is read too (`F9 across: 7 = 7`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from classroom.errors import ClassroomError, excerpt
from classroom.game.board import Board, Direction, Square, parse_square, square_name
from classroom.game.horizontal import CROSSWORD, why_illegal_in
from classroom.game.plays import make_play, notation, score
from classroom.game.plurals import tiles_of
from classroom.game.symbols import BLANK, EQUAL, Hand, Tile, display, face, is_blank, parse_written
from classroom.game.tilesets import TileSet

if TYPE_CHECKING:
    from classroom.game.plays import Breakdown

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


def judge_play(board: Board, hand: Hand, tileset: TileSet, written: WrittenPlay,
               play_rule: str = CROSSWORD) -> tuple[str | None, str | None, Breakdown | None]:
    """Return (why not legal, the key's notation, the score breakdown) of a written play, an
    equation play under `play_rule` (game.horizontal.PLAYS): the reason is None for a legal play,
    the other two None for an illegal one."""
    new, reason = placements(board, written)
    if reason is not None:
        return reason, None, None
    play = make_play(new, written.direction)
    reason = why_illegal_in(play_rule, board, play, tileset, expression=False) or missing_from_hand([tile for _, tile in new], hand)
    if reason is not None:
        return reason, None, None
    return None, notation(board, play), score(board, play, tileset)


def name_of(line: str) -> tuple[str | None, str]:
    """Return the name a line that is not a readable play gives, if any (before the square of
    a play whose equation cannot be read, or before a colon), and the line without it."""
    match = _PLAY.match(line)
    if match is not None:
        return match["name"], match["play"]
    head, colon, rest = line.partition(":")
    if colon and head.strip() and not re.search(r"\d", head):
        return head.strip(), rest.strip()
    return None, line
