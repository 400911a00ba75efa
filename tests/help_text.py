"""`classroom --help` as typer prints it, which the front door (classroom/cli/light.py) prints
from classroom/cli/help.txt without importing typer.

`python -m tests.help_text` writes that file again from typer's own help: run it after adding a
command or changing one's summary (tests/test_light.py fails until then and says so).
"""

from __future__ import annotations

import os
import subprocess
import sys

from classroom.cli.light import HELP_COLUMNS, HELP_FILE

# typer's own `classroom --help`: cli.commands.main, never the front door
THROUGH_TYPER = "import sys; sys.argv[0] = 'classroom'; from classroom.cli.commands import main; main()"


def through_typer(*words: str, columns: int = HELP_COLUMNS) -> subprocess.CompletedProcess:
    """Return a command line run by typer (cli.commands.main) in a fresh process, at a terminal
    width of `columns`."""
    return subprocess.run([sys.executable, "-c", THROUGH_TYPER, *words], capture_output=True, text=True,
                          timeout=120, env=os.environ | {"COLUMNS": str(columns)})


def typer_help() -> str:
    """Return `classroom --help` as typer prints it at HELP_COLUMNS columns."""
    done = through_typer("--help")
    assert done.returncode == 0, done.stderr
    return done.stdout


if __name__ == "__main__":
    HELP_FILE.write_text(typer_help(), encoding="utf-8")
    print(f"wrote {HELP_FILE}")
