"""The class player's work cap (issue 41 item 8): a simulated class searches one rack for a
bounded, deterministic amount of work (Position.top's `work`, counted in sides built, join
look-ups and windows walked), not for seconds; past the cap it winds down on short windows; the
plays it makes are still legal and within the taste; and a search under the cap is unchanged.
Its Position writes no Number longer than the taste's digits (issue 44), which changes no play
it keeps."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.bag import draw
from classroom.game.plays import score, why_illegal
from classroom.game.symbols import BLANK, EQUAL, OPERATIONS
from classroom.game.taste import digits as taste_digits
from classroom.game.tilesets import load_level
from classroom.make import simulated
from classroom.make.simulated import (
    CLASS_WORK,
    SEARCH_BUDGET,
    choices,
    class_player,
    line_filter,
    play_misfit,
    taste_filter,
)
from classroom.solve.board import position
from classroom.solve.board.position import LONGEST_BLANK_SIDE, WINDOW_WORK, Position, longest_side, searchable
from classroom.solve.board.side_tables import AIM_FROM, SideTables
from classroom.solve.board.sides import PackedHand, cell_numbers
from tests.positions import position as board_of
from tests.simulated_games import simulate_once

ADVANCED = load_level("advanced")

# Advanced seed 1's plain Score-this-play game, before its eleventh play: with this rack the
# class player's search walked 89 windows placing 8 or 9 tiles and built 2.9 million sides
# (12 s of CPU) before it kept a play
HEAVY = board_of("A2", """
.   7   .  .  .   .   .  .  .    .  .   .  .  .
.   ?-  .  .  .   .   .  .  .    .  .   .  .  .
.   1   .  .  .   5   .  .  .    .  .   .  .  .
.   8^2 .  .  .   +   .  .  .    .  .   .  .  .
.   =   .  .  .   6   +  3  4/4  =  3   0  ×  1/3
.   -3  .  .  .   ×   .  .  .    .  .   .  .  .
.   2   .  .  .   6   .  .  .    .  .   .  .  .
.   1   .  .  .   -   .  .  .    .  .   .  .  .
8   +   1  1  ÷   -2  =  1  +    3/2 .  .  .  .
.   2^2 .  .  .   ÷   .  .  .    ×  .   .  .  .
.   .   .  .  .   -4  .  .  .    2  .   .  .  .
.   .   .  .  .   =   .  .  .    1/6 .  .  .  .
.   .   .  .  .   1/2 .  .  .    +  .   .  .  .
.   .   .  .  3/4 ×   2  8  +    3  7   =  5  8
.   .   .  .  .   9^2 .  .  .    ÷  .   .  .  .
.   .   .  .  .   .   .  .  .    4  .   .  .  .
.   .   .  .  .   .   .  .  .    =  .   .  .  .
.   .   .  .  .   .   .  .  .    4  .   .  .  .
""", ADVANCED.rules)
HEAVY_RACK = ("5/2", "?", "0", "0", "9", "-2", "4/3", "+", "-")


def class_search(board, hand, tileset, work=CLASS_WORK, capped=True):
    """Return (the class player's plays, the Position searched): simulated._fitting's search,
    with the work cap given; `capped`, its Position writes Numbers of at most the taste's digits
    as _fitting's does, else every Number."""
    player = class_player(tileset)
    fits_line = line_filter(player.taste)
    found = Position(board, hand, tileset, player.taste.largest_digits if capped else None)
    plays = found.top(player.among, SEARCH_BUDGET, keep=taste_filter(board, player.taste, fits_line),
                      digits=player.taste.largest_digits, sides=fits_line, work=work)
    return plays, found


def test_a_heavy_turn_stays_within_its_work_cap(monkeypatch):
    """On the heavy rack, the class player's search (simulated._fitting's) walks no side longer
    than LONGEST_BLANK_SIDE (the rack holds a blank), passes the cap, begins only windows of sides of at most AIM_FROM empty
    squares past it and none past twice the cap, and ends well within three times
    it; searched again, it chooses the same plays with the same work; with a tenth of the cap,
    no window is begun past twice that either."""
    begun = []  # (work done when a window was begun, its longest side)
    searched = []  # the Position searched
    walk = position.Position._window_plays

    def counted(self, window, *args):
        searched.append(self)
        begun.append((self._listing.built() + WINDOW_WORK * len(begun), longest_side(window)))
        return walk(self, window, *args)
    monkeypatch.setattr(position.Position, "_window_plays", counted)
    plays = simulated._fitting(HEAVY, HEAVY_RACK, ADVANCED, class_player(ADVANCED))
    work = searched[-1]._listing.built() + WINDOW_WORK * len(begun)
    assert work > CLASS_WORK
    assert all(side <= LONGEST_BLANK_SIDE for _, side in begun)
    assert all(side <= AIM_FROM for done, side in begun if done > CLASS_WORK)
    assert all(done <= 2 * CLASS_WORK for done, _ in begun)
    assert work < 3 * CLASS_WORK
    begun.clear()
    again, found = class_search(HEAVY, HEAVY_RACK, ADVANCED)
    assert again == plays
    assert found._listing.built() + WINDOW_WORK * len(begun) == work
    # a tenth of the cap, passed by the first window: short windows too stop at twice it
    begun.clear()
    class_search(HEAVY, HEAVY_RACK, ADVANCED, work=CLASS_WORK // 10)
    assert begun and all(done <= 2 * (CLASS_WORK // 10) for done, _ in begun)


def seeded_positions(level: str, count: int):
    """Yield `count` seeded (board, rack, tile set): a board of two to five simulated plays and
    nine tiles drawn from the bag left (a blank among them as the bag gives it)."""
    tileset = load_level(level)
    for seed in range(count):
        rng = random.Random(f"class-work:{level}:{seed}")
        game = simulate_once(tileset, rng, plays=rng.randint(2, 5))
        rack, _ = draw(game.pile, 9, rng)
        yield game.board, searchable(tuple(rack), tileset), tileset


def rack_holds(rack: tuple, placed: list[str]) -> bool:
    """Return whether the rack holds the tiles placed (a blank written as its symbol, '?x'; the =
    comes from no rack)."""
    left = Counter(rack)
    for tile in placed:
        if tile == EQUAL:
            continue
        tile = BLANK if tile.startswith(BLANK) else tile
        if not left[tile]:
            return False
        left[tile] -= 1
    return True


def test_the_class_player_plays_legal_plays_within_the_taste():
    """Every play the class player chooses among, on the heavy rack and on seeded positions of
    three levels, is legal, scores what it says, is made of the rack's tiles and leaves only
    strings its taste writes; and it finds plays on most of them."""
    cases = [(HEAVY, HEAVY_RACK, ADVANCED)]
    cases += [case for level in ("junior", "original", "advanced") for case in seeded_positions(level, 3)]
    found = 0
    for board, rack, tileset in cases:
        player = class_player(tileset)
        plays = choices(board, rack, tileset, player)
        found += bool(plays)
        for candidate in plays:
            play = candidate.play
            assert why_illegal(board, play, tileset) is None, (board, rack, play)
            assert score(board, play, tileset).total == candidate.score
            assert rack_holds(rack, [p.tile for p in play.placements]), (rack, play)
            assert play_misfit(board, play, player.taste) is None, play
    assert found >= len(cases) * 2 // 3


@pytest.mark.parametrize("level", ["junior", "original", "advanced"])
def test_under_the_cap_the_search_is_unchanged(level, monkeypatch):
    """A search of a rack without a blank that does less work than the cap chooses the same
    plays with the cap as without it (with a blank, a window of a long side is not walked:
    LONGEST_BLANK_SIDE); most seeded positions are such searches."""
    under = 0
    for board, rack, tileset in seeded_positions(level, 5):
        if BLANK in rack:
            continue
        plays, found = class_search(board, rack, tileset, work=None)
        if found._listing.built() + WINDOW_WORK * SEARCH_BUDGET * 10 > CLASS_WORK:
            continue  # maybe over the cap (a window walked adds WINDOW_WORK)
        under += 1
        assert class_search(board, rack, tileset)[0] == plays
    assert under >= 2


def test_a_window_stops_inside_at_the_cap(monkeypatch):
    """With a cap far below what the heavy rack's first window builds, the search stops inside
    that window: its tables build less than the same window walked whole (the cap switched off
    inside windows, SideTables.cap), and no window is begun after it either way."""
    small = 2_000
    _, stopped = class_search(HEAVY, HEAVY_RACK, ADVANCED, work=small)
    monkeypatch.setattr(SideTables, "cap", lambda self, work: None)
    _, whole = class_search(HEAVY, HEAVY_RACK, ADVANCED, work=small)
    assert small < stopped._listing.built() < whole._listing.built()


def test_numbers_past_the_tastes_digits_change_no_play_kept():
    """Without the work cap, the class player's search of a Position whose Numbers stop at the
    taste's digits keeps exactly the plays, in the same order, of the search writing every
    Number (the taste refuses the longer ones anyway), on seeded positions of three levels; and
    it builds fewer sides where the hand can write longer Numbers."""
    fewer = 0
    for level in ("junior", "original", "advanced"):
        for board, rack, tileset in seeded_positions(level, 3):
            plays, capped = class_search(board, rack, tileset, work=None)
            every, whole = class_search(board, rack, tileset, work=None, capped=False)
            assert plays == every, (level, rack)
            assert capped._listing.built() <= whole._listing.built()
            fewer += capped._listing.built() < whole._listing.built()
    assert fewer >= 7


def test_a_position_of_capped_numbers_answers_only_a_kept_top():
    """A Position whose Numbers stop at some digits refuses what it would answer with plays left
    out: every play, a count, a top without a `keep`."""
    board, rack, tileset = next(seeded_positions("original", 1))
    capped = Position(board, rack, tileset, 2)
    for ask in (capped.all, capped.count, capped.best, lambda: capped.top(3), lambda: list(capped.plays())):
        with pytest.raises(ValueError, match="at most 2 digits"):
            ask()


def digits_written(cells: tuple, fills: tuple, last: int) -> int:
    """Return taste.digits of the Number the fills write on cells[:last + 1] (a fixed cell's
    symbol, else the next fill's, a blank's as its symbol)."""
    placed = iter(fills)
    symbols = [cell if type(cell) is str else next(placed).removeprefix(BLANK) for cell in cells[:last + 1]]
    return taste_digits(tuple(symbols))


@settings(max_examples=150, deadline=None)
@given(level=st.sampled_from(("original", "advanced")), most=st.integers(1, 3), data=st.data())
def test_a_hand_of_capped_numbers_writes_those_of_at_most_its_digits(level, most, data):
    """`cell_numbers` of a hand whose Numbers stop at `most` digits gives exactly the Numbers of
    the same hand writing every Number whose digits (taste.digits: a negative tile's counts) are at
    most `most`, on stretches of empty, cross-checked and fixed cells (digits, fractions, negative
    and exponent tiles), blanks in the hand included."""
    tileset = load_level(level)
    numbers = sorted(s for s in tileset.rules.symbols if s not in OPERATIONS and s != EQUAL)
    cell = st.one_of(st.none(), st.none(), st.sampled_from(numbers),
                     st.sets(st.sampled_from(numbers), min_size=1).map(frozenset))
    cells = tuple(data.draw(st.lists(cell, min_size=1, max_size=6)))
    hand = tuple(data.draw(st.lists(st.sampled_from((*numbers, BLANK, "+")), min_size=1, max_size=6)))
    hand = searchable(hand, tileset)
    capped = cell_numbers(cells, PackedHand(hand, tileset, most))
    every = cell_numbers(cells, PackedHand(hand, tileset))
    expected = []
    for last, by_used in every:
        kept = [(used, tuple(item for item in items if digits_written(cells, item[2], last) <= most))
                for used, items in by_used]
        kept = tuple((used, items) for used, items in kept if items)
        if kept:
            expected.append((last, kept))
    assert capped == tuple(expected)
