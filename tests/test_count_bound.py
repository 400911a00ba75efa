"""A count stopped by its limit of work still says something true: `Position.count_at_least`
gives N with "at least N" plays, N never above the full count, and the exact count when the
limit allows it (issue 29: a count is information, a lower bound past the limit)."""

from __future__ import annotations

import functools
import json
import random

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.bag import draw
from classroom.game.board import board_text
from classroom.game.tilesets import load_level
from classroom.solve.board.position import Position
from tests.simulated_games import simulate_once

ORIGINAL = load_level("original")


@functools.cache
def small_position(seed: int) -> tuple:
    """Return the board of a seed's small mid-game game (3 simulated plays) and a 5-tile hand
    drawn from its pile: made once a test process, as the tests below share the 12 seeds (the
    game too, with test_count_glance and test_bounds)."""
    rng = random.Random(seed)
    game = simulate_once(ORIGINAL, rng, 3)
    hand, _ = draw(game.pile, 5, rng)
    return game.board, hand


@functools.cache
def full_count(seed: int) -> int:
    """Return the full count of a seed's small position, counted once (three limits compare with it)."""
    board, hand = small_position(seed)
    return Position(board, hand, ORIGINAL).count()


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("limit", [300, 3_000, 30_000])
def test_lower_bound_never_passes_the_full_count(seed, limit):
    """On small mid-game positions, the count stopped at a small limit is at most the full
    count, and equals it when the limit was enough."""
    board, hand = small_position(seed)
    full = full_count(seed)
    count, exact = Position(board, hand, ORIGINAL).count_at_least(limit)
    assert count <= full
    if exact:
        assert count == full


def test_some_stopped_count_is_a_positive_bound():
    """The bound is not a trivial 0: some stopped counts know plays already counted."""
    found = []
    for seed in range(12):
        count, exact = Position(*small_position(seed), ORIGINAL).count_at_least(3_000)
        if not exact:
            found.append(count)
    assert found and max(found) > 0


def test_best_json_says_whether_the_count_is_exact(tmp_path):
    """`best --json` gives "count_exact": true with the exact count of a small position."""
    rng = random.Random(1)
    game = simulate_once(ORIGINAL, rng, 2)
    path = tmp_path / "board.txt"
    path.write_text(board_text(game.board), encoding="utf-8")
    result = CliRunner().invoke(app, ["best", str(path), "1 + 2 3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["count_exact"] is True
    hand = ORIGINAL.read_hand("1 + 2 3")
    assert data["count"] == Position(game.board, hand, ORIGINAL).count()
