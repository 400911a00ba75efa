"""The Board Situation model, built by hand from the rule booklet: the board after sample plays
1-4, and sample play 5 (`7/4 = 3/4 + 1` across F9-J9, 30 points) as the best play."""

from __future__ import annotations

import pytest

from classroom.game.tilesets import load_level
from classroom.make.keys import board_tiles, hand_faces
from classroom.make.worksheet import (
    KeyBreakdown,
    KeyContribution,
    KeyEquationScore,
    KeyPlacement,
    KeyPlay,
    SituationItem,
    Worksheet,
    premium_labels,
)

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


def sample_play_5() -> KeyPlay:
    """Return the booklet's sample play 5 as a key play: 3·7 + 0 + 6 + 2·1 + 1 = 30."""
    contributions = (
        KeyContribution("F9", "7/4", 7, 3), KeyContribution("G9", "=", 0), KeyContribution("H9", "3/4", 6),
        KeyContribution("I9", "+", 1, 2), KeyContribution("J9", "1", 1),
    )
    placements = tuple(KeyPlacement(9, col, tile) for col, tile in zip(range(6, 11), ("7/4", "=", "3/4", "+", "1")))
    equation = KeyEquationScore("7/4 = 3/4 + 1", contributions, multiplier=1, subtotal=30)
    return KeyPlay("F9 across 7/4 = 3/4 + 1", 30, placements, KeyBreakdown((equation,), bonus=0, total=30))


def runner_up(notation: str, score: int) -> KeyPlay:
    """Return an illustrative runner-up with a one-line breakdown (rendering data, not engine output)."""
    equation = KeyEquationScore(notation.split(" ", 2)[2], (), subtotal=score)
    return KeyPlay(notation, score, (), KeyBreakdown((equation,), total=score))


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
    assert [c.points for c in equation.contributions] == [21, 0, 6, 2, 1]
    assert sum(c.points for c in equation.contributions) * equation.multiplier == equation.subtotal == 30
    assert [p.square for p in play.placements] == ["F9", "G9", "H9", "I9", "J9"]


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
