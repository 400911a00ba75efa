"""Every list graded against its own student's sheet, or not at all: names as people write file
names, the roster's newest run, lists that name nobody left out and said, on the command line
and on the page alike; and ids that can be copied back in."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.symbols import parse_written
from classroom.game.tilesets import load_level
from classroom.solve.boardless import check, solve
from classroom.store.library import PrintedSheet, Run
from classroom.store.matching import NO_ONE, match_by_name, name_key
from classroom.web import create_app
from tests.browsers import teacher

runner = CliRunner()
ORIGINAL = load_level("original")
STUDENTS = ["Alex Smith", "Bea Jones", "Chris Lee", "Émile Roy"]
FILES = {"Alex Smith": "Alex Smith.txt", "Bea Jones": "bea.txt", "Chris Lee": "CHRIS_LEE.txt", "Émile Roy": "emile.txt"}
OLD = 1_600_000_000  # a manifest's time, well before any run the test makes


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def roster_run(name: str, written: float, roster: dict[str, str]) -> Run:
    """Return a run in memory whose roster gives each student the sheet of that id."""
    records = tuple(PrintedSheet(id, "boardless", ("1",), "", "original", (), (student,), Path(name) / "manifest.json")
                    for student, id in roster.items())
    return Run(name, Path(name), "boardless", "original", written, (), records)


CLASS = roster_run("week-1", OLD, {s: f"B-1-aaaa-0{n}" for n, s in enumerate(STUDENTS, start=1)})


def matched(names: list[str], runs: list[Run]) -> dict[str, tuple[str, str] | str]:
    """Return each list's (student, sheet), or why it was left out."""
    matching = match_by_name(names, runs)
    return {**{names[m.index]: (m.student, m.sheet) for m in matching.matched},
            **{names[index]: why for index, why in matching.skipped}}


@pytest.mark.parametrize("name, student", [
    ("Alex Smith.txt", "Alex Smith"),
    ("alex smith.txt", "Alex Smith"),
    ("alex.txt", "Alex Smith"),
    ("bea.txt", "Bea Jones"),
    ("bea_jones.txt", "Bea Jones"),
    ("bea-jones.txt", "Bea Jones"),
    ("Bea.Jones.txt", "Bea Jones"),
    ("bea__ -jones.txt", "Bea Jones"),
    ("BeaJones.txt", "Bea Jones"),
    ("CHRIS_LEE.txt", "Chris Lee"),
    ("emile.txt", "Émile Roy"),
    ("ÉMILE ROY.txt", "Émile Roy"),
    ("Emile-Roy", "Émile Roy"),
    ("B-1-aaaa-02.txt", "Bea Jones"),  # a worksheet id names its student's sheet
    ("b−1−AAAA−02.txt", "Bea Jones"),  # typed with typographic minus signs
    ("jones.txt", None),  # a surname alone is not matched
    ("chris lee smith.txt", None),
    ("notes.txt", None),
])
def test_a_list_is_matched_to_its_student_as_people_name_files(name, student):
    """Case, accents, '_'/'-'/'.'/spaces and a unique first name do not matter; the sheet is
    that student's; a name that is nobody's is left out."""
    outcome = matched([name, "Chris Lee.txt"], [CLASS])[name]
    if student is None:
        assert outcome == "names no student of week-1"
    else:
        assert outcome == (student, dict(zip(STUDENTS, ["B-1-aaaa-01", "B-1-aaaa-02", "B-1-aaaa-03", "B-1-aaaa-04"]))[student])


@pytest.mark.parametrize("name, key", [
    ("Émile_ROY", "emile roy"), ("  bea..jones ", "bea jones"), ("Søren O'Neil", "soren oneil"), ("Zoë‐Li", "zoe li"),
])
def test_a_name_is_compared_without_case_accents_or_separators(name, key):
    """What names are compared by: plain lower-case words, one space between them."""
    assert name_key(name) == key


def test_a_first_name_two_students_share_is_left_out_with_both_named():
    """'alex.txt' in a class of Alex Smith and Alex Brown is no one's list."""
    alexes = roster_run("week-1", OLD, {"Alex Smith": "B-1-aaaa-01", "Alex Brown": "B-1-aaaa-02"})
    assert matched(["alex.txt", "Alex Brown.txt"], [alexes]) == {
        "alex.txt": "could be Alex Smith or Alex Brown", "Alex Brown.txt": ("Alex Brown", "B-1-aaaa-02")}


def test_a_roster_used_again_is_matched_in_its_newest_run():
    """The same roster in two runs: the newest run's sheets (runs come newest first)."""
    again = roster_run("week-2", OLD + 7 * 86400, {s: f"B-2-bbbb-0{n}" for n, s in enumerate(STUDENTS, start=1)})
    matching = match_by_name(["bea.txt", "emile.txt"], [again, CLASS])
    assert matching.run is again
    assert [(m.student, m.sheet) for m in matching.matched] == [("Bea Jones", "B-2-bbbb-02"), ("Émile Roy", "B-2-bbbb-04")]


def test_a_newer_run_of_another_class_does_not_take_the_lists():
    """Another class's newer run that knows one of the names: the run naming the most lists wins."""
    other = roster_run("7c", OLD + 86400, {"Alex Brown": "B-3-cccc-01", "Dan Ng": "B-3-cccc-02"})
    matching = match_by_name(["alex.txt", "bea.txt", "chris.txt"], [other, CLASS])
    assert matching.run is CLASS
    assert [m.sheet for m in matching.matched] == ["B-1-aaaa-01", "B-1-aaaa-02", "B-1-aaaa-03"]


def test_lists_no_roster_knows_are_all_left_out():
    """Without any roster that knows a name, every list is left out, with the reason."""
    assert matched(["notes.txt", "ana.txt"], [CLASS]) == {"notes.txt": NO_ONE, "ana.txt": NO_ONE}


# --- the class of four, on the command line and on the page -----------------------------------

def make_roster_run(seed: int, *options: str) -> tuple[str, dict[str, str], dict[str, tuple[str, ...]]]:
    """Make a roster run of STUDENTS in ./output; return its folder's name, each student's sheet
    id, and each sheet's hand."""
    result = run("boardless", "--roster", "names.txt", "--seed", seed, "--tiles-per-hand", 5,
                 "--min-equations", 1, "--no-blanks", "--jobs", 1, *options)
    assert result.exit_code == 0, result.output
    manifest = json.loads(Path("output", f"boardless-{seed}", "manifest.json").read_text("utf-8"))
    return (f"boardless-{seed}", {name: ids[0] for name, ids in manifest["roster"].items()},
            {item["id"]: tuple(item["hand"]) for item in manifest["items"]})


def own_lines(hands: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """Return for each sheet an equation its hand makes and no other sheet's hand does."""
    return {id: next(a.text for a in solve(hand, ORIGINAL).answers
                     if not any(check(parse_written(a.text), ORIGINAL, other).valid
                                for other_id, other in hands.items() if other_id != id))
            for id, hand in hands.items()}


def write_lists(folder: Path, roster: dict[str, str], hands: dict[str, tuple[str, ...]]) -> None:
    """Write each student's list (its file named as students name files) holding the one line
    only that student's hand makes, and a stray notes.txt."""
    folder.mkdir(exist_ok=True)
    lines = own_lines(hands)
    for student, file in FILES.items():
        (folder / file).write_text(lines[roster[student]] + "\n", "utf-8")
    (folder / "notes.txt").write_text("bring scissors on Monday\n", "utf-8")


def grade_on_the_command_line(folder: Path, *options: str) -> tuple[dict, list[str], str]:
    """Return, from `classroom grade FOLDER --json`, each student's (sheet, valid lines), the
    lists left out (name: why) and the run's folder name."""
    result = run("grade", folder, "--json", *options)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return ({s["student"]: (s["worksheet"], s["valid_lines"]) for s in data["students"]},
            [f"{s['list']} {s['reason']}" for s in data["skipped"]], Path(data["run"]).name)


def grade_on_the_page(folder: Path, *options: str) -> tuple[dict, list[str], str]:
    """Return the same from the page's Grade form, the lists uploaded."""
    files = [("files", (p.name, p.read_bytes(), "text/plain")) for p in sorted(folder.iterdir())]
    with teacher(create_app(Path("output"))) as client:
        page = client.sign_in().post("/grade", data=dict(zip(["sheet"], options)), files=files)
    assert page.status_code == 200, page.text
    rows = re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td>", page.text.split('id="grades"')[1].split("</table>")[0])
    skipped = re.findall(r"<li><strong>([^<]*)</strong> ([^<]*)</li>", page.text.split('id="skipped"')[1].split("</div>")[0])
    return ({student: (sheet, int(valid)) for student, sheet, valid in rows},
            [f"{name} {why}" for name, why in skipped], re.search(r'id="run">[^<]*<strong>([^<]*)<', page.text).group(1))


@pytest.fixture
def class_folder(tmp_path, monkeypatch):
    """A roster of four written in tmp_path (the current folder), and the folder for the lists."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "names.txt").write_text("\n".join(STUDENTS) + "\n", "utf-8")
    return tmp_path / "class7b"


@pytest.mark.parametrize("grade", [grade_on_the_command_line, grade_on_the_page])
def test_each_list_of_a_roster_class_is_marked_against_its_own_sheet(class_folder, grade):
    """Four students with different hands, lists named 'Alex Smith.txt', 'bea.txt',
    'CHRIS_LEE.txt', 'emile.txt' and a stray notes.txt: each list marked against its student's
    sheet (its one line valid), the stray one left out and said, the run named; and after the
    roster is used for a second run, the same against the newest run."""
    folder, roster, hands = make_roster_run(3)
    assert len(set(hands.values())) == 4
    write_lists(class_folder, roster, hands)
    assert grade(class_folder) == ({student: (roster[student], 1) for student in STUDENTS},
                                   ["notes.txt names no student of boardless-3"], "boardless-3")
    os.utime(Path("output", folder, "manifest.json"), (OLD, OLD))
    again, roster_again, hands_again = make_roster_run(4)
    assert set(roster_again.values()).isdisjoint(roster.values())
    write_lists(class_folder, roster_again, hands_again)
    assert grade(class_folder) == ({student: (roster_again[student], 1) for student in STUDENTS},
                                   ["notes.txt names no student of boardless-4"], "boardless-4")


@pytest.mark.parametrize("grade", [grade_on_the_command_line, grade_on_the_page])
def test_a_roster_class_is_listed_in_the_rosters_order(class_folder, grade):
    """The class table follows the roster (the teacher's mark book), not the files' order:
    'CHRIS_LEE.txt' sorts before 'bea.txt', yet Bea comes before Chris."""
    _, roster, hands = make_roster_run(3)
    write_lists(class_folder, roster, hands)
    assert sorted(FILES.values()) != [FILES[s] for s in STUDENTS]  # the files' order differs
    assert list(grade(class_folder)[0]) == list(STUDENTS)


@pytest.mark.parametrize("grade", [grade_on_the_command_line, grade_on_the_page])
def test_the_id_of_one_sheet_of_a_roster_run_matches_each_list_within_that_run(class_folder, grade):
    """Alex's id, typed with typographic minus signs, after a newer run of the roster: each list
    still marked against its own student's sheet in Alex's run."""
    folder, roster, hands = make_roster_run(3)
    write_lists(class_folder, roster, hands)
    os.utime(Path("output", folder, "manifest.json"), (OLD, OLD))
    make_roster_run(4)
    typed = roster["Alex Smith"].replace("-", "−")
    option = ("--worksheet", typed) if grade is grade_on_the_command_line else (typed,)
    assert grade(class_folder, *option) == ({student: (roster[student], 1) for student in STUDENTS},
                                            ["notes.txt names no student of boardless-3"], "boardless-3")


def test_the_id_of_a_same_hand_set_marks_every_list_against_that_sheet(class_folder):
    """A same-hand roster set: every list, the stray one too, against the one sheet."""
    _, roster, _ = make_roster_run(3, "--same-hand")
    write_lists(class_folder, roster, {roster["Alex Smith"]: ("1", "1", "2", "+", "-")})
    result = run("grade", class_folder, "--worksheet", roster["Bea Jones"], "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(s["student"], s["worksheet"]) for s in data["students"]] == [
        (student, roster["Alex Smith"]) for student in ["Alex Smith", "Chris Lee", "Bea Jones", "Émile Roy", "notes"]]
    assert data["skipped"] == []


def test_the_class_table_shows_each_sheet_and_the_run_and_ids_to_copy(class_folder):
    """The screen's table has each student's worksheet id, the summary prints ids with ASCII
    hyphens (pasted back into --worksheet they work), then the run and the list left out."""
    _, roster, hands = make_roster_run(3)
    write_lists(class_folder, roster, hands)
    result = run("grade", class_folder)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["student", "worksheet", "valid", "total", "repeats", "best", "equation", "found"]
    assert lines[1].split()[:3] == ["Alex", "Smith", roster["Alex Smith"]]
    assert sum(line.startswith(f"For {roster['Bea Jones']}: ") for line in lines) == 1
    assert lines[-2:] == [f"Sheets from the run {Path('output', 'boardless-3').resolve()}.",
                          "Not graded: notes.txt names no student of boardless-3."]


def test_one_list_named_after_another_student_than_the_id_given_is_refused(class_folder):
    """bea.txt with Alex's id: which one is meant is not guessed."""
    _, roster, hands = make_roster_run(3)
    write_lists(class_folder, roster, hands)
    result = run("grade", class_folder / "bea.txt", "--worksheet", roster["Alex Smith"])
    assert result.exit_code == 2
    assert result.stderr == (f"error: bea.txt is Bea Jones's list, whose sheet is {roster['Bea Jones']}, "
                             f"not {roster['Alex Smith']}; give that id, or rename the file\n")


def test_lists_that_name_no_one_are_one_sentence(class_folder):
    """Several lists, none named after a student or a sheet: exit 2, one sentence."""
    make_roster_run(3)
    class_folder.mkdir()
    for name in ("notes.txt", "todo.txt"):
        (class_folder / name).write_text("1 = 1\n", "utf-8")
    result = run("grade", class_folder)
    assert result.exit_code == 2
    assert result.stderr == (f"error: none of the 2 lists names a student or a worksheet (notes.txt names "
                             f"no student of a roster and no worksheet id under {Path.cwd() / 'output'}/); "
                             f"name each file after its student, or give --hand HAND or --worksheet ID\n")


def test_a_pasted_list_is_matched_by_the_students_name_on_the_page(class_folder):
    """The page's pasted list with a student's name and no id: that student's sheet."""
    _, roster, hands = make_roster_run(3)
    line = own_lines(hands)[roster["Chris Lee"]]
    with teacher(create_app(Path("output"))) as client:
        page = client.sign_in().post("/grade", data={"student": "chris", "list": line})
    assert page.status_code == 200, page.text
    assert f"<tr><td>Chris Lee</td><td>{roster['Chris Lee']}</td><td>1</td>" in page.text
    assert "Sheets from the run <strong>boardless-3</strong>" in page.text


def test_an_id_with_typographic_minus_signs_opens_the_check_page(class_folder):
    """/check/ID with the id copied as 'B−3−…' finds the sheet."""
    _, roster, _ = make_roster_run(3)
    with TestClient(create_app(Path("output"))) as client:
        page = client.get("/check/" + roster["Bea Jones"].replace("-", "–"))
    assert page.status_code == 200, page.text
    assert roster["Bea Jones"] in page.text
