"""A real game's position taken out of its record: the board before (or after) one turn and the
rack to play on it, for a Board Situation sheet (`classroom situations --game RECORD --turn N`).

A game played horizontally (RULES §12) gives none: a Board Situation's key, its sheet's wording
and the judging of the class's plays (`grade`) are the crossword game's (RULES §6), so a sheet of
a horizontal game's board would mark as best a play its players may not make."""

from __future__ import annotations

from classroom.errors import ClassroomError
from classroom.game.board import Board
from classroom.game.horizontal import HORIZONTAL
from classroom.game.symbols import Hand
from classroom.record.replay import Replay


def game_position(game: Replay, number: int, after: bool = False,
                  where: str = "record") -> tuple[Board, Hand | None]:
    """Return the board before turn `number` (turns counted from 1: plays, trades and passes), or
    after it, and the rack of the turn played on that board (turn `number`, or the next one
    after it) when the record knows it; raise one sentence for a turn the game does not have,
    or for a game played horizontally."""
    if game.record.header.play == HORIZONTAL:
        raise ClassroomError(f"{where} is played horizontally, and a Board Situation's key, sheet and grading "
                             f"follow the crossword game (RULES §6); ask 'classroom best --play horizontal' instead")
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
