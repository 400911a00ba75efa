"""A slow, obviously-correct boardless solver, written apart from classroom.solve.boardless.

Try every sub-multiset of the hand with one '=', every ordering of it and every symbol for
every blank; keep what the reference checker calls a true equation; score each way the
equation was made and keep the highest (docs/rules.md §9).

A true equation is what `arithmetic.equation_value` says it is: one '=', something on each side,
and the two sides of the same value by `arithmetic.evaluate`. Each side is read once per
brute_force call and remembered (the same side comes back with every fill of the other side's
blanks), so every filled ordering is still tried, each at the cost of two look-ups.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import combinations, permutations, product

from classroom.game.arithmetic import Illegal, evaluate
from classroom.game.tilesets import TileSet


def written(symbols: tuple[str, ...]) -> str:
    """Return symbols as text: digits run together, a negative tile ('-2') runs into the digits
    after it and an exponent tile ('5^2') into those before it; everything else spaced."""
    out = ""
    for i, symbol in enumerate(symbols):
        before = symbols[i - 1] if i else ""
        opens = before.isdigit() or (before[:1] == "-" and before[1:].isdigit())
        if i and opens and (symbol.isdigit() or "^" in symbol):
            out += symbol
        else:
            out += (" " if out else "") + symbol
    return out


def side_reader(rules) -> Callable[[tuple[str, ...]], Fraction | None]:
    """Return a function giving the value of one side of an equation by `arithmetic.evaluate`
    under the rules, None when the side is empty or not a legal expression; each side is read
    once and remembered."""
    values: dict[tuple[str, ...], Fraction | None] = {}

    def value(side: tuple[str, ...]) -> Fraction | None:
        if side not in values:
            try:
                values[side] = evaluate(side, rules) if side else None
            except Illegal:
                values[side] = None
        return values[side]

    return value


def brute_force(hand: tuple[str, ...], tileset: TileSet) -> dict[str, int]:
    """Return written equation -> best score, for every equation the hand allows."""
    best: dict[str, int] = {}
    value = side_reader(tileset.rules)
    indices = range(len(hand))
    seen_subsets = set()
    for size in range(1, len(hand) + 1):
        for chosen in combinations(indices, size):
            tiles = tuple(sorted(hand[i] for i in chosen))
            if tiles in seen_subsets:
                continue
            seen_subsets.add(tiles)
            real_score = sum(tileset.score_of(t) for t in tiles)
            bonus = 40 if len(hand) == 9 and size == 9 else 0
            for order in set(permutations(tiles + ("=",))):
                holes = [i for i, t in enumerate(order) if t == "?"]
                for fill in product(tileset.blank_symbols, repeat=len(holes)):
                    symbols = list(order)
                    for i, symbol in zip(holes, fill):
                        symbols[i] = symbol
                    at = symbols.index("=")
                    left = value(tuple(symbols[:at]))
                    if left is None or left != value(tuple(symbols[at + 1:])):
                        continue
                    text = written(tuple(symbols))
                    best[text] = max(best.get(text, -1), real_score + bonus)
    return best
