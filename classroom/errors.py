"""The project's one error class: bad input, said in one sentence a teacher understands; a
stop asked for by Ctrl-C or SIGTERM; and the bounded reading of the text files a person hands
us (lists, boards, tile sets, templates)."""

import os
import signal
import stat
from pathlib import Path

# A board file is about 1 KB and a class list a few; a megabyte is far beyond any real one, and
# reading it cannot exhaust memory.
MAX_FILE_BYTES = 1_000_000
EXCERPT = 40  # characters of a person's input quoted back in a message


class ClassroomError(Exception):
    """Bad input or an impossible request; the message names what and where."""


def excerpt(text: object, limit: int = EXCERPT) -> str:
    """Return text cut to a short quotable excerpt: 'abc…' ending in an ellipsis when cut, with
    characters that cannot be printed (undecodable bytes, controls) written as escapes."""
    text = str(text)
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    return short.encode("utf-8", "backslashreplace").decode("utf-8").translate(_CONTROLS)


def path_excerpt(path: object, limit: int = 200) -> str:
    """Return a file or folder's path for a message: whole when short, else its start, '…' and
    its end (the file's own name and the folders nearest it, from a folder's boundary when one
    is near): cut at the end, a long path lost the very name that says which file. Escaped as
    `excerpt` does."""
    text = str(path)
    if len(text) > limit:
        head = text[:limit * 2 // 5]
        tail = text[-(limit - len(head) - 1):]
        cut = min((i for i in (tail.find("/"), tail.find(os.sep)) if i >= 0), default=-1)
        text = head + "…" + (tail[cut:] if 0 <= cut < len(tail) // 2 else tail)
    return excerpt(text, limit)


def one_line(message: object) -> str:
    """Return a message as one line of at most a few hundred characters."""
    return excerpt(" ".join(str(message).split()), 300)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM: the command stops, writes nothing and says so."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__()
        self.signum = signum


_CONTROLS = {c: f"\\x{c:02x}" for c in range(32)} | {127: "\\x7f"}


def read_bytes(path: str | Path, what: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """Return the bytes of a regular file of at most `limit` bytes, or raise one sentence naming
    the file: special files (a FIFO, /dev/zero, a folder) are refused before they are opened."""
    name = path_excerpt(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise ClassroomError(f"{name}: cannot read {what} (it is a folder, not a file)")
        if not stat.S_ISREG(info.st_mode):
            raise ClassroomError(f"{name}: cannot read {what} (it is not a regular file)")
        if info.st_size > limit:
            raise ClassroomError(f"{name}: {what} is too large ({info.st_size:,} bytes; "
                                 f"at most {limit:,})")
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise ClassroomError(f"{name}: cannot read {what} ({error.strerror or error})") from None
    except ValueError:  # a path with a NUL byte
        raise ClassroomError(f"{name}: cannot read {what} (not a file name)") from None
    if len(data) > limit:
        raise ClassroomError(f"{name}: {what} is too large (more than {limit:,} bytes)")
    return data


def decode_text(data: bytes, where: str, what: str) -> str:
    """Return bytes decoded as UTF-8 text, a leading byte-order mark dropped (Windows Notepad
    writes one), or raise one sentence saying the file is in another encoding."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ClassroomError(f"{where}: {what} is not UTF-8 text (line {line}); save it as "
                             f"UTF-8 and try again") from None


def read_text(path: str | Path, what: str, limit: int = MAX_FILE_BYTES) -> str:
    """Return a UTF-8 text file's contents (bounded, see read_bytes), or raise one sentence
    naming the file and the reason."""
    return decode_text(read_bytes(path, what, limit), path_excerpt(path), what)
