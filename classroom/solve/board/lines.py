"""Where plays can go: the lines of a board, each with its cross-checks, and the groups and
windows of a line that the search goes through.

- Cross-checks: for every empty square and direction, the set of symbols that keep the
  perpendicular string a number, an expression or a true equation (cached by string, so a
  whole game reuses them). A square with no perpendicular neighbour allows every symbol.
- A main string is `left = right` along one line; the `=` is already on the board or placed on
  an empty square whose cross-check allows it. A group is a line and an `=` square; a window
  is a group with one start and one end: every empty square between is covered, so the tiles
  placed, the E multipliers and the cross strings are fixed and a play's score is linear in
  its tiles' symbol scores. The hand's best tiles on the heaviest squares bound the window.
- A window is kept only if its shape can be filled: each side reads Number (operation
  Number)*, so its empty squares take numbers and operations in few possible mixes, and the
  hand must hold that many of each (a blank being either). Most windows of a hand rich in
  operations, or of a long open stretch, fail this before a side is walked.
"""

from __future__ import annotations

from dataclasses import dataclass

from classroom.game.board import CENTRE, SIZE, Board, Direction, Square, premium
from classroom.game.plays import ALL_NINE_BONUS
from classroom.game.symbols import EQUAL, MAX_HAND, OPERATIONS, is_exponent, is_fraction, is_negative, is_number
from classroom.game.tilesets import TileSet
from classroom.solve.board.sides import PackedHand, cell_choices, cross_allowed


class Line:
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
            self.allowed.append(cross_allowed(b, a, tileset.rules))
            self.cross_score.append(sum(tileset.score_of(board.tile(s)) for s in before + after))
            self.cross_equal.append(EQUAL in b or EQUAL in a)
            self.anchor.append(True)

    def empty(self, j: int) -> bool:
        """Return whether position j (0-based) is empty or off the board."""
        return j < 0 or j >= SIZE or self.fixed[j] is None


@dataclass(frozen=True)
class Group:
    """The plays of one line whose = stands on one position: left starts and right ends."""

    line: Line
    equal: int  # 0-based position of the =
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    bound: int  # no play in the group scores more


def groups(board: Board, hand: PackedHand, tileset: TileSet) -> list[Group]:
    """Return every (line, = position) that could hold a play, with its starts, ends, bound."""
    groups = []
    limit = hand.size
    for direction in Direction:
        for index in range(1, SIZE + 1):
            line = Line(board, direction, index, tileset)
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
                    groups.append(Group(line, e, tuple(starts), tuple(ends), bound))
    return groups


def _near_anchor(line: Line, e: int, limit: int) -> bool:
    return any(line.anchor[j] for j in range(max(0, e - limit - 1), min(SIZE, e + limit + 2)))


def _ends(line: Line, e: int, step: int, limit: int) -> list[int]:
    """Return the far ends of the sides beside position e (step -1: starts, +1: ends) that leave
    the square beyond them empty and need at most `limit` tiles."""
    fixed = line.fixed
    found = []
    empties = 0
    j = e + step
    while 0 <= j < SIZE:
        symbol = fixed[j]
        if symbol is None:
            empties += 1
            if empties > limit:
                break
        elif symbol == EQUAL:
            break
        beyond = j + step  # Line.empty, inlined: asked of every square of every group
        if beyond < 0 or beyond >= SIZE or fixed[beyond] is None:
            found.append(j)
        j = beyond
    return found


def _bound(line: Line, e: int, starts, ends, hand: PackedHand) -> int:
    """Return a score no play of the group can beat: every empty square gets the best factor
    for the hand's best tiles, every E multiplier counts, every cross string scores."""
    a, b = min(starts), max(ends)
    best = hand.best_scores
    top = best[0] if best else 0
    symbol_factor, equation_factor, allowed = line.symbol_factor, line.equation_factor, line.allowed
    factors = []  # of the empty squares but the ='s
    multiplier = 1
    cross = 0
    for j in range(a, b + 1):
        if line.fixed[j] is None:
            multiplier *= equation_factor[j]
            if allowed[j] is not None:
                cross += (line.cross_score[j] + top * symbol_factor[j]) * equation_factor[j]
            if j != e:
                factors.append(symbol_factor[j])
    factors.sort(reverse=True)
    placed = sum(f * s for f, s in zip(factors, best))
    fixed = sum(line.fixed_score[a:b + 1])
    bonus = ALL_NINE_BONUS if hand.size == MAX_HAND and len(factors) >= MAX_HAND else 0
    return (fixed + placed) * multiplier + cross + bonus


@dataclass(frozen=True)
class Window:
    """The plays of one group that start at `start` and end at `end`: every empty square between
    is covered, so the tiles placed, the E multipliers and the cross strings are fixed."""

    group: Group
    start: int
    end: int
    placed: int  # hand tiles placed (the empty squares but the =)
    bound: int  # no play of the window scores more


class Mixes:
    """How many operations the empty squares of a side can hold, given its shape, and whether
    the hand can pay for a window's mix of numbers and operations.

    Every side the search finds (sides.walk) reads Number (operation Number)*: it starts and
    ends with a number symbol and no two operations touch. An empty square can take a number
    or an operation when its cross-check allows one the hand holds (its blank's symbols
    included). So the operations placed on a side are one of a few counts, and a window that
    places k tiles, o of them operations, needs o operations and k − o numbers from the hand,
    blanks making up what is short. A necessary condition only: the window may still have no
    play."""

    def __init__(self, hand: PackedHand):
        self.hand = hand
        self.operations = sum(c for k, c in zip(hand.kinds, hand.counts) if k in OPERATIONS)
        self.numbers = sum(c for k, c in zip(hand.kinds, hand.counts) if k not in OPERATIONS)
        self.blanks = hand.size - self.operations - self.numbers
        # number tiles that only end a Number (fractions, exponents) or only start one (negatives)
        self.enders = sum(c for k, c in zip(hand.kinds, hand.counts) if is_fraction(k) or is_exponent(k))
        self.starters = sum(c for k, c in zip(hand.kinds, hand.counts) if is_negative(k))
        # by kind, an operation (True) or a number (False), for the shapes (see Shaped): the
        # hand's tiles' scores best first, the symbols its tiles and blanks can show, the blanks'
        self.tiles = [(t, t in OPERATIONS, hand.scores[t]) for t in hand.kinds]
        self.scores = {kind: sorted((v for (_, k, v), c in zip(self.tiles, hand.counts) if k == kind
                                     for _ in range(c)), reverse=True) for kind in (True, False)}
        shown = frozenset(hand.kinds) | frozenset(hand.blank_symbols)
        self.shown = {kind: frozenset(t for t in shown if (t in OPERATIONS) == kind) for kind in (True, False)}
        self.blank_shows = {kind: self.shown[kind] & frozenset(hand.blank_symbols) for kind in (True, False)}
        self._can: dict = {}  # an empty square's cell -> whether it can take a number, an operation

    def of_sides(self, line: Line, e: int, step: int, far: int) -> dict[int, frozenset[int]]:
        """Return, for each far end j of a side beside position e (step −1: the left side,
        read from the = outwards, as the shape reads the same both ways; +1: the right side) up
        to `far`, the counts of operations its empty squares can hold."""
        found: dict[int, frozenset[int]] = {}
        number: set[int] = set()  # counts of the fills so far that end with a number
        operation: set[int] = set()  # ... that end with an operation
        start = True
        for j in range(e + step, far + step, step):
            cell = line.allowed[j]
            if type(cell) is str:
                if cell in OPERATIONS:
                    number, operation = set(), number
                elif start:
                    number, operation = {0}, set()
                else:
                    number, operation = number | operation, set()
            else:
                can = self._can.get(cell)
                if can is None:  # asked of the same few cells by every group of the board
                    can = self._can[cell] = (bool(cell_choices(cell, self.hand, self.hand.number_symbols)),
                                             bool(cell_choices(cell, self.hand, OPERATIONS)))
                as_number, as_operation = can
                after_number = ({0} if start else number | operation) if as_number else set()
                number, operation = after_number, {o + 1 for o in number} if as_operation else set()
            start = False
            found[j] = frozenset(number)
        return found

    def paid(self, left: frozenset[int], right: frozenset[int], placed: int) -> bool:
        """Return whether the hand can place `placed` tiles with the operations of one of the
        left side's counts and one of the right side's."""
        for o_left in left:
            for o_right in right:
                operations = o_left + o_right
                short = max(0, operations - self.operations) + max(0, placed - operations - self.numbers)
                if short <= self.blanks:
                    return True
        return False


def windows(group: Group, hand: PackedHand, mixes: Mixes) -> list[Window]:
    """Return the group's windows that can hold a play, each with its score bound.

    A play's score is linear in its tiles' symbol scores, with a weight per square that the
    window fixes (symbol factor times the E multipliers, plus the cross equation's part), so
    the hand's best tiles on the heaviest squares bound it (rearrangement inequality)."""
    line, e = group.line, group.equal
    fixed, anchor = line.fixed, line.anchor
    equal_placed = fixed[e] is None
    best = hand.best_scores
    left_mixes = mixes.of_sides(line, e, -1, min(group.starts))
    right_mixes = mixes.of_sides(line, e, +1, max(group.ends))
    # the empty squares right of the = up to each end, and the first anchor from each square
    # on, made once for the group rather than for each of its windows
    rights = {b: [j for j in range(e + 1, b + 1) if fixed[j] is None] for b in group.ends}
    next_anchor = [SIZE] * (SIZE + 1)
    for j in range(SIZE - 1, -1, -1):
        next_anchor[j] = j if anchor[j] else next_anchor[j + 1]
    found = []
    for a in group.starts:
        left = [j for j in range(a, e) if fixed[j] is None]
        for b in group.ends:
            right = rights[b]
            placed = len(left) + len(right)
            if placed > hand.size or placed + equal_placed == 0:
                continue
            if next_anchor[a] > b:
                continue
            if not mixes.paid(left_mixes[a], right_mixes[b], placed):
                continue
            empties = left + right
            const, weights = _weights(line, e, a, b, empties)
            found.append(Window(group, a, b, placed, const + _heaviest(sorted(weights, reverse=True), best)))
    return found


def _weights(line: Line, e: int, a: int, b: int, empties: list[int]) -> tuple[int, list[int]]:
    """Return (const, weights) of a window from a to b, its = at e, placing tiles on `empties`:
    each of its plays scores const + the sum over those squares of weight × the tile's symbol
    score (the all-nine bonus included in const)."""
    sf, ef = line.symbol_factor, line.equation_factor
    equal_placed = line.fixed[e] is None
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
    if len(empties) == MAX_HAND:
        const += ALL_NINE_BONUS
    return const, weights


def _heaviest(weights: list[int], scores: list[int]) -> int:
    """Return the most the scores can add up to on squares of these weights, both sorted
    heaviest first (the rearrangement inequality; a score left over places nothing)."""
    return sum(w * s for w, s in zip(weights, scores))


def _shapes(line: Line, squares: range, numbers: frozenset, operations: frozenset) -> list[tuple[int, ...]]:
    """Return, for every way the squares of one side (in reading order) can take numbers and
    operations as a side reads, Number (operation Number)*, the empty squares that take
    operations; an empty square takes the `numbers` and `operations` (the symbols the hand can
    show) its cell allows."""
    states = [((), True)]  # (operation squares so far, whether the last square took one)
    first = True
    for j in squares:
        cell = line.allowed[j]
        if type(cell) is str:
            operation = cell in OPERATIONS
            states = [(ops, operation) for ops, last in states if not (operation and (first or last))]
        else:
            grown = []
            if numbers and (cell is None or cell & numbers):
                grown += [(ops, False) for ops, _ in states]
            if not first and operations and (cell is None or cell & operations):
                grown += [(ops + (j,), True) for ops, last in states if not last]
            states = grown
        first = False
    return [ops for ops, last in states if not last]


class Shaped:
    """The most a play of a window can score, its empty squares taking numbers and operations in
    one of the shapes a side allows (which squares hold operations, both sides reading Number
    (operation Number)*) and the hand can pay for: in a shape, the hand's operations' best
    scores on the heaviest operation squares and its numbers' on the heaviest number squares,
    blanks (scoring 0) making up what is short (the rearrangement inequality, per kind of tile).

    `bound` is that most over every shape (None when no shape can be paid): tighter than the
    window's bound, which lets any tile stand anywhere. `most()` gives, for each empty square,
    kind of tile (an operation or not) and tile score (None for a blank), the most a play with
    such a tile there can score. Neither depends on a score wanted, so a window's is made once."""

    def __init__(self, window: Window, mixes: Mixes):
        group = window.group
        line, e, a, b = group.line, group.equal, window.start, window.end
        self.mixes = mixes
        self.line, self.equal, self.start, self.end = line, e, a, b
        self.empties = [j for j in range(a, b + 1) if line.fixed[j] is None and j != e]
        self.const, weights = _weights(line, e, a, b, self.empties)
        self.weight = dict(zip(self.empties, weights))
        scores, shown = mixes.scores, mixes.shown
        self.bound: int | None = None
        self.shapes: list = []  # (squares of each kind, their weights heaviest first) of every shape paid
        rights = _shapes(line, range(e + 1, b + 1), shown[False], shown[True])
        empty = len(self.empties)
        for left in _shapes(line, range(a, e), shown[False], shown[True]):
            for right in rights:
                on = left + right  # in reading order, as the empties
                # the blanks a shape needs go by how many squares of each kind it has: counted
                # before its lists are built
                if self._short_of(len(on), empty - len(on)) > mixes.blanks:
                    continue
                placed = set(on)
                squares = {True: list(on), False: [j for j in self.empties if j not in placed]}
                if self._unended(line, e, a, b, squares):
                    continue
                heavy = {kind: tuple(sorted((self.weight[j] for j in squares[kind]), reverse=True)) for kind in squares}
                total = self.const + _heaviest(heavy[True], scores[True]) + _heaviest(heavy[False], scores[False])
                if self.bound is None or total > self.bound:
                    self.bound = total
                self.shapes.append((squares, heavy))
        self._most: dict | None = None

    def _unended(self, line: Line, e: int, a: int, b: int, squares: dict) -> bool:
        """Return whether the shape's number squares cannot take the hand's tiles that only end
        a Number (a fraction, an exponent) or only start one (a negative): the tiles placed must
        hold at least so many of them (the hand's other number tiles and its blanks left after
        the operations being fewer than the number squares), and each needs a square of its
        own that ends a Number (before an operation, the = or the window's end) or starts one."""
        mixes = self.mixes
        if not (mixes.enders or mixes.starters):
            return False
        numbers, operations = squares[False], set(squares[True])
        spare = mixes.numbers + mixes.blanks - max(0, len(operations) - mixes.operations)

        def apart(j: int) -> bool:  # a Number cannot go on from square j to j (the other side)
            return j < a or j > b or j == e or j in operations or (
                line.fixed[j] is not None and not is_number(line.fixed[j]))
        forced_ends = len(numbers) - (spare - mixes.enders)
        if forced_ends > 0 and forced_ends > sum(1 for j in numbers if apart(j + 1)):
            return True
        forced_starts = len(numbers) - (spare - mixes.starters)
        return forced_starts > 0 and forced_starts > sum(1 for j in numbers if apart(j - 1))

    def too_long(self, digits: int) -> bool:
        """Return whether every shape of the window writes a Number of more than `digits`
        digits in its main string: a run of L number squares (the window's own tiles included)
        between operations, the = and the window's ends is one Number, of L − 1 digits at
        least (only its last tile may be a fraction or an exponent). A window with no shape
        is too long too: it has no play at all."""
        line, e = self.line, self.equal
        return all(self._longest(line, e, set(squares[True])) - 1 > digits for squares, _ in self.shapes)

    def _longest(self, line: Line, e: int, operations: set) -> int:
        longest = run = 0
        for j in range(self.start, self.end + 1):
            fixed = line.fixed[j]
            if j == e or j in operations or fixed is not None and not is_number(fixed):
                run = 0
            else:
                run += 1
                longest = max(longest, run)
        return longest

    def _short(self, squares: dict, kind: bool | None = None) -> int:
        """Return how many blanks the shape needs, one more on a square of the kind (if given)."""
        return self._short_of(len(squares[True]), len(squares[False]), kind)

    def _short_of(self, operations: int, numbers: int, kind: bool | None = None) -> int:
        """Return how many blanks a shape of that many operation and number squares needs, one
        more on a square of the kind (if given)."""
        scores = self.mixes.scores
        return (max(0, operations - (kind is True) - len(scores[True]))
                + max(0, numbers - (kind is False) - len(scores[False])) + (kind is not None))

    def most(self) -> dict:
        """Return (square, kind, tile score or None for a blank) -> the most a play with such a
        tile on that square can score."""
        if self._most is not None:
            return self._most
        scores, blanks = self.mixes.scores, self.mixes.blanks
        # shapes that give a square the same kind and weights for that kind differ only in what
        # the other kind adds: the most of it is kept
        rests: dict = {}  # (square, kind, the kind's weights, whether a blank may stand there) -> that most
        for squares, heavy in self.shapes:
            for kind in (True, False):
                rest = self.const + _heaviest(heavy[not kind], scores[not kind])
                blank = self._short(squares, kind) <= blanks
                for j in squares[kind]:
                    key = (j, kind, heavy[kind], blank)
                    if rests.get(key, -1) < rest:
                        rests[key] = rest
        most: dict = {}
        memo: dict = {}  # (kind, squares' weights, a square's weight, its score) -> their most
        distinct = {kind: sorted(set(scores[kind])) for kind in scores}
        for (j, kind, heavy, blank), rest in rests.items():
            w = self.weight[j]
            for v in distinct[kind] + [None] if blank else distinct[kind]:
                key = (kind, heavy, w, v)
                got = memo.get(key)
                if got is None:
                    others = list(heavy)
                    others.remove(w)
                    left = list(scores[kind])
                    if v is not None:
                        left.remove(v)
                    got = memo[key] = (0 if v is None else w * v) + _heaviest(others, left)
                if most.get((j, kind, v), -1) < rest + got:
                    most[(j, kind, v)] = rest + got
        self._most = most
        return most


def narrowed(window: Window, hand: PackedHand, floor: int, shaped: Shaped | None = None) -> tuple[list, int | None] | None:
    """Return (cells, reach): the line's cells with each empty square of the window narrowed to
    the symbols the hand's tiles can show there in a play of the window scoring at least `floor`,
    and the least score from which the cells let every play of the window through (at most the
    floor; None: every play); None when no play of the window can score the floor. `shaped` is
    the window's Shaped, when made already.

    A tile of a kind (an operation or not) and a score stands on a square in some shapes of the
    window (Shaped): with it there, the other squares of its kind take the rest of the hand's
    tiles of that kind heaviest first, those of the other kind theirs. A symbol that no tile of
    the hand showing it there can reach the floor with is left out of the square (a blank scores
    0 and shows any symbol of its square's kind), so the cells let through every play reaching
    the floor, and fewer others; the reach is one more than the most a play showing a symbol
    left out can score."""
    shaped = Shaped(window, Mixes(hand)) if shaped is None else shaped
    if shaped.bound is None or shaped.bound < floor:
        return None
    line = window.group.line
    most = shaped.most()
    mixes = shaped.mixes
    shown = mixes.shown[True] | mixes.shown[False]
    cells, reach = line.allowed, None
    for j in shaped.empties:
        cell = line.allowed[j]
        here = shown if cell is None else shown & cell
        blank = {kind: most.get((j, kind, None), -1) for kind in (True, False)}
        kept = set()
        for kind in (True, False):
            if blank[kind] >= floor:
                kept |= mixes.blank_shows[kind]
        kept.update(t for t, kind, v in mixes.tiles if most.get((j, kind, v), -1) >= floor)
        kept &= here
        if not kept:
            return None
        if len(kept) == len(here):
            continue
        if cells is line.allowed:
            cells = list(cells)
        cells[j] = frozenset(kept)
        # the most a play showing a symbol left out can score: a blank showing it, or its tile
        left_out = here - kept
        lost = max([blank[kind] for kind in (True, False) if left_out & mixes.blank_shows[kind]]
                   + [most.get((j, kind, v), -1) for t, kind, v in mixes.tiles if t in left_out])
        if lost >= 0 and (reach is None or lost + 1 > reach):
            reach = lost + 1
    return cells, reach


class GroupWindows:
    """The windows of each group for one hand, built on first need and kept (called with a group)."""

    def __init__(self, hand: PackedHand):
        self.hand = hand
        self.mixes = Mixes(hand)
        self._found: dict = {}

    def __call__(self, group: Group) -> list[Window]:
        found = self._found.get(id(group))
        if found is None:
            found = self._found[id(group)] = windows(group, self.hand, self.mixes)
        return found


def duplicate_single(window: Window) -> bool:
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
