"""Drawing one Equate tile: a rounded square, the symbol large in the middle, the score small in
the lower-right corner, a fraction tile stacked (numerator, bar, denominator)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from reportlab.pdfgen.canvas import Canvas

from classroom.render.fonts import BOLD, REGULAR, register
from classroom.render.wording import printed


def draw_tile(canvas: Canvas, x: float, y: float, size: float, symbol: str, score: int | None,
              *, new: bool = False, blank: bool = False) -> None:
    """Draw a tile with its lower-left corner at (x, y) (returns nothing).

    `new` draws a heavy outline and light shading (a key's best play); `blank` draws a placed
    blank: the symbol it stands for in hollow letters and a ? in the upper-left corner, both
    black, so that a photocopy still shows a blank and not a real tile (a grey symbol copied
    as a solid one).
    """
    register()
    canvas.saveState()
    canvas.setLineWidth(max(0.6, size * 0.025) * (3.2 if new else 1))
    canvas.setStrokeGray(0)
    canvas.setFillGray(0.82 if new else 1)
    canvas.roundRect(x, y, size, size, size * 0.14, stroke=1, fill=1)
    canvas.setFillGray(0)
    text = printed(symbol)
    centred = _hollow(canvas, size) if blank else _solid(canvas)
    # The symbol sits a little left and up of centre, leaving the corner to the score.
    cx, cy = x + size * 0.46, y + size * 0.54
    if symbol[1:2] == "^":
        # An exponent tile: the digit large, its exponent raised at the upper right.
        font = size * 0.5
        canvas.setFont(BOLD, font)
        centred(cx - size * 0.08, cy - font * 0.36, text[0], font)
        canvas.setFont(BOLD, size * 0.3)
        centred(cx + size * 0.2, cy + size * 0.1, symbol[2], size * 0.3)
    elif len(text) == 2 and text[0] == "−":
        # A negative tile: its sign and digit side by side, both bold and large.
        font = size * 0.5
        canvas.setFont(BOLD, font)
        centred(cx, cy - font * 0.36, text, font)
    elif "/" in text:
        numerator, denominator = text.split("/")
        font = size * 0.37
        canvas.setFont(BOLD, font)
        centred(cx, cy + font * 0.22, numerator, font)
        centred(cx, cy - font * 0.92, denominator, font)
        canvas.setLineWidth(max(0.5, size * 0.035))
        canvas.setStrokeGray(0)
        canvas.line(cx - font * 0.42, cy + font * 0.02, cx + font * 0.42, cy + font * 0.02)
    else:
        font = size * (0.56 if text.isdigit() or text == "?" else 0.62)
        canvas.setFont(BOLD, font)
        centred(cx, cy - font * 0.36, text, font)
    if score is not None:
        canvas.setFillGray(0)
        small = max(size * 0.2, min(5.5, size * 0.26))  # legible on a board square
        canvas.setFont(REGULAR, small)
        canvas.drawRightString(x + size * 0.9, y + size * 0.09, str(score))
    if blank:
        canvas.setFont(BOLD, max(size * 0.22, min(6.0, size * 0.3)))
        canvas.drawString(x + size * 0.1, y + size * 0.72, "?")
    canvas.restoreState()


Drawer = Callable[[float, float, str, float], None]  # (centre x, baseline y, text, font size)


def _solid(canvas: Canvas) -> Drawer:
    """Return a drawer of text centred on x, filled black, in the canvas's font (set by the
    caller: the same bytes as drawing it straight)."""

    def draw(cx: float, y: float, text: str, font: float) -> None:
        canvas.drawCentredString(cx, y, text)

    return draw


def _hollow(canvas: Canvas, size: float) -> Drawer:
    """Return a drawer of bold text centred on x, hollow: the letters' outlines only, stroked
    black (on a tile `size` points across)."""

    def draw(cx: float, y: float, text: str, font: float) -> None:
        shown = canvas.beginText()
        shown.setTextRenderMode(1)
        shown.setFont(BOLD, font)
        shown.setTextOrigin(cx - canvas.stringWidth(text, BOLD, font) / 2, y)
        shown.textOut(text)
        canvas.saveState()
        canvas.setLineWidth(max(0.35, size * 0.018))
        canvas.drawText(shown)
        canvas.restoreState()

    return draw


@contextmanager
def cut_lines(canvas: Canvas) -> Iterator[None]:
    """Draw the lines drawn inside the block as cut lines: dashed, thin, grey (the canvas's state
    is restored after)."""
    canvas.saveState()
    canvas.setDash(4, 3)
    canvas.setLineWidth(0.7)
    canvas.setStrokeGray(0.3)
    try:
        yield
    finally:
        canvas.restoreState()
