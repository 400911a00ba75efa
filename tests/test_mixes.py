"""Windows are dropped when the hand cannot pay for their mix of numbers and operations
(classroom.solve.board.lines.Mixes): the mixes are checked against every fill of a side tried one by
one, and the plays against the search that keeps every window."""

from __future__ import annotations

import random
from itertools import product
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.bag import draw
from classroom.game.symbols import OPERATIONS
from classroom.game.tilesets import load_level
from classroom.solve.board.lines import Mixes
from classroom.solve.board.position import Position
from classroom.solve.board.sides import PackedHand
from tests.simulated_games import simulate_once
from tests.test_movegen import as_keys

TILES = load_level("original")

CELLS = st.sampled_from([
    None, "3", "1/2", "+", "×",
    frozenset({"4"}), frozenset({"+", "-"}), frozenset({"5", "÷"}), frozenset({"="}), frozenset(),
])
HAND_TILES = st.lists(st.sampled_from(["2", "4", "5", "1/2", "+", "-", "×", "÷", "?"]), min_size=1, max_size=9)


def shaped_counts(cells: list, hand: PackedHand) -> set[int]:
    """Return the operation counts of every fill of the empty cells, each a number or an
    operation the hand (or its blank) can put there, that reads Number (operation Number)*:
    every fill tried, one by one."""
    symbols = set(hand.kinds) | set(hand.blank_symbols)
    choices = []
    for cell in cells:
        if type(cell) is str:
            choices.append(["O" if cell in OPERATIONS else "N"])
            continue
        allowed = symbols if cell is None else symbols & cell
        choices.append(sorted({"O" if s in OPERATIONS else "N" for s in allowed}))
    found = set()
    for kinds in product(*choices):
        text = "".join(kinds)
        if text and text[0] == "N" and text[-1] == "N" and "OO" not in text:
            found.add(sum(1 for cell, k in zip(cells, kinds) if type(cell) is not str and k == "O"))
    return found


@settings(max_examples=300, deadline=None)
@given(st.lists(CELLS, min_size=1, max_size=8), HAND_TILES)
def test_mixes_are_the_operation_counts_of_the_sides_fills(cells, tiles):
    """For every end of a side, read either way from the =, the counts of operations its empty
    squares can hold are those of the fills tried one by one."""
    hand = PackedHand(tuple(tiles), TILES)
    mixes = Mixes(hand)
    n = len(cells)
    right = SimpleNamespace(allowed=["="] + cells)
    found = mixes.of_sides(right, 0, +1, n)
    for j in range(1, n + 1):
        assert found[j] == shaped_counts(cells[:j], hand)
    left = SimpleNamespace(allowed=list(reversed(cells)) + ["="])
    found = mixes.of_sides(left, n, -1, 0)
    for j in range(n):
        assert found[j] == shaped_counts(cells[:n - j], hand)


def test_a_hand_of_operations_pays_for_few_windows():
    """Three operations and one digit: two tiles, one of them an operation, at most; a blank
    makes up a missing number."""
    mixes = Mixes(PackedHand(("+", "-", "×", "4"), TILES))
    assert mixes.paid(frozenset({0}), frozenset({1}), 2)
    assert not mixes.paid(frozenset({0}), frozenset({1}), 3)  # two numbers wanted, one held
    assert not mixes.paid(frozenset({0}), frozenset({0, 1}), 4)
    blank = Mixes(PackedHand(("+", "-", "×", "4", "?"), TILES))
    assert blank.paid(frozenset({0}), frozenset({1}), 3)
    assert not blank.paid(frozenset({0}), frozenset({0, 1}), 4)


@pytest.mark.parametrize("seed,blanks", [(1, 0), (4, 0), (7, 1), (9, 1), (12, 2)])
def test_windows_the_mixes_drop_hold_no_play(seed, blanks, monkeypatch):
    """On mid-game boards, hands rich in operations (blanks included) find the same plays and the
    same count when every window is searched."""
    rng = random.Random(seed)
    game = simulate_once(TILES, rng, plays=6, hand_size=5)
    operations = [t for t in game.pile if t in OPERATIONS]
    numbers = [t for t in game.pile if t not in OPERATIONS and t != "?"]
    hand = tuple(draw(tuple(operations), 3, rng)[0]) + tuple(draw(tuple(numbers), 4 - 3 * blanks // 2, rng)[0])
    hand += ("?",) * blanks
    position = Position(game.board, hand, TILES)
    kept = position.all()
    counted = position.count()
    windows = sum(len(position.windows(group)) for group in position.groups)
    monkeypatch.setattr(Mixes, "paid", lambda self, left, right, placed: True)
    position = Position(game.board, hand, TILES)
    assert sum(len(position.windows(group)) for group in position.groups) > windows  # some dropped
    every = position.all()
    assert as_keys(kept) == as_keys(every)
    assert counted == len(every) == position.count()
