"""The lint: ruff over the package and the tests, with the rules of [tool.ruff] in pyproject.toml
(pyflakes' errors, isort's import order, statement errors). A name imported and never used, an
import block out of order or an import below code fails the suite, with ruff's own report."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "classroom", "tests"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
