"""Finding a printed worksheet again: the sheets recorded in the manifest.json files of earlier
runs, looked up by item id (any letter case, any dash) or by the name of the student it was printed for.

A manifest may have been edited, truncated or written by another tool: one of the wrong shape
is passed over when a good one holds the sheet, and named in one sentence when it is the only
place the sheet could have been.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from pathlib import Path

from classroom.errors import ClassroomError, excerpt
from classroom.game.symbols import Hand
from classroom.game.tilesets import LEVELS, TileSet, load_level, parse_tileset
from classroom.make.worksheet import GRADED, SHEET_KINDS

MANIFEST = "manifest.json"
NOTEBOOK = "notebook"  # a notebook's manifest: sheets of several kinds, each entry saying its own
DASHES = "−–—‐‑"  # typed for the hyphens of an id when it is copied from a printout or a word processor


def typed_id(text: str) -> str:
    """Return an id as typed, with any dash as the ASCII hyphen ids are made of: 'B−42−3f9a−01'
    -> 'B-42-3f9a-01'."""
    return text.strip().translate({ord(dash): "-" for dash in DASHES})


def same_id(one: str, other: str) -> bool:
    """Return whether two ids as typed name the same sheet (any letter case, any dash)."""
    return typed_id(one).casefold() == typed_id(other).casefold()


@dataclass(frozen=True)
class PrintedSheet:
    """One printed sheet as its run's manifest recorded it."""

    id: str  # like 'B-42-3f9a-01'
    kind: str  # 'boardless' or 'situations'
    hand: tuple[str, ...]  # tile tokens, like ('2', '4', '÷', '?')
    grid: str  # the board file text of a situation, '' for a boardless sheet
    level: str  # the level name, or what the run called its custom tile set
    tiles: tuple[tuple[str, int, int], ...]  # a copy of a custom tile set, () for a level
    students: tuple[str, ...]  # the names it was printed for (a roster run)
    manifest: Path
    seed: int | None = None  # the run's seed; None for a teacher's own position
    check: bool = False  # students may check lines on its check page (a contest's page is off)
    # What the run's solver found for a boardless sheet, as its key prints it: the number of
    # different equations and the best score (None: not recorded, or not in the right shape).
    count: int | None = None
    best_score: int | None = None

    def tileset(self, fallback: TileSet | None = None) -> TileSet:
        """Return the tile set the sheet was made with: the manifest's copy of a custom set, the
        shipped level, or the fallback for an older manifest that records neither."""
        if self.tiles:
            # JSON strings are TOML basic strings: the copy goes through the tile-set checks.
            text = "[tiles]\n" + "".join(f"{json.dumps(s)} = {{ count = {n}, score = {v} }}\n"
                                         for s, n, v in self.tiles)
            return parse_tileset(f"name = {json.dumps(Path(self.level).stem)}\n" + text, str(self.manifest))
        if self.level in LEVELS:
            return load_level(self.level)
        if fallback is not None:
            return fallback
        raise ClassroomError(f"{self.manifest}: worksheet {self.id} was made with the tile set "
                             f"{self.level}, which the manifest does not copy; give it with --tiles")

    def same_sheet(self, other: "PrintedSheet") -> bool:
        """Return whether two records describe the same sheet (a run made twice)."""
        return (self.id.upper(), self.kind, self.hand, self.grid, self.level, self.tiles) == \
            (other.id.upper(), other.kind, other.hand, other.grid, other.level, other.tiles)


def default_folder(start: Path | None = None) -> Path:
    """Return the output/ folder nearest the shell: in the current folder or one above it (so a
    teacher standing inside output/boardless-42 still finds every run), else ./output."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "output").is_dir():
            return folder / "output"
    return Path("output")


def read_manifest(path: Path) -> tuple[list[PrintedSheet], list[tuple[str, str]]]:
    """Return the sheets a manifest records and, for each entry of the wrong shape, its id (or
    '') and what is wrong with it; raise ClassroomError when the whole file is unusable."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ClassroomError(f"{path} cannot be read as JSON ({getattr(error, 'strerror', None) or error})") from None
    if not isinstance(data, dict):
        raise ClassroomError(f"{path} is not a worksheet manifest (it holds {_kind_of(data)}, not an object)")
    command = data.get("command")
    items = data.get("items")
    if (command not in SHEET_KINDS and command != NOTEBOOK) or not isinstance(items, list):
        raise ClassroomError(f"{path} is not a worksheet manifest (it names no kind of worksheet "
                             f"or lists no items)")
    if command not in GRADED and command != NOTEBOOK:  # a practice sheet: nothing to grade
        return [], []
    level = data.get("level") if isinstance(data.get("level"), str) else "original"
    tiles = _tiles(data.get("tileset"))
    roster = data.get("roster") if isinstance(data.get("roster"), dict) else {}
    seed = data.get("seed") if type(data.get("seed")) is int else None
    records, broken = [], []
    for entry in items:
        kind = command
        if command == NOTEBOOK:  # each sheet says its kind; a practice sheet has nothing to grade
            kind = entry.get("kind") if isinstance(entry, dict) else None
            if kind not in GRADED:
                continue
        # Manifests written before the switch: boardless check pages were on, and stay on.
        said = (entry if command == NOTEBOOK else data).get("check")
        check = said if isinstance(said, bool) else kind == "boardless"
        id = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(id, str) or not id:
            broken.append(("", f"an item of {path} has no id"))
            continue
        hand = entry.get("hand")
        if not isinstance(hand, list) or not all(isinstance(t, str) for t in hand):
            broken.append((id, f"{path} records no hand for worksheet {id}"))
            continue
        grid = entry.get("grid", "")
        if kind == "situations" and (not isinstance(grid, str) or not grid.strip()):
            broken.append((id, f"{path} records no board for situation {id}"))
            continue
        students = tuple(name for name, ids in roster.items()
                         if isinstance(ids, list) and id in ids or ids == id)
        count, best = _stored_totals(entry) if kind == "boardless" else (None, None)
        records.append(PrintedSheet(id, kind, tuple(hand), grid if kind == "situations" else "", level,
                              tiles, students, path, seed, check, count, best))
    return records, broken


def _stored_totals(entry: dict) -> tuple[int | None, int | None]:
    """Return a boardless item's recorded count of equations and best score, (None, None) unless
    both are there and agree (a hand with no equation has no best score)."""
    count, best = entry.get("count"), entry.get("best_score")
    if type(count) is not int or count < 0 or not (best is None or type(best) is int):
        return None, None
    if (count == 0) != (best is None):
        return None, None
    return count, best


def distinct_sheets(records: list[PrintedSheet]) -> list[PrintedSheet]:
    """Return the records less the repeats of one sheet (a run made twice), in order; a sheet
    once printed for a contest keeps its check page off."""
    distinct: list[PrintedSheet] = []
    for record in records:
        twin = next((i for i, d in enumerate(distinct) if record.same_sheet(d)), None)
        if twin is None:
            distinct.append(record)
        elif not record.check:
            distinct[twin] = dataclasses.replace(distinct[twin], check=False)
    return distinct


def find_sheet(key: str, folder: Path) -> PrintedSheet:
    """Return the sheet whose id (any letter case, any dash) or student name is `key`, from the
    manifests under folder; raise one sentence when there is none, or more than one."""
    wanted = typed_id(key).casefold()
    found: list[PrintedSheet] = []
    broken: list[str] = []
    for path in manifests(folder):
        try:
            records, faults = read_manifest(path)
        except ClassroomError as error:
            broken.append(str(error))
            continue
        broken += [reason for id, reason in faults if id.casefold() == wanted]
        found += [r for r in records
                  if r.id.casefold() == wanted or wanted in (s.casefold() for s in r.students)]
    distinct = distinct_sheets(found)
    if len(distinct) == 1:
        return distinct[0]
    if len(distinct) > 1:
        where = ", ".join(f"{r.id} in {r.manifest}" for r in distinct[:3])
        raise ClassroomError(f"{key} names {len(distinct)} different sheets ({where}); give the id "
                             f"of one, or the folder of one run with --manifests")
    if broken:
        raise ClassroomError(f"no worksheet {key} found under {folder}/: {broken[0]}")
    raise ClassroomError(f"no worksheet {key} in any {MANIFEST} under {folder}/")


def _tiles(copy: object) -> tuple[tuple[str, int, int], ...]:
    """Return a manifest's copy of a custom tile set as (symbol, count, score), () when absent."""
    if not isinstance(copy, dict):
        return ()
    return tuple((symbol, entry.get("count"), entry.get("score")) for symbol, entry in copy.items()
                 if isinstance(entry, dict) and isinstance(entry.get("count"), int)
                 and isinstance(entry.get("score"), int))


def _kind_of(value: object) -> str:
    """Return what a JSON value is, in words: 'a list', 'null', 'a number'."""
    if value is None:
        return "null"
    return {list: "a list", str: "a string", bool: "true or false"}.get(type(value), "a number")


def sheet_hand(record: PrintedSheet, chosen: TileSet | None) -> tuple[Hand, TileSet]:
    """Return a recorded sheet's hand and tile set; a tile set given on the command line is used
    only for an older manifest that records none."""
    if chosen is not None and (record.tiles or record.level in LEVELS):
        raise ClassroomError(f"worksheet {record.id} was made with the {record.tileset().name} tile "
                             f"set, which its manifest records; leave out --level and --tiles")
    tileset = record.tileset(chosen)
    try:
        return tileset.read_hand(list(record.hand)), tileset
    except ClassroomError as error:
        raise ClassroomError(f"{record.manifest}: worksheet {record.id}: {error}") from None


# --- the library of runs, as the web page lists it ---------------------------------------------

MAX_RUNS = 500  # manifests listed; a library grows by a few runs a week


@dataclass(frozen=True)
class Run:
    """One worksheet run found in the library: its folder, what its manifest records, its files."""

    name: str  # the folder relative to the library, like 'boardless-42'
    folder: Path
    kind: str  # the command that made it: 'boardless', 'situations', 'scoreplay', 'trueornot' or
    # 'notebook' (a binder of sheets of several kinds)
    level: str
    written: float  # when the manifest was written, in seconds since the epoch
    files: tuple[str, ...]  # plain file names in the folder: the PDFs, then manifest.json
    records: tuple[PrintedSheet, ...]  # the sheets to grade; none for practice sheets
    seed: int | None = None  # the run's seed; None for a teacher's own position


REMOVED = "removed"  # the library's folder of runs moved aside (never deleted)


def manifests(folder: Path) -> list[Path]:
    """Return the manifests under the library folder, in path order, but those of runs moved
    aside into its removed/ folder."""
    return sorted(p for p in Path(folder).glob(f"**/{MANIFEST}")
                  if p.relative_to(folder).parts[0] != REMOVED)


def set_aside_run(folder: Path, run: str) -> str:
    """Move a run's folder into the library's removed/ folder (never deleted: it can be moved
    back by hand) and return where it went, relative to the library."""
    found = next((r for r in runs(folder) if r.name == run), None)
    if found is None:
        raise ClassroomError(f"no run {excerpt(run)} in the library {folder}/")
    aside = Path(folder) / REMOVED / found.name
    number = 1
    while aside.exists():
        number += 1
        aside = Path(folder) / REMOVED / f"{found.name}-{number}"
    try:
        aside.parent.mkdir(parents=True, exist_ok=True)
        os.replace(found.folder, aside)
    except OSError as error:
        raise ClassroomError(f"cannot move {found.name} aside into {aside.parent}/ ({error.strerror})") from None
    return aside.relative_to(folder).as_posix()


def runs(folder: Path) -> list[Run]:
    """Return the runs whose manifests lie under folder, newest first (at most MAX_RUNS); a
    manifest that cannot be read is passed over. A run of practice sheets (plays to score, True
    or not?) is listed with its files and no sheet to grade."""
    found = []
    for path in manifests(folder):
        try:
            records, _ = read_manifest(path)
            written = path.stat().st_mtime
            data = json.loads(path.read_text("utf-8"))
        except (ClassroomError, OSError, ValueError):
            continue
        level = data.get("level") if isinstance(data.get("level"), str) else "original"
        seed = data.get("seed") if type(data.get("seed")) is int else None
        found.append(Run(path.parent.relative_to(folder).as_posix(), path.parent, data["command"],
                         level, written, _listed_files(path), tuple(records), seed))
    found.sort(key=lambda run: (-run.written, run.name))
    return found[:MAX_RUNS]


def _listed_files(manifest: Path) -> tuple[str, ...]:
    """Return the files a manifest lists that lie beside it as regular files (a name with a
    folder in it is passed over), then manifest.json itself."""
    listed = json.loads(manifest.read_text("utf-8")).get("files")
    names = [n for n in listed if isinstance(n, str)] if isinstance(listed, list) else []
    beside = [n for n in names if n == Path(n).name and not n.startswith(".") and n != MANIFEST
              and (manifest.parent / n).is_file() and not (manifest.parent / n).is_symlink()]
    return (*beside, MANIFEST)


def run_file(folder: Path, run: str, name: str) -> Path:
    """Return the path of a file a run's manifest lists (or the manifest), found by the run's
    name and the file's name among the runs under folder; raise one sentence when there is none."""
    for found in runs(folder):
        if found.name == run:
            if name in found.files:
                return found.folder / name
            raise ClassroomError(f"the run {excerpt(run)} has no file {excerpt(name)}")
    raise ClassroomError(f"no run {excerpt(run)} in the library {folder}/")
