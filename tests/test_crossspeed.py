"""The cross items' search made cheaper makes the same items: the binder's cross situation skips a
hand drawn again for the same board (found wanting once, it is wanting again) and returns what it
returned before, the rng left where it was (tests/reference_crossplay.py keeps the old loop); and
the binder's cross play to score comes from that search, not one of its own."""

from __future__ import annotations

import random

import pytest

from classroom.game.board import Direction, Placement
from classroom.make import crossplay, notebook
from classroom.make.crossplay import Target, cross_plays
from classroom.make.keys import board_tiles
from classroom.make.scoreplay import fewest_featured
from classroom.make.sets import item_rng
from classroom.make.worksheet import item_id
from tests.reference_crossplay import reference_cross_situation
from tests.test_crossplay import GAP, L13, ORIGINAL, board

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


def test_the_binders_cross_play_is_one_the_situations_search_found_elsewhere(monkeypatch):
    """The binder's cross play to score comes from the cross situation's own search (no search
    of its own): one of the plays it found, on a board other than the situation's, with the
    fewest other features, forming two equations."""
    finds = []
    own = notebook.cross_finds

    def recorded(tileset, rng):
        for find in own(tileset, rng):
            finds.append(find)
            yield find

    def searched(*args):
        raise AssertionError("the cross play searched on its own")

    monkeypatch.setattr(notebook, "cross_finds", recorded)
    monkeypatch.setattr(notebook, "scoreplay_item", searched)
    (situation, step), (item, focus) = notebook._make(("cross", ORIGINAL, 1, (3, 4), ("s", "p"), "cross"))
    assert (step, focus) == ("cross", "cross") and item.board != situation.board
    assert len(item.play.breakdown.equations) == 2
    chosen = [(board, candidate) for board, _, plays in finds for candidate in plays
              if board_tiles(board.tiles, ORIGINAL) == item.board and candidate.score == item.play.score
              and tuple(candidate.play.placements) == tuple(item.play.placements)]
    assert chosen
    board, candidate = chosen[0]
    assert candidate in fewest_featured(board, [c for b, _, plays in finds if b == board for c in plays], ORIGINAL)


def test_a_cross_play_found_only_on_the_situations_board_is_searched_as_scoreplay_does(monkeypatch):
    """When every cross play the situation's search found lies on the situation's own board, the
    play to score is looked for as `classroom scoreplay` looks for it: its stream, its fallback."""
    plays = cross_plays(GAP, ("1", "4", "5", "+"), TARGET, ORIGINAL)
    on_gap = notebook.Situation(GAP, ("1", "4", "5", "+"), tuple(plays[:1]))
    asked = []
    monkeypatch.setattr(notebook, "cross_finds", lambda tileset, rng: iter([(GAP, TARGET, plays)] * 3))
    monkeypatch.setattr(notebook, "cross_situation", lambda tileset, rng, finds, seen: seen.extend(
        (board, found) for board, _, found in finds) or on_gap)
    monkeypatch.setattr(notebook, "situation_item", lambda id, situation, tileset: situation)
    monkeypatch.setattr(notebook, "scoreplay_item", lambda id, tileset, rng, focus, fallback: asked.append(
        (id, rng.random(), focus, fallback)) or notebook.scoreplay.item_of(id, tileset, GAP, plays[0], focus))
    (situation, step), (item, focus) = notebook._make(("cross", ORIGINAL, 2, (3, 4), ("s", "p"), "cross"))
    assert situation == on_gap and step == "cross" and focus == "cross"
    assert asked == [(item_id("scoreplay", 2, 4, "p"), item_rng(2, "scoreplay", 4).random(), "cross", True)]


def test_the_cross_play_to_score_is_on_the_board_least_like_the_situations(monkeypatch):
    """Of the boards the situation's search looked at, the play to score is on the one sharing
    the fewest tiles with the situation's board (another game's, where there is one), the first
    of those tied; the situation's own board is never used."""
    plays = cross_plays(GAP, ("1", "4", "5", "+"), TARGET, ORIGINAL)
    near = GAP.place([Placement((1, 1), "1")])  # the situation's board and one tile more
    half = board("J10=7", "K10==", "L10=7")  # three of its six tiles
    apart, apart_too = board("A1=3"), board("A2=4")  # none of them
    on_gap = notebook.Situation(GAP, ("1", "4", "5", "+"), tuple(plays[:1]))
    looked = [(GAP, plays), (near, plays), (apart, plays), (half, plays), (apart_too, plays)]
    monkeypatch.setattr(notebook, "cross_finds", lambda tileset, rng: iter(()))
    monkeypatch.setattr(notebook, "cross_situation", lambda tileset, rng, finds, seen: seen.extend(looked) or on_gap)
    monkeypatch.setattr(notebook, "situation_item", lambda id, situation, tileset: situation)
    monkeypatch.setattr(notebook.scoreplay, "fewest_featured", lambda board, found, tileset: found)
    chosen = []
    monkeypatch.setattr(notebook.scoreplay, "item_of", lambda id, tileset, board, candidate, focus: chosen.append(
        board) or notebook.scoreplay.ScorePlayItem(id, focus, (), None))
    notebook._make(("cross", ORIGINAL, 2, (3, 4), ("s", "p"), "cross"))
    assert chosen == [apart]
