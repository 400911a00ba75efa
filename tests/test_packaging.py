"""The tool as users install it: a wheel built the normal way (sdist, then a wheel from the sdist)
holds every module, template and data file of the package tree, and the `classroom` command."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def shipped_tree() -> set[str]:
    """Return the files the wheel must hold: classroom/ as it is, templates/ as classroom/templates/."""
    def files(folder: Path, prefix: str) -> set[str]:
        return {f"{prefix}/{path.relative_to(folder).as_posix()}" for path in folder.rglob("*")
                if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"}

    return files(ROOT / "classroom", "classroom") | files(ROOT / "templates", "classroom/templates")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    """Build an sdist from a copy of the project, then a wheel from that sdist, as `python -m build`
    does (no network: the test environment's setuptools builds it)."""
    work = tmp_path_factory.mktemp("build")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "output", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis"))
    result = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir",
                             str(work / "dist"), str(source)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    built, = (work / "dist").glob("*.whl")
    return zipfile.ZipFile(built)


def test_the_wheel_holds_every_file_of_the_package_tree(wheel):
    """Every module, template and data file under classroom/ and templates/ is in the wheel."""
    inside = {name for name in wheel.namelist() if not name.endswith("/")}
    missing = sorted(shipped_tree() - inside)
    assert not missing, f"the wheel leaves out {missing}"


def test_the_wheel_holds_nothing_but_the_package(wheel):
    """The wheel ships the package and its metadata only: no tests, docs or output."""
    tops = {name.split("/")[0] for name in wheel.namelist()}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"classroom"}


def test_the_wheel_installs_the_classroom_command(wheel):
    """The console script `classroom` runs classroom.cli.light:main (the front door, then typer)."""
    entry, = [n for n in wheel.namelist() if n.endswith(".dist-info/entry_points.txt")]
    text = wheel.read(entry).decode("utf-8")
    assert "[console_scripts]" in text and "classroom = classroom.cli.light:main" in text


def test_every_package_folder_is_a_package():
    """A folder of modules without __init__.py would be left out of the wheel by discovery."""
    for folder in (ROOT / "classroom").rglob("*"):
        if folder.is_dir() and folder.name != "__pycache__" and any(folder.glob("*.py")):
            assert (folder / "__init__.py").is_file(), f"{folder} has modules but no __init__.py"


def test_the_installed_layout_makes_a_class_set_from_another_folder(wheel, tmp_path):
    """The wheel unpacked (as pip installs it) makes sheets and keys with its own templates and
    data, run from a folder that holds no checkout."""
    site = tmp_path / "site-packages"
    wheel.extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv.pop(1)); "
         "from classroom.cli.commands import main; sys.argv[0] = 'classroom'; main()", str(site),
         "boardless", "--seed", "3", "--count", "1", "--tiles-per-hand", "5", "--out", "made"],
        cwd=elsewhere, capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (elsewhere / "made").iterdir()) == \
        ["boardless-3-key.pdf", "boardless-3.pdf", "manifest.json"]
    probe = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                            "from classroom.render.wording import shipped_templates; "
                            "print(shipped_templates())", str(site)],
                           cwd=elsewhere, capture_output=True, text=True)
    assert Path(probe.stdout.strip()) == site / "classroom" / "templates"
