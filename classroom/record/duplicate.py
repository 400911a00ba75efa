"""A duplicate game (RULES §10, the tournament form of Board Situations): every round each
participant gets the same rack on the same board and writes one play; each scores their own
play, judged as a contest play is (an illegal play scores 0 and keeps its reason); the round's
top play, found by the engine, goes on the board; the rack is refilled from the pile. Standings
are points and percent of the top total over the closed rounds (an open round counts for
nobody until its top play is down).

    round 1 [2 4 ÷ 3 8 + 7/4 5 1]
    Ana: J10 across 24 ÷ 3 = 8
    Ben: pass
    Ana: J10 across 24 ÷ 4 = 6
    Cy: J10 across 2 + 3 = 5
    Cy: withdrawn
    top: H10 across 7/4 × 8 = 14
    round 2 [...]

The record is only ever added to, so a correction is a line too: a participant's later line in
the same open round replaces their earlier entry (Ana's second play above is her entry), and
`NAME: withdrawn` takes their entry back (Cy has none). Both are written as they come, by the
page or `classroom game play`, and replay the same way everywhere.

A duplicate game may be played horizontally (`#play horizontal`, RULES §12): each entry and the
top play are judged under that rule, and the top play is horizontal play's engine's best.

A record that ends with a `top:` line is a finished game: the tool deals the next round right
after the top play, and writes none when no rack it may draw has an equation play.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass

from classroom.errors import ClassroomError, excerpt
from classroom.game.bag import draw, take, used_tiles
from classroom.game.board import Board
from classroom.game.horizontal import CROSSWORD, why_illegal_in
from classroom.game.notation import judge_play, missing_from_hand, parse_play, placements
from classroom.game.plays import Breakdown, make_play, record_notation, score
from classroom.game.plurals import plural
from classroom.game.symbols import MAX_HAND, Hand, Tile
from classroom.game.tilesets import TileSet
from classroom.record.grammar import (
    TOP,
    Draw,
    Header,
    Holds,
    Pass,
    Record,
    Round,
    Trade,
    Turn,
    Written,
    read_record,
    record_text,
)
from classroom.record.replay import start, tileset_of

WITHDRAWN = "withdrawn"  # 'Ana: withdrawn': Ana's entry in the open round is taken back

DRAW_TRIES = 20  # refills tried for a round before the game ends for want of a play
FIND_BUDGET = 1  # windows searched once a play is found: a rack only needs one play to be dealt


@dataclass(frozen=True)
class Entry:
    """One participant's play in a round, judged: its score, or why it is not legal."""

    line: int
    player: str
    text: str  # as written after the name; 'pass' for a pass
    reason: str | None = None
    notation: str | None = None
    breakdown: Breakdown | None = None

    @property
    def score(self) -> int:
        """Return the points the play scored (0 for a pass or an illegal play)."""
        return self.breakdown.total if self.breakdown is not None else 0


@dataclass(frozen=True)
class RoundResult:
    """A round: its rack, the board before it, each participant's entry, and the top play."""

    round: int
    line: int
    rack: Hand
    board: Board
    entries: tuple[Entry, ...] = ()
    top_line: int | None = None
    top: str | None = None  # the top play as the record writes it
    top_breakdown: Breakdown | None = None

    @property
    def top_score(self) -> int:
        """Return the top play's score (0 while the round is open)."""
        return self.top_breakdown.total if self.top_breakdown is not None else 0

    @property
    def closed(self) -> bool:
        """Return whether the round's top play is on the board."""
        return self.top is not None

    @property
    def found(self) -> tuple[str, ...]:
        """Return the participants whose play scored as much as the top."""
        return tuple(e.player for e in self.entries if self.closed and e.score >= self.top_score > 0)

    def entry(self, player: str) -> Entry | None:
        """Return the participant's entry in this round, if any."""
        return next((e for e in self.entries if e.player == player), None)


@dataclass(frozen=True)
class Standing:
    """A participant's place over the game: rank (ties share), points, percent of the top."""

    rank: int
    player: str
    points: int
    percent: float | None


@dataclass(frozen=True)
class Duplicate:
    """A duplicate record replayed: its rounds, the board and pile now, and the standings."""

    record: Record
    tileset: TileSet
    rounds: tuple[RoundResult, ...]
    board: Board
    pile: tuple[Tile, ...]

    @property
    def players(self) -> tuple[str, ...]:
        """Return the participants."""
        return self.record.header.players

    @property
    def ended(self) -> bool:
        """Return whether the game is over: its last round is closed and no other was dealt."""
        return bool(self.rounds) and self.rounds[-1].closed

    @property
    def current(self) -> RoundResult | None:
        """Return the open round, or None when the game has ended."""
        return self.rounds[-1] if self.rounds and not self.rounds[-1].closed else None

    @property
    def top_total(self) -> int:
        """Return the points of every closed round's top play."""
        return sum(r.top_score for r in self.rounds)

    def points(self, player: str) -> int:
        """Return the participant's points over the closed rounds (an open round's entries are
        not counted, nor shown, until its top play is down)."""
        return sum(e.score for r in self.rounds if r.closed for e in r.entries if e.player == player)

    @property
    def standings(self) -> list[Standing]:
        """Return the participants by points (ties share a rank), with percent of the top."""
        points = {p: self.points(p) for p in self.players}
        total = self.top_total
        order = sorted(self.players, key=lambda p: -points[p])
        return [Standing(1 + sum(1 for q in self.players if points[q] > points[p]), p, points[p],
                         round(100 * points[p] / total, 1) if total else None) for p in order]


def replay_duplicate(record: Record, tileset: TileSet | None = None, where: str = "record") -> Duplicate:
    """Return a duplicate record replayed by rounds, or raise naming the first line that breaks
    the grammar of rounds, plays from a rack it does not hold, or draws what the pile lacks."""
    tileset = tileset or tileset_of(record)
    board, on_board = start(record, tileset, where)
    pile = Counter(tileset.bag) - on_board
    rounds: list[RoundResult] = []
    left: Hand = ()  # the last rack after its top play
    for line in record.lines:
        at = f"{where}, line {line.number}"
        current = rounds[-1] if rounds and not rounds[-1].closed else None
        if isinstance(line, (Draw, Holds)):
            raise ClassroomError(f"{at}: a duplicate game deals by rounds ('round 2 [RACK]'), not draws or holds")
        if isinstance(line, Round):
            if current is not None:
                raise ClassroomError(f"{at}: round {current.round} has no top play yet ('top: PLAY')")
            if line.round != len(rounds) + 1:
                raise ClassroomError(f"{at}: this is round {len(rounds) + 1}, not round {line.round}")
            drawn = Counter(line.rack) - Counter(left)
            if Counter(left) - Counter(line.rack):
                raise ClassroomError(f"{at}: the rack must keep the tiles left from the last round "
                                     f"({' '.join(left)})")
            short = next((t for t, n in drawn.items() if n > pile[t]), None)
            if short is not None:
                raise ClassroomError(f"{at}: the rack draws more {short} than the pile holds ({pile[short]})")
            pile -= drawn
            rounds.append(RoundResult(line.round, line.number, line.rack, board))
            continue
        if current is None:
            raise ClassroomError(f"{at}: a play comes inside a round; write 'round {len(rounds) + 1} [RACK]' first")
        if line.player == TOP:
            top, breakdown, board = _top(line, current, board, tileset, at, record.header.play)
            left = take(current.rack, used_tiles(top))
            rounds[-1] = RoundResult(current.round, current.line, current.rack, current.board,
                                     current.entries, line.number, record_notation(current.board, top), breakdown)
            continue
        others = tuple(e for e in current.entries if e.player != line.player)  # a later line replaces
        if withdrawn(line):
            if len(others) == len(current.entries):
                raise ClassroomError(f"{at}: {line.player} has no play in round {current.round} to take back")
            entries = others
        else:
            entries = others + (_entry(line, current, tileset, at, record.header.play),)
        rounds[-1] = RoundResult(current.round, current.line, current.rack, current.board, entries)
    return Duplicate(record, tileset, tuple(rounds), board,
                     tuple(sorted(pile.elements(), key=tileset.bag.index)))


def withdrawn(line: Turn) -> bool:
    """Return whether a participant's line takes their entry back ('Ana: withdrawn')."""
    return isinstance(line.action, Written) and line.action.text.strip().lower() == WITHDRAWN


def _entry(line: Turn, current: RoundResult, tileset: TileSet, at: str, play_rule: str) -> Entry:
    """Return a participant's turn judged as a contest play on the round's board and rack, under
    the game's rule of play."""
    if isinstance(line.action, Pass):
        return Entry(line.number, line.player, "pass")
    if isinstance(line.action, Trade):
        raise ClassroomError(f"{at}: in a duplicate round each participant plays or passes; no trades")
    text = line.action.text
    reason, notation, breakdown = _judged(current.board, current.rack, tileset, text, play_rule)
    return Entry(line.number, line.player, text, reason, notation, breakdown)


@functools.lru_cache(maxsize=4096)
def _judged(board: Board, rack: Hand, tileset: TileSet, text: str,
            play_rule: str) -> tuple[str | None, str | None, Breakdown | None]:
    """Return (why it is not legal, its notation, its breakdown) of a play written on a round's
    board and rack. Kept once judged: the page replays the record at every view, and an entry
    of a closed round is judged the same every time."""
    try:
        written = parse_play(text, tileset.rules.negatives)
    except ClassroomError as error:
        return str(error), None, None
    reason, _, breakdown = judge_play(board, rack, tileset, written, play_rule)
    if reason is not None:
        return reason, None, None
    new, _ = placements(board, written)
    play = make_play(new, written.direction)
    return None, record_notation(board, play), breakdown


def _top(line: Turn, current: RoundResult, board: Board, tileset: TileSet, at: str, play_rule: str):
    """Return the round's top play, its breakdown and the board after it, or raise naming the line."""
    if not isinstance(line.action, Written):
        raise ClassroomError(f"{at}: the top play is a play ('top: J10 across 24 ÷ 3 = 8')")
    reason, placed = _top_judged(board, current.rack, tileset, line.action.text, play_rule)
    if reason is not None:
        raise ClassroomError(f"{at}: {reason}")
    return placed


@functools.lru_cache(maxsize=1024)
def _top_judged(board: Board, rack: Hand, tileset: TileSet, text: str, play_rule: str):
    """Return (why not, None) for a top play that cannot be, else (None, (play, breakdown, board
    after)); kept once judged, as `_judged` is."""
    try:
        written = parse_play(text, tileset.rules.negatives)
    except ClassroomError as error:
        return str(error), None
    new, reason = placements(board, written)
    play = make_play(new, written.direction) if reason is None else None
    reason = (reason or why_illegal_in(play_rule, board, play, tileset, expression=False)
              or missing_from_hand([t for _, t in new], rack))
    if reason is not None:
        return f"the top play {excerpt(text)} is not legal: {reason}", None
    return None, (play, score(board, play, tileset), board.place(play.placements))


# --- dealing ----------------------------------------------------------------------------------

def deal_round(game: Duplicate) -> Record:
    """Return the record with the next round dealt: the tiles left plus a refill from the pile,
    drawn again (seeded by the game's seed, the round and the try) until the rack has an equation
    play on the board, at most DRAW_TRIES times; unchanged when no rack plays (the game ends)."""
    record, tileset = game.record, game.tileset
    left = take(game.rounds[-1].rack, _top_used(game)) if game.rounds else ()
    number = len(game.rounds) + 1
    want = min(MAX_HAND - len(left), len(game.pile))
    for attempt in range(DRAW_TRIES if want else 1):
        drawn, _ = draw(game.pile, want, random.Random(f"{record.header.seed}:round:{number}:{attempt}"))
        rack = left + drawn
        if rack and _plays(game.board, rack, tileset, record.header.play):
            return record.adding(Round(0, number, rack))
    return record


def _plays(board: Board, rack: Hand, tileset: TileSet, play_rule: str) -> bool:
    """Return whether the rack has an equation play on the board under the game's rule of play
    (the board engine stops once it has found one)."""
    from classroom.solve.horizontal import position_for

    return bool(position_for(play_rule, board, rack, tileset).top(1, FIND_BUDGET))


def _top_used(game: Duplicate) -> list[Tile]:
    """Return the rack tiles the last round's top play used."""
    last = game.rounds[-1]
    written = parse_play(last.top, game.tileset.rules.negatives)
    new, _ = placements(last.board, written)
    return used_tiles(make_play(new, written.direction))


def new_duplicate(players: tuple[str, ...], level: str, seed: int,
                  minutes: tuple[tuple[str, int], ...] = (), board: tuple[str, ...] = (),
                  play: str = CROSSWORD) -> Record:
    """Return a new duplicate game (from an empty board, or the board file rows `board`; played
    `play`, one of game.horizontal.PLAYS): the header and round 1 dealt."""
    header = Header(level=level, mode="duplicate", players=players, seed=seed, minutes=minutes, board=board,
                    play=play)
    record = read_record(record_text(Record(header)), "the new game")  # checked as if read
    return deal_round(replay_duplicate(record))


def close_round(record: Record, where: str = "record") -> tuple[Record, Duplicate]:
    """Return the record with the open round's top play put on the board (the engine's best, the
    first in its order when several tie) and the next round dealt, and the game replayed."""
    from classroom.solve.horizontal import position_for

    game = replay_duplicate(record, where=where)
    current = game.current
    if current is None:
        raise ClassroomError(f"{where}: no round is open; the game has ended")
    best = position_for(record.header.play, current.board, current.rack, game.tileset).best()
    if not best:
        raise ClassroomError(f"{where}: round {current.round}'s rack has no play; the record was not dealt by the tool")
    record = record.adding(Turn(0, TOP, Written(record_notation(current.board, best[0].play))))
    record = deal_round(replay_duplicate(record, where=where))
    return record, replay_duplicate(record, where=where)


def add_plays(record: Record, lines: list[Turn], where: str = "record") -> tuple[Record, Duplicate]:
    """Return the record with participants' plays added to the open round (checked by replaying):
    a participant who already has an entry replaces it; `NAME: withdrawn` takes it back. One
    batch names each participant once (twice is a slip of the pen, not a correction)."""
    if replay_duplicate(record, where=where).current is None:
        raise ClassroomError(f"{where}: no round is open; the game has ended")
    named: set[str] = set()
    for line in lines:
        if line.player == TOP:
            raise ClassroomError(f"{where}: the top play is found by the engine: 'classroom game round'")
        if line.player in named:
            raise ClassroomError(f"{where}: {line.player} is given two plays at once; give one "
                                 f"(a later line replaces an entry already in the record)")
        named.add(line.player)
        record = record.adding(line)
    return record, replay_duplicate(record, where=where)


# --- the screen and --json --------------------------------------------------------------------

def duplicate_data(game: Duplicate) -> dict:
    """Return the duplicate game as the stable `game score --json` object (docs/records.md)."""
    header = game.record.header
    return {
        "mode": "duplicate", "tiles": header.level, "seed": header.seed, "players": list(game.players),
        "time": {name: minutes for name, minutes in header.minutes},
        "rounds": [{"round": r.round, "line": r.line, "rack": list(r.rack),
                    "plays": [{"line": e.line, "player": e.player, "play": e.notation,
                               "written": e.text, "score": e.score, "reason": e.reason,
                               "percent": round(100 * e.score / r.top_score, 1) if r.top_score else None}
                              for e in r.entries],
                    "top": {"play": r.top, "score": r.top_score} if r.closed else None,
                    "found": list(r.found)} for r in game.rounds],
        "top_total": game.top_total,
        "standings": [{"rank": s.rank, "player": s.player, "points": s.points, "percent": s.percent}
                      for s in game.standings],
        "ended": game.ended,
        "pile": len(game.pile),
    }


def round_lines(result: RoundResult) -> list[str]:
    """Return one round for the screen: the rack, each play with its score and percent of the
    top (or why it is not legal), the top play and who found it."""
    from classroom.game.symbols import display_text

    out = [f"Round {result.round}: rack {display_text(' '.join(result.rack))}"]
    for e in result.entries:
        share = f" ({100 * e.score / result.top_score:.0f}% of the top)" if result.closed and result.top_score else ""
        verdict = f"{e.score}{share}" if e.reason is None else f"0: {display_text(e.reason)}"
        out.append(f"  {e.player}: {display_text(e.notation or e.text)} — {verdict}")
    if result.closed:
        found = ", ".join(result.found) or "nobody"
        out.append(f"  top: {display_text(result.top)} — {result.top_score} (found by {found})")
    return out


def standings_lines(game: Duplicate) -> list[str]:
    """Return the standings for the screen: rank, participant, points, percent of the top."""
    out = [f"Standings after {plural(sum(1 for r in game.rounds if r.closed), 'round')} "
           f"(top plays: {game.top_total} points):"]
    for s in game.standings:
        percent = f"{s.percent:.1f}%" if s.percent is not None else "—"
        out.append(f"  {s.rank:>2}. {s.player:<12} {s.points:>5}  {percent}")
    return out


def duplicate_lines(game: Duplicate) -> list[str]:
    """Return the whole duplicate game for the screen: every round, then the standings."""
    header = game.record.header
    out = [f"Duplicate game, {header.level} tile set: {', '.join(game.players)}"
           + (f" (seed {header.seed})" if header.seed is not None else "")]
    for name, minutes in header.minutes:
        out.append(f"Time limit: {name} {minutes} minutes a play")
    for result in game.rounds:
        out += round_lines(result)
    out += standings_lines(game)
    out.append("The game is over." if game.ended else
               f"Round {game.current.round} is open: {len(game.current.entries)} of {len(game.players)} have played.")
    return out
