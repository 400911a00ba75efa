"""The package layout is the architecture (docs/architecture.md): imports point one way, from
the command line and the page down to the rules of the game; inside solve/board/ they follow the
order docs/engine.md draws; no module reaches into another's private names; and the pure core
(ranks 1-4: game/, solve/, make/ but its process pool, mark/, record/) does no I/O, reads no environment, no clock and no
global randomness, and imports nothing but the standard library and the project.

Every import is read with ast, lazy ones inside functions too, relative ones resolved to the
module they name. Each rule is also tested on literal cases, so the checker itself is checked."""

from __future__ import annotations

import ast
import functools
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "classroom"

# Lowest first: a module may import from its own package and from the layers below its own.
# Parts of one layer (make, mark) are siblings: neither imports the other.
LAYERS = [
    ("errors", "data"),
    ("choices", "game"),  # choices: a fixed word read in any letter case (the command line and the page)
    ("solve",),
    ("record",),  # whole games: a record read, replayed, dealt, analysed (the rules, the engine's best)
    ("make", "mark"),
    ("render",),
    ("store", "machine"),  # machine: what this computer allows a command (memory cap, cores)
    ("web",),
    ("cli",),
    ("__main__",),
]
RANKS = {part: rank for rank, parts in enumerate(LAYERS) for part in parts}


def modules() -> dict[str, Path]:
    """Return every module of the package by dotted name."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


KNOWN = modules()


def imports_in(source: str | ast.AST, module: str, package: bool = False,
               known: dict | None = None) -> list[tuple[int, str, tuple[str, ...]]]:
    """Return (line, module, names) of every import in a module's source, lazy ones in functions
    included; a relative import is resolved to the absolute module it names (`from . import x`
    in classroom.solve.board.sides is classroom.solve.board.x), and `from package import
    module` names that module."""
    known = KNOWN if known is None else known
    found = []
    for node in ast.walk(ast.parse(source) if isinstance(source, str) else source):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = module.split(".") if package else module.split(".")[:-1]
                here = here[:len(here) - (node.level - 1)]
                base = ".".join(here + ([node.module] if node.module else []))
            names = tuple(alias.name for alias in node.names)
            submodules = [n for n in names if f"{base}.{n}" in known]
            found += [(node.lineno, f"{base}.{n}", ()) for n in submodules]
            rest = tuple(n for n in names if n not in submodules)
            if rest:
                found.append((node.lineno, base, rest))
    return found


@functools.cache
def tree(name: str) -> ast.Module:
    """Return one module of the package parsed, once for all the tests."""
    return ast.parse(KNOWN[name].read_text("utf-8"))


@functools.cache
def imports(name: str, path: Path) -> tuple[tuple[int, str, tuple[str, ...]], ...]:
    """Return the imports of one module of the package (see imports_in)."""
    return tuple(imports_in(tree(name), name, path.name == "__init__.py"))


def where(name: str, line: int) -> str:
    """Return file:line of a module of the package, for a message."""
    return f"{KNOWN[name].relative_to(ROOT)}:{line}" if name in KNOWN else f"{name}:{line}"


# --- the ranks ----------------------------------------------------------------------------------

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
    assert {part(m) for m in KNOWN if m != "classroom"} <= set(RANKS)


def test_imports_point_one_way():
    """No module imports from a layer above its own, or from a sibling of its own rank."""
    faults = []
    for name, path in KNOWN.items():
        if name == "classroom":
            continue
        for line, module, _ in imports(name, path):
            if module.split(".")[0] == "classroom" and wrong_way(name, module):
                faults.append(f"{where(name, line)} imports {module}")
    assert not faults, "imports against the layers:\n" + "\n".join(faults)


def documented_ranks() -> dict[str, int]:
    """Return the rank of each part as docs/architecture.md's table of layers states it."""
    ranks = {}
    for line in (ROOT / "docs" / "architecture.md").read_text("utf-8").splitlines():
        row = re.match(r"\| (\d+) \| ([^|]+) \|", line)
        if row:
            for name in re.findall(r"`([A-Za-z_]+)(?:\.py|/)`", row[2]):
                ranks[name] = int(row[1])
    return ranks


def test_the_documented_ranks_are_the_tested_ranks():
    """docs/architecture.md states the rank of every part as LAYERS does (the same order)."""
    assert documented_ranks() == {p: r for p, r in RANKS.items() if p != "__main__"}


def test_no_private_name_crosses_a_module():
    """A _name is used only inside its module: what other modules need is a public name."""
    faults = []
    for name, path in KNOWN.items():
        for line, module, names in imports(name, path):
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if module.split(".")[0] == "classroom" and private:
                faults.append(f"{where(name, line)} imports {private} from {module}")
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
    ("classroom.make.pool", "classroom.machine", True),
    ("classroom.store.runs", "classroom.machine", True),
    ("classroom.web.jobs", "classroom.machine", False),
])
def test_the_rule_itself(importer, imported, wrong):
    """The rule says what the layer table means, on a few literal cases."""
    assert wrong_way(importer, imported) is wrong


@pytest.mark.parametrize("module, package, source, imported", [
    ("classroom.game.plays", False, "from ..solve.board import sides", "classroom.solve.board.sides"),
    ("classroom.game.plays", False, "from . import board", "classroom.game.board"),
    ("classroom.game", True, "from .board import Board", "classroom.game.board"),
    ("classroom.solve.board.sides", False, "from ...game.symbols import BLANK", "classroom.game.symbols"),
    ("classroom.game.plays", False, "def later():\n    from ..make import sets", "classroom.make.sets"),
])
def test_a_relative_import_names_its_module(module, package, source, imported):
    """A relative import is resolved to the absolute module (a package's own __init__ counts
    as the package), inside functions too."""
    assert imported in [m for _, m, _ in imports_in(source, module, package)]


def test_a_relative_import_across_ranks_is_caught():
    """A relative import up the layers is as wrong as an absolute one."""
    [(_, module, _)] = imports_in("from ..solve.board import sides", "classroom.game.plays")
    assert wrong_way("classroom.game.plays", module)


# --- the order inside solve/board/ ----------------------------------------------------------------

def drawn_order(text: str) -> list[str]:
    """Return the modules of docs/engine.md's table under "## The parts", in import order (the
    first column, top down)."""
    section = text.split("\n## The parts", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE)


def board_order() -> dict[str, int]:
    """Return each module the drawing lists by absolute name, with its place (0 the lowest)."""
    order = {}
    for place, name in enumerate(drawn_order((ROOT / "docs" / "engine.md").read_text("utf-8"))):
        for package in ("classroom.solve.board", "classroom.game"):
            if f"{package}.{name}" in KNOWN:
                order[f"{package}.{name}"] = place
                break
        else:
            order[name] = place  # a module drawn that does not exist: test_the_drawing_is_the_package says so
    return order


def back_import(importer: str, imported: str, order: dict[str, int]) -> bool:
    """Return whether a module of solve/board/ imports one drawn at or below its own place in
    docs/engine.md (each module imports only those above it)."""
    inside = "classroom.solve.board."
    if not (importer.startswith(inside) and imported.startswith(inside)):
        return False
    return order[imported] >= order[importer]


def test_the_drawing_is_the_package():
    """docs/engine.md's table of the parts lists every module of solve/board/, and no module that
    is gone."""
    order = board_order()
    drawn = {m for m in order if m.startswith("classroom.solve.board.")}
    present = {m for m in KNOWN if m.startswith("classroom.solve.board.")}
    assert drawn == present, f"drawn but gone: {sorted(set(order) - present - set(KNOWN))}; " \
                             f"not drawn: {sorted(present - drawn)}"


def test_solve_board_imports_in_the_drawn_order():
    """Inside solve/board/, a module imports only modules drawn above it in docs/engine.md."""
    order = board_order()
    faults = []
    for name, path in KNOWN.items():
        if name.startswith("classroom.solve.board."):
            for line, module, _ in imports(name, path):
                if module in order and back_import(name, module, order):
                    faults.append(f"{where(name, line)} imports {module}, drawn below it")
    assert not faults, "imports against docs/engine.md's order:\n" + "\n".join(faults)


DRAWING = """
## The parts

| module | what it holds |
| --- | --- |
| `board` | squares |
| `sides` | cross-checks |
| `lines` | lines |
| `position` | the Position |

## Glossary
| `elsewhere` | not the parts |
"""


def test_the_drawing_is_read_from_the_doc():
    """The order is the table's first column under "## The parts", top down, nothing else."""
    assert drawn_order(DRAWING) == ["board", "sides", "lines", "position"]


@pytest.mark.parametrize("importer, imported, wrong", [
    ("classroom.solve.board.sides", "classroom.solve.board.lines", True),  # back: lines is drawn below sides
    ("classroom.solve.board.lines", "classroom.solve.board.sides", False),
    ("classroom.solve.board.lines", "classroom.solve.board.lines", True),  # itself: a cycle
    ("classroom.solve.board.position", "classroom.game.board", False),  # the rules: the ranks' business
])
def test_the_order_itself(importer, imported, wrong):
    """A back import inside solve/board/ is caught, on a literal drawing."""
    order = {f"classroom.solve.board.{m}": n for n, m in enumerate(drawn_order(DRAWING))}
    assert back_import(importer, imported, order) is wrong


# --- the pure core ------------------------------------------------------------------------------

# The pure core: every module of ranks 1-4 (docs/architecture.md), but the ones named below with
# the reason.
PURE = ("classroom.choices", "classroom.game", "classroom.solve", "classroom.make", "classroom.mark",
        "classroom.record")
NOT_PURE = {
    # Runs a set's items on worker processes: it starts and stops processes, sets their signals
    # and sends a worker's stderr to /dev/null. make.sets and make.notebook hand it their items;
    # they do no I/O themselves.
    "classroom.make.pool",
}
# The one exception: a named loader reads one data file and hands its text to a pure parse_*
# function. The shipped tile sets and premium layout come from the package's data folder
# (classroom.data.FOLDER), loaded once (functools.cache); a person's board, tile set or roster
# through classroom.errors.read_text (bounded, one sentence when it cannot be read).
LOADERS = {
    "classroom.game.board": {"layout", "read_board"},
    "classroom.game.tilesets": {"load_level", "load_tileset"},
    "classroom.make.roster": {"read_roster"},
}

IO_MODULES = {"os", "shutil", "subprocess", "socket", "tempfile", "signal", "resource", "ctypes",
              "multiprocessing", "concurrent", "threading", "asyncio", "urllib", "http", "glob",
              "sqlite3", "time", "secrets", "logging", "webbrowser", "select", "selectors"}
IO_CALLS = {"open", "print", "input", "breakpoint", "read_text", "read_bytes"}
IO_METHODS = {"read_text", "read_bytes", "write_text", "write_bytes", "open", "mkdir", "unlink",
              "rmdir", "touch", "iterdir", "glob", "rglob", "exists", "is_file", "is_dir", "stat"}
CLOCK_METHODS = {"time", "time_ns", "monotonic", "perf_counter", "process_time", "now", "utcnow", "today"}
SYS_IO = {"argv", "stdin", "stdout", "stderr", "environ"}


def impurities(source: str | ast.AST, module: str, package: bool = False) -> list[tuple[int, str]]:
    """Return (line, what) for everything in a module's source that the pure core may not do:
    I/O, the environment, the clock, global randomness, a package outside the standard library.
    Calls inside the module's named loaders (LOADERS) may read their one file."""
    faults = []
    for line, imported, names in imports_in(source, module, package):
        top = imported.split(".")[0]
        if top in IO_MODULES:
            faults.append((line, f"imports {imported} (I/O, processes or the clock)"))
        elif top != "classroom" and top not in sys.stdlib_module_names and top != "__future__":
            faults.append((line, f"imports {imported}, outside the standard library"))
        elif top == "random" and set(names) - {"Random"}:
            faults.append((line, f"imports {sorted(set(names) - {'Random'})} from random (global randomness)"))
    loaders = LOADERS.get(module, set())

    def visit(node: ast.AST, loader: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = loader or (isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
                                and child.name in loaders)
            fault = impure(child, inside)
            if fault:
                faults.append((child.lineno, fault))
            visit(child, inside)

    visit(ast.parse(source) if isinstance(source, str) else source, False)
    return faults


def impure(node: ast.AST, loader: bool) -> str | None:
    """Return what one node does that the pure core may not, or None."""
    if isinstance(node, ast.Attribute):
        owner = node.value.id if isinstance(node.value, ast.Name) else None
        if node.attr == "SystemRandom":
            return "uses SystemRandom (pass a random.Random)"
        if owner == "random" and node.attr != "Random":
            return f"uses random.{node.attr} (global randomness: pass a random.Random)"
        if node.attr == "environ" or (owner == "sys" and node.attr in SYS_IO):
            return f"reads {owner or '…'}.{node.attr}"
    if isinstance(node, ast.Name) and node.id in ("SystemRandom", "environ"):
        return f"uses {node.id}"
    if isinstance(node, ast.Call):
        called = node.func
        if getattr(called, "attr", getattr(called, "id", None)) in ("getenv", "putenv"):
            return "reads the environment"
        if isinstance(called, ast.Name) and called.id in IO_CALLS and not loader:
            return f"calls {called.id}() (I/O)"
        if isinstance(called, ast.Attribute):
            if called.attr in IO_METHODS and not loader:
                return f"calls .{called.attr}() (I/O)"
            if called.attr in CLOCK_METHODS:
                return f"calls .{called.attr}() (the clock)"
    return None


def pure_modules() -> list[str]:
    """Return the modules the pure-core rule covers."""
    return [m for m in KNOWN if m.startswith(PURE) and m not in NOT_PURE]


def test_the_pure_core_is_pure():
    """Ranks 1-4 (choices, game/, solve/, make/ and mark/ but make.pool, record/) do no I/O,
    read no environment, clock or global randomness, and import only the standard library and
    the project."""
    faults = [f"{where(name, line)} {what}" for name in pure_modules()
              for line, what in impurities(tree(name), name, KNOWN[name].name == "__init__.py")]
    assert not faults, "the pure core is not pure:\n" + "\n".join(faults)


def test_the_exceptions_exist():
    """Every module and loader the rule excepts is still there, so no exception outlives its
    reason."""
    assert NOT_PURE <= set(KNOWN)
    for module, loaders in LOADERS.items():
        defined = {n.name for n in ast.walk(tree(module))
                   if isinstance(n, ast.FunctionDef)}
        assert loaders <= defined, module


@pytest.mark.parametrize("module, source", [
    ("classroom.game.board", "def layout_of(name):\n    with open(name) as f:\n        return f.read()"),
    ("classroom.game.board", "from pathlib import Path\nText = Path('board.txt').read_text('utf-8')"),
    ("classroom.game.plays", "def say(play):\n    print(play)"),
    ("classroom.solve.boardless", "import os\nLIMIT = os.environ.get('LIMIT')"),
    ("classroom.solve.boardless", "import os\nLIMIT = os.getenv('LIMIT')"),
    ("classroom.solve.board.counting", "from os import environ\nLIMIT = environ['LIMIT']"),
    ("classroom.solve.board.counting", "def late():\n    import subprocess"),
    ("classroom.make.sets", "import random\nSEED = random.SystemRandom().randrange(10)"),
    ("classroom.make.sets", "import random\nSEED = random.randrange(10)"),
    ("classroom.make.hands", "from random import choice"),
    ("classroom.make.hands", "import time\nSTART = time.time()"),
    ("classroom.mark.reports", "import datetime\nTODAY = datetime.date.today()"),
    ("classroom.game.symbols", "import numpy"),
    ("classroom.game.tilesets", "def load_tileset(path):\n    print(path)\ndef other(path):\n    open(path)"),
])
def test_impurity_is_caught(module, source):
    """A core module that opens a file, prints, reads the environment, starts a process, reads
    the clock or global randomness or imports a package from outside is caught."""
    assert impurities(source, module)


@pytest.mark.parametrize("module, source", [
    ("classroom.make.hands", "import random\ndef draw(rng: random.Random):\n    return rng.choice('ab')"),
    ("classroom.game.tilesets",
     "from importlib import resources\n@cache\ndef load_level(level):\n"
     "    return resources.files('classroom.data').joinpath(level).read_text('utf-8')"),
    ("classroom.mark.reports", "import csv, io\ndef table(rows):\n    buffer = io.StringIO()\n"
     "    csv.writer(buffer).writerows(rows)\n    return buffer.getvalue()"),
    ("classroom.solve.boardless", "from . import boardless_tables\nfrom ..game.symbols import BLANK"),
])
def test_pure_code_passes(module, source):
    """A passed random.Random, a named loader reading its data file, text built in memory and
    the project's own modules are pure."""
    assert impurities(source, module) == []
