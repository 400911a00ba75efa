"""Page geometry shared by every sheet: page sizes, margins, a cursor that moves down the page,
wrapped paragraphs, the header and the footer, how every sheet opens (Sheet.open) and a
worksheet's PDF drawn item by item (worksheet_pdf). Drawing only; the words come from templates."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from classroom.render.fonts import BOLD, REGULAR, register, width
from classroom.render.wording import Wording

if TYPE_CHECKING:
    import jinja2

    from classroom.make.worksheet import Worksheet

PAGE_POINTS = {"letter": LETTER, "a4": A4}
PAGE_NAME = {size: name for name, size in PAGE_POINTS.items()}  # (width, height) -> 'letter'
MARGIN = 36.0  # half an inch: inside what every office printer can print
# The QR code of a sheet's check page: 22 mm across (a phone reads it after a photocopy), no
# module under 0.6 mm however long the address, and the four modules of white around it that
# the QR standard asks for, which nothing else is drawn on. It stands at the foot of the page,
# left, its caption beside it; its lower edge is inside what printers print.
QR_SIDE, QR_MODULE, QR_QUIET = 62.0, 1.7, 4
QR_FOOT = 22.0  # the code's lower edge, above the page's
QR_GAP = 4.0  # between the quiet zone and what is drawn above or beside it
QR_CAPTION = 8.0  # the caption's text size


def fit(text: str, size: float, room: float, bold: bool = False,
        shrink: float = 0.85) -> tuple[float, list[str]]:
    """Return the size and lines to print text in `room` points: the size asked for when it
    fits, else down to `shrink` of it, else that size wrapped over several lines."""
    wide = width(text, size, bold)
    if wide <= room:
        return size, [text]
    if wide * shrink <= room:
        return size * room / wide, [text]
    size *= shrink
    return size, simpleSplit(text, BOLD if bold else REGULAR, size, room) or [text]


@dataclass(frozen=True)
class QrBox:
    """Where a QR code is drawn: its lower-left corner, its side and its modules' side, in points
    (the quiet zone is outside the side)."""

    x: float
    y: float
    side: float
    module: float

    @property
    def quiet(self) -> float:
        """Return the width of the white band around the code."""
        return QR_QUIET * self.module


def qr_widget(address: str) -> QrCodeWidget:
    """Return reportlab's QR code of the address, at error correction level M (15%)."""
    return QrCodeWidget(address, barLevel="M", barBorder=QR_QUIET)


def qr_box(address: str, x: float, y: float) -> QrBox:
    """Return where the address's QR code stands with its lower-left corner at (x, y): 22 mm
    across, or larger when the address needs so many modules that they would be too small."""
    code = qr_widget(address).qr
    code.make()
    modules = code.getModuleCount()
    side = max(QR_SIDE, modules * QR_MODULE)
    return QrBox(x, y, side, side / modules)


class Sheet:
    """A PDF being drawn: the canvas, the content box, and a cursor `y` moving down the page."""

    def __init__(self, page_size: str, title: str, scale: float = 1.0) -> None:
        register()
        self.buffer = io.BytesIO()
        self.width, self.height = PAGE_POINTS[page_size]
        # invariant: no timestamp or random id, so one input gives one byte-identical file.
        # The initial font is the embedded one: reportlab's default, Helvetica, would be named
        # in every page's preamble without being embedded, which a print shop's preflight flags.
        self.canvas = Canvas(self.buffer, pagesize=(self.width, self.height), invariant=1,
                             pageCompression=1, initialFontName=REGULAR, initialFontSize=10)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("Equate Classroom")
        self.canvas.setCreator("Equate Classroom")
        self.scale = scale
        self.left, self.right = MARGIN, self.width - MARGIN
        self.top, self.bottom = self.height - MARGIN, MARGIN + 14
        self.y = self.top
        self.footer: Callable[[int], str] | None = None
        self.corner: tuple[str, str] | None = None  # (address, caption): a QR code at the foot
        self.page = 1
        self.on_new_page: Callable[[], None] | None = None
        # A binder's page number at the foot, right (the canvas's page number given): a
        # notebook numbers its pages across the sheets it holds, each of which numbers its own.
        self.folio: Callable[[int], str] | None = None
        # A line at the head of the page, right, above what the page's drawer draws (the canvas's
        # page number given; "" draws nothing): a teacher's book cites there the binder page of
        # the sheet a key answers.
        self.running_head: Callable[[int], str] | None = None

    @property
    def content_width(self) -> float:
        """Return the width between the margins."""
        return self.right - self.left

    def room(self) -> float:
        """Return the height left above the bottom margin."""
        return self.y - self.bottom

    def qr(self) -> QrBox | None:
        """Return where this page's QR code stands (at the foot, left), None without one."""
        return None if self.corner is None else qr_box(self.corner[0], self.left, QR_FOOT)

    def corner_height(self) -> float:
        """Return how far above the bottom margin what spans the page's width must stop to leave
        the QR code and its quiet zone clear (0 without a code)."""
        box = self.qr()
        return 0.0 if box is None else max(0.0, box.y + box.side + box.quiet + QR_GAP - self.bottom)

    def finish_page(self) -> None:
        """Draw the footer and close the page (returns nothing)."""
        if self.footer is not None:
            self.canvas.setFont(REGULAR, 7.5)
            self.canvas.setFillGray(0.25)
            self.canvas.drawCentredString(self.width / 2, MARGIN - 6, self.footer(self.page))
            self.canvas.setFillGray(0)
        if self.folio is not None:
            self.canvas.setFont(BOLD, 8)
            self.canvas.drawRightString(self.right, MARGIN - 6, self.folio(self.canvas.getPageNumber()))
        if self.running_head is not None:
            self.canvas.setFont(BOLD, 8)
            self.canvas.drawRightString(self.right, self.height - MARGIN + 12,
                                        self.running_head(self.canvas.getPageNumber()))
        if self.corner is not None:
            self.draw_corner()
        self.canvas.showPage()
        self.page += 1
        self.y = self.top

    def draw_corner(self) -> None:
        """Draw the QR code of the corner's address at the foot of the page, left, with its quiet
        zone, and the caption beside it, wrapped (a line too long shrunk) to a share of the width."""
        address, caption = self.corner
        box = self.qr()
        whole = box.side + 2 * box.quiet
        widget = qr_widget(address)
        widget.barWidth = widget.barHeight = whole  # the widget draws the quiet zone inside its width
        drawing = Drawing(whole, whole)
        drawing.add(widget)
        renderPDF.draw(drawing, self.canvas, box.x - box.quiet, box.y - box.quiet)
        x = box.x + box.side + box.quiet + QR_GAP
        room = self.content_width * 0.4  # clear of a total box at the right
        y = box.y + box.side - QR_CAPTION  # above the footer's line
        for line in simpleSplit(caption, REGULAR, QR_CAPTION, room):
            self.canvas.setFont(REGULAR, min(QR_CAPTION, QR_CAPTION * room / width(line, QR_CAPTION)))
            self.canvas.drawString(x, y, line)
            y -= QR_CAPTION * 1.3

    def orient(self, landscape: bool) -> None:
        """Turn the page about to be drawn (nothing is on it yet) landscape or back to portrait,
        and move the content box and the cursor with it (returns nothing)."""
        short, long = sorted((self.width, self.height))
        self.width, self.height = (long, short) if landscape else (short, long)
        self.canvas.setPageSize((self.width, self.height))
        self.right, self.top = self.width - MARGIN, self.height - MARGIN
        self.y = self.top

    def new_page(self) -> None:
        """Close this page and start the next, running the continuation header if any."""
        self.finish_page()
        if self.on_new_page is not None:
            self.on_new_page()

    def need(self, height: float) -> None:
        """Start a new page unless `height` points fit below the cursor (returns nothing)."""
        if self.room() < height:
            self.new_page()

    def text(self, text: str, size: float, *, bold: bool = False, x: float | None = None,
             gap: float = 0.35) -> None:
        """Draw one line at the cursor and move the cursor below it; a line too long for the
        page shrinks a little, and wraps if it is longer still (returns nothing)."""
        x = self.left if x is None else x
        size, lines = fit(text, size, self.right - x, bold)
        for line in lines:
            self.need(size * 1.2)
            self.y -= size
            self.canvas.setFont(BOLD if bold else REGULAR, size)
            self.canvas.drawString(x, self.y, line)
            self.y -= size * gap

    def paragraph(self, text: str, size: float, *, bold: bool = False, indent: float = 0,
                  after: float = 0.5) -> None:
        """Draw wrapped text (paragraphs split on blank lines) and move below it (returns nothing)."""
        for part in text.split("\n\n"):
            lines = simpleSplit(part, BOLD if bold else REGULAR, size, self.content_width - indent)
            for line in lines:
                self.text(line, size, bold=bold, x=self.left + indent, gap=0.25)
            self.y -= size * after

    def header(self, title: str, id_line: str, *, size: float = 18) -> None:
        """Draw the title on the left (shrunk, then wrapped, when it is long), the worksheet
        id and seed on the right (or below), and a rule (returns nothing)."""
        small = max(9.0, size * 0.5)
        size, lines = fit(title, size, self.content_width, True, shrink=0.7)
        for line in lines:
            self.y -= size
            self.canvas.setFont(BOLD, size)
            self.canvas.drawString(self.left, self.y, line)
            self.y -= size * 0.15
        self.y += size * 0.15
        title = lines[-1]
        self.canvas.setFont(REGULAR, small)
        if width(title, size, bold=True) + width(id_line, small) + 20 > self.content_width:
            self.y -= small * 1.6
            self.canvas.drawString(self.left, self.y, id_line)
        else:
            self.canvas.drawRightString(self.right, self.y, id_line)
        self.y -= size * 0.45
        self.canvas.setLineWidth(1.2)
        self.canvas.line(self.left, self.y, self.right, self.y)
        self.y -= size * 0.6

    def open(self, words: Wording, size: float, title: str = "title", check: str | None = None) -> None:
        """Give the sheet the footer of `words`' template, page by page, and with a check page's
        address its QR code at the foot, captioned with the wording's check_line; draw the title
        and the id line as the header (returns nothing)."""
        self.footer = lambda page: words.given(page=page)["footer"]
        self.corner = None if check is None else (check, words["check_line"])
        self.header(words[title], words["id_line"], size=size)

    def name_and_instructions(self, words: Wording, size: float, student: str | None = None, *,
                              labels: tuple[str, ...] = ("name_label",), space: float = 2,
                              after: float = 0.3) -> None:
        """Draw a student sheet's blanks to write on (the student's name on the first, when the
        sheet is printed for one), then `space` points lower its instructions (returns nothing)."""
        self.write_lines([words[label] for label in labels], size, student)
        self.y -= space
        self.paragraph(words["instructions"], size, after=after)

    def height_of(self, draw: Callable[[Sheet], None]) -> float:
        """Return how tall what draw(sheet) draws is, measured by drawing it on a scratch page of
        this page's size that never breaks."""
        scratch = Sheet(PAGE_NAME[(self.width, self.height)], "")
        scratch.bottom = -1e9
        draw(scratch)
        return scratch.top - scratch.y

    def next_item(self) -> None:
        """End the current item's last page so the next item starts on a fresh one, its pages
        numbered from 1 (returns nothing)."""
        self.on_new_page = None
        self.finish_page()
        self.page = 1

    def write_lines(self, labels: list[str], size: float, name: str | None = None) -> None:
        """Draw labelled blanks to write on, side by side (Name ____ Class ____ ...); a student's
        name, when the sheet is printed for one, stands on the first blank."""
        self.y -= size * 1.6
        shares = [0.5, 0.25, 0.25][: len(labels)] if len(labels) == 3 else [1 / len(labels)] * len(labels)
        x = self.left
        self.canvas.setFont(REGULAR, size)
        self.canvas.setLineWidth(0.6)
        for label, share in zip(labels, shares):
            span = self.content_width * share
            self.canvas.drawString(x, self.y, label)
            start = x + width(label, size) + 4
            self.canvas.line(start, self.y - 2, x + span - 12, self.y - 2)
            if name and x == self.left:  # shrunk to its blank when the name is long
                room = x + span - 12 - start - 8
                self.canvas.setFont(BOLD, min(size * 1.15, size * 1.15 * room / width(name, size * 1.15, True)))
                self.canvas.drawString(start + 4, self.y + 1, name)
                self.canvas.setFont(REGULAR, size)
            x += span
        self.y -= size * 1.2

    def pdf(self) -> bytes:
        """Return the finished PDF's bytes (the last page is closed first)."""
        self.finish_page()
        self.canvas.save()
        return self.buffer.getvalue()


def worksheet_pdf(worksheet: Worksheet, env: jinja2.Environment, template: str, draw: Callable[..., None],
                  pages: Iterable[tuple] | None = None, **values: object) -> bytes:
    """Return one PDF of a worksheet (the student sheets or the key): draw(sheet, env, worksheet,
    item) for every item, or draw(sheet, env, worksheet, *page) for every page of `pages` (an
    item and its student), each from a fresh page numbered from 1; the PDF is titled with the
    template's title for the first item (with `values`, the others the template reads)."""
    first = Wording(env, template, worksheet=worksheet, item=worksheet.items[0], page=1, **values)
    sheet = Sheet(worksheet.page_size, first["title"])
    for index, page in enumerate(pages if pages is not None else [(item,) for item in worksheet.items]):
        if index:
            sheet.next_item()
        draw(sheet, env, worksheet, *page)
    return sheet.pdf()
