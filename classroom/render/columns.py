"""Long lists drawn compactly: entries (a score and a text) flowing down columns, and a key's
tile combinations (score and tiles on the left, every equation of those tiles on the right),
page after page, until every entry is drawn; nothing is ever cut.

A blank in a text is written '?×' (the blank standing for ×): it is drawn with a box around
it, so a teacher sees at a glance which tile of an equation is the blank.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from classroom.render.fonts import BOLD, REGULAR, width
from classroom.render.page import Sheet
from classroom.render.wording import printed

GAP = 14.0  # between columns
BLANK_MARK = re.compile(r"\?(\d/\d|.)")  # a blank and the symbol it stands for: ?5, ?7/4, ?×


@dataclass(frozen=True)
class Entry:
    """One line of a list: a score, a printed text, bold or not."""

    score: int
    text: str
    bold: bool = False


@dataclass(frozen=True)
class Group:
    """A key's tile combination as drawn: score, printed tiles, its entries' printed texts."""

    score: int
    tiles: str  # like '2 3 4 8 ?÷'
    texts: tuple[str, ...]
    bold: bool = False


def draw_marked(canvas: Canvas, x: float, y: float, text: str, size: float, bold: bool = False) -> None:
    """Draw text at (x, y) with a box around every blank mark '?×' in it (returns nothing)."""
    font = BOLD if bold else REGULAR
    canvas.setFont(font, size)
    canvas.drawString(x, y, text)
    if "?" not in text:
        return
    canvas.saveState()
    canvas.setLineWidth(0.5)
    for mark in BLANK_MARK.finditer(text):
        start = x + width(text[:mark.start()], size, bold)
        span = width(mark.group(), size, bold)
        canvas.roundRect(start - 1, y - size * 0.25, span + 2, size * 1.1, size * 0.2, stroke=1, fill=0)
    canvas.restoreState()


def draw_columns(sheet: Sheet, entries: list[Entry], size: float, height: float | None = None) -> int:
    """Return how many entries were drawn, in columns from the cursor on: all of them, adding
    pages as needed, or when `height` is given only those that fit in that height."""
    if not entries:
        return 0
    line = size * 1.3
    score_width = max(width(str(e.score), size, True) for e in entries) + size * 0.8
    text_width = max(width(e.text, size, e.bold) for e in entries) + size * 0.4
    column = score_width + text_width + GAP
    count = max(1, min(int((sheet.content_width + GAP) // column), len(entries)))
    column = (sheet.content_width + GAP) / count
    start = 0
    while start < len(entries):
        room = sheet.room() if height is None else min(height, sheet.room())
        rows = int(room // line)
        if rows < 1:
            if height is not None:
                break
            sheet.new_page()
            continue
        chunk = entries[start:start + rows * count]
        rows = math.ceil(len(chunk) / count)  # balance the columns of the last chunk
        top = sheet.y
        for index, entry in enumerate(chunk):
            x = sheet.left + (index // rows) * column
            y = top - (index % rows + 1) * line + (line - size) / 2
            sheet.canvas.setFont(BOLD, size)
            sheet.canvas.drawRightString(x + score_width - size * 0.8, y, str(entry.score))
            draw_marked(sheet.canvas, x + score_width, y, entry.text, size, entry.bold)
        sheet.y = top - rows * line
        start += len(chunk)
        if height is not None:
            break
        if start < len(entries):
            sheet.new_page()
    sheet.y -= line * 0.5
    return start


def draw_groups(sheet: Sheet, groups: list[Group], size: float) -> None:
    """Draw every group: its score and tiles on the left, its texts in cells to the right,
    row after row, adding pages as needed; a group split by a page repeats its score and
    tiles on the next (returns nothing)."""
    if not groups:
        return
    line = size * 1.35
    score_width = max(width(str(g.score), size, True) for g in groups) + size * 0.7
    tiles_width = max(width(g.tiles, size, True) for g in groups) + size * 1.2
    gutter = score_width + tiles_width
    cell = max(width(t, size, g.bold) for g in groups for t in g.texts) + size * 1.4
    area = sheet.content_width - gutter
    per_row = max(1, int(area // cell))
    cell = area / per_row
    canvas = sheet.canvas
    for group in groups:
        rows = math.ceil(len(group.texts) / per_row)
        first = True
        for row in range(rows):
            if sheet.room() < line * (1 if row else min(rows, 2)):
                sheet.new_page()
                first = True
            y = sheet.y - line + (line - size) / 2 + size * 0.1
            if first:
                canvas.saveState()
                canvas.setStrokeGray(0.75)
                canvas.setLineWidth(0.4)
                canvas.line(sheet.left, sheet.y, sheet.right, sheet.y)
                canvas.restoreState()
                canvas.setFont(BOLD, size)
                canvas.drawRightString(sheet.left + score_width - size * 0.7, y, str(group.score))
                draw_marked(canvas, sheet.left + score_width, y, group.tiles, size, True)
                first = False
            for index, text in enumerate(group.texts[row * per_row:(row + 1) * per_row]):
                draw_marked(canvas, sheet.left + gutter + index * cell, y, text, size, group.bold)
            sheet.y -= line
        sheet.y -= line * 0.15


def group_of(score: int, tiles: tuple[str, ...], texts: list[str], bold: bool) -> Group:
    """Return a key group as drawn: tiles and texts printed (a typographic minus)."""
    return Group(score, printed(" ".join(tiles)), tuple(printed(t) for t in texts), bold)
