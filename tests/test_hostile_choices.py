"""One rule for choices, tiles and output (issue 24, item 11): every word of a fixed list in any
letter case, on every command and form; an empty tile between separators named; every
operating-system error on output one sentence naming the path, exit 2, nothing written."""

from __future__ import annotations

import contextlib
import errno
import importlib
import json
import os
import pwd
import shutil
import tempfile
from pathlib import Path

import pytest
from starlette.datastructures import FormData
from typer.testing import CliRunner

from classroom.choices import one_of
from classroom.cli.commands import app, fixed_choices
from classroom.errors import ClassroomError
from classroom.game.tilesets import LEVELS
from classroom.make.sets import PrintOptions
from classroom.web.forms import choice
from classroom.web.making import layout, order

runner = CliRunner()
EMPTY_BOARD = "\n".join([" ".join(["."] * 19)] * 19) + "\n"
QUICK_BOARDLESS = ["boardless", "--count", "1", "--seed", "1", "--jobs", "1", "--tiles-per-hand", "4",
                   "--min-equations", "1"]
LONG = "n" * 300  # longer than any file or folder name may be (255 bytes)


def snapshot(folder: Path) -> dict[str, tuple]:
    """Return every entry under the folder with its kind, and a file's size and modification
    time (a folder's own time changes when a temporary file comes and goes)."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            info = os.lstat(Path(root) / name)
            found[str((Path(root) / name).relative_to(folder))] = \
                (info.st_mode,) if name in dirs else (info.st_mode, info.st_size, info.st_mtime_ns)
    return found


def refused(args: list[str], folder: Path) -> str:
    """Run a command that must fail; return its one error line after checking exit 2, one line
    on stderr, no traceback and nothing new under folder."""
    before = snapshot(folder)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    assert snapshot(folder) == before, "something was written"
    return lines[0]


# --- choices ---------------------------------------------------------------------------------

@pytest.mark.parametrize("value, choices, chosen", [
    ("Original", LEVELS, "original"),
    ("NO-FRACTIONS", LEVELS, "no-fractions"),
    (" junior ", LEVELS, "junior"),
    ("3e", ("nine-tile", "3E"), "3E"),
    ("A4", ("letter", "a4"), "a4"),
])
def test_a_choice_is_read_in_any_letter_case_as_its_list_spells_it(value, choices, chosen):
    """one_of returns the word as the list spells it, whatever case it was typed in."""
    assert one_of(value, choices, "--x") == chosen


def test_a_word_not_in_the_list_names_every_choice():
    """Any other word is one sentence listing the choices."""
    with pytest.raises(ClassroomError) as caught:
        one_of("b5", ("letter", "a4"), "--page-size")
    assert str(caught.value) == "--page-size is letter or a4, not 'b5'"


def test_every_command_reads_its_fixed_choices_through_one_rule():
    """The command decorator reads --level, --page-size and --key in any case; a set's
    --difficulty and each --feature are read, in any case, by the request both doors share
    (make.requests); other arguments pass unchanged."""
    import random

    from classroom.game.tilesets import load_level
    from classroom.make.requests import boardless_request, situations_request

    assert fixed_choices({"level": "Original", "page": "A4", "key": "Summary",
                          "level_of_noise": "Loud", "tiles": None}) == {
        "level": "original", "page": "a4", "key": "summary", "level_of_noise": "Loud", "tiles": None}
    asked = boardless_request(load_level("original"), random.Random(1), difficulty="Easy", seed=1)
    assert asked.rules == boardless_request(load_level("original"), random.Random(1), difficulty="easy", seed=1).rules
    assert situations_request(random.Random(1), features=("3e", "Fraction"), seed=1).rules.features == ("3E", "fraction")


@pytest.mark.parametrize("args", [
    ["tiles", "--level", "Original"],
    ["solve", "1 1", "--level", "NO-FRACTIONS"],
    ["check", "1 = 1", "--level", "Junior"],
    ["best", "board.txt", "1 1", "--level", "Add-Subtract"],
    ["grade", "list.txt", "--hand", "1 1", "--level", "ADVANCED"],
])
def test_the_query_commands_take_a_level_in_any_case(tmp_path, monkeypatch, args):
    """--level Original works as --level original does on every command that takes one."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.txt").write_text(EMPTY_BOARD, "utf-8")
    (tmp_path / "list.txt").write_text("1 = 1\n", "utf-8")
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output


def test_a_run_records_the_choices_as_the_lists_spell_them(tmp_path):
    """boardless --level Original --difficulty Easy --page-size A4 --key Summary writes the
    manifest with original, a4 and summary."""
    result = runner.invoke(app, QUICK_BOARDLESS + ["--level", "Original", "--difficulty", "Easy",
                                                   "--page-size", "A4", "--key", "Summary",
                                                   "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text("utf-8"))
    assert (manifest["level"], manifest["layout"]["page_size"], manifest["key"]) == ("original", "a4", "summary")


def test_an_own_situation_takes_its_choices_in_any_case(tmp_path):
    """situations --board ... --page-size LETTER --key NONE --level ORIGINAL."""
    (tmp_path / "board.txt").write_text(EMPTY_BOARD, "utf-8")
    result = runner.invoke(app, ["situations", "--board", str(tmp_path / "board.txt"), "--hand", "1 1",
                                 "--page-size", "LETTER", "--key", "NONE", "--level", "ORIGINAL",
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text("utf-8"))
    assert (manifest["level"], manifest["layout"]["page_size"], manifest["key"]) == ("original", "letter", "none")


def test_the_page_forms_take_choices_in_any_case():
    """The Make form's level, kind, difficulty, page size and key follow the same rule."""
    assert choice(FormData({"level": "Original"}), "level", "the level", tuple(LEVELS), "junior") == "original"
    assert layout(FormData({"page_size": "A4", "key": "Summary"})) == PrintOptions("a4", False, None, "summary")
    wanted = order(FormData({"kind": "Situations", "level": "JUNIOR", "seed": "3"}), 1)
    assert wanted.default == "situations-3"
    assert order(FormData({"kind": "BOARDLESS", "difficulty": "Hard", "seed": "3"}), 1).default == "boardless-3"


# --- empty tiles -----------------------------------------------------------------------------

@pytest.mark.parametrize("hand, message", [
    ("1,,2", "error: hand: an empty tile after tile 1: nothing between two commas in '1,,2'; write "
             "the missing tile, or leave out the comma"),
    ("1, ,2", "error: hand: an empty tile after tile 1: nothing between two commas in '1, ,2'; write "
              "the missing tile, or leave out the comma"),
    ("4 ÷ 2,,2", "error: hand: an empty tile after tile 3: nothing between two commas in '4 ÷ 2,,2'; "
                 "write the missing tile, or leave out the comma"),
    (",1,2", "error: hand: an empty tile at the start: nothing before the first comma in ',1,2'; write "
             "the missing tile, or leave out the comma"),
    ("1,2,,", "error: hand: an empty tile after tile 2: nothing between two commas in '1,2,,'; write "
              "the missing tile, or leave out the comma"),
])
def test_an_empty_tile_between_separators_is_refused_with_its_place(tmp_path, hand, message):
    """A hand with nothing between two commas names where the tile is missing."""
    assert refused(["solve", hand], tmp_path) == message


@pytest.mark.parametrize("hand", ["1,1,", "1, 1, ", "1 1 ,"])
def test_one_comma_at_the_end_of_a_hand_is_read(hand):
    """A closing comma, as people type lists, ends the hand; it is no tile."""
    result = runner.invoke(app, ["solve", hand, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["hand"] == ["1", "1"]


# --- operating-system errors on output --------------------------------------------------------

@contextlib.contextmanager
def unwritable_folder(tmp_path: Path, holding: dict[str, str] | None = None):
    """Yield a folder this process really cannot write into, holding the files given (name ->
    text): mode 0555, and when the tests run as root (who may write anywhere) the process runs
    as the user 'nobody' meanwhile."""
    if os.geteuid() != 0:
        folder = tmp_path / "locked"
        folder.mkdir()
        for name, text in (holding or {}).items():
            (folder / name).write_text(text, "utf-8")
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    # what the command imports lazily is imported now: as 'nobody' the interpreter's own files
    # (a Python under /root) cannot be read, and run alone (or first, on a worker of its own)
    # the tests failed on `importlib.readers` (importlib.resources imports it on first use) and on
    # the utf-8-sig codec (the templates are read with it)
    for module in ("importlib.readers", "encodings.utf_8_sig"):
        importlib.import_module(module)
    base = Path(tempfile.mkdtemp())  # pytest's own folders are closed to other users
    base.chmod(0o755)
    folder = base / "locked"
    folder.mkdir()
    for name, text in (holding or {}).items():
        (folder / name).write_text(text, "utf-8")
    folder.chmod(0o555)
    os.seteuid(pwd.getpwnam("nobody").pw_uid)
    try:
        yield folder
    finally:
        os.seteuid(0)
        shutil.rmtree(base)


def test_an_out_folder_name_too_long_is_one_sentence(tmp_path):
    """boardless --out with a 300-character folder name: one sentence naming it, exit 2."""
    message = refused(QUICK_BOARDLESS + ["--out", str(tmp_path / LONG)], tmp_path)
    assert message.startswith(f"error: cannot write to the folder {tmp_path}/nnn")
    assert message.endswith("(File name too long); nothing was written")


@pytest.mark.parametrize("name", [LONG + ".csv", LONG + "/results.csv"])
def test_a_report_file_name_too_long_is_one_sentence(tmp_path, name):
    """grade --csv to a file (or into a folder) whose name is too long."""
    (tmp_path / "list.txt").write_text("1 = 1\n", "utf-8")
    message = refused(["grade", str(tmp_path / "list.txt"), "--hand", "1 1", "--csv", str(tmp_path / name)],
                      tmp_path)
    assert "/nnnn" in message and message.endswith("(File name too long); nothing was written")


def test_a_folder_without_permission_is_one_sentence(tmp_path):
    """--out inside a folder the user may not write into: one sentence, nothing made."""
    with unwritable_folder(tmp_path) as folder:
        message = refused(QUICK_BOARDLESS + ["--out", str(folder / "out")], folder)
    assert message == f"error: cannot write to the folder {folder}/out (Permission denied); nothing was written"


def test_a_report_without_permission_is_one_sentence(tmp_path):
    """grade --csv into a folder the user may not write into (where the list is)."""
    with unwritable_folder(tmp_path, {"list.txt": "1 = 1\n"}) as folder:
        message = refused(["grade", str(folder / "list.txt"), "--hand", "1 1", "--csv",
                           str(folder / "r.csv")], folder)
    assert message == f"error: cannot write to the folder {folder} (Permission denied); nothing was written"


@pytest.mark.parametrize("number, reason", [
    (errno.ENOSPC, "No space left on device"),
    (errno.EROFS, "Read-only file system"),
])
def test_a_full_or_read_only_disk_while_writing_a_report_leaves_nothing(tmp_path, monkeypatch, number, reason):
    """The disk fills (or turns out read-only) as the CSV is moved into place: one sentence
    naming the file, and neither the file nor its temporary copy is left."""
    (tmp_path / "list.txt").write_text("1 = 1\n", "utf-8")
    (tmp_path / "out").mkdir()

    def fail(source, target):
        raise OSError(number, os.strerror(number))

    monkeypatch.setattr(os, "replace", fail)
    message = refused(["grade", str(tmp_path / "list.txt"), "--hand", "1 1", "--csv",
                       str(tmp_path / "out" / "r.csv")], tmp_path)
    assert message == f"error: cannot write {tmp_path}/out/r.csv ({reason}); nothing was written"


def test_a_full_disk_while_writing_a_run_leaves_nothing(tmp_path, monkeypatch):
    """The disk fills while the PDFs are written: one sentence naming the folder; no folder made."""
    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    message = refused(QUICK_BOARDLESS + ["--out", str(tmp_path / "new" / "out")], tmp_path)
    assert message == (f"error: cannot write to the folder {tmp_path}/new/out (No space left on device); "
                       f"nothing was written")


@pytest.mark.parametrize("args, message", [
    (["--csv", "blocker/r.csv"], "error: cannot write to the folder blocker (a file stands where a "
                                 "folder should be); nothing was written"),
    (["--csv", "a-folder"], "error: cannot write a-folder (a folder stands where the file goes); "
                            "nothing was written"),
])
def test_a_file_where_a_folder_should_be_and_the_reverse(tmp_path, monkeypatch, args, message):
    """A plain file where the report's folder should be, or a folder where the report goes."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "list.txt").write_text("1 = 1\n", "utf-8")
    (tmp_path / "blocker").write_text("a file", "utf-8")
    (tmp_path / "a-folder").mkdir()
    assert refused(["grade", "list.txt", "--hand", "1 1"] + args, tmp_path) == message


def test_an_os_error_no_command_foresaw_is_still_one_line_naming_its_file(tmp_path, monkeypatch):
    """The commands' last guard: an OSError from anywhere is one line with its file, exit 2."""
    import classroom.store.runs

    def broken(*args):
        raise OSError(errno.EIO, "Input/output error", str(tmp_path / "disk"))

    monkeypatch.setattr(classroom.store.runs, "choose_folder", broken)
    assert refused(QUICK_BOARDLESS, tmp_path) == f"error: {tmp_path}/disk: Input/output error"
