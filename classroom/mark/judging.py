"""Judging a contest: every participant's play on one Board Situation, legal or not and why,
scored with its breakdown, and ranked (ties share a rank).

A play is read as people write it (`classroom.game.notation`: the first square of the main
string, its direction, the whole main string, a participant's name first or not); a plays file
may number its lines ('1. ', '2) ') and hold '#' comments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from classroom.errors import ClassroomError
from classroom.game.board import Board, parse_board
from classroom.game.notation import judge_play, name_of, parse_play
from classroom.game.symbols import Hand
from classroom.game.tilesets import TileSet

if TYPE_CHECKING:
    from classroom.game.plays import Breakdown

_NUMBERING = re.compile(r"^\s*\d+\s*[.)]\s+")  # '1. ' or '2) ' before a line, as grading allows


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
            who, shown = name_of(line)
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
