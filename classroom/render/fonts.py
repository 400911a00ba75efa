"""The fonts every sheet uses: Bitstream Vera, shipped with reportlab, embedded in each PDF.

Vera has every glyph a tile shows (× ÷ and a real minus −), and an embedded TrueType font
keeps the text extractable.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "EquateVera"
BOLD = "EquateVeraBold"


@cache
def register() -> None:
    """Register the fonts with reportlab once (returns nothing)."""
    folder = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(TTFont(REGULAR, str(folder / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(folder / "VeraBd.ttf")))


def width(text: str, size: float, bold: bool = False) -> float:
    """Return the width of text in points."""
    register()
    return pdfmetrics.stringWidth(text, BOLD if bold else REGULAR, size)
