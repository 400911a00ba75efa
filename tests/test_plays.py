"""Play rules (docs/rules.md §6) and scoring (docs/rules.md §7) on hand-made positions and the booklet's plays."""

from __future__ import annotations

import pytest

from classroom.game.board import Board, Direction
from classroom.game.plays import notation, score, why_illegal
from classroom.game.tilesets import load_level
from classroom.solve.board.position import all_plays
from tests.positions import play, position

ACROSS, DOWN = Direction.ACROSS, Direction.DOWN
TILES = load_level("original")

BOOKLET = [
    (play(ACROSS, "J10=2", "K10=4", "L10=÷", "M10=3", "N10==", "O10=8"), 28, "J10 across 24 ÷ 3 = 8"),
    (play(DOWN, "O9=2", "O11==", "O12=4", "O13=×", "O14=7"), 11, "O9 down 28 = 4 × 7"),
    (play(ACROSS, "M12=4", "N12=="), 3, "M12 across 4 = 4"),
    (play(ACROSS, "I12=7", "J12=+", "K12=9", "L12=×", "P12=3"), 11, "I12 across 7 + 9 × 4 = 43"),
    (play(ACROSS, "F9=7/4", "G9==", "H9=3/4", "I9=+", "J9=1"), 30, "F9 across 7/4 = 3/4 + 1"),
]

FIRST = position("J10", "2 4 ÷ 3 = 8")


def test_booklet_plays_score_as_printed():
    """The booklet's five sample plays, played in order, are legal and score 28, 11, 3, 11, 30."""
    board = Board()
    for move, expected, written in BOOKLET:
        assert why_illegal(board, move, TILES) is None
        assert score(board, move, TILES).total == expected
        assert notation(board, move) == written
        board = board.place(move.placements)


@pytest.mark.parametrize("turn", [1, 2, 3, 4])
def test_generator_finds_booklet_plays(turn):
    """Given the board before a booklet play and exactly its tiles, the generator lists that play
    with the printed score."""
    board = Board()
    for move, _, _ in BOOKLET[:turn]:
        board = board.place(move.placements)
    move, expected, _ = BOOKLET[turn]
    hand = tuple(p.tile for p in move.placements if p.tile != "=")
    found = {c.play.placements: c.score for c in all_plays(board, hand, TILES)}
    assert found[move.placements] == expected


def test_breakdown_of_first_play():
    """The breakdown shows each tile, the S premium on O10 and the centre's 2E."""
    breakdown = score(Board(), BOOKLET[0][0], TILES)
    [equation] = breakdown.equations
    assert [t.points for t in equation.tiles] == [1, 1, 5, 1, 0, 6]
    assert equation.multipliers == (2,)
    assert equation.explain() == "(1 + 1 + 5 + 1 + 0 + 2×3) × 2 = 28"
    assert breakdown.bonus == 0


def test_two_equations_share_a_premium():
    """A play forming two equations scores both, and the 3E square they share triples each."""
    board = position("A10", ". 2 × 4 ÷ 1 × 0 + 5 = 5")
    move = play(DOWN, "A8=9", "A9==", "A10=9")
    assert why_illegal(board, move, TILES) is None
    breakdown = score(board, move, TILES)
    assert [(e.text, e.multipliers, e.subtotal) for e in breakdown.equations] == [
        ("9 = 9", (3,), 12),
        ("92 × 4 ÷ 1 × 0 + 5 = 5", (3,), 60),
    ]
    assert breakdown.total == 72


def test_extension_on_both_ends():
    """'4 = 4' extended on both ends to '7 + 9 × 4 = 43': old tiles count plain."""
    board = position("J9", """
        . . . . . 2
        2 4 ÷ 3 = 8
        . . . . . =
        . . . 4 = 4
        . . . . . ×
        . . . . . 7
    """)
    move = play(ACROSS, "I12=7", "J12=+", "K12=9", "L12=×", "P12=3")
    assert why_illegal(board, move, TILES) is None
    assert score(board, move, TILES).total == 2 + 1 + 2 + 3 + 1 + 0 + 1 + 1


@pytest.mark.parametrize("board, move, reason", [
    (FIRST, play(ACROSS, "J11=1", "K11==", "L11=1"), "column K from K10: there is nothing after the ="),
    (FIRST, play(ACROSS, "M11=8", "N11==", "O11=8"), "column N from N10: an equation has only one ="),
    (FIRST, play(ACROSS, "J12=1", "K12==", "L12=="), "a play places at most one ="),
    (Board(), play(ACROSS, "A1=1", "B1==", "C1=1"), "the first play must cover the centre square J10"),
    (FIRST, play(ACROSS, "J11=1", "L11=1"), "there is a gap at K11"),
    (FIRST, play(ACROSS, "A1=1", "B1==", "C1=1"), "the play does not touch any tile already on the board"),
    (FIRST, play(DOWN, "P10=+", "P11=1"), "column P from P10: an expression cannot start with +"),
    (FIRST, play(DOWN, "J11=+", "J12=1"), "column J from J10: 2 + 1 is an expression, not an equation"),
    (FIRST, play(DOWN, "J11=?"), "the blank on J11 must be given a symbol"),
    (FIRST, play(DOWN, "J11=?=", "J12=2"), "'?=' on J11 is not a tile"),
    (FIRST, play(ACROSS, "J11=1", "J12=1"), "the tiles are not all in one row"),
], ids=["cross-string", "second-equal", "two-equals-placed", "centre", "gap", "apart", "main-starts-with-operation",
        "expression", "blank-unassigned", "blank-as-equal", "not-a-line"])
def test_illegal_plays(board, move, reason):
    """Each broken rule is reported in one sentence that names where."""
    assert why_illegal(board, move, TILES) == reason


def test_blank_scores_zero():
    """A blank placed as 3 shows 3 and scores 0; the first play's centre doubles the rest."""
    move = play(ACROSS, "J10=?3", "K10==", "L10=3")
    assert why_illegal(Board(), move, TILES) is None
    breakdown = score(Board(), move, TILES)
    assert [t.symbol_score for t in breakdown.equations[0].tiles] == [0, 0, 1]
    assert breakdown.total == 2
    assert notation(Board(), move) == "J10 across 3 = 3"


def test_all_nine_bonus():
    """Placing all nine tiles of a hand (the = not counted) earns 40 on top."""
    move = play(ACROSS, "F10=8", "G10=1", "H10=÷", "I10=9", "J10=+", "K10=1", "L10=7", "M10==",
                "N10=2", "O10=6")
    assert why_illegal(Board(), move, TILES) is None
    breakdown = score(Board(), move, TILES)
    assert breakdown.bonus == 40
    assert breakdown.total == (2 + 1 + 5 + 2 + 1 + 1 + 2 + 0 + 1 + 2 * 3) * 2 + 40
