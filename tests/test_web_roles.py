"""Who may see a page, route by route: every route of the app is tried as the teacher, as a
student's device (no teacher's session), with no cookie at all, from another web site, and under
a foreign Host, both served on the network and on 127.0.0.1. Only the routes marked for
students answer without the teacher's session, and none of them shows a key, a record, another
team's rack or a control; nothing changes without this site's origin and the browser's form
token."""

from __future__ import annotations

import json
import re

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient
from typer.testing import CliRunner

from classroom.cli.commands import app as cli
from classroom.record.grammar import read_record
from classroom.store.games import team_key
from classroom.web import create_app
from classroom.web.roles import Access, Hosts, is_student
from tests.browsers import teacher, token_of

ADDRESSES = ["http://192.168.1.20:8000", "http://127.0.0.1:8000"]  # on the network; this computer only


@pytest.fixture(scope="module")
def stocked(tmp_path_factory):
    """Return a library holding a boardless run, a situation run and a teams game with a turn."""
    library = tmp_path_factory.mktemp("roles") / "output"
    for kind, extra in (("boardless", []), ("situations", ["--plays", "2", "--margin", "0"])):
        made = CliRunner().invoke(cli, [kind, "--count", "1", "--seed", "4", *extra, "--out", str(library / kind)])
        assert made.exit_code == 0, made.output
    with teacher(create_app(library)) as client:
        answer = client.sign_in().post("/games", data={"mode": "teams", "players": "Red, Blue", "seed": "42"},
                                       follow_redirects=False)
        assert answer.status_code == 303
        game = answer.headers["location"].rsplit("/", 1)[1]
        assert client.post(f"/games/{game}/try", data={"line": "pass"}).status_code == 200
    return library, game


def values(library, game) -> dict[str, str]:
    """Return a real value for each path parameter a route may have."""
    boardless = json.loads((library / "boardless" / "manifest.json").read_text("utf-8"))["items"][0]["id"]
    return {"id": boardless, "name": game, "player": "Red", "code": "ABCDE"}


def filled(path: str, known: dict[str, str]) -> str:
    """Return a route's path with its parameters filled in (fail on one the test does not know)."""
    names = re.findall(r"{(\w+)(?::\w+)?}", path)
    missing = [n for n in names if n not in known]
    assert not missing, f"tests/test_web_roles.py knows no value for {missing} of {path}: add one"
    return re.sub(r"{(\w+)(?::\w+)?}", lambda m: known[m[1]], path)


def every_route(app) -> list[tuple[str, str, bool]]:
    """Return (method, path pattern, a student's route?) for every route of the app but the sign-in."""
    found = []
    for route in app.routes:
        assert isinstance(route, Route)
        for method in sorted(route.methods - {"HEAD"}):
            if route.path != "/teacher":
                found.append((method, route.path, is_student(route.endpoint)))
    return found


def teachers_words(game_record: str) -> list[str]:
    """Return what only the teacher may read: the record's seed and the rack on the projector,
    its links and its menu."""
    record = read_record(game_record)
    return [f"#seed {record.header.seed}", 'id="rack"', "Each team's own link", 'href="/library"']


@pytest.mark.parametrize("address", ADDRESSES)
def test_only_the_students_routes_answer_without_the_teachers_session(stocked, address):
    """A device without the teacher's session gets the sign-in page (403) from every teacher
    route, GET or POST, with a form token of its own or none: no key, no record, no rack, no
    control; a student's route answers it and shows no teacher's menu."""
    library, game = stocked
    before = (library / "games" / f"{game}.txt").read_text("utf-8")
    secret = teachers_words(before)
    app = create_app(library, hosts=Hosts())
    known = values(library, game)
    student_routes = 0
    with TestClient(app, base_url=address) as device:
        token = token_of(device.get(f"/check/{known['id']}").text)  # a real page's token
        for method, path, for_students in every_route(app):
            url = filled(path, known)
            answer = device.request(method, url, data={"form_token": token, "line": "pass", "run": "boardless"}
                                    if method == "POST" else None, follow_redirects=False)
            if for_students:
                student_routes += 1
                assert 'href="/library"' not in answer.text, (method, path)
            else:
                assert answer.status_code == 403 and 'id="sign-in"' in answer.text, (method, path, answer.status_code)
            for words in secret:
                assert words not in answer.text, (method, path, words)
            assert "-key.pdf" not in answer.text and "%PDF" not in answer.text, (method, path)
    assert student_routes >= 3  # the check page (GET, POST) and a team's page at least
    assert (library / "games" / f"{game}.txt").read_text("utf-8") == before
    assert (library / "boardless" / "manifest.json").exists()  # no run moved aside


@pytest.mark.parametrize("address", ADDRESSES)
def test_the_teacher_reaches_every_route_and_a_student_a_teams_page_only_with_its_key(stocked, address):
    """With the teacher's link, no route answers the sign-in page; a team's page needs its key."""
    library, game = stocked
    app = create_app(library, hosts=Hosts())
    known = values(library, game)
    with teacher(app, base_url=address) as client:
        client.sign_in()
        shown = client.get(f"/games/{game}").text  # what a student must not see is on the teacher's screen
        assert any(words in shown for words in teachers_words((library / "games" / f"{game}.txt").read_text("utf-8"))[1:])
        for method, path, _ in every_route(app):
            if method == "GET":
                answer = client.get(filled(path, known), follow_redirects=False)
                assert 'id="sign-in"' not in answer.text, path
    with TestClient(app, base_url=address) as device:
        refused = device.get(f"/games/{game}/team/Red?key=0123456789abcdef0123")
        assert refused.status_code == 400 and "Each team" not in refused.text
        assert 'href="/library"' not in refused.text
        key = team_key(library, game, "Red")
        assert device.get(f"/games/{game}/team/Red?key={key}").status_code == 200


def test_a_form_without_the_browsers_token_or_from_another_site_changes_nothing(stocked):
    """The teacher's own browser, tricked by another web site or sending a form without its
    token (or another browser's), is refused (403) and the game is unchanged."""
    library, game = stocked
    path = library / "games" / f"{game}.txt"
    before = path.read_text("utf-8")
    with teacher(create_app(library, hosts=Hosts()), base_url="http://127.0.0.1:8000") as client:
        client.sign_in()
        tries = [
            ({"line": "pass", "form_token": client.form_token}, {"origin": "http://evil.example"}),
            ({"line": "pass", "form_token": client.form_token}, {"referer": "http://evil.example/page"}),
            ({"line": "pass", "form_token": client.form_token}, {"origin": "null"}),
            ({"line": "pass", "form_token": ""}, {}),
            ({"line": "pass", "form_token": Access().form_token("another-browser-of-this-class")}, {}),
        ]
        for fields, headers in tries:
            answer = client.post(f"/games/{game}/turn", data=fields, headers=headers, follow_redirects=False)
            assert answer.status_code == 403, (fields, headers)
            assert path.read_text("utf-8") == before
        for route in ("undo", "end", "remove"):
            assert client.post(f"/games/{game}/{route}", data={"form_token": "x"}).status_code == 403
        assert path.read_text("utf-8") == before


def test_a_foreign_host_gets_nothing_on_any_route(stocked):
    """Served with its hosts, a request naming another host (DNS rebinding) gets 400 and one line
    from every route, with the teacher's session or without; the sign-in link too."""
    library, game = stocked
    app = create_app(library, hosts=Hosts())
    known = values(library, game)
    with teacher(app, base_url="http://127.0.0.1:8000") as client:
        client.sign_in()
        for method, path, _ in [*every_route(app), ("GET", "/teacher", False)]:
            answer = client.request(method, filled(path, known), headers={"host": "equate.evil.example"})
            assert answer.status_code == 400 and "not served under that name" in answer.text, (method, path)


def test_the_teachers_link_signs_in_only_with_this_servers_token(library):
    """The link of another start of the server, or none, sets no session; the right one sets an
    HttpOnly, SameSite=Strict cookie and goes on to the Make page."""
    app = create_app(library)
    with TestClient(app) as device:
        wrong = device.get(f"/teacher?token={Access().token}")
        assert wrong.status_code == 403 and "classroom_teacher" not in wrong.headers.get("set-cookie", "")
        assert device.get("/library").status_code == 403
        right = device.get(f"/teacher?token={app.state.access.token}")
        cookie = [c for c in right.headers.get_list("set-cookie") if c.startswith("classroom_teacher=")]
        assert right.status_code == 200 and 'url=/"' in right.text
        assert cookie and "httponly" in cookie[0].lower() and "samesite=strict" in cookie[0].lower()
        assert device.get("/library").status_code == 200
