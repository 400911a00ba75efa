"""Writing a worksheet run to disk: the student PDF, the key PDF (its name contains 'key') and
manifest.json. Everything is rendered first, then written into a temporary folder inside the
destination and moved into place only when every file is ready; on any failure (a folder where
a file goes, a full disk, an interruption) nothing new is left and no earlier file is changed."""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
from pathlib import Path

from classroom import __version__
from classroom.errors import ClassroomError, path_excerpt
from classroom.make.notebook import Notebook
from classroom.make.worksheet import Worksheet
from classroom.render import RENDERERS
from classroom.render.notebook_pdf import render_notebook
from classroom.render.wording import environment


def file_names(worksheet: Worksheet) -> tuple[str, str]:
    """Return the student and key file names: ('boardless-42.pdf', 'boardless-42-key.pdf')."""
    stem = worksheet.kind if worksheet.seed is None else f"{worksheet.kind}-{worksheet.seed}"
    return f"{stem}.pdf", f"{stem}-key.pdf"


def game_file(item) -> str:
    """Return the name of the file holding the record of a situation's game: 'S-7-c01d-01-game.txt'."""
    return f"{item.id}-game.txt"


def manifest(worksheet: Worksheet, files: list[str]) -> dict:
    """Return the manifest of a run: command, seed (null for a teacher's own position), level,
    key (full, summary or none), check (whether students may check lines on the items' check
    pages), files, and one entry per item."""
    items = []
    for item in worksheet.items:
        if worksheet.kind in PRACTICE_ENTRIES:
            items.append(PRACTICE_ENTRIES[worksheet.kind](item))
            continue
        entry = {"id": item.id, "hand": list(item.tokens)}
        if worksheet.kind == "situations":
            entry["grid"] = item.grid
            if game_file(item) in files:
                entry["game"] = game_file(item)  # the record of the game the board comes from
        entry["best_score"] = item.best_score
        entry["count"] = item.count
        if worksheet.kind == "situations":
            entry["count_exact"] = item.count_exact  # False: at least `count` plays
        items.append(entry)
    data = {"command": worksheet.kind, "seed": worksheet.seed, "level": worksheet.level,
            "key": worksheet.key, "check": worksheet.check_page, "version": __version__,
            "options": dict(worksheet.options),
            "layout": {"page_size": worksheet.page_size, "large_print": worksheet.large_print,
                       "title": worksheet.title, "copies": worksheet.copies,
                       "check_url": worksheet.check_url}}
    if worksheet.custom_tiles:  # grading later needs the set itself, not a file that may change
        data["tileset"] = {symbol: {"count": count, "score": score}
                           for symbol, count, score in worksheet.custom_tiles}
    if worksheet.roster:
        roster: dict[str, list[str]] = {}
        for name, id in worksheet.roster:
            roster.setdefault(name, []).append(id)
        data["roster"] = roster
    return {**data, "files": files, "items": items}


def scoreplay_entry(item) -> dict:
    """Return a Score this play item as its manifest records it: the board before the play, the
    play, its score and what it practises."""
    return {"id": item.id, "focus": item.focus, "grid": item.grid, "play": item.play.notation,
            "score": item.score}


def trueornot_entry(item) -> dict:
    """Return a True or not? sheet as its manifest records it: every line, its verdict and,
    for a false one, the checker's reason and the mistake it shows."""
    return {"id": item.id, "lines": [
        {"text": line.text, "true": line.true, **({"value": line.value} if line.true else
                                                   {"reason": line.reason, "mistake": line.mistake})}
        for line in item.lines]}


def variety_entry(item) -> dict:
    """Return a variety of equations sheet as its manifest records it: the hand, and per kind
    asked how many equations show it and the families the key prints."""
    return {"id": item.id, "hand": list(item.tokens), "equations": item.count, "left_out": list(item.left_out),
            "kinds": [{"kind": key.kind, "equations": key.count, "families": key.families,
                       "shown": [family.answer.text for family in key.shown]} for key in item.kinds]}


PRACTICE_ENTRIES = {"scoreplay": scoreplay_entry, "trueornot": trueornot_entry,
                    "variety": variety_entry}  # nothing to grade


def notebook_names(notebook: Notebook) -> tuple[str, str]:
    """Return the binder's and the teacher's file names: ('notebook-original-1.pdf',
    'notebook-original-1-key.pdf'); the teacher's, notes and keys, is the one named key."""
    stem = f"notebook-{notebook.level}-{notebook.seed}"
    return f"{stem}.pdf", f"{stem}-key.pdf"


def notebook_manifest(notebook: Notebook, files: list[str]) -> dict:
    """Return the manifest of a notebook run: its id, seed, level, the sections in order with
    the ids of their sheets and what each practises, and one entry per sheet, with its kind,
    section and key (a hand's by families, the others whole), as the single command's manifest records it (a Boardless Activity or a Board
    Situation is found again by its id and graded like any other)."""
    items, sections = [], []
    for section in notebook.sections:
        entries = [entry for worksheet in section.worksheets
                   for entry in ({"kind": worksheet.kind, "check": worksheet.check_page, "key": worksheet.key, **entry}
                                 for entry in manifest(worksheet, [])["items"])]
        for entry, step in zip(entries, section.steps):
            items.append({"section": section.name, "step": step, **entry})
        sections.append({"name": section.name, "ids": [entry["id"] for entry in entries]})
    return {"command": "notebook", "id": notebook.id, "seed": notebook.seed, "level": notebook.level,
            "key": "families", "version": __version__, "layout": {"page_size": notebook.page_size},
            "sections": sections, "files": files, "items": items}


def write_notebook(notebook: Notebook, out_dir: str | Path,
                   templates_dir: str | Path | None = None) -> list[Path]:
    """Return the paths written (the binder's PDF, the teacher's PDF, manifest.json) after
    drawing both PDFs and writing them with the manifest, all or nothing."""
    env = environment(templates_dir)
    student, teacher = render_notebook(notebook, env)
    names = notebook_names(notebook)
    text = json.dumps(notebook_manifest(notebook, list(names)), ensure_ascii=False, indent=2) + "\n"
    return write_all(out_dir, dict(zip((*names, "manifest.json"), (student, teacher, text.encode("utf-8")))))


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
    """Return whether a folder holds a run's files: a manifest.json or a PDF; raise one sentence
    when the folder cannot even be looked at (a name too long, no permission)."""
    try:
        return folder.is_dir() and any(p.name == "manifest.json" or p.suffix == ".pdf" for p in folder.iterdir())
    except OSError as error:
        raise cannot_write(folder, error) from None


def cannot_write(path: Path, error: OSError, folder: bool = True) -> ClassroomError:
    """Return the one sentence for an operating-system error on writing into a folder (or, not
    `folder`, a file): the path, the reason (a name too long, no permission, a full or read-only
    disk, a file where a folder should be) and that nothing was written."""
    reason = _REASONS.get(error.errno) or error.strerror or str(error)
    where = f"to the folder {path_excerpt(path)}" if folder else path_excerpt(path)
    return ClassroomError(f"cannot write {where} ({reason}); nothing was written")


# The reasons whose own words (strerror) would mislead a teacher: 'File exists' when a plain
# file stands where a folder is made.
_REASONS = {errno.EEXIST: "a file stands where a folder should be",
            errno.ENOTDIR: "a file stands where a folder should be",
            errno.EISDIR: "a folder stands where the file goes"}


def prepare_folder(out_dir: str | Path) -> Path:
    """Return the destination folder, created if needed, or raise if it cannot be written to."""
    folder = Path(out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise cannot_write(folder, error) from None
    return folder


def write_atomically(path: Path, data: bytes) -> None:
    """Write data to path through a temporary file in the same folder (returns nothing), or
    raise one sentence naming the file and leave nothing behind.

    A path that is a symbolic link is written through to the file it points to (the link stays
    a link: a record kept elsewhere and linked into games/ is the one updated). The file is
    flushed to the disk before the rename and the folder after it, so a power cut leaves the
    old text or the new one; an interruption (Ctrl-C, SIGTERM) removes the temporary file, and
    one left by a process killed outright is removed by the next write into that folder."""
    path, temporary = Path(path), None
    try:
        path = Path(os.path.realpath(path)) if path.is_symlink() else path  # a name too long raises here too
        _clear_stale(path.parent)
        # The temporary name is short: the file's own name may be as long as a name can be.
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=TEMPORARY, suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; a PDF is for everyone
        os.replace(temporary, path)
        temporary = None
        _sync_folder(path.parent)
    except OSError as error:
        raise cannot_write(path, error, folder=False) from None
    finally:
        if temporary is not None:  # refused, or interrupted (KeyboardInterrupt is no OSError)
            Path(temporary).unlink(missing_ok=True)


TEMPORARY = ".classroom-"  # how the temporary files and folders of a write begin
STALE_SECONDS = 600  # a write takes far less; an older temporary was left by a killed process


def _clear_stale(folder: Path) -> None:
    """Remove the temporary files and folders of writes into `folder` that a killed process
    left (older than STALE_SECONDS, so a write under way in another process is never touched)."""
    import time

    try:
        entries = [entry for entry in os.scandir(folder) if entry.name.startswith(TEMPORARY)]
    except OSError:
        return  # the write itself will say what is wrong with the folder
    now = time.time()
    for entry in entries:
        try:
            if now - entry.stat(follow_symlinks=False).st_mtime < STALE_SECONDS:
                continue
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                os.unlink(entry.path)
        except OSError:
            pass  # another process cleared it first, or it is not ours to remove


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries to the disk (a rename is kept once its folder is synced); some
    systems cannot open a folder for that (Windows) and keep renames without it."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # a file system that does not sync folders (EINVAL): nothing more can be done
    finally:
        os.close(handle)


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
    student, key = RENDERERS[worksheet.kind](worksheet, env)  # everything is drawn before anything is written
    pdfs = (student,) if worksheet.key == "none" or key is None else (student, key)
    names = file_names(worksheet)[:len(pdfs)]
    games = {game_file(item): item.game.encode("utf-8") for item in worksheet.items if getattr(item, "game", "")}
    text = json.dumps(manifest(worksheet, [*names, *games]), ensure_ascii=False, indent=2) + "\n"
    return write_all(out_dir, {**dict(zip(names, pdfs)), **games, "manifest.json": text.encode("utf-8")})


def write_all(out_dir: str | Path, files: dict[str, bytes]) -> list[Path]:
    """Return the paths of `files` (name -> bytes) after writing them all into out_dir, or none.

    The files are written to a temporary folder inside out_dir and renamed into place only when
    all are written; an earlier file of the same name is kept aside until every rename has
    succeeded, and put back if one fails. Folders this call created are removed on failure.
    """
    folder = Path(out_dir)
    created = _make_folders(folder)
    staging: Path | None = None
    moved: list[tuple[Path, Path | None]] = []  # (target, the earlier file kept aside, if any)
    try:
        targets = [folder / name for name in files]
        for target in targets:
            if target.is_symlink() or (target.exists() and not target.is_file()):
                raise ClassroomError(f"{path_excerpt(target)} is not a file (a folder or another "
                                     f"kind of entry stands where the run writes {target.name}); "
                                     f"move it away and run again")
        _clear_stale(folder)
        staging = Path(tempfile.mkdtemp(dir=folder, prefix=TEMPORARY))
        mode = 0o666 & ~_umask()  # mkstemp makes 0600; a PDF is for everyone
        for name, data in files.items():
            with open(staging / name, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(staging / name, mode)
        for target in targets:
            kept = None
            if target.exists():
                kept = staging / f".earlier-{target.name}"
                os.link(target, kept)
            moved.append((target, kept))
            os.replace(staging / target.name, target)
        _sync_folder(folder)
        return targets
    except BaseException as error:
        for target, kept in reversed(moved):
            try:
                if kept is not None:
                    os.replace(kept, target)
                else:
                    target.unlink(missing_ok=True)
            except OSError:
                pass
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
            staging = None
        for made in reversed(created):
            try:
                made.rmdir()
            except OSError:
                break
        if isinstance(error, OSError):
            raise cannot_write(folder, error) from None
        raise
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


def _make_folders(folder: Path) -> list[Path]:
    """Return the folders made (outermost first) so that `folder` exists, or raise one sentence."""
    missing = []
    made: list[Path] = []
    try:
        for parent in (folder, *folder.parents):  # exists() too fails on a name too long
            if parent.exists() or parent.is_symlink():
                break
            missing.append(parent)
        missing.reverse()
        for path in missing:
            path.mkdir()
            made.append(path)
        if not folder.is_dir():
            raise NotADirectoryError(20, "Not a directory")
    except OSError as error:
        for path in reversed(made):
            path.rmdir()
        raise cannot_write(folder, error) from None
    return made


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
