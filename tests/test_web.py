"""The web page (`classroom serve`) driven in-process: every page, every form, and bad input on
each, against a library folder in tmp_path."""

from __future__ import annotations

import base64
import csv
import io
import json
import re
import shutil
import time
import urllib.parse

import pytest

import classroom.solve.boardless as boardless_module
from classroom.game.symbols import parse_hand, parse_written
from classroom.game.tilesets import load_level
from classroom.make.requests import MAX_COUNT
from classroom.mark.grading import grade
from classroom.solve.boardless import check, solve, written_equations
from classroom.web import create_app, preview
from classroom.web.forms import MAX_BODY
from classroom.web.making import Attached
from classroom.web.roles import Hosts
from tests.browsers import teacher

ORIGINAL = load_level("original")
BOOKLET_ROWS = [["."] * 19 for _ in range(19)]
BOOKLET_ROWS[9][9:15] = ["2", "4", "÷", "3", "=", "8"]  # the booklet's first play, J10 to O10
BOOKLET_BOARD = "\n".join(" ".join(row) for row in BOOKLET_ROWS) + "\n"


def message(response) -> str:
    """Return the one sentence an error page shows."""
    found = re.search(r'id="message">([^<]*)<', response.text)
    assert found, response.text
    return found.group(1)


def finish(client, response):
    """Return the finished job page a Make form's answer leads to, after its working pages
    (or the answer itself when it is no redirect: an error)."""
    if response.status_code != 303:
        return response
    job = response.headers["location"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page = client.get(job)
        if "Working…" not in page.text:
            return page
        assert 'http-equiv="refresh"' in page.text
        time.sleep(0.1)
    raise AssertionError("the set was not made within 60 s")


def make(client, files=None, **fields):
    """Return the finished job page of a Make form."""
    return finish(client, client.post("/make", data=fields, files=files, follow_redirects=False))


def links(page, label_start: str = "/download") -> list[str]:
    """Return the links of a page that start with label_start, unescaped."""
    return [a.replace("&amp;", "&") for a in re.findall(r'(?:href|src)="([^"]+)"', page.text) if a.startswith(label_start)]


def ids(page) -> list[str]:
    """Return the worksheet ids a page links the Grade page for (every sheet has one; a
    contest has no check page)."""
    return [urllib.parse.unquote(a.removeprefix("/grade?sheet=")) for a in links(page, "/grade?sheet=")]


def made_once(tmp_path_factory, run: str, **fields):
    """Return (the finished page, the run's folder) of a Make form sent once for the module, to a
    library of its own (a set is made in a process of its own: some 0.4 s of CPU each time)."""
    folder = tmp_path_factory.mktemp("made") / "output"
    with teacher(create_app(folder)) as client:
        page = make(client.sign_in(), **fields)
    assert page.status_code == 200, page.text
    return page, folder / run


@pytest.fixture(scope="module")
def boardless_made(tmp_path_factory):
    """The boardless run of one hand of seed 5, made through the page once for the module."""
    return made_once(tmp_path_factory, "boardless-5", kind="boardless", count="1", seed="5")


@pytest.fixture(scope="module")
def own_situation_made(tmp_path_factory):
    """The teacher's own situation (the booklet position, 4 × 7 2), made through the page once
    for the module."""
    return made_once(tmp_path_factory, "situations-own", kind="situations", board=BOOKLET_BOARD, hand="4 × 7 2")


@pytest.fixture
def boardless(client, library, boardless_made):
    """A boardless run of one hand, made through the page: (its page, its worksheet id). The
    test's library gets a copy of its own of the module's run (the same form makes the same
    run; the tests that make one are about the making), so a test may change it."""
    page, run = boardless_made
    shutil.copytree(run, library / run.name)
    return page, ids(page)[0]


@pytest.fixture
def own_situation(client, library, own_situation_made):
    """A teacher's own situation made through the page: its worksheet id (a copy of the
    module's run in the test's library, as for `boardless`)."""
    page, run = own_situation_made
    shutil.copytree(run, library / run.name)
    return ids(page)[0]


def test_the_make_page_offers_both_kinds_of_worksheet(client, library):
    """/ shows the Boardless and the Board Situations forms and names the library folder."""
    page = client.get("/")
    assert page.status_code == 200
    assert 'name="kind" value="boardless"' in page.text and 'name="kind" value="situations"' in page.text
    for field in ("count", "same_hand", "level", "page_size", "large_print", "title", "seed", "plays",
                  "margin", "board", "board_file", "hand", "roster", "roster_file"):
        assert f'name="{field}"' in page.text
    assert str(library) in page.text


def test_a_boardless_set_is_written_to_the_library_with_links_to_every_file(client, library, boardless):
    """The result lists the sheet, the key and the manifest, each downloadable byte for byte."""
    page, id = boardless
    assert "1 hand (original tiles, seed 5)" in page.text
    folder = library / "boardless-5"
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    assert [item["id"] for item in manifest["items"]] == [id]
    saved = [a for a in links(page) if "view=1" not in a]  # not the PDFs shown in the page
    names = [urllib.parse.parse_qs(urllib.parse.urlparse(a).query)["file"][0] for a in saved]
    assert names == ["boardless-5.pdf", "boardless-5-key.pdf", "manifest.json"]
    for link, name in zip(saved, names):
        download = client.get(link)
        assert download.status_code == 200
        assert download.content == (folder / name).read_bytes()
        assert f'filename="{name}"' in download.headers["content-disposition"]


def test_the_result_previews_the_first_pages_when_pdftoppm_is_installed(client, boardless):
    """With pdftoppm, each PDF has a PNG preview of its first page."""
    page, _ = boardless
    previews = links(page, "/preview")
    if not preview.available():  # previews are optional: the next test covers their absence
        assert previews == []
        return
    assert len(previews) == 2
    picture = client.get(previews[1])
    assert picture.status_code == 200 and picture.content.startswith(b"\x89PNG")


def test_without_pdftoppm_each_pdf_is_embedded_instead(client, monkeypatch):
    """Without pdftoppm, each PDF is shown in the page itself, served inline."""
    monkeypatch.setattr(preview, "available", lambda: False)
    page = make(client, kind="boardless", count="1", seed="6")
    embedded = re.findall(r'<object data="([^"]+)" type="application/pdf"', page.text)
    assert len(embedded) == 2 and links(page, "/preview") == []
    shown = client.get(embedded[1].replace("&amp;", "&"))
    assert shown.status_code == 200 and shown.content.startswith(b"%PDF")
    assert shown.headers["content-disposition"].startswith("inline")


def test_a_second_run_with_the_same_seed_goes_to_a_new_folder(client, library, boardless):
    """As on the command line, a run never replaces an earlier one: boardless-5-2, said so."""
    again = make(client, kind="boardless", count="1", seed="5")
    assert "holds an earlier run, so this one went to" in again.text
    assert (library / "boardless-5-2" / "manifest.json").is_file()
    assert (library / "boardless-5" / "manifest.json").is_file()


def test_a_same_hand_class_set_with_its_options_is_made(client, library):
    """Same hand, level, page size, large print and title reach the manifest."""
    page = make(client, kind="boardless", count="3", same_hand="on", level="no-fractions",
                page_size="a4", large_print="on", title="Friday fun", seed="8", no_blanks="on")
    assert page.status_code == 200, page.text
    manifest = json.loads((library / "boardless-8" / "manifest.json").read_text("utf-8"))
    assert (manifest["level"], len(manifest["items"])) == ("no-fractions", 1)
    assert manifest["layout"] == {"page_size": "a4", "large_print": True, "title": "Friday fun", "copies": 3,
                                  "check_url": None}
    assert manifest["options"]["blanks"] is False


def test_difficulty_and_key_reach_the_set(client, library):
    """An easy set without a key: hands in the easy band, no key PDF, the manifest says so."""
    page = make(client, kind="boardless", count="2", difficulty="easy", key="none", seed="9")
    assert page.status_code == 200, page.text
    manifest = json.loads((library / "boardless-9" / "manifest.json").read_text("utf-8"))
    assert manifest["key"] == "none"
    assert manifest["files"] == ["boardless-9.pdf"]
    assert all(10 <= item["best_score"] <= 30 for item in manifest["items"])


def test_a_roster_gives_one_named_sheet_each(client, library):
    """Names pasted one a line become the manifest's roster."""
    page = make(client, kind="boardless", same_hand="on", roster="Ana\nBo\n", seed="9")
    assert page.status_code == 200, page.text
    manifest = json.loads((library / "boardless-9" / "manifest.json").read_text("utf-8"))
    assert sorted(manifest["roster"]) == ["Ana", "Bo"]


def test_an_uploaded_csv_roster_gives_one_named_sheet_each(client, library):
    """A roster file is read as --roster reads it: names.csv by its "name" column."""
    page = make(client, kind="boardless", same_hand="on", seed="9",
                files=[("roster_file", ("names.csv", b"id,name\n1,Ana\n2,Bo\n3,Cy\n", "text/csv"))])
    assert page.status_code == 200, page.text
    manifest = json.loads((library / "boardless-9" / "manifest.json").read_text("utf-8"))
    assert sorted(manifest["roster"]) == ["Ana", "Bo", "Cy"]


def test_a_roster_both_pasted_and_uploaded_is_refused(client):
    """Which roster is meant is not guessed."""
    response = client.post("/make", data={"kind": "boardless", "roster": "Ana"},
                           files=[("roster_file", ("names.txt", b"Bo\n", "text/plain"))])
    assert response.status_code == 400
    assert message(response) == "paste the roster or upload its file, not both"


def test_a_teachers_own_position_becomes_a_situation(client, library, own_situation):
    """A pasted board and hand are written to situations-own, with the board in the manifest;
    the page names it as your own position, with an id that names no seed."""
    manifest = json.loads((library / "situations-own" / "manifest.json").read_text("utf-8"))
    assert manifest["items"][0]["id"] == own_situation
    assert re.fullmatch(r"S-own-[0-9a-f]{8}-01", own_situation) and manifest["seed"] is None
    again = make(client, kind="situations", board=BOOKLET_BOARD, hand="4 × 7 2")
    assert "1 situation (original tiles, your own position)" in again.text and ids(again) == [own_situation]
    assert manifest["items"][0]["hand"] == ["4", "×", "7", "2"]
    assert "2 4 ÷ 3 = 8" in manifest["items"][0]["grid"]


def test_an_uploaded_board_file_becomes_a_situation(client, library):
    """The board may come as a file instead of pasted text."""
    page = make(client, kind="situations", hand="4 × 7 2",
                files=[("board_file", ("position.txt", BOOKLET_BOARD.encode(), "text/plain"))])
    assert page.status_code == 200, page.text
    manifest = json.loads((library / "situations-own" / "manifest.json").read_text("utf-8"))
    assert "2 4 ÷ 3 = 8" in manifest["items"][0]["grid"]


def test_a_board_both_pasted_and_uploaded_is_refused(client):
    """Which board is meant is not guessed."""
    response = client.post("/make", data={"kind": "situations", "hand": "4", "board": BOOKLET_BOARD},
                           files=[("board_file", ("position.txt", BOOKLET_BOARD.encode(), "text/plain"))])
    assert response.status_code == 400
    assert message(response) == "paste the board or upload its file, not both"


def test_simulated_situations_are_made_while_the_pages_keep_answering(client, library):
    """Board Situations from simulated play (one position, two plays on it) are made in the
    background: meanwhile the job page says how far it has got and the other pages answer."""
    response = client.post("/make", data={"kind": "situations", "count": "1", "plays": "2",
                                          "margin": "0", "seed": "4", "no_blanks": "on"},
                           follow_redirects=False)
    assert response.status_code == 303
    job = response.headers["location"]
    working = client.get(job)
    assert "Working…" in working.text and re.search(r'data-stage="(waiting|starting|searching)"', working.text)
    assert client.get("/").status_code == 200 and client.get("/library").status_code == 200
    assert "Working…" in client.get(job).text  # they answered while the set was being made
    page = finish(client, response)
    assert page.status_code == 200, page.text
    manifest = json.loads((library / "situations-4" / "manifest.json").read_text("utf-8"))
    assert len(manifest["items"]) == 1
    game = manifest["items"][0]["game"]  # the board's game record, written beside the sheets
    assert sorted(manifest["files"]) == sorted(["situations-4.pdf", "situations-4-key.pdf", game])
    assert (library / "situations-4" / game).read_text("utf-8").startswith("#equate game")
    assert manifest["options"]["blanks"] is False  # the page's "no blanks in the hands"


@pytest.mark.parametrize("fields, sentence", [
    ({"kind": "boardless", "count": "0"}, "the number of sheets (--count) is a whole number from 1 to 200, not 0"),
    ({"kind": "boardless", "count": "201"}, "the number of sheets (--count) is a whole number from 1 to 200, not 201"),
    ({"kind": "boardless", "count": "two"}, "the number of sheets (--count) is a whole number from 1 to 200, not two"),
    ({"kind": "boardless", "seed": "-1"}, "the seed (--seed) is a whole number from 0 to 999,999,999,999, not -1"),
    ({"kind": "boardless", "level": "mythical"}, "the level is original, junior, no-fractions, halves, "
                                                 "halves-fourths, add-subtract or advanced, not 'mythical'"),
    ({"kind": "boardless", "page_size": "legal"}, "the page size is letter or a4, not 'legal'"),
    ({"kind": "boardless", "difficulty": "insane"}, "the difficulty (--difficulty) is easy, medium or hard, not 'insane'"),
    ({"kind": "boardless", "key": "half"}, "the answer key is families, full, summary or none, not 'half'"),
    ({"kind": "boardless", "title": "x" * 121}, "--title is printable text of at most 120 characters"),
    ({"kind": "boardless", "roster": "Ana\nana\n"}, "the roster: line 2: ana is already on line 1; give each student a different name"),
    ({"kind": "poster"},
     "the kind of worksheet is boardless, situations, scoreplay, trueornot, variety or notebook, not 'poster'"),
    ({"kind": "scoreplay", "focus": "fractions"}, "the focus is plain, s-premium, e-premium, cross or all, not 'fractions'"),
    ({"kind": "trueornot", "lines": "40"}, "the lines on a sheet is a whole number from 4 to 16, not 40"),
    ({"kind": "notebook", "level": "add-subtract"}, "the level is junior, original or advanced, not 'add-subtract'"),
    ({"kind": "notebook", "seed": "x"}, "the seed (--seed) is a whole number"),
    ({"kind": "situations", "hand": "4 × 7 2"}, "a position of your own needs both a board and a hand"),
    ({"kind": "situations", "board": BOOKLET_BOARD, "hand": "4 × 7 2 %"}, "'%'"),
    ({"kind": "situations", "board": "2 4\n", "hand": "4"}, "the board"),
    ({"kind": "situations", "board": BOOKLET_BOARD, "hand": "4 ? ?"}, "the page takes hands with at most 1 blank; for more, use the command line"),
    ({"kind": "situations", "plays": "41"}, "the plays on the board (--plays) is a whole number from 0 to 40, not 41"),
])
def test_bad_make_input_is_one_sentence_with_status_400(client, library, fields, sentence):
    """A bad field is refused before any work starts, nothing is written, and the page says why."""
    response = client.post("/make", data=fields, follow_redirects=False)
    assert response.status_code == 400
    assert sentence in message(response).replace("&#39;", "'")
    assert not library.exists() or not any(library.iterdir())


def test_a_form_larger_than_the_bound_is_refused(client):
    """A body past MAX_BODY bytes is one sentence, not read into memory."""
    response = client.post("/make", content=b"x" * (MAX_BODY + 1),
                           headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 400
    assert message(response) == "the form is too large (at most 2,000,000 bytes)"


def test_an_unknown_job_is_one_sentence(client):
    """A job page of a server restarted since is a sentence pointing to the library."""
    response = client.get("/jobs/0123456789abcdef")
    assert response.status_code == 400 and "find the set in the library" in message(response)


def test_the_library_lists_every_worksheet_with_its_links(client, boardless, own_situation):
    """Each id appears with its kind, level, seed (or "your own position"), files, grade link,
    and check link (a contest has none)."""
    empty = client.get("/library")
    assert empty.status_code == 200
    _, id = boardless
    page = client.get("/library")
    assert page.status_code == 200
    for sheet, kind, origin, checking in ((id, "Boardless", "seed 5", f'href="/check/{id}"'),
                                          (own_situation, "Board Situation", "your own position",
                                           "no check page (a contest)")):
        row = next(r for r in page.text.split("<tr>") if sheet in r)
        assert kind in row and "original" in row and f"<td>{origin}</td>" in row and checking in row
        assert f"/grade?sheet={sheet}" in row
    assert "None" not in page.text
    assert len(links(page)) == 6
    assert all(client.get(link).status_code == 200 for link in links(page))


def test_an_empty_library_says_so(client):
    """Before any run the library page invites the teacher to make sheets."""
    page = client.get("/library")
    assert page.status_code == 200 and 'id="empty"' in page.text


@pytest.mark.parametrize("query, sentence", [
    ("run=../..&file=passwd", "no run ../.. in the library"),
    ("run=boardless-5&file=../../etc/passwd", "the run boardless-5 has no file ../../etc/passwd"),
    ("run=boardless-5&file=.classroom-x", "the run boardless-5 has no file .classroom-x"),
    ("run=boardless-5&file=stray.pdf", "the run boardless-5 has no file stray.pdf"),
    ("", "no run in the library"),
])
def test_only_files_a_manifest_lists_are_downloaded(client, library, boardless, query, sentence):
    """Download and preview take a run and a file the manifests name; nothing else is served."""
    (library / "boardless-5" / "stray.pdf").write_bytes(b"%PDF-not listed")
    for route in ("/download", "/preview"):
        response = client.get(f"{route}?{query}")
        assert response.status_code == 400
        assert sentence in message(response)


def test_only_a_pdf_has_a_preview(client, boardless):
    """The manifest is downloadable but has no preview."""
    response = client.get("/preview?run=boardless-5&file=manifest.json")
    assert response.status_code == 400 and "only a PDF has a preview" in message(response)


def table(page, id: str) -> list[list[str]]:
    """Return the cells of a page's table by its id, tags removed."""
    body = page.text.split(f'id="{id}"', 1)[1].split("</table>", 1)[0]
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<t[hd]>(.*?)</t[hd]>", row, re.S)]
            for row in body.split("<tr>")[1:]]


def csv_of(page) -> list[list[str]]:
    """Return the rows of the CSV a page offers for download."""
    href = re.search(r'id="csv" href="data:text/csv;charset=utf-8,([^"]*)"', page.text).group(1)
    return list(csv.reader(io.StringIO(urllib.parse.unquote(href))))


def sheet_hand(library, id):
    manifest = json.loads(next(library.glob("*/manifest.json")).read_text("utf-8"))
    return tuple(next(i["hand"] for i in manifest["items"] if i["id"] == id))


def test_a_pasted_list_is_marked_as_classroom_grade_marks_it(client, library, boardless):
    """Each line valid or not with the grading reasons; the table and its CSV agree."""
    _, id = boardless
    hand = sheet_hand(library, id)
    best = solve(hand, ORIGINAL).answers[0].text
    listed = f"{best}\n{best}\n1 + 1 = 3\n"
    page = client.post("/grade", data={"sheet": id.lower(), "student": "Ana", "list": listed})
    assert page.status_code == 200, page.text
    expected = grade(listed, hand, ORIGINAL)
    marked = table(page, "grades")
    assert marked[0] == ["student", "worksheet", "valid lines", "total", "best equation", "best score", "repeats"]
    assert marked[1][:4] == ["Ana", id, "1", str(expected.total)]
    assert csv_of(page)[1][:4] == ["Ana", id, "1", str(expected.total)]
    assert "the same as line 1" in page.text and "the two sides differ" in page.text


def test_several_uploaded_lists_give_one_row_each(client, library, boardless):
    """Files uploaded together are graded as a class, one row per file, named after it."""
    _, id = boardless
    best = solve(sheet_hand(library, id), ORIGINAL).answers[0].text
    files = [("files", ("ana.txt", f"{best}\n".encode(), "text/plain")),
             ("files", ("bo.txt", "1 + 1 = 3\n".encode(), "text/plain"))]
    page = client.post("/grade", data={"sheet": id}, files=files)
    assert page.status_code == 200, page.text
    assert [row[0] for row in table(page, "grades")[1:]] == ["ana", "bo"]
    assert [row[2] for row in csv_of(page)[1:]] == ["1", "0"]


def test_a_class_on_one_sheet_solves_its_hand_once_and_takes_its_totals_from_the_run(client, library,
                                                                                     boardless, monkeypatch):
    """Three lists on one printed sheet: the page states the count and best score the run
    recorded, and solves the hand once, for the best equation nobody found."""
    _, id = boardless
    hand = sheet_hand(library, id)
    key = solve(hand, ORIGINAL)
    manifest = next(library.glob("*/manifest.json"))
    recorded = json.loads(manifest.read_text("utf-8"))
    item = next(i for i in recorded["items"] if i["id"] == id)
    item["count"] = 4321  # not the key's count: the page must say what the run recorded
    manifest.write_text(json.dumps(recorded), "utf-8")
    solved = []
    monkeypatch.setattr(boardless_module, "written_equations",
                        lambda *args: solved.append(args) or written_equations(*args))
    files = [("files", (f"{name}.txt", f"{key.answers[0].text}\n".encode(), "text/plain"))
             for name in ("ana", "bo", "cy")]
    page = client.post("/grade", data={"sheet": id}, files=files)
    assert page.status_code == 200, page.text
    assert len(solved) == 1
    unfound = next(a for a in key.answers if a.text != key.answers[0].text)
    assert table(page, "sheets")[1][2:4] == ["4321", str(key.best_score)]
    assert table(page, "sheets")[1][4].startswith(unfound.text.replace("-", "−"))


def test_a_list_is_graded_against_a_hand_never_printed(client):
    """With a hand instead of an id, lines are marked against it."""
    page = client.post("/grade", data={"hand": "2 4 ÷ 3 8", "list": "24 ÷ 3 = 8\n"})
    assert page.status_code == 200, page.text
    verdict = check(parse_written("24 ÷ 3 = 8"), ORIGINAL, parse_hand("2 4 ÷ 3 8"))
    assert table(page, "grades")[1][3] == str(verdict.score)


def test_a_contests_plays_are_judged_and_ranked(client, own_situation):
    """For a situation, each line is a play, judged, scored and ranked, with a CSV."""
    plays = "Ana: O9 down 28 = 4 × 7\nBo: A1 across 7 = 7\n"
    page = client.post("/grade", data={"sheet": own_situation, "list": plays})
    assert page.status_code == 200, page.text
    rows = table(page, "results")
    assert rows[1][:6] == ["1", "Ana", "1", "O9 down 28 = 4 × 7", "yes", "11"]
    assert rows[2][1] == "Bo" and rows[2][4] == "no"
    assert csv_of(page)[1][:6] == ["1", "Ana", "1", "O9 down 28 = 4 × 7", "yes", "11"]
    pdf = base64.b64decode(re.search(r'id="pdf" href="data:application/pdf;base64,([^"]+)"', page.text)[1])
    assert pdf.startswith(b"%PDF") and "Ana" in pdf_text(pdf) and "O9 down" in pdf_text(pdf)


@pytest.mark.parametrize("fields, sentence", [
    ({"list": "1 = 1"}, "give the worksheet's id or the hand, one of the two"),
    ({"sheet": "B-1-0000-01", "hand": "1 1", "list": "1 = 1"}, "give the worksheet's id or the hand, one of the two"),
    ({"sheet": "B-1-0000-01", "list": "1 = 1"}, "no worksheet B-1-0000-01 in any manifest.json"),
    ({"hand": "1 1"}, "paste a list, or choose the students' files to upload"),
    ({"hand": "1 1 %", "list": "1 = 1"}, "'%'"),
    ({"hand": "1 ? ?", "list": "1 = 1"}, "the page takes hands with at most 1 blank; for more, use the command line"),
    ({"hand": "1 1", "list": "x" * 100_001}, "the list is too long (at most 100,000 characters)"),
])
def test_bad_grading_input_is_one_sentence_with_status_400(client, fields, sentence):
    """The grade form refuses a missing or unknown sheet, an empty or oversized list."""
    response = client.post("/grade", data=fields)
    assert response.status_code == 400
    assert sentence in message(response).replace("&#39;", "'")


def test_an_upload_that_is_not_utf8_is_refused(client):
    """An uploaded list in another encoding is one sentence naming the file."""
    response = client.post("/grade", data={"hand": "1 1"},
                           files=[("files", ("../ana.txt", "1 = 1 é".encode("latin-1"), "text/plain"))])
    assert response.status_code == 400
    assert message(response) == "ana.txt: the list is not UTF-8 text (line 1); save it as UTF-8 and try again"


def test_the_grade_page_is_prefilled_from_the_library(client):
    """/grade?sheet=ID puts the id in the form."""
    page = client.get("/grade?sheet=B-5-abcd-01")
    assert page.status_code == 200 and 'value="B-5-abcd-01"' in page.text


def test_the_check_page_says_valid_and_the_score_without_the_key(client, library, boardless):
    """A student's line gets its verdict and score; no other answer, count or best score shows."""
    _, id = boardless
    hand = sheet_hand(library, id)
    solution = solve(hand, ORIGINAL)
    answer = solution.answers[-1]
    blank = client.get(f"/check/{id}")
    assert blank.status_code == 200 and 'id="check-form"' in blank.text
    page = client.post(f"/check/{id}", data={"line": answer.text})
    assert page.status_code == 200
    assert "Valid." in page.text and f"scores <strong>{answer.score}</strong>" in page.text
    assert f'data-entry="{answer.text}"' in page.text
    for shown in (blank, page):
        assert "key" not in shown.text.lower()
        assert "/library" not in shown.text and "/download" not in shown.text  # no way to the key
        assert not any(a.text in shown.text for a in solution.answers[:5] if a.text != answer.text)


def test_the_check_page_solves_no_hand(client, library, boardless, monkeypatch):
    """Checking a line checks that line only: the sheet's hand is never solved."""
    _, id = boardless
    answer = solve(sheet_hand(library, id), ORIGINAL).answers[0]
    monkeypatch.setattr(boardless_module, "written_equations", lambda *args: pytest.fail("a hand was solved"))
    for line in (answer.text, "1 + 1 = 3"):
        assert client.post(f"/check/{id}", data={"line": line}).status_code == 200


def test_the_check_page_says_why_a_line_is_not_valid(client, library, boardless):
    """An equation that is false is marked with the checker's reason."""
    _, id = boardless
    page = client.post(f"/check/{id}", data={"line": "1 + 1 = 3"})
    assert page.status_code == 200
    assert "Not valid:" in page.text and "the two sides differ" in page.text


@pytest.mark.parametrize("path, line, sentence", [
    ("/check/B-1-0000-01", "1 = 1", "no worksheet B-1-0000-01 in this library"),
    ("/check/Ana", "1 = 1", "no worksheet Ana"),
    (None, "", "type an equation (or a play) to check"),
    (None, "1" * 201, "the line is too long (at most 200 characters)"),
])
def test_bad_check_input_is_one_sentence_with_status_400(client, boardless, path, line, sentence):
    """An unknown sheet, an empty or an overlong line is refused with one sentence."""
    _, id = boardless
    response = client.post(path or f"/check/{id}", data={"line": line})
    assert response.status_code == 400
    assert sentence in message(response)
    assert "/library" not in response.text and 'href="/"' not in response.text


def test_a_set_that_cannot_be_written_is_one_sentence_on_the_job_page(tmp_path):
    """When the library cannot be written to, the job ends with the command line's sentence."""
    blocked = tmp_path / "output"
    blocked.write_text("a file where the library should be", "utf-8")
    with teacher(create_app(blocked)) as client:
        page = make(client.sign_in(), kind="boardless", count="1", seed="5")
    assert page.status_code == 400
    assert message(page).startswith("cannot write to the folder")
    assert blocked.read_text("utf-8") == "a file where the library should be"


def test_a_form_sent_from_another_web_site_is_refused(client, library):
    """A page elsewhere cannot make sets through a teacher's browser: its Origin is not ours."""
    response = client.post("/make", data={"kind": "boardless", "count": "1"},
                           headers={"origin": "http://evil.example"})
    assert response.status_code == 403
    assert message(response) == "the form was sent from another web site; use the page itself"
    assert not library.exists()


def test_a_request_naming_another_host_is_refused(library):
    """With the served hosts, a request for another name (DNS rebinding) gets no page; an
    address written as numbers, localhost and a name the teacher added are served."""
    with teacher(create_app(library, hosts=Hosts(frozenset({"classroom-7.local"}))),
                 base_url="http://127.0.0.1") as client:
        assert client.sign_in().get("/").status_code == 200
        for host in ("192.168.1.20:8000", "[::1]:8000", "localhost:8000", "classroom-7.local:8000"):
            assert client.get("/library", headers={"host": host}).status_code == 200, host
        for host in ("evil.example", "127.0.0.1.evil.example", "classroom-7.local.evil.example", ""):
            assert client.get("/library", headers={"host": host}).status_code == 400, host


def test_a_set_being_made_can_be_cancelled_and_nothing_is_written(client, library):
    """The Working page's Cancel stops the set's process; the page then says so, and the library
    holds no run of it."""
    answer = client.post("/make", data={"kind": "situations", "count": "30", "plays": "12", "seed": "5"},
                         follow_redirects=False)
    job = answer.headers["location"]
    assert 'id="cancel"' in client.get(job).text
    assert client.post(job + "/cancel", follow_redirects=False).status_code == 303
    deadline = time.monotonic() + 60
    while "Working" in (page := client.get(job)).text and time.monotonic() < deadline:
        time.sleep(0.1)
    assert page.status_code == 400 and "cancelled before it was made; nothing was written" in page.text
    assert not list(library.glob("situations-*"))


def test_the_library_groups_sheets_by_run_and_moves_a_run_aside(client, library, boardless):
    """A run is listed under its own heading with its files, and 'Move aside' puts its folder
    into removed/ (never deleted): the library no longer lists it, and its files are all kept."""
    _, sheet = boardless
    page = client.get("/library").text
    assert 'data-run="boardless-5"' in page and sheet in page and 'id="filter"' in page
    kept = sorted(p.name for p in (library / "boardless-5").iterdir())
    assert client.post("/library/remove", data={"run": "boardless-5"}, follow_redirects=False).status_code == 303
    assert not (library / "boardless-5").exists()
    assert sorted(p.name for p in (library / "removed" / "boardless-5").iterdir()) == kept
    assert sheet not in client.get("/library").text
    again = client.post("/library/remove", data={"run": "boardless-5"})
    assert again.status_code == 400 and "no run boardless-5" in again.text


def test_situations_by_feature_and_a_roster_of_forty(client, library):
    """The Board Situations form asks for features of the winning play as --feature does, and a
    roster of a class of 40 gets a sheet each (a roster past MAX_COUNT names is refused, as on
    the command line)."""
    assert 'name="feature" value="fraction"' in client.get("/").text
    # One play on the board: the feature's way from the form to the search is under test, not the
    # search (seed 3's is found in half a second, seed 4's in two).
    answer = make(client, kind="situations", count="1", seed="3", plays="1", feature="fraction")
    assert answer.status_code == 200, answer.text
    manifest = json.loads(next(library.glob("situations-3/manifest.json")).read_text("utf-8"))
    assert "fraction" in json.dumps(manifest)
    refused = client.post("/make", data={"kind": "situations", "feature": "sevens"})
    assert refused.status_code == 400 and "the feature (--feature) is nine-tile" in refused.text
    names = "\n".join(f"Student {n}" for n in range(1, MAX_COUNT + 2))
    refused = client.post("/make", data={"kind": "boardless", "roster": names})
    assert refused.status_code == 400 and f"the roster (--roster) has {MAX_COUNT + 1} names; a set holds at most {MAX_COUNT}" in refused.text
    forty = [f"Student {n}" for n in range(1, 41)]
    # One hand for the class: the roster's path through the form and the job is the same, without
    # 40 hands to find (a roster's hands each its own: tests/test_cli_class.py's roster of five).
    made = make(client, kind="boardless", roster="\n".join(forty), seed="9", key="none", same_hand="on")
    assert made.status_code == 200, made.text
    manifest = json.loads((library / "boardless-9" / "manifest.json").read_text("utf-8"))
    assert list(manifest["roster"]) == forty and all(len(ids) == 1 for ids in manifest["roster"].values())


def test_the_make_page_prints_the_check_address_when_students_can_reach_it(library):
    """Served on the network, the Boardless form offers the page's own address for the QR code
    (each sheet's check page); on 127.0.0.1 it is off. A set made with it records the address."""
    with teacher(create_app(library), base_url="http://192.168.1.20:8000") as networked:
        assert 'name="check_url" size="30" maxlength="120" value="http://192.168.1.20:8000"' in networked.sign_in().get("/").text
    with teacher(create_app(library), base_url="http://127.0.0.1:8000") as local:
        local.sign_in()
        assert 'name="check_url" size="30" maxlength="120" value=""' in local.get("/").text
        bad = local.post("/make", data={"kind": "boardless", "check_url": "ftp://x"})
        assert bad.status_code == 400 and "the check address is the address" in bad.text
        made = finish(local, local.post("/make", data={"kind": "boardless", "count": "1", "seed": "8",
                                                       "check_url": "http://192.168.1.20:8000"},
                                        follow_redirects=False))
    assert made.status_code == 200, made.text
    assert "192.168.1.20:8000" in next(library.glob("boardless-8/manifest.json")).read_text("utf-8")


def test_the_make_page_offers_the_notebook_and_the_three_practice_worksheets(client):
    """/ has a form for Score this play (its focuses), True or not? (its lines), A variety of
    equations (add-subtract chosen, as the command's default, and no key to choose: its key is
    whole) and the Activity Notebook (its three levels)."""
    page = client.get("/")
    for kind in ("scoreplay", "trueornot", "variety", "notebook"):
        assert f'name="kind" value="{kind}"' in page.text
    for field in ('name="focus"', 'value="cross"', 'name="lines"', 'value="junior"', 'value="advanced"'):
        assert field in page.text
    variety = re.search(r'<form[^>]*id="variety-form".*?</form>', page.text, re.S)[0]
    assert '<option value="add-subtract" selected>' in variety and 'name="key"' not in variety


@pytest.mark.parametrize("fields, files", [
    ({"kind": "scoreplay", "count": "1", "seed": "2", "focus": "plain"},
     ["scoreplay-2.pdf", "scoreplay-2-key.pdf", "manifest.json"]),
    ({"kind": "trueornot", "count": "1", "seed": "2", "lines": "6", "level": "junior"},
     ["trueornot-2.pdf", "trueornot-2-key.pdf", "manifest.json"]),
    ({"kind": "variety", "count": "1", "seed": "2", "key": "none"},
     ["variety-2.pdf", "variety-2-key.pdf", "manifest.json"]),
])
def test_practice_sheets_are_made_by_a_job_and_listed_in_the_library(client, library, fields, files):
    """A Score this play, True or not? or variety form starts a job like the others; the finished
    page links the sheets, the key and the manifest (a variety key whatever the form says), and the
    library lists the run (nothing to grade)."""
    page = make(client, **fields)
    assert page.status_code == 200, page.text
    names = [urllib.parse.parse_qs(urllib.parse.urlparse(a).query)["file"][0]
             for a in links(page) if "view=1" not in a]
    assert names == files
    assert f"seed {fields['seed']}" in page.text
    listed = client.get("/library")
    assert f"{fields['kind']}-{fields['seed']}" in listed.text and "nothing to grade" in listed.text


def test_the_notebook_form_starts_a_job_and_its_run_is_listed(client, library, monkeypatch):
    """The notebook form is checked and starts a job (cancelled here: a whole binder takes a
    minute); the same order, made in this process with a small plan, writes the binder and the
    teacher's book, and the library lists its sheets to grade, each with its kind."""
    from starlette.datastructures import FormData

    from classroom.make import notebook as notebooks
    from classroom.web.jobs import CONTEXT, STAGES, Step
    from classroom.web.making import make_set, order

    # Seed 6: its projector board, one play in, is found in under a second (seed 4's took 7 s).
    answer = client.post("/make", data={"kind": "notebook", "level": "junior", "seed": "6"},
                         follow_redirects=False)
    assert answer.status_code == 303
    client.post(answer.headers["location"] + "/cancel")
    fields = [("kind", "notebook"), ("level", "junior"), ("seed", "6")]
    assert order(FormData(fields), 1).items == notebooks.BINDER.items
    # The route and the library are under test, not the searches: no play to score, and the
    # projector's board one play in (tests/test_notebook.py makes each maker's items).
    monkeypatch.setattr(notebooks, "BINDER", notebooks.Plan(boardless=("easy",), situations=("first-play",),
                                                            scoreplay=0, trueornot=1))
    monkeypatch.setattr(notebooks, "OVERHEAD_PLAYS", 1)
    made, stage = CONTEXT.Value("i", 0), CONTEXT.Value("i", 0)  # as a job's process has them
    run, _ = make_set(Step(made, stage), fields, Attached(), library, 1)
    assert STAGES[stage.value] == "drawing" and made.value == notebooks.BINDER.items
    assert run == "notebook-junior-6"
    assert sorted(p.name for p in (library / run).iterdir()) == [
        "manifest.json", "notebook-junior-6-key.pdf", "notebook-junior-6.pdf"]
    listed = client.get("/library")
    assert "an Activity Notebook" in listed.text
    assert "Boardless (notebook)" in listed.text and "Board Situation (notebook)" in listed.text


def pdf_text(data: bytes) -> str:
    """Return the text of a PDF's pages."""
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
