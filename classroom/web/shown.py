"""The board and a play as the game pages draw them: the squares with their tiles and marks, a
play with its score breakdown, and a typed line read as the turn of the player to move."""

from __future__ import annotations

import re
from dataclasses import dataclass

from classroom.errors import ClassroomError
from classroom.game.board import SIZE, Board, Square, square_name
from classroom.game.plays import Breakdown
from classroom.game.plurals import plural
from classroom.game.symbols import BLANK, display_text, face
from classroom.game.tilesets import TileSet
from classroom.make.worksheet import premium_labels
from classroom.record.replay import Replay, Replayed


@dataclass(frozen=True)
class Cell:
    """One square as the page draws it: its name, premium label, tile (if any) and marks."""

    name: str
    label: str
    symbol: str = ""
    points: int | None = None
    blank: bool = False
    mark: str = ""  # "last" (the last play), "new" (a play shown before it is confirmed), "reveal"


@dataclass(frozen=True)
class Shown:
    """A play shown with its score: the text, each equation's arithmetic, the bonus, the total."""

    player: str
    text: str
    lines: tuple[tuple[str, str], ...]
    bonus: int
    total: int
    blanks: tuple[str, ...] = ()  # the symbols blanks stand for, in the order written ('1', '2/2')


def board_rows(board: Board, tileset: TileSet, marks: dict[Square, str]) -> list[list[Cell]]:
    """Return the board as rows of Cells, with the marked squares' marks."""
    labels = premium_labels()
    rows = []
    for row in range(1, SIZE + 1):
        cells = []
        for column in range(1, SIZE + 1):
            square = (row, column)
            tile = board.tile(square)
            cells.append(Cell(square_name(square), labels[row - 1][column - 1],
                              display_text(face(tile)) if tile else "",
                              tileset.score_of(tile) if tile else None,
                              tile.startswith(BLANK), marks.get(square, "")))
        rows.append(cells)
    return rows


# A blank as a record writes it: ? and the symbol it stands for ('?5', '?2/2', '?+').
_BLANK = re.compile(r"\?(-?\d[/^]\d|-?\d|[^\s\d])")


def shown_play(player: str, written: str, breakdown: Breakdown | None) -> Shown:
    """Return a play and its breakdown as the page shows it: a blank written as the symbol it
    stands for (drawn as a blank on the board), and named apart ('76?1' is shown '761', the
    blank 1)."""
    blanks = tuple(display_text(symbol) for symbol in _BLANK.findall(written))
    text = display_text(_BLANK.sub(r"\1", written))
    if breakdown is None:
        return Shown(player, text, (), 0, 0, blanks)
    lines = tuple((display_text(_BLANK.sub(r"\1", e.text)), e.explain()) for e in breakdown.equations)
    return Shown(player, text, lines, breakdown.bonus, breakdown.total, blanks)


def typed_turn(line: str, game: Replay) -> str:
    """Return a typed play as a record line: 'J10 across 24 ÷ 3 = 8' is the turn of the player
    to move in the game (its record replayed); 'Red: …' names the player itself."""
    players = {p.lower() for p in game.players}
    name, colon, rest = line.partition(":")
    if colon and name.strip().lower() in players:
        return line
    holder = re.match(r"(.+?)\s+holds\s", line, re.IGNORECASE)
    if holder and holder[1].strip().lower() in players:  # 'Red holds 4 ×': a table game's end
        return line
    player = game.next_player
    if player is None:
        raise ClassroomError("the game has ended; start a new one from the list of games")
    return f"{player}: {line}"


def plain_reason(error: ClassroomError) -> str:
    """Return why a typed play is refused, without the record's line number (the page has none)."""
    return re.sub(r"^the play(, line \d+)?: ", "", str(error))


def told(turn: Replayed) -> str:
    """Return a turn as the projector names it, traded tiles unsaid: "Blue's J10 across 24 ÷ 3 =
    8 (28 points)", "Blue's trade of 2 tiles", "Blue's pass"."""
    if turn.kind in ("play", "expression"):
        return f"{turn.player}'s {display_text(turn.notation or '')} ({plural(turn.score, 'point')})"
    if turn.kind == "trade":
        return f"{turn.player}'s trade of {plural(turn.traded_count, 'tile')}"
    return f"{turn.player}'s pass"


def put_back(turn: Replayed) -> str:
    """Return what the box holds again once a turn is taken back: a play's text, else nothing
    (a trade's tiles are not shown on the projector)."""
    return display_text(turn.notation or "") if turn.kind in ("play", "expression") else ""
