"""The engine under horizontal play (solve/horizontal.py) against a brute force written apart:
every ordering of every part of the hand, a blank as each symbol it may show, the = in every
place, kept when the arithmetic reads it as an equation, laid across from every square of the
board and kept when the game's rule (`game.horizontal.why_not_horizontal`) allows it, scored by
`game.plays.score`. Boards hold tiles scattered at random, so many places are closed."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.arithmetic import Illegal, read
from classroom.game.board import SIZE, Board, Direction, Placement
from classroom.game.horizontal import why_not_horizontal
from classroom.game.plays import Play, score
from classroom.game.symbols import BLANK, EQUAL, face
from classroom.game.tilesets import load_level
from classroom.solve.board.position import candidate_order
from classroom.solve.horizontal import Horizontal

ADD = load_level("add-subtract")
NO_FRACTIONS = load_level("no-fractions")
JUNIOR = load_level("junior")


def brute_force(board: Board, hand: tuple[str, ...], tileset, bonus: int = 1) -> dict[Play, int]:
    """Return every legal horizontal play of the hand on the board with its score, by trying
    every arrangement of the hand's tiles at every square."""
    found: dict[Play, int] = {}
    equations = set()
    for size in range(2, len(hand) + 1):
        for chosen in set(itertools.permutations(hand, size)):
            shown = [[t] if t != BLANK else [BLANK + s for s in tileset.blank_symbols] for t in chosen]
            for tiles in itertools.product(*shown):
                for cut in range(1, size):
                    laid = tiles[:cut] + (EQUAL,) + tiles[cut:]
                    try:
                        if read(tuple(face(t) for t in laid), tileset.rules).kind == "equation":
                            equations.add(laid)
                    except Illegal:
                        pass
    for laid in equations:
        for row in range(1, SIZE + 1):
            for column in range(1, SIZE + 2 - len(laid)):
                play = Play(tuple(Placement((row, column + i), t) for i, t in enumerate(laid)), Direction.ACROSS)
                if why_not_horizontal(board, play, tileset) is None:
                    found[play] = score(board, play, tileset, bonus).total
    return found


def scattered(squares: list[tuple[int, int]]) -> Board:
    """Return a board holding a 5 on each square (what they are does not matter to the rule)."""
    return Board().place([Placement(square, "5") for square in sorted(set(squares))])


SQUARE = st.tuples(st.integers(1, SIZE), st.integers(1, SIZE))


@settings(max_examples=40)
@given(tileset=st.sampled_from([ADD, NO_FRACTIONS, JUNIOR]), data=st.data(),
       squares=st.lists(SQUARE, max_size=90), bonus=st.sampled_from([1, 1, 2, 3]))
def test_the_engine_finds_every_play_the_brute_force_finds(tileset, data, squares, bonus):
    """Every play and score the brute force finds, the engine finds, and no other; its count is
    theirs; its best and top plays are the first of them in the engine's order."""
    symbols = [s for s in tileset.count if s != EQUAL and tileset.count[s] > 0]
    hand = tuple(data.draw(st.lists(st.sampled_from(sorted(symbols)), min_size=2, max_size=4), label="hand"))
    board = scattered(squares)
    expected = brute_force(board, hand, tileset, bonus)
    engine = Horizontal(board, hand, tileset, bonus)
    everything = engine.all()
    assert {c.play: c.score for c in everything} == expected
    assert len(everything) == len(expected) == engine.count()
    ranked = sorted(everything, key=candidate_order)
    assert everything == ranked
    top = ranked[0].score if ranked else None
    assert engine.best() == [c for c in ranked if c.score == top]
    assert engine.top(3) == ranked[:3]


@settings(max_examples=10)
@given(squares=st.lists(SQUARE, max_size=60), data=st.data())
def test_a_blank_is_laid_in_every_place_it_can_stand(squares, data):
    """A hand holding a blank: the engine lays it as each symbol and in each place, as the brute
    force does (a blank scores 0, so where it stands changes the score)."""
    hand = tuple(data.draw(st.lists(st.sampled_from(["1", "2", "5", "+", "-"]), min_size=1, max_size=2),
                           label="hand")) + (BLANK,)
    board = scattered(squares)
    expected = brute_force(board, hand, ADD)
    assert {c.play: c.score for c in Horizontal(board, hand, ADD).all()} == expected


def test_the_engine_on_a_closed_board_finds_nothing():
    """A board with a tile on every other row and column leaves no place for three tiles."""
    board = scattered([(r, c) for r in range(1, SIZE + 1, 2) for c in range(1, SIZE + 1, 2)])
    assert Horizontal(board, ("1", "1", "2", "+"), ADD).all() == []
    assert brute_force(board, ("1", "1", "2", "+"), ADD) == {}


def test_the_fraction_bonus_counts_in_the_engines_scores():
    """A player given the fraction bonus (RULES §12) has each fraction tile placed scored ×2 or ×3
    in the engine as in `game.plays.score`, so the best play of a fraction hand scores more."""
    hand = ("1/2", "1/2", "+", "1")
    board = scattered([(10, 10), (4, 4)])
    plain, doubled = Horizontal(board, hand, JUNIOR).best(), Horizontal(board, hand, JUNIOR, 2).best()
    assert {c.play: c.score for c in Horizontal(board, hand, JUNIOR, 2).all()} == brute_force(board, hand, JUNIOR, 2)
    assert doubled[0].score > plain[0].score


def test_two_blanks_are_laid_in_every_place_they_can_stand():
    """Two blanks beside a real tile: every way to lay them, as the brute force finds."""
    board = scattered([(10, 10), (3, 5), (17, 14)])
    hand = ("1", BLANK, BLANK)
    assert {c.play: c.score for c in Horizontal(board, hand, ADD).all()} == brute_force(board, hand, ADD)
