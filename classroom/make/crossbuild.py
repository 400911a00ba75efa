"""Cross equations built from a target, not hoped for in a random hand: every equation that can
be laid the other way through a target's square, found by meeting in the middle.

A **window** is a run of squares through the target's square along the cross play; each of its
squares has a **domain**, the symbols that may stand there: the target's symbol on its square,
a board tile's own symbol on a square it covers, and on an empty square every symbol the bag
still holds (the = is free) whose tile leaves the string it joins across readable and to the
level's taste (`crossplay.crossing_filter`, the game's check of that string). For each square of
the window that may hold the =, the sides' symbol strings (SIDE long at most, read once a
process) are kept when each symbol lies in its square's domain, and the two sides are joined by
value, as the boardless solver joins its sides. A target with no such equation is dead: the
search spends no hand on it.

The equations are then ordered as a teacher would give them: those with no `× 1` or `÷ 1`
padding, no lone 0 and an operation first (`dullness`), in a random order within each rank.
Each hand, the equation's tiles and more from the bag, goes through the same check as an aimed
hand's (`crossplay.cross_plays`): nothing is kept on this module's word alone. The cross items use
it when the aimed hands built nothing (`crossplay.from_games(..., build=built)`).

Pure: every random choice comes from the `random.Random` passed in.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from fractions import Fraction

from classroom.game.arithmetic import Illegal, evaluate
from classroom.game.board import Board, Direction, Square, on_board
from classroom.game.symbols import EQUAL, FRACTIONS, Hand, Rules, Symbol, Tile, is_operation
from classroom.game.taste import Taste, misfit
from classroom.game.tilesets import TileSet
from classroom.make.crossplay import (
    BOARD_HANDS,
    Target,
    cross_plays,
    crossing_filter,
    makes_equation,
    set_symbols,
    setups,
)
from classroom.make.hands import in_order
from classroom.solve.board.position import Candidate

SIDE = 3  # symbols of one side at most: 12 + 3 = 15 and 4 × 5 = 2 × 10 fit, a 7-tile hand's reach
PER_WINDOW = 4  # equations kept for one window and one square of its =: variety across windows
PAIRS = 8  # pairs of sides of one value tried (with repeats) before the value is passed over
SIDE_DOMAINS = 1 << 10  # the sides allowed by a run of domains, kept a process (open squares repeat)

ONES = tuple((f,) for f in FRACTIONS if f[0] == f[2])  # 2/2, 3/3: a 1 in disguise

Equation = tuple[Square, tuple[Symbol, ...]]  # like ((13, 11), ('4', '+', '1', '=', '5')): its first square


@functools.cache
def sides(symbols: tuple[Symbol, ...], rules: Rules, taste: Taste, length: int) -> tuple[tuple[tuple[Symbol, ...], Fraction], ...]:
    """Return every string of `length` of the symbols (no =) that reads as a Number or an
    expression a class of the taste writes, with its value: each worked out once a process."""
    found = []
    for string in itertools.product([s for s in symbols if s != EQUAL], repeat=length):
        try:
            value = evaluate(string, rules)
        except Illegal:
            continue
        if misfit(string, taste) is None:
            found.append((string, value))
    return tuple(found)


def through(board: Board, square: Square, symbol: Symbol, direction: Direction, tileset: TileSet,
            bag: Hand, crossing: Callable[[Square, Tile], bool], longest: int, rng: random.Random,
            every: bool = False) -> list[Equation]:
    """Return equations (their first square, their symbols) of at most `longest` symbols besides
    the = and SIDE a side, laid along `direction` through the square with the symbol on it: on
    the board, over board tiles only where they show its own symbols, the squares just past it
    empty, every new tile passing `crossing`, its tiles (the = aside) within what the bag holds,
    the whole a true equation a class of the level writes. Up to PER_WINDOW a window and each
    placing of its =, of values in a random order (with `every`, all of them: a test's
    exhaustive reading); none when the target is dead."""
    rules, taste = tileset.rules, tileset.taste
    held = Counter(bag)
    alphabet = tuple(s for s in set_symbols(tileset) if s == EQUAL or held[s] > 0)
    dr, dc = direction.step
    row, col = square
    found = []
    for length in range(3, 2 * SIDE + 2):
        for at in range(length):
            start = (row - at * dr, col - at * dc)
            squares = [(start[0] + k * dr, start[1] + k * dc) for k in range(length)]
            before, after = (start[0] - dr, start[1] - dc), (squares[-1][0] + dr, squares[-1][1] + dc)
            if not all(on_board(s) for s in squares) or board.tile(before) or board.tile(after):
                continue
            domains = tuple(domain(board, s, square, symbol, alphabet, crossing) for s in squares)
            for equal in range(1, length - 1):
                if EQUAL not in domains[equal] or equal > SIDE or length - equal - 1 > SIDE:
                    continue
                left = by_value(domains[:equal], set_symbols(tileset), rules, taste)
                right = by_value(domains[equal + 1:], set_symbols(tileset), rules, taste) if left else {}
                values = sorted(left.keys() & right.keys())
                if every:
                    found.extend((start, (*first, EQUAL, *second)) for value in values
                                 for first, second in itertools.product(left[value], right[value])
                                 if fits((*first, EQUAL, *second), held, longest, tileset))
                    continue
                kept = 0
                for value in rng.sample(values, len(values)):
                    equation = next((e for e in paired(left[value], right[value], rng)
                                     if fits(e, held, longest, tileset)), None)
                    if equation is not None:
                        found.append((start, equation))
                        kept += 1
                        if kept == PER_WINDOW:
                            break
    return found


def paired(left: list[tuple[Symbol, ...]], right: list[tuple[Symbol, ...]], rng: random.Random) -> Iterator[tuple[Symbol, ...]]:
    """Yield `left = right` for sides of one value, PAIRS times at most, each side at random."""
    for _ in range(min(PAIRS, len(left) * len(right))):
        yield (*rng.choice(left), EQUAL, *rng.choice(right))


def fits(equation: tuple[Symbol, ...], held: Counter, longest: int, tileset: TileSet) -> bool:
    """Return whether the bag holds the equation's tiles (the = aside), `longest` at most, and it
    reads as a true equation a class of the level writes."""
    counted = Counter(s for s in equation if s != EQUAL)
    return sum(counted.values()) <= longest and not counted - held and misfit(equation, tileset.taste) is None \
        and makes_equation(equation, tileset.rules)


def domain(board: Board, square: Square, target: Square, symbol: Symbol, alphabet: tuple[Symbol, ...],
           crossing: Callable[[Square, Tile], bool]) -> frozenset[Symbol]:
    """Return the symbols that may stand on a square of a window: the target's on its square when
    the equation it completes is one the class writes, a board tile's own, else those of the
    alphabet whose tile leaves the string across readable and to the taste."""
    if square == target:
        return frozenset((symbol,) if crossing(square, symbol) else ())
    if not board.is_empty(square):
        return frozenset((board.symbol(square),))
    return frozenset(s for s in alphabet if crossing(square, s))


@functools.lru_cache(maxsize=SIDE_DOMAINS)
def by_value(domains: tuple[frozenset[Symbol], ...], symbols: tuple[Symbol, ...], rules: Rules,
             taste: Taste) -> dict[Fraction, list[tuple[Symbol, ...]]]:
    """Return the side strings of the set's symbols the domains allow, by value (windows in open
    space share them; the sides are read once a set, whatever the bag holds)."""
    found: dict[Fraction, list[tuple[Symbol, ...]]] = defaultdict(list)
    for string, value in sides(symbols, rules, taste, len(domains)):
        if all(s in held for s, held in zip(string, domains)):
            found[value].append(string)
    return found


def dullness(symbols: tuple[Symbol, ...]) -> int:
    """Return how far an equation is from one a teacher would give, 0 the best: 1 for each lone 1
    multiplied or divided by (`7 × 1 = 7`, `6/6 × 7 = 7`: padding), 1 for each lone 0 (`0 = 0 × 3`), 2 for no
    operation at all (`7 = 7`)."""
    terms, start = [], 0
    for at, symbol in enumerate((*symbols, EQUAL)):
        if is_operation(symbol) or symbol == EQUAL:
            terms.append((symbols[start:at], symbols[start - 1] if start else "", symbol))
            start = at + 1
    padding = sum(1 for term, before, after in terms if term in (("1",), *ONES) and {before, after} & {"×", "÷"})
    zeros = sum(1 for term, _, _ in terms if term == ("0",))
    return padding + zeros + 2 * (not any(is_operation(s) for s in symbols))


def ordered(equations: list[Equation], rng: random.Random) -> list[Equation]:
    """Return the equations the least dull first, in a random order within each rank."""
    shuffled = rng.sample(equations, len(equations))
    return sorted(shuffled, key=lambda equation: dullness(equation[1]))


def hand_for(symbols: tuple[Symbol, ...], bag: Hand, size: int, rng: random.Random) -> Hand:
    """Return the equation's tiles (the = aside, those it meets on the board too: the boardless
    solver writes an equation from a hand's own tiles) and tiles drawn from the rest of the bag,
    `size` in all, unordered."""
    rest = Counter(bag)
    tiles = [s for s in symbols if s != EQUAL]
    rest.subtract(tiles)
    pool = sorted(rest.elements())
    return (*tiles, *rng.sample(pool, min(len(pool), max(0, size - len(tiles)))))


def built(boards: list[Board], bag: Hand, size: int, tileset: TileSet, rng: random.Random,
          hands: int) -> Iterator[tuple[Board, Target, list[Candidate]]]:
    """Yield (board, target, the cross plays of a hand through it) as `crossplay.built` does, the
    hands built rather than aimed: for each target of a board (every one, in a random order; a
    dead one costs no hand), up to `hands` of its equations, the least dull first, each with
    tiles drawn from the bag up to `size`; BOARD_HANDS hands a board in all. A hand is kept by
    the same check as an aimed one (`crossplay.cross_plays`)."""
    for board in rng.sample(boards, len(boards)):
        tried = 0
        for after, left, found in setups(board, bag, tileset, rng):
            for target in rng.sample(found, len(found)):
                crossing = crossing_filter(after, target.direction, tileset)
                equations = through(after, target.square, target.symbol, target.direction.other, tileset, left,
                                     crossing, size, rng)
                for _, symbols in ordered(equations, rng)[:min(hands, BOARD_HANDS - tried)]:
                    tried += 1
                    plays = cross_plays(after, in_order(list(hand_for(symbols, left, size, rng))), target, tileset)
                    if plays:
                        yield after, target, plays
                if tried >= BOARD_HANDS:
                    break
            if tried >= BOARD_HANDS:
                break
