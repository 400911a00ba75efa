"""What no position can give, known before any search: a request asking for more is refused at
once, in one sentence, instead of searching for half a minute in vain (issue 44). The command
line's and the page's checks of a request can call these; the searches call them at their start.

A bound here is true for every position: it may be far above what positions give, never below.
Where a request is above what positions give but under the bound, the search itself stops early
(`past_every_best`): its first tries tell it so, a seed deciding, not a clock.
"""

from __future__ import annotations

from classroom.errors import ClassroomError
from classroom.game.board import SIZE, layout
from classroom.game.plays import ALL_NINE_BONUS
from classroom.game.symbols import MAX_HAND
from classroom.game.tilesets import TileSet

# Tries of a situations search after which a margin above every best score seen stops it (two
# boards of make.situations.HANDS_PER_BOARD hands: a few seconds)
EARLY_TRIES = 12


def highest_play_score(tileset: TileSet, hand_size: int = MAX_HAND) -> int:
    """Return a score no play of a hand of `hand_size` tiles of the set can pass on the board:
    its main string (at most a row of the board) of the set's highest-scoring tiles, the new
    ones on 3S squares, times the most a line's equation squares multiply by; plus a cross
    string as long for each new tile, times the largest equation factor; plus the all-nine bonus."""
    scores = sorted((tileset.score_of(t) for t in tileset.bag), reverse=True)[:SIZE]
    new, old = scores[:hand_size], scores[hand_size:]
    string = 3 * sum(new) + sum(old)  # the most a string of the board's length can add up to
    rows = layout()
    lines = [list(row) for row in rows] + [[row[k] for row in rows] for k in range(SIZE)]
    line_factor = 1
    for line in lines:
        factors = sorted((p.equation_factor for p in line), reverse=True)[:hand_size]
        product = 1
        for factor in factors:
            product *= factor
        line_factor = max(line_factor, product)
    square_factor = max(p.equation_factor for row in rows for p in row)
    cross = 3 * scores[0] + sum(scores[1:])  # a cross string: one new tile, the rest old
    bonus = ALL_NINE_BONUS if hand_size == MAX_HAND else 0
    return line_factor * string + hand_size * square_factor * cross + bonus


def check_margin(margin: int, tileset: TileSet, hand_size: int = MAX_HAND) -> None:
    """Raise one sentence when no winning play can beat its runner-up by `margin` points: more
    than any play of such a hand can score (highest_play_score)."""
    most = highest_play_score(tileset, hand_size)
    if margin > most:
        raise ClassroomError(f"--margin {margin:,} is more than any play of {hand_size} tiles of the "
                             f"{tileset.name} tile set can score (at most {most:,}), so no winner "
                             f"beats its runner-up by that much; ask for a smaller margin")


def past_every_best(margin: int, best_scores: list[int]) -> str | None:
    """Return the sentence stopping a situations search whose first EARLY_TRIES positions all had
    a best play scoring less than `margin` (a winner beats its runner-up by at most its own
    score), else None while it may go on."""
    if len(best_scores) < EARLY_TRIES or margin <= max(best_scores):
        return None
    return (f"--margin {margin:,} is more than the best play of any of the first {len(best_scores)} "
            f"positions tried scored (at most {max(best_scores):,}), so none of them had a winner "
            f"that far ahead; ask for a margin under {max(best_scores):,}")
