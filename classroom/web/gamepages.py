"""A game's page as the projector shows it, and a game's record changed under its lock with the
page shown again, or, when the change is refused, why in the page's box with the line typed
kept. web/games.py's routes hold one GamePages for the library and call it in a worker thread
(each method reads the record, and may replay it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from starlette.responses import RedirectResponse, Response

from classroom.errors import ClassroomError
from classroom.record.grammar import Record
from classroom.record.replay import Replay, replay
from classroom.store.games import Stale, change_game, load_game
from classroom.web.piles import piles_values
from classroom.web.projector import duplicate_values, game_values
from classroom.web.searches import Reveals
from classroom.web.shown import plain_reason

Change = Callable[[Record], Record]  # a record changed: a turn added, the last taken back, a header line set


@dataclass(frozen=True)
class GamePages:
    """The game pages of a library: `page` renders a template (web/app.py), `reveals` searches
    the best play of a rack when the projector reveals it."""

    library: Path
    page: Callable[..., Response]
    reveals: Reveals

    def view(self, name: str, record: Record, reveal: bool = False, typed: str = "", pending: Replay | None = None,
             error: str | None = None, status: int = 200, closed: bool = False, reveal_rack: str | None = None,
             stale: bool = False, join: dict | None = None, game: Replay | None = None, place: str = "",
             asking: bool = False, took: str = "") -> Response:
        """Return the game's page; `game` is the record replayed, when the request has it already;
        `place` the square clicked when tiles were placed from it (kept with a refused play);
        `asking`: whether to take back the last turn is asked; `took`: the turn just taken back."""
        if record.header.mode == "duplicate":
            return self.duplicate_view(name, record, typed, error, status, closed, join)
        game = game if game is not None else replay(record, where=f"game {name}")
        values = game_values(self.library, self.reveals, name, record, game, pending=pending, reveal=reveal,
                             reveal_rack=reveal_rack, error=error, asking=asking)
        return self.page("game.j2", status, here="games", name=name, typed=typed, error=error, stale=stale,
                         join=join, place=place, took=took, **values, **piles_values(self.library, name, game))

    def duplicate_view(self, name: str, record: Record, typed: str = "", error: str | None = None,
                       status: int = 200, closed: bool = False, join: dict | None = None) -> Response:
        """Return a duplicate game's page on the projector (see projector.duplicate_values)."""
        values = duplicate_values(self.library, name, record)
        return self.page("duplicate_game.j2", status, here="games", name=name, typed=typed, error=error,
                         join=join, closed=closed or values["ended"], **values)

    def changed(self, name: str, how: Change, then: str = "", at: str | None = None, typed: str = "") -> Response:
        """Change a game's record with `how` under the record's lock, write it, and send the
        browser to the game again (`then`: what the address adds). With `at` (the record state
        the form was made for) a form made for another state of the record is refused in the
        page's box (409) and changes nothing; without it the change is made on whatever the
        record holds. A change refused by the rules is said in the box too (400), with the typed
        line kept (the racks kept off it as the game's `#racks` says, as on the game's own page)."""
        try:
            change_game(self.library, name, how, at)
        except Stale as stale:
            return self.view(name, load_game(self.library, name), typed=typed, error=str(stale), status=409,
                             stale=True)
        except ClassroomError as error:
            return self.view(name, load_game(self.library, name), typed=typed, error=plain_reason(error),
                             status=400)
        return RedirectResponse(f"/games/{name}{then}", status_code=303)

    def changed_in_the_box(self, name: str, how: Change, join: Callable[[], dict], typed: str = "",
                           then: str = "") -> Response:
        """Change a duplicate game's record under its lock, or show why not in the box with the
        text kept: the projector (with its join code, `join()`) is never replaced by an error page."""
        try:
            change_game(self.library, name, how)
        except ClassroomError as error:
            return self.duplicate_view(name, load_game(self.library, name), typed, plain_reason(error), 400, False,
                                       join())
        return RedirectResponse(f"/games/{name}{then}", status_code=303)
