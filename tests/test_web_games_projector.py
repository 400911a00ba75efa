"""The projector as the back row sees it, in a real browser (Debian's chromium, headless)
against a real `classroom serve`: a team game played by placing tiles only (a click on a square,
again for down, and the new tiles typed: never a tile already on the board), the booklet's five
plays among them (an extension on both ends, cross plays); the sizes measured from the DOM at a
projector's 1280 × 720 and 1024 × 768. Screenshots are kept (CLASSROOM_SCREENSHOTS names a
folder to keep them in)."""

from __future__ import annotations

import os
from pathlib import Path

from classroom.record.replay import replay
from tests.test_web_games_browser import record_of, scored
from tests.test_web_games_placing import BOOKLET
from tests.test_web_serve import browser, serving, sign_in, submit, wait_for  # noqa: F401  (browser: a fixture)

SIZES = {(1280, 720): 34, (1024, 768): 28}  # the smallest square (px) each screen must show


def screen(browser, width: int, height: int, tmp_path: Path) -> Path:
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    shots = Path(os.environ.get("CLASSROOM_SCREENSHOTS", tmp_path / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    return shots


def measured(browser) -> dict:
    """Return what the projector shows, measured from the DOM."""
    return browser.execute_script("""
        const px = (e) => parseFloat(getComputedStyle(e).fontSize);
        const squares = [...document.querySelectorAll('#board td')];
        const rects = squares.map(td => td.getBoundingClientRect());
        const labelled = squares.filter(td => !td.classList.contains('tile') && td.textContent.trim());
        const values = [...document.querySelectorAll('#board td.tile small')];
        const tile = document.querySelector('#board td.tile:not(.last):not(.new)');
        const last = document.querySelector('#board td.last');
        const board = document.getElementById('board').getBoundingClientRect();
        return {
          square: Math.min(...rects.map(r => Math.min(r.width, r.height))),
          label: Math.min(...labelled.map(px)), value: values.length ? Math.min(...values.map(px)) : null,
          scrollWidth: document.documentElement.scrollWidth, width: innerWidth,
          boardBottom: board.bottom, height: innerHeight,
          header: document.querySelectorAll('header').length,
          tileColour: tile ? getComputedStyle(tile).backgroundColor : null,
          lastColour: last ? getComputedStyle(last).backgroundColor : null,
          toPlay: px(document.querySelector('.scores')),
        };""")


def contrasts(browser) -> list[dict]:
    """Return every text shown whose colour has less than 4.5:1 contrast (WCAG's ratio) with
    the background it is drawn on, both computed by the browser."""
    return browser.execute_script("""
        const parts = (c) => c.match(/[\\d.]+/g).map(Number);
        const opaque = (c) => { const p = parts(c); return p.length < 4 || p[3] > 0; };
        const luminance = (c) => {
          const [r, g, b] = parts(c).slice(0, 3).map(v => v / 255)
            .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
        const behind = (e) => {
          for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor; if (opaque(c)) return c; }
          return 'rgb(255, 255, 255)'; };
        const shown = [...document.querySelectorAll('body *')].filter(e =>
          e.getClientRects().length && getComputedStyle(e).visibility === 'visible' &&
          ([...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) || (e.tagName === 'INPUT' && e.value)));
        return shown.map(e => {
          const fore = getComputedStyle(e).color, back = behind(e);
          const [a, b] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
          return {text: (e.value || e.textContent).trim().slice(0, 30), color: fore, background: back,
                  ratio: Math.round((a + 0.05) / (b + 0.05) * 100) / 100};
        }).filter(t => t.ratio < 4.5);""")


def tile_colours(browser) -> dict:
    """Return the background colours of the board's tiles: the last play's and the others'."""
    return browser.execute_script("""
        const colour = (td) => getComputedStyle(td).backgroundColor;
        return {last: [...new Set([...document.querySelectorAll('#board td.last')].map(colour))],
                others: [...new Set([...document.querySelectorAll('#board td.tile:not(.last)')].map(colour))]};""")


def placed(browser, square: str, tiles: str, keys: list[int], points: int) -> str:
    """Click a square (twice for down: `square` like 'O9 down'), type the new tiles, and wait
    for the play drawn with its score as they are typed; count the clicks and keys in `keys`."""
    from selenium.webdriver.common.by import By

    name, _, direction = square.partition(" ")
    cell = browser.find_element(By.CSS_SELECTOR, f'#board td[data-square="{name}"]')
    cell.click()
    keys[0] += 1
    if direction == "down":
        cell.click()
        keys[0] += 1
    box = browser.switch_to.active_element
    assert box.get_attribute("id") == "line"
    for key in tiles:
        box.send_keys(key)
        keys[0] += 1
    return wait_for(lambda: browser.execute_script(
        "const live = document.getElementById('live');"
        "return !live.hidden && live.innerText.includes(arguments[0]) ? live.innerText : null", f"{points} points"))


def entered(browser, keys: list[int]) -> None:
    """Enter (shown with its score), Enter again (confirmed); two keys."""
    from selenium.webdriver.common.keys import Keys

    for expected in ("preview", None):
        browser.execute_script("window.classroomLeft = true")
        browser.switch_to.active_element.send_keys(Keys.ENTER)
        keys[0] += 1
        wait_for(lambda: browser.execute_script(
            "return window.classroomLeft !== true && document.readyState === 'complete'"))
        if expected:
            assert browser.find_elements(By_ID(), expected), expected


def By_ID():
    from selenium.webdriver.common.by import By

    return By.ID


def test_a_team_game_played_by_placing_tiles_only(tmp_path, browser):
    """The booklet's five plays at a table's team game, each entered as a click (two for down)
    and its new tiles only: previewed with the score as typed, Enter, Enter; the record scores
    them as RULES §8 prints; the breakdown stays after each play; the keys counted."""
    from selenium.webdriver.common.by import By

    shots = screen(browser, 1280, 720, tmp_path)
    with serving(tmp_path) as server:
        sign_in(browser, server)
        browser.get(server.url + "games")
        browser.find_element(By.ID, "players").send_keys("Red, Blue")
        browser.find_element(By.CSS_SELECTOR, '#new-game input[name="table"]').click()
        submit(browser, browser.find_element(By.CSS_SELECTOR, "#new-game button"))
        name = browser.current_url.rsplit("/", 1)[1]
        counts = []
        for number, (square, tiles, written, points) in enumerate(BOOKLET):
            keys = [0]
            live = placed(browser, square, tiles, keys, points)
            assert f"{points} point" in live and written.split(" ", 2)[2] in live, live
            new = browser.find_elements(By.CSS_SELECTOR, "#board td.new")
            assert len(new) == len(tiles.replace("7/4", "a").replace("3/4", "b"))  # one square a tile typed
            if number == 3:  # the extension on both ends, as typed
                browser.save_screenshot(str(shots / "projector-placing.png"))
            entered(browser, keys)
            counts.append(keys[0])
            latest = browser.find_element(By.ID, "latest")  # the breakdown stays after the play
            assert int(latest.get_attribute("data-score")) == points and "×" in latest.text or number in (0, 2, 4)
        browser.save_screenshot(str(shots / "projector-1280x720.png"))
        from selenium.webdriver.common.keys import Keys

        for theme in ("light", "dark"):
            for (width, height), smallest in SIZES.items():
                screen(browser, width, height, tmp_path)
                browser.get(server.url + f"games/{name}")  # the theme chosen is remembered
                shown = browser.execute_script("return document.documentElement.classList.contains('dark')")
                if shown != (theme == "dark"):
                    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
                    browser.find_element(By.TAG_NAME, "body").send_keys("d")
                assert browser.execute_script("return document.documentElement.classList.contains('dark')") \
                    == (theme == "dark"), theme
                size = measured(browser)
                print(theme, width, height, size)
                assert size["header"] == 0, "no navigation bar on the projector"
                assert size["square"] >= smallest and size["label"] >= 12 and size["value"] >= 12, size
                assert size["scrollWidth"] <= size["width"] and size["boardBottom"] <= size["height"], size
                colours = tile_colours(browser)
                assert colours["last"] and not set(colours["last"]) & set(colours["others"]), colours
                assert (low := contrasts(browser)) == [], (theme, low)
                browser.save_screenshot(str(shots / f"projector-{theme}-{width}x{height}.png"))
                browser.switch_to.active_element.send_keys(Keys.ESCAPE)
                browser.find_element(By.TAG_NAME, "body").send_keys("m")  # the rest, behind M
                assert browser.find_element(By.ID, "history").is_displayed()
                assert (low := contrasts(browser)) == [], (theme, low)
                assert browser.execute_script("return document.documentElement.scrollWidth <= innerWidth")
                browser.save_screenshot(str(shots / f"projector-{theme}-more-{width}x{height}.png"))
        browser.find_element(By.TAG_NAME, "body").send_keys("d")  # back to light, for the next test's eyes
        print("keys and clicks for the booklet's plays, placed:", counts)
        browser.get(server.url + f"games/{name}")

        assert not browser.find_element(By.ID, "history").is_displayed()  # the rest behind one key
        browser.switch_to.active_element.send_keys(Keys.ESCAPE)  # out of the box: the keys are the page's
        browser.find_element(By.TAG_NAME, "body").send_keys("m")
        assert browser.find_element(By.ID, "history").is_displayed()
        browser.find_element(By.TAG_NAME, "body").send_keys("f")
        assert wait_for(lambda: browser.execute_script("return document.fullscreenElement !== null"))
    game = replay(record_of(tmp_path, name))
    assert [t.score for t in game.turns] == [points for *_, points in BOOKLET]
    assert scored(tmp_path, name)["totals"] == game.totals
