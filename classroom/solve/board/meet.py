"""The join by value (meet-in-the-middle): pairing two side tables' entries whose values combine
to what is wanted, by looking one value up in a dict instead of trying every pair, and the side
table primitives the joins write into.

A side table is value key -> packed tiles used -> fills (how many, when counting): `sides.SideTable`.
The joins meet a prefix and a last term by sum or difference (`meetings`), a term prefix and a
last Number by product or quotient (`products`, `last_looked_up`, `first_looked_up`), looping
over the smaller tables and looking the value each target asks for up in the larger; whole
values and fractions take paths of their own, and a table looped over again and again is kept
in value order (`ValueOrders`) so that a target's loop takes only the values within its reach.
Aimed tables grow by new targets only (`grown`), and only the tables of open board outlive the
line searched (`forget_closed`). The aiming that asks for these joins is classroom.solve.board.aim
(without a blank) and classroom.solve.board.blank_aim / blank_terms (holding one).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import chain, compress, filterfalse
from math import gcd, lcm
from operator import itemgetter, not_
from sys import getrefcount

from classroom.solve.board.sides import ByUsed, Fills, PackedHand, SideTable, ValueKey

WHOLE_SHORTCUTS = True  # the joins by product and quotient filter whole values at C speed (tests: off)
VALUE_RANGES = True  # the joins by product and quotient loop over the values within reach alone (tests: off)
RANGE_FROM = 8  # ... when the table looped over holds this many values or more
ORDERS_KEPT = 4000  # tables kept in value order (ValueOrders), at most: each keeps its table alive,
ORDERS_SWEPT = 200  # so those no other cache holds are let go every this many tables
MEETING_WEIGHT = 10  # value look-ups in a join that cost about one table entry (work, when counting)


def pair(key) -> tuple[int, int]:
    """Return a value key (an int, or a reduced (numerator, denominator) pair) as a pair."""
    return (key, 1) if type(key) is int else key


def pairs_of(keys) -> list:
    """Return value keys as pairs (`pair`, inlined: a join's goals are hundreds of keys)."""
    return [(key, 1) if type(key) is int else key for key in keys]


def key_of(numerator: int, denominator: int):
    """Return the value key of numerator / denominator (sides.reduced_pair, inlined: the joins make
    millions of keys)."""
    if denominator == 1:
        return numerator
    g = gcd(numerator, denominator)
    if g == denominator:
        return numerator // g
    return numerator // g, denominator // g



class ValueOrders:
    """The tables that joins by product and quotient meet, by the size of their values: a table
    looped over, its (value pair, entries) list and their order by the floors of the values, so
    that a loop takes only those within reach of a target (`order`); a table looked up, integer
    bounds of its values (`bounds`). Kept per table while it does not grow (a table only ever
    grows by new values, see `grown`; as profiles.ExactTables keeps its splits), up to a line's
    end (`forget_closed`): most tables are met again and again."""

    def __init__(self):
        self._kept: dict = {}  # (id, "order" or "bounds") -> (table, its length, its order or bounds)
        self._sweep_at = ORDERS_SWEPT

    def order(self, table: SideTable) -> tuple:
        """Return `by_floor`'s (pairs, floors, indices) of the table."""
        key = (id(table), "order")
        got = self._kept.get(key)
        if got is None or got[0] is not table or got[1] != len(table):
            got = self._keep(key, table, by_floor(table))
        return got[2]

    def bounds(self, table: SideTable) -> tuple | None:
        """Return (lo, hi): integers lo <= every value of the table <= hi, or None when a value
        is below zero or the table is empty."""
        key = (id(table), "bounds")
        got = self._kept.get(key)
        if got is None or got[0] is not table or got[1] != len(table):
            got = self._keep(key, table, floor_bounds(table))
        return got[2]

    def _keep(self, key: tuple, table: SideTable, found) -> tuple:
        if len(self._kept) >= self._sweep_at:
            # every so often the tables no other cache holds are let go (kept alive by this
            # cache alone, they would raise the peak memory)
            self._let_go()
            if len(self._kept) >= ORDERS_KEPT:
                self._kept.clear()
            self._sweep_at = len(self._kept) + ORDERS_SWEPT
        got = self._kept[key] = (table, len(table), found)
        return got

    def forget_closed(self) -> None:
        """Forget every table (a line's end: kept here, a table would look held by a cache to
        profiles.ExactTables.forget_closed, which keeps the splits of those)."""
        self._kept.clear()

    def _let_go(self) -> None:
        """Forget the tables no other cache holds (then its table has two references: the kept
        tuple's, getrefcount's own)."""
        self._kept = {key: got for key, got in self._kept.items() if getrefcount(got[0]) > 2}


def by_floor(table: SideTable) -> tuple:
    """Return (pairs, floors, indices) for a table: its (value as a pair, entries) in its order,
    their indices sorted by the floors of their values, and those floors in that order (None and
    None when a value is below zero)."""
    pairs = [((key, 1) if type(key) is int else key, by_used) for key, by_used in table.items()]
    floors = [n // d if d > 0 else -1 for (n, d), _ in pairs]
    order = sorted(range(len(floors)), key=floors.__getitem__)
    floors = [floors[i] for i in order]
    if floors and floors[0] < 0:
        return pairs, None, None  # (a key over a denominator not above zero too: not met by its floor)
    return pairs, floors, order


def within_reach(pairs: list, floors: list, order: list, least: int, most: int | None):
    """Return the pairs (by_floor's) whose values' floors lie from `least` to `most` (None: no
    bound above), in the table's order (all of them: the list itself), or None when there are none."""
    i = bisect_left(floors, least)
    j = len(floors) if most is None else bisect_right(floors, most)
    if i >= j:
        return None
    return map(pairs.__getitem__, sorted(order[i:j])) if j - i < len(floors) else pairs


def value_range(table) -> tuple | None:
    """Return (lo, hi), whole numbers with lo <= v <= hi for every value v of a table (one
    written on demand, its bounds; or a set or list of value keys), or None when it has none."""
    if not table:
        return None
    if type(table) is not dict and type(table) is not set and type(table) is not list:
        bounds = getattr(table, "bounds", None)
        if bounds is None:
            return None
        lo, hi, _ = bounds()
        return lo, hi
    try:  # whole values alone, as most tables are: at C speed (an int and a pair do not compare)
        lo, hi = min(table), max(table)
        if type(lo) is int and type(hi) is int:
            return lo, hi
    except TypeError:
        pass
    # a pair n/d is not whole (reduced, d > 1): its floor is n // d and its ceiling one more
    floors = [key[0] // key[1] for key in table if type(key) is not int]
    wholes = [key for key in table if type(key) is int]
    if not wholes:
        return min(floors), max(floors) + 1
    return min(min(floors), min(wholes)), max(max(floors) + 1, max(wholes))


def floor_bounds(table) -> tuple | None:
    """Return `value_range`'s (lo, hi) of a table looked up, or None when a value is below zero
    (or a key is over a denominator not above zero) or the table is empty."""
    if tuple in set(map(type, table)) and any(type(key) is tuple and key[1] <= 0 for key in table):
        return None
    found = value_range(table)
    return found if found is not None and found[0] >= 0 else None
def table_size(table: SideTable, counting: bool) -> int:
    """Return how many sides a table (value -> packed tiles used -> [tiles]) lists, or how
    many entries it has when counting."""
    if counting:
        return sum(map(len, table.values()))
    # every list of tiles of every value, summed in C: a table can hold many thousands
    return sum(map(len, chain.from_iterable(map(dict.values, table.values()))))


def forget_closed(*caches: dict) -> None:
    """Drop from pattern-keyed caches every pattern but stretches of open board (all None)."""
    for cache in caches:
        for pattern in [p for p in cache if not open_board(p)]:
            del cache[pattern]


def open_board(pattern: tuple) -> bool:
    """Return whether a pattern is a stretch of open board (every cell None): the only patterns
    lines other than the one searched meet again."""
    return pattern.count(None) == len(pattern)


def grown(cache: dict, pattern: tuple, targets, aim, counting: bool) -> tuple[SideTable, int]:
    """Return the aimed table cached for the pattern, grown by aim(pattern, new targets, table)
    for the targets it does not cover yet (it adds sides of those values alone), and the work
    that took (those targets and the sides added)."""
    covered, out = cache.get(pattern) or (set(), {})
    targets = set(targets) - covered
    if not targets:
        return out, 0
    if not covered:
        cache[pattern] = (covered, out)
    covered |= targets
    aim(pattern, targets, out)
    # an aim adds the sides of its targets alone: those are counted, not the whole table again
    return out, len(targets) + table_size({key: out[key] for key in targets & out.keys()}, counting)


def add(out: SideTable, key: ValueKey, used: int, fills, counting: bool) -> None:
    """Add sides (a list of tiles, or how many when counting) of one value and tiles used to a
    table."""
    by_used = out.get(key)
    if by_used is None:
        by_used = out[key] = {}
    got = by_used.get(used)
    if counting:
        by_used[used] = fills + (got or 0)
    elif got is None:
        by_used[used] = list(fills)
    else:
        got.extend(fills)


def join(out: SideTable, hand: PackedHand, key: ValueKey, p_by_used: ByUsed, unit: int, fill: Fills, t_by_used: ByUsed,
         counting: bool) -> None:
    """Add to a table the sides of value `key` made of a prefix, an operation (its packed tile
    and tiles placed) and a term, for every prefix and term entry the hand can pay for together."""
    offset, high = hand.offset, hand.high
    if counting:  # add's arithmetic, inlined (the joins add millions of counts)
        by_used = out.get(key)
        if by_used is None:
            by_used = out[key] = {}
        for p_used, p_count in p_by_used.items():
            with_op = p_used + unit
            for t_used, t_count in t_by_used.items():
                used = with_op + t_used
                if not (used + offset) & high:
                    by_used[used] = by_used.get(used, 0) + p_count * t_count
        if not by_used:
            del out[key]
        return
    for p_used, p_fills in p_by_used.items():
        with_op = p_used + unit
        for t_used, t_fills in t_by_used.items():
            used = with_op + t_used
            if not (used + offset) & high:
                add(out, key, used, [pf + fill + tf for pf in p_fills for tf in t_fills], counting)


def many(fills) -> int:
    """Return how many sides an entry of a table stands for: a count, or a list of fills (a
    Number written from its value lists its few ways even when counting)."""
    return fills if type(fills) is int else len(fills)


def join_counts(out: SideTable, hand: PackedHand, key: ValueKey, a_by_used: ByUsed, unit: int,
                b_by_used: ByUsed) -> None:
    """Add to a counted table how many sides of value `key` are made of a part, an operation
    (its packed tile) and another part, for every pair of entries the hand can pay for together
    (blank_terms.join_tiles, counting: the entries are counts, or lists counted by `many`)."""
    offset, high = hand.offset, hand.high
    by_used = None
    b_items = b_by_used.items()
    for a_used, a_many in a_by_used.items():
        with_op = a_used + unit + offset
        if type(a_many) is not int:
            a_many = len(a_many)
        for b_used, b_many in b_items:
            used = with_op + b_used
            if not used & high:
                used -= offset
                if by_used is None:
                    by_used = out.get(key)
                    if by_used is None:
                        by_used = out[key] = {}
                if type(b_many) is not int:
                    b_many = len(b_many)
                by_used[used] = by_used.get(used, 0) + a_many * b_many


def count_met(out: SideTable, hand: PackedHand, met, unit: int) -> None:
    """Add to a counted table how many sides a join's meetings `met` give ((value key, one
    part's entries by tiles used, the other's)), across an operation (its packed tile)."""
    for key, a_by_used, b_by_used in met:
        join_counts(out, hand, key, a_by_used, unit, b_by_used)



def fraction_keys(table, steps: int):
    """Return (L, scaled) for a table's fraction keys (reduced n/d): L the least common multiple
    of their denominators, scaled n × L / d -> key. A quotient q that is not whole is a key's
    value only when q × L is whole, and then that key is scaled[q × L]: looked up without its
    gcd and pair, exactly. (1, {}) for a table of whole values alone; None when not worth it
    (fewer look-ups, `steps`, than twice its keys) or not a dict."""
    if type(table) is not dict or not WHOLE_SHORTCUTS or steps < 2 * len(table):
        return None
    if tuple not in set(map(type, table)):
        return 1, {}
    keys = [key for key in table if type(key) is tuple]
    if any(d <= 1 or gcd(n, d) != 1 for n, d in keys):
        return None  # a key not reduced over a positive denominator is met by its exact pair alone
    scale = lcm(*(d for _, d in keys))
    return scale, {n * (scale // d): (n, d) for n, d in keys}


def products(prefixes: SideTable, numbers: SideTable, targets: set, goals: list, times: bool,
             orders: ValueOrders | None = None):
    """Yield (target, prefix entries, Number entries) for every term prefix value p and last
    Number N with p × N (or p ÷ N) a target: the two smallest of prefixes, Numbers and targets
    are looped over, the third looked up (a × by 0 meets every prefix of target 0, a 0 × every
    Number). With `orders`, a target's loop over the prefixes takes only those within reach of
    it (see last_looked_up)."""
    p, n, v = len(prefixes), len(numbers), len(goals)
    if v * p < n * min(p, v):
        yield from last_looked_up(prefixes, numbers, lambda: numbers, goals, times, orders)
    elif p <= v:
        # (key_of inlined, whole values first; a ÷ by 0 is none)
        last = [((n_key, 1) if type(n_key) is int else n_key, n_by_used) for n_key, n_by_used in numbers.items()
                if times or n_key != 0]
        # dividing by whole Numbers alone, whole targets alone: a quotient that is not whole is
        # no target (see below; checked when the joins are at least twice the targets)
        whole_last = None
        if WHOLE_SHORTCUTS and not times and p * len(last) >= 2 * v and tuple not in set(map(type, numbers)) \
                and tuple not in set(map(type, targets)):
            whole_last = [n_n for (n_n, _), _ in last]
            n_bys = [n_by_used for _, n_by_used in last]
        for p_key, p_by_used in prefixes.items():
            p_n, p_d = (p_key, 1) if type(p_key) is int else p_key
            if whole_last and p_d == 1:
                # a whole prefix and whole Numbers, whole targets: the quotients that are whole
                # (by a divisibility filter at C speed) in the targets
                for n_n, n_by_used in compress(zip(whole_last, n_bys), map(not_, map(p_n.__mod__, whole_last))):
                    v_key = p_n // n_n
                    if v_key in targets:
                        yield v_key, p_by_used, n_by_used
            elif times:
                for (n_n, n_d), n_by_used in last:
                    top = p_n * n_n
                    bottom = p_d * n_d
                    if bottom == 1:
                        v_key = top
                    elif top % bottom == 0:
                        v_key = top // bottom
                    else:
                        g = gcd(top, bottom)
                        v_key = (top // g, bottom // g)
                    if v_key in targets:
                        yield v_key, p_by_used, n_by_used
            else:
                for (n_n, n_d), n_by_used in last:
                    top = p_n * n_d
                    bottom = p_d * n_n
                    if top % bottom == 0:
                        v_key = top // bottom
                    else:
                        g = gcd(top, bottom)
                        v_key = (top // g, bottom // g)
                    if v_key in targets:
                        yield v_key, p_by_used, n_by_used
    else:
        yield from first_looked_up(prefixes, lambda: prefixes, numbers, goals, times, orders)


def last_looked_up(first: SideTable, last, every_last, goals: list, times: bool, orders: ValueOrders | None = None):
    """Yield (target, first entries, last Number's entries) for every a × b (or a ÷ b) that is a
    target: the targets and the first values a are looped over and b looked up in `last` (a
    table, or a OneNumber); a 0 × b (or 0 ÷ b) meets every b of target 0, from `every_last()`,
    a table of them all. With `orders`, a target's loop takes only the a within reach of it."""
    kept = orders is not None and VALUE_RANGES and type(first) is dict and len(first) >= RANGE_FROM
    if kept:  # a table looped over again and again (most are): its pairs are kept in order too
        firsts, floors, order = orders.order(first)
    else:
        firsts = [((a_key, 1) if type(a_key) is int else a_key, a_by_used) for a_key, a_by_used in first.items()]
    get = last.get
    # a table written on demand: only the values of its length are looked up (see meetings)
    bounds = getattr(last, "bounds", None)
    lo, hi, cache = bounds() if bounds is not None else (None, None, None)
    cached = cache.get if cache is not None else None
    # a quotient that is not whole (most of the look-ups, seldom met) is looked up scaled by the
    # denominators of the table's fractions, without its gcd and pair (see fraction_keys)
    fractions = fraction_keys(last, len(goals) * len(firsts))
    scale, scaled = fractions or (None, None)
    scaled_key = scaled.get if scaled else None
    # b within lo <= b <= hi: for a target v, a × b = v only when v / hi <= a <= v / lo (a ÷ b:
    # v × lo <= a <= v × hi), so a target's loop takes the a of floors within those bounds'
    # floors alone (most fall outside), in the table's order
    reach = kept and floors is not None and (
        (lo, hi) if cache is not None else orders.bounds(last) if type(last) is dict else None)
    for v_n, v_d in goals:
        v_key = v_n if v_d == 1 else (v_n, v_d)
        row = firsts
        if reach and v_n > 0 < v_d:
            b_lo, b_hi = reach
            if times:
                if b_hi <= 0:
                    continue
                row = within_reach(firsts, floors, order, v_n // (v_d * b_hi), v_n // (v_d * b_lo) if b_lo else None)
            else:
                row = within_reach(firsts, floors, order, v_n * b_lo // v_d, v_n * b_hi // v_d)
            if row is None:
                continue
        elif v_n == 0:
            for (a_n, a_d), a_by_used in firsts:
                if a_n == 0:  # 0 × b, 0 ÷ b: every b (not 0 when dividing)
                    for b_key, b_by_used in every_last().items():
                        if times or b_key != 0:
                            yield v_key, a_by_used, b_by_used
                elif times:  # b = 0 / a
                    b_by_used = get(0) if cached is None or lo <= 0 < hi else None
                    if b_by_used:
                        yield v_key, a_by_used, b_by_used
            continue
        for (a_n, a_d), a_by_used in row:
            if a_n == 0:
                continue
            if times:  # b = v / a
                n = v_n * a_d
                d = v_d * a_n
            else:  # b = a / v
                n = a_n * v_d
                d = a_d * v_n
            if cached is not None and d > 0:
                if not lo * d <= n < hi * d:
                    continue
                if n % d == 0:
                    b_key = n // d
                else:
                    g = gcd(n, d)
                    b_key = (n // g, d // g)
                b_by_used = cached(b_key, False)
                if b_by_used is False:
                    b_by_used = get(b_key)
            # key_of inlined, whole quotients first (the joins make millions of keys)
            elif n % d == 0:
                b_by_used = get(n // d)
            elif fractions is not None and d > 0:
                m = n * scale
                if m % d:
                    continue
                b_key = scaled_key(m // d)
                if b_key is None:
                    continue
                b_by_used = get(b_key)
            else:
                g = gcd(n, d)
                b_by_used = get((n // g, d // g))
            if b_by_used:
                yield v_key, a_by_used, b_by_used


def first_looked_up(first, every_first, last: SideTable, goals: list, times: bool, orders: ValueOrders | None = None):
    """Yield (target, first entries, last Number's entries) for every a × b (or a ÷ b) that is a
    target: the targets and the last Numbers b are looped over and a looked up in `first` (a
    table, or a OneNumber); a × 0 meets every a of target 0, from `every_first()`, a table of
    them all. With `orders`, a target's loop takes only the b within reach of a Number written
    on demand (`first`'s bounds; those of a table are too wide to pay)."""
    kept = orders is not None and VALUE_RANGES and type(last) is dict and len(last) >= RANGE_FROM
    if kept:  # a table looped over again and again: its pairs are kept in order (see last_looked_up)
        numbers, floors, order = orders.order(last)
    else:
        numbers = [((b_key, 1) if type(b_key) is int else b_key, b_by_used) for b_key, b_by_used in last.items()]
    get = first.get
    # a × b = v: a = v / b; a ÷ b = v: a = v × b (key_of inlined, whole ones first)
    bounds = getattr(first, "bounds", None)
    if bounds is not None:
        # a table written on demand: only the values of its length are looked up (see meetings)
        lo, hi, cache = bounds()
        cached = cache.get
        # and a within lo <= a <= hi: for a target v, a × b = v only when v / hi <= b <= v / lo
        # (a ÷ b: lo / v <= b <= hi / v), so a target's loop takes the b of floors within those
        # bounds' floors alone, in the table's order
        reach = kept and floors is not None
        for v_n, v_d in goals:
            v_key = v_n if v_d == 1 else (v_n, v_d)
            row = numbers
            if reach and v_n > 0 < v_d:
                if times:
                    row = within_reach(numbers, floors, order, v_n // (v_d * hi), v_n // (v_d * lo) if lo else None)
                else:
                    row = within_reach(numbers, floors, order, lo * v_d // v_n, hi * v_d // v_n)
                if row is None:
                    continue
            for (b_n, b_d), b_by_used in row:
                if b_n == 0:
                    if times and v_n == 0:
                        for a_by_used in every_first().values():
                            yield v_key, a_by_used, b_by_used
                    continue
                n, d = (v_n * b_d, v_d * b_n) if times else (v_n * b_n, v_d * b_d)
                if d > 0:
                    if not lo * d <= n < hi * d:
                        continue
                    if n % d == 0:
                        a_key = n // d
                    else:
                        g = gcd(n, d)
                        a_key = (n // g, d // g)
                    a_by_used = cached(a_key, False)
                    if a_by_used is False:
                        a_by_used = get(a_key)
                elif n % d == 0:
                    a_by_used = get(n // d)
                else:
                    g = gcd(n, d)
                    a_by_used = get((n // g, d // g))
                if a_by_used:
                    yield v_key, a_by_used, b_by_used
        return
    # a quotient that is not whole (most of the look-ups, seldom met) is looked up scaled by the
    # denominators of the table's fractions, without its gcd and pair (see fraction_keys)
    fractions = fraction_keys(first, len(goals) * len(numbers))
    scale, scaled = fractions or (None, None)
    scaled_key = scaled.get if scaled else None
    if times and scaled == {}:
        # whole a = v / b: a whole v's divisors among the whole Numbers, found at C speed (a
        # fraction b loops as below); a fraction v meets a fraction b alone (v's denominator
        # divides no whole product)
        whole = {b_n: b_by_used for (b_n, b_d), b_by_used in numbers if b_d == 1 and b_n != 0}
        if len(whole) == len(numbers):
            split = None
        else:
            split = [(b, b_by_used) for b, b_by_used in numbers if b[1] != 1 or b[0] == 0]
    else:
        split = False
    for v_n, v_d in goals:
        v_key = v_n if v_d == 1 else (v_n, v_d)
        if split is not False and v_n != 0:
            if v_d == 1:
                if split is None:
                    for b_key in filterfalse(v_n.__mod__, whole):
                        a_by_used = get(v_n // b_key)
                        if a_by_used:
                            yield v_key, a_by_used, whole[b_key]
                    continue
            elif split is not None:
                for (b_n, b_d), b_by_used in split:
                    if b_n != 0:
                        n = v_n * b_d
                        d = v_d * b_n
                        if n % d == 0:
                            a_by_used = get(n // d)
                            if a_by_used:
                                yield v_key, a_by_used, b_by_used
                continue
            else:
                continue
        if times:
            for (b_n, b_d), b_by_used in numbers:
                if b_n == 0:
                    if v_n == 0:
                        for a_by_used in every_first().values():
                            yield v_key, a_by_used, b_by_used
                    continue
                n = v_n * b_d
                d = v_d * b_n
                if n % d == 0:
                    a_by_used = get(n // d)
                elif fractions is not None and d > 0:
                    m = n * scale
                    if m % d:
                        continue
                    a_key = scaled_key(m // d)
                    if a_key is None:
                        continue
                    a_by_used = get(a_key)
                else:
                    g = gcd(n, d)
                    a_by_used = get((n // g, d // g))
                if a_by_used:
                    yield v_key, a_by_used, b_by_used
        else:
            for (b_n, b_d), b_by_used in numbers:
                if b_n == 0:
                    continue
                n = v_n * b_n
                d = v_d * b_d
                if d == 1:
                    a_by_used = get(n)
                elif n % d == 0:
                    a_by_used = get(n // d)
                elif fractions is not None and d > 0:
                    m = n * scale
                    if m % d:
                        continue
                    a_key = scaled_key(m // d)
                    if a_key is None:
                        continue
                    a_by_used = get(a_key)
                else:
                    g = gcd(n, d)
                    a_by_used = get((n // g, d // g))
                if a_by_used:
                    yield v_key, a_by_used, b_by_used


def meetings(prefixes: SideTable, terms: SideTable, targets: set, goals: list, plus: bool, negatives: bool):
    """Yield (target, prefix entries, term entries) for every prefix value p and term value t
    with p + t (or p − t) a target: the two smallest of the three are looped over, the third
    looked up. Prefixes and terms are never below zero unless the set has `negatives`."""
    p, t, v = len(prefixes), len(terms), len(goals)
    # without negatives, p + t = v holds only for a p and a t of at most v, and p − t = v only
    # for a p of at least v: when the targets are looped over (the first two ways below), a part
    # past all their bounds meets none and is not looped over (a third of the look-ups of the
    # bench's joins across a +)
    inf = float("inf")
    top, low = inf, -inf  # at least every target, at most every target
    if v <= max(t, p) and goals and not negatives:
        if plus:
            top = max(-(-v_n // v_d) for v_n, v_d in goals)
        else:
            low = min(v_n // v_d for v_n, v_d in goals)
    # pair and key_of inlined (the joins make millions of keys), and a gcd taken only of two
    # fractions: a whole value and a reduced n/d make a fraction over d already reduced
    if t * v <= p * min(t, v):
        # targets and terms: the prefix is v − t (or v + t)
        last = [((t_key, 1) if type(t_key) is int else t_key, t_by_used) for t_key, t_by_used in terms.items()]
        get = prefixes.get
        # a whole target's row: its whole terms in a loop of their own, with an int key to look
        # up (most steps), then the others; the meetings merged back in the order of `last`
        whole = [(i, t_n, t_by_used) for i, ((t_n, t_d), t_by_used) in enumerate(last) if t_d == 1 and t_n <= top]
        others = [(i, t_n, t_d, t_by_used) for i, ((t_n, t_d), t_by_used) in enumerate(last)
                  if t_d != 1 and t_n <= top * t_d]
        near = None  # the terms of at most `top`, for the targets that are fractions
        for v_n, v_d in goals:
            if v_d == 1:
                if not others:  # the whole terms alone (most rows): met in their order, as found
                    if plus:
                        for _, t_n, t_by_used in whole:
                            p_by_used = get(v_n - t_n)
                            if p_by_used is not None and (negatives or v_n >= t_n):
                                yield v_n, p_by_used, t_by_used
                    else:
                        for _, t_n, t_by_used in whole:
                            p_by_used = get(v_n + t_n)
                            if p_by_used is not None and (negatives or v_n + t_n >= 0):
                                yield v_n, p_by_used, t_by_used
                    continue
                found = []
                if plus:
                    for i, t_n, t_by_used in whole:
                        p_by_used = get(v_n - t_n)
                        if p_by_used is not None and (negatives or v_n >= t_n):
                            found.append((i, p_by_used, t_by_used))
                else:
                    for i, t_n, t_by_used in whole:
                        p_by_used = get(v_n + t_n)
                        if p_by_used is not None and (negatives or v_n + t_n >= 0):
                            found.append((i, p_by_used, t_by_used))
                if others:
                    more = len(found)
                    for i, t_n, t_d, t_by_used in others:
                        # v ∓ t_n/t_d = (v·t_d ∓ t_n)/t_d, reduced as t_n/t_d is
                        p_n = v_n * t_d - t_n if plus else v_n * t_d + t_n
                        if p_n < 0 and not negatives:
                            continue
                        p_by_used = get((p_n, t_d))
                        if p_by_used is not None:
                            found.append((i, p_by_used, t_by_used))
                    if more and len(found) > more:
                        found.sort(key=itemgetter(0))
                for _, p_by_used, t_by_used in found:
                    yield v_n, p_by_used, t_by_used
                continue
            v_key = (v_n, v_d)
            if near is None:
                near = last if top == inf else [(t_key, t_by_used) for t_key, t_by_used in last
                                                if t_key[0] <= top * t_key[1]]
            for (t_n, t_d), t_by_used in near:
                if t_d == 1:  # (v_n ∓ t·v_d)/v_d, reduced as v_n/v_d is
                    p_n = v_n - t_n * v_d if plus else v_n + t_n * v_d
                    if p_n < 0 and not negatives:
                        continue
                    p_by_used = get((p_n, v_d))
                else:
                    p_n = v_n * t_d - t_n * v_d if plus else v_n * t_d + t_n * v_d
                    if p_n < 0 and not negatives:
                        continue
                    d = v_d * t_d
                    if p_n % d == 0:
                        p_by_used = get(p_n // d)
                    else:
                        g = gcd(p_n, d)
                        p_by_used = get((p_n // g, d // g))
                if p_by_used is not None:
                    yield v_key, p_by_used, t_by_used
    elif v <= t:
        # prefixes and targets: the term is v − p (or p − v)
        get = terms.get
        bounds = getattr(terms, "bounds", None)
        if bounds is not None:
            # Numbers written from their value: only the values of their length are looked up (a
            # few percent of them, most below), their cache read here and get called on a miss
            lo, hi, cache = bounds()
            cached = cache.get
            for p_key, p_by_used in prefixes.items():
                if type(p_key) is int:
                    if p_key > top or p_key < low:
                        continue
                    for v_n, v_d in goals:
                        if v_d == 1:
                            t_n = v_n - p_key if plus else p_key - v_n
                            if lo <= t_n < hi:
                                t_by_used = cached(t_n, False)
                                if t_by_used is False:
                                    t_by_used = get(t_n)
                                if t_by_used is not None:
                                    yield v_n, p_by_used, t_by_used
                            continue
                        t_n = v_n - p_key * v_d if plus else p_key * v_d - v_n
                        if lo * v_d <= t_n < hi * v_d:
                            t_key = (t_n, v_d)
                            t_by_used = cached(t_key, False)
                            if t_by_used is False:
                                t_by_used = get(t_key)
                            if t_by_used is not None:
                                yield (v_n, v_d), p_by_used, t_by_used
                    continue
                p_n, p_d = p_key
                if p_n > top * p_d or p_n < low * p_d:
                    continue
                for v_n, v_d in goals:
                    t_n = v_n * p_d - p_n * v_d if plus else p_n * v_d - v_n * p_d
                    t_d = v_d * p_d
                    if lo * t_d <= t_n < hi * t_d:
                        if v_d == 1:
                            t_key = (t_n, p_d)
                        elif t_n % t_d == 0:
                            t_key = t_n // t_d
                        else:
                            g = gcd(t_n, t_d)
                            t_key = (t_n // g, t_d // g)
                        t_by_used = cached(t_key, False)
                        if t_by_used is False:
                            t_by_used = get(t_key)
                        if t_by_used is not None:
                            yield (v_n if v_d == 1 else (v_n, v_d)), p_by_used, t_by_used
            return
        for p_key, p_by_used in prefixes.items():
            if type(p_key) is int:
                if p_key > top or p_key < low:
                    continue
                for v_n, v_d in goals:
                    if v_d == 1:
                        t_n = v_n - p_key if plus else p_key - v_n
                        if t_n < 0 and not negatives:
                            continue
                        t_by_used = get(t_n)
                        if t_by_used is not None:
                            yield v_n, p_by_used, t_by_used
                        continue
                    t_n = v_n - p_key * v_d if plus else p_key * v_d - v_n
                    if t_n < 0 and not negatives:
                        continue
                    t_by_used = get((t_n, v_d))
                    if t_by_used is not None:
                        yield (v_n, v_d), p_by_used, t_by_used
                continue
            p_n, p_d = p_key
            if p_n > top * p_d or p_n < low * p_d:
                continue
            for v_n, v_d in goals:
                t_n = v_n * p_d - p_n * v_d if plus else p_n * v_d - v_n * p_d
                if t_n < 0 and not negatives:
                    continue
                if v_d == 1:
                    t_by_used = get((t_n, p_d))
                else:
                    d = v_d * p_d
                    if t_n % d == 0:
                        t_by_used = get(t_n // d)
                    else:
                        g = gcd(t_n, d)
                        t_by_used = get((t_n // g, d // g))
                if t_by_used is not None:
                    yield (v_n if v_d == 1 else (v_n, v_d)), p_by_used, t_by_used
    else:
        # prefixes and terms: p + t (or p − t) is looked up among the targets
        last = [((t_key, 1) if type(t_key) is int else t_key, t_by_used) for t_key, t_by_used in terms.items()]
        for p_key, p_by_used in prefixes.items():
            if type(p_key) is int:
                for (t_n, t_d), t_by_used in last:
                    if t_d == 1:
                        v_key = p_key + t_n if plus else p_key - t_n
                    else:
                        v_key = (p_key * t_d + t_n if plus else p_key * t_d - t_n), t_d
                    if v_key in targets:
                        yield v_key, p_by_used, t_by_used
                continue
            p_n, p_d = p_key
            for (t_n, t_d), t_by_used in last:
                if t_d == 1:
                    v_key = (p_n + t_n * p_d if plus else p_n - t_n * p_d), p_d
                else:
                    v_n = p_n * t_d + t_n * p_d if plus else p_n * t_d - t_n * p_d
                    d = p_d * t_d
                    if v_n % d == 0:
                        v_key = v_n // d
                    else:
                        g = gcd(v_n, d)
                        v_key = (v_n // g, d // g)
                if v_key in targets:
                    yield v_key, p_by_used, t_by_used


def meeting_look_ups(prefixes, terms, goals: list) -> int:
    """Return about how many values `meetings` looks up for these tables and targets (the two
    smallest of the three looped over; a table written on demand is never looped over): the
    work of one join, when counting."""
    p, t, v = len(prefixes), len(terms), len(goals)
    return min(t * v, p * min(t, v))
