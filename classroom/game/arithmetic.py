"""Equate arithmetic: Numbers, Expressions and Equations, with exact fractions.

Every rejection carries a reason a student understands ("05 has an unnecessary zero",
"4 - 6 goes below zero"). These functions are the reference the solvers are checked against.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from classroom.game.symbols import (
    EQUAL,
    FRACTION_VALUES,
    ORIGINAL_RULES,
    Rules,
    Symbol,
    display,
    is_digit,
    is_exponent,
    is_fraction,
    is_negative,
    is_number,
    is_operation,
    write,
)


class Illegal(ValueError):
    """A string of symbols breaks a rule; the message says which, in a student's words."""


@dataclass(frozen=True)
class Reading:
    """What a legal string of symbols is: a number, an expression or an equation, and its value."""

    kind: str  # 'number', 'expression' or 'equation'
    value: Fraction


def show(value: Fraction) -> str:
    """Return a value the way a student writes it: 9, 15/4."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def number_value(run: list[Symbol] | tuple[Symbol, ...]) -> Fraction:
    """Return the value of adjacent number tiles ('4','3' is 43; '2','7/4' is 15/4; '-2','4' is
    -24; '1','5^2' is 225), or raise."""
    # the run is written out only for a sentence (the checks read millions of Numbers)
    for symbol in run[:-1]:
        if is_fraction(symbol):
            raise Illegal(f"{write(run)}: a fraction tile can only be the last tile of a number")
        if is_exponent(symbol):
            raise Illegal(f"{write(run)}: an exponent tile ends a number; nothing can follow it in the number")
    for symbol in run[1:]:
        if is_negative(symbol):
            raise Illegal(f"{write(run)}: a negative tile starts a number; it cannot follow another tile "
                          f"of the number")
    if is_negative(run[0]) or is_exponent(run[-1]):
        return _signed_value(run)
    digits = "".join(s for s in run if is_digit(s))
    if len(digits) > 1 and digits[0] == "0":
        raise Illegal(f"{digits} has an unnecessary zero")
    if is_fraction(run[-1]):
        if digits == "0":
            raise Illegal(f"{write(run)}: a mixed number needs a whole part that is not zero")
        return int(digits or 0) + FRACTION_VALUES[run[-1]]
    return Fraction(int(digits))


def _signed_value(run: list[Symbol] | tuple[Symbol, ...]) -> Fraction:
    """Return the value of a number that a negative tile starts or an exponent tile ends: the
    sign belongs to the whole number, and the exponent applies to all of it, sign included."""
    sign = -1 if is_negative(run[0]) else 1
    power = int(run[-1][2]) if is_exponent(run[-1]) else 1  # a fraction before it was refused above
    digits = "".join(s[-1] if is_negative(s) else s[0] for s in run if not is_fraction(s))
    if len(digits) > 1 and digits[0] == "0":
        raise Illegal(f"{digits} has an unnecessary zero")
    magnitude = int(digits) + (FRACTION_VALUES[run[-1]] if is_fraction(run[-1]) else 0)
    return Fraction(sign * magnitude) ** power


def split(symbols: tuple[Symbol, ...] | list[Symbol]) -> list:
    """Return an expression as alternating numbers and operations: [43, '+', 7/4], or raise."""
    if not symbols:
        raise Illegal("there is nothing to read")
    if is_operation(symbols[0]):
        raise Illegal(f"an expression cannot start with {display(symbols[0])}")
    if is_operation(symbols[-1]):
        raise Illegal(f"{write(symbols)} is not finished: it ends with {display(symbols[-1])}")
    parts: list = []
    run: list[Symbol] = []
    previous = ""
    for symbol in symbols:
        if is_number(symbol):
            run.append(symbol)
        elif is_operation(symbol):
            if is_operation(previous):
                raise Illegal(f"two operations side by side: {display(previous)} {display(symbol)}")
            parts += [number_value(run), symbol]
            run = []
        else:
            raise Illegal(f"{symbol} cannot stand inside an expression")
        previous = symbol
    parts.append(number_value(run))
    return parts


def evaluate(symbols: tuple[Symbol, ...] | list[Symbol], rules: Rules = ORIGINAL_RULES) -> Fraction:
    """Return the exact value of an expression: × ÷ first, then + - left to right, never below 0
    unless the rules allow negative values (a set with negative tiles)."""
    parts = split(symbols)
    terms: list[tuple[str, Fraction, int]] = []  # (sign, term value, index of the term's last number)
    sign, term = "+", parts[0]
    for index in range(1, len(parts), 2):
        operation, number = parts[index], parts[index + 1]
        if operation == "×":
            term *= number
        elif operation == "÷":
            if number == 0:
                left = write(symbols[: _end_of_number(symbols, index // 2)])
                raise Illegal(f"{left} ÷ {show(number)} divides by zero")
            term /= number
        else:
            terms.append((sign, term, index // 2))
            sign, term = operation, number
    terms.append((sign, term, len(parts) // 2))
    total = Fraction(0)
    for sign, term, last in terms:
        total = total + term if sign == "+" else total - term
        if total < 0 and not rules.negatives:
            raise Illegal(f"{write(symbols[: _end_of_number(symbols, last)])} goes below zero")
    return total


def _end_of_number(symbols: tuple[Symbol, ...] | list[Symbol], number: int) -> int:
    """Return where the number-th Number (from 0) of an expression ends in its symbols, to quote
    the prefix a sentence is about."""
    ends = [i for i, s in enumerate(symbols) if is_operation(s)] + [len(symbols)]
    return ends[number]


def read(symbols: tuple[Symbol, ...] | list[Symbol], rules: Rules = ORIGINAL_RULES) -> Reading:
    """Return what a legal string is (number, expression or true equation), or raise why not."""
    equals = sum(1 for s in symbols if s == EQUAL)
    if equals > 1:
        raise Illegal("an equation has only one =")
    if equals == 1:
        return Reading("equation", equation_value(symbols, rules))
    value = evaluate(symbols, rules)
    kind = "expression" if any(is_operation(s) for s in symbols) else "number"
    return Reading(kind, value)


def equation_value(symbols: tuple[Symbol, ...] | list[Symbol], rules: Rules = ORIGINAL_RULES) -> Fraction:
    """Return the common value of a true equation's two sides, or raise why it is not one."""
    equals = [i for i, s in enumerate(symbols) if s == EQUAL]
    if not equals:
        raise Illegal("an equation needs an =")
    if len(equals) > 1:
        raise Illegal("an equation has only one =")
    at = equals[0]
    left, right = symbols[:at], symbols[at + 1:]
    if not left:
        raise Illegal("there is nothing before the =")
    if not right:
        raise Illegal("there is nothing after the =")
    left_value, right_value = evaluate(left, rules), evaluate(right, rules)
    if left_value != right_value:
        raise Illegal(
            f"the two sides differ: {write(left)} is {show(left_value)}, "
            f"{write(right)} is {show(right_value)}"
        )
    return left_value


def why_not(symbols: tuple[Symbol, ...] | list[Symbol], rules: Rules = ORIGINAL_RULES) -> str | None:
    """Return why the symbols are not a true equation, or None when they are one."""
    try:
        equation_value(symbols, rules)
    except Illegal as error:
        return str(error)
    return None
