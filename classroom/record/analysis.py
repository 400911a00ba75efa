"""A replayed game analysed against the engine's best plays: for every turn whose rack is known,
the best play the rack had on the board of that moment, the points left on the table and the
turn's share of the top; then, for each player, accuracy (points scored as a percent of the top
over the turns analysed) and the biggest misses.

A turn's rack is known in a dealt record (its draw lines) or when the turn gives it in brackets;
the other turns are listed as not analysed. Every best play comes from one
`classroom.solve.board.position.Position` of the board before the turn and the rack. A duplicate
game needs none of this: each of its rounds already has its top play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from classroom.errors import ClassroomError
from classroom.game.plays import record_notation, score
from classroom.game.plurals import plural
from classroom.game.symbols import BLANK, display_text
from classroom.record.replay import Replay, Replayed
from classroom.solve.board.position import (
    MAX_CONCRETE_BLANKS,
    Candidate,
    Position,
    candidate_order,
    searchable,
)
from classroom.solve.horizontal import Horizontal, position_for

MISSES = 3  # the biggest misses a player's summary lists


@dataclass(frozen=True)
class Analysed:
    """One turn set against the best plays its rack had (best first; none when the rack had no
    equation play)."""

    turn: Replayed
    best: tuple[Candidate, ...]

    @property
    def top(self) -> int:
        """Return the best score the rack could make (0 without an equation play)."""
        return self.best[0].score if self.best else 0

    @property
    def left(self) -> int:
        """Return the points left on the table: the best score less the turn's (a trade or a
        pass leaves all of it)."""
        return self.top - self.turn.score

    @property
    def share(self) -> float | None:
        """Return the turn's score as a percent of the best, or None when nothing scored."""
        return 100 * self.turn.score / self.top if self.top else None

    def written(self, candidate: Candidate) -> str:
        """Return a best play as a record writes it: 'J10 across 24 ÷ 3 = ?8'."""
        return record_notation(self.turn.board, candidate.play)


@dataclass(frozen=True)
class NotAnalysed:
    """A turn left out, and why (its rack is not known, or holds more blanks than the search takes)."""

    turn: Replayed
    reason: str


@dataclass(frozen=True)
class Summary:
    """One player's analysed turns added up."""

    player: str
    analysed: int  # turns analysed
    scored: int  # points those turns scored
    top: int  # points the best plays of those turns would have scored
    misses: tuple[Analysed, ...]  # the turns that left the most points, most first

    @property
    def accuracy(self) -> float | None:
        """Return the points scored as a percent of the top, or None when the top is 0."""
        return 100 * self.scored / self.top if self.top else None


@dataclass(frozen=True)
class Analysis:
    """A game analysed: every turn in order (analysed or not), and a summary per player."""

    game: Replay
    turns: tuple[Analysed | NotAnalysed, ...]
    summaries: tuple[Summary, ...]


# A turn's search: its board, its rack, the tile set, how many best plays, the player's fraction
# bonus (RULES §12; 1 for none) and how the game is played (game.horizontal.PLAYS), like
# (Board(), ('1', '2', '+', '?'), TileSet(...), 1, 1, 'crossword');
# best_plays(search) is its answer.
TurnSearch = tuple
# run(best_plays, searches) -> their answers in order: one by one in this process, or on several
# processes (make.pool.run_all for `game analyse`; the page searches each turn on its own).
Runner = Callable[[Callable, list[TurnSearch]], list]


def analyse(game: Replay, top: int = 1, progress: Callable[[], None] | None = None,
            run: Runner | None = None) -> Analysis:
    """Return the replayed game analysed: the `top` best plays of every turn whose rack is known,
    searched by `run` (one by one unless it says, `progress` called after each search), and a
    summary per player."""
    if top < 1:
        raise ClassroomError(f"--top is at least 1, not {top}")
    searched = turn_searches(game, top)
    answers = (run or (lambda work, searches: one_by_one(work, searches, progress)))(best_plays, list(searched.values()))
    found = dict(zip(searched, answers))
    return analysis_of(game, [found_turn(game, turn, found.get(k)) for k, turn in enumerate(game.turns)])


def one_by_one(work: Callable, searches: list[TurnSearch], progress: Callable[[], None] | None = None) -> list:
    """Return work(search) for each search, in order, in this process (`progress` after each)."""
    answers = []
    for search in searches:
        answers.append(work(search))
        if progress is not None:
            progress()
    return answers


def turn_searches(game: Replay, top: int = 1) -> dict[int, TurnSearch]:
    """Return the search of each turn that needs one (its rack known and searchable, not empty),
    by the turn's place in the game (0 the first)."""
    return {k: turn_search(game, turn, top) for k, turn in enumerate(game.turns)
            if turn.rack and why_not_analysed(game, turn) is None}


def turn_search(game: Replay, turn: Replayed, top: int) -> TurnSearch:
    """Return a turn's search: its board, rack, the tile set, `top`, the player's bonus and the
    game's rule of play."""
    header = game.record.header
    return turn.board, turn.rack, game.tileset, top, header.bonus_of(turn.player), header.play


def best_plays(search: TurnSearch) -> tuple[Candidate, ...]:
    """Return a turn search's `top` best plays, best first, each scored with the player's fraction
    bonus, under the game's rule of play (a worker's work: a pure function)."""
    board, rack, tileset, top, bonus, play = search
    position = position_for(play, board, rack, tileset, bonus)
    if isinstance(position, Horizontal):  # scored with the bonus already
        return tuple(position.top(top))
    return tuple(position.top(top) if bonus == 1 else bonus_top(position, bonus, top))


def found_turn(game: Replay, turn: Replayed, best: tuple[Candidate, ...] | None) -> Analysed | NotAnalysed:
    """Return a turn set against the best plays its search found (None: no search, its rack
    empty or it cannot be analysed)."""
    reason = why_not_analysed(game, turn)
    if reason is not None:
        return NotAnalysed(turn, reason)
    return Analysed(turn, best or ())


def analysis_of(game: Replay, turns: list[Analysed | NotAnalysed]) -> Analysis:
    """Return the analysis of a game from its turns analysed, with a summary per player."""
    return Analysis(game, tuple(turns), tuple(summary(p, turns) for p in game.players))


def analysed_turn(game: Replay, turn: Replayed, top: int) -> Analysed | NotAnalysed:
    """Return one turn set against its rack's best plays, searched here, or why it cannot be."""
    searched = turn.rack and why_not_analysed(game, turn) is None
    return found_turn(game, turn, best_plays(turn_search(game, turn, top)) if searched else None)


def why_not_analysed(game: Replay, turn: Replayed) -> str | None:
    """Return why a turn cannot be set against its rack's best plays, or None when it can."""
    if turn.rack is None:
        return "the rack is not known"
    if searchable(turn.rack, game.tileset) != turn.rack:
        return (f"the rack holds {turn.rack.count(BLANK)} blanks; with the {game.tileset.name} tile "
                f"set the board search takes {MAX_CONCRETE_BLANKS}")
    return None


def bonus_top(position: Position, bonus: int, top: int | None) -> list[Candidate]:
    """Return the `top` best plays for a player given the fraction bonus (RULES §12), each scored
    with it: the engine's bounds are of plain scores, so every play is scored again and ranked."""
    rescored = sorted((Candidate(score(position.board, c.play, position.tileset, bonus).total, c.play)
                       for c in position.all()), key=candidate_order)
    if top is None:
        return [c for c in rescored if c.score == rescored[0].score]
    return rescored[:top]


def summary(player: str, turns: list[Analysed | NotAnalysed]) -> Summary:
    """Return the player's analysed turns added up, with the biggest misses (ties: earlier first)."""
    mine = [t for t in turns if isinstance(t, Analysed) and t.turn.player == player]
    missed = sorted((t for t in mine if t.left > 0), key=lambda t: (-t.left, t.turn.line))
    return Summary(player, len(mine), sum(t.turn.score for t in mine), sum(t.top for t in mine),
                   tuple(missed[:MISSES]))


# --- as the screen and `--json` show it -------------------------------------------------------


def percent(value: float | None) -> float | None:
    """Return a percent rounded to one decimal, as `--json` gives it."""
    return None if value is None else round(value, 1)


def analysis_data(analysis: Analysis) -> dict:
    """Return the analysis as the stable `game analyse --json` object (docs/records.md)."""
    turns = []
    for entry in analysis.turns:
        turn = entry.turn
        data = {"line": turn.line, "player": turn.player, "kind": turn.kind,
                "play": turn.notation if turn.kind in ("play", "expression") else None,
                "rack": list(turn.rack) if turn.rack is not None else None, "score": turn.score,
                "analysed": isinstance(entry, Analysed)}
        if isinstance(entry, Analysed):
            data.update(best=[{"play": entry.written(c), "score": c.score} for c in entry.best],
                        best_score=entry.top, left=entry.left, share=percent(entry.share), reason=None)
        else:
            data.update(best=None, best_score=None, left=None, share=None, reason=entry.reason)
        turns.append(data)
    summaries = {s.player: {"analysed": s.analysed, "scored": s.scored, "top": s.top,
                            "accuracy": percent(s.accuracy),
                            "misses": [miss_data(m) for m in s.misses]} for s in analysis.summaries}
    return {"players": list(analysis.game.players), "turns": turns, "summary": summaries}


def miss_data(miss: Analysed) -> dict:
    """Return one of the biggest misses: the turn, what it scored, the best play and the gap."""
    return {"line": miss.turn.line, "score": miss.turn.score, "best": miss.written(miss.best[0]),
            "best_score": miss.top, "left": miss.left}


def shown_percent(value: float | None) -> str:
    """Return a percent for the screen: '93%', or '-' when there is none."""
    return "-" if value is None else f"{value:.0f}%"


def analysis_lines(analysis: Analysis, turn_text: Callable[[Replayed], str], numbered: bool = False) -> list[str]:
    """Return the analysis for the screen: one line a turn (its score, the best play, the points
    left, the share of the top), the turns not analysed, then each player's accuracy and biggest
    misses. `turn_text` writes what a turn did; turns are named by their record line, or with
    `numbered` by their number as the score sheet gives it (1 the first turn)."""
    game = analysis.game
    out = head_lines(game, turn_text, numbered) + [
        turn_line(game, entry, turn_text, k if numbered else None) for k, entry in enumerate(analysis.turns, start=1)]
    for s in analysis.summaries:
        if not s.analysed:
            out.append(f"{s.player}: no turn analysed (no rack known).")
            continue
        out.append(f"{s.player}: accuracy {shown_percent(s.accuracy)} ({s.scored} of {s.top} points "
                   f"over {plural(s.analysed, 'turn')} analysed)"
                   + (":" if s.misses else "; nothing left on the table."))
        for miss in s.misses:
            where = f"turn {game.turns.index(miss.turn) + 1}" if numbered else f"line {miss.turn.line}"
            out.append(f"  {where}: {miss.left} points left; "
                       f"best {display_text(miss.written(miss.best[0]))} ({miss.top}), scored {miss.turn.score}")
    return out


def _widths(game: Replay, turn_text: Callable[[Replayed], str]) -> tuple[int, int]:
    """Return the widths of the turn and player columns: the same for every line of a game."""
    return max([len(turn_text(t)) for t in game.turns] + [20]), max(len(p) for p in game.players)


def head_lines(game: Replay, turn_text: Callable[[Replayed], str], numbered: bool = False) -> list[str]:
    """Return the analysis's first lines: what game it is, and the columns' names (the first
    the record's line, or with `numbered` the turn's number)."""
    header = game.record.header
    width, names = _widths(game, turn_text)
    first, what = ("turn", "play") if numbered else ("line", "turn")
    return [f"Analysis of a {header.mode} game, {header.level} tile set: {', '.join(game.players)}",
            f"{first:>4}  {'':<{names}}  {what:<{width}}  {'score':>5}  {'best':>4}  "
            f"{'left':>4}  {'share':>5}  best play"]


def turn_line(game: Replay, entry: Analysed | NotAnalysed, turn_text: Callable[[Replayed], str],
              number: int | None = None) -> str:
    """Return one turn's line: its score, the best play, the points left and the share of the top
    (or why it is not analysed); it starts with the turn's `number`, else its record line."""
    width, names = _widths(game, turn_text)
    turn = entry.turn
    start = f"{turn.line if number is None else number:>4}  {turn.player:<{names}}  {turn_text(turn):<{width}}  {turn.score:>5}  "
    if isinstance(entry, NotAnalysed):
        return start + f"not analysed: {entry.reason}"
    best = "; ".join(entry.written(c) + (f" ({c.score})" if i else "") for i, c in enumerate(entry.best))
    return start + (f"{entry.top:>4}  {entry.left:>4}  {shown_percent(entry.share):>5}  "
                    + (display_text(best) if best else "no equation play"))
