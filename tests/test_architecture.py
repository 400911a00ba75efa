"""The package layout is the architecture: imports point one way, from the command line and the
page down to the rules of the game, and no module reaches into another's private names
(docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "classroom"

# Lowest first: a module may import from its own package and from packages of a lower rank.
# Packages of one rank (make, mark) are siblings: neither imports the other.
RANKS = {
    "errors": 0, "data": 0,
    "choices": 1,  # a fixed word read in any letter case (the command line and the page)
    "game": 1,
    "solve": 2,
    "record": 3,  # whole games: a record read, replayed, dealt, analysed (the rules, the engine's best)
    "make": 4, "mark": 4,
    "render": 5,
    "store": 6,
    "web": 7,
    "cli": 8,
    "__main__": 9,
}


def modules() -> dict[str, Path]:
    """Return every module of the package by dotted name."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(path: Path) -> list[tuple[int, str, tuple[str, ...]]]:
    """Return (line, module, names) of every import in a file, lazy ones in functions included."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module, tuple(alias.name for alias in node.names)))
    return found


def part(module: str) -> str:
    """Return the top package of a module inside classroom ('classroom.solve.board.sides' -> 'solve')."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else ""


def wrong_way(importer: str, imported: str) -> bool:
    """Return whether importer may not import imported under the rule of ranks."""
    if imported == "classroom":  # the package's face: its docstring and __version__
        return False
    mine, theirs = part(importer), part(imported)
    if mine == theirs:
        return False
    return RANKS[theirs] >= RANKS[mine]


def test_every_part_has_a_rank():
    """Each top-level part of the package sits in the layer table, so none escapes the rule."""
    assert {part(m) for m in modules() if m != "classroom"} <= set(RANKS)


def test_imports_point_one_way():
    """No module imports from a layer above its own, or from a sibling of its own rank."""
    known = modules()
    faults = []
    for name, path in known.items():
        if name == "classroom":
            continue
        for line, module, _ in imports(path):
            if module.startswith("classroom") and wrong_way(name, module):
                faults.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}")
    assert not faults, "imports against the layers:\n" + "\n".join(faults)


def test_no_private_name_crosses_a_module():
    """A _name is used only inside its module: what other modules need is a public name."""
    faults = []
    for name, path in modules().items():
        for line, module, names in imports(path):
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if module.startswith("classroom") and private:
                faults.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {private} from {module}")
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("importer, imported, wrong", [
    ("classroom.game.plays", "classroom.solve.board.sides", True),
    ("classroom.solve.board.sides", "classroom.game.plays", False),
    ("classroom.make.sets", "classroom.mark.grading", True),
    ("classroom.web.app", "classroom.cli.console", True),
    ("classroom.cli.commands", "classroom.web.server", False),
    ("classroom.solve.board.aim", "classroom.solve.board.sides", False),
    ("classroom.render.tiles", "classroom.store.runs", True),
    ("classroom.game.symbols", "classroom.errors", False),
])
def test_the_rule_itself(importer, imported, wrong):
    """The rule says what the layer table means, on a few literal cases."""
    assert wrong_way(importer, imported) is wrong
