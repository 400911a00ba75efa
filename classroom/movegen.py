"""The move generator: every legal equation Play a Hand allows on a Board, with its score.

How it is fast (think Scrabble move generation, joined by value like the boardless solver):

- Cross-checks: for every empty square and direction, the set of symbols that keep the
  perpendicular string a number, an expression or a true equation (cached by string, so a
  whole game reuses them). A square with no perpendicular neighbour allows every symbol.
- A main string is `left = right` along one line; the `=` is already on the board or placed on
  an empty square whose cross-check allows it. For each line and each such `=` square, the left
  sides (every start that leaves the square before it empty) and the right sides (every end)
  are enumerated separately by a depth-first search that checks the syntax tile by tile (no
  two operations side by side, no leading zero, a fraction only last in a number) and
  evaluates exactly as it goes (× ÷ first, never below zero, no division by zero). Sides are
  cached by their pattern of fixed symbols and cross-check sets, so equal stretches of open
  board are searched once.
- Left and right sides are joined by value; a pair is a play when the hand can pay for both
  (tile counts packed in one integer, so the test is one addition and one mask) and the string
  touches the tiles already on the board (or covers J10 on the first play).
- Best-only / top-N: every (line, =) group gets an upper bound on any score it can reach,
  groups are searched best bound first, and a group whose bound cannot beat the N-th score
  found so far is skipped without enumerating its sides.

Scores are computed here from per-square tables (an optimisation of plays.score, which the
tests check it against); choosing is `choose` over the generated candidates.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Iterator

from classroom.arithmetic import Illegal, read
from classroom.board import CENTRE, SIZE, Board, Direction, Placement, premium
from classroom.plays import ALL_NINE_BONUS, Play
from classroom.symbols import (
    ALL_SYMBOLS, BLANK, EQUAL, FRACTION_VALUES, MAX_HAND, OPERATIONS, Hand, Symbol, Tile,
    is_digit, is_fraction,
)
from classroom.tilesets import TileSet

Value = int | Fraction
FIELD = 5  # bits per tile kind in a packed count of used tiles (counts stay below 32)


@dataclass(frozen=True)
class Candidate:
    """A generated legal play and its score."""

    score: int
    play: Play


def candidate_order(candidate: Candidate) -> tuple:
    """Return the sort key listing candidates best first, then in a fixed reading order."""
    play = candidate.play
    return (-candidate.score, play.direction.value, play.squares, tuple(p.tile for p in play.placements))


# --- cross-checks --------------------------------------------------------------------------

@lru_cache(maxsize=65536)
def cross_allowed(before: tuple[Symbol, ...], after: tuple[Symbol, ...]) -> frozenset[Symbol]:
    """Return the symbols that make before + symbol + after a number, expression or true equation."""
    allowed = []
    for symbol in ALL_SYMBOLS:
        try:
            read(before + (symbol,) + after)
        except Illegal:
            continue
        allowed.append(symbol)
    return frozenset(allowed)


def _whole(value: Value) -> Value:
    if type(value) is Fraction and value.denominator == 1:
        return value.numerator
    return value


# --- the hand --------------------------------------------------------------------------------

class _Hand:
    """A hand as tile kinds with counts, packed so that a pair of sides is checked at once."""

    def __init__(self, hand: Hand, tileset: TileSet):
        self.size = len(hand)
        self.kinds = sorted({t for t in hand if t != BLANK}, key=ALL_SYMBOLS.index)
        self.counts = [sum(1 for t in hand if t == k) for k in self.kinds]
        self.blanks = sum(1 for t in hand if t == BLANK)
        self.blank_symbols = tuple(s for s in tileset.blank_symbols if s != EQUAL)
        self.unit = [1 << (FIELD * i) for i in range(len(self.kinds) + 1)]
        full = self.counts + [self.blanks]
        # used + offset sets a field's top bit exactly when that kind is used more than held.
        self.offset = sum(((1 << (FIELD - 1)) - 1 - c) << (FIELD * i) for i, c in enumerate(full))
        self.high = sum(1 << (FIELD * i + FIELD - 1) for i in range(len(full)))
        self.scores = {t: tileset.score_of(t) for t in self.kinds}
        self.best_scores = sorted((tileset.score_of(t) for t in hand), reverse=True)

    def fits(self, used: int) -> bool:
        """Return whether the hand holds the packed tiles."""
        return not (used + self.offset) & self.high


def walk(pattern: tuple, stops: tuple[bool, ...], hand: _Hand) -> dict[int, dict]:
    """Return, for every position j where stops[j] allows the side to end, value ->
    [(packed tiles used, tiles for the empty squares)] for every legal expression that fills
    pattern[:j + 1] from the hand (pattern: a symbol for a fixed square, a cross-check set or
    None for an empty one). One search serves every end, as the sides share their beginning."""
    out: dict[int, dict] = {}
    n = len(pattern)
    counts = list(hand.counts)
    kinds = hand.kinds
    unit = hand.unit
    blank_unit = unit[-1]
    blank_symbols = hand.blank_symbols
    blanks = [hand.blanks]
    fills: list[Tile] = []
    kind_of = _KIND

    def search(i, need, whole, digits, number, total, plus, term, times, used):
        # need: 0 a number must come next, 1 inside digits, 2 a number ended with a fraction;
        # number: the current number's value; term: the product of the term so far (times
        # says how the current number joins it: None at the term's start, '×' or '÷').
        if need and stops[i - 1]:
            value = _finish(number, total, plus, term, times)
            if value is not None:
                out.setdefault(i - 1, {}).setdefault(value, []).append((used, tuple(fills)))
        if i == n:
            return
        cell = pattern[i]
        if type(cell) is str:
            choices = ((cell, -1),)
        else:
            choices = [(symbol, k) for k, symbol in enumerate(kinds)
                       if counts[k] and (cell is None or symbol in cell)]
            if blanks[0]:
                choices += [(symbol, -2) for symbol in blank_symbols if cell is None or symbol in cell]
        for symbol, k in choices:
            kind, amount = kind_of[symbol]
            if kind == 0:  # a digit
                if need == 2 or (need == 1 and digits == 1 and whole == 0):
                    continue
                w = whole * 10 + amount if need == 1 else amount
                state = (1, w, digits + 1 if need == 1 else 1, w, total, plus, term, times)
            elif kind == 1:  # a fraction tile
                if need == 2 or (need == 1 and whole == 0):
                    continue
                state = (2, 0, 0, _whole(amount + whole) if need == 1 else amount, total, plus,
                         term, times)
            elif kind == 2 or kind == 3:  # an operation
                if need == 0:
                    continue
                t = _join(term, times, number)
                if t is None:
                    continue
                if kind == 2:
                    state = (0, 0, 0, 0, total, plus, t, symbol)
                else:
                    s = total + t if plus else total - t
                    if s < 0:
                        continue
                    state = (0, 0, 0, 0, s, symbol == "+", None, None)
            else:
                continue
            if k == -1:
                search(i + 1, *state, used)
            elif k == -2:
                blanks[0] -= 1
                fills.append(BLANK + symbol)
                search(i + 1, *state, used + blank_unit)
                fills.pop()
                blanks[0] += 1
            else:
                counts[k] -= 1
                fills.append(symbol)
                search(i + 1, *state, used + unit[k])
                fills.pop()
                counts[k] += 1

    search(0, 0, 0, 0, 0, 0, True, None, None, 0)
    return out


def _kind(symbol: Symbol) -> tuple[int, Value]:
    if is_digit(symbol):
        return 0, int(symbol)
    if is_fraction(symbol):
        return 1, _whole(FRACTION_VALUES[symbol])
    if symbol in ("×", "÷"):
        return 2, 0
    if symbol in ("+", "-"):
        return 3, 0
    return 4, 0


_KIND = {symbol: _kind(symbol) for symbol in ALL_SYMBOLS}


def _join(term, times, number):
    """Return the term with the number multiplied or divided in, or None on division by zero."""
    if times is None:
        return number
    if times == "×":
        return _whole(term * number)
    if number == 0:
        return None
    if type(term) is int and type(number) is int and term % number == 0:
        return term // number
    return _whole(Fraction(term) / number)


def _finish(number, total, plus, term, times):
    t = _join(term, times, number)
    if t is None:
        return None
    value = total + t if plus else total - t
    return None if value < 0 else value


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


def _groups(board: Board, hand: _Hand, tileset: TileSet) -> list[_Group]:
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


def _bound(line: _Line, e: int, starts, ends, hand: _Hand) -> int:
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


def _reach(line: _Line, start: int, limit: int) -> int:
    """Return where a side starting at `start` must stop: before an = or the square that would
    need more tiles than the hand holds."""
    empties = 0
    j = start
    while j < SIZE and line.fixed[j] != EQUAL:
        if line.fixed[j] is None:
            empties += 1
            if empties > limit:
                break
        j += 1
    return j


def _can_hold_equal(line: _Line, j: int) -> bool:
    cell = line.allowed[j]
    return cell == EQUAL or (line.fixed[j] is None and (cell is None or EQUAL in cell))


def _side(line: _Line, first: int, last: int, hand: _Hand, cache: dict) -> dict:
    """Return value -> [(packed tiles used, tiles)] for the sides filling first..last."""
    pattern = tuple(line.allowed[first:last + 1])
    found = cache.get(pattern)
    if found is None:
        stops = (False,) * (len(pattern) - 1) + (True,)
        found = cache[pattern] = walk(pattern, stops, hand).get(len(pattern) - 1, {})
    return found


def _group_plays(group: _Group, hand: _Hand, tileset: TileSet, cache: dict,
                 floor=lambda: 0) -> Iterator[Candidate]:
    """Yield every legal play of one group with its score (sides whose bound is below floor()
    are skipped: they cannot reach a score the caller still wants)."""
    line, e = group.line, group.equal
    fixed, allowed, anchor = line.fixed, line.allowed, line.anchor
    lefts: dict[Value, list] = {}
    for a in group.starts:
        if _bound(line, e, (a,), group.ends, hand) < floor():
            continue
        found = _side(line, a, e - 1, hand, cache)
        if not found:
            continue
        connected = any(anchor[a:e])
        for value, entries in found.items():
            lefts.setdefault(value, []).append((a, connected, entries))
    if not lefts:
        return
    rights: dict[Value, list] = {}
    for b in group.ends:
        if _bound(line, e, group.starts, (b,), hand) < floor():
            continue
        found = _side(line, e + 1, b, hand, cache)
        if not found:
            continue
        connected = any(anchor[e + 1:b + 1])
        for value, entries in found.items():
            if value in lefts:
                rights.setdefault(value, []).append((b, connected, entries))
    equal_placed = fixed[e] is None
    equal_connected = anchor[e]
    squares = line.squares
    score_of = tileset.score_of
    sf, ef = line.symbol_factor, line.equation_factor
    cross_score, cross_equal = line.cross_score, line.cross_equal
    fixed_score = line.fixed_score
    down = line.direction is Direction.DOWN
    # The = square's part in the score, when it is placed now.
    if equal_placed:
        e_mult = ef[e]
        e_cross = cross_score[e] * ef[e] if allowed[e] is not None else 0
    else:
        e_mult, e_cross = 1, 0
    for value, right_groups in rights.items():
        for a, left_connected, left_entries in lefts[value]:
            left_empty = [j for j in range(a, e) if fixed[j] is None]
            for b, right_connected, right_entries in right_groups:
                if not (left_connected or right_connected or equal_connected):
                    continue
                right_empty = [j for j in range(e + 1, b + 1) if fixed[j] is None]
                base = sum(fixed_score[a:b + 1])
                for used_left, fills_left in left_entries:
                    for used_right, fills_right in right_entries:
                        if (used_left + used_right + hand.offset) & hand.high:
                            continue
                        placed = len(fills_left) + len(fills_right)
                        if placed + equal_placed == 0:
                            continue
                        total = base
                        mult = e_mult
                        cross = e_cross
                        placements = []
                        for j, tile in zip(left_empty, fills_left):
                            points = score_of(tile) * sf[j]
                            total += points
                            mult *= ef[j]
                            if allowed[j] is not None and cross_equal[j]:
                                cross += (cross_score[j] + points) * ef[j]
                            placements.append(Placement(squares[j], tile))
                        if equal_placed:
                            placements.append(Placement(squares[e], EQUAL))
                        for j, tile in zip(right_empty, fills_right):
                            points = score_of(tile) * sf[j]
                            total += points
                            mult *= ef[j]
                            if allowed[j] is not None and cross_equal[j]:
                                cross += (cross_score[j] + points) * ef[j]
                            placements.append(Placement(squares[j], tile))
                        if down and len(placements) == 1:
                            j = e if equal_placed else (left_empty or right_empty)[0]
                            if allowed[j] is not None and (equal_placed or cross_equal[j]):
                                continue  # the same single tile, read across, was found already
                        score = total * mult + cross
                        if placed == MAX_HAND:
                            score += ALL_NINE_BONUS
                        yield Candidate(score, Play(tuple(placements), line.direction))


def generate(board: Board, hand: Hand, tileset: TileSet) -> Iterator[Candidate]:
    """Yield every distinct legal equation play of the hand on the board, with its score."""
    packed = _Hand(hand, tileset)
    cache: dict = {}
    for group in _groups(board, packed, tileset):
        yield from _group_plays(group, packed, tileset, cache)


def all_plays(board: Board, hand: Hand, tileset: TileSet) -> list[Candidate]:
    """Return every legal equation play of the hand on the board, best first."""
    return sorted(generate(board, hand, tileset), key=candidate_order)


def top_plays(board: Board, hand: Hand, tileset: TileSet, top: int | None = None) -> list[Candidate]:
    """Return the `top` best plays (ties in candidate_order), best first; with top=None, every
    play tied at the best score. Groups whose score bound cannot reach the
    N-th best score found so far are never searched.
    """
    want = 1 if top is None else top
    packed = _Hand(hand, tileset)
    cache: dict = {}
    groups = sorted(_groups(board, packed, tileset), key=lambda g: -g.bound)
    kept: list[Candidate] = []
    scores: list[int] = []  # a min-heap of the `want` best scores so far
    for group in groups:
        if len(scores) == want and group.bound < scores[0]:
            break
        for candidate in _group_plays(group, packed, tileset, cache,
                                      lambda: scores[0] if len(scores) == want else 0):
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
    """Return the number of distinct legal equation plays."""
    return sum(1 for _ in generate(board, hand, tileset))


def best_plays(board: Board, hand: Hand, tileset: TileSet) -> list[Candidate]:
    """Return every play tied at the best score (none when the hand has no play)."""
    return top_plays(board, hand, tileset, None)
