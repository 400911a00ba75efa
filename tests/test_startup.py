"""Start-up is part of every command: the light commands and --help import only what they use,
never the board engine, the PDF library or the web stack (docs/performance.md, "Start-up").

Each case runs the command line's own `main` with the command's words in a fresh Python process,
then lists the modules that process holds."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("reportlab", "starlette", "uvicorn", "jinja2", "rich", "classroom.solve.board",
         "classroom.render", "classroom.web", "classroom.store",
         # the hands' search and the requests: the help's words come from make.presets
         "classroom.make.hands", "classroom.make.requests", "classroom.record",
         # the board and its plays: the checker and the boardless solver need neither
         "classroom.game.board", "classroom.game.plays",
         # the shipped data is read by path (classroom.data.FOLDER): importlib.resources would
         # bring zipfile with it
         "importlib.resources", "zipfile")
RUN = """
import contextlib, io, sys
sys.argv = ["classroom", *sys.argv[1:]]
from classroom.cli.light import main  # the console script: the front door, then typer
with contextlib.redirect_stdout(io.StringIO()) as shown:
    try:
        main()
    except SystemExit as done:
        status = done.code
modules = sorted(sys.modules)  # before json, which only reports them
import json
print(json.dumps({"status": status, "shown": shown.getvalue(), "modules": modules}))
"""


def modules_after(*words: str) -> tuple[int, str, set[str]]:
    """Return the exit status, the output and the modules loaded by one command run in a fresh process."""
    done = subprocess.run([sys.executable, "-c", RUN, *words], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.splitlines()[-1])
    return answer["status"], answer["shown"], set(answer["modules"])


def heavy(modules: set[str]) -> list[str]:
    """Return the heavy packages among the modules, by the name of the package."""
    return loaded(modules, HEAVY)


@pytest.mark.parametrize("words, status, shown", [
    (("check", "4 + 5 = 9"), 0, "4 + 5 = 9"),
    (("check", "4 + 5 = 8"), 1, "not valid"),
    (("tiles",), 0, "÷"),
    (("tiles", "--json"), 0, '"symbol"'),
    (("solve", "1 2 3 + ="), 2, ""),  # refused: = is always there, not part of a hand
    (("solve", "2 4 ÷ 3 8"), 0, "8 ÷ 4 = 2"),
    (("--help",), 0, "Usage: classroom"),
    (("check", "--help"), 0, "Usage: classroom check"),
    (("boardless", "--help"), 0, "--difficulty"),
    (("game", "--help"), 0, "Usage: classroom game"),
])
def test_a_light_command_imports_no_engine_no_pdf_and_no_web(words, status, shown):
    """check, tiles, solve and every --help run without the board engine, reportlab or the web stack."""
    ran, output, modules = modules_after(*words)
    assert (ran, shown in output) == (status, True), output
    assert heavy(modules) == []


@pytest.mark.parametrize("words", [("--help",), ("check", "--help"), ("boardless", "--help"),
                                   ("situations", "--help"), ("game", "--help"), ("game", "new", "--help")])
def test_help_imports_none_of_the_game(words):
    """Help shows words and limits only (make.presets, data.LEVELS): no rules of the game, no
    solver, no tile-set reader, and neither json nor random."""
    status, output, modules = modules_after(*words)
    assert (status, "Usage: classroom" in output) == (0, True), output
    assert loaded(modules, ("classroom.game", "classroom.solve", "classroom.mark", "tomllib", "json", "random")) == []


@pytest.mark.parametrize("words", [("check", "4 + 5 = 9"), ("tiles",), ("solve", "1 2 3 + =")])
def test_a_light_command_without_json_imports_neither_json_nor_random(words):
    """json is imported by --json, random by the commands that draw a fresh seed."""
    _, _, modules = modules_after(*words)
    assert loaded(modules, ("json", "random")) == []


def test_tiles_imports_no_solver_and_no_board():
    """`tiles` reads a tile set and prints it: the boardless solver and the board's rules are for
    the commands that solve or place (mark.answers imports them where `best` uses them)."""
    _, _, modules = modules_after("tiles")
    assert loaded(modules, ("classroom.solve", "classroom.game.board", "classroom.game.plays")) == []


def loaded(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    """Return the packages (by name) that some of the modules belong to."""
    return sorted({name for name in packages for m in modules if m == name or m.startswith(name + ".")})


def test_a_command_that_writes_still_loads_what_it_writes_with_before_the_memory_cap():
    """`boardless` imports the PDF and output parts at start, before the memory cap is set (a
    late import under a tight cap fails inside a C extension), even when its options are refused."""
    _, _, modules = modules_after("boardless", "--count", "0")
    assert {"reportlab", "classroom.store.runs", "classroom.make.sets"} <= modules


def test_the_check_itself_would_catch_a_heavy_import():
    """The list of heavy packages finds the engine, reportlab and starlette by package name."""
    assert heavy({"reportlab.pdfgen", "classroom.solve.board.position", "starlette", "classroom.solve.boardless",
                  "classroom.webbish"}) == ["classroom.solve.board", "reportlab", "starlette"]
