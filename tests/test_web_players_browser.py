"""Five students play a duplicate round from their own devices, in a real browser (Debian's
chromium, headless) against a real `classroom serve`: each joins by the projector's code at a
phone's 390 px width, enters a play after its preview, one corrects theirs; the projector (the
teacher's browser, 1280 x 720) names who has entered and shows no point until the close, then
the results; the player's page reloads itself with the round's result. Screenshots are kept
(CLASSROOM_SCREENSHOTS names a folder to keep them in)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from classroom.game.plays import record_notation
from classroom.record.duplicate import replay_duplicate
from classroom.solve.board.position import Position, searchable
from tests.test_web_games_browser import dealt, record_of, scored, typed
from tests.test_web_serve import CHROMIUM, START_UP, browser, serving, sign_in, submit, wait_for  # noqa: F401

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
PROJECTOR = {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False}
POLL = 15  # seconds the player's page may take to notice the close (it looks every 3 s): a wait, not a measure


def phone(driver):
    """Return the worker's second browser (the phone_chromium fixture's) as a student's phone,
    390 px wide: the five students take turns on it, each with a cookie jar of their own (saved
    and put back), as five devices."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    return driver


def as_device(driver, server, jar: list[dict]) -> None:
    """Make the phone the device whose cookies are `jar` (none: a device never used)."""
    driver.get(server.url + "join")
    driver.delete_all_cookies()
    for cookie in jar:
        driver.add_cookie(cookie)


def test_five_students_play_a_duplicate_round_from_their_devices(tmp_path, browser, phone_chromium):
    from selenium.webdriver.common.by import By

    shots = Path(os.environ.get("CLASSROOM_SCREENSHOTS", tmp_path / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PROJECTOR)
    players = ("Ana", "Ben", "Cy", "Dee", "Eli")
    student = phone(phone_chromium())
    with serving(tmp_path) as server:
        sign_in(browser, server)  # the teacher's link: the projector is the teacher's browser
        name = dealt(browser, server, "duplicate", ", ".join(players), 3)
        code = browser.find_element(By.ID, "join-code").text
        game = replay_duplicate(record_of(tmp_path, name))
        current = game.current
        found = Position(current.board, searchable(current.rack, game.tileset), game.tileset).top(200)
        by_score = {c.score: record_notation(current.board, c.play) for c in reversed(found)}
        plays = [(by_score[s], s) for s in sorted(by_score, reverse=True)[:3]]  # three scores, best first
        assert len(plays) == 3
        entries = {"Ana": plays[1], "Ben": plays[2], "Cy": ("pass", 0), "Dee": ("J10 across 1 + 1 = 3", 0),
                   "Eli": plays[0]}

        jars: dict[str, list[dict]] = {}
        for number, player in enumerate(players):
            as_device(student, server, [])
            student.get(server.url + "join")
            if number == 0:
                student.save_screenshot(str(shots / "join-code-phone.png"))
            student.find_element(By.ID, "code").click()
            typed(student, code.lower())  # the code typed, in any case
            if number in (0, len(players) - 1):  # no name taken yet; all but one taken
                student.save_screenshot(str(shots / f"join-names-{number + 1}-phone.png"))
            submit(student, student.find_element(By.CSS_SELECTOR, f'#names button[value="{player}"]'))
            assert student.current_url.endswith(f"/play/{name}")
            line, score = entries[player]
            typed(student, line)  # Enter: the preview
            preview = student.find_element(By.ID, "preview")
            assert int(preview.get_attribute("data-score")) == score
            if number == 0:
                student.save_screenshot(str(shots / "player-preview-phone.png"))
            typed(student, "")  # Enter again: Send
            assert student.find_element(By.ID, "entry")
            jars[player] = student.get_cookies()

        as_device(student, server, jars["Ana"])  # Ana corrects hers: the best play
        student.get(server.url + f"play/{name}")
        assert "Sent:" in student.find_element(By.ID, "entry").text
        typed(student, plays[0][0])
        typed(student, "")
        assert f"{plays[0][1]} points" in student.find_element(By.ID, "entry").text
        student.save_screenshot(str(shots / "player-sent-phone.png"))

        # The projector was left open on the round: it shows the names as they come in by itself.
        assert browser.current_url.endswith(f"/games/{name}")
        wait_for(lambda: "Entered: Ben, Cy, Dee, Eli, Ana (5 of 5)" in browser.find_element(By.ID, "entered").text, POLL)
        shown = browser.find_element(By.TAG_NAME, "body").text
        for secret in [line for line, _ in entries.values() if line != "pass"] + ["points", "not legal"]:
            assert secret not in shown, secret
        browser.save_screenshot(str(shots / "players-projector-open.png"))

        browser.find_element(By.ID, "line").click()
        typed(browser, "close")
        top = browser.find_element(By.ID, "top")
        assert int(top.get_attribute("data-score")) == plays[0][1] and "Found by Eli, Ana." in top.text
        rows = {r.find_elements(By.TAG_NAME, "td")[0].text: int(r.find_elements(By.TAG_NAME, "td")[2].text)
                for r in browser.find_elements(By.CSS_SELECTOR, "#entries tr")}
        assert rows == {"Ana": plays[0][1], "Ben": plays[2][1], "Cy": 0, "Dee": 0, "Eli": plays[0][1]}
        browser.save_screenshot(str(shots / "players-projector-closed.png"))

        result = wait_for(lambda: student.find_elements(By.ID, "result"), POLL)[0]  # the page looked again
        assert f"{plays[0][1]} points" in result.text and "100% of the top" in result.text
        student.save_screenshot(str(shots / "player-result-phone.png"))
        student.get(server.url + f"games/{name}")  # the projector's page is the teacher's
        assert student.find_elements(By.ID, "sign-in") and not student.find_elements(By.ID, "top")
    final = scored(tmp_path, name)
    assert {p["player"]: p["score"] for p in final["rounds"][0]["plays"]} == {
        "Ana": plays[0][1], "Ben": plays[2][1], "Cy": 0, "Dee": 0, "Eli": plays[0][1]}
    assert len([p for p in final["rounds"][0]["plays"] if p["player"] == "Ana"]) == 1


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (Debian zbar-tools) is not installed")
def test_a_phone_reads_the_join_link_from_the_projectors_qr_code(tmp_path):
    """Served on the network, the projector's QR code, as chromium draws it at 1280 x 720, reads
    back as the join page's address with the game's code. The page is made through the app with
    a network Host header and opened from a file: no request leaves this computer."""
    from classroom.store.games import join_code
    from classroom.web import create_app
    from tests.browsers import teacher

    library = tmp_path / "output"
    with teacher(create_app(library), base_url="http://192.168.1.20:8000") as client:
        answer = client.sign_in().post("/games", data={"mode": "duplicate", "players": "Ana, Ben"}, follow_redirects=False)
        name = answer.headers["location"].rsplit("/", 1)[1]
        (tmp_path / "projector.html").write_text(client.get(f"/games/{name}").text, "utf-8")
    shots = Path(os.environ.get("CLASSROOM_SCREENSHOTS", tmp_path / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    picture = shots / "players-projector-qr.png"
    subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--user-data-dir={tmp_path / 'qr-profile'}", "--window-size=1280,720",
                    f"--screenshot={picture}", (tmp_path / "projector.html").as_uri()],
                   capture_output=True, timeout=START_UP, check=True)
    read = subprocess.run(["zbarimg", "--quiet", "--raw", str(picture)], capture_output=True, text=True).stdout.split()
    assert read == [f"http://192.168.1.20:8000/join?code={join_code(library, name)}"]
