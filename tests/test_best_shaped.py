"""A window bounded by the shapes its squares can take (issue 44 item 3, lines.Shaped): which
squares hold operations, as both sides read Number (operation Number)*, with the hand's
operations and numbers each on their own squares. The bound holds every play of the window, the
most it gives a tile on a square holds every play putting that tile there, and the best play,
the first of those tied and the top N with it are the brute force's."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.bag import draw
from classroom.game.symbols import BLANK, EQUAL, OPERATIONS
from classroom.game.tilesets import load_level
from classroom.solve.board.lines import Shaped
from classroom.solve.board.position import Position, candidate_order
from tests.benchmarks.bench_best_early import positions
from tests.reference_board import reference_plays
from tests.simulated_games import simulate_once

TILESETS = {"original": load_level("original"), "advanced": load_level("advanced")}


def situation(seed: int, plays: int, blanks: int, size: int, operations: int, level: str = "original"):
    """Return a seeded board of a few simulated plays and a hand of `size` tiles from the bag
    left: `blanks` blanks, `operations` operation tiles at most, numbers for the rest."""
    tileset = TILESETS[level]
    rng = random.Random(f"shaped:{seed}")
    game = simulate_once(tileset, rng, plays=plays, hand_size=4)
    pile = tuple(t for t in game.pile if t != BLANK)
    signs = tuple(t for t in pile if t in OPERATIONS)
    numbers = tuple(t for t in pile if t not in OPERATIONS)
    signs_drawn, _ = draw(signs, min(operations, size - blanks), rng)
    numbers_drawn, _ = draw(numbers, size - blanks - len(signs_drawn), rng)
    return game.board, tuple(signs_drawn) + tuple(numbers_drawn) + (BLANK,) * blanks, tileset


def placed_on(window, candidate) -> list[tuple[int, bool, int | None]]:
    """Return (line position, an operation?, tile score or None for a blank) of each tile the
    play puts down, the = aside."""
    line = window.group.line
    found = []
    for placement in candidate.play.placements:
        if placement.tile == EQUAL:
            continue
        blank = placement.tile.startswith(BLANK)
        symbol = placement.tile[1:] if blank else placement.tile
        found.append((line.squares.index(placement.square), symbol in OPERATIONS, None if blank else placement.tile))
    return found


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10 ** 6), plays=st.integers(0, 4), blanks=st.integers(0, 2),
       size=st.integers(4, 6), operations=st.integers(0, 4), level=st.sampled_from(["original", "advanced"]))
def test_shaped_bound_holds_every_play_of_the_window(seed, plays, blanks, size, operations, level):
    """For every window, searched whole: the shaped bound is at most the window's bound and no
    play scores more (None: the window has no play), and the most given for a tile of a kind and
    score (or a blank) on a square is at least the score of every play putting one there."""
    if level == "advanced":
        blanks = min(blanks, 1)  # the Advanced set's board search takes one blank at most
    board, hand, tileset = situation(seed, plays, blanks, size, operations, level)
    found = Position(board, hand, tileset)
    for group in found.groups:
        for window in found.windows(group):
            shaped = Shaped(window, found.windows.mixes)
            every = list(found._window_plays(window))
            if shaped.bound is None:
                assert not every, window
                continue
            assert shaped.bound <= window.bound
            most = shaped.most()
            for candidate in every:
                assert candidate.score <= shaped.bound, (window, candidate)
                for j, operation, tile in placed_on(window, candidate):
                    score = None if tile is None else tileset.score_of(tile)
                    assert most.get((j, operation, score), -1) >= candidate.score, (window, candidate, j)


def test_a_window_of_every_tile_is_bounded_by_its_shapes():
    """after2-1 of bench_best_early (`+ 4 7 9 × ÷ ÷ ? ?`): the five windows down column F that place
    every tile around its 4 are bounded at 192 (both ÷ on the 3S squares), but no shape puts an
    operation on both: their shaped bound is 148 (a play of the last scores that), below the best
    play's 160, so they are never searched."""
    board, hand = next((b, h) for name, b, h in positions("after2", 5, 2, TILESETS["original"]) if name == "after2-1")
    found = Position(board, hand, TILESETS["original"])
    column = [w for g in found.groups for w in found.windows(g)
              if g.line.direction.value == "down" and g.line.squares[0] == (1, 6) and (w.start, w.end) == (4, 14)]
    assert [w.group.equal for w in column] == [5, 7, 9, 11, 13]
    assert {w.bound for w in column} == {192}
    assert {Shaped(w, found.windows.mixes).bound for w in column} == {148}
    assert max(c.score for c in found._window_plays(column[-1])) == 148
    assert found.top(1)[0].score == 160


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10 ** 6), plays=st.integers(0, 3), blanks=st.integers(0, 2),
       operations=st.integers(0, 2))
def test_best_first_and_top_are_the_brute_forces(seed, plays, blanks, operations):
    """Small boards, hands of four tiles (none to two blanks): the best plays are the brute-force
    reference's, top(1) is the first of them in candidate order and top(3) holds the three best
    scores."""
    size = 4 - (blanks == 2)  # the reference tries every symbol for each blank: slow with two
    board, hand, tileset = situation(seed, plays, blanks, size, operations)
    reference = reference_plays(board, hand, tileset)
    best = Position(board, hand, tileset).best()
    if not reference:
        assert best == []
        return
    top = max(reference.values())
    assert {c.score for c in best} == {top}
    assert {frozenset((p.square, p.tile) for p in c.play.placements) for c in best} == \
        {play for play, s in reference.items() if s == top}
    assert Position(board, hand, tileset).top(1) == sorted(best, key=candidate_order)[:1]
    assert [c.score for c in Position(board, hand, tileset).top(3)] == sorted(reference.values(), reverse=True)[:3]
