"""Contest hands as the bag draws them (issue 29 item 5): a generated contest hand holds a blank
when the bag gives one (never with --no-blanks), its key's best play and count agree with the
brute-force reference, and a count past the limit is kept as a lower bound, not dropped."""

from __future__ import annotations

import random

from classroom.game.tilesets import load_level
from classroom.make.situation_rules import SituationRules
from classroom.make.situations import contest_hand, find_situation
from tests.reference_board import reference_plays

ORIGINAL = load_level("original")
BAG = tuple(sorted(ORIGINAL.bag))


def test_no_blanks_means_none():
    """With blanks off no drawn contest hand holds one; with them on, some do, never two."""
    rng = random.Random(0)
    with_blanks = [contest_hand(BAG, rng, 9) for _ in range(300)]
    without = [contest_hand(BAG, rng, 9, blanks=False) for _ in range(300)]
    assert not any("?" in hand for hand in without)
    assert any("?" in hand for hand in with_blanks)
    assert all(hand.count("?") <= 1 for hand in with_blanks)


def test_generated_blank_contest_agrees_with_the_reference():
    """A small generated contest whose hand holds a blank: its best score and its count are the
    brute force's (every line, start, ordering and blank symbol tried)."""
    rules = SituationRules(plays=2, margin=0, hand_size=3)
    for seed in range(200):
        situation = find_situation(ORIGINAL, random.Random(f"blank-{seed}"), rules)
        if "?" in situation.hand:
            break
    else:
        raise AssertionError("no contest hand with a blank in 200 seeds")
    plays = reference_plays(situation.board, situation.hand, ORIGINAL)
    assert situation.plays[0].score == max(plays.values())
    assert situation.count_exact and situation.count == len(plays)


def test_no_blanks_option_is_recorded(tmp_path):
    """`situations --no-blanks` draws no blank and the manifest's options say so."""
    import json

    from typer.testing import CliRunner

    from classroom.cli.commands import app

    result = CliRunner().invoke(app, ["situations", "--count", "1", "--plays", "2", "--seed", "3",
                                      "--no-blanks", "--jobs", "1", "--out", str(tmp_path / "run")])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text("utf-8"))
    assert manifest["options"]["blanks"] is False
    assert "?" not in manifest["items"][0]["hand"]
