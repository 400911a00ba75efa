"""The Board Situations PDFs: the student sheet (the board, the hand, a box for the play and its
score; one situation a page) and the answer key (the best play drawn on the board, its score
broken down, the ties and the next best plays)."""

from __future__ import annotations

import jinja2

from classroom.game.board import Square, square_name
from classroom.game.plays import EquationScore
from classroom.game.symbols import BLANK, face, is_blank, write
from classroom.make.worksheet import KeyPlay, SituationItem, Worksheet
from classroom.render.boardgrid import board_size, draw_board
from classroom.render.fonts import BOLD, REGULAR, width
from classroom.render.page import Sheet, worksheet_pdf
from classroom.render.tiles import draw_tile
from classroom.render.wording import Wording, printed

PER_ROW = 10  # tiles of an equation per row of its breakdown table
KEY_TEXT = 9.5  # the key's text size, large print or not: a key is for the judge
KEY_SIZES = (9.5, 8.5, 7.5, 6.5)  # smaller text when a long breakdown leaves the board too little room
MIN_CELL, MAX_CELL = 14.0, 21.5  # the key board's square size, in points
ONE_COLUMN = 8  # a key's ties listed one a line up to this many, in two columns beyond


def drawn_tiles(item: SituationItem, play: KeyPlay | None = None) -> list[tuple]:
    """Return the tiles to draw: the board's, then the play's new ones marked new."""
    tiles = [(t.row, t.col, t.symbol, t.score, False, is_blank(t.tile)) for t in item.board]
    if play is not None:
        scores = {t.square: t.symbol_score for e in play.breakdown.equations for t in e.tiles}
        for p in play.placements:
            (row, col) = p.square
            tiles.append((row, col, face(p.tile), scores.get(p.square), True, is_blank(p.tile)))
    return tiles


def centred_board(sheet: Sheet, item: SituationItem, cell: float, play: KeyPlay | None = None) -> None:
    """Draw the board centred at the cursor and move below it."""
    size = board_size(cell)
    sheet.need(size)
    draw_board(sheet.canvas, sheet.left + (sheet.content_width - size) / 2, sheet.y, cell,
               item.premiums, drawn_tiles(item, play))
    sheet.y -= size + 4


def hand_row(sheet: Sheet, label: str, item: SituationItem, size: float, text: float) -> None:
    """Draw the hand's label and tiles on one line and move below them."""
    sheet.need(size + 8)
    sheet.y -= size
    sheet.canvas.setFont(BOLD, text)
    sheet.canvas.drawString(sheet.left, sheet.y + size / 2 - text * 0.35, label)
    x = sheet.left + width(label, text, True) + 12
    for tile in item.hand:
        draw_tile(sheet.canvas, x, sheet.y, size, tile.symbol, tile.score)
        x += size + 5
    sheet.y -= 8


def student_page(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: SituationItem,
                 student: str | None = None) -> None:
    """Draw one situation's student page (with the student's name when it is printed for one)."""
    large = worksheet.large_print
    text = 12.0 if large else 9.5
    blanks = bool(blank_squares(item))
    words = Wording(env, "situations.j2", worksheet=worksheet, item=item, page=1, blanks=blanks)
    sheet.open(words, text * 1.8, check=worksheet.check_address(item.id))
    sheet.name_and_instructions(words, text, student)
    hand_size, box = (44.0 if large else 36.0), text * 3.4
    below = legend_height(sheet, words, text) + hand_size + 8 + text * 1.2 + box + 4  # legend, hand, boxes
    below += sheet.corner_height()  # and a QR code under them
    cell = min(25.0, sheet.content_width / board_size(1), (sheet.room() - below - 4) / board_size(1))
    centred_board(sheet, item, cell)
    student_legend(sheet, words, text)
    hand_row(sheet, words["hand_label"], item, hand_size, text * 1.1)
    answer_boxes(sheet, (words["play_label"], words["score_label"]), text, box)


def student_legend(sheet: Sheet, words: Wording, text: float) -> None:
    """Draw a student page's legend under its board, wrapped, and move below it (returns nothing)."""
    sheet.paragraph(words["legend"], text * 0.85, after=0.3)


def legend_height(sheet: Sheet, words: Wording, text: float) -> float:
    """Return how tall a student page's legend is, measured: the blank's legend wraps to one,
    two or three lines with the page's width and the print size."""
    return sheet.height_of(lambda scratch: student_legend(scratch, words, text))


def answer_boxes(sheet: Sheet, labels: tuple[str, str], size: float, height: float,
                 score_height: float | None = None) -> None:
    """Draw at the cursor, each under its label, a box to write in and at its right a box for
    the score (22% of the width), as tall as the other or `score_height` tall at its top,
    and move below them (returns nothing)."""
    canvas = sheet.canvas
    canvas.setFont(BOLD, size)
    score_width = sheet.content_width * 0.22
    write_width = sheet.content_width - score_width - 12
    sheet.y -= size * 1.2
    canvas.drawString(sheet.left, sheet.y, labels[0])
    canvas.drawString(sheet.left + write_width + 12, sheet.y, labels[1])
    sheet.y -= height + 4
    canvas.setLineWidth(1)
    canvas.rect(sheet.left, sheet.y, write_width, height, stroke=1, fill=0)
    if score_height is None:
        canvas.rect(sheet.left + write_width + 12, sheet.y, score_width, height, stroke=1, fill=0)
    else:
        canvas.rect(sheet.left + write_width + 12, sheet.y + height - score_height, score_width, score_height,
                    stroke=1, fill=0)


def points(value: int, factor: int) -> str:
    """Return a tile's points as a judge reads them: '6', or '7 × 3 = 21' on a 2S / 3S."""
    return str(value) if factor == 1 else f"{value} × {factor} = {value * factor}"


def equation_table(sheet: Sheet, words: Wording, equation: EquationScore, size: float, cross: bool = False) -> None:
    """Draw one equation's breakdown (the main one, or a `cross` one): a row of squares, tiles
    and points, then its subtotal; a blank is written ? plus its symbol."""
    canvas = sheet.canvas
    label = words["cross_equation"] if cross else words["main_equation"]
    line = size * 1.45
    sheet.need(size * 1.6 + line * 3 + 4)  # the label and the first row of the table
    sheet.text(f"{label}: {printed(equation.text)}", size, bold=True)
    heads = [words["square_heading"], words["symbol_heading"], words["points_heading"]]
    head_width = max(width(h, size, True) for h in heads) + 8
    cells = equation.tiles
    cell_width = (sheet.content_width - head_width) / PER_ROW
    for start in range(0, len(cells), PER_ROW):
        chunk = cells[start:start + PER_ROW]
        sheet.need(line * 3 + 4)
        top = sheet.y
        canvas.setLineWidth(0.5)
        for r, head in enumerate(heads):
            y = top - line * (r + 1)
            canvas.setFont(BOLD, size * 0.9)
            canvas.drawString(sheet.left, y + line * 0.3, head)
            for c, tile in enumerate(chunk):
                x = sheet.left + head_width + c * cell_width
                canvas.rect(x, y, cell_width, line, stroke=1, fill=0)
                symbol = ("?" if is_blank(tile.tile) else "") + printed(face(tile.tile))
                value = (square_name(tile.square), symbol, points(tile.symbol_score, tile.factor))[r]
                fit = size * 0.9 * (cell_width - 4) / max(1.0, width(value, size * 0.9, r == 1))
                canvas.setFont(BOLD if r == 1 else REGULAR, min(size * 0.9, fit))
                canvas.drawCentredString(x + cell_width / 2, y + line * 0.3, value)
        sheet.y = top - line * 3 - 4
    sheet.text(words.given(equation=equation, points_sum=equation.sum)["subtotal_line"], size)
    sheet.y -= size * 0.5


def blank_squares(item: SituationItem, play: KeyPlay | None = None) -> frozenset[Square]:
    """Return the squares of the blanks, on the board or placed by the play, like {(19, 11)}."""
    placed = {p.square for p in play.placements if is_blank(p.tile)} if play else set()
    return frozenset(placed | {(t.row, t.col) for t in item.board if is_blank(t.tile)})


def marked_notation(play: KeyPlay) -> str:
    """Return the play's notation with each blank of its equation written ? plus its symbol:
    'E14 across 8 + 23 = 5 ?+ 26'; the notation as it is when it has no blank, or when its
    equation is not the one the breakdown spells out."""
    square, direction, equation = play.notation.split(" ", 2)
    main = play.breakdown.equations[0] if play.breakdown.equations else None  # the main equation first
    if main is None or not any(is_blank(t.tile) for t in main.tiles):
        return play.notation
    if write([face(t.tile) for t in main.tiles]) != equation:
        return play.notation
    return f"{square} {direction} " + write([BLANK + face(t.tile) if is_blank(t.tile) else face(t.tile)
                                            for t in main.tiles])


def breakdown(sheet: Sheet, words: Wording, play: KeyPlay, text: float) -> None:
    """Draw a play's score broken down: its heading, every equation's table, the total (returns
    nothing)."""
    sheet.text(words["breakdown_heading"], text * 1.1, bold=True)
    for index, equation in enumerate(play.breakdown.equations):  # the main equation first
        equation_table(sheet, words, equation, text, cross=index > 0)
    sheet.text(words["total_line"], text * 1.1, bold=True)


def indented(sheet: Sheet, lines: list[str], text: float) -> None:
    """Draw lines indented under a heading, in two columns when there are more than
    ONE_COLUMN and each fits half the width (an empty board's key lists twenty ties and more,
    which pushed its last lines onto a page of their own), and move below them."""
    indent = sheet.left + 10
    half = (sheet.right - indent) / 2
    if len(lines) <= ONE_COLUMN or max(width(line, text, False) for line in lines) > half - 10:
        for line in lines:
            sheet.text(line, text, x=indent)
        return
    rows = -(-len(lines) // 2)
    sheet.need(rows * text * 1.35)
    top = sheet.y
    for column in (0, 1):
        sheet.y = top
        for line in lines[column * rows:(column + 1) * rows]:
            sheet.text(line, text, x=indent + column * half)
    sheet.y = top - rows * text * 1.35


def key_body(sheet: Sheet, words: Wording, item: SituationItem, play: KeyPlay, text: float) -> None:
    """Draw what a situation key prints under the board: the best play, its score broken down,
    the ties and the next best plays (returns nothing)."""
    sheet.y -= 4
    sheet.paragraph(f"{words['best_heading']}: {printed(marked_notation(play))}", text * 1.25,
                    bold=True, after=0)
    sheet.text(words["count_line"], text)
    sheet.y -= text * 0.4
    breakdown(sheet, words, play, text)
    sheet.y -= text * 0.5
    if len(item.best) > 1:
        sheet.text(words["ties_heading"] + ":", text * 1.1, bold=True)
        indented(sheet, [f"{printed(marked_notation(tie))}  ({tie.score} {words['points_word']})"
                         for tie in item.best[1:]], text)
        sheet.y -= text * 0.5
    if item.next_best:
        sheet.text(words["next_heading"] + ":", text * 1.1, bold=True)
        for other in item.next_best:
            sheet.text(f"{other.score} {words['points_word']}:  {printed(marked_notation(other))}", text,
                       x=sheet.left + 10)


def key_pages(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: SituationItem) -> None:
    """Draw one situation's answer key on one page: the board as large as the breakdown below it
    leaves room for, and the text smaller when even the smallest board leaves too little. The
    key keeps its normal size when the student sheets are in large print."""
    play = item.best[0] if item.best else None
    words = Wording(env, "situations_key.j2", worksheet=worksheet, item=item, page=1, play=play,
                    equation=None, points_sum=0, blanks=bool(play and blank_squares(item, play)))
    sheet.open(words, KEY_TEXT * 1.7)
    sheet.text(words["hand_line"], KEY_TEXT)
    legend = sheet.height_of(lambda scratch: scratch.text(words["legend"], KEY_TEXT * 0.85)) + 4  # it may wrap
    for text in KEY_SIZES:
        below = legend + (sheet.height_of(lambda scratch: key_body(scratch, words, item, play, text))
                          if play else text * 2)
        cell = min(MAX_CELL, (sheet.room() - below) / board_size(1))
        if cell >= MIN_CELL:
            break
    centred_board(sheet, item, max(cell, MIN_CELL), play)
    sheet.text(words["legend"], KEY_TEXT * 0.85)
    if play is None:
        sheet.text(words["no_play"], text * 1.2, bold=True)
        return
    key_body(sheet, words, item, play, text)


def render_situations(worksheet: Worksheet, env: jinja2.Environment) -> tuple[bytes, bytes]:
    """Return the student PDF and the key PDF of a board situations worksheet, as bytes."""
    return (worksheet_pdf(worksheet, env, "situations.j2", student_page, worksheet.student_pages),
            worksheet_pdf(worksheet, env, "situations_key.j2", key_pages, play=None, equation=None, points_sum=0))
