"""The overhead game's pages: a board as large as a landscape page allows, beside it a score
table a row a turn and a column a team, for a class to play on the projector (the booklet's
*Equate Transparency*). The notebook prints it empty to write on; `classroom game print --board`
prints a game in progress from its record, the last play's tiles marked, every turn's score in
its team's column.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from classroom.game.symbols import face, is_blank
from classroom.make.worksheet import premium_labels
from classroom.render.boardgrid import board_size, draw_board
from classroom.render.fonts import BOLD, REGULAR
from classroom.render.page import Sheet
from classroom.render.wording import Wording, environment

PROJECTOR_TEXT = 16.0  # a projector page's text: read from the back of the room
TABLE_ROWS = 20  # the empty table's turns a team: a whole game of two teams (the 150 tiles but the = at 5 or so a play: some 30 turns)


@dataclass(frozen=True)
class Table:
    """A score table: the column heads (one a team), the rows (a turn each: a score a team, ''
    where a team has not played it), the totals (or blanks), and its three labels."""

    teams: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    totals: tuple[str, ...]
    turn_label: str
    total_label: str


def board_beside(sheet: Sheet, tiles: list[tuple]) -> float:
    """Draw the board (premiums, coordinates, the tiles given as boardgrid's tuples) as high as
    the room below the cursor, at the left; return where the room to its right starts."""
    cell = (sheet.y - sheet.bottom) / board_size(1)
    draw_board(sheet.canvas, sheet.left, sheet.y, cell, premium_labels(), tiles)
    return sheet.left + board_size(cell) + 14


def draw_table(canvas: Canvas, left: float, top: float, right: float, bottom: float, table: Table) -> None:
    """Draw a score table filling the box: a head row, a row a turn, a total row (returns nothing)."""
    rows = len(table.rows)
    row = min((top - bottom) / (rows + 2), PROJECTOR_TEXT * 1.6)
    first = (right - left) * 0.16  # the turn column
    column = (right - left - first) / len(table.teams)
    canvas.saveState()
    head = min(PROJECTOR_TEXT * 0.6, column / max(len(t) for t in table.teams) * 1.6)
    canvas.setFont(BOLD, head)
    canvas.drawString(left + 3, top - row * 0.7, table.turn_label)
    for index, team in enumerate(table.teams):
        canvas.drawCentredString(left + first + (index + 0.5) * column, top - row * 0.7, team)
    text = min(PROJECTOR_TEXT * 0.6, row * 0.6)
    for number, scores in enumerate(table.rows, 1):
        canvas.setFont(REGULAR, text)
        canvas.drawString(left + 3, top - row * (number + 0.7), str(number))
        canvas.setFont(BOLD, text)
        for index, score in enumerate(scores):
            canvas.drawRightString(left + first + (index + 1) * column - 4, top - row * (number + 0.7), score)
    canvas.setFont(BOLD, head)
    canvas.drawString(left + 3, top - row * (rows + 1.7), table.total_label)
    for index, total in enumerate(table.totals):
        canvas.drawRightString(left + first + (index + 1) * column - 4, top - row * (rows + 1.7), total)
    for r in range(rows + 3):
        canvas.setLineWidth(1.6 if r in (1, rows + 1) else 0.6)
        canvas.line(left, top - row * r, right, top - row * r)
    canvas.setLineWidth(0.8)
    for x in [left, left + first] + [left + first + (t + 1) * column for t in range(len(table.teams))]:
        canvas.line(x, top, x, top - row * (rows + 2))
    canvas.restoreState()


def game_table(game, turn_label: str, total_label: str) -> Table:
    """Return the score table of a replayed game: a column a player, a row a round of turns,
    each turn's score in its player's column, and the totals so far."""
    players = tuple(game.players)
    scores: dict[str, list[str]] = {p: [] for p in players}
    for turn in game.turns:
        scores[turn.player].append(str(turn.score))
    rounds = max(TABLE_ROWS, max((len(s) for s in scores.values()), default=0))
    rows = tuple(tuple(scores[p][r] if r < len(scores[p]) else "" for p in players) for r in range(rounds))
    totals = game.totals
    return Table(players, rows, tuple(str(totals.get(p, 0)) for p in players), turn_label, total_label)


def game_tiles(game) -> list[tuple]:
    """Return the board's tiles as boardgrid draws them, the last play's tiles marked new."""
    last = next((t for t in reversed(game.turns) if t.play is not None), None)
    new = {p.square for p in last.play.placements} if last else set()
    return [(row, col, face(tile), game.tileset.score_of(face(tile)) if not is_blank(tile) else 0,
             (row, col) in new, is_blank(tile)) for (row, col), tile in game.board.tiles.items()]


def render_game_board(game, page_size: str, templates_dir: str | Path | None = None) -> bytes:
    """Return a game in progress as a projector page (PDF bytes): the board, the last play
    marked, and the score table of every player's turns."""
    env = environment(templates_dir)
    header = game.record.header
    words = Wording(env, "game_board.j2", mode=header.mode, level=header.level, seed=header.seed,
                    players=list(game.players), turns=len(game.turns), ended=game.ended,
                    next=game.next_player, page=1)
    sheet = Sheet(page_size, words["title"])
    sheet.orient(True)
    sheet.footer = lambda page: words.given(page=page)["footer"]
    sheet.header(words["title"], words["id_line"], size=PROJECTOR_TEXT * 1.2)
    left = board_beside(sheet, game_tiles(game))
    draw_table(sheet.canvas, left, sheet.y, sheet.right, sheet.bottom,
               game_table(game, words["turn_label"], words["total_label"]))
    return sheet.pdf()
