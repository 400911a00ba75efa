"""The Bag (RULES §10): the tiles left to draw, a draw from it, and the tiles a play takes from a
hand; and the bag as two draw piles, numbers and operations (RULES §12, the easier game).

Pure: a draw's every choice comes from the `random.Random` passed in, and a bag is kept sorted so
a seed draws the same tiles in every process.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from classroom.game.symbols import BLANK, Hand, Tile, is_blank, is_operation

if TYPE_CHECKING:
    from classroom.game.plays import Play

Bag = tuple[Tile, ...]  # the tiles left to draw, sorted, like ('+', '1', '1', '7/4', '?')
# Two piles: "a suggested balance of symbols is two or three operation tiles" (RULES §12), so a
# first rack takes 3 unless asked otherwise; a player may ask for 0 to 9 while the piles last.
FIRST_OPERATIONS = 3
MAX_OPERATIONS = 9


def draw(bag: Bag, count: int, rng: random.Random) -> tuple[Hand, Bag]:
    """Return `count` tiles drawn at random from the bag (fewer if it runs out) and the bag left."""
    count = min(count, len(bag))
    picked = set(rng.sample(range(len(bag)), count))
    hand = tuple(t for i, t in enumerate(bag) if i in picked)
    return hand, tuple(t for i, t in enumerate(bag) if i not in picked)


def pile_draw(bag: Bag, count: int, operations: int, rng: random.Random) -> tuple[Hand, Bag]:
    """Return `count` tiles drawn from the bag as two piles (RULES §12), `operations` of them from
    the operations pile and the rest from the numbers pile (the blanks are in it); when a pile runs
    short the other gives the rest; and the bag left. A draw takes as many operation tiles as
    `operations_drawn` counts in it whatever was asked past what the piles allowed, so asking for
    that count again draws the same tiles."""
    count = min(count, len(bag))
    ops = [i for i, tile in enumerate(bag) if is_operation(tile)]
    numbers = [i for i, tile in enumerate(bag) if not is_operation(tile)]
    taken = max(min(operations, count, len(ops)), count - len(numbers))
    picked = set(rng.sample(ops, taken)) | set(rng.sample(numbers, count - taken))
    hand = tuple(t for i, t in enumerate(bag) if i in picked)
    return hand, tuple(t for i, t in enumerate(bag) if i not in picked)


def operations_drawn(tiles: Hand) -> int:
    """Return how many of the tiles come from the operations pile."""
    return sum(1 for tile in tiles if is_operation(tile))


def used_tiles(play: Play) -> list[Tile]:
    """Return the hand tiles a play uses: a blank placed as '?5' came from a '?'."""
    return [BLANK if is_blank(p.tile) else p.tile for p in play.placements if p.tile != "="]


def take(hand: Hand, tiles: list[Tile]) -> Hand:
    """Return the hand without the given tiles."""
    rest = list(hand)
    for tile in tiles:
        rest.remove(tile)
    return tuple(rest)
