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


def draw_squares(canvas: Canvas, left: float, high: float, cell: float,
                 premiums: tuple[tuple[str, ...], ...] | list[tuple[str, ...]]) -> None:
    """Draw a block of squares with its upper-left corner at (left, high): the premium squares
    shaded (2E, 3E) and labelled, and the grid lines, one line each (returns nothing). The whole
    board draws all 19 rows; a print-and-play part draws its own rows and columns. The line width,
    stroke and fill are left as drawn: the caller saves and restores the canvas's state."""
    canvas.setLineWidth(0.4)
    canvas.setStrokeGray(0.35)
    small = cell * 0.3
    rows, cols = len(premiums), len(premiums[0])
    for row in range(rows):
        for col in range(cols):
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
    for index in range(max(rows, cols) + 1):
        if index <= cols:
            canvas.line(left + index * cell, high, left + index * cell, high - rows * cell)
        if index <= rows:
            canvas.line(left, high - index * cell, left + cols * cell, high - index * cell)


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
    draw_squares(canvas, left, high, cell, premiums)
    canvas.setLineWidth(1.2)
    canvas.setStrokeGray(0)
    canvas.rect(left, high - size, size, size, stroke=1, fill=0)
    canvas.restoreState()
    inset = cell * 0.06
    for row, col, symbol, score, new, blank in tiles:
        draw_tile(canvas, left + (col - 1) * cell + inset, high - row * cell + inset, cell - 2 * inset,
                  symbol, score, new=new, blank=blank)
    return board_size(cell, count)
