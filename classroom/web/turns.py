"""A turn on the projector's game page, as plain functions of the record: a typed line tried
(shown with its score before it is confirmed), confirmed, a table game's holds line written at
once, the game stopped, the last turn taken back. Each replays the record once at most and grows
that replay by the turn (`Replay.then`; docs/architecture.md, "A typed play"); web/games.py's
routes read the request, call one of these, and show the page.
"""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass
from typing import Callable

from classroom.errors import ClassroomError
from classroom.record.deal import play_turn, stop_game
from classroom.record.grammar import Holds, Record, read_turn
from classroom.record.replay import Replay, replay
from classroom.web.placing import placed_line
from classroom.web.shown import plain_reason, put_back, told, typed_turn


@dataclass(frozen=True)
class Tried:
    """A line typed in the box, tried on the game: the line in full (`written`: tiles placed
    from a clicked square written out as a play), the record replayed (None when it does not
    replay), and either the game after the turn (`pending`, shown with its score before it is
    confirmed), a table game's holds line to write at once (`holds`), or why the line is
    refused (`error`, one sentence without the record's line number)."""

    written: str
    game: Replay | None = None
    pending: Replay | None = None
    holds: bool = False
    error: str | None = None


def tried(record: Record, typed: str, place: str, where: str) -> Tried:
    """Return a typed line tried on the game the record holds (nothing is written): the turn of
    the player to move, or of the player it names; `place` is the square clicked ('J10 across')
    when the tiles were typed after it, else ''."""
    game = None
    try:
        game = replay(record, where=where)
        written = placed_line(game.board, place, typed)
        line = read_turn(typed_turn(written, game), record, "the play")
        if isinstance(line, Holds):  # what a player holds at a table game's end: written at once
            return Tried(written, game, holds=True)
        _, pending = play_turn(record, line, "the play", game)
    except ClassroomError as error:
        return Tried(typed, game, error=plain_reason(error))
    return Tried(written, game, pending)


def confirmed(record: Record, typed: str, timed: Callable[[Replay, str], Replay] | None = None) -> Record:
    """Return the record with the typed turn played and the refill dealt, or raise why the turn
    breaks a rule (the record replayed once, then grown by the turn); `timed(game, player)` adds
    the turn's 'took' line when the game keeps time (web.piles.with_took)."""
    game = replay(record, where="the play")
    line = read_turn(typed_turn(typed, game), record, "the play")
    after = play_turn(record, line, "the play", game)[1]
    return (timed(after, line.player) if timed else after).record


def with_holds(record: Record, tried: Replay, typed: str) -> Record:
    """Return the record with a table game's holds line added: grown from the game `tried`
    replayed when the record is still the one it was tried on, else replayed again (another
    window changed it meanwhile)."""
    game = tried if record == tried.record else replay(record, where="the play")
    return game.then(read_turn(typed, record, "the play"), "the play").record


def stopped(record: Record, where: str) -> Record:
    """Return the record of a game stopped where it stands because time is up (record.deal.stop_game)."""
    return stop_game(record, where)[0]


def undo_query(record: Record, where: str) -> str:
    """Return what the page's address says once the last turn is taken back: '?took=…&line=…',
    the turn as the projector names it and its play to go back in the box; '' when the game
    has no turn."""
    game = replay(record, where=where)
    if not game.turns:
        return ""
    last = game.turns[-1]
    return "?" + urllib.parse.urlencode({"took": told(last), "line": put_back(last)})
