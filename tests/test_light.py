"""The front door (classroom/cli/light.py) answers the light command lines without typer, and
exactly as typer does: the same output, the same errors, the same exit status. Each case runs in
a fresh process both ways: `python -m classroom` (the door, as the console script) and typer's
own `cli.commands.main` (tests/help_text.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from classroom.cli.light import HELP_COLUMNS, HELP_FILE, light
from tests.help_text import through_typer, typer_help

ANSWERED = [
    ("--help",),
    ("tiles",),
    ("check", "4 + 5 = 9"),
    ("check", "4 + 5 = 8"),  # not valid: exit 1
    ("check", "?5 + 4 = 9"),
    ("check", "- 5 = 0 - 5"),  # begins with '-', as typer takes it: a value
    ("check", "4 + + 5 = 8 9"),
    ("check", "4 @ 5 = 9"),  # not a tile: one sentence, exit 2
    ("check", ""),
    ("solve", "2 4 ÷ 3 8"),
    ("solve", "- 1/2 2 + + 8"),
    ("solve", "-x 2 4"),  # x is ×: a value, as typer reads it
    ("solve", "1 2 3 + ="),  # refused: = is not part of a hand
    ("solve", "9 9 9 9 9 9 9 9 9 9"),  # too many tiles
]


def through_door(*words: str, columns: int = HELP_COLUMNS) -> subprocess.CompletedProcess:
    """Return a command line run as `python -m classroom` (the front door) in a fresh process."""
    return subprocess.run([sys.executable, "-m", "classroom", *words], capture_output=True, text=True,
                          timeout=120, env=os.environ | {"COLUMNS": str(columns)})


@pytest.mark.parametrize("words", ANSWERED)
def test_the_door_answers_as_typer_does(words):
    """Output, errors and exit status are typer's own, for every light command line the door takes."""
    assert light(list(words)) is not None
    door, typer = through_door(*words), through_typer(*words)
    assert (door.stdout, door.stderr, door.returncode) == (typer.stdout, typer.stderr, typer.returncode)


def test_the_help_file_is_typers_help():
    """classroom/cli/help.txt is typer's `classroom --help`; when a command changes, write it again."""
    assert HELP_FILE.read_text(encoding="utf-8") == typer_help(), (
        "classroom/cli/help.txt is not typer's `classroom --help`: run `python -m tests.help_text`")


@pytest.mark.parametrize("columns", [60, 79, 200])
def test_help_at_any_width_is_typers(columns):
    """A terminal narrower than the help file's goes on to typer, which wraps at its width."""
    door, typer = through_door("--help", columns=columns), through_typer("--help", columns=columns)
    assert (door.stdout, door.returncode) == (typer.stdout, 0)
    assert ("Commands:" in door.stdout, door.stdout == HELP_FILE.read_text(encoding="utf-8")) == (True, columns >= HELP_COLUMNS)


@pytest.mark.parametrize("words", [
    (),
    ("check", "--help"),
    ("check", "4 + 5 = 9", "--json"),
    ("check", "--json", "4 + 5 = 9"),
    ("check", "--", "4 + 5 = 9"),
    ("check", "4 + 5 = 9", "--hand", "4 5 +"),
    ("check", "4 + 5 = 9", "extra"),
    ("check",),
    ("tiles", "--level", "junior"),
    ("tiles", "--json"),
    ("solve", "-l"),
    ("solve",),
    ("best", "board.txt", "1 2 +"),
    ("boardless",),
    ("--version",),
])
def test_every_other_command_line_goes_on_to_typer(words):
    """Options, more or fewer words, any other command: typer reads them."""
    assert light(list(words)) is None


def test_the_door_imports_no_typer():
    """The door's light command lines run without typer (what it saves is typer's import)."""
    script = ("import sys, runpy\n"
              "sys.argv = ['classroom', *sys.argv[1:]]\n"
              "try:\n    runpy.run_module('classroom', run_name='__main__')\n"
              "except SystemExit:\n    pass\n"
              "sys.stderr.write(repr(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click'))))\n")
    for words in (("check", "4 + 5 = 9"), ("tiles",), ("solve", "1 2 3 + ="), ("--help",)):
        done = subprocess.run([sys.executable, "-c", script, *words], capture_output=True, text=True,
                              timeout=120, env=os.environ | {"COLUMNS": str(HELP_COLUMNS)})
        assert done.stderr.splitlines()[-1] == "[]", (words, done.stderr)
    done = subprocess.run([sys.executable, "-c", script, "check", "--help"], capture_output=True, text=True, timeout=120)
    assert "typer" in done.stderr.splitlines()[-1]
