"""Grading a student's list: valid or not and why, duplicates, scores, total; a class at once,
each hand solved at most once."""

from collections import Counter

import pytest

import classroom.mark.grading as grading
from classroom.game.symbols import parse_hand
from classroom.game.tilesets import load_level
from classroom.mark.grading import Totals, grade, grade_class, summarize
from classroom.solve.boardless import rank, solve

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


# --- a class: each hand solved at most once, and only when a report asks ----------------------

CLASS_SHEETS = {  # two sheets share a hand (two runs printed it); one hand holds a blank
    "B-1-aa-01": (parse_hand("2 4 ÷ 3 8 +"), ORIGINAL),
    "B-1-aa-02": (parse_hand("1 2 3 + ?"), ORIGINAL),
    "B-2-bb-01": (parse_hand("2 4 ÷ 3 8 +"), ORIGINAL),
}
CLASS_LISTS = [
    ("ana", "B-1-aa-01", "24 ÷ 3 = 8\n8 = 24 ÷ 3\n24 ÷ 3 = 8\n4 - 6 + 7 = 5\n"),
    ("bo", "B-1-aa-02", "1 + 2 = 3\n3 = ?2 + 1\n1 + ?5 = 6\n1 + 2 = 4\n"),
    ("cy", "B-2-bb-01", "8 ÷ 2 = 4\n2 + 2 = 4\n"),
    ("di", "B-1-aa-02", "3 = 1 + 2\n12 = 3 × ?4\n"),
    ("ed", "B-1-aa-01", "3 + 8 = 11\n"),
]


@pytest.fixture
def solves(monkeypatch):
    """Count the hands the grading module solves, by hand."""
    counted: Counter = Counter()

    def counting(hand, tileset):
        counted[tuple(hand)] += 1
        return rank(hand, tileset)

    monkeypatch.setattr(grading, "rank", counting)
    return counted


def test_marking_a_class_solves_no_hand(solves):
    """Marking checks lines only: no hand is solved until a report asks what its key says."""
    grade_class(CLASS_LISTS, CLASS_SHEETS)
    assert solves == {}


def test_a_class_report_solves_each_distinct_hand_once(solves):
    """The summary and every sheet's totals solve each distinct hand once, however many
    students and sheets share it."""
    students, keys = grade_class(CLASS_LISTS, CLASS_SHEETS)
    summarize(students, keys)
    for sheet in CLASS_SHEETS:
        keys.totals(sheet)
    assert solves == {tuple(parse_hand("2 4 ÷ 3 8 +")): 1, tuple(parse_hand("1 2 3 + ?")): 1}


def test_totals_the_run_stored_solve_nothing(solves):
    """A sheet whose manifest recorded what its hand allows is not solved for its totals."""
    _, keys = grade_class(CLASS_LISTS[:1], CLASS_SHEETS, {"B-1-aa-01": Totals(7, 12)})
    assert keys.totals("B-1-aa-01") == Totals(7, 12) and solves == {}


def test_a_class_marks_and_sums_up_as_grading_each_student_alone():
    """Each row equals the student's list graded alone; the totals and the best answer nobody
    found equal those of each hand's own key."""
    students, keys = grade_class(CLASS_LISTS, CLASS_SHEETS)
    assert [(s.student, s.sheet) for s in students] == [(n, sheet) for n, sheet, _ in CLASS_LISTS]
    for student, (_, sheet, text) in zip(students, CLASS_LISTS):
        assert student.grade == grade(text, *CLASS_SHEETS[sheet])
    summary = summarize(students, keys)
    expected = []
    for sheet, (hand, tileset) in CLASS_SHEETS.items():
        key = solve(hand, tileset)
        assert keys.totals(sheet) == Totals(key.count, key.best_score)
        found = {line.written for s in students if s.sheet == sheet for line in s.grade.lines if line.valid}
        expected.append((sheet, next((a for a in key.answers if a.text not in found), None)))
    assert summary.missed == tuple(expected)
    assert summary.missed[1][1] is not None and summary.missed[1][1].score > 0


def test_a_line_that_rewrites_an_earlier_idea_scores_and_is_named():
    """8 = 24 ÷ 3 swaps the sides of line 1: it scores (two answers differ when written
    differently) and is marked 'the idea of line 1'; a repeat is not a new idea either."""
    result = grade("24 ÷ 3 = 8\n8 = 24 ÷ 3\n3 × 8 = 24\n24 ÷ 3 = 8\n4 + 4 = 8\n",
                   parse_hand("2 3 4 8 4 + ÷ ×"), ORIGINAL)
    assert [line.same_idea_as for line in result.lines] == [None, 1, None, None, None]
    assert result.lines[1].score == result.lines[0].score > 0
    assert (result.valid_count, result.ideas) == (4, 3)


@pytest.mark.parametrize("hand", ["2 4 ÷ 3 8 +", "0 3 5 7 9 + -", "1 2 3 4 + ×"])
def test_a_whole_key_graded_holds_as_many_ideas_as_the_key_has_families(hand):
    """Every equation of a hand written as a list: as many ideas as game.families counts
    families, each family's first line the one the rest point to."""
    from classroom.game.families import family

    solution = solve(parse_hand(hand), ORIGINAL)
    result = grade("\n".join(a.text for a in solution.answers), parse_hand(hand), ORIGINAL)
    families = {family(a.symbols) for a in solution.answers}
    assert result.valid_count == solution.count and result.ideas == len(families) > 0
    first = {}
    for line, answer in zip(result.lines, solution.answers):
        first.setdefault(family(answer.symbols), line.line)
        assert line.same_idea_as == (None if first[family(answer.symbols)] == line.line
                                     else first[family(answer.symbols)])
