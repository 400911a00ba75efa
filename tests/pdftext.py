"""Reading a PDF back as the strings drawn on it, with where each one starts and ends, so a
test can say that text stays inside the page and find a line under its heading, and as the
paths painted on it (lines, boxes, a QR code's modules), so it can say where they stand."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

from classroom.render.fonts import width


@dataclass(frozen=True)
class Chunk:
    """One string drawn on a page: where it starts, its size, and its text."""

    x: float
    y: float
    size: float
    bold: bool
    text: str
    upright: bool = True  # False for text turned on its side (its width runs up or down the page)

    @property
    def right(self) -> float:
        """Return where the string ends on the page."""
        return self.x + width(self.text, self.size, self.bold)


def chunks(path: Path) -> list[list[Chunk]]:
    """Return, page by page, every non-blank string drawn, in drawing order."""
    pages = []
    for page in PdfReader(path).pages:
        found: list[Chunk] = []

        def visit(text, cm, tm, font, size, found=found):
            if text.strip():
                scale = tm[0] * cm[0] or 1
                found.append(Chunk(tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], size * scale,
                                   "Bold" in str(font and font.get("/BaseFont")), text.strip("\n"),
                                   cm[1] == 0 and tm[1] == 0))

        page.extract_text(visitor_text=visit)
        pages.append(found)
    return pages


def outside(path: Path, margin: float = 30.0) -> list[str]:
    """Return the strings that run outside the page box less `margin` on the left or right."""
    reader = PdfReader(path)
    bad = []
    for page, found in zip(reader.pages, chunks(path)):
        right = float(page.mediabox.width) - margin
        # Text on its side runs up or down the page: only where it stands across is checked.
        bad += [c.text for c in found if c.x < margin - 0.5 or (c.right if c.upright else c.x) > right + 0.5]
    return bad


@dataclass(frozen=True)
class Shape:
    """One painted path on a page: its bounding box (a stroke's half width included), the fill
    colour when it is filled, whether it is one rectangle, and the half width of its stroke in
    page space (0 when it is not stroked): the path itself lies that far inside the box."""

    x0: float
    y0: float
    x1: float
    y1: float
    fill: tuple[float, ...] | None
    rect: bool
    pad: float = 0.0


PAINTS = {b"S": (False, True), b"s": (False, True), b"f": (True, False), b"F": (True, False),
          b"f*": (True, False), b"B": (True, True), b"B*": (True, True), b"b": (True, True),
          b"b*": (True, True)}  # operator: (fills, strokes)


def shapes(path: Path) -> list[list[Shape]]:
    """Return, page by page, every path painted (lines, rectangles, curves), in page space."""
    reader = PdfReader(path)
    pages = []
    for page in reader.pages:
        found: list[Shape] = []
        matrix, fill, line = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (0.0,), 1.0
        saved: list[tuple] = []
        points: list[tuple[float, float]] = []
        rects = 0
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            values = [float(v) for v in operands if isinstance(v, (int, float))]
            if operator == b"q":
                saved.append((matrix, fill, line))
            elif operator == b"Q":
                matrix, fill, line = saved.pop()
            elif operator == b"cm":
                a, b, c, d, e, f = values
                A, B, C, D, E, F = matrix
                matrix = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                          e * A + f * C + E, e * B + f * D + F)
            elif operator in (b"g", b"rg", b"k"):
                fill = tuple(values)
            elif operator == b"w":
                line = values[0]
            elif operator == b"re":
                x, y, w, h = values
                points += [_apply(matrix, x, y), _apply(matrix, x + w, y + h)]
                rects += 1
            elif operator in (b"m", b"l", b"c", b"v", b"y"):
                points += [_apply(matrix, x, y) for x, y in zip(values[::2], values[1::2])]
                rects = 2  # a path of lines is no rectangle
            elif operator in PAINTS or operator == b"n":
                fills, strokes = PAINTS.get(operator, (False, False))
                if points and (fills or strokes):
                    pad = line * abs(matrix[0]) / 2 if strokes else 0.0
                    xs, ys = [p[0] for p in points], [p[1] for p in points]
                    found.append(Shape(min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad,
                                       fill if fills else None, rects == 1, pad))
                points, rects = [], 0
        pages.append(found)
    return pages


def _apply(matrix: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    """Return the point (x, y) in page space, under the transformation matrix."""
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f
