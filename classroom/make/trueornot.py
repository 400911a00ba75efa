"""True or not? worksheets: equations made from a level's tiles, some true, some false; the
student marks each and says why, and the key gives the checker's reason for every false one.

A false line is a true equation (from `solve.boardless.solve` of a drawn hand) with one Mistake
made in it, and is kept only when it breaks that rule and no other (`broken_rules`): a line
meant to show "a number cannot start with 0" that the checker rejects for another reason, or
whose sides differ once the 0 is read away, is thrown away, never printed. So a "below zero"
line has equal sides (`4 - 6 + 7 = 5`), and a student who names the one rule matches the key.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, replace

from classroom.errors import ClassroomError
from classroom.game.arithmetic import equation_value, show, why_not
from classroom.game.symbols import (
    BLANK,
    DIGITS,
    EQUAL,
    OPERATIONS,
    Symbol,
    is_digit,
    is_exponent,
    is_fraction,
    is_negative,
    is_number,
    is_operation,
    write,
)
from classroom.game.tilesets import TileSet
from classroom.solve.boardless import check, solve


@dataclass(frozen=True)
class Mistake:
    """One rule a false line breaks: its name, the checker's reason for it, the tiles it needs."""

    name: str  # like 'below-zero'
    reason: str  # a regular expression the checker's reason matches, like 'goes below zero$'
    needs: str = ""  # a kind of tile the level must hold ('fraction', '÷', ...), '' for none
    negatives: bool | None = None  # True: only with negative values allowed; False: only without

    def fits(self, tileset: TileSet) -> bool:
        """Return whether the level has this rule: its tiles, and its rule on negative values."""
        if self.negatives is not None and self.negatives != tileset.rules.negatives:
            return False
        if not self.needs:
            return True
        return self.needs in tileset.kinds or tileset.count.get(self.needs, 0) > 0

    def explains(self, reason: str | None) -> bool:
        """Return whether the checker's reason is this rule's."""
        return reason is not None and re.search(self.reason, reason) is not None


# The rules a false line may break, in the order a sheet goes through them.
MISTAKES = (
    Mistake("wrong-value", r"^the two sides differ"),
    Mistake("below-zero", r"goes below zero$", negatives=False),
    Mistake("two-equals", r"^an equation has only one =$"),
    Mistake("leading-zero", r"has an unnecessary zero$"),
    Mistake("fraction-first", r"a fraction tile can only be the last tile of a number$", needs="fraction"),
    Mistake("divide-by-zero", r"divides by zero$", needs="÷"),
    Mistake("two-operations", r"^two operations side by side"),
    Mistake("sign-in-front", r"^an expression cannot start with"),
    Mistake("zero-whole-part", r"a mixed number needs a whole part that is not zero$", needs="fraction"),
    Mistake("negative-inside", r"a negative tile starts a number", needs="negative"),
    Mistake("exponent-inside", r"an exponent tile ends a number", needs="exponent"),
)


def level_mistakes(tileset: TileSet) -> tuple[Mistake, ...]:
    """Return the mistakes a sheet of this level covers: the rules its tiles can break."""
    return tuple(m for m in MISTAKES if m.fits(tileset))


# --- the lines of a sheet ------------------------------------------------------------------------

LINES = 12  # lines on a sheet, unless asked otherwise
MIN_LINES, MAX_LINES = 4, 16  # 12 lines fill a page; more go on to a second
SOURCE_HAND = 7  # tiles of the hands whose equations become lines: short lines a class reads
LONGEST = SOURCE_HAND + 1  # symbols in a true line, = included
TRIES = 60  # hands drawn for one line before the mistake is declared impossible at this level


@dataclass(frozen=True)
class JudgedLine:
    """One line of a True or not? sheet and its verdict: true (both sides' value) or the
    checker's reason, and the mistake it was made to show."""

    symbols: tuple[Symbol, ...]  # like ('4', '-', '6', '+', '7', '=', '5')
    true: bool
    reason: str  # a false line: the checker's reason; a true line: '' (see value)
    mistake: str = ""  # a false line: the name of its Mistake
    value: str = ""  # a true line: the value of both sides, like '16' or '15/4'

    @property
    def text(self) -> str:
        """Return the line as written text: '4 - 6 + 7 = 5'."""
        return write(self.symbols)


@dataclass(frozen=True)
class TrueOrNotItem:
    """One True or not? sheet: its lines, in the order printed."""

    id: str  # like 'T-42-3f9a-01'
    lines: tuple[JudgedLine, ...]

    @property
    def mistakes(self) -> tuple[str, ...]:
        """Return the mistakes its false lines show, in line order."""
        return tuple(line.mistake for line in self.lines if not line.true)


def judged(symbols: tuple[Symbol, ...], tileset: TileSet, mistake: Mistake | None = None) -> JudgedLine | None:
    """Return the line as the key prints it, re-checked by the checker: a true line (none was
    meant) or a false one rejected for the mistake's rule; None when the checker disagrees."""
    if not makeable(symbols, tileset):
        return None
    verdict = check(symbols, tileset)
    if mistake is None:
        if not verdict.valid:
            return None
        return JudgedLine(symbols, True, "", value=show(equation_value(symbols, tileset.rules)))
    if verdict.valid or not mistake.explains(verdict.reason) or broken_rules(symbols, tileset) != (mistake.name,):
        return None
    return JudgedLine(symbols, False, verdict.reason, mistake.name)


def broken_rules(symbols: tuple[Symbol, ...] | list[Symbol], tileset: TileSet) -> tuple[str, ...]:
    """Return the name of every rule of MISTAKES a line breaks, in the order the checker meets
    them: the checker names the first; the line read as a class would mean it (the 0 before a
    number left out, a sign in front read as 0 and the sign, a mixed number's fraction put last,
    values below zero let through) is checked again for the next, until it is true or cannot be
    read further (a division by zero, two operations side by side). A name of '' is a reason no
    Mistake has: '4 - 6 = 5' -> ('below-zero', 'wrong-value')."""
    names: list[str] = []
    rules = tileset.rules
    reading = list(symbols)
    while len(names) <= len(MISTAKES):
        reason = why_not(reading, rules)
        if reason is None:
            break
        name = next((m.name for m in MISTAKES if m.explains(reason)), "")
        names.append(name)
        if name == "two-equals":
            return tuple(names) + _between_equals(reading, tileset)
        if name == "below-zero":
            rules = replace(rules, negatives=True)
            continue
        repair = REPAIRS.get(name)
        reading = repair(reading) if repair else None
        if reading is None:
            break
    return tuple(names)


def _between_equals(symbols: list[Symbol], tileset: TileSet) -> tuple[str, ...]:
    """Return the rules broken by the equations between each = of a line and the next, each
    named once: '5 × 6 = 30 = 31' -> ('wrong-value',)."""
    parts, part = [], []
    for symbol in symbols + [EQUAL]:
        if symbol == EQUAL:
            parts.append(part)
            part = []
        else:
            part.append(symbol)
    found: list[str] = []
    for left, right in zip(parts, parts[1:]):
        for name in broken_rules(tuple(left + [EQUAL] + right), tileset):
            if name not in found:
                found.append(name)
    return tuple(found)


def _unpadded(symbols: list[Symbol]) -> list[Symbol]:
    """Return the line with every 0 that starts a number of more tiles left out (05 -> 5, 0 1/2 -> 1/2)."""
    out: list[Symbol] = []
    for i, symbol in enumerate(symbols):
        starts = not out or not is_number(out[-1])
        follows = i + 1 < len(symbols) and is_number(symbols[i + 1])
        if symbol == "0" and starts and follows:
            continue
        out.append(symbol)
    return out


def _signed(symbols: list[Symbol]) -> list[Symbol]:
    """Return the line with a sign in front of a side read as 0 and the sign (- 3 + 8 -> 0 - 3 + 8)."""
    out: list[Symbol] = []
    for symbol in symbols:
        if symbol in ("+", "-") and (not out or out[-1] == EQUAL):
            out.append("0")
        out.append(symbol)
    return out


def _fraction_last(symbols: list[Symbol]) -> list[Symbol]:
    """Return the line with each number's fraction tile moved to the number's end (7/4 2 -> 2 7/4)."""
    out = list(symbols)
    for start, end in numbers(out):
        run = out[start:end]
        out[start:end] = [s for s in run if not is_fraction(s)] + [s for s in run if is_fraction(s)]
    return out


# How broken_rules reads a line past each fault a class would read through; the faults missing
# here (a division by zero, two operations side by side, a negative or exponent tile inside a
# number, unequal sides) leave nothing to read further.
REPAIRS = {"leading-zero": _unpadded, "zero-whole-part": _unpadded, "sign-in-front": _signed,
           "fraction-first": _fraction_last}


def makeable(symbols: tuple[Symbol, ...], tileset: TileSet) -> bool:
    """Return whether the level's box holds the tiles of the line (= aside)."""
    need = Counter(s for s in symbols if s != EQUAL)
    return all(tileset.count.get(s, 0) >= n for s, n in need.items())


def source_equations(tileset: TileSet, rng: random.Random) -> tuple[tuple[Symbol, ...], ...]:
    """Return the true equations of one hand drawn from a full bag (no blank), the ones worth
    printing: at least one operation, at most LONGEST symbols; in the solver's order."""
    bag = sorted(t for t in tileset.bag if t != BLANK)
    hand = tuple(rng.sample(bag, min(SOURCE_HAND, len(bag))))
    return tuple(a.symbols for a in solve(hand, tileset).answers
                 if len(a.symbols) <= LONGEST and any(is_operation(s) for s in a.symbols))


def true_line(tileset: TileSet, rng: random.Random) -> JudgedLine:
    """Return a true line: an equation of a drawn hand, re-checked."""
    for _ in range(TRIES):
        found = source_equations(tileset, rng)
        if found:
            line = judged(rng.choice(found), tileset)
            if line is not None:
                return line
    raise ClassroomError(f"the {tileset.name} tile set gave no equation in {TRIES} hands")


def false_line(tileset: TileSet, rng: random.Random, mistake: Mistake) -> JudgedLine:
    """Return a false line showing the mistake: an equation of a drawn hand with the mistake
    made in it, kept only when the checker rejects it for that very rule. A few equations of
    each hand are tried; only when TRIES hands give none, every equation of each (a rare mistake,
    like a negative tile inside a number, needs a Number of two tiles: some draws hold none among
    the few)."""
    for width in (8, None):
        for _ in range(TRIES):
            found = source_equations(tileset, rng)
            for symbols in rng.sample(found, len(found) if width is None else min(len(found), width)):
                for mutated in MUTATIONS[mistake.name](list(symbols), tileset, rng):
                    line = judged(tuple(mutated), tileset, mistake)
                    if line is not None:
                        return line
    raise ClassroomError(f"no line showing the mistake {mistake.name} turned up in {TRIES} hands "
                         f"of the {tileset.name} tile set")


def trueornot_item(id: str, tileset: TileSet, rng: random.Random, lines: int, start: int) -> TrueOrNotItem:
    """Return a sheet of `lines` lines, about half of them false, the false ones going through the
    level's mistakes in turn from the `start`-th (so a set of sheets covers every rule)."""
    mistakes = level_mistakes(tileset)
    wrong = min(lines - 1, max(1, lines // 2 + rng.choice((-1, 0, 0, 1))))
    made = [false_line(tileset, rng, mistakes[(start + k) % len(mistakes)]) for k in range(wrong)]
    made += [true_line(tileset, rng) for _ in range(lines - wrong)]
    rng.shuffle(made)
    return TrueOrNotItem(id, tuple(made))


# --- mistakes made in a true equation ------------------------------------------------------------
# Each mutation yields candidate lines (lists of symbols) in an order drawn from the rng; the
# first the checker rejects for the mistake's rule is kept.

def numbers(symbols: list[Symbol]) -> list[tuple[int, int]]:
    """Return (start, end) of every number: each maximal run of number tiles."""
    spans, start = [], None
    for i, symbol in enumerate(symbols + [EQUAL]):
        if is_number(symbol) and start is None:
            start = i
        elif not is_number(symbol) and start is not None:
            spans.append((start, i))
            start = None
    return spans


def shuffled(items: list, rng: random.Random) -> list:
    """Return a shuffled copy."""
    items = list(items)
    rng.shuffle(items)
    return items


def wrong_value(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with one digit changed (never to a leading zero)."""
    for i in shuffled([i for i, s in enumerate(symbols) if is_digit(s)], rng):
        first = i == 0 or not is_digit(symbols[i - 1])
        alone = first and (i + 1 == len(symbols) or not is_number(symbols[i + 1]))
        for digit in shuffled([d for d in DIGITS if d != symbols[i] and (alone or not first or d != "0")], rng)[:3]:
            yield symbols[:i] + [digit] + symbols[i + 1:]


def below_zero(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with a side's terms reordered so its subtractions come right after its
    first term (7 - 6 + 4 -> 4 - 6 + 7); then, for a side of one subtraction facing a whole
    number, a digit added before the subtraction and to the number (7 - 6 = 1 -> 4 - 6 + 7 = 5).
    The value stays, and the running value goes below zero on the way: the one rule broken (a
    line whose sides would differ breaks two)."""
    for start, end in sides(symbols):
        terms = signed_terms(symbols[start:end])
        plus = [t for t in terms if t[0] == "+"]
        minus = [t for t in terms if t[0] == "-"]
        if len(plus) > 1 and minus:
            for first in [plus[1], *shuffled([t for t in plus if t is not plus[1]], rng)]:
                order = [first] + minus + [t for t in plus if t is not first]
                yield symbols[:start] + joined(order) + symbols[end:]
    for (start, end), (other, last) in zip(sides(symbols), reversed(sides(symbols))):
        terms = signed_terms(symbols[start:end])
        value = symbols[other:last]
        if len(terms) == 2 and terms[1][0] == "-" and value and all(is_digit(s) for s in value):
            for digit in shuffled(list("123456789"), rng)[:4]:
                total = list(str(int("".join(value)) + int(digit)))
                side = joined([("+", [digit]), terms[1], ("+", terms[0][1])])
                yield side + [EQUAL] + total if start == 0 else total + [EQUAL] + side


def sides(symbols: list[Symbol]) -> list[tuple[int, int]]:
    """Return (start, end) of the two sides of an equation."""
    at = symbols.index(EQUAL)
    return [(0, at), (at + 1, len(symbols))]


def signed_terms(side: list[Symbol]) -> list[tuple[str, list[Symbol]]]:
    """Return a side as its terms with their signs: 7 - 6 + 4 -> [('+', 7), ('-', 6), ('+', 4)]."""
    terms, sign, term = [], "+", []
    for symbol in side:
        if symbol in ("+", "-") and term:
            terms.append((sign, term))
            sign, term = symbol, []
        else:
            term.append(symbol)
    terms.append((sign, term))
    return terms


def joined(terms: list[tuple[str, list[Symbol]]]) -> list[Symbol]:
    """Return signed terms written out again (the first one's + left out)."""
    out: list[Symbol] = []
    for sign, term in terms:
        out += ([sign] if out else []) + term
    return out


def two_equals(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with '= value' added at the end (5 × 6 = 30 = 30), then at the start."""
    value = equation_value(symbols, tileset.rules)
    if value.denominator == 1 and value >= 0:
        written = list(str(value.numerator))
        yield symbols + [EQUAL] + written
        yield written + [EQUAL] + symbols


def leading_zero(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with a 0 written before a number that starts with a digit."""
    for start, _ in shuffled(numbers(symbols), rng):
        if is_digit(symbols[start]):
            yield symbols[:start] + ["0"] + symbols[start:]


def fraction_first(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with a mixed number's fraction put before its whole part (2 7/4 -> 7/4 2),
    then with a fraction tile put before a whole number."""
    spans = numbers(symbols)
    for start, end in shuffled(spans, rng):
        if end - start > 1 and is_fraction(symbols[end - 1]):
            yield symbols[:start] + [symbols[end - 1]] + symbols[start:end - 1] + symbols[end:]
    fractions = sorted(s for s in tileset.count if is_fraction(s) and tileset.count[s] > 0)
    for start, end in shuffled(spans, rng):
        if all(is_digit(s) for s in symbols[start:end]):
            yield symbols[:start] + [rng.choice(fractions)] + symbols[start:]


def divide_by_zero(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with a divisor made 0, then with '÷ 0' written after a number."""
    spans = numbers(symbols)
    for start, end in spans:
        if start and symbols[start - 1] == "÷":
            yield symbols[:start] + ["0"] + symbols[end:]
    for _, end in shuffled(spans, rng):
        yield symbols[:end] + ["÷", "0"] + symbols[end:]


def two_operations(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with a second operation written right after one."""
    operations = [s for s in OPERATIONS if tileset.count.get(s, 0) > 0]
    for i in shuffled([i for i, s in enumerate(symbols) if is_operation(s)], rng):
        for other in shuffled([o for o in operations if o != symbols[i]], rng)[:2]:
            yield symbols[:i + 1] + [other] + symbols[i + 1:]


def sign_in_front(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with a side's subtracted term moved to its front with its sign (8 - 3 ->
    - 3 + 8: the value stays), then with a + (or a -) written in front of a side, as a sign."""
    for start, end in sides(symbols):
        terms = signed_terms(symbols[start:end])
        for k, (sign, term) in enumerate(terms):
            if sign == "-":
                rest = [("+", terms[0][1])] + terms[1:k] + terms[k + 1:]
                yield symbols[:start] + ["-"] + term + ["+"] + joined(rest) + symbols[end:]
    at = symbols.index(EQUAL)
    for sign in ("+", "-"):
        if tileset.count.get(sign, 0) > 0:
            yield symbols[:at + 1] + [sign] + symbols[at + 1:]
            yield [sign] + symbols


def zero_whole_part(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with a 0 written before a fraction that stands alone (0 1/2)."""
    for start, end in shuffled(numbers(symbols), rng):
        if end - start == 1 and is_fraction(symbols[start]):
            yield symbols[:start] + ["0"] + symbols[start:]


def negative_inside(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with a negative tile after another tile of its number: a digit of a
    number of two tiles or more made negative (24 -> 2 -4), or a number's negative tile moved
    to its end (-2 4 -> 4 -2)."""
    for start, end in shuffled(numbers(symbols), rng):
        if is_negative(symbols[start]) and end - start > 1:
            yield symbols[:start] + symbols[start + 1:end] + [symbols[start]] + symbols[end:]
        for i in range(start + 1, end):
            if is_digit(symbols[i]) and symbols[i] != "0" and tileset.count.get("-" + symbols[i], 0):
                yield symbols[:i] + ["-" + symbols[i]] + symbols[i + 1:]


def exponent_inside(symbols: list[Symbol], tileset: TileSet, rng: random.Random):
    """Yield the line with an exponent tile before another tile of its number: a number's
    exponent tile moved to its start (1 5^2 -> 5^2 1), or a digit before a digit made squared
    (24 -> 2^2 4)."""
    for start, end in shuffled(numbers(symbols), rng):
        if is_exponent(symbols[end - 1]) and end - start > 1:
            yield symbols[:start] + [symbols[end - 1]] + symbols[start:end - 1] + symbols[end:]
        for i in range(start, end - 1):
            if is_digit(symbols[i]) and tileset.count.get(symbols[i] + "^2", 0):
                yield symbols[:i] + [symbols[i] + "^2"] + symbols[i + 1:]


MUTATIONS = {
    "wrong-value": wrong_value, "below-zero": below_zero, "two-equals": two_equals,
    "leading-zero": leading_zero, "fraction-first": fraction_first, "divide-by-zero": divide_by_zero,
    "two-operations": two_operations, "sign-in-front": sign_in_front,
    "zero-whole-part": zero_whole_part, "negative-inside": negative_inside,
    "exponent-inside": exponent_inside,
}
