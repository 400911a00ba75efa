"""The side tables of a Position and their joins by value.

A side table maps value -> packed tiles used -> [tiles for the empty squares] (or how many,
when counting). Sides holding a blank come as the wildcard's skeletons (classroom.solve.board.blank_sides)
and are joined by trying their few values of X against the other side's table; on a long
stretch they are aimed at the other side's values (classroom.solve.board.blank_aim).
"""

from __future__ import annotations

from typing import Iterator

from classroom.game.symbols import BLANK, PLUS_MINUS
from classroom.solve.board.aim import Aiming, OverLimit
from classroom.solve.board.blank_aim import BlankAiming, blank_table, sides_by_value, written_sides
from classroom.solve.board.blank_count import blank_count_walk, blank_counts, counted_table
from classroom.solve.board.blank_sides import OverBudget, blank_walk, forget_blank_values
from classroom.solve.board.lines import Window
from classroom.solve.board.meet import forget_closed, table_size
from classroom.solve.board.profiles import ExactTables
from classroom.solve.board.sides import FIELD, PackedHand, empty_squares, filling

CACHED_SIDES = 250_000  # sides kept in one position's listing tables before they are rebuilt
AIM_FROM = 5  # a side with this many empty squares or more is aimed at the other side's values
BLANK_WEIGHT = 10  # counting, a side holding a blank costs about ten times one without
BLANK_LISTED = 10_000  # sides holding a blank that one long stretch may keep whole (memory: docs/performance.md)


class SideTables:
    """The side tables of one position, cached by pattern: the sides without a blank (`plain`),
    the sides with one (`blank`: skeletons and a table of concrete sides), and the sides of a long
    stretch aimed at a few values, without a blank (`plain_aimed`) or with one (`blank_aimed`).
    `joined` pairs the sides of a window's two sides.

    Listing, past CACHED_SIDES sides a cache starts afresh, so memory stays bounded. With
    `counting`, every list of tiles is how many there are instead, and the tables built (and
    the aimed joins' look-ups) are work: past `limit`, OverLimit is raised; `forget_closed` drops
    what other lines will not meet again."""

    def __init__(self, hand: PackedHand, plain: PackedHand, rest: PackedHand, counting: bool = False):
        self.hand = hand
        self.plain_hand = plain
        self.rest_hand = rest
        self.counting = counting
        self.limit: int | None = None  # work past which a count gives up (counting)
        self._work = 0  # work of the tables built outside the aimed ones (counting)
        self._plain: dict = {}
        self._blank: dict = {}
        self._blank_over: set = set()  # patterns with more sides holding a blank than BLANK_LISTED
        # listing, pattern -> (its blank walk, value -> its sides unwritten, value -> them written,
        # value -> rank): the tables asked again of a walk kept whole (one per window) are read
        # from it, a value's sides written once (see `_blank_of`)
        self._blank_values: dict = {}
        self._blank_counts: dict = {}  # counting: long pattern -> its sides holding a blank, skeletons kept
        self._sides = 0  # sides held in the caches
        self._built = 0  # listing, sides built by tables since forgotten (see `built`)
        self._walked = [0]  # the work of the counting walks of sides holding a blank (blank_count)
        # listing, every hand with a blank aims them; counting, a hand with one blank, or with a
        # + or − of its own
        self._aims_blank = hand.blanks > 0 and (not counting or hand.blanks == 1
                                               or any(s in plain.kinds for s in PLUS_MINUS))
        # the hand's + and − (without blanks): where they are counted in packed tiles used
        self._sign_shifts = [FIELD * i for i, kind in enumerate(plain.kinds) if kind in PLUS_MINUS]
        self._signs_held = sum(c for kind, c in zip(plain.kinds, plain.counts) if kind in PLUS_MINUS)
        self._new_aiming()

    def _new_aiming(self) -> None:
        """Start the aimed tables afresh (when sides with a blank are aimed, plain prefixes stop
        wherever the blank could be + or −, for the blank sides joined to them)."""
        hand, plain, rest, counting = self.hand, self.plain_hand, self.rest_hand, self.counting
        self._aiming = Aiming(plain, counting, signs=PLUS_MINUS if self._aims_blank else None)
        self._exact = ExactTables(hand)  # counting, the long sides of windows placing every tile
        self._blank_aiming = None
        self._fewer_aiming = None
        if self._aims_blank:
            self._blank_aiming = BlankAiming(hand, self._aiming,
                                           self._aiming if rest is plain else Aiming(rest, counting),
                                           counting, self._walked)
            if hand.blanks == 2 and not counting:
                # the sides holding one blank, for the long side of a window whose short side
                # holds the other (see `joined`)
                self._fewer_aiming = BlankAiming(rest, self._aiming, self._aiming)
                self._blank_aiming.fewer = self._fewer_aiming

    def emptied(self) -> tuple:
        """Return what new, empty side tables for the same hands are made from, the hands' caches
        of Numbers emptied: a count stopped (by its limit, or out of memory) lets go of all it
        held, these tables too before the new ones are made (Counting.count). The caches are
        emptied before anything new is made: out of memory, even a small dict may not fit until
        they are (a hand met twice is emptied twice)."""
        for hand in (self.hand, self.plain_hand, self.rest_hand):
            hand.number_cache.clear()
            hand.blank_number_cache.clear()
            hand.blank_values.clear()
        return self.hand, self.plain_hand, self.rest_hand, self.counting

    def window_pairs(self, window: Window, cells: list | None = None) -> Iterator[tuple]:
        """Yield (left fills, right fills) of every play of the window (lists of tiles, or how
        many when counting), each play once: see `joined`, the side with fewer empty squares
        short. `cells` stands for the line's cells (narrowed, lines.narrowed) when given."""
        group = window.group
        e = group.equal
        cells = group.line.allowed if cells is None else cells
        left = tuple(cells[window.start:e])
        right = tuple(cells[e + 1:window.end + 1])
        spare = self.hand.size - window.placed  # hand tiles the window leaves (the = is not one)
        if empty_squares(left) <= empty_squares(right):
            yield from self.joined(left, right, spare)
        else:
            for fills, other in self.joined(right, left, spare):
                yield other, fills

    def joined(self, short: tuple, long: tuple, spare: int) -> Iterator[tuple]:
        """Yield (short side's fills, long side's fills) for the sides of equal value that the
        hand can pay for together (lists of tiles, or how many when counting), each pair of
        sides once: the short side is listed whole and the long one aimed at its values, with no
        blank on either side, a blank on the short side (the long side any), or a blank on the
        long side only. `spare` is how many hand tiles the window does not place: a long side
        without a blank is aimed only at sides holding the + and − a short one leaves."""
        hand = self.hand
        plain = self.plain(short)
        # a window that places more tiles than the hand holds without its blanks has a blank on
        # one side or the other: no pair of sides without one (and no long side aimed for them)
        if plain and spare >= hand.blanks:
            signs = 0 if hand.blanks else self._signs_left(plain, spare)
            yield from pairs(hand, plain, self.plain_aimed(long, plain.keys(), signs))
        if not hand.blanks:
            return
        wild = self.blank(short)
        skeletons, concrete = wild
        values = {key for keys, _ in skeletons for key, _ in keys}
        values.update(concrete)
        if values and not spare and not skeletons and self._aims_profiles(long, self._plain):
            # a window placing every tile: the long side holds exactly the tiles the short side's
            # blank side leaves (a count's are concrete), so its last joins keep their profiles
            self._check_aiming()
            yield from pairs(hand, concrete, self._exact.table(self._aiming, long, concrete, False))
        elif values:
            yield from blank_pairs(hand, wild, self.plain_aimed(long, values))
        # the long side's sides holding a blank, aimed once at every value they meet (a long
        # stretch's may be walked again for its targets: once, not once per join)
        if values and self._fewer_aiming and empty_squares(long) >= AIM_FROM and long not in self._blank:
            # two blanks, one on the short side: the long side holds the other one only, so
            # only the sides holding one blank are aimed at the short side's values holding one
            self._check_aiming()
            yield from blank_pairs(hand, wild, self._fewer_aiming.aimed(long, values))
            values = set()
        targets = set(plain) | values if hand.blanks > 1 else set(plain)
        if targets and not spare and self._aims_blank and self._aims_profiles(long, self._blank):
            # a window placing every tile: the long side holds exactly the tiles the short side
            # leaves, so its last joins keep the profiles those leave (profiles)
            self._check_aiming()
            long_blank = self._exact.table(self._blank_aiming, long, plain, True)
        else:
            long_blank = self.blank_aimed(long, targets) if targets else {}
        if values and hand.blanks > 1:
            yield from blank_pairs(hand, wild, long_blank)
        if plain:
            yield from pairs(hand, plain, long_blank)

    def _aims_profiles(self, long: tuple, listed: dict) -> bool:
        """Return whether a long side's sides (without a blank, `listed` the plain cache; holding
        one, the blank cache) are aimed at profiles in a window placing every tile: counting with
        one blank, where they would be aimed at values (long and not listed whole yet)."""
        return (self.counting and self.hand.blanks == 1 and long not in listed
                and empty_squares(long) >= AIM_FROM)

    def _signs_left(self, table: dict, spare: int) -> int:
        """Return how many of the hand's + and − the other side of a window must hold whichever
        side of the table this one is: all but the `spare` tiles the window does not place and
        the most that a side of the table holds."""
        need = self._signs_held - spare
        mask = (1 << FIELD) - 1
        most = 0
        for by_used in table.values():
            for used in by_used:
                if most >= need:
                    return 0
                most = max(most, sum((used >> shift) & mask for shift in self._sign_shifts))
        return max(0, need - most)

    def work(self) -> int:
        """Return the work done so far (counting): tables built and aimed look-ups (those of
        the joins of sides holding a blank one unit each), a side holding a blank weighing
        BLANK_WEIGHT, and the Numbers the counting walks of the sides holding a blank tried
        (classroom.solve.board.blank_count)."""
        work = self._work + self._aiming.held + self._walked[0]
        if not self._blank_aiming:
            return work
        # the look-ups of the joins of the sides holding a blank, one unit each: uncounted, a
        # unit of work took from 0.3 to 0.75 µs of CPU over the bench positions; counted, 0.25
        # to 0.4 µs (issue 29 item 4)
        return work + BLANK_WEIGHT * self._blank_aiming.held + self._blank_aiming.looked

    def built(self) -> int:
        """Return the sides the tables have built so far (listing; a blank's aimed tables count
        their entries) and the look-ups of the joins of the aimed ones (MEETING_WEIGHT a unit):
        a measure of a search's work, the same on every machine. Tables forgotten to bound
        memory still count."""
        return self._built + self._aimed_work()

    def cap(self, work: int | None) -> None:
        """Listing, raise OverLimit once the plain aimed tables have built `work` more sides (a
        budgeted search's cap, Position.top); None: no cap."""
        self._aiming.limit = None if work is None else self._aiming.held + max(0, work)

    def drop_aimed(self) -> None:
        """Drop the aimed tables (listing): a search stopped by OverLimit left them part built."""
        self._built += self._aimed_work()
        self._new_aiming()

    def _aimed_work(self) -> int:
        """Return the sides the aimed tables hold now (a blank's: their entries) and the look-ups
        of the joins that made the plain ones."""
        wild = (aiming.held for aiming in (self._blank_aiming, self._fewer_aiming) if aiming)
        return self._aiming.held + self._aiming.looked + sum(wild)

    def _spend(self, work: int) -> None:
        """Count work (counting); raise OverLimit past the limit."""
        self._work += work
        if self.limit is not None and self.work() > self.limit:
            raise OverLimit

    def _budget(self) -> int | None:
        """Return the work a counting blank walk may still do (within a limit), else None."""
        return None if self.limit is None else max(0, self.limit - self.work())

    def forget_closed(self) -> None:
        """Forget the tables of every pattern but stretches of open board (all None), the only
        ones that lines other than the one counted meet again."""
        forget_closed(self._plain, self._blank, self._blank_counts, self._blank_values)
        self._aiming.forget_closed()
        if self._blank_aiming:
            self._blank_aiming.forget_closed()
        self._exact.forget_closed()  # last: it keeps the splits of the tables the others still hold
        if self.counting:
            # the Numbers of the line's cells (made again when asked for), and the wildcard's
            # choices in them past blank_sides.BLANK_VALUES_KEPT
            for hand in self._hands():
                forget_closed(hand.number_cache, hand.blank_number_cache)
                forget_blank_values(hand)

    def _hands(self):
        """Return the position's packed hands (the hand, its plain and its rest hand), each object
        once: they may be one and the same."""
        return {id(h): h for h in (self.hand, self.plain_hand, self.rest_hand)}.values()

    def _keep(self, cache: dict, pattern: tuple, found, sides: int):
        """Return `found` after caching it, the caches emptied first when they would grow too big
        (listing; counting spends the sides as work, and `forget_closed` bounds memory)."""
        if self.counting:
            self._spend(sides)
        else:
            self._built += sides
            if self._sides + sides > CACHED_SIDES:
                self._plain.clear()
                self._blank.clear()
                self._blank_values.clear()
                self._sides = 0
        self._sides += sides
        cache[pattern] = found
        return found

    def plain(self, pattern: tuple) -> dict:
        """Return value -> packed tiles used -> [tiles] for the sides without a blank."""
        found = self._plain.get(pattern)
        if found is None:
            found = filling(pattern, self.plain_hand, self.counting)
            found = self._keep(self._plain, pattern, found, table_size(found, self.counting))
        return found

    def plain_aimed(self, pattern: tuple, targets, signs: int = 0) -> dict:
        """Return the sides without a blank whose value is one of the targets (and maybe others):
        aimed (see classroom.solve.board.aim; with `signs`, maybe only those holding that many of
        the hand's + and −) when the pattern is long and not listed yet, else `plain`."""
        found = self._plain.get(pattern)
        if found is not None:
            return found
        if empty_squares(pattern) < AIM_FROM:
            return self.plain(pattern)
        self._check_aiming()
        return self._aiming.aimed(pattern, targets, signs)

    def _check_aiming(self) -> None:
        """Listing, start the aimed tables afresh once they hold more than CACHED_SIDES sides;
        counting, keep them (`forget_closed` bounds memory) and pass on what the limit leaves."""
        if self.counting:
            if self.limit is not None:
                self._aiming.limit = self.limit - self.work() + self._aiming.held
                if self._blank_aiming:
                    self._blank_aiming.budget = self._budget()
            return
        wild = [aiming for aiming in (self._blank_aiming, self._fewer_aiming) if aiming]
        if self._aiming.held + sum(aiming.held for aiming in wild) <= CACHED_SIDES:
            return
        if self._aiming.held + sum(aiming.held_aimed for aiming in wild) <= CACHED_SIDES // 2:
            # the walks the aimed tables were made of are most of it: keep the aimed tables,
            # which the windows of the same stretches ask for again (on an early board, across
            # and down alike)
            for aiming in wild:
                self._built += aiming.held - aiming.held_aimed
                aiming.forget_walks()
        else:
            self._built += self._aimed_work()
            self._new_aiming()

    def blank_aimed(self, pattern: tuple, targets) -> dict:
        """Return value -> packed tiles used -> [tiles, the blank's symbol written] for the sides
        holding a blank whose value is one of the targets (and maybe others): aimed (see
        classroom.solve.board.blank_aim) when the pattern is long and not walked yet, else taken
        from `wild`. Only a hand with a + or − of its own aims them: without, a side is mostly
        one term (the blank may be its one + or −), which aiming would walk whole anyway, and
        then some."""
        targets = set(targets)
        if pattern in self._blank or empty_squares(pattern) < AIM_FROM or not self._aims_blank:
            return self._blank_of(pattern, targets)
        self._check_aiming()
        return self._blank_aiming.aimed(pattern, targets)

    def _blank_of(self, pattern: tuple, targets: set) -> dict:
        """Return the table of the sides holding a blank of the target values, from `wild`; a
        long stretch with more such sides than BLANK_LISTED is walked again for those values.
        Counting, a long stretch is walked once, its sides kept as skeletons (far fewer than
        their values), and every table asked of it is the skeletons' values among the targets."""
        if self.counting and empty_squares(pattern) >= AIM_FROM:
            counts = self._blank_counts.get(pattern)
            if counts is None:
                counts = self._blank_counts[pattern] = self._counts_walk(pattern)
            return counted_table(counts, targets)
        wild = None
        if pattern not in self._blank_over:
            try:
                wild = self.blank(pattern, None if empty_squares(pattern) < AIM_FROM else BLANK_LISTED)
            except OverBudget:
                self._blank_over.add(pattern)  # never tried whole again
        if wild is None:
            # too many to keep: walked again, keeping the sides of the targets only
            return blank_table(self._blank_walk(pattern, targets=targets), self.counting, targets)
        if self.counting:
            return blank_table(wild, True, targets)
        # Asked again (windows of the same stretch ask for other values), what
        # blank_table(wild, False, targets) makes, the same values in the same order, is read
        # from the walk's sides by value, made once; the first time, one pass over the walk
        # costs less than that.
        indexed = self._blank_values.get(pattern)
        if indexed is None or indexed[0] is not wild:
            self._blank_values[pattern] = (wild, None)
            return blank_table(wild, False, targets)
        if indexed[1] is None:
            by_value = sides_by_value(wild)
            indexed = self._blank_values[pattern] = (wild, by_value, {}, {v: i for i, v in enumerate(by_value)})
        _, by_value, written, rank = indexed
        if len(targets) < len(by_value):
            present = sorted([v for v in targets if v in by_value], key=rank.__getitem__)
        else:
            present = [v for v in by_value if v in targets]
        table = {}
        for v in present:
            sides = written.get(v)
            if sides is None:
                sides = written[v] = written_sides(by_value[v])
            table[v] = sides
        return table

    def blank(self, pattern: tuple, budget: int | None = None) -> tuple[list, dict]:
        """Return (skeletons, concrete table) for the sides holding a blank (see blank_walk);
        with a `budget`, OverBudget is raised past that many sides."""
        found = self._blank.get(pattern)
        if found is None:
            # counting, a stretch the aimed sides' walks have walked already (a prefix of a longer
            # one) is read from that walk, not walked again
            walked = self._blank_aiming.walked_sides(pattern) if self.counting and self._blank_aiming else None
            found = ([], walked) if walked is not None else self._blank_walk(pattern, budget)
            sides = sum(len(members) for _, members in found[0]) + table_size(found[1], self.counting)
            found = self._keep(self._blank, pattern, found, BLANK_WEIGHT * sides if self.counting else sides)
        return found

    def _counts_walk(self, pattern: tuple) -> tuple:
        """Return (skeleton -> packed tiles used -> how many, concrete table) for the sides
        holding a blank that fill the pattern (blank_count.blank_counts), within the limit."""
        end = len(pattern) - 1
        stops = (False,) * end + (True,)
        try:
            found = blank_counts(pattern, self.hand, self.plain_hand, self.rest_hand, stops,
                                budget=self._budget(), work=self._walked)
        except OverBudget:
            raise OverLimit from None
        return found.get(end, ({}, {}))

    def _blank_walk(self, pattern: tuple, budget: int | None = None, targets: set | None = None):
        """Return a blank walk of the pattern (counting, classroom.solve.board.blank_count's, whose work
        counts within the limit)."""
        if not self.counting:
            return blank_walk(pattern, self.hand, self.plain_hand, self.rest_hand, budget=budget, targets=targets)
        left = self._budget()
        if left is None or (budget is not None and budget < left):
            return blank_count_walk(pattern, self.hand, self.plain_hand, self.rest_hand, budget=budget,
                                   targets=targets, work=self._walked)
        try:
            return blank_count_walk(pattern, self.hand, self.plain_hand, self.rest_hand, budget=left,
                                   targets=targets, work=self._walked)
        except OverBudget:
            raise OverLimit from None


def pairs(hand: PackedHand, lefts: dict, rights: dict) -> Iterator[tuple]:
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


def blank_pairs(hand: PackedHand, wild: tuple[dict, dict], table: dict) -> Iterator[tuple]:
    """Yield (blank side's fills, table fills) for every side holding a blank and side of the
    table with the same value that the hand can pay for together; when counting, how many of
    each (a count's sides holding a blank are all concrete: see blank_count). Each skeleton's few
    values of X are tried once for all the sides sharing it."""
    offset, high = hand.offset, hand.high
    skeletons, concrete = wild
    for keys, members in skeletons:
        for key, symbol in keys:
            by_used = table.get(key)
            if by_used is None:
                continue
            tile = (BLANK + symbol,)
            for used, fills, hole in members:
                with_offset = used + offset
                side = None  # written once, for the first pair that the hand can pay for
                for used_other, other in by_used.items():
                    if not (with_offset + used_other) & high:
                        if side is None:
                            side = fills[:hole] + tile + fills[hole + 1:]
                        yield [side], other
    yield from pairs(hand, concrete, table)
