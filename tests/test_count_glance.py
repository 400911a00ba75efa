"""`best` answers first (issue 44): without --count it counts for a moment (counting.GLANCE_LIMIT)
and says "at least N" past it, N a true lower bound; --count gives the exact count; --all lists a
position's plays only when they are few enough (counting.LISTED_AT_MOST), else says at once how
many there are and asks for --top."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.bag import draw
from classroom.game.board import board_text
from classroom.game.symbols import BLANK
from classroom.game.tilesets import load_level
from classroom.solve.board import counting
from classroom.solve.board.position import Position
from tests.simulated_games import simulate_once

ORIGINAL = load_level("original")
runner = CliRunner()


def small_position(seed: int, tiles: int = 4, blank: bool = True):
    """Return a small mid-game board and a hand of `tiles` tiles (the last a blank, if asked). The
    game is played once a process: four of seeds 0 to 3 are asked for again here, and
    test_count_bound and test_bounds begin from the same games."""
    rng = random.Random(seed)
    game = simulate_once(ORIGINAL, rng, 3)
    hand, _ = draw(tuple(t for t in game.pile if t != BLANK), tiles - blank, rng)
    return game.board, tuple(hand) + (BLANK,) * blank


def best_json(tmp_path, board, hand, *words):
    path = tmp_path / "board.txt"
    path.write_text(board_text(board), encoding="utf-8")
    result = runner.invoke(app, ["best", str(path), " ".join(hand), "--json", *words])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("seed", range(4))
def test_best_counts_for_a_moment_and_count_counts_all(tmp_path, monkeypatch, seed):
    """With a glance too short to finish, `best --json` says count_exact false and a count never
    above the exact one nor below the plays shown; `best --count --json` gives the exact count,
    the plays being the same."""
    board, hand = small_position(seed)
    full = Position(board, hand, ORIGINAL).count()
    monkeypatch.setattr(counting, "GLANCE_LIMIT", 1)
    glance = best_json(tmp_path, board, hand)
    exact = best_json(tmp_path, board, hand, "--count")
    assert exact["count_exact"] is True and exact["count"] == full
    assert glance["count_exact"] is False
    assert len(glance["plays"]) <= glance["count"] <= full
    assert glance["plays"] == exact["plays"]


def test_a_glance_that_finishes_is_exact(tmp_path):
    """A count the glance finishes is exact without --count."""
    board, hand = small_position(1, blank=False)
    data = best_json(tmp_path, board, hand)
    assert data["count_exact"] is True
    assert data["count"] == Position(board, hand, ORIGINAL).count()


def test_a_stopped_count_counts_again_within_a_larger_limit():
    """A count that gave up within a small limit is counted afresh within a larger one, and then
    exactly; asked again within the small one, it still gives up."""
    board, hand = small_position(2)
    full = Position(board, hand, ORIGINAL).count()
    position = Position(board, hand, ORIGINAL)
    assert position.count_at_least(1)[1] is False
    assert position.count(1) is None
    assert position.count_at_least(counting.COUNT_LIMIT) == (full, True)


def test_all_lists_few_plays_and_refuses_many_at_once(tmp_path, monkeypatch):
    """--all lists every play when they are at most LISTED_AT_MOST; past it, one sentence (exit
    2) saying how many there are and pointing to --top."""
    board, hand = small_position(3)
    full = Position(board, hand, ORIGINAL).count()
    assert full > 2
    listed = best_json(tmp_path, board, hand, "--all")
    assert listed["count"] == len(listed["plays"]) == full
    monkeypatch.setattr(counting, "LISTED_AT_MOST", full - 1)
    result = runner.invoke(app, ["best", str(tmp_path / "board.txt"), " ".join(hand), "--all"])
    assert result.exit_code == 2
    assert f"this hand has {full:,} legal equation plays on this board, too many to list" in result.output
    assert "--top N" in result.output and "Traceback" not in result.output
