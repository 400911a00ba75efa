"""What a print shop and a class see: every PDF the tool writes embeds every font it names
(a preflight flags reportlab's default Helvetica, named in each page's preamble but never
embedded), and the binder's reproducible pages carry no command line and no developer's words."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.tilesets import load_level
from classroom.make.notebook import Notebook, Section, box_counts, box_tiles
from classroom.store.runs import write_notebook
from tests.pdftext import chunks

runner = CliRunner()
needs_pdffonts = pytest.mark.skipif(shutil.which("pdffonts") is None,
                                    reason="pdffonts (Debian poppler-utils) is not installed")


def fonts(pdf: Path) -> list[tuple[str, str]]:
    """Return (name, embedded 'yes' or 'no') for every font pdffonts lists in a PDF."""
    listed = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in listed.splitlines()[2:] if line.strip()]
    return [(row[0], row[-5]) for row in rows]  # name ... emb sub uni object ID


def every_sheet(folder: Path) -> list[Path]:
    """Return the PDFs of a notebook's transparencies and print-and-play set, a boardless set
    with its key, and a game printed with its board, written into folder."""
    level = "original"
    counts = box_counts(load_level(level))
    notebook = Notebook(f"N-1-{level}", 1, level, "letter", (Section("printplay"), Section("overhead")),
                        box_tiles(counts), counts)
    written = write_notebook(notebook, folder / "notebook")
    assert runner.invoke(app, ["boardless", "--seed", "1", "--count", "1", "--out", str(folder / "b")]).exit_code == 0
    record = folder / "game.txt"
    assert runner.invoke(app, ["game", "new", str(record), "--players", "Red, Blue", "--seed", "4"]).exit_code == 0
    assert runner.invoke(app, ["game", "play", str(record), "--best"]).exit_code == 0
    assert runner.invoke(app, ["game", "print", str(record), "--board", "--out", str(folder / "g")]).exit_code == 0
    return [p for p in written if p.suffix == ".pdf"] + sorted((folder / "b").glob("*.pdf")) \
        + sorted((folder / "g").glob("*.pdf"))


@needs_pdffonts
def test_every_pdf_embeds_every_font_it_names(tmp_path):
    """pdffonts lists no font that is not embedded, in the binder, the teacher's book, a
    worksheet, its key, a score sheet and a projected game."""
    pdfs = every_sheet(tmp_path)
    assert len(pdfs) >= 6
    for pdf in pdfs:
        listed = fonts(pdf)
        assert listed, pdf.name
        assert [name for name, embedded in listed if embedded != "yes"] == [], pdf.name


def test_the_binder_prints_no_command_line_or_developer_words(tmp_path):
    """The binder's own pages (contents, print-and-play, transparencies) never show a command
    line, an option, or the words of a search that found nothing."""
    level = "junior"
    counts = box_counts(load_level(level))
    notebook = Notebook(f"N-2-{level}", 2, level, "a4", (Section("printplay"), Section("overhead")),
                        box_tiles(counts), counts)
    binder = write_notebook(notebook, tmp_path)[0]
    text = " ".join(c.text for page in chunks(binder) for c in page)
    for words in ("classroom ", "--", "turned up", "seed for", "FILE"):
        assert words not in text, words
