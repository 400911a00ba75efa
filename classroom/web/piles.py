"""Two draw piles and the clock on a game's page (RULES §10, §12), beside web/games.py.

- **Two draw piles** (`#piles two`): when a play or a trade is confirmed the refill waits for the
  player's word (`Replay.drawing`); the projector asks "2 operations" / "3 operations" (or another
  number), and the answer deals the refill with `record.deal.draw_refill`, as
  `classroom game play RECORD --operations N` does. While it waits the projector shows no play
  box (no one may play before the draw), and the drawing team's own page asks the same question
  (`drawn_by`: that team's draw only).
- **The clock**: a game with a time a play (`#time`) or a total-time clock (`#allowance`,
  `#time-bonus`) shows the running time of the player to move, counted from when their turn
  began: the moment the record was last written (the turn before it, its refill, or the new game),
  so a reload or another browser shows the same time. A confirmed play writes its `took` line
  with the time since then, so `game score` gives the same totals. Past a player's time a play
  the clock turns red; the play still counts (the teacher decides, RULES §12).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from classroom.errors import ClassroomError
from classroom.game.bag import MAX_OPERATIONS
from classroom.record.deal import draw_refill
from classroom.record.grammar import Header, Record, Took
from classroom.record.replay import Replay, replay
from classroom.store.games import game_path
from classroom.web.forms import optional_text, read_form, text, whole


def new_game_words(form: FormData) -> dict[str, object]:
    """Return what the new-game form says of the clock and the draw piles, as new_game_request's
    keyword arguments (checked there, as the command line's options are)."""
    return {"allowances": (text(form, "allowance", "the time allowances", 400),),  # 'Red 30m, Blue 45m'
            "time_penalty": text(form, "time_penalty", "the time penalty", 20),
            "time_bonus": text(form, "time_bonus", "the time bonus", 20),
            "piles": optional_text(form, "piles", "the draw piles", 20),
            "operations": text(form, "operations", "the operation tiles of each first rack", 20)}


def timed(header: Header) -> bool:
    """Return whether the page keeps each turn's time: a time a play, or a total-time clock."""
    return bool(header.minutes) or header.clocked


def turn_began(library: Path, name: str) -> float:
    """Return when the turn to play began: when the game's record was last written."""
    return game_path(library, name).stat().st_mtime


def clock_values(library: Path, name: str, game: Replay) -> dict | None:
    """Return what the running clock shows: the player to move, the seconds since their turn
    began, their time a play and their allowance in seconds (None without), and their time so
    far; None when the game keeps no time, has ended, or waits for a draw."""
    header = game.record.header
    player = game.next_player
    if player is None or game.drawing is not None or not timed(header):
        return None
    minutes, allowance = header.minutes_of(player), dict(header.allowances).get(player)
    return {"player": player, "elapsed": max(0, int(time.time() - turn_began(library, name))),
            "limit": minutes * 60 if minutes else None, "allowance": allowance * 60 if allowance else None,
            "so_far": dict(game.times).get(player, 0)}


def piles_values(library: Path, name: str, game: Replay) -> dict:
    """Return what the game's page shows of the draw piles and the clock (game_drawing.j2,
    game_clock.j2)."""
    return {"drawing": game.drawing, "clock": clock_values(library, name, game)}


def with_took(library: Path, name: str, game: Replay, player: str) -> Replay:
    """Return the game with the 'took' line of the turn the player just played (the time since
    their turn began), when the game keeps time; else the game as it is."""
    if not timed(game.record.header):
        return game
    seconds = max(0, round(time.time() - turn_began(library, name)))
    return game.then(Took(0, player, seconds), "the play")


def operations_said(form: FormData) -> int:
    """Return how many tiles of the refill the player takes from the operations pile, or raise."""
    operations = whole(form, "operations", "the number of operation tiles", 0, MAX_OPERATIONS, None)
    if operations is None:
        raise ClassroomError(f"say how many tiles come from the operations pile, 0 to {MAX_OPERATIONS}")
    return operations


def drawn_by(record: Record, player: str, operations: int, where: str) -> Record:
    """Return the record with the player's waiting refill dealt (`operations` from the operations
    pile), or raise when the refill that waits is not the player's: a team answers only its own."""
    game = replay(record, where=where)
    if game.drawing is None or game.drawing[0] != player:
        raise ClassroomError(f"{player} has no tiles to draw now")
    return draw_refill(record, operations, where, game)[0]


def piles_routes(library: Path, friendly, change, made_at: Callable[[FormData], str]) -> list[Route]:
    """Return the route that deals a two-pile game's waiting refill; `change(name, how, at=)`
    changes the record under its lock and shows the game again (a refusal in its box)."""

    @friendly
    async def draw_page(request: Request) -> Response:
        name = request.path_params["name"][:40]
        form = await read_form(request)
        operations = operations_said(form)
        return await change(name, lambda record: draw_refill(record, operations, f"game {name}")[0],
                            at=made_at(form))

    return [Route("/games/{name}/draw", draw_page, methods=["POST"])]
