"""Equation families: the equations of a hand that are one idea, so that a key lists the idea once.

Two true equations are in one **family** when one is rewritten into the other by identities that
hold whatever the Numbers are, so that a student who found one has found the idea of all:

- the **two sides of =** swapped: `24 ÷ 3 = 8` and `8 = 24 ÷ 3`;
- the **terms of a side** reordered, each keeping the sign before it (a side's first term has
  `+`, or `-` when the side starts with `-`): `4 + 7 - 6`, `7 + 4 - 6` and `4 - 6 + 7` are one
  sum. A term never moves to or from behind a `-`: `7 - 4` and `4 - 7` are not one idea;
- the **factors of a product** reordered, each keeping the `×` or `÷` before it (the first
  factor counts as multiplied): `2 × 3 ÷ 6`, `3 × 2 ÷ 6` and `2 ÷ 6 × 3` are one product. A
  Number never moves to or from behind a `÷`: `6 ÷ 3` and `3 ÷ 6` are not one idea;
- a **zero trick** (a product with a multiplied 0 in it, game.taste): `0 × 2349`, `9432 × 0` and
  `0 ÷ 7` are 0 whatever the order of each other Number's symbols, so the other Numbers count by
  the symbols they hold, not their order: `0 = 0 × 2349` and `0 = 0 × 9432` are one idea.

Every rewrite keeps the multiset of symbols, so the members of a family use the same tiles and
earn the same score. A line whose shape is anything else (an operation after `×` or `÷`, say)
is a family of its own symbols: nothing is folded that is not provably the same.
"""

from __future__ import annotations

from classroom.game.symbols import EQUAL, PLUS_MINUS, TIMES_DIVIDE, Symbol, Tile, face, is_number

Number = tuple[Symbol, ...]  # like ('2', '4') or ('4', '5/2')
Product = tuple[tuple[str, Number], ...]  # each factor with the × or ÷ before it
Family = tuple  # a hashable key: two equations are one family when their keys are equal


def family(symbols: tuple[Symbol, ...] | list[Symbol]) -> Family:
    """Return the family key of an equation's symbols (blanks as what they stand for):
    equal for '2 4 ÷ 3 = 8' and '8 = 2 4 ÷ 3', different for '7 - 4 = 3' and '4 - 7 = ...'."""
    symbols = tuple(symbols)
    if symbols.count(EQUAL) != 1:
        return ("as written", symbols)
    at = symbols.index(EQUAL)
    sides = (_side(symbols[:at]), _side(symbols[at + 1:]))
    if None in sides:
        return ("as written", symbols)
    return tuple(sorted(sides))


def is_zero(number: Number) -> bool:
    """Return whether a Number is the 0 tile alone."""
    return number == ("0",)


def _side(symbols: tuple[Symbol, ...]) -> tuple | None:
    """Return a side's key, its signed terms in sorted order, or None when it is not a plain
    sum of products (then it is kept as written)."""
    terms: list[tuple[str, tuple]] = []
    sign, product, factor_op, number = "+", [], "×", []
    start = 0
    if symbols[:1] == ("-",):
        sign, start = "-", 1
    for symbol in (*symbols[start:], None):
        if symbol is not None and is_number(symbol):
            number.append(symbol)
            continue
        if not number:
            return None  # an operation first, two operations in a row, or an empty side
        product.append((factor_op, tuple(number)))
        number = []
        if symbol in TIMES_DIVIDE:
            factor_op = symbol
            continue
        terms.append((sign, _product(tuple(product))))
        product, factor_op = [], "×"
        if symbol in PLUS_MINUS:
            sign = symbol
    return tuple(sorted(terms))


def _product(factors: Product) -> tuple:
    """Return a product's key: its factors sorted, each with its × or ÷; in a zero trick the
    other Numbers by their symbols alone (their order does not change the 0)."""
    zero = len(factors) > 1 and ("×", ("0",)) in factors
    if zero:
        return ("zero", tuple(sorted((op, tuple(sorted(n))) for op, n in factors)))
    return ("product", tuple(sorted(factors)))


LETTERS = ("N", "M", "P", "Q")  # the Numbers a zero trick swallows, as a key names them


def zero_pattern(tiles: tuple[Tile, ...]) -> tuple[tuple[str, ...], tuple[tuple[str, Number], ...]]:
    """Return an equation's tiles with each Number of two or more symbols that a zero trick
    swallows replaced by a letter, and each letter with the symbols it stands for in any order:
    ('0', '=', '0', '×', '2', '3', '4', '9') -> (('0', '=', '0', '×', 'N'), (('N', ('2', '3', '4', '9')),)).
    A line with no such Number comes back as it is, with no letters."""
    faces = [face(t) for t in tiles]
    products: list[list[tuple[int, int, bool]]] = [[]]  # each Number: start, end, multiplied
    at = 0
    while at < len(faces):
        if not is_number(faces[at]):
            if faces[at] not in TIMES_DIVIDE:
                products.append([])
            at += 1
            continue
        end = at
        while end < len(faces) and is_number(faces[end]):
            end += 1
        products[-1].append((at, end, not at or faces[at - 1] != "÷"))
        at = end
    swallowed = [(start, end) for product in products
                 if len(product) > 1 and any(is_zero(tuple(faces[s:e])) and times for s, e, times in product)
                 for start, end, _ in product if end - start > 1]
    if not swallowed or len(swallowed) > len(LETTERS):
        return tuple(tiles), ()
    out: list[str] = []
    letters = []
    at = 0
    for (start, end), letter in zip(swallowed, LETTERS):
        out += [*tiles[at:start], letter]
        letters.append((letter, tuple(sorted(faces[start:end], key=_symbol_rank))))
        at = end
    out += tiles[at:]
    return tuple(out), tuple(letters)


def _symbol_rank(symbol: Symbol) -> tuple[bool, str]:
    """Return the order a Number's symbols are listed in: digits before fractions, then as text."""
    return not symbol.isdigit(), symbol
