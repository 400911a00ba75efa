"""The boardless solver against the brute-force reference, and worked examples (docs/rules.md §9)."""

import random

import pytest

from classroom.game.symbols import parse_hand, parse_written, write
from classroom.game.tilesets import load_level
from classroom.solve.boardless import answer_score, check, rank, solve, symbols_of
from tests.reference_boardless import brute_force

ORIGINAL = load_level("original")


def random_hands(count: int, seed: int) -> list[tuple[str, ...]]:
    """Return seeded hands of 1-6 tiles drawn from the Original bag, blanks kept rare enough
    that the brute force stays affordable (at most one blank in a 5-6 tile hand)."""
    rng = random.Random(seed)
    bag = sorted(ORIGINAL.bag)
    hands = []
    while len(hands) < count:
        hand = tuple(rng.sample(bag, rng.randint(1, 6)))
        if hand.count("?") > (1 if len(hand) >= 5 else 2):
            continue
        hands.append(hand)
    return hands


@pytest.mark.parametrize("chunk", range(6))
def test_solver_agrees_with_brute_force_on_random_hands(chunk):
    """Same equations, same scores as the brute force, on 300 random hands of up to 6 tiles."""
    hands = random_hands(300, seed=2026)[chunk * 50:(chunk + 1) * 50]
    with_blanks = 0
    for hand in hands:
        expected = brute_force(hand, ORIGINAL)
        got = {a.text: a.score for a in solve(hand, ORIGINAL).answers}
        assert got == expected, f"hand {hand}"
        with_blanks += "?" in hand
    assert with_blanks > 0


@pytest.mark.parametrize("hand", [
    "? ?", "? ? 1", "? ? ?", "? + 3", "? ? ÷", "7/4 ? 1", "0 0 ? -", "? × 1/2 2",
])
def test_solver_agrees_with_brute_force_on_blank_heavy_hands(hand):
    """Several blanks, blanks beside fractions and zeros: the brute force agrees."""
    held = parse_hand(hand)
    assert {a.text: a.score for a in solve(held, ORIGINAL).answers} == brute_force(held, ORIGINAL)


def test_a_small_hand_lists_exactly_its_equations():
    """2 4 ÷ 3 8 makes these twelve equations and no others."""
    texts = sorted(a.text for a in solve(parse_hand("2 4 ÷ 3 8"), ORIGINAL).answers)
    assert texts == sorted([
        "24 ÷ 3 = 8", "24 ÷ 8 = 3", "3 = 24 ÷ 8", "32 ÷ 4 = 8", "32 ÷ 8 = 4", "4 = 32 ÷ 8",
        "8 = 24 ÷ 3", "8 = 32 ÷ 4", "2 = 8 ÷ 4", "4 = 8 ÷ 2", "8 ÷ 2 = 4", "8 ÷ 4 = 2",
    ])


def test_answers_come_best_first_with_scores_from_the_tiles():
    """24 ÷ 3 = 8 scores 1+1+5+1+2 = 10 and outranks 8 ÷ 2 = 4 (9)."""
    solution = solve(parse_hand("2 4 ÷ 3 8"), ORIGINAL)
    assert solution.best_score == 10
    assert [a.score for a in solution.answers] == sorted((a.score for a in solution.answers), reverse=True)
    assert {a.text for a in solution.best} == {"24 ÷ 3 = 8", "24 ÷ 8 = 3", "3 = 24 ÷ 8", "32 ÷ 4 = 8",
                                               "32 ÷ 8 = 4", "4 = 32 ÷ 8", "8 = 24 ÷ 3", "8 = 32 ÷ 4"}
    assert solution.combinations == 2


def test_all_nine_tiles_earn_the_bonus():
    """6 + 5 + 4 = 13 + 2 uses all nine tiles: 1+1+1+1+1+2 + 3×1 = 10, plus 40."""
    solution = solve(parse_hand("1 2 3 4 5 6 + + +"), ORIGINAL)
    scores = {a.text: (a.score, a.all_nine) for a in solution.answers}
    assert scores["6 + 5 + 4 = 13 + 2"] == (50, True)
    assert "6 + 5 = 11" not in scores  # one 1 tile only
    assert scores["4 + 2 = 6"] == (5, False)
    assert all(a.score == 50 for a in solution.nine_tile)
    assert not any(a.all_nine for a in solve(parse_hand("1 2 3 +"), ORIGINAL).answers)


@pytest.mark.parametrize("text, hand, score", [
    ("8 = 8", "8 ? 1", 2),         # the real 8 scores, the blank standing for 8 does not
    ("1 = 1", "1 ? 8", 1),
    ("1 = 1", "? ? 8", 0),
    ("24 ÷ 3 = 8", "2 4 ÷ 3 ?", 8),
    ("7/4 = 7/4", "7/4 ?", 7),     # a blank may repeat a one-of-a-kind fraction tile
])
def test_a_blank_scores_zero_and_real_tiles_are_preferred(text, hand, score):
    """Where an equation can be made with or without a blank, its score is the higher one."""
    answers = {a.text: a.score for a in solve(parse_hand(hand), ORIGINAL).answers}
    assert answers[text] == score


def test_a_blank_only_stands_for_symbols_of_the_tile_set():
    """In the No fractions set a blank cannot be a fraction tile."""
    texts = {a.text for a in solve(parse_hand("? 1 +"), load_level("no-fractions")).answers}
    assert "1 = 1" in texts
    assert not any("/" in t for t in texts)


@pytest.mark.parametrize("hand", ["5", "+ -", "× ÷ + -"])
def test_hands_that_make_nothing(hand):
    """No equation: count 0 and no best score."""
    solution = solve(parse_hand(hand), ORIGINAL)
    assert solution.count == 0 and solution.best_score is None


def test_every_answer_passes_the_checker():
    """Each answer's symbols are a true equation the hand can make, with the same score."""
    hand = parse_hand("2 4 ÷ 3 8 + 7/4 ? 5")
    solution = solve(hand, ORIGINAL)
    assert solution.count > 100
    for answer in solution.answers[:: max(1, solution.count // 400)]:
        assert write(answer.symbols) == answer.text
        assert symbols_of(answer.text) == answer.symbols
        verdict = check(parse_written(answer.text), ORIGINAL, hand)
        assert verdict.valid, answer.text
        assert verdict.score == answer.score == answer_score(answer.symbols, hand, ORIGINAL)


@pytest.mark.parametrize("text, hand, valid, reason, score", [
    ("24 ÷ 3 = 8", None, True, None, 10),
    ("24 ÷ 3 = 8", "2 4 ÷ 3 8", True, None, 10),
    ("24 ÷ 3 = 8", "2 4 ÷ 3", False, "the hand has no 8 (and no blank left for it)", None),
    ("24 ÷ 3 = ?8", "2 4 ÷ 3 ?", True, None, 8),
    ("24 ÷ 3 = 8", "2 4 ÷ 3 ?", True, None, 8),
    ("24 ÷ 3 = ?8", "2 4 ÷ 3 8 ?", True, None, 10),  # the real 8 is used: the higher score
    ("4 + 4 = 8", "4 + 8", False, "the equation uses two 4s but the hand has one 4 (and no blank left)", None),
    ("?4 + ?4 = 8", "? + 8", False, "the equation uses two blanks but the hand has one blank", None),
    ("4 - 6 + 7 = 5", None, False, "4 - 6 goes below zero", None),
    ("6 + 5 + 4 = 13 + 2", "1 2 3 4 5 6 + + +", True, None, 50),
    ("6 + 5 + 4 = 13 + 2", None, True, None, 10),
])
def test_check(text, hand, valid, reason, score):
    """The checker says valid or why not, and the score, with or without a hand."""
    held = parse_hand(hand) if hand is not None else None
    verdict = check(parse_written(text), ORIGINAL, held)
    assert (verdict.valid, verdict.reason, verdict.score) == (valid, reason, score)


@pytest.mark.parametrize("text, hand, tiles", [
    ("24 ÷ 3 = 8", "2 4 ÷ 3 ?", ("2", "4", "÷", "3", "=", "?8")),
    ("24 ÷ 3 = ?8", "2 4 ÷ 3 8 ?", ("2", "4", "÷", "3", "=", "8")),
    ("5 + 5 = 10", "5 1 0 + ?", ("5", "+", "?5", "=", "1", "0")),
    ("?5 + 5 = 10", "5 1 0 + ?", ("5", "+", "?5", "=", "1", "0")),
])
def test_the_checker_marks_which_tile_is_the_blank(text, hand, tiles):
    """Real tiles first, in reading order; each later use of a symbol the hand lacks is the blank."""
    assert check(parse_written(text), ORIGINAL, parse_hand(hand)).tiles == tiles


def test_solver_answers_mark_their_blank():
    """The solver's answers carry their tiles with the blank marked, as the checker marks them."""
    hand = parse_hand("2 3 + ?")
    answers = {a.marked: a.tiles for a in solve(hand, ORIGINAL).answers}
    assert answers["2 + 3 = ?5"] == ("2", "+", "3", "=", "?5")
    assert answers["2 ?2/2 = 3"] == ("2", "?2/2", "=", "3")
    for marked, tiles in answers.items():
        assert check(parse_written(marked), ORIGINAL, hand).tiles == tiles



@pytest.mark.parametrize("hand", [
    "2 4 ÷ 3 8 + 7/4 ? 5",  # issue 29's hand: 4,578 equations, nine tiles, a blank
    "1 3 5 × 6 + 2 9 -",  # nine tiles, no blank: the all-nine bonus
    "? 1 2", "? ?", "5", "2 4 ÷ 3 8",
])
def test_a_ranking_lists_the_answers_of_the_solver_in_its_order(hand):
    """The ranked key a report reads (count, best score, answers one at a time) is the solver's."""
    held = parse_hand(hand)
    solution, ranked = solve(held, ORIGINAL), rank(held, ORIGINAL)
    assert (ranked.count, ranked.best_score) == (solution.count, solution.best_score)
    assert tuple(ranked.answers()) == solution.answers
