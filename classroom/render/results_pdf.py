"""The one-page results of a contest, to pin up: the legal plays by place, with their scores,
then the plays that are not legal and why. Drawing only; the words come from results.j2."""

from __future__ import annotations

from pathlib import Path

from classroom.game.symbols import Hand
from classroom.mark.judging import Judged, standings
from classroom.render.fonts import BOLD, REGULAR, width
from classroom.render.page import Sheet
from classroom.render.wording import Wording, environment, printed

LARGEST, SMALLEST = 12.0, 5.5  # text sizes: as large as one page allows for the number of plays


def fitted(text: str, size: float, room: float, bold: bool = False) -> str:
    """Return text cut with an ellipsis so it fits `room` points at `size`."""
    if width(text, size, bold) <= room:
        return text
    while text and width(text + "…", size, bold) > room:
        text = text[:-1]
    return text + "…"


def render_results(sheet_id: str, hand: Hand, judged: tuple[Judged, ...], page_size: str,
                   templates_dir: str | Path | None = None) -> bytes:
    """Return the results page of a contest as PDF bytes (one page, the text sized to fit)."""
    env = environment(templates_dir)
    ordered = standings(judged)
    legal = [j for j in ordered if j.legal]
    illegal = [j for j in ordered if not j.legal]
    words = Wording(env, "results.j2", sheet=sheet_id, hand=hand, legal=len(legal),
                    illegal=len(illegal), page=1, left_out=0)
    sheet = Sheet(page_size, words["title"])
    sheet.open(words, 20)
    sheet.text(words["hand_line"], 12)
    sheet.paragraph(words["summary"], 10)
    lines = 1 + len(legal) + (2 + 2 * len(illegal) if illegal else 0) + 1  # and a spare line
    size = max(SMALLEST, min(LARGEST, (sheet.room() - 10) / (lines * 1.45)))
    step = size * 1.45
    canvas = sheet.canvas
    place_x, name_x = sheet.left, sheet.left + size * 4
    play_x = name_x + size * 11
    score_x = sheet.right
    play_room = score_x - size * 4 - play_x

    left_out = []

    def row(cells: tuple[str, str, str, str], bold: bool = False, play: Judged | None = None) -> None:
        if sheet.room() < 2 * step:  # one page: the last line says how many plays are left out
            if play is not None:
                left_out.append(play)
            return
        sheet.y -= step
        canvas.setFont(BOLD if bold else REGULAR, size)
        canvas.drawString(place_x, sheet.y, cells[0])
        canvas.drawString(name_x, sheet.y, fitted(cells[1], size, play_x - name_x - 6, bold))
        # a line without a score (a reason) may run to the right margin
        canvas.drawString(play_x, sheet.y, fitted(cells[2], size, play_room if cells[3] else score_x - play_x, bold))
        canvas.drawRightString(score_x, sheet.y, cells[3])

    row((words["rank_heading"], words["name_heading"], words["play_heading"], words["score_heading"]), bold=True)
    for j in legal:
        row((str(j.rank), j.name or words["unnamed"], printed(j.notation), str(j.score)), j.rank == 1, j)
    if illegal:
        sheet.y -= step
        row(("", words["illegal_heading"], "", ""), bold=True)
        for j in illegal:
            if sheet.room() < 3 * step:  # a play and its reason stay together
                left_out.append(j)
                continue
            row(("", j.name or words["unnamed"], printed(j.text), "-"))
            row(("", f"{words['line_word']} {j.line}", printed(j.reason or ""), ""))
    if left_out:
        sheet.y -= step
        canvas.setFont(BOLD, size)
        canvas.drawString(name_x, sheet.y, words.given(left_out=len(left_out))["left_out_line"])
    return sheet.pdf()
