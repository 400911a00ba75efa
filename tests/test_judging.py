"""Judging a contest: plays written in the key's notation, legal or not and why, scored and
ranked with ties shared; through the CLI for a generated situation, against `classroom best`."""

from __future__ import annotations

import csv
import io
import json

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.board import Direction, parse_board
from classroom.game.notation import parse_play
from classroom.game.symbols import parse_hand
from classroom.game.tilesets import load_level
from classroom.make.sets import PrintOptions, situations_set
from classroom.make.situation_rules import SituationRules
from classroom.mark.judging import judge
from classroom.store.runs import write_worksheet

ORIGINAL = load_level("original")
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def booklet_board():
    """Return the board after the booklet's first play, 24 ÷ 3 = 8 across J10 to O10."""
    rows = [["."] * 19 for _ in range(19)]
    rows[9][9:15] = ["2", "4", "÷", "3", "=", "8"]
    return parse_board("\n".join(" ".join(r) for r in rows))


@pytest.mark.parametrize("line, name, square, direction, tiles", [
    ("Ana: I19 across 4/4 = 2 × 6 1/6 + 2/3 - 12", "Ana", (19, 9), Direction.ACROSS,
     ("4/4", "=", "2", "×", "6", "1/6", "+", "2/3", "-", "1", "2")),
    ("F9 across 7/4 = 3/4 + 1", None, (9, 6), Direction.ACROSS, ("7/4", "=", "3/4", "+", "1")),
    ("F9 across: 7/4 = 3/4 + 1", None, (9, 6), Direction.ACROSS, ("7/4", "=", "3/4", "+", "1")),
    ("Gus I19 across 4/4 = 2", "Gus", (19, 9), Direction.ACROSS, ("4/4", "=", "2")),
    ("Mary Ann F9 down: 7 = 7", "Mary Ann", (9, 6), Direction.DOWN, ("7", "=", "7")),
    ("Team Blue: o9 DOWN 28 = 4 × ?7", "Team Blue", (9, 15), Direction.DOWN,
     ("2", "8", "=", "4", "×", "?7")),
])
def test_a_play_line_reads_name_square_direction_and_tiles(line, name, square, direction, tiles):
    """The key's notation, with or without a name (with a colon after it or not), a colon
    after the direction or not, any case."""
    play = parse_play(line)
    assert (play.name, play.start, play.direction, play.tiles) == (name, square, direction, tiles)


@pytest.mark.parametrize("line, message", [
    ("Ana: 7 + 1 = 8", "'Ana: 7 \\+ 1 = 8' is not a play: write its first square, across or down, "
                       "then the equation, like F9 across 7/4 = 3/4 \\+ 1"),
    ("Gus I19 acros 4/4 = 1", "'Gus I19 acros 4/4 = 1' is not a play"),
    ("Z9 across 1 = 1", "'Z9' is not a square"),
    ("Ana: F20 down 1 = 1", "'F20' is not a square"),
    ("F9 across", "the equation is missing after across, like F9 across 7/4 = 3/4 \\+ 1"),
    ("F9 down 1 = 3/8", "3/8 is not a fraction tile"),
])
def test_an_unreadable_play_says_what_is_wrong(line, message):
    """A line that is not a play raises one sentence."""
    with pytest.raises(ClassroomError, match=message):
        parse_play(line)


PLAYS = """\
1. Ana: O9 down 28 = 4 × 7
Bo: O10 down 8 = 2 × 4
Cy: O9 down 28 = 4 × 7
Di: J10 across 24 ÷ 3 = 9
Ed: A1 across 7 = 7
Fay: O9 down 28 = 7 × 4
Gus: J8 down 7 = 2
Hal: P10 across 7 = 7
Ida: O9 down 28 = 7 × 4 = 28
Jo: O10 down 8 = 8
"""


def test_plays_on_the_booklet_board_are_judged_with_reasons_and_shared_ranks():
    """Legal plays are scored and ranked with ties shared; each illegal one says why."""
    judged = judge(PLAYS, booklet_board(), parse_hand("4 × 7 2 4"), ORIGINAL)
    marks = [(j.name, j.rank, j.score, j.reason) for j in judged]
    assert marks == [
        ("Ana", 1, 11, None),
        ("Bo", 4, 8, None),
        ("Cy", 1, 11, None),
        ("Di", None, 0, "O10 already holds 8, not 9"),
        ("Ed", None, 0, "the play does not touch any tile already on the board"),
        ("Fay", 3, 10, None),
        ("Gus", None, 0, "column J from J8: the two sides differ: 7 is 7, 2 is 2"),
        ("Hal", None, 0, "the main string does not start at P10: O10 just before it holds 8"),
        ("Ida", None, 0, "a play places at most one ="),
        ("Jo", None, 0, "the play uses one 8 but the hand has no 8"),
    ]
    assert judged[0].notation == "O9 down 28 = 4 × 7"
    assert [e.explain() for e in judged[0].breakdown.equations] == ["1 + 2 + 0 + 1 + 3 + 2×2 = 11"]


def test_a_cross_string_that_breaks_the_rules_is_named():
    """A play whose tile below the = makes the cross string '= 3' is illegal, and says where."""
    judged = judge("N11 across 3 = 3", booklet_board(), parse_hand("3 3"), ORIGINAL)
    assert judged[0].reason == "column N from N10: there is nothing before the ="


@pytest.fixture(scope="module")
def contest(tmp_path_factory):
    """A small generated situation written with its manifest: (folder, item id, grid, hand)."""
    folder = tmp_path_factory.mktemp("contest")
    rules = SituationRules(plays=2, margin=0, hand_size=5)
    worksheet = situations_set(ORIGINAL, "original", 4, 1, rules, PrintOptions())
    write_worksheet(worksheet, folder / "run")
    item = json.loads((folder / "run" / "manifest.json").read_text("utf-8"))["items"][0]
    (folder / "board.txt").write_text(item["grid"], "utf-8")
    return folder, item["id"], item["hand"]


def test_a_generated_contest_is_judged_as_classroom_best_scores_it(contest):
    """The key's best play is 1st, a lower legal play 2nd, an illegal one has a reason; the
    scores equal those `classroom best --all` gives on the same position."""
    folder, id, hand = contest
    best = run("best", folder / "board.txt", " ".join(hand), "--all", "--json")
    assert best.exit_code == 0, best.output
    plays = json.loads(best.stdout)["plays"]
    top, lower = plays[0], next(p for p in plays if p["score"] < plays[0]["score"])

    board = parse_board(item_grid(folder))
    lines = [f"Winner: {notation_of(board, top)}", f"Second: {notation_of(board, lower)}",
             f"Wrong: {notation_of(board, top).replace(' = ', ' = 1', 1)}"]
    (folder / "plays.txt").write_text("\n".join(lines) + "\n", "utf-8")
    result = run("grade", folder / "plays.txt", "--worksheet", id.lower(), "--manifests", folder, "--json")
    assert result.exit_code == 0, result.output
    judged = {p["name"]: p for p in json.loads(result.stdout)["plays"]}
    assert (judged["Winner"]["rank"], judged["Winner"]["score"]) == (1, top["score"])
    assert (judged["Second"]["rank"], judged["Second"]["score"]) == (2, lower["score"])
    assert judged["Wrong"]["rank"] is None and judged["Wrong"]["legal"] is False
    assert judged["Wrong"]["reason"]


def item_grid(folder):
    return (folder / "board.txt").read_text("utf-8")


def notation_of(board, play):
    """Return a `best --json` play in the key's notation, through the engine's notation."""
    from classroom.game.board import parse_square
    from classroom.game.plays import make_play, notation
    placed = make_play([(parse_square(p["square"]), p["tile"]) for p in play["placements"]],
                       Direction(play["direction"]))
    return notation(board, placed)


def test_contest_results_as_csv_and_a_one_page_pdf(contest, tmp_path):
    """--csv: one row a play, ranked; --pdf: one page naming the winner."""
    folder, id, hand = contest
    best = json.loads(run("best", folder / "board.txt", " ".join(hand), "--json").stdout)["plays"][0]
    board = parse_board(item_grid(folder))
    (tmp_path / "plays.txt").write_text(f"A1 across 1 = 1\nZoe: {notation_of(board, best)}\n", "utf-8")
    result = run("grade", tmp_path / "plays.txt", "--worksheet", id, "--manifests", folder,
                 "--csv", tmp_path / "results.csv", "--pdf", tmp_path / "results.pdf")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO((tmp_path / "results.csv").read_text("utf-8"))))
    assert rows[0] == ["rank", "name", "line", "play", "legal", "score", "reason"]
    assert [(r[0], r[1], r[4]) for r in rows[1:]] == [("1", "Zoe", "yes"), ("", "", "no")]
    pages = PdfReader(tmp_path / "results.pdf").pages
    assert len(pages) == 1 and "Zoe" in pages[0].extract_text()
    assert "\nline 1\nthe play does not touch" in pages[0].extract_text()  # found by its line


def test_names_without_a_colon_are_read_and_each_line_keeps_its_name_and_number():
    """'Gus I19 across ...' is Gus's play; a line whose equation cannot be read keeps its name,
    and its reason names what could not be read."""
    judged = judge("Gus O9 down 28 = 4 × 7\nHal O9 down 28 = (4 × 7)\nIda O9 acros 28 = 4 × 7\n",
                   booklet_board(), parse_hand("4 × 7 2 4"), ORIGINAL)
    assert [(j.line, j.name, j.text, j.legal) for j in judged] == [
        (1, "Gus", "O9 down 28 = 4 × 7", True),
        (2, "Hal", "O9 down 28 = (4 × 7)", False),
        (3, None, "Ida O9 acros 28 = 4 × 7", False),
    ]
    assert judged[1].reason.startswith("the equation: Equate has no brackets")
    assert judged[2].reason.startswith("'Ida O9 acros 28 = 4 × 7' is not a play")


def test_the_screen_names_the_line_of_every_play_that_is_not_legal(contest, tmp_path):
    """grade's text output gives each play that is not legal its line number beside the name."""
    folder, id, _ = contest
    (tmp_path / "plays.txt").write_text("Ann: A1 across 1 = 1\nBo A1 across 2 = 2\nA1 down 3 = 3\n", "utf-8")
    result = run("grade", tmp_path / "plays.txt", "--worksheet", id, "--manifests", folder)
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.stdout.splitlines() if line.startswith("   -  ")] == [
        "   -  Ann (line 1)", "   -  Bo (line 2)", "   -  line 3"]


def test_the_results_page_is_one_page_and_the_same_bytes_every_time(tmp_path):
    """Many plays still make one page (the last line counts the plays left out); the same
    results give byte-identical PDFs (reportlab's invariant mode)."""
    from classroom.render.results_pdf import render_results

    judged = judge(PLAYS * 12, booklet_board(), parse_hand("4 × 7 2 4"), ORIGINAL)
    first = render_results("S-x-0000-01", parse_hand("4 × 7 2 4"), judged, "a4")
    assert first == render_results("S-x-0000-01", parse_hand("4 × 7 2 4"), judged, "a4")
    (tmp_path / "results.pdf").write_bytes(first)
    pages = PdfReader(tmp_path / "results.pdf").pages
    assert len(pages) == 1
    assert "more plays: see the CSV or the screen for every play" in pages[0].extract_text()


@pytest.mark.parametrize("line, score, reason", [
    ("O9 down 28 = 4 × ?7", 7, None),  # the blank on the 2S at O14 scores 0
    ("O9 down 28 = 4 × 7", 0, "the play uses one 7 but the hand has no 7"),
    ("O9 down 28 = ?4 × ?7", 0, "the play uses two blanks but the hand has one blank"),
])
def test_a_blank_is_written_with_its_symbol_and_scores_nothing(line, score, reason):
    """'?7' places the hand's blank as 7; a 7 written without '?' needs a real 7."""
    judged = judge(line, booklet_board(), parse_hand("4 × ? 2"), ORIGINAL)[0]
    assert (judged.score, judged.reason) == (score, reason)
