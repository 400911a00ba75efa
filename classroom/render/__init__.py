"""Renderers: they draw a Worksheet model as PDFs and hold no game logic; wording comes from
templates/ through classroom.render.wording."""

from classroom.render.boardless_pdf import render_boardless
from classroom.render.scoreplay_pdf import render_scoreplay
from classroom.render.situations_pdf import render_situations
from classroom.render.trueornot_pdf import render_trueornot
from classroom.render.variety_pdf import render_variety

RENDERERS = {"boardless": render_boardless, "situations": render_situations,
             "scoreplay": render_scoreplay, "trueornot": render_trueornot,
             "variety": render_variety}  # by worksheet kind

__all__ = ["RENDERERS", "render_boardless", "render_scoreplay", "render_situations", "render_trueornot",
           "render_variety"]
