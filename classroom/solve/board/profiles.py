"""Windows that place every tile: the long side's joins split by profile.

A window that places all the hand's tiles (spare 0) pairs a short side using tiles u with a long
side using exactly the rest, H − u. A long side aimed at values only holds every tiles used that
fits the hand, and nearly all of it is waste (seed 7 of the bench: 108,000 entries, 925 of them
exactly what a short side leaves). Aiming at (value, exact tiles used) goals splits a join
into as many joins as there are distinct tiles left (16 a join on seed 7), each filtering the
tables again: dearer than the value loops it saves. The **profile** of packed tiles used is coarser: its fields of the operations and
of the blank (`mask`). A side's profile is the sum of its parts' (a prefix, its last operation,
its last term), and a window's long side must have the profile of H − u, so a join of prefix
and term tables split by profile meets only the parts whose profiles add up to a goal's: the
value loops of the top joins of the bench's spare-0 windows shrink three to four times, and a
join none of whose profiles add up is skipped whole.

A table split by profile is profile -> value -> packed tiles used -> how many (a value's entries
of one profile keep their dict). A table written on demand (aim.OneNumber, a WrittenNumbers) is
of one profile: Numbers hold no operation, and hold the blank when written holding it. A table
that grows (meet.grown: by new values only) is split again from its first new value on.

**Ranges.** Two parts that meet make values within a range their own values' ranges give
(`met_range`: p + t lies between the sums of the two lows and of the two highs, and so on), so a
join looks up only the goal values in that range, and none when there is none (`_within`): of
the bench's spare-0 windows, a third to a half of the joins of parts whose profiles add up meet
no goal value so, and the look-ups of the others fall by a half. The ranges are whole numbers
below and above the values (a fraction's floor and ceiling), so no value is ever left out.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import islice
from sys import getrefcount

from classroom.game.symbols import OPERATIONS, PLUS_MINUS
from classroom.solve.board.aim import OneNumber
from classroom.solve.board.blank_terms import WrittenNumbers
from classroom.solve.board.meet import (
    count_met,
    forget_closed,
    many,
    meeting_look_ups,
    meetings,
    pairs_of,
    value_range,
)
from classroom.solve.board.sides import FIELD, PackedHand

GROWN_SPLITS = True  # a grown table is split from its first new value on (tests: off, split whole)
RANGES = True  # a join looks up only the goal values its parts' ranges can make (tests: off, every one)
SPLITS_KEPT = 2000  # tables kept split by profile, at most: each keeps its table alive, past blank_aim.BLANK_KEPT too

Goals = dict  # profile -> (values, [their pairs]): what a long side's sides must be, like {4096: ({7, 9}, [(7, 1), (9, 1)])}


class ExactTables:
    """Counting, the long sides of the windows that place every tile, aimed at profiles: per
    pattern, the values covered of each profile and a table of their sides (entries of other
    profiles may be there too, from other windows: they pair with no short side of this one).
    The tables are made by the aiming's `aim_profiles` (aim.Aiming without a blank,
    blank_aim.BlankAiming holding one) and kept apart from its value-keyed ones, which hold
    every profile."""

    def __init__(self, hand: PackedHand):
        self.hand = hand
        fields = [i for i, kind in enumerate(hand.kinds) if kind in OPERATIONS] + [len(hand.kinds)]
        self.mask = sum(((1 << FIELD) - 1) << (FIELD * i) for i in fields)
        self.signs = sum(((1 << FIELD) - 1) << (FIELD * i) for i, kind in enumerate(hand.kinds)
                         if kind in PLUS_MINUS)
        self.full = sum(count * unit for count, unit in zip(hand.counts + [hand.blanks], hand.unit))
        self._plain: dict = {}  # pattern -> (profile -> values covered, table)
        self._blank: dict = {}
        self._splits: dict = {}  # id -> (table, its length, the table split by profile, its parts' ranges)
        self._goals: dict = {}  # id -> (a short side's table, its goals)
        self._ordered: dict = {}  # id -> [a goal's values, their range, those values in order]

    def forget_closed(self) -> None:
        """Forget the tables of every pattern but stretches of open board, and the splits."""
        forget_closed(self._plain, self._blank)
        # a split is kept while another cache still holds its table (an open stretch's, which
        # other lines read again): held by the split alone, a table has two references here
        # (the split's, getrefcount's own)
        self._splits = {key: got for key, got in self._splits.items() if getrefcount(got[0]) > 2}
        self._goals = {}
        self._ordered = {}

    def ordered(self, values: set) -> list:
        """Return [lo, hi, the values in order or None, the values]: whole numbers with lo <= v
        <= hi for every value v, kept for the set (a goal's values, which the windows of a short
        side's table share); the order is written when first asked for (`in_order`)."""
        got = self._ordered.get(id(values))
        if got is None or got[3] is not values:
            lo, hi = value_range(values)
            got = self._ordered[id(values)] = [lo, hi, None, values]
        return got

    def in_order(self, ordered: list) -> tuple:
        """Return (the whole values in order, their pairs, the pairs of the others) of a goal's
        values (from `ordered`)."""
        if ordered[2] is None:
            values = ordered[3]
            wholes = sorted([key for key in values if type(key) is int])
            ordered[2] = (wholes, [(key, 1) for key in wholes], [key for key in values if type(key) is not int])
        return ordered[2]

    def goals(self, short: dict) -> dict:
        """Return the goals a short side's counted table leaves the long side: the profile of the
        tiles each entry leaves -> the values of those entries (kept for the table, which a
        window's short side reads again from its cache)."""
        got = self._goals.get(id(short))
        if got is not None and got[0] is short:
            return got[1]
        full, mask = self.full, self.mask
        found: dict = {}
        for key, by_used in short.items():
            for used in by_used:
                values = found.get((full - used) & mask)
                if values is None:
                    values = found[(full - used) & mask] = set()
                values.add(key)
        self._goals[id(short)] = (short, found)
        return found

    def table(self, aiming, pattern: tuple, short: dict, wild: bool) -> dict:
        """Return a counted table holding the sides filling the pattern (holding a blank when
        `wild`) of every value and profile that an entry of the short side's table leaves them."""
        cache = self._blank if wild else self._plain
        covered, out = cache.get(pattern) or ({}, {})
        fresh: dict = {}  # the goals not covered yet
        for profile, values in self.goals(short).items():
            have = covered.get(profile)
            new = values - have if have else values
            if new:
                fresh[profile] = (new, pairs_of(new))
        if fresh:
            cache[pattern] = (covered, out)
            for profile, (values, _) in fresh.items():  # covered first, as in meet.grown
                covered.setdefault(profile, set()).update(values)
            aiming.aim_profiles(pattern, out, Profiles(fresh, self))
        return out


class Profiles:
    """The goals of one aimed table (profile -> values), and the joins that keep them."""

    def __init__(self, goals: Goals, tables: ExactTables):
        self.goals = goals
        self._tables = tables
        self.mask = tables.mask
        self._signs = tables.signs
        self._splits = tables._splits
        self.values = set().union(*(values for values, _ in goals.values()))

    def one_term(self) -> "Profiles | None":
        """Return the goals that a side of one term can meet, those whose profile holds no + or −
        (a term's blank is a Number's, a × or a ÷), or None when there are none."""
        signs = self._signs
        goals = {profile: goal for profile, goal in self.goals.items() if not profile & signs}
        if not goals:
            return None
        if len(goals) == len(self.goals):
            return self
        return Profiles(goals, self._tables)

    def add(self, out: dict, table) -> None:
        """Add to the counted table `out` the entries of `table` whose value and profile are a
        goal's (a count, or a list of ways counted by meet.many)."""
        mask = self.mask
        for profile, (values, _) in self.goals.items():
            for key in values:
                by_used = table.get(key)
                if not by_used:
                    continue
                into = out.get(key)
                for used, ways in by_used.items():
                    if used & mask == profile:
                        if into is None:
                            into = out[key] = {}
                        into[used] = into.get(used, 0) + many(ways)

    def joins(self, out: dict, hand: PackedHand, prefixes, terms, ops: tuple, negatives: bool) -> int:
        """Add to the counted table `out` the sides made of a prefix of the table `prefixes`, one
        of the operations (+ or −) and a last term of the table `terms` whose value and profile
        are a goal's; return about how many values the joins looked up (work)."""
        def meet(p_part, t_part, values, pairs, symbol):
            return meetings(p_part, t_part, values, pairs, symbol == "+", negatives)

        return self.split_joins(out, hand, prefixes, terms, ops, meet, meeting_look_ups)

    def split_joins(self, out: dict, hand: PackedHand, first, last, ops: tuple, meet, looks,
                    but: set = frozenset()) -> int:
        """Add to the counted table `out` the sides made of a part of the table `first`, one of
        the operations and a part of the table `last` (`meet(first part, last part, values,
        their pairs, symbol)` meets them by value: meet.meetings, meet.products and their kin)
        whose value (not in `but`) and profile are a goal's; return about how many values the
        joins looked up (`looks(first part, last part, pairs)`, work). The tables are split by
        profile, and only parts whose profiles and the operation's add up to a goal's meet."""
        mask = self.mask
        blank = hand.unit[-1]
        by_first, by_last = self._split(first, blank), self._split(last, blank)
        goals = self.goals
        if but:
            goals = {}
            for profile, (values, _) in self.goals.items():
                values = values - but
                if values:
                    goals[profile] = (values, pairs_of(values))
        looked = 0
        if by_first is None or by_last is None:  # not split: every goal's values at once, then kept
            values = set().union(*(values for values, _ in goals.values()))
            every = pairs_of(values)
            joined: dict = {}
            for symbol, unit, fill in ops:
                looked += looks(first, last, every)
                count_met(joined, hand, meet(first, last, values, every, symbol), unit)
            self.add(out, joined)
            return looked
        f_ranges, l_ranges = self._ranges(first), self._ranges(last)
        for symbol, unit, fill in ops:
            with_op = unit & mask
            for profile, (values, every) in goals.items():
                left = profile - with_op
                for f_profile, f_part in by_first.items():
                    l_profile = left - f_profile
                    l_part = by_last.get(l_profile)
                    if l_part is None:
                        continue
                    pairs = every
                    if RANGES:
                        # only the goal's values that a part of each can make across the operation
                        met = met_range(symbol, part_range(f_ranges, f_profile, f_part),
                                        part_range(l_ranges, l_profile, l_part))
                        if met is not None:
                            pairs = self._within(profile, met, every, but)
                            if not pairs:
                                continue
                    looked += looks(f_part, l_part, pairs)
                    count_met(out, hand, meet(f_part, l_part, values, pairs, symbol), unit)
        return looked

    def _within(self, profile: int, met: tuple, pairs: list, but) -> list:
        """Return the pairs of the goal's values (of the profile, none in `but`: `pairs`) from lo
        to hi (met: whole numbers, hi None when unbounded), and maybe a few above hi."""
        ordered = self._tables.ordered(self.goals[profile][0])
        lo, hi = met
        if ordered[1] < lo or hi is not None and hi < ordered[0]:
            return []
        if lo <= ordered[0] and (hi is None or ordered[1] <= hi):
            return pairs
        wholes, whole_pairs, fractions = self._tables.in_order(ordered)
        found = whole_pairs[bisect_left(wholes, lo):len(wholes) if hi is None else bisect_right(wholes, hi)]
        if fractions:
            found += [(n, d) for n, d in fractions if n >= lo * d and (hi is None or n <= hi * d)]
        if but:
            found = [p for p in found if (p[0] if p[1] == 1 else p) not in but]
        return found

    def _ranges(self, table) -> dict:
        """Return profile -> the range of values of the table's part of that profile (see
        `part_range`), kept with the table's split (and started afresh when the table grows)."""
        got = self._splits.get(id(table))
        return got[3] if got is not None and got[0] is table else {}

    def _split(self, table, blank: int) -> dict | None:
        """Return `split`, kept for the tables other windows read again: a table only ever grows
        by new values (meet.grown), so one of the same length is the same, and a longer one is
        the same but for the values after those split already (a dict keeps its order)."""
        got = self._splits.get(id(table))
        if got is not None and got[0] is table:
            if got[1] == len(table):
                return got[2]
            if got[2] is not None and GROWN_SPLITS:
                parts = split(table, self.mask, blank, got[2], got[1])
                self._splits[id(table)] = (table, len(table), parts, {})
                return parts
        parts = split(table, self.mask, blank)
        if len(self._splits) >= SPLITS_KEPT:
            self._splits.clear()
        self._splits[id(table)] = (table, len(table), parts, {})
        return parts


class Ranges:
    """The ranges of values (`value_range`) of the tables that value-keyed joins meet, kept by
    table while it does not grow (a table holds on to its range until `clear`): a join's goals
    cut to the values its two tables can make (`cut`)."""

    def __init__(self):
        self._found: dict = {}  # id -> (table, its length, its range)

    def clear(self) -> None:
        """Forget every range (and the tables they were kept for)."""
        self._found = {}

    def of(self, table) -> tuple | None:
        """Return `value_range` of the table, kept (a table grown by new values, meet.grown, widened
        by theirs)."""
        got = self._found.get(id(table))
        if got is not None and got[0] is table:
            if got[1] == len(table):
                return got[2]
            found = value_range(list(islice(table, got[1], None)))
            if got[2] is not None and found is not None:
                found = min(got[2][0], found[0]), max(got[2][1], found[1])
            found = found or got[2]
        else:
            found = value_range(table)
        self._found[id(table)] = (table, len(table), found)
        return found

    def cut(self, goals: list, first, last, symbol: str) -> list:
        """Return the goals (value pairs, in their order) that a value of the table `first` and
        one of `last` can make across the operation, and maybe a few more (all of them when the
        ranges are not known)."""
        met = met_range(symbol, self.of(first), self.of(last))
        if met is None:
            return goals
        lo, hi = met
        if hi is None:
            return [goal for goal in goals if goal[0] >= lo * goal[1]]
        return [goal for goal in goals if lo * goal[1] <= goal[0] <= hi * goal[1]]


def part_range(ranges: dict, profile: int, part) -> tuple | None:
    """Return (lo, hi), whole numbers with lo <= v <= hi for every value v of the part (a counted
    table, or one written on demand), or None when it has none; kept in `ranges` by profile."""
    found = ranges.get(profile, False)
    if found is False:
        found = ranges[profile] = value_range(part)
    return found


def met_range(symbol: str, first: tuple | None, last: tuple | None) -> tuple | None:
    """Return (lo, hi), whole numbers with lo <= a op b <= hi (hi None: unbounded) for a and b
    in the ranges `first` and `last` (a ÷ b for b > 0 only: never ÷ 0), or None when not known."""
    if first is None or last is None:
        return None
    (a_lo, a_hi), (b_lo, b_hi) = first, last
    if symbol == "+":
        return a_lo + b_lo, a_hi + b_hi
    if symbol == "-":
        return a_lo - b_hi, a_hi - b_lo
    if a_lo < 0 or b_lo < 0:
        return None
    if symbol == "×":
        return a_lo * b_lo, a_hi * b_hi
    # a ÷ b for 0 < b <= b_hi; b >= b_lo, a fraction below 1 when b_lo is 0 (no bound above)
    return a_lo // b_hi if b_hi else 0, -(-a_hi // b_lo) if b_lo else None


def split(table, mask: int, blank: int, parts: dict | None = None, after: int = 0) -> dict | None:
    """Return profile -> the part of a counted table whose entries have that profile (a table
    written on demand is of one profile; `blank`, the blank's packed unit), or None when the
    profiles of a table written on demand are not known. With `parts`, the split of the table's
    first `after` values, those are kept and the values after them split into it."""
    if isinstance(table, OneNumber):
        return {0: table}
    if isinstance(table, WrittenNumbers):
        return {blank & mask if table.wild else 0: table}
    if type(table) is not dict:
        return None
    if parts is None:
        parts = {}
    for key, by_used in (islice(table.items(), after, None) if after else table.items()):
        first = -1
        for used in by_used:
            profile = used & mask
            if first < 0:
                first = profile
            elif profile != first:
                break
        else:
            if first >= 0:  # the value's entries are of one profile: its dict serves as is
                part = parts.get(first)
                if part is None:
                    part = parts[first] = {}
                part[key] = by_used
            continue
        for used, ways in by_used.items():
            profile = used & mask
            part = parts.get(profile)
            if part is None:
                part = parts[profile] = {}
            got = part.get(key)
            if got is None:
                part[key] = {used: ways}
            else:
                got[used] = ways
    return parts
