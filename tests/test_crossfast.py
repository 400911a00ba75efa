"""The cross items' search made cheaper finds exactly what it found before: `targets` (with and
without `near`) and `cross_plays` agree with the old functions kept in tests/reference_crossplay.py
on the boards of simulated games of every level and on the boards one play later, and
`completing` agrees with reading each symbol in the hole on random lines."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from classroom.game.bag import draw, used_tiles
from classroom.game.symbols import BLANK, EQUAL
from classroom.game.tilesets import load_level
from classroom.make.crossplay import aimed, built, completing, cross_plays, makes_equation, targets
from classroom.make.hands import in_order
from classroom.make.simulated import boards_of, class_player, simulate
from classroom.solve.board.position import Position
from tests.reference_crossplay import reference_cross_plays, reference_targets

LEVELS = ("junior", "original", "advanced")


@pytest.fixture(scope="module", params=LEVELS)
def boards(request):
    """Return a level's tile set and (board, bag left, the plays of a class's 7-tile hand on it)
    for the boards of two seeded games of the level."""
    tileset = load_level(request.param)
    rng = random.Random(f"crossfast:{request.param}")
    found = []
    for _ in range(2):
        game = simulate(tileset, rng, 8, player=class_player(tileset))
        bag = tuple(t for t in game.pile if t != BLANK)
        for board in boards_of(game)[1:]:
            hand = in_order(list(draw(bag, 7, rng)[0]))
            found.append((board, bag, [c.play for c in Position(board, hand, tileset).all()]))
    return tileset, found


def test_targets_of_a_board_are_the_old_ones(boards):
    """Every board of the games has the same targets, in the same order, as before."""
    tileset, found = boards
    for board, _, _ in found:
        assert targets(board, tileset) == reference_targets(board, tileset)


def test_targets_near_a_play_are_the_old_ones(boards):
    """After each play of a hand (a setup play), the targets near its squares are the old ones,
    and some plays leave a target, so the comparison is not only of empty lists."""
    tileset, found = boards
    left = 0
    for board, _, plays in found:
        for play in plays:
            after = board.place(play.placements)
            new = targets(after, tileset, play.squares)
            assert new == reference_targets(after, tileset, play.squares)
            left += bool(new)
    assert left > 0


def test_cross_plays_are_the_old_ones(boards):
    """Hands of 7 and 9 tiles aimed at the targets the plays leave, and hands holding the tiles
    of a cross play the search built, have the same cross plays, in the same order, as the game's
    whole check on every placement finds."""
    tileset, found = boards
    rng = random.Random(f"crossfast-plays:{tileset.name}")
    compared = 0
    for board, bag, plays in found:
        for play in rng.sample(plays, len(plays)):
            after = board.place(play.placements)
            for target in targets(after, tileset, play.squares)[:1] if compared < 12 else ():
                for size in (7, 9):
                    hand = aimed(bag, size, target, rng)
                    if hand is not None:
                        assert cross_plays(after, hand, target, tileset) == reference_cross_plays(after, hand, target, tileset)
                        compared += 1
    assert compared >= 12
    made = (one for board, bag, _ in found for one in built([board], bag, 7, tileset, rng, 10))
    crossing = 0
    for after, target, plays in itertools.islice(made, 2):
        tiles = [t for t in used_tiles(plays[0].play) if t != EQUAL]
        rest = list(bag)
        for tile in tiles:
            if tile in rest:  # the bag a setup play left is not this bag
                rest.remove(tile)
        hand = in_order(tiles + list(draw(tuple(rest), 7 - len(tiles), rng)[0]))
        fast = cross_plays(after, hand, target, tileset)
        assert plays[0] in fast and fast == reference_cross_plays(after, hand, target, tileset)
        crossing += 1
    assert crossing > 0


SYMBOLS = load_level("advanced").rules.symbols
NUMBERS = ("0", "1", "2", "3", "4", "6", "8", "1/2", *(s for s in SYMBOLS if s[-1] not in "+-×÷="))
OPERATIONS = ("+", "-", "×", "÷")


def side():
    """Return a strategy for a side of an equation: Numbers of one or two tiles between operations."""
    number = st.lists(st.sampled_from(NUMBERS), min_size=1, max_size=2)
    return st.lists(st.tuples(st.sampled_from(OPERATIONS), number), max_size=2).flatmap(
        lambda rest: number.map(lambda first: [*first, *(s for op, n in rest for s in (op, *n))]))


@given(side(), side(), st.booleans(), st.data())
def test_completing_reads_each_symbol_in_the_hole(left, right, equal, data):
    """The symbols `completing` returns are those that make the line a true equation in the hole
    (the old reading of each), on lines of Numbers and operations of every level with an = or
    none, the hole anywhere."""
    line = [*left, "=", *right] if equal else [*left, *right]
    hole = data.draw(st.integers(0, len(line) - 1))
    for name in LEVELS:
        tileset = load_level(name)
        symbols = tuple(s for s in tileset.rules.symbols if s == EQUAL or tileset.count.get(s, 0) > 0)
        expected = [s for s in symbols if makes_equation([*line[:hole], s, *line[hole + 1:]], tileset.rules)
                    and (s == EQUAL or EQUAL in line[:hole] + line[hole + 1:])]
        assert completing(tuple(line), hole, symbols, tileset.rules) == tuple(expected)


def test_completing_finds_the_sign_and_the_number():
    """In 7 _ 2 = 5 only - fits; in 7 - 2 _ 5 only =; in 7 - _ = 5 only 2; in 8 = 2 × _ only 4."""
    original = load_level("original")
    symbols = tuple(s for s in original.rules.symbols if s == EQUAL or original.count.get(s, 0) > 0)
    assert completing(("7", "", "2", "=", "5"), 1, symbols, original.rules) == ("-",)
    assert completing(("7", "-", "2", "", "5"), 3, symbols, original.rules) == (EQUAL,)
    assert completing(("7", "-", "", "=", "5"), 2, symbols, original.rules) == ("2",)
    assert completing(("8", "=", "2", "×", ""), 4, symbols, original.rules) == ("4",)
