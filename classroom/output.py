"""Writing a worksheet run to disk: the student PDF, the key PDF (its name contains 'key') and
manifest.json, each written to a temporary file in the destination and then renamed, so a
reader never sees half a file and a failed run leaves nothing behind."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from classroom import __version__
from classroom.errors import ClassroomError
from classroom.render import render_boardless, render_situations
from classroom.render.wording import environment
from classroom.worksheet import Worksheet


def file_names(worksheet: Worksheet) -> tuple[str, str]:
    """Return the student and key file names: ('boardless-42.pdf', 'boardless-42-key.pdf')."""
    stem = worksheet.kind if worksheet.seed is None else f"{worksheet.kind}-{worksheet.seed}"
    return f"{stem}.pdf", f"{stem}-key.pdf"


def manifest(worksheet: Worksheet, files: list[str]) -> dict:
    """Return the manifest of a run: command, seed, level, files, and one entry per item."""
    items = []
    for item in worksheet.items:
        entry = {"id": item.id, "hand": list(item.tokens)}
        if worksheet.kind == "situations":
            entry["grid"] = item.grid
        entry["best_score"] = item.best_score
        entry["count"] = item.count
        items.append(entry)
    data = {"command": worksheet.kind, "seed": worksheet.seed, "level": worksheet.level,
            "version": __version__, "options": dict(worksheet.options),
            "layout": {"page_size": worksheet.page_size, "large_print": worksheet.large_print,
                       "title": worksheet.title, "copies": worksheet.copies}}
    if worksheet.custom_tiles:  # grading later needs the set itself, not a file that may change
        data["tileset"] = {symbol: {"count": count, "score": score}
                           for symbol, count, score in worksheet.custom_tiles}
    if worksheet.roster:
        roster: dict[str, list[str]] = {}
        for name, id in worksheet.roster:
            roster.setdefault(name, []).append(id)
        data["roster"] = roster
    return {**data, "files": files, "items": items}


def choose_folder(out: Path | None, default: Path, force: bool = False) -> tuple[Path, str | None]:
    """Return the folder a run writes to and a note saying why it is not the one asked for.

    A run never replaces an earlier run's files: without --out it takes the default folder,
    or the first of default-2, default-3, ... that holds no run; with --out it refuses a folder
    that holds a run, unless force.
    """
    if out is not None:
        if _holds_run(out) and not force:
            raise ClassroomError(f"{out} already holds an earlier run's files; choose "
                                 f"another --out, or add --force to replace it")
        return out, None
    if force or not _holds_run(default):
        return default, None
    number = 2
    while _holds_run(default.with_name(f"{default.name}-{number}")):
        number += 1
    chosen = default.with_name(f"{default.name}-{number}")
    return chosen, f"{default} holds an earlier run, so this one went to {chosen}"


def _holds_run(folder: Path) -> bool:
    """Return whether a folder holds a run's files: a manifest.json or a PDF."""
    return folder.is_dir() and any(p.name == "manifest.json" or p.suffix == ".pdf" for p in folder.iterdir())


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
    """Return the paths written (student PDF, key PDF, manifest.json) after writing a worksheet run."""
    if not worksheet.items:
        raise ClassroomError("a worksheet needs at least one item")
    env = environment(templates_dir)
    render = render_boardless if worksheet.kind == "boardless" else render_situations
    student, key = render(worksheet, env)  # everything is drawn before anything is written
    folder = prepare_folder(out_dir)
    names = file_names(worksheet)
    text = json.dumps(manifest(worksheet, list(names)), ensure_ascii=False, indent=2) + "\n"
    paths = [folder / names[0], folder / names[1], folder / "manifest.json"]
    for path, data in zip(paths, (student, key, text.encode("utf-8"))):
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
