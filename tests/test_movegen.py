"""The move generator agrees exactly with the brute-force reference, and with plays.py."""

from __future__ import annotations

import random

import pytest

from classroom.game.bag import draw
from classroom.game.board import Board
from classroom.game.plays import score, why_illegal
from classroom.game.tilesets import load_level
from classroom.solve.board import side_tables
from classroom.solve.board.position import Position, all_plays, best_plays, count_plays, top_plays
from tests.positions import position
from tests.reference_board import reference_plays
from tests.simulated_games import simulate_once

TILES = load_level("original")


def situation(seed: int) -> tuple[Board, tuple]:
    """Return a seeded board from simulated play and a small hand (a blank in every fifth)."""
    rng = random.Random(seed)
    game = simulate_once(TILES, rng, plays=seed % 7, hand_size=4)
    bag = tuple(t for t in game.pile if t != "?")  # blanks only where asked: they cost 31 times
    if seed % 5 == 0:
        hand, _ = draw(bag, 2, rng)
        return game.board, hand + ("?",)
    hand, _ = draw(bag, 4, rng)
    return game.board, hand


def as_keys(candidates) -> dict:
    keys = {frozenset((p.square, p.tile) for p in c.play.placements): c.score for c in candidates}
    assert len(keys) == len(candidates), "a play was generated twice"
    return keys


@pytest.mark.parametrize("seed", range(32))
def test_agrees_with_brute_force(seed):
    """The generator finds exactly the reference's plays, with the same scores."""
    board, hand = situation(seed)
    assert as_keys(all_plays(board, hand, TILES)) == reference_plays(board, hand, TILES)


@pytest.mark.parametrize("seed", [3, 8, 11])
def test_scores_agree_with_plays(seed):
    """Every generated play is legal by plays.why_illegal and its score is plays.score's."""
    rng = random.Random(seed)
    game = simulate_once(TILES, rng, plays=5, hand_size=5)
    hand, _ = draw(game.pile, 6, rng)
    candidates = all_plays(game.board, hand, TILES)
    assert candidates
    for candidate in candidates:
        assert why_illegal(game.board, candidate.play, TILES) is None
        assert score(game.board, candidate.play, TILES).total == candidate.score


@pytest.mark.parametrize("seed", [2, 5, 9])
def test_top_and_best_agree_with_all(seed):
    """Pruned best-only and top-N give the same plays as sorting all of them."""
    rng = random.Random(seed)
    game = simulate_once(TILES, rng, plays=4, hand_size=5)
    hand, _ = draw(game.pile, 6, rng)
    everything = all_plays(game.board, hand, TILES)
    assert top_plays(game.board, hand, TILES, 5) == everything[:5]
    best = [c for c in everything if c.score == everything[0].score]
    assert best_plays(game.board, hand, TILES) == best
    assert count_plays(game.board, hand, TILES) == len(everything)


def test_first_play_covers_centre():
    """On an empty board every generated play covers J10."""
    candidates = all_plays(Board(), ("1", "+", "2", "3"), TILES)
    assert candidates and all((10, 10) in c.play.squares for c in candidates)


def test_single_tile_counted_once():
    """A single tile completing equations both ways is one play."""
    board = position("J9", """
        . . . . . 8
        2 4 ÷ 3 = 8
    """)
    singles = [c for c in all_plays(board, ("8",), TILES) if len(c.play.placements) == 1]
    assert len({c.play.placements for c in singles}) == len(singles)


def test_blank_assignments_are_different_plays():
    """A blank standing for 3 and a real 3 make two different plays."""
    plays = {c.play.placements: c.score for c in all_plays(Board(), ("3", "?"), TILES)}
    tiles = {tuple(p.tile for p in placements): s for placements, s in plays.items()}
    assert tiles[("3", "=", "?3")] == 2 and tiles[("?3", "=", "3")] == 2


def test_no_play():
    """A hand that makes no equation gets no play."""
    assert all_plays(Board(), ("+", "-"), TILES) == []
    assert best_plays(Board(), ("+", "-"), TILES) == []


@pytest.mark.parametrize("seed", range(0, 32, 3))
def test_count_agrees_with_all(seed):
    """Counting the plays without building them gives the number of plays generated."""
    board, hand = situation(seed)
    assert count_plays(board, hand, TILES) == len(all_plays(board, hand, TILES))


@pytest.mark.parametrize("seed", (0, 2, 5))
def test_a_count_given_up_can_be_asked_for_again(seed):
    """A count that gave up part way within a limit (None) leaves nothing half-built behind:
    asked again without a limit, the same Position counts every play. Nine tiles on a mid-game
    board, so that long stretches are aimed. Seed 5 for 3 (a tenth of its counting): the three
    take every branch of the search that 0, 2 and 3 took."""
    rng = random.Random(seed)
    game = simulate_once(TILES, rng, plays=6, hand_size=5)
    hand, _ = draw(tuple(t for t in game.pile if t != "?"), 9, rng)
    whole = Position(game.board, hand, TILES)
    number = whole.count()
    work = whole._counting.tables.work()  # the work a whole count takes
    assert number > 0 and whole._counting.tables._aiming.held > 0  # some sides were aimed
    for part in (work // 4, work // 2, 3 * work // 4):
        analysed = Position(game.board, hand, TILES)
        assert analysed.count(limit=part) is None
        assert analysed.count() == number


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_top_agrees_with_all_for_larger_hands(seed):
    """With seven tiles on a mid-game board, top-N and best agree with sorting every play."""
    rng = random.Random(seed)
    game = simulate_once(TILES, rng, plays=6, hand_size=5)
    hand, _ = draw(tuple(t for t in game.pile if t != "?"), 7, rng)
    everything = all_plays(game.board, hand, TILES)
    assert top_plays(game.board, hand, TILES, 10) == everything[:10]
    assert best_plays(game.board, hand, TILES) == [c for c in everything if c.score == everything[0].score]
    assert count_plays(game.board, hand, TILES) == len(everything)


@pytest.mark.parametrize("seed,blanks", [(2, 1), (5, 1), (3, 2), (6, 2)])
def test_count_and_top_agree_with_all_with_blanks_on_long_sides(seed, blanks, monkeypatch):
    """Hands of seven tiles (one blank) or six (two) with a + or − on a mid-game board: long sides are
    aimed (with and without a blank, listing and counting): every play is the one listing
    every side whole finds, and top-N, best and the count agree with sorting them."""
    rng = random.Random(seed)
    game = simulate_once(TILES, rng, plays=6, hand_size=5)
    bag = tuple(t for t in game.pile if t not in ("?", "+", "-"))
    hand, _ = draw(bag, 6 - 2 * (blanks - 1) - blanks, rng)
    hand = tuple(hand) + (rng.choice(("+", "-")),) + ("?",) * blanks
    everything = all_plays(game.board, hand, TILES)
    # the reference: every side listed whole, nothing aimed (the path the brute force checks)
    monkeypatch.setattr(side_tables, "AIM_FROM", 100)
    assert as_keys(everything) == as_keys(all_plays(game.board, hand, TILES))
    monkeypatch.undo()
    assert top_plays(game.board, hand, TILES, 10) == everything[:10]
    assert best_plays(game.board, hand, TILES) == [c for c in everything if c.score == everything[0].score]
    assert count_plays(game.board, hand, TILES) == len(everything)


@pytest.mark.parametrize("seed", [1, 10, 12])
def test_long_sides_aimed_at_the_signs_the_short_side_leaves(seed, monkeypatch):
    """Nine-tile hands holding + or − on mid-game boards (one +; a + and two −; two +): where a
    window places all but a few tiles, its long side must hold the + and − the short side
    leaves, and only such sides are aimed at; the count and the top ten are those of aiming
    at every side."""
    from tests.benchmarks.bench_best import position as mid_game

    board, hand = mid_game(seed, TILES)
    assert any(t in ("+", "-") for t in hand)
    analysed = Position(board, hand, TILES)
    number = analysed.count()
    top = analysed.top(10)
    monkeypatch.setattr(side_tables.SideTables, "_signs_left", lambda self, table, spare: 0)
    reference = Position(board, hand, TILES)
    assert number == reference.count()
    assert top == reference.top(10)


@pytest.mark.parametrize("seed", (3, 7))
def test_stretches_walked_again_for_their_targets_find_every_play(seed, monkeypatch):
    """Six-tile hands with two blanks and no + or − of their own on a mid-game board: a long
    stretch with more sides holding a blank than BLANK_LISTED (here 1,000) is walked again for
    each window's values (counting; listing aims them, blank_aim); the plays, top-N, best and
    the count are those of walking every stretch whole, nothing aimed."""
    rng = random.Random(seed)
    game = simulate_once(TILES, rng, plays=6, hand_size=5)
    bag = tuple(t for t in game.pile if t not in ("?", "+", "-"))
    hand, _ = draw(bag, 4, rng)
    hand = tuple(hand) + ("?", "?")
    monkeypatch.setattr(side_tables, "BLANK_LISTED", 10 ** 9)
    monkeypatch.setattr(side_tables, "AIM_FROM", 100)
    everything = all_plays(game.board, hand, TILES)
    monkeypatch.undo()
    monkeypatch.setattr(side_tables, "BLANK_LISTED", 1000)
    assert as_keys(all_plays(game.board, hand, TILES)) == as_keys(everything)
    assert top_plays(game.board, hand, TILES, 10) == everything[:10]
    assert best_plays(game.board, hand, TILES) == [c for c in everything if c.score == everything[0].score]
    assert count_plays(game.board, hand, TILES) == len(everything)


@pytest.mark.parametrize("seed", (0, 3, 5, 10))
def test_position_leaves_no_reference_cycles(seed):
    """A search runs with the cyclic garbage collector paused, so it must make no reference
    cycle: everything it built is freed by reference counting once the Position is dropped."""
    import gc

    board, hand = situation(seed)
    hand = hand + ("?",) if seed == 3 else hand
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        analysed = Position(board, hand, TILES)
        analysed.best()
        analysed.top(3)
        analysed.count()
        analysed.all()
        del analysed
        assert gc.collect() == 0, {type(o).__name__ for o in gc.garbage}
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert gc.isenabled()


def test_a_dropped_position_leaves_no_memory_behind():
    """Nothing a search builds outlives its Position (no cache of a module's grows with the
    positions searched): a long-lived process (classroom serve, a class set's workers) goes back
    to where it was. Blanks are the case to watch: the wildcard's Numbers are many."""
    import gc
    import sys

    rng = random.Random(4)
    game = simulate_once(TILES, rng, plays=6, hand_size=5)
    bag = tuple(t for t in game.pile if t != "?")
    first = tuple(draw(bag, 4, rng)[0]) + ("?", "?")
    Position(game.board, first, TILES).best()  # the first search fills the caches meant to stay
    hand = tuple(draw(bag, 4, rng)[0]) + ("?", "?")
    gc.collect()
    before = sys.getallocatedblocks()
    analysed = Position(game.board, hand, TILES)
    analysed.best()
    analysed.count()
    del analysed
    gc.collect()
    assert sys.getallocatedblocks() - before < 2_000, sys.getallocatedblocks() - before


def test_a_cycle_alive_during_a_search_is_still_collected_after_the_next():
    """A search ends by moving what is alive to the collector's oldest generation
    (paused_collector), frozen for a moment: a reference cycle made elsewhere, alive during a
    search and dropped after, is still collected."""
    import gc
    import weakref

    class Node:
        pass

    board, hand = situation(0)
    gc.collect()
    cycle = Node()
    cycle.me = cycle
    alive = weakref.ref(cycle)
    Position(board, hand, TILES).best()
    del cycle
    Position(board, hand, TILES).best()
    gc.collect()
    assert alive() is None
    assert gc.isenabled()
