"""The move generator: every legal equation Play a Hand allows on a Board, with its score.

How it is fast (think Scrabble move generation, joined by value like the boardless solver):

- Cross-checks: for every empty square and direction, the set of symbols that keep the
  perpendicular string a number, an expression or a true equation (cached by string, so a
  whole game reuses them). A square with no perpendicular neighbour allows every symbol.
- A main string is `left = right` along one line; the `=` is already on the board or placed on
  an empty square whose cross-check allows it. A group is a line and an `=` square; a window
  is a group with one start and one end: every empty square between is covered, so the tiles
  placed, the E multipliers and the cross strings are fixed and a play's score is linear in
  its tiles' symbol scores. The hand's best tiles on the heaviest squares bound the window.
- Sides are enumerated by `walk` (classroom.engine.sides), a depth-first search one whole Number at a time (the hand's
  Numbers for a stretch of squares are built once and shared), with exact arithmetic on
  unreduced integer pairs, checking the syntax (no two operations side by side, no leading
  zero, a fraction only last in a number) and the rules (× ÷ first, never below zero, no
  division by zero). Side tables are cached by their pattern of fixed symbols and cross-check
  sets, so equal stretches of open board are searched once.
- Left and right sides are joined by value; a pair is a play when the hand can pay for both
  (tile counts packed in one integer, so the test is one addition and one mask).
- Best-only / top-N: groups, then their windows, are searched best bound first, and the search
  stops at the first bound below the N-th score found so far: most sides are never enumerated.
- Counting: `count_walk` (classroom.engine.sides) counts the sides by a dynamic programme over Number boundaries
  (value -> tiles used -> how many), and windows multiply counts: no play is built.

Scores are computed here from per-square tables (an optimisation of plays.score, which the
tests check it against); choosing is `choose` over the generated candidates.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Iterator

from classroom.engine.board import CENTRE, SIZE, Board, Direction, Placement, Square, premium
from classroom.engine.plays import ALL_NINE_BONUS, Play
from classroom.engine.sides import PackedHand, count_walk, cross_allowed, walk
from classroom.symbols import EQUAL, MAX_HAND, Hand
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


# --- lines of the board ---------------------------------------------------------------------

class _Line:
    """One row (for across plays) or column (for down plays) with what the generator needs."""

    def __init__(self, board: Board, direction: Direction, index: int, tileset: TileSet):
        self.direction = direction
        if direction is Direction.ACROSS:
            self.squares = [(index, j) for j in range(1, SIZE + 1)]
        else:
            self.squares = [(j, index) for j in range(1, SIZE + 1)]
        tiles = [board.tile(s) for s in self.squares]
        self.fixed = [board.symbol(s) or None for s in self.squares]
        self.fixed_score = [tileset.score_of(t) if t else 0 for t in tiles]
        self.symbol_factor = [premium(s).symbol_factor for s in self.squares]
        self.equation_factor = [premium(s).equation_factor for s in self.squares]
        other = direction.other
        dr, dc = other.step
        self.allowed: list = []  # per square: None (free), a frozenset, or the fixed symbol
        self.cross_score: list = []  # per empty square: fixed score of its cross string
        self.cross_equal: list = []  # per empty square: the cross string already holds an =
        self.anchor: list = []  # per square: a tile here or a perpendicular neighbour
        for square, symbol in zip(self.squares, self.fixed):
            if symbol is not None:
                self.allowed.append(symbol)
                self.cross_score.append(0)
                self.cross_equal.append(False)
                self.anchor.append(True)
                continue
            before: list[Square] = []
            near = (square[0] - dr, square[1] - dc)
            while board.tile(near):
                before.append(near)
                near = (near[0] - dr, near[1] - dc)
            before.reverse()
            after: list[Square] = []
            near = (square[0] + dr, square[1] + dc)
            while board.tile(near):
                after.append(near)
                near = (near[0] + dr, near[1] + dc)
            if not before and not after:
                self.allowed.append(None)
                self.cross_score.append(0)
                self.cross_equal.append(False)
                self.anchor.append(square == CENTRE and board.blank)
                continue
            b = tuple(board.symbol(s) for s in before)
            a = tuple(board.symbol(s) for s in after)
            self.allowed.append(cross_allowed(b, a))
            self.cross_score.append(sum(tileset.score_of(board.tile(s)) for s in before + after))
            self.cross_equal.append(EQUAL in b or EQUAL in a)
            self.anchor.append(True)

    def empty(self, j: int) -> bool:
        """Return whether position j (0-based) is empty or off the board."""
        return j < 0 or j >= SIZE or self.fixed[j] is None


@dataclass(frozen=True)
class _Group:
    """The plays of one line whose = stands on one position: left starts and right ends."""

    line: _Line
    equal: int  # 0-based position of the =
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    bound: int  # no play in the group scores more


def _groups(board: Board, hand: PackedHand, tileset: TileSet) -> list[_Group]:
    """Return every (line, = position) that could hold a play, with its starts, ends, bound."""
    groups = []
    limit = hand.size
    for direction in Direction:
        for index in range(1, SIZE + 1):
            line = _Line(board, direction, index, tileset)
            if not any(line.anchor):
                continue
            for e in range(1, SIZE - 1):
                cell = line.allowed[e]
                if cell != EQUAL and not (line.fixed[e] is None and (cell is None or EQUAL in cell)):
                    continue
                if line.fixed[e] is None and not board.blank and not _near_anchor(line, e, limit):
                    continue
                starts = _ends(line, e, -1, limit)
                ends = _ends(line, e, +1, limit)
                if starts and ends:
                    bound = _bound(line, e, starts, ends, hand)
                    groups.append(_Group(line, e, tuple(starts), tuple(ends), bound))
    return groups


def _near_anchor(line: _Line, e: int, limit: int) -> bool:
    return any(line.anchor[j] for j in range(max(0, e - limit - 1), min(SIZE, e + limit + 2)))


def _ends(line: _Line, e: int, step: int, limit: int) -> list[int]:
    """Return the far ends of the sides beside position e (step -1: starts, +1: ends) that leave
    the square beyond them empty and need at most `limit` tiles."""
    found = []
    empties = 0
    j = e + step
    while 0 <= j < SIZE:
        if line.fixed[j] is None:
            empties += 1
            if empties > limit:
                break
        if line.fixed[j] == EQUAL:
            break
        if line.empty(j + step):
            found.append(j)
        j += step
    return found


def _bound(line: _Line, e: int, starts, ends, hand: PackedHand) -> int:
    """Return a score no play of the group can beat: every empty square gets the best factor
    for the hand's best tiles, every E multiplier counts, every cross string scores."""
    a, b = min(starts), max(ends)
    factors = sorted((line.symbol_factor[j] for j in range(a, b + 1)
                      if line.fixed[j] is None and j != e), reverse=True)
    best = hand.best_scores
    top = best[0] if best else 0
    placed = sum(f * s for f, s in zip(factors, best))
    multiplier = 1
    cross = 0
    for j in range(a, b + 1):
        if line.fixed[j] is None:
            multiplier *= line.equation_factor[j]
            if line.allowed[j] is not None:
                cross += (line.cross_score[j] + top * line.symbol_factor[j]) * line.equation_factor[j]
    fixed = sum(line.fixed_score[a:b + 1])
    bonus = ALL_NINE_BONUS if hand.size == MAX_HAND and len(factors) >= MAX_HAND else 0
    return (fixed + placed) * multiplier + cross + bonus


class _Sides:
    """The side tables of one search: value -> {packed tiles used: [tiles]} for the sides that
    fill a stretch of a line, cached by pattern, so equal stretches are searched once. (One
    walk with several stops could serve the sides that share their beginning, but it was
    slower: the cache then rarely finds a stretch again on another line.)"""

    def __init__(self, hand: PackedHand, counting: bool = False):
        self.hand = hand
        self.cache: dict = {}
        self.counting = counting  # tables hold how many tiles lists, not the lists

    def left(self, group: _Group, a: int) -> dict:
        """Return the table of the left sides filling a..= - 1."""
        return self._walk(group.line, a, group.equal - 1)

    def right(self, group: _Group, b: int) -> dict:
        """Return the table of the right sides filling = + 1..b."""
        return self._walk(group.line, group.equal + 1, b)

    def _walk(self, line: _Line, first: int, last: int) -> dict:
        pattern = tuple(line.allowed[first:last + 1])
        found = self.cache.get(pattern)
        if found is None:
            if self.counting:
                found = self.cache[pattern] = count_walk(pattern, self.hand)
            else:
                stops = (False,) * (len(pattern) - 1) + (True,)
                found = walk(pattern, stops, self.hand).get(len(pattern) - 1, {})
                self.cache[pattern] = found
        return found


@dataclass(frozen=True)
class _Window:
    """The plays of one group that start at `start` and end at `end`: every empty square between
    is covered, so the tiles placed, the E multipliers and the cross strings are fixed."""

    group: _Group
    start: int
    end: int
    placed: int  # hand tiles placed (the empty squares but the =)
    bound: int  # no play of the window scores more


def _windows(group: _Group, hand: PackedHand) -> list[_Window]:
    """Return the group's windows that can hold a play, each with its score bound.

    A play's score is linear in its tiles' symbol scores, with a weight per square that the
    window fixes (symbol factor times the E multipliers, plus the cross equation's part), so
    the hand's best tiles on the heaviest squares bound it (rearrangement inequality)."""
    line, e = group.line, group.equal
    fixed, anchor = line.fixed, line.anchor
    sf, ef = line.symbol_factor, line.equation_factor
    equal_placed = fixed[e] is None
    best = hand.best_scores
    found = []
    for a in group.starts:
        left = [j for j in range(a, e) if fixed[j] is None]
        for b in group.ends:
            empties = left + [j for j in range(e + 1, b + 1) if fixed[j] is None]
            placed = len(empties)
            if placed > hand.size or placed + equal_placed == 0:
                continue
            if not any(anchor[a:b + 1]):
                continue
            mult = ef[e] if equal_placed else 1
            for j in empties:
                mult *= ef[j]
            const = sum(line.fixed_score[a:b + 1]) * mult
            if equal_placed and line.allowed[e] is not None:
                const += line.cross_score[e] * ef[e]
            weights = []
            for j in empties:
                if line.cross_equal[j]:
                    const += line.cross_score[j] * ef[j]
                    weights.append(sf[j] * (mult + ef[j]))
                else:
                    weights.append(sf[j] * mult)
            weights.sort(reverse=True)
            bound = const + sum(w * s for w, s in zip(weights, best))
            if placed == MAX_HAND:
                bound += ALL_NINE_BONUS
            found.append(_Window(group, a, b, placed, bound))
    return found


def _duplicate_single(window: _Window) -> bool:
    """Return whether the window's plays are single tiles read down that were found across."""
    group = window.group
    line, e = group.line, group.equal
    if line.direction is not Direction.DOWN:
        return False
    equal_placed = line.fixed[e] is None
    if window.placed + equal_placed != 1:
        return False
    if equal_placed:
        return line.allowed[e] is not None
    j = next(j for j in range(window.start, window.end + 1) if line.fixed[j] is None)
    return line.allowed[j] is not None and line.cross_equal[j]


def _window_plays(window: _Window, hand: PackedHand, tileset: TileSet, sides: _Sides) -> Iterator[Candidate]:
    """Yield every legal play of one window with its score."""
    if _duplicate_single(window):
        return
    group = window.group
    line, e, a, b = group.line, group.equal, window.start, window.end
    lefts = sides.left(group, a)
    if not lefts:
        return
    rights = sides.right(group, b)
    if not rights:
        return
    fixed, allowed = line.fixed, line.allowed
    squares = line.squares
    score_of = tileset.score_of
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
    for left_fills, right_fills in _paired(lefts, rights, hand):
        for fills_left in left_fills:
            points_left, cross_left, placements_left = parts(left_empty, fills_left, left_memo)
            for fills_right in right_fills:
                points_right, cross_right, placements_right = parts(
                    right_empty, fills_right, right_memo)
                score = (base + points_left + points_right) * mult + const + cross_left + cross_right
                yield Candidate(score, Play(placements_left + equal_placement + placements_right,
                                           direction))


def _paired(lefts: dict, rights: dict, hand: PackedHand) -> Iterator[tuple]:
    """Yield (left fills, right fills) for every left and right side of equal value that the
    hand can pay for together (fills: lists of tiles, or counts when counting)."""
    offset, high = hand.offset, hand.high
    for value, right_by_used in rights.items():
        left_by_used = lefts.get(value)
        if left_by_used is None:
            continue
        for used_left, left_fills in left_by_used.items():
            for used_right, right_fills in right_by_used.items():
                if not (used_left + used_right + offset) & high:
                    yield left_fills, right_fills


def _window_count(window: _Window, hand: PackedHand, sides: _Sides) -> int:
    """Return how many legal plays the window holds."""
    if _duplicate_single(window):
        return 0
    group = window.group
    lefts = sides.left(group, window.start)
    if not lefts:
        return 0
    rights = sides.right(group, window.end)
    return sum(left * right for left, right in _paired(lefts, rights, hand))


def generate(board: Board, hand: Hand, tileset: TileSet) -> Iterator[Candidate]:
    """Yield every distinct legal equation play of the hand on the board, with its score."""
    packed = PackedHand(hand, tileset)
    groups = _groups(board, packed, tileset)
    sides = _Sides(packed)
    for group in groups:
        for window in _windows(group, packed):
            yield from _window_plays(window, packed, tileset, sides)


def all_plays(board: Board, hand: Hand, tileset: TileSet) -> list[Candidate]:
    """Return every legal equation play of the hand on the board, best first."""
    return sorted(generate(board, hand, tileset), key=candidate_order)


def top_plays(board: Board, hand: Hand, tileset: TileSet, top: int | None = None) -> list[Candidate]:
    """Return the `top` best plays (ties in candidate_order), best first; with top=None, every
    play tied at the best score.

    Groups, then their windows, are searched best bound first; the search stops at the first
    bound below the N-th best score found so far, so most sides are never enumerated."""
    want = 1 if top is None else top
    packed = PackedHand(hand, tileset)
    sides = _Sides(packed)
    queue: list = [(-g.bound, i, g) for i, g in enumerate(_groups(board, packed, tileset))]
    heapq.heapify(queue)
    tie = len(queue)
    kept: list[Candidate] = []
    scores: list[int] = []  # a min-heap of the `want` best scores so far
    while queue:
        bound, _, item = heapq.heappop(queue)
        if len(scores) == want and -bound < scores[0]:
            break
        if isinstance(item, _Group):
            for window in _windows(item, packed):
                if len(scores) < want or window.bound >= scores[0]:
                    heapq.heappush(queue, (-window.bound, tie, window))
                    tie += 1
            continue
        for candidate in _window_plays(item, packed, tileset, sides):
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


def count_plays(board: Board, hand: Hand, tileset: TileSet) -> int:
    """Return the number of distinct legal equation plays (without building them)."""
    packed = PackedHand(hand, tileset)
    groups = _groups(board, packed, tileset)
    sides = _Sides(packed, counting=True)
    return sum(_window_count(window, packed, sides) for group in groups for window in _windows(group, packed))


def best_plays(board: Board, hand: Hand, tileset: TileSet) -> list[Candidate]:
    """Return every play tied at the best score (none when the hand has no play)."""
    return top_plays(board, hand, tileset, None)
