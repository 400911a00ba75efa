"""The variety of equations PDFs: the student sheet (the hand as tiles, then each kind asked with
the booklet's example and a line to write one equation and its score) and the key (per kind, how
many equations of the hand show it and its first families, best first)."""

from __future__ import annotations

import jinja2

from classroom.make.variety import VarietyItem
from classroom.make.worksheet import Worksheet
from classroom.render.boardless_pdf import draw_tiles_row
from classroom.render.fonts import REGULAR, width
from classroom.render.page import Sheet, worksheet_pdf
from classroom.render.wording import Wording, printed

TEXT = {False: 11.0, True: 14.0}  # the student sheet's text (large print or not), in points
KEY_TEXT = 10.0


def student_page(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: VarietyItem) -> None:
    """Draw one sheet: name lines, instructions, the hand, then a heading, the example and a
    line to write on for every kind asked."""
    text = TEXT[worksheet.large_print]
    words = Wording(env, "variety.j2", worksheet=worksheet, item=item, page=1, kind=None)
    sheet.open(words, text * 1.7)
    sheet.name_and_instructions(words, text, labels=("name_label", "class_label", "date_label"), after=0.6)
    draw_tiles_row(sheet, item.hand, min(text * 3.4, sheet.content_width / len(item.hand) - 6), 6)
    canvas = sheet.canvas
    score = words["score_label"]
    per_kind = max(text * 5, (sheet.room() - text) / len(item.kinds))
    for kind in item.kinds:
        given = words.given(kind=kind)
        sheet.need(per_kind)
        start = sheet.y
        sheet.text(given["kind_heading"], text * 1.1, bold=True)
        sheet.text(given["kind_example"], text)
        sheet.y = start - per_kind + text * 1.2
        canvas.setFont(REGULAR, text)
        canvas.setLineWidth(0.6)
        box = width(score, text) + text * 5
        canvas.line(sheet.left, sheet.y, sheet.right - box - 12, sheet.y)
        canvas.drawString(sheet.right - box, sheet.y + 2, score)
        canvas.line(sheet.right - box + width(score, text) + 4, sheet.y, sheet.right, sheet.y)
        sheet.y -= text * 1.2


def key_page(sheet: Sheet, env: jinja2.Environment, worksheet: Worksheet, item: VarietyItem) -> None:
    """Draw one sheet's key: the hand, what the counts mean, then every kind with its count and
    its first families, each with its score (and how many equations the family holds)."""
    words = Wording(env, "variety_key.j2", worksheet=worksheet, item=item, page=1, kind=None)
    sheet.open(words, KEY_TEXT * 1.7)
    sheet.text(words["hand_line"], KEY_TEXT)
    draw_tiles_row(sheet, item.hand, KEY_TEXT * 2.6, 6)
    sheet.paragraph(words["summary"], KEY_TEXT, after=0.8)
    for kind in item.kinds:
        sheet.text(words.given(kind=kind)["kind_heading"], KEY_TEXT * 1.1, bold=True)
        for family in kind.shown:
            more = f"   ({family.count} in the family)" if family.count > 1 else ""
            sheet.text(f"{printed(family.answer.marked)}   {family.score}{more}", KEY_TEXT, x=sheet.left + 14)
        sheet.y -= KEY_TEXT * 0.6


def render_variety(worksheet: Worksheet, env: jinja2.Environment) -> tuple[bytes, bytes]:
    """Return the student PDF and the key PDF of a variety of equations worksheet, as bytes."""
    return (worksheet_pdf(worksheet, env, "variety.j2", student_page, kind=None),
            worksheet_pdf(worksheet, env, "variety_key.j2", key_page, kind=None))
