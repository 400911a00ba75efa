"""The boardless solver: every distinct written Equation a Hand allows, with its score (docs/rules.md §9).

How it is fast: an Equation is `left = right`, two Expressions using disjoint parts of the hand.
For every multiset of symbols the hand can pay for, we build the table value -> expressions
that use exactly those symbols, from tables of smaller multisets (an Expression is a Term, or
an Expression ± a Term; a Term is a Number, or a Term × ÷ a Number). Each table is built once
and shared by every bigger multiset; the Equations are then pairs of tables joined by value.

Blanks: the tables are keyed by the symbols written, not the tiles, so a blank standing for 5
and a real 5 write one equation; a multiset is payable when the symbols the hand lacks are no
more than its blanks, and its score counts real tiles wherever the hand has them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement, permutations

from classroom.game.arithmetic import why_not
from classroom.errors import ClassroomError
from classroom.game.symbols import (
    ALL_SYMBOLS, BLANK, EQUAL, FRACTION_VALUES, MAX_HAND, Hand, Symbol, Tile, face, is_blank,
    is_digit, is_exponent, is_fraction, is_negative, is_number, write,
)
from classroom.game.tilesets import TileSet
from classroom.game.plurals import tiles_of

ALL_NINE_BONUS = 40

Value = int | Fraction  # an int whenever the value is whole: int arithmetic is much faster
Table = dict[Value, list[str]]  # value -> written texts, like {8: ['24 ÷ 3', '8']}
Key = int  # a multiset of symbols: FIELD bits of count for each symbol of the alphabet
FIELD = 4  # counts stay below 16: nine tiles at most
MASK = (1 << FIELD) - 1
# The solver's budget. A nine-tile hand with two blanks pays for about 53,000 multisets and
# writes about 10 million partial expressions (some 2 GB, a minute); three blanks would pay
# for 280,000 multisets and run out of memory. Past either bound the hand is refused in one
# sentence instead.
MAX_MULTISETS = 100_000
MAX_TEXTS = 16_000_000


@dataclass(frozen=True)
class Answer:
    """One written Equation a hand allows: its symbols, its text, its score."""

    symbols: tuple[Symbol, ...]  # like ('2', '4', '÷', '3', '=', '8')
    text: str  # like '24 ÷ 3 = 8'
    score: int
    all_nine: bool
    tiles: tuple[Tile, ...] = ()  # the symbols as tiles, a blank marked: ('2', '4', '?÷', '3', '=', '8')

    @property
    def marked(self) -> str:
        """Return the text with every blank marked as ? plus its symbol: '24 ?÷ 3 = 8'."""
        return write(self.tiles) if self.tiles else self.text


@dataclass(frozen=True)
class Solution:
    """Every Answer of a hand, best first, and what an answer key summarises."""

    hand: Hand
    answers: tuple[Answer, ...]
    combinations: int  # how many different multisets of tiles make at least one answer

    @property
    def count(self) -> int:
        """Return the number of different equations."""
        return len(self.answers)

    @property
    def best_score(self) -> int | None:
        """Return the highest score, or None when the hand makes no equation."""
        return self.answers[0].score if self.answers else None

    @property
    def best(self) -> tuple[Answer, ...]:
        """Return every answer that reaches the best score."""
        return tuple(a for a in self.answers if a.score == self.best_score)

    @property
    def nine_tile(self) -> tuple[Answer, ...]:
        """Return the answers that use all nine tiles."""
        return tuple(a for a in self.answers if a.all_nine)


def answer_order(answer: Answer) -> tuple:
    """Return the sort key that lists answers best first, then by their text."""
    return (-answer.score, len(answer.symbols), answer.text)


def _divide(a: Value, b: Value) -> Value:
    if isinstance(a, int) and isinstance(b, int):
        return a // b if a % b == 0 else Fraction(a, b)
    quotient = Fraction(a) / b
    return quotient.numerator if quotient.denominator == 1 else quotient


def _whole(value: Value) -> Value:
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


class _Tables:
    """The tables of numbers, terms and expressions for every payable multiset of symbols.

    A multiset is packed in one int, FIELD bits a symbol of the alphabet, so that splitting a
    multiset in two and joining two sides are integer subtraction and addition.
    """

    def __init__(self, alphabet: tuple[Symbol, ...], real: tuple[int, ...], blanks: int, largest: int,
                 negatives: bool = False):
        self.alphabet = alphabet
        self.negatives = negatives  # values may go below zero (a set with negative tiles)
        self.real = real
        self.blanks = blanks
        self.largest = largest
        self.unit = tuple(1 << (FIELD * i) for i in range(len(alphabet)))
        self.numbers: dict[Key, Table] = {}
        self.terms: dict[Key, Table] = {}
        self.expressions: dict[Key, Table] = {}
        self._parts: dict[Key, tuple[tuple[int, int], ...]] = {}
        self.texts = 0  # partial expressions written so far, against MAX_TEXTS
        self.plus_minus = [alphabet.index(s) for s in ("+", "-") if s in alphabet]
        self.times_divide = [alphabet.index(s) for s in ("×", "÷") if s in alphabet]
        for key in sorted(self._within(real, blanks, largest), key=self.size):
            self._build(key)

    def parts(self, key: Key) -> tuple[tuple[int, int], ...]:
        """Return the multiset as (alphabet index, count) pairs, counts above zero."""
        found = self._parts.get(key)
        if found is None:
            found = self._parts[key] = tuple(
                (i, (key >> (FIELD * i)) & MASK) for i in range(len(self.alphabet))
                if (key >> (FIELD * i)) & MASK)
        return found

    def size(self, key: Key) -> int:
        """Return how many symbols the multiset holds."""
        return sum(c for _, c in self.parts(key))

    def excess(self, key: Key) -> int:
        """Return how many blanks the multiset needs."""
        return sum(c - self.real[i] for i, c in self.parts(key) if c > self.real[i])

    def symbols(self, key: Key) -> list[Symbol]:
        """Return the multiset's symbols in alphabet order."""
        return [self.alphabet[i] for i, c in self.parts(key) for _ in range(c)]

    def fitting(self, used: Key, largest: int) -> list[Key]:
        """Return the payable multisets that fit beside `used` in the hand, at most `largest` big."""
        held = list(self.real)
        for i, c in self.parts(used):
            held[i] -= min(c, held[i])
        return self._within(tuple(held), self.blanks - self.excess(used), largest)

    def _within(self, real: tuple[int, ...], blanks: int, largest: int) -> list[Key]:
        """Return every non-empty multiset of at most `largest` symbols that `real` tiles plus
        `blanks` blanks pay for, each once: real tiles first, blanks only for symbols whose real
        tiles are all used."""
        keys: list[Key] = []
        held = [(i, c) for i, c in enumerate(real) if c]
        lacking = [i for i, c in enumerate(real) if not c]
        unit = self.unit

        def grow(k: int, key: Key, size: int, full: list[int]) -> None:
            if k == len(held):
                for extra, extra_size in self._extras(tuple(full + lacking), min(blanks, largest - size)):
                    if size + extra_size:
                        keys.append(key + extra)
                if len(keys) > MAX_MULTISETS:
                    self._too_many()
                return
            i, c = held[k]
            for m in range(min(c, largest - size) + 1):
                grow(k + 1, key + m * unit[i], size + m, full + [i] if m == c else full)

        grow(0, 0, 0, [])
        return keys

    def _too_many(self) -> None:
        raise ClassroomError(
            f"hand: with {self.blanks} blank(s) this hand allows too many equations to list "
            f"(the solver stops at {MAX_MULTISETS:,} tile combinations or {MAX_TEXTS:,} partial "
            f"expressions); use fewer blanks")

    def _extras(self, symbols: tuple[int, ...], blanks: int) -> list[tuple[Key, int]]:
        """Return every multiset of at most `blanks` of the given symbols, with its size."""
        out = [(0, 0)]
        for size in range(1, blanks + 1):
            for chosen in combinations_with_replacement(symbols, size):
                out.append((sum(self.unit[i] for i in chosen), size))
                if len(out) > MAX_MULTISETS:
                    self._too_many()
        return out

    def _build(self, key: Key) -> None:
        numbers = self._numbers(key)
        if numbers:
            self.numbers[key] = numbers
        terms = dict((v, list(t)) for v, t in numbers.items())
        for op in self.times_divide:
            if (key >> (FIELD * op)) & MASK:
                self._combine(key, op, self.terms, self.numbers, terms)
        if terms:
            self.terms[key] = terms
        expressions = dict((v, list(t)) for v, t in terms.items())
        for op in self.plus_minus:
            if (key >> (FIELD * op)) & MASK:
                self._combine(key, op, self.expressions, self.terms, expressions)
        if expressions:
            self.expressions[key] = expressions

    def _combine(self, key: Key, op: int, lefts: dict[Key, Table], rights: dict[Key, Table],
                 out: Table) -> None:
        """Add to `out` every `left op right` that uses exactly `key`."""
        rest = key - self.unit[op]
        symbol = self.alphabet[op]
        spaced = f" {symbol} "
        floor = None if self.negatives else 0  # the lowest value a difference may take
        splits = [0]
        for i, c in self.parts(rest):
            unit = self.unit[i]
            splits = [s + m * unit for s in splits for m in range(c + 1)]
        for left_key in splits:
            left = lefts.get(left_key)
            if left is None:
                continue
            right = rights.get(rest - left_key)
            if right is None:
                continue
            for lv, ltexts in left.items():
                for rv, rtexts in right.items():
                    if symbol == "+":
                        value = lv + rv
                    elif symbol == "-":
                        value = lv - rv
                        if floor is not None and value < floor:
                            continue
                    elif symbol == "×":
                        value = lv * rv
                    else:
                        if rv == 0:
                            continue
                        value = _divide(lv, rv)
                    value = _whole(value)
                    texts = out.setdefault(value, [])
                    texts.extend(lt + spaced + rt for lt in ltexts for rt in rtexts)
                    self.texts += len(ltexts) * len(rtexts)
            if self.texts > MAX_TEXTS:
                self._too_many()

    def _numbers(self, key: Key) -> Table:
        """Return the numbers written with exactly these symbols (digits, then at most one fraction)."""
        symbols = self.symbols(key)
        if not all(is_number(s) for s in symbols):
            return {}
        if any(is_negative(s) or is_exponent(s) for s in symbols):
            return signed_numbers(symbols)
        fractions = [s for s in symbols if is_fraction(s)]
        digits = [s for s in symbols if is_digit(s)]
        if len(fractions) > 1:
            return {}
        table: Table = {}
        for order in sorted(set(permutations(digits))):
            whole = "".join(order)
            if len(whole) > 1 and whole[0] == "0":
                continue
            if fractions:
                if whole == "0":
                    continue
                text = f"{whole} {fractions[0]}" if whole else fractions[0]
                value = _whole((int(whole) if whole else 0) + FRACTION_VALUES[fractions[0]])
            else:
                text, value = whole, int(whole)
            table.setdefault(value, []).append(text)
        return table


def signed_numbers(symbols: list[Symbol]) -> Table:
    """Return the numbers written with exactly these symbols when a negative tile or an exponent
    tile is among them: the negative tile first, digits, then a fraction or an exponent tile
    last (RULES §11); the sign and the power belong to the whole number."""
    negatives = [s for s in symbols if is_negative(s)]
    exponents = [s for s in symbols if is_exponent(s)]
    fractions = [s for s in symbols if is_fraction(s)]
    digits = [s for s in symbols if is_digit(s)]
    if len(negatives) > 1 or len(exponents) + len(fractions) > 1:
        return {}
    sign, head = (-1, negatives[0]) if negatives else (1, "")
    table: Table = {}
    for order in sorted(set(permutations(digits))):
        whole = head[1:] + "".join(order) + (exponents[0][0] if exponents else "")
        if len(whole) > 1 and whole[0] == "0" or not whole:
            continue  # an unnecessary zero, or a fraction tile with no whole part before it
        if fractions:
            text = f"{head}{''.join(order)} {fractions[0]}"
            value = _whole(sign * (int(whole) + FRACTION_VALUES[fractions[0]]))
        else:
            text = head + "".join(order) + (exponents[0] if exponents else "")
            value = (sign * int(whole)) ** (int(exponents[0][2]) if exponents else 1)
        table.setdefault(value, []).append(text)
    return table


def symbols_of(text: str) -> tuple[Symbol, ...]:
    """Return the symbols of a text the solver wrote: '24 ÷ 3 = 8' -> ('2','4','÷','3','=','8'),
    '-24 = 15^2 - 249' -> ('-2','4','=','1','5^2','-','2','4','9')."""
    out: list[Symbol] = []
    for word in text.split(" "):
        if word.isdigit():
            out.extend(word)
        elif "/" in word or len(word) == 1:
            out.append(word)
        else:
            out.extend(_signed_word(word))
    return tuple(out)


def _signed_word(word: str) -> list[Symbol]:
    """Return the symbols of one written word holding a negative or an exponent tile: '-24^2'."""
    head, body, last = [], word, []
    if body[:1] == "-":
        head, body = [body[:2]], body[2:]
    if "^" in body:
        last, body = [body[-3:]], body[:-3]
    return head + list(body) + last


def answer_score(symbols: tuple[Symbol, ...] | list[Symbol], hand: Hand,
                 tileset: TileSet) -> int | None:
    """Return the best score of written symbols made from the hand, or None if it cannot pay.

    Real tiles are used wherever the hand has them (a blank scores 0), and all nine tiles of a
    nine-tile hand earn the bonus.
    """
    needed = Counter(s for s in symbols if s != "=")
    held = Counter(t for t in hand if t != BLANK)
    blanks = sum(1 for t in hand if t == BLANK)
    allowed = set(tileset.blank_symbols)
    short = 0
    score = 0
    for symbol, count in needed.items():
        real = min(count, held[symbol])
        if count > real and symbol not in allowed:
            return None
        short += count - real
        score += real * tileset.score_of(symbol)
    if short > blanks:
        return None
    if len(hand) == MAX_HAND and sum(needed.values()) == MAX_HAND:
        score += ALL_NINE_BONUS
    return score


@dataclass(frozen=True)
class Verdict:
    """The checker's answer on one written equation: valid or why not, and its score."""

    valid: bool
    reason: str | None
    score: int | None
    tiles: tuple[Tile, ...] | None = None  # the tiles made, blanks marked ('?5'); None if not valid


def check(tiles: tuple[Tile, ...], tileset: TileSet, hand: Hand | None = None) -> Verdict:
    """Return whether written tiles ('?5' for a blank shown as 5) are a true equation, makeable
    from the hand when one is given, and the score it earns.

    A blank written as '?5' and a real 5 write the same equation (docs/rules.md §9): the hand's real
    tiles are used wherever it has them, so the score is the higher one, and the verdict's
    tiles mark the blanks that are left.
    """
    symbols = tuple(face(t) for t in tiles)
    for symbol in symbols:
        tileset.check_symbol(symbol, "equation")
    reason = why_not(symbols, tileset.rules)
    if reason is not None:
        return Verdict(False, reason, None)
    explicit = sum(1 for t in tiles if is_blank(t))
    plain = [s for s in symbols if s != EQUAL]
    if hand is None:
        return Verdict(True, None, sum(tileset.score_of(t) for t in tiles if t != EQUAL), tuple(tiles))
    held = Counter(t for t in hand if t != BLANK)
    blanks = sum(1 for t in hand if t == BLANK)
    if explicit > blanks:
        return Verdict(False, f"the equation uses {tiles_of(explicit, BLANK)} but the hand has "
                              f"{tiles_of(blanks, BLANK)}", None)
    spare = blanks
    score = 0
    for symbol, count in sorted(Counter(plain).items(), key=lambda item: _symbol_order(item[0])):
        real = min(count, held[symbol])
        spare -= count - real
        if spare < 0:
            if not held[symbol]:
                return Verdict(False, f"the hand has no {symbol} (and no blank left for it)", None)
            return Verdict(False, f"the equation uses {tiles_of(count, symbol)} but the hand has "
                                  f"{tiles_of(held[symbol], symbol)} (and no blank left)", None)
        score += real * tileset.score_of(symbol)
    if len(hand) == MAX_HAND and len(plain) == MAX_HAND:
        score += ALL_NINE_BONUS
    return Verdict(True, None, score, mark_blanks(symbols, held))


def mark_blanks(symbols: tuple[Symbol, ...] | list[Symbol], held: Counter) -> tuple[Tile, ...]:
    """Return the symbols as tiles made from `held` real tiles and blanks: real tiles go first,
    in reading order, and each later use of a symbol the hand has run out of is a blank,
    like ('5', '+', '?5', '=', '1', '0') from a hand holding one 5."""
    left = Counter(held)
    tiles = []
    for symbol in symbols:
        if symbol == EQUAL or left[symbol] > 0:
            left[symbol] -= 1
            tiles.append(symbol)
        else:
            tiles.append(BLANK + symbol)
    return tuple(tiles)


def solve(hand: Hand, tileset: TileSet) -> Solution:
    """Return every distinct written equation the hand allows, scored, best first."""
    blanks = sum(1 for t in hand if t == BLANK)
    held = Counter(t for t in hand if t != BLANK)
    alphabet = tuple(sorted(set(held) | (set(tileset.blank_symbols) if blanks else set()),
                            key=_symbol_order))
    real = tuple(held[s] for s in alphabet)
    if len(hand) < 2:
        return Solution(hand, (), 0)
    tables = _Tables(alphabet, real, blanks, len(hand) - 1, tileset.rules.negatives)
    expressions = tables.expressions
    answers: list[Answer] = []
    combinations = set()
    for left_key, left in expressions.items():
        for right_key in tables.fitting(left_key, len(hand) - tables.size(left_key)):
            right = expressions.get(right_key)
            if right is None:
                continue
            shared = left.keys() & right.keys()
            if not shared:
                continue
            both = left_key + right_key
            symbols = tables.symbols(both)
            score = answer_score(symbols, hand, tileset)
            all_nine = len(hand) == MAX_HAND and len(symbols) == MAX_HAND
            combinations.add(both)
            short = blanks and any(c > held[s] for s, c in Counter(symbols).items())
            for value in shared:
                for lt in left[value]:
                    for rt in right[value]:
                        text = f"{lt} = {rt}"
                        written = symbols_of(text)
                        tiles = mark_blanks(written, held) if short else written
                        answers.append(Answer(written, text, score, all_nine, tiles))
    answers.sort(key=answer_order)
    return Solution(hand, tuple(answers), len(combinations))


def _symbol_order(symbol: Symbol) -> int:
    return ALL_SYMBOLS.index(symbol)
