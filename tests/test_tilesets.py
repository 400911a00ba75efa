"""Tile sets are data: the Original set exactly as docs/rules.md §1 tables it, and the easier levels."""

import pytest

from classroom.errors import ClassroomError
from classroom.game.symbols import FRACTIONS, OPERATIONS
from classroom.game.tilesets import LEVELS, load_level, load_tileset

ORIGINAL_TABLE = {
    "0": (7, 1), "1": (9, 1), "2": (9, 1), "3": (9, 1), "4": (9, 1), "5": (8, 1), "6": (8, 2),
    "7": (7, 2), "8": (7, 2), "9": (6, 2),
    "1/2": (3, 3), "2/2": (1, 4), "3/2": (1, 5), "5/2": (1, 6), "1/3": (2, 5), "2/3": (2, 6),
    "3/3": (1, 5), "4/3": (1, 7), "1/4": (2, 4), "2/4": (1, 5), "3/4": (2, 6), "4/4": (1, 5),
    "7/4": (1, 7), "1/6": (2, 6), "5/6": (1, 7), "6/6": (1, 6), "7/6": (1, 8),
    "+": (13, 1), "-": (12, 2), "×": (10, 3), "÷": (9, 5), "=": (40, 0), "?": (3, 0),
}


def test_original_set_matches_the_rules_table():
    """Every count and score of docs/rules.md §1, and the booklet's totals."""
    original = load_level("original")
    assert {s: (original.count[s], original.score[s]) for s in original.count} == ORIGINAL_TABLE
    count = original.count
    assert sum(count.values()) == 190
    assert count["="] == 40 and count["?"] == 3
    assert sum(count[d] for d in "0123456789") == 79
    assert sum(count[f] for f in FRACTIONS) == 24
    assert sum(count[o] for o in OPERATIONS) == 44
    assert len(original.bag) == 150
    assert len(original.blank_symbols) == 31


def test_easier_levels():
    """No fractions drops the 24 fractions and 6 ÷; Junior keeps only halves; Add and subtract
    has digits, + and - alone."""
    original, no_fractions = load_level("original").count, load_level("no-fractions").count
    assert sum(original.values()) - sum(no_fractions.values()) == 30
    assert no_fractions["÷"] == 3 and not any(f in no_fractions for f in FRACTIONS)
    junior = load_level("junior").count
    assert {f for f in FRACTIONS if junior.get(f)} == {"1/2", "2/2", "3/2", "5/2"}
    assert junior["+"] + junior["-"] > junior["×"] + junior["÷"]
    add_subtract = load_level("add-subtract")
    assert set(add_subtract.count) == set("0123456789") | {"+", "-", "="}
    assert set(LEVELS) == {"original", "junior", "no-fractions", "halves", "halves-fourths",
                           "add-subtract", "advanced"}


def test_a_custom_tile_set_file(tmp_path):
    """--tiles FILE loads a school's own box."""
    path = tmp_path / "ours.toml"
    path.write_text('name = "Ours"\n[tiles]\n"1" = { count = 5, score = 2 }\n"+" = { count = 2, score = 1 }\n')
    ours = load_tileset(path=path)
    assert ours.name == "Ours" and ours.count == {"1": 5, "+": 2} and ours.score_of("1") == 2


@pytest.mark.parametrize("content, message", [
    ("this is not toml [", "not a readable tile-set file"),
    ('name = "x"\n', "a tile-set file needs a [tiles] table"),
    ('[tiles]\n"3/8" = { count = 1, score = 1 }\n', "'3/8' is not an Equate symbol"),
    ('[tiles]\n"1" = { count = -1, score = 1 }\n', "tile 1 needs a whole count and score"),
    ('[tiles]\n"1" = { count = 1 }\n', "tile 1 needs exactly a count and a score"),
    ('[tiles]\n"+" = { count = 1, score = 1 }\n', "a tile set needs number tiles"),
])
def test_malformed_tile_set_files(tmp_path, content, message):
    """A malformed file is refused with its name and the problem."""
    path = tmp_path / "bad.toml"
    path.write_text(content)
    with pytest.raises(ClassroomError) as caught:
        load_tileset(path=path)
    assert str(path) in str(caught.value) and message in str(caught.value)


def test_hand_limits_follow_the_tile_set():
    """No more of a symbol than the set holds; no symbol the set lacks."""
    original = load_level("original")
    assert original.check_hand(("7/4", "1")) == ("7/4", "1")
    with pytest.raises(ClassroomError, match=r"2 × 7/4 is more than the Original tile set holds \(1\)"):
        original.check_hand(("7/4", "7/4"))
    with pytest.raises(ClassroomError, match="has no ÷ tile"):
        load_level("add-subtract").check_hand(("÷",))
