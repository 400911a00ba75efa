"""Counting every legal play of a Position without building one: side tables are counted by
`sides.count_walk` (sides without a blank) and `wildcard.wild_walk` (sides holding one), one pass
per line and start square serving every end, and each window's count is a join of two counted
tables; a side holding a blank meets the sum of the other side's tables over its windows once.

A count has a limit of work: side-table entries built, a side holding a blank weighing
WILD_WEIGHT. It is a measure that does not depend on the machine, so a seed still decides.
"""

from __future__ import annotations

from classroom.engine.aimed import Aiming, OverLimit as AimedOverLimit
from classroom.engine.lines import Window, duplicate_single
from classroom.engine.sides import PackedHand, count_walk, filling
from classroom.engine.tables import AIM_FROM, empty_squares, every_table, pairs, summed, wild_pairs
from classroom.engine.wildcard import OverBudget, wild_walk

class OverLimit(Exception):
    """Counting went past its limit of work."""


WILD_WEIGHT = 10  # a side holding a blank costs about ten times one without (walk and join)
COUNT_LIMIT = 2_000_000  # work (side-table entries) a count may take: some seconds on a laptop


def entries(plain: dict, wild: dict) -> int:
    """Return the work counted side tables cost (by end): their entries, a side holding a
    blank weighing WILD_WEIGHT."""
    found = sum(len(by_used) for table in plain.values() for by_used in table.values())
    for skeletons, concrete in wild.values():
        found += WILD_WEIGHT * sum(len(members) for _, members in skeletons)
        found += WILD_WEIGHT * sum(len(by_used) for by_used in concrete.values())
    return found


class Counting:
    """The count of one position's plays: its groups and windows, its hand packed three ways
    (whole, without blanks, less one blank)."""

    def __init__(self, groups: list, windows, hand: PackedHand, plain: PackedHand, rest: PackedHand):
        self.groups = groups
        self.windows = windows  # group -> its windows
        self.packed = hand
        self.plain_hand = plain
        self.rest_hand = rest
        self._counted: dict = {}  # pattern -> end -> counted side table
        self._work = 0  # work of the counted side tables built so far
        self._limit: int | None = None
        self._count: int | None = None

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
            except OverLimit:
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
                total += sum(a * b for a, b in pairs(hand, lefts, tables[e + 1][0].get(end, {})))
            if hand.blanks:
                by_end.setdefault((e, end), []).append(lefts)
                by_start.setdefault((e, window.start), []).append(tables[e + 1][2](end))
        # A side holding a blank meets the sum of the other side's tables over its windows, so its
        # skeletons are joined once, not once per window.
        for (e, end), lefts in by_end.items():
            wild = tables[e + 1][1].get(end)
            if wild:
                total += sum(a * b for a, b in wild_pairs(hand, wild, summed(lefts), True))
        for (e, start), rights in by_start.items():
            wild = tables[start][1].get(e - 1 - start)
            if wild:
                total += sum(a * b for a, b in wild_pairs(hand, wild, summed(rights), True))
        return total

    def _counted_sides(self, pattern: tuple) -> tuple:
        """Return the counted sides from the start of the pattern to every end: (end -> table of
        the sides without a blank, end -> the wild sides, a function end -> table of every side)."""
        found = self._counted.get(pattern)
        if found is None:
            every_stop = (True,) * len(pattern)
            plain = count_walk(pattern, every_stop, self.plain_hand)
            wild = {}
            if self.packed.blanks:
                budget = None
                if self._limit is not None:
                    budget = max(0, (self._limit - self._work - entries(plain, {})) // WILD_WEIGHT)
                try:
                    wild = wild_walk(pattern, self.packed, self.plain_hand,
                                     self.rest_hand, True, every_stop, budget)
                except OverBudget:
                    raise OverLimit from None
            everything: dict = {}
            blanks = self.packed.blanks  # (`every` is kept here: it may not refer back to self)

            def every(end: int) -> dict:
                if blanks <= 1:
                    return plain.get(end, {})
                if end not in everything:
                    everything[end] = every_table(plain.get(end, {}), wild.get(end, ([], {})), True)
                return everything[end]

            self._work += entries(plain, wild)
            if self._limit is not None and self._work > self._limit:
                raise OverLimit
            found = self._counted[pattern] = (plain, wild, every)
        return found


class AimedCounting:
    """The count of the plays of a hand without a blank, window by window: the shorter side's
    counted table is joined with the longer side's sides of those values only (aimed, see
    classroom.engine.aimed), so a long side is never counted whole. The work is the entries of
    the counted tables built (prefixes, terms and aimed tables included) and the value look-ups
    of the joins (see aimed.MEETING_WEIGHT)."""

    def __init__(self, groups: list, windows, hand: PackedHand):
        self.groups = groups
        self.windows = windows
        self.packed = hand
        self._count: int | None = None

    def count(self, limit: int | None = None) -> int | None:
        """Return the number of distinct legal equation plays; with a `limit`, None as soon as
        the work passes it."""
        if self._count is None:
            try:
                self._count = self._windows_count(limit)
            except AimedOverLimit:
                return None
        return self._count

    def _windows_count(self, limit: int | None) -> int:
        """Return the sum of the windows' counts; raise OverLimit past the limit of work."""
        hand = self.packed
        aiming = Aiming(hand, counting=True)
        aiming.limit = limit
        whole: dict = {}  # pattern -> counted table of every side

        def counted(pattern: tuple) -> dict:
            found = whole.get(pattern)
            if found is None:
                found = whole[pattern] = filling(pattern, hand, counting=True)
                aiming.spend(sum(len(by_used) for by_used in found.values()))
            return found

        def aimed(pattern: tuple, other: dict) -> dict:
            if pattern in whole or empty_squares(pattern) < AIM_FROM:
                return counted(pattern)
            return aiming.aimed(pattern, other.keys())

        total = 0
        searched = None
        for group in self.groups:
            line, e = group.line, group.equal
            if line is not searched:
                # Tables are large; only stretches of open board meet again on other lines.
                searched = line
                aiming.keep_open()
                for pattern in [p for p in whole if any(cell is not None for cell in p)]:
                    del whole[pattern]
            for window in self.windows(group):
                if duplicate_single(window):
                    continue
                left = tuple(line.allowed[window.start:e])
                right = tuple(line.allowed[e + 1:window.end + 1])
                if empty_squares(left) <= empty_squares(right):
                    lefts = counted(left)
                    rights = aimed(right, lefts) if lefts else {}
                else:
                    rights = counted(right)
                    lefts = aimed(left, rights) if rights else {}
                if lefts and rights:
                    total += sum(a * b for a, b in pairs(hand, lefts, rights))
        return total
