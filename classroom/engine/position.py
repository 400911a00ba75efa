"""One Position (board + hand + tile set), analysed once and asked for its best play, its top N
plays, all of them, or how many there are.

How it is fast (think Scrabble move generation, joined by value like the boardless solver):

- The lines, cross-checks, groups and windows (classroom.engine.lines) are built once.
- Sides are enumerated by `sides.walk`, one whole Number at a time, and kept in tables
  value -> packed tiles used -> [tiles], cached by their pattern of fixed symbols and
  cross-check sets, so equal stretches of open board are searched once.
- A blank is a wildcard (classroom.engine.wildcard), never 31 copies of the hand: the tables
  hold only the sides without a blank; a side with a blank is a skeleton whose value is a
  function of the blank's Number, joined by trying that Number's few values against the other
  side's table. A play is (left, right) with: no blank on either side, or a blank on the left
  (left skeleton x right table of any blanks), or a blank on the right only (left table without
  blanks x right skeleton); each play is found once.
- A pair is a play when the hand can pay for both sides (tile counts packed in one integer, so
  the test is one addition and one mask).
- Best-only / top-N: groups, then their windows, are searched best bound first, and the search
  stops at the first bound below the N-th score found so far: most sides are never enumerated.
- Counting: the same joins with counts (`sides.count_walk` counts the sides without a blank by
  a dynamic programme; skeletons are merged when equal), so no play is built.

Scores are computed here from per-square tables (an optimisation of plays.score, which the
tests check it against); choosing is by score, then a fixed reading order.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Iterator

from classroom.engine.board import Board, Placement
from classroom.engine.lines import Window, duplicate_single, groups, windows
from classroom.engine.plays import ALL_NINE_BONUS, Play
from classroom.engine.sides import PackedHand, count_walk, walk
from classroom.engine.wildcard import OverBudget, wild_walk
from classroom.symbols import BLANK, EQUAL, MAX_HAND, Hand
from classroom.tilesets import TileSet


@dataclass(frozen=True)
class Candidate:
    """A generated legal play and its score."""

    score: int
    play: Play


def candidate_order(candidate: Candidate) -> tuple:
    """Return the sort key listing candidates best first, then in a fixed reading order."""
    play = candidate.play
    return (-candidate.score, play.direction.value, play.squares, tuple(p.tile for p in play.placements))


CACHED_SIDES = 250_000  # sides kept in one position's listing tables before they are rebuilt


class _Tables:
    """The side tables of one position, cached by pattern: the sides without a blank (`plain`),
    the sides with one (`wild`: skeletons and a table of concrete sides), and, for hands with two
    blanks or more, every side as one table (`every`), which a skeleton on the other side is
    joined with. Past CACHED_SIDES sides the cache starts afresh, so memory stays bounded."""

    def __init__(self, hand: PackedHand, plain: PackedHand, rest: PackedHand):
        self.hand = hand
        self.plain_hand = plain
        self.rest_hand = rest
        self._plain: dict = {}
        self._wild: dict = {}
        self._every: dict = {}
        self._sides = 0  # sides held in the caches

    def _keep(self, cache: dict, pattern: tuple, found, sides: int):
        """Return `found` after caching it, the caches emptied first when they would grow too big."""
        if self._sides + sides > CACHED_SIDES:
            self._plain.clear()
            self._wild.clear()
            self._every.clear()
            self._sides = 0
        self._sides += sides
        cache[pattern] = found
        return found

    def plain(self, pattern: tuple) -> dict:
        """Return value -> packed tiles used -> [tiles] for the sides without a blank."""
        found = self._plain.get(pattern)
        if found is None:
            stops = (False,) * (len(pattern) - 1) + (True,)
            found = walk(pattern, stops, self.plain_hand).get(len(pattern) - 1, {})
            found = self._keep(self._plain, pattern, found, _listed(found))
        return found

    def wild(self, pattern: tuple) -> tuple[list, dict]:
        """Return (skeletons, concrete table) for the sides holding a blank (see wild_walk)."""
        found = self._wild.get(pattern)
        if found is None:
            found = wild_walk(pattern, self.hand, self.plain_hand, self.rest_hand)
            sides = sum(len(members) for _, members in found[0]) + _listed(found[1])
            found = self._keep(self._wild, pattern, found, sides)
        return found

    def every(self, pattern: tuple) -> dict:
        """Return the table of every side, blanks or not (just `plain` when the hand has at most
        one blank, as a skeleton on the other side then holds it)."""
        if self.hand.blanks <= 1:
            return self.plain(pattern)
        found = self._every.get(pattern)
        if found is None:
            found = _every_table(self.plain(pattern), self.wild(pattern), False)
            found = self._keep(self._every, pattern, found, _listed(found))
        return found


def _listed(table: dict) -> int:
    """Return how many sides a listing table (value -> used -> [tiles]) holds."""
    return sum(len(fills) for by_used in table.values() for fills in by_used.values())


def _every_table(plain: dict, wild: tuple, counting: bool) -> dict:
    """Return one table of every side: those without a blank and those a wild entry stands for."""
    found: dict = {}
    for table in (plain, wild[1]):
        for value, by_used in table.items():
            into = found.setdefault(value, {})
            for used, fills in by_used.items():
                into[used] = into.get(used, 0 if counting else []) + fills
    for key, used, fills in _expanded(wild[0], counting):
        into = found.setdefault(key, {})
        into[used] = into.get(used, 0 if counting else []) + fills
    return found


class _OverLimit(Exception):
    """Counting went past its limit of work."""


WILD_WEIGHT = 10  # a side holding a blank costs about ten times one without (walk and join)
COUNT_LIMIT = 2_000_000  # work (side-table entries) a count may take: some seconds on a laptop


def _entries(plain: dict, wild: dict) -> int:
    """Return the work counted side tables cost (by end): their entries, a side holding a
    blank weighing WILD_WEIGHT."""
    found = sum(len(by_used) for table in plain.values() for by_used in table.values())
    for skeletons, concrete in wild.values():
        found += WILD_WEIGHT * sum(len(members) for _, members in skeletons)
        found += WILD_WEIGHT * sum(len(by_used) for by_used in concrete.values())
    return found


def _summed(tables: list[dict]) -> dict:
    """Return one counted table holding the sum of the tables."""
    if len(tables) == 1:
        return tables[0]
    found: dict = {}
    for table in tables:
        for value, by_used in table.items():
            into = found.setdefault(value, {})
            for used, many in by_used.items():
                into[used] = into.get(used, 0) + many
    return found


def _expanded(skeletons: list, counting: bool) -> Iterator[tuple]:
    """Yield (value, used, [tiles] or how many) for every side the skeletons stand for."""
    for keys, members in skeletons:
        for key, symbol in keys:
            if counting:
                for used, many in members.items():
                    yield key, used, many
            else:
                tile = BLANK + symbol
                for used, fills, hole in members:
                    yield key, used, [fills[:hole] + (tile,) + fills[hole + 1:]]


def _pairs(hand: PackedHand, lefts: dict, rights: dict) -> Iterator[tuple]:
    """Yield (left fills, right fills) for every left and right side of equal value that the
    hand can pay for together (fills: lists of tiles, or counts when counting)."""
    offset, high = hand.offset, hand.high
    swap = len(rights) < len(lefts)  # look the values of the smaller table up in the larger
    small, large = (rights, lefts) if swap else (lefts, rights)
    for value, small_by_used in small.items():
        large_by_used = large.get(value)
        if large_by_used is None:
            continue
        for used_small, small_fills in small_by_used.items():
            for used_large, large_fills in large_by_used.items():
                if not (used_small + used_large + offset) & high:
                    yield (large_fills, small_fills) if swap else (small_fills, large_fills)


def _wild_pairs(hand: PackedHand, wild: tuple[dict, dict], table: dict, counting: bool) -> Iterator[tuple]:
    """Yield (wild side's fills, table fills) for every side holding a blank and side of the
    table with the same value that the hand can pay for together; when counting, how many of
    each. Each skeleton's few values of X are tried once for all the sides sharing it."""
    offset, high = hand.offset, hand.high
    skeletons, concrete = wild
    for keys, members in skeletons:
        for key, symbol in keys:
            by_used = table.get(key)
            if by_used is None:
                continue
            if counting:
                for used, many in members.items():
                    for used_other, other in by_used.items():
                        if not (used + used_other + offset) & high:
                            yield many, other
                continue
            tile = BLANK + symbol
            for used, fills, hole in members:
                for used_other, other in by_used.items():
                    if not (used + used_other + offset) & high:
                        yield [fills[:hole] + (tile,) + fills[hole + 1:]], other
    yield from _pairs(hand, concrete, table)


class Position:
    """A board, a hand and a tile set, analysed once: lines, cross-checks, groups, windows and
    side tables are built on first need and shared by every question asked."""

    def __init__(self, board: Board, hand: Hand, tileset: TileSet):
        self.board = board
        self.hand = tuple(hand)
        self.tileset = tileset
        self.packed = PackedHand(self.hand, tileset)
        plain = PackedHand(tuple(t for t in self.hand if t != BLANK), tileset)
        rest = plain  # the hand less one blank, for what follows a side's first blank
        if self.packed.blanks > 1:
            less = list(self.hand)
            less.remove(BLANK)
            rest = PackedHand(tuple(less), tileset)
        self.groups = groups(board, self.packed, tileset)
        self._windows: dict = {}
        self._listing = _Tables(self.packed, plain, rest)
        self._counted: dict = {}  # pattern -> end -> counted side table (see count)
        self._work = 0  # entries in the counted side tables built so far
        self._limit: int | None = None
        self._count: int | None = None

    def windows(self, group) -> list[Window]:
        """Return the windows of a group (built once)."""
        found = self._windows.get(id(group))
        if found is None:
            found = self._windows[id(group)] = windows(group, self.packed)
        return found

    def _sides(self, window: Window) -> Iterator[tuple]:
        """Yield (left fills, right fills) pairs of the window: no blank, a blank on the left, a
        blank on the right only."""
        tables = self._listing
        group = window.group
        line, e = group.line, group.equal
        left = tuple(line.allowed[window.start:e])
        right = tuple(line.allowed[e + 1:window.end + 1])
        plain_left = tables.plain(left)
        if plain_left:
            yield from _pairs(self.packed, plain_left, tables.plain(right))
        if not self.packed.blanks:
            return
        for fills, other in _wild_pairs(self.packed, tables.wild(left), tables.every(right), False):
            yield fills, other
        if plain_left:
            for fills, other in _wild_pairs(self.packed, tables.wild(right), plain_left, False):
                yield other, fills

    def _window_plays(self, window: Window) -> Iterator[Candidate]:
        """Yield every legal play of one window with its score."""
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
            # (symbol points, cross equation points, placements) of one side's tiles in this window
            got = memo.get(fills)
            if got is None:
                points_sum = cross = 0
                for j, tile in zip(empty, fills):
                    points = score_of(tile) * sf[j]
                    points_sum += points
                    if cross_equal[j]:
                        cross += (cross_score[j] + points) * ef[j]
                got = memo[fills] = (points_sum, cross,
                                     tuple(Placement(squares[j], t) for j, t in zip(empty, fills)))
            return got

        left_memo: dict = {}
        right_memo: dict = {}
        for left_fills, right_fills in self._sides(window):
            for fills_left in left_fills:
                points_left, cross_left, placements_left = parts(left_empty, fills_left, left_memo)
                for fills_right in right_fills:
                    points_right, cross_right, placements_right = parts(
                        right_empty, fills_right, right_memo)
                    score = (base + points_left + points_right) * mult + const + cross_left + cross_right
                    yield Candidate(score, Play(placements_left + equal_placement + placements_right,
                                               direction))

    def plays(self) -> Iterator[Candidate]:
        """Yield every distinct legal equation play with its score, in no particular order."""
        for group in self.groups:
            for window in self.windows(group):
                yield from self._window_plays(window)

    def all(self) -> list[Candidate]:
        """Return every legal equation play, best first."""
        return sorted(self.plays(), key=candidate_order)

    def top(self, top: int | None = None, budget: int | None = None) -> list[Candidate]:
        """Return the `top` best plays (ties in candidate_order), best first; with top=None, every
        play tied at the best score.

        Groups, then their windows, are searched best bound first; the search stops at the first
        bound below the N-th best score found so far, so most sides are never enumerated. With a
        `budget`, it also stops after that many windows once `top` plays are found: good plays,
        not proven best ones (what a simulated player needs)."""
        want = 1 if top is None else top
        searched = 0
        queue: list = [(-g.bound, i, g) for i, g in enumerate(self.groups)]
        heapq.heapify(queue)
        tie = len(queue)
        kept: list[Candidate] = []
        scores: list[int] = []  # a min-heap of the `want` best scores so far
        while queue:
            bound, _, item = heapq.heappop(queue)
            if len(scores) == want and -bound < scores[0]:
                break
            if not isinstance(item, Window):
                for window in self.windows(item):
                    if len(scores) < want or window.bound >= scores[0]:
                        heapq.heappush(queue, (-window.bound, tie, window))
                        tie += 1
                continue
            searched += 1
            if budget is not None and searched > budget and len(scores) == want:
                break
            for candidate in self._window_plays(item):
                if len(scores) < want:
                    heapq.heappush(scores, candidate.score)
                elif candidate.score > scores[0]:
                    heapq.heapreplace(scores, candidate.score)
                elif candidate.score < scores[0]:
                    continue
                kept.append(candidate)
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
        `limit`, None as soon as the counted side tables hold more than `limit` entries (a
        measure of work that does not depend on the machine, so a seed still decides).

        Sides are counted by `count_walk`, one pass per line and start square serving every
        end (the sides from one start share their beginning), and each window's count is a
        join of two counted tables."""
        if self._count is None:
            self._limit = limit
            try:
                total = 0
                for line, found in self._by_line().items():
                    total += self._line_count(line, found)
                    # Tables are large; only stretches of open board meet again on other lines.
                    for pattern in [p for p in self._counted if any(cell is not None for cell in p)]:
                        del self._counted[pattern]
            except _OverLimit:
                self._counted.clear()
                self._work = 0
                return None
            self._count = total
        return self._count

    def _by_line(self) -> dict:
        """Return line -> the windows on it that hold plays of their own."""
        found: dict = {}
        for group in self.groups:
            found.setdefault(group.line, []).extend(
                w for w in self.windows(group) if not duplicate_single(w))
        return found

    def _line_count(self, line, windows: list[Window]) -> int:
        """Return how many plays the windows of one line hold."""
        reach: dict[int, int] = {}  # start of a side -> its farthest end
        for window in windows:
            e = window.group.equal
            for first, last in ((window.start, e - 1), (e + 1, window.end)):
                reach[first] = max(reach.get(first, first), last)
        tables = {first: self._counted_sides(tuple(line.allowed[first:last + 1]))
                  for first, last in reach.items()}
        hand = self.packed
        total = 0
        by_end: dict = {}  # (=, end) -> the left tables of its windows
        by_start: dict = {}  # (=, start) -> the right tables of its windows
        for window in windows:
            e = window.group.equal
            left, end = e - 1 - window.start, window.end - e - 1
            lefts = tables[window.start][0].get(left, {})
            if lefts:
                total += sum(a * b for a, b in _pairs(hand, lefts, tables[e + 1][0].get(end, {})))
            if hand.blanks:
                by_end.setdefault((e, end), []).append(lefts)
                by_start.setdefault((e, window.start), []).append(tables[e + 1][2](end))
        # A side holding a blank meets the sum of the other side's tables over its windows, so its
        # skeletons are joined once, not once per window.
        for (e, end), lefts in by_end.items():
            wild = tables[e + 1][1].get(end)
            if wild:
                total += sum(a * b for a, b in _wild_pairs(hand, wild, _summed(lefts), True))
        for (e, start), rights in by_start.items():
            wild = tables[start][1].get(e - 1 - start)
            if wild:
                total += sum(a * b for a, b in _wild_pairs(hand, wild, _summed(rights), True))
        return total

    def _counted_sides(self, pattern: tuple) -> tuple:
        """Return the counted sides from the start of the pattern to every end: (end -> table of
        the sides without a blank, end -> the wild sides, a function end -> table of every side)."""
        found = self._counted.get(pattern)
        if found is None:
            every_stop = (True,) * len(pattern)
            plain = count_walk(pattern, self._listing.plain_hand, every_stop)
            wild = {}
            if self.packed.blanks:
                budget = None
                if self._limit is not None:
                    budget = max(0, (self._limit - self._work - _entries(plain, {})) // WILD_WEIGHT)
                try:
                    wild = wild_walk(pattern, self.packed, self._listing.plain_hand,
                                     self._listing.rest_hand, True, every_stop, budget)
                except OverBudget:
                    raise _OverLimit from None
            everything: dict = {}

            def every(end: int) -> dict:
                if self.packed.blanks <= 1:
                    return plain.get(end, {})
                if end not in everything:
                    everything[end] = _every_table(plain.get(end, {}), wild.get(end, ([], {})), True)
                return everything[end]

            self._work += _entries(plain, wild)
            if self._limit is not None and self._work > self._limit:
                raise _OverLimit
            found = self._counted[pattern] = (plain, wild, every)
        return found


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
