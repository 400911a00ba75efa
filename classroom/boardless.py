"""The boardless solver: every distinct written Equation a Hand allows, with its score (RULES §9).

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
from itertools import permutations, product

from classroom.arithmetic import why_not
from classroom.symbols import (
    ALL_SYMBOLS, BLANK, EQUAL, FRACTION_VALUES, MAX_HAND, Hand, Symbol, Tile, face, is_blank,
    is_digit, is_fraction, is_number,
)
from classroom.tilesets import TileSet

ALL_NINE_BONUS = 40

Value = int | Fraction  # an int whenever the value is whole: int arithmetic is much faster
Table = dict[Value, list[str]]  # value -> written texts, like {8: ['24 ÷ 3', '8']}
Key = tuple[int, ...]  # counts of each alphabet symbol, like (1, 0, 2, ...)


@dataclass(frozen=True)
class Answer:
    """One written Equation a hand allows: its symbols, its text, its score."""

    symbols: tuple[Symbol, ...]  # like ('2', '4', '÷', '3', '=', '8')
    text: str  # like '24 ÷ 3 = 8'
    score: int
    all_nine: bool


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
    """The tables of numbers, terms and expressions for every payable multiset of symbols."""

    def __init__(self, alphabet: tuple[Symbol, ...], real: Key, blanks: int, largest: int):
        self.alphabet = alphabet
        self.real = real
        self.blanks = blanks
        self.largest = largest
        self.numbers: dict[Key, Table] = {}
        self.terms: dict[Key, Table] = {}
        self.expressions: dict[Key, Table] = {}
        self.is_number = tuple(is_number(s) for s in alphabet)
        self.plus_minus = [alphabet.index(s) for s in ("+", "-") if s in alphabet]
        self.times_divide = [alphabet.index(s) for s in ("×", "÷") if s in alphabet]
        for key in sorted(self._payable(), key=sum):
            self._build(key)

    def excess(self, key: Key) -> int:
        """Return how many blanks the multiset needs."""
        return sum(c - r for c, r in zip(key, self.real) if c > r)

    def _payable(self) -> list[Key]:
        return self._within(self.real, self.blanks, self.largest)

    def fitting(self, used: Key, largest: int) -> list[Key]:
        """Return the payable multisets that fit beside `used` in the hand, at most `largest` big."""
        left = tuple(max(0, r - u) for r, u in zip(self.real, used))
        return self._within(left, self.blanks - self.excess(used), largest)

    def _within(self, real: Key, blanks: int, largest: int) -> list[Key]:
        """Return the non-empty multisets of at most `largest` symbols that `real` tiles plus
        `blanks` blanks can pay for."""
        keys: list[Key] = []
        size = len(self.alphabet)

        def grow(position: int, counts: list[int], total: int, excess: int) -> None:
            if position == size:
                if total:
                    keys.append(tuple(counts))
                return
            limit = real[position] + blanks - excess
            for count in range(min(limit, largest - total) + 1):
                counts[position] = count
                grow(position + 1, counts, total + count, excess + max(0, count - real[position]))
            counts[position] = 0

        grow(0, [0] * size, 0, 0)
        return keys

    def _build(self, key: Key) -> None:
        numbers = self._numbers(key)
        if numbers:
            self.numbers[key] = numbers
        terms = dict((v, list(t)) for v, t in numbers.items())
        for op in self.times_divide:
            if key[op]:
                self._combine(key, op, self.terms, self.numbers, terms)
        if terms:
            self.terms[key] = terms
        expressions = dict((v, list(t)) for v, t in terms.items())
        for op in self.plus_minus:
            if key[op]:
                self._combine(key, op, self.expressions, self.terms, expressions)
        if expressions:
            self.expressions[key] = expressions

    def _combine(self, key: Key, op: int, lefts: dict[Key, Table], rights: dict[Key, Table],
                 out: Table) -> None:
        """Add to `out` every `left op right` that uses exactly `key`."""
        rest = list(key)
        rest[op] -= 1
        symbol = self.alphabet[op]
        spaced = f" {symbol} "
        places = [i for i, c in enumerate(rest) if c]
        for split in product(*(range(rest[i] + 1) for i in places)):
            left_key = [0] * len(rest)
            for i, c in zip(places, split):
                left_key[i] = c
            left_key = tuple(left_key)
            left = lefts.get(left_key)
            if left is None:
                continue
            right = rights.get(tuple(r - l for r, l in zip(rest, left_key)))
            if right is None:
                continue
            for lv, ltexts in left.items():
                for rv, rtexts in right.items():
                    if symbol == "+":
                        value = lv + rv
                    elif symbol == "-":
                        value = lv - rv
                        if value < 0:
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

    def _numbers(self, key: Key) -> Table:
        """Return the numbers written with exactly these symbols (digits, then at most one fraction)."""
        symbols = [s for s, c in zip(self.alphabet, key) for _ in range(c)]
        if not all(is_number(s) for s in symbols):
            return {}
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


def symbols_of(text: str) -> tuple[Symbol, ...]:
    """Return the symbols of a text the solver wrote: '24 ÷ 3 = 8' -> ('2','4','÷','3','=','8')."""
    out: list[Symbol] = []
    for word in text.split(" "):
        if "/" in word or not word.isdigit():
            out.append(word)
        else:
            out.extend(word)
    return tuple(out)


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


def check(tiles: tuple[Tile, ...], tileset: TileSet, hand: Hand | None = None) -> Verdict:
    """Return whether written tiles ('?5' for a blank shown as 5) are a true equation, makeable
    from the hand when one is given, and the score it earns."""
    symbols = tuple(face(t) for t in tiles)
    for symbol in symbols:
        tileset.check_symbol(symbol, "equation")
    reason = why_not(symbols)
    if reason is not None:
        return Verdict(False, reason, None)
    explicit = [face(t) for t in tiles if is_blank(t)]
    plain = [t for t in tiles if not is_blank(t) and t != EQUAL]
    if hand is None:
        return Verdict(True, None, sum(tileset.score_of(t) for t in plain))
    held = Counter(t for t in hand if t != BLANK)
    spare = sum(1 for t in hand if t == BLANK) - len(explicit)
    if spare < 0:
        return Verdict(False, f"the equation uses {len(explicit)} blank(s) but the hand has "
                              f"{spare + len(explicit)}", None)
    score = 0
    for symbol, count in sorted(Counter(plain).items(), key=lambda item: _symbol_order(item[0])):
        real = min(count, held[symbol])
        spare -= count - real
        if spare < 0:
            if not held[symbol]:
                return Verdict(False, f"the hand has no {symbol} (and no blank left for it)", None)
            return Verdict(False, f"the equation uses {count} × {symbol} but the hand has "
                                  f"{held[symbol]} (and no blank left)", None)
        score += real * tileset.score_of(symbol)
    if len(hand) == MAX_HAND and len(plain) + len(explicit) == MAX_HAND:
        score += ALL_NINE_BONUS
    return Verdict(True, None, score)


def solve(hand: Hand, tileset: TileSet) -> Solution:
    """Return every distinct written equation the hand allows, scored, best first."""
    blanks = sum(1 for t in hand if t == BLANK)
    held = Counter(t for t in hand if t != BLANK)
    alphabet = tuple(sorted(set(held) | (set(tileset.blank_symbols) if blanks else set()),
                            key=_symbol_order))
    real = tuple(held[s] for s in alphabet)
    if len(hand) < 2:
        return Solution(hand, (), 0)
    tables = _Tables(alphabet, real, blanks, len(hand) - 1)
    expressions = tables.expressions
    answers: list[Answer] = []
    combinations = set()
    for left_key, left in expressions.items():
        for right_key in tables.fitting(left_key, len(hand) - sum(left_key)):
            right = expressions.get(right_key)
            if right is None:
                continue
            shared = left.keys() & right.keys()
            if not shared:
                continue
            both = tuple(a + b for a, b in zip(left_key, right_key))
            symbols = [s for s, c in zip(alphabet, both) for _ in range(c)]
            score = answer_score(symbols, hand, tileset)
            all_nine = len(hand) == MAX_HAND and len(symbols) == MAX_HAND
            combinations.add(both)
            for value in shared:
                for lt in left[value]:
                    for rt in right[value]:
                        text = f"{lt} = {rt}"
                        answers.append(Answer(symbols_of(text), text, score, all_nine))
    answers.sort(key=answer_order)
    return Solution(hand, tuple(answers), len(combinations))


def _symbol_order(symbol: Symbol) -> int:
    return ALL_SYMBOLS.index(symbol)
