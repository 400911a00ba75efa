"""The light commands and the console script's front door.

`tiles`, `solve` and `check` answer here, without typer: the typer commands of the same names
(cli.commands) read their options and call these. And the command lines people type most,
`classroom check EQUATION`, `classroom solve HAND`, `classroom tiles` and `classroom --help`,
are answered by `main` before typer is imported: typer's import alone is most of the 150 ms
PRODUCT.md allows a light command (docs/performance.md, "Start-up"). Every other command line
goes on to typer, which answers these same words the same way (tests/test_light.py runs each
both ways and compares what they print and their exit status).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Callable

from classroom.cli.plain import exit_status, guard_process, looks_like_option, say

# `classroom --help` as typer prints it at a width of 80 columns or more (click wraps help at
# the terminal's width, at most 78); a narrower terminal goes on to typer. The test compares it
# with typer's own and says how to write it again when a command changes.
HELP_FILE = Path(__file__).with_name("help.txt")
HELP_COLUMNS = 80


def tiles_answer(level: str, tiles: Path | None, json_out: bool) -> dict | list[str]:
    """Return the tile set in use as `classroom tiles` prints it."""
    from classroom.game.tilesets import load_tileset
    from classroom.mark.answers import tiles_data, tiles_lines

    tileset = load_tileset(level, tiles)
    return tiles_data(tileset) if json_out else tiles_lines(tileset)


def solve_answer(hand: str, level: str, tiles: Path | None, top: int | None, json_out: bool) -> dict | list[str]:
    """Return every equation a hand allows as `classroom solve` prints it."""
    from classroom.game.tilesets import load_tileset
    from classroom.mark.answers import solve_data, solve_lines
    from classroom.solve.boardless import solve as solve_hand

    tileset = load_tileset(level, tiles)
    held = tileset.read_hand(hand)
    solution = solve_hand(held, tileset)
    return solve_data(held, solution, top) if json_out else solve_lines(held, tileset, solution, top)


def check_answer(equation: str, hand: str | None, level: str, tiles: Path | None,
                 json_out: bool) -> tuple[dict | list[str], int]:
    """Return `classroom check`'s answer and its exit status (0 valid, 1 not)."""
    from classroom.game.symbols import parse_written
    from classroom.game.tilesets import load_tileset
    from classroom.mark.answers import check_data, check_line
    from classroom.solve.boardless import check as check_written

    tileset = load_tileset(level, tiles)
    held = tileset.read_hand(hand) if hand is not None else None
    verdict = check_written(parse_written(equation, negatives=tileset.rules.negatives), tileset, held)
    return (check_data(verdict) if json_out else [check_line(verdict)]), 0 if verdict.valid else 1


def plain_value(word: str) -> bool:
    """Return whether a word is a command's value as typer would read it: no option, no `--`."""
    return word != "--" and not looks_like_option(word)


def light(words: list[str]) -> Callable[[], int] | None:
    """Return what answers a light command line (the defaults' level, no options) and returns
    its exit status; None for any other command line, which typer answers."""
    match words:
        case ["--help"] if shutil.get_terminal_size().columns >= HELP_COLUMNS:
            return show_help
        case ["tiles"]:
            return lambda: exit_status(lambda: say(tiles_answer("original", None, False)))
        case ["solve", hand] if plain_value(hand):
            return lambda: exit_status(lambda: say(solve_answer(hand, "original", None, None, False)))
        case ["check", equation] if plain_value(equation):
            return lambda: exit_status(lambda: checked(equation, None, "original", None, False))
    return None


def show_help() -> int:
    """Print `classroom --help` and return 0."""
    sys.stdout.write(HELP_FILE.read_text(encoding="utf-8"))
    sys.stdout.flush()
    return 0


def checked(equation: str, hand: str | None, level: str, tiles: Path | None, json_out: bool) -> int:
    """Print `classroom check`'s answer and return its exit status (0 valid, 1 not)."""
    answer, status = check_answer(equation, hand, level, tiles, json_out)
    say(answer)
    return status


def main() -> None:
    """Run the command line (the console script `classroom`, `python -m classroom`): a light
    command line here, any other through typer."""
    answer = light(sys.argv[1:])
    if answer is not None:
        guard_process()
        sys.exit(answer())
    from classroom.cli.commands import main as typer_main

    typer_main()
