"""--check-url prints each student sheet's check page address (and its QR code), never on a key."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from classroom.cli.commands import app


def page_texts(path) -> list[str]:
    """Return the text of every page of a PDF."""
    return [page.extract_text() for page in PdfReader(path).pages]


@pytest.mark.parametrize("kind, extra, words", [
    ("boardless", ["--count", "2"], "Check a line of your own: "),
    ("situations", ["--count", "1", "--plays", "2"], "Practice: check your play at "),
])
def test_every_student_sheet_carries_its_check_address(tmp_path, kind, extra, words):
    """Each student page names its own item's check page (a situation's as practice, which is
    what the address turns on); the key and its pages do not."""
    result = CliRunner().invoke(app, [kind, *extra, "--seed", "4", "--out", str(tmp_path),
                                      "--check-url", "http://192.168.1.20:8000/"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text("utf-8"))
    assert manifest["layout"]["check_url"] == "http://192.168.1.20:8000/"
    ids = [item["id"] for item in manifest["items"]]
    sheets = page_texts(tmp_path / f"{kind}-4.pdf")
    assert len(sheets) == len(ids)
    for text, id in zip(sheets, ids):
        assert f"{words}http://192.168.1.20:8000/check/{id}" in " ".join(text.split())  # the caption may wrap
    assert not any("/check/" in text for text in page_texts(tmp_path / f"{kind}-4-key.pdf"))


def test_without_check_url_no_address_is_printed(tmp_path):
    """Sheets made without --check-url carry no check address."""
    result = CliRunner().invoke(app, ["boardless", "--count", "1", "--seed", "4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert not any("/check/" in text for text in page_texts(tmp_path / "boardless-4.pdf"))


@pytest.mark.parametrize("url", ["ftp://example.org", "192.168.1.20:8000", "http://", "http://a b", "x" * 200])
def test_a_check_url_that_is_not_an_address_is_one_sentence(tmp_path, url):
    """An address that is not http(s) is refused in one sentence, nothing written."""
    result = CliRunner().invoke(app, ["boardless", "--count", "1", "--out", str(tmp_path / "out"),
                                      "--check-url", url])
    assert result.exit_code == 2
    assert result.output.startswith("error: --check-url is the address") and result.output.count("\n") == 1
    assert not (tmp_path / "out").exists()
