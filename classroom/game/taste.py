"""A class's taste: which legal equations a class of a level writes, and which it would not.

The rules accept `0 = 0 × 2349` and `5 = 857 - 3 - 849`; a key must list them, but a hand, a
board or an item a class is given should not teach them. A level's data file says what its class
writes (its `[taste]` table); these functions say whether an equation fits.

- A **zero trick** is a product or quotient with a 0 in it and another Number beside it:
  `0 × 2349`, `0 ÷ 7`, `5 - 0 × 17729`. The 0 swallows the other Numbers whatever they are, so
  the equation holds for any arrangement of their digits.
- **Zero padding** is a 0 standing alone added or taken away to spend the tile
  (`4 = 0 + 83 - 79`); a class that plays no zero tricks does not pad either.
- A **Number's size** is the count of its digits (`857` has 3; a mixed number `4 5/2` has 1).
- An **improper mixed number** is a whole part followed by a fraction tile of 1 or more
  (`4 5/2`, `1 2/2`); a fraction alone (`3/2`) is not one.
"""

from __future__ import annotations

from dataclasses import dataclass

from classroom.game.symbols import (
    EQUAL,
    FRACTION_VALUES,
    Symbol,
    Tile,
    face,
    is_digit,
    is_fraction,
    is_negative,
    is_number,
)


@dataclass(frozen=True)
class Taste:
    """What a class of one level writes: Numbers of at most `largest_digits` digits (None: any),
    improper mixed numbers or not, zero tricks or not."""

    largest_digits: int | None = None
    improper_mixed: bool = True
    zero_tricks: bool = True


ANY = Taste()  # a tile set whose file has no [taste] table; the engine's own player


def numbers_in(tiles: tuple[Tile, ...] | list[Tile]) -> list[tuple[Symbol, ...]]:
    """Return the Numbers of a line of tiles, each as its run of symbols (blanks as the symbols
    they stand for): '4 3 + 2 7/4 = ...' -> [('4', '3'), ('2', '7/4'), ...]."""
    runs: list[tuple[Symbol, ...]] = []
    run: list[Symbol] = []
    for tile in tiles:
        symbol = face(tile)
        if is_number(symbol):
            run.append(symbol)
        else:
            if run:
                runs.append(tuple(run))
            run = []
    if run:
        runs.append(tuple(run))
    return runs


def digits(number: tuple[Symbol, ...]) -> int:
    """Return how many digits a Number's whole part has: ('8', '5', '7') -> 3, ('4', '5/2') -> 1,
    ('3/2',) -> 0; a negative tile's digit counts."""
    return sum(1 for s in number if is_digit(s) or is_negative(s))


def is_improper_mixed(number: tuple[Symbol, ...]) -> bool:
    """Return whether a Number is a whole part followed by a fraction tile worth 1 or more."""
    return digits(number) > 0 and is_fraction(number[-1]) and FRACTION_VALUES[number[-1]] >= 1


def terms(tiles: tuple[Tile, ...] | list[Tile]) -> list[list[tuple[Symbol, ...]]]:
    """Return the products and quotients of a line: the Numbers joined by × and ÷, split at
    +, - and =: '5 - 0 × 1 7 = 5' -> [[('5',)], [('0',), ('1', '7')], [('5',)]]."""
    out: list[list[tuple[Symbol, ...]]] = [[]]
    run: list[Symbol] = []
    for tile in [*tiles, EQUAL]:
        symbol = face(tile)
        if is_number(symbol):
            run.append(symbol)
            continue
        if run:
            out[-1].append(tuple(run))
            run = []
        if symbol not in ("×", "÷"):
            out.append([])
    return [term for term in out if term]


def is_zero_trick(tiles: tuple[Tile, ...] | list[Tile]) -> bool:
    """Return whether a line holds a zero trick: a product or quotient of two or more Numbers,
    one of them 0."""
    return any(len(term) > 1 and ("0",) in term for term in terms(tiles))


def misfit(tiles: tuple[Tile, ...] | list[Tile], taste: Taste) -> str | None:
    """Return why a line is not what a class of this taste writes ('857 has 3 digits'), or None.
    A class that plays no zero tricks pads nothing with a 0 either ('4 = 0 + 83 - 79')."""
    if not taste.zero_tricks and is_zero_trick(tiles):
        return "a zero trick (a Number multiplied by 0)"
    for number in numbers_in(tiles):
        if taste.largest_digits is not None and digits(number) > taste.largest_digits:
            return f"{''.join(number)} has {digits(number)} digits"
        if not taste.improper_mixed and is_improper_mixed(number):
            return f"{' '.join(number)} is a mixed number with an improper fraction"
    if not taste.zero_tricks and is_zero_padding(tiles):
        return "a 0 added or taken away"
    return None


def fits(tiles: tuple[Tile, ...] | list[Tile], taste: Taste) -> bool:
    """Return whether a class of this taste would write the line."""
    return misfit(tiles, taste) is None


def is_zero_padding(tiles: tuple[Tile, ...] | list[Tile]) -> bool:
    """Return whether a line adds or takes away a 0 standing alone, to spend the tile:
    '4 = 0 + 83 - 79', '6 - 0 = 6' (a side of one term, '0 = 8 - 8', is no padding)."""
    sides: list[list[Tile]] = [[]]
    for tile in tiles:
        if face(tile) == EQUAL:
            sides.append([])
        else:
            sides[-1].append(tile)
    return any(len(found) > 1 and [("0",)] in found for found in map(terms, sides))
