"""A class roster: the students' names, one named sheet each (`--roster names.txt|names.csv`).

A .txt roster holds one name a line ('#' starts a comment); a .csv roster takes the column
headed 'name' (any letter case), or else the first column.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from classroom.errors import ClassroomError, read_text

MAX_NAME = 60  # a name longer than this does not fit on the sheet's Name line


def parse_roster(text: str, source: str, csv_format: bool = False) -> tuple[str, ...]:
    """Return the names of a roster, in order; raise naming the line of an empty, repeated or
    too long name, or a roster without names."""
    if csv_format:
        rows = [row for row in csv.reader(io.StringIO(text))]
        header = [cell.strip().casefold() for cell in rows[0]] if rows else []
        column = header.index("name") if "name" in header else 0
        start = 2 if "name" in header else 1
        lines = [(number, row[column] if column < len(row) else "")
                 for number, row in enumerate(rows[start - 1:], start=start)]
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
        if name.casefold() in seen:
            raise ClassroomError(f"{source}: line {number}: {name} is already on line "
                                 f"{seen[name.casefold()]}; give each student a different name")
        seen[name.casefold()] = number
        names.append(name)
    if not names:
        raise ClassroomError(f"{source}: the roster holds no names")
    return tuple(names)


def read_roster(path: str | Path) -> tuple[str, ...]:
    """Return the names of a roster file (.csv read as a table, anything else a name a line)."""
    return parse_roster(read_text(path, "the roster"), str(path), Path(path).suffix.lower() == ".csv")
