"""Aimed sides holding a blank: the wildcard's sides (classroom.solve.board.blank_sides) of a long
stretch whose value is one of a few targets, found without walking every such side.

As in classroom.solve.board.aim, a side is a prefix, its last + or −, and its last term (Numbers
joined by × and ÷ only), or it is one term. The side's first blank (the wildcard) stands in
exactly one of those parts, so each side is found once:

- in the prefix: a blank prefix (one wildcard walk with a stop at every end), then a + or − and
  a term from the hand less that blank;
- as the last + or − itself: a prefix without a blank, the blank, a term from the hand less it;
- in the last term: a prefix without a blank, a + or −, and a blank term (a wildcard walk that
  joins Numbers by × and ÷ only);
- the side is one blank term.

The parts are joined by value as in classroom.solve.board.aim (the same meetings and never below
zero); a wild part's skeletons are expanded into their values, each a blank's symbol, which
are far fewer than the whole sides they would make.
"""

from __future__ import annotations

from classroom.game.symbols import BLANK, OPERATIONS, PLUS_MINUS, TIMES_DIVIDE
from classroom.solve.board.aim import PREFIX_AIM_FROM, TERM_AIM_FROM, Aiming, OverLimit, partners
from classroom.solve.board.blank_count import SharedWalks, blank_count_walk, blank_counts, counted_uses
from classroom.solve.board.blank_sides import OverBudget, blank_operations_of, blank_walk, expanded
from classroom.solve.board.blank_terms import (
    BLANK_TARGETS,
    BlankTerms,
    EitherTerms,
    add_sides_of,
    join_met,
)
from classroom.solve.board.meet import (
    add,
    forget_closed,
    grown,
    join,
    meeting_look_ups,
    meetings,
    pairs_of,
    table_size,
)
from classroom.solve.board.profiles import Ranges
from classroom.solve.board.sides import PackedHand, cell_operations, empty_squares, may_hold

CUT_FROM = 100  # counting, a join of this many look-ups or more is cut to what its tables can make (tests: 0)
BLANK_KEPT = 500_000  # counting, the skeletons and values a line's blank walks may keep (memory: docs/performance.md)


class BlankSides:
    """The sides holding a blank of one value: a concrete part (packed tiles used -> [tiles])
    and skeletons' members with the blank's symbol, written out (`items`, as a table's packed
    tiles used -> [tiles]) only when a join reaches them."""

    __slots__ = ("concrete", "skeletons", "_written")

    def __init__(self, concrete: dict):
        self.concrete = concrete
        self.skeletons: list = []  # (the blank's symbol, [(packed tiles used, fills, hole)])
        self._written: dict | None = None

    def items(self):
        if self._written is None:
            self._written = written_out({used: list(fills) for used, fills in self.concrete.items()},
                                        self.skeletons)
        return self._written.items()


class BlankAiming:
    """The blank prefix and blank term tables of one hand, cached by pattern, and the aimed tables
    of sides holding a blank built from them and from the prefixes and terms without the blank
    (`plain`, whose prefixes stop wherever a blank could be + or −, and `rest`: see blank_walk).
    `held` counts the sides held in the caches. With `counting`, every list of tiles is how many
    there are instead (`plain` and `rest` count too), the walks' work is added to `walked`,
    and a walk past `budget` raises OverLimit."""

    def __init__(self, hand: PackedHand, plain: Aiming, rest: Aiming, counting: bool = False,
                 walked: list | None = None):
        self.hand = hand
        self.plain = plain
        self.rest = rest
        self.counting = counting
        self.budget: int | None = None  # work the counting walks may still do
        self.walked = walked  # a one-item list the counting walks add their work to
        self._prefixes: dict = {}
        self._terms: dict = {}
        self._term_uses: dict = {}  # counting, pattern -> packed tiles used -> how many terms fill it
        self._aimed: dict = {}  # pattern -> (targets covered, their sides)
        self._held = 0  # entries held in the caches, the aimed tables' (`_held_aimed`) and the walks'
        self._held_aimed = 0
        self._looked = 0  # counting, the value look-ups of the joins below (see `looked`)
        self.rest_signs = tuple(s for s in PLUS_MINUS
                                if s in rest.hand.kinds or s in rest.hand.blank_symbols)
        # the terms holding a blank are aimed too (a count with two blanks walks them: blank_count)
        self._terms_aimed = BlankTerms(hand, plain, rest, counting) if not counting or hand.blanks == 1 else None
        # with two blanks (listing), the BlankAiming of the hand less one, whose aimed terms hold
        # one blank: with those without a blank, the terms of the hand less one (set by SideTables)
        self.fewer: BlankAiming | None = None
        # counting, the walks of stretches that begin alike are shared (one with every end)
        self._shared = SharedWalks()
        self._shared_terms = SharedWalks()
        self.ranges = Ranges()  # counting, a value-keyed join looks up only what its tables can make

    def _bounded(self) -> None:
        """Counting, forget the walks and blank tables of the line so far once they hold more
        than BLANK_KEPT skeletons and values (they are walked again if asked for)."""
        if self._shared.held + self._shared_terms.held > BLANK_KEPT:
            self._shared.clear()
            self._shared_terms.clear()
            self._prefixes.clear()
            self._terms.clear()
            self._term_uses.clear()
            self.ranges.clear()
            if self._terms_aimed:
                self._terms_aimed.forget_walks()

    @property
    def held(self) -> int:
        """Return the sides held in the caches (counting: the tables' entries, a measure of work)."""
        return self._held + (self._terms_aimed.held if self._terms_aimed else 0)

    @property
    def looked(self) -> int:
        """Return the value look-ups of the joins so far (counting; work, one unit each)."""
        return self._looked + (self._terms_aimed.looked if self._terms_aimed else 0)

    def prefixes(self, pattern: tuple) -> dict:
        """Return end -> table (value -> packed tiles used -> [tiles]) of the sides holding a
        blank that fill pattern[:end + 1], for the ends followed by a cell that can hold a + or −
        of the hand less the wildcard blank."""
        found = self._prefixes.get(pattern)
        if found is None and self.counting:
            self._bounded()
            upto = pattern[:-1]
            found = self._prefixes[pattern] = {}
            for end, cell in enumerate(pattern[1:]):
                if may_hold(cell, PLUS_MINUS, self.rest_signs):
                    table = self._shared.table(upto, end, self._walk_sides)
                    if table:
                        found[end] = table
                        self._held += table_size(table, True)
        if found is None:
            stops = tuple(may_hold(cell, PLUS_MINUS, self.rest_signs) for cell in pattern[1:])
            walked = self._walk(pattern[:-1], stops=stops)
            found = self._prefixes[pattern] = {end: self._table(wild) for end, wild in walked.items()}
        return found

    def terms(self, pattern: tuple) -> dict:
        """Return the table of the terms (× and ÷ only) holding a blank that fill the pattern."""
        found = self._terms.get(pattern)
        if found is None and self.counting:
            self._bounded()
            found = self._terms[pattern] = self._shared_terms.table(pattern, len(pattern) - 1, self._walk_terms)
            self._held += table_size(found, True)
        if found is None:
            found = self._terms[pattern] = self._table(self._walk(pattern, operations=TIMES_DIVIDE))
        return found

    def term_uses(self, pattern: tuple) -> dict:
        """Return packed tiles used -> how many terms (× and ÷ only) holding a blank fill the
        pattern, whatever their values (counting: what a × 0 meets), read from the shared walk
        of the terms without writing their values out (blank_count.counted_uses)."""
        found = self._term_uses.get(pattern)
        if found is None:
            self._bounded()
            wild = self._shared_terms.walked(pattern, len(pattern) - 1, self._walk_terms)
            found = self._term_uses[pattern] = counted_uses(wild) if wild else {}
            self._held += len(found)
        return found

    def term_prefixes(self, pattern: tuple, stops: tuple) -> dict:
        """Return end -> table of the terms (× and ÷ only) holding a blank that fill
        pattern[:end + 1], for the ends where `stops` lets a term prefix end."""
        if self.counting:  # read from the shared walk of the terms of every end
            self._bounded()
            found = {}
            for end, stop in enumerate(stops):
                if stop:
                    table = self._shared_terms.table(pattern, end, self._walk_terms)
                    if table:
                        found[end] = table
                        self._held += len(table)
            return found
        walked = self._walk(pattern, stops=stops, operations=TIMES_DIVIDE)
        return {end: self._table(wild) for end, wild in walked.items()}

    def walked_sides(self, pattern: tuple) -> dict | None:
        """Counting, return the table of the sides holding a blank that fill the whole pattern
        when a walk of the prefixes covers it already (read from that walk), else None."""
        if not self._shared.covers(pattern):
            return None
        return self._shared.table(pattern, len(pattern) - 1, self._walk_sides)

    def _walk_sides(self, pattern: tuple) -> dict:
        """Return a counting walk of the sides holding a blank, a stop at every end."""
        return self._counts(pattern, OPERATIONS)

    def _walk_terms(self, pattern: tuple) -> dict:
        """Return a counting walk of the terms (× and ÷ only) holding a blank, a stop at every end."""
        return self._counts(pattern, TIMES_DIVIDE)

    def _counts(self, pattern: tuple, operations: tuple) -> dict:
        """Return a counting walk of the pattern with a stop at every end (blank_counts); past the
        budget, OverLimit."""
        try:
            return blank_counts(pattern, self.hand, self.plain.hand, self.rest.hand, (True,) * len(pattern),
                               budget=self.budget, operations=operations, work=self.walked)
        except OverBudget:
            raise OverLimit from None

    def _walk(self, pattern: tuple, **how):
        """Return a blank walk of the pattern (see blank_walk); past the budget, OverLimit."""
        try:
            if self.counting:
                return blank_count_walk(pattern, self.hand, self.plain.hand, self.rest.hand,
                                       budget=self.budget, work=self.walked, **how)
            return blank_walk(pattern, self.hand, self.plain.hand, self.rest.hand, budget=self.budget, **how)
        except OverBudget:
            raise OverLimit from None

    def forget_closed(self) -> None:
        """Forget the tables of every pattern but stretches of open board (all None)."""
        forget_closed(self._prefixes, self._terms, self._aimed, self._term_uses)
        self.ranges.clear()
        self._shared.forget_closed()
        self._shared_terms.forget_closed()
        if self.counting and self._terms_aimed:
            self._terms_aimed.forget_closed()

    @property
    def held_aimed(self) -> int:
        """Return the entries held in the aimed tables (listing)."""
        return self._held_aimed + (self._terms_aimed.held_aimed if self._terms_aimed else 0)

    def forget_walks(self) -> None:
        """Forget every table but the aimed ones, which windows of the same stretches and values
        ask for again; what they were made of is walked again when new values are asked for."""
        self._prefixes.clear()
        self._terms.clear()
        self._held = self._held_aimed
        if self._terms_aimed:
            self._terms_aimed.forget_walks()

    def _table(self, wild: tuple) -> dict:
        """Return one table (value -> BlankSides) of the sides that a blank walk's skeletons and
        concrete table stand for."""
        if self.counting:
            table = blank_table(wild, True)
            self._held += table_size(table, True)
            return table
        skeletons, concrete = wild
        table = {value: BlankSides(by_used) for value, by_used in concrete.items()}
        get = table.get
        for keys, members in skeletons:
            for key, symbol in keys:
                sides = get(key)
                if sides is None:
                    sides = table[key] = BlankSides({})
                sides.skeletons.append((symbol, members))
        self._held += len(table)
        return table

    def aimed(self, pattern: tuple, targets) -> dict:
        """Return value -> packed tiles used -> [tiles] for the sides holding a blank that fill
        the whole pattern and whose value is one of the targets (what the wildcard's sides stand
        for, with the blank's symbol written), and maybe sides of other values asked for before."""
        # listing, the table's entries are JoinedFills: its (value, tiles used) entries are what
        # it holds, not the sides they stand for (as a count's tables are measured)
        out, work = grown(self._aimed, pattern, targets, self._aim, True)
        self._held += work
        self._held_aimed += work
        return out

    def _aim(self, pattern: tuple, targets: set, out: dict) -> None:
        """Add the sides holding a blank of the target values to `out`."""
        if not self.counting:
            self._aim_listed(pattern, targets, out)
            return
        if self.hand.blanks == 1:
            self._aim_listed(pattern, targets, out)
            return
        hand, plain, rest = self.hand, self.plain.hand, self.rest.hand
        n = len(pattern)
        # the side as one term: kept whole with one blank; with more (the others tried as each
        # symbol, many more sides), walked for these targets only
        counting = self.counting
        if hand.blanks > 1:
            whole = self._table(self._walk(pattern, operations=TIMES_DIVIDE, targets=targets))
        else:
            whole = self.terms(pattern)
        for key in targets:
            sides = whole.get(key)
            if sides:
                for used, fills in sides.items():
                    add(out, key, used, fills, counting)
        if n < 3 or not any(may_hold(cell, PLUS_MINUS, PLUS_MINUS) for cell in pattern[1:-1]):
            return
        goals = pairs_of(targets)
        plain_prefixes = self.plain.prefixes(pattern[:n - 1])
        blank_prefixes = self.prefixes(pattern[:n - 1])
        for k in range(1, n - 1):  # the last + or − stands at k
            cell = pattern[k]
            prefix, blank_prefix = plain_prefixes.get(k - 1), blank_prefixes.get(k - 1)
            if not prefix and not blank_prefix:
                continue
            tail = pattern[k + 1:]
            parts = ((blank_prefix, cell_operations(cell, rest, PLUS_MINUS), self.rest.terms),
                     (prefix, blank_operations_of(cell, hand, PLUS_MINUS), self.rest.terms),
                     (prefix, cell_operations(cell, plain, PLUS_MINUS), self.terms))
            for prefixes, ops, terms_of in parts:
                if not prefixes or not ops:
                    continue
                terms = terms_of(tail)
                if not terms:
                    continue
                for symbol, unit, fill in ops:
                    for v_key, p_by_used, t_by_used in meetings(prefixes, terms, targets, goals,
                                                                    symbol == "+", False):
                        join(out, hand, v_key, p_by_used, unit, fill, t_by_used, counting)

    def aim_profiles(self, pattern: tuple, out: dict, profiles) -> None:
        """Add to the counted table `out` the sides holding a blank that fill the pattern of the
        values and profiles of the goals (profiles.Profiles; others maybe too): the long side of a
        window that places every tile (counting, one blank). The tables it is made of are the
        value-keyed ones other windows read; `out` is kept by profiles.ExactTables."""
        before = table_size(out, True)
        self._aim_listed(pattern, profiles.values, out, profiles)
        self._held += len(profiles.values) + table_size(out, True) - before  # work, as an aimed table's

    def _aim_listed(self, pattern: tuple, targets: set, out: dict, profiles=None) -> None:
        """Add the sides holding a blank of the target values to `out` (listing; counting with
        one blank, how many: the parts' counts multiplied, meet.join_counts): one term
        holding a blank, aimed (blank_terms); or a prefix, the last + or − and a last term, the
        first blank in one of them. A long prefix is aimed in turn at the values it needs while
        they are few, as aim.Aiming does; the prefixes of the others come from one walk with a
        stop at every end. A long last term holding a blank is aimed at the values the prefixes
        leave it. With `profiles` (profiles.Profiles), counting, a side that is one term and the
        last joins keep the sides of the goals' profiles."""
        hand, plain, rest = self.hand, self.plain.hand, self.rest.hand
        n = len(pattern)
        counting = self.counting
        if counting:
            self._bounded()
        if profiles is not None:  # of the goals' profiles only (another window may ask for others)
            one_term = profiles.one_term()
            if one_term:
                self._terms_aimed.aim_profiles(pattern, out, one_term, self)
        else:
            add_sides_of(out, self._terms_aimed.aimed(pattern, targets, self), targets, counting)
        if n < 3 or not any(may_hold(cell, PLUS_MINUS, PLUS_MINUS) for cell in pattern[1:-1]):
            return
        goals = pairs_of(targets)
        walked: dict = {}  # wild -> end -> table of every prefix, once one walk lists them
        for k in range(n - 2, 0, -1):  # the last + or − stands at k, latest first
            cell = pattern[k]
            tail = pattern[k + 1:]
            parts = ((True, cell_operations(cell, rest, PLUS_MINUS), False),
                     (False, blank_operations_of(cell, hand, PLUS_MINUS), False),
                     (False, cell_operations(cell, plain, PLUS_MINUS), True))
            for blank_prefix, ops, blank_term in parts:
                if not ops:
                    continue
                if (blank_term or self.fewer) and empty_squares(tail) >= TERM_AIM_FROM:
                    # a long last term holding a blank (or, with two blanks, from the hand less
                    # one, which may hold the other): aimed at what the prefixes leave it
                    prefixes = self._prefix(pattern, k, None, None, ops, blank_prefix, walked)
                    if not prefixes:
                        continue
                    if len(prefixes) * len(targets) * len(ops) > BLANK_TARGETS:
                        terms = self.terms(tail) if blank_term else self.rest.terms(tail)
                    else:
                        needed = partners(targets, prefixes, ops, False, True)
                        if blank_term:
                            terms = self._terms_aimed.aimed(tail, needed, self)
                        else:
                            terms = EitherTerms(self.plain.whole_terms(tail, needed),
                                                self.fewer._terms_aimed.aimed(tail, needed, self.fewer))
                else:
                    terms = self.terms(tail) if blank_term else self.rest.terms(tail)
                    if not terms:
                        continue
                    prefixes = self._prefix(pattern, k, targets, terms, ops, blank_prefix, walked)
                if not prefixes or not terms:
                    continue
                if profiles is not None:
                    self._looked += profiles.joins(out, hand, prefixes, terms, ops, False)
                    continue
                cuts = False
                if counting:  # the look-ups of the joins are work too (aim.Aiming._aim's measure)
                    looks = meeting_look_ups(prefixes, terms, goals)
                    self._looked += len(ops) * looks
                    # a join of more look-ups than its tables' values (a range is a pass over them,
                    # kept) looks up only the targets that they can make (profiles.Ranges)
                    cuts = looks >= CUT_FROM and looks >= len(prefixes) + (len(terms) if type(terms) is dict else 0)
                for symbol, unit, fill in ops:
                    within = self.ranges.cut(goals, prefixes, terms, symbol) if cuts else goals
                    if within:
                        join_met(out, hand, meetings(prefixes, terms, targets, within, symbol == "+", False),
                                 unit, fill, counting)

    def _prefix(self, pattern: tuple, k: int, targets: set | None, terms, ops: tuple, wild: bool,
                walked: dict):
        """Return a table holding the prefixes filling pattern[:k] (holding a blank when `wild`)
        that meet a target with a last term of the table across one of the operations: aimed at
        the values they need when the prefix is long, not walked yet and those values are few
        (`aims_prefix_at`, up to blank_terms.BLANK_TARGETS values), else from one walk listing the
        prefixes of every end."""
        if wild not in walked and targets is not None:
            upto = pattern[:k + 1]
            aiming = self if wild else self.plain
            more = len(targets) * len(terms) * len(ops)
            if aiming.aims_prefix_at(upto, more, BLANK_TARGETS):
                return aiming.aimed(pattern[:k], partners(targets, terms, ops, False, False))
        if wild not in walked:
            walked[wild] = (self.prefixes if wild else self.plain.prefixes)(pattern[:k + 1])
        return walked[wild].get(k - 1)

    def aims_prefix_at(self, upto: tuple, more: int, most: int) -> bool:
        """Return whether the prefix holding a blank before an operation (upto: the cells up to
        it) is aimed at `more` values rather than taken from a walk listing the prefixes of every
        end (aim.Aiming.aims_prefix_at's rule)."""
        if empty_squares(upto[:-1]) < PREFIX_AIM_FROM or more > most or upto in self._prefixes:
            return False
        covered = self._aimed.get(upto[:-1])
        return covered is None or len(covered[0]) + more <= most


def sides_by_value(wild: tuple) -> dict:
    """Return value -> [its concrete table or None, then (the blank's symbol, members) of each
    skeleton of that value] for the sides a blank walk stands for (listing), the values in
    blank_table's order (written out by written_sides)."""
    skeletons, concrete = wild
    table = {value: [by_used] for value, by_used in concrete.items()}
    get = table.get
    for keys, members in skeletons:
        for key, symbol in keys:
            parts = get(key)
            if parts is None:
                table[key] = [None, (symbol, members)]
            else:
                parts.append((symbol, members))
    return table


def written_sides(parts: list) -> dict:
    """Return packed tiles used -> [tiles, the blank's symbol written] of one value's parts
    (sides_by_value), as blank_table writes them."""
    concrete = parts[0]
    return written_out({used: list(fills) for used, fills in concrete.items()} if concrete else {}, parts[1:])


def written_out(written: dict, skeletons) -> dict:
    """Add to `written` (packed tiles used -> [tiles]) every member of the skeletons ((the blank's
    symbol, [(used, fills, hole)])) with the blank written into its hole, and return it."""
    for symbol, members in skeletons:
        tile = (BLANK + symbol,)
        for used, fills, hole in members:
            side = fills[:hole] + tile + fills[hole + 1:]
            got = written.get(used)
            if got is None:
                written[used] = [side]
            else:
                got.append(side)
    return written


def blank_table(wild: tuple, counting: bool, targets: set | None = None) -> dict:
    """Return one table (value -> packed tiles used -> [tiles, the blank's symbol written], or
    how many when counting) of the sides a blank walk's skeletons and concrete table stand for;
    with `targets`, of those values only."""
    skeletons, concrete = wild
    table: dict = {}
    if counting and not skeletons and targets is not None and len(targets) < len(concrete):
        # a count's few targets looked up in its table (a small part of a stretch's values is
        # asked for), their entries copied: a count adds up the same in any order
        for value in targets:
            by_used = concrete.get(value)
            if by_used:
                table[value] = dict(by_used)
        return table
    for value, by_used in concrete.items():
        if targets is None or value in targets:
            for used, fills in by_used.items():
                add(table, value, used, fills, counting)
    if counting:  # no skeletons (see blank_count)
        if targets is not None:
            skeletons = [(tuple(kv for kv in keys if kv[0] in targets), members) for keys, members in skeletons]
        for key, used, fills in expanded(skeletons):
            add(table, key, used, fills, True)
        return table
    # each skeleton's members written into the table of each of its values (written_out), not
    # through expanded and add: a long stretch's skeletons stand for millions of sides
    for keys, members in skeletons:
        for key, symbol in keys:
            if targets is None or key in targets:
                by_used = table.get(key)
                if by_used is None:
                    by_used = table[key] = {}
                written_out(by_used, ((symbol, members),))
    return table
