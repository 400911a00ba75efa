"""A brute-force scorer, written from RULES §7 alone and independent of classroom.game.plays: lay
the tiles, find every maximal string through them, keep those holding an =, add each tile's
score (doubled or tripled on a new 2S/3S), multiply by every new 2E/3E square of that string,
and add 40 when nine hand tiles were placed."""

from __future__ import annotations

from classroom.game.board import layout

SYMBOL = {"2S": 2, "3S": 3}
EQUATION = {"2E": 2, "3E": 3}


def reference_score(cells: dict, placed: dict, across: bool, scores: dict) -> int:
    """Return the score of placing `placed` {(row, col): tile} on a board of `cells` {(row, col):
    tile}; `scores` gives each tile's symbol score (a blank, '?' or '?5', scores 0)."""
    after = {**cells, **placed}
    premiums = layout()

    def string(square, step):
        row, col = square
        while (row - step[0], col - step[1]) in after:
            row, col = row - step[0], col - step[1]
        run = []
        while (row, col) in after:
            run.append((row, col))
            row, col = row + step[0], col + step[1]
        return run

    main_step, cross_step = ((0, 1), (1, 0)) if across else ((1, 0), (0, 1))
    strings = [string(next(iter(sorted(placed))), main_step)]
    strings += [run for square in sorted(placed) if len(run := string(square, cross_step)) > 1]
    total = 0
    for run in strings:
        tiles = [after[s] for s in run]
        if "=" not in tiles:
            continue
        points, factor = 0, 1
        for square in run:
            tile = after[square]
            worth = 0 if tile.startswith("?") else scores[tile]
            label = premiums[square[0] - 1][square[1] - 1].label if square in placed else ""
            points += worth * SYMBOL.get(label, 1)
            factor *= EQUATION.get(label, 1)
        total += points * factor
    hand_tiles = sum(1 for tile in placed.values() if tile != "=")
    return total + (40 if hand_tiles == 9 else 0)
