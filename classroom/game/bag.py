"""The Bag (RULES §10): the tiles left to draw, a draw from it, and the tiles a play takes from a
hand.

Pure: a draw's every choice comes from the `random.Random` passed in, and a bag is kept sorted so
a seed draws the same tiles in every process.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from classroom.game.symbols import BLANK, Hand, Tile, is_blank

if TYPE_CHECKING:
    from classroom.game.plays import Play

Bag = tuple[Tile, ...]  # the tiles left to draw, sorted, like ('+', '1', '1', '7/4', '?')


def draw(bag: Bag, count: int, rng: random.Random) -> tuple[Hand, Bag]:
    """Return `count` tiles drawn at random from the bag (fewer if it runs out) and the bag left."""
    count = min(count, len(bag))
    picked = set(rng.sample(range(len(bag)), count))
    hand = tuple(t for i, t in enumerate(bag) if i in picked)
    return hand, tuple(t for i, t in enumerate(bag) if i not in picked)


def used_tiles(play: Play) -> list[Tile]:
    """Return the hand tiles a play uses: a blank placed as '?5' came from a '?'."""
    return [BLANK if is_blank(p.tile) else p.tile for p in play.placements if p.tile != "="]


def take(hand: Hand, tiles: list[Tile]) -> Hand:
    """Return the hand without the given tiles."""
    rest = list(hand)
    for tile in tiles:
        rest.remove(tile)
    return tuple(rest)
