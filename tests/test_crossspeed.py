"""The cross items' search made cheaper makes the same items: the binder's cross situation skips a
hand drawn again for the same board (found wanting once, it is wanting again) and returns what it
returned before, the rng left where it was (tests/reference_crossplay.py keeps the old loop)."""

from __future__ import annotations

import random

import pytest

from classroom.game.board import Direction
from classroom.make import crossplay, notebook
from classroom.make.crossplay import Target, cross_plays
from tests.reference_crossplay import reference_cross_situation
from tests.test_crossplay import GAP, L13, ORIGINAL

TARGET = Target(L13, "=", Direction.DOWN)


@pytest.fixture
def searched(monkeypatch):
    """Return the (board, hand) of every position the cross situation searches, from the same
    cross plays on the same board three times a search (so that hands are drawn again)."""
    plays = cross_plays(GAP, ("1", "4", "5", "+"), TARGET, ORIGINAL)
    assert plays

    def from_games(tileset, rng, size, hands, build=None):
        for _ in range(3):
            yield GAP, TARGET, plays

    found = []

    class Counted(notebook.Position):
        def __init__(self, board, hand, tileset):
            found.append((board, hand))
            super().__init__(board, hand, tileset)

    monkeypatch.setattr(crossplay, "from_games", from_games)
    monkeypatch.setattr(notebook, "Position", Counted)
    return found


@pytest.mark.parametrize("seed", range(2))
def test_a_cross_situation_searches_a_hand_once_and_finds_what_it_found(searched, seed):
    """Each (board, hand) is searched once where the old loop searched some twice or more, and
    the situation (here none: no hand of 1 4 5 + and more has only crossing best plays) and the
    rng's state after it are the old ones."""
    fast_rng, old_rng = random.Random(seed), random.Random(seed)
    fast = notebook.cross_situation(ORIGINAL, fast_rng)
    fast_searched = list(searched)
    searched.clear()
    assert fast == reference_cross_situation(ORIGINAL, old_rng)
    assert fast_rng.getstate() == old_rng.getstate()
    assert len(set(fast_searched)) == len(fast_searched)
    assert set(fast_searched) == set(searched) and len(searched) > len(fast_searched)
