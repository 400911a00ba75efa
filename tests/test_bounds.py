"""Impossible requests said at once (issue 44 item 5): a margin no play can reach is refused
before any search (make.bounds.highest_play_score, a true bound), and a margin above the best
play of every position tried stops the situations search after its first tries."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.bag import draw
from classroom.game.tilesets import load_level
from classroom.make import bounds
from classroom.make.bounds import EARLY_TRIES, check_margin, highest_play_score, past_every_best
from classroom.make.situation_rules import SituationRules
from classroom.make.situations import find_situation
from classroom.solve.board.position import Position
from tests.simulated_games import simulate_once

ORIGINAL = load_level("original")


def test_no_best_play_scores_more_than_the_bound():
    """On seeded boards (one to fifteen plays) the best play of a hand of five to nine tiles
    scores no more than highest_play_score for that size."""
    found = []
    for seed in range(8):
        rng = random.Random(seed)
        game = simulate_once(ORIGINAL, rng, 1 + seed * 2)  # seed 1's game is test_count_bound's too
        size = 5 + seed % 5
        hand, _ = draw(game.pile, size, rng)
        best = Position(game.board, hand, ORIGINAL).best()
        found += [(best[0].score, highest_play_score(ORIGINAL, size))] if best else []
    assert len(found) >= 6 and all(score <= bound for score, bound in found)


def test_the_bound_grows_with_the_hand():
    """A larger hand can score more: the bound never falls as the hand grows, and nine tiles add
    the bonus."""
    scores = [highest_play_score(ORIGINAL, size) for size in range(1, 10)]
    assert scores == sorted(scores) and scores[-1] - scores[-2] > 40


def test_a_margin_past_the_bound_is_refused_at_once():
    """check_margin passes the bound itself and refuses one point more, in one sentence."""
    most = highest_play_score(ORIGINAL)
    check_margin(most, ORIGINAL)
    with pytest.raises(ClassroomError, match=f"at most {most:,}"):
        check_margin(most + 1, ORIGINAL)


@pytest.mark.parametrize("scores, margin, stops", [
    ([50] * (EARLY_TRIES - 1), 1000, False),  # too few tries yet
    ([50] * EARLY_TRIES, 1000, True),
    ([50] * (EARLY_TRIES - 1) + [1000], 1000, False),  # one position could have had it
    ([50] * EARLY_TRIES, 50, False),
    ([0] * EARLY_TRIES, 1, True),
])
def test_a_margin_above_every_best_seen_stops_after_the_first_tries(scores, margin, stops):
    """The search stops once EARLY_TRIES positions all had a best play below the margin."""
    said = past_every_best(margin, scores)
    assert (said is not None) == stops
    if stops:
        assert said.startswith(f"--margin {margin:,} is more than the best play of any of the first")


def test_situations_with_a_margin_past_the_bound_writes_nothing(tmp_path):
    """`situations --margin 100000` says why in one sentence, exit 2, nothing written: the
    request's limit (make/requests.MAX_MARGIN, far under the bound) refuses it before any search."""
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["situations", "--margin", "100000", "--count", "1", "--out", str(out)])
    assert result.exit_code == 2
    assert "the winning margin (--margin) is a whole number from 0 to 50, not 100000" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_find_situation_stops_early_on_a_margin_no_position_tried_reaches(monkeypatch):
    """A margin under the bound but above every best score seen stops the search after its
    first tries, not its last: the boards simulated are counted."""
    import classroom.make.situations as situations

    boards = []
    real = situations.simulate
    monkeypatch.setattr(situations, "simulate", lambda *a, **k: boards.append(1) or real(*a, **k))
    with pytest.raises(ClassroomError, match="--margin 1,000 is more than the best play of any"):
        find_situation(ORIGINAL, random.Random(1), SituationRules(margin=1000))
    assert len(boards) == EARLY_TRIES // situations.HANDS_PER_BOARD < situations.BOARDS_TRIED
    assert bounds.EARLY_TRIES == EARLY_TRIES
