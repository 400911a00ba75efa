"""True or not? sheets: every false line breaks the rule it was made for, in the checker's
words; every true line is true."""

from __future__ import annotations

import pytest

from classroom.game.symbols import parse_written
from classroom.game.tilesets import load_level
from classroom.make.trueornot import MISTAKES, level_mistakes
from classroom.solve.boardless import check

ORIGINAL = load_level("original")
MISTAKE = {m.name: m for m in MISTAKES}


@pytest.mark.parametrize("written, name", [
    ("5 = 6", "wrong-value"),
    ("4 - 6 + 7 = 5", "below-zero"),
    ("2 = 2 = 2", "two-equals"),
    ("5 = 05", "leading-zero"),
    ("7/4 2 = 3", "fraction-first"),
    ("8 ÷ 0 = 0", "divide-by-zero"),
    ("2 + × 3 = 5", "two-operations"),
    ("- 5 = 5", "sign-in-front"),
    ("0 1/2 = 1/2", "zero-whole-part"),
])
def test_each_mistake_names_the_checkers_reason(written, name):
    """The checker's reason for a line with one mistake is that mistake's, and no other's."""
    reason = check(parse_written(written), ORIGINAL).reason
    assert [m.name for m in MISTAKES if m.explains(reason)] == [name]


@pytest.mark.parametrize("level, left_out", [
    ("original", {"negative-inside", "exponent-inside"}),
    ("add-subtract", {"negative-inside", "exponent-inside", "fraction-first", "zero-whole-part",
                      "divide-by-zero"}),
    ("advanced", {"below-zero"}),
])
def test_a_level_covers_the_rules_its_tiles_can_break(level, left_out):
    """No fraction rule without fraction tiles, no 'below zero' where negative values are allowed."""
    assert {m.name for m in MISTAKES} - {m.name for m in level_mistakes(load_level(level))} == left_out
