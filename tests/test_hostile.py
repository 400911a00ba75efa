"""The hostile-input suite: what a careless or hostile person may type or hand over, for every
command and every kind of input. Each case must end in exit status 2, exactly one line on stderr
starting 'error: ', no traceback, and nothing written (the folder is the same before and after)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app

runner = CliRunner()

EMPTY_ROW = " ".join(["."] * 19)
GOOD_BOARD = "\n".join([EMPTY_ROW] * 19) + "\n"


def board_with(row: int, cells: str) -> str:
    """Return an otherwise empty board file whose row `row` (1-19) is `cells`."""
    rows = [EMPTY_ROW] * 19
    rows[row - 1] = cells
    return "\n".join(rows) + "\n"


def centre_row(*tiles: str) -> str:
    """Return a row of 19 cells with `tiles` starting on column J."""
    cells = ["."] * 19
    cells[9:9 + len(tiles)] = tiles
    return " ".join(cells)


TILESET = """name = "Mine"
[tiles]
"1" = {count = 5, score = 1}
"2" = {count = 5, score = 1}
"+" = {count = 5, score = 1}
"""

# Files a case can name; each is made in the case's own folder before it runs.
FILES: dict[str, bytes | str | None] = {
    "good-board.txt": GOOD_BOARD,
    "good-tiles.toml": TILESET,
    "good-list.txt": "1 = 1\n",
    # boards
    "board-20-rows.txt": GOOD_BOARD + EMPTY_ROW + "\n",
    "board-short-row.txt": board_with(3, " ".join(["."] * 18)),
    "board-bad-tile.txt": board_with(10, centre_row("a")),
    "board-bare-blank.txt": board_with(10, centre_row("?")),
    "board-two-tiles-in-a-cell.txt": board_with(10, centre_row("12")),
    "board-false.txt": board_with(10, centre_row("1", "=", "2")),
    "board-off-centre.txt": board_with(3, centre_row("1", "=", "1")),
    "board-latin-1.txt": (GOOD_BOARD + "# caf\xe9\n").encode("latin-1"),
    "board-utf-16.txt": GOOD_BOARD.encode("utf-16"),
    "board-binary.txt": bytes(range(256)) * 4,
    "board-huge.txt": "# " + "x" * 1_100_000 + "\n" + GOOD_BOARD,
    "board-empty.txt": "",
    "board-too-many-blanks.txt": board_with(10, centre_row("?1", "=", "?1", "+", "?0", "+", "?0")),
    "board-folder": None,
    "board-fifo": "fifo",
    # tile sets
    "tiles-not-toml.toml": "this is [not toml\n",
    "tiles-no-table.toml": 'name = "x"\n',
    "tiles-bad-symbol.toml": TILESET + '"A" = {count = 1, score = 1}\n',
    "tiles-bool-count.toml": TILESET + '"3" = {count = true, score = 1}\n',
    "tiles-huge-count.toml": TILESET + '"3" = {count = 10000000, score = 1}\n',
    "tiles-float-count.toml": TILESET + '"3" = {count = 1e7, score = 1}\n',
    "tiles-negative-score.toml": TILESET + '"3" = {count = 1, score = -1}\n',
    "tiles-missing-score.toml": TILESET + '"3" = {count = 1}\n',
    "tiles-no-numbers.toml": '[tiles]\n"+" = {count = 5, score = 1}\n',
    "tiles-long-name.toml": TILESET.replace('"Mine"', '"' + "M" * 500 + '"'),
    "tiles-latin-1.toml": (TILESET + "# caf\xe9\n").encode("latin-1"),
    "tiles-deep.toml": "x = " + "[" * 5000 + "]" * 5000 + "\n",
    "tiles-huge.toml": TILESET + "#" + "x" * 1_100_000 + "\n",
    "tiles-folder": None,
    "tiles-fifo": "fifo",
    # student lists
    "list-latin-1.txt": "1 = 1\ncaf\xe9\n".encode("latin-1"),
    "list-huge.txt": "1 = 1\n" * 200_000,
    "list-folder": None,
    "list-fifo": "fifo",
    # templates: a folder each, holding one boardless.j2
    "tpl-divide/boardless.j2": "{% set title %}{{ 1 / 0 }}{% endset %}\n",
    "tpl-latin-1/boardless.j2": "{% set title %}caf\xe9{% endset %}\n".encode("latin-1"),
    "tpl-recursion/boardless.j2": "{% macro f() %}{{ f() }}{% endmacro %}{% set title %}{{ f() }}{% endset %}\n",
    "tpl-escape/boardless.j2": "{% set title %}{{ ''.__class__.__mro__[1].__subclasses__() }}{% endset %}\n",
    "tpl-globals/boardless.j2": "{% set title %}{{ cycler.__init__.__globals__.os.system('touch pwned') }}{% endset %}\n",
    "tpl-syntax/boardless.j2": "{% set title %}{{ x }\n",
    "tpl-undefined/boardless.j2": "{% set title %}{{ nothing.here }}{% endset %}\n",
    "tpl-huge-output/boardless.j2": '{% set title %}{{ "x" * 100000000 }}{% endset %}\n',
    "tpl-long-wording/boardless.j2": '{% set title %}{% for i in range(30000) %}x{% endfor %}{% endset %}\n',
    "tpl-power/boardless.j2": "{% set title %}{{ 10 ** 100000000 }}{% endset %}\n",
    "tpl-include-missing/boardless.j2": '{% include "nowhere.j2" %}\n',
    "tpl-include-self/boardless.j2": '{% include "boardless.j2" %}\n',
    "tpl-huge-file/boardless.j2": "{# " + "x" * 200_000 + " #}\n",
    "tpl-fifo/boardless.j2": "fifo",
    "tpl-folder/boardless.j2": None,
    "tpl-no-title/boardless.j2": "{% set id_line %}x{% endset %}\n",
    "tpl-key-divide/boardless_key.j2": "{% set title %}{{ 1 // 0 }}{% endset %}\n",
    "tpl-situation/situations.j2": "{% set title %}{{ 1 / 0 }}{% endset %}\n",
    "templates-is-a-file": "not a folder",
    "blocker": "a file where a folder should be",
}


def make_files(folder: Path) -> None:
    """Write every file of FILES into the folder (None: a folder; 'fifo': a named pipe)."""
    for name, content in FILES.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if content is None:
            path.mkdir()
        elif content == "fifo":
            os.mkfifo(path)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, "utf-8")


def snapshot(folder: Path) -> dict[str, tuple]:
    """Return every entry under the folder with its kind, size and modification time (never
    opening one: a FIFO would block)."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            info = os.lstat(Path(root) / name)
            found[str((Path(root) / name).relative_to(folder))] = (info.st_mode, info.st_size, info.st_mtime_ns)
    return found


@pytest.fixture(scope="module")
def ground(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    make_files(folder)
    return folder


def assert_refused(ground: Path, monkeypatch, args: list[str]) -> str:
    """Run the command in the ground folder; return its one error line after checking the rules."""
    monkeypatch.chdir(ground)
    before = snapshot(ground)
    result = runner.invoke(app, args)
    after = snapshot(ground)
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    assert after == before, "something was written"
    return lines[0]


LONG = "1 " * 60_000
DIGITS = "1" * 5000
SURROGATE = "1 2 \udcff"
HANDS = {
    "empty": "",
    "spaces": "   ",
    "commas": ", , ,",
    "ten-tiles": "1 2 3 4 5 6 7 8 9 0",
    "two-digits": "24",
    "letter": "2 a",
    "blank-with-symbol": "?5",
    "equal": "1 =",
    "not-a-fraction": "3/8",
    "five-thousand-digits": DIGITS,
    "120-kb": LONG,
    "undecodable": SURROGATE,
    "too-many-of-a-tile": "7/4 7/4",
    "four-blanks": "? ? ? ?",
    "slash": "1 / 2",
}
SMALL_SET = ["--tiles", "good-tiles.toml"]


def hand_commands(hand: str) -> dict[str, list[str]]:
    """Return every command that takes a hand, given this one."""
    return {
        "solve": ["solve", hand],
        "check": ["check", "1 = 1", "--hand", hand],
        "best": ["best", "good-board.txt", hand],
        "grade": ["grade", "good-list.txt", "--hand", hand],
        "situations": ["situations", "--board", "good-board.txt", "--hand", hand, "--out", "out"],
    }


@pytest.mark.parametrize("command", ["solve", "check", "best", "grade", "situations"])
@pytest.mark.parametrize("hand", sorted(HANDS))
def test_bad_hands(ground, monkeypatch, command, hand):
    """A hand that is empty, too long, unreadable or beyond the tile set, in every command."""
    message = assert_refused(ground, monkeypatch, hand_commands(HANDS[hand])[command])
    assert message.startswith("error: hand: ") and len(message) < 320


BLANKS = "[tiles]\n" + "".join(f'"{s}" = {{count = 9, score = 1}}\n' for s in "0123456789+-×÷") \
    + '"?" = {count = 9, score = 0}\n'


@pytest.mark.parametrize("args", [
    ["solve", "1 2 3 4 ? ? ? ? ?", "--tiles", "tiles-nine-blanks.toml"],
    ["solve", "1 ? ? ? ? ? ? ? ?", "--tiles", "tiles-nine-blanks.toml"],
    ["grade", "good-list.txt", "--hand", "? ? ? ? ? ? ? ? ?", "--tiles", "tiles-nine-blanks.toml"],
])
def test_hands_beyond_the_solvers_budget(ground, monkeypatch, args):
    """A hand with so many blanks that listing its equations would pass the solver's budget."""
    (ground / "tiles-nine-blanks.toml").write_text(BLANKS, "utf-8")
    try:
        assert "too many equations" in assert_refused(ground, monkeypatch, args)
    finally:
        (ground / "tiles-nine-blanks.toml").unlink()


EQUATIONS = {
    "five-thousand-digits": f"{DIGITS} = {DIGITS}",
    "forty-one-digits": "1" * 41 + " = 1",
    "120-kb": LONG,
    "letter": "1 + a = 2",
    "bare-blank": "? = 1",
    "not-a-fraction": "3/8 = 3/8",
    "mixed-without-space": "12/4 = 3",
    "blank-as-equal": "1 ?= 1",
    "times-in-add-subtract": "2 × 3 = 6",
    "undecodable": "1 = \udcff",
    "control-character": "1 = 1\x00",
}


@pytest.mark.parametrize("name", sorted(EQUATIONS))
def test_bad_equations(ground, monkeypatch, name):
    """An equation that cannot be read, is absurdly long, or uses a symbol the set lacks."""
    message = assert_refused(ground, monkeypatch, ["check", EQUATIONS[name], "--level", "add-subtract"])
    assert len(message) < 320


BOARDS = ["board-20-rows.txt", "board-short-row.txt", "board-bad-tile.txt", "board-bare-blank.txt",
          "board-two-tiles-in-a-cell.txt", "board-false.txt", "board-off-centre.txt",
          "board-latin-1.txt", "board-utf-16.txt", "board-binary.txt", "board-huge.txt",
          "board-empty.txt", "board-too-many-blanks.txt", "board-folder", "board-fifo",
          "/dev/zero", "no-such-board.txt", "blocker/board.txt"]


@pytest.mark.parametrize("command", ["best", "situations"])
@pytest.mark.parametrize("board", BOARDS)
def test_bad_board_files(ground, monkeypatch, command, board):
    """A board file that is malformed, in another encoding, huge, special or missing."""
    args = (["best", board, "1 2"] if command == "best"
            else ["situations", "--board", board, "--hand", "1 2", "--out", "out"])
    message = assert_refused(ground, monkeypatch, args)
    assert len(message) < 320


TILESETS = ["tiles-not-toml.toml", "tiles-no-table.toml", "tiles-bad-symbol.toml",
            "tiles-bool-count.toml", "tiles-huge-count.toml", "tiles-float-count.toml",
            "tiles-negative-score.toml", "tiles-missing-score.toml", "tiles-no-numbers.toml",
            "tiles-long-name.toml", "tiles-latin-1.toml", "tiles-deep.toml", "tiles-huge.toml",
            "tiles-folder", "tiles-fifo", "/dev/zero", "no-such-tiles.toml"]


@pytest.mark.parametrize("command", ["tiles", "solve", "boardless"])
@pytest.mark.parametrize("tiles", TILESETS)
def test_bad_tile_set_files(ground, monkeypatch, command, tiles):
    """A tile-set file that is not TOML, of the wrong shape, absurd, special or missing."""
    args = {"tiles": ["tiles"], "solve": ["solve", "1 2"],
            "boardless": ["boardless", "--count", "1", "--out", "out"]}[command]
    message = assert_refused(ground, monkeypatch, args + ["--tiles", tiles])
    assert message.startswith("error: ") and len(message) < 320


TEMPLATES = ["tpl-divide", "tpl-latin-1", "tpl-recursion", "tpl-escape", "tpl-globals",
             "tpl-syntax", "tpl-undefined", "tpl-huge-output", "tpl-long-wording", "tpl-power",
             "tpl-include-missing", "tpl-include-self", "tpl-huge-file", "tpl-fifo", "tpl-folder",
             "tpl-no-title", "tpl-key-divide", "templates-is-a-file", "no-such-templates"]
QUICK_BOARDLESS = ["boardless", "--count", "1", "--seed", "1", "--jobs", "1", "--tiles-per-hand", "4",
                   "--min-equations", "1", "--out", "out"]


@pytest.mark.parametrize("templates", TEMPLATES)
def test_bad_templates(ground, monkeypatch, templates):
    """A teacher's template that fails, escapes, loops, floods or cannot be read: one sentence
    naming the file (and the line where there is one), and no shell command ran."""
    message = assert_refused(ground, monkeypatch, QUICK_BOARDLESS + ["--templates", templates])
    assert templates in message
    assert not (ground / "pwned").exists()


def test_a_bad_situation_template(ground, monkeypatch):
    """The Board Situations sheet's template too."""
    message = assert_refused(ground, monkeypatch, ["situations", "--board", "good-board.txt", "--hand",
                                                   "1 1 +", "--templates", "tpl-situation", "--out", "out"])
    assert "tpl-situation/situations.j2, line 1" in message


LISTS = ["list-latin-1.txt", "list-huge.txt", "list-folder", "list-fifo", "/dev/zero",
         "no-such-list.txt", "blocker/list.txt"]


@pytest.mark.parametrize("listing", LISTS)
def test_bad_student_lists(ground, monkeypatch, listing):
    """A student's list in another encoding, huge, special or missing."""
    assert_refused(ground, monkeypatch, ["grade", listing, "--hand", "1 1 + 2"])


NUMBERS = [
    ["boardless", "--count", "0"],
    ["boardless", "--count", "201"],
    ["boardless", "--count", "-1"],
    ["boardless", "--count", "many"],
    ["boardless", "--count", "9" * 40],
    ["boardless", "--seed", "-1"],
    ["boardless", "--seed", "9" * 300],
    ["boardless", "--seed", "1.5"],
    ["boardless", "--jobs", "0"],
    ["boardless", "--jobs", "100000"],
    ["boardless", "--tiles-per-hand", "1"],
    ["boardless", "--tiles-per-hand", "10"],
    ["boardless", "--min-equations", "0"],
    ["boardless", "--min-equations", "1000000"],
    ["boardless", "--min-best", "1000"],
    ["boardless", "--max-best", "-5"],
    ["boardless", "--min-best", "50", "--max-best", "10"],
    ["boardless", "--nine-tile", "--tiles-per-hand", "5"],
    ["boardless", "--nine-tile", "--max-best", "30"],
    ["boardless", "--tiles-per-hand", "4", "--min-best", "60"],
    ["boardless", "--page-size", "b5"],
    ["boardless", "--level", "expert"],
    ["situations", "--plays", "41"],
    ["situations", "--plays", "-1"],
    ["situations", "--margin", "-1"],
    ["situations", "--count", "0"],
    ["situations", "--feature", "spiral"],
    ["situations", "--seed", "9" * 300],
    ["best", "good-board.txt", "1 2", "--top", "0"],
    ["best", "good-board.txt", "1 2", "--top", "2", "--all"],
    ["solve", "1 2", "--top", "0"],
    ["solve", "1 2", "--level", "expert"],
    ["tiles", "--level", "expert"],
]


@pytest.mark.parametrize("args", NUMBERS, ids=lambda a: " ".join(a)[:60])
def test_bad_numbers_and_choices(ground, monkeypatch, args):
    """Numbers out of range or impossible, unknown choices: refused before any work."""
    message = assert_refused(ground, monkeypatch, args + (["--out", "out"] if args[0] in ("boardless", "situations") else []))
    assert len(message) < 320


@pytest.mark.parametrize("args", [
    ["solve"],
    ["solve", "1 2", "extra"],
    ["solve", "1 2", "--bogus"],
    ["solve", "1 2", "-q"],
    ["frobnicate"],
    ["check", "1 = 1", "--hand"],
    ["grade", "good-list.txt"],
    ["grade", "good-list.txt", "--hand", "1 1", "--worksheet", "B-1-01"],
    ["situations", "--board", "good-board.txt"],
    ["boardless", "--title", "\udcff bad bytes"],
    ["boardless", "--title", "T" * 500],
    ["boardless", "--title", "line\nbreak"],
], ids=lambda a: " ".join(a)[:40].encode("ascii", "replace").decode())
def test_usage_mistakes(ground, monkeypatch, args):
    """Usage mistakes are one plain line too, never a drawn box."""
    message = assert_refused(ground, monkeypatch, args + (["--out", "out"] if args[0] == "boardless" else []))
    assert "╭" not in message and "│" not in message


@pytest.mark.parametrize("blocked", ["student", "key", "manifest"])
def test_a_folder_where_a_file_goes_leaves_the_earlier_run_untouched(tmp_path, monkeypatch, blocked):
    """A folder standing where the student PDF, the key PDF or the manifest goes: nothing new
    is left, and the earlier run's files are untouched."""
    monkeypatch.chdir(tmp_path)
    scratch = runner.invoke(app, QUICK_BOARDLESS[:-1] + ["scratch"])
    assert scratch.exit_code == 0, scratch.output
    names = sorted(p.name for p in (tmp_path / "scratch").iterdir())
    pick = {"student": [n for n in names if n.endswith(".pdf") and "key" not in n],
            "key": [n for n in names if "key" in n], "manifest": ["manifest.json"]}[blocked]
    out = tmp_path / "out"
    out.mkdir()
    (out / pick[0]).mkdir()
    (out / "notes.txt").write_text("earlier", "utf-8")
    assert_refused(tmp_path, monkeypatch, QUICK_BOARDLESS)


def test_under_a_file_nothing_is_made(ground, monkeypatch):
    """--out beneath a plain file."""
    assert_refused(ground, monkeypatch, QUICK_BOARDLESS[:-1] + ["blocker/out/deeper"])
