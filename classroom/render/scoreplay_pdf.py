"""The Score this play PDFs: the student sheet (the board with the play's new tiles outlined and
shaded, room to work, a box for the score; one play a page) and the answer key (the same board,
the score broken down as a Board Situations key breaks down its best play)."""

from __future__ import annotations

import jinja2

from classroom.make.scoreplay import ScorePlayItem
from classroom.make.worksheet import Worksheet
from classroom.render.boardgrid import board_size
from classroom.render.page import Sheet, worksheet_pdf
from classroom.render.situations_pdf import (
    KEY_SIZES,
    KEY_TEXT,
    MAX_CELL,
    MIN_CELL,
    answer_boxes,
    blank_squares,
    breakdown,
    centred_board,
    legend_height,
    marked_notation,
    student_legend,
)
from classroom.render.wording import Wording, printed

MAX_STUDENT_CELL = 25.0  # a board square on the student sheet, in points


def student_page(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: ScorePlayItem) -> None:
    """Draw one play's student page: the board with the play marked, the play's notation, a
    box to work in and a box for the score (returns nothing)."""
    large = worksheet.large_print
    text = 12.0 if large else 9.5
    blanks = bool(blank_squares(item, item.play))
    words = Wording(env, "scoreplay.j2", worksheet=worksheet, item=item, page=1, blanks=blanks)
    sheet.open(words, text * 1.8)
    sheet.name_and_instructions(words, text)
    work = text * 7.5  # the working box: a line for each equation and its sum
    below = legend_height(sheet, words, text) + text * 1.6 + text * 1.2 + work + 8  # legend, play line, boxes
    cell = min(MAX_STUDENT_CELL, sheet.content_width / board_size(1), (sheet.room() - below - 4) / board_size(1))
    centred_board(sheet, item, cell, item.play)
    student_legend(sheet, words, text)
    sheet.text(words["play_line"], text * 1.15, bold=True)
    answer_boxes(sheet, (words["work_label"], words["score_label"]), text, work, score_height=text * 3.4)


def key_body(sheet: Sheet, words: Wording, item: ScorePlayItem, text: float) -> None:
    """Draw what the key prints under the board: the play, its score broken down equation by
    equation as a situation key does, and the total (returns nothing)."""
    play = item.play
    sheet.y -= 4
    sheet.paragraph(f"{words['play_heading']}: {printed(marked_notation(play))}", text * 1.25,
                    bold=True, after=0.2)
    breakdown(sheet, words, play, text)


def key_page(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: ScorePlayItem) -> None:
    """Draw one play's answer key on one page: the board as large as the breakdown below it
    leaves room for, the text smaller when even the smallest board leaves too little."""
    play = item.play
    words = Wording(env, "scoreplay_key.j2", worksheet=worksheet, item=item, page=1, play=play,
                    equation=None, points_sum=0, blanks=bool(blank_squares(item, play)))
    sheet.open(words, KEY_TEXT * 1.7)
    sheet.text(words["focus_line"], KEY_TEXT)
    legend = sheet.height_of(lambda scratch: scratch.text(words["legend"], KEY_TEXT * 0.85)) + 4  # it may wrap
    for text in KEY_SIZES:
        body = sheet.height_of(lambda scratch: key_body(scratch, words, item, text))
        cell = min(MAX_CELL, (sheet.room() - legend - body) / board_size(1))
        if cell >= MIN_CELL:
            break
    centred_board(sheet, item, max(cell, MIN_CELL), play)
    sheet.text(words["legend"], KEY_TEXT * 0.85)
    key_body(sheet, words, item, text)


def render_scoreplay(worksheet: Worksheet, env: jinja2.Environment) -> tuple[bytes, bytes]:
    """Return the student PDF and the key PDF of a Score this play worksheet, as bytes."""
    return (worksheet_pdf(worksheet, env, "scoreplay.j2", student_page),
            worksheet_pdf(worksheet, env, "scoreplay_key.j2", key_page, play=worksheet.items[0].play,
                          equation=None, points_sum=0, blanks=False))
