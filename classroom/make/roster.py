"""A class roster: the students' names, one named sheet each (`--roster names.txt|names.csv`).

A .txt roster holds one name a line ('#' starts a comment). A .csv roster is a table as a
school's system exports it, its cells separated by commas, semicolons or tabs: under a header
row, the first-name and last-name columns joined ('First,Last', 'Prénom;Nom'), or the column of
whole names ('Name', 'Full name', 'Student'); without a header, the first column. Other columns
(class, id) are passed over.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from pathlib import Path

from classroom.errors import ClassroomError, read_text

MAX_NAME = 60  # a name longer than this does not fit on the sheet's Name line

# Headings of the columns a school's export holds names in, as compared: no accents, only letters
# and digits, any letter case ('First name' -> 'firstname', 'Prénom' -> 'prenom').
WHOLE = ("name", "names", "fullname", "student", "studentname", "pupil", "pupilname", "eleve", "nomcomplet")
FIRST = ("first", "firstname", "firstnames", "givenname", "given", "forename", "prenom", "vorname", "nombre")
LAST = ("last", "lastname", "surname", "familyname", "family", "nom", "nachname", "apellido", "apellidos")
SEPARATORS = (",", ";", "\t")


# Letters that carry no accent to strip but are typed plainly in a file name.
_PLAIN = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
                        "ı": "i", "'": None, "’": None})
_NAME_GAPS = re.compile(r"[\s_.\-−–—‐‑]+")


def name_key(name: str) -> str:
    """Return a name as names are compared: 'Émile_ROY' -> 'emile roy' (no accents, any letter
    case, '_', '-', '.' and runs of spaces as one space)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(_NAME_GAPS.sub(" ", bare.casefold().translate(_PLAIN)).split())


def parse_roster(text: str, source: str, csv_format: bool = False) -> tuple[str, ...]:
    """Return the names of a roster, in order; raise naming the line of an empty, repeated (in
    any letter case, accents or not: 'Émile Roy', 'emile-roy') or too long name, or a roster
    without names."""
    if csv_format:
        lines = _table_names(text)
    else:
        lines = [(number, line) for number, line in enumerate(text.splitlines(), start=1)
                 if not line.lstrip().startswith("#")]
    names: list[str] = []
    seen: dict[str, int] = {}
    for number, raw in lines:
        name = " ".join(raw.split())
        if not name:
            continue
        if len(name) > MAX_NAME:
            raise ClassroomError(f"{source}: line {number}: a name is at most {MAX_NAME} characters")
        # Students' lists are matched by name_key: two names it cannot tell apart are one name.
        if name_key(name) in seen:
            raise ClassroomError(f"{source}: line {number}: {name} is already on line "
                                 f"{seen[name_key(name)]}; give each student a different name")
        seen[name_key(name)] = number
        names.append(name)
    if not names:
        raise ClassroomError(f"{source}: the roster holds no names")
    return tuple(names)


def read_roster(path: str | Path) -> tuple[str, ...]:
    """Return the names of a roster file (.csv read as a table, anything else a name a line)."""
    return parse_roster(read_text(path, "the roster"), str(path), Path(path).suffix.lower() == ".csv")


def _heading(cell: str) -> str:
    """Return a column heading as headings are compared: 'First name' -> 'firstname'."""
    return "".join(c for c in name_key(cell) if c.isalnum())


def _separator(lines: list[str]) -> str:
    """Return the separator of a table's cells: the first of ',', ';' and tab that every one of
    the first rows holds the same number of times, else the one they hold most (',' for a table
    of one column, which holds none)."""
    rows = [line for line in lines[:20] if line.strip()]
    for separator in SEPARATORS:
        if len({row.count(separator) for row in rows}) == 1 and rows[0].count(separator):
            return separator
    return max(SEPARATORS, key=lambda separator: sum(row.count(separator) for row in rows))


def _table_names(text: str) -> list[tuple[int, str]]:
    """Return (line number, name) for each row of a roster table: its first-name and last-name
    columns joined, else its column of whole names, else (no header row) its first column."""
    rows = list(csv.reader(io.StringIO(text), delimiter=_separator(text.splitlines())))
    header = [_heading(cell) for cell in rows[0]] if rows else []

    def column(headings: tuple[str, ...]) -> int | None:
        return next((header.index(h) for h in headings if h in header), None)

    def cell(row: list[str], at: int | None) -> str:
        return row[at] if at is not None and at < len(row) else ""

    first, last, whole = column(FIRST), column(LAST), column(WHOLE)
    if first is not None:
        return [(number, f"{cell(row, first)} {cell(row, last)}") for number, row in enumerate(rows[1:], start=2)]
    if whole is not None or last is not None:
        at = whole if whole is not None else last
        return [(number, cell(row, at)) for number, row in enumerate(rows[1:], start=2)]
    return [(number, cell(row, 0)) for number, row in enumerate(rows, start=1)]
