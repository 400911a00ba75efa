"""Aimed sides: the sides of a long stretch whose value is one of a few targets, found without
listing every side of the stretch.

When one side of an = is short, its table has a few values, and only the long side's sides of
those values can make a play. A side is a prefix (a whole side itself), then its last + or −,
then its last term (Numbers joined by × and ÷ only); or it is one term. So a side of value v
ending with `+ T` has a prefix of value v − T, and one ending with `− T` a prefix of value
v + T. The last terms come from short walks that allow × and ÷ only. The prefix before a late
+ or − is aimed in turn at the values it needs (the targets ∓ the last terms' values) while
they are few; the earlier ones come from one walk with a stop at every end. A side is built
only when its prefix and term values meet a target. Never below zero holds exactly: the
prefix, a side itself, has every running sum checked, and the last running sum is the target.

A side that is one long term is split the same way, at its last × or ÷: a term prefix (aimed
in turn, or walked) and the last Number, met by product or quotient. A × 0 of target 0 meets
every term prefix: counting, they are counted by tiles used alone. With one × or ÷ in the
hand, a term is two Numbers, the longer written from its value by OneNumber.
"""

from __future__ import annotations

from classroom.game.symbols import PLUS_MINUS, TIMES_DIVIDE
from classroom.solve.board.meet import (
    MEETING_WEIGHT,
    ValueOrders,
    add,
    first_looked_up,
    forget_closed,
    grown,
    join,
    key_of,
    last_looked_up,
    meeting_look_ups,
    meetings,
    pairs_of,
    products,
    table_size,
)
from classroom.solve.board.sides import (
    FRACTION_PAIRS,
    ByUsed,
    PackedHand,
    SideTable,
    StopTables,
    ValueKey,
    cell_numbers,
    cell_operations,
    count_walk,
    empty_squares,
    filling,
    may_hold,
    walk,
)

TERM_AIM_FROM = 5  # a whole term of this many empty squares or more is split at its last × or ÷
ONE_NUMBER_FROM = 4  # a term of this many empty squares or more that holds one Number is never listed
PREFIX_AIM_FROM = 5  # a prefix of this many empty squares or more may itself be aimed,
PREFIX_TARGETS = 200  # when it needs at most this many values (targets × last terms); a last
# term after an early + or − likewise (targets × prefixes)


class OverLimit(Exception):
    """Aiming went past its limit of work."""



class OneNumber:
    """The terms of a stretch that can hold no × or ÷: one Number filling it. A Number of a
    given value is written in few ways (its digits, or digits and a fraction tile), so they are
    made when asked for, a value at a time, never listed. Reads like a term table (`get`); its
    length is unknown, so a join looks values up in it rather than going through it."""

    def __init__(self, pattern: tuple, hand: PackedHand, counting: bool):
        self.pattern = pattern
        self.hand = hand
        self.counting = counting
        self._found: dict = {}
        # a Number of m cells is below 10^m, and from 10^(m − 2) on when m > 1 (m − 1 digits
        # before a fraction tile at least): values outside are never written
        m = len(pattern)
        self._below = 10 ** m
        self._from = 10 ** (m - 2) if m > 1 else 0
        last = pattern[-1]
        self._fractions = [(symbol, p, q) for symbol, (p, q) in FRACTION_PAIRS.items()
                           if (last == symbol if type(last) is str else
                               symbol in hand.kinds and (last is None or symbol in last))]

    def __bool__(self) -> bool:
        return True

    def __len__(self) -> int:
        return 1 << 40

    def bounds(self) -> tuple:
        """Return (lo, hi, cache): a Number of the pattern's length has a value lo <= v < hi
        (`get` finds nothing outside), and cache maps the keys asked for so far to `get`'s
        answer (a join reads it, calling `get` on a miss: most of its look-ups fall outside)."""
        return max(self._from, 0), self._below, self._found

    def get(self, key):
        """Return packed tiles used -> [tiles] (how many, when counting) for the Numbers of the
        value that fill the pattern, or None."""
        found = self._found.get(key, False)
        if found is False:
            n, d = (key, 1) if type(key) is int else key
            if n < 0 or n >= d * self._below or n < d * self._from:
                return None
            found = self._found[key] = self._written(key) or None
        return found

    def _written(self, key: ValueKey) -> ByUsed:
        n, d = (key, 1) if type(key) is int else key
        m = len(self.pattern)
        ways = []  # the Number's symbols
        if d == 1 and n >= 0 and len(str(n)) == m:
            ways.append(tuple(str(n)))
        for symbol, p, q in self._fractions:
            # whole + p/q = n/d, whole written with the m - 1 digits before the fraction tile
            whole, rest = divmod(n * q - p * d, d * q)
            if rest or whole < 0:
                continue
            if m == 1 and whole == 0:
                ways.append((symbol,))
            elif m > 1 and whole > 0 and len(str(whole)) == m - 1:
                ways.append(tuple(str(whole)) + (symbol,))
        found: dict = {}
        hand = self.hand
        for symbols in ways:
            used, fills = 0, []
            for cell, symbol in zip(self.pattern, symbols):
                if type(cell) is str:
                    if cell != symbol:
                        break
                    continue
                if cell is not None and symbol not in cell or symbol not in hand.kinds:
                    break
                used += hand.unit[hand.kinds.index(symbol)]
                fills.append(symbol)
            else:
                if hand.fits(used):
                    if self.counting:
                        found[used] = found.get(used, 0) + 1
                    else:
                        found.setdefault(used, []).append(tuple(fills))
        return found


class Aiming:
    """The prefix and last-term tables of one hand, cached by pattern, and the aimed tables
    built from them; with `counting`, every list of tiles is how many there are instead (the
    tables of `count_walk`), and `held` is then the entries built, a measure of work."""

    def __init__(self, hand: PackedHand, counting: bool = False, signs: tuple | None = None):
        self.hand = hand
        self.counting = counting
        self._prefixes: dict = {}
        self._terms: dict = {}
        # signs -> pattern -> (targets covered, their sides), of the sides holding at least that
        # many of the hand's + and − (0: every side)
        self._aimed_by_signs: dict = {0: {}}
        self._term_prefixes_of: dict = {}  # pattern -> end -> table of the terms filling it so far
        self._aimed_terms: dict = {}  # pattern -> (targets covered, their terms)
        self._term_uses_of: dict = {}  # pattern -> packed tiles used -> how many terms fill it
        self._numbers_of: dict = {}  # pattern -> table of the Numbers filling it
        self.orders = ValueOrders()  # the tables the joins by product and quotient meet, by value
        self.held = 0  # sides held in the caches (and, when counting, other work done)
        self.looked = 0  # listing, the joins' value look-ups (MEETING_WEIGHT a unit): work, uncapped
        self.limit: int | None = None  # work past which OverLimit is raised
        # where a prefix may end: before a + or − of the hand's (or of `signs`: a wildcard
        # blank's, whose sides classroom.solve.board.blank_aim joins to these prefixes)
        self.signs = signs or tuple(s for s in PLUS_MINUS if s in hand.kinds or s in hand.blank_symbols)
        self.joins = tuple(s for s in TIMES_DIVIDE if s in hand.kinds or s in hand.blank_symbols)
        self._one_join = not hand.blank_symbols and sum(
            c for kind, c in zip(hand.kinds, hand.counts) if kind in TIMES_DIVIDE) == 1

    def prefixes(self, pattern: tuple) -> StopTables:
        """Return end -> table of the sides filling pattern[:end + 1], for the ends followed by
        a cell of the pattern that can hold + or −."""
        found = self._prefixes.get(pattern)
        if found is None:
            stops = tuple(may_hold(cell, PLUS_MINUS, self.signs) for cell in pattern[1:])
            found = self._prefixes[pattern] = (count_walk if self.counting else walk)(
                pattern[:-1], stops, self.hand)
            self.spend(sum(self._size(table) for table in found.values()))
        return found

    def terms(self, pattern: tuple) -> SideTable:
        """Return value -> packed tiles used -> [tiles] for the terms (Numbers joined by × and ÷
        only) filling the whole pattern."""
        found = self._terms.get(pattern)
        if found is None:
            if (self.hand.blank_symbols or self.hand.signed or empty_squares(pattern) < ONE_NUMBER_FROM
                    or any(may_hold(cell, TIMES_DIVIDE, self.joins) for cell in pattern[1:-1])):
                found = filling(pattern, self.hand, self.counting, TIMES_DIVIDE)
                self.spend(self._size(found))
            else:
                found = OneNumber(pattern, self.hand, self.counting)
            self._terms[pattern] = found
        return found

    def whole_terms(self, pattern: tuple, targets: set) -> SideTable:
        """Return a table holding the terms filling the whole pattern whose value is one of the
        targets (and maybe others): a long term aimed (`_aim_terms`, cached and grown like the
        aimed sides), a short one, or one the hand can write only as a Number, `terms`."""
        if not self._aims_terms(pattern):
            return self.terms(pattern)
        out, work = grown(self._aimed_terms, pattern, targets, self._aim_terms, self.counting)
        self.spend(work)
        return out

    def _aims_terms(self, pattern: tuple) -> bool:
        """Return whether the terms filling the pattern are aimed at values rather than listed:
        when it is long, not listed yet, and the hand has a × or ÷ (and neither a blank nor
        signed tiles)."""
        hand = self.hand
        return not (pattern in self._terms or hand.blank_symbols or hand.signed or not self.joins
                    or empty_squares(pattern) < TERM_AIM_FROM)

    def _aim_terms(self, pattern: tuple, targets: set, out: SideTable) -> None:
        """Add the terms of the target values to `out`. A long term is split at its last × or
        ÷: a term prefix, the × or ÷, and its last Number, joined by value, so the terms of
        other values are never listed. The term prefix is aimed in turn at the values it needs
        while they are few; else one walk with a stop at every end lists the term prefixes."""
        hand = self.hand
        counting = self.counting
        one = OneNumber(pattern, hand, counting)
        lo, hi, _ = one.bounds()
        for key in targets:
            # (most targets are no Number of the pattern's length: skipped without a call)
            by_used = one.get(key) if type(key) is not int or lo <= key < hi else None
            if by_used:
                for used, fills in by_used.items():
                    add(out, key, used, fills, counting)
        goals = pairs_of(targets)
        if self._one_join and not any(type(cell) is str and cell in TIMES_DIVIDE for cell in pattern):
            # one × or ÷ in the hand and none on the board: a term is Number × Number (or ÷),
            # each side of it one Number, written from its value when long
            for k in range(1, len(pattern) - 1):
                ops = cell_operations(pattern[k], hand, TIMES_DIVIDE)
                if not ops:
                    continue
                first, last = self._numbers_or_one(pattern[:k]), self._numbers_or_one(pattern[k + 1:])
                if not first or not last:
                    continue
                for symbol, unit, fill in ops:
                    for v_key, a_by_used, b_by_used in self._number_products(
                            pattern[:k], first, pattern[k + 1:], last, targets, goals, symbol == "×"):
                        join(out, hand, v_key, a_by_used, unit, fill, b_by_used, counting)
            return
        walked = None  # end -> table of every term prefix, once one walk lists them
        for k in range(len(pattern) - 2, 0, -1):  # the last × or ÷ stands at k, latest first
            ops = cell_operations(pattern[k], hand, TIMES_DIVIDE)
            if not ops:
                continue
            numbers = self.last_numbers(pattern[k + 1:])
            if not numbers:
                continue
            if walked is None:
                needed = self._needed_factors(pattern[:k + 1], targets, numbers, ops)
                if needed is None:
                    walked = self._term_prefixes(pattern[:k + 1])
            if walked is not None:
                prefix = walked.get(k - 1)
            else:
                prefix = self.whole_terms(pattern[:k], needed)
                if 0 in targets and 0 in numbers:
                    # × 0 makes 0 of every term prefix (counted by tiles used, whatever its value)
                    for symbol, unit, fill in ops:
                        if symbol == "×":
                            join(out, hand, 0, self.term_uses(pattern[:k]), unit, fill, numbers[0], counting)
                    numbers = {key: by_used for key, by_used in numbers.items() if key != 0}
            if not prefix:
                continue
            self._look(len(ops) * len(numbers) * min(len(prefix), len(goals)) // MEETING_WEIGHT)
            for symbol, unit, fill in ops:
                for v_key, p_by_used, n_by_used in products(prefix, numbers, targets, goals, symbol == "×",
                                                             self.orders):
                    join(out, hand, v_key, p_by_used, unit, fill, n_by_used, counting)

    def _needed_factors(self, upto: tuple, targets: set, numbers: SideTable, ops: tuple) -> set | None:
        """Return the values the term prefix before a × or ÷ (upto: the cells up to it) needs to
        make one of the targets with a last Number of the table (v ÷ N before a ×, v × N before
        a ÷; a × 0 takes any, see `term_uses`), or None when it is walked whole instead (see
        `_aims_at`; listing, also when a × 0 needs any)."""
        if not self._aims_at(upto, self._aimed_terms, self._term_prefixes_of,
                             len(targets) * len(numbers) * len(ops)):
            return None
        if not self.counting and 0 in targets and 0 in numbers and any(symbol == "×" for symbol, _, _ in ops):
            return None  # listing, a × 0 needs every term prefix's tiles: walked
        needed = set()
        values = pairs_of(n_key for n_key in numbers if n_key != 0)
        for v_n, v_d in pairs_of(targets):
            for symbol, _, _ in ops:
                for n_n, n_d in values:
                    needed.add(key_of(v_n * n_d, v_d * n_n) if symbol == "×" else key_of(v_n * n_n, v_d * n_d))
        return needed

    def _numbers_or_one(self, pattern: tuple):
        """Return the table of the Numbers filling the pattern, or a OneNumber to look them up
        by value when the pattern is long."""
        if empty_squares(pattern) >= ONE_NUMBER_FROM:
            return OneNumber(pattern, self.hand, self.counting)
        return self.last_numbers(pattern)

    def _number_products(self, first_pattern: tuple, first, last_pattern: tuple, last, targets: set,
                         goals: list, times: bool):
        """Yield (target, first Number's entries, last Number's entries) for every a × b (or
        a ÷ b) that is a target, a filling the first pattern and b the last one. A long side is
        looked up by value (a OneNumber), never listed; of two tables, the two smallest of
        them and the targets are looped over (see `products`)."""
        if isinstance(first, OneNumber) and isinstance(last, OneNumber):
            if len(first_pattern) <= len(last_pattern):
                first = self.last_numbers(first_pattern)
            else:
                last = self.last_numbers(last_pattern)
        if isinstance(first, OneNumber):
            yield from first_looked_up(first, lambda: self.last_numbers(first_pattern), last, goals, times,
                                       self.orders)
        elif isinstance(last, OneNumber):
            yield from last_looked_up(first, last, lambda: self.last_numbers(last_pattern), goals, times,
                                      self.orders)
        else:
            yield from products(first, last, targets, goals, times, self.orders)

    def _term_prefixes(self, pattern: tuple) -> StopTables:
        """Return end -> table of the terms (× and ÷ only) filling pattern[:end + 1], for the
        ends followed by a cell that can hold × or ÷."""
        found = self._term_prefixes_of.get(pattern)
        if found is None:
            stops = tuple(may_hold(cell, TIMES_DIVIDE, self.joins) for cell in pattern[1:]) + (False,)
            found = self._term_prefixes_of[pattern] = (count_walk if self.counting else walk)(
                pattern, stops, self.hand, TIMES_DIVIDE)
            self.spend(sum(self._size(table) for table in found.values()))
        return found

    def term_uses(self, pattern: tuple) -> dict:
        """Return packed tiles used -> how many terms (Numbers joined by × and ÷ only, never a
        ÷ by 0) fill the whole pattern, whatever their values (counting: what a × 0 meets). A
        dynamic programme over the Number boundaries by tiles used alone."""
        found = self._term_uses_of.get(pattern)
        if found is not None:
            return found
        hand = self.hand
        offset, high = hand.offset, hand.high
        n = len(pattern)
        ops = [cell_operations(cell, hand, TIMES_DIVIDE) for cell in pattern]
        states: list = [{} for _ in range(n)]  # position -> (used, after a ÷) -> how many
        states[0][0, False] = 1
        found = {}
        for i in range(n):
            here = cell_numbers(pattern[i:], hand) if states[i] else ()
            for (used, divided), count in states[i].items():
                for length, by_used in here:
                    j = i + length
                    if j != n - 1 and (j + 2 >= n or not ops[j + 1]):
                        continue
                    for number_used, items in by_used:
                        now = used + number_used
                        if (now + offset) & high:
                            continue
                        ways = count * (sum(1 for value_n, _, _ in items if value_n) if divided else len(items))
                        if not ways:
                            continue
                        if j == n - 1:
                            found[now] = found.get(now, 0) + ways
                            continue
                        following = states[j + 2]
                        for symbol, unit, _ in ops[j + 1]:
                            after = now + unit
                            if unit and (after + offset) & high:
                                continue
                            state = (after, symbol == "÷")
                            following[state] = following.get(state, 0) + ways
        self._term_uses_of[pattern] = found
        self.spend(len(found))
        return found

    def last_numbers(self, pattern: tuple) -> SideTable:
        """Return the table of the Numbers that fill the whole pattern."""
        found = self._numbers_of.get(pattern)
        if found is None:
            found = {}
            last = len(pattern) - 1
            for j, by_used in cell_numbers(pattern, self.hand):
                if j != last:
                    continue
                for used, items in by_used:
                    for n, d, fills in items:
                        add(found, key_of(n, d), used, 1 if self.counting else [fills], self.counting)
            self._numbers_of[pattern] = found
            self.spend(self._size(found))
        return found

    def aimed(self, pattern: tuple, targets, signs: int = 0) -> SideTable:
        """Return value -> packed tiles used -> [tiles] for the sides filling the whole pattern
        whose value is one of the targets (what `walk` lists for them, in another order), and
        maybe sides of other values asked for before; with `signs`, only (at least) the sides
        holding that many of the hand's + and − or more (the others cannot be played)."""
        for fewer in range(signs):  # a table of fewer signs holding every target serves too
            covered, out = self._aimed_by_signs.get(fewer, {}).get(pattern) or ((), None)
            if out is not None and covered.issuperset(targets):
                return out
        cache = self._aimed_by_signs.get(signs)
        if cache is None:
            cache = self._aimed_by_signs[signs] = {}
        out, work = grown(cache, pattern, targets, lambda p, t, o: self._aim(p, t, o, signs), self.counting)
        self.spend(work)
        return out

    def forget_closed(self) -> None:
        """Forget the tables of every pattern but stretches of open board (all None), the only
        ones that lines other than the one searched meet again."""
        forget_closed(self._prefixes, self._terms, self._aimed_terms, self._term_prefixes_of,
                      self._term_uses_of, self._numbers_of, *self._aimed_by_signs.values())
        self.orders.forget_closed()

    def spend(self, work: int) -> None:
        """Count work done (or sides held); raise OverLimit past the limit."""
        self.held += work
        if self.limit is not None and self.held > self.limit:
            raise OverLimit

    def _look(self, work: int) -> None:
        """Count the work of a join's look-ups: spent when counting, else added to `looked`
        (what a search's work cap reads, side_tables.SideTables.built)."""
        if self.counting:
            self.spend(work)
        else:
            self.looked += work

    def _size(self, table: SideTable) -> int:
        """Return the sides a table lists (its entries, when counting)."""
        return table_size(table, self.counting)

    def aim_profiles(self, pattern: tuple, out: SideTable, profiles) -> None:
        """Add to the counted table `out` the sides filling the pattern of the values and profiles
        of the goals (profiles.Profiles; others maybe too): the long side of a window that places
        every tile. The tables it is made of are the value-keyed ones other windows read; `out`
        is kept by profiles.ExactTables."""
        before = table_size(out, True)
        self._aim(pattern, profiles.values, out, 0, profiles)
        self.spend(len(profiles.values) + table_size(out, True) - before)

    def _aim(self, pattern: tuple, targets: set, out: SideTable, signs: int = 0, profiles=None) -> None:
        """Add the sides of the target values to `out`: those holding at least `signs` of the
        hand's + and − (and maybe others). A side that must hold one is never a whole term, and
        its prefix before the last + or − must hold the rest. With `profiles` (counting), a side
        that is one term and the last joins keep the sides of the goals' profiles."""
        hand = self.hand
        n = len(pattern)
        counting = self.counting

        if profiles is not None:
            one_term = profiles.one_term()
            if one_term:
                one_term.add(out, self.whole_terms(pattern, one_term.values))
        elif not signs:
            whole = self.whole_terms(pattern, targets)
            for key in targets:
                by_used = whole.get(key)
                if by_used:
                    for used, fills in by_used.items():
                        add(out, key, used, fills, counting)
        if n < 3 or not any(may_hold(cell, PLUS_MINUS, self.signs) for cell in pattern[1:-1]):
            return
        goals = pairs_of(targets)
        walked = None  # end -> table of every prefix, once one walk lists them
        for k in range(n - 2, 0, -1):  # the last + or − stands at k, latest first
            ops = cell_operations(pattern[k], hand, PLUS_MINUS)
            if not ops:
                continue
            # the prefix holds the + and − the side must hold, but this one of the hand's
            before = max(0, signs - 1) if type(pattern[k]) is not str else signs
            terms = None
            if walked is None:
                terms = self.terms(pattern[k + 1:])
                if not terms:
                    continue
                needed = self._needed(pattern[:k + 1], targets, terms, ops, before)
                if needed is None:
                    # too many values for aiming: one walk lists the prefixes of every end
                    walked = self.prefixes(pattern[:k + 1])
            prefix = walked.get(k - 1) if walked is not None else self.aimed(pattern[:k], needed, before)
            if not prefix:
                continue
            if terms is None:
                terms = self._last_terms(pattern[k + 1:], prefix, targets, ops)
                if not terms:
                    continue
            if profiles is not None:
                self.spend(profiles.joins(out, hand, prefix, terms, ops, hand.negatives) // MEETING_WEIGHT)
                continue
            self._look(len(ops) * meeting_look_ups(prefix, terms, goals) // MEETING_WEIGHT)
            for symbol, unit, fill in ops:
                for v_key, p_by_used, t_by_used in meetings(prefix, terms, targets, goals, symbol == "+",
                                                                hand.negatives):
                    join(out, hand, v_key, p_by_used, unit, fill, t_by_used, counting)

    def _last_terms(self, pattern: tuple, prefixes: SideTable, targets: set, ops: tuple) -> SideTable:
        """Return a table holding the last terms filling the pattern that meet a prefix of the
        table and one of the targets (t = v − p after a +, p − v after a −), and maybe others:
        aimed at those values when the pattern is long and they are few, else `terms`."""
        if not self._aims_terms(pattern) or len(prefixes) * len(targets) * len(ops) > PREFIX_TARGETS:
            return self.terms(pattern)
        return self.whole_terms(pattern, partners(targets, prefixes, ops, self.hand.negatives, True))

    def _aims_at(self, upto: tuple, aimed: dict, walks: dict, more: int) -> bool:
        """Return whether the prefix before an operation (upto: the cells up to that operation's)
        is aimed at `more` values (about), rather than taken from one walk listing the prefixes
        of every end (`walks`, cached by `upto`): not when it is short, when that walk is made
        already, or when its aimed table (`aimed`) would then cover more than PREFIX_TARGETS
        values."""
        if empty_squares(upto[:-1]) < PREFIX_AIM_FROM or more > PREFIX_TARGETS or upto in walks:
            return False
        covered = aimed.get(upto[:-1])
        return covered is None or len(covered[0]) + more <= PREFIX_TARGETS

    def aims_prefix_at(self, upto: tuple, more: int, most: int = PREFIX_TARGETS) -> bool:
        """Return whether the prefix (holding no sign it must) before an operation (upto: the
        cells up to it) is aimed at `more` values, `_aims_at`'s rule with up to `most` values."""
        if empty_squares(upto[:-1]) < PREFIX_AIM_FROM or more > most or upto in self._prefixes:
            return False
        covered = self._aimed_by_signs[0].get(upto[:-1])
        return covered is None or len(covered[0]) + more <= most

    def _needed(self, upto: tuple, targets: set, terms, ops: tuple, signs: int) -> set | None:
        """Return the values the prefix before a + or − (upto: the cells up to it; holding at
        least `signs` of the hand's + and −) needs to meet one of the targets with a last term
        of the table (v − t before a +, v + t before a −), or None when it is walked whole
        instead (see `_aims_at`)."""
        aimed = self._aimed_by_signs.get(signs, {})
        if not self._aims_at(upto, aimed, self._prefixes, len(targets) * len(terms) * len(ops)):
            return None
        return partners(targets, terms, ops, self.hand.negatives, False)


def partners(targets: set, others, ops: tuple, negatives: bool, after: bool) -> set:
    """Return the values x that make a target v with a value o of `others` across one of the
    operations (+ or −): a prefix x before a last term o (x + o = v, x − o = v), or with `after`
    a last term x after a prefix o (o + x = v, o − x = v); never below zero unless the set has
    `negatives`."""
    found = set()
    values = pairs_of(others)
    for v_n, v_d in pairs_of(targets):
        for symbol, _, _ in ops:
            plus = symbol == "+"
            for o_n, o_d in values:
                if plus:  # x = v − o
                    x_n = v_n * o_d - o_n * v_d
                elif after:  # o − x = v: x = o − v
                    x_n = o_n * v_d - v_n * o_d
                else:  # x − o = v: x = v + o
                    x_n = v_n * o_d + o_n * v_d
                if x_n >= 0 or negatives:
                    x_d = v_d * o_d
                    found.add(x_n if x_d == 1 else key_of(x_n, x_d))
    return found
