"""The Boardless Activity PDFs: the student sheet (cut-apart tile strips and a recording table)
and the answer key (a one-page summary, then every equation by tile combination; or, the
default, every family of equations once)."""

from __future__ import annotations

import jinja2

from classroom.make.worksheet import BoardlessItem, KeyFamily, TileFace, Worksheet
from classroom.render.columns import Entry, draw_columns, draw_groups, group_of
from classroom.render.fonts import BOLD, REGULAR
from classroom.render.page import Sheet, worksheet_pdf
from classroom.render.tiles import cut_lines, draw_tile
from classroom.render.wording import Wording, printed

MIN_ROWS = 24  # room for a student's list; a sheet that fits fewer gets a second page of rows
NORMAL = {"text": 10.0, "tile": 38.0, "pad": 4.0, "strips": 3, "row": 22.0, "columns": 2}
LARGE = {"text": 14.0, "tile": 49.0, "pad": 4.0, "strips": 2, "row": 30.0, "columns": 1}
KEY_TEXT, KEY_ENTRY = 10.0, 8.0  # the key's text sizes, large print or not: a key is for the teacher
# With the full key, the summary lists at most this many best (and nine-tile) equations: the
# full list starts with the best ones and prints every nine-tile equation in bold. A summary
# key lists as many as fit its one page.
SUMMARY_LIMIT = 48


def draw_tiles_row(sheet: Sheet, tiles: tuple[TileFace, ...], size: float, gap: float) -> None:
    """Draw tiles in a row at the cursor, from the left margin, and move below them."""
    sheet.need(size + gap)
    sheet.y -= size
    for index, tile in enumerate(tiles):
        draw_tile(sheet.canvas, sheet.left + index * (size + gap), sheet.y, size, tile.symbol, tile.score)
    sheet.y -= gap * 2


def draw_strips(sheet: Sheet, tiles: tuple[TileFace, ...], size: float, pad: float, strips: int) -> None:
    """Draw `strips` copies of the hand as cells to cut apart along dashed lines."""
    cell = size + 2 * pad
    total = cell * len(tiles)
    left = sheet.left + (sheet.content_width - total) / 2
    canvas = sheet.canvas
    sheet.y -= 4
    top = sheet.y
    for strip in range(strips):
        y = top - (strip + 1) * cell
        for index, tile in enumerate(tiles):
            draw_tile(canvas, left + index * cell + pad, y + pad, size, tile.symbol, tile.score)
    with cut_lines(canvas):
        for strip in range(strips + 1):
            y = top - strip * cell
            canvas.line(left - 8, y, left + total + 8, y)
        for index in range(len(tiles) + 1):
            x = left + index * cell
            canvas.line(x, top + 4, x, top - strips * cell - 4)
    sheet.y = top - strips * cell - 10


def draw_record_table(sheet: Sheet, words: Wording, style: dict, bottom_space: float,
                      first: int = 1) -> int:
    """Return how many rows the numbered recording table (# | equation | score) holds, after
    drawing it to fill the page's free height, numbered from `first`."""
    canvas, size, row = sheet.canvas, style["text"], style["row"]
    columns = style["columns"]
    gap = 16.0
    column_width = (sheet.content_width - gap * (columns - 1)) / columns
    number_width, score_width = size * 2.6, size * 5
    rows = int((sheet.room() - bottom_space - row) // row)
    top = sheet.y
    canvas.setLineWidth(0.6)
    for c in range(columns):
        x = sheet.left + c * (column_width + gap)
        canvas.setFillGray(0.9)
        canvas.rect(x, top - row, column_width, row, stroke=1, fill=1)
        canvas.setFillGray(0)
        canvas.setFont(BOLD, size)
        baseline = top - row / 2 - size * 0.35
        canvas.drawCentredString(x + number_width / 2, baseline, words["number_heading"])
        canvas.drawString(x + number_width + 6, baseline, words["equation_heading"])
        canvas.drawCentredString(x + column_width - score_width / 2, baseline, words["score_heading"])
        canvas.setFont(REGULAR, size * 0.85)
        for r in range(rows):
            y = top - row * (r + 2)
            canvas.rect(x, y, column_width, row, stroke=1, fill=0)
            canvas.drawCentredString(x + number_width / 2, y + row / 2 - size * 0.3,
                                     str(first + c * rows + r))
        bottom = top - row * (rows + 1)
        canvas.line(x + number_width, top, x + number_width, bottom)
        canvas.line(x + column_width - score_width, top, x + column_width - score_width, bottom)
    sheet.y = top - row * (rows + 1)
    return rows * columns


def student_page(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: BoardlessItem,
                 student: str | None = None) -> None:
    """Draw one item's student page (with the student's name when it is printed for one)."""
    style = LARGE if worksheet.large_print else NORMAL
    size = style["text"]
    words = Wording(env, "boardless.j2", worksheet=worksheet, item=item, page=1)
    sheet.open(words, size * 1.8, check=worksheet.check_address(item.id))
    sheet.name_and_instructions(words, size, student, labels=("name_label", "class_label", "date_label"),
                                space=size * 0.4, after=0.4)
    draw_strips(sheet, item.hand, style["tile"], style["pad"], style["strips"])
    total_space = max(size * 3.2, sheet.corner_height())  # the total sits beside a QR code
    rows = draw_record_table(sheet, words, style, total_space)
    if rows < MIN_ROWS:  # large print: the list goes on over a whole second page of rows
        sheet.canvas.setFont(REGULAR, size)
        sheet.canvas.drawRightString(sheet.right, sheet.y - size * 1.6, words["continued_line"])
        sheet.finish_page()
        sheet.text(words["id_line"], size)  # the page names its student, should it go astray
        sheet.write_lines([words["name_label"]], size, student)
        sheet.y -= size
        draw_record_table(sheet, words, style, total_space, first=rows + 1)
    sheet.y -= size * 2.2
    label = words["total_label"]
    line_start = sheet.right - size * 8
    sheet.canvas.setFont(BOLD, size * 1.1)
    sheet.canvas.drawRightString(line_start - 6, sheet.y, label)
    sheet.canvas.setLineWidth(1)
    sheet.canvas.rect(line_start, sheet.y - size * 0.6, size * 8, size * 2, stroke=1, fill=0)


def key_pages(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: BoardlessItem) -> None:
    """Draw one item's answer key: the summary (always one page), then with the full key every
    equation by tile combination, over as many pages as they need. The key keeps its normal
    size when the student sheets are in large print."""
    size, entry_size = KEY_TEXT, KEY_ENTRY
    nine_others = [a for a in item.nine_tile if a.score != item.best_score]
    values = {"worksheet": worksheet, "item": item, "page": 1, "best_shown": 0, "nine_shown": 0}
    words = Wording(env, "boardless_key.j2", **values)
    sheet.on_new_page = None
    sheet.open(words, size * 1.6)
    sheet.text(words["hand_line"], size)
    sheet.y -= 4
    draw_tiles_row(sheet, item.hand, size * 2.6, 6)
    sheet.text(words["summary_heading"], size * 1.2, bold=True)
    sheet.paragraph(words["summary"], size)
    if not item.count:
        return
    if worksheet.key == "families":
        family_pages(sheet, env, words, values, item)
        return
    legend = words["blank_legend"]
    # The summary stays on its page: what does not fit is counted, and found in the full list.
    reserve = size * 1.4 * (4 + (2 if legend else 0))
    sheet.paragraph(words["best_heading"], size, bold=True, after=0.2)
    share = 0.55 if nine_others else 1.0
    limit = SUMMARY_LIMIT if worksheet.key == "full" else len(item.answers)  # a summary key fills its page
    best = entries(item.best[:limit])
    values["best_shown"] = draw_columns(sheet, best, entry_size, (sheet.room() - reserve) * share)
    more_best = Wording(env, "boardless_key.j2", **values)["more_best"]
    if more_best:
        sheet.paragraph(more_best, size * 0.9, after=0.3)
    sheet.paragraph(words["nine_heading"], size, bold=True, after=0.2)
    values["nine_shown"] = draw_columns(sheet, entries(nine_others[:limit]), entry_size,
                                        sheet.room() - reserve + size * 1.4 * 3)
    more_nine = Wording(env, "boardless_key.j2", **values)["more_nine"]
    if more_nine:
        sheet.paragraph(more_nine, size * 0.9, after=0.3)
    if legend:
        sheet.paragraph(legend, size * 0.85, after=0.3)
    if worksheet.key != "full":
        return
    sheet.need(size * 6)
    sheet.text(words["all_heading"], size * 1.2, bold=True)
    sheet.paragraph(words["legend"], size * 0.85, after=0.3)

    def continued() -> None:
        sheet.text(words["id_line"], size * 0.8)
        sheet.text(words["all_heading_continued"], size, bold=True)

    sheet.on_new_page = continued
    draw_groups(sheet, [group_of(g.score, g.tiles, [a.marked for a in g.answers], g.all_nine)
                        for g in item.groups], entry_size)
    sheet.on_new_page = None


def family_pages(sheet: Sheet, env: jinja2.Environment, words: Wording, values: dict,
                 item: BoardlessItem) -> None:
    """Draw a key by families after its summary: every family once, best first, under its score
    and tiles, as many pages as they need (a key of --key families)."""
    size = KEY_TEXT
    sheet.paragraph(words["families_heading"], size * 1.2, bold=True, after=0.2)
    sheet.paragraph(words["families_legend"], size * 0.85, after=0.3)
    if words["blank_legend"]:
        sheet.paragraph(words["blank_legend"], size * 0.85, after=0.3)

    def continued() -> None:
        sheet.text(words["id_line"], size * 0.8)
        sheet.text(words["families_heading_continued"], size, bold=True)

    rows: list[tuple[KeyFamily, str]] = [
        (f, Wording(env, "boardless_key.j2", **values, family=f)["family_line"]) for f in item.families]
    groups = [group_of(run[0][0].score, run[0][0].tiles, [line for _, line in run], run[0][0].answer.all_nine)
              for run in _by_tiles(rows)]
    sheet.on_new_page = continued
    draw_groups(sheet, groups, KEY_ENTRY)
    sheet.on_new_page = None


def _by_tiles(rows: list[tuple[KeyFamily, str]]) -> list[list[tuple[KeyFamily, str]]]:
    """Return the family lines in runs of one tile combination each, in order."""
    runs: list[list[tuple[KeyFamily, str]]] = []
    for row in rows:
        if runs and runs[-1][0][0].tiles == row[0].tiles:
            runs[-1].append(row)
        else:
            runs.append([row])
    return runs


def entries(answers) -> list[Entry]:
    """Return answers as column entries: score, printed text (blanks marked), bold for all nine tiles."""
    return [Entry(a.score, printed(a.marked), a.all_nine) for a in answers]


def render_boardless(worksheet: Worksheet, env: jinja2.Environment) -> tuple[bytes, bytes | None]:
    """Return the student PDF and the key PDF of a boardless worksheet, as bytes (no key PDF,
    None, when the worksheet asks for none)."""
    student = worksheet_pdf(worksheet, env, "boardless.j2", student_page, worksheet.student_pages)
    if worksheet.key == "none":
        return student, None
    return student, worksheet_pdf(worksheet, env, "boardless_key.j2", key_pages, best_shown=0, nine_shown=0)
