"""Symbols and tiles: what can be written on an Equate tile, and how people type it.

A Symbol is the canonical token of what a tile shows: '0'-'9', a fraction tile 'n/d',
'+', '-', '×', '÷' or '=', and with the Advanced set a negative tile '-2' or an exponent tile
'5^2' (RULES §11). A Tile in a hand is a Symbol or '?' (an unassigned blank); a tile placed on
a board is a Symbol or '?' plus the Symbol the blank stands for ('?5').

Symbols come in kinds (digit, fraction, negative, exponent, operation, equal); the Rules a tile
set follows are switched on by the kinds of tile it holds, never by its name.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
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
NEGATIVES = tuple(f"-{d}" for d in "123456789")  # a digit with its sign: only first in a number
EXPONENTS = tuple(f"{d}^2" for d in "23456789") + ("2^3", "3^3")  # only last in a number
OPERATIONS = ("+", "-", "×", "÷")
PLUS_MINUS = ("+", "-")
TIMES_DIVIDE = ("×", "÷")
# The order every list of symbols follows; the Advanced kinds sit after the digits, so the
# order of the other symbols among themselves (and every sheet of the other sets) is unchanged.
ALL_SYMBOLS = DIGITS + NEGATIVES + EXPONENTS + FRACTIONS + OPERATIONS + (EQUAL,)
CLASSIC_SYMBOLS = DIGITS + FRACTIONS + OPERATIONS + (EQUAL,)

# Ways people type a symbol that are not its canonical token.
ALIASES = {
    "x": "×", "X": "×", "*": "×", "·": "×",
    ":": "÷", "/": "÷",
    "−": "-", "–": "-", "—": "-",
    **{f"{d}²": f"{d}^2" for d in "23456789"}, "2³": "2^3", "3³": "3^3",
}
MINUS_SIGNS = "-−–—"

MAX_HAND = 9
ALL_NINE_BONUS = 40  # a play or answer of all nine tiles scores 40 more (RULES §7, §9)
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


def is_negative(symbol: Symbol) -> bool:
    """Return whether the symbol is a negative tile such as '-2'."""
    return symbol in _NEGATIVE_SET


def is_exponent(symbol: Symbol) -> bool:
    """Return whether the symbol is an exponent tile such as '5^2'."""
    return symbol in _EXPONENT_SET


def is_number(symbol: Symbol) -> bool:
    """Return whether the symbol is a number tile (digit, fraction, negative or exponent)."""
    return is_digit(symbol) or is_fraction(symbol) or symbol in _NEGATIVE_SET or symbol in _EXPONENT_SET


def is_operation(symbol: Symbol) -> bool:
    """Return whether the symbol is one of + - × ÷."""
    return symbol in OPERATIONS


def kind(symbol: Symbol) -> str:
    """Return the kind of a symbol: 'digit', 'fraction', 'negative', 'exponent', 'operation'
    or 'equal'."""
    if is_digit(symbol):
        return "digit"
    if is_fraction(symbol):
        return "fraction"
    if symbol in _NEGATIVE_SET:
        return "negative"
    if symbol in _EXPONENT_SET:
        return "exponent"
    return "equal" if symbol == EQUAL else "operation"


FRACTION_VALUES = {f: Fraction(int(f[0]), int(f[2])) for f in FRACTIONS}
_NEGATIVE_SET = frozenset(NEGATIVES)
_EXPONENT_SET = frozenset(EXPONENTS)


@dataclass(frozen=True)
class Rules:
    """What the kinds of tile a set holds switch on (RULES §11). With negative tiles, values may
    go below zero anywhere; without them, never (RULES §3). The symbols a string is tried with
    (a square's cross-check) are the classic ones plus the set's new kinds."""

    negatives: bool = False  # the set holds negative tiles, so negative values are allowed
    exponents: bool = False  # the set holds exponent tiles

    @property
    def symbols(self) -> tuple[Symbol, ...]:
        """Return every symbol a tile of a set with these kinds can show, = included."""
        return tuple(s for s in ALL_SYMBOLS if s in CLASSIC_SYMBOLS
                     or (self.negatives and s in _NEGATIVE_SET) or (self.exponents and s in _EXPONENT_SET))


ORIGINAL_RULES = Rules()


def face(tile: Tile) -> Symbol:
    """Return the symbol a placed tile shows: '?5' shows '5', '7' shows '7'."""
    return tile[1:] if tile.startswith(BLANK) and len(tile) > 1 else tile


def is_blank(tile: Tile) -> bool:
    """Return whether the tile is a blank, assigned or not."""
    return tile.startswith(BLANK)


def display(symbol: Symbol) -> str:
    """Return the symbol as printed on paper: a typographic minus, a raised exponent ('5²')."""
    if symbol == "-":
        return "−"
    if symbol in _NEGATIVE_SET:
        return "−" + symbol[1]
    if symbol in _EXPONENT_SET:
        return symbol[0] + _SUPERSCRIPT[symbol[2]]
    return symbol


def display_text(text: str) -> str:
    """Return canonical text as printed: every ASCII minus a typographic minus, every '^2' a '²',
    and a negative number raised to a power in brackets, '(−22)²', also where the text was
    written without them ('-22^2', as the boardless solver writes its equations)."""
    if "^" in text:
        text = _UNBRACKETED_POWER.sub(r"(\1)\2", text)
    text = text.replace("-", "−")
    return text.replace("^2", "²").replace("^3", "³") if "^" in text else text


_SUPERSCRIPT = {"2": "²", "3": "³"}
_POWER_OF = {raised: digit for digit, raised in _SUPERSCRIPT.items()}
_SYMBOL = r"\d/\d|\d\^\d|\d[²³]|\d|[+\-−–—×xX*·÷:=]"
_TOKEN = re.compile(rf"\?(?:{_SYMBOL})?|{_SYMBOL}|/")
_SIGNED = re.compile(rf"\??[{MINUS_SIGNS}][1-9](?![/^²³])")  # '-2', '?-2': maybe a negative tile
_BRACKETED = re.compile(rf"\(\s*(\??[{MINUS_SIGNS}][1-9])\s*\)")  # '(-6)': the negative tile, wherever it stands
# '(-22)^2', '(−2?2)²': a negative number raised to a power, its sign inside the brackets.
_POWER = re.compile(rf"\(\s*(\??[{MINUS_SIGNS}][1-9])((?:\s*\??\d)+)\s*\)(\^\d|[²³])")
_POWER_DIGIT = re.compile(r"\??\d")
# '-22^2' in canonical text (a '-' glued to a digit is a negative tile there), not '(-22)^2'.
_UNBRACKETED_POWER = re.compile(r"(?<![^\s])(\??-\d(?:\??\d)*)(\^\d)")

# Where a '-' glued to the digit after it is a negative tile (RULES §11 Text notation):
NEVER = "never"  # hands of a set without negative tiles: '-' is always the operation
LEADING = "leading"  # at the start, after an operation or =: every typed equation (RULES §11)
SPACED = "spaced"  # also after a number when a space comes before the '-': a hand's tiles ('4 -2')


def canonical(token: str) -> Symbol:
    """Return the canonical symbol for one typed symbol (`x` -> `×`, `−2` -> `-2`), or raise."""
    symbol = ALIASES.get(token, token)
    if len(symbol) == 2 and symbol[0] in MINUS_SIGNS:
        symbol = "-" + symbol[1]
    if symbol in ALL_SYMBOLS:
        return symbol
    if re.fullmatch(r"\d+/\d+", token):
        raise ClassroomError(f"{token} is not a fraction tile (the tiles are {', '.join(FRACTIONS)})")
    if re.fullmatch(r"\d\^\d", token):
        raise ClassroomError(f"{token} is not an exponent tile (the tiles are {', '.join(EXPONENTS)})")
    raise ClassroomError(f"{excerpt(token)!r} is not an Equate symbol")


def _negative_here(text: str, position: int, tokens: list[str], negatives: str) -> bool:
    """Return whether the '-' (or '?-') at position, glued to the digit after it, is a negative
    tile: at the start, after an operation or =, or (SPACED) after a number with a space before."""
    if negatives == NEVER:
        return False
    after_number = bool(tokens) and (tokens[-1][-1].isdigit() or tokens[-1][-1] in "²³")
    if not after_number:
        return True
    glued = position > 0 and not text[position - 1].isspace() and text[position - 1] != ","
    return negatives == SPACED and not glued


def tokenize(text: str, what: str = "input", negatives: str = NEVER, written: bool = False) -> list[str]:
    """Return the raw tokens of typed text: '?5', '7/4', '4', '×', ... (digits one by one);
    where `negatives` says so, a '-' glued to its digit is one token, a negative tile ('-2').

    Fraction characters read as their tiles ('½' as 1/2, '2½' as 2 1/2) and a full stop at the
    end is dropped. In a `written` equation a '/' standing alone between numbers ('9 / 3') is
    ÷, unless the two digits around it are a fraction tile typed with spaces ('1 / 2'), which
    is refused as unclear."""
    text = text.strip()
    if len(text) > MAX_TYPED:
        raise ClassroomError(f"{what}: {len(text):,} characters is too long (at most {MAX_TYPED}): "
                             f"{excerpt(text)!r}")
    text = text.translate(_TYPED).strip()
    if text.endswith(".") and not text.endswith(".."):  # a sentence's full stop: '9 - 6 = 3.'
        text = text[:-1].rstrip()
    decimal = _DECIMAL.search(text)
    if decimal:
        raise ClassroomError(f"{what}: {excerpt(decimal.group())} is a decimal number; Equate has no "
                             f"decimals (use a fraction tile, or ÷)")
    tokens: list[str] = []
    position = 0
    digits = 0  # digits in the number being read (spaces between digits do not end a number)
    while position < len(text):
        char = text[position]
        if char.isspace() or char == ",":
            position += 1
            continue
        power = _POWER.match(text, position) if char == "(" and negatives != NEVER else None
        if power:  # '(-22)^2': the negative tile, its digits, the last one the exponent tile
            digits_of = _POWER_DIGIT.findall(power.group(2))
            exponent = power.group(3) if power.group(3).startswith("^") else "^" + _POWER_OF[power.group(3)]
            tokens += [power.group(1), *digits_of[:-1], digits_of[-1] + exponent]
            digits += 1 + len(digits_of)
            position = power.end()
            continue
        bracketed = _BRACKETED.match(text, position) if char == "(" and negatives != NEVER else None
        if bracketed:  # '3 (-6)': a negative tile standing after a tile of its number
            tokens.append(bracketed.group(1))
            digits += 1
            position = bracketed.end()
            continue
        if char in _BRACKETS:
            raise ClassroomError(f"{what}: Equate has no brackets: " + (
                "× and ÷ are done before + and −, so write the equation without them" if written
                else "write the tiles without them, like 2 4 ÷ 3"))
        signed = _SIGNED.match(text, position) if char in MINUS_SIGNS or char == BLANK else None
        if signed and _negative_here(text, position, tokens, negatives):
            tokens.append(signed.group())
            digits = 1
            position = signed.end()
            continue
        match = _TOKEN.match(text, position)
        if match and match.group() == "/" and written and _between_numbers(text, position, tokens, what):
            tokens.append("÷")
            digits = 0
            position = match.end()
            continue
        if not match or match.group() == "/":
            bad = _WORD.match(text, position).group()
            if bad.startswith("/"):
                raise ClassroomError(f"{what}: '/' alone is not a tile: write ÷ (or :) for division, "
                                     f"or a fraction tile without spaces, like 1/2")
            raise ClassroomError(f"{what}: {excerpt(bad)!r} is not an Equate tile")
        token = match.group()
        number = _NUMBER.match(text, position)
        if number and (number.group() != token or token not in FRACTION_VALUES):
            raise ClassroomError(f"{what}: {_not_a_tile(number.group(), written)}")
        if "/" in token and tokens and tokens[-1][-1:].isdigit() and not text[position - 1].isspace() \
                and text[position - 1] != ",":
            raise ClassroomError(f"{what}: write a space before the fraction tile {token}")
        digits = digits + 1 if token.isdigit() or token[-1] in "²³" or "^" in token else 0
        if digits > MAX_DIGITS:
            raise ClassroomError(f"{what}: a number of more than {MAX_DIGITS} digits is too long")
        tokens.append(token)
        position = match.end()
    return tokens


def _between_numbers(text: str, position: int, tokens: list[str], what: str) -> bool:
    """Return whether the '/' at position stands alone between two numbers ('9 / 3', '12 /4'),
    so that it is ÷; raise when the digits around it are a fraction tile ('1 / 2', '2 2 / 4'),
    which could mean the tile or a division."""
    after = _AFTER_SLASH.match(text, position + 1)
    if not tokens or not (tokens[-1][-1].isdigit() or tokens[-1][-1] in "²³") or not after:
        return False
    left, right = tokens[-1][-1], after.group(1)
    one_digit_left = not text[:position].rstrip()[-2:-1].isdigit()
    if is_digit(face(tokens[-1])) and one_digit_left and right.isdigit() and not after.group(2) \
            and f"{left}/{right}" in FRACTION_VALUES:
        raise ClassroomError(f"{what}: {left} / {right} could be the fraction tile {left}/{right} or "
                             f"{left} ÷ {right}: write {left}/{right} without spaces for the tile, or "
                             f"{left} ÷ {right} (or {left} : {right}) for division")
    return True


def _not_a_tile(number: str, written: bool) -> str:
    """Return why digits glued around a '/' ('9/3', '12/4', '3/8') are not a tile, and in a
    written equation how to write a division (or a mixed number) instead."""
    if len(number) > MAX_DIGITS:
        return f"{excerpt(number)} is not a number Equate can write"
    whole, denominator = number.split("/")
    division = f"{whole} ÷ {denominator} (or {whole} : {denominator})"
    if len(whole) > 1 and f"{whole[-1]}/{denominator}" in FRACTION_VALUES:  # '12/4': 1 2/4 unspaced
        mixed = f"{whole[:-1]} {whole[-1]}/{denominator}"
        if written:
            return f"{number} is not a fraction tile: write {mixed} for a mixed number, or {division} for division"
        return f"{number} is not a fraction tile; a mixed number is written with a space, like {mixed}"
    tiles = f"the tiles are {', '.join(FRACTIONS)}"
    return f"{number} is not a fraction tile: for division write {division}; {tiles}" if written else \
        f"{number} is not a fraction tile ({tiles})"


_WORD = re.compile(r"\S+")
_NUMBER = re.compile(r"\d+/\d+")
_DECIMAL = re.compile(r"\d*\.\d+")
_AFTER_SLASH = re.compile(r"\s*(\??[" + MINUS_SIGNS + r"]?\d)(\d|/)?")  # a number follows a '/'
_BRACKETS = "()[]{}"


def _fraction_characters() -> dict[int, str]:
    """Return how typed fraction characters read: '½' -> ' 1/2' (the space makes '2½' the mixed
    number 2 1/2), the fraction slash and the division slash -> '/'."""
    table = {ord("\u2044"): "/", ord("\u2215"): "/"}
    for code in (*range(0xBC, 0xBF), *range(0x2150, 0x2160), 0x2189):
        parts = unicodedata.decomposition(chr(code)).split()
        if parts[:1] == ["<fraction>"]:
            table[code] = " " + "".join(chr(int(part, 16)) for part in parts[1:]).replace("\u2044", "/")
    return table


_TYPED = _fraction_characters()


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


def parse_hand(text: str | list[str] | tuple[str, ...], negatives: bool = False) -> Hand:
    """Return the hand written as tile tokens separated by spaces or commas; with `negatives`
    (a set holding negative tiles) '-2' is a negative tile, else '-' is always the operation.

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
    tiles = tuple(parse_tile(token, "hand") for token in tokenize(text, "hand", SPACED if negatives else NEVER))
    for tile in tiles:
        if tile == EQUAL:
            raise ClassroomError("hand: = is not part of a hand (it is always available)")
        if tile.startswith(BLANK) and tile != BLANK:
            raise ClassroomError(f"hand: write a blank in a hand as ? (not {tile})")
    if not tiles:
        raise ClassroomError(f"hand: no tiles; a hand holds 1 to {MAX_HAND} tiles, like '2 4 ÷ 3 8'")
    _no_empty_tile(text, negatives)
    if len(tiles) > MAX_HAND:
        raise ClassroomError(f"hand: {len(tiles)} tiles is too many; a hand holds at most {MAX_HAND}")
    return tiles


def _no_empty_tile(text: str, negatives: bool) -> None:
    """Raise naming the place of an empty tile: nothing between two commas ('1,,2', '1, ,2') or
    before the first; one comma at the end ('1, 2,') is only a habit of typing lists, and is read."""
    pieces = text.strip().split(",")
    for number, piece in enumerate(pieces[:-1]):
        if not piece.strip():
            before = len(tokenize(",".join(pieces[:number]), "hand", SPACED if negatives else NEVER))
            where = f"after tile {before}: nothing between two commas" if before else \
                "at the start: nothing before the first comma"
            raise ClassroomError(f"hand: an empty tile {where} in {excerpt(text.strip())!r}; write the "
                                 f"missing tile, or leave out the comma")


def parse_written(text: str, what: str = "equation", negatives: bool = False) -> tuple[Tile, ...]:
    """Return the tiles of a written equation or expression: '7 + 9 × 4 = 43', '?5 + 2 = 7'.

    A '-' glued to its digit at the start of a side or right after an operation or = is a
    negative tile ('5 - -2', '3 × -2', '-6 = 3 × -2'); every other '-' is the operation
    ('5-2', '3 -2': RULES §11 Text notation), whatever the set: `negatives` (the set holds
    negative tiles) changes how a hand is read (parse_hand), never an equation; it stays in the
    signature so every reader passes its set's the same way."""
    tiles = tuple(parse_tile(token, what) for token in tokenize(text, what, LEADING, written=True))
    if BLANK in tiles:
        raise ClassroomError(f"{what}: say what a blank stands for, like ?5")
    return tiles


def write(symbols: tuple[Tile, ...] | list[Tile]) -> str:
    """Return symbols (or tiles) written as a person writes them: '24 ÷ 3 = 8', '2 2/4 = 5 ÷ 2',
    a negative tile glued to the digits after it and an exponent tile to those before it
    ('-24 = 15^2 - 249'), and a blank as ? plus its symbol: '2?5 = 5 ?× 5'. A negative tile
    right after a tile of a number (illegal, as a True or not? line shows it) is written in
    brackets, '3 (-6)': '3 -6' would read as 3 − 6 (RULES §11), so it reads back the same.
    A negative number raised to a power is written with its brackets, '(-22)^2', as school
    reads it: the sign is inside the power (RULES §11), and '-22^2' would read as −(22²)."""
    text = ""
    previous = ""
    start = 0  # where the number being written starts in text
    for symbol in symbols:
        if not text:
            text = symbol
        elif face(symbol) in _NEGATIVE_SET and is_number(face(previous)):
            text += f" ({symbol})"
            start = len(text)  # a bracketed tile does not start a number that brackets its power
        elif _glued(face(previous), face(symbol)):
            if face(symbol) in _EXPONENT_SET and text[start:start + 2].lstrip(BLANK)[:1] == "-":
                text = f"{text[:start]}({text[start:]}{symbol[:-2]}){symbol[-2:]}"
            else:
                text += symbol
        else:
            text += " " + symbol
            start = len(text) - len(symbol)
        previous = symbol
    return text


def _glued(previous: Symbol, symbol: Symbol) -> bool:
    """Return whether two symbols of one number are written without a space between them."""
    if is_digit(previous) or previous in _NEGATIVE_SET:
        return is_digit(symbol) or symbol in _EXPONENT_SET
    return False
