"""Reading the page's forms: every field bounded in size and checked with the same functions
and the same one-sentence messages as the command line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request

from classroom.choices import one_of
from classroom.errors import MAX_FILE_BYTES, ClassroomError, decode_text, excerpt
from classroom.game.symbols import BLANK, Hand
from classroom.make.hands import MAX_BLANKS

MAX_BODY = 2_000_000  # bytes of one form, uploads included
MAX_FIELD = 100_000  # characters of one pasted text (a board file is about 1 KB)
MAX_LINE = 200  # characters of one line typed on the check page
MAX_FILES = 40  # lists uploaded at once: a class


async def read_form(request: Request) -> FormData:
    """Return the request's form, read only up to MAX_BODY bytes (kept on request.state.form for
    the caller to close); raise one sentence when it is larger or holds too many fields or files."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise ClassroomError(f"the form is too large (at most {MAX_BODY:,} bytes)")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ClassroomError(f"the form is too large (at most {MAX_BODY:,} bytes)")
    request._body = bytes(body)  # the form parser below reads the body already taken
    try:
        request.state.form = await request.form(max_files=MAX_FILES, max_fields=60, max_part_size=MAX_FILE_BYTES)
        return request.state.form
    except Exception as error:  # starlette's MultiPartException and friends: a malformed form
        raise ClassroomError(f"the form cannot be read ({excerpt(getattr(error, 'message', error), 80)})") from None


def text(form: FormData, name: str, what: str, limit: int = MAX_FIELD) -> str:
    """Return a text field (empty when absent), or raise when it is too long."""
    value = form.get(name, "")
    if isinstance(value, UploadFile):
        raise ClassroomError(f"{what} is typed text, not a file")
    if len(value) > limit:
        raise ClassroomError(f"{what} is too long (at most {limit:,} characters)")
    return value


def optional_text(form: FormData, name: str, what: str, limit: int = MAX_FIELD) -> str | None:
    """Return a text field with surrounding spaces removed, or None when it is empty."""
    return text(form, name, what, limit).strip() or None


def whole(form: FormData, name: str, what: str, low: int, high: int, default: int | None) -> int | None:
    """Return a whole-number field from low to high (the default when empty), or raise."""
    value = text(form, name, what, 40).strip()
    if not value:
        return default
    if not value.isdigit() or not low <= int(value) <= high:
        raise ClassroomError(f"{what} is a whole number from {low:,} to {high:,}, not {excerpt(value)}")
    return int(value)


def choice(form: FormData, name: str, what: str, choices: tuple[str, ...], default: str) -> str:
    """Return a field that must be one of choices, in any letter case, as the choices spell it
    (the default when empty), or raise."""
    return one_of(text(form, name, what, 40).strip() or default, choices, what)


def ticked(form: FormData, name: str) -> bool:
    """Return whether a checkbox was ticked."""
    return bool(form.get(name))


@dataclass(frozen=True)
class Upload:
    """One uploaded text file: the name it had (without any folder) and its text."""

    stem: str  # like 'ana' for ana.txt
    text: str
    name: str = ""  # like 'ana.txt', without any folder


async def uploads(form: FormData, name: str, what: str) -> list[Upload]:
    """Return the text files uploaded in a field (none when no file was chosen), each at most
    MAX_FILE_BYTES of UTF-8; the file name is used only as a student's name, never as a path."""
    found = []
    for value in form.getlist(name):
        if not isinstance(value, UploadFile) or not value.filename:
            continue
        data = await value.read(MAX_FILE_BYTES + 1)
        shown = excerpt(PurePath(value.filename.replace("\\", "/")).name, 60)
        if len(data) > MAX_FILE_BYTES:
            raise ClassroomError(f"{shown}: {what} is too large (more than {MAX_FILE_BYTES:,} bytes)")
        found.append(Upload(PurePath(shown).stem or "list", decode_text(data, shown, what), shown))
    return found


def within_blank_limit(hand: Hand) -> Hand:
    """Return a typed hand if it holds at most MAX_BLANKS blanks, as the generated sheets do;
    more would keep the page solving for minutes (the command line still takes them)."""
    if hand.count(BLANK) > MAX_BLANKS:
        raise ClassroomError(f"the page takes hands with at most {MAX_BLANKS} blank; for more, "
                             f"use the command line")
    return hand
