"""One Position (board + hand + tile set), analysed once and asked for its best play, its top N
plays, all of them, or how many there are.

How it is fast (think Scrabble move generation, joined by value like the boardless solver):

- The lines, cross-checks, groups and windows (classroom.solve.board.lines) are built once.
- Sides are enumerated by `sides.walk`, one whole Number at a time, and kept in tables
  value -> packed tiles used -> [tiles], cached by their pattern of fixed symbols and
  cross-check sets, so equal stretches of open board are searched once.
- A blank is a wildcard (classroom.solve.board.blank_sides), never 31 copies of the hand: the tables
  hold only the sides without a blank; a side with a blank is a skeleton whose value is a
  function of the blank's Number, joined by trying that Number's few values against the other
  side's table. With S the side of fewer empty squares and L the other, a play has: no blank
  on either side, or a blank on S (S's skeletons x L's sides of any blanks), or a blank on L
  only (S without blanks x L's sides holding one); each play is found once.
- Aimed: when L is long (AIM_FROM empty squares or more) and not listed yet, only its sides of
  S's values are built, without a blank (classroom.solve.board.aim) or with one
  (classroom.solve.board.blank_aim).
- A search runs with Python's cyclic garbage collector paused (`paused_collector`); the engine
  makes no reference cycles, so memory is freed by reference counting as it goes.
- A pair is a play when the hand can pay for both sides (tile counts packed in one integer, so
  the test is one addition and one mask).
- Best-only / top-N: groups, then their windows, are searched best bound first, and the search
  stops at the first bound below the N-th score found so far: most sides are never enumerated.
- Side tables and their joins live in classroom.solve.board.side_tables; counting every play without
  building one in classroom.solve.board.counting.

Scores are computed here from per-square tables (an optimisation of plays.score, which the
tests check it against); choosing is by score, then a fixed reading order.
"""

from __future__ import annotations

import gc
import heapq
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator

from classroom.errors import ClassroomError
from classroom.game.board import Board, Placement
from classroom.game.plays import ALL_NINE_BONUS, Play
from classroom.game.symbols import BLANK, EQUAL, MAX_HAND, Hand
from classroom.game.tilesets import TileSet
from classroom.solve.board.aim import OverLimit
from classroom.solve.board.counting import Counting
from classroom.solve.board.lines import GroupWindows, Shaped, Window, duplicate_single, groups, narrowed
from classroom.solve.board.numbers import reads_signed
from classroom.solve.board.side_tables import AIM_FROM, SideTables
from classroom.solve.board.sides import PackedHand


@contextmanager
def paused_collector():
    """Pause Python's cyclic garbage collector for a search. A search makes millions of small
    tuples and lists, and the collector would go through them again and again (a third of the
    time); the engine makes no reference cycles (its recursive walks break theirs), so memory is
    freed as before, by reference counting.

    When the search ends, what is alive moves straight to the oldest generation (frozen while
    the collector is enabled again, then thawed): else the collector's next young run would go
    through every table the search kept, once more (a tenth of a best play's time). Nothing
    stays frozen: a cycle made elsewhere is collected at the collector's next full run."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.enable()
            gc.unfreeze()


@dataclass(frozen=True)
class Candidate:
    """A generated legal play and its score."""

    score: int
    play: Play


def window_order(window: Window) -> tuple:
    """Return the start of candidate_order shared by every play of a window (its direction and
    squares, all of them covered), without the score."""
    line = window.group.line
    return (line.direction.value, tuple(line.squares[j] for j in range(window.start, window.end + 1)
                                        if line.fixed[j] is None))


def _kept_fills(sides: Callable[[tuple], bool], fixed: list) -> Callable[[list], list]:
    """Return a filter of one side's fills (the tiles of its empty squares, in order) keeping
    those whose whole side (the fixed symbols and the fills in order) `sides` keeps."""
    memo: dict = {}

    def kept(fills_list: list) -> list:
        found = []
        for fills in fills_list:
            keep = memo.get(fills)
            if keep is None:
                placed = iter(fills)
                keep = memo[fills] = sides(tuple(next(placed) if f is None else f for f in fixed))
            if keep:
                found.append(fills)
        return found
    return kept


def unkept(shaped: Shaped, digits: int | None, ends: bool) -> bool:
    """Return whether a window gives no play a budgeted search keeps, by its shapes
    (lines.Shaped): with `ends` (the hand holds fractions, exponents or negatives), none of its
    shapes can place them; with `digits`, every shape writes a Number of more digits."""
    return digits is not None and shaped.too_long(digits) or ends and shaped.bound is None


def longest_side(window: Window) -> int:
    """Return how many empty squares the longer side of a window's = has."""
    group = window.group
    fixed = group.line.fixed
    left = sum(1 for j in range(window.start, group.equal) if fixed[j] is None)
    right = sum(1 for j in range(group.equal + 1, window.end + 1) if fixed[j] is None)
    return max(left, right)


def candidate_order(candidate: Candidate) -> tuple:
    """Return the sort key listing candidates best first, then in a fixed reading order."""
    play = candidate.play
    return (-candidate.score, play.direction.value, play.squares, tuple(p.tile for p in play.placements))


# A blank tried as each of its symbols (sets with negative or exponent tiles, see PackedHand):
# one blank in a nine-tile hand is a few seconds and hundreds of MB; two would pass make.pool's
# memory cap (docs/performance.md).
MAX_CONCRETE_BLANKS = 1
# with a work cap and a blank in the hand, no window is walked whose side of the = has more empty
# squares than this: the Numbers of a blank tried as each symbol along 8 squares are one table
# that takes seconds (a class writes no such side)
LONGEST_BLANK_SIDE = 7
# a window walked counts as this many sides built in a search's `work` (Position.top): what
# its cells, shapes and joins cost beyond its tables (a side built is a few µs, a window's own
# cost about a millisecond)
WINDOW_WORK = 200


def searchable(hand: Hand, tileset: TileSet) -> Hand:
    """Return the hand with the blanks the board search cannot take set aside: beyond
    MAX_CONCRETE_BLANKS when the set's blanks are tried concretely; other hands as they are."""
    if not reads_signed(tileset.rules) or hand.count(BLANK) <= MAX_CONCRETE_BLANKS:
        return hand
    return tuple(t for t in hand if t != BLANK) + (BLANK,) * MAX_CONCRETE_BLANKS


class Position:
    """A board, a hand and a tile set, analysed once: lines, cross-checks, groups, windows and
    side tables are built on first need and shared by every question asked."""

    def __init__(self, board: Board, hand: Hand, tileset: TileSet, digits: int | None = None):
        """With `digits`, its hands write no Number of more digits in the side walks
        (PackedHand): the Position then answers only `top` with a `keep` that refuses a play
        whose main string holds a longer Number (a class's taste), which it finds without
        walking those; other answers would leave plays out."""
        if searchable(tuple(hand), tileset) != tuple(hand):
            raise ClassroomError(f"hand: with the {tileset.name} tile set the board search takes at "
                                 f"most {MAX_CONCRETE_BLANKS} blank in a hand; this one has "
                                 f"{tuple(hand).count(BLANK)}")
        self.board = board
        self.hand = tuple(hand)
        self.tileset = tileset
        self.packed = PackedHand(self.hand, tileset, digits)
        # the hand with its wildcard blanks set aside (all of it when the blanks are concrete)
        plain = PackedHand(tuple(t for t in self.hand if t != BLANK), tileset, digits) if self.packed.blanks \
            else self.packed
        rest = plain  # the hand less one blank, for what follows a side's first blank
        if self.packed.blanks > 1:
            less = list(self.hand)
            less.remove(BLANK)
            rest = PackedHand(tuple(less), tileset, digits)
        self.groups = groups(board, self.packed, tileset)
        # windows are kept apart from the Position, so that what counts shares them without
        # referring back to it (no cycle: a Position is freed as soon as it is dropped)
        self.windows = GroupWindows(self.packed)
        self._listing = SideTables(self.packed, plain, rest)
        self._counting = Counting(self.groups, self.windows, SideTables(self.packed, plain, rest, True))

    def _window_plays(self, window: Window, scores: list | None = None, want: int = 0,
                      cells: list | None = None, least: int = 0,
                      sides: Callable[[tuple], bool] | None = None) -> Iterator[Candidate]:
        """Yield every legal play of one window with its score; with `scores` (the min-heap of
        the `want` best scores so far, see `_top`), only those that could still be kept: a play
        scoring less than the lowest of `want` scores is not built, nor one scoring less than
        `least`. With `cells` (the line's cells narrowed, lines.narrowed), only the plays those
        cells allow are looked for. With `sides`, only the plays whose two sides of the = (each
        its tiles in order, the board's among them) it keeps."""
        if duplicate_single(window):
            return
        group = window.group
        line, e, a, b = group.line, group.equal, window.start, window.end
        fixed, allowed = line.fixed, line.allowed
        squares = line.squares
        score_of = self.tileset.score_of
        sf, ef = line.symbol_factor, line.equation_factor
        cross_score, cross_equal = line.cross_score, line.cross_equal
        equal_placed = fixed[e] is None
        mult = ef[e] if equal_placed else 1
        const = 0
        if equal_placed and allowed[e] is not None:
            const = cross_score[e] * ef[e]
        left_empty = [j for j in range(a, e) if fixed[j] is None]
        right_empty = [j for j in range(e + 1, b + 1) if fixed[j] is None]
        for j in left_empty + right_empty:
            mult *= ef[j]
        base = sum(line.fixed_score[a:b + 1])
        if window.placed == MAX_HAND:
            const += ALL_NINE_BONUS
        direction = line.direction
        equal_placement = (Placement(squares[e], EQUAL),) if equal_placed else ()

        def parts(empty: list[int], fills: tuple, memo: dict) -> tuple:
            # (symbol points, cross equation points) of one side's tiles in this window
            got = memo.get(fills)
            if got is None:
                points_sum = cross = 0
                for j, tile in zip(empty, fills):
                    points = score_of(tile) * sf[j]
                    points_sum += points
                    if cross_equal[j]:
                        cross += (cross_score[j] + points) * ef[j]
                got = memo[fills] = (points_sum, cross)
            return got

        def placed(empty: list[int], fills: tuple, memo: dict) -> tuple:
            # the placements of one side's tiles, made once for the plays that are kept
            got = memo.get(fills)
            if got is None:
                got = memo[fills] = tuple(Placement(squares[j], t) for j, t in zip(empty, fills))
            return got

        left_memo: dict = {}
        right_memo: dict = {}
        left_placed: dict = {}
        right_placed: dict = {}
        if sides is not None:
            left_kept = _kept_fills(sides, fixed[a:e])
            right_kept = _kept_fills(sides, fixed[e + 1:b + 1])
        for left_fills, right_fills in self._listing.window_pairs(window, cells):
            if sides is not None:
                left_fills = left_kept(left_fills)
                right_fills = right_kept(right_fills) if left_fills else ()
            for fills_left in left_fills:
                points_left, cross_left = parts(left_empty, fills_left, left_memo)
                for fills_right in right_fills:
                    got = right_memo.get(fills_right)  # parts' memo read here: once a pair
                    if got is None:
                        got = parts(right_empty, fills_right, right_memo)
                    score = (base + points_left + got[0]) * mult + const + cross_left + got[1]
                    if score < least or scores is not None and len(scores) >= want and score < scores[0]:
                        continue
                    yield Candidate(score, Play(placed(left_empty, fills_left, left_placed) + equal_placement
                                                + placed(right_empty, fills_right, right_placed), direction))

    def plays(self) -> Iterator[Candidate]:
        """Yield every distinct legal equation play with its score, in no particular order."""
        self._whole("plays")
        for group in self.groups:
            for window in self.windows(group):
                yield from self._window_plays(window)

    def all(self) -> list[Candidate]:
        """Return every legal equation play, best first."""
        with paused_collector():
            return sorted(self.plays(), key=candidate_order)

    def top(self, top: int | None = None, budget: int | None = None,
            keep: Callable[[Candidate], bool] | None = None, digits: int | None = None,
            sides: Callable[[tuple], bool] | None = None, work: int | None = None) -> list[Candidate]:
        """Return the `top` best plays (ties in candidate_order), best first; with top=None, every
        play tied at the best score.

        Groups, then their windows, are searched best bound first; the search stops at the first
        bound below the N-th best score found so far, so most sides are never enumerated. With a
        `budget`, it also stops after that many windows once `top` plays are found: good plays,
        not proven best ones (what a simulated player needs). With `keep`, only the plays it
        keeps count (a class's taste), and the search stops after `budget` windows once it has
        kept one play, and after ten budgets in any case (it may then return none). With `keep`,
        `digits` (by default the Position's own) says it keeps no play whose main string has a
        Number of more digits: a window whose every shape writes one is not walked (still
        counted in the budget, so the plays are the same); `sides` says it keeps no play one of whose sides of the = (its tiles in
        order) `sides` refuses: such sides are dropped before their plays are built. With a
        `budget`, `work` caps the search's work, counted in the sides its tables build and the
        windows it walks (SideTables.built, WINDOW_WORK a window: the same on every machine):
        with a blank in the hand, no window of a side of more than LONGEST_BLANK_SIDE empty
        squares is walked; past `work`, the search stops once it has kept a play, else goes on
        with windows whose sides have at most AIM_FROM empty squares only, and begins none past
        twice `work`; a window whose tables build `work` sides ends it (it may then return
        none)."""
        if keep is None:
            self._whole("top without a keep")
        with paused_collector():
            try:
                return self._top(top, budget, keep, digits, sides, work)
            finally:
                self._listing.cap(None)

    def _top(self, top: int | None, budget: int | None, keep: Callable[[Candidate], bool] | None = None,
             digits: int | None = None, sides: Callable[[tuple], bool] | None = None,
             work: int | None = None) -> list[Candidate]:
        want = 1 if top is None else top
        # only the first play in candidate order is wanted: a window tied at the best score so
        # far whose squares come after the first play's cannot give it (see below)
        first = top == 1 and budget is None and keep is None
        # with a blank in the hand, a window's long side is dear and narrowing it pays: before any
        # play is found, a window is first searched for its plays of its bound's score or more
        # only, its squares narrowed to the tiles that can score that (lines.narrowed); with two
        # blanks, where a whole search is dearest, then for lower and lower scores until a play
        # is found or nothing is narrowed; with one, then whole (lower and lower, a mid-game
        # window whose plays score far below its bound cost three times its whole search).
        # Without a blank, sides are cheap and shared by many windows, which narrowed cells
        # would not be
        narrows = BLANK in self.hand
        aspire = narrows and budget is None and keep is None
        ladder = self.hand.count(BLANK) > 1
        searched = 0
        # the work (sides built, windows walked) past which the search winds down (see `top`)
        spent = self._listing.built() + work if budget is not None and work is not None else None
        walked = 0  # windows whose plays were walked
        blank_held = BLANK in self.hand
        # with a budget, a window that gives no play kept is not walked (see unkept)
        ends = bool(self.windows.mixes.enders or self.windows.mixes.starters)
        digits = self.packed.digits if digits is None else digits
        digits, sides = (digits, sides) if keep is not None else (None, None)
        shaped: dict[int, Shaped] = {}  # id(window) -> its shapes, made on first need

        def shapes(window: Window) -> Shaped:
            found = shaped.get(id(window))
            if found is None:
                found = shaped[id(window)] = Shaped(window, self.windows.mixes)
            return found
        # groups before windows of the same bound (as they were made); without a budget, windows
        # of the same bound in candidate order, so that the first play is found first
        queue: list = [(-g.bound, 0, (), i, g, None) for i, g in enumerate(self.groups)]
        heapq.heapify(queue)
        tie = len(queue)
        kept: list[Candidate] = []
        scores: list[int] = []  # a min-heap of the `want` best scores so far
        lead: tuple | None = None  # first: candidate_order of the first play kept so far
        while queue:
            bound, _, key, _, item, tried = heapq.heappop(queue)
            if len(scores) == want and -bound < scores[0]:
                break
            if not isinstance(item, Window):
                for window in self.windows(item):
                    if len(scores) < want or window.bound >= scores[0]:
                        order = window_order(window) if budget is None else ()
                        heapq.heappush(queue, (-window.bound, 1, order, tie, window, None))
                        tie += 1
                continue
            if tried is None and budget is None and id(item) not in shaped:
                # without a budget, bounded again by the shapes its squares can take
                # (lines.Shaped): put back at that bound when it is lower, searched only if it
                # still comes first (with a budget, the windows searched stay those counted)
                tighter = shapes(item).bound
                if tighter is None:
                    continue
                if tighter < -bound:
                    heapq.heappush(queue, (-tighter, 1, key, tie, item, None))
                    tie += 1
                    continue
            if tried is None:
                searched += 1
            if budget is not None and searched > budget and (
                    len(scores) == want or keep is not None and (scores or searched > 10 * budget)):
                break
            if spent is not None:
                if blank_held and longest_side(item) > LONGEST_BLANK_SIDE:
                    continue  # one table of it can cost seconds, built before its work is counted
                done = self._listing.built() + WINDOW_WORK * walked
                if done > spent:
                    # past the work: stop once a play is kept, else go on with windows of short
                    # sides only (not aimed, or barely), up to twice the work
                    if scores or done > spent + work:
                        break
                    if longest_side(item) > AIM_FROM:
                        continue
                # one window's tables may cost seconds: it stops once they have built `work`
                self._listing.cap(work)
            if budget is not None and (digits is not None or ends) and unkept(shapes(item), digits, ends):
                continue  # counted as searched, as before, but not walked
            # below: the score from which the window's plays were found when it was tried before
            cells, least, below = None, 0, None if tried is None else tried[0]
            if len(scores) == want:
                # the floor a play must reach to be kept narrows the squares of the window to the
                # tiles that can reach it (lines.narrowed); in order after the first play, a play
                # tied with it is not wanted either
                floor = scores[0] + (first and lead is not None and -lead[0] == scores[0] and key > lead[1:3])
                if -bound < floor:
                    continue  # its bound in the queue (shaped, or below the plays found before) is below
                found = narrowed(item, self.packed, floor, shapes(item)) if narrows else (None,) if item.bound >= floor else None
                if found is None:
                    continue
                cells = found[0]
            elif aspire and (tried is None or ladder):
                # tried for its bound's score, then put back below the least score its narrowed
                # cells let through all of: with two blanks tried again lower and lower (1, 2, 4,
                # ... points, never below the next bound in the queue), else searched whole (or
                # narrowed to the floor found by then) when nothing else bounds higher
                aim = -bound if tried is None else max(tried[0] - tried[1], -queue[0][0] if queue else 0)
                found = narrowed(item, self.packed, aim, shapes(item))
                if found is not None and found[1] is None:
                    cells = found[0]  # nothing narrowed: the window's plays, all of them
                else:
                    cells, least = found if found is not None else (None, aim)
                    step = 1 if tried is None else 2 * tried[1]
                    heapq.heappush(queue, (-(least - 1), 1, key, tie, item, (least, step)))
                    tie += 1
                    if cells is None:
                        continue
            walked += 1
            try:
                for candidate in self._window_plays(item, scores, want, cells, least, sides):
                    if below is not None and candidate.score >= below:
                        continue  # found when the window was tried before
                    if keep is not None and not keep(candidate):
                        continue
                    if len(scores) < want:
                        heapq.heappush(scores, candidate.score)
                    elif candidate.score > scores[0]:
                        heapq.heapreplace(scores, candidate.score)
                    elif candidate.score < scores[0]:
                        continue
                    kept.append(candidate)
                    if first:
                        order = candidate_order(candidate)
                        lead = order if lead is None or order < lead else lead
            except OverLimit:
                # the window's tables passed the work, part built: dropped, and the search ends
                # with the plays kept so far
                self._listing.drop_aimed()
                break
        if not scores:
            return []
        floor = scores[0]
        kept = sorted((c for c in kept if c.score >= floor), key=candidate_order)
        if top is None:
            return [c for c in kept if c.score == kept[0].score]
        return kept[:top]

    def best(self) -> list[Candidate]:
        """Return every play tied at the best score (none when the hand has no play)."""
        return self.top(None)

    def count(self, limit: int | None = None) -> int | None:
        """Return the number of distinct legal equation plays (without building them); with a
        `limit`, None when counting would take more work than that (see classroom.solve.board.counting):
        always so for a blank tried as each of its symbols, which can run out of memory before the
        limit is checked."""
        self._whole("count")
        if limit is not None and self.packed.signed and BLANK in self.hand:
            return None
        with paused_collector():
            return self._counting.count(limit)

    def _whole(self, asked: str) -> None:
        """Refuse what a Position of capped Numbers (`digits`) would answer with plays left out."""
        if self.packed.digits is not None:
            raise ValueError(f"{asked}: this Position writes Numbers of at most {self.packed.digits} digits")

    def count_at_least(self, limit: int, listed: int = 0) -> tuple[int, bool]:
        """Return (N, exact): the number of distinct legal equation plays when counting it takes
        no more work than `limit` (exact), else a true lower bound, the position has at least N
        (not exact): the plays of the windows counted before the limit, or the `listed` distinct
        plays the caller already holds (its best plays) when they are more."""
        count = self.count(limit)
        if count is not None:
            return count, True
        return max(self._counting.at_least, listed), False


def all_plays(board: Board, hand: Hand, tileset: TileSet) -> list[Candidate]:
    """Return every legal equation play of the hand on the board, best first."""
    return Position(board, hand, tileset).all()


def top_plays(board: Board, hand: Hand, tileset: TileSet, top: int | None = None) -> list[Candidate]:
    """Return the `top` best plays of the hand on the board (with None, every play tied best)."""
    return Position(board, hand, tileset).top(top)


def best_plays(board: Board, hand: Hand, tileset: TileSet) -> list[Candidate]:
    """Return every play tied at the best score (none when the hand has no play)."""
    return Position(board, hand, tileset).best()


def count_plays(board: Board, hand: Hand, tileset: TileSet) -> int:
    """Return the number of distinct legal equation plays (without building them)."""
    return Position(board, hand, tileset).count()
