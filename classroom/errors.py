"""The project's one error class: bad input, said in one sentence a teacher understands."""

from pathlib import Path


class ClassroomError(Exception):
    """Bad input or an impossible request; the message names what and where."""


def read_text(path: str | Path, what: str) -> str:
    """Return a UTF-8 text file's contents, or raise one sentence naming the file and the reason."""
    try:
        return Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "not UTF-8 text"
        raise ClassroomError(f"{path}: cannot read {what} ({reason})") from None
