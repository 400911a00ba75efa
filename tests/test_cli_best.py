"""`classroom best` through the CLI: JSON shape, human output, bad input gives exit 2."""

from __future__ import annotations

import json
import sys

from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.board import board_text
from tests.positions import position

runner = CliRunner()

BOOKLET_FOUR = position("I9", """
    . . . . . . 2 .
    . 2 4 ÷ 3 = 8 .
    . . . . . . = .
    7 + 9 × 4 = 4 3
    . . . . . . × .
    . . . . . . 7 .
""")


def board_file(tmp_path, text=None):
    path = tmp_path / "position.txt"
    path.write_text(text if text is not None else board_text(BOOKLET_FOUR), "utf-8")
    return str(path)


def test_json_shape(tmp_path):
    """--json gives count, best_score and plays with 1-based rows/cols and canonical tiles."""
    result = runner.invoke(app, ["best", board_file(tmp_path), "7/4 3/4 + 1", "--json", "--all"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"count", "count_exact", "best_score", "plays"}
    assert data["count"] == len(data["plays"]) == 28
    assert data["best_score"] == data["plays"][0]["score"] == 44
    booklet = [p for p in data["plays"] if p["placements"][0]["square"] == "F9"]
    assert booklet == [{
        "placements": [
            {"square": "F9", "row": 9, "col": 6, "tile": "7/4"},
            {"square": "G9", "row": 9, "col": 7, "tile": "="},
            {"square": "H9", "row": 9, "col": 8, "tile": "3/4"},
            {"square": "I9", "row": 9, "col": 9, "tile": "+"},
            {"square": "J9", "row": 9, "col": 10, "tile": "1"},
        ],
        "direction": "across", "score": 30, "equations": ["7/4 = 3/4 + 1"]}]
    scores = [p["score"] for p in data["plays"]]
    assert scores == sorted(scores, reverse=True)


def test_default_shows_ties_and_top_limits(tmp_path):
    """By default every play tied at the best score is shown; --top N shows N."""
    ties = json.loads(runner.invoke(app, ["best", board_file(tmp_path), "7/4 3/4 + 1", "--json"]).output)
    assert ties["count"] == 28
    assert {p["score"] for p in ties["plays"]} == {44}
    top = json.loads(runner.invoke(app, ["best", board_file(tmp_path), "7/4 3/4 + 1", "--json",
                                         "--top", "3"]).output)
    assert len(top["plays"]) == 3


def test_human_output(tmp_path):
    """The human output shows the notation, the marked board and the breakdown."""
    result = runner.invoke(app, ["best", board_file(tmp_path), "7/4 3/4 + 1"])
    assert result.exit_code == 0
    assert "P14 down 1 + 3/4 = 7/4  scores 44" in result.output
    assert "3/4*" in result.output
    assert "(1 + 1 + 6 + 0 + 7×2) × 2 = 44" in result.output


def test_human_output_says_the_plays_before_their_count(tmp_path, monkeypatch):
    """The best plays are printed before all the plays are counted (with a blank, counting takes
    some seconds, the best play none): the count is asked for only once they are out, and its
    line comes last."""
    from classroom.solve.board.position import Position

    printed_before_counting = []
    count_at_least = Position.count_at_least

    def counting(self, *args, **kwargs):
        sys.stdout.flush()
        printed_before_counting.append(sys.stdout.buffer.getvalue().decode("utf-8"))
        return count_at_least(self, *args, **kwargs)

    monkeypatch.setattr(Position, "count_at_least", counting)
    result = runner.invoke(app, ["best", board_file(tmp_path), "7/4 3/4 + 1"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[1] == "Best score 44"
    assert lines[-1] == "28 legal equation plays in all."
    assert lines.index("Best score 44") < lines.index("1. P14 down 1 + 3/4 = 7/4  scores 44  (new tiles marked *)")
    [printed] = printed_before_counting
    assert "1. P14 down 1 + 3/4 = 7/4  scores 44" in printed and "in all" not in printed


def test_blank_in_json(tmp_path):
    """A blank placed on the board is written '?' plus its symbol."""
    empty = board_file(tmp_path, board_text(position("J10", "")))
    data = json.loads(runner.invoke(app, ["best", empty, "3 ?", "--json", "--all"]).output)
    tiles = {tuple(p["tile"] for p in play["placements"]) for play in data["plays"]}
    assert ("3", "=", "?3") in tiles


def test_bad_board_file(tmp_path):
    """An illegal board is one sentence naming the square, exit 2, no traceback."""
    text = board_text(BOOKLET_FOUR).replace("2 4 ÷ 3", "2 4 - 3", 1)
    assert "-" in text
    result = runner.invoke(app, ["best", board_file(tmp_path, text), "1 2"])
    assert result.exit_code == 2
    assert "row 10 from J10" in result.output
    assert "Traceback" not in result.output


def test_bad_hand_and_missing_file(tmp_path):
    """A bad hand or a missing board file is exit 2 with one sentence."""
    result = runner.invoke(app, ["best", board_file(tmp_path), "1 & 2"])
    assert result.exit_code == 2 and "error: hand" in result.output
    result = runner.invoke(app, ["best", str(tmp_path / "missing.txt"), "1 2"])
    assert result.exit_code == 2 and "cannot read the board file" in result.output
    result = runner.invoke(app, ["best", board_file(tmp_path), "1 2", "--top", "2", "--all"])
    assert result.exit_code == 2 and "not both" in result.output


def test_human_output_of_a_count_past_its_limit(tmp_path, monkeypatch):
    """A count that passes its limit of work says "at least N" in all, N never below the plays
    shown; --json says the same with count_exact false."""
    import classroom.solve.board.counting as counting

    monkeypatch.setattr(counting, "count_limit", lambda hand: 0)
    result = runner.invoke(app, ["best", board_file(tmp_path), "7/4 3/4 + 1", "--count"])
    assert result.exit_code == 0
    *_, said = result.output.splitlines()
    assert said.startswith("At least ") and said.endswith(
        " legal equation plays in all (too many to count exactly in a few seconds).")
    shown = result.output.count("(new tiles marked *)")
    assert 1 <= shown <= int(said.split()[2].replace(",", "")) < 28
    data = json.loads(runner.invoke(app, ["best", board_file(tmp_path), "7/4 3/4 + 1", "--json"]).output)
    assert data["count_exact"] is False and len(data["plays"]) <= data["count"] < 28


def test_a_long_path_in_a_message_keeps_the_files_own_name(tmp_path):
    """A path too long to quote whole is cut in its middle, never at its end: the message still
    names the file (and the folders nearest it) and where the path begins."""
    missing = tmp_path.joinpath(*["a folder with a long name"] * 12) / "my board.txt"
    result = runner.invoke(app, ["best", str(missing), "1 1"])
    assert result.exit_code == 2
    said = result.output.strip()
    assert said.startswith(f"error: {str(tmp_path)[:60]}")
    assert "…/a folder with a long name/" in said
    assert said.endswith("/a folder with a long name/my board.txt: cannot read the board file "
                         "(No such file or directory)")
    assert len(said) < 300


HORIZONTAL_BOARD = position("H10", """
    1 + 2 = 3
""")


def test_best_under_horizontal_play_is_the_brute_forces_best(tmp_path):
    """`best --play horizontal` lists every play the horizontal brute force finds, with its
    count and best score, in the same JSON shape; its top plays are the brute force's best scores;
    `--play crossword` (the default) still joins the board."""
    from classroom.game.board import square_name
    from classroom.game.tilesets import load_level
    from tests.test_horizontal_engine import brute_force

    board, hand = board_file(tmp_path, board_text(HORIZONTAL_BOARD)), "4 5 9 + −"
    tileset = load_level("add-subtract")
    expected = brute_force(HORIZONTAL_BOARD, tileset.read_hand(hand), tileset)
    listed = runner.invoke(app, ["best", board, hand, "--level", "add-subtract", "--play", "horizontal", "--json", "--all"])
    assert listed.exit_code == 0, listed.output
    data = json.loads(listed.output)
    assert (data["count"], data["count_exact"], data["best_score"]) == (len(expected), True, max(expected.values()))
    assert {(p["placements"][0]["square"], "".join(t["tile"] for t in p["placements"]), p["score"]) for p in data["plays"]} \
        == {(square_name(play.placements[0].square), "".join(pl.tile for pl in play.placements), points) for play, points in expected.items()}
    assert all(p["direction"] == "across" and len(p["equations"]) == 1 for p in data["plays"])
    top = json.loads(runner.invoke(app, ["best", board, hand, "--level", "add-subtract", "--play", "horizontal",
                                         "--json", "--top", "5"]).output)
    assert [p["score"] for p in top["plays"]] == sorted(expected.values(), reverse=True)[:5]
    crossword = json.loads(runner.invoke(app, ["best", board, hand, "--level", "add-subtract", "--json"]).output)
    assert crossword["best_score"] != data["best_score"] or crossword["count"] != data["count"]


def test_best_refuses_a_play_rule_it_does_not_know(tmp_path):
    """An unknown --play is one sentence naming the two, exit 2."""
    result = runner.invoke(app, ["best", board_file(tmp_path), "7 + 1", "--play", "sideways"])
    assert result.exit_code == 2 and "--play is crossword or horizontal, not 'sideways'" in result.output
