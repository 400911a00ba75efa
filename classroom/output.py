"""Writing a worksheet run to disk: the student PDF, the key PDF (its name contains 'key') and
manifest.json, each written to a temporary file in the destination and then renamed, so a
reader never sees half a file and a failed run leaves nothing behind."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from classroom.errors import ClassroomError
from classroom.render import render_boardless, render_situations
from classroom.render.wording import environment
from classroom.worksheet import Worksheet


def file_names(worksheet: Worksheet) -> tuple[str, str]:
    """Return the student and key file names: ('boardless-42.pdf', 'boardless-42-key.pdf')."""
    stem = worksheet.kind if worksheet.seed is None else f"{worksheet.kind}-{worksheet.seed}"
    return f"{stem}.pdf", f"{stem}-key.pdf"


def manifest(worksheet: Worksheet, files: list[str]) -> dict:
    """Return the manifest of a run: command, seed, level, key (full, summary or none), files,
    and one entry per item."""
    items = []
    for item in worksheet.items:
        entry = {"id": item.id, "hand": list(item.tokens)}
        if worksheet.kind == "situations":
            entry["grid"] = item.grid
        entry["best_score"] = item.best_score
        entry["count"] = item.count
        items.append(entry)
    return {"command": worksheet.kind, "seed": worksheet.seed, "level": worksheet.level,
            "key": worksheet.key, "files": files, "items": items}


def prepare_folder(out_dir: str | Path) -> Path:
    """Return the destination folder, created if needed, or raise if it cannot be written to."""
    folder = Path(out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise ClassroomError(f"cannot write to the folder {folder} ({error.strerror or error})") from None
    return folder


def write_atomically(path: Path, data: bytes) -> None:
    """Write data to path through a temporary file in the same folder (returns nothing)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; a PDF is for everyone
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise ClassroomError(f"cannot write to the folder {path.parent} ({error.strerror or error})") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_worksheet(worksheet: Worksheet, out_dir: str | Path,
                    templates_dir: str | Path | None = None) -> list[Path]:
    """Return the paths written (student PDF, key PDF unless the worksheet asks for none,
    manifest.json) after writing a worksheet run."""
    if not worksheet.items:
        raise ClassroomError("a worksheet needs at least one item")
    env = environment(templates_dir)
    render = render_boardless if worksheet.kind == "boardless" else render_situations
    student, key = render(worksheet, env)  # everything is drawn before anything is written
    folder = prepare_folder(out_dir)
    pdfs = (student,) if worksheet.key == "none" or key is None else (student, key)
    names = file_names(worksheet)[:len(pdfs)]
    text = json.dumps(manifest(worksheet, list(names)), ensure_ascii=False, indent=2) + "\n"
    paths = [folder / name for name in names] + [folder / "manifest.json"]
    for path, data in zip(paths, pdfs + (text.encode("utf-8"),)):
        write_atomically(path, data)
    return paths


def write_boardless(worksheet: Worksheet, out_dir: str | Path,
                    templates_dir: str | Path | None = None) -> list[Path]:
    """Return the paths written for a Boardless Activity worksheet: student PDF, key PDF, manifest."""
    if worksheet.kind != "boardless":
        raise ClassroomError(f"write_boardless needs a boardless worksheet, not {worksheet.kind}")
    return write_worksheet(worksheet, out_dir, templates_dir)


def write_situations(worksheet: Worksheet, out_dir: str | Path,
                     templates_dir: str | Path | None = None) -> list[Path]:
    """Return the paths written for a Board Situations worksheet: student PDF, key PDF, manifest."""
    if worksheet.kind != "situations":
        raise ClassroomError(f"write_situations needs a situations worksheet, not {worksheet.kind}")
    return write_worksheet(worksheet, out_dir, templates_dir)
