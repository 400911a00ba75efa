"""A play entered by placing tiles, as on a board site: the square clicked (clicked again: down)
and only the new tiles typed; the tiles already in the line come from the board.

The page sends what was clicked and typed, never a play it built itself: the line is written in
full here, from the board, by the rules' own writer (`record_notation`), and then goes the way a
typed line goes (the record's reader and `Replay.then`). So the one place that knows what a main
string is stays the rules; the page's script only draws what the server answers.
"""

from __future__ import annotations

import re
from typing import Callable

from classroom.errors import ClassroomError, excerpt
from classroom.game.board import Board, Direction, Placement, Square, on_board, parse_square, square_name
from classroom.game.plays import Play, make_play, record_notation
from classroom.game.symbols import display_text, face, is_blank, parse_written
from classroom.game.tilesets import TileSet
from classroom.record.deal import play_turn
from classroom.record.grammar import Record, read_turn
from classroom.record.replay import Replay, replay
from classroom.web.shown import Shown, plain_reason, shown_play, typed_turn

# What the page sends as the clicked square: 'J10 across', 'J10 down'.
_PLACE = re.compile(r"^\s*([A-Sa-s]\d{1,2})\s+(across|down)\s*$", re.IGNORECASE)
# A word or a whole play holds a letter other than x (times): such a box is read as typed.
_WHOLE_LINE = re.compile(r"[a-wyz]", re.IGNORECASE)


def read_place(text: str) -> tuple[Square, Direction]:
    """Return the clicked square and direction of 'J10 across', or raise one sentence."""
    match = _PLACE.match(text)
    if match is None:
        raise ClassroomError(f"{excerpt(text.strip())!r} is not a square and a direction, like J10 across")
    return parse_square(match[1].upper()), Direction(match[2].lower())


def laid(board: Board, start: Square, direction: Direction, typed: str) -> tuple[Placement, ...]:
    """Return the typed tiles laid on the empty squares from `start` on in `direction` (a square
    that holds a tile is passed over: its tile is part of the line), or raise one sentence."""
    tiles = parse_written(typed, "the tiles")
    dr, dc = direction.step
    square, placed = start, []
    for tile in tiles:
        while board.tile(square):
            square = (square[0] + dr, square[1] + dc)
        if not on_board(square):
            raise ClassroomError(f"the tiles run off the board: {len(tiles)} new tiles do not fit from "
                                 f"{square_name(start)} {direction.value}")
        placed.append(Placement(square, tile))
        square = (square[0] + dr, square[1] + dc)
    return tuple(placed)


def placed_play(board: Board, place: str, typed: str) -> Play:
    """Return the play of tiles typed after a square was clicked ('J10 across', '24:3=8'), or
    raise one sentence."""
    start, direction = read_place(place)
    return make_play(laid(board, start, direction, typed), direction)


def is_placing(place: str, typed: str) -> bool:
    """Return whether a box is read as tiles placed from a clicked square: a square was clicked
    and the box holds tiles only (a word or a whole play holds a letter other than x)."""
    return bool(place.strip() and typed.strip()) and not _WHOLE_LINE.search(typed)


def placed_line(board: Board, place: str, typed: str) -> str:
    """Return the line a box holds as the record reads it: with a square clicked and tiles
    typed, the play written in full from the board ('M12 across' and '4=' beside a 4 at O12 give
    'M12 across 4 = 4'); else the box as typed."""
    if not is_placing(place, typed):
        return typed
    play = placed_play(board, place, typed)
    return record_notation(board, play)


def looked(record: Record, place: str, typed: str, where: str, game: Replay | None = None) -> dict:
    """Return what tiles typed after a clicked square would play, as the page draws it while
    they are typed (nothing is written): each new tile on its square, and the play with its score
    and breakdown, or why it is not a play yet (`reason`). `game`: the record replayed already."""
    game = game if game is not None else replay(record, where=where)

    def scored(written: str) -> tuple[Shown, int, str]:
        line = read_turn(typed_turn(written, game), record, "the play")
        _, pending = play_turn(record, line, "the play", game)
        turn = pending.turns[-1]
        return (shown_play(turn.player, turn.notation or written, turn.breakdown if turn.kind == "play" else None),
                turn.score, turn.kind)

    return looked_on(game.board, game.tileset, place, typed, scored)


def looked_on(board: Board, tileset: TileSet, place: str, typed: str,
              scored: Callable[[str], tuple[Shown, int, str]]) -> dict:
    """Return what tiles typed after a clicked square would play on `board`, for the page's
    script (see looked); `scored(written)` gives the play written in full as the game would
    take it (shown, score, kind), or raises why it would not."""
    try:
        play = placed_play(board, place, typed)
    except ClassroomError as error:
        return {"tiles": [], "reason": plain_reason(error)}
    tiles = [{"square": square_name(p.square), "symbol": display_text(face(p.tile)),
              "points": tileset.score_of(p.tile), "blank": is_blank(p.tile)} for p in play.placements]
    written = record_notation(board, play)
    try:
        shown, score, kind = scored(written)
    except ClassroomError as error:
        return {"tiles": tiles, "text": display_text(written), "reason": plain_reason(error)}
    return {"tiles": tiles, "text": shown.text, "score": score, "kind": kind,
            "lines": [list(line) for line in shown.lines], "bonus": shown.bonus, "blanks": list(shown.blanks)}
