"""Which sheet each list handed in is graded against: a list is named after its student (or
after a worksheet id) the way people name files, and is matched to the sheet printed for them.

A name matches whatever its letter case, with accents typed or not ('emile' is 'Émile'), and
with '_', '-', '.' or spaces between the words ('bea_jones', 'Bea-Jones', 'BeaJones'); a first
name alone is enough when no other student of the run has it. The roster run used is the one
that names the most lists, the newest of those (a roster is used again every week); its name
is said. A list that names nobody is listed with the reason and left out, never graded
against another student's sheet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from classroom.errors import ClassroomError, excerpt
from classroom.game.symbols import Hand
from classroom.game.tilesets import TileSet, load_tileset
from classroom.make.roster import name_key
from classroom.mark.grading import Totals
from classroom.store.library import (
    PrintedSheet,
    Run,
    default_folder,
    distinct_sheets,
    find_sheet,
    runs,
    same_id,
    sheet_hand,
    typed_id,
)


def students_named(name: str, students: tuple[str, ...]) -> tuple[str, ...]:
    """Return the students a list's name can mean: those whose whole name it is (else the same
    letters without spaces), else, for one word, those whose first name it is."""
    key = name_key(name)
    if not key:
        return ()
    keys = {student: name_key(student) for student in students}
    for same in (lambda k: k == key, lambda k: k.replace(" ", "") == key.replace(" ", ""),
                 lambda k: " " not in key and k.split(" ")[0] == key):
        found = tuple(student for student, k in keys.items() if same(k))
        if found:
            return found
    return ()


_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,4}$")
NO_ONE = "names no student of a roster and no worksheet id"


def list_name(name: str) -> str:
    """Return what a list handed in is called, for matching: its file name without the
    extension ('Bea Jones.txt' -> 'Bea Jones', 'J. R. Smith' as it is)."""
    return _EXTENSION.sub("", name) or name


@dataclass(frozen=True)
class Matched:
    """One list handed in, matched: its place among the lists, its student, its sheet."""

    index: int
    student: str  # the roster's name, or the list's own name
    sheet: str  # an item id, or the hand as written when graded with --hand


@dataclass(frozen=True)
class Matching:
    """The lists matched to sheets, the lists left out and why, and the run the sheets came
    from (None when no one run was used)."""

    matched: tuple[Matched, ...]
    skipped: tuple[tuple[int, str], ...]  # (index, why), like (4, 'names no student of boardless-3')
    run: Run | None
    records: dict[str, PrintedSheet]  # item id -> its sheet, for every sheet matched


def _roster(run: Run) -> dict[str, tuple[str, ...]]:
    """Return each student of a run's roster with the ids of their sheets, in the run's order."""
    sheets: dict[str, tuple[str, ...]] = {}
    for record in run.records:
        for student in record.students:
            sheets[student] = (*sheets.get(student, ()), record.id)
    return sheets


def _label(run: Run) -> str:
    """Return how a run is named in a reason: its folder in the library, like 'boardless-3'."""
    return run.folder.name if run.name == "." else run.name


def _either(students: tuple[str, ...]) -> str:
    """Return names as alternatives: 'Alex Smith or Alex Brown'."""
    return ", ".join(students[:-1]) + " or " + students[-1]


def _in_run(index: int, name: str, run: Run, roster: dict[str, tuple[str, ...]]) -> Matched | str:
    """Return a list matched to its student's one sheet in a run, or why it cannot be."""
    found = students_named(name, tuple(roster))
    if not found:
        return f"names no student of {_label(run)}"
    if len(found) > 1:
        return f"could be {_either(found)}"
    student, = found
    if len(roster[student]) > 1:
        return f"is for {student}, who has {len(roster[student])} sheets in {_label(run)}; give the id of one"
    return Matched(index, student, roster[student][0])


def _unknown(outcome: Matched | str) -> bool:
    """Return whether a list's name means no student of a run at all."""
    return isinstance(outcome, str) and outcome.startswith("names no student")


def match_by_name(names: list[str], found: list[Run]) -> Matching:
    """Return each list matched by its name ('bea.txt'): a worksheet id names that sheet; a
    student's name, that student's sheet in the roster run that names the most lists (the
    newest of those; `found` is newest first)."""
    by_id: dict[str, list[PrintedSheet]] = {}
    for run in found:
        for record in run.records:
            by_id.setdefault(typed_id(record.id).casefold(), []).append(record)
    matched: dict[int, Matched] = {}
    skipped: dict[int, str] = {}
    sheets: dict[str, PrintedSheet] = {}
    for index, name in enumerate(names):
        records = by_id.get(typed_id(list_name(name)).casefold(), [])
        distinct = distinct_sheets(records)
        if len(distinct) > 1:
            skipped[index] = f"names {len(distinct)} different sheets"
        elif distinct:
            record = distinct[0]
            matched[index] = Matched(index, record.students[0] if len(record.students) == 1
                                     else list_name(name), record.id)
            sheets[record.id] = record
    rest = [(index, name) for index, name in enumerate(names) if index not in matched and index not in skipped]
    rosters = [(run, _roster(run)) for run in found if any(r.students for r in run.records)]
    tries = [[_in_run(index, list_name(name), run, roster) for index, name in rest] for run, roster in rosters]
    # A run knows a name it matches, and one it could match but for a second student of that name.
    counts = [sum(not _unknown(one) for one in tried) for tried in tries]
    best = counts.index(max(counts)) if counts and max(counts) else None
    for place, (index, name) in enumerate(rest):
        outcome = tries[best][place] if best is not None else NO_ONE
        if isinstance(outcome, Matched):
            matched[index] = outcome
            sheets[outcome.sheet] = next(r for r in rosters[best][0].records if r.id == outcome.sheet)
        else:
            skipped[index] = outcome
    return Matching(tuple(matched[i] for i in sorted(matched)), tuple(sorted(skipped.items())),
                    rosters[best][0] if best is not None else None, sheets)


def match_within(names: list[str], record: PrintedSheet, run: Run | None) -> Matching:
    """Return each list matched against a sheet named on purpose: in a roster run where students
    have different sheets, each list to its own student's sheet (a list naming nobody is graded
    against the named sheet when it is the only list, else left out); otherwise every list to
    that one sheet."""
    roster = _roster(run) if run is not None and record.kind == "boardless" else {}
    one_each = len(set(roster.values())) > 1
    matched, skipped = [], []
    for index, name in enumerate(names):
        found = _in_run(index, list_name(name), run, roster) if roster else "names no student"
        own = found if isinstance(found, Matched) else None
        if not one_each or own is None and len(names) == 1:
            matched.append(Matched(index, own.student if own else list_name(name), record.id))
        elif own is None:
            skipped.append((index, found))
        elif len(names) == 1 and own.sheet != record.id:
            raise ClassroomError(f"{excerpt(name)} is {own.student}'s list, whose sheet is "
                                 f"{own.sheet}, not {record.id}; give that id, or rename the file")
        else:
            matched.append(own)
    sheets = {r.id: r for r in (run.records if run is not None else ()) if r.id in {m.sheet for m in matched}}
    return Matching(tuple(matched), tuple(skipped), run, sheets | {record.id: record})


def given_sheet(worksheet: str, folder: Path, found: list[Run]) -> PrintedSheet:
    """Return the sheet a teacher named: by its id (any case, any dash), or by a student's name
    (the newest roster run that has the student); raise one sentence when there is none."""
    if not any(same_id(r.id, worksheet) for run in found for r in run.records):
        for run in found:
            roster = _roster(run)
            students = students_named(worksheet, tuple(roster))
            if len(students) > 1:
                raise ClassroomError(f"{excerpt(worksheet)} could be {_either(students)} "
                                     f"({_label(run)}); give more of the name, or the worksheet id")
            if students:
                ids = roster[students[0]]
                if len(ids) > 1:
                    raise ClassroomError(f"{students[0]} has {len(ids)} sheets in {_label(run)} "
                                         f"({', '.join(ids[:3])}); give the id of one")
                return next(r for r in run.records if r.id == ids[0])
    return find_sheet(worksheet, folder)


def match_lists(names: list[str], folder: Path, worksheet: str | None) -> Matching:
    """Return the lists (by name) matched to the sheets of the runs under folder: against the
    sheet named with `worksheet`, or each by its own name."""
    found = runs(folder)
    if worksheet is None:
        return match_by_name(names, found)
    record = given_sheet(worksheet, folder, found)
    run = next((r for r in found if r.folder == record.manifest.parent), None)
    return match_within(names, record, run)


# --- what each list is graded against --------------------------------------------------------

@dataclass(frozen=True)
class Targets:
    """What each list handed in is graded against, and which lists were left out and why."""

    lists: tuple[Matched, ...]
    sheets: dict[str, tuple[Hand, TileSet]]  # sheet -> the hand and tile set it was made with
    records: dict[str, PrintedSheet]  # item id -> its manifest record (empty when graded with --hand)
    single: bool  # one list, given as one file
    skipped: tuple[tuple[str, str], ...] = ()  # (list's name, why), like ('notes.txt', 'names no student of boardless-3')
    run: Run | None = None  # the run whose sheets were used

    @property
    def contest(self) -> bool:
        """Return whether the lists are plays on a Board Situation."""
        return any(r.kind == "situations" for r in self.records.values())

    @property
    def stored_totals(self) -> dict[str, Totals]:
        """Return what each sheet's hand allows as its run recorded it (sheet -> Totals), for
        the sheets whose manifest holds it: grading need not solve those hands again."""
        return {id: Totals(r.count, r.best_score) for id, r in self.records.items()
                if r.kind == "boardless" and r.count is not None}

    @property
    def by_sheet(self) -> bool:
        """Return whether the hands come from printed worksheets (not --hand)."""
        return bool(self.records)


def student_files(paths: list[Path]) -> list[Path]:
    """Return the lists named: files as given, and every .txt file of a folder, sorted."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            inside = sorted(p for p in path.glob("*.txt") if p.is_file() and not p.name.startswith("."))
            if not inside:
                raise ClassroomError(f"{path}: the folder holds no .txt lists to grade")
            files += inside
        else:
            files.append(path)
    return files


def hand_targets(names: list[str], held: Hand, tileset: TileSet, single: bool) -> Targets:
    """Return every list graded against one hand that was never printed."""
    sheet = " ".join(held)
    return Targets(tuple(Matched(i, list_name(n), sheet) for i, n in enumerate(names)),
                   {sheet: (held, tileset)}, {}, single)


def grading_targets(names: list[str], hand: str | None, worksheet: str | None, folder: Path | None,
                    level: str | None, tiles: Path | None, single: bool,
                    ask: str = "--hand HAND or --worksheet ID", place: str | None = None) -> Targets:
    """Return what each list (by its file name) is graded against: --hand, the --worksheet sheet
    (an id or a student's name), or else the sheet each list is named after; raise one sentence
    when no list can be matched (asking for `ask`; `place` says where the sheets were looked
    for), or the lists mix contests and boardless sheets."""
    if hand is not None and worksheet is not None:
        raise ClassroomError("give the hand with --hand or the sheet with --worksheet, not both")
    if hand is not None:
        tileset = load_tileset(level, tiles)
        return hand_targets(names, tileset.read_hand(hand), tileset, single)
    folder = folder if folder is not None else default_folder()
    place = place or f"under {folder}/"
    matching = match_lists(names, folder, worksheet)
    if not matching.matched:
        why = dict(matching.skipped)[0] + (f" {place}" if dict(matching.skipped)[0] == NO_ONE else "")
        if len(names) == 1:
            raise ClassroomError(f"say which hand {excerpt(names[0])} is for: {ask} ({excerpt(names[0])} {why})")
        raise ClassroomError(f"none of the {len(names)} lists names a student or a worksheet ({excerpt(names[0])} "
                             f"{why}); name each file after its student, or give {ask}")
    records = {m.sheet: matching.records[m.sheet] for m in matching.matched}
    if len({r.kind for r in records.values()}) > 1:
        raise ClassroomError("these lists are for both boardless sheets and board situations; "
                             "grade them separately")
    if len(records) > 1 and any(r.kind == "situations" for r in records.values()):
        raise ClassroomError(f"these plays are for {len(records)} different situations "
                             f"({', '.join(records)}); judge one situation at a time")
    chosen = load_tileset(level, tiles) if level is not None or tiles is not None else None
    sheets = {id: sheet_hand(record, chosen) for id, record in records.items()}
    return Targets(in_roster_order(matching.matched, matching.run), sheets, records, single,
                   tuple((names[i], why) for i, why in matching.skipped), matching.run)


def in_roster_order(matched: tuple[Matched, ...], run: Run | None) -> tuple[Matched, ...]:
    """Return the matched lists in the order of the run's sheets (the roster's order, as the
    teacher's mark book has it), lists of one sheet in the order handed in; without a run, as
    handed in."""
    if run is None:
        return matched
    place = {record.id: number for number, record in enumerate(run.records)}
    return tuple(sorted(matched, key=lambda m: (place.get(m.sheet, len(place)), m.index)))
