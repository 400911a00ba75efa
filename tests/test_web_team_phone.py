"""A team game played from the teams' phones by placing tiles only, in a real browser (Debian's
chromium, headless, 360 × 740, no teacher's cookie) against a real `classroom serve`: on each
team's own page a tap on the square of the first new tile (two for down) and only the new tiles
typed, never a tile already on the board; the play drawn with its score as it is typed, Enter,
Send. The game holds an extension and a cross play; the record scores each play as the engine
does; every page state fits the phone's width with readable squares. Screenshots are kept
(CLASSROOM_SCREENSHOTS names a folder)."""

from __future__ import annotations

import os
from pathlib import Path

from classroom.record.replay import replay
from classroom.store.games import team_key
from classroom.web import create_app
from tests.browsers import teacher
from tests.team_plays import next_play, placing_of, still_wanted
from tests.test_web_games import new
from tests.test_web_games_browser import record_of
from tests.test_web_serve import serving, wait_for
from tests.test_web_student_phones import HEIGHT, WIDTH, fits

# A fraction tile on a 360 px phone's 17 px square: the least text that still fits it whole.
FRACTION_TEXT = 7


def tiles_drawn(device) -> dict:
    """Return the smallest text of the board's whole-number tiles and of its fraction tiles, and
    the tiles whose text does not fit its square, measured from the DOM."""
    return device.execute_script("""
        const px = (td) => parseFloat(getComputedStyle(td).fontSize);
        const tiles = [...document.querySelectorAll('.board td.tile')];
        const whole = tiles.filter(td => !td.classList.contains('frac')), fractions = tiles.filter(td => td.classList.contains('frac'));
        return {whole: whole.length ? Math.min(...whole.map(px)) : null,
                fraction: fractions.length ? Math.min(...fractions.map(px)) : null,
                clipped: tiles.filter(td => td.scrollWidth > td.clientWidth + 1).map(td => td.textContent)};""")

TYPED = str.maketrans({"×": "x", "÷": ":", "−": "-"})  # what a phone's keyboard has


def test_a_team_game_played_on_phones_by_placing_tiles_only(tmp_path, phone_chromium):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    shots = Path(os.environ.get("CLASSROOM_SCREENSHOTS", tmp_path / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    phone = phone_chromium()
    phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 2, "mobile": True})
    sizes, kinds = {}, []
    with teacher(create_app(tmp_path / "output")) as desk:  # dealt on the teacher's page
        name = new(desk.sign_in(), mode="teams", players="Red, Blue", seed="42", team_plays="direct")
    with serving(tmp_path) as server:
        for number in range(4):
            game = replay(record_of(tmp_path, name))
            team = game.next_player
            play, points, kind = next_play(game, still_wanted(kinds))
            kinds.append(kind)
            place, tiles = placing_of(play)
            key = team_key(tmp_path / "output", name, team)
            phone.get(server.url + f"games/{name}/team/{team}?key={key}")
            square, _, direction = place.partition(" ")
            cell = phone.find_element(By.CSS_SELECTOR, f'#board td[data-square="{square}"]')
            cell.click()
            if direction == "down":
                cell.click()
            box = phone.switch_to.active_element
            assert box.get_attribute("id") == "line"
            box.send_keys(tiles.translate(TYPED))  # the new tiles only
            live = wait_for(lambda: phone.execute_script(
                "const live = document.getElementById('live');"
                "return !live.hidden && live.innerText.includes(arguments[0]) ? live.innerText : null",
                f"{points} points"))
            assert len(phone.find_elements(By.CSS_SELECTOR, "#board td.new")) == len(play.placements), live
            phone.save_screenshot(str(shots / f"team-phone-{number + 1}-{kind}-placing.png"))
            sizes[f"{number + 1} placing"] = {**fits(phone), **tiles_drawn(phone)}
            phone.execute_script("window.classroomLeft = true")
            box.send_keys(Keys.ENTER)  # the phone keyboard's Go: shown with its score
            preview = wait_for(lambda: phone.execute_script("return window.classroomLeft !== true")
                               and phone.find_elements(By.ID, "preview"))[0]
            assert int(preview.get_attribute("data-score")) == points
            phone.save_screenshot(str(shots / f"team-phone-{number + 1}-{kind}-preview.png"))
            sizes[f"{number + 1} preview"] = {**fits(phone), **tiles_drawn(phone)}
            phone.find_element(By.ID, "send").click()  # played at once (the game says so)
            assert wait_for(lambda: len(replay(record_of(tmp_path, name)).turns) == number + 1)
            turn = replay(record_of(tmp_path, name)).turns[-1]
            assert (turn.player, turn.play, turn.score) == (team, play, points)
        phone.save_screenshot(str(shots / "team-phone-after.png"))
        sizes["after"] = {**fits(phone), **tiles_drawn(phone)}
    assert {"extension", "cross"} <= set(kinds), kinds
    for shot, size in sizes.items():
        assert size["scrollWidth"] <= WIDTH and size["menu"] == 0, (shot, size)
        assert size["square"] >= 15 and size["whole"] >= 9 and size["clipped"] == [], (shot, size)
        assert size["fraction"] is None or size["fraction"] >= FRACTION_TEXT, (shot, size)
