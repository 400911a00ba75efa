"""Plays for a dealt team game's tests, chosen from the engine's top plays for the rack so that
the game holds a first play, an extension and a cross play, each told as a team places it: the
square of its first new tile and only its new tiles (never a tile already on the board)."""

from __future__ import annotations

from classroom.game.board import Board, on_board, square_name
from classroom.game.plays import Play
from classroom.game.symbols import display_text, face
from classroom.record.replay import Replay
from classroom.solve.board.position import searchable, top_plays


def line_of(board: Board, play: Play) -> list:
    """Return the squares of a play's main string, old tiles at either end and between included."""
    dr, dc = play.direction.step
    first, last = min(play.squares), max(play.squares)
    while on_board((first[0] - dr, first[1] - dc)) and board.tile((first[0] - dr, first[1] - dc)):
        first = (first[0] - dr, first[1] - dc)
    squares = [first]
    while squares[-1] < last or (on_board(nxt := (squares[-1][0] + dr, squares[-1][1] + dc)) and board.tile(nxt)):
        squares.append((squares[-1][0] + dr, squares[-1][1] + dc))
    return squares


def kind_of(board: Board, play: Play) -> str:
    """Return 'new' (no old tile in its main string), 'extension' (two old tiles side by side in
    it: an old string made longer) or 'cross' (old tiles of strings that cross it)."""
    line = line_of(board, play)
    old = [i for i, square in enumerate(line) if square not in play.squares]
    if not old:
        return "new"
    return "extension" if any(b - a == 1 for a, b in zip(old, old[1:])) else "cross"


def placing_of(play: Play) -> tuple[str, str]:
    """Return the square tapped ('J10 across') and the new tiles typed ('2 4 ÷ 3 = 8')."""
    first = min(play.squares)
    tiles = " ".join(display_text(face(p.tile)) if not p.tile.startswith("?") else p.tile
                     for p in sorted(play.placements, key=lambda p: p.square))
    return f"{square_name(first)} {play.direction.value}", tiles


def next_play(game: Replay, wanted: tuple[str, ...]) -> tuple[Play, int, str]:
    """Return a top play of the player to move of the first kind in `wanted` the rack has (the
    best play when it has none), its score and its kind."""
    rack = searchable(game.rack(game.next_player), game.tileset)
    plays = top_plays(game.board, rack, game.tileset, 60)
    assert plays, "the rack has no play"
    for kind in wanted:
        found = next((c for c in plays if kind_of(game.board, c.play) == kind), None)
        if found is not None:
            return found.play, found.score, kind
    return plays[0].play, plays[0].score, kind_of(game.board, plays[0].play)


def still_wanted(kinds: list[str]) -> tuple[str, ...]:
    """Return the kinds of play a game still wants after the kinds played (an extension, a
    cross play), then any."""
    return tuple(k for k in ("extension", "cross") if k not in kinds) or ("extension", "cross", "new")
