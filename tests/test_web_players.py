"""Students in a duplicate game from their own devices (classroom/web/players.py): a join code and
a name claimed by one device, each player's own page (their rack, a preview with the score before
Send, a correction, a take-back), the projector showing only who has entered until the round
closes, and a record that `classroom game score --json` replays to the same entries."""

from __future__ import annotations

import html
import json
import re

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.plays import record_notation
from classroom.record.duplicate import replay_duplicate
from classroom.record.grammar import read_record
from classroom.solve.board.position import Position, searchable
from classroom.store.games import CODE_LETTERS, game_of_code, game_words, join_code
from classroom.web import create_app
from tests.browsers import teacher, token_of

runner = CliRunner()


def record_of(library, name):
    return read_record((library / "games" / f"{name}.txt").read_text("utf-8"))


def plain(page: str) -> str:
    """Return a page's text without its tags, as a reader sees it."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def token(page: str) -> dict:
    """Return the form token a page's form carries, as a browser sends it back."""
    return {"form_token": token_of(page)}


def new_game(client, players="Ana, Ben, Cy", seed="3") -> str:
    answer = client.post("/games", data={"mode": "duplicate", "players": players, "seed": seed}, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return answer.headers["location"].removeprefix("/games/")


def code_on(projector: str) -> str:
    return re.search(r'id="join-code">([A-Z]{5})<', projector)[1]


def join(device, code: str, player: str, status: int = 303):
    """Join from a device: the code typed, then the player's name chosen; return the answer."""
    page = device.get(f"/join?code={code}")
    assert page.status_code == 200, page.text
    answer = device.post("/join", data={"code": code, "player": player, **token(page.text)}, follow_redirects=False)
    assert answer.status_code == status, answer.text
    return answer


def best_plays(library, name, count=2) -> list[tuple[str, int]]:
    """Return the open round's best plays as typed, with their scores, best first."""
    game = replay_duplicate(record_of(library, name))
    current = game.current
    top = Position(current.board, searchable(current.rack, game.tileset), game.tileset).top(count)
    return [(record_notation(current.board, c.play), c.score) for c in top]


def play_page(device, name: str, line: str, round_number: int):
    """Preview a play on the player's own page, then send it; return (preview, sent)."""
    page = device.get(f"/play/{name}")
    preview = device.post(f"/play/{name}/preview", data={"line": line, "round": str(round_number), **token(page.text)})
    sent = device.post(f"/play/{name}/send", data={"line": line, "round": str(round_number), **token(preview.text)},
                       follow_redirects=False)
    return preview, sent


@pytest.fixture
def devices(library):
    """Return two more students' devices (each a browser of its own: its own cookies)."""
    with TestClient(create_app(library)) as ben, TestClient(create_app(library)) as cy:
        yield ben, cy


def test_a_join_code_is_five_plain_letters_derived_from_the_name(library):
    """The code has no letter to take for 0 or 1, is the same every time, differs between games,
    and finds its game (typed in any case, with spaces); a code of no game finds none."""
    (library / "games").mkdir(parents=True)
    for name in ("duplicate-maple-otter", "teams-fox-kite"):
        (library / "games" / f"{name}.txt").write_text("#equate game\n#players Ana\n#mode duplicate\n", "utf-8")
    first, second = join_code(library, "duplicate-maple-otter"), join_code(library, "teams-fox-kite")
    assert len(first) == 5 and set(first + second) <= set(CODE_LETTERS) and not set("IOL01") & set(CODE_LETTERS)
    assert first == join_code(library, "duplicate-maple-otter") and first != second
    assert game_of_code(library, f" {first[:2].lower()} {first[2:]} ") == "duplicate-maple-otter"
    assert game_of_code(library, second) == "teams-fox-kite"
    unused = next(c * 5 for c in CODE_LETTERS if c * 5 not in (first, second))
    assert game_of_code(library, unused) is None and game_of_code(library, "AB") is None


def test_a_new_games_name_is_two_words_never_its_seed(client, library):
    """The default name is the mode and two words of the shipped list; the seed is only in the record."""
    names = {new_game(client, seed="590990") for _ in range(3)}
    words = set(game_words())
    assert len(words) >= 200
    for name in names:
        mode, first, second = name.split("-")
        assert mode == "duplicate" and {first, second} <= words and "590990" not in name
        assert record_of(library, name).header.seed == 590990


def test_join_by_code_and_one_device_a_name(client, student_client, devices, library):
    """A student joins by the projector's code and their name; the seat cookie is HttpOnly and
    SameSite=Strict; the name is refused on another device until the teacher frees it, and the
    first device then no longer plays for it."""
    name = new_game(client)
    projector = client.get(f"/games/{name}").text
    code = code_on(projector)
    assert "start with <code>--host</code> to let students join" in projector  # served on 127.0.0.1 here
    choice = student_client.get(f"/join?code={code.lower()}").text
    assert all(f'value="{p}"' in choice for p in ("Ana", "Ben", "Cy"))
    answer = join(student_client, code, "Ana")
    assert answer.headers["location"] == f"/play/{name}"
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
    assert 'id="rack"' in student_client.get(f"/play/{name}").text
    assert student_client.get(f"/join?code={code}", follow_redirects=False).headers["location"] == f"/play/{name}"
    second = student_client.post("/join", data={"code": code, "player": "Cy", **token(choice)})
    assert second.status_code == 400 and "this device already plays as Ana in this game" in plain(second.text)

    ben, cy = devices
    taken = ben.get(f"/join?code={code}").text
    assert re.search(r'value="Ana" disabled', taken)
    refused = ben.post("/join", data={"code": code, "player": "Ana", **token(taken)})
    assert refused.status_code == 400 and "Ana has already joined from another device" in plain(refused.text)
    assert ben.get(f"/play/{name}", follow_redirects=False).headers["location"] == "/join"

    assert "free Ana's device" in plain(client.get(f"/games/{name}").text)
    freed = client.post(f"/games/{name}/seats/free", data={"player": "Ana"}, follow_redirects=False)
    assert freed.status_code == 303
    join(ben, code, "Ana")
    assert student_client.get(f"/play/{name}", follow_redirects=False).headers["location"] == "/join"
    assert 'id="rack"' in ben.get(f"/play/{name}").text


def test_the_projector_shows_the_join_address_and_its_qr_code(library):
    """Served on the network, the projector shows the join page's address with the code, as text
    and as a QR code (the address is only a Host header here: no request leaves the machine)."""
    with teacher(create_app(library), base_url="http://192.168.1.20:8000") as remote:
        name = new_game(remote.sign_in())
        page = remote.get(f"/games/{name}").text
    code = join_code(library, name)
    assert code_on(page) == code and "http://192.168.1.20:8000/join" in page
    assert re.search(r'class="join-qr"><svg [^>]*aria-label="QR code"', page) and "--host" not in page


@pytest.mark.parametrize("typed, said", [
    ("ZZZZZ", "no game has that code; check the five letters on the projector"),
    ("", None),
])
def test_a_wrong_code_is_one_sentence(client, student_client, typed, said):
    """A code of no game is one sentence on the join page, the code kept; no code asks for it."""
    new_game(client)
    answer = student_client.get(f"/join?code={typed}")
    if said is None:
        assert answer.status_code == 200 and 'id="code"' in answer.text and 'id="refused"' not in answer.text
        return
    assert answer.status_code == 400 and said in plain(answer.text) and 'value="ZZZZZ"' in answer.text
    assert "Traceback" not in answer.text and "/library" not in answer.text  # no teacher's page linked


def test_a_solo_games_code_lets_nobody_in(client, student_client, library):
    """A solo game is played on the teacher's screen: its code is refused in one sentence."""
    answer = client.post("/games", data={"mode": "solo", "players": "Sam"}, follow_redirects=False)
    name = answer.headers["location"].removeprefix("/games/")
    page = student_client.get(f"/join?code={join_code(library, name)}")
    assert page.status_code == 400 and "played on the teacher's screen only" in plain(page.text)


def test_a_teams_game_sends_students_to_their_teams_link(client, student_client):
    """A teams game's code leads to a sentence about the team's own link, and no name to claim."""
    answer = client.post("/games", data={"mode": "teams", "players": "Red, Blue"}, follow_redirects=False)
    name = answer.headers["location"].removeprefix("/games/")
    code = code_on(client.get(f"/games/{name}").text)
    page = student_client.get(f"/join?code={code}")
    assert page.status_code == 200 and "your team's QR code" in page.text and 'name="player"' not in page.text


def test_a_round_played_from_the_students_devices(client, student_client, devices, library):
    """Preview (score and breakdown, nothing written), send, correct, take back; each player sees
    only their own entry; the projector names who has entered, with no points and no legality,
    until the close; then the top play, each one's score and the standings of closed rounds; the
    record replays to the same entries with `classroom game score --json`."""
    name = new_game(client)
    code = code_on(client.get(f"/games/{name}").text)
    ana, (ben, cy) = student_client, devices
    for device, player in ((ana, "Ana"), (ben, "Ben"), (cy, "Cy")):
        join(device, code, player)
    (top, top_score), (second, second_score) = best_plays(library, name)
    game = replay_duplicate(record_of(library, name))
    rack_shown = re.findall(r"<span[^>]*>([^<]*)</span>", re.search(r'id="rack">(.*?)</div>', ana.get(f"/play/{name}").text)[1])
    assert [html.unescape(t).replace("−", "-") for t in rack_shown] == list(game.current.rack)

    before = (library / "games" / f"{name}.txt").read_text("utf-8")
    preview, sent = play_page(ana, name, second, 1)
    assert re.search(r'id="preview" data-score="(\d+)"', preview.text)[1] == str(second_score)
    assert f"{second_score} points" in plain(preview.text) and 'class="breakdown"' in preview.text
    assert " = " in plain(re.search(r'class="breakdown">(.*?)</div>\s*</div>', preview.text, re.S)[1])
    assert sent.status_code == 303
    after_ana = (library / "games" / f"{name}.txt").read_text("utf-8")
    assert after_ana.startswith(before) and after_ana[len(before):] == f"Ana: {second}\n"

    _, sent = play_page(ben, name, "J10 across 1 + 1 = 3", 1)  # not legal: scores 0 at the close
    assert sent.status_code == 303
    _, sent = play_page(ana, name, top, 1)  # Ana's correction replaces her entry
    assert sent.status_code == 303
    _, sent = play_page(cy, name, "pass", 1)
    page = cy.get(f"/play/{name}").text
    withdrawn = cy.post(f"/play/{name}/withdraw", data={"round": "1", **token(page)}, follow_redirects=False)
    assert withdrawn.status_code == 303  # Cy takes his pass back: no entry
    assert 'id="entry"' not in cy.get(f"/play/{name}").text

    ana_page = ana.get(f"/play/{name}").text
    assert 'id="entry"' in ana_page and 'id="withdraw"' in ana_page
    assert f"{top_score} points" in plain(ana_page) and "1 + 1 = 3" not in ana_page
    ben_page = ben.get(f"/play/{name}").text
    assert second not in ben_page and top not in ben_page and 'id="result"' not in ben_page

    projector = client.get(f"/games/{name}").text
    assert "Entered: Ben, Ana (2 of 3)" in plain(projector)  # in the order their entries stand
    assert "Still to enter: Cy" in plain(projector)
    assert client.get(f"/games/{name}/entered").json() == {"state": "1:Ben,Ana:Ana,Ben,Cy"}  # the projector's poll
    assert student_client.get(f"/games/{name}/entered").status_code == 403
    for secret in (top, "1 + 1 = 3", f">{top_score}<", f"{top_score} points", "not legal", 'id="entries"', 'id="standings"', 'id="top"'):
        assert secret not in projector, secret

    closed = client.post(f"/games/{name}/plays", data={"line": "close", "round": "1"}, follow_redirects=True).text
    assert re.search(r'id="top" data-score="(\d+)"', closed)[1] == str(top_score)
    entries = plain(re.search(r'id="entries">(.*?)</table>', closed, re.S)[1])
    assert "Ana" in entries and "Ben" in entries and "Cy" not in entries and "0" in entries
    standings = dict(re.findall(r"<td>(Ana|Ben|Cy)</td><td class=\"points\">(\d+)</td>", closed))
    assert standings == {"Ana": str(top_score), "Ben": "0", "Cy": "0"}
    ana_after = ana.get(f"/play/{name}").text
    assert 'id="result"' in ana_after and f"{top_score} points" in plain(ana_after) and "100% of the top" in ana_after
    assert "round 2" in plain(ana_after) and 'id="entry"' not in ana_after

    result = runner.invoke(app, ["game", "score", str(library / "games" / f"{name}.txt"), "--json"])
    data = json.loads(result.output)
    first = data["rounds"][0]
    assert [(p["player"], p["score"]) for p in first["plays"]] == [("Ben", 0), ("Ana", top_score)]
    assert {s["player"]: s["points"] for s in data["standings"]} == {"Ana": top_score, "Ben": 0, "Cy": 0}
    assert data["rounds"][1]["top"] is None and data["rounds"][1]["plays"] == []


def test_a_play_sent_for_a_closed_round_is_one_sentence(client, student_client, library):
    """A Send made for a round that has closed since is refused in the box, the text kept, and
    the record keeps its bytes; a trade is refused the same way."""
    name = new_game(client, players="Ana, Ben")
    join(student_client, code_on(client.get(f"/games/{name}").text), "Ana")
    assert client.post(f"/games/{name}/round", data={"round": "1"}, follow_redirects=False).status_code == 303
    before = (library / "games" / f"{name}.txt").read_bytes()
    page = student_client.get(f"/play/{name}").text
    stale = student_client.post(f"/play/{name}/send", data={"line": "pass", "round": "1", **token(page)})
    assert stale.status_code == 400 and "that was for round 1, which has closed; this is round 2" in plain(stale.text)
    traded = student_client.post(f"/play/{name}/preview", data={"line": "trade 1", "round": "2", **token(page)})
    assert traded.status_code == 400 and "no trades" in plain(traded.text) and 'value="trade 1"' in traded.text
    assert (library / "games" / f"{name}.txt").read_bytes() == before


def test_the_teachers_box_replaces_takes_back_and_keeps_errors_in_the_box(client, library):
    """On the projector `Ana: …` again replaces Ana's entry and `Ana: withdraw` takes it back;
    every refusal is said in the box with the typed text kept, the projector still there."""
    name = new_game(client, players="Ana, Ben")
    (top, _), (second, _) = best_plays(library, name)
    for line in (f"Ana: {second}", f"ana: {top}", "Ben: pass", "Ben: withdraw"):
        assert client.post(f"/games/{name}/plays", data={"line": line, "round": "1"}, follow_redirects=False).status_code == 303
    game = replay_duplicate(record_of(library, name))
    assert [(e.player, e.text) for e in game.current.entries] == [("Ana", top)]
    for typed, said in [("Zed: pass", "'Zed' is not a player"), ("undo", "like 'Ana: withdraw'"),
                        ("Ben: withdraw", "Ben has no play in round 1 to take back"),
                        ("Ana: trade 4", "no trades"), ("", "type a participant's play")]:
        answer = client.post(f"/games/{name}/plays", data={"line": typed, "round": "1"})
        assert answer.status_code == 400 and said in plain(answer.text), typed
        assert 'id="play-form"' in answer.text and f'value="{html.escape(typed)}"' in answer.text
    assert [(e.player, e.text) for e in replay_duplicate(record_of(library, name)).current.entries] == [("Ana", top)]


def test_a_students_device_reaches_none_of_the_teachers_routes_of_the_game(client, student_client, library):
    """A joined student's device, with its own form token, gets the sign-in page (403) from every
    teacher's route of the game: the projector, the record, the box, the close, freeing a seat;
    the record is unchanged and the seat still held."""
    name = new_game(client, players="Ana, Ben")
    join(student_client, code_on(client.get(f"/games/{name}").text), "Ana")
    mine = token(student_client.get(f"/play/{name}").text)
    before = (library / "games" / f"{name}.txt").read_text("utf-8")
    for method, path, fields in [("GET", f"/games/{name}", {}), ("GET", f"/games/{name}/record", {}),
                                 ("POST", f"/games/{name}/plays", {"line": "Ben: pass", "round": "1"}),
                                 ("POST", f"/games/{name}/round", {"round": "1"}),
                                 ("POST", f"/games/{name}/seats/free", {"player": "Ana"})]:
        answer = student_client.request(method, path, data={**fields, **mine} if method == "POST" else None,
                                        follow_redirects=False)
        assert answer.status_code == 403 and 'id="sign-in"' in answer.text, (method, path)
        assert "#seed" not in answer.text and 'id="join-code"' not in answer.text
    assert (library / "games" / f"{name}.txt").read_text("utf-8") == before
    assert 'id="rack"' in student_client.get(f"/play/{name}").text


def test_a_close_or_an_entry_sent_twice_or_late_changes_nothing(client, library):
    """The projector's forms carry the round they were made for: a Close sent twice closes one
    round, and a line typed for a round that has closed is refused in the box, the record kept."""
    name = new_game(client, players="Ana, Ben")
    assert client.post(f"/games/{name}/round", data={"round": "1"}, follow_redirects=False).status_code == 303
    before = (library / "games" / f"{name}.txt").read_text("utf-8")
    for path, fields in ((f"/games/{name}/round", {"round": "1"}), (f"/games/{name}/plays", {"line": "close", "round": "1"}),
                         (f"/games/{name}/plays", {"line": "Ana: pass", "round": "1"}),
                         (f"/games/{name}/plays", {"line": "Ana: pass"})):
        answer = client.post(path, data=fields)
        assert answer.status_code == 400 and "has closed since this page was shown" in plain(answer.text), fields
        assert 'id="play-form"' in answer.text and 'id="join-code"' in answer.text
    assert (library / "games" / f"{name}.txt").read_text("utf-8") == before
    assert len(replay_duplicate(record_of(library, name)).rounds) == 2


def test_a_finished_game_shows_the_player_the_last_result_and_no_box(client, student_client, library):
    """When no round follows the last top play the game is over: the player's page shows the
    last round's top play, their own score and the standings, and no box to type in."""
    name = new_game(client, players="Ana, Ben")
    join(student_client, code_on(client.get(f"/games/{name}").text), "Ana")
    (top, score), _ = best_plays(library, name)
    assert client.post(f"/games/{name}/plays", data={"line": f"Ana: {top}", "round": "1"},
                       follow_redirects=False).status_code == 303
    assert client.post(f"/games/{name}/round", data={"round": "1"}, follow_redirects=False).status_code == 303
    path = library / "games" / f"{name}.txt"
    path.write_text(path.read_text("utf-8").rsplit("round 2 ", 1)[0], "utf-8")  # as when no rack had a play
    page = student_client.get(f"/play/{name}").text
    assert 'id="over"' in page and 'id="line"' not in page and 'id="result"' in page
    assert f"{score} points (100% of the top)" in plain(page)
