"""The Boardless Activity model is built from the solver's Solution, and nothing is lost on the way."""

from __future__ import annotations

from functools import cache

import pytest

from classroom.errors import ClassroomError
from classroom.game.symbols import parse_hand
from classroom.game.tilesets import load_level
from classroom.make.keys import boardless_item
from classroom.make.worksheet import BoardlessItem, TileFace, Worksheet, item_id
from classroom.solve.boardless import Answer, Solution, solve

ORIGINAL = load_level("original")


@cache
def booklet_item() -> BoardlessItem:
    """Return the item of the booklet hand 2 4 ÷ 3 8 + 7/4 1 5."""
    hand = parse_hand("2 4 ÷ 3 8 + 7/4 1 5")
    return boardless_item("B-42-01", hand, ORIGINAL, solve(hand, ORIGINAL))


def test_item_ids_name_the_kind_seed_and_number():
    """Ids look like B-<seed>-01 and S-<seed>-12."""
    assert item_id("boardless", 42, 1) == "B-42-01"
    assert item_id("situations", 7, 12) == "S-7-12"


def test_hand_tiles_carry_their_scores():
    """Every hand tile carries the score printed in its corner."""
    item = booklet_item()
    assert item.hand[:3] == (TileFace("2", 1), TileFace("4", 1), TileFace("÷", 5))
    assert item.hand[6] == TileFace("7/4", 7)
    assert item.tokens == ("2", "4", "÷", "3", "8", "+", "7/4", "1", "5")


def test_key_holds_every_answer_of_the_solution():
    """The key's answers are the solver's, in the same order, with the same scores and summary."""
    hand = parse_hand("2 4 ÷ 3 8 + 7/4 1 5")
    solution = solve(hand, ORIGINAL)
    item = boardless_item("B-42-01", hand, ORIGINAL, solution)
    assert [(a.text, a.score, a.all_nine) for a in item.answers] == \
        [(a.text, a.score, a.all_nine) for a in solution.answers]
    assert (item.count, item.combinations, item.best_score) == (316, 48, 60)
    assert [a.text for a in item.best] == [a.text for a in solution.best]
    assert len(item.nine_tile) == len(solution.nine_tile) == 24


def test_a_blank_in_the_hand_prints_as_a_blank_scoring_0():
    """A blank shows '?' and scores 0."""
    hand = parse_hand("1 2 ? +")
    item = boardless_item("B-1-01", hand, ORIGINAL, solve(hand, ORIGINAL))
    assert item.hand[2] == TileFace("?", 0)
    assert item.hand[2].symbol == "?"


def test_a_hand_without_equations_has_an_empty_key():
    """A hand that makes nothing has count 0 and no best score."""
    hand = parse_hand("+ ×")
    item = boardless_item("B-1-01", hand, ORIGINAL, solve(hand, ORIGINAL))
    assert (item.count, item.best_score, item.answers) == (0, None, ())


def test_worksheet_is_frozen_plain_data():
    """A worksheet keeps what made it: kind, seed, level, page size, large print."""
    sheet = Worksheet("boardless", 42, "original", (booklet_item(),), "a4", True)
    assert (sheet.kind, sheet.seed, sheet.page_size, sheet.large_print) == ("boardless", 42, "a4", True)


def test_an_answer_the_checker_rejects_is_never_built_into_a_key():
    """A (hypothetically) wrong solver answer stops the build instead of reaching the key."""
    hand = parse_hand("1 2 3 +")
    wrong = Solution(hand, (Answer(("1", "+", "2", "=", "2"), "1 + 2 = 2", 3, False),), 1)
    with pytest.raises(ClassroomError, match="1 \\+ 2 = 2"):
        boardless_item("B-1-01", hand, ORIGINAL, wrong)
