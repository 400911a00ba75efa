"""The score sheet of a game (teams or solo), to print or pin up: the game's header, one row a
turn (who, the play or the trade or pass, its score, every player's running total), the
end-of-game sums, the totals and the result; for a single player the average a turn beside the
booklet's marks. Drawing only: the game comes replayed (classroom.record.replay), the words
from score_sheet.j2."""

from __future__ import annotations

from pathlib import Path

from classroom.game.plays import record_notation
from classroom.record.grammar import Trade, action_text
from classroom.record.replay import Replay, Replayed
from classroom.record.report import STRONG_SOLO_AVERAGE, STRONG_SOLO_TOTAL, clock_line
from classroom.render.fonts import BOLD, REGULAR, width
from classroom.render.page import Sheet
from classroom.render.results_pdf import fitted
from classroom.render.wording import Wording, environment, printed

SIZE = 9.5  # the rows' text
STEP = SIZE * 1.55  # from one row to the next


def turn_words(turn: Replayed, words: Wording) -> str:
    """Return what a turn did, as the sheet prints it: the play as the record writes it, or the
    trade (with its tiles when known), or the pass."""
    if turn.kind in ("play", "expression"):
        play = printed(record_notation(turn.board, turn.play))
        return play if turn.kind == "play" else f"{play} {words['expression_word']}"
    if turn.kind == "trade":
        written = action_text(Trade(turn.traded, turn.traded_count)).removeprefix("trade ")
        return f"{words['trade_word']} {printed(written)}"  # 'trade [8]' is one 8, 'trade 3' three tiles
    return words["pass_word"]


class Columns:
    """Where each column of the turns' table stands: the turn number, the player, the play, the
    score (right-aligned), and one running total a player (right-aligned)."""

    def __init__(self, sheet: Sheet, players: tuple[str, ...], heading: str):
        names = max(width(p, SIZE, True) for p in players + (heading,))
        self.number = sheet.left
        self.player = sheet.left + SIZE * 3.5
        self.play = self.player + min(names, SIZE * 10) + SIZE
        total = max(SIZE * 4.5, min(names, SIZE * 10) + SIZE)
        self.totals = [sheet.right - total * (len(players) - 1 - i) for i in range(len(players))]
        self.score = self.totals[0] - total
        self.play_room = self.score - SIZE * 3.5 - self.play


def render_score_sheet(game: Replay, page_size: str, templates_dir: str | Path | None = None) -> bytes:
    """Return the score sheet of a replayed teams or solo game as PDF bytes."""
    env = environment(templates_dir)
    header = game.record.header
    solo = header.mode == "solo"
    low, high = STRONG_SOLO_TOTAL
    values = dict(mode=header.mode, level=header.level, seed=header.seed, play=header.play, players=list(game.players),
                  times=list(header.minutes), handicaps=list(header.handicaps),
                  bonuses=list(header.fraction_bonus), ended=game.ended,
                  clock=clock_line(game) if header.clocked else "", winners=game.winners,
                  went_out=game.went_out, next=game.next_player,
                  turns=len(game.turns), average=game.average(game.players[0]) if solo else None,
                  strong_low=f"{low:,}", strong_high=f"{high:,}", strong_average=STRONG_SOLO_AVERAGE)
    words = Wording(env, "score_sheet.j2", page=1, **values)
    sheet = Sheet(page_size, words["title"])
    sheet.open(words, 18)
    sheet.text(words["players_line"], 11)
    for line in ("time_line", "handicap_line", "bonus_line", "clock_line"):
        if words[line]:
            sheet.text(words[line], 10)
    sheet.y -= SIZE
    columns = Columns(sheet, game.players, words["player_heading"])
    canvas = sheet.canvas

    def row(number: str, player: str, play: str, score: str, totals: list[str], bold: bool = False) -> None:
        sheet.need(STEP)
        sheet.y -= STEP
        canvas.setFont(BOLD if bold else REGULAR, SIZE)
        canvas.drawRightString(columns.player - SIZE, sheet.y, number)
        canvas.drawString(columns.player, sheet.y, fitted(player, SIZE, columns.play - columns.player - SIZE / 2, bold))
        canvas.drawString(columns.play, sheet.y, fitted(play, SIZE, columns.play_room, bold))
        canvas.drawRightString(columns.score, sheet.y, score)
        for x, total in zip(columns.totals, totals):
            canvas.drawRightString(x, sheet.y, total)

    def heading() -> None:
        row(words["number_heading"], words["player_heading"], words["play_heading"], words["score_heading"],
            [fitted(p, SIZE, columns.totals[0] - columns.score - SIZE, True) for p in game.players], bold=True)
        rule()

    def rule() -> None:
        sheet.y -= SIZE * 0.5
        canvas.setLineWidth(0.6)
        canvas.line(sheet.left, sheet.y, sheet.right, sheet.y)

    sheet.on_new_page = heading  # the table's heading again at the top of every page
    heading()
    if header.handicaps:
        row("", "", words["handicap_heading"], "", [str(header.handicap_of(p)) for p in game.players])
    for number, turn in enumerate(game.turns, start=1):
        totals = dict(turn.totals)
        row(str(number), turn.player, turn_words(turn, words), str(turn.score),
            [str(totals[p]) for p in game.players])
    rule()
    if game.end is not None:
        end = dict(game.end)
        row("", "", words["end_heading"], "", [printed(f"{end[p]:+d}") for p in game.players])
    if game.time_sums is not None:
        clock = dict(game.time_sums)
        row("", "", words["clock_heading"], "", [printed(f"{clock[p]:+d}") for p in game.players])
    totals = game.totals
    row("", "", words["totals_heading"], "", [str(totals[p]) for p in game.players], bold=True)
    sheet.on_new_page = None
    sheet.y -= SIZE
    sheet.text(words["result_line"], 13, bold=True)
    if game.end is not None:
        sheet.paragraph(words["end_line"], 10.5)
    if solo and words["solo_line"]:
        sheet.paragraph(words["solo_line"], 10.5)
    return sheet.pdf()
