"""Counting the plays of a hand with a blank (issue 29, item 4) gives the true number: the
brute-force reference's on small random boards, with one blank and with two; the numbers the
count gave before it was made faster, on bench positions; and a true lower bound when the work
limit stops it. The pieces of the faster count agree with trying every symbol for the blank:
the walks shared by stretches that begin alike, the values read from a walk's skeletons, and a
long side's sides holding the blank aimed as the listing aims them, counted."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.board import read_board
from classroom.game.symbols import BLANK, OPERATIONS, PLUS_MINUS, TIMES_DIVIDE
from classroom.game.tilesets import load_level
from classroom.solve.board.aim import Aiming
from classroom.solve.board.blank_aim import BlankAiming, blank_table
from classroom.solve.board.blank_count import SharedWalks, blank_count_walk, blank_counts, counted_table, counted_uses
from classroom.solve.board.position import Position
from classroom.solve.board.side_tables import SideTables
from classroom.solve.board.sides import PackedHand
from tests.benchmarks.bench_best import position as bench_position
from tests.reference_board import reference_plays
from tests.simulated_games import simulate_once
from tests.test_aimed import value_keys
from tests.test_aimed_wild import hands, sides_holding_blank
from tests.test_wildcard import CELL, REAL_TILES, holding_a_blank

TILES = load_level("original")


def small_game(seed: int, plays: int):
    """Return a seeded board of a few simulated plays and the bag left, blanks set aside."""
    rng = random.Random(seed)
    game = simulate_once(TILES, rng, plays=plays, hand_size=4)
    return game.board, tuple(t for t in game.pile if t != BLANK), rng


@settings(max_examples=25)
@given(seed=st.integers(0, 10 ** 6), plays=st.integers(0, 3))
def test_count_with_one_blank_is_the_brute_force_count(seed, plays):
    """Two tiles and a blank on a small random board: the count is the number of plays the
    brute-force reference finds, and a count stopped by a small limit says at most that."""
    board, bag, rng = small_game(seed, plays)
    hand = tuple(rng.sample(bag, 2)) + (BLANK,)
    expected = len(reference_plays(board, hand, TILES))
    assert Position(board, hand, TILES).count() == expected
    at_least, exact = Position(board, hand, TILES).count_at_least(200)
    assert at_least <= expected and (at_least == expected or not exact)


@settings(max_examples=3)
@given(seed=st.integers(0, 10 ** 6), plays=st.integers(0, 2))
def test_count_with_two_blanks_is_the_brute_force_count(seed, plays):
    """One tile and two blanks on a small random board: the brute-force reference's count."""
    board, bag, rng = small_game(seed, plays)
    hand = (rng.choice(bag), BLANK, BLANK)
    assert Position(board, hand, TILES).count() == len(reference_plays(board, hand, TILES))


BOARDS = Path(__file__).parent / "boards"
# bench_best's boards of seeds 0 and 11 and their hands, as they were dealt when these counts
# were taken (simulated games are dealt as records since; the boards are kept as files).
FROZEN = {0: "+ + + 1 4 4 9 ÷ ?", 11: "+ + 1 1 6 × ÷ ÷ ?"}


@pytest.mark.parametrize("seed,count", [(0, 22_424), (11, 12_637)])
def test_bench_positions_count_what_they_counted_before(seed, count):
    """Nine tiles with one blank on bench_best's mid-game boards (tests/boards/bench-SEED.txt):
    the numbers the count gave before it was made faster (bench_count --unbounded, 2026-11-25),
    unchanged."""
    board = read_board(BOARDS / f"bench-{seed}.txt", TILES.rules)
    hand = TILES.read_hand(FROZEN[seed])
    assert Position(board, hand, TILES).count() == count


def test_a_stopped_count_with_a_blank_is_a_lower_bound():
    """A nine-tile hand with a blank, stopped at a quarter, a half and three quarters of the work
    its whole count takes: each says "at least N" with N below the count, and the same Position
    asked again without a limit counts every play."""
    board, hand = bench_position(11, TILES, 1)
    whole = Position(board, hand, TILES)
    number = whole.count()
    work = whole._counting.tables.work()
    for part in (work // 4, work // 2, 3 * work // 4):
        stopped = Position(board, hand, TILES)
        at_least, exact = stopped.count_at_least(part)
        assert not exact and at_least <= number
        assert stopped.count() == number


def packed(hand: tuple) -> tuple:
    """Return the hand, the hand without its blanks and the hand less one blank, packed."""
    less = list(hand)
    less.remove(BLANK)
    return (PackedHand(hand, TILES), PackedHand(tuple(t for t in hand if t != BLANK), TILES),
            PackedHand(tuple(less), TILES))


def restricted(counts: dict, targets) -> dict:
    """Return (value, tiles used) -> how many, of the target values only (all with None)."""
    return {(key, used): many for (key, used), many in counts.items() if targets is None or key in targets}


def as_counts(table: dict) -> dict:
    """Return (value, tiles used) -> how many from a table (value -> tiles used -> how many)."""
    return {(key, used): many for key, by_used in table.items() for used, many in by_used.items() if many}


@settings(max_examples=200)
@given(pattern=st.lists(CELL, min_size=1, max_size=6).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "-", "×", "÷")), min_size=1, max_size=5),
       operations=st.sampled_from((OPERATIONS, TIMES_DIVIDE)), data=st.data())
def test_shared_walks_read_what_every_blank_symbol_gives(pattern, tiles, operations, data):
    """A stretch read from the walk of a longer one that begins with it, at every end, with or
    without targets, gives as many sides holding the blank of each value and tiles used as
    trying every symbol for the blank does."""
    hand = tuple(tiles) + (BLANK,)
    full, plain, rest = packed(hand)
    longer = pattern + tuple(data.draw(st.lists(CELL, max_size=3)))
    shared = SharedWalks()

    def walk(cells):
        return blank_counts(cells, full, plain, rest, (True,) * len(cells), operations=operations)

    shared.walked(longer, len(longer) - 1, walk)  # the longer one first: the shorter is read from it
    targets = data.draw(st.one_of(st.none(), st.sets(st.integers(0, 30), max_size=5).map(lambda s: s | {(1, 2)})))
    for end in range(len(pattern)):
        stops = (False,) * end + (True,)
        expected = restricted(holding_a_blank(pattern[:end + 1], hand, stops, operations).get(end, {}), targets)
        assert restricted(as_counts(shared.table(pattern, end, walk)), targets) == expected
        wild = shared.walked(pattern, end, walk)
        if wild:
            assert as_counts(counted_table(wild, targets)) == expected


@settings(max_examples=200)
@given(pattern=st.lists(CELL, min_size=1, max_size=6).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "-", "×", "÷")), min_size=1, max_size=5),
       operations=st.sampled_from((OPERATIONS, TIMES_DIVIDE)))
def test_counted_uses_are_the_sides_of_every_value_by_tiles_used(pattern, tiles, operations):
    """How many sides holding a blank use each tiles, read from a counting walk without writing
    a value, is what trying every symbol for the blank gives, added up by tiles used."""
    hand = tuple(tiles) + (BLANK,)
    full, plain, rest = packed(hand)
    end = len(pattern) - 1
    wild = blank_counts(pattern, full, plain, rest, (True,) * len(pattern), operations=operations).get(end)
    expected: dict = {}
    for (_, used), many in holding_a_blank(pattern, hand, (False,) * end + (True,), operations).get(end, {}).items():
        expected[used] = expected.get(used, 0) + many
    assert {used: many for used, many in (counted_uses(wild) if wild else {}).items() if many} == \
        {used: many for used, many in expected.items() if many}


def counted_aiming(full, plain, rest) -> BlankAiming:
    """Return a counting BlankAiming as SideTables makes it for a count with one blank."""
    plain_aiming = Aiming(plain, True, signs=PLUS_MINUS)
    return BlankAiming(full, plain_aiming, plain_aiming, True, [0])


def counted(table: dict, values) -> dict:
    """Return (value, tiles used) -> how many sides, of the values only, from a listed table."""
    return {(key, used): len(fills) for key, by_used in table.items() if key in values
            for used, fills in by_used.items() if fills}


@settings(max_examples=200, deadline=None)
@given(pattern=st.lists(CELL, min_size=1, max_size=7).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "-", "×", "÷")), min_size=1, max_size=6),
       seed=st.integers(0, 1000))
def test_counted_aimed_sides_holding_a_blank_are_the_blank_walks_sides(pattern, tiles, seed):
    """Counting with one blank, a long side's sides holding it are aimed as listing aims them
    (terms split at their last × or ÷, Numbers written from their value) and counted: for any
    stretch and hand, how many of each target value and tiles used the wildcard walk lists,
    asked once and asked again for every value."""
    full, plain, rest = hands(tuple(tiles), 1)
    every = sides_holding_blank(pattern, full, plain, rest)
    aimed = counted_aiming(full, plain, rest)
    first = value_keys(every, random.Random(seed), 3)
    assert as_counts_of(aimed.aimed(pattern, first), first) == counted(every, first)
    everything = set(every) | first
    assert as_counts_of(aimed.aimed(pattern, everything), everything) == counted(every, everything)


@pytest.mark.parametrize("seed", range(8))
def test_counted_aimed_sides_of_long_stretches(seed):
    """Hands with + and −, × and ÷ and one blank over stretches of six to eight squares, as on a
    board: the aimed count of the sides holding the blank is the wildcard walk's, value by value."""
    rng = random.Random(seed)
    for _ in range(3):
        tiles = rng.sample(["+", "-", "×", "÷", "×"], 2) + rng.sample(REAL_TILES, 5)
        full, plain, rest = hands(tuple(tiles), 1)
        pattern = tuple(rng.choice((None, None, None, None, None, "2", "+", "1/2", "×"))
                        for _ in range(rng.randint(6, 8)))
        every = sides_holding_blank(pattern, full, plain, rest)
        values = value_keys(every, rng, 6)
        assert as_counts_of(counted_aiming(full, plain, rest).aimed(pattern, values), values) == \
            counted(every, values), (tiles, pattern)


@settings(max_examples=150, deadline=None)
@given(pattern=st.lists(CELL, min_size=5, max_size=7).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES), min_size=1, max_size=3),
       operations=st.lists(st.sampled_from(("×", "÷")), min_size=1, max_size=2), seed=st.integers(0, 1000))
def test_counted_terms_of_value_zero_are_the_blank_walks_sides(pattern, tiles, operations, seed):
    """A hand holding a 0, a × or ÷ and a blank, over a long stretch: the terms with a factor
    0 are counted by tiles used alone, and the count of every target value, 0 included, is the
    wildcard walk's, asked once and again for every value."""
    full, plain, rest = hands(("0",) + tuple(operations) + tuple(tiles), 1)
    every = sides_holding_blank(pattern, full, plain, rest)
    aimed = counted_aiming(full, plain, rest)
    first = value_keys(every, random.Random(seed), 3)
    assert 0 in first
    assert as_counts_of(aimed.aimed(pattern, first), first) == counted(every, first)
    everything = set(every) | first
    assert as_counts_of(aimed.aimed(pattern, everything), everything) == counted(every, everything)


def as_counts_of(table: dict, values) -> dict:
    """Return (value, tiles used) -> how many from a counted table, of the values only."""
    return {(key, used): many for key, by_used in table.items() if key in values
            for used, many in by_used.items() if many}


@settings(max_examples=150)
@given(pattern=st.lists(CELL, min_size=1, max_size=6).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "-", "×", "÷")), min_size=1, max_size=5),
       more=st.lists(CELL, max_size=3).map(tuple), walked_first=st.booleans())
def test_a_count_reads_a_stretch_from_the_aimed_sides_walk(pattern, tiles, more, walked_first):
    """Counting, the sides holding a blank of a stretch that the aimed sides' walk of a longer
    one covers are read from that walk: as many of each value and tiles used as the stretch's
    own walk gives, and as trying every symbol for the blank does."""
    hand = tuple(tiles) + (BLANK,)
    full, plain, rest = packed(hand)
    tables = SideTables(full, plain, rest, counting=True)
    if walked_first and tables._blank_aiming:
        longer = pattern + more + (None,)
        tables._blank_aiming.prefixes(longer)  # the walk of every end of the longer stretch
    skeletons, table = tables.blank(pattern)
    assert skeletons == []
    end = len(pattern) - 1
    expected = holding_a_blank(pattern, hand, (False,) * end + (True,), OPERATIONS).get(end, {})
    assert as_counts(table) == {key: many for key, many in expected.items() if many}
    assert as_counts(table) == as_counts(blank_count_walk(pattern, full, plain, rest)[1])


@settings(max_examples=150)
@given(pattern=st.lists(CELL, min_size=1, max_size=6).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "-", "×", "÷")), min_size=1, max_size=5),
       targets=st.sets(st.one_of(st.integers(0, 30), st.sampled_from([(1, 2), (7, 4), (5, 6)])), max_size=6))
def test_a_counted_table_of_a_few_targets_is_the_walks_values_among_them(pattern, tiles, targets):
    """A count's table of the sides holding a blank, of a few target values (blank_aim.blank_table,
    its targets looked up when fewer than the table's values): as many of each value and tiles
    used as the whole table holds among the targets, and as trying every symbol for the blank."""
    hand = tuple(tiles) + (BLANK,)
    full, plain, rest = packed(hand)
    wild = blank_count_walk(pattern, full, plain, rest)
    end = len(pattern) - 1
    expected = restricted(holding_a_blank(pattern, hand, (False,) * end + (True,), OPERATIONS).get(end, {}), targets)
    got = blank_table(wild, True, targets)
    assert as_counts(got) == {key: many for key, many in expected.items() if many}
    assert got == {key: by_used for key, by_used in blank_table(wild, True).items() if key in targets}
