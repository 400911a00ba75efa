"""What a game's projector page shows, as values for its template: the board with its marks
(the last play, a play shown before it is confirmed, a revealed best play), the turn shown, the
best play when asked, a solo player's last play against the best, the history; and a duplicate
game's rounds. Each is one small function of the record replayed; web/games.py's routes call
them and render the page."""

from __future__ import annotations

from pathlib import Path

from classroom.errors import ClassroomError
from classroom.game.board import COLUMNS, Square
from classroom.game.plays import Play, record_notation
from classroom.game.plays import score as score_of
from classroom.record.duplicate import Duplicate, replay_duplicate
from classroom.record.grammar import Record
from classroom.record.replay import Replay, Replayed
from classroom.record.report import STRONG_SOLO_AVERAGE, STRONG_SOLO_TOTAL, how_ended, turn_text
from classroom.solve.board.position import searchable
from classroom.store.games import record_state, seats
from classroom.web.forms import within_blank_limit
from classroom.web.searches import Reveals, Stopped
from classroom.web.shown import Shown, board_rows, shown_play, told
from classroom.web.teams import last_marks, poll_seconds, waiting_proposal

WORDS = ("pass", "undo", "reveal", "end")


def turn_shown(turn: Replayed) -> tuple[Replayed, Shown]:
    """Return a turn with the play as the page shows it (a breakdown for an equation play)."""
    return turn, shown_play(turn.player, turn_text(turn), turn.breakdown if turn.kind == "play" else None)


def history(game: Replay) -> list[tuple[Replayed, str]]:
    """Return every turn with what it did, a trade's tiles unsaid (the projector shows them)."""
    return [(t, told(t) if t.kind == "trade" else turn_text(t)) for t in game.turns]


def best_shown(reveals: Reveals, game: Replay, rack_text: str | None) -> tuple[Play | None, Shown | None, str | None]:
    """Return the best play for the player to move and the play shown, or why there is none (a
    rack the record does not know is typed: `rack_text`)."""
    player, tileset = game.next_player, game.tileset
    bonus = game.record.header.bonus_of(player)  # the fraction bonus ranks the plays (RULES §12)
    try:
        rack = within_blank_limit(tileset.read_hand(rack_text)) if rack_text else game.rack(player)
    except ClassroomError as failure:
        return None, None, str(failure)
    if rack is None:
        return None, None, (f"the record does not know {player}'s rack: type reveal and the tiles on "
                                  f"{player}'s rack, like reveal 1 2 3 + × 4 5 6 ?")
    try:
        best = reveals.best(game.board, rack, tileset, game.record.header.play, bonus)
    except Stopped:
        raise  # the server is stopping: one sentence, not the whole game page
    except ClassroomError as failure:
        return None, None, str(failure)
    if not best:
        return None, None, f"{player}'s rack has no equation play on this board"
    play = best[0].play
    shown = shown_play(player, record_notation(game.board, play), score_of(game.board, play, tileset, bonus))
    return play, shown, None


def solo_comparison(reveals: Reveals, game: Replay) -> dict | None:
    """Return the solo player's last play set against the best the rack had, or None."""
    last = game.turns[-1] if game.turns else None
    if last is None or last.rack is None or searchable(last.rack, game.tileset) != last.rack:
        return None
    try:
        bonus = game.record.header.bonus_of(last.player)
        best = reveals.best(last.board, last.rack, game.tileset, game.record.header.play, bonus)
    except Stopped:
        raise
    except ClassroomError:
        return None  # the comparison is left out; the reveal says why when asked
    top = best[0] if best else None
    if top is None:
        return {"turn": last, "best": None, "left": 0}
    shown = shown_play(last.player, record_notation(last.board, top.play),
                       score_of(last.board, top.play, game.tileset, bonus))
    return {"turn": last, "best": shown, "left": top.score - last.score}


def marked(marks: dict[Square, str], turn: Replayed | None, mark: str) -> dict[Square, str]:
    """Return the marks with a turn's new squares marked `mark` (none for a trade or a pass)."""
    if turn is None or turn.play is None:
        return marks
    return {**marks, **{square: mark for square in turn.play.squares}}


def game_values(library: Path, reveals: Reveals, name: str, record: Record, game: Replay, *,
                pending: Replay | None = None, reveal: bool = False, reveal_rack: str | None = None,
                error: str | None = None, asking: bool = False) -> dict:
    """Return what a teams or solo game's page shows: the board and its marks, the turn shown
    (`pending`: the record with the typed turn), a team's proposal waiting, the best play when
    asked (`reveal`), the last turn's breakdown (kept until the next play is shown), the
    question before an undo (`asking`)."""
    marks, board = last_marks(game), game.board
    # A team's play sent from its device waits here for the teacher (classroom.web.teams).
    proposal = waiting_proposal(library, name, record, game) if pending is None and not game.ended else None
    if proposal is not None:
        board, marks = proposal["pending"].board, marked(marks, proposal["turn"], "new")
    preview = None
    if pending is not None:
        preview = turn_shown(pending.turns[-1])
        board, marks = pending.board, marked(marks, pending.turns[-1], "new")
    revealed, reveal_note = None, None
    if reveal and game.next_player is not None:
        play, revealed, reveal_note = best_shown(reveals, game, reveal_rack)
        if play is not None:
            board = game.board.place(play.placements)
            marks = {**marks, **{square: "reveal" for square in play.squares}}
    last_turn = game.turns[-1] if game.turns else None
    quiet = not (preview or proposal or revealed or error or asking)
    return {"game": game, "header": record.header, "rows": board_rows(board, game.tileset, marks),
            "columns": COLUMNS, "preview": preview, "proposal": proposal, "revealed": revealed,
            "reveal_note": reveal_note, "at": record_state(record), "turns": history(game),
            "ended_how": how_ended(game) if game.end else None, "private": record.header.racks == "private",
            "poll": poll_seconds(), "words": WORDS,
            "practice": solo_comparison(reveals, game) if record.header.mode == "solo" else None,
            "links": record.header.mode == "teams" and game.dealt,  # on a page of their own (links_page)
            "latest": turn_shown(last_turn) if last_turn is not None and quiet else None,
            "asking": told(last_turn) if asking and last_turn is not None else None,
            "last_told": told(last_turn) if last_turn is not None else "",
            "strong": (STRONG_SOLO_TOTAL, STRONG_SOLO_AVERAGE)}


def projector_state(game: Duplicate, seated: tuple[str, ...]) -> str:
    """Return what a duplicate game's projector shows that students change, as a short text its
    poll compares (/games/NAME/entered): the rounds dealt, who has entered, who has joined."""
    current = game.current
    entered = ",".join(e.player for e in current.entries) if current else ""
    return f"{len(game.rounds)}:{entered}:{','.join(seated)}"


def duplicate_values(library: Path, name: str, record: Record) -> dict:
    """Return what a duplicate game's projector shows: while a round is open, who has entered
    (names only: no points, no legality); the last closed round's top play, entries and scores
    once it closes; standings of closed rounds only."""
    game = replay_duplicate(record, where=f"game {name}")
    last = next((r for r in reversed(game.rounds) if r.closed), None)
    marks: dict[Square, str] = {}
    top = None
    if last is not None:
        main = last.top_breakdown.equations[0]
        marks.update({t.square: "last" for t in main.tiles if last.board.is_empty(t.square)})
        top = shown_play("top", last.top, last.top_breakdown)
    entries = [(e, shown_play(e.player, e.notation or e.text, e.breakdown)) for e in last.entries] if last else []
    current = game.current
    seated = seats(library, name)
    return {"header": record.header, "rows": board_rows(game.board, game.tileset, marks), "columns": COLUMNS,
            "round": current.round if current else None, "rack": current.rack if current else (),
            "entered": [e.player for e in current.entries] if current else [], "players": game.players,
            "last": last, "top": top, "entries": entries, "has_rounds": bool(game.rounds),
            "ended": current is None, "standings": game.standings, "seated": seated,
            "state": projector_state(game, seated)}
