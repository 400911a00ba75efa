"""Grading a student's list: valid or not and why, duplicates, scores, total."""

from classroom.mark.grading import grade
from classroom.game.symbols import parse_hand
from classroom.game.tilesets import load_level

ORIGINAL = load_level("original")

STUDENT_LIST = """\
1. 24 ÷ 3 = 8
2) 8 = 24 ÷ 3
24÷3=8
4 - 6 + 7 = 5

3/8 = 3/8
2 + 2 = 4
8 ÷ 2 = 4
"""


def test_a_mixed_list_is_marked_line_by_line():
    """Valid lines score; a rewritten repeat is flagged; false or unmakeable lines say why."""
    result = grade(STUDENT_LIST, parse_hand("2 4 ÷ 3 8 +"), ORIGINAL)
    marked = [(line.line, line.valid, line.reason, line.score) for line in result.lines]
    assert marked == [
        (1, True, None, 10),
        (2, True, None, 10),
        (3, True, "the same as line 1", 0),
        (4, False, "4 - 6 goes below zero", 0),
        (6, False, "3/8 is not a fraction tile: for division write 3 ÷ 8 (or 3 : 8); the tiles are "
                   "1/2, 2/2, 3/2, 5/2, 1/3, 2/3, 3/3, 4/3, 1/4, 2/4, 3/4, 4/4, 7/4, 1/6, 5/6, 6/6, 7/6", 0),
        (7, False, "the equation uses two 2s but the hand has one 2 (and no blank left)", 0),
        (8, True, None, 9),
    ]
    assert result.total == 29 and result.valid_count == 3


def test_a_symbol_missing_from_the_level_is_an_invalid_line():
    """A fraction the Junior set lacks makes that line invalid, not the whole run."""
    result = grade("3/4 = 3/4\n1 = 1\n", parse_hand("1 1"), load_level("junior"))
    assert [line.valid for line in result.lines] == [False, True]
    assert result.lines[0].reason == "equation: the Junior tile set has no 3/4 tile"
