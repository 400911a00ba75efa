"""Symbols and tiles: what can be written on an Equate tile, and how people type it.

A Symbol is the canonical token of what a tile shows: '0'-'9', a fraction tile 'n/d',
'+', '-', '×', '÷' or '='. A Tile in a hand is a Symbol or '?' (an unassigned blank);
a tile placed on a board is a Symbol or '?' plus the Symbol the blank stands for ('?5').
"""

from __future__ import annotations

import re
from fractions import Fraction

from classroom.errors import ClassroomError, excerpt

Symbol = str  # like '7', '7/4', '×', '='
Tile = str  # like '7', '?' (a blank in a hand) or '?7' (a blank placed as 7)
Hand = tuple[Tile, ...]  # like ('2', '4', '÷', '3', '8', '+', '7/4', '?', '5')

BLANK = "?"
EQUAL = "="
DIGITS = tuple("0123456789")
FRACTIONS = (
    "1/2", "2/2", "3/2", "5/2", "1/3", "2/3", "3/3", "4/3",
    "1/4", "2/4", "3/4", "4/4", "7/4", "1/6", "5/6", "6/6", "7/6",
)
OPERATIONS = ("+", "-", "×", "÷")
PLUS_MINUS = ("+", "-")
TIMES_DIVIDE = ("×", "÷")
ALL_SYMBOLS = DIGITS + FRACTIONS + OPERATIONS + (EQUAL,)

# Ways people type a symbol that are not its canonical token.
ALIASES = {
    "x": "×", "X": "×", "*": "×", "·": "×",
    ":": "÷", "/": "÷",
    "−": "-", "–": "-", "—": "-",
}

MAX_HAND = 9
# Bounds on typed input, far above anything a board (19 squares a line) or a hand can hold, so
# a pasted megabyte or a 5,000-digit number gets a sentence instead of a long wait or a crash.
MAX_DIGITS = 40  # digits in one number
MAX_TYPED = 400  # characters in one typed equation or hand


def is_digit(symbol: Symbol) -> bool:
    """Return whether the symbol is a digit tile."""
    return len(symbol) == 1 and symbol.isdigit()


def is_fraction(symbol: Symbol) -> bool:
    """Return whether the symbol is a fraction tile such as '7/4'."""
    return symbol in FRACTION_VALUES


def is_number(symbol: Symbol) -> bool:
    """Return whether the symbol is a number tile (digit or fraction)."""
    return is_digit(symbol) or is_fraction(symbol)


def is_operation(symbol: Symbol) -> bool:
    """Return whether the symbol is one of + - × ÷."""
    return symbol in OPERATIONS


FRACTION_VALUES = {f: Fraction(int(f[0]), int(f[2])) for f in FRACTIONS}


def face(tile: Tile) -> Symbol:
    """Return the symbol a placed tile shows: '?5' shows '5', '7' shows '7'."""
    return tile[1:] if tile.startswith(BLANK) and len(tile) > 1 else tile


def is_blank(tile: Tile) -> bool:
    """Return whether the tile is a blank, assigned or not."""
    return tile.startswith(BLANK)


def display(symbol: Symbol) -> str:
    """Return the symbol as printed on paper (a typographic minus)."""
    return "−" if symbol == "-" else symbol


_SYMBOL = r"\d/\d|\d|[+\-−–—×xX*·÷:=]"
_TOKEN = re.compile(rf"\?(?:{_SYMBOL})?|{_SYMBOL}|/")


def canonical(token: str) -> Symbol:
    """Return the canonical symbol for one typed symbol (`x` -> `×`), or raise."""
    symbol = ALIASES.get(token, token)
    if symbol in ALL_SYMBOLS:
        return symbol
    if re.fullmatch(r"\d+/\d+", token):
        raise ClassroomError(f"{token} is not a fraction tile (the tiles are {', '.join(FRACTIONS)})")
    raise ClassroomError(f"{excerpt(token)!r} is not an Equate symbol")


def tokenize(text: str, what: str = "input") -> list[str]:
    """Return the raw tokens of typed text: '?5', '7/4', '4', '×', ... (digits one by one)."""
    text = text.strip()
    if len(text) > MAX_TYPED:
        raise ClassroomError(f"{what}: {len(text):,} characters is too long (at most {MAX_TYPED}): "
                             f"{excerpt(text)!r}")
    tokens: list[str] = []
    position = 0
    digits = 0  # digits in the number being read (spaces between digits do not end a number)
    while position < len(text):
        char = text[position]
        if char.isspace() or char == ",":
            position += 1
            continue
        match = _TOKEN.match(text, position)
        if not match or match.group() == "/":
            bad = _WORD.match(text, position).group()
            raise ClassroomError(f"{what}: {excerpt(bad)!r} is not an Equate tile")
        token = match.group()
        number = _NUMBER.match(text, position)
        if number and number.group() != token and len(number.group()) > 3:
            raise ClassroomError(
                f"{what}: {excerpt(number.group())} is not a fraction tile; a mixed number is "
                f"written with a space, like {number.group()[:-3]} {number.group()[-3:]}"
                if len(number.group()) <= MAX_DIGITS else
                f"{what}: {excerpt(number.group())} is not a number Equate can write"
            )
        if "/" in token and tokens and tokens[-1][-1:].isdigit() and not text[position - 1].isspace() \
                and text[position - 1] != ",":
            raise ClassroomError(f"{what}: write a space before the fraction tile {token}")
        digits = digits + 1 if token.isdigit() else 0
        if digits > MAX_DIGITS:
            raise ClassroomError(f"{what}: a number of more than {MAX_DIGITS} digits is too long")
        tokens.append(token)
        position = match.end()
    return tokens


_WORD = re.compile(r"\S+")
_NUMBER = re.compile(r"\d+/\d+")


def parse_tile(token: str, what: str = "input") -> Tile:
    """Return the canonical tile for a token: '?' stays a blank, '?x' is a blank showing ×."""
    if token == BLANK:
        return BLANK
    try:
        if token.startswith(BLANK):
            symbol = canonical(token[1:])
            if symbol == EQUAL:
                raise ClassroomError("a blank cannot stand for =")
            return BLANK + symbol
        return canonical(token)
    except ClassroomError as error:
        raise ClassroomError(f"{what}: {error}") from None


def parse_hand(text: str | list[str] | tuple[str, ...]) -> Hand:
    """Return the hand written as tile tokens separated by spaces or commas.

    The tile set's limits are checked by TileSet.check_hand; here only the notation.
    """
    if isinstance(text, (list, tuple)):
        text = " ".join(text)
    if len(text) > MAX_TYPED:
        raise ClassroomError(f"hand: {len(text):,} characters is too long for a hand of at most "
                             f"{MAX_HAND} tiles: {excerpt(text)!r}")
    for chunk in re.split(r"[\s,]+", text.strip()):
        if re.fullmatch(r"\d{2,}", chunk):
            raise ClassroomError(
                f"hand: {excerpt(chunk)} is not one tile; write each digit tile separately "
                f"({excerpt(' '.join(chunk))})"
            )
    tiles = tuple(parse_tile(token, "hand") for token in tokenize(text, "hand"))
    for tile in tiles:
        if tile == EQUAL:
            raise ClassroomError("hand: = is not part of a hand (it is always available)")
        if tile.startswith(BLANK) and tile != BLANK:
            raise ClassroomError(f"hand: write a blank in a hand as ? (not {tile})")
    if not tiles:
        raise ClassroomError(f"hand: no tiles; a hand holds 1 to {MAX_HAND} tiles, like '2 4 ÷ 3 8'")
    if len(tiles) > MAX_HAND:
        raise ClassroomError(f"hand: {len(tiles)} tiles is too many; a hand holds at most {MAX_HAND}")
    return tiles


def parse_written(text: str, what: str = "equation") -> tuple[Tile, ...]:
    """Return the tiles of a written equation or expression: '7 + 9 × 4 = 43', '?5 + 2 = 7'."""
    tiles = tuple(parse_tile(token, what) for token in tokenize(text, what))
    if BLANK in tiles:
        raise ClassroomError(f"{what}: say what a blank stands for, like ?5")
    return tiles


def write(symbols: tuple[Tile, ...] | list[Tile]) -> str:
    """Return symbols (or tiles) written as a person writes them: '24 ÷ 3 = 8', '2 2/4 = 5 ÷ 2',
    and a blank as ? plus its symbol: '2?5 = 5 ?× 5'."""
    text = ""
    previous = ""
    for symbol in symbols:
        if not text:
            text = symbol
        elif is_digit(face(symbol)) and is_digit(face(previous)):
            text += symbol
        else:
            text += " " + symbol
        previous = symbol
    return text
