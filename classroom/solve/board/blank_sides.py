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
        goes below zero (skeleton_keys)."""
        return skeleton_keys(self.sigma, self.sign, self.kappa, self.divides, self.floor, self.values)


def skeleton_keys(sigma: tuple[int, int], sign: int, kappa: tuple[int, int], divides: bool,
                  floor: tuple[int, int], values: tuple, whole: tuple | None = None) -> tuple:
    """Return Skeleton(sigma, sign, kappa, divides, floor, values).keys(). `whole`, when given, is
    values as (numerator, symbol) for values whose every denominator is 1 (whole_choices). One
    tight loop, as a walk with two blanks asks millions of skeletons: a skeleton of whole σ, κ and
    floor times X (the most of them) takes a path of its own, without a gcd."""
    k_n, k_d = kappa
    f_n, f_d = floor
    s_n, s_d = sigma
    if not divides and k_d == 1 and f_d == 1 and s_d == 1:
        if sign < 0:
            k_n = -k_n
        if whole is not None:  # every X whole: T = κ·X, the value σ + T, legal when floor + T >= 0
            return tuple([(s_n + k_n * x_n, symbol) for x_n, symbol in whole if f_n + k_n * x_n >= 0])
        found = []
        for x_n, x_d, symbol in values:
            t_n = k_n * x_n
            if x_d == 1:
                if f_n + t_n >= 0:
                    found.append((s_n + t_n, symbol))
                continue
            if f_n * x_d + t_n < 0:
                continue
            v_n = s_n * x_d + t_n
            g = gcd(v_n, x_d)
            found.append((v_n // g if g == x_d else (v_n // g, x_d // g), symbol))
        return tuple(found)
    negative = sign < 0
    found = []
    for x_n, x_d, symbol in values:
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


def whole_choices(values: tuple) -> tuple | None:
    """Return X's choices as (numerator, symbol) when every one is whole, else None
    (skeleton_keys's fast path)."""
    if all(x_d == 1 for _, x_d, _ in values):
        return tuple([(x_n, symbol) for x_n, _, symbol in values])
    return None


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
    n_cells = len(cells)
    # per cell, the digits the wildcard may show inside a Number: first (not 0), or after a digit
    wild_digits = [(tuple([s for s in symbols if s in DIGIT_VALUES and s != "0"]),
                    tuple([s for s in symbols if s in DIGIT_VALUES])) for _, _, symbols in options]
    groups: list = []

    def extend(k, whole, scale, count, used, fills, at, wild, first):
        # the Number so far writes whole + scale·d, d the wildcard's digit (scale 0 before it);
        # count: its symbols; at: the wildcard's place in the fills; wild: its symbols (None
        # before it); first: whether the wildcard is the Number's first symbol
        if k == n_cells:
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
                with_blank = fills + (BLANK,)
                if values:
                    groups.append((k, now, with_blank, mark, values))
                digits = wild_digits[k][count > 0]
                if digits:
                    extend(k + 1, whole * 10, 1, count + 1, now, with_blank, mark, digits, count == 0)
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
    fraction = FRACTION_PAIRS.get(last)
    if fraction is None:
        return tuple([(whole + scale * DIGIT_VALUES[symbol], 1, symbol) for symbol in digits
                      if not (first and DIGIT_VALUES[symbol] == 0)])
    p, q = fraction
    found = []
    for symbol in digits:
        d = DIGIT_VALUES[symbol]
        if first and d == 0:
            continue
        value = whole + scale * d
        if value:
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


_ZERO = (0, 1)  # the floor of a concrete walk's sums (unused: they may not go below zero)


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
    holes: list = [None] * n  # blank_numbers from each position, X's choices numbered
    plain_operations = [cell_operations(cell, plain, operations) for cell in pattern]
    blank_operations = [blank_operations_of(cell, hand, operations) for cell in pattern]
    rest_operations = [cell_operations(cell, rest, operations) for cell in pattern]
    left = budget  # sides the budget still allows (None: no budget)
    # A skeleton is keyed by (σ, s, κ, divides, floor, the number of X's choices): the choices, a
    # tuple of tuples, are numbered once per walk by value, not hashed again for every side;
    # skeletons equal as Skeletons share one key, so the sides are grouped as they were.
    choices: list = []  # number -> (X's choices, whole_choices of them)
    numbers_of: dict = {}  # X's choices -> their number
    by_id: dict = {}  # id of X's choices -> (them, kept alive here, their number)

    def numbered(i):
        # the Numbers from position i that hold the wildcard, their X's choices numbered
        found_here = []
        for length, number_used, template, at, values in blank_numbers(pattern[i:], hand, plain, rest):
            seen = by_id.get(id(values))
            if seen is None:
                number = numbers_of.get(values)
                if number is None:
                    number = numbers_of[values] = len(choices)
                    choices.append((values, whole_choices(values)))
                seen = by_id[id(values)] = (values, number)
            found_here.append((length, number_used, template, at, seen[1]))
        return found_here

    def keys_of(skeleton):
        sigma, sign, kappa, divides, floor, number = skeleton
        values, whole_values = choices[number]
        return skeleton_keys(sigma, sign, kappa, divides, floor, values, whole_values)

    aimed_keys: dict = {}  # skeleton -> its keys among the targets

    def emit_skeleton(j, skeleton, used, fills, hole):
        nonlocal left
        if left is not None:
            left -= 1
            if left < 0:
                raise OverBudget
        if targets is not None:
            keys = aimed_keys.get(skeleton)
            if keys is None:
                keys = aimed_keys[skeleton] = tuple([kv for kv in keys_of(skeleton) if kv[0] in targets])
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

    # The walk's hot loops inline sides.term_product, sum_numerator, reduced_pair and
    # PackedHand.fits: they run millions of times a walk.

    def before(i, total_n, total_d, plus, term_n, term_d, times, used, fills):
        # no blank yet; a Number starts at i
        here = plain_numbers[i]
        if here is None:
            here = plain_numbers[i] = cell_numbers(pattern[i:], plain)
        for length, by_used in here:
            j = i + length
            if j + 2 >= n:
                continue  # a side without a blank is not wanted here
            plain_ops, blank_ops = plain_operations[j + 1], blank_operations[j + 1]
            for number_used, items in by_used:
                now = used + number_used
                if (now + offset) & high:
                    continue
                for value_n, value_d, number_fills in items:
                    if times is None:
                        t_n, t_d = value_n, value_d
                    elif times == "×":
                        t_n, t_d = term_n * value_n, term_d * value_d
                    elif value_n == 0:
                        continue
                    elif value_n < 0:
                        t_n, t_d = -term_n * value_d, -term_d * value_n
                    else:
                        t_n, t_d = term_n * value_d, term_d * value_n
                    got = fills + number_fills
                    # the next operation from the hand without blanks, then the blank as one
                    for symbol, unit, fill in plain_ops:
                        after_op = now + unit
                        if (after_op + offset) & high:
                            continue
                        if symbol == "×" or symbol == "÷":
                            before(j + 2, total_n, total_d, plus, t_n, t_d, symbol, after_op, got + fill)
                        else:
                            s_n = total_n * t_d + t_n * total_d if plus else total_n * t_d - t_n * total_d
                            if s_n >= 0:
                                before(j + 2, s_n, total_d * t_d, symbol == "+", 0, 1, None, after_op,
                                       got + fill)
                    for symbol, unit, fill in blank_ops:
                        after_op = now + unit
                        if (after_op + offset) & high:
                            continue
                        if symbol == "×" or symbol == "÷":
                            tail(j + 2, total_n, total_d, plus, t_n, t_d, symbol, after_op, got + fill,
                                 _ZERO, None)
                        else:
                            s_n = total_n * t_d + t_n * total_d if plus else total_n * t_d - t_n * total_d
                            if s_n >= 0:
                                tail(j + 2, s_n, total_d * t_d, symbol == "+", 0, 1, None, after_op,
                                     got + fill, _ZERO, None)
        # the wildcard Number starts here
        wild_here = holes[i]
        if wild_here is None:
            wild_here = holes[i] = numbered(i)
        kappa = None
        for length, number_used, template, at, number in wild_here:
            now = used + number_used
            if (now + offset) & high:
                continue
            if kappa is None:
                if times is None:
                    kappa, divides = (1, 1), False
                else:
                    kappa, divides = reduced_pair(term_n, term_d), times == "÷"
                sigma = reduced_pair(total_n, total_d)
            inside(i + length, sigma, plus, kappa, divides, now, fills + template, len(fills) + at, number)

    def inside(j, sigma, plus, kappa, divides, used, fills, hole, number):
        # the wildcard's term runs up to position j; what follows joins it or closes it
        if stops[j]:
            emit_skeleton(j, (sigma, 1 if plus else -1, kappa, divides, sigma, number), used, fills, hole)
        if j + 2 >= n:
            return
        k_n, k_d = kappa
        for symbol, unit, fill in rest_operations[j + 1]:
            now = used + unit
            if (now + offset) & high:
                continue
            got = fills + fill
            if symbol == "×" or symbol == "÷":
                here = rest_numbers[j + 2]
                if here is None:
                    here = rest_numbers[j + 2] = cell_numbers(pattern[j + 2:], rest)
                times = symbol == "×"
                for length, by_used in here:
                    for number_used, items in by_used:
                        later = now + number_used
                        if (later + offset) & high:
                            continue
                        for value_n, value_d, number_fills in items:
                            if times:
                                a, b = k_n * value_n, k_d * value_d
                            elif value_n == 0:
                                continue
                            else:
                                a, b = k_n * value_d, k_d * value_n
                            if b == 1:
                                joined = (a, 1)
                            else:
                                g = gcd(a, b)
                                joined = (a // g, b // g)
                            inside(j + 2 + length, sigma, plus, joined, divides, later, got + number_fills, hole,
                                   number)
            else:
                tail(j + 2, sigma[0], sigma[1], symbol == "+", 0, 1, None, now, got, sigma,
                     (1 if plus else -1, kappa, divides, number, hole))

    def tail(i, total_n, total_d, plus, term_n, term_d, times, used, fills, floor, wild):
        # concrete terms from position i on, to a side ending at j. After a wildcard's term
        # (`wild`: its sign, κ, whether X divides, X's choices and the hole) the running sums σ_k
        # may go below zero (s·T(X) makes up for them: floor keeps the lowest) and a side is a
        # skeleton; after a blank operation (wild None) they may not, and a side is concrete.
        nonlocal left
        here = rest_numbers[i]
        if here is None:
            here = rest_numbers[i] = cell_numbers(pattern[i:], rest)
        if wild is not None:
            sign, kappa, divides, number, hole = wild
            f_n, f_d = floor
        for length, by_used in here:
            j = i + length
            stop, more = stops[j], j + 2 < n
            if not stop and not more:
                continue
            ops = rest_operations[j + 1] if more else ()
            for number_used, items in by_used:
                now = used + number_used
                if (now + offset) & high:
                    continue
                for value_n, value_d, number_fills in items:
                    if times is None:
                        t_n, t_d = value_n, value_d
                    elif times == "×":
                        t_n, t_d = term_n * value_n, term_d * value_d
                    elif value_n == 0:
                        continue
                    elif value_n < 0:
                        t_n, t_d = -term_n * value_d, -term_d * value_n
                    else:
                        t_n, t_d = term_n * value_d, term_d * value_n
                    got = fills + number_fills
                    c_n = total_n * t_d + t_n * total_d if plus else total_n * t_d - t_n * total_d
                    c_d = total_d * t_d
                    if c_d != 1:
                        g = gcd(c_n, c_d)
                        c_n, c_d = c_n // g, c_d // g
                    if wild is None:
                        low = floor
                        shut = c_n < 0  # the term's sum goes below zero: no side closes it
                        if stop and not shut:
                            if left is not None:
                                left -= 1
                                if left < 0:
                                    raise OverBudget
                            key = c_n if c_d == 1 else (c_n, c_d)
                            if targets is None or key in targets:
                                at = found.get(j)
                                if at is None:
                                    at = found[j] = ({}, {})
                                concrete = at[1]
                                by = concrete.get(key)
                                if by is None:
                                    concrete[key] = {now: [got]}
                                else:
                                    sides_here = by.get(now)
                                    if sides_here is None:
                                        by[now] = [got]
                                    else:
                                        sides_here.append(got)
                    else:
                        shut = False
                        low = (c_n, c_d) if c_n * f_d < f_n * c_d else floor
                        if stop:
                            emit_skeleton(j, ((c_n, c_d), sign, kappa, divides, low, number), now, got, hole)
                    for symbol, unit, fill in ops:
                        later = now + unit
                        if (later + offset) & high:
                            continue
                        if symbol == "×" or symbol == "÷":
                            tail(j + 2, total_n, total_d, plus, t_n, t_d, symbol, later, got + fill, floor, wild)
                        elif not shut:
                            tail(j + 2, c_n, c_d, symbol == "+", 0, 1, None, later, got + fill, low, wild)

    try:
        before(0, 0, 1, True, 0, 1, None, 0, ())
    finally:
        # the walk's functions refer to one another: break their cycles (see
        # position.paused_collector), also when the budget runs out
        numbered = emit_skeleton = before = inside = tail = None
    for j, (skeletons, concrete) in found.items():
        found[j] = ([(aimed_keys[skeleton] if targets is not None else keys_of(skeleton), members)
                     for skeleton, members in skeletons.items()], concrete)
    if whole:
        return found.get(n - 1, ([], {}))
    return found
