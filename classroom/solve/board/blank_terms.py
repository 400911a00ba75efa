"""Aimed terms holding a blank: the terms (Numbers joined by × and ÷ only) of a long stretch
that hold a blank and whose value is one of a few targets, found without walking every such
term; the blank's twin of aim.Aiming's split of a term at its last × or ÷.

A term holding a blank is one Number holding it, or a term prefix, its last × or ÷ and its last
Number, with the first blank (the wildcard) in exactly one of the three, so each term is found
once:

- in the last Number: a term prefix without a blank, a × or ÷ without one, and a last Number
  holding the wildcard (the tiles before it from the hand without blanks, those after it from
  the hand less that blank);
- as the last × or ÷ itself: a term prefix without a blank, the blank, a last Number from the
  hand less it;
- in the term prefix: a term prefix holding the wildcard, a × or ÷ and a last Number from the
  hand less it.

The term prefix and the last Number meet by product or quotient (aim's joins); the term prefix
is aimed in turn at the values it needs while they are few, and a long Number is written from
the value asked of it (`WrittenNumbers`), never listed, as aim.OneNumber does without a blank.
With `counting`, the tables say how many terms there are instead of listing them (a count with
one blank aims its long terms so: the parts' tables are counted, a Number written from its value
is counted by the lists it writes, see meet.many).
"""

from __future__ import annotations

from classroom.game.symbols import BLANK, DIGITS, TIMES_DIVIDE
from classroom.solve.board.aim import ONE_NUMBER_FROM, PREFIX_AIM_FROM, TERM_AIM_FROM, OneNumber
from classroom.solve.board.blank_sides import blank_numbers, blank_operations_of
from classroom.solve.board.meet import (
    ValueOrders,
    add,
    count_met,
    first_looked_up,
    forget_closed,
    grown,
    join_counts,
    key_of,
    last_looked_up,
    many,
    open_board,
    pairs_of,
    products,
)
from classroom.solve.board.sides import (
    FRACTION_PAIRS,
    PackedHand,
    cell_choices,
    cell_operations,
    count_walk,
    empty_squares,
    filling,
    may_hold,
    walk,
)

# The values a long part holding a blank (a prefix, a term, a term prefix) may be aimed at, rather
# than walked with a stop at every end (aim.PREFIX_TARGETS without a blank): with a blank, and
# more with two, such a walk holds hundreds of thousands of entries (the term prefixes of up to
# six open squares holding a blank, for 1 1 2 2/3 3 4 8 ? ?: 364,000 (value, tiles used) entries),
# and aiming at a few thousand values costs far less.
BLANK_TARGETS = 5000


def _fractions_leaving() -> dict:
    """Return the part of one a value leaves over a whole number, as a reduced pair ((0, 1)
    when none) -> the fraction tiles (symbol, p, q) whose value p/q leaves it, in
    FRACTION_PAIRS's order."""
    found: dict = {}
    for symbol, (p, q) in FRACTION_PAIRS.items():
        found.setdefault((p % q, q), []).append((symbol, p, q))
    return found


_FRACTIONS_LEAVING = _fractions_leaving()


class WrittenNumbers:
    """The Numbers that fill a stretch, written from the value asked for (a Number of a given
    value is written in few ways: its digits, or digits and a fraction tile), never listed.
    With `wild`, the Numbers holding the wildcard blank: the tiles before it from `before` (the
    hand without blanks), the blank showing a symbol, the tiles after it from `after` (the hand
    less that blank, whose other blanks are tiles like any other); without, the Numbers of
    `after`. Reads like a table (`get`), as aim.OneNumber does; its length is unknown."""

    def __init__(self, pattern: tuple, hand: PackedHand, before: PackedHand, after: PackedHand,
                 wild: bool):
        self.pattern = pattern
        self.hand = hand
        self.before = before
        self.after = after
        self.wild = wild
        self._found: dict = {}
        self._choices: dict = {}  # (cell, symbol) -> the tiles that write it there
        m = len(pattern)
        # a Number of m cells is below 10^m, and from 10^(m − 2) on when m > 1
        self._below = 10 ** m
        self._from = 10 ** (m - 2) if m > 1 else 0
        # most values asked for are written in no way (a join looks up every quotient within
        # the bounds): the fraction tiles the last cell can show, the digits a tile can show
        # on open board (a fixed cell shows its own), found once, tell most of them at once
        last = pattern[-1]
        self._leaving = {}
        for key, fractions in _FRACTIONS_LEAVING.items():
            shown = [(symbol, p, q) for symbol, p, q in fractions
                     if (last == symbol if type(last) is str else self._shows(last, symbol))]
            if shown:
                self._leaving[key] = shown
        self._digits = frozenset(s for s in DIGITS if self._shows(None, s, False)) if open_board(pattern) else None

    def _shows(self, cell, symbol: str, wildcard: bool = True) -> bool:
        """Return whether a tile of the hands (holding the wildcard, with `wildcard`: or the
        blank) can show the symbol on the empty cell."""
        payers = (self.before, self.after) if self.wild else (self.after,)
        return any(cell_choices(cell, payer, (symbol,)) for payer in payers) or (
            wildcard and self.wild and symbol in self.hand.blank_symbols and (cell is None or symbol in cell))

    def __bool__(self) -> bool:
        return True

    def __len__(self) -> int:
        return 1 << 40

    def bounds(self) -> tuple:
        """Return (lo, hi, cache): a Number of the stretch's length has a value lo <= v < hi
        (`get` finds nothing outside), and cache maps the keys asked for so far to `get`'s
        answer (a join reads it, calling `get` on a miss: most of its look-ups fall outside)."""
        return max(self._from, 0), self._below, self._found

    def get(self, key):
        """Return packed tiles used -> [tiles] for the Numbers of the value that fill the
        stretch, or None."""
        found = self._found.get(key, False)
        if found is False:
            n, d = (key, 1) if type(key) is int else key
            if n < 0 or n >= d * self._below or n < d * self._from:
                return None
            found = self._found[key] = self._written(n, d) or None
        return found

    def _written(self, n: int, d: int) -> dict:
        pattern = self.pattern
        m = len(pattern)
        ways = []  # the Number's symbols, one a cell
        if d == 1:
            written = str(n)
            digits = self._digits
            # on open board, every digit is one a tile of the hands shows (holding the
            # wildcard, but one: the blank's)
            if len(written) == m and (digits is None or (
                    len(written) - sum(map(digits.__contains__, written)) <= 1 if self.wild
                    else all(map(digits.__contains__, written)))):
                ways.append(tuple(written))
        # whole + p/q = n/d for a whole part only when p/q and n/d leave the same fraction of
        # one: only those fraction tiles are tried (in FRACTION_PAIRS's order), of those the
        # last cell can show
        for symbol, p, q in self._leaving.get((n % d, d), ()):
            # the whole part, written with the m − 1 digits before the fraction
            whole = (n * q - p * d) // (d * q)
            if whole < 0:
                continue
            if m == 1 and whole == 0:
                ways.append((symbol,))
            elif m > 1 and whole > 0 and len(str(whole)) == m - 1:
                ways.append(tuple(str(whole)) + (symbol,))
        found: dict = {}
        for symbols in ways:
            self._place(symbols, found)
        return found

    def _place(self, symbols: tuple, found: dict) -> None:
        """Add to `found` every way the hands write the symbols on the stretch."""
        hand, before, after = self.hand, self.before, self.after
        # the wildcard and the tiles after it take the hand less a blank: paid for by the hand
        payer = hand if self.wild else after
        offset, high = payer.offset, payer.high
        blank = hand.unit[-1]
        cells = []  # per cell: None (fixed), else (tiles before the wildcard, after it, wildcard)
        choices = self._choices
        for cell, symbol in zip(self.pattern, symbols):
            if type(cell) is str:
                if cell != symbol:
                    return
                cells.append(None)
                continue
            options = choices.get((cell, symbol))
            if options is None:
                wildcard = ((blank, (BLANK + symbol,)),) if self.wild and symbol in hand.blank_symbols and (
                    cell is None or symbol in cell) else ()
                options = choices[cell, symbol] = (
                    [(unit, fill) for _, unit, fill in cell_choices(cell, before, (symbol,))],
                    [(unit, fill) for _, unit, fill in cell_choices(cell, after, (symbol,))], wildcard)
            cells.append(options)
        m = len(cells)

        def place(j, placed, used, fills):
            if j == m:
                if placed and not (used + offset) & high:
                    found.setdefault(used, []).append(fills)
                return
            options = cells[j]
            if options is None:
                place(j + 1, placed, used, fills)
                return
            tiles_before, tiles_after, wildcard = options
            if placed:
                for unit, fill in tiles_after:
                    place(j + 1, True, used + unit, fills + fill)
                return
            for unit, fill in tiles_before:
                place(j + 1, False, used + unit, fills + fill)
            for unit, fill in wildcard:
                place(j + 1, True, used + unit, fills + fill)

        place(0, not self.wild, 0, ())
        place = None  # break the closure's cycle


class EitherTerms:
    """One table of two with no tiles used in common (value -> packed tiles used -> [tiles]): the
    terms without a blank and those holding one, of the hand less a blank when it holds the
    other. Either may be written on demand (aim.OneNumber): then so is this one (its length is
    unknown, a join looks values up in it)."""

    __slots__ = ("first", "second", "_lookup")

    def __init__(self, first, second):
        self.first = first
        self.second = second
        self._lookup = looked_up(first) or looked_up(second)

    def __bool__(self) -> bool:
        return bool(self.first) or bool(self.second)

    def __len__(self) -> int:
        return 1 << 40 if self._lookup else len(self.first) + len(self.second)

    def get(self, key, default=None):
        a, b = self.first.get(key), self.second.get(key)
        if a and b:
            return {**a, **b} if type(a) is dict and type(b) is dict else dict([*a.items(), *b.items()])
        return a or b or default

    def items(self):
        assert not self._lookup, "a table written on demand is looked up, never gone through"
        for key in set(self.first) | set(self.second):
            yield key, self.get(key)

    def __iter__(self):
        return (key for key, _ in self.items())


def looked_up(table) -> bool:
    """Return whether a table is written on demand (looked up by value, never gone through)."""
    return isinstance(table, (OneNumber, WrittenNumbers)) or (isinstance(table, EitherTerms) and table._lookup)


class BlankTerms:
    """The terms holding a blank of one hand, aimed at values (`aimed`), with the tables they
    are made of, cached by pattern: Numbers holding the wildcard or from the hand less it, and
    term prefixes without a blank or holding one. `plain` and `rest` are the aim.Aiming of the
    hand without blanks and of the hand less one blank; `walks` (passed to each call, so that
    nothing here refers back to it: no reference cycle) walks the short terms holding a blank:
    `walks.terms(pattern)` gives a table of those filling the pattern,
    `walks.term_prefixes(pattern, stops)` end -> table of those filling pattern[:end + 1]."""

    def __init__(self, hand: PackedHand, plain, rest, counting: bool = False):
        self.hand = hand
        self.plain = plain
        self.rest = rest
        self.counting = counting
        self.joins = tuple(s for s in TIMES_DIVIDE if s in hand.kinds or s in hand.blank_symbols)
        self._aimed: dict = {}  # pattern -> (targets covered, their terms)
        self._numbers: dict = {}  # (pattern, wild) -> the Numbers filling it
        self._uses: dict = {}  # (pattern, wild, with 0) -> packed tiles used -> how many Numbers fill it
        self._plain_prefixes: dict = {}  # pattern -> end -> table of the term prefixes without a blank
        self._blank_prefixes: dict = {}  # pattern -> end -> table of the term prefixes holding one
        self.orders = ValueOrders()  # the tables the joins by product and quotient meet, by value
        self.held = 0  # sides held in the caches: those of the aimed tables, and of the others
        self.held_aimed = 0
        self.looked = 0  # counting, the value look-ups of the joins (work: blank_aim.BlankAiming.looked)

    def aimed(self, pattern: tuple, targets, walks) -> dict:
        """Return a table holding the terms holding a blank that fill the whole pattern and whose
        value is one of the targets (and maybe others): aimed when the pattern is long, else
        every such term (`walks.terms`)."""
        if empty_squares(pattern) < TERM_AIM_FROM:
            return walks.terms(pattern)
        # measured by its (value, tiles used) entries, JoinedFills (see blank_aim.BlankAiming.aimed)
        out, work = grown(self._aimed, pattern, targets, lambda p, t, o: self._aim(p, t, o, walks), True)
        self.held += work
        self.held_aimed += work
        return out

    def forget_walks(self) -> None:
        """Forget every table but the aimed ones (those a window asks for again)."""
        self._numbers.clear()
        self._uses.clear()
        self._plain_prefixes.clear()
        self._blank_prefixes.clear()
        self.orders = ValueOrders()
        if not self.counting:  # counting, what was built stays work done
            self.held = self.held_aimed

    def forget_closed(self) -> None:
        """Forget the tables of every pattern but stretches of open board (all None)."""
        forget_closed(self._aimed, self._plain_prefixes, self._blank_prefixes)
        self.orders.forget_closed()
        for cache in (self._numbers, self._uses):
            for key in [key for key in cache if not open_board(key[0])]:
                del cache[key]

    def numbers(self, pattern: tuple, wild: bool):
        """Return the Numbers filling the whole pattern: holding the wildcard (`wild`), else
        from the hand less one blank; a table when the pattern is short, else written on demand."""
        found = self._numbers.get((pattern, wild))
        if found is None:
            hand, plain, rest = self.hand, self.plain.hand, self.rest.hand
            if empty_squares(pattern) >= ONE_NUMBER_FROM:
                found = WrittenNumbers(pattern, hand, plain, rest, wild)
            elif wild:
                found = {}
                last = len(pattern) - 1
                counting = self.counting
                for k, used, fills, at, values in blank_numbers(pattern, hand, plain, rest):
                    if k != last:
                        continue
                    for x_n, x_d, symbol in values:
                        add(found, key_of(x_n, x_d), used,
                            1 if counting else [fills[:at] + (BLANK + symbol,) + fills[at + 1:]], counting)
                self.held += len(found)
            else:
                found = self.rest.last_numbers(pattern)
            self._numbers[pattern, wild] = found
        return found

    def _every_number(self, pattern: tuple, wild: bool):
        """Return a table of every Number filling the pattern (what a 0 × meets)."""
        found = self.numbers(pattern, wild)
        if not looked_up(found):
            return found
        if not wild:
            return self.rest.last_numbers(pattern)
        table: dict = {}
        last = len(pattern) - 1
        counting = self.counting
        for k, used, fills, at, values in blank_numbers(pattern, self.hand, self.plain.hand, self.rest.hand):
            if k == last:
                for x_n, x_d, symbol in values:
                    add(table, key_of(x_n, x_d), used,
                        1 if counting else [fills[:at] + (BLANK + symbol,) + fills[at + 1:]], counting)
        return table

    def _heads(self, upto: tuple, wild: bool, walks) -> dict:
        """Return end -> table of the term prefixes filling upto[:end + 1] followed by a cell that
        can hold a × or ÷ (of the hand or its blank): holding a blank (`wild`) or without one."""
        cache = self._blank_prefixes if wild else self._plain_prefixes
        found = cache.get(upto)
        if found is None:
            stops = tuple(may_hold(cell, TIMES_DIVIDE, self.joins) for cell in upto[1:]) + (False,)
            if wild:
                found = walks.term_prefixes(upto, stops)
            elif self.counting:
                found = count_walk(upto, stops, self.plain.hand, TIMES_DIVIDE)
                self.held += sum(len(table) for table in found.values())
            else:
                found = walk(upto, stops, self.plain.hand, TIMES_DIVIDE)
                self.held += sum(len(fills) for table in found.values()
                                 for by_used in table.values() for fills in by_used.values())
            cache[upto] = found
        return found

    def aim_profiles(self, pattern: tuple, out: dict, profiles, walks) -> None:
        """Add to the counted table `out` the terms holding a blank that fill the pattern of the
        values and profiles of the goals (profiles.Profiles, whose profiles hold no + or −): the
        long side of a window that places every tile, as one term. Its joins by product and
        quotient meet only the parts whose profiles add up to a goal's (`_aim`)."""
        if empty_squares(pattern) < TERM_AIM_FROM:
            profiles.add(out, walks.terms(pattern))
            return
        found: dict = {}
        self._aim(pattern, profiles.values, found, walks, profiles)
        profiles.add(out, found)
        self.held += len(profiles.values) + sum(len(by_used) for by_used in found.values())

    def _aim(self, pattern: tuple, targets: set, out: dict, walks, profiles=None) -> None:
        """Add the terms holding a blank of the target values to `out` (with `profiles`,
        counting, those of the goals' profiles, and maybe others)."""
        hand, plain, rest = self.hand, self.plain.hand, self.rest.hand
        n = len(pattern)
        counting = self.counting
        add_sides_of(out, self.numbers(pattern, True), targets, counting)
        zero = counting and 0 in targets
        # the targets met by value (counting, 0 is met by tiles used: see `_zeros`); the term
        # prefixes are aimed at what every target needs
        joined = targets - {0} if zero else targets
        goals = pairs_of(joined)
        walked: dict = {}  # wild -> end -> table of every term prefix, once one walk lists them
        for k in range(n - 2, 0, -1):  # the last × or ÷ stands at k, latest first
            cell = pattern[k]
            last = pattern[k + 1:]
            parts = ((False, cell_operations(cell, plain, TIMES_DIVIDE), True),
                     (False, blank_operations_of(cell, hand, TIMES_DIVIDE), False),
                     (True, cell_operations(cell, rest, TIMES_DIVIDE), False))
            for blank_head, ops, blank_last in parts:
                if not ops:
                    continue
                numbers = self.numbers(last, blank_last)
                if not numbers:
                    continue
                head = self._head(pattern, k, targets, numbers, ops, blank_head, walked, walks, zero)
                if head and looked_up(numbers) and looked_up(head):
                    head = filling(pattern[:k], plain, counting, TIMES_DIVIDE)
                if zero:
                    # a product or quotient with a factor 0 is 0, and only those are: counted by
                    # tiles used alone, whatever the other factor's value (one join, not one a
                    # Number: seed 19 of the bench made 4 million joins so); the joins by value
                    # below are of the other targets. A T × 0 takes every term prefix, even when
                    # none has a value the joins need (aimed at 0 alone, without a 0 tile: none)
                    self._zeros(out, pattern, k, blank_head, head or {}, numbers, ops, blank_last, walks)
                if not head:
                    continue
                if profiles is not None:
                    def meet(h, nums, values, pairs, symbol):
                        times = symbol == "×"
                        if looked_up(nums):
                            return last_looked_up(h, nums, lambda: self._every_number(last, blank_last), pairs, times,
                                                  self.orders)
                        if looked_up(h):
                            return first_looked_up(h, lambda: filling(pattern[:k], plain, True, TIMES_DIVIDE),
                                                   nums, pairs, times, self.orders)
                        return products(h, nums, values, pairs, times, self.orders)

                    self.looked += profiles.split_joins(out, hand, head, numbers, ops, meet, look_ups,
                                                        {0} if zero else frozenset())
                    continue
                if counting:  # the look-ups of the joins are work too
                    self.looked += len(ops) * look_ups(head, numbers, goals)
                for symbol, unit, fill in ops:
                    times = symbol == "×"
                    if looked_up(numbers):
                        met = last_looked_up(head, numbers, lambda: self._every_number(last, blank_last),
                                              goals, times, self.orders)
                    elif looked_up(head):
                        met = first_looked_up(head, lambda: filling(pattern[:k], plain, counting, TIMES_DIVIDE),
                                               numbers, goals, times, self.orders)
                    else:
                        met = products(head, numbers, joined, goals, times, self.orders)
                    join_met(out, hand, met, unit, fill, counting)

    def _zeros(self, out: dict, pattern: tuple, k: int, blank_head: bool, head, numbers, ops: tuple,
               blank_last: bool, walks) -> None:
        """Add to the counted table `out` the terms of value 0 made of a term prefix of the table
        `head` (filling pattern[:k], holding the wildcard when `blank_head`), one of the
        operations at k and a last Number of the table `numbers` (holding it when `blank_last`):
        those with a factor 0 (0 × N, 0 ÷ N with N not 0, T × 0), the only ones of value 0."""
        hand = self.hand
        h0 = None if looked_up(head) else head.get(0)
        n0 = None if looked_up(numbers) else numbers.get(0)
        if not h0 and not n0:
            return
        last = pattern[k + 1:]
        for symbol, unit, _ in ops:
            times = symbol == "×"
            if h0:
                join_counts(out, hand, 0, h0, unit, self._number_uses(last, blank_last, numbers, times))
            if n0 and times:
                join_counts(out, hand, 0, self._head_uses(pattern[:k], blank_head, h0, walks), unit, n0)

    def _head_uses(self, head: tuple, wild: bool, h0, walks) -> dict:
        """Return packed tiles used -> how many term prefixes fill the pattern `head` (holding
        the wildcard when `wild`), whatever their value but 0 (`h0`: those of value 0), by tiles
        used alone: a term prefix aimed at the values that targets other than 0 need is aimed
        rather than walked whole for a × 0."""
        every = walks.term_uses(head) if wild else self.plain.term_uses(head)
        if not h0:
            return every
        zeros = uses({0: h0}, True)
        found = {}
        for used, count in every.items():
            count -= zeros.get(used, 0)
            if count:
                found[used] = count
        return found

    def _number_uses(self, last: tuple, wild: bool, numbers, with_zero: bool) -> dict:
        """Return packed tiles used -> how many of the Numbers filling `last` (holding the
        wildcard when `wild`; `numbers` their table), the Number 0 only `with_zero`."""
        key = (last, wild, with_zero)
        found = self._uses.get(key)
        if found is None:
            if looked_up(numbers) and wild:
                # read from the Numbers holding the wildcard, its values never written in a table
                found = {}
                end = len(last) - 1
                for k, used, _, _, values in blank_numbers(last, self.hand, self.plain.hand, self.rest.hand):
                    many = sum(1 for x_n, _, _ in values if with_zero or x_n) if k == end else 0
                    if many:
                        found[used] = found.get(used, 0) + many
            else:
                found = uses(self._every_number(last, wild) if looked_up(numbers) else numbers, with_zero)
            self._uses[key] = found
        return found

    def _head(self, pattern: tuple, k: int, targets: set, numbers, ops: tuple, wild: bool, walked: dict,
              walks, zero: bool = False):
        """Return a table holding the term prefixes filling pattern[:k] (holding a blank when
        `wild`) that meet a target with a Number of the table across one of the operations:
        aimed at the values they need when the prefix is long and those are few, else every term
        prefix (a short one whole, a long one from one walk with a stop at every end)."""
        head = pattern[:k]
        if wild not in walked and not looked_up(numbers) and empty_squares(head) >= PREFIX_AIM_FROM \
                and len(targets) * len(numbers) * len(ops) <= BLANK_TARGETS:
            if zero:  # counting, a factor 0 is met by tiles used (`_zeros`): the other targets'
                # values, and 0 for a 0 × or 0 ÷
                needed = needed_factors(targets - {0}, numbers, ops) | {0}
            else:
                needed = needed_factors(targets, numbers, ops)
            if needed is not None:
                return self.aimed(head, needed, walks) if wild else self.plain.whole_terms(head, needed)
        if wild not in walked and empty_squares(head) < TERM_AIM_FROM:
            return walks.terms(head) if wild else self.plain.terms(head)
        if wild not in walked:
            walked[wild] = self._heads(pattern[:k + 1], wild, walks)
        return walked[wild].get(k - 1)


def uses(table: dict, with_zero: bool) -> dict:
    """Return packed tiles used -> how many entries of a counted table (value -> packed tiles
    used -> how many, or a list counted by `many`) use those tiles, whatever their value; the
    value 0 only `with_zero`."""
    found: dict = {}
    for key, by_used in table.items():
        if key == 0 and not with_zero:
            continue
        for used, fills in by_used.items():
            found[used] = found.get(used, 0) + many(fills)
    return found


def look_ups(head, numbers, goals: list) -> int:
    """Return about how many values one join of term prefixes and last Numbers by product or
    quotient looks up (see meet.products: the two smallest of the three are looped over; a table
    written on demand is never looped over)."""
    v = len(goals)
    if looked_up(numbers):
        return v * len(head)
    p, n = len(head), len(numbers)
    if looked_up(head):
        return v * n
    return v * p if v * p < n * min(p, v) else n * min(p, v)


def needed_factors(targets: set, numbers: dict, ops: tuple) -> set | None:
    """Return the values a term prefix needs to make one of the targets with a Number of the
    table (v ÷ N before a ×, v × N before a ÷), or None when any would do (a × 0 of target 0)."""
    needed = set()
    values = pairs_of(numbers)
    for v_n, v_d in pairs_of(targets):
        for symbol, _, _ in ops:
            times = symbol == "×"
            for n_n, n_d in values:
                if n_n == 0:
                    if times and v_n == 0:
                        return None
                    continue
                needed.add(key_of(v_n * n_d, v_d * n_n) if times else key_of(v_n * n_n, v_d * n_d))
    return needed


class JoinedFills:
    """The fills of the sides of one value and tiles used, made of parts joined across an
    operation, written out only when first gone through: an aimed table holds every side of
    its targets, most of which no window pairs with a side of the hand's other tiles (with two
    blanks, nearly all of them on an empty board). Reads like the list of fills it stands for
    (iterate it, take its length)."""

    __slots__ = ("parts", "_written")

    def __init__(self):
        self.parts: list = []  # lists of fills, or (fills, operation's tiles, fills) to join
        self._written: list | None = None

    def add(self, fills) -> None:
        """Add fills (a list of them, or another JoinedFills)."""
        self.parts.append(fills)
        self._written = None

    def join(self, left, fill: tuple, right) -> None:
        """Add every left fills + the operation's tiles + right fills."""
        self.parts.append((left, fill, right))
        self._written = None

    def __len__(self) -> int:
        return sum(len(part) if type(part) is not tuple else len(part[0]) * len(part[2])
                   for part in self.parts)

    def __iter__(self):
        written = self._written
        if written is None:
            written = []
            for part in self.parts:
                if type(part) is tuple:
                    left, fill, right = part
                    right = list(right)
                    written.extend(lf + fill + rf for lf in left for rf in right)
                else:
                    written.extend(part)
            self._written = written
        return iter(written)


def add_sides_of(out: dict, table, targets, counting: bool) -> None:
    """Add to `out` the sides of a table (a dict, or one written on demand) of each target value:
    how many when counting (`many`), else joined on demand (`add_joined`)."""
    for key in targets:
        by_used = table.get(key)
        if by_used:
            for used, fills in by_used.items():
                if counting:
                    add(out, key, used, many(fills), True)
                else:
                    add_joined(out, key, used, fills)


def add_joined(out: dict, key, used: int, fills) -> None:
    """Add sides (a list of fills, or a JoinedFills) of one value and tiles used to a table whose
    entries are JoinedFills."""
    by_used = out.get(key)
    if by_used is None:
        by_used = out[key] = {}
    got = by_used.get(used)
    if got is None:
        got = by_used[used] = JoinedFills()
    got.add(fills)


def join_tiles(out: dict, hand: PackedHand, key, a_by_used, unit: int, fill: tuple, b_by_used) -> None:
    """Add to a table the sides of value `key` made of a part, an operation (its packed tile and
    tiles placed) and another part, for every pair of entries the hand can pay for together
    (meet.join for listing, the sides joined only when gone through: JoinedFills; the parts'
    entries may be a blank_aim.BlankSides)."""
    offset, high = hand.offset, hand.high
    by_used = None
    b_items = list(b_by_used.items())
    for a_used, a_fills in a_by_used.items():
        with_op = a_used + unit + offset
        for b_used, b_fills in b_items:
            used = with_op + b_used
            if not used & high:
                used -= offset
                if by_used is None:
                    by_used = out.get(key)
                    if by_used is None:
                        by_used = out[key] = {}
                got = by_used.get(used)
                if got is None:
                    got = by_used[used] = JoinedFills()
                got.parts.append((a_fills, fill, b_fills))
                got._written = None


def join_met(out: dict, hand: PackedHand, met, unit: int, fill: tuple, counting: bool) -> None:
    """Add to a table the sides that a join's meetings `met` give ((value key, one part's entries
    by tiles used, the other's)), across an operation (its packed tile and tiles placed): how
    many when counting (join_counts), else the sides themselves (join_tiles)."""
    if counting:
        count_met(out, hand, met, unit)
    else:
        for key, a_by_used, b_by_used in met:
            join_tiles(out, hand, key, a_by_used, unit, fill, b_by_used)
