"""Counting words a 12-year-old reads right: 'two 2s', 'one blank', '1 different valid equation'.

Messages say how many tiles in words (a '2 × 2' reads as multiplication) and agree in number.
"""

from __future__ import annotations

from classroom.game.symbols import BLANK, display, is_digit

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def plural(count: int, noun: str, many: str | None = None) -> str:
    """Return the count and the noun agreeing with it: (1, 'equation') -> '1 equation'."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def tiles_of(count: int, tile: str) -> str:
    """Return how many of one tile, in words: (2, '2') -> 'two 2s', (1, '+') -> 'one + tile',
    (0, '?') -> 'no blank', (2, '?') -> 'two blanks'."""
    word = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
    if tile == BLANK:
        return f"{word} {'blank' if count == 1 else 'blanks'}"
    shown = display(tile)
    if is_digit(tile):
        return f"{word} {shown}" if count in (0, 1) else f"{word} {shown}s"
    return f"{word} {shown} tile" if count in (0, 1) else f"{word} {shown} tiles"
