"""The developer docs name only what exists: every file path, test and `module.name` that
docs/engine.md and docs/performance.md cite in backticks is found in the code.

Cited as `sides.walk` (a module of classroom/solve/board/, of another package of classroom/, or
any importable one,
then attributes), `tests/test_movegen.py::test_count_agrees_with_all` (a file and a function it
defines) or `classroom/solve/boardless.py` (a path from the project's root). Other backticked text
(commands, tiles, JSON) is not a name and is left alone. The engine's own docstrings and comments
(classroom/solve/board/) are held to the same rule, their dotted names cited or not: a module,
a `module.name`, a `Class.name` of the engine or a `file.py` must exist, and a real name written
under a module that does not exist (`wildcard.blank_walk`) fails."""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import io
import re
import tokenize
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


ENGINE = ROOT / "classroom" / "solve" / "board"
WRITTEN = re.compile(r"(?<![\w./-])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)")  # a dotted name, cited or not


@functools.cache  # read by every engine module's test and every example: the engine parsed once
def engine_names() -> dict[str, str]:
    """Return every name defined at the top of an engine module -> that module's name (not to
    be changed by the caller: it is shared)."""
    names = {}
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.parse(path.read_text("utf-8")).body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                names.setdefault(node.name, path.stem)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        names.setdefault(target.id, path.stem)
    return names


def docstrings_and_comments(path: Path) -> tuple[list[str], set[str]]:
    """Return a module's docstrings and comments, and the names its code uses (variables,
    arguments, attributes): a dotted name starting with one of those is the code's, not a module."""
    source = path.read_text("utf-8")
    texts, used = [], set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            texts.append(ast.get_docstring(node, clean=False) or "")
        if isinstance(node, ast.Name):
            used.add(node.id)
        elif isinstance(node, ast.arg):
            used.add(node.arg)
        elif isinstance(node, ast.Attribute):
            used.add(node.attr)
    texts += [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT]
    return texts, used


def is_module(name: str) -> bool:
    """Return whether a name is a module in one of PLACES."""
    return any(importlib.util.find_spec(place + name) is not None for place in PLACES)


def stale(name: str, names: dict[str, str], used: set[str]) -> str | None:
    """Return what a dotted name written in the engine's code names that does not exist, or None
    (also when it is the code's own: `hand.fits`, `self.spend`)."""
    if name.endswith(".py"):
        found = any(ROOT.glob(f"classroom/**/{name}")) or (ROOT / name).exists()
        return None if found else f"no file {name}"
    first, second = name.split(".")[:2]
    if second in FILE_ENDINGS:
        return None
    if is_module(first):
        return None if resolves(name) else f"no {name}"
    if first in names:  # a class of the engine, then its attributes
        return None if resolves(f"{names[first]}.{name}") else f"no {name}"
    if second in names and first not in used:  # a real name under a module that is not
        return f"{name}: {second} is {names[second]}.{second}"
    return None


def missing_in_engine(path: Path) -> list[str]:
    """Return what the docstrings and comments of an engine module name that does not exist."""
    texts, used = docstrings_and_comments(path)
    names = engine_names()
    found = []
    for text in texts:
        for name in WRITTEN.findall(text):
            problem = stale(name.rstrip("."), names, used)
            if problem:
                found.append(f"{path.name}: {problem}")
    return found


@pytest.mark.parametrize("module", sorted(p.name for p in ENGINE.glob("*.py")))
def test_every_name_the_engines_docstrings_cite_exists(module):
    """A module, file or module.name that a docstring or comment of the engine names exists."""
    assert missing_in_engine(ENGINE / module) == []


@pytest.mark.parametrize("written, problem", [
    ("as `sides.walk` lists them", None),
    ("see side_tables.SideTables.joined", None),
    ("Skeleton.keys's arithmetic", None),
    ("the Numbers (blank_sides.py)", None),
    ("the hand pays (hand.fits)", None),
    ("docs/engine.md explains", None),
    ("e.g. a side", None),
    ("sides.no_such_walk", "no sides.no_such_walk"),
    ("Skeleton.no_such_key", "no Skeleton.no_such_key"),
    ("as `wildcard.blank_walk` would list", "wildcard.blank_walk: blank_walk is blank_sides.blank_walk"),
    ("X's choices (wildcard.py)", "no file wildcard.py"),
])
def test_what_counts_as_a_stale_name_in_the_engine(written, problem, tmp_path):
    """A dotted name in a docstring names what exists, unless it is the code's own variable."""
    path = tmp_path / "example.py"
    path.write_text(f'"""{written}"""\n\n\ndef example(hand):\n    return hand.fits\n', "utf-8")
    assert missing_in_engine(path) == ([f"example.py: {problem}"] if problem else [])
