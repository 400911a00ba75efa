"""Hand generation: seeded, the booklet's easier options, and the teacher's filters honoured."""

import random

import pytest

from classroom.errors import ClassroomError
from classroom.game.symbols import is_fraction, is_operation, parse_hand
from classroom.game.taste import fits
from classroom.game.tilesets import load_level
from classroom.make.hands import (
    DIFFICULTIES,
    MAX_FAMILIES,
    ZERO_SHARE,
    HandRules,
    draw_hand,
    family_counts,
    find_hand,
    too_tricky,
    zero_share,
)
from classroom.solve.boardless import solve

ORIGINAL = load_level("original")
JUNIOR = load_level("junior")


def test_the_same_seed_draws_the_same_hands():
    """Reproducible: one seed, one sequence of hands; another seed, other hands."""
    first = [draw_hand(ORIGINAL, random.Random(5)) for _ in range(3)]
    again = [draw_hand(ORIGINAL, random.Random(5)) for _ in range(3)]
    other = [draw_hand(ORIGINAL, random.Random(6)) for _ in range(3)]
    assert first == again and first != other


def test_hands_come_from_the_bag():
    """Never more of a tile than the set holds; never an =; nine tiles by default."""
    rng = random.Random(1)
    for _ in range(200):
        hand = draw_hand(ORIGINAL, rng)
        assert len(hand) == 9 and "=" not in hand
        ORIGINAL.check_hand(hand)


def test_balanced_hands_hold_two_or_three_operations():
    """The booklet's beginner procedure: operations from their own pile."""
    rng = random.Random(2)
    counts = {sum(map(is_operation, draw_hand(ORIGINAL, rng, HandRules(balanced=True)))) for _ in range(100)}
    assert counts == {2, 3}


def test_no_blanks_and_at_most_one_blank():
    """--no-blanks takes the blanks out of the bag; by default a hand keeps at most one."""
    rng = random.Random(3)
    assert not any("?" in draw_hand(ORIGINAL, rng, HandRules(blanks=False)) for _ in range(300))
    blanks = {draw_hand(ORIGINAL, rng, HandRules(size=9)).count("?") for _ in range(3000)}
    assert blanks == {0, 1}


@pytest.mark.parametrize("rules", [
    HandRules(min_equations=40),
    HandRules(min_best=20, max_best=30),
    HandRules(nine_tile=True, blanks=False),
    HandRules(balanced=True, min_equations=10, max_best=25),
])
def test_filters_are_honoured(rules):
    """Every hand found meets its filters, checked by solving it again."""
    rng = random.Random(11)
    for _ in range(3):
        hand, solution = find_hand(ORIGINAL, rng, rules)
        again = solve(hand, ORIGINAL)
        assert again.count == solution.count >= rules.min_equations
        assert rules.min_best is None or again.best_score >= rules.min_best
        assert rules.max_best is None or again.best_score <= rules.max_best
        assert not rules.nine_tile or again.nine_tile


def test_an_impossible_filter_says_so():
    """A filter no hand meets ends after a bounded search with a clear sentence."""
    with pytest.raises(ClassroomError, match=r"no hand with at least 1 equation.s., a best score from 90 to any, no blanks turned up in 20 draws from the Original tile set \(--min-best 90 failed most often\); loosen --min-best 90"):
        find_hand(ORIGINAL, random.Random(1), HandRules(min_best=90, blanks=False), tries=20)
    with pytest.raises(ClassroomError, match=r"--min-best 500 is more than any hand of 9 tiles from the Original tile set can score \(at most 99\)"):
        find_hand(ORIGINAL, random.Random(1), HandRules(min_best=500, blanks=False), tries=20)
    with pytest.raises(ClassroomError, match="the best-score range 30-20 is empty"):
        find_hand(ORIGINAL, random.Random(1), HandRules(min_best=30, max_best=20))


def test_every_default_hand_holds_an_operation():
    """A drawn hand of four tiles or more holds at least one operation tile, a blank aside."""
    rng = random.Random(4)
    for size in (4, 6, 9):
        for _ in range(200):
            assert any(is_operation(t) for t in draw_hand(ORIGINAL, rng, HandRules(size=size)))


# The bands the README and --help document: equations, best score, operations, fraction tiles.
@pytest.mark.parametrize("name, equations, best, operations, fractions, blanks", [
    ("easy", (30, 400), (10, 30), (2, 3), (0, 0), 0),
    ("hard", (10, 2000), (45, 80), (2, 4), (1, 3), 1),
])
def test_difficulty_presets_keep_a_set_in_their_band(name, equations, best, operations, fractions, blanks):
    """Hands found for a preset fall in its documented bands, checked by solving them again."""
    rules = DIFFICULTIES[name].rules()
    for number in (1, 2):
        hand, _ = find_hand(ORIGINAL, random.Random(f"42:boardless:{number}"), rules)
        again = solve(hand, ORIGINAL)
        assert equations[0] <= again.count <= equations[1]
        assert best[0] <= again.best_score <= best[1]
        assert operations[0] <= sum(map(is_operation, hand)) <= operations[1]
        assert fractions[0] <= sum(map(is_fraction, hand)) <= fractions[1]
        assert hand.count("?") <= blanks


def test_options_the_teacher_gives_win_over_the_preset():
    """--min-best or --nine-tile replace the preset's band; a hand under nine tiles has no band
    of best scores or equations."""
    assert (DIFFICULTIES["medium"].rules().min_best, DIFFICULTIES["medium"].rules().max_best) == (15, 45)
    assert (DIFFICULTIES["medium"].rules(min_best=40).min_best,
            DIFFICULTIES["medium"].rules(min_best=40).max_best) == (40, None)
    assert DIFFICULTIES["easy"].rules(nine_tile=True).max_best is None
    assert (DIFFICULTIES["easy"].rules(6).min_best, DIFFICULTIES["easy"].rules(6).min_equations) == (None, 1)
    assert DIFFICULTIES["easy"].rules(min_equations=500).max_equations is None


@pytest.mark.parametrize("level, name, fractions, best", [
    ("original", "hard", (1, 3), (45, 80)),
    ("add-subtract", "hard", (0, 0), (43, 63)),
    ("add-subtract", "medium", (0, 0), (9, 43)),
    ("junior", "easy", (0, 0), (7, 22)),
])
def test_a_preset_suits_the_tile_set(level, name, fractions, best):
    """A set without fraction tiles asks for none; a set whose tiles score less scales the
    best-score band down, the 40 bonus aside."""
    rules = DIFFICULTIES[name].rules(tileset=load_level(level))
    assert rules.fractions == fractions and (rules.min_best, rules.max_best) == best


def test_the_booklet_hand_is_too_tricky_for_a_class():
    """0 0 2 3 4 9 + − ×: 234 of its 269 equations are zero tricks, every best one among them;
    a class's taste refuses it, --taste any keeps it."""
    solution = solve(parse_hand("0 0 2 3 4 9 + - ×"), ORIGINAL)
    assert too_tricky(solution) and zero_share(solution) > ZERO_SHARE
    assert "--taste class (few zero tricks, none the only best)" in HandRules(zero_tricks=False).unmet(solution)
    assert HandRules().accepts(solution)


@pytest.mark.parametrize("hand, tricky", [
    ("0 3 5 7 9 + -", False),  # a 0, no product to hide in
    ("0 5 5 + ×", False),  # 0 + 5 = 5: the 0 added, not a trick
    ("0 2 4 6 8 + × ÷", True),  # 48 of 108 are tricks, and every best one: 0 × 6 + 2 = 8 ÷ 4
    ("0 0 5 + ×", True),  # 0 = 0 × 5 and its kin, 4 of 5
])
def test_a_hand_is_too_tricky_by_its_share_and_its_best(hand, tricky):
    """A class's taste refuses a hand whose zero tricks pass a tenth of its equations or are
    its only best; a 0 that is added or stands alone is no trick."""
    assert too_tricky(solve(parse_hand(hand), ORIGINAL)) == tricky


@pytest.mark.parametrize("level", ["original", "junior"])
@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_a_class_gets_hands_of_its_taste(level, name):
    """With the level's taste (the default) a found hand's zero tricks are at most a tenth of
    its equations and never its only best, and its key lists at most MAX_FAMILIES families;
    --taste any drops both."""
    tileset = load_level(level)
    rules = DIFFICULTIES[name].rules(tileset=tileset)
    assert (rules.zero_tricks, rules.max_families) == (False, MAX_FAMILIES)
    assert (DIFFICULTIES[name].rules(tileset=tileset, taste="any").zero_tricks,
            DIFFICULTIES[name].rules(tileset=tileset, taste="any").max_families) == (True, None)
    for seed in (1, 2):
        hand, _ = find_hand(tileset, random.Random(f"{seed}:boardless:1"), rules)
        again = solve(hand, tileset)
        assert zero_share(again) <= ZERO_SHARE and not too_tricky(again)
        assert len(family_counts(again)) <= MAX_FAMILIES
        assert any(fits(a.symbols, tileset.taste) for a in again.best)


def test_a_class_hand_has_a_best_equation_the_class_would_write():
    """3 5 7 8 3/2 5/2: its best score needs an improper mixed number (7 5/2 = 8 3/2), which a
    Junior class does not write; the Junior taste refuses the hand, a taste that allows them
    keeps it. 0 3 6 9 + +: every best equation pads with a 0 (0 + 3 + 6 = 9), refused too."""
    solution = solve(parse_hand("3 5 7 8 3/2 5/2"), JUNIOR)
    assert solution.best and not any(fits(a.symbols, JUNIOR.taste) for a in solution.best)
    refused = "--taste class (a best equation the class would write)"
    assert refused in HandRules(best_taste=JUNIOR.taste).unmet(solution)
    assert refused not in HandRules(best_taste=ORIGINAL.taste).unmet(solution)
    padded = solve(parse_hand("0 3 6 9 + +"), JUNIOR)
    assert not HandRules(best_taste=JUNIOR.taste).accepts(padded) and HandRules().accepts(padded)


def test_a_run_records_the_taste_only_when_it_is_set():
    """--taste any records the rules as runs did before the taste (the same ids, the same
    manifest); the class's taste is recorded, so its sheets get ids of their own."""
    assert {"zero_tricks", "max_families"}.isdisjoint(DIFFICULTIES["medium"].rules(taste="any").recorded())
    recorded = DIFFICULTIES["medium"].rules().recorded()
    assert (recorded["zero_tricks"], recorded["max_families"]) == (False, MAX_FAMILIES)


def test_the_taste_option_is_class_or_any(tmp_path):
    """`boardless --taste` takes class or any in any letter case; another word is one sentence, exit 2."""
    import json

    from typer.testing import CliRunner

    from classroom.cli.commands import app

    runner = CliRunner()
    bad = runner.invoke(app, ["boardless", "--seed", "1", "--count", "1", "--taste", "some", "--out", str(tmp_path / "a")])
    assert bad.exit_code == 2 and "the taste (--taste) is class or any, not 'some'" in bad.output
    good = runner.invoke(app, ["boardless", "--seed", "1", "--count", "1", "--taste", "ANY", "--key", "full",
                               "--out", str(tmp_path / "b")])
    assert good.exit_code == 0, good.output
    assert "zero_tricks" not in json.loads((tmp_path / "b" / "manifest.json").read_text("utf-8"))["options"]


def test_a_hand_refused_early_is_refused_all_the_same():
    """find_hand reads the taste and every-tile filters only for a hand its counts and best
    score do not already refuse: the hands accepted are the same, and what is missed early is
    part of what the whole reading misses."""
    rng = random.Random(5)
    rules = [DIFFICULTIES[name].rules(tileset=ORIGINAL) for name in DIFFICULTIES]
    early_refusals = 0
    for _ in range(40):
        solution = solve(draw_hand(ORIGINAL, rng, HandRules()), ORIGINAL)
        for rule in rules:
            whole, early = rule.unmet(solution), rule.unmet(solution, cheap_first=True)
            assert bool(whole) == bool(early) and set(early) <= set(whole)
            early_refusals += early != whole
    assert early_refusals  # some hand was refused without reading every equation
