"""A class at once: several lists graded into one table with a summary; a roster prints one
named sheet per student, and grading finds each student's sheet by name."""

from __future__ import annotations

import csv
import io
import json

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.plurals import plural, tiles_of
from classroom.make.roster import parse_roster
from classroom.make.sets import band, band_centre
from classroom.solve.boardless import rank

runner = CliRunner()
HAND = "2 4 ÷ 3 8"
LISTS = {
    "ana": "24 ÷ 3 = 8\n8 = 24 ÷ 3\n24 ÷ 3 = 8\n",
    "bo": "4 - 6 + 7 = 5\n2 + 2 = 4\n8 ÷ 4 = 2\n",
    "cy": "8 ÷ 2 = 4\n",
}


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("count, tile, words", [
    (2, "2", "two 2s"), (1, "2", "one 2"), (0, "8", "no 8"), (2, "?", "two blanks"),
    (1, "?", "one blank"), (3, "+", "three + tiles"), (1, "1/2", "one 1/2 tile"), (12, "5", "12 5s"),
])
def test_tile_counts_read_as_words(count, tile, words):
    """'uses two 2s', never '2 × 2', which reads as multiplication."""
    assert tiles_of(count, tile) == words


def test_plurals_agree_with_the_count():
    """'1 different valid equation', '2 different valid equations'."""
    assert [plural(n, "different valid equation") for n in (0, 1, 2)] == [
        "0 different valid equations", "1 different valid equation", "2 different valid equations"]


def test_one_list_says_1_equation_in_the_singular(tmp_path):
    """The total line of one valid equation uses the singular."""
    (tmp_path / "cy.txt").write_text("24 ÷ 3 = 8\n", "utf-8")
    result = run("grade", tmp_path / "cy.txt", "--hand", HAND)
    assert "Total: 10 points from 1 different valid equation (1 line), 1 idea." in result.stdout


def test_three_lists_give_three_rows_whose_totals_match_single_grading(tmp_path):
    """A folder of three lists: one CSV row each, with the totals of grading each alone."""
    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in LISTS.items():
        (folder / f"{name}.txt").write_text(text, "utf-8")
    result = run("grade", folder, "--hand", HAND, "--csv", tmp_path / "class.csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO((tmp_path / "class.csv").read_text("utf-8"))))
    alone = {name: json.loads(run("grade", folder / f"{name}.txt", "--hand", HAND, "--json").stdout)
             for name in LISTS}
    assert [r["student"] for r in rows] == ["ana", "bo", "cy"]
    assert {r["student"]: int(r["total"]) for r in rows} == {n: a["total"] for n, a in alone.items()}
    assert [(r["valid_lines"], r["best_equation"], r["repeats"]) for r in rows] == [
        ("2", "24 ÷ 3 = 8", "1"), ("1", "8 ÷ 4 = 2", "0"), ("1", "8 ÷ 2 = 4", "0")]
    assert "For 2 4 ÷ 3 8: the best equation nobody found is " in result.stdout
    assert "Most common mistakes: " in result.stdout


def test_the_class_summary_names_the_best_unfound_equation_and_common_mistakes(tmp_path):
    """The summary's JSON: the key's best answer no student wrote, mistakes by kind."""
    for name, text in LISTS.items():
        (tmp_path / f"{name}.txt").write_text(text, "utf-8")
    files = [tmp_path / f"{name}.txt" for name in LISTS]
    data = json.loads(run("grade", *files, "--hand", HAND, "--json").stdout)
    key = json.loads(run("solve", HAND, "--json").stdout)
    found = {"24 ÷ 3 = 8", "8 = 24 ÷ 3", "8 ÷ 4 = 2", "8 ÷ 2 = 4"}
    unfound = next(e for e in key["equations"] if e["text"] not in found)
    assert data["summary"]["missed"] == [{"worksheet": "2 4 ÷ 3 8", "text": unfound["text"],
                                          "score": unfound["score"]}]
    assert data["summary"]["mistakes"] == [
        {"kind": "going below zero", "count": 1},
        {"kind": "using a tile more times than the hand has it", "count": 1},
        {"kind": "writing the same equation twice", "count": 1},
    ]


@pytest.mark.parametrize("scores, centre, low, high", [
    ([14, 17, 60, 12, 15], 14, 11, 17),  # the nine-tile hand (60) is the one drawn again
    ([40, 9, 41, 45], 40, 34, 46),
])
def test_a_roster_band_holds_most_of_the_hands_first_drawn(scores, centre, low, high):
    """The band's centre is the best score most first hands are near; 15% either side, at least 3."""
    assert band_centre(scores) == centre and band(centre) == (low, high)


@pytest.mark.parametrize("text, csv_format, names", [
    ("Ana\n\n# absent: none\nBo  Li\n", False, ("Ana", "Bo Li")),
    ("Name,Class\nAna,7B\nBo,7B\n", True, ("Ana", "Bo")),
    ("Ana,7B\nBo,7B\n", True, ("Ana", "Bo")),
    ("id,Full name\n1,Ana Lee\n2,Bo Li\n", True, ("Ana Lee", "Bo Li")),
    ("Student\nAna Lee\nBo Li\n", True, ("Ana Lee", "Bo Li")),
    ("First,Last\nAna,Lee\nBo,Li\n", True, ("Ana Lee", "Bo Li")),
    ("Last name,First name,Class\nLee,Ana,7B\nLi,Bo,7B\n", True, ("Ana Lee", "Bo Li")),
    ("SURNAME,given_name\nLee,Ana\n", True, ("Ana Lee",)),
    ("Forename,Family name\nÉmile,Roy\n", True, ("Émile Roy",)),
    ("Nom;Prénom;Classe\nLee;Ana;7B\nLi;Bo;7B\n", True, ("Ana Lee", "Bo Li")),
    ("Name;Class\nAna Lee;7B\nBo Li;7B\n", True, ("Ana Lee", "Bo Li")),
    ("Name;Class\nLee, Ana;7B\nBo Li;7B\n", True, ("Lee, Ana", "Bo Li")),
    ("firstname\tlastname\tid\nAna\tLee\t1\nBo\tLi\t2\n", True, ("Ana Lee", "Bo Li")),
    ("Ana Lee\nBo Li\n", True, ("Ana Lee", "Bo Li")),
    ('"Lee, Ana",7B\nBo,7B\n', True, ("Lee, Ana", "Bo")),
])
def test_a_roster_reads_names_from_text_or_csv(text, csv_format, names):
    """A name a line; or a CSV table (',', ';' or tab between cells): its first- and last-name
    columns joined, its column of whole names, else its first column."""
    assert parse_roster(text, "names", csv_format) == names


@pytest.mark.parametrize("text, message", [
    ("Ana\nBo\nana\n", "names: line 3: ana is already on line 1"),
    ("Émile Roy\nBo\nEmile-Roy\n", "names: line 3: Emile-Roy is already on line 1"),
])
def test_a_roster_refuses_a_repeated_name(text, message):
    """Two students of one name (in any case, accents or not) could not be told apart when grading."""
    with pytest.raises(ClassroomError, match=message):
        parse_roster(text, "names")


def test_a_roster_of_five_prints_five_named_sheets_matched_in_difficulty(tmp_path, monkeypatch):
    """Five names: five sheets each with its name, the manifest maps names to ids, the best
    scores lie in one band, and grading finds a student's sheet by name."""
    monkeypatch.chdir(tmp_path)
    names = ["Ana", "Bo", "Cy", "Di", "Ed"]
    (tmp_path / "names.txt").write_text("\n".join(names) + "\n", "utf-8")
    result = run("boardless", "--roster", "names.txt", "--seed", 3, "--tiles-per-hand", 6,
                 "--min-equations", 1, "--no-blanks", "--jobs", 1)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "output" / "boardless-3"
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    ids = [item["id"] for item in manifest["items"]]
    assert manifest["roster"] == {name: [id] for name, id in zip(names, ids)}
    pages = PdfReader(folder / "boardless-3.pdf").pages
    assert [name in page.extract_text() for name, page in zip(names, pages)] == [True] * 5
    assert len(pages) == 5
    best = [item["best_score"] for item in manifest["items"]]
    assert any(band(c)[0] <= min(best) and max(best) <= band(c)[1] for c in range(min(best), max(best) + 1))
    (tmp_path / "Cy.txt").write_text("1 = 1\n", "utf-8")
    graded = json.loads(run("grade", "Cy.txt", "--json").stdout)
    assert graded["hand"] == manifest["items"][2]["hand"]
    by_name = json.loads(run("grade", "Cy.txt", "--worksheet", "cy", "--json").stdout)
    assert by_name["hand"] == manifest["items"][2]["hand"]


def test_a_roster_gives_each_contestant_a_named_copy_of_the_situation(tmp_path, monkeypatch):
    """Situations with a roster: the same position for everyone, one named page each."""
    monkeypatch.chdir(tmp_path)
    rows = [["."] * 19 for _ in range(19)]
    rows[9][9:15] = ["2", "4", "÷", "3", "=", "8"]
    (tmp_path / "board.txt").write_text("\n".join(" ".join(r) for r in rows) + "\n", "utf-8")
    (tmp_path / "names.csv").write_text("name\nAna\nBo\n", "utf-8")
    result = run("situations", "--board", "board.txt", "--hand", "4 × 7 2", "--roster", "names.csv")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "output" / "situations-own"
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    id = manifest["items"][0]["id"]
    assert manifest["roster"] == {"Ana": [id], "Bo": [id]}
    pages = [p.extract_text() for p in PdfReader(folder / "situations.pdf").pages]
    assert len(pages) == 2 and "Ana" in pages[0] and "Bo" in pages[1]
    (tmp_path / "bo.txt").write_text("O9 down 28 = 4 × 7\n", "utf-8")
    judged = json.loads(run("grade", "bo.txt", "--json").stdout)
    assert (judged["worksheet"], judged["plays"][0]["score"], judged["plays"][0]["rank"]) == (id, 11, 1)


def test_a_folder_without_lists_is_one_sentence(tmp_path):
    """A folder with no .txt list: exit 2, the folder named, nothing written."""
    (tmp_path / "empty").mkdir()
    result = run("grade", tmp_path / "empty", "--hand", HAND, "--csv", tmp_path / "class.csv")
    assert result.exit_code == 2
    assert result.stderr == f"error: {tmp_path / 'empty'}: the folder holds no .txt lists to grade\n"
    assert not (tmp_path / "class.csv").exists()


def write_run(folder, items):
    """Write a boardless run's manifest.json holding the given items (id, hand, best_score, count)."""
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps({
        "command": "boardless", "seed": 1, "level": "original", "files": [], "items": items}), "utf-8")


@pytest.mark.parametrize("stored, solved", [
    ({"count": 72, "best_score": 10}, False),  # as the run's key printed them
    ({"count": "72", "best_score": 10}, True),  # not in the right shape: solved again
    ({"count": 0, "best_score": 10}, True),  # do not agree: solved again
    ({}, True),  # an older manifest that recorded neither
])
def test_one_list_takes_its_hands_totals_from_the_manifest(tmp_path, monkeypatch, stored, solved):
    """A list graded against a printed sheet says what the hand allows as the run recorded it,
    without solving the hand; a manifest that did not record it well has the hand solved."""
    import classroom.mark.grading as grading

    key = json.loads(run("solve", HAND, "--json").stdout)
    calls = []
    monkeypatch.setattr(grading, "rank", lambda *args: calls.append(args) or rank(*args))
    write_run(tmp_path / "output" / "run", [{"id": "B-1-aa-01", "hand": HAND.split(), **stored}])
    (tmp_path / "list.txt").write_text("24 ÷ 3 = 8\n", "utf-8")
    data = json.loads(run("grade", tmp_path / "list.txt", "--worksheet", "B-1-aa-01",
                          "--manifests", tmp_path / "output", "--json").stdout)
    expected = (key["count"], key["best_score"]) if solved else (72, 10)
    assert (data["possible"], data["best_score"], data["total"]) == (*expected, 10)
    assert len(calls) == solved
