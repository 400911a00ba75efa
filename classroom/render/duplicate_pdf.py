"""A duplicate game printed: the round sheets (one page a round: the board before it, the last
top play marked, everyone's rack large, room to write a play and its score; handed out one at a
time) and the results (standings by points and percent of the top, each round's top play and who
found it). Drawing only: the game comes replayed (classroom.record.duplicate), the words from
duplicate.j2."""

from __future__ import annotations

from pathlib import Path

from classroom.game.board import layout
from classroom.game.symbols import display_text, face, is_blank
from classroom.record.duplicate import Duplicate, RoundResult
from classroom.render.boardgrid import board_size, draw_board
from classroom.render.fonts import BOLD, REGULAR, width
from classroom.render.page import Sheet
from classroom.render.results_pdf import fitted
from classroom.render.tiles import draw_tile
from classroom.render.wording import Wording, environment, printed

RACK_TILE = 40  # points: a rack readable at arm's length
ROW = 15  # points from one results row to the next


def values(game: Duplicate) -> dict:
    """Return what duplicate.j2 is told about the game."""
    header = game.record.header
    closed = sum(1 for r in game.rounds if r.closed)
    return dict(level=header.level, seed=header.seed, players=list(game.players), times=list(header.minutes),
                rounds=closed, top_total=game.top_total, ended=game.ended, play=header.play)


def board_tiles(game: Duplicate, result: RoundResult) -> list[tuple]:
    """Return the tiles to draw on a round's board: the last top play's tiles marked new."""
    index = game.rounds.index(result)
    before = game.rounds[index - 1].board.tiles if index else {}
    return [(square[0], square[1], face(tile), game.tileset.score_of(tile), square not in before and index > 0,
             is_blank(tile)) for square, tile in sorted(result.board.tiles.items())]


def round_page(sheet: Sheet, env, game: Duplicate, result: RoundResult) -> None:
    """Draw one round's sheet."""
    words = Wording(env, "duplicate.j2", round=result.round, page=sheet.page, **values(game))
    sheet.open(words, 20, "round_title")
    sheet.paragraph(words["instructions"], 10.5)
    if words["time_line"]:
        sheet.text(words["time_line"], 10.5, bold=True)
    premiums = tuple(tuple(p.label for p in row) for row in layout())
    cell = min((sheet.content_width) / 20.4, (sheet.room() - RACK_TILE - 110) / 20.4)
    size = board_size(cell)
    draw_board(sheet.canvas, sheet.left + (sheet.content_width - size) / 2, sheet.y, cell, premiums,
               board_tiles(game, result))
    sheet.y -= size + 10
    sheet.y -= RACK_TILE
    canvas = sheet.canvas
    canvas.setFont(BOLD, 13)
    label = words["rack_label"]
    canvas.drawString(sheet.left, sheet.y + RACK_TILE / 2 - 4.5, label)
    x = sheet.left + width(label, 13, True) + 12
    for tile in result.rack:
        draw_tile(canvas, x, sheet.y, RACK_TILE, tile, game.tileset.score_of(tile))
        x += RACK_TILE + 5
    sheet.y -= 30
    canvas.setFont(REGULAR, 12)
    prompts = [(words["name_prompt"], 0.3), (words["play_prompt"], 0.55), (words["score_prompt"], 0.15)]
    x = sheet.left
    for prompt, share in prompts:
        room = sheet.content_width * share
        canvas.drawString(x, sheet.y, prompt)
        canvas.line(x + width(prompt, 12) + 4, sheet.y - 2, x + room - 10, sheet.y - 2)
        x += room


def render_round_sheets(game: Duplicate, page_size: str, templates_dir: str | Path | None = None) -> bytes:
    """Return every round's sheet as PDF bytes, one page a round, in order."""
    env = environment(templates_dir)
    words = Wording(env, "duplicate.j2", round=1, page=1, **values(game))
    sheet = Sheet(page_size, words["round_title"])
    for number, result in enumerate(game.rounds):
        if number:
            sheet.finish_page()
        round_page(sheet, env, game, result)
    return sheet.pdf()


def render_duplicate_results(game: Duplicate, page_size: str, templates_dir: str | Path | None = None) -> bytes:
    """Return the results: the standings, then each closed round's top play, as PDF bytes."""
    env = environment(templates_dir)
    words = Wording(env, "duplicate.j2", round=0, page=1, **values(game))
    sheet = Sheet(page_size, words["results_title"])
    sheet.open(words, 20, "results_title")
    sheet.text(words["standings_heading"], 12, bold=True)
    canvas = sheet.canvas
    columns = (sheet.left + 30, sheet.left + 44, sheet.left + 300, sheet.left + 380)

    def row(rank: str, name: str, points: str, percent: str, bold: bool = False) -> None:
        sheet.need(ROW)
        sheet.y -= ROW
        canvas.setFont(BOLD if bold else REGULAR, 11)
        canvas.drawRightString(columns[0], sheet.y, rank)
        canvas.drawString(columns[1], sheet.y, fitted(name, 11, columns[2] - columns[1] - 60, bold))
        canvas.drawRightString(columns[2], sheet.y, points)
        canvas.drawRightString(columns[3], sheet.y, percent)

    row(words["rank_heading"], words["player_heading"], words["points_heading"], words["percent_heading"], True)
    for s in game.standings:
        row(f"{s.rank}.", s.player, str(s.points), f"{s.percent:.1f}" if s.percent is not None else "—")
    sheet.y -= ROW
    sheet.text(words["rounds_heading"], 12, bold=True)
    for result in game.rounds:
        if not result.closed:
            continue
        found = ", ".join(result.found) or words["nobody"]
        line = (f"{result.round}. {printed(display_text(result.top))} — {result.top_score} "
                f"({words['found_word']} {found})")
        sheet.paragraph(line, 10.5)
    sheet.y -= ROW / 2
    sheet.text(words["result_line"], 12, bold=True)
    return sheet.pdf()
