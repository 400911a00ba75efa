"""Wording: every sentence a sheet prints comes from a jinja2 template in templates/.

Each template file sets named pieces of wording (`{% set title %}...{% endset %}`); a
renderer asks for a file's Wording with the values it describes (worksheet, item, page) and
draws the plain strings it gets back. A teacher rewords a sheet with `--templates DIR`: a
file there replaces the shipped file of the same name.
"""

from __future__ import annotations

from pathlib import Path

import jinja2
from markupsafe import Markup

import classroom
from classroom.errors import ClassroomError
from classroom.symbols import display


def shipped_templates() -> Path:
    """Return the folder of the shipped templates (package data when installed, else the checkout)."""
    try:
        from importlib.resources import files
        folder = files("classroom.templates")
        if folder.joinpath("boardless.j2").is_file():
            return Path(str(folder))
    except (ImportError, TypeError):
        pass
    return Path(classroom.__file__).resolve().parent.parent / "templates"


def printed(text: object) -> str:
    """Return canonical text as printed: every ASCII minus becomes a typographic minus."""
    return "".join(display(c) for c in str(text))


def environment(templates_dir: str | Path | None = None) -> jinja2.Environment:
    """Return the jinja2 environment: the teacher's folder first (if any), then the shipped one."""
    loaders: list[jinja2.BaseLoader] = []
    if templates_dir is not None:
        if not Path(templates_dir).is_dir():
            raise ClassroomError(f"{templates_dir}: the templates folder does not exist")
        loaders.append(jinja2.FileSystemLoader(str(templates_dir)))
    loaders.append(jinja2.FileSystemLoader(str(shipped_templates())))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        # The same wording could feed an HTML page; the PDF gets it unescaped.
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.filters["printed"] = printed
    return env


class Wording:
    """The pieces of wording one template file sets, rendered for the given values."""

    def __init__(self, env: jinja2.Environment, name: str, **values: object) -> None:
        try:
            self._module = env.get_template(name).make_module(values)
        except jinja2.TemplateError as error:
            where = getattr(error, "filename", None) or name
            raise ClassroomError(f"{where}: the template cannot be used ({error})") from None
        self.env, self.name, self.values = env, name, values

    def __getitem__(self, key: str) -> str:
        """Return one piece of wording as plain text, paragraphs separated by a blank line."""
        value = getattr(self._module, key, None)
        if value is None:
            raise ClassroomError(f"{self.name}: the template sets no {key!r}")
        text = Markup(value).unescape() if isinstance(value, Markup) else str(value)
        paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n")]
        return "\n\n".join(p for p in paragraphs if p)

    def lines(self, key: str) -> list[str]:
        """Return one piece of wording as its paragraphs."""
        text = self[key]
        return text.split("\n\n") if text else []
