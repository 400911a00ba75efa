"""Inputs that look hostile but are fine get a correct answer, and a write that fails half way
puts every earlier file back."""

from __future__ import annotations

import io
import json
import os
import time

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.cli.progress import Progress
from classroom.errors import ClassroomError
from classroom.store.runs import write_all

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("args, status, shown", [
    (("solve", "- 1/2 2 + + 8 0 - 7"), 0, "Hand: − 1/2 2 + + 8 0 − 7"),
    (("solve", "-", "--json"), 0, '"hand": ["-"]'),
    (("check", "- 5 = 0 - 5"), 1, "not valid: an expression cannot start with −"),
    (("check", "2 = 2", "--hand", "- 2 2"), 0, "valid: 2 = 2 scores 2"),
    (("check", "--hand", "- 2 2", "--", "2 = 2"), 0, "valid: 2 = 2 scores 2"),
    (("check", "--json", "- 5 = 0 - 5"), 1, '"valid": false'),
])
def test_a_hand_or_equation_may_begin_with_a_minus(args, status, shown):
    """A leading '-' is part of the hand or equation, as an argument or an option value."""
    result = run(*args)
    assert result.exit_code == status, result.output
    assert shown in result.stdout


def test_the_solver_answers_a_hand_beginning_with_minus_like_any_hand():
    """The same hand with its '-' first or last gives the same answer."""
    first = json.loads(run("solve", "- 1 1 + 2", "--json").stdout)
    last = json.loads(run("solve", "1 1 + 2 -", "--json").stdout)
    assert first["count"] == last["count"] > 0


def test_a_list_with_a_byte_order_mark_grades_its_first_line(tmp_path):
    """Windows Notepad's byte-order mark does not spoil the first line."""
    (tmp_path / "list.txt").write_bytes("\ufeff1 = 1\r\n2 = 2\r\n".encode("utf-8"))
    result = run("grade", str(tmp_path / "list.txt"), "--hand", "1 1 2 2", "--json")
    assert [line["valid"] for line in json.loads(result.stdout)["lines"]] == [True, True]


def test_times_is_not_valid_in_the_add_and_subtract_set():
    """A set without × cannot make 2 × 3 = 6."""
    result = run("check", "2 × 3 = 6", "--level", "add-subtract")
    assert result.exit_code == 2
    assert result.stderr == "error: equation: the Add and subtract tile set has no × tile\n"


def test_help_shows_switches_as_switches_and_says_how_to_pass_a_minus():
    """--same-hand is a switch, and the help says a hand may begin with '-'."""
    result = run("boardless", "--help")
    assert "--same-hand " in result.stdout and "<bool>" not in result.stdout
    assert "may begin with '-'" in run("--help").stdout
    assert "may begin with '-'" in run("solve", "--help").stdout
    assert "may begin with '-'" not in run("tiles", "--help").stdout


def test_a_failed_rename_puts_every_earlier_file_back(tmp_path, monkeypatch):
    """The disk fills while the second file moves in: the first is put back as it was."""
    (tmp_path / "a.pdf").write_bytes(b"earlier a")
    (tmp_path / "b.pdf").write_bytes(b"earlier b")
    real = os.replace
    calls = []

    def fill_up(source, target):
        calls.append(target)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(source, target)

    monkeypatch.setattr(os, "replace", fill_up)
    with pytest.raises(ClassroomError, match=r"cannot write to the folder .* \(No space left on device\)"):
        write_all(tmp_path, {"a.pdf": b"new a", "b.pdf": b"new b", "c.json": b"new c"})
    monkeypatch.setattr(os, "replace", real)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]
    assert (tmp_path / "a.pdf").read_bytes() == b"earlier a"
    assert (tmp_path / "b.pdf").read_bytes() == b"earlier b"


def test_a_failed_write_removes_the_folders_it_made(tmp_path, monkeypatch):
    """A full disk while writing: the new folders are gone too."""
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(ClassroomError, match="No space left on device"):
        write_all(tmp_path / "new" / "deeper", {"a.pdf": b"a"})
    assert list(tmp_path.iterdir()) == []


def test_board_and_tile_set_files_with_a_byte_order_mark_are_read(tmp_path):
    """A byte-order mark before a board file or a tile-set file is no part of it."""
    board = tmp_path / "board.txt"
    board.write_bytes(("\ufeff" + "\n".join([" ".join(["."] * 19)] * 19) + "\n").encode("utf-8"))
    tiles = tmp_path / "tiles.toml"
    tiles.write_bytes('\ufeffname = "Mine"\n[tiles]\n"1" = {count = 4, score = 2}\n"+" = {count = 2, score = 1}\n'
                      .encode("utf-8"))
    best = run("best", str(board), "1 1", "--tiles", str(tiles), "--json")
    assert best.exit_code == 0, best.output
    assert json.loads(best.stdout)["best_score"] == 8  # 1 = 1 through the 2E centre: (2 + 0 + 2) × 2


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_is_a_line_per_item_off_a_terminal():
    """Off a terminal (a log, CI), one plain line per finished item of a batch."""
    stream = io.StringIO()
    with Progress(2, "Solving hands", stream) as progress:
        progress()
        progress()
    assert [line.split(" (")[0] for line in stream.getvalue().splitlines()] == [
        "Solving hands: 1 of 2 done", "Solving hands: 2 of 2 done"]


def test_progress_moves_on_a_terminal_during_a_long_item():
    """On a terminal the line is redrawn while one long item runs, before any item is done."""
    stream = FakeTerminal()
    drawn = "\rSolving hands [--------------------] 0/1"
    with Progress(1, "Solving hands", stream):
        deadline = time.monotonic() + 60  # a wait: a busy machine redraws late, never fewer times
        while stream.getvalue().count(drawn) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
    assert stream.getvalue().count(drawn) >= 3
