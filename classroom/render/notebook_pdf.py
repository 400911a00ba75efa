"""The Activity Notebook PDFs: the student binder (a contents page, then every section's
reproducible pages) and the teacher's book (a contents page, then for every section its notes
and every key), each one PDF.

The worksheets' own page drawers draw into the binder's one canvas (boardless_pdf,
situations_pdf, scoreplay_pdf, trueornot_pdf: each draws an item on the Sheet it is given), so a
sheet looks the same in the binder as printed alone, footer, id and seed included. The binder's
own pages (contents, notes, the print-and-play set, the projector pages) are drawn here and in
render.printplay. Every page carries an id and the seed, and the binder's page number.

The contents give the page each section starts on: the binder is drawn twice, the first time
to learn them (the contents always take one page, so the numbers do not move).
"""

from __future__ import annotations

from typing import Callable

import jinja2

from classroom.make.notebook import Notebook, Section
from classroom.make.worksheet import Worksheet, premium_labels
from classroom.render import boardless_pdf, scoreplay_pdf, situations_pdf, trueornot_pdf, variety_pdf
from classroom.render.boardgrid import board_size, draw_board
from classroom.render.fonts import BOLD, REGULAR, width
from classroom.render.overhead_pdf import PROJECTOR_TEXT, TABLE_ROWS, Table, board_beside, draw_table
from classroom.render.page import Sheet
from classroom.render.printplay import draw_map, draw_part, draw_ruler, draw_tile_cells, parts, tile_grid
from classroom.render.tiles import draw_tile
from classroom.render.wording import Wording, in_binder, printed

TEXT = 10.0  # the notes' and the contents' text size
TILE_TOP = 112.0  # from a tile page's top edge to its first row of tiles: the title and two lines

# Every value notebook.j2 reads, so that any of its pieces can be asked for on any page.
BLANK_VALUES = {"page_id": "", "page": 1, "teacher": False, "section": None, "step": "", "part": 1,
                "parts": 1, "band": (0, 0), "first": "", "last": "", "under": 1, "glued": {}, "tile_page": 1,
                "tile_pages": 1, "cited": 0, "number": 1, "count": 1,
                "line": ""}


def words(env: jinja2.Environment, notebook: Notebook, **values) -> Wording:
    """Return the notebook's own wording for the values given (the others blank)."""
    return Wording(env, "notebook.j2", notebook=notebook, **{**BLANK_VALUES, **values})


def notes(env: jinja2.Environment, notebook: Notebook, section: Section) -> Wording:
    """Return a section's teacher's notes (templates/notes/SECTION.j2), given the level's grade
    band and the pages of a print-and-play set."""
    pages = len(parts(notebook.page_size)) + tile_pages(notebook)
    return Wording(env, f"notes/{section.name}.j2", notebook=notebook, section=section,
                   band=words(env, notebook)["grade_band"], pages=pages)


def tile_pages(notebook: Notebook) -> int:
    """Return how many pages the print-and-play tiles take."""
    per_page = tile_grid(notebook.page_size, TILE_TOP).per_page
    return -(-len(notebook.tiles) // per_page)


class Binder:
    """One of the notebook's two PDFs being drawn: the Sheet, the page each section starts on."""

    def __init__(self, env: jinja2.Environment, notebook: Notebook, teacher: bool,
                 starts: dict[str, int] | None, sheet_pages: dict[str, int] | None = None) -> None:
        self.env, self.notebook, self.teacher = env, notebook, teacher
        self.known = starts or {}  # the section starts the contents print (from the first drawing)
        self.starts: dict[str, int] = {}
        self.sheet_pages = sheet_pages or {}  # the student binder's page of every sheet, by item id
        self.cited = 0  # the binder page of the sheet the current key answers (0: none)
        self.head = ""  # what the current student sheet practises, over its header ("": nothing)
        self.drawn: dict[str, int] = {}  # the page every item was drawn on in this PDF, by item id
        title = words(env, notebook, teacher=teacher)["teacher_title" if teacher else "title"]
        self.sheet = Sheet(notebook.page_size, title)
        self.sheet.folio = lambda number: words(env, notebook, page=number, teacher=teacher)["folio"]
        self.sheet.running_head = lambda number: words(env, notebook, cited=self.cited)["cite_line"] \
            if self.cited else self.head
        self.fresh = True  # nothing is drawn on the current page yet

    def turn(self, landscape: bool = False) -> Sheet:
        """Return the sheet on a fresh page (portrait, or landscape), the previous one closed,
        its worksheet state (continuation header, QR code, page count) cleared."""
        sheet = self.sheet
        if not self.fresh:
            sheet.on_new_page = None
            sheet.finish_page()
        sheet.corner = None
        sheet.on_new_page = None
        sheet.page = 1
        sheet.orient(landscape)
        self.fresh = False
        self.cited, self.head = 0, ""
        return sheet

    def item_page(self, item_id: str) -> Sheet:
        """Return the sheet on a fresh page for an item's sheet or key, noting the page it starts
        on; a key's folio cites the binder page of the sheet it answers."""
        sheet = self.turn()
        self.drawn[item_id] = sheet.canvas.getPageNumber()
        self.cited = self.sheet_pages.get(item_id, 0) if self.teacher else 0
        return sheet

    def own_page(self, page_id: str, landscape: bool = False) -> Sheet:
        """Return the sheet on a fresh page of the notebook's own, its footer naming page_id."""
        sheet = self.turn(landscape)
        sheet.footer = lambda page: words(self.env, self.notebook, page_id=page_id, page=page)["footer"]
        return sheet

    def section(self, name: str) -> None:
        """Note that the next page starts a section."""
        self.starts[name] = self.sheet.canvas.getPageNumber() + (0 if self.fresh else 1)

    def pdf(self) -> bytes:
        """Return the finished PDF."""
        return self.sheet.pdf()


def contents(binder: Binder) -> None:
    """Draw the contents page: the notebook's title and id, a paragraph, and every section with
    what it holds (each item's id and what it practises) and the page it starts on."""
    notebook, env = binder.notebook, binder.env
    sheet = binder.own_page(notebook.id)
    head = words(env, notebook, teacher=binder.teacher)
    sheet.header(head["teacher_title" if binder.teacher else "title"], head["id_line"], size=TEXT * 1.9)
    sheet.paragraph(head["contents_intro"], TEXT, after=0.8)
    if head["convention"]:
        sheet.paragraph(head["convention"], TEXT, bold=True, after=0.8)
    sheet.text(head["contents_heading"], TEXT * 1.4, bold=True)
    sheet.y -= 4
    page_width = width("000", TEXT * 1.1, True) + 10
    for section in notebook.sections:
        start = binder.known.get(section.name)
        sheet.need(TEXT * 4)
        sheet.y -= TEXT * 1.2
        sheet.canvas.setFont(BOLD, TEXT * 1.15)
        sheet.canvas.drawString(sheet.left, sheet.y, head[f"title_{section.name}"])
        sheet.canvas.drawRightString(sheet.right, sheet.y, "" if start is None else str(start))
        sheet.canvas.setLineWidth(0.4)
        sheet.canvas.setDash(1, 2)
        start_x = sheet.left + width(head[f"title_{section.name}"], TEXT * 1.15, True) + 6
        sheet.canvas.line(start_x, sheet.y, sheet.right - page_width, sheet.y)
        sheet.canvas.setDash()
        sheet.y -= TEXT * 0.5
        for line in holdings(env, notebook, section):
            sheet.text(line, TEXT * 0.9, x=sheet.left + 14, gap=0.3)
        sheet.y -= TEXT * 0.3


def holdings(env: jinja2.Environment, notebook: Notebook, section: Section) -> list[str]:
    """Return the contents' lines for a section: one an item ('B-1-3f9a-01: easy hand ...'), or
    the print-and-play set's pages."""
    if section.name == "printplay":
        return [words(env, notebook, parts=len(parts(notebook.page_size)),
                      tile_pages=tile_pages(notebook))["printplay_holds"]]
    lines = [f"{item.id}: {words(env, notebook, step=step)['step_line']}"
             for item, step in zip(section.items, section.steps)]
    if section.name == "overhead":  # the two transparencies come first, with no item to key
        lines = [f"{notebook.id}-{step}: {words(env, notebook, step=step)['step_line']}"
                 for step in TRANSPARENCIES] + lines
    return lines


# --- the student binder ------------------------------------------------------------------------

def student_section(binder: Binder, section: Section) -> None:
    """Draw a section's reproducible pages."""
    binder.section(section.name)
    if section.name == "printplay":
        print_and_play(binder)
        return
    if section.name == "overhead":  # the overhead game's two pages, then a board and a hand to project
        empty_board(binder)
        large_hand(binder)
        for worksheet in section.worksheets:
            for item in worksheet.items:
                (overhead_board if worksheet.kind == "situations" else overhead_hand)(binder, worksheet, item)
        return
    sheets = [(worksheet, item) for worksheet in section.worksheets for item in worksheet.items]
    for number, ((worksheet, item), step) in enumerate(zip(sheets, section.steps), 1):
        sheet = binder.item_page(item.id)
        # Over the sheet's header: its section, its place in it (counted over the whole section)
        # and what it practises, as the contents says.
        binder.head = words(binder.env, binder.notebook, section=section, step=step, number=number,
                            count=len(sheets))["sheet_head"]
        STUDENT_PAGES[worksheet.kind](sheet, binder.env, worksheet, item)


STUDENT_PAGES: dict[str, Callable] = {
    "boardless": boardless_pdf.student_page, "situations": situations_pdf.student_page,
    "scoreplay": scoreplay_pdf.student_page, "trueornot": trueornot_pdf.student_page,
    "variety": variety_pdf.student_page,
}
KEY_PAGES: dict[str, Callable] = {
    "boardless": boardless_pdf.key_pages, "situations": situations_pdf.key_pages,
    "scoreplay": scoreplay_pdf.key_page, "trueornot": trueornot_pdf.key_page,
    "variety": variety_pdf.key_page,
}


def print_and_play(binder: Binder) -> None:
    """Draw the board's parts, a page each, then the tile pages."""
    notebook, env = binder.notebook, binder.env
    found = parts(notebook.page_size)
    premiums = premium_labels()
    for part in found:
        page_id = f"{notebook.id}-board-{part.number}"
        sheet = binder.own_page(page_id)
        under = neighbours(found, part)
        said = words(env, notebook, page_id=page_id, part=part.number, parts=len(found), band=part.band,
                     first=part.first, last=part.last, glued=under)
        map_side = 36.0
        sheet.header(said["board_title"], said["id_line"], size=TEXT * 1.6)
        top = sheet.y
        label = said["map_label"]
        room = sheet.content_width - map_side - width(label, 8, True) - 16
        for line in (said["board_line"], said["board_how"]):
            for piece in _wrapped(line, TEXT * 0.9, room):
                sheet.text(piece, TEXT * 0.9, gap=0.25)
        draw_map(sheet.canvas, found, part, sheet.right, top, map_side, label)
        glue = {side: words(env, notebook, under=number)["glue_label"] for side, number in under.items()}
        draw_part(sheet.canvas, part, premiums, glue)
        draw_ruler(sheet.canvas, sheet.left, sheet.bottom + 4, said["ruler_label"])
    grid = tile_grid(notebook.page_size, TILE_TOP)
    pages = tile_pages(notebook)
    for number in range(1, pages + 1):
        page_id = f"{notebook.id}-tiles-{number}"
        sheet = binder.own_page(page_id)
        said = words(env, notebook, page_id=page_id, tile_page=number, tile_pages=pages)
        sheet.header(said["tiles_title"], said["id_line"], size=TEXT * 1.6)
        sheet.paragraph(said["tiles_line"], TEXT * 0.9)
        draw_tile_cells(sheet.canvas, grid, list(notebook.tiles[(number - 1) * grid.per_page:number * grid.per_page]))
        draw_ruler(sheet.canvas, sheet.left, sheet.bottom + 4, said["ruler_label"])


def neighbours(found: tuple, part) -> dict[str, int]:
    """Return the parts a part's glue edges go under, by side: {'left': 1}."""
    number = {p.band: p.number for p in found}
    i, j = part.band
    step = {"left": (i, j - 1), "bottom": (i + 1, j), "right": (i, j + 1), "top": (i - 1, j)}
    return {side: number[step[side]] for side in part.glued}


def _wrapped(text: str, size: float, room: float) -> list[str]:
    """Return text's lines wrapped to `room` points."""
    from reportlab.lib.utils import simpleSplit

    return simpleSplit(text, REGULAR, size, room) or [""]


TRANSPARENCIES = ("empty-board", "large-hand")  # the overhead game's two pages, before the projector's
TEAMS = 4  # the score table's columns: two to four teams


def empty_board(binder: Binder) -> None:
    """Draw the overhead game's board transparency (landscape): the empty board as large as the
    page's height allows, and beside it a score table for two to four teams, a row a turn."""
    notebook, env = binder.notebook, binder.env
    page_id = f"{notebook.id}-{TRANSPARENCIES[0]}"
    sheet = binder.own_page(page_id, landscape=True)
    said = words(env, notebook, page_id=page_id)
    sheet.header(said["empty_board_title"], said["id_line"], size=PROJECTOR_TEXT * 1.2)
    left = board_beside(sheet, [])
    teams = tuple(words(env, notebook, under=team)["team_label"] for team in range(1, TEAMS + 1))
    table = Table(teams, (("",) * TEAMS,) * TABLE_ROWS, ("",) * TEAMS, said["turn_label"], said["total_label"])
    draw_table(sheet.canvas, left, sheet.y, sheet.right, sheet.bottom, table)


def large_hand(binder: Binder) -> None:
    """Draw the overhead game's hand transparency (landscape): nine empty tiles as large as the
    page allows, five and four, to write a hand on with a marker, and a line of how to use it."""
    notebook, env = binder.notebook, binder.env
    page_id = f"{notebook.id}-{TRANSPARENCIES[1]}"
    sheet = binder.own_page(page_id, landscape=True)
    said = words(env, notebook, page_id=page_id)
    sheet.header(said["large_hand_title"], said["id_line"], size=PROJECTOR_TEXT * 1.2)
    sheet.paragraph(said["large_hand_how"], PROJECTOR_TEXT * 0.8, after=0.8)
    hand_tiles(sheet, [("", None)] * 9)


def hand_tiles(sheet: Sheet, faces: list[tuple[str, int | None]]) -> None:
    """Draw a hand's tiles as large as the rest of the page allows, five a row, centred."""
    per_row, gap = 5, 16.0
    rows = -(-len(faces) // per_row)
    tile = min((sheet.content_width - (per_row - 1) * gap) / per_row, (sheet.room() - (rows - 1) * gap) / rows)
    for index, (symbol, score) in enumerate(faces):
        row, col = divmod(index, per_row)
        in_row = min(per_row, len(faces) - row * per_row)
        start = sheet.left + (sheet.content_width - in_row * tile - (in_row - 1) * gap) / 2
        draw_tile(sheet.canvas, start + col * (tile + gap), sheet.y - (row + 1) * tile - row * gap, tile,
                  symbol, score)


def overhead_board(binder: Binder, worksheet: Worksheet, item) -> None:
    """Draw the projector's board page (landscape): the board with its position as large as the
    page's height allows, and beside it the class's hand in large tiles and boxes for the play."""
    notebook, env = binder.notebook, binder.env
    sheet = binder.own_page(item.id, landscape=True)
    binder.drawn[item.id] = sheet.canvas.getPageNumber()
    said = words(env, notebook, page_id=item.id)
    sheet.header(said["overhead_board_title"], said["overhead_board_line"], size=PROJECTOR_TEXT * 1.4)
    cell = (sheet.y - sheet.bottom) / board_size(1)
    size = board_size(cell)
    draw_board(sheet.canvas, sheet.left, sheet.y, cell, item.premiums, situations_pdf.drawn_tiles(item))
    left = sheet.left + size + 18
    room = sheet.right - left
    y = sheet.y
    text = PROJECTOR_TEXT * 0.8
    sheet.canvas.setFont(REGULAR, text)
    for line in _wrapped(said["overhead_board_how"], text, room):
        y -= text * 1.25
        sheet.canvas.drawString(left, y, line)
    tile = min(64.0, (room - 2 * 8) / 3)
    y -= 10
    for index, face in enumerate(item.hand):
        row, col = divmod(index, 3)
        draw_tile(sheet.canvas, left + col * (tile + 8), y - (row + 1) * tile - row * 8, tile, face.symbol, face.score)
    y -= 3 * tile + 2 * 8 + 20
    sheet.canvas.setFont(BOLD, text)
    for label, high in ((said["play_label"], 60.0), (said["score_label"], 44.0)):
        sheet.canvas.drawString(left, y, label)
        y -= high + 6
        sheet.canvas.setLineWidth(1.2)
        sheet.canvas.rect(left, y + text * 0.3, room, high, stroke=1, fill=0)
        y -= text * 1.2


def overhead_hand(binder: Binder, worksheet: Worksheet, item) -> None:
    """Draw the projector's hand page (landscape): the nine tiles as large as the page allows,
    five and four, and the task in large text."""
    notebook, env = binder.notebook, binder.env
    sheet = binder.own_page(item.id, landscape=True)
    binder.drawn[item.id] = sheet.canvas.getPageNumber()
    said = words(env, notebook, page_id=item.id)
    sheet.header(said["overhead_hand_title"], said["overhead_hand_line"], size=PROJECTOR_TEXT * 1.4)
    sheet.paragraph(said["overhead_hand_how"], PROJECTOR_TEXT, after=0.8)
    hand_tiles(sheet, [(face.symbol, face.score) for face in item.hand])


# --- the teacher's book ------------------------------------------------------------------------

def teacher_section(binder: Binder, section: Section) -> None:
    """Draw a section's notes, then every key of its worksheets."""
    binder.section(section.name)
    notes_page(binder, section)
    for worksheet in section.worksheets:
        draw = KEY_PAGES[worksheet.kind]
        for item in worksheet.items:
            draw(binder.item_page(item.id), binder.env, worksheet, item)


def notes_page(binder: Binder, section: Section) -> None:
    """Draw a section's teacher's notes: what it practises, how long it takes, how to run it
    with groups or teams, how to go about it, then its items (or the tile set's counts)."""
    notebook, env = binder.notebook, binder.env
    sheet = binder.own_page(f"{notebook.id}-{section.name}")
    said = notes(env, notebook, section)
    head = words(env, notebook, teacher=True)
    sheet.header(said["title"], head["id_line"], size=TEXT * 1.9)
    labelled = ("objective", "grade", "time", "materials")
    indent = max(width(head[f"{key}_heading"], TEXT, True) for key in labelled) + 10
    for key in labelled:
        sheet.need(TEXT * 1.4)
        sheet.canvas.setFont(BOLD, TEXT)
        sheet.canvas.drawString(sheet.left, sheet.y - TEXT, head[f"{key}_heading"])
        sheet.paragraph(said[key], TEXT, indent=indent, after=0.3)
    sheet.y -= TEXT * 0.5
    if head["convention"] and section.name != "printplay":  # where a class reads Numbers
        sheet.paragraph(head["convention"], TEXT, bold=True, after=0.7)
    for key in ("practises", "groups", "how"):
        sheet.text(head[f"{key}_heading"], TEXT * 1.1, bold=True)
        sheet.paragraph(said[key], TEXT, after=0.7)
    if section.name == "printplay":
        counts_table(sheet, said, notebook)
        return
    sheet.text(head["items_heading"], TEXT * 1.1, bold=True)
    # Each sheet with the binder page it is on, as its key cites it (the transparencies first).
    pages = [binder.sheet_pages.get(item.id, 0) for item in section.items]
    lines = holdings(env, notebook, section)
    for line, page in zip(lines, [0] * (len(lines) - len(pages)) + pages):
        sheet.text(words(env, notebook, line=line, cited=page)["sheet_line"], TEXT, x=sheet.left + 10, gap=0.3)


def counts_table(sheet: Sheet, said: Wording, notebook: Notebook) -> None:
    """Draw the tile set's counts in columns: tile, how many, score (returns nothing)."""
    rows = -(-len(notebook.counts) // 3)
    line = TEXT * 1.45
    sheet.need(TEXT * 1.8 + line * (rows + 2) + TEXT * 1.6)  # the heading and the total line go with the table
    sheet.text(said["counts_heading"], TEXT * 1.1, bold=True)
    column = sheet.content_width / 3
    top = sheet.y
    canvas = sheet.canvas
    for c in range(3):
        x = sheet.left + c * column
        canvas.setFont(BOLD, TEXT)
        for heading, dx in ((said["symbol_heading"], 0), (said["count_heading"], column * 0.3),
                            (said["score_heading"], column * 0.66)):
            canvas.drawString(x + dx, top - line, heading)
        canvas.setFont(REGULAR, TEXT)
        for r, (symbol, count, score) in enumerate(notebook.counts[c * rows:(c + 1) * rows]):
            y = top - line * (r + 2)
            canvas.setFont(BOLD, TEXT)
            canvas.drawString(x, y, printed(symbol))
            canvas.setFont(REGULAR, TEXT)
            canvas.drawString(x + column * 0.3, y, str(count))
            canvas.drawString(x + column * 0.66, y, str(score))
    sheet.y = top - line * (rows + 2)
    sheet.text(said["total_line"], TEXT, bold=True)


# --- both --------------------------------------------------------------------------------------

def draw_binder(env: jinja2.Environment, notebook: Notebook, teacher: bool,
                starts: dict[str, int] | None = None,
                sheet_pages: dict[str, int] | None = None) -> tuple[bytes, dict[str, int], dict[str, int]]:
    """Return one of the two PDFs, the page each of its sections starts on and the page each
    item starts on (the teacher's book cites `sheet_pages`, the binder's pages of the sheets)."""
    binder = Binder(env, notebook, teacher, starts, sheet_pages)
    contents(binder)
    for section in notebook.sections:
        (teacher_section if teacher else student_section)(binder, section)
    return binder.pdf(), binder.starts, binder.drawn


def render_notebook(notebook: Notebook, env: jinja2.Environment) -> tuple[bytes, bytes]:
    """Return the student binder and the teacher's book of a notebook, as PDF bytes: the binder
    first, so that every key can cite the binder page of its sheet."""
    drawn, sheet_pages, env = [], None, in_binder(env)
    for teacher in (False, True):
        _, starts, _ = draw_binder(env, notebook, teacher, None, sheet_pages)
        pdf, again, pages = draw_binder(env, notebook, teacher, starts, sheet_pages)
        if again != starts:  # the contents grew past one page: the numbers moved with it
            pdf, _, pages = draw_binder(env, notebook, teacher, again, sheet_pages)
        drawn.append(pdf)
        sheet_pages = pages
    return drawn[0], drawn[1]
