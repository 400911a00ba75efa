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
import threading
import time
from dataclasses import dataclass
from typing import Callable

from classroom.errors import ClassroomError
from classroom.game.board import COLUMNS, Square
from classroom.game.symbols import display_text
from classroom.record.analysis import (
    Analysed,
    Analysis,
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
from classroom.record.replay import Replay, Replayed
from classroom.record.report import turn_text
from classroom.store.games import record_state
from classroom.web.searches import Search, Searches, Stopped, turn_best
from classroom.web.shown import Cell, board_rows

ANALYSIS_SECONDS = 300  # the most the search of one turn may take, its wait for a process included
KEPT = 16  # finished analyses kept by record state, the oldest forgotten first
CARDS = 512  # turn cards kept as drawn, the oldest forgotten first (some 20 kB each)
LATE = (f"the search took more than {ANALYSIS_SECONDS // 60} minutes; it was stopped (a rack with "
        f"blanks on an open board is the slowest search)")

# What the page shows: its lines, and (turns analysed, turns to analyse) while some are under way
Shown = tuple[tuple[str, ...], tuple[int, int] | None]
# Every turn as far as its search has got (None: under way), (turns analysed, turns to analyse)
# while some are under way, and the whole analysis once every turn is analysed
Progress = tuple[list["Analysed | NotAnalysed | None"], tuple[int, int] | None, "Analysis | None"]


@dataclass(frozen=True)
class TurnShown:
    """One turn as the analysis page draws it: its number on the score sheet, what it did, its
    analysis (None while its search runs), the best play written, and the board of its moment
    with the play played and the best play on it (marks: played, best, both on one square)."""

    number: int
    turn: Replayed
    said: str  # what the turn did, as the score sheet says it
    entry: Analysed | NotAnalysed | None
    best: str | None  # the best play as a record writes it, shown
    rows: list[list[Cell]]


class Cards:
    """Turn cards as the page drew them, kept by what they show: a page that refreshes while
    its turns are searched draws only the cards that changed (a card's board is some 360 cells;
    drawing every card of a 30-turn game again took about 0.5 s of CPU a refresh, taken from
    the searches)."""

    def __init__(self) -> None:
        self._drawn: collections.OrderedDict[tuple, str] = collections.OrderedDict()
        self._lock = threading.Lock()

    def drawn(self, shown: TurnShown, draw: Callable[[TurnShown], str]) -> str:
        """Return draw(shown), drawn now or kept from a card that showed the same."""
        key = card_key(shown)
        with self._lock:
            if key in self._drawn:
                self._drawn.move_to_end(key)
                return self._drawn[key]
        card = draw(shown)
        with self._lock:
            self._drawn[key] = card
            while len(self._drawn) > CARDS:
                self._drawn.popitem(last=False)
        return card


def card_key(shown: TurnShown) -> tuple:
    """Return everything a turn's card shows: two cards with the same key are drawn the same."""
    entry = shown.entry
    if entry is None:
        state: tuple = ("searching",)
    elif isinstance(entry, NotAnalysed):
        state = ("not", entry.reason)
    else:
        state = ("analysed", entry.top, entry.left)
    return (shown.number, shown.turn.player, shown.said, shown.turn.score, shown.best, state,
            tuple(map(tuple, shown.rows)))


class Analyses:
    """The analyses of one server's games, their turns searched in `searches`."""

    def __init__(self, searches: Searches) -> None:
        self.searches = searches
        self.cards = Cards()
        self._done: collections.OrderedDict[str, Analysis] = collections.OrderedDict()
        self._pages: collections.OrderedDict[str, dict] = collections.OrderedDict()  # finished, as the page shows them

    def analysed(self, record: Record, game: Replay, wait: float = 0.0) -> Progress:
        """Return every turn as far as its search has got (None while it runs), how many turns
        are analysed of how many while some are under way, and the whole analysis once all are,
        waiting up to `wait` seconds for the turns under way (every turn's search is started, or
        found, at once)."""
        state = record_state(record)
        if state in self._done:
            done = self._done[state]
            return list(done.turns), None, done
        searches = {k: self.searches.start(turn_key(search), turn_best, (search,), ANALYSIS_SECONDS, LATE, again=False)
                    for k, search in turn_searches(game).items()}
        end = time.monotonic() + wait
        for search in searches.values():
            search.wait(end - time.monotonic())
        entries = [entry(game, k, turn, searches.get(k)) for k, turn in enumerate(game.turns)]
        if all(e is not None for e in entries):
            done = analysis_of(game, entries)
            self._done[state] = done
            while len(self._done) > KEPT:
                self._done.popitem(last=False)
            return entries, None, done
        return entries, (sum(s.finished for s in searches.values()), len(searches)), None

    def shown(self, record: Record, game: Replay, wait: float = 0.0) -> Shown:
        """Return the analysis of a game as far as it has got, as lines (as `classroom game
        analyse` prints it), waiting up to `wait` seconds for the turns under way."""
        entries, working, done = self.analysed(record, game, wait)
        return lines_of(game, entries, done), working

    def page_values(self, record: Record, game: Replay, wait: float = 0.0) -> dict:
        """Return what the analysis page shows: each turn's board with the play played and the
        best play drawn (as far as the searches have got), each player's summary once every turn
        is analysed, the lines `classroom game analyse` prints, and `drawn`, which draws a turn's
        card or gives it as drawn before."""
        state = record_state(record)
        if state in self._pages:  # a finished analysis asked again: nothing replayed or drawn again
            return self._pages[state]
        entries, working, done = self.analysed(record, game, wait)
        values = {"turns": [turn_shown(game, k, e) for k, e in enumerate(entries, start=1)], "working": working,
                  "summaries": done.summaries if done is not None else None, "lines": lines_of(game, entries, done),
                  "columns": COLUMNS, "drawn": self.cards.drawn}
        if done is not None:
            self._pages[state] = values
            while len(self._pages) > KEPT:
                self._pages.popitem(last=False)
        return values


def lines_of(game: Replay, entries: list[Analysed | NotAnalysed | None], done: Analysis | None) -> tuple[str, ...]:
    """Return the analysis as `classroom game analyse` prints it, turns numbered as the score
    sheet numbers them: the turns analysed so far, or all with the summaries once done."""
    if done is not None:
        return tuple(analysis_lines(done, turn_text, numbered=True))
    return tuple(head_lines(game, turn_text, numbered=True) + [
        turn_line(game, e, turn_text, k) for k, e in enumerate(entries, start=1) if e is not None])


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


def turn_shown(game: Replay, number: int, entry: Analysed | NotAnalysed | None) -> TurnShown:
    """Return a turn as the analysis page draws it: the board before it, the play played on it
    (marked `played`), the best play's tiles on the squares the play left empty (`best`), and
    `both` on a square the two share."""
    turn = entry.turn if entry is not None else game.turns[number - 1]
    best = entry.best[0].play if isinstance(entry, Analysed) and entry.best else None
    marks: dict[Square, str] = {}
    board = turn.board
    if turn.play is not None:
        board = board.place(turn.play.placements)
        marks.update({square: "played" for square in turn.play.squares})
    if best is not None:
        board = board.place([p for p in best.placements if p.square not in marks])
        marks.update({square: "both" if square in marks else "best" for square in best.squares})
    written = display_text(entry.written(entry.best[0])) if best is not None else None
    return TurnShown(number, turn, turn_text(turn), entry, written, board_rows(board, game.tileset, marks))
