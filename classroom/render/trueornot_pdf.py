"""The True or not? PDFs: the student sheet (each line drawn as the tiles it is made of, T and F
to circle, a line to say why; one sheet a page) and the answer key (each line's verdict: true
and its value, or the checker's reason)."""

from __future__ import annotations

import jinja2

from classroom.make.trueornot import JudgedLine, TrueOrNotItem
from classroom.make.worksheet import Worksheet
from classroom.render.fonts import BOLD, REGULAR, width
from classroom.render.page import Sheet, worksheet_pdf
from classroom.render.tiles import draw_tile
from classroom.render.wording import Wording

TILE_GAP = 0.12  # the gap between two tiles of a line, as a share of a tile
MAX_TILE = {False: 26.0, True: 34.0}  # a student sheet's tile (large print or not), in points
MIN_TILE = {False: 20.0, True: 26.0}  # smaller tiles are hard to read: the lines go on a second page
KEY_TILE, KEY_TEXT = 16.0, 9.0


def line_tiles(sheet: Sheet, line: JudgedLine, x: float, size: float) -> float:
    """Draw a line's tiles from x on the cursor's baseline (no scores: a line is read, not
    scored) and return where they end."""
    for symbol in line.symbols:
        draw_tile(sheet.canvas, x, sheet.y, size, symbol, None)
        x += size * (1 + TILE_GAP)
    return x


def fitting_tile(sheet: Sheet, item: TrueOrNotItem, room: float, largest: float) -> float:
    """Return the tile size that fits the longest line of the item in `room` points across."""
    longest = max(len(line.symbols) for line in item.lines)
    return min(largest, room / (longest * (1 + TILE_GAP)))


def student_page(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: TrueOrNotItem) -> None:
    """Draw one sheet's student page: every line of tiles, T and F to circle, a line for why."""
    large = worksheet.large_print
    text = 12.0 if large else 10.0
    words = Wording(env, "trueornot.j2", worksheet=worksheet, item=item, page=1)
    sheet.open(words, text * 1.8)
    sheet.name_and_instructions(words, text, after=0.6)
    canvas = sheet.canvas
    number_width = width(f"{len(item.lines)}.", text, True) + 8
    marks_width = text * 6
    why = text * 1.8  # the why line under the tiles
    per_line = sheet.room() / len(item.lines)
    size = fitting_tile(sheet, item, sheet.content_width - number_width - marks_width, MAX_TILE[large])
    size = max(min(size, per_line - why - 6), MIN_TILE[large])
    for number, line in enumerate(item.lines, 1):
        sheet.need(size + why + 6)
        sheet.y -= size
        canvas.setFont(BOLD, text)
        middle = sheet.y + size / 2 - text * 0.35
        canvas.drawString(sheet.left, middle, f"{number}.")
        line_tiles(sheet, line, sheet.left + number_width, size)
        for k, mark in enumerate((words["true_mark"], words["false_mark"])):
            cx = sheet.right - marks_width + text * 1.5 + k * text * 3
            canvas.setFont(BOLD, text * 1.1)
            canvas.drawCentredString(cx, middle, mark)
            canvas.setLineWidth(0.6)
            canvas.circle(cx, middle + text * 0.35, text * 0.95, stroke=1, fill=0)
        sheet.y -= why * 0.75
        canvas.setFont(REGULAR, text * 0.9)
        canvas.drawString(sheet.left + number_width, sheet.y, words["why_label"])
        canvas.setLineWidth(0.5)
        start = sheet.left + number_width + width(words["why_label"], text * 0.9) + 4
        canvas.line(start, sheet.y - 2, sheet.right, sheet.y - 2)
        sheet.y -= why * 0.25 + 6


def key_page(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: TrueOrNotItem) -> None:
    """Draw one sheet's answer key: every line's tiles, T or F, and the verdict under it."""
    words = Wording(env, "trueornot_key.j2", worksheet=worksheet, item=item, page=1, line=None)
    sheet.open(words, KEY_TEXT * 1.9)
    sheet.paragraph(words["summary_line"], KEY_TEXT, after=0.8)
    canvas = sheet.canvas
    number_width = width(f"{len(item.lines)}.", KEY_TEXT, True) + 8
    size = fitting_tile(sheet, item, sheet.content_width - number_width - KEY_TEXT * 3, KEY_TILE)
    for number, line in enumerate(item.lines, 1):
        verdict = words.given(line=line)["verdict_line"]
        sheet.need(size + KEY_TEXT * 2.6)
        sheet.y -= size
        middle = sheet.y + size / 2 - KEY_TEXT * 0.35
        canvas.setFont(BOLD, KEY_TEXT)
        canvas.drawString(sheet.left, middle, f"{number}.")
        line_tiles(sheet, line, sheet.left + number_width, size)
        canvas.setFont(BOLD, KEY_TEXT * 1.3)
        canvas.drawRightString(sheet.right, middle, words["true_mark" if line.true else "false_mark"])
        sheet.y -= 2
        sheet.paragraph(verdict, KEY_TEXT, bold=not line.true, indent=number_width, after=0.6)


def render_trueornot(worksheet: Worksheet, env: jinja2.Environment) -> tuple[bytes, bytes]:
    """Return the student PDF and the key PDF of a True or not? worksheet, as bytes."""
    return (worksheet_pdf(worksheet, env, "trueornot.j2", student_page),
            worksheet_pdf(worksheet, env, "trueornot_key.j2", key_page, line=None))
