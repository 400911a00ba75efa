"""Hands for Boardless Activities: drawn from a TileSet's bag with a seeded random.Random,
with the booklet's easier options and the filters a teacher asks for.

Pure: every random choice comes from the rng passed in; the bag is sorted before sampling so
the same seed gives the same hands in any process.
"""

from __future__ import annotations

import random
from typing import Callable
from dataclasses import dataclass

from classroom.boardless import Solution, solve
from classroom.errors import ClassroomError
from classroom.symbols import ALL_SYMBOLS, BLANK, MAX_HAND, Hand, is_operation
from classroom.tilesets import TileSet

MAX_TRIES = 400  # hands tried for one item before a filter is declared impossible
# Two blanks in a nine-tile hand allow a hundred thousand equations and more: no printed key
# can hold them, so drawn hands keep at most one blank unless asked otherwise.
MAX_BLANKS = 1


@dataclass(frozen=True)
class HandRules:
    """How hands are drawn and which ones a teacher accepts."""

    size: int = MAX_HAND
    balanced: bool = False  # 2-3 operations drawn from their own pile, the rest numbers
    blanks: bool = True  # False: blanks are taken out of the bag
    max_blanks: int = MAX_BLANKS  # hands with more blanks are drawn again
    min_equations: int = 1
    min_best: int | None = None
    max_best: int | None = None
    nine_tile: bool = False  # an equation using all nine tiles must exist

    def check(self) -> None:
        """Raise if the rules contradict themselves."""
        if not 2 <= self.size <= MAX_HAND:
            raise ClassroomError(f"a hand holds 2 to {MAX_HAND} tiles, not {self.size}")
        if self.nine_tile and self.size != MAX_HAND:
            raise ClassroomError("a nine-tile equation needs hands of nine tiles")
        if self.min_best is not None and self.max_best is not None and self.min_best > self.max_best:
            raise ClassroomError(f"the best-score range {self.min_best}-{self.max_best} is empty")

    def accepts(self, solution: Solution) -> bool:
        """Return whether a solved hand meets every filter."""
        best = solution.best_score
        return (
            solution.count >= max(1, self.min_equations)
            and (self.min_best is None or (best is not None and best >= self.min_best))
            and (self.max_best is None or (best is not None and best <= self.max_best))
            and (not self.nine_tile or bool(solution.nine_tile))
        )

    def describe(self) -> str:
        """Return the filters in words, for the message when none can be met."""
        parts = [f"at least {self.min_equations} equation(s)"]
        if self.min_best is not None or self.max_best is not None:
            parts.append(f"a best score from {self.min_best or 0} to {self.max_best or 'any'}")
        if self.nine_tile:
            parts.append("a nine-tile equation")
        if self.balanced:
            parts.append("2-3 operations")
        if not self.blanks:
            parts.append("no blanks")
        return ", ".join(parts)


def draw_hand(tileset: TileSet, rng: random.Random, rules: HandRules = HandRules()) -> Hand:
    """Return one hand drawn from a full bag of the tile set, with no more blanks than allowed."""
    return few_blanks(lambda: _draw(tileset, rng, rules), rules.max_blanks)


def few_blanks(draw_once: Callable[[], Hand], limit: int = MAX_BLANKS) -> Hand:
    """Return the first drawn hand holding at most `limit` blanks; the draws are bounded, so a
    custom bag of little but blanks ends with its last draw instead of drawing for ever."""
    for _ in range(100):
        hand = draw_once()
        if hand.count(BLANK) <= limit:
            break
    return hand


def _draw(tileset: TileSet, rng: random.Random, rules: HandRules) -> Hand:
    bag = sorted(t for t in tileset.bag if rules.blanks or t != BLANK)
    if not rules.balanced:
        if len(bag) < rules.size:
            raise ClassroomError(f"the {tileset.name} bag holds only {len(bag)} tiles")
        return in_order(rng.sample(bag, rules.size))
    operations = [t for t in bag if is_operation(t)]
    numbers = [t for t in bag if not is_operation(t)]
    wanted = rng.choice((2, 3))
    if len(operations) < 2 or len(numbers) < rules.size - 2:
        raise ClassroomError(f"the {tileset.name} tile set cannot make balanced hands")
    wanted = min(wanted, len(operations))
    return in_order(rng.sample(operations, wanted) + rng.sample(numbers, rules.size - wanted))


def in_order(tiles: list[str]) -> Hand:
    """Return tiles as a hand is shown: digits, fractions, operations, then blanks."""
    order = ALL_SYMBOLS + (BLANK,)
    return tuple(sorted(tiles, key=order.index))


def find_hand(tileset: TileSet, rng: random.Random, rules: HandRules = HandRules(),
              tries: int = MAX_TRIES) -> tuple[Hand, Solution]:
    """Return the first drawn hand that meets the rules, with its solution; raise after a
    bounded search saying which filter could not be met."""
    rules.check()
    for _ in range(tries):
        hand = draw_hand(tileset, rng, rules)
        solution = solve(hand, tileset)
        if rules.accepts(solution):
            return hand, solution
    raise ClassroomError(
        f"no hand with {rules.describe()} turned up in {tries} tries from the "
        f"{tileset.name} tile set; loosen the filters"
    )
