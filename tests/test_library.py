"""Finding a worksheet again: ids in any case or a student's name, manifests of the wrong shape
passed over or named, and runs that never replace each other."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.store.library import default_folder, find_sheet
from classroom.store.runs import choose_folder

runner = CliRunner()

GOOD = {"command": "boardless", "seed": 42, "level": "junior", "version": "0.1.0", "options": {},
        "roster": {"Ana": ["B-42-3f9a-01"]},
        "files": [], "items": [{"id": "B-42-3f9a-01", "hand": ["2", "4", "÷", "3", "8"]}]}


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def write(folder, data) -> None:
    """Write a manifest.json (any JSON) into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(data), "utf-8")


@pytest.mark.parametrize("key", ["B-42-3f9a-01", "b-42-3F9A-01", "ana", "ANA"])
def test_a_sheet_is_found_by_id_in_any_case_or_by_student_name(tmp_path, key):
    """The id matches in any letter case; a roster name finds that student's sheet."""
    write(tmp_path / "run", GOOD)
    record = find_sheet(key, tmp_path)
    assert (record.id, record.hand, record.level, record.students) == (
        "B-42-3f9a-01", ("2", "4", "÷", "3", "8"), "junior", ("Ana",))


@pytest.mark.parametrize("bad", [
    [GOOD],
    None,
    {"command": "boardless", "items": ["B-42-3f9a-01"]},
    {"command": "boardless", "items": [{"id": "B-42-3f9a-01"}]},
    {"command": "boardless", "items": [{"id": "B-42-3f9a-01", "hand": "2 4"}]},
    {"command": "situations", "items": [{"id": "B-42-3f9a-01", "hand": ["2"]}]},
])
def test_a_manifest_of_the_wrong_shape_beside_a_good_one_is_skipped(tmp_path, bad):
    """Valid JSON of the wrong shape (a list, null, items as strings, no hand) does not stop the
    good manifest beside it from being found."""
    write(tmp_path / "a-broken", bad)
    write(tmp_path / "b-good", GOOD)
    assert find_sheet("B-42-3f9a-01", tmp_path).manifest == tmp_path / "b-good" / "manifest.json"


@pytest.mark.parametrize("bad, message", [
    ([GOOD], "is not a worksheet manifest (it holds a list, not an object)"),
    (None, "is not a worksheet manifest (it holds null, not an object)"),
    ({"command": "boardless", "items": [{"id": "B-42-3f9a-01"}]}, "records no hand for worksheet B-42-3f9a-01"),
])
def test_a_broken_manifest_that_is_the_only_candidate_is_named(tmp_path, bad, message):
    """With no good manifest, the error names the broken one in one sentence, exit 2."""
    write(tmp_path / "run", bad)
    (tmp_path / "list.txt").write_text("1 = 1\n", "utf-8")
    result = run("grade", tmp_path / "list.txt", "--worksheet", "B-42-3f9a-01", "--manifests", tmp_path)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: no worksheet B-42-3f9a-01 found under {tmp_path}/: "
                                    f"{tmp_path / 'run' / 'manifest.json'}")
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_two_different_sheets_under_one_id_are_refused(tmp_path):
    """The same id with another hand in a second manifest: ask which one."""
    write(tmp_path / "a", GOOD)
    write(tmp_path / "b", {**GOOD, "items": [{"id": "B-42-3f9a-01", "hand": ["1", "1"]}]})
    with pytest.raises(ClassroomError, match="B-42-3f9a-01 names 2 different sheets"):
        find_sheet("B-42-3f9a-01", tmp_path)


def test_the_output_folder_is_found_from_inside_it(tmp_path):
    """Standing in output/boardless-42 (or anywhere below the project), output/ is found."""
    inside = tmp_path / "output" / "boardless-42"
    inside.mkdir(parents=True)
    assert default_folder(inside) == tmp_path / "output"
    assert default_folder(tmp_path) == tmp_path / "output"


def test_a_second_run_goes_to_a_new_folder_or_is_refused(tmp_path):
    """Default folder taken: the next free KIND-SEED-N; --out taken: refused unless --force."""
    taken = tmp_path / "boardless-5"
    write(taken, GOOD)
    assert choose_folder(None, taken) == (
        tmp_path / "boardless-5-2", f"{taken} holds an earlier run, so this one went to {tmp_path / 'boardless-5-2'}")
    with pytest.raises(ClassroomError, match="already holds an earlier run's files; choose another --out, or add --force"):
        choose_folder(taken, taken)
    assert choose_folder(taken, taken, force=True) == (taken, None)


def test_same_seed_other_levels_give_other_ids_each_graded_with_its_own_hand(tmp_path, monkeypatch):
    """Two runs, one seed, two levels (one a custom --tiles file): different ids; each id grades
    against its own hand and tile set, the custom one without --tiles; the first run's files
    stay byte-identical after a second run with the same seed."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ours.toml").write_text(
        'name = "Ours"\n[tiles]\n"1" = { count = 4, score = 3 }\n"2" = { count = 4, score = 4 }\n'
        '"+" = { count = 4, score = 1 }\n"=" = { count = 4, score = 0 }\n', "utf-8")
    common = ("--count", 1, "--seed", 5, "--tiles-per-hand", 5, "--min-equations", 1, "--jobs", 1)
    assert run("boardless", *common, "--level", "add-subtract").exit_code == 0
    first = {p.name: p.read_bytes() for p in (tmp_path / "output" / "boardless-5").iterdir()}
    again = run("boardless", *common, "--tiles", "ours.toml")
    assert again.exit_code == 0, again.output
    assert "output/boardless-5 holds an earlier run, so this one went to output/boardless-5-2" in again.stdout
    assert {p.name: p.read_bytes() for p in (tmp_path / "output" / "boardless-5").iterdir()} == first
    manifests = [json.loads((tmp_path / "output" / f / "manifest.json").read_text("utf-8"))
                 for f in ("boardless-5", "boardless-5-2")]
    ids = [m["items"][0]["id"] for m in manifests]
    assert ids[0] != ids[1] and ids[0][:4] == ids[1][:4] == "B-5-"
    assert manifests[1]["tileset"]["2"] == {"count": 4, "score": 4}
    keys = [json.loads(run("solve", " ".join(manifests[0]["items"][0]["hand"]), "--level", "add-subtract",
                           "--json").stdout),
            json.loads(run("solve", " ".join(manifests[1]["items"][0]["hand"]), "--tiles", "ours.toml",
                           "--json").stdout)]
    (tmp_path / "ours.toml").unlink()  # grading must not need the file any more
    for manifest, id, key in zip(manifests, ids, keys):
        (tmp_path / "list.txt").write_text(key["equations"][0]["text"] + "\n", "utf-8")
        result = run("grade", "list.txt", "--worksheet", id, "--json")
        assert result.exit_code == 0, result.output
        graded = json.loads(result.stdout)
        assert graded["hand"] == manifest["items"][0]["hand"]
        assert graded["total"] == key["equations"][0]["score"] and graded["best_score"] == key["best_score"]


def test_the_id_tag_changes_with_level_options_and_seed_only():
    """The same kind, seed, tile set and options give the same tag; any change gives another."""
    from classroom.game.tilesets import load_level
    from classroom.make.sets import run_tag

    original, junior = load_level("original"), load_level("junior")
    tag = run_tag("boardless", 5, original, {"min_equations": 10})
    assert tag == run_tag("boardless", 5, original, {"min_equations": 10})
    others = {run_tag("boardless", 5, junior, {"min_equations": 10}),
              run_tag("boardless", 5, original, {"min_equations": 11}),
              run_tag("boardless", 6, original, {"min_equations": 10}),
              run_tag("situations", 5, original, {"min_equations": 10})}
    assert tag not in others and len(others) == 4
