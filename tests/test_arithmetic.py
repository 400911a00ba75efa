"""Equate arithmetic: every example of docs/rules.md §2-4, legal and illegal, with its reason."""

from fractions import Fraction

import pytest

from classroom.game.arithmetic import Illegal, equation_value, evaluate, number_value, read, why_not
from classroom.game.symbols import parse_written


def tiles(text):
    return parse_written(text)


@pytest.mark.parametrize("text, value", [
    ("4 3", 43), ("0", 0), ("3/4", Fraction(3, 4)), ("2 7/4", Fraction(15, 4)), ("4 2/2", 5),
    ("12 1/2", Fraction(25, 2)), ("2/2", 1), ("4/4", 1), ("1 0 0 7", 1007),
])
def test_numbers(text, value):
    """Digits concatenate; a fraction after a whole number makes a mixed number (addition)."""
    assert number_value(tiles(text)) == value


@pytest.mark.parametrize("text, reason", [
    ("0 5", "05 has an unnecessary zero"),
    ("0 0 7", "007 has an unnecessary zero"),
    ("0 1/4", "0 1/4: a mixed number needs a whole part that is not zero"),
    ("0 5 1/2", "05 has an unnecessary zero"),
    ("1/2 3", "1/2 3: a fraction tile can only be the last tile of a number"),
    ("1/2 1/2", "1/2 1/2: a fraction tile can only be the last tile of a number"),
])
def test_illegal_numbers(text, reason):
    """No unnecessary zeros; a fraction tile only last; a mixed number's whole part is not 0."""
    with pytest.raises(Illegal) as caught:
        number_value(tiles(text))
    assert str(caught.value) == reason


@pytest.mark.parametrize("text, value", [
    ("8 - 2 + 4", 10), ("12 - 4 - 3", 5), ("24 ÷ 6 ÷ 2", 2), ("8 ÷ 2 × 2", 8), ("8 + 4 × 2", 16),
    ("6 × 5 - 2 × 4", 22), ("3 ÷ 4 + 1 ÷ 4", 1), ("9 - 6 ÷ 3", 7), ("0 ÷ 8", 0),
    ("7/4 - 3/4", 1), ("1 ÷ 3", Fraction(1, 3)), ("2 × 1/2 + 2 1/2", Fraction(7, 2)),
])
def test_order_of_operations(text, value):
    """× ÷ first, left to right; then + - left to right; exact fractions."""
    assert evaluate(tiles(text)) == value


@pytest.mark.parametrize("text, reason", [
    ("8 ÷ 0", "8 ÷ 0 divides by zero"),
    ("0 ÷ 0", "0 ÷ 0 divides by zero"),
    ("2 × 4 ÷ 0 + 1", "2 × 4 ÷ 0 divides by zero"),
    ("4 - 6 + 7", "4 - 6 goes below zero"),
    ("10 - 2 × 6", "10 - 2 × 6 goes below zero"),
    ("- 5", "an expression cannot start with −"),
    ("+ 3 2", "an expression cannot start with +"),
    ("6 +", "6 + is not finished: it ends with +"),
    ("6 + × 2", "two operations side by side: + ×"),
])
def test_illegal_expressions(text, reason):
    """Division by zero, a negative running value, unary signs, dangling or doubled operations."""
    with pytest.raises(Illegal) as caught:
        evaluate(tiles(text))
    assert str(caught.value) == reason


@pytest.mark.parametrize("text", [
    "7 + 9 × 4 = 43", "8 = 8", "9 - 6 ÷ 3 = 7", "24 ÷ 3 = 8", "28 = 4 × 7", "4 = 4",
    "7/4 = 3/4 + 1", "2 2/4 = 5 ÷ 2", "0 ÷ 8 = 0", "12 - 4 - 3 = 5",
])
def test_true_equations(text):
    """Booklet equations and docs/rules.md examples are true equations."""
    assert why_not(tiles(text)) is None
    assert read(tiles(text)).kind == "equation"


@pytest.mark.parametrize("text, reason", [
    ("4 - 6 + 7 = 5", "4 - 6 goes below zero"),
    ("5 × 6 = 30 = 25 + 5", "an equation has only one ="),
    ("7 + 2 = 8", "the two sides differ: 7 + 2 is 9, 8 is 8"),
    ("3/4 = 1/2", "the two sides differ: 3/4 is 3/4, 1/2 is 1/2"),
    ("8 + 8", "an equation needs an ="),
    ("= 8", "there is nothing before the ="),
    ("8 =", "there is nothing after the ="),
    ("8 - 2 = ", "there is nothing after the ="),
    ("05 = 5", "05 has an unnecessary zero"),
])
def test_false_or_malformed_equations(text, reason):
    """Each rejection carries a reason a student understands."""
    assert why_not(tiles(text)) == reason
    with pytest.raises(Illegal):
        equation_value(tiles(text))


@pytest.mark.parametrize("text, kind, value", [
    ("4 3", "number", 43), ("6 + 2", "expression", 8), ("8 - 2 = 6", "equation", 6),
])
def test_read_classifies_strings(text, kind, value):
    """A string is a number, an expression or a true equation (cross strings need this)."""
    reading = read(tiles(text))
    assert (reading.kind, reading.value) == (kind, value)
