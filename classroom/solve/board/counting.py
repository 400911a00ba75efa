"""Counting every legal play of a Position without building one: window by window, the side
with fewer empty squares is counted whole and the other side's sides of those values only
(aimed), with and without a blank, exactly as the plays are found (side_tables.SideTables.joined), but
with how many sides there are in place of their tiles. Only stretches of open board are kept
from one line to the next.

A count has a limit of work: the entries of the counted tables built, the Numbers tried by the
counting walk of the sides holding a blank (classroom.solve.board.blank_count) and the value look-ups
of the aimed joins (see meet.MEETING_WEIGHT). It is a measure that
does not depend on the machine, so a seed still decides. A count stopped by its limit (or by
running out of memory under machine.cap_memory) still knows the plays of the windows it
finished (`at_least`): distinct windows hold distinct plays, so that is a true lower bound, "more than N" (issue 29).
"""

from __future__ import annotations

from classroom.game.symbols import BLANK
from classroom.solve.board.aim import OverLimit
from classroom.solve.board.lines import duplicate_single
from classroom.solve.board.side_tables import SideTables

# Work a count may take: a few seconds of CPU, and a little more than the most any of the 20
# bench positions with a blank takes, so that each of them counts in full (the figures:
# docs/performance.md, "Figures the engine's code quoted")
COUNT_LIMIT = 27_000_000
# With two blanks a unit of that work costs more time and memory, and such a count seldom
# finishes: it stops sooner.
TWO_BLANKS_LIMIT = 2_000_000
# Work `classroom best` spends on its count unless asked for the exact one (`best --count`): a
# few tenths of a second, so that the best play is not kept waiting for it; with a blank the
# count most often stops there and says "at least N" (docs/performance.md, "`best` answers first").
GLANCE_LIMIT = 1_000_000
# The most plays `best --all` lists: more are refused at once, their count said (a blank's
# hundreds of thousands of plays, each drawn on its board, are no list a person reads).
LISTED_AT_MOST = 10_000


def count_limit(hand) -> int:
    """Return the work a count of the hand's plays may take (COUNT_LIMIT; with two blanks or
    more, TWO_BLANKS_LIMIT)."""
    return TWO_BLANKS_LIMIT if sum(tile == BLANK for tile in hand) > 1 else COUNT_LIMIT


def glance_limit(hand) -> int:
    """Return the work a count may take when the plays, not their number, are what was asked for
    (GLANCE_LIMIT, never more than count_limit)."""
    return min(GLANCE_LIMIT, count_limit(hand))


def listable(count_at_least, hand) -> str | None:
    """Return None when every play of a position can be listed, else the sentence refusing it:
    too many plays (more than LISTED_AT_MOST), or too many to count. `count_at_least(limit)` is
    the position's (Position.count_at_least): a glance first, so most refusals come at once,
    then the whole count when the glance stopped short of LISTED_AT_MOST."""
    count, exact = count_at_least(glance_limit(hand))
    if not exact and count <= LISTED_AT_MOST:
        count, exact = count_at_least(count_limit(hand))
    if exact and count <= LISTED_AT_MOST:
        return None
    return (f"this hand has {'' if exact else 'at least '}{count:,} legal equation plays on this "
            f"board, too many to list (--all lists up to {LISTED_AT_MOST:,}); ask for the best "
            f"ones with --top N")


class Counting:
    """The count of one position's plays: its groups, their windows and counted side tables."""

    def __init__(self, groups: list, windows, tables: SideTables):
        self.groups = groups
        self.windows = windows  # group -> its windows
        self.tables = tables
        self._count: int | None = None
        self._over: int | None = None  # the largest limit a count gave up within
        self.at_least = 0  # the plays of the windows counted whole before a limit stopped the count

    def count(self, limit: int | None = None) -> int | None:
        """Return the number of distinct legal equation plays; with a `limit`, None as soon as
        the work passes it (at once when a count already gave up within that much; a larger limit
        counts afresh)."""
        if self._count is None and not (self._over is not None and limit is not None and limit <= self._over):
            self.tables.limit = limit
            stopped = False
            try:
                self._count = self._windows_count()
            except (OverLimit, MemoryError):  # out of memory (past the memory cap, machine.cap_memory), a count
                # stops as at its limit of work: the count is information, not the answer.
                # Handled once out of here, where the frames of the walk that ran out let go of
                # what they hold.
                stopped = True
            if stopped:
                self.at_least = max(self.at_least, self._partial)
                # the tables were left part-built (an aimed table's targets are marked covered
                # before its sides are in): a count asked for again starts afresh
                self._over = limit
                made_from = self.tables.emptied()
                self.tables = None  # the part-built tables let go before the new ones are made:
                self.tables = SideTables(*made_from)  # made beside them, they ran out of memory
                return None
        return self._count

    def _windows_count(self) -> int:
        """Return the sum of the windows' counts; raise OverLimit past the limit of work."""
        tables = self.tables
        total = 0
        self._partial = 0  # the windows counted whole so far: a true lower bound when stopped
        searched = None
        # a line's groups from its far end back: a left side then begins where the longer left
        # sides of the groups after it began, and is read from their walks
        order = {id(line): k for k, line in enumerate(dict.fromkeys(g.line for g in self.groups))}
        for group in sorted(self.groups, key=lambda g: (order[id(g.line)], -g.equal)):
            line = group.line
            if line is not searched:
                # Tables are large; only stretches of open board meet again on other lines.
                searched = line
                tables.forget_closed()
            # the longest right side first: the walks of the shorter ones are read from its own
            for window in sorted(self.windows(group), key=_longest_right_first):
                if not duplicate_single(window):
                    total += sum(a * b for a, b in tables.window_pairs(window))
                    self._partial = total
        return total


def _longest_right_first(window) -> tuple:
    """Return the sort key counting a group's windows from the farthest end back."""
    return -window.end, window.start
