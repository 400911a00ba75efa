"""All wording comes from templates/: the shipped files render, a teacher's folder overrides
them, and a run that cannot write leaves nothing behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from classroom.errors import ClassroomError
from classroom.make.worksheet import BoardlessItem, KeyAnswer, KeyGroup, TileFace, Worksheet
from classroom.render.wording import Wording, environment, printed, shipped_templates
from classroom.store.runs import write_boardless

TEMPLATES = ("boardless.j2", "boardless_key.j2", "situations.j2", "situations_key.j2", "footer.j2",
             "score_sheet.j2", "duplicate.j2")


def tiny_item() -> BoardlessItem:
    """Return a hand-made item: the tiles 1 − 1 and their one equation (no solver needed)."""
    return BoardlessItem("B-3-01", (TileFace("1", 1), TileFace("-", 2), TileFace("1", 1)),
                         count=1, combinations=1, best_score=4,
                         answers=(KeyAnswer("1 - 1 = 0", 4, False),),
                         groups=(KeyGroup(("1", "1", "-"), 4, (KeyAnswer("1 - 1 = 0", 4, False),)),))


def tiny_worksheet(title: str | None = None) -> Worksheet:
    """Return a one-item boardless worksheet, seed 3."""
    return Worksheet("boardless", 3, "original", (tiny_item(),), title=title)


def key_text(paths: list[Path]) -> str:
    """Return the key PDF's text."""
    return "\n".join(page.extract_text() for page in PdfReader(paths[1]).pages)


def test_shipped_templates_are_found():
    """The shipped folder holds every template the renderers use."""
    for name in TEMPLATES:
        assert (shipped_templates() / name).is_file()


def test_wording_is_plain_text_even_with_autoescape():
    """Autoescape is on, yet the PDF gets plain text: a title with & and < prints as typed."""
    words = Wording(environment(), "boardless.j2", worksheet=tiny_worksheet("Fractions & <more>"),
                    item=tiny_item(), page=1)
    assert words["title"] == "Fractions & <more>"
    assert words["id_line"] == "Worksheet B-3-01 · seed 3"


def test_printed_uses_a_typographic_minus():
    """Canonical text prints with a real minus sign."""
    assert printed("9 - 6 ÷ 3 = 7") == "9 − 6 ÷ 3 = 7"


def test_key_summary_sentence_agrees_in_number():
    """One equation is 'equation', not 'equations'."""
    words = Wording(environment(), "boardless_key.j2", worksheet=tiny_worksheet(), item=tiny_item(), page=1,
                    best_shown=1, nine_shown=0)
    assert words["summary"] == "This hand makes 1 different equation from 1 different combination of tiles."
    assert words["best_heading"] == "Best score 4, reached by 1 equation:"


def test_a_teachers_folder_overrides_one_file(tmp_path):
    """--templates DIR: a file there replaces the shipped one; the others stay as shipped."""
    mine = tmp_path / "mine"
    mine.mkdir()
    shipped = (shipped_templates() / "boardless_key.j2").read_text("utf-8")
    (mine / "boardless_key.j2").write_text(
        shipped.replace("{% set summary_heading %}Summary{% endset %}",
                        "{% set summary_heading %}What this hand can do{% endset %}"), "utf-8")
    default = key_text(write_boardless(tiny_worksheet(), tmp_path / "default"))
    reworded = key_text(write_boardless(tiny_worksheet(), tmp_path / "out", templates_dir=mine))
    assert "Summary" in default and "What this hand can do" not in default
    assert "What this hand can do" in reworded and "Summary" not in reworded
    assert "Equate Classroom · worksheet B-3-01 · seed 3" in reworded  # footer.j2 still shipped


def test_a_missing_templates_folder_is_one_clear_error(tmp_path):
    """A --templates folder that does not exist is a ClassroomError naming it."""
    with pytest.raises(ClassroomError, match="nowhere"):
        write_boardless(tiny_worksheet(), tmp_path / "out", templates_dir=tmp_path / "nowhere")


def test_a_broken_template_is_one_clear_error(tmp_path):
    """A template with a syntax error is a ClassroomError naming the file, and nothing is written."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "boardless.j2").write_text("{% set title %}Oops{% endse %}", "utf-8")
    with pytest.raises(ClassroomError, match="boardless.j2"):
        write_boardless(tiny_worksheet(), tmp_path / "out", templates_dir=mine)
    assert not (tmp_path / "out").exists()


def test_an_unwritable_folder_is_one_clear_error_and_leaves_no_file(tmp_path):
    """Writing under a file (not a folder) fails with a sentence naming the folder; nothing is left."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder", "utf-8")
    with pytest.raises(ClassroomError, match="cannot write to the folder .*blocker"):
        write_boardless(tiny_worksheet(), blocker / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker"]


def test_a_read_only_folder_is_one_clear_error_and_leaves_no_file(tmp_path, monkeypatch):
    """A folder that refuses new files (as a read-only one does, even to root here) fails with a
    sentence naming it, and holds no stray file."""
    folder = tmp_path / "read-only"
    folder.mkdir()

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    monkeypatch.setattr(tempfile, "mkdtemp", refuse)
    with pytest.raises(ClassroomError, match="cannot write to the folder .*read-only .Permission denied."):
        write_boardless(tiny_worksheet(), folder)
    assert list(folder.iterdir()) == []


def test_a_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    """When renaming fails half way, the temporary file is removed and the error names the folder."""
    def refuse(source, target):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(ClassroomError, match="cannot write to the folder"):
        write_boardless(tiny_worksheet(), tmp_path)
    assert list(tmp_path.iterdir()) == []
