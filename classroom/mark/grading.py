"""Grading a student's Boardless Activity list: each line valid or not and why, duplicates,
scores and the total (docs/rules.md §9: two answers differ when they are written differently), and
which new lines only rewrite an earlier line's idea (game.families: they score, but a teacher
sees ten lines of three ideas); and a whole class at once: one row a student, the best equation nobody found, the common mistakes."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from classroom.errors import ClassroomError
from classroom.game.families import Family, family
from classroom.game.symbols import Hand, face, parse_written, write
from classroom.game.tilesets import TileSet
from classroom.solve.boardless import Answer, Ranking, check, rank

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
    written: str | None = None  # a valid line as the key writes it, like '24 ÷ 3 = 8'
    marked: str | None = None  # a valid line as the tiles make it, a blank marked: '24 ?÷ 3 = 8'
    same_idea_as: int | None = None  # a valid new line of the family of this earlier line


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

    @property
    def repeats(self) -> int:
        """Return how many lines repeat an earlier line."""
        return sum(1 for line in self.lines if line.duplicate_of is not None)

    @property
    def ideas(self) -> int:
        """Return how many families (game.families) the valid new lines hold."""
        return sum(1 for line in self.lines if line.valid and line.duplicate_of is None
                   and line.same_idea_as is None)

    @property
    def best(self) -> GradedLine | None:
        """Return the highest-scoring valid new line (the first of equals), or None."""
        scored = [line for line in self.lines if line.valid and line.duplicate_of is None]
        return max(scored, key=lambda line: line.score, default=None)


def grade(text: str, hand: Hand, tileset: TileSet) -> Grade:
    """Return every non-empty line of the text marked against the hand."""
    graded: list[GradedLine] = []
    seen: dict[str, int] = {}
    ideas: dict[Family, int] = {}  # each family met, by the first line of it
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _NUMBERING.sub("", raw).strip()
        if not line:
            continue
        try:
            tiles = parse_written(line, "line", tileset.rules.negatives)
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
                                     duplicate_of=seen[written], written=written,
                                     marked=write(verdict.tiles)))
            continue
        seen[written] = number
        idea = family([face(t) for t in verdict.tiles])
        graded.append(GradedLine(number, line, True, None, verdict.score, written=written,
                                 marked=write(verdict.tiles), same_idea_as=ideas.get(idea)))
        ideas.setdefault(idea, number)
    return Grade(hand, tuple(graded))


# The kinds of mistake a class summary counts, by a phrase of the checker's reason; the first
# phrase found names the kind.
MISTAKES = (
    ("goes below zero", "going below zero"),
    ("the two sides differ", "two sides that are not equal"),
    ("but the hand has", "using a tile more times than the hand has it"),
    ("the hand has no", "using a tile the hand does not have"),
    ("unnecessary zero", "a number that starts with 0"),
    ("divides by zero", "dividing by zero"),
    ("=", "not exactly one = with something on each side"),
    ("fraction", "a fraction tile in the wrong place or one that does not exist"),
)
REPEAT = "writing the same equation twice"
OTHER = "a line that is not an equation"


@dataclass(frozen=True)
class StudentGrade:
    """One student's marked list, and the sheet (item id) or hand it was marked against."""

    student: str  # like 'ana' (the list's file name) or a roster name
    sheet: str  # the worksheet id, or the hand as written when graded with --hand
    grade: Grade


@dataclass(frozen=True)
class ClassSummary:
    """What a class missed and got wrong: per sheet, the best equation nobody wrote, and the
    kinds of mistake, most common first."""

    missed: tuple[tuple[str, Answer | None], ...]  # (sheet, best unfound answer or None)
    mistakes: tuple[tuple[str, int], ...]  # (kind of mistake, how many lines)


def mistake_kind(line: GradedLine) -> str | None:
    """Return the kind of mistake a marked line makes, in words, or None for a good line."""
    if line.duplicate_of is not None:
        return REPEAT
    if line.valid:
        return None
    return next((kind for phrase, kind in MISTAKES if phrase in (line.reason or "")), OTHER)


@dataclass(frozen=True)
class Totals:
    """What a hand allows, as a marked list's report says it: how many different equations, and
    the best score (None when it allows none)."""

    count: int
    best_score: int | None


class Keys:
    """The keys of the hands a class was marked against (sheet -> hand and tile set). Marking
    needs none of them: a hand is solved only when a report asks what only its key can say, at
    most once however many sheets and students share it, and its totals are taken as the run
    stored them (`stored`, sheet -> Totals) when it did."""

    def __init__(self, sheets: dict[str, tuple[Hand, TileSet]], stored: dict[str, Totals] | None = None):
        self.sheets = sheets
        self.stored = dict(stored or {})
        self._ranked: dict[tuple[Hand, TileSet], Ranking] = {}

    def ranking(self, sheet: str) -> Ranking:
        """Return the answers of a sheet's hand best first, solving the hand the first time it is
        asked for."""
        held, tileset = self.sheets[sheet]
        known = (tuple(held), tileset)
        if known not in self._ranked:
            self._ranked[known] = rank(held, tileset)
        return self._ranked[known]

    def totals(self, sheet: str) -> Totals:
        """Return how many equations a sheet's hand allows and its best score: as the run stored
        them, else from the hand's key."""
        if sheet in self.stored:
            return self.stored[sheet]
        ranked = self.ranking(sheet)
        return Totals(ranked.count, ranked.best_score)

    def best_unfound(self, sheet: str, found: set[str]) -> Answer | None:
        """Return the first answer of a sheet's key (best first) whose text is not in `found`, or None."""
        return next((a for a in self.ranking(sheet).answers() if a.text not in found), None)


def summarize(students: list[StudentGrade], keys: Keys) -> ClassSummary:
    """Return the class summary: for each sheet of the keys, the best answer that no student of
    that sheet wrote; and every kind of mistake with its count, most common first."""
    missed = []
    for sheet in keys.sheets:
        found = {line.written for s in students if s.sheet == sheet for line in s.grade.lines if line.valid}
        missed.append((sheet, keys.best_unfound(sheet, found)))
    kinds = Counter(kind for s in students for line in s.grade.lines
                    if (kind := mistake_kind(line)) is not None)
    return ClassSummary(tuple(missed), tuple(sorted(kinds.items(), key=lambda item: (-item[1], item[0]))))


def grade_class(lists: list[tuple[str, str, str]], sheets: dict[str, tuple[Hand, TileSet]],
                stored: dict[str, Totals] | None = None) -> tuple[list[StudentGrade], Keys]:
    """Return every (student, sheet, text) list marked against its sheet's hand (sheet -> hand and
    tile set), and the sheets' keys, each solved only when first asked for (`stored`: the totals
    the run recorded, sheet -> Totals)."""
    students = [StudentGrade(student, sheet, grade(text, *sheets[sheet])) for student, sheet, text in lists]
    return students, Keys(sheets, stored)
