"""The analysis page's work: every turn of a game searched on its own in the page's pool of
search processes (classroom.web.searches: one a core, stopped at their limit), so a game's turns
are analysed on every core at once, and shown as each finishes, numbered as the score sheet
numbers them (1 the first turn).

A turn's search is known by its board, its rack and the tile set, so a page reloaded, or a game
grown by a turn, searches only the turns not searched yet; a finished analysis is kept by its
record's state (store.games.record_state), so the page asked again replays nothing.
"""

from __future__ import annotations

import collections
import time

from classroom.errors import ClassroomError
from classroom.record.analysis import (
    Analysed,
    NotAnalysed,
    TurnSearch,
    analysis_lines,
    analysis_of,
    found_turn,
    head_lines,
    turn_line,
    turn_searches,
)
from classroom.record.grammar import Record
from classroom.record.replay import Replay
from classroom.record.report import turn_text
from classroom.store.games import record_state
from classroom.web.searches import Search, Searches, Stopped, turn_best

ANALYSIS_SECONDS = 300  # the most the search of one turn may take, its wait for a process included
KEPT = 16  # finished analyses kept by record state, the oldest forgotten first
LATE = (f"the search took more than {ANALYSIS_SECONDS // 60} minutes; it was stopped (a rack with "
        f"blanks on an open board is the slowest search)")

# What the page shows: its lines, and (turns analysed, turns to analyse) while some are under way
Shown = tuple[tuple[str, ...], tuple[int, int] | None]


class Analyses:
    """The analyses of one server's games, their turns searched in `searches`."""

    def __init__(self, searches: Searches) -> None:
        self.searches = searches
        self._done: collections.OrderedDict[str, tuple[str, ...]] = collections.OrderedDict()

    def shown(self, record: Record, game: Replay, wait: float = 0.0) -> Shown:
        """Return the analysis of a game as far as it has got, waiting up to `wait` seconds for
        the turns under way (every turn's search is started, or found, at once)."""
        state = record_state(record)
        if state in self._done:
            return self._done[state], None
        searches = {k: self.searches.start(turn_key(search), turn_best, (search,), ANALYSIS_SECONDS, LATE, again=False)
                    for k, search in turn_searches(game).items()}
        end = time.monotonic() + wait
        for search in searches.values():
            search.wait(end - time.monotonic())
        entries = [entry(game, k, turn, searches.get(k)) for k, turn in enumerate(game.turns)]
        if all(e is not None for e in entries):
            lines = tuple(analysis_lines(analysis_of(game, entries), turn_text, numbered=True))
            self._done[state] = lines
            while len(self._done) > KEPT:
                self._done.popitem(last=False)
            return lines, None
        lines = head_lines(game, turn_text, numbered=True) + [
            turn_line(game, e, turn_text, k) for k, e in enumerate(entries, start=1) if e is not None]
        return tuple(lines), (sum(s.finished for s in searches.values()), len(searches))


def turn_key(search: TurnSearch) -> tuple:
    """Return what makes two turns' searches the same: the board, the rack's tiles, the tile set,
    how many best plays, the player's fraction bonus and the game's rule of play."""
    board, rack, tileset, top, bonus, play = search
    return ("turn", board.cells, tuple(sorted(rack)), tileset.name, top, bonus, play)


def entry(game: Replay, k: int, turn, search: Search | None) -> Analysed | NotAnalysed | None:
    """Return the k-th turn set against its best plays, as far as its search has got (None while
    it runs; a search that failed leaves the turn not analysed, its sentence the reason)."""
    if search is None:
        return found_turn(game, turn, None)
    if not search.finished:
        return None
    try:
        return found_turn(game, turn, search.result())
    except Stopped:  # the server is stopping: the page says so, not a turn
        raise
    except ClassroomError as error:
        return NotAnalysed(turn, str(error))
