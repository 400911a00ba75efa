"""A class's taste (classroom/game/taste.py): zero tricks, a Number's size and improper mixed
numbers, read from each level's [taste] table; the booklet's own plays fit the Original taste."""

from __future__ import annotations

import pytest

from classroom.errors import ClassroomError
from classroom.game.symbols import parse_written
from classroom.game.taste import ANY, Taste, fits, is_zero_trick, misfit
from classroom.game.tilesets import LEVELS, load_level, parse_tileset

JUNIOR = load_level("junior").taste
ORIGINAL = load_level("original").taste


@pytest.mark.parametrize("text", [
    "0 = 0 × 2 3 4 9", "0 ÷ 7 = 0", "5 + 0 × 1 7 7 2 9 = 5", "5 = 5 - 0 × 9 9 6 0 3/2",
    "3 2/2 + 0 × 1 3 0 5 7 = 4 ÷ 8 × 1 6 - 4", "0 × 5 = 0", "8 = 2 × 4 + 0 ÷ 3",
])
def test_zero_tricks(text):
    """A product or quotient of two or more Numbers with a 0 among them is a zero trick."""
    assert is_zero_trick(parse_written(text))


@pytest.mark.parametrize("text", [
    "3 - 3 = 0", "0 + 4 = 4", "1 0 × 2 = 2 0", "2 0 ÷ 5 = 4", "4 - 6 + 7 = 5", "0 = 0", "9 0 = 9 0",
])
def test_not_zero_tricks(text):
    """A 0 added, a 0 inside a Number (10, 20) or a 0 alone is no trick."""
    assert not is_zero_trick(parse_written(text))


@pytest.mark.parametrize("text, junior, original", [
    ("5 = 8 5 7 - 3 - 8 4 9", "857 has 3 digits", None),
    ("3 3 6 7 = 9 1 × 3 7", "3367 has 4 digits", "3367 has 4 digits"),
    ("6 8 + 3 × 4 5/2 = 8 6 3/2", "4 5/2 is a mixed number with an improper fraction", None),
    ("3/2 + 1 = 5/2", None, None),
    ("1 2 + 3 4 = 4 6", None, None),
    ("0 = 0 × 2 3", "a zero trick (a Number multiplied by 0)", "a zero trick (a Number multiplied by 0)"),
    ("4 = 0 + 8 3 - 7 9", "a 0 added or taken away", "a 0 added or taken away"),
    ("0 = 8 - 8", None, None),
])
def test_misfit_names_what_a_class_would_not_write(text, junior, original):
    assert misfit(parse_written(text), JUNIOR) == junior
    assert misfit(parse_written(text), ORIGINAL) == original
    assert fits(parse_written(text), ANY)


def test_every_shipped_level_has_a_taste_without_zero_tricks():
    for level in LEVELS:
        taste = load_level(level).taste
        assert taste != ANY and not taste.zero_tricks and taste.largest_digits in (2, 3)


@pytest.mark.parametrize("written", [
    "2 4 ÷ 3 = 8", "2 8 = 4 × 7", "4 = 4", "7 + 9 × 4 = 4 3", "7/4 = 3/4 + 1",
])
def test_the_booklet_plays_fit_the_original_and_junior_taste(written):
    """RULES.md's five sample plays are what a class writes (the taste says nothing of which
    tiles a set holds: 7/4 is not a Junior tile, but a line with it would fit)."""
    assert fits(parse_written(written), ORIGINAL)
    assert fits(parse_written(written), JUNIOR)


TILES = '[tiles]\n"1" = { count = 3, score = 1 }\n'


def test_a_custom_set_without_taste_takes_any_equation():
    assert parse_tileset(TILES, "mine.toml").taste == ANY


def test_a_custom_taste_is_read():
    text = TILES + "[taste]\nlargest-digits = 1\nzero-tricks = false\n"
    assert parse_tileset(text, "mine.toml").taste == Taste(1, True, False)


@pytest.mark.parametrize("table, sentence", [
    ("[taste]\nbiggest = 2\n", "mine.toml: [taste] has no 'biggest'; it holds largest-digits, improper-mixed, zero-tricks"),
    ("[taste]\nlargest-digits = 0\n", "mine.toml: [taste] largest-digits must be a whole number from 1 to 40"),
    ("[taste]\nlargest-digits = true\n", "mine.toml: [taste] largest-digits must be a whole number from 1 to 40"),
    ("[taste]\nzero-tricks = 'no'\n", "mine.toml: [taste] zero-tricks must be true or false"),
    ("taste = 3\n", "mine.toml: [taste] must be a table"),
])
def test_a_bad_taste_table_is_named(table, sentence):
    text = (table + TILES) if not table.startswith("[") else (TILES + table)
    with pytest.raises(ClassroomError) as raised:
        parse_tileset(text, "mine.toml")
    assert str(raised.value) == sentence
