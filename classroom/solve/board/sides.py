"""Sides: every legal Expression that fills one side of an = on a stretch of board squares.

A stretch is a pattern of cells: a fixed symbol (a tile already on the board), a cross-check
set (the symbols its perpendicular string allows) or None (any symbol). `walk` lists the fills
one whole Number at a time with exact arithmetic on integer pairs; `count_walk` counts them by
a dynamic programme over Number boundaries. Tiles used are packed in one integer (PackedHand),
so whether the hand can pay is one addition and one mask.
"""

from __future__ import annotations

from functools import lru_cache
from math import gcd

from classroom.game.arithmetic import Illegal, read
from classroom.game.symbols import (
    ALL_SYMBOLS,
    BLANK,
    EQUAL,
    EXPONENTS,
    FRACTION_VALUES,
    NEGATIVES,
    OPERATIONS,
    ORIGINAL_RULES,
    Hand,
    Rules,
    Symbol,
    is_digit,
    is_fraction,
)
from classroom.game.tilesets import TileSet
from classroom.solve.board.numbers import reads_signed, signed_numbers

FIELD = 5  # bits per tile kind in a packed count of used tiles (counts stay below 32)

# The shapes every part of the search passes around (docs/engine.md, "Glossary"):
ValueKey = int | tuple[int, int]  # a value as a dict key: whole, like 7, else reduced, like (7, 2) for 7/2
Fills = tuple[str, ...]  # a side's tiles for its stretch's empty squares, like ('2', '4', '÷', '3')
ByUsed = dict[int, list[Fills] | int]  # packed tiles used -> fills, like {0b1_00001: [('3', '+', '4')]}; counting, how many
SideTable = dict[ValueKey, ByUsed]  # value -> packed tiles used -> fills, like {7: {0b1_00001: [('3', '+', '4')]}}
StopTables = dict[int, SideTable]  # a walk with stops: end j -> the side table of pattern[:j + 1], like {2: {7: ...}}


# --- cross-checks --------------------------------------------------------------------------

@lru_cache(maxsize=65536)
def cross_allowed(before: tuple[Symbol, ...], after: tuple[Symbol, ...],
                  rules: Rules = ORIGINAL_RULES) -> frozenset[Symbol]:
    """Return the symbols that make before + symbol + after a number, expression or true equation
    (the symbols of the rules' kinds, read under those rules)."""
    allowed = []
    for symbol in rules.symbols:
        try:
            read(before + (symbol,) + after, rules)
        except Illegal:
            continue
        allowed.append(symbol)
    return frozenset(allowed)


# --- the hand --------------------------------------------------------------------------------

class PackedHand:
    """A hand as tile kinds with counts, packed so that a pair of sides is checked at once; with
    `digits`, the Numbers `cell_numbers` writes for it hold at most that many digits (taste.digits:
    a negative tile's counts), for a search that keeps no play with a longer one (a class's taste;
    a Number holding a wildcard blank, or written from its value, is not held to it)."""

    def __init__(self, hand: Hand, tileset: TileSet, digits: int | None = None):
        self.size = len(hand)
        self.digits = digits
        self.kinds = sorted({t for t in hand if t != BLANK}, key=ALL_SYMBOLS.index)
        self.counts = [sum(1 for t in hand if t == k) for k in self.kinds]
        blanks = sum(1 for t in hand if t == BLANK)
        rules = tileset.rules
        self.negatives = rules.negatives  # values may go below zero: no side is cut for it
        self.signed = reads_signed(rules)  # Numbers are read by numbers.py
        self.number_symbols = _SIGNED_SYMBOLS if self.signed else NUMBER_SYMBOLS
        # The wildcard's algebra (blank_sides.py) knows Numbers of digits and fractions only: with
        # negative or exponent tiles, the blanks are tried as each of their symbols like any tile
        # (see cell_choices), and the search sees no wildcard (`blanks` 0).
        self.blanks = 0 if self.signed else blanks
        self.blank_symbols = tuple(s for s in tileset.blank_symbols if s != EQUAL) if blanks else ()
        self.unit = [1 << (FIELD * i) for i in range(len(self.kinds) + 1)]
        full = self.counts + [blanks]
        # used + offset sets a field's top bit exactly when that kind is used more than held.
        self.offset = sum(((1 << (FIELD - 1)) - 1 - c) << (FIELD * i) for i, c in enumerate(full))
        self.high = sum(1 << (FIELD * i + FIELD - 1) for i in range(len(full)))
        self.scores = {t: tileset.score_of(t) for t in self.kinds}
        self.best_scores = sorted((tileset.score_of(t) for t in hand), reverse=True)
        self.number_cache: dict = {}  # cells -> the Numbers that fill them (see cell_numbers)
        self.operation_cache: dict = {}  # (cell, kinds) -> the operations it holds (see cell_operations)
        self.blank_number_cache: dict = {}  # cells -> the Numbers holding the wildcard blank (blank_sides.py)
        self.blank_values: dict = {}  # X's choices in those Numbers (blank_sides.py): kept with the hand,
        # not in a cache of the module's, which would hold them after the search (hundreds of MB)
        self.number_tiles = sum(1 for t in hand if t not in OPERATIONS)  # blanks included

    def fits(self, used: int) -> bool:
        """Return whether the hand holds the packed tiles."""
        return not (used + self.offset) & self.high


def empty_squares(pattern: tuple) -> int:
    """Return how many squares of the pattern are empty (filled from the hand)."""
    return sum(1 for cell in pattern if type(cell) is not str)


def filling(pattern: tuple, hand: PackedHand, counting: bool = False,
            operations: tuple = OPERATIONS) -> SideTable:
    """Return value -> packed tiles used -> [tiles] (how many, when counting) for the sides
    that fill the whole pattern, joined by the `operations` only."""
    stops = (False,) * (len(pattern) - 1) + (True,)
    return (count_walk if counting else walk)(pattern, stops, hand, operations).get(len(pattern) - 1, {})


def walk(pattern: tuple, stops: tuple[bool, ...], hand: PackedHand,
         operations: tuple = OPERATIONS) -> StopTables:
    """Return, for every position j where stops[j] allows the side to end, value -> packed
    tiles used -> [tiles for the empty squares] for every legal expression that fills
    pattern[:j + 1] from the hand (pattern: a symbol for a fixed square, a cross-check set or
    None for an empty one), its Numbers joined by the `operations` only (all four by default:
    × and ÷ alone give the terms). One search serves every end, as the sides share their beginning.

    The search goes a whole Number at a time (numbers come from `cell_numbers`, shared by every
    walk of the hand), then an operation. Values are kept as unreduced (numerator, denominator)
    pairs, cheaper than Fraction; only a side's final value is reduced, to a dict key (an int
    when whole, else the pair)."""
    out: StopTables = {}
    n = len(pattern)
    offset, high = hand.offset, hand.high
    signed = hand.negatives
    numbers: list = [None] * n
    operations = [cell_operations(cell, hand, operations) for cell in pattern]

    def search(i, total_n, total_d, plus, term_n, term_d, times, used, fills):
        # a Number starts at i; total: the sum so far; term: the product before the Number
        # (times: how the Number joins it: None at the term's start, '×' or '÷').
        here = numbers[i]
        if here is None:
            here = numbers[i] = cell_numbers(pattern[i:], hand)
        for length, by_used in here:
            j = i + length
            stop = stops[j]
            more = j + 2 < n
            ops = operations[j + 1] if more else ()
            if not (stop or ops):
                continue  # a Number that can neither end the side here nor be followed
            at = out.get(j) if stop else None
            for number_used, items in by_used:
                now = used + number_used
                if (now + offset) & high:
                    continue
                for value_n, value_d, number_fills in items:
                    # the term with this Number joined in (inlined term_product: the hottest loop)
                    if times is None:
                        t_n, t_d = value_n, value_d
                    elif times == "×":
                        t_n, t_d = term_n * value_n, term_d * value_d
                    elif value_n == 0:
                        continue
                    elif value_n < 0:  # a negative Number (RULES §11): the denominator stays positive
                        t_n, t_d = -term_n * value_d, -term_d * value_n
                    else:
                        t_n, t_d = term_n * value_d, term_d * value_n
                    got = fills + number_fills if number_fills else fills
                    v_n = total_n * t_d + t_n * total_d if plus else total_n * t_d - t_n * total_d
                    if stop and (v_n >= 0 or signed):
                        v_d = total_d * t_d
                        if v_d == 1:
                            key = v_n
                        else:
                            g = gcd(v_n, v_d)
                            key = v_n // g if g == v_d else (v_n // g, v_d // g)
                        if at is None:
                            at = out[j] = {}
                        by = at.get(key)
                        if by is None:
                            at[key] = {now: [got]}
                        else:
                            found = by.get(now)
                            if found is None:
                                by[now] = [got]
                            else:
                                found.append(got)
                    for symbol, unit, fill in ops:
                        after = now + unit
                        if unit and (after + offset) & high:
                            continue
                        next_fills = got + fill if fill else got
                        if symbol == "×" or symbol == "÷":
                            search(j + 2, total_n, total_d, plus, t_n, t_d, symbol, after, next_fills)
                        elif v_n >= 0 or signed:
                            search(j + 2, v_n, total_d * t_d, symbol == "+", 0, 1, None, after,
                                   next_fills)

    if n:
        search(0, 0, 1, True, 0, 1, None, 0, ())
    search = None  # the closure refers to itself: break the cycle (see position.paused_collector)
    return out


def term_product(times, term_n, term_d, value_n, value_d):
    """Return a term with the next Number joined in as (numerator, denominator): the Number
    itself at the term's start, multiplied or divided in; None for a division by zero."""
    if times is None:
        return value_n, value_d
    if times == "×":
        return term_n * value_n, term_d * value_d
    if value_n == 0:
        return None
    if value_n < 0:  # a negative Number (RULES §11): the denominator stays positive
        return -term_n * value_d, -term_d * value_n
    return term_n * value_d, term_d * value_n


def sum_numerator(plus, total_n, total_d, t_n, t_d):
    """Return the numerator of total ± term over the denominator total_d × t_d."""
    return total_n * t_d + t_n * total_d if plus else total_n * t_d - t_n * total_d


def count_walk(pattern: tuple, stops: tuple[bool, ...], hand: PackedHand,
               operations: tuple = OPERATIONS, states: list | None = None, spend=None) -> StopTables:
    """Return, for every position j where stops[j] allows a side to end, value -> packed tiles
    used -> how many legal expressions fill pattern[:j + 1] from the hand, joined by the
    `operations` only (what `walk` finds, counted, not listed). A dynamic programme over the Number boundaries: expressions that
    reach the same position, sum, term and tiles used are merged, so each is continued once,
    and one pass serves every end.

    `states` (taken over) gives, position by position, the states to go on from, as
    (total_n, total_d, plus, term_n, term_d, times, used) -> how many, a Number next, fractions
    reduced (by default the empty side at 0: see blank_count_walk, which starts it after a blank);
    `spend(states, Numbers)` is told of the work before each position's states go on."""
    n = len(pattern)
    offset, high = hand.offset, hand.high
    signed = hand.negatives
    out: dict = {}
    if states is None:
        states = [{} for _ in range(n)]
        if n:
            states[0][0, 1, True, 0, 1, None, 0] = 1
    operations = [cell_operations(cell, hand, operations) for cell in pattern]
    for i in range(n):
        here_states = states[i]
        states[i] = None
        if not here_states:
            continue
        here = cell_numbers(pattern[i:], hand)
        if spend is not None:
            spend(here_states, here)
        for (total_n, total_d, plus, term_n, term_d, times, used), count in here_states.items():
            for length, by_used in here:
                j = i + length
                stop = stops[j]
                ops = operations[j + 1] if j + 2 < n else ()
                if not stop and not ops:
                    continue
                table = out.setdefault(j, {}) if stop else None
                following = states[j + 2] if ops else None
                for number_used, items in by_used:
                    now = used + number_used
                    if (now + offset) & high:
                        continue
                    for value_n, value_d, _ in items:
                        # the term with this Number joined in, and the sum with the term: the
                        # arithmetic of term_product, sum_numerator and reduced_pair, inlined (the hottest loop)
                        if times is None:
                            t_n, t_d = value_n, value_d
                        elif times == "×":
                            t_n, t_d = term_n * value_n, term_d * value_d
                        elif value_n == 0:
                            continue
                        elif value_n < 0:  # a negative Number (RULES §11)
                            t_n, t_d = -term_n * value_d, -term_d * value_n
                        else:
                            t_n, t_d = term_n * value_d, term_d * value_n
                        s_n = total_n * t_d + t_n * total_d if plus else total_n * t_d - t_n * total_d
                        s_d = total_d * t_d
                        if s_d != 1:
                            g = gcd(s_n, s_d)
                            s_n, s_d = s_n // g, s_d // g
                        if stop and (s_n >= 0 or signed):
                            key = s_n if s_d == 1 else (s_n, s_d)
                            by = table.get(key)
                            if by is None:
                                table[key] = {now: count}
                            else:
                                by[now] = by.get(now, 0) + count
                        if following is None:
                            continue
                        reduced = None  # the term reduced, once for × and ÷
                        for symbol, unit, _ in ops:
                            after = now + unit
                            if unit and (after + offset) & high:
                                continue
                            if symbol == "×" or symbol == "÷":
                                if reduced is None:
                                    reduced = reduced_pair(t_n, t_d)
                                state = (total_n, total_d, plus, reduced[0], reduced[1], symbol, after)
                            elif s_n < 0 and not signed:
                                continue
                            else:
                                state = (s_n, s_d, symbol == "+", 0, 1, None, after)
                            following[state] = following.get(state, 0) + count
    return out


def reduced_pair(numerator: int, denominator: int) -> tuple[int, int]:
    if denominator == 1:
        return numerator, 1
    g = gcd(numerator, denominator)
    return numerator // g, denominator // g


def may_hold(cell, kinds: tuple, held: tuple) -> bool:
    """Return whether the cell can hold an operation of the kinds: a fixed one, or one of the
    hand's (`held`, those of the kinds the hand or its blank can place)."""
    if type(cell) is str:
        return cell in kinds
    return any(cell is None or s in cell for s in held)


def cell_operations(cell, hand: PackedHand, kinds: tuple = OPERATIONS) -> tuple:
    """Return (symbol, packed tile used, tiles placed) for every operation of the kinds (all
    four by default) the cell can hold. Cached per hand: every walk asks it of each of its cells
    (thousands of times a count), and a board has few cross-checks."""
    if type(cell) is str:
        return ((cell, 0, ()),) if cell in kinds else ()
    key = (cell, kinds)
    found = hand.operation_cache.get(key)
    if found is None:
        found = hand.operation_cache[key] = cell_choices(cell, hand, kinds)
    return found


def cell_choices(cell, hand: PackedHand, kind) -> tuple:
    """Return (symbol, packed tile used, tiles placed) for every tile of the hand whose symbol
    is of the kind (a collection of symbols) and that the empty cell allows; a blank shows as
    '?' plus the symbol it stands for."""
    found = [(s, hand.unit[k], (s,)) for k, s in enumerate(hand.kinds)
             if s in kind and (cell is None or s in cell)]
    if hand.blank_symbols:
        found += [(s, hand.unit[-1], (BLANK + s,)) for s in hand.blank_symbols
                  if s in kind and (cell is None or s in cell)]
    return tuple(found)


def cell_numbers(cells: tuple, hand: PackedHand) -> tuple:
    """Return the Numbers the hand can write from the first of the cells on: for each last
    cell k (0-based), (k, ((packed tiles used, ((numerator, denominator, tiles placed), ...)), ...)).
    Cached per hand, as many walks share stretches of the board."""
    cells = cells[:number_span(cells, hand.number_tiles, hand.number_symbols)]
    found = hand.number_cache.get(cells)
    if found is not None:
        return found
    offset, high = hand.offset, hand.high
    options = []
    for cell in cells:
        if type(cell) is str:
            options.append(((cell, 0, ()),) if cell in hand.number_symbols else ())
            continue
        options.append(cell_choices(cell, hand, hand.number_symbols))
    if hand.digits is not None:
        # a digit (or a negative tile) at cell k would be the Number's (k + 1)-th: past the
        # hand's most digits, only what ends a Number (a fraction or exponent tile) is written
        options[hand.digits:] = [tuple(o for o in cell if o[0] not in DIGIT_VALUES and o[0] not in NEGATIVES)
                                 for cell in options[hand.digits:]]
    by_end: list[dict] = [{} for _ in cells]
    if hand.signed:
        by_end = signed_numbers(options, offset, high)

    def extend(k, whole, used, fills):
        # whole: the digits so far as an int; a Number goes on from none past the cells, nor
        # from a leading 0 (a fraction tile ends it: it is never extended)
        if k == len(cells) or whole == 0 and k > 0:
            return
        ends = by_end[k]
        for symbol, unit, fill in options[k]:
            now = used + unit
            if unit and (now + offset) & high:
                continue
            placed = fills + fill
            digit = DIGIT_VALUES.get(symbol)
            if digit is not None:
                number = whole * 10 + digit
                ends.setdefault(now, []).append((number, 1, placed))
                extend(k + 1, number, now, placed)
            else:
                p, q = FRACTION_PAIRS[symbol]
                ends.setdefault(now, []).append((whole * q + p, q, placed))

    if not hand.signed:
        extend(0, 0, 0, ())
    extend = None  # break the closure's cycle
    found = tuple((j, tuple((used, tuple(items)) for used, items in by_end[j].items()))
                  for j in range(len(cells)) if by_end[j])
    hand.number_cache[cells] = found
    return found


def number_span(cells: tuple, limit: int, numbers: frozenset = frozenset()) -> int:
    """Return how many of the cells a Number could cover: up to a fixed operation or the first
    empty square beyond the hand's size (`numbers`: the symbols Numbers are made of)."""
    numbers = numbers or NUMBER_SYMBOLS
    empties = 0
    for k, cell in enumerate(cells):
        if type(cell) is str:
            if cell not in numbers:
                return k
        else:
            empties += 1
            if empties > limit:
                return k
    return len(cells)


DIGIT_VALUES = {symbol: int(symbol) for symbol in ALL_SYMBOLS if is_digit(symbol)}
FRACTION_PAIRS = {symbol: (FRACTION_VALUES[symbol].numerator, FRACTION_VALUES[symbol].denominator)
             for symbol in ALL_SYMBOLS if is_fraction(symbol)}
NUMBER_SYMBOLS = frozenset(DIGIT_VALUES) | frozenset(FRACTION_PAIRS)
_SIGNED_SYMBOLS = NUMBER_SYMBOLS | frozenset(NEGATIVES) | frozenset(EXPONENTS)  # RULES §11
