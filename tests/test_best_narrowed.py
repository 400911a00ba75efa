"""The best play searched with its windows narrowed (issue 44 item 3): a window's squares narrowed
to the tiles that can reach a score keep every play that reaches it, and the best play, the
first of those tied and the top N are those of every play sorted, blanks in the hand or not."""

from __future__ import annotations

import random

import pytest

from classroom.game.bag import draw
from classroom.game.board import Board
from classroom.game.symbols import BLANK
from classroom.game.tilesets import load_level
from classroom.solve.board.lines import narrowed
from classroom.solve.board.position import Position
from tests.reference_board import reference_plays
from tests.simulated_games import simulate_once

TILES = load_level("original")


def situation(seed: int, blanks: int, size: int) -> tuple[Board, tuple]:
    """Return a seeded early board (none to four plays) and a hand of `size` tiles, `blanks` of
    them blanks."""
    rng = random.Random(f"narrowed:{seed}")
    game = simulate_once(TILES, rng, plays=seed % 5, hand_size=4)
    hand, _ = draw(tuple(t for t in game.pile if t != BLANK), size - blanks, rng)
    return game.board, tuple(hand) + (BLANK,) * blanks


def keyed(candidates) -> dict:
    """Return play (its placements) -> score."""
    return {c.play.placements: c.score for c in candidates}


@pytest.mark.parametrize("seed", range(12))
def test_narrowed_windows_keep_every_play_reaching_the_floor(seed):
    """For every window and floors from its bound down to its plays' scores, the plays of the
    window narrowed to that floor that score its reach or more are exactly the window's plays
    that do (the reach at most the floor; every play when nothing is narrowed); and a window said
    to have no play reaching the floor has none."""
    board, hand = situation(seed, seed % 3, 5)
    found = Position(board, hand, TILES)
    tried = 0
    for group in found.groups:
        for window in found.windows(group):
            every = keyed(found._window_plays(window))
            floors = {window.bound, window.bound + 1, *every.values(), *(s + 1 for s in every.values())}
            for floor in floors:
                narrow = narrowed(window, found.packed, floor)
                if narrow is None:
                    assert not [s for s in every.values() if s >= floor], (window, floor)
                    continue
                cells, reach = narrow
                least = -1 if reach is None else reach
                assert least <= floor
                wanted = {play: s for play, s in every.items() if s >= least}
                kept = {play: s for play, s in keyed(found._window_plays(window, cells=cells)).items() if s >= least}
                assert kept == wanted, (window, floor)
                tried += cells is not group.line.allowed
    assert tried, "no window was narrowed"


@pytest.mark.parametrize("seed", range(16))
def test_best_first_and_top_are_those_of_every_play_sorted(seed):
    """best(), top(1) and top(5) of hands with no, one or two blanks are every play sorted."""
    board, hand = situation(seed, seed % 3, 6)
    everything = Position(board, hand, TILES).all()
    best = [c for c in everything if everything and c.score == everything[0].score]
    assert Position(board, hand, TILES).best() == best
    assert Position(board, hand, TILES).top(1) == everything[:1]
    assert Position(board, hand, TILES).top(5) == everything[:5]


@pytest.mark.parametrize("hand", [("?", "?", "3"), ("?", "?", "+"), ("2", "?", "?", "=")])
def test_two_blanks_best_and_first_are_the_brute_forces(hand):
    """Two blanks on a small board: the best score and its plays are the brute-force reference's,
    and the first of them is the first in candidate order."""
    board, _ = situation(3, 0, 4)
    reference = reference_plays(board, hand, TILES)
    top = max(reference.values())
    best = Position(board, hand, TILES).best()
    assert {frozenset((p.square, p.tile) for p in c.play.placements) for c in best} == \
        {play for play, s in reference.items() if s == top}
    assert {c.score for c in best} == {top}
    assert Position(board, hand, TILES).top(1) == best[:1]
