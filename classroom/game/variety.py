"""The variety of equations: the kinds of Equation a class names (RULES §12, the booklet's table
`4 + 5 = 9`, `9 = 5 + 4`, `8 = 8`, `42 = 7 × 6`, `2 + 4 = 2 × 3`, `7 - 2 + 3 = 8`).

An equation's two sides are read as Numbers joined by operations (a side may start with `-`).
A side is a **lone Number** when it holds one Number and no operation. The kinds:

- `sum`: one side a lone Number, the other two Numbers joined by `+` or `-` (a difference counts
  with sums: `9 - 4 = 5` is a sum);
- `product`: one side a lone Number, the other two Numbers joined by `×` or `÷` (a quotient
  counts with products: `24 ÷ 3 = 8`);
- `answer first`: the left side a lone Number and the right side not: `9 = 5 + 4`, `42 = 7 × 6`;
- `itself`: both sides lone Numbers, a Number equal to itself: `8 = 8`;
- `both sides`: an operation on each side: `2 + 4 = 2 × 3`;
- `three or more`: a side holding three or more Numbers: `7 - 2 + 3 = 8`, `2 × 3 × 4 = 24`.

An equation shows every kind whose definition it meets: `9 = 5 + 4` is a sum and answer first,
`2 + 4 = 2 × 3 + 0` both sides and three or more. A side that starts with `-` holds an
operation, so `- 5 = 0 - 5` shows both sides.
"""

from __future__ import annotations

from enum import Enum

from classroom.game.symbols import EQUAL, PLUS_MINUS, TIMES_DIVIDE, Symbol, is_number


class Kind(Enum):
    """A kind of equation in the booklet's variety, in the booklet's order."""

    SUM = "sum"
    ANSWER_FIRST = "answer first"
    ITSELF = "itself"
    PRODUCT = "product"
    BOTH_SIDES = "both sides"
    THREE_OR_MORE = "three or more"


KINDS = tuple(Kind)
PRODUCT_KINDS = frozenset({Kind.PRODUCT})  # the kinds only a tile set with × or ÷ can make
EXAMPLES = {Kind.SUM: "4 + 5 = 9", Kind.ANSWER_FIRST: "9 = 5 + 4", Kind.ITSELF: "8 = 8",
            Kind.PRODUCT: "42 = 7 × 6", Kind.BOTH_SIDES: "2 + 4 = 2 × 3",
            Kind.THREE_OR_MORE: "7 - 2 + 3 = 8"}  # the booklet's own, one a kind

Side = tuple[int, frozenset[Symbol]]  # its Numbers and its operations, like (2, {'+'})


def side(symbols: tuple[Symbol, ...]) -> Side:
    """Return how many Numbers a side holds and which operations: '7 - 2 + 3' -> (3, {'-', '+'})."""
    numbers, operations, before = 0, set(), None
    for symbol in symbols:
        if is_number(symbol):
            numbers += before is None or not is_number(before)
        else:
            operations.add(symbol)
        before = symbol
    return numbers, frozenset(operations)


def kinds(symbols: tuple[Symbol, ...] | list[Symbol]) -> frozenset[Kind]:
    """Return the kinds an equation's symbols show (blanks as what they stand for):
    ('9', '=', '5', '+', '4') -> {SUM, ANSWER_FIRST}; a line without one = shows none."""
    symbols = tuple(symbols)
    if symbols.count(EQUAL) != 1:
        return frozenset()
    at = symbols.index(EQUAL)
    left, right = side(symbols[:at]), side(symbols[at + 1:])
    lone = [numbers == 1 and not operations for numbers, operations in (left, right)]
    found = set()
    if all(lone):
        found.add(Kind.ITSELF)
    if not any(lone):
        found.add(Kind.BOTH_SIDES)
    if lone[0] and not lone[1]:
        found.add(Kind.ANSWER_FIRST)
    if any(numbers >= 3 for numbers, _ in (left, right)):
        found.add(Kind.THREE_OR_MORE)
    for one, other in ((left, right), (right, left)):
        if one == (1, frozenset()) and other[0] == 2 and len(other[1]) == 1:
            found.add(Kind.SUM if other[1] <= set(PLUS_MINUS) else Kind.PRODUCT)
    return frozenset(found)


def kind_allowed(kind: Kind, operations: frozenset[Symbol]) -> bool:
    """Return whether a tile set whose operations are these can make an equation of the kind:
    a product needs × or ÷."""
    return kind not in PRODUCT_KINDS or bool(set(operations) & set(TIMES_DIVIDE))
