"""The Board Situation model, built by hand from the rule booklet: the board after sample plays
1-4, and sample play 5 (`7/4 = 3/4 + 1` across F9-J9, 30 points) as the best play."""

from __future__ import annotations

import pytest

from classroom.game.board import Board, Direction, parse_board, parse_square, square_name
from classroom.game.notation import parse_play, placements
from classroom.game.plays import Breakdown, EquationScore, TileScore, make_play, notation, score, why_illegal
from classroom.game.tilesets import load_level
from classroom.make.keys import board_tiles, hand_faces
from classroom.make.worksheet import KeyPlay, SituationItem, Worksheet, premium_labels

ORIGINAL = load_level("original")

# The booklet's board after sample plays 1-4 (docs/rules.md §8), as a board file.
BOOKLET_GRID = """\
# after the booklet's sample plays 1-4
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . 2 . . . .
. . . . . . . . . 2 4 ÷ 3 = 8 . . . .
. . . . . . . . . . . . . . = . . . .
. . . . . . . . 7 + 9 × 4 = 4 3 . . .
. . . . . . . . . . . . . . × . . . .
. . . . . . . . . . . . . . 7 . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
"""

BOOKLET_HAND = ("7/4", "3/4", "+", "1", "5", "2", "×", "6", "?")


def grid_tiles(grid: str) -> dict[tuple[int, int], str]:
    """Return (row, col) -> tile of a board file's text (a test helper, not the engine's parser)."""
    rows = [line.split() for line in grid.splitlines() if line.strip() and not line.startswith("#")]
    return {(r, c): cell for r, row in enumerate(rows, 1) for c, cell in enumerate(row, 1) if cell != "."}


def scored_play(board: Board, written: str) -> KeyPlay:
    """Return a written play as a key carries it: laid on the board and scored by the rules
    (game.plays), as make.keys.key_play does with a play the search found."""
    parsed = parse_play(written)
    new, reason = placements(board, parsed)
    assert reason is None, reason
    play = make_play(new, parsed.direction)
    assert why_illegal(board, play, ORIGINAL) is None
    return KeyPlay(notation(board, play), play.placements, score(board, play, ORIGINAL))


def sample_play_5() -> KeyPlay:
    """Return the booklet's sample play 5 as a key play: 3·7 + 0 + 6 + 2·1 + 1 = 30."""
    return scored_play(parse_board(BOOKLET_GRID), "F9 across 7/4 = 3/4 + 1")


def equation_score(text: str, tiles: tuple[tuple[str, str, int, int], ...], multipliers: tuple[int, ...] = (),
                   direction: Direction = Direction.ACROSS) -> EquationScore:
    """Return an equation's score as game.plays writes one, from (square, tile, symbol score,
    S factor) rows: rendering data, not a real game's."""
    scored = tuple(TileScore(parse_square(square), tile, True, points, factor) for square, tile, points, factor in tiles)
    return EquationScore(direction, tuple(t.square for t in scored), text, scored, multipliers)


def runner_up(notation: str, score: int) -> KeyPlay:
    """Return an illustrative runner-up, one tile scoring it all (rendering data, not engine output)."""
    equation = equation_score(notation.split(" ", 2)[2], (("A1", "1", score, 1),))
    return KeyPlay(notation, (), Breakdown((equation,), 0))


def booklet_item(id: str = "S-7-01") -> SituationItem:
    """Return the booklet situation with sample play 5 as its best play."""
    return SituationItem(
        id=id,
        board=board_tiles(grid_tiles(BOOKLET_GRID), ORIGINAL),
        hand=hand_faces(BOOKLET_HAND, ORIGINAL),
        best=(sample_play_5(),),
        next_best=(runner_up("K9 down 1 = 4 - 3", 12), runner_up("Q12 down 3 × 2 = 6", 9)),
        count=1234,
        grid=BOOKLET_GRID,
    )


def booklet_worksheet(page_size: str = "letter", large_print: bool = False, items: int = 1) -> Worksheet:
    """Return a situations worksheet of copies of the booklet situation."""
    return Worksheet("situations", 7, "original",
                     tuple(booklet_item(f"S-7-{n:02d}") for n in range(1, items + 1)),
                     page_size, large_print)


def test_board_tiles_carry_their_scores():
    """The situation's board holds every booklet tile with the score the tile set prints."""
    squares = booklet_item().squares
    assert len(squares) == 18
    assert squares[(10, 10)].tile == "2" and squares[(10, 12)].score == 5  # J10 2, L10 ÷
    assert squares[(12, 9)].tile == "7" and squares[(12, 9)].score == 2  # I12 7


def test_sample_play_5_breakdown_adds_up():
    """The breakdown of sample play 5 adds up to the booklet's 30."""
    play = sample_play_5()
    (equation,) = play.breakdown.equations
    assert [t.points for t in equation.tiles] == [21, 0, 6, 2, 1]
    assert equation.sum * equation.multiplier == equation.subtotal == play.score == 30
    assert [square_name(p.square) for p in play.placements] == ["F9", "G9", "H9", "I9", "J9"]


def test_item_reports_best_score_and_tokens():
    """best_score comes from the first best play; tokens are the canonical hand."""
    item = booklet_item()
    assert item.best_score == 30
    assert item.tokens == BOOKLET_HAND
    assert SituationItem("S-1-01", (), (), ()).best_score is None


@pytest.mark.parametrize("square, label", [((10, 10), "2E"), ((1, 1), "3E"), ((9, 6), "3S"),
                                           ((9, 9), "2S"), ((1, 2), "")])
def test_premium_labels(square, label):
    """The premium labels the board drawing prints agree with the layout (J10 2E, F9 3S, I9 2S)."""
    row, col = square
    assert premium_labels()[row - 1][col - 1] == label


def test_worksheet_rejects_unknown_kind_and_page_size():
    """A worksheet is 'boardless' or 'situations', on 'letter' or 'a4'."""
    with pytest.raises(ValueError):
        Worksheet("bingo", 1, "original", ())
    with pytest.raises(ValueError):
        Worksheet("situations", 1, "original", (), page_size="legal")
