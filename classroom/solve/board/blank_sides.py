"""The blank as a wildcard: the sides of an = that hold a blank, found without trying the blank's
31 symbols one by one.

A side whose first blank stands in a Number is an expression in one unknown, that Number X:
X sits in one term, which is κ·X or κ/X (κ the rest of the term), so the side's value is
σ + s·κ·X or σ + s·κ/X (s = ±1, σ the concrete rest of the sum). The search below walks such a
side once, as a *skeleton*, and keeps with it the values X can take (one per symbol the blank
can show there): the blank's symbol is fixed only when a skeleton is joined with the other
side's value. Never going below zero is a condition on X too: every running sum from the hole's
term on is σ_k + s·T(X), so the smallest σ_k is all that must be kept (`floor`).

A side whose first blank is an operation has a concrete value (4 choices at most, tried); blanks
after the first one are concrete too (they come from the hand's Numbers like any tile).

Every side with a blank is produced exactly once: its first blank decides where the wildcard
is. Sides without a blank come from `sides.walk` with the hand's blanks set aside.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd
from typing import Iterator

from classroom.game.symbols import BLANK, OPERATIONS
from classroom.solve.board.sides import (
    DIGIT_VALUES,
    FRACTION_PAIRS,
    NUMBER_SYMBOLS,
    PackedHand,
    cell_choices,
    cell_numbers,
    cell_operations,
    number_span,
    reduced_pair,
    sum_numerator,
    term_product,
)

BLANK_VALUES_KEPT = 8192  # counting, X's choices a hand keeps from one line to the next (memory: docs/performance.md)


@dataclass(frozen=True)
class Skeleton:
    """The value of a side as a function of its wildcard Number X: σ + s·κ·X (or σ + s·κ/X when
    `divides`), legal when floor + s·T(X) >= 0; `values` are X's (numerator, denominator,
    symbol) choices. Many sides share one Skeleton, so its values are tried once for all."""

    sigma: tuple[int, int]
    sign: int
    kappa: tuple[int, int]
    divides: bool
    floor: tuple[int, int]
    values: tuple[tuple[int, int, str], ...]

    def keys(self) -> tuple:
        """Return (value key, symbol) for every choice of X that gives the side a value (an int
        when whole, else a reduced pair): none when X is 0 and divides, or when floor + s·T(X)
        goes below zero. One tight loop, as a walk with two blanks asks millions of skeletons."""
        k_n, k_d = self.kappa
        f_n, f_d = self.floor
        s_n, s_d = self.sigma
        divides, negative = self.divides, self.sign < 0
        found = []
        for x_n, x_d, symbol in self.values:
            if divides:
                if x_n == 0:
                    continue
                t_n, t_d = k_n * x_d, k_d * x_n
                if t_d < 0:
                    t_n, t_d = -t_n, -t_d
            else:
                t_n, t_d = k_n * x_n, k_d * x_d
            if negative:
                t_n = -t_n
            if f_n * t_d + t_n * f_d < 0:
                continue
            v_n, v_d = s_n * t_d + t_n * s_d, s_d * t_d
            if v_d != 1:
                g = gcd(v_n, v_d)
                v_n, v_d = v_n // g, v_d // g
            found.append((v_n if v_d == 1 else (v_n, v_d), symbol))
        return tuple(found)


def blank_numbers(cells: tuple, hand: PackedHand, plain: PackedHand, rest: PackedHand) -> tuple:
    """Return the Numbers from the first of the cells on that hold the wildcard blank:
    (last cell k, packed tiles used, fills with BLANK at the wildcard, position of that BLANK in the
    fills, X's choices as (numerator, denominator, symbol)). Tiles before the wildcard come from
    `plain` (no blank), after it from `rest` (the hand less one blank). Cached per hand."""
    cells = cells[:number_span(cells, hand.number_tiles)]
    found = hand.blank_number_cache.get(cells)
    if found is not None:
        return found
    offset, high = hand.offset, hand.high
    blank_unit = hand.unit[-1]
    choices = hand.blank_values  # X's choices, made once per hand and shared by its Numbers
    options = []  # per cell: (tiles before the wildcard, tiles after it, the wildcard's symbols)
    for cell in cells:
        if type(cell) is str:
            fixed = ((cell, 0, ()),) if cell in NUMBER_SYMBOLS else ()
            options.append((fixed, fixed, ()))
            continue
        allowed = [s for s in hand.blank_symbols if s in NUMBER_SYMBOLS and (cell is None or s in cell)]
        options.append((cell_choices(cell, plain, NUMBER_SYMBOLS), cell_choices(cell, rest, NUMBER_SYMBOLS),
                        tuple(allowed)))
    groups: list = []

    def extend(k, whole, scale, count, used, fills, at, wild, first):
        # the Number so far writes whole + scale·d, d the wildcard's digit (scale 0 before it);
        # count: its symbols; at: the wildcard's place in the fills; wild: its symbols (None
        # before it); first: whether the wildcard is the Number's first symbol
        if k == len(cells):
            return
        before, after, symbols = options[k]
        if wild is None and symbols and not (count and whole == 0):
            # the wildcard goes here (not after a leading zero): as the last symbol it may be any of its symbols
            now = used + blank_unit
            if not (now + offset) & high:
                key = (whole, count == 0, symbols)
                values = choices.get(key)
                if values is None:
                    values = choices[key] = _last_values(*key)
                mark = len(fills)
                if values:
                    groups.append((k, now, fills + (BLANK,), mark, values))
                digits = tuple(s for s in symbols if s in DIGIT_VALUES and (count or s != "0"))
                if digits:
                    extend(k + 1, whole * 10, 1, count + 1, now, fills + (BLANK,), mark, digits, count == 0)
        for symbol, unit, fill in (after if wild is not None else before):
            now = used + unit
            if unit and (now + offset) & high:
                continue
            digit = DIGIT_VALUES.get(symbol)
            if wild is None:
                if digit is None or (count and whole == 0):
                    continue  # no wildcard yet: a fraction tile or a leading zero ends the Number
                extend(k + 1, whole * 10 + digit, 0, count + 1, now, fills + fill, at, wild, first)
                continue
            if digit is not None:
                whole_now, scale_now = whole * 10 + digit, scale * 10
                key = (whole_now, scale_now, first, symbol, wild)
            else:
                key = (whole, scale, first, symbol, wild)
            values = choices.get(key)
            if values is None:
                values = choices[key] = _inner_values(*key)
            if values:
                groups.append((k, now, fills + fill, at, values))
            if digit is not None:
                extend(k + 1, whole_now, scale_now, count + 1, now, fills + fill, at, wild, first)

    extend(0, 0, 0, 0, 0, (), None, None, False)
    extend = None  # break the closure's cycle
    found = hand.blank_number_cache[cells] = tuple(groups)
    return found


def forget_blank_values(hand: PackedHand) -> None:
    """Forget X's choices made for the hand's Numbers holding the wildcard once they are more
    than BLANK_VALUES_KEPT (made again when asked for; a walk numbers them by identity, one walk
    at a time). Kept from one line to the next, most are not made again: a line's Numbers are
    mostly new, their choices mostly not (forgotten on every line, they were made more than
    twice over)."""
    if len(hand.blank_values) > BLANK_VALUES_KEPT:
        hand.blank_values.clear()


def _last_values(prefix: int, alone: bool, symbols: tuple) -> tuple:
    """Return X's choices when the wildcard ends the Number after the digits `prefix` (none
    when `alone`): any digit, or a fraction tile making a mixed number."""
    found = []
    for symbol in symbols:
        digit = DIGIT_VALUES.get(symbol)
        if digit is not None:
            found.append((prefix * 10 + digit, 1, symbol))
        else:
            p, q = FRACTION_PAIRS[symbol]
            found.append((prefix * q + p, q, symbol))
    return tuple(found)


def _inner_values(whole: int, scale: int, first: bool, last: str, digits: tuple) -> tuple:
    """Return X's choices when the wildcard is a digit inside a Number that the tile `last`
    ends: the whole part is whole + scale·d (d the wildcard's digit; not 0 when it comes first),
    and a fraction tile `last` needs a whole part that is not 0."""
    found = []
    fraction = FRACTION_PAIRS.get(last)
    for symbol in digits:
        d = DIGIT_VALUES[symbol]
        if first and d == 0:
            continue
        value = whole + scale * d
        if fraction is None:
            found.append((value, 1, symbol))
        elif value:
            p, q = fraction
            found.append((value * q + p, q, symbol))
    return tuple(found)


def blank_operations_of(cell, hand: PackedHand, kinds: tuple) -> tuple:
    """Return (symbol, packed tile used, tiles placed) for the wildcard blank standing as each
    operation of the kinds that the cell allows (cached per hand, as cell_operations is)."""
    key = (cell, kinds, BLANK)
    found = hand.operation_cache.get(key)
    if found is None:
        found = hand.operation_cache[key] = tuple(o for o in cell_operations(cell, hand, kinds)
                                                  if o[1] == hand.unit[-1])
    return found


def expanded(skeletons: list) -> Iterator[tuple]:
    """Yield (value, used, [tiles]) for every side the skeletons stand for."""
    for keys, members in skeletons:
        for key, symbol in keys:
            tile = BLANK + symbol
            for used, fills, hole in members:
                yield key, used, [fills[:hole] + (tile,) + fills[hole + 1:]]


class OverBudget(Exception):
    """A blank walk found more sides than its budget allowed."""


def blank_walk(pattern: tuple, hand: PackedHand, plain: PackedHand, rest: PackedHand,
              stops: tuple[bool, ...] | None = None,
              budget: int | None = None, operations: tuple = OPERATIONS, targets: set | None = None):
    """Return the sides filling the whole pattern that hold at least one blank, as
    (skeletons: [(((value key, blank's symbol), ...), [(packed tiles used, fills with BLANK
    where the wildcard goes, position of that BLANK)])], concrete: value -> packed tiles used -> [fills]) — concrete for the sides whose first blank
    is an operation. (Counting them is classroom.solve.board.blank_count's dynamic programme.)

    `plain` is the hand with its blanks set aside, for the part before the first blank, and
    `rest` the hand less one blank, for the part after it (all three packed alike).

    With `stops`, one pass serves every end: the result is then end j -> that pair for the
    sides filling pattern[:j + 1], for every j where stops[j] allows a side to end. With a
    `budget`, OverBudget is raised once more sides than that are found. Numbers are joined by
    the `operations` only (all four by default; × and ÷ alone give the terms). With `targets`
    (when listing), only the sides of those values are kept: a skeleton keeps the keys among
    them, and one with none is dropped with its members, so memory follows what is kept."""
    n = len(pattern)
    whole = stops is None
    if whole:
        stops = (False,) * (n - 1) + (True,) if n else ()
    offset, high = hand.offset, hand.high
    found: dict = {}  # end -> (skeletons, concrete)
    if not n:
        return ([], {}) if whole else {}
    plain_numbers: list = [None] * n
    rest_numbers: list = [None] * n
    plain_operations = [cell_operations(cell, plain, operations) for cell in pattern]
    blank_operations = [blank_operations_of(cell, hand, operations) for cell in pattern]
    rest_operations = [cell_operations(cell, rest, operations) for cell in pattern]

    def fits(used):
        return not (used + offset) & high

    def numbers(i, used):
        # the Numbers from position i, after the first blank, that the hand can still pay for
        here = rest_numbers[i]
        if here is None:
            here = rest_numbers[i] = cell_numbers(pattern[i:], rest)
        for length, by_used in here:
            for number_used, items in by_used:
                if fits(used + number_used):
                    yield length, number_used, items

    left = [budget]  # sides the budget still allows (None: no budget)

    def spend():
        if left[0] is not None:
            left[0] -= 1
            if left[0] < 0:
                raise OverBudget

    aimed_keys: dict = {}  # skeleton -> its keys among the targets

    def emit_skeleton(j, skeleton, used, fills, hole):
        spend()
        if targets is not None:
            keys = aimed_keys.get(skeleton)
            if keys is None:
                keys = aimed_keys[skeleton] = tuple(kv for kv in skeleton.keys() if kv[0] in targets)
            if not keys:
                return
        at = found.get(j)
        if at is None:
            at = found[j] = ({}, {})
        skeletons = at[0]
        members = skeletons.get(skeleton)
        if members is None:
            skeletons[skeleton] = [(used, fills, hole)]
        else:
            members.append((used, fills, hole))

    def emit_concrete(j, value, _, used, fills):
        spend()
        v_n, v_d = value
        key = v_n if v_d == 1 else (v_n, v_d)
        if targets is not None and key not in targets:
            return
        at = found.get(j)
        if at is None:
            at = found[j] = ({}, {})
        at[1].setdefault(key, {}).setdefault(used, []).append(fills)

    def before(i, total_n, total_d, plus, term_n, term_d, times, used, fills):
        # no blank yet; a Number starts at i
        here = plain_numbers[i]
        if here is None:
            here = plain_numbers[i] = cell_numbers(pattern[i:], plain)
        for length, by_used in here:
            j = i + length
            if j + 2 >= n:
                continue  # a side without a blank is not wanted here
            for number_used, items in by_used:
                now = used + number_used
                if not fits(now):
                    continue
                for value_n, value_d, number_fills in items:
                    term = term_product(times, term_n, term_d, value_n, value_d)
                    if term is None:
                        continue
                    t_n, t_d = term
                    got = fills + number_fills
                    for go, ops in ((before, plain_operations), (concrete_walk, blank_operations)):
                        for symbol, unit, fill in ops[j + 1]:
                            after_op = now + unit
                            if not fits(after_op):
                                continue
                            if symbol == "×" or symbol == "÷":
                                go(j + 2, total_n, total_d, plus, t_n, t_d, symbol, after_op, got + fill)
                            else:
                                s_n = sum_numerator(plus, total_n, total_d, t_n, t_d)
                                if s_n >= 0:
                                    go(j + 2, s_n, total_d * t_d, symbol == "+", 0, 1, None, after_op,
                                       got + fill)
        # the wildcard Number starts here
        for length, number_used, template, at, values in blank_numbers(pattern[i:], hand, plain, rest):
            now = used + number_used
            if not fits(now):
                continue
            if times is None:
                kappa, divides = (1, 1), False
            else:
                kappa, divides = reduced_pair(term_n, term_d), times == "÷"
            inside(i + length, total_n, total_d, plus, kappa, divides, now, fills + template,
                   len(fills) + at, values)

    def inside(j, total_n, total_d, plus, kappa, divides, used, fills, hole, values):
        # the wildcard's term runs up to position j; what follows joins it or closes it
        sign = 1 if plus else -1
        sigma = reduced_pair(total_n, total_d)
        if stops[j]:
            emit_skeleton(j, Skeleton(sigma, sign, kappa, divides, sigma, values), used, fills, hole)
        if j + 2 >= n:
            return
        for symbol, unit, fill in rest_operations[j + 1]:
            now = used + unit
            if not fits(now):
                continue
            got = fills + fill
            if symbol == "×" or symbol == "÷":
                for length, number_used, items in numbers(j + 2, now):
                    for value_n, value_d, number_fills in items:
                        if symbol == "×":
                            joined = reduced_pair(kappa[0] * value_n, kappa[1] * value_d)
                        elif value_n == 0:
                            continue
                        else:
                            joined = reduced_pair(kappa[0] * value_d, kappa[1] * value_n)
                        inside(j + 2 + length, total_n, total_d, plus, joined, divides,
                               now + number_used, got + number_fills, hole, values)
            else:
                def finish(j, closed, low, used, fills, kappa=kappa):
                    emit_skeleton(j, Skeleton(closed, sign, kappa, divides, low, values), used, fills, hole)

                tail(j + 2, sigma[0], sigma[1], symbol == "+", 0, 1, None, now, got, sigma, finish, False)

    def tail(i, total_n, total_d, plus, term_n, term_d, times, used, fills, floor, finish, prune):
        # concrete terms from position i on; `finish(j, sum, lowest running sum, used, fills)`
        # takes a side ending at j. After a wildcard's term the running sums σ_k may go below
        # zero (s·T(X) makes up for them: floor keeps the lowest); elsewhere (prune) they may not.
        for length, number_used, items in numbers(i, used):
            j = i + length
            stop, more = stops[j], j + 2 < n
            if not stop and not more:
                continue
            now = used + number_used
            for value_n, value_d, number_fills in items:
                term = term_product(times, term_n, term_d, value_n, value_d)
                if term is None:
                    continue
                t_n, t_d = term
                got = fills + number_fills
                closed = reduced_pair(sum_numerator(plus, total_n, total_d, t_n, t_d), total_d * t_d)
                low = closed if closed[0] * floor[1] < floor[0] * closed[1] else floor
                shut = prune and closed[0] < 0  # the term's sum goes below zero: no side closes it
                if stop and not shut:
                    finish(j, closed, low, now, got)
                if not more:
                    continue
                for symbol, unit, fill in rest_operations[j + 1]:
                    later = now + unit
                    if not fits(later):
                        continue
                    if symbol == "×" or symbol == "÷":
                        tail(j + 2, total_n, total_d, plus, t_n, t_d, symbol, later, got + fill, floor,
                             finish, prune)
                    elif not shut:
                        tail(j + 2, closed[0], closed[1], symbol == "+", 0, 1, None, later, got + fill,
                             low, finish, prune)

    def concrete_walk(i, total_n, total_d, plus, term_n, term_d, times, used, fills):
        # the first blank was an operation: from here on every value is concrete
        tail(i, total_n, total_d, plus, term_n, term_d, times, used, fills, (0, 1), emit_concrete, True)

    try:
        before(0, 0, 1, True, 0, 1, None, 0, ())
    finally:
        # the walk's functions refer to one another: break their cycles (see
        # position.paused_collector), also when the budget runs out
        fits = numbers = spend = emit_skeleton = emit_concrete = before = inside = tail = concrete_walk = None
    for j, (skeletons, concrete) in found.items():
        found[j] = ([(aimed_keys[skeleton] if targets is not None else skeleton.keys(), members)
                     for skeleton, members in skeletons.items()], concrete)
    if whole:
        return found.get(n - 1, ([], {}))
    return found
