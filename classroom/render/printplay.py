"""The print-and-play set: the 19 × 19 board on pages that tile into one large board, and a tile
set on pages of tiles to cut, both at one square's size so the tiles fit the board.

Geometry apart from drawing: `parts` says where each part of the board stands on its page (its
squares, its glue edges, its cut outline) and `tile_grid` where the tiles of a page go; the
drawers draw exactly that, and tests/test_notebook.py reads the PDF back and assembles it.

How the board assembles: each part is cut along its solid outline, which holds the coordinates
on the board's own edges (a COORDS-wide margin), so the glued board keeps A–S and 1–19. Where two
parts meet, one of them carries a shaded glue edge, GLUE wide, beyond its squares; it slides
under the other part until that part's cut edge meets its grid line and the tick marks on the
glue edge meet that part's grid lines. Adjacent parts then overlap by GLUE and every square is
CELL across.

Which part of two carries the glue edge turns like a pinwheel around every point where four
parts meet (`glue_sides`): around the board's centre, part 2's edge goes under part 1, part 1's
under part 3, part 3's under part 4 and part 4's under part 2. No part carries glue edges on two
sides that meet at a corner, so no glue edge reaches under a third part, and no spot of the
glued board is more than two layers of card (`layers`; three glue edges met under J10 when the
parts to the right and below both carried theirs).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from classroom.render.boardgrid import COLUMNS, draw_squares
from classroom.render.fonts import BOLD
from classroom.render.page import MARGIN, PAGE_POINTS
from classroom.render.tiles import draw_tile

SIZE = 19  # squares a side
CELL = 48.0  # a square, in points (16.9 mm): ten squares, a glue edge and the coordinates fit across A4
GLUE = 18.0  # the glue edge (6.35 mm): how far adjacent parts overlap
TOP_ROOM = 150.0  # from the page's top edge to a part's squares: the title, the lines, the map
MARK = 10.0  # a crop mark's length, outside the outline's corners
MARK_GAP = 3.0  # between a corner and its crop mark
TICK = 7.0  # a tick mark on a glue edge, continuing a grid line
COORDS = 16.0  # the coordinates' margin inside a part's outline, on the board's own edges
RULER = 5  # centimetres: the ruler on every page that says it printed at actual size
CM = 72 / 2.54  # a centimetre in points
RULER_ROOM = 30.0  # above the footer: the ruler and its label


SIDES = ("left", "bottom", "right", "top")  # a part's sides, in the order of its outline's edges


@dataclass(frozen=True)
class Part:
    """One part of the print-and-play board and where it stands on its page (points, from the
    page's lower-left corner)."""

    number: int  # 1, 2, ... in reading order
    band: tuple[int, int]  # (row band, column band), from 0 at the top left
    rows: tuple[int, int]  # first and last row of the board, 1-based
    cols: tuple[int, int]  # first and last column
    x: float  # the left edge of its first column
    top: float  # the top edge of its first row
    glued: tuple[str, ...]  # the sides (of SIDES) that carry a glue edge, like ('left',)
    cell: float = CELL
    glue: float = GLUE

    @property
    def edges(self) -> tuple[bool, bool, bool, bool]:
        """Return which of its sides are the board's own edges: (left, bottom, right, top)."""
        return self.cols[0] == 1, self.rows[1] == SIZE, self.cols[1] == SIZE, self.rows[0] == 1

    @property
    def width(self) -> float:
        """Return the width of its squares."""
        return (self.cols[1] - self.cols[0] + 1) * self.cell

    @property
    def height(self) -> float:
        """Return the height of its squares."""
        return (self.rows[1] - self.rows[0] + 1) * self.cell

    @property
    def beyond(self) -> tuple[float, float, float, float]:
        """Return how far its outline stands beyond its squares on each side (left, bottom,
        right, top): a glue edge, the coordinates' margin on the board's own edges, or nothing."""
        return tuple(self.glue if side in self.glued else COORDS if edge else 0.0
                     for side, edge in zip(SIDES, self.edges))

    @property
    def outline(self) -> tuple[float, float, float, float]:
        """Return the cut outline as (left, bottom, right, top): the squares, the glue edges, and
        the coordinates' margin on the board's own edges."""
        left, bottom, right, top = self.beyond
        return self.x - left, self.top - self.height - bottom, self.x + self.width + right, self.top + top

    def glue_edges(self) -> dict[str, tuple[float, float, float, float]]:
        """Return the shaded glue edges by side, each as (left, bottom, right, top), as long as
        the outline's side (never two sides meeting at a corner: see glue_sides)."""
        left, bottom, right, top = self.outline
        low = self.top - self.height
        strips = {"left": (left, bottom, self.x, top), "bottom": (left, bottom, right, low),
                  "right": (self.x + self.width, bottom, right, top), "top": (left, self.top, right, top)}
        return {side: strips[side] for side in self.glued}

    @property
    def first(self) -> str:
        """Return the name of its upper-left square, like 'K1'."""
        return f"{COLUMNS[self.cols[0] - 1]}{self.rows[0]}"

    @property
    def last(self) -> str:
        """Return the name of its lower-right square, like 'S10'."""
        return f"{COLUMNS[self.cols[1] - 1]}{self.rows[1]}"


def bands(count: int, per_page: int) -> list[tuple[int, int]]:
    """Return `count` squares split into as few runs of at most `per_page` as can be, as even
    as can be, first longest: (19, 10) -> [(1, 10), (11, 19)]."""
    runs = math.ceil(count / per_page)
    sizes = [count // runs + (1 if i < count % runs else 0) for i in range(runs)]
    starts = [1 + sum(sizes[:i]) for i in range(runs)]
    return [(start, start + size - 1) for start, size in zip(starts, sizes)]


def glue_sides(band: tuple[int, int], row_bands: int, col_bands: int) -> tuple[str, ...]:
    """Return the sides of the part in `band` that carry a glue edge: of two parts side by side
    the right one when their row and column bands add up to an even number, else the left one;
    of two parts one above the other the upper one when even, else the lower one. Around every
    point where four parts meet the edges then turn like a pinwheel (the other way round at the
    next point), and a part carries glue on the left and right or on the top and bottom only."""
    i, j = band
    even = (i + j) % 2 == 0
    found = {"left": j > 0 and not even, "bottom": i < row_bands - 1 and even,
             "right": j < col_bands - 1 and not even, "top": i > 0 and even}
    return tuple(side for side in SIDES if found[side])


def parts(page_size: str) -> tuple[Part, ...]:
    """Return the parts of the board for a page size, in reading order, each centred across its
    page below the page's title."""
    width, height = PAGE_POINTS[page_size]
    margin = MARGIN  # the coordinates stand in the room left when a part is centred
    room = 2 * max(GLUE, COORDS)  # a glue edge or the coordinates on both sides, at most
    across = int((width - 2 * margin - room) // CELL)
    down = int((height - TOP_ROOM - margin - RULER_ROOM - room) // CELL)
    return arranged(bands(SIZE, down), bands(SIZE, across), width, height)


def arranged(row_bands: list[tuple[int, int]], col_bands: list[tuple[int, int]], width: float,
             height: float) -> tuple[Part, ...]:
    """Return the parts of those row and column bands, in reading order, each centred across a
    page of that width, its outline's top TOP_ROOM below the page's top."""
    found = []
    for i, rows in enumerate(row_bands):
        for j, cols in enumerate(col_bands):
            part = Part(len(found) + 1, (i, j), rows, cols, 0.0, 0.0, glue_sides((i, j), len(row_bands), len(col_bands)))
            left, _, right, top = part.beyond
            x = (width - part.width - left - right) / 2 + left
            found.append(dataclasses.replace(part, x=x, top=height - TOP_ROOM - top))
    return tuple(found)


def layers(found: tuple[Part, ...]) -> int:
    """Return the most layers of card anywhere on the glued board: the parts laid with their
    squares where they are on the board, and every spot counted under how many outlines it lies."""
    placed = []
    for part in found:
        left, bottom, right, top = part.outline
        # The board's upper-left corner at (0, 0), rows going down: shift each part to its squares.
        dx = (part.cols[0] - 1) * part.cell - part.x
        dy = -(part.rows[0] - 1) * part.cell - part.top
        placed.append(tuple(round(v, 6) for v in (left + dx, bottom + dy, right + dx, top + dy)))  # edges that meet, meet
    xs = sorted({x for box in placed for x in (box[0], box[2])})
    ys = sorted({y for box in placed for y in (box[1], box[3])})
    # Between two neighbouring edges the count is the same everywhere: one spot in each cell.
    return max(sum(box[0] < x < box[2] and box[1] < y < box[3] for box in placed)
               for x in ((a + b) / 2 for a, b in zip(xs, xs[1:]))
               for y in ((a + b) / 2 for a, b in zip(ys, ys[1:])))


def part_labels(part: Part, premiums: tuple[tuple[str, ...], ...]) -> list[tuple[str, ...]]:
    """Return the premium labels of the part's squares, row by row."""
    return [premiums[row - 1][part.cols[0] - 1:part.cols[1]] for row in range(part.rows[0], part.rows[1] + 1)]


def draw_part(canvas: Canvas, part: Part, premiums: tuple[tuple[str, ...], ...],
              glue_labels: dict[str, str]) -> None:
    """Draw one part: its glue edges (shaded, labelled with `glue_labels` by side, with tick
    marks continuing the grid lines), its squares, the board's coordinates on the board's own
    edges, the cut outline and crop marks at its corners (returns nothing)."""
    canvas.saveState()
    strips = part.glue_edges()
    for left, bottom, right, top in strips.values():
        canvas.setFillGray(0.85)
        canvas.rect(left, bottom, right - left, top - bottom, stroke=0, fill=1)
    canvas.setFillGray(0.3)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.8)
    low, high = part.top - part.height, part.x + part.width
    for side, (left, bottom, right, top) in strips.items():
        if side in ("left", "right"):
            at, out = (part.x, -TICK) if side == "left" else (high, TICK)
            for index in range(part.rows[1] - part.rows[0] + 2):
                y = part.top - index * part.cell
                canvas.line(at, y, at + out, y)
            _glue_text(canvas, glue_labels.get(side, ""), (left + right) / 2, part.top - part.height / 2, 90)
        else:
            at, out = (part.top, TICK) if side == "top" else (low, -TICK)
            for index in range(part.cols[1] - part.cols[0] + 2):
                x = part.x + index * part.cell
                canvas.line(x, at, x, at + out)
            _glue_text(canvas, glue_labels.get(side, ""), part.x + part.width / 2, (bottom + top) / 2, 0)
    canvas.restoreState()
    canvas.saveState()
    draw_squares(canvas, part.x, part.top, part.cell, part_labels(part, premiums))
    canvas.restoreState()
    _coordinates(canvas, part)
    canvas.saveState()
    left, bottom, right, top = part.outline
    canvas.setLineWidth(1.5)
    canvas.setStrokeGray(0)
    canvas.rect(left, bottom, right - left, top - bottom, stroke=1, fill=0)
    canvas.setLineWidth(0.5)
    for cx, sx in ((left, -1), (right, 1)):
        for cy, sy in ((bottom, -1), (top, 1)):
            canvas.line(cx + sx * MARK_GAP, cy, cx + sx * (MARK_GAP + MARK), cy)
            canvas.line(cx, cy + sy * MARK_GAP, cx, cy + sy * (MARK_GAP + MARK))
    canvas.restoreState()


def _glue_text(canvas: Canvas, text: str, x: float, y: float, angle: float) -> None:
    """Draw the glue edge's label centred at (x, y), along the edge."""
    canvas.saveState()
    canvas.translate(x, y)
    canvas.rotate(angle)
    canvas.setFont(BOLD, 7)
    canvas.setFillGray(0.3)
    canvas.drawCentredString(0, -2.5, text)
    canvas.restoreState()


def _coordinates(canvas: Canvas, part: Part) -> None:
    """Draw the column letters and row numbers in the coordinates' margin of the part's sides
    that are the board's edges, inside its cut outline (a side that meets another part has
    none: it is cut or glued)."""
    size = 9.0
    canvas.saveState()
    canvas.setFont(BOLD, size)
    bottom = part.top - part.height
    on_left, on_bottom, on_right, on_top = part.edges
    for col in range(part.cols[0], part.cols[1] + 1):
        cx = part.x + (col - part.cols[0] + 0.5) * part.cell
        if on_top:
            canvas.drawCentredString(cx, part.top + (COORDS - size * 0.7) / 2, COLUMNS[col - 1])
        if on_bottom:
            canvas.drawCentredString(cx, bottom - (COORDS + size * 0.7) / 2, COLUMNS[col - 1])
    for row in range(part.rows[0], part.rows[1] + 1):
        cy = part.top - (row - part.rows[0] + 0.5) * part.cell - size * 0.35
        if on_left:
            canvas.drawCentredString(part.x - COORDS / 2, cy, str(row))
        if on_right:
            canvas.drawCentredString(part.x + part.width + COORDS / 2, cy, str(row))
    canvas.restoreState()


def draw_ruler(canvas: Canvas, x: float, y: float, label: str) -> None:
    """Draw a RULER-centimetre ruler from (x, y) rightwards, a tick a millimetre, longer at 5 mm
    and at each centimetre numbered, and its label to its right (returns nothing)."""
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(0)
    canvas.line(x, y, x + RULER * CM, y)
    canvas.setFont(BOLD, 6.5)
    for mm in range(RULER * 10 + 1):
        tick = 7.0 if mm % 10 == 0 else 4.5 if mm % 5 == 0 else 2.5
        canvas.setLineWidth(0.6 if mm % 10 == 0 else 0.3)
        canvas.line(x + mm * CM / 10, y, x + mm * CM / 10, y + tick)
        if mm % 10 == 0:
            canvas.drawCentredString(x + mm * CM / 10, y + 9, str(mm // 10))
    canvas.setFont(BOLD, 7.5)
    canvas.drawString(x + RULER * CM + 8, y + 2, label)
    canvas.restoreState()


def draw_map(canvas: Canvas, found: tuple[Part, ...], this: Part, x: float, top: float,
             side: float, label: str) -> None:
    """Draw a small map of the parts, each numbered, with this one shaded, its upper-right
    corner at (x, top), and its label to its left (returns nothing)."""
    rows = max(p.band[0] for p in found) + 1
    cols = max(p.band[1] for p in found) + 1
    cell = side / max(rows, cols)
    left = x - cols * cell
    canvas.saveState()
    canvas.setLineWidth(0.6)
    for part in found:
        i, j = part.band
        canvas.setFillGray(0.35 if part == this else 1)
        canvas.rect(left + j * cell, top - (i + 1) * cell, cell, cell, stroke=1, fill=1)
        canvas.setFillGray(1 if part == this else 0)
        canvas.setFont(BOLD, cell * 0.55)
        canvas.drawCentredString(left + (j + 0.5) * cell, top - (i + 0.5) * cell - cell * 0.2, str(part.number))
    canvas.setFillGray(0)
    canvas.setFont(BOLD, 8)
    canvas.drawRightString(left - 5, top - rows * cell / 2 - 3, label)
    canvas.restoreState()


@dataclass(frozen=True)
class TileGrid:
    """Where the tiles of a tile page go: cells of CELL points, `columns` across and `rows` down,
    the grid's upper-left corner at (left, top)."""

    left: float
    top: float
    columns: int
    rows: int
    cell: float = CELL

    @property
    def per_page(self) -> int:
        """Return how many tiles a page holds."""
        return self.columns * self.rows

    def corner(self, index: int) -> tuple[float, float]:
        """Return the lower-left corner of the index-th cell, row by row."""
        row, col = divmod(index, self.columns)
        return self.left + col * self.cell, self.top - (row + 1) * self.cell


def tile_grid(page_size: str, top_room: float) -> TileGrid:
    """Return the grid of a tile page: as many cells as fit between the margins under
    `top_room` points of title, centred across the page."""
    width, height = PAGE_POINTS[page_size]
    columns = int((width - 2 * MARGIN) // CELL)
    rows = int((height - top_room - MARGIN - 14 - RULER_ROOM) // CELL)
    return TileGrid((width - columns * CELL) / 2, height - top_room, columns, rows)


def draw_tile_cells(canvas: Canvas, grid: TileGrid, tiles: list) -> None:
    """Draw tiles (anything with .symbol and .score) edge to edge in the grid's cells, row by
    row, and one solid cut line between two tiles, each line straight across the rows (or down
    the columns) in use, so a paper cutter cuts a page in runs (returns nothing)."""
    for index, tile in enumerate(tiles):
        x, y = grid.corner(index)
        draw_tile(canvas, x, y, grid.cell, tile.symbol, tile.score)  # its outline on the cut lines
    rows = math.ceil(len(tiles) / grid.columns)
    columns = min(grid.columns, len(tiles))
    canvas.saveState()
    canvas.setLineWidth(0.8)
    canvas.setStrokeGray(0)
    for row in range(rows + 1):
        y = grid.top - row * grid.cell
        canvas.line(grid.left - MARK, y, grid.left + columns * grid.cell + MARK, y)
    for col in range(columns + 1):
        x = grid.left + col * grid.cell
        canvas.line(x, grid.top + MARK, x, grid.top - rows * grid.cell - MARK)
    canvas.restoreState()
