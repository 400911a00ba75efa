"""Page geometry shared by every sheet: page sizes, margins, a cursor that moves down the page,
wrapped paragraphs, the header and the footer. Drawing only; the words come from templates."""

from __future__ import annotations

import io
from typing import Callable

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from classroom.render.fonts import BOLD, REGULAR, register, width

PAGE_SIZES = {"letter": LETTER, "a4": A4}
MARGIN = 36.0  # half an inch: inside what every office printer can print


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


class Sheet:
    """A PDF being drawn: the canvas, the content box, and a cursor `y` moving down the page."""

    def __init__(self, page_size: str, title: str, scale: float = 1.0) -> None:
        register()
        self.buffer = io.BytesIO()
        self.width, self.height = PAGE_SIZES[page_size]
        # invariant: no timestamp or random id, so one input gives one byte-identical file.
        self.canvas = Canvas(self.buffer, pagesize=(self.width, self.height), invariant=1,
                             pageCompression=1)
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

    @property
    def content_width(self) -> float:
        """Return the width between the margins."""
        return self.right - self.left

    def room(self) -> float:
        """Return the height left above the bottom margin."""
        return self.y - self.bottom

    def finish_page(self) -> None:
        """Draw the footer and close the page (returns nothing)."""
        if self.footer is not None:
            self.canvas.setFont(REGULAR, 7.5)
            self.canvas.setFillGray(0.25)
            self.canvas.drawCentredString(self.width / 2, MARGIN - 6, self.footer(self.page))
            self.canvas.setFillGray(0)
        if self.corner is not None:
            self.draw_corner(*self.corner)
        self.canvas.showPage()
        self.page += 1
        self.y = self.top

    def draw_corner(self, address: str, caption: str) -> None:
        """Draw a QR code of the address in the bottom-right margin, the caption beside it."""
        widget = QrCodeWidget(address, barLevel="M")
        x0, y0, x1, y1 = widget.getBounds()
        size = MARGIN - 4  # inside the margin, below the content box
        drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
        drawing.add(widget)
        renderPDF.draw(drawing, self.canvas, self.right - size, 2)
        self.canvas.setFont(REGULAR, 6.5)
        self.canvas.drawRightString(self.right - size - 4, 8, caption)

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
