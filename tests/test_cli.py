"""The solve, check and tiles commands through typer's CliRunner (PRODUCT.md JSON contracts)."""

import json

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_solve_json_contract():
    """solve --json: hand, count, best_score, equations with tiles/text/score/all_nine, best first."""
    result = run("solve", "2 4 ÷ 3 8", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["hand"] == ["2", "4", "÷", "3", "8"]
    assert data["count"] == 12 and data["best_score"] == 10
    first = data["equations"][0]
    assert set(first) == {"tiles", "text", "score", "all_nine"}
    assert {"tiles": ["2", "4", "÷", "3", "=", "8"], "text": "24 ÷ 3 = 8", "score": 10,
            "all_nine": False} in data["equations"]
    assert [e["score"] for e in data["equations"]] == sorted((e["score"] for e in data["equations"]), reverse=True)


def test_solve_json_uses_canonical_tokens():
    """JSON tiles: ASCII hyphen-minus, × and ÷, even when the hand was typed with x and :."""
    data = json.loads(run("solve", "9 x 2 - 7 : 1", "--json").stdout)
    assert data["hand"] == ["9", "×", "2", "-", "7", "÷", "1"]
    assert all(t in {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "-", "×", "÷", "="}
               for e in data["equations"] for t in e["tiles"])


def test_solve_without_equations():
    """A hand with no equation: count 0 and best_score null."""
    data = json.loads(run("solve", "+ -", "--json").stdout)
    assert data == {"hand": ["+", "-"], "count": 0, "best_score": None, "equations": []}


def test_solve_human_table():
    """The readable table: count, best score, then score and equation lines."""
    result = run("solve", "2 4 ÷ 3 8")
    assert result.exit_code == 0
    assert "12 equations from 2 tile combinations; best score 10" in result.stdout
    assert "   10  24 ÷ 3 = 8" in result.stdout


def test_check_json_and_exit_codes():
    """check --json: valid/reason/score; exit 0 if valid, 1 if not."""
    good = run("check", "7 + 9 × 4 = 43", "--json")
    assert (good.exit_code, json.loads(good.stdout)) == (0, {"valid": True, "reason": None, "score": 11})
    bad = run("check", "4 - 6 + 7 = 5", "--json")
    assert (bad.exit_code, json.loads(bad.stdout)) == (
        1, {"valid": False, "reason": "4 - 6 goes below zero", "score": None})
    hand = run("check", "24 ÷ 3 = 8", "--hand", "2 4 ÷ 3", "--json")
    assert hand.exit_code == 1
    assert json.loads(hand.stdout)["reason"] == "the hand has no 8 (and no blank left for it)"


def test_tiles_lists_the_set():
    """tiles prints each symbol with its count and score; --level switches the set."""
    result = run("tiles")
    assert result.exit_code == 0 and "Original tile set: 190 tiles" in result.stdout
    assert "Junior" in run("tiles", "--level", "junior").stdout
    data = json.loads(run("tiles", "--json").stdout)
    assert {"symbol": "7/4", "count": 1, "score": 7} in data["tiles"]


@pytest.mark.parametrize("args, message", [
    (("solve", "2 4 ÷ 3 8 + 7/4 ? 5 6"), "error: hand: 10 tiles is too many"),
    (("solve", "1 2 zz"), "error: hand: 'zz' is not an Equate tile"),
    (("solve", "7/4 7/4"), "error: hand: 2 × 7/4 is more than the Original tile set holds (1)"),
    (("solve", "1 2", "--level", "expert"), "error: --level is original, junior, no-fractions, "
                                            "halves, halves-fourths, add-subtract or advanced, not 'expert'"),
    (("solve", "1 2", "--tiles", "/no/such/file.toml"), "error: /no/such/file.toml: cannot read the tile-set file"),
    (("check", "3/8 = 3/8"), "error: equation: 3/8 is not a fraction tile"),
])
def test_bad_input_is_one_sentence_and_exit_2(args, message):
    """Bad input: one clear sentence on stderr, exit status 2, no traceback."""
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.output and result.stderr.count("\n") == 1


def test_solve_marks_the_blank_in_json_and_text():
    """A blank is written ? plus the symbol it stands for; the hand's real tiles come first."""
    data = json.loads(run("solve", "2 3 + ?", "--json").stdout)
    assert {"tiles": ["2", "+", "3", "=", "?5"], "text": "2 + 3 = ?5", "score": 3,
            "all_nine": False} in data["equations"]
    assert {"tiles": ["?5", "=", "2", "+", "3"], "text": "?5 = 2 + 3", "score": 3,
            "all_nine": False} in data["equations"]
    text = run("solve", "2 3 + ?").stdout
    assert "    3  2 + 3 = ?5\n" in text
    assert "?5 is the blank standing for 5 (it scores 0)" in text


def test_grade_marks_the_blank_a_line_used(tmp_path):
    """grade shows which tile of a valid line is the blank, however the student wrote it."""
    (tmp_path / "list.txt").write_text("2 + 3 = 5\n2 + ?3 = 5\n", "utf-8")
    result = run("grade", str(tmp_path / "list.txt"), "--hand", "2 3 + ?")
    assert "   1  2 + 3 = ?5" in result.stdout
    assert "   2  2 + 3 = ?5" in result.stdout and "the same as line 1" in result.stdout


@pytest.mark.parametrize("option, value, message", [
    ("--key", "short", "error: --key is families, full, summary or none, not 'short'"),
    ("--difficulty", "expert", "error: the difficulty (--difficulty) is easy, medium or hard, not 'expert'"),
])
def test_bad_key_or_difficulty_is_one_sentence(tmp_path, option, value, message):
    """An unknown --key or --difficulty is named in one sentence, exit 2, nothing written."""
    result = run("boardless", option, value, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and result.stderr.startswith(message)
    assert not (tmp_path / "out").exists()


def test_summary_key_has_one_page_a_hand(tmp_path):
    """boardless --key summary: the key PDF has one page for each hand."""
    from pypdf import PdfReader

    result = run("boardless", "--count", "2", "--seed", "42", "--key", "summary", "--jobs", "1",
                 "--out", str(tmp_path))
    assert result.exit_code == 0
    assert len(PdfReader(tmp_path / "boardless-42-key.pdf").pages) == 2


def test_check_with_a_hand_shows_which_tile_is_the_blank():
    """check --hand marks the blank the equation needs, and uses a real tile where it can."""
    assert run("check", "2 + 3 = 5", "--hand", "2 3 + ?").stdout == "valid: 2 + 3 = ?5 scores 3\n"
    assert run("check", "2 + 3 = ?5", "--hand", "2 3 5 + ?").stdout == "valid: 2 + 3 = 5 scores 4\n"


def test_small_hands_still_find_hands_at_the_default_difficulty(tmp_path):
    """--tiles-per-hand 4 keeps the preset's operation rule but not its nine-tile bands."""
    result = run("boardless", "--tiles-per-hand", "4", "--count", "1", "--seed", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    hand = json.loads((tmp_path / "manifest.json").read_text("utf-8"))["items"][0]["hand"]
    assert len(hand) == 4 and any(t in ("+", "-", "×", "÷") for t in hand)
