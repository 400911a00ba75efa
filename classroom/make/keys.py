"""Tile combinations: a boardless key's equations grouped by the tiles they use.

Every equation made of exactly the same tiles earns the same score, so a key that lists the
combinations best first, each with its equations in a fixed order, lets a teacher find a
student's line from its tiles (and its score) in seconds, and folds the many orderings of one
set of tiles onto a few lines without leaving any out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from classroom.game.symbols import ALL_SYMBOLS, EQUAL, Tile, face, is_blank


@dataclass(frozen=True)
class Combination:
    """One set of tiles and every answer that uses exactly those tiles."""

    tiles: tuple[Tile, ...]  # hand order, blanks last and marked: ('2', '4', '8', '÷', '?3')
    score: int
    answers: tuple  # the answers (anything with .tiles, .text, .score), in a fixed order


def tile_order(tile: Tile) -> tuple[bool, int]:
    """Return the sort key of a tile in a combination: real tiles in hand order, then blanks."""
    return is_blank(tile), ALL_SYMBOLS.index(face(tile))


def combination_of(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """Return the tiles an equation uses, = left out, in combination order:
    ('2', '4', '?÷', '3', '=', '8') -> ('2', '3', '4', '8', '?÷')."""
    return tuple(sorted((t for t in tiles if t != EQUAL), key=tile_order))


def group(answers) -> tuple[Combination, ...]:
    """Return the answers grouped by combination: highest score first, then more tiles first,
    then by the tiles; inside a combination the answers are in the order of their text."""
    groups: dict[tuple[Tile, ...], list] = defaultdict(list)
    for answer in answers:
        groups[combination_of(answer.tiles)].append(answer)
    out = [Combination(tiles, found[0].score, tuple(sorted(found, key=lambda a: a.text)))
           for tiles, found in groups.items()]
    out.sort(key=lambda c: (-c.score, -len(c.tiles), [tile_order(t) for t in c.tiles]))
    return tuple(out)
