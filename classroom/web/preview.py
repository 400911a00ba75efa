"""Previews of a PDF's first page as PNG, drawn by pdftoppm (poppler) when it is installed; the
page shows download links only without it."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from classroom.errors import ClassroomError

RESOLUTION = 50  # dots per inch: a letter page becomes 425 x 550 pixels
MAX_SECONDS = 30
_cache: dict[tuple[str, float], bytes] = {}
_lock = threading.Lock()
MAX_CACHED = 32


def available() -> bool:
    """Return whether previews can be drawn (pdftoppm is on the PATH)."""
    return shutil.which("pdftoppm") is not None


def first_page(pdf: Path) -> bytes:
    """Return the first page of a PDF as PNG bytes (drawn in a temporary folder outside the
    library, kept in memory for the next request), or raise one sentence."""
    tool = shutil.which("pdftoppm")
    if tool is None:
        raise ClassroomError("previews need pdftoppm (poppler-utils), which is not installed")
    key = (str(pdf), pdf.stat().st_mtime)
    with _lock:
        if key in _cache:
            return _cache[key]
    with tempfile.TemporaryDirectory(prefix="classroom-preview-") as folder:
        try:
            subprocess.run([tool, "-png", "-r", str(RESOLUTION), "-f", "1", "-l", "1", "-singlefile",
                            str(pdf), str(Path(folder) / "page")],
                           capture_output=True, timeout=MAX_SECONDS, check=True)
            png = (Path(folder) / "page.png").read_bytes()
        except (OSError, subprocess.SubprocessError):
            raise ClassroomError(f"the preview of {pdf.name} could not be drawn") from None
    with _lock:
        if len(_cache) >= MAX_CACHED:
            _cache.pop(next(iter(_cache)))
        _cache[key] = png
    return png
