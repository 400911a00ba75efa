"""Reading a PDF back as the strings drawn on it, with where each one starts and ends, so a
test can say that text stays inside the page and find a line under its heading."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

from classroom.render.fonts import width


@dataclass(frozen=True)
class Chunk:
    """One string drawn on a page: where it starts, its size, and its text."""

    x: float
    y: float
    size: float
    bold: bool
    text: str

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
                                   "Bold" in str(font and font.get("/BaseFont")), text.strip("\n")))

        page.extract_text(visitor_text=visit)
        pages.append(found)
    return pages


def outside(path: Path, margin: float = 30.0) -> list[str]:
    """Return the strings that run outside the page box less `margin` on the left or right."""
    reader = PdfReader(path)
    bad = []
    for page, found in zip(reader.pages, chunks(path)):
        right = float(page.mediabox.width) - margin
        bad += [c.text for c in found if c.x < margin - 0.5 or c.right > right + 0.5]
    return bad
