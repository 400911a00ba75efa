"""Every page a student opens, on a 360 × 740 phone in a real browser (Debian's chromium,
headless, its own profile: no teacher's cookie) against a real `classroom serve`: the check
pages (a boardless sheet's, a practice situation's and its verdict), the join page and the
names to choose from, a duplicate player's own page, a team's own page and the page a wrong
key gives. Each fits the phone's width (no sideways scrolling, measured from the DOM), shows
no teacher's menu, and its board squares and tiles stay readable. Screenshots are kept
(CLASSROOM_SCREENSHOTS names a folder)."""

from __future__ import annotations

import os
from pathlib import Path

from classroom.store.games import team_key
from tests.test_web import make
from tests.test_web_check import WINNER, own_situation
from tests.test_web_games import new
from tests.test_web_serve import serving, wait_for

WIDTH, HEIGHT = 360, 740


def fits(device) -> dict:
    """Return what a phone's page shows, measured from the DOM."""
    return device.execute_script("""
        const squares = [...document.querySelectorAll('.board td')].map(td => td.getBoundingClientRect());
        const tiles = [...document.querySelectorAll('.board td.tile, #rack .tile, #rack span')];
        return {scrollWidth: document.documentElement.scrollWidth, width: innerWidth,
                menu: document.querySelectorAll('header a').length,
                square: squares.length ? Math.min(...squares.map(r => Math.min(r.width, r.height))) : null,
                tileText: tiles.length ? Math.min(...tiles.map(t => parseFloat(getComputedStyle(t).fontSize))) : null};""")


def test_every_student_page_fits_a_360_px_phone(tmp_path, client, library, phone_chromium):
    from selenium.webdriver.common.by import By

    sheet = make(client, kind="boardless", count="1", seed="5")
    boardless = next(a for a in sheet.text.split('"') if a.startswith("/check/"))
    situation = own_situation(client, practice="on")
    team = new(client, mode="teams", players="Red, Blue", seed="42")
    duplicate = new(client, mode="duplicate", players="Ana, Ben", seed="3")
    code = client.get(f"/games/{duplicate}").text.split('id="join-code">')[1][:5]
    key = team_key(library, team, "Red")
    shots = Path(os.environ.get("CLASSROOM_SCREENSHOTS", tmp_path / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    device = phone_chromium()
    device.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 2, "mobile": True})
    seen = {}
    try:
        with serving(tmp_path) as server:
            def opened(shot: str, address: str = "") -> dict:
                if address:
                    device.get(server.url + address.lstrip("/"))
                wait_for(lambda: device.execute_script("return document.readyState === 'complete'"))
                device.save_screenshot(str(shots / f"phone-{shot}.png"))
                seen[shot] = fits(device)
                return seen[shot]

            opened("check-boardless", boardless)
            opened("check-situation", f"/check/{situation}")
            device.find_element(By.NAME, "line").send_keys(WINNER)
            device.find_element(By.CSS_SELECTOR, "#check-form button").click()
            wait_for(lambda: device.find_elements(By.ID, "verdict"))
            opened("check-situation-verdict")
            opened("join", "/join")
            opened("join-names", f"/join?code={code}")
            device.find_element(By.CSS_SELECTOR, '#names button[value="Ana"]').click()
            wait_for(lambda: "/play/" in device.current_url)
            opened("player")
            opened("team", f"/games/{team}/team/Red?key={key}")
            opened("team-wrong-key", f"/games/{team}/team/Red?key=wrong")
    finally:
        device.save_screenshot(str(shots / "phone-last.png"))
    for shot, size in seen.items():
        assert size["scrollWidth"] <= WIDTH and size["menu"] == 0, (shot, size)
        if size["square"] is not None:
            assert size["square"] >= 15, (shot, size)  # 19 squares and the coordinates across 360 px
        if size["tileText"] is not None:
            assert size["tileText"] >= 9, (shot, size)


def test_the_wrong_key_team_page_shows_no_teachers_menu_even_to_the_teacher(client, library):
    """A team link with a wrong key is a student's page: its error names no teacher's page, even
    in the teacher's own browser (the page is one a student reaches)."""
    team = new(client, mode="teams", players="Red, Blue", seed="42")
    page = client.get(f"/games/{team}/team/Red?key=wrong")
    assert page.status_code == 400 and "this team link is not right" in page.text
    assert "/library" not in page.text and "/editor" not in page.text and "/games\"" not in page.text
