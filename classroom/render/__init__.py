"""Renderers: they draw a Worksheet model as PDFs and hold no game logic; wording comes from
templates/ through classroom.render.wording."""

from classroom.render.boardless_pdf import render_boardless
from classroom.render.situations_pdf import render_situations

__all__ = ["render_boardless", "render_situations"]
