"""The command line as people use it: typer and click configured so that

- a hand or an equation may begin with `-` (`classroom solve "- 1/2 2 + + 8 0 - 7"`,
  `--hand "- 5 ..."`): a word that starts with `-` and is no option of the command is a value;
- a usage mistake is one line, `error: ...`, with exit status 2 (no drawn box);
- Ctrl-C and SIGTERM end the command with one line and nothing written;
- a process never grows past a memory cap: a blow-up is one sentence, not a frozen machine.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import signal
import sys

import typer
from typer.core import TyperCommand, TyperGroup

from classroom.errors import ClassroomError, Interrupted, one_line, path_excerpt
from classroom.machine import cap_memory

try:  # recent typer carries its own copy of click
    from typer._click.exceptions import NoArgsIsHelpError, UsageError
    from typer._click.types import INT, IntRange
except ImportError:  # pragma: no cover - older typer uses click itself
    from click.exceptions import UsageError
    from click.types import INT, IntRange
    NoArgsIsHelpError = None
Abort = typer.Abort

# `classroom serve`'s own address space, in MB: its threads reserve address space they never
# use, so the server keeps a larger cap; its searches and jobs run in processes of their own
# under the 1 GB of any command (machine.MEMORY_MB).
SERVER_MEMORY_MB = 5 * 1024
INTERRUPTED = {signal.SIGINT: 130, signal.SIGTERM: 143}


class Within(IntRange):
    """A whole number whose range --help shows, but which the request object checks
    (make.requests, record.requests): out of range, the command line says the page's sentence."""

    def __init__(self, low: int, high: int | None = None) -> None:
        super().__init__(low, high)

    def convert(self, value, param, ctx):
        """Return the value read as a whole number, in range or not."""
        return INT.convert(value, param, ctx)


class PeopleCommand(TyperCommand):
    """A command whose hand or equation may begin with `-`."""

    def format_epilog(self, ctx, formatter) -> None:
        """Write the help's closing lines: how to pass a hand or an equation that begins with '-'."""
        super().format_epilog(ctx, formatter)
        if {"hand", "equation"} & {param.name for param in self.get_params(ctx)}:
            formatter.write_paragraph()
            formatter.write_text("A hand or an equation may begin with '-' like any other value: "
                                 "classroom check \"- 5 = 0 - 5\", --hand \"- 2 2\". "
                                 "Anything after -- is taken as a value too.")

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        """Return what click leaves over after parsing args, reordered so that every word that
        is neither an option nor an option's value is passed after `--`, as a value."""
        return super().parse_args(ctx, values_last(self, ctx, args))


def values_last(command, ctx, args: list[str]) -> list[str]:
    """Return args as options first, then `--`, then the values (arguments) in their order."""
    options: dict[str, bool] = {}  # option name -> whether it takes a value
    for param in command.get_params(ctx):
        if getattr(param, "param_type_name", "") == "option":
            for name in (*param.opts, *param.secondary_opts):
                options[name] = not (param.is_flag or param.count)
    front: list[str] = []
    values: list[str] = []
    words = iter(args)
    for word in words:
        if word == "--":
            values.extend(words)
            break
        name = word.split("=", 1)[0]
        if name in options:
            front.append(word)
            if options[name] and "=" not in word:
                following = next(words, None)
                if following is None:
                    raise UsageError(f"{name} needs a value", ctx)
                front.append(following)
        elif looks_like_option(word):
            front.append(word)  # click says "No such option"
        else:
            values.append(word)
    return front + (["--"] + values if values else [])


def looks_like_option(word: str) -> bool:
    """Return whether a word is meant as an option (`--x`, `-x`), not a hand or an equation (`- 5`, `-2`)."""
    return word.startswith("--") and len(word) > 2 or (
        len(word) > 1 and word[0] == "-" and word[1].isalpha() and word[1] not in "xX")


class PeopleGroup(TyperGroup):
    """The `classroom` group: usage mistakes and interruptions as one line each."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Run the command line; return or exit with its status."""
        try:
            status = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                  standalone_mode=False, **extra)
        except UsageError as error:
            if NoArgsIsHelpError is not None and isinstance(error, NoArgsIsHelpError):
                error.show()
                status = 2
            else:
                where = error.ctx.command_path if error.ctx is not None else "classroom"
                typer.echo(f"error: {one_line(error.format_message())} (see '{where} --help')", err=True)
                status = error.exit_code
        except (Abort, KeyboardInterrupt) as error:
            status = interrupted(error)
        if not isinstance(status, int):
            status = 0
        if standalone_mode:
            sys.exit(status)
        return status


def interrupted(error: BaseException) -> int:
    """Return the exit status of an interruption, after saying so in one line."""
    signum = getattr(error, "signum", signal.SIGINT)
    name = "SIGTERM" if signum == signal.SIGTERM else "Ctrl-C"
    typer.echo(f"error: stopped by {name}; nothing was written", err=True)
    return INTERRUPTED.get(signum, 130)


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


def json_text(data: object) -> str:
    """Return data as JSON on one line, as --json prints it (json is imported by the commands
    that print it, not at start)."""
    import json

    return json.dumps(data, ensure_ascii=False)


def fresh_random():
    """Return the system's random source, for a fresh seed (random is imported here, by the
    commands that draw one)."""
    import random

    return random.SystemRandom()


def registered(app: typer.Typer, function, prepare=lambda arguments: arguments, name: str | None = None):
    """Register a command with `app` so that its ClassroomError (or lack of memory, or an
    interruption) becomes one sentence on stderr and exit 2 (130 or 143 when interrupted);
    `prepare` reads the arguments first (the fixed choices of `classroom`'s commands)."""

    @functools.wraps(function)
    def friendly(*args, **kwargs):
        try:
            return function(*args, **prepare(kwargs))
        except ClassroomError as error:
            typer.echo(f"error: {one_line(error)}", err=True)
            raise typer.Exit(2) from None
        except BrokenPipeError:  # what reads the output has stopped (`classroom solve … | head`):
            # stop quietly, as other command-line tools do, with stdout closed for the exit's flush
            with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(141) from None
        except OSError as error:  # any the commands do not turn into a sentence themselves
            where = f"{path_excerpt(error.filename)}: " if error.filename else ""
            typer.echo(f"error: {where}{one_line(error.strerror or error)}", err=True)
            raise typer.Exit(2) from None
        except MemoryError:
            pass  # said below: here its traceback still holds the frames that filled the memory
        except KeyboardInterrupt as error:
            raise typer.Exit(interrupted(error)) from None
        # Only a MemoryError comes here, its frames freed once its handler ended: saying so inside
        # the handler could itself run out of memory and end in a traceback ("lost sys.stderr").
        typer.echo("error: this needs more memory than the computer allows; ask for less "
                   "(fewer blanks in the hand, fewer items); nothing was written", err=True)
        raise typer.Exit(2)

    return app.command(name, cls=PeopleCommand)(friendly)
