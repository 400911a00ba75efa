"""A real game's position taken out of its record: the board before (or after) one turn and the
rack to play on it, for a Board Situation sheet (`classroom situations --game RECORD --turn N`)."""

from __future__ import annotations

from classroom.errors import ClassroomError
from classroom.game.board import Board
from classroom.game.symbols import Hand
from classroom.record.replay import Replay


def game_position(game: Replay, number: int, after: bool = False,
                  where: str = "record") -> tuple[Board, Hand | None]:
    """Return the board before turn `number` (turns counted from 1: plays, trades and passes), or
    after it, and the rack of the turn played on that board (turn `number`, or the next one
    after it) when the record knows it; raise one sentence for a turn the game does not have."""
    count = len(game.turns)
    if not 1 <= number <= count:
        has = f"has turns 1 to {count}" if count else "has no turn yet"
        raise ClassroomError(f"{where}: there is no turn {number}; the game {has}")
    if not after:
        turn = game.turns[number - 1]
        return turn.board, turn.rack
    if number == count:
        return game.board, game.rack(game.next_player) if game.next_player else None
    turn = game.turns[number]
    return turn.board, turn.rack
