"""Grading a student's Boardless Activity list: each line valid or not and why, duplicates,
scores and the total (docs/rules.md §9: two answers differ when they are written differently)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from classroom.boardless import check
from classroom.errors import ClassroomError
from classroom.symbols import Hand, face, parse_written, write
from classroom.tilesets import TileSet

_NUMBERING = re.compile(r"^\s*\d+\s*[.)]\s+")


@dataclass(frozen=True)
class GradedLine:
    """One line of a student's list, marked."""

    line: int  # 1-based line number in the student's file
    text: str
    valid: bool
    reason: str | None  # why not valid, or which earlier line it repeats
    score: int  # 0 unless valid and new
    duplicate_of: int | None = None
    marked: str | None = None  # a valid line as the tiles make it, a blank marked: '24 ?÷ 3 = 8'


@dataclass(frozen=True)
class Grade:
    """A marked list: the lines, how many were valid and new, and the total score."""

    hand: Hand
    lines: tuple[GradedLine, ...]

    @property
    def total(self) -> int:
        """Return the sum of the scores of valid, new lines."""
        return sum(line.score for line in self.lines)

    @property
    def valid_count(self) -> int:
        """Return how many lines are valid and not repeats."""
        return sum(1 for line in self.lines if line.valid and line.duplicate_of is None)


def grade(text: str, hand: Hand, tileset: TileSet) -> Grade:
    """Return every non-empty line of the text marked against the hand."""
    graded: list[GradedLine] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _NUMBERING.sub("", raw).strip()
        if not line:
            continue
        try:
            tiles = parse_written(line, "line")
            verdict = check(tiles, tileset, hand)
        except ClassroomError as error:
            graded.append(GradedLine(number, line, False, str(error).removeprefix("line: "), 0))
            continue
        if not verdict.valid:
            graded.append(GradedLine(number, line, False, verdict.reason, 0))
            continue
        written = write([face(t) for t in tiles])
        if written in seen:
            graded.append(GradedLine(number, line, True, f"the same as line {seen[written]}", 0,
                                     duplicate_of=seen[written], marked=write(verdict.tiles)))
            continue
        seen[written] = number
        graded.append(GradedLine(number, line, True, None, verdict.score, marked=write(verdict.tiles)))
    return Grade(hand, tuple(graded))
