"""The command line's parts that need no typer, shared by the front door (cli.door, the light
commands people type most) and the typer commands (cli.commands, cli.games):

- a real process's guard: a memory cap, SIGTERM taken as Ctrl-C, text that always prints;
- a command's failure as one line on stderr and its exit status, never a traceback;
- an answer printed as lines of text or one line of JSON.

typer's import is most of a light command's start-up (docs/performance.md, "Start-up"): nothing
here imports it.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
from typing import Callable

from classroom.errors import ClassroomError, Interrupted, one_line, path_excerpt
from classroom.machine import cap_memory

# `classroom serve`'s own address space, in MB: its threads reserve address space they never
# use, so the server keeps a larger cap; its searches and jobs run in processes of their own
# under the 1 GB of any command (machine.MEMORY_MB).
SERVER_MEMORY_MB = 5 * 1024
INTERRUPTED = {signal.SIGINT: 130, signal.SIGTERM: 143}
BROKEN_PIPE = 141


def guard_process(server: bool = False) -> None:
    """Cap this process's memory (machine.cap_memory; the page's server a larger cap), turn
    SIGTERM into an interruption like Ctrl-C, and print any text (the console script only: tests
    run commands in-process without these)."""
    cap_memory(SERVER_MEMORY_MB if server else None)

    def stop(signum, frame):
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once is enough: the stop is under way
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise Interrupted(signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # When memory runs out, a clean-up (__del__) can fail too; the command's one sentence says it.
    default_hook = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: (
        None if isinstance(unraisable.exc_value, MemoryError) else default_hook(unraisable))
    for stream in (sys.stdout, sys.stderr):  # a file name in bytes that are not UTF-8 still prints
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):
            pass


def tell(line: str) -> None:
    """Write one line to stderr, at once."""
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def interrupted(error: BaseException) -> int:
    """Return the exit status of an interruption, after saying so in one line."""
    signum = getattr(error, "signum", signal.SIGINT)
    name = "SIGTERM" if signum == signal.SIGTERM else "Ctrl-C"
    tell(f"error: stopped by {name}; nothing was written")
    return INTERRUPTED.get(signum, 130)


def exit_status(run: Callable[[], int | None]) -> int:
    """Call run() and return its exit status (what it returns, 0 for None); when it fails as a
    command may (a ClassroomError, a file it cannot read or write, a closed pipe, lack of memory,
    an interruption), say why in one line on stderr and return 2 (130 or 143 when interrupted,
    141 when what reads the output has stopped)."""
    try:
        return run() or 0
    except ClassroomError as error:
        tell(f"error: {one_line(error)}")
        return 2
    except BrokenPipeError:  # what reads the output has stopped (`classroom solve … | head`):
        # stop quietly, as other command-line tools do, with stdout closed for the exit's flush
        with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    except OSError as error:  # any the commands do not turn into a sentence themselves
        where = f"{path_excerpt(error.filename)}: " if error.filename else ""
        tell(f"error: {where}{one_line(error.strerror or error)}")
        return 2
    except MemoryError:
        pass  # said below: here its traceback still holds the frames that filled the memory
    except KeyboardInterrupt as error:
        return interrupted(error)
    # Only a MemoryError comes here, its frames freed once its handler ended: saying so inside
    # the handler could itself run out of memory and end in a traceback ("lost sys.stderr").
    tell("error: this needs more memory than the computer allows; ask for less "
         "(fewer blanks in the hand, fewer items); nothing was written")
    return 2


def looks_like_option(word: str) -> bool:
    """Return whether a word is meant as an option (`--x`, `-x`), not a hand or an equation (`- 5`, `-2`)."""
    return word.startswith("--") and len(word) > 2 or (
        len(word) > 1 and word[0] == "-" and word[1].isalpha() and word[1] not in "xX")


def json_text(data: object) -> str:
    """Return data as JSON on one line, as --json prints it (json is imported by the commands
    that print it, not at start)."""
    import json

    return json.dumps(data, ensure_ascii=False)


def say(answer: dict | list[str]) -> None:
    """Print an answer: JSON data on one line, or lines of text."""
    sys.stdout.write((json_text(answer) if isinstance(answer, dict) else "\n".join(answer)) + "\n")
    sys.stdout.flush()
