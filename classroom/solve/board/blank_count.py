"""Counting the sides that hold a blank by a dynamic programme, as `sides.count_walk` counts the
sides without one: how many sides `blank_sides.blank_walk` would list, of each value and tiles used,
without going through them one by one.

A count needs only how many sides share a value and the tiles they use, so the walk's phases
become states, merged whenever they agree (fractions reduced, so equal values meet):

- before the first blank: (sum, whether the term is added, term, how the next Number joins it,
  tiles used), a Number next;
- inside the wildcard's term, up to a position: (σ, whether the term is added, κ, whether X
  divides, X's choices, tiles used), as in blank_sides.Skeleton;
- after the wildcard's term, the wildcard still unknown: the concrete sum of the other terms so
  far, the term being built, how the next Number joins it, and the skeleton's s, κ, X's choices
  and floor (the lowest running concrete sum since the wildcard's term: never below zero is
  floor + s·T(X) >= 0, see blank_sides.Skeleton), tiles used. X is fixed only when a side ends:
  its few choices are tried once per state that ends there, not carried through the rest of
  the side as concrete sums, one each (what makes a concrete blank's states some fifty times
  a plain hand's on a long stretch, where these are a few times);
- where the first blank is an operation the sum is concrete from the start: `count_walk`
  continues those states with the hand less that blank.

Every state is continued once, whatever the number of sides it stands for: the work follows the
states, and a `budget` bounds it (the Numbers tried from each state continued).
"""

from __future__ import annotations

from math import gcd

from classroom.game.symbols import OPERATIONS
from classroom.solve.board.blank_sides import OverBudget, blank_numbers, blank_operations_of
from classroom.solve.board.meet import add, open_board
from classroom.solve.board.sides import (
    PackedHand,
    cell_numbers,
    cell_operations,
    count_walk,
    reduced_pair,
    sum_numerator,
)

_UNBOUND = (0, 1)  # the floor of an added wildcard term whose running sums never went below zero


def blank_count_walk(pattern: tuple, hand: PackedHand, plain: PackedHand, rest: PackedHand,
                    stops: tuple[bool, ...] | None = None, budget: int | None = None,
                    operations: tuple = OPERATIONS, targets: set | None = None, work: list | None = None):
    """Return ([], value -> packed tiles used -> how many) for the sides filling the whole
    pattern that hold at least one blank (the arguments as for `blank_sides.blank_walk`, whose
    sides these are, counted); with `stops`, end j -> that pair for every j where stops[j]
    allows a side to end. With `targets`, only those values are kept. The walk's work is the
    Numbers tried from the states it continues: added to `work` (a one-item list) as it goes,
    and past a `budget`, OverBudget is raised."""
    n = len(pattern)
    whole = stops is None
    if whole:
        stops = (False,) * (n - 1) + (True,) if n else ()
    if not n:
        return ([], {}) if whole else {}
    found = {j: ([], table) for j, table in
             ((j, counted_table(wild, targets)) for j, wild in
              blank_counts(pattern, hand, plain, rest, stops, budget, operations, work).items()) if table}
    if whole:
        return found.get(n - 1, ([], {}))
    return found


def counted_table(wild: tuple, targets: set | None = None) -> dict:
    """Return value -> packed tiles used -> how many for a pair (skeleton -> packed tiles used ->
    how many, concrete table) of `blank_counts`: every value the skeletons take, with `targets`
    those values only (blank_sides.Skeleton.keys's arithmetic written out in the loop: a count reads
    millions of skeletons)."""
    skeletons, concrete = wild
    table: dict = {}
    get = table.get
    for (sigma, sign, kappa, divides, values, floor), by_used in skeletons.items():
        k_n, k_d = kappa
        f_n, f_d = floor
        s_n, s_d = sigma
        if sign < 0:
            k_n = -k_n
        checked = sign < 0 or f_n < 0  # else no running sum can go below zero
        whole = s_d == 1 and k_d == 1 and not divides
        if whole and not checked and targets is None and len(by_used) == 1:
            # the most skeletons (a whole s and κ, one tiles used, none below zero): s + κ·X
            # with the one entry's dict written as a literal and added to without a loop
            (used, many), = by_used.items()
            for x_n, x_d, _ in values:
                if x_d == 1:
                    key = s_n + k_n * x_n
                else:
                    v_n = s_n * x_d + k_n * x_n
                    g = gcd(v_n, x_d)
                    key = v_n // g if g == x_d else (v_n // g, x_d // g)
                into = get(key)
                if into is None:
                    table[key] = {used: many}
                else:
                    into[used] = into.get(used, 0) + many
            continue
        for x_n, x_d, _ in values:
            if whole and x_d == 1:
                t_n = k_n * x_n
                if checked and f_n + t_n * f_d < 0:
                    continue
                key = s_n + t_n
            else:
                if divides:
                    if x_n == 0:
                        continue
                    t_n, t_d = k_n * x_d, k_d * x_n
                else:
                    t_n, t_d = k_n * x_n, k_d * x_d
                if checked and f_n * t_d + t_n * f_d < 0:
                    continue
                v_n, v_d = s_n * t_d + t_n * s_d, s_d * t_d
                g = gcd(v_n, v_d)
                key = v_n // g if g == v_d else (v_n // g, v_d // g)
            if targets is not None and key not in targets:
                continue
            into = get(key)
            if into is None:
                table[key] = dict(by_used)
            else:
                for used, many in by_used.items():
                    into[used] = into.get(used, 0) + many
    if targets is None or len(targets) > len(concrete):
        keys = concrete if targets is None else (key for key in concrete if key in targets)
    else:
        keys = (key for key in targets if key in concrete)
    for key in keys:
        for used, many in concrete[key].items():
            add(table, key, used, many, True)
    return table


def counted_uses(wild: tuple) -> dict:
    """Return packed tiles used -> how many sides a pair (skeleton -> packed tiles used -> how
    many, concrete table) of `blank_counts` stands for, whatever their values: counted_table's
    sides, added up by tiles used without writing a value."""
    skeletons, concrete = wild
    found: dict = {}
    zeros: dict = {}  # id of X's choices -> how many of them are 0 (kept alive by the skeletons)
    for (_, sign, kappa, divides, values, floor), by_used in skeletons.items():
        f_n, f_d = floor
        if sign > 0 and f_n >= 0:
            # as counted_table: no running sum can go below zero, every choice counts (but a ÷ 0)
            ways = len(values)
            if divides:
                at_zero = zeros.get(id(values))
                if at_zero is None:
                    at_zero = zeros[id(values)] = sum(1 for x_n, _, _ in values if x_n == 0)
                ways -= at_zero
        else:
            k_n, k_d = kappa
            if sign < 0:
                k_n = -k_n
            ways = 0
            for x_n, x_d, _ in values:
                if divides:
                    if x_n == 0:
                        continue
                    t_n, t_d = k_n * x_d, k_d * x_n
                else:
                    t_n, t_d = k_n * x_n, k_d * x_d
                if f_n * t_d + t_n * f_d < 0:
                    continue
                ways += 1
        if ways:
            for used, many in by_used.items():
                found[used] = found.get(used, 0) + ways * many
    for by_used in concrete.values():
        for used, many in by_used.items():
            found[used] = found.get(used, 0) + many
    return found


class SharedWalks:
    """Counting walks of the sides holding a blank, shared by the stretches that begin alike.
    A stretch is walked once with a stop at every end, and every stretch it begins with is read
    from that walk: the sides ending at j fill the cells up to j only, whatever follows. An
    end's table of values is written out (counted_table) when first asked for. `walk(pattern)`,
    given with each question (kept, it would make a reference cycle with its owner), makes the
    walk: blank_counts with a stop at every end, within the owner's limit."""

    def __init__(self):
        self._walks: dict = {}  # pattern walked -> end -> (skeletons, concrete)
        self._covering: dict = {}  # every beginning of a walked pattern -> that pattern
        self._tables: dict = {}  # (pattern walked, end) -> value -> packed tiles used -> how many
        self.held = 0  # skeletons and values kept

    def table(self, pattern: tuple, end: int, walk) -> dict:
        """Return value -> packed tiles used -> how many for the sides holding a blank that
        fill pattern[:end + 1]."""
        wild = self.walked(pattern, end, walk)
        key = (self._covering[pattern], end)
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = counted_table(wild) if wild else {}
            self.held += len(found)
        return found

    def covers(self, pattern: tuple) -> bool:
        """Return whether a walk kept covers the pattern (it begins a pattern walked)."""
        return pattern in self._covering

    def walked(self, pattern: tuple, end: int, walk):
        """Return (skeleton -> packed tiles used -> how many, concrete table) for the sides
        holding a blank that fill pattern[:end + 1], or None when there are none."""
        walked = self._covering.get(pattern)
        if walked is None:
            walked = pattern
            walks = self._walks[walked] = walk(pattern)
            self.held += sum(len(skeletons) + len(concrete) for skeletons, concrete in walks.values())
            for k in range(1, len(pattern) + 1):
                self._covering.setdefault(pattern[:k], walked)
        return self._walks[walked].get(end)

    def clear(self) -> None:
        """Forget every walk and table (what a line's long stretches hold can pass hundreds of MB)."""
        self._walks, self._covering, self._tables = {}, {}, {}
        self.held = 0

    def forget_closed(self) -> None:
        """Forget the walks of every stretch but open board (all None)."""
        self._walks = {p: w for p, w in self._walks.items() if open_board(p)}
        self._tables = {k: t for k, t in self._tables.items() if k[0] in self._walks}
        self._covering = {}
        self.held = sum(len(skeletons) + len(concrete) for walks in self._walks.values()
                        for skeletons, concrete in walks.values()) + sum(len(t) for t in self._tables.values())
        for walked in self._walks:
            for k in range(1, len(walked) + 1):
                self._covering.setdefault(walked[:k], walked)


def blank_counts(pattern: tuple, hand: PackedHand, plain: PackedHand, rest: PackedHand,
                stops: tuple[bool, ...], budget: int | None = None, operations: tuple = OPERATIONS,
                work: list | None = None) -> dict:
    """Return end j -> (skeleton -> packed tiles used -> how many, concrete table: value ->
    packed tiles used -> how many) for the sides filling pattern[:j + 1] that hold a blank, at
    every j where stops[j] allows a side to end: the skeletons (σ, s, κ, whether X divides, X's
    choices, floor) of those whose first blank stands in a Number, still unknown, and the values
    of those whose first blank is an operation (see `blank_count_walk`)."""
    n = len(pattern)
    offset, high = hand.offset, hand.high
    blank = hand.unit[-1]  # the packed tile of a blank
    plain_operations = [cell_operations(cell, plain, operations) for cell in pattern]
    blank_operations = [blank_operations_of(cell, hand, operations) for cell in pattern]
    rest_operations = [cell_operations(cell, rest, operations) for cell in pattern]
    ending: dict = {}  # end -> skeleton (σ, sign, κ, divides, choice, floor) -> tiles used -> how many
    choices: list = []  # X's choices (values tuples of blank_numbers), numbered in the states
    numbered: dict = {}  # id of X's choices -> their number (the hand's cache keeps them alive)

    def end_at(j, skeleton, used, count):
        at = ending.get(j)
        if at is None:
            at = ending[j] = {}
        by_used = at.get(skeleton)
        if by_used is None:
            at[skeleton] = {used: count}
        else:
            by_used[used] = by_used.get(used, 0) + count

    # before[i]: (total, plus, term, times, used) -> how many, no blank yet, a Number at i
    # inside[j]: (sigma, plus, kappa, divides, values, used) -> how many, the wildcard's term to j
    # later[i]: (total, plus, term, times, sign, kappa, divides, values, floor, used) -> how many,
    #   the wildcard's term closed with X unknown, a Number at i
    # after[i]: the states of count_walk (flat, every value concrete), a Number at i
    before: list = [{} for _ in range(n)]
    inside: list = [{} for _ in range(n)]
    later: list = [{} for _ in range(n)]
    after: list = [{} for _ in range(n)]
    before[0][(0, 1), True, (0, 1), None, 0] = 1
    left = budget

    def spend(states, numbers):
        # the work of continuing the states: each of them tries every Number here
        nonlocal left
        cost = len(states) * (1 + sum(len(items) for _, by_used in numbers for _, items in by_used))
        if work is not None:
            work[0] += cost
        if left is not None:
            left -= cost
            if left < 0:
                raise OverBudget

    for p in range(n):
        states = before[p]
        before[p] = None
        if states:
            numbers = cell_numbers(pattern[p:], plain)
            spend(states, numbers)
            holes = blank_numbers(pattern[p:], hand, plain, rest)
            for (total, plus, term, times, used), count in states.items():
                for length, by_used in numbers:
                    j = p + length
                    if j + 2 >= n:
                        continue  # a side without a blank is not wanted here
                    for number_used, items in by_used:
                        now = used + number_used
                        if (now + offset) & high:
                            continue
                        for value_n, value_d, _ in items:
                            t = _joined(times, term, value_n, value_d)
                            if t is None:
                                continue
                            s = None
                            for table, ops in ((before, plain_operations), (after, blank_operations)):
                                following = table[j + 2]
                                for symbol, unit, _ in ops[j + 1]:
                                    then = now + unit
                                    if (then + offset) & high:
                                        continue
                                    if symbol == "×" or symbol == "÷":
                                        state = (total, plus, t, symbol, then)
                                    else:
                                        if s is None:
                                            s = _plus(plus, total, t)
                                        if s[0] < 0:
                                            continue
                                        state = (s, symbol == "+", (0, 1), None, then)
                                    if table is after:
                                        state = _flat(state, blank)
                                    following[state] = following.get(state, 0) + count
                for length, number_used, _, _, values in holes:
                    now = used + number_used
                    if (now + offset) & high:
                        continue
                    kappa, divides = ((1, 1), False) if times is None else (term, times == "÷")
                    following = inside[p + length]
                    # X's choices by a small number in the states (a tuple of tuples hashes slowly)
                    choice = numbered.get(id(values))
                    if choice is None:
                        choice = numbered[id(values)] = len(choices)
                        choices.append(values)
                    state = (total, plus, kappa, divides, choice, now)
                    following[state] = following.get(state, 0) + count
        states = inside[p]
        inside[p] = None
        if states:
            more = p + 2 < n
            numbers = cell_numbers(pattern[p + 2:], rest) if more else ()
            spend(states, numbers)
            for (sigma, plus, kappa, divides, values, used), count in states.items():
                sign = 1 if plus else -1
                # never below zero where the wildcard's term closes: σ + s·T(X) >= 0, which
                # holds for an added term (σ is a running sum already checked), and is T(X) <= σ
                # for a subtracted one: σ is the floor
                floor = _UNBOUND if plus else sigma
                if stops[p]:
                    end_at(p, (sigma, sign, kappa, divides, values, floor), used, count)
                if not more:
                    continue
                for symbol, unit, _ in rest_operations[p + 1]:
                    now = used + unit
                    if (now + offset) & high:
                        continue
                    if symbol == "×" or symbol == "÷":
                        for length, by_used in numbers:
                            following = inside[p + 2 + length]
                            for number_used, items in by_used:
                                then = now + number_used
                                if (then + offset) & high:
                                    continue
                                for value_n, value_d, _ in items:
                                    joined = _joined(symbol, kappa, value_n, value_d)
                                    if joined is None:
                                        continue
                                    state = (sigma, plus, joined, divides, values, then)
                                    following[state] = following.get(state, 0) + count
                    else:
                        following = later[p + 2]
                        state = (sigma, symbol == "+", (0, 1), None, sign, kappa, divides, values, floor, now)
                        following[state] = following.get(state, 0) + count
        states = later[p]
        later[p] = None
        if states:
            numbers = cell_numbers(pattern[p:], rest)
            spend(states, numbers)
            for (total, plus, term, times, sign, kappa, divides, values, floor, used), count in states.items():
                for length, by_used in numbers:
                    j = p + length
                    stop, more = stops[j], j + 2 < n
                    if not stop and not more:
                        continue
                    ops = rest_operations[j + 1] if more else ()
                    for number_used, items in by_used:
                        now = used + number_used
                        if (now + offset) & high:
                            continue
                        for value_n, value_d, _ in items:
                            t = _joined(times, term, value_n, value_d)
                            if t is None:
                                continue
                            closed = low = None
                            if stop:
                                closed, low = _closed(plus, total, t, sign, floor)
                                if low is not None:
                                    end_at(j, (closed, sign, kappa, divides, values, low), now, count)
                            for symbol, unit, _ in ops:
                                then = now + unit
                                if (then + offset) & high:
                                    continue
                                if symbol == "×" or symbol == "÷":
                                    state = (total, plus, t, symbol, sign, kappa, divides, values, floor, then)
                                else:
                                    if closed is None:
                                        closed, low = _closed(plus, total, t, sign, floor)
                                    if low is None:
                                        continue
                                    state = (closed, symbol == "+", (0, 1), None, sign, kappa, divides, values,
                                             low, then)
                                following = later[j + 2]
                                following[state] = following.get(state, 0) + count
    # where the first blank was an operation every value is concrete: count_walk goes on with the
    # hand less that blank (the tiles used so far less it too, as `rest` pays for the rest of the side)
    counted = count_walk(pattern, stops, rest, operations, after, spend)
    found = {}
    for j, skeletons in ending.items():
        at = found[j] = ({}, {})
        into = at[0]
        for (sigma, sign, kappa, divides, choice, floor), by_used in skeletons.items():
            skeleton = (sigma, sign, kappa, divides, choices[choice], floor)
            got = into.get(skeleton)
            if got is None:
                into[skeleton] = by_used
            else:  # equal choices made apart
                for used, many in by_used.items():
                    got[used] = got.get(used, 0) + many
    for j, table in counted.items():
        at = found.get(j)
        if at is None:
            at = found[j] = ({}, {})
        into = at[1]
        for key, by_used in table.items():
            into[key] = {used + blank: many for used, many in by_used.items()}
    return found


def _closed(plus: bool, total: tuple, term: tuple, sign: int, floor: tuple) -> tuple:
    """Return (the concrete sum with the term closed, the floor kept with it) after the
    wildcard's term: the floor is the lowest such running sum, or _UNBOUND while none went below
    zero for an added wildcard term (T(X) >= 0 then keeps them all at zero or above); None for
    the floor when no X can keep a subtracted term's running sums at zero or above."""
    closed = _plus(plus, total, term)
    if closed[0] * floor[1] >= floor[0] * closed[1]:
        return closed, floor
    # a new lowest running sum (an added term's floor is at most 0, so this one is below zero)
    return closed, closed if sign > 0 or closed[0] >= 0 else None


def _flat(state: tuple, blank: int) -> tuple:
    """Return a state (total, plus, term, times, used) as count_walk keeps it, the first blank
    (its packed tile) taken out of the tiles used."""
    (total_n, total_d), plus, (term_n, term_d), times, used = state
    return total_n, total_d, plus, term_n, term_d, times, used - blank


def _joined(times, term: tuple, value_n: int, value_d: int):
    """Return the term (reduced) with the next Number joined in: the Number itself at the term's
    start (times None), multiplied or divided in; None for a division by zero (sides.term_product and
    sides.reduced_pair on pairs, written out: the walk's hottest call)."""
    if times is None:
        return reduced_pair(value_n, value_d)
    if times == "×":
        return reduced_pair(term[0] * value_n, term[1] * value_d)
    if value_n == 0:
        return None
    return reduced_pair(term[0] * value_d, term[1] * value_n)


def _plus(plus: bool, total: tuple, term: tuple) -> tuple:
    """Return total + term (or total − term), reduced."""
    return reduced_pair(sum_numerator(plus, total[0], total[1], term[0], term[1]), total[1] * term[1])
