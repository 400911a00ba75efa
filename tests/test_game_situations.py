"""A real game's position as a contest: `classroom situations --game RECORD --turn N [--after]
[--hand HAND]` prints the board of that moment of the record as a Board Situation sheet and key."""

from __future__ import annotations

import json

import pytest
from test_analysis import GAME
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.board import board_text
from classroom.record.grammar import read_record
from classroom.record.replay import replay


def run(tmp_path, *args: str):
    (tmp_path / "game.txt").write_text(GAME, encoding="utf-8")
    return CliRunner().invoke(app, ["situations", "--game", str(tmp_path / "game.txt"), *args,
                                    "--out", str(tmp_path / "out")])


def sheet(tmp_path) -> dict:
    return json.loads((tmp_path / "out" / "manifest.json").read_text("utf-8"))["items"][0]


@pytest.mark.parametrize("args, board_of, hand", [
    (["--turn", "3"], 2, ["6", "-", "?"]),  # the board before turn 3, the rack of turn 3
    (["--turn", "3", "--after"], 3, ["4", "2", "×", "8"]),  # after it: the rack of turn 4
    (["--turn", "1", "--hand", "1 2 3 +"], 0, ["1", "2", "3", "+"]),  # the empty board, a hand given
])
def test_sheet_grid_is_the_replayed_board(tmp_path, args, board_of, hand):
    """The sheet's grid is the record's board at that turn, and its hand the rack the record knows
    for the turn played on it (or --hand)."""
    result = run(tmp_path, *args)
    assert result.exit_code == 0, result.output
    turns = replay(read_record(GAME)).turns
    item = sheet(tmp_path)
    assert item["grid"] == board_text(turns[board_of].board)
    assert item["hand"] == hand and item["best_score"] > 0


def test_grid_holds_the_plays_before_the_turn(tmp_path):
    """Before turn 3 the board holds turn 1's play only: '1 + 2 = 3' from J10."""
    assert run(tmp_path, "--turn", "3").exit_code == 0
    assert sheet(tmp_path)["grid"].splitlines()[9].split() == ["."] * 9 + ["1", "+", "2", "=", "3"] + ["."] * 5


@pytest.mark.parametrize("args, message", [
    (["--turn", "9"], "game.txt: there is no turn 9; the game has turns 1 to 6"),
    (["--turn", "0"], "game.txt: there is no turn 0; the game has turns 1 to 6"),
    (["--turn", "5"], "game.txt does not know the rack of the turn played on that board; "
                      "give the contest hand with --hand HAND"),
    ([], "--game needs --turn N: the turn whose board becomes the situation"),
])
def test_bad_turn_is_one_sentence(tmp_path, args, message):
    """A turn the game does not have, or a rack it does not know, is one sentence, and nothing is written."""
    result = run(tmp_path, *args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_turn_without_game_is_refused(tmp_path):
    """--turn without --game says where the turn comes from."""
    result = CliRunner().invoke(app, ["situations", "--turn", "3", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "give it with --game RECORD" in result.output
