"""The student's check page of `classroom serve`: a contest's page checks nothing, a practice
situation's shows the board and checks one play, and no error a student reads names a folder
of the teacher's computer."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from starlette.testclient import TestClient
from test_web import BOOKLET_BOARD, ids, make, message
from typer.testing import CliRunner

from classroom.cli.commands import app as cli
from classroom.game.board import COLUMNS
from classroom.make.worksheet import premium_labels
from classroom.web import create_app

CLOSED = "This is a contest: your teacher judges its plays, so this page checks none."
WINNER = "O5 down 4 × 7 = 28"  # the booklet position's best play for 4 × 7 2, 24 points


def own_situation(client, **switch) -> str:
    """Return the id of the booklet position with the hand 4 × 7 2, made through the page."""
    page = make(client, kind="situations", board=BOOKLET_BOARD, hand="4 × 7 2", **switch)
    assert page.status_code == 200, page.text
    return ids(page)[0]


@pytest.fixture(scope="module")
def practice(tmp_path_factory):
    """Return a function copying the booklet position's practice run into a test's library and
    giving its id: the run is made once for the module, through the page as own_situation makes
    it with the practice switch on (the same form makes the same run; the tests that make one are
    about the making), for the tests about what its check page says."""
    from tests.browsers import teacher

    made = tmp_path_factory.mktemp("practice") / "output"
    with teacher(create_app(made)) as client:
        id = own_situation(client.sign_in(), practice="on")

    def copied(library) -> str:
        shutil.copytree(made / "situations-own", library / "situations-own")
        return id

    return copied


def closed(page) -> str:
    """Return the one sentence of a contest's check page."""
    found = re.search(r'<p id="closed">([^<]*)</p>', page.text)
    assert found, page.text
    return found.group(1)


def squares(page) -> dict[str, str]:
    """Return every square of the board a check page shows: its name -> its text, tags removed
    and a tile's score after a space ('J10' -> '2 1', 'A1' -> '3E', 'B1' -> '')."""
    cells = re.findall(r'<td title="([A-S]\d+)"[^>]*>(.*?)</td>', page.text, re.S)
    return {name: re.sub(r"<small>", " ", re.sub(r"</?(?!small)[^>]*>|</small>", "", text)).strip()
            for name, text in cells}


def test_a_contests_check_page_refuses_without_scoring(client, library, monkeypatch):
    """Without the practice switch a situation's page says it is a contest, shows no form and
    no board, and a play sent to it is refused the same way before anything judges it."""
    id = own_situation(client)
    assert json.loads((library / "situations-own" / "manifest.json").read_text("utf-8"))["check"] is False
    monkeypatch.setattr("classroom.web.app.judge", lambda *args: pytest.fail("a contest's play was judged"))
    for page in (client.get(f"/check/{id}"), client.post(f"/check/{id}", data={"line": WINNER})):
        assert page.status_code == 403
        assert closed(page) == CLOSED
        assert "<form" not in page.text and 'id="board"' not in page.text
        assert "scores" not in page.text and "Valid" not in page.text
        assert "/library" not in page.text and "/grade" not in page.text


@pytest.mark.parametrize("switch, check, status", [
    ({}, False, 403),
    ({"practice": "on"}, True, 200),
])
def test_the_make_pages_practice_switch_turns_a_situations_check_page_on(client, library, switch, check, status):
    """The switch on the situations form is recorded in the manifest and decides the page."""
    page = client.get("/")
    assert "Students may check their plays on the check page (practice, not for a contest)" in page.text
    id = own_situation(client, **switch)
    assert json.loads((library / "situations-own" / "manifest.json").read_text("utf-8"))["check"] is check
    assert client.get(f"/check/{id}").status_code == status
    made = client.get("/library").text
    assert (f'href="/check/{id}"' in made) is check
    assert ("no check page (a contest)" in made) is not check


@pytest.fixture(scope="module")
def made_set(tmp_path_factory):
    """Return a function giving (the command's output, a copy of its folder in folder/output/run)
    for `classroom KIND --count 1 --seed 7 ... --out ... OPTIONS`: each command is run once for
    the module (the same seed makes the same set), and each test gets a copy of its own. Seed 7's
    situation is found in about 2 s, seed 4's in about 7."""
    runs = {}

    def made(kind: str, options: list[str], folder):
        if (kind, *options) not in runs:
            out = tmp_path_factory.mktemp(kind) / "run"
            extra = ["--plays", "2", "--margin", "0"] if kind == "situations" else []
            result = CliRunner().invoke(cli, [kind, "--count", "1", "--seed", "7", *extra, "--out", str(out), *options])
            assert result.exit_code == 0, result.output
            runs[kind, *options] = result.stdout, out
        stdout, out = runs[kind, *options]
        return stdout, shutil.copytree(out, folder / "output" / "run")

    return made


@pytest.mark.parametrize("kind, options, check, said, status", [
    ("situations", [], False, "check pages off: a contest, its plays judged by you "
                              "(--check-url turns them on for practice)", 403),
    ("situations", ["--check-url", "http://192.168.1.20:8000"], True,
     "check pages on, for practice: students may check their plays", 200),
    ("boardless", [], True, None, 200),
])
def test_check_url_turns_a_situations_check_page_on(tmp_path, made_set, kind, options, check, said, status):
    """On the command line the address printed on the sheets turns the page on: a QR code never
    leads to a page that refuses; a boardless sheet's page is on as before."""
    stdout, out = made_set(kind, options, tmp_path)
    assert (said in stdout) if said else "check pages" not in stdout
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["check"] is check
    with TestClient(create_app(tmp_path / "output")) as client:
        assert client.get(f"/check/{manifest['items'][0]['id']}").status_code == status


@pytest.mark.parametrize("kind, recorded, status", [
    ("situations", None, 403),
    ("situations", True, 200),
    ("situations", False, 403),
    ("boardless", None, 200),
    ("boardless", False, 403),
])
def test_a_manifest_without_the_switch_keeps_situations_closed(tmp_path, made_set, kind, recorded, status):
    """A manifest written before the switch: a situation's page is off, a boardless one on."""
    options = ["--check-url", "http://192.168.1.20:8000"] if kind == "situations" else []
    _, out = made_set(kind, options, tmp_path)
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    del manifest["check"]
    if recorded is not None:
        manifest["check"] = recorded
    (out / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    with TestClient(create_app(tmp_path / "output")) as client:
        assert client.get(f"/check/{manifest['items'][0]['id']}").status_code == status


def test_a_sheet_printed_for_a_contest_and_again_for_practice_stays_a_contest(client):
    """The same position printed twice, once for a contest: its page stays off."""
    first = own_situation(client)
    again = own_situation(client, practice="on")
    assert first == again
    assert client.get(f"/check/{first}").status_code == 403


def test_a_practice_check_page_shows_the_board_and_the_hand(client, library, practice):
    """The board as a grid: columns A to S and rows 1 to 19 on its edges, premium squares
    labelled in text, the tiles on it with their scores; then the hand."""
    id = practice(library)
    page = client.get(f"/check/{id}")
    assert page.status_code == 200
    board = page.text.split('id="board"', 1)[1].split("</table>", 1)[0]
    rows = board.split("<tr>")[1:]
    assert len(rows) == 21
    edge = "".join(f"<th>{c}</th>" for c in "ABCDEFGHIJKLMNOPQRS")
    assert edge in rows[0] and edge in rows[-1]
    assert [re.findall(r"<th>(\d+)</th>", row) for row in rows[1:-1]] == [[str(n)] * 2 for n in range(1, 20)]
    shown = squares(page)
    assert len(shown) == 361
    assert [shown[s] for s in ("J10", "K10", "L10", "M10", "N10", "O10")] == \
        ["2 1", "4 1", "÷ 5", "3 1", "= 0", "8 2"]
    assert [shown[s] for s in ("A1", "D1", "G1", "B2", "B1", "I10")] == ["3E", "3S", "2S", "2E", "", ""]
    labels = premium_labels()
    assert all(shown[f"{c}{r}"] == labels[r - 1][i] for r in range(1, 20) for i, c in enumerate(COLUMNS)
               if not (r == 10 and "J" <= c <= "O"))
    hand = re.search(r'id="hand">(.*?)</span></p>', page.text).group(1)
    assert re.findall(r"<span>([^<]*)</span>", hand) == ["4", "×", "7", "2"]


@pytest.mark.parametrize("line, verdict", [
    (WINNER, "<span class=\"good\">Valid.</span> O5 down 4 × 7 = 28 scores <strong>24</strong>."),
    ("O9 down 28 = 4 × 7", "<span class=\"good\">Valid.</span> O9 down 28 = 4 × 7 scores <strong>11</strong>."),
    ("A1 across 7 = 7", "<span class=\"bad\">Not valid:</span>"),
])
def test_a_practice_check_page_checks_one_play_without_a_list(client, library, practice, line, verdict):
    """One play: legal with its score, or why not; no list of plays and no total."""
    id = practice(library)
    page = client.post(f"/check/{id}", data={"line": line})
    assert page.status_code == 200
    assert verdict in page.text
    assert 'id="board"' in page.text
    for absent in ('id="list"', 'id="total"', "Total", "localStorage", "your list", "/library", "/grade"):
        assert absent not in page.text


@pytest.mark.parametrize("kind, line, sentence", [
    ("situations", f"{WINNER}\nO9 down 28 = 4 × 7", "type one line to check"),
    ("situations", "# a comment", "type a play to check, like F9 across 7/4 = 3/4 + 1"),
    ("boardless", "1 = 1\r\n2 = 2", "type one line to check"),
])
def test_a_check_page_takes_one_line(client, library, practice, kind, line, sentence):
    """Two lines sent at once, or a line that holds no play, are one sentence, not a crash."""
    if kind == "situations":
        id = practice(library)
    else:
        id = ids(make(client, kind="boardless", count="1", seed="5"))[0]
    response = client.post(f"/check/{id}", data={"line": line})
    assert response.status_code == 400
    assert message(response) == sentence


def damage(library, change) -> None:
    """Edit the manifest of the booklet position's run with `change`."""
    path = library / "situations-own" / "manifest.json"
    manifest = json.loads(path.read_text("utf-8"))
    change(manifest)
    path.write_text(json.dumps(manifest), "utf-8")


def twin(library):
    """Another run that records the same id with another hand."""
    folder = library / "situations-twin"
    folder.mkdir()
    manifest = json.loads((library / "situations-own" / "manifest.json").read_text("utf-8"))
    manifest["items"][0]["hand"] = ["1", "2"]
    (folder / "manifest.json").write_text(json.dumps(manifest), "utf-8")


@pytest.mark.parametrize("harm, path, line, sentence", [
    (None, "/check/S-1-0000-01", "", "no worksheet S-1-0000-01 in this library; check the id printed on your sheet"),
    (lambda m: m["items"][0].update(hand=["%"]), None, "", "cannot be checked: its record in this library is damaged"),
    (lambda m: m["items"][0].update(grid="1 2 3"), None, "", "cannot be checked: its record in this library is damaged"),
    (lambda m: m.update(level="my-tiles.toml"), None, "", "cannot be checked: its record in this library is damaged"),
    ("not JSON", "/check/S-1-0000-01", "", "no worksheet S-1-0000-01 in this library"),
    ("twin", None, "", "no worksheet"),
    (None, None, "1" * 201, "the line is too long (at most 200 characters)"),
    (None, None, " ", "type an equation (or a play) to check"),
])
def test_no_error_a_student_reads_names_a_folder(client, library, tmp_path, practice, harm, path, line, sentence):
    """Whatever is wrong with the sheet or the line, the check page's sentence names no folder
    of this computer (the teacher's pages say where the fault is)."""
    id = practice(library)
    if harm == "not JSON":
        (library / "broken").mkdir()
        (library / "broken" / "manifest.json").write_text("{", "utf-8")
    elif harm == "twin":
        twin(library)
    elif harm is not None:
        damage(library, harm)
    for response in (client.get(path or f"/check/{id}"),
                     client.post(path or f"/check/{id}", data={"line": line or WINNER})):
        if line and response.request.method == "GET":
            continue  # the line is sent with the form only
        assert response.status_code == 400
        assert sentence in message(response)
        for folder in (str(tmp_path), str(library), "manifest.json", "output/"):
            assert folder not in response.text
