"""A teams game played from the teams' own devices (classroom/web/teams.py): private racks are a
header line of the record, so a new browser and a restarted server keep them, and the projector
then shows no rack; a team's link shows its rack and, on its turn, previews and sends its play,
which waits for the teacher's Confirm (played once) or is played at once; a wrong key or a play
out of turn changes nothing. A team's device is a client with no session, posting the form token
read from its page. The last test drives chromium: a team on a phone, the projector at 1280 x 720."""

from __future__ import annotations

import html
import json
import os
import re
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app as cli_app
from classroom.game.symbols import display_text
from classroom.mark.reports import shown
from classroom.record.deal import best_turn
from classroom.record.grammar import action_text, read_record
from classroom.record.replay import replay
from classroom.store.games import team_key
from classroom.web import create_app
from tests.browsers import teacher
from tests.test_web_serve import QUICK_POLL, browser, serving, submit, wait_for  # noqa: F401  (browser: a fixture)

TOKEN = re.compile(r'name="form_token" value="([^"]*)"')


def record_of(library: Path, name: str):
    return read_record((library / "games" / f"{name}.txt").read_text("utf-8"))


def record_text_of(library: Path, name: str) -> str:
    return (library / "games" / f"{name}.txt").read_text("utf-8")


def new(client, **fields) -> str:
    answer = client.post("/games", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return answer.headers["location"].removeprefix("/games/")


@contextmanager
def fresh_teacher(library: Path):
    """Yield the teacher's page in a browser never used before, signed in to a new app (a server
    started again, with a new teacher's link) on the same library."""
    with teacher(create_app(library)) as browser:
        yield browser.sign_in()


def form_fields(page: str, form_id: str) -> dict[str, str]:
    """Return the hidden fields of a form on a page (the form token among them), as a browser sends them."""
    form = re.search(rf'<form [^>]*id="{form_id}"[^>]*>(.*?)</form>', page, re.S)
    assert form is not None, f"no form {form_id}"
    return {n: html.unescape(v) for n, v in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form[1])}


def team_post(device, path: str, page: str, form_id: str, **typed):
    """Post a form of a team's page as its device does: the page's hidden fields (the key, the
    form token) and what the team typed."""
    return device.post(path, data={**form_fields(page, form_id), **typed}, follow_redirects=False)


def rack_shown(page: str, rack) -> bool:
    """Return whether a page shows a rack: its tiles, in order, as the text of consecutive elements."""
    texts = [html.unescape(t) for t in re.findall(r">([^<>]+)(?:<small>\d+</small>)?</(?:span|button)>", page)]
    wanted = [shown(display_text(tile)) for tile in rack]
    return any(texts[i:i + len(wanted)] == wanted for i in range(len(texts)))


def best_typed(library: Path, name: str) -> str:
    """Return the engine's best turn for the team to move, as a team types it (no name)."""
    return action_text(best_turn(replay(record_of(library, name))).action)


def teacher_posts(client, name: str, action: str, **fields) -> None:
    """Post a form of the projector's page as the teacher's browser does (with the record's state
    the page was made for, `at`), and check it was taken."""
    at = form_fields(client.get(f"/games/{name}").text, "play-form")["at"]
    answer = client.post(f"/games/{name}/{action}", data={"at": at, **fields}, follow_redirects=False)
    assert answer.status_code == 303, answer.text


def team_link(library: Path, name: str, team: str) -> str:
    return f"/games/{name}/team/{team}?key={team_key(library, name, team)}"


# --- private racks: a property of the game --------------------------------------------------------


def test_private_racks_are_a_line_of_the_record_kept_by_a_new_browser_and_a_new_server(client, library):
    """Chosen on the new-game form, private racks are `#racks private` in the record: a browser
    never used before, over an app started again, shows no rack; the Racks buttons rewrite the
    header (no cookie), and `game score` still reads the record."""
    name = new(client, mode="teams", players="Red, Blue", seed="42", racks="private")
    assert "#racks private\n" in record_text_of(library, name)
    game = replay(record_of(library, name))
    with fresh_teacher(library) as other:
        page = other.get(f"/games/{name}").text
        assert 'id="rack-private"' in page and not rack_shown(page, game.rack("Red"))
        answer = other.post(f"/games/{name}/racks", data={"racks": "screen"}, follow_redirects=False)
        assert answer.status_code == 303 and "set-cookie" not in answer.headers
    assert "#racks" not in record_text_of(library, name)
    assert rack_shown(client.get(f"/games/{name}").text, game.rack("Red"))
    client.post(f"/games/{name}/racks", data={"racks": "private"})
    with fresh_teacher(library) as restarted:
        assert 'id="rack-private"' in restarted.get(f"/games/{name}").text
    assert replay(record_of(library, name)).racks == game.racks  # the draws kept, renumbered after the header


@pytest.mark.parametrize("seed", [42, 7])
def test_with_private_racks_the_projector_shows_no_tile_of_any_rack(client, library, seed):
    """With racks on the screen the projector shows the rack of the team to move (so the check
    below can see one); with private racks no rack of any team, only on each team's own page."""
    name = new(client, mode="teams", players="Red, Blue, Green", seed=str(seed))
    teacher_posts(client, name, "turn", line=best_typed(library, name))
    game = replay(record_of(library, name))
    assert rack_shown(client.get(f"/games/{name}").text, game.rack(game.next_player))
    client.post(f"/games/{name}/racks", data={"racks": "private"})
    projector = client.get(f"/games/{name}").text
    assert 'class="rack"' not in projector
    for team in game.players:
        assert not rack_shown(projector, game.rack(team)), team
        assert rack_shown(client.get(team_link(library, name, team)).text, game.rack(team))


def test_the_settings_are_header_lines_the_command_line_writes_and_reads(tmp_path):
    """`game new --racks private --team-plays direct` writes both header lines, read back; a
    duplicate game or an unknown value is refused in one sentence."""
    runner = CliRunner()
    record = tmp_path / "game.txt"
    result = runner.invoke(cli_app, ["game", "new", str(record), "--players", "Red, Blue", "--seed", "3",
                                     "--racks", "private", "--team-plays", "direct"])
    assert result.exit_code == 0, result.output
    header = read_record(record.read_text("utf-8")).header
    assert (header.racks, header.team_plays) == ("private", "direct")
    assert record.read_text("utf-8").splitlines()[5:7] == ["#racks private", "#team-plays direct"]
    refused = runner.invoke(cli_app, ["game", "new", str(tmp_path / "d.txt"), "--players", "Ana", "--mode",
                                      "duplicate", "--racks", "private"])
    assert refused.exit_code == 2 and "settings of a teams game" in refused.output
    refused = runner.invoke(cli_app, ["game", "new", str(tmp_path / "e.txt"), "--players", "A, B", "--racks", "hidden"])
    assert refused.exit_code == 2 and "where racks are shown (--racks) is screen or private" in refused.output
    from classroom.errors import ClassroomError

    with pytest.raises(ClassroomError, match="'#team-plays' is confirm or direct"):
        read_record("#equate game\n#players A, B\n#team-plays later\n")


# --- a team's own page ------------------------------------------------------------------------------


def test_a_wrong_key_is_refused_and_shows_no_teacher_menu(client, student_client, library):
    """A team link with a wrong key, another team's key or no key answers one sentence, with no
    rack and no link to a teacher's page; posting with one changes nothing."""
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    game = replay(record_of(library, name))
    before = record_text_of(library, name)
    for link in (f"/games/{name}/team/Red?key=0000", f"/games/{name}/team/Red?key={team_key(library, name, 'Blue')}",
                 f"/games/{name}/team/Red", f"/games/{name}/team/Nobody?key=0000"):
        answer = student_client.get(link)
        assert answer.status_code == 400 and "team link is not right" in answer.text
        assert 'href="/library"' not in answer.text and 'href="/games"' not in answer.text
        assert not rack_shown(answer.text, game.rack("Red"))
    page = student_client.get(team_link(library, name, "Red")).text
    fields = form_fields(page, "play-form")
    for path in ("try", "send"):
        answer = student_client.post(f"/games/{name}/team/Red/{path}",
                                     data={**fields, "key": "0000", "line": "pass", "at": ""})
        assert answer.status_code == 400 and 'href="/library"' not in answer.text
    assert student_client.get(f"/games/{name}/team/Red/state?key=0000").status_code == 400
    assert record_text_of(library, name) == before


def test_a_team_page_shows_its_rack_with_points_the_board_and_whose_turn(client, student_client, library):
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    game = replay(record_of(library, name))
    red = student_client.get(team_link(library, name, "Red")).text
    assert rack_shown(red, game.rack("Red")) and not rack_shown(red, game.rack("Blue"))
    points = [int(p) for p in re.findall(r'class="tile[^"]*"[^>]*>[^<]*<small>(\d+)</small>', red)]
    assert points == [game.tileset.score_of(t) for t in game.rack("Red")]
    assert 'id="board"' in red and "Your turn." in red and 'id="line"' in red
    assert 'href="/library"' not in red  # a student's page: no teacher's menu
    blue = student_client.get(team_link(library, name, "Blue")).text
    assert "Red is playing." in blue and 'id="line"' not in blue


def test_a_team_previews_and_sends_its_play_and_the_teachers_confirm_plays_it_once(client, student_client, library):
    """Confirm mode: the team's preview gives the score and breakdown the record will give; sent,
    the play waits on the projector ("Red proposes: ...") and the record is unchanged; the
    teacher's Confirm plays it, a second Confirm changes nothing, and `game score --json`
    replays the record."""
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    before = record_text_of(library, name)
    typed = best_typed(library, name)
    page = student_client.get(team_link(library, name, "Red")).text
    preview = team_post(student_client, f"/games/{name}/team/Red/try", page, "play-form", line=typed)
    assert preview.status_code == 200
    score = int(re.search(r'id="preview" data-score="(\d+)"', preview.text)[1])
    assert score > 0 and 'class="breakdown"' in preview.text and f"= {score}</div>" in preview.text
    assert record_text_of(library, name) == before  # shown, not played
    sent = team_post(student_client, f"/games/{name}/team/Red/send", preview.text, "send-form")
    assert sent.status_code == 303 and record_text_of(library, name) == before
    waiting = student_client.get(sent.headers["location"]).text
    assert 'id="sent"' in waiting
    projector = client.get(f"/games/{name}").text
    assert f"Red proposes: {html.escape(display_text(typed), quote=False)}" in projector.replace("&#39;", "'")
    assert re.search(r'id="proposal" data-score="(\d+)"', projector)[1] == str(score)
    assert projector.count(' new"') == waiting.count(' new"') > 0  # drawn on both boards, the same squares
    confirm = form_fields(projector, "proposal-form")
    assert client.post(f"/games/{name}/proposal", data={**confirm, "answer": "confirm"},
                       follow_redirects=False).status_code == 303
    played = record_text_of(library, name)
    game = replay(record_of(library, name))
    assert [(t.player, t.score) for t in game.turns] == [("Red", score)]
    assert client.post(f"/games/{name}/proposal", data={**confirm, "answer": "confirm"},
                       follow_redirects=False).status_code == 303
    assert record_text_of(library, name) == played  # the second Confirm: nothing
    assert 'id="proposal"' not in client.get(f"/games/{name}").text
    result = CliRunner().invoke(cli_app, ["game", "score", "--json", str(library / "games" / f"{name}.txt")])
    assert result.exit_code == 0, result.output
    scored = json.loads(result.output)
    assert scored["totals"] == {"Red": score, "Blue": 0} and scored["next"] == "Blue"


def test_two_confirms_at_once_play_a_proposal_once(client, student_client, library):
    """Two of the teacher's browsers confirm the same proposal at the same moment, five times
    over (a team passes each time): five turns in the record, never ten."""
    from concurrent.futures import ThreadPoolExecutor

    name = new(client, mode="teams", players="Red, Blue", seed="42")
    with teacher(client.app) as other:
        other.sign_in()
        for number in range(5):
            team = replay(record_of(library, name)).next_player
            page = student_client.get(team_link(library, name, team)).text
            preview = team_post(student_client, f"/games/{name}/team/{team}/try", page, "play-form", line="pass")
            team_post(student_client, f"/games/{name}/team/{team}/send", preview.text, "send-form")
            confirm = {**form_fields(client.get(f"/games/{name}").text, "proposal-form"), "answer": "confirm"}
            confirm.pop("form_token")  # each browser sends its own
            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(lambda browser: browser.post(f"/games/{name}/proposal", data=confirm,
                                                                     follow_redirects=False), (client, other)))
            assert [a.status_code for a in answers] == [303, 303]
            assert len(replay(record_of(library, name)).turns) == number + 1


def test_in_direct_mode_a_team_play_is_played_at_once(client, student_client, library):
    name = new(client, mode="teams", players="Red, Blue", seed="7", team_plays="direct")
    assert "#team-plays direct\n" in record_text_of(library, name)
    typed = best_typed(library, name)
    page = student_client.get(team_link(library, name, "Red")).text
    preview = team_post(student_client, f"/games/{name}/team/Red/try", page, "play-form", line=typed)
    score = int(re.search(r'id="preview" data-score="(\d+)"', preview.text)[1])
    assert "Play it" in preview.text
    sent = team_post(student_client, f"/games/{name}/team/Red/send", preview.text, "send-form")
    assert sent.status_code == 303 and sent.headers["location"] == team_link(library, name, "Red")
    game = replay(record_of(library, name))
    assert [(t.player, t.score) for t in game.turns] == [("Red", score)]
    again = team_post(student_client, f"/games/{name}/team/Red/send", preview.text, "send-form")
    assert again.status_code == 400 and len(replay(record_of(library, name)).turns) == 1  # sent twice: once
    client.post(f"/games/{name}/team-plays", data={"team_plays": "confirm"})
    assert "#team-plays" not in record_text_of(library, name)


def test_a_team_cannot_play_out_of_turn(client, student_client, library):
    """Blue's page has no box on Red's turn, and a play posted with Blue's key is refused, as is
    Red's box given Blue's play or a teacher's word; nothing is written."""
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    before = record_text_of(library, name)
    assert 'id="play-form"' not in student_client.get(team_link(library, name, "Blue")).text
    red = student_client.get(team_link(library, name, "Red")).text
    red_preview = team_post(student_client, f"/games/{name}/team/Red/try", red, "play-form", line="pass")
    sent = form_fields(red_preview.text, "send-form")  # a form of this device, its token and version
    as_blue = {**sent, "key": team_key(library, name, "Blue")}
    for path in ("try", "send"):
        answer = student_client.post(f"/games/{name}/team/Blue/{path}", data=as_blue)
        assert answer.status_code == 400 and "it is Red's turn" in html.unescape(answer.text), path
    typed_as = team_post(student_client, f"/games/{name}/team/Red/try", red, "play-form", line="Blue: pass")
    assert typed_as.status_code == 400 and "Red's page" in html.unescape(typed_as.text)
    undo = team_post(student_client, f"/games/{name}/team/Red/try", red, "play-form", line="undo")
    assert undo.status_code == 400 and "only the teacher" in undo.text
    assert record_text_of(library, name) == before


def test_a_proposal_is_dropped_when_any_turn_is_played_and_can_be_sent_back(client, student_client, library):
    """A proposal the teacher sends back stays off the board and the team may send another; one
    overtaken by a turn typed on the projector (or an undo) is never shown or played."""
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    page = student_client.get(team_link(library, name, "Red")).text
    preview = team_post(student_client, f"/games/{name}/team/Red/try", page, "play-form", line="pass")
    team_post(student_client, f"/games/{name}/team/Red/send", preview.text, "send-form")
    projector = client.get(f"/games/{name}").text
    confirm = form_fields(projector, "proposal-form")
    client.post(f"/games/{name}/proposal", data={**confirm, "answer": "refuse"})
    assert 'id="proposal"' not in client.get(f"/games/{name}").text
    assert 'id="sent-back"' in student_client.get(team_link(library, name, "Red")).text
    assert replay(record_of(library, name)).turns == ()
    preview = team_post(student_client, f"/games/{name}/team/Red/try", page, "play-form", line=best_typed(library, name))
    team_post(student_client, f"/games/{name}/team/Red/send", preview.text, "send-form")
    confirm = form_fields(client.get(f"/games/{name}").text, "proposal-form")
    teacher_posts(client, name, "turn", line="pass")  # the teacher plays Red's turn from the box
    teacher_posts(client, name, "undo")  # ... and takes it back: the record as it was, a new version
    assert 'id="proposal"' not in client.get(f"/games/{name}").text
    before = record_text_of(library, name)
    client.post(f"/games/{name}/proposal", data={**confirm, "answer": "confirm"})
    assert record_text_of(library, name) == before and replay(record_of(library, name)).turns == ()


def test_the_poll_sees_a_proposal_and_a_turn(client, student_client, library):
    """The JSON the pages poll changes when a team proposes and when a turn is played."""
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    key = team_key(library, name, "Red")
    first = client.get(f"/games/{name}/state").json()
    assert first == student_client.get(f"/games/{name}/team/Red/state?key={key}").json()
    assert first == {"lines": len(record_text_of(library, name).splitlines()), "proposal": ""}
    page = student_client.get(team_link(library, name, "Red")).text
    preview = team_post(student_client, f"/games/{name}/team/Red/try", page, "play-form", line="pass")
    team_post(student_client, f"/games/{name}/team/Red/send", preview.text, "send-form")
    proposed = client.get(f"/games/{name}/state").json()
    assert proposed["lines"] == first["lines"] and proposed["proposal"].startswith("waiting Red ")
    assert "pass" not in proposed["proposal"]  # another team's device polls this: no play in it
    client.post(f"/games/{name}/proposal", data={**form_fields(client.get(f"/games/{name}").text, "proposal-form"),
                                                 "answer": "confirm"})
    assert client.get(f"/games/{name}/state").json() == {"lines": first["lines"] + 1, "proposal": ""}


def test_a_play_sent_after_the_game_moved_on_is_refused(client, student_client, library):
    """The send form carries the record's version it was previewed on: after an undo and the
    same turn played again by the teacher, the team's old preview is refused, not played twice."""
    name = new(client, mode="teams", players="Red, Blue", seed="7", team_plays="direct")
    page = student_client.get(team_link(library, name, "Red")).text
    preview = team_post(student_client, f"/games/{name}/team/Red/try", page, "play-form", line="pass")
    teacher_posts(client, name, "turn", line="pass")
    teacher_posts(client, name, "undo")
    answer = team_post(student_client, f"/games/{name}/team/Red/send", preview.text, "send-form")
    assert answer.status_code == 400 and "moved on" in answer.text
    assert replay(record_of(library, name)).turns == ()


# --- in a real browser: a team on a phone, the projector at 1280 x 720 ---------------------------


def phone(tmp_path: Path):
    """Return a second headless chromium, its own profile (no teacher's cookie), as a phone 390 px wide."""
    from tests.test_web_serve import chromium

    return chromium(tmp_path / "phone-profile", phone=True)


def test_a_team_sends_its_play_from_a_phone_and_the_projector_shows_it(tmp_path, browser):
    """A team on a 390 px phone sees its rack and the board, taps a square and its tiles,
    sees its score and sends it; the projector (1280 x 720, racks private) shows the proposal by
    itself (its poll), the teacher's Enter confirms it, and the team's page then shows the other
    team playing. Screenshots of both are kept (CLASSROOM_SCREENSHOTS names a folder)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    library = tmp_path / "output"
    (library / "games").mkdir(parents=True)
    result = CliRunner().invoke(cli_app, ["game", "new", str(library / "games" / "friday.txt"),
                                          "--players", "Red, Blue", "--seed", "42", "--racks", "private"])
    assert result.exit_code == 0, result.output
    shots = Path(os.environ.get("CLASSROOM_SCREENSHOTS", tmp_path / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
    typed = best_typed(library, "friday")
    square, direction, rest = typed.split(" ", 2)
    device = phone(tmp_path)
    try:
        with serving(tmp_path, env=QUICK_POLL) as server:
            browser.get(server.teacher)  # the teacher's link: the projector is the teacher's page
            browser.get(server.url + "games/friday")
            assert browser.find_elements(By.ID, "rack-private") and not browser.find_elements(By.ID, "rack")
            device.get(server.url + team_link(library, "friday", "Red").lstrip("/"))
            tiles = device.find_elements(By.CSS_SELECTOR, "#rack .tile")
            assert len(tiles) == 9 and all(t.size["height"] >= 40 for t in tiles)  # big enough to tap
            device.save_screenshot(str(shots / "team-phone.png"))
            assert device.execute_script("return document.documentElement.scrollWidth") <= 390  # no sideways scroll
            device.find_element(By.CSS_SELECTOR, f'#board td[data-square="{square}"]').click()
            if direction == "down":
                device.find_element(By.CSS_SELECTOR, f'#board td[data-square="{square}"]').click()
            line = device.find_element(By.ID, "line")  # the square tapped is the play's start
            assert device.find_element(By.ID, "place").get_attribute("value") == f"{square} {direction}"
            first = rest.split()[0]  # a tile of the rack, tapped; the rest typed (the board is empty: all new)
            device.find_element(By.CSS_SELECTOR, f'#rack .tile[data-symbol="{first}"]').click()
            assert line.get_attribute("value") == first
            line.send_keys(rest.removeprefix(first))
            submit(device, device.find_element(By.ID, "show"))
            score = int(device.find_element(By.ID, "preview").get_attribute("data-score"))
            assert score > 0 and device.find_element(By.CSS_SELECTOR, "#preview .breakdown").text
            device.save_screenshot(str(shots / "team-phone-preview.png"))
            submit(device, device.find_element(By.ID, "send"))
            assert device.find_element(By.ID, "sent").is_displayed()
            device.save_screenshot(str(shots / "team-phone-sent.png"))
            proposal = wait_for(lambda: browser.find_elements(By.ID, "proposal"), 20)  # no key pressed
            assert "Red proposes:" in proposal[0].text and int(proposal[0].get_attribute("data-score")) == score
            assert not browser.find_elements(By.ID, "rack")
            browser.save_screenshot(str(shots / "projector-proposal.png"))
            assert browser.switch_to.active_element.get_attribute("id") == "confirm-proposal"
            browser.execute_script("window.classroomLeft = true")
            browser.switch_to.active_element.send_keys(Keys.ENTER)
            wait_for(lambda: browser.execute_script(
                "return window.classroomLeft !== true && document.readyState === 'complete'"))
            assert not browser.find_elements(By.ID, "proposal")
            browser.save_screenshot(str(shots / "projector-played.png"))
            wait_for(lambda: "Blue is playing." in device.find_element(By.ID, "turn").text, 20)
            device.save_screenshot(str(shots / "team-phone-played.png"))
    finally:
        device.quit()
    result = CliRunner().invoke(cli_app, ["game", "score", "--json", str(library / "games" / "friday.txt")])
    scored = json.loads(result.output)
    assert [(t["player"], t["score"]) for t in scored["turns"]] == [("Red", score)]
