"""Tile sets: which symbols are in the box, how many of each, and what each scores.

Tile sets are data files (TOML) in classroom/data/tilesets; `--tiles FILE` loads a custom one.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from classroom import data
from classroom.data import LEVELS
from classroom.errors import ClassroomError, excerpt, path_excerpt, read_text
from classroom.game.symbols import (
    ALL_SYMBOLS,
    BLANK,
    EQUAL,
    Hand,
    Rules,
    Symbol,
    is_blank,
    is_number,
    kind,
    parse_hand,
)
from classroom.game.taste import ANY, Taste

# How a message names a kind of tile a set may lack: "negative tiles are not in the Original tile set".
KIND_NAMES = {"negative": "negative tiles", "exponent": "exponent tiles"}


@dataclass(frozen=True)
class TileSet:
    """A box of tiles: counts and scores for every symbol, '?' for the blank."""

    name: str
    description: str
    counts: tuple[tuple[str, int], ...]  # like (('0', 7), ('1', 9), ..., ('?', 3))
    scores: tuple[tuple[str, int], ...]  # like (('0', 1), ..., ('?', 0))
    taste: Taste = ANY  # what a class of this level writes (the file's [taste] table)

    # Derived once per tile set (cached_property writes the instance __dict__, which a frozen
    # dataclass allows): score_of runs for every tile of every play the generator scores.
    @cached_property
    def count(self) -> dict[str, int]:
        """Return symbol -> number of tiles in the box."""
        return dict(self.counts)

    @cached_property
    def score(self) -> dict[str, int]:
        """Return symbol -> the score printed on its tile."""
        return dict(self.scores)

    def score_of(self, tile: str) -> int:
        """Return a tile's score: a blank (assigned or not) scores 0."""
        if is_blank(tile):
            return 0
        return self.score.get(tile, 0)

    @cached_property
    def blank_symbols(self) -> tuple[Symbol, ...]:
        """Return the symbols a blank may stand for: every number and operation of this set."""
        return tuple(s for s, n in self.counts if n > 0 and s not in (BLANK, EQUAL))

    @cached_property
    def kinds(self) -> frozenset[str]:
        """Return the kinds of tile in the box: 'digit', 'fraction', 'negative', 'exponent', ..."""
        return frozenset(kind(s) for s, n in self.counts if n > 0 and s != BLANK)

    @cached_property
    def rules(self) -> Rules:
        """Return the rules the set's kinds of tile switch on (negative tiles: negative values)."""
        return Rules(negatives="negative" in self.kinds, exponents="exponent" in self.kinds)

    def read_hand(self, text: str | list[str] | tuple[str, ...]) -> Hand:
        """Return the hand typed as text, read with this set's notation ('-2' is a negative tile
        only in a set that holds them) and checked against the set's counts."""
        return self.check_hand(parse_hand(text, self.rules.negatives))

    def lacking(self, symbol: Symbol) -> str:
        """Return how to say that the set has no tile of the symbol: 'negative tiles are not in
        the Original tile set (-2)', or 'the Junior tile set has no 1/3 tile'."""
        missing = KIND_NAMES.get(kind(symbol))
        if missing and kind(symbol) not in self.kinds:
            return f"{missing} are not in the {self.name} tile set ({symbol})"
        return f"the {self.name} tile set has no {symbol} tile"

    @property
    def bag(self) -> tuple[str, ...]:
        """Return every drawable tile (all but =), in the set's order: the bag hands come from."""
        return tuple(s for s, n in self.counts if s != EQUAL for _ in range(n))

    def check_hand(self, hand: Hand) -> Hand:
        """Return the hand if the set holds enough of each tile, else raise naming the tile."""
        count = self.count
        for tile, n in Counter(hand).items():
            if count.get(tile, 0) == 0:
                raise ClassroomError(f"hand: {self.lacking(tile)}")
            if n > count[tile]:
                raise ClassroomError(
                    f"hand: {n} × {tile} is more than the {self.name} tile set holds ({count[tile]})"
                )
        return hand

    def check_symbol(self, symbol: Symbol, where: str) -> None:
        """Raise unless a tile of this set can show the symbol (a blank stands only for the
        set's own symbols, so a symbol the set lacks cannot be played at all)."""
        if symbol != EQUAL and self.count.get(symbol, 0) == 0:
            raise ClassroomError(f"{where}: {self.lacking(symbol)}")


# A real box holds 190 tiles and prints scores up to 10; far larger numbers are typing errors,
# and a bag of millions of tiles would make every draw crawl.
MAX_COUNT = 1000
MAX_SCORE = 1000
MAX_NAME = 60


def parse_tileset(text: str, source: str) -> TileSet:
    """Return the tile set described by TOML text; raise naming the source and the problem."""
    source = path_excerpt(source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ClassroomError(f"{source}: not a readable tile-set file ({excerpt(error, 120)})") from None
    except RecursionError:
        raise ClassroomError(f"{source}: not a readable tile-set file (nested too deeply)") from None
    tiles = data.get("tiles")
    if not isinstance(tiles, dict) or not tiles:
        raise ClassroomError(f"{source}: a tile-set file needs a [tiles] table")
    counts, scores = [], []
    for symbol, entry in tiles.items():
        if symbol not in ALL_SYMBOLS and symbol != BLANK:
            raise ClassroomError(f"{source}: {excerpt(symbol)!r} is not an Equate symbol")
        if not isinstance(entry, dict) or set(entry) != {"count", "score"}:
            raise ClassroomError(f"{source}: tile {symbol} needs exactly a count and a score")
        count, score = entry["count"], entry["score"]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (count, score)) \
                or count < 0 or score < 0:
            raise ClassroomError(f"{source}: tile {symbol} needs a whole count and score, 0 or more")
        if count > MAX_COUNT or score > MAX_SCORE:
            raise ClassroomError(f"{source}: tile {symbol} has a count or score above {MAX_COUNT:,}; "
                                 f"a box holds a few hundred tiles")
        counts.append((symbol, count))
        scores.append((symbol, score))
    if not any(n for s, n in counts if is_number(s)):
        raise ClassroomError(f"{source}: a tile set needs number tiles")
    counts.sort(key=lambda item: _order(item[0]))
    scores.sort(key=lambda item: _order(item[0]))
    name = data.get("name", Path(source).stem[:MAX_NAME] or "Custom")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise ClassroomError(f"{source}: the name of a tile set is text of 1 to {MAX_NAME} characters")
    return TileSet(
        name=name,
        description=str(data.get("description", "")),
        counts=tuple(counts),
        scores=tuple(scores),
        taste=parse_taste(data.get("taste", {}), source),
    )


TASTE_KEYS = ("largest-digits", "improper-mixed", "zero-tricks")


def parse_taste(table: object, source: str) -> Taste:
    """Return the taste a [taste] table describes; a file without one gets any equation."""
    if not isinstance(table, dict):
        raise ClassroomError(f"{source}: [taste] must be a table")
    for key in table:
        if key not in TASTE_KEYS:
            raise ClassroomError(f"{source}: [taste] has no {excerpt(key)!r}; "
                                 f"it holds {', '.join(TASTE_KEYS)}")
    largest = table.get("largest-digits")
    if largest is not None and (not isinstance(largest, int) or isinstance(largest, bool)
                                or not 1 <= largest <= 40):
        raise ClassroomError(f"{source}: [taste] largest-digits must be a whole number from 1 to 40")
    flags = {key: table.get(key, True) for key in ("improper-mixed", "zero-tricks")}
    for key, value in flags.items():
        if not isinstance(value, bool):
            raise ClassroomError(f"{source}: [taste] {key} must be true or false")
    return Taste(largest, flags["improper-mixed"], flags["zero-tricks"])


def _order(symbol: str) -> int:
    return (ALL_SYMBOLS + (BLANK,)).index(symbol)


@cache
def load_level(level: str = "original") -> TileSet:
    """Return one of the tile sets shipped with the package, by level name."""
    if level not in LEVELS:
        raise ClassroomError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    text = (data.FOLDER / "tilesets" / LEVELS[level]).read_text("utf-8")
    return parse_tileset(text, LEVELS[level])


def load_tileset(level: str | None = "original", path: str | Path | None = None) -> TileSet:
    """Return the tile set named by --level or read from --tiles FILE (the file wins)."""
    if path is None:
        return load_level(level or "original")
    return parse_tileset(read_text(path, "the tile-set file"), str(path))
