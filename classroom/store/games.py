"""Game records and board files kept in the library: `games/NAME.txt` for a game played on the
page (the same record `classroom game` reads and writes), `boards/NAME.txt` for a position made
in the board editor. Names are short and plain so no request can reach outside the library; a
record is written atomically, and a game removed is moved aside into `games/removed/`, never
deleted.

A team's own link carries a key: an HMAC of the game and the team under a secret kept in the
library (`games/.secret`), so a link shows one team's rack and no other's. Under the same secret:
a game's join code (five letters a student types, derived from its name, never stored), and a
student's seat in a duplicate game: a roster name claimed by one device, kept in
`games/.seats/NAME.txt` as a random nonce a name, the device holding the HMAC of game, name and
nonce in a cookie; the teacher frees a seat by removing its line (a new claim gets a new nonce,
so the old device's cookie no longer opens the seat).

Every change to a record (a turn, an undo, the end; from the page or `classroom game`) reads,
checks and writes it while holding the lock of the record's folder (`changing`), so two changes
never both read the same record and one of them is lost, whichever process makes them.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

from classroom import data
from classroom.errors import ClassroomError, excerpt, path_excerpt, read_text
from classroom.record.grammar import Header, Record, Turn, read_record, record_text
from classroom.store.runs import cannot_write, prepare_folder, write_atomically

GAMES = "games"
BOARDS = "boards"
REMOVED = "removed"
MAX_GAMES = 500  # records listed on the page
LOCK_WAIT = 20.0  # seconds a change waits for another to finish before saying so
STALE = ("the game has moved on since this page was shown (a turn was played, or the form was sent twice); "
         "nothing was changed — look at the board and try again")
_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


@dataclass(frozen=True)
class GameFile:
    """A game record in the library, as the list of games shows it."""

    name: str
    header: Header
    turns: int
    modified: float


def game_words() -> tuple[str, ...]:
    """Return the friendly words a game's default name is made of (classroom/data/words.txt)."""
    text = (data.FOLDER / "words.txt").read_text("utf-8")
    return tuple(w for w in (line.strip() for line in text.splitlines()) if w and not w.startswith("#"))


def default_name(mode: str) -> str:
    """Return a new game's name by its mode and two words drawn at random, like
    'duplicate-maple-otter': nothing in it tells the seed the racks are dealt with."""
    import random

    words = game_words()
    draw = random.SystemRandom()
    return f"{mode}-{draw.choice(words)}-{draw.choice(words)}"


def plain_name(text: str, what: str = "the game's name") -> str:
    """Return a name made plain for a file (letters, digits and hyphens, lower case), or raise."""
    name = re.sub(r"[^a-z0-9]+", "-", text.strip().lower()).strip("-")[:40].strip("-")
    if not _NAME.fullmatch(name):
        raise ClassroomError(f"{what} {excerpt(text)!r} has no letter or digit to name a file by")
    return name


def _path(library: Path, folder: str, name: str, what: str) -> Path:
    if not _NAME.fullmatch(name):
        raise ClassroomError(f"no {what} {excerpt(name)!r} in this library")
    return Path(library) / folder / f"{name}.txt"


def game_path(library: Path, name: str) -> Path:
    """Return where the game of that name is kept (raise on a name no game can have)."""
    return _path(library, GAMES, name, "game")


def free_name(library: Path, wanted: str) -> str:
    """Return `wanted` made plain, or with -2, -3, ... when a game already has that name."""
    base = plain_name(wanted)
    name, number = base, 1
    while game_path(library, name).exists() or (Path(library) / GAMES / REMOVED / f"{name}.txt").exists():
        number += 1
        name = f"{base[:36]}-{number}"
    return name


def load_game(library: Path, name: str) -> Record:
    """Return the record of a game in the library, read and checked line by line."""
    path = game_path(library, name)
    if not path.is_file():
        raise ClassroomError(f"no game {name!r} in this library")
    return read_record(read_text(path, "the game record"), f"game {name}")


def save_game(library: Path, name: str, record: Record) -> None:
    """Write a game's record atomically (the whole new record, or the old file untouched)."""
    folder = prepare_folder(Path(library) / GAMES)
    write_atomically(folder / f"{name}.txt", record_text(record).encode("utf-8"))


class Stale(ClassroomError):
    """A change made for a record as it was: the record has moved on, and nothing was written."""

    def __init__(self) -> None:
        super().__init__(STALE)


# Where fcntl is missing (Windows), or a folder cannot be locked (flock on some network file
# systems answers ENOLCK or EBADF), only the threads of one process are kept apart: a second
# server on the same library, or `classroom game play` while the page is served, is NOT guarded
# there.
_one_process = threading.Lock()


@contextmanager
def changing(record: Path, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold the lock on a record (of the library or any file `classroom game` is given) while the
    body reads, checks and writes it; raise one sentence when another change holds it longer
    than `wait` seconds.

    The lock is flock on the record's folder, not on the record: a record is written by
    os.replace of a new file (write_atomically), so a lock on the old file's inode would guard a
    file no longer there, and the next reader would open the new one unguarded. The folder stays
    the same inode, and locking it leaves no lock file behind in anyone's folder. It is one lock
    for the whole folder (two games are changed one after the other), which costs little: a
    change holds it only while it replays and writes one record. Each call opens the folder afresh, so threads of one process
    exclude each other as two processes do."""
    with _holding(Path(record).parent, Path(record), wait):
        yield


@contextmanager
def _holding(folder: Path, record: Path, wait: float) -> Iterator[None]:
    if fcntl is None:
        with _in_this_process(record, wait):
            yield
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError as error:
        raise ClassroomError(f"cannot open the folder {path_excerpt(folder)} of the game record "
                             f"({error.strerror or error}); nothing was changed") from None
    try:
        if _locked(handle, record, wait):
            yield
        else:
            with _in_this_process(record, wait):
                yield
    finally:
        os.close(handle)  # closing the only descriptor of this opening lets the lock go


def _locked(handle: int, record: Path, wait: float) -> bool:
    """Return True once the folder is locked, False when it cannot be (see _one_process)."""
    # Tried without blocking, a few times a second, so a waiting change ends with a sentence
    # instead of a page (or a command) that never answers when another holds the lock.
    deadline, pause = time.monotonic() + wait, 0.002
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise _busy(record) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        except OSError:
            return False


@contextmanager
def _in_this_process(record: Path, wait: float) -> Iterator[None]:
    if not _one_process.acquire(timeout=wait):
        raise _busy(record)
    try:
        yield
    finally:
        _one_process.release()


def _busy(record: Path) -> ClassroomError:
    return ClassroomError(f"{path_excerpt(record)} is being changed by another window or command; "
                          "nothing was changed — try again in a moment")


def record_state(record: Record) -> str:
    """Return what a form names the state of a record by, like '12-3f9a0c1b2d4e': its number of
    lines and a digest of its text (an undo and another turn give the same number, never the
    same text)."""
    digest = hashlib.sha256(record_text(record).encode("utf-8")).hexdigest()[:12]
    return f"{len(record.lines)}-{digest}"


def change_game(library: Path, name: str, how: Callable[[Record], Record], at: str | None = None) -> Record:
    """Return a game's record as `how` changed it, read, changed and written under its lock;
    with `at`, the record_state the change was asked for, raise Stale and write nothing when the
    record is in another state now (a turn came first, or the form came twice)."""
    path = game_path(library, name)
    if not path.is_file():  # said before the lock: a folder that is not there cannot be locked
        raise ClassroomError(f"no game {name!r} in this library")
    with changing(path):
        record = load_game(library, name)
        if at is not None and not hmac.compare_digest(at, record_state(record)):
            raise Stale()
        changed = how(record)
        save_game(library, name, changed)
    return changed


def add_game(library: Path, wanted: str, record: Record) -> str:
    """Write a new game's record under a name no other game has (see free_name) and return it."""
    folder = prepare_folder(Path(library) / GAMES)
    with _holding(folder, folder, LOCK_WAIT):
        name = free_name(library, wanted)
        save_game(library, name, record)
    return name


def games(library: Path) -> list[GameFile]:
    """Return the games in the library, the most recently played first (a damaged record is left out)."""
    folder = Path(library) / GAMES
    found = []
    for path in sorted(folder.glob("*.txt")) if folder.is_dir() else ():
        if not _NAME.fullmatch(path.stem):
            continue
        try:
            record = read_record(read_text(path, "the game record"), path.stem)
        except ClassroomError:
            continue
        turns = sum(1 for line in record.lines if isinstance(line, Turn))
        found.append(GameFile(path.stem, record.header, turns, path.stat().st_mtime))
    found.sort(key=lambda g: (-g.modified, g.name))
    return found[:MAX_GAMES]


def set_aside(library: Path, name: str) -> None:
    """Move a game's record into games/removed/ (never deleted: it can be moved back by hand)."""
    path = game_path(library, name)
    with changing(path):
        _set_aside(path, name)


def _set_aside(path: Path, name: str) -> None:
    if not path.is_file():
        raise ClassroomError(f"no game {name!r} in this library")
    aside = prepare_folder(path.parent / REMOVED) / path.name
    number = 1
    while aside.exists():
        number += 1
        aside = aside.with_name(f"{name}-{number}.txt")
    try:
        os.replace(path, aside)
    except OSError as error:
        raise cannot_write(aside, error, folder=False) from None


def save_board(library: Path, wanted: str, text: str) -> str:
    """Write a board file made in the editor under boards/ and return its name (made plain, and
    never replacing an earlier board: -2, -3, ... is added)."""
    folder = prepare_folder(Path(library) / BOARDS)
    base = plain_name(wanted, "the board's name")
    name, number = base, 1
    while (folder / f"{name}.txt").exists():
        number += 1
        name = f"{base[:36]}-{number}"
    write_atomically(folder / f"{name}.txt", text.encode("utf-8"))
    return name


def board_path(library: Path, name: str) -> Path:
    """Return a board file of the library's boards/ folder (raise when there is none of that name)."""
    path = _path(library, BOARDS, name, "board")
    if not path.is_file():
        raise ClassroomError(f"no board {name!r} in this library")
    return path


_secrets: dict[Path, bytes] = {}  # read once: a page checks thirty seats at every look


def _secret(library: Path) -> bytes:
    """Return the library's secret, made on first use (games/.secret, readable by its owner only)."""
    folder = Path(library).resolve() / GAMES
    known = _secrets.get(folder)
    if known is not None and (folder / ".secret").exists():
        return known
    prepare_folder(folder)
    secret_file = folder / ".secret"
    if not secret_file.exists():
        write_atomically(secret_file, secrets.token_hex(32).encode("ascii"))
        os.chmod(secret_file, 0o600)
    _secrets[folder] = read_text(secret_file, "the library's secret").strip().encode("ascii")
    return _secrets[folder]


def _signed(library: Path, message: str) -> str:
    """Return the HMAC of a message under the library's secret, as hex."""
    return hmac.new(_secret(library), message.encode("utf-8"), hashlib.sha256).hexdigest()


def team_key(library: Path, game: str, player: str) -> str:
    """Return the key of a team's own link to a game: it shows that team's rack and no other."""
    return _signed(library, f"{game}\n{player.lower()}")[:20]


def right_key(library: Path, game: str, player: str, key: str) -> bool:
    """Return whether a link's key is the team's own."""
    return hmac.compare_digest(team_key(library, game, player), key[:40])


# --- join codes and seats ---------------------------------------------------------------------

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"  # no I, L or O: nothing to take for 1 or 0
CODE_LENGTH = 5
SEATS = ".seats"


def join_code(library: Path, name: str) -> str:
    """Return the game's join code: five letters derived from its name under the library's
    secret (the same every time, unguessable from the name, never stored)."""
    number = int(_signed(library, f"join\n{name}"), 16)
    letters = []
    for _ in range(CODE_LENGTH):
        number, digit = divmod(number, len(CODE_LETTERS))
        letters.append(CODE_LETTERS[digit])
    return "".join(letters)


def plain_code(typed: str) -> str:
    """Return a typed join code as the page writes it: capitals, no spaces or dashes."""
    return re.sub(r"[\s-]+", "", typed).upper()[:CODE_LENGTH * 2]


def game_of_code(library: Path, code: str) -> str | None:
    """Return the name of the game (not set aside) whose join code was typed, or None."""
    wanted = plain_code(code)
    if len(wanted) != CODE_LENGTH:
        return None
    folder = Path(library) / GAMES
    for path in sorted(folder.glob("*.txt"), key=lambda p: -p.stat().st_mtime) if folder.is_dir() else ():
        if _NAME.fullmatch(path.stem) and hmac.compare_digest(join_code(library, path.stem), wanted):
            return path.stem
    return None


def _seats_held(library: Path):
    """Hold the seats of the library's games for one read-check-write (as `changing` holds a record)."""
    folder = prepare_folder(Path(library) / GAMES / SEATS)
    return _holding(folder, folder, LOCK_WAIT)


def _seats_path(library: Path, game: str) -> Path:
    game_path(library, game)  # raises on a name no game can have
    return Path(library) / GAMES / SEATS / f"{game}.txt"


def _read_seats(library: Path, game: str) -> dict[str, str]:
    path = _seats_path(library, game)
    if not path.is_file():
        return {}
    seats = {}
    for line in read_text(path, "the game's seats").splitlines():
        nonce, _, player = line.partition(" ")
        if nonce and player:
            seats[player] = nonce
    return seats


def _write_seats(library: Path, game: str, seats: dict[str, str]) -> None:
    folder = prepare_folder(Path(library) / GAMES / SEATS)
    write_atomically(folder / f"{game}.txt", "".join(f"{n} {p}\n" for p, n in seats.items()).encode("utf-8"))


def _seat_key(library: Path, game: str, player: str, nonce: str) -> str:
    return _signed(library, f"seat\n{game}\n{player.lower()}\n{nonce}")[:32]


def seats(library: Path, game: str) -> tuple[str, ...]:
    """Return the players of a game whose name a device has claimed, in the order claimed."""
    return tuple(_read_seats(library, game))


def take_seat(library: Path, game: str, player: str) -> str:
    """Claim a player's name in a game for one device and return the key its cookie keeps, or
    raise when another device holds the name."""
    with _seats_held(library):
        taken = _read_seats(library, game)
        if player in taken:
            raise ClassroomError(f"{player} has already joined from another device; choose your own "
                                 f"name, or ask the teacher to free it")
        taken[player] = secrets.token_hex(8)
        _write_seats(library, game, taken)
        return _seat_key(library, game, player, taken[player])


def seat_of(library: Path, game: str, key: str) -> str | None:
    """Return the player whose seat in a game a device's cookie key opens, or None."""
    for player, nonce in _read_seats(library, game).items():
        if hmac.compare_digest(_seat_key(library, game, player, nonce), key[:64]):
            return player
    return None


def free_seat(library: Path, game: str, player: str) -> None:
    """Free a player's name in a game (the device that held it no longer opens it)."""
    with _seats_held(library):
        taken = _read_seats(library, game)
        if taken.pop(player, None) is None:
            raise ClassroomError(f"no device holds {player}'s name in this game")
        _write_seats(library, game, taken)
