"""The developer docs name only what exists: every file path, test and `module.name` that
docs/engine.md and docs/performance.md cite in backticks is found in the code.

Cited as `sides.walk` (a module of classroom/solve/board/, of another package of classroom/, or
any importable one,
then attributes), `tests/test_movegen.py::test_count_agrees_with_all` (a file and a function it
defines) or `classroom/solve/boardless.py` (a path from the project's root). Other backticked text
(commands, tiles, JSON) is not a name and is left alone."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("docs/engine.md", "docs/performance.md", "docs/web.md")
TOP_FOLDERS = ("classroom/", "tests/", "docs/", "templates/", "output/")
FILE_ENDINGS = ("json", "md", "py", "txt", "toml", "csv", "pdf", "png")
DOTTED = re.compile(r"[a-z_][a-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+")
PLACES = ("classroom.solve.board.", "classroom.solve.", "classroom.game.", "classroom.make.",
          "classroom.mark.", "classroom.store.", "classroom.", "")  # where a cited module is looked for, in turn


def cited(doc: str) -> list[str]:
    """Return the backticked spans of a doc, in order."""
    return re.findall(r"`([^`\n]+)`", (ROOT / doc).read_text("utf-8"))


def resolves(name: str) -> bool:
    """Return whether a dotted name is a module (in one of PLACES) and attributes of it."""
    for place in PLACES:
        parts = (place + name).split(".")
        for cut in range(len(parts), 0, -1):
            try:
                found = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for attribute in parts[cut:]:
                found = getattr(found, attribute, None)
                if found is None:
                    break
            else:
                return True
            break
    return False


def missing(span: str) -> str | None:
    """Return what a backticked span names that does not exist, or None (also when it names
    nothing: a command, a tile, a value)."""
    if " " in span:
        return None
    path, _, function = span.partition("::")
    if path.startswith(TOP_FOLDERS):
        if not (ROOT / path).exists():
            return f"no file {path}"
        if function and not re.search(rf"^def {re.escape(function)}\(", (ROOT / path).read_text("utf-8"), re.M):
            return f"{path} defines no {function}"
        return None
    if DOTTED.fullmatch(span) and span.rsplit(".", 1)[1] not in FILE_ENDINGS and not resolves(span):
        return f"no {span}"
    return None


@pytest.mark.parametrize("doc", DOCS)
def test_every_name_a_doc_cites_exists(doc):
    """Every path, test and module.name cited in backticks is in the code."""
    spans = cited(doc)
    assert spans, f"{doc} cites nothing"
    assert [m for m in map(missing, spans) if m] == []


@pytest.mark.parametrize("span, problem", [
    ("sides.walk", None),
    ("side_tables.SideTables.joined", None),
    ("boardless.solve", None),
    ("gc.freeze", None),
    ("sides.no_such_walk", "no sides.no_such_walk"),
    ("no_such_module.walk", "no no_such_module.walk"),
    ("tests/test_movegen.py::test_count_agrees_with_all", None),
    ("tests/test_movegen.py::test_no_such_test", "tests/test_movegen.py defines no test_no_such_test"),
    ("docs/no-such-page.md", "no file docs/no-such-page.md"),
    ("manifest.json", None),
    ("7/4", None),
    ("classroom best BOARD HAND", None),
])
def test_what_counts_as_a_missing_name(span, problem):
    """Dotted names must resolve, paths exist and tests be defined; other text is not a name."""
    assert missing(span) == problem
