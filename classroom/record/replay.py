"""A record replayed turn by turn (RULES §6, §7, §10): every play checked against the board as it
was at that moment and scored with its breakdown, the running totals, the tiles accounted for,
and the end of the game with its sums.

Two kinds of record replay alike:
- a **dealt** record (the tool dealt it, or a person wrote every draw) has `NAME draws` lines:
  each rack and the draw pile are known at every turn, so a play or a trade must come from the
  rack, a trade needs as many tiles in the pile, and the game ends by itself when the pile is
  empty and a player goes out (or every player passes in succession);
- a **table** record (a real game kept by hand) knows a rack only where a turn gives it in
  brackets; the tiles played and held are checked against the set's counts. Its pile follows
  from the counts: while it holds tiles every rack is refilled to nine, so it holds the set's
  tiles less those on the board and nine a player, until that reaches 0; empty, it stays empty
  (a trade needs tiles in it). The game ends as a dealt one does, when the pile is empty and
  every player passes in turn, or a rack known (in brackets, or kept since: with the pile empty
  a rack only loses tiles) is used up; or where its `NAME holds TILES` lines end it.

A replay grows (Macondo's `game.PlayMove`): `Replay.then(line)` reads one line more from the state
the replay kept, and gives what replaying the whole record with that line would give; so a turn
added is one step, not the record read again.

Players of different abilities (RULES §12): a player's handicap points start their total, their
fraction bonus multiplies the fraction tiles they place, and with a total-time clock the 'took'
lines' times give each player's penalty and the least-time bonus, at the end with the end sums.
A game played horizontally ('#play horizontal') checks each play under that rule (game.horizontal).

Two draw piles (RULES §12, '#piles two'): the pile is the same tiles, a numbers pile and an
operations pile by their kind, and each draw says how many come from each, so a refill can wait
for the player's word: until the player who played (or traded) has drawn, no one else plays.

A duplicate game replays by rounds (classroom.record.duplicate).
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field, replace

from classroom.errors import ClassroomError, excerpt
from classroom.game.bag import take, used_tiles
from classroom.game.board import Board, check_tiles
from classroom.game.horizontal import why_illegal_in
from classroom.game.notation import missing_from_hand, parse_play, placements
from classroom.game.plays import Breakdown, Play, make_play, record_notation, score
from classroom.game.plurals import tiles_of
from classroom.game.symbols import BLANK, EQUAL, MAX_HAND, Hand, Tile, is_blank
from classroom.game.tilesets import TileSet, load_level
from classroom.record.grammar import (
    PILES,
    TOP,
    Draw,
    Holds,
    Line,
    Pass,
    Record,
    Round,
    Took,
    Trade,
    Turn,
    Written,
    starting_board,
)

TURN_KINDS = ("play", "expression", "trade", "pass")


@dataclass(frozen=True)
class Replayed:
    """One turn replayed: what it was, its score, and the totals after it."""

    line: int
    player: str
    kind: str  # one of TURN_KINDS
    board: Board  # the board before the turn
    rack: Hand | None  # the rack held before the turn, when known
    play: Play | None = None
    notation: str | None = None  # the play as a record writes it (a blank as ?5)
    breakdown: Breakdown | None = None
    traded: Hand | None = None  # the tiles a trade returned, when known
    traded_count: int = 0  # how many tiles a trade returned
    totals: tuple[tuple[str, int], ...] = ()
    seconds: int | None = None  # the time the turn took, when a 'took' line gives it

    @property
    def score(self) -> int:
        """Return the points the turn scored (0 for anything but an equation play)."""
        return self.breakdown.total if self.breakdown is not None and self.kind == "play" else 0


@dataclass(frozen=True)
class Replay:
    """A record replayed to its last line: the turns, the board, racks and pile as they are now,
    and the end of the game when it has ended."""

    record: Record
    tileset: TileSet
    turns: tuple[Replayed, ...]
    board: Board
    racks: tuple[tuple[str, Hand | None], ...]  # each player's rack now (None: not known)
    pile: tuple[Tile, ...] | None  # the draw pile now, sorted (None: not known)
    ended: bool
    went_out: str | None = None  # the player who used all tiles and ended the game
    end: tuple[tuple[str, int], ...] | None = None  # the end-of-game sums (RULES §10)
    returning: tuple[Tile, ...] = ()  # traded tiles that go back once the trader has drawn
    stopped: bool = False  # ended by 'holds' lines before the rules end it (out of time: no end sums)
    table_pile: int | None = None  # a table record's pile by the counts (None for a dealt one)
    table_end: bool = False  # a table record ended by its 'holds' lines before the rules end it
    times: tuple[tuple[str, int], ...] = ()  # each player's total time in seconds, by the 'took' lines
    time_sums: tuple[tuple[str, int], ...] | None = None  # the clock's penalties and bonus, at the end
    drawing: tuple[str, int] | None = None  # two piles: who must draw before the next turn, and how many
    # The replay's state after the last line, so that a line more is one step, not a replay again.
    state: _Table | None = field(default=None, compare=False, repr=False)

    def then(self, line: Line, where: str | None = None) -> Replay:
        """Return the replay of the record with one line more (numbered after the last), exactly
        what replaying that whole record gives, without replaying the lines before; or raise
        naming the line (in `where`, else where this replay was read) and why it breaks a rule."""
        record = self.record.adding(line)
        if self.state is None or (isinstance(line, Draw) and not self.dealt):
            # a first draw line makes the whole record a dealt one, from its first line on
            return replay(record, self.tileset, where or (self.state.where if self.state else "record"))
        table = self.state.copy()
        table.record = record
        table.read(record.lines[-1], where or table.where)
        return table.result()

    @property
    def players(self) -> tuple[str, ...]:
        """Return the players (or teams) in turn order."""
        return self.record.header.players

    @property
    def dealt(self) -> bool:
        """Return whether racks and pile are known (the record has draw lines)."""
        return self.pile is not None

    @property
    def pile_size(self) -> int | None:
        """Return how many tiles the pile holds, traded tiles on their way back included."""
        return len(self.pile) + len(self.returning) if self.pile is not None else None

    def rack(self, player: str) -> Hand | None:
        """Return the player's rack now, when known."""
        return dict(self.racks)[player]

    @property
    def totals(self) -> dict[str, int]:
        """Return each player's total, the end-of-game sums included."""
        running = {p: self.record.header.handicap_of(p) for p in self.players}  # RULES §12
        for turn in self.turns:
            running[turn.player] += turn.score
        for player, points in (self.end or ()) + (self.time_sums or ()):
            running[player] += points
        return running

    @property
    def winners(self) -> list[str]:
        """Return the players with the highest total once the game has ended (ties share)."""
        if not self.ended:
            return []
        totals = self.totals
        best = max(totals.values())
        return [p for p in self.players if totals[p] == best]

    @property
    def next_player(self) -> str | None:
        """Return who plays next, or None when the game has ended."""
        if self.ended:
            return None
        return self.players[len(self.turns) % len(self.players)]

    def turns_of(self, player: str) -> list[Replayed]:
        """Return the player's turns in order."""
        return [t for t in self.turns if t.player == player]

    def average(self, player: str) -> float | None:
        """Return the player's points per turn (a trade or a pass is a turn of 0; RULES §10)."""
        turns = self.turns_of(player)
        return sum(t.score for t in turns) / len(turns) if turns else None


def value_of(tiles: Hand, tileset: TileSet) -> int:
    """Return the symbol scores of tiles held (a blank held scores 0)."""
    return sum(0 if t == BLANK else tileset.score_of(t) for t in tiles)


def tileset_of(record: Record) -> TileSet:
    """Return the tile set the record's header names."""
    return load_level(record.header.level)


def start(record: Record, tileset: TileSet, where: str = "record") -> tuple[Board, Counter]:
    """Return the board a game starts from (its '#board' lines, or empty) and the tiles on it,
    a blank counted as '?'; raise when the set does not hold them."""
    board = starting_board(record.header, where)
    try:
        check_tiles(board, tileset)
    except ClassroomError as error:
        raise ClassroomError(f"{where}, the '#board' lines: {error}") from None
    return board, Counter(BLANK if is_blank(t) else t for t in board.cells if t and t != EQUAL)


def replay(record: Record, tileset: TileSet | None = None, where: str = "record") -> Replay:
    """Return the record replayed, or raise naming the first line that breaks a rule and why."""
    tileset = tileset or tileset_of(record)
    if record.header.mode == "duplicate":
        raise ClassroomError(f"{where}: a duplicate game replays by rounds (classroom.record.duplicate)")
    return _Table(record, tileset, where).run()


class _Table:
    """The replay's state while it reads the record line by line."""

    def __init__(self, record: Record, tileset: TileSet, where: str):
        self.record, self.tileset, self.where = record, tileset, where
        self.players = record.header.players
        self.dealt = any(isinstance(line, Draw) for line in record.lines)
        self.racks: dict[str, Hand | None] = {p: (() if self.dealt else None) for p in self.players}
        self.board, on_board = start(record, tileset, where)
        self.pile: Counter | None = Counter(tileset.bag) - on_board if self.dealt else None
        self.returning: Counter = Counter()  # traded tiles, back in the pile after the refill
        self.trader: str | None = None
        self.placed: Counter = on_board  # tiles on the board (a blank as '?'), for a table record
        self.empty = not self.dealt and self._counted() <= 0  # a table record's pile is empty
        self.held: dict[str, Hand] = {}
        self.held_on: dict[str, int] = {}  # the line each 'holds' line is on
        self.turns: list[Replayed] = []
        self.passes = 0
        self.ended = False
        self.went_out: str | None = None
        self.totals = {p: record.header.handicap_of(p) for p in self.players}  # handicap points first
        self.times: dict[str, list[int]] = {p: [] for p in self.players}  # each 'took' line, a player's
        self.owed: str | None = None  # two piles: the player whose refill waits for their word

    def run(self) -> Replay:
        for line in self.record.lines:
            self.read(line, self.where)
        return self.result()

    def copy(self) -> _Table:
        """Return a copy of the state that reading more lines leaves this one as it is."""
        table = copy.copy(self)
        for name in ("racks", "pile", "returning", "placed", "held", "held_on", "turns", "totals"):
            value = getattr(self, name)
            setattr(table, name, value.copy() if value is not None else None)
        table.times = {p: list(t) for p, t in self.times.items()}
        return table

    def read(self, line: Line, where: str) -> None:
        """Replay one line of the record, or raise naming it (in `where`) and the rule it breaks."""
        at = f"{where}, line {line.number}"
        if isinstance(line, Round) or (isinstance(line, Turn) and line.player == TOP):
            raise ClassroomError(f"{at}: rounds and a top play belong to a duplicate game "
                                 "('#mode duplicate')")
        if isinstance(line, Took):
            self._took(line, at)
        elif isinstance(line, Holds):
            self._holds(line, at)
        elif self.held:
            raise ClassroomError(f"{at}: only 'holds' lines may follow the first 'holds' line")
        elif self.ended:
            raise ClassroomError(f"{at}: the game has already ended ({self._why_ended()})")
        elif isinstance(line, Draw):
            self._draw(line, at)
        else:
            self._turn(line, at)

    def result(self) -> Replay:
        """Return the game as the lines read so far leave it (the state itself is not changed)."""
        end, went_out = self._end()
        return Replay(self.record, self.tileset, tuple(self.turns), self.board,
                      tuple(self.racks.items()),
                      tuple(sorted(self.pile.elements(), key=self.tileset.bag.index)) if self.pile is not None else None,
                      self.ended or bool(self.held), went_out, end, tuple(self.returning.elements()),
                      stopped=self.dealt and bool(self.held) and not self.ended,
                      table_pile=None if self.dealt else 0 if self.empty else self._counted(),
                      table_end=not self.dealt and bool(self.held) and not self.ended,
                      times=tuple((p, sum(t)) for p, t in self.times.items()),
                      time_sums=self._time_sums() if end is not None else None, drawing=self._drawing(),
                      state=self)

    # --- lines --------------------------------------------------------------------------------

    def _draw(self, line: Draw, at: str) -> None:
        if line.player != self.trader:
            self._come_back()
        short = _short(Counter(line.tiles), self.pile)
        if short:
            raise ClassroomError(f"{at}: {line.player} draws {short}")
        rack = self.racks[line.player] + line.tiles
        if len(rack) > 9:
            raise ClassroomError(f"{at}: {line.player} would hold {len(rack)} tiles; a rack holds 9")
        self.pile -= Counter(line.tiles)
        self.racks[line.player] = rack
        if line.player == self.owed:
            self.owed = None
        self._come_back()  # a trader draws first, then the traded tiles go back (RULES §10)

    def _turn(self, line: Turn, at: str) -> None:
        expected = self.players[len(self.turns) % len(self.players)]
        if line.player != expected:
            raise ClassroomError(f"{at}: it is {expected}'s turn, not {line.player}'s")
        if self.owed is not None:
            raise ClassroomError(f"{at}: {self.owed} draws first (two piles: say how many tiles come from "
                                 "the operations pile)")
        self._come_back()
        rack = self._rack(line, at)
        board = self.board
        if isinstance(line.action, Pass):
            self.passes += 1
            self._record(Replayed(line.number, line.player, "pass", board, rack))
            if self.empty:
                self.racks[line.player] = rack  # a pass keeps the rack, and no tile comes
            if self.passes >= len(self.players) and (not self.pile if self.dealt else self.empty):
                self.ended = True
            return
        self.passes = 0
        if isinstance(line.action, Trade):
            self._trade(line, line.action, rack, at)
        else:
            self._play(line, line.action, rack, at)
        if (self.dealt and self.record.header.piles == PILES[1] and not self.ended and self.pile
                and len(self.racks[line.player]) < MAX_HAND):
            self.owed = line.player  # the refill waits for the player's word (RULES §12)

    def _rack(self, line: Turn, at: str) -> Hand | None:
        """Return the rack the turn is played from: the known one, checked against the brackets."""
        known = self.racks[line.player]
        if line.rack is None:
            return known
        if known is not None and sorted(line.rack) != sorted(known):
            raise ClassroomError(f"{at}: {line.player} holds {' '.join(known) or 'nothing'}, "
                                 f"not {' '.join(line.rack)}")
        if known is None:
            short = _short(Counter(line.rack) + self.placed, Counter(self.tileset.bag))
            if short:
                raise ClassroomError(f"{at}: the rack and the board hold {short}")
        return line.rack

    def _trade(self, line: Turn, trade: Trade, rack: Hand | None, at: str) -> None:
        if trade.tiles is None and self.dealt:
            raise ClassroomError(f"{at}: say which tiles {line.player} trades, like 'trade 4 ÷ 9'")
        if rack is not None and trade.count > len(rack):
            raise ClassroomError(f"{at}: {line.player} cannot trade {trade.count} tiles holding {len(rack)}")
        if trade.tiles is not None and rack is not None:
            short = missing_from_hand(list(trade.tiles), rack)
            if short:
                raise ClassroomError(f"{at}: {short.replace('the play uses', 'the trade returns')}")
        if not self.dealt:
            left = 0 if self.empty else self._counted()
            if left < trade.count:
                raise ClassroomError(f"{at}: a trade of {trade.count} needs {trade.count} tiles in the pile; "
                                     f"by the set's counts, the board and nine tiles a player, it holds {left}")
        if self.pile is not None:
            if sum(self.pile.values()) < trade.count:
                raise ClassroomError(f"{at}: a trade of {trade.count} needs {trade.count} tiles in the pile; "
                                     f"it holds {sum(self.pile.values())}")
            self.racks[line.player] = _without(self.racks[line.player], list(trade.tiles))
            self.returning, self.trader = Counter(trade.tiles), line.player
        self._record(Replayed(line.number, line.player, "trade", self.board, rack, traded=trade.tiles,
                              traded_count=trade.count))

    def _play(self, line: Turn, written: Written, rack: Hand | None, at: str) -> None:
        shown = excerpt(written.text)
        try:
            tiles = parse_play(written.text, self.tileset.rules.negatives)
        except ClassroomError as error:
            raise ClassroomError(f"{at}: {error}") from None
        new, reason = placements(self.board, tiles)
        play = make_play(new, tiles.direction) if reason is None else None
        if play is not None:
            reason = why_illegal_in(self.record.header.play, self.board, play, self.tileset)
        if reason is None and rack is not None:
            reason = missing_from_hand([tile for _, tile in new], rack)
            reason = reason and reason.replace("the hand", f"{line.player}'s rack")
        if reason is None:
            short = _short(Counter(used_tiles(play)) + self.placed, Counter(self.tileset.bag)) if not self.dealt else ""
            reason = f"the board would hold {short}" if short else None
        if reason is not None:
            raise ClassroomError(f"{at}: {shown} is not a legal play: {reason}")
        breakdown = score(self.board, play, self.tileset, self.record.header.bonus_of(line.player))
        main = self.board.place(play.placements).run(play.placements[0].square, play.direction)
        is_equation = any(self.board.place(play.placements).symbol(s) == EQUAL for s in main)
        if not is_equation and breakdown.equations:
            raise ClassroomError(f"{at}: {shown} is not a legal play: its main string is not an equation "
                                 f"but it forms {breakdown.equations[0].text} across it; write that "
                                 "equation as the play")
        kind = "play" if is_equation else "expression"
        replayed = Replayed(line.number, line.player, kind, self.board, rack, play,
                            record_notation(self.board, play), breakdown)
        self.board = self.board.place(play.placements)
        self.placed += Counter(used_tiles(play))
        if self.dealt:
            self.racks[line.player] = _without(self.racks[line.player], used_tiles(play))
        elif self.empty:  # no refill: what is left of a known rack is known
            self.racks[line.player] = _without(rack, used_tiles(play))
        self._record(replayed)
        if self.racks[line.player] == () and (not self.pile if self.dealt else self.empty):
            self.ended, self.went_out = True, line.player
        if not self.dealt and self._counted() <= 0:
            self.empty = True

    def _took(self, line: Took, at: str) -> None:
        """Keep the time the player's last turn took; each turn has one 'took' line at most."""
        turns = sum(1 for t in self.turns if t.player == line.player)
        if len(self.times[line.player]) >= turns:
            raise ClassroomError(f"{at}: {line.player} has taken {turns} turn{'s' if turns != 1 else ''} "
                                 f"and has a time for each; a 'took' line follows the turn it times")
        self.times[line.player].append(line.seconds)
        last = max(i for i, t in enumerate(self.turns) if t.player == line.player)
        self.turns[last] = replace(self.turns[last], seconds=line.seconds)

    def _time_sums(self) -> tuple[tuple[str, int], ...] | None:
        """Return the total-time clock's points at the end (RULES §12): minus the penalty for each
        started minute over a player's allowance, plus the bonus for the least total time (shared
        on a tie: each tied player gets an equal part, in whole points rounded down); None for a
        game without the clock."""
        header = self.record.header
        if not header.clocked:
            return None
        totals = {p: sum(t) for p, t in self.times.items()}
        sums = {}
        for player in self.players:
            allowance = dict(header.allowances).get(player)
            over = totals[player] - allowance * 60 if allowance is not None else 0
            sums[player] = -header.time_penalty * -(-over // 60) if over > 0 else 0
        timed = all(len(self.times[p]) == sum(1 for t in self.turns if t.player == p) for p in self.players)
        if header.time_bonus and timed and self.turns:  # the least time of players timed at every turn
            least = min(totals.values())
            tied = [p for p in self.players if totals[p] == least]
            for player in tied:
                sums[player] += header.time_bonus // len(tied)
        return tuple(sums.items())

    def _drawing(self) -> tuple[str, int] | None:
        """Return who must draw before the next turn in a two-pile game, and how many tiles."""
        if self.owed is None or self.held:
            return None
        return self.owed, min(MAX_HAND - len(self.racks[self.owed]), sum(self.pile.values()))

    def _holds(self, line: Holds, at: str) -> None:
        if line.player in self.held:
            raise ClassroomError(f"{at}: {line.player} already holds tiles on line "
                                 f"{self.held_on[line.player]}")
        known = self.racks[line.player]
        if known is not None and sorted(known) != sorted(line.tiles):
            raise ClassroomError(f"{at}: {line.player} holds {' '.join(known) or 'nothing'}, "
                                 f"not {' '.join(line.tiles) or 'nothing'}")
        if known is None:
            everything = self.placed + sum((Counter(t) for t in self.held.values()), Counter())
            short = _short(Counter(line.tiles) + everything, Counter(self.tileset.bag))
            if short:
                raise ClassroomError(f"{at}: the board and the racks would hold {short}")
        self.held[line.player] = line.tiles
        self.held_on[line.player] = line.number

    # --- bookkeeping --------------------------------------------------------------------------

    def _record(self, replayed: Replayed) -> None:
        self.totals[replayed.player] += replayed.score
        self.turns.append(replace(replayed, totals=tuple(self.totals.items())))

    def _come_back(self) -> None:
        """Put the tiles of the last trade back into the pile, once the trader has drawn."""
        if self.returning and self.pile is not None:
            self.pile += self.returning
        self.returning, self.trader = Counter(), None

    def _counted(self) -> int:
        """Return what a table record's pile holds while it is not empty: the set's tiles less
        those on the board and nine a player (RULES §10: a rack is refilled while the pile lasts)."""
        return len(self.tileset.bag) - sum(self.placed.values()) - MAX_HAND * len(self.players)

    def _why_ended(self) -> str:
        if self.went_out:
            return f"{self.went_out} used every tile with the pile empty"
        return "every player passed in turn with the pile empty"

    def _end(self) -> tuple[tuple[tuple[str, int], ...] | None, str | None]:
        """Return the end-of-game sums (None while the game goes on) and who went out, if anyone."""
        if not (self.ended or self.held):
            return None, self.went_out
        if self.dealt and self.held and not self.ended:
            # stopped for time (RULES §10): the scores stand as they are, no end sums
            return tuple((p, 0) for p in self.players), self.went_out
        holding = {p: self.held.get(p, self.racks[p] or ()) for p in self.players}
        went_out = self.went_out
        if not self.dealt and self.held and not self.ended:
            last = next((t for t in reversed(self.turns) if t.kind in ("play", "expression")), None)
            if last is not None and not holding[last.player]:
                went_out = last.player
        sums = {p: -value_of(holding[p], self.tileset) for p in self.players}
        if went_out is not None:
            sums[went_out] = sum(-v for p, v in sums.items() if p != went_out)
        return tuple(sums.items()), went_out


def _short(wanted: Counter, have: Counter) -> str:
    """Return what is wanted beyond what there is ('three 7s, and the set holds 2'), or ''."""
    for tile, count in sorted(wanted.items()):
        if count > have[tile]:
            return f"{tiles_of(count, tile)}, and there {'is' if have[tile] == 1 else 'are'} only {have[tile]}"
    return ""


def _without(rack: Hand | None, tiles: list[Tile]) -> Hand | None:
    """Return the rack without the tiles (each removed once), None while it is not known."""
    return None if rack is None else take(rack, tiles)
