"""Wording: every sentence a sheet prints comes from a jinja2 template in templates/.

Each template file sets named pieces of wording (`{% set title %}...{% endset %}`); a
renderer asks for a file's Wording with the values it describes (worksheet, item, page) and
draws the plain strings it gets back. A teacher rewords a sheet with `--templates DIR`: a
file there replaces the shipped file of the same name.

A teacher's template is untrusted text: it runs in jinja2's sandbox (no attribute of Python's
internals, no call outside the values given), is read with the bounds of errors.read_text, and
its output and running time are bounded. Whatever goes wrong in it is one ClassroomError
naming the file and the line.
"""

from __future__ import annotations

import functools
import signal
import threading
import traceback
from contextlib import contextmanager
from pathlib import Path

import jinja2
import jinja2.sandbox
from jinja2.loaders import split_template_path
from markupsafe import Markup

import classroom
from classroom.errors import ClassroomError, decode_text, excerpt, path_excerpt, read_bytes
from classroom.game.symbols import display_text

MAX_TEMPLATE_BYTES = 100_000  # a shipped template is about 2 KB
MAX_WORDING = 20_000  # characters in one piece of wording: a sheet prints a few hundred
MAX_SECONDS = 5  # to render one template file; the shipped ones take a millisecond


def shipped_templates() -> Path:
    """Return the folder of the shipped templates: classroom/templates/ in an installed tool (the
    wheel carries templates/ there), the checkout's templates/ otherwise."""
    package = Path(classroom.__file__).resolve().parent
    installed = package / "templates"
    return installed if (installed / "boardless.j2").is_file() else package.parent / "templates"


def printed(text: object) -> str:
    """Return canonical text as printed: every ASCII minus becomes a typographic minus, every
    exponent tile a raised exponent ('5^2' -> '5²')."""
    return display_text(str(text))


class BoundedLoader(jinja2.BaseLoader):
    """Templates from a list of folders, the first that holds the name wins, each read with
    the bounds of errors.read_bytes (no FIFO, no device, no huge file) as UTF-8 text."""

    def __init__(self, folders: list[Path]) -> None:
        self.folders = folders

    def get_source(self, environment: jinja2.Environment, template: str):
        """Return (source, file name, up-to-date check) of a template, or raise TemplateNotFound."""
        parts = split_template_path(template)
        for folder in self.folders:
            path = folder.joinpath(*parts)
            if path.exists():
                source = decode_text(read_bytes(path, "the template", MAX_TEMPLATE_BYTES),
                                     path_excerpt(path), "the template")
                return source, str(path), lambda: True
        raise jinja2.TemplateNotFound(template)


class SandboxedWording(jinja2.sandbox.SandboxedEnvironment):
    """The sandbox, with string and list repetition and powers bounded so that one expression
    cannot fill the memory."""

    intercepted_binops = frozenset(["*", "**"])

    def call_binop(self, context, operator, left, right):
        """Return left operator right, refusing results far larger than any wording."""
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > 100:
            raise jinja2.sandbox.SecurityError("a power above 100 is not allowed in wording")
        if operator == "*":
            for size, times in ((left, right), (right, left)):
                if isinstance(size, (str, list, tuple)) and isinstance(times, int) \
                        and len(size) * times > MAX_WORDING:
                    raise jinja2.sandbox.SecurityError("the text is too long")
        return super().call_binop(context, operator, left, right)


def environment(templates_dir: str | Path | None = None) -> jinja2.Environment:
    """Return the sandboxed jinja2 environment: the teacher's folder first (if any), then the
    shipped one. Without a teacher's folder it is one environment for the whole process, so each
    shipped template is compiled once however many sheets are worded (nothing changes it after)."""
    if templates_dir is None:
        return _shipped()
    if not Path(templates_dir).is_dir():
        raise ClassroomError(f"{path_excerpt(templates_dir)}: the templates folder does not exist")
    return _sandboxed([Path(templates_dir), shipped_templates()])


@functools.cache
def _shipped() -> jinja2.Environment:
    return _sandboxed([shipped_templates()])


def _sandboxed(folders: list[Path]) -> jinja2.Environment:
    env = SandboxedWording(
        loader=BoundedLoader(folders),
        # The same wording could feed an HTML page; the PDF gets it unescaped.
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.filters["printed"] = printed
    env.globals["in_binder"] = False  # a sheet's wording printed alone; in_binder() sets it in a binder
    return env


def in_binder(env: jinja2.Environment) -> jinja2.Environment:
    """Return the environment a binder's pages are worded in: the same templates, with
    `in_binder` true, so a key in the teacher's book names no command-line option (for the
    shipped templates alone, one for the whole process, as environment() is)."""
    return _shipped_binder() if env is _shipped() else _binder(env)


@functools.cache
def _shipped_binder() -> jinja2.Environment:
    return _binder(_shipped())


def _binder(env: jinja2.Environment) -> jinja2.Environment:
    binder = env.overlay(cache_size=400)  # its own cache: a template compiled here sees in_binder
    binder.globals = {**env.globals, "in_binder": True}
    return binder


def template_error(error: BaseException, name: str) -> ClassroomError:
    """Return one sentence for anything that went wrong in a template: the file, the line, what."""
    where, line = name, getattr(error, "lineno", None)
    if isinstance(error, jinja2.TemplateSyntaxError) and error.filename:
        where = error.filename
    else:  # jinja2 puts the template's file and line into the traceback it raises through
        for frame in reversed(traceback.extract_tb(error.__traceback__)):
            if frame.filename.endswith(".j2") or frame.filename.startswith("<template>"):
                where, line = frame.filename, frame.lineno
                break
    what = {
        RecursionError: "it calls itself without end",
        ZeroDivisionError: "it divides by zero",
        MemoryError: "it needs too much memory",
        TemplateTimeout: f"it runs longer than {MAX_SECONDS} seconds",
        jinja2.TemplateNotFound: f"it includes {excerpt(error)}, which is not there",
    }.get(type(error)) or excerpt(str(error).splitlines()[0] if str(error) else type(error).__name__, 120)
    at = f", line {line}" if line else ""
    return ClassroomError(f"{path_excerpt(where)}{at}: the template cannot be used ({what})")


class TemplateTimeout(Exception):
    """A template ran past MAX_SECONDS."""


@contextmanager
def time_limit(seconds: int):
    """Run the block with an alarm that raises TemplateTimeout after `seconds` (main thread of a
    Unix process only; elsewhere the block runs unbounded)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise TemplateTimeout()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class Wording:
    """The pieces of wording one template file sets, rendered for the given values."""

    def __init__(self, env: jinja2.Environment, name: str, **values: object) -> None:
        try:
            with time_limit(MAX_SECONDS):
                template = env.get_template(name)
                try:
                    self._module = template.make_module(values)
                except Exception:
                    env.handle_exception()  # re-raises with the template's own file and lines
        except ClassroomError:
            raise
        except Exception as error:  # a teacher's template can fail in any way Python can
            raise template_error(error, name) from None
        self.env, self.name, self.values = env, name, values
        self.file = path_excerpt(template.filename or name)

    def given(self, **changed: object) -> Wording:
        """Return the same file's wording for these values changed, the others kept."""
        return Wording(self.env, self.name, **{**self.values, **changed})

    def __getitem__(self, key: str) -> str:
        """Return one piece of wording as plain text, paragraphs separated by a blank line."""
        value = getattr(self._module, key, None)
        if value is None:
            raise ClassroomError(f"{self.file}: the template sets no {excerpt(key)!r}")
        text = Markup(value).unescape() if isinstance(value, Markup) else str(value)
        if len(text) > MAX_WORDING:
            raise ClassroomError(f"{self.file}: the template's {key} is {len(text):,} characters "
                                 f"long (at most {MAX_WORDING:,})")
        paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n")]
        return "\n\n".join(p for p in paragraphs if p)

    def lines(self, key: str) -> list[str]:
        """Return one piece of wording as its paragraphs."""
        text = self[key]
        return text.split("\n\n") if text else []
