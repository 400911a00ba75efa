"""Drawing the 19 × 19 board: coordinates (A-S across the top and bottom, 1-19 down both
sides), premium squares labelled 2S 3S 2E 3E in text (2E and 3E also lightly shaded), and the
tiles on it, new tiles of a key play marked with a heavy outline and shading."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from classroom.render.fonts import BOLD, REGULAR
from classroom.render.tiles import draw_tile

COLUMNS = "ABCDEFGHIJKLMNOPQRS"
SHADE = {"2E": 0.88, "3E": 0.76}  # grey levels: a pattern the eye finds without colour


def board_size(cell: float, count: int = 19) -> float:
    """Return the width (and height) of a board with its coordinate margins."""
    return cell * (count + 1.4)


def draw_board(canvas: Canvas, x: float, top: float, cell: float,
               premiums: tuple[tuple[str, ...], ...],
               tiles: list[tuple[int, int, str, int | None, bool, bool]]) -> float:
    """Draw the board with its upper-left outer corner at (x, top); return its height.

    `tiles` holds (row, col, symbol, score, new, blank) with 1-based row and column.
    """
    count = len(premiums)
    label = cell * 0.7  # the coordinate margin on each side
    left, high = x + label, top - label
    size = cell * count
    coordinate = min(9.0, cell * 0.4)
    canvas.saveState()
    canvas.setFont(BOLD, coordinate)
    for index in range(count):
        cx = left + (index + 0.5) * cell
        canvas.drawCentredString(cx, high + label * 0.3, COLUMNS[index])
        canvas.drawCentredString(cx, high - size - label * 0.3 - coordinate * 0.7, COLUMNS[index])
        cy = high - (index + 0.5) * cell - coordinate * 0.35
        canvas.drawRightString(left - label * 0.2, cy, str(index + 1))
        canvas.drawString(left + size + label * 0.2, cy, str(index + 1))
    canvas.setLineWidth(0.4)
    canvas.setStrokeGray(0.35)
    small = cell * 0.3
    for row in range(count):
        for col in range(count):
            name = premiums[row][col]
            sx, sy = left + col * cell, high - (row + 1) * cell
            if name in SHADE:
                canvas.setFillGray(SHADE[name])
                canvas.rect(sx, sy, cell, cell, stroke=0, fill=1)
            if name:
                canvas.setFillGray(0.2)
                canvas.setFont(BOLD if name.endswith("E") else REGULAR, small)
                canvas.drawCentredString(sx + cell / 2, sy + cell / 2 - small * 0.35, name)
    canvas.setFillGray(0)
    for index in range(count + 1):
        canvas.line(left + index * cell, high, left + index * cell, high - size)
        canvas.line(left, high - index * cell, left + size, high - index * cell)
    canvas.setLineWidth(1.2)
    canvas.setStrokeGray(0)
    canvas.rect(left, high - size, size, size, stroke=1, fill=0)
    canvas.restoreState()
    inset = cell * 0.06
    for row, col, symbol, score, new, blank in tiles:
        draw_tile(canvas, left + (col - 1) * cell + inset, high - row * cell + inset, cell - 2 * inset,
                  symbol, score, new=new, blank=blank)
    return board_size(cell, count)
