"""The command line as people use it: typer and click configured so that

- a hand or an equation may begin with `-` (`classroom solve "- 1/2 2 + + 8 0 - 7"`,
  `--hand "- 5 ..."`): a word that starts with `-` and is no option of the command is a value;
- a usage mistake is one line, `error: ...`, with exit status 2 (no drawn box);
- Ctrl-C and SIGTERM end the command with one line and nothing written;
- a process never grows past a memory cap: a blow-up is one sentence, not a frozen machine
  (cli.plain, which the light commands share without typer).
"""

from __future__ import annotations

import functools
import sys

import typer
from typer.core import TyperCommand, TyperGroup

from classroom.cli.plain import exit_status, interrupted, looks_like_option
from classroom.errors import one_line

try:  # recent typer carries its own copy of click
    from typer._click.exceptions import NoArgsIsHelpError, UsageError
    from typer._click.types import INT, IntRange
except ImportError:  # pragma: no cover - older typer uses click itself
    from click.exceptions import UsageError
    from click.types import INT, IntRange
    NoArgsIsHelpError = None
Abort = typer.Abort


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
        status = exit_status(lambda: function(*args, **prepare(kwargs)))
        if status:
            raise typer.Exit(status)

    return app.command(name, cls=PeopleCommand)(friendly)
