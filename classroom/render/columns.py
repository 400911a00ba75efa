"""Long lists drawn compactly: entries (a score and a text) flowing down columns, page after
page, until every entry is drawn; nothing is ever cut."""

from __future__ import annotations

import math
from dataclasses import dataclass

from classroom.render.fonts import BOLD, REGULAR, width
from classroom.render.page import Sheet

GAP = 14.0  # between columns


@dataclass(frozen=True)
class Entry:
    """One line of a list: a score, a printed text, bold or not."""

    score: int
    text: str
    bold: bool = False


def draw_columns(sheet: Sheet, entries: list[Entry], size: float) -> int:
    """Draw the entries in columns from the cursor on, adding pages as needed; return pages added."""
    if not entries:
        return 0
    line = size * 1.3
    score_width = max(width(str(e.score), size, True) for e in entries) + size * 0.8
    text_width = max(width(e.text, size, e.bold) for e in entries)
    column = score_width + text_width + GAP
    count = max(1, min(int((sheet.content_width + GAP) // column), len(entries)))
    column = (sheet.content_width + GAP) / count
    added = 0
    start = 0
    while start < len(entries):
        rows = int(sheet.room() // line)
        if rows < 1:
            sheet.new_page()
            added += 1
            continue
        chunk = entries[start:start + rows * count]
        rows = math.ceil(len(chunk) / count)  # balance the columns of the last chunk
        top = sheet.y
        for index, entry in enumerate(chunk):
            x = sheet.left + (index // rows) * column
            y = top - (index % rows + 1) * line + (line - size) / 2
            font = BOLD if entry.bold else REGULAR
            sheet.canvas.setFont(BOLD, size)
            sheet.canvas.drawRightString(x + score_width - size * 0.8, y, str(entry.score))
            sheet.canvas.setFont(font, size)
            sheet.canvas.drawString(x + score_width, y, entry.text)
        sheet.y = top - rows * line
        start += len(chunk)
        if start < len(entries):
            sheet.new_page()
            added += 1
    sheet.y -= line * 0.5
    return added
