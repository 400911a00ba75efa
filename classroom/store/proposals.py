"""A play a team sent from its own device, waiting for the teacher: `games/NAME.proposal`, a
small file beside the game's record.

Why a file beside the record and not a line in it: a proposal is not a turn, and the record is
the game's turns only (what `classroom game` reads, scores and prints); a comment line would
have to be skipped by every reader and removed by every writer, the command line's too. Instead a
proposal is bound to the record's version (its text's hash, its file's modification time in
nanoseconds and its inode: every write replaces the file by a new one): any write of the record (a turn from the page or `classroom game play`, an undo, a
setting changed) makes it stale, and a stale proposal is never shown nor played. So a proposal is
played at most once (playing it writes the record) and is dropped when any turn is played, by
whoever plays it. It is written and confirmed under the record's lock all the same, so that two
Confirms of one proposal see one another.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from classroom.errors import ClassroomError
from classroom.store.games import game_path
from classroom.store.runs import write_atomically

WAITING = "waiting"  # sent, the teacher has not answered
REFUSED = "refused"  # the teacher sent it back: the team may send another
MAX_PROPOSAL = 2_000  # bytes of a proposal file read (a line of at most 200 characters and a version)


@dataclass(frozen=True)
class Proposal:
    """A team's play sent from its device: the record line it would add ('Blue: J10 across …'),
    the record version it was made for, and whether it waits or was sent back."""

    player: str
    line: str
    at: str
    state: str = WAITING


def record_version(library: Path, name: str) -> str:
    """Return the version of a game's record as it is now: its inode, its modification time in
    nanoseconds and its text's hash (a new one after every write, even one that writes the same
    text, as a record is written atomically through a new file)."""
    path = game_path(library, name)
    try:
        with path.open("rb") as file:
            status = os.fstat(file.fileno())
            digest = hashlib.sha256(file.read()).hexdigest()[:20]
    except OSError:
        raise ClassroomError(f"no game {name!r} in this library") from None
    return f"{status.st_ino}-{status.st_mtime_ns}-{digest}"


def _path(library: Path, name: str) -> Path:
    return game_path(library, name).with_suffix(".proposal")


def current_proposal(library: Path, name: str) -> Proposal | None:
    """Return the proposal made for the record as it is now, or None (none sent, or stale)."""
    path = _path(library, name)
    try:
        with path.open("rb") as file:
            data = json.loads(file.read(MAX_PROPOSAL).decode("utf-8"))
        proposal = Proposal(str(data["player"]), str(data["line"]), str(data["at"]), str(data["state"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # none, or not one this tool wrote: nothing waits
    if proposal.state not in (WAITING, REFUSED) or proposal.at != record_version(library, name):
        return None
    return proposal


def save_proposal(library: Path, name: str, proposal: Proposal) -> None:
    """Write a game's proposal (replacing any earlier one), atomically."""
    data = {"player": proposal.player, "line": proposal.line, "at": proposal.at, "state": proposal.state}
    write_atomically(_path(library, name), json.dumps(data, ensure_ascii=False).encode("utf-8"))


def drop_proposal(library: Path, name: str) -> None:
    """Remove a game's proposal file, if there is one (a stale one is ignored anyway)."""
    try:
        os.remove(_path(library, name))
    except FileNotFoundError:
        pass
