"""Counting the sides that hold a blank by a dynamic programme, as `sides.count_walk` counts the
sides without one: how many sides `wildcard.wild_walk` would list, of each value and tiles used,
without going through them one by one.

A count needs only how many sides share a value and the tiles they use, so the walk's three
phases become states, merged whenever they agree (fractions reduced, so equal values meet):

- before the first blank: (sum, whether the term is added, term, how the next Number joins it,
  tiles used), a Number next;
- inside the wildcard's term, up to a position: (σ, whether the term is added, κ, whether X
  divides, X's choices, tiles used), as in wildcard.Skeleton;
- after it: (sum, sign, term, how the next Number joins it, tiles used), every value concrete.
  Where the wildcard's term ends, each of X's few choices gives its own concrete sum (merged
  with the others of that sum), and where the first blank is an operation the sum is concrete
  from the start; so no running sum may go below zero from there on, as in `count_walk`.

Every state is continued once, whatever the number of sides it stands for: the work follows the
states, and a `budget` bounds it (the Numbers tried from each state continued).
"""

from __future__ import annotations

from classroom.solve.board.aim import add
from classroom.solve.board.sides import PackedHand, cell_numbers, cell_operations, reduced_pair, sum_numerator, count_walk
from classroom.solve.board.blank_sides import OverBudget, hole_numbers, blank_operations_of
from classroom.game.symbols import OPERATIONS


def wild_count_walk(pattern: tuple, hand: PackedHand, plain: PackedHand, rest: PackedHand,
                    stops: tuple[bool, ...] | None = None, budget: int | None = None,
                    operations: tuple = OPERATIONS, targets: set | None = None, work: list | None = None):
    """Return ([], value -> packed tiles used -> how many) for the sides filling the whole
    pattern that hold at least one blank (the arguments as for `wildcard.wild_walk`, whose
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
    offset, high = hand.offset, hand.high
    blank = hand.unit[-1]  # the packed tile of a blank
    plain_operations = [cell_operations(cell, plain, operations) for cell in pattern]
    blank_operations = [blank_operations_of(cell, hand, operations) for cell in pattern]
    rest_operations = [cell_operations(cell, rest, operations) for cell in pattern]
    found: dict = {}  # end -> value -> packed tiles used -> how many

    def concrete_at(j, key, used, count):
        if targets is None or key in targets:
            add(found.setdefault(j, {}), key, used, count, True)

    # before[i]: (total, plus, term, times, used) -> how many, no blank yet, a Number at i
    # inside[j]: (sigma, plus, kappa, divides, values, used) -> how many, the wildcard's term to j
    # after[i]: the states of count_walk (flat, every value concrete), a Number at i
    before: list = [{} for _ in range(n)]
    inside: list = [{} for _ in range(n)]
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
            holes = hole_numbers(pattern[p:], hand, plain, rest)
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
                                    later = now + unit
                                    if (later + offset) & high:
                                        continue
                                    if symbol == "×" or symbol == "÷":
                                        state = (total, plus, t, symbol, later)
                                    else:
                                        if s is None:
                                            s = _plus(plus, total, t)
                                        if s[0] < 0:
                                            continue
                                        state = (s, symbol == "+", (0, 1), None, later)
                                    if table is after:
                                        state = _flat(state, blank)
                                    following[state] = following.get(state, 0) + count
                for length, number_used, _, _, values in holes:
                    now = used + number_used
                    if (now + offset) & high:
                        continue
                    kappa, divides = ((1, 1), False) if times is None else (term, times == "÷")
                    following = inside[p + length]
                    state = (total, plus, kappa, divides, values, now)
                    following[state] = following.get(state, 0) + count
        states = inside[p]
        inside[p] = None
        if states:
            spend(states, cell_numbers(pattern[p + 2:], rest) if p + 2 < n else ())
            stop, more = stops[p], p + 2 < n
            for (sigma, plus, kappa, divides, values, used), count in states.items():
                if more:
                    for symbol, unit, _ in rest_operations[p + 1]:
                        if symbol != "×" and symbol != "÷":
                            continue
                        now = used + unit
                        if (now + offset) & high:
                            continue
                        for length, by_used in cell_numbers(pattern[p + 2:], rest):
                            following = inside[p + 2 + length]
                            for number_used, items in by_used:
                                later = now + number_used
                                if (later + offset) & high:
                                    continue
                                for value_n, value_d, _ in items:
                                    joined = _joined(symbol, kappa, value_n, value_d)
                                    if joined is None:
                                        continue
                                    state = (sigma, plus, joined, divides, values, later)
                                    following[state] = following.get(state, 0) + count
                # the wildcard's term ends here: each of X's choices makes a concrete sum
                closing = [(symbol, unit) for symbol, unit, _ in rest_operations[p + 1]
                           if symbol != "×" and symbol != "÷"] if more else []
                if not stop and not closing:
                    continue
                for x_n, x_d, _ in values:
                    term = _joined("÷" if divides else "×", kappa, x_n, x_d)
                    if term is None:
                        continue
                    closed = _plus(plus, sigma, term)
                    if closed[0] < 0:
                        continue  # never below zero
                    if stop:
                        concrete_at(p, closed[0] if closed[1] == 1 else closed, used, count)
                    for symbol, unit in closing:
                        now = used + unit
                        if (now + offset) & high:
                            continue
                        following = after[p + 2]
                        state = (closed[0], closed[1], symbol == "+", 0, 1, None, now - blank)
                        following[state] = following.get(state, 0) + count
    # after the first blank every value is concrete: count_walk goes on with the hand less that
    # blank (the tiles used so far less it too, as `rest` pays for the rest of the side)
    counted = count_walk(pattern, stops, rest, operations, after, spend)
    for j, table in counted.items():
        for key, by_used in table.items():
            for used, many in by_used.items():
                concrete_at(j, key, used + blank, many)
    found = {j: ([], concrete) for j, concrete in found.items() if concrete}
    if whole:
        return found.get(n - 1, ([], {}))
    return found


def _flat(state: tuple, blank: int) -> tuple:
    """Return a state (total, plus, term, times, used) as count_walk keeps it, the first blank
    (its packed tile) taken out of the tiles used."""
    (total_n, total_d), plus, (term_n, term_d), times, used = state
    return total_n, total_d, plus, term_n, term_d, times, used - blank


def _joined(times, term: tuple, value_n: int, value_d: int):
    """Return the term (reduced) with the next Number joined in: the Number itself at the term's
    start (times None), multiplied or divided in; None for a division by zero (sides._term and
    reduced_pair on pairs, written out: the walk's hottest call)."""
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
