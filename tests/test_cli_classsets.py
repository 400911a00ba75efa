"""The boardless, situations and grade commands through typer's CliRunner, into tmp_path."""

import json
import re

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from tests.pdftext import chunks

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_boardless_writes_sheets_key_and_manifest(tmp_path):
    """A class set: student PDF, a separate key PDF with 'key' in its name, manifest.json."""
    result = run("boardless", "--count", 2, "--seed", 42, "--out", tmp_path, "--jobs", 1)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "boardless-42-key.pdf", "boardless-42.pdf", "manifest.json"]
    manifest = json.loads((tmp_path / "manifest.json").read_text("utf-8"))
    first, second = (item["id"] for item in manifest["items"])
    assert re.fullmatch(r"B-42-[0-9a-f]{4}-01", first) and second == first[:-2] + "02"
    assert all(item["count"] >= 10 for item in manifest["items"])  # the default --min-equations
    assert "seed 42: 2 items written to" in result.stdout


def test_boardless_same_seed_is_byte_identical(tmp_path):
    """Running the same command twice gives the same bytes."""
    for folder in ("a", "b"):
        assert run("boardless", "--count", 2, "--seed", 5, "--page-size", "a4", "--out", tmp_path / folder).exit_code == 0
    for name in ("boardless-5.pdf", "boardless-5-key.pdf", "manifest.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_situations_command(tmp_path):
    """A small contest set: sheets, key, manifest with the grid of each board."""
    # One play on its board: the set's files are under test here (the search: tests/test_classsets.py).
    result = run("situations", "--count", 1, "--seed", 3, "--plays", 1, "--margin", 0, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text("utf-8"))
    assert manifest["command"] == "situations" and len(manifest["items"]) == 1
    assert manifest["items"][0]["grid"].count("\n") == 19


def test_situations_from_a_teachers_own_position(tmp_path):
    """--board FILE --hand HAND prints that position, its key from the move generator."""
    rows = [["."] * 19 for _ in range(19)]
    rows[9][9:15] = ["2", "4", "÷", "3", "=", "8"]  # the booklet's first play, J10 to O10
    (tmp_path / "board.txt").write_text("\n".join(" ".join(r) for r in rows) + "\n", "utf-8")
    result = run("situations", "--board", tmp_path / "board.txt", "--hand", "4 × 7 2", "--out", tmp_path / "own")
    assert result.exit_code == 0, result.output
    item = json.loads((tmp_path / "own" / "manifest.json").read_text("utf-8"))["items"][0]
    assert item["hand"] == ["4", "×", "7", "2"] and item["best_score"] > 0 and item["count"] > 0
    # A hand of fewer than nine tiles is said to be small on the sheet (a class would ask why).
    sheet = " ".join(" ".join(c.text for c in page) for page in chunks(next((tmp_path / "own").glob("situations.pdf"))))
    assert "This hand has only 4 tiles" in sheet
    full = run("situations", "--board", tmp_path / "board.txt", "--hand", "4 × 7 2 1 1 5 6 +", "--out", tmp_path / "nine")
    assert full.exit_code == 0, full.output
    sheet = " ".join(" ".join(c.text for c in page) for page in chunks(next((tmp_path / "nine").glob("situations.pdf"))))
    assert "Make the one play" in sheet and "This hand has only" not in sheet


LIST = "1. 24 ÷ 3 = 8\n2. 8 = 24 ÷ 3\n3. 24 ÷ 3 = 8\n4. 4 - 6 + 7 = 5\n"


def test_grade_with_a_hand(tmp_path):
    """Each line marked, the repeat flagged, the total, and what the hand allows."""
    (tmp_path / "list.txt").write_text(LIST, "utf-8")
    result = run("grade", tmp_path / "list.txt", "--hand", "2 4 ÷ 3 8", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(line["valid"], line["score"], line["duplicate_of"]) for line in data["lines"]] == [
        (True, 10, None), (True, 10, None), (True, 0, 1), (False, 0, None)]
    assert data["lines"][3]["reason"] == "4 - 6 goes below zero"
    assert (data["total"], data["valid"], data["possible"], data["best_score"]) == (20, 2, 12, 10)


def test_grade_with_a_worksheet_id(tmp_path):
    """--worksheet ID (in any letter case) finds the hand in a manifest.json under --manifests."""
    assert run("boardless", "--count", 1, "--seed", 42, "--out", tmp_path / "run").exit_code == 0
    hand = json.loads((tmp_path / "run" / "manifest.json").read_text("utf-8"))["items"][0]["hand"]
    (tmp_path / "list.txt").write_text("1 = 1\n", "utf-8")
    id = json.loads((tmp_path / "run" / "manifest.json").read_text("utf-8"))["items"][0]["id"]
    result = run("grade", tmp_path / "list.txt", "--worksheet", id.lower(), "--manifests", tmp_path, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["hand"] == hand


@pytest.mark.parametrize("args, message", [
    (("boardless", "--page-size", "b5"), "error: --page-size is letter or a4, not 'b5'"),
    (("boardless", "--min-best", 30, "--max-best", 20), "error: the best-score range 30-20 is empty"),
    (("situations", "--feature", "spiral"), "error: the feature (--feature) is nine-tile, two-equations, extension, "
                                            "fraction or 3E, not 'spiral'"),
    (("situations", "--board", "x.txt"), "error: a position of your own needs both --board FILE and --hand HAND"),
    (("grade", "list.txt"), "error: say which hand list.txt is for: --hand HAND or --worksheet ID"),
    (("grade", "missing.txt", "--hand", "1 2"), "error: missing.txt: cannot read the list"),
    (("grade", "list.txt", "--worksheet", "B-1-99", "--manifests", "."), "error: no worksheet B-1-99 in any manifest.json"),
    (("grade", "list.txt", "--hand", "1 2", "--worksheet", "B-1-99"), "error: give the hand with --hand or the sheet with --worksheet, not both"),
    (("grade", "list.txt", "--hand", "1 2", "--pdf", "r.pdf"), "error: --pdf prints a contest's results"),
    (("grade", "list.txt", "--hand", "1 2", "--json", "--csv", "-"), "error: choose --json or --csv - for the screen"),
    (("boardless", "--roster", "names.txt"), "error: names.txt: cannot read the roster"),
])
def test_bad_input_is_one_sentence_and_exit_2(tmp_path, monkeypatch, args, message):
    """Bad options and files: one sentence on stderr, exit 2, no traceback."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "list.txt").write_text("1 = 1\n", "utf-8")
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.output


def test_an_unwritable_out_folder_writes_nothing(tmp_path):
    """--out under a file: exit 2, one sentence naming the folder, no file written."""
    (tmp_path / "blocker").write_text("not a folder", "utf-8")
    result = run("boardless", "--count", 1, "--seed", 1, "--out", tmp_path / "blocker" / "out")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot write to the folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker"]
