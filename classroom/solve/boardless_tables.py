"""The boardless solver's tables: value -> written texts, for every multiset of a hand's tiles.

An Expression is a Term, or an Expression ± a Term; a Term is a Number, or a Term × ÷ a Number.
For every multiset of the hand's tiles, `Tables` holds the Numbers, Terms and Expressions that
use exactly those tiles, by value, built from the tables of smaller multisets; an Equation is
then two Expressions of disjoint multisets joined by value (`classroom.solve.boardless.solve`).

- **Packed multisets**: a multiset is one int, COUNT_BITS bits for each kind of tile in the hand, so
  splitting it in two and finding what is left beside it are integer subtraction, and whatever
  fits beside a multiset is one of the sub-multisets of what is left.
- **The blank is a wildcard**: it is one more kind of tile, and a multiset holding it has one
  table, whatever it stands for. The blank takes its symbol only where it is written: in a
  Number (`_numbers` writes the Numbers of each number symbol it can be) or as an operation
  (`_build` joins two parts with each operation it can be); above that, texts are joined by
  value like any other, never 31 copies of a table. A text can so be made two ways (a blank
  and a real 5 side by side): each table keeps a text once, and so does the answer list.
- **Aimed tables**: only the small multisets, at most half the hand, are built in full: every
  bigger multiset is built from them. A bigger multiset is *aimed*: its tables hold only the
  values it needs, those of the sides that fit beside it (small ones, built in full) and those
  a still bigger aimed multiset asks of it as a part. The needs go down from the biggest
  multisets first (`_pass_needs`); then the aimed tables are built from the smallest up, a part
  found from the value it must have (`_join_aimed`) instead of trying every pair of parts.
- **Exact values, fast**: an int when whole, else a pair (numerator, denominator) in lowest
  terms (`Value`): the arithmetic of Fractions without their cost in the innermost loops.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement, permutations
from math import gcd

from classroom.errors import ClassroomError
from classroom.game.symbols import (
    BLANK,
    FRACTION_VALUES,
    PLUS_MINUS,
    TIMES_DIVIDE,
    Symbol,
    Tile,
    is_digit,
    is_exponent,
    is_fraction,
    is_negative,
    is_number,
)

Value = int | tuple[int, int]  # exact: 8, or (15, 4) for 15/4 (lowest terms, denominator > 1)
Table = dict[Value, list[str]]  # value -> written texts, like {8: ['24 ÷ 3', '8']}
Key = int  # a multiset of the hand's tiles: COUNT_BITS bits of count for each kind of tile
Needs = set | None  # the values a table must hold; None: every value
COUNT_BITS = 4  # counts stay below 16: nine tiles at most
MASK = (1 << COUNT_BITS) - 1
# The solver's budget: the partial expressions its tables hold, each some TEXT_BYTES of memory
# (the text, its place in a list, its share of a table). Past it the hand is refused in one
# sentence, before the tables could need 1 GB.
TEXT_BYTES = 150
MAX_TEXTS = 1_000_000


def exact(value: int | Fraction) -> Value:
    """Return a whole number or a Fraction as a Value: 8, or (15, 4)."""
    return int(value) if value.denominator == 1 else (value.numerator, value.denominator)


def _reduced(n: int, d: int) -> Value:
    if d < 0:
        n, d = -n, -d
    g = gcd(n, d)
    if g > 1:
        n, d = n // g, d // g
    return n if d == 1 else (n, d)


def add(a: Value, b: Value) -> Value:
    """Return a + b."""
    if a.__class__ is int:
        if b.__class__ is int:
            return a + b
        m, e = b
        return (a * e + m, e)  # still in lowest terms: gcd(a·e + m, e) = gcd(m, e) = 1
    n, d = a
    if b.__class__ is int:
        return (n + b * d, d)
    m, e = b
    return _reduced(n * e + m * d, d * e)


def sub(a: Value, b: Value) -> Value:
    """Return a - b."""
    if a.__class__ is int:
        if b.__class__ is int:
            return a - b
        m, e = b
        return (a * e - m, e)
    n, d = a
    if b.__class__ is int:
        return (n - b * d, d)
    m, e = b
    return _reduced(n * e - m * d, d * e)


def mul(a: Value, b: Value) -> Value:
    """Return a × b."""
    if a.__class__ is int:
        if b.__class__ is int:
            return a * b
        m, e = b
        return _reduced(a * m, e)
    n, d = a
    if b.__class__ is int:
        return _reduced(n * b, d)
    m, e = b
    return _reduced(n * m, d * e)


def div(a: Value, b: Value) -> Value:
    """Return a ÷ b (b is not 0)."""
    if a.__class__ is int:
        if b.__class__ is int:
            return a // b if a % b == 0 else _reduced(a, b)
        m, e = b
        return _reduced(a * e, m)
    n, d = a
    if b.__class__ is int:
        return _reduced(n, d * b)
    m, e = b
    return _reduced(n * e, d * m)


def below(value: Value, bound: int) -> bool:
    """Return whether value < bound."""
    return value < bound if value.__class__ is int else value[0] < bound * value[1]


APPLY = {"+": add, "-": sub, "×": mul, "÷": div}


def numbers_of(symbols: list[Symbol]) -> Table:
    """Return the numbers written with exactly these symbols (digits, then at most one fraction)."""
    if not all(is_number(s) for s in symbols):
        return {}
    if any(is_negative(s) or is_exponent(s) for s in symbols):
        return signed_number_table(symbols)
    fractions = [s for s in symbols if is_fraction(s)]
    digits = [s for s in symbols if is_digit(s)]
    if len(fractions) > 1:
        return {}
    table: Table = {}
    for order in sorted(set(permutations(digits))):
        whole = "".join(order)
        if len(whole) > 1 and whole[0] == "0":
            continue
        if fractions:
            if whole == "0":
                continue
            text = f"{whole} {fractions[0]}" if whole else fractions[0]
            value = exact((int(whole) if whole else 0) + FRACTION_VALUES[fractions[0]])
        else:
            text, value = whole, int(whole)
        table.setdefault(value, []).append(text)
    return table


def signed_number_table(symbols: list[Symbol]) -> Table:
    """Return the numbers written with exactly these symbols when a negative tile or an exponent
    tile is among them: the negative tile first, digits, then a fraction or an exponent tile
    last (RULES §11); the sign and the power belong to the whole number."""
    negatives = [s for s in symbols if is_negative(s)]
    exponents = [s for s in symbols if is_exponent(s)]
    fractions = [s for s in symbols if is_fraction(s)]
    digits = [s for s in symbols if is_digit(s)]
    if len(negatives) > 1 or len(exponents) + len(fractions) > 1:
        return {}
    sign, head = (-1, negatives[0]) if negatives else (1, "")
    table: Table = {}
    for order in sorted(set(permutations(digits))):
        whole = head[1:] + "".join(order) + (exponents[0][0] if exponents else "")
        if len(whole) > 1 and whole[0] == "0" or not whole:
            continue  # an unnecessary zero, or a fraction tile with no whole part before it
        if fractions:
            text = f"{head}{''.join(order)} {fractions[0]}"
            value = exact(sign * (int(whole) + FRACTION_VALUES[fractions[0]]))
        else:
            text = head + "".join(order) + (exponents[0] if exponents else "")
            value = (sign * int(whole)) ** (int(exponents[0][2]) if exponents else 1)
        table.setdefault(value, []).append(text)
    return table


def _emit(out: Table, value: Value, ltexts: list[str], spaced: str, rtexts: list[str]) -> int:
    """Add every `left spaced right` text to out[value]; return how many."""
    texts = out.get(value)
    if texts is None:
        texts = out[value] = []
    if len(ltexts) == 1 and len(rtexts) == 1:
        texts.append(ltexts[0] + spaced + rtexts[0])
        return 1
    texts.extend(lt + spaced + rt for lt in ltexts for rt in rtexts)
    return len(ltexts) * len(rtexts)


def _join_all(symbol: Symbol, left: Table, right: Table, nonnegative: bool, targets: Needs,
              out: Table) -> int:
    """Add to `out` every legal `left symbol right` (only values in `targets`, unless it is
    None), trying every pair of values; return how many texts were written."""
    spaced = f" {symbol} "
    apply = APPLY[symbol]
    minus = nonnegative and symbol == "-"
    divides = symbol == "÷"
    written = 0
    for rv, rtexts in right.items():
        if divides and rv == 0:
            continue
        for lv, ltexts in left.items():
            value = apply(lv, rv)
            if minus and below(value, 0) or targets is not None and value not in targets:
                continue
            written += _emit(out, value, ltexts, spaced, rtexts)
    return written


def _join_aimed(symbol: Symbol, left: Table, right: Table, nonnegative: bool, targets: set,
                out: Table) -> int:
    """Add to `out` what `_join_all` adds for `targets`, going through the smaller part only
    and finding the other part's value from each target (a 0 factor or a 0 dividend gives 0
    with every value of the other part)."""
    spaced = f" {symbol} "
    written = 0
    if nonnegative and symbol == "-":
        targets = [t for t in targets if not below(t, 0)]
    if len(right) <= len(left):
        for rv, rtexts in right.items():
            if rv == 0 and symbol in TIMES_DIVIDE:
                if symbol == "×" and 0 in targets:
                    for ltexts in left.values():
                        written += _emit(out, 0, ltexts, spaced, rtexts)
                continue
            for t in targets:
                if symbol == "+":
                    lv = sub(t, rv)
                elif symbol == "-":
                    lv = add(t, rv)
                elif symbol == "×":
                    lv = div(t, rv)
                else:
                    lv = mul(t, rv)
                ltexts = left.get(lv)
                if ltexts is not None:
                    written += _emit(out, t, ltexts, spaced, rtexts)
        return written
    for lv, ltexts in left.items():
        if lv == 0 and symbol in TIMES_DIVIDE:
            if 0 in targets:
                for rv, rtexts in right.items():
                    if symbol == "×" or rv != 0:
                        written += _emit(out, 0, ltexts, spaced, rtexts)
            continue
        for t in targets:
            if symbol == "+":
                rv = sub(t, lv)
            elif symbol == "-":
                rv = sub(lv, t)
            elif symbol == "×":
                rv = div(t, lv)
            elif t == 0:
                continue
            else:
                rv = div(lv, t)
            rtexts = right.get(rv)
            if rtexts is not None:
                written += _emit(out, t, ltexts, spaced, rtexts)
    return written


def _once(table: Table) -> None:
    """Keep each text of the table once, in the order first written."""
    for value, texts in table.items():
        if len(texts) > 1:
            table[value] = list(dict.fromkeys(texts))


class Tables:
    """The tables of Numbers, Terms and Expressions for every multiset of a hand's tiles (the
    whole hand aside: a side leaves at least one tile for the other)."""

    def __init__(self, tiles: tuple[Tile, ...], counts: tuple[int, ...], blank_symbols: tuple[Symbol, ...],
                 negatives: bool = False):
        self.tiles = tiles  # the hand's kinds of tile, like ('2', '4', '÷', '?')
        self.nonnegative = not negatives  # no value below zero (a set without negative tiles)
        self.unit = tuple(1 << (COUNT_BITS * i) for i in range(len(tiles)))
        self.hand = sum(c * u for c, u in zip(counts, self.unit))
        self.blank = self.unit[tiles.index(BLANK)] if BLANK in tiles else 0
        self.blank_numbers = tuple(s for s in blank_symbols if is_number(s))
        self.numbers: dict[Key, Table] = {}
        self.terms: dict[Key, Table] = {}
        self.expressions: dict[Key, Table] = {}
        self._parts: dict[Key, tuple[tuple[int, int], ...]] = {}
        self._splits: dict[Key, list[Key]] = {}
        self.texts = 0  # partial expressions written so far, against MAX_TEXTS
        # The operations a multiset may hold, as (its tile, the symbol written): a blank for
        # each operation it can stand for.
        self.plus_minus = [(self.unit[tiles.index(s)], s) for s in PLUS_MINUS if s in tiles]
        self.times_divide = [(self.unit[tiles.index(s)], s) for s in TIMES_DIVIDE if s in tiles]
        if self.blank:
            self.plus_minus += [(self.blank, s) for s in PLUS_MINUS if s in blank_symbols]
            self.times_divide += [(self.blank, s) for s in TIMES_DIVIDE if s in blank_symbols]
        # A Term holds no + or - tile, a Number no operation tile: the right part of
        # `expression ± term` and of `term × number` is looked for only among those tiles.
        self.term_tiles = sum(MASK * u for t, u in zip(tiles, self.unit) if t not in PLUS_MINUS)
        self.number_tiles = sum(MASK * u for t, u in zip(tiles, self.unit) if t not in PLUS_MINUS + TIMES_DIVIDE)
        self.operations = sum(MASK * u for t, u in zip(tiles, self.unit) if t in PLUS_MINUS + TIMES_DIVIDE)
        # With n tiles a side holds at most n - 1: whatever fits beside a multiset of more than
        # n // 2 tiles is small, and of the two parts of such a multiset one at most is big.
        size = sum(counts)
        aimed = []
        for key in sorted(self.splits(self.hand), key=self.size):
            if key == 0 or self.size(key) == size or self.size(key & self.operations) * 2 >= self.size(key):
                continue  # an Expression holds more Numbers than operations: none here
            if self.size(key) <= size // 2:
                self._build(key)
            else:
                aimed.append(key)
        self._aim(aimed)

    def parts(self, key: Key) -> tuple[tuple[int, int], ...]:
        """Return the multiset as (tile index, count) pairs, counts above zero."""
        found = self._parts.get(key)
        if found is None:
            found = self._parts[key] = tuple(
                (i, (key >> (COUNT_BITS * i)) & MASK) for i in range(len(self.tiles))
                if (key >> (COUNT_BITS * i)) & MASK)
        return found

    def size(self, key: Key) -> int:
        """Return how many tiles the multiset holds."""
        return sum(c for _, c in self.parts(key))

    def splits(self, key: Key) -> list[Key]:
        """Return every sub-multiset of the multiset, the empty one first and itself last."""
        found = self._splits.get(key)
        if found is None:
            found = [0]
            for i, c in self.parts(key):
                unit = self.unit[i]
                found = [s + m * unit for s in found for m in range(c + 1)]
            self._splits[key] = found
        return found

    def beside(self, key: Key) -> list[Key]:
        """Return the non-empty multisets of the tiles the hand has left beside `key`."""
        return self.splits(self.hand - key)[1:]

    def _count(self, written: int) -> None:
        self.texts += written
        if self.texts > MAX_TEXTS:
            raise ClassroomError(
                f"hand: this hand allows too many equations to list (the solver stops at "
                f"{MAX_TEXTS:,} partial expressions, some {MAX_TEXTS * TEXT_BYTES >> 20:,} MB); "
                f"use fewer blanks")

    def _numbers(self, key: Key, needed: Needs) -> Table:
        """Return the numbers written with exactly these tiles, a blank as each number symbol
        (only the values `needed`, unless it is None)."""
        symbols = [self.tiles[i] for i, c in self.parts(key) for _ in range(c)]
        blanks = symbols.count(BLANK)
        real = [s for s in symbols if s != BLANK]
        if not all(is_number(s) for s in real):
            return {}
        digits = sum(1 for s in real if is_digit(s))
        if needed is not None and digits > 1 and not any(is_negative(s) or is_exponent(s) for s in real) \
                and all(below(v, 10 ** (digits - 1)) for v in needed):
            return {}  # its digits, the first one not 0, write no number as small as those needed
        if not blanks:
            table = numbers_of(real)
        else:
            table = {}
            for chosen in combinations_with_replacement(self.blank_numbers, blanks):
                written = numbers_of(real + list(chosen))
                self._count(len(written))
                for value, texts in written.items():
                    table.setdefault(value, []).extend(texts)
        return table if needed is None else {v: t for v, t in table.items() if v in needed}

    def _build(self, key: Key, need_numbers: Needs = None, need_terms: Needs = None,
               need_expressions: Needs = None) -> None:
        """Build the multiset's tables: in full, or holding only the values needed."""
        numbers = self._numbers(key, need_numbers)
        if numbers:
            self.numbers[key] = numbers
        terms = {v: list(t) for v, t in numbers.items() if need_terms is None or v in need_terms}
        for unit, symbol in self.times_divide:
            if key & (MASK * unit):
                self._combine(key - unit, self.number_tiles, symbol, self.terms, self.numbers, terms,
                              need_terms)
        expressions = {v: list(t) for v, t in terms.items()
                       if need_expressions is None or v in need_expressions}
        for unit, symbol in self.plus_minus:
            if key & (MASK * unit):
                self._combine(key - unit, self.term_tiles, symbol, self.expressions, self.terms, expressions,
                              need_expressions)
        if key & (MASK * self.blank):
            _once(terms)
            _once(expressions)
        if terms:
            self.terms[key] = terms
        if expressions:
            self.expressions[key] = expressions

    def _combine(self, rest: Key, right_tiles: Key, symbol: Symbol, lefts: dict[Key, Table],
                 rights: dict[Key, Table], out: Table, targets: Needs) -> None:
        """Add to `out` every `left symbol right` whose parts use exactly `rest`, the right
        part only tiles of `right_tiles` (only values in `targets`, unless it is None)."""
        for right_key in self.splits(rest & right_tiles):
            right = rights.get(right_key)
            if right is None:
                continue
            left = lefts.get(rest - right_key)
            if left is None:
                continue
            if targets is None or len(left) * len(right) <= len(targets) * min(len(left), len(right)):
                self._count(_join_all(symbol, left, right, self.nonnegative, targets, out))
            else:
                self._count(_join_aimed(symbol, left, right, self.nonnegative, targets, out))

    def _aim(self, aimed: list[Key]) -> None:
        """Build the tables of the aimed multisets (smallest first), each holding the values of
        the sides that fit beside it and the values its bigger aimed multisets need of it."""
        need_numbers: dict[Key, Needs] = {}
        need_terms: dict[Key, Needs] = {}
        need_expressions: dict[Key, set] = {}
        for key in aimed:
            values = set()
            for other in self.beside(key):
                values.update(self.expressions.get(other, ()))
            need_expressions[key] = values
            need_terms[key] = set(values)
            need_numbers[key] = set()
        for key in reversed(aimed):
            self._pass_needs(key, need_numbers, need_terms, need_expressions)
        for key in aimed:
            self._build(key, need_numbers[key], need_terms[key], need_expressions[key])

    def _pass_needs(self, key: Key, need_numbers: dict[Key, Needs], need_terms: dict[Key, Needs],
                    need_expressions: dict[Key, set]) -> None:
        """Add to the needs of the multiset's aimed parts the values that give the values it
        needs (the other part, small, is built in full). A term that must be 0 and is made
        `× 0` or `0 ÷` needs every value of its aimed part."""
        wanted = need_expressions[key]
        if need_terms[key] is not None:
            need_terms[key] |= wanted  # every expression that is one term is a term first
        if need_terms[key] is None:
            need_numbers[key] = None
        elif need_numbers[key] is not None:
            need_numbers[key] |= need_terms[key]  # and every term that is one number a number
        for unit, symbol in self.plus_minus:
            if not key & (MASK * unit) or not wanted:
                continue
            rest = key - unit
            plus = symbol == "+"
            for right_key in self.splits(rest & self.term_tiles):
                left_key = rest - right_key
                if left_key in need_expressions:
                    right = self.terms.get(right_key)
                    if right:
                        need_expressions[left_key].update(
                            sub(t, rv) if plus else add(t, rv) for t in wanted for rv in right)
                elif right_key in need_terms:
                    left = self.expressions.get(left_key)
                    needed = need_terms[right_key]
                    if left and needed is not None:
                        needed.update(sub(t, lv) if plus else sub(lv, t) for t in wanted for lv in left)
        wanted = need_terms[key]
        for unit, symbol in self.times_divide:
            if not key & (MASK * unit):
                continue
            rest = key - unit
            times = symbol == "×"
            for right_key in self.splits(rest & self.number_tiles):
                left_key = rest - right_key
                if right_key in need_numbers:
                    _pass_to_number(right_key, self.terms.get(left_key), times, wanted, need_numbers)
                    continue
                if need_terms.get(left_key) is None:
                    continue  # a small part, or one needed whole already
                numbers = self.numbers.get(right_key)
                if not numbers:
                    continue
                if wanted is None or times and 0 in numbers and 0 in wanted:
                    need_terms[left_key] = None
                    continue
                needed = need_terms[left_key]
                for nv in numbers:
                    if nv != 0:
                        needed.update(div(t, nv) if times else mul(t, nv) for t in wanted)


def _pass_to_number(number_key: Key, terms: Table | None, times: bool, wanted: Needs,
                    need_numbers: dict[Key, Needs]) -> None:
    """Add to the needs of an aimed Number the values that make `term × number` (or
    `term ÷ number`) one of the terms `wanted`."""
    needed = need_numbers[number_key]
    if not terms or needed is None:
        return
    if wanted is None or 0 in terms and 0 in wanted:
        need_numbers[number_key] = None  # 0 × any number, or 0 ÷ any number but 0
        return
    for lv in terms:
        if times and lv != 0:
            needed.update(div(t, lv) for t in wanted)
        elif not times:
            needed.update(div(lv, t) for t in wanted if t != 0)
